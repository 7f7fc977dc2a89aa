/** Small numeric helpers shared by the checks and the engine. */

/**
 * The least of `start` and `values`, by a loop: `Math.min(...values)` passes every value as an
 * argument and throws past the engine's limit (about 120,000 on Node 20), which a file of 150,000
 * ACAP records reaches. O(n).
 */
export function leastOf(values: Iterable<number>, start = Infinity): number {
  let least = start;
  for (const v of values) if (v < least) least = v;
  return least;
}

/** The greatest of `start` and `values`, by a loop (see leastOf). O(n). */
export function greatestOf(values: Iterable<number>, start = -Infinity): number {
  let greatest = start;
  for (const v of values) if (v > greatest) greatest = v;
  return greatest;
}

/** The first position in the ascending `xs` whose value is at least `x`. O(log n). */
export function lowerBound(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (xs[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** lowerBound over items ascending by `key`: the first whose key is at least `x`. O(log n). */
export function lowerBoundBy<T>(xs: readonly T[], x: number, key: (item: T) => number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (key(xs[mid]) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/*
 * The loops over every member of a group that a line added or removed runs (47,000 of them in the
 * largest real file) live in these small functions rather than inline in the larger functions
 * that call them. V8 compiles a hot loop on the stack (on-stack replacement) together with the
 * rest of its function, whose later code had not run yet: that code deoptimized on its first
 * run ("insufficient type feedback"), and did so again on every line added or removed (three
 * deoptimizations an edit, traced with --trace-deopt over 80 edits). Here nothing follows the
 * loop but a return.
 */

/** Whether `a[k] + delta === b[k - from + at]` for every k in [from, to). O(to - from). */
export function sameMoved(a: readonly number[], from: number, to: number, b: readonly number[], at: number, delta: number): boolean {
  for (let k = from; k < to; k++) if (a[k] + delta !== b[k - from + at]) return false;
  return true;
}

/** Add `delta` to `xs[k]` for every k from `from` on, in place. O(xs.length - from). */
export function addFrom(xs: number[], from: number, delta: number): void {
  for (let k = from; k < xs.length; k++) xs[k] += delta;
}

/** Append `xs[k] + delta` to `out` for every k in [from, to) (to the end by default). O(to - from). */
export function appendMoved(out: number[], xs: readonly number[], from: number, delta: number, to = xs.length): void {
  for (let k = from; k < to; k++) out.push(xs[k] + delta);
}

/** The positions k where `xs[k] >= 0`, ascending. O(xs.length). */
export function nonNegativeAt(xs: Int32Array): Int32Array {
  // Counted and listed by two functions: one function with both loops deoptimized at the second
  // after the first was compiled on the stack, as above.
  return listNonNegative(xs, new Int32Array(countNonNegative(xs)));
}

function countNonNegative(xs: Int32Array): number {
  let count = 0;
  for (let k = 0; k < xs.length; k++) if (xs[k] >= 0) count++;
  return count;
}

function listNonNegative(xs: Int32Array, out: Int32Array): Int32Array {
  for (let k = 0, j = 0; k < xs.length; k++) if (xs[k] >= 0) out[j++] = k;
  return out;
}
