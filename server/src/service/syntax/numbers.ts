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
