/** "Did you mean" for names and values: the closest candidate by edit distance, if close enough. */

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions). With a finite
 * `limit`, only the cells within `limit` of the diagonal are computed (any path outside costs
 * more): O(length × limit), where the full table made two 20,000-character names take 5 s.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows = a.length + 1;
  const cols = b.length + 1;
  const far = limit + 1;
  let prev2 = new Array<number>(cols).fill(far);
  let prev = Array.from({ length: cols }, (_, j) => (j <= limit ? j : far));
  let cur = new Array<number>(cols).fill(far);
  for (let i = 1; i < rows; i++) {
    cur[0] = i;
    let rowMin = cur[0];
    const from = Math.max(1, i - limit);
    const to = Math.min(cols - 1, i + limit);
    // The cells just outside the band, read by this row and the next, count as too far.
    if (from > 1) cur[from - 1] = far;
    if (to + 1 < cols) cur[to + 1] = far;
    for (let j = from; j <= to; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
      cur[j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    [prev2, prev, cur] = [prev, cur, prev2];
  }
  return prev[cols - 1];
}

/**
 * The candidate closest to `word` (compared case-insensitively), or undefined when none is
 * close: at most 1 edit for words up to 4 characters, 2 up to 9, 3 beyond.
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const w = word.toLowerCase();
  const limit = w.length <= 4 ? 1 : w.length <= 9 ? 2 : 3;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const c of candidates) {
    const d = editDistance(w, c.toLowerCase(), limit);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/** ` Did you mean ‘x’?` or the empty string. */
export function didYouMean(suggestion: string | undefined): string {
  return suggestion ? ` Did you mean ‘${suggestion}’?` : '';
}
