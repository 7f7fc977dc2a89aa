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
