/** "Did you mean" for names and values: the closest candidate by edit distance, if close enough. */

/**
 * Optimal string alignment distance (Levenshtein plus adjacent transpositions). With a finite
 * `limit`, only the cells within `limit` of the diagonal are computed (any path outside costs
 * more): O(length × limit), where the full table made two 20,000-character names take 5 s. The
 * three rows live in one buffer kept from call to call, and nothing is allocated per call: a
 * file of 370,000 misspelt field names, each compared with some forty names, spent 5 s here when
 * each call made its rows.
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const cols = b.length + 1;
  // Beyond the limit (no distance exceeds the longer length): a number the rows can hold.
  const far = Math.min(limit, Math.max(a.length, b.length)) + 1;
  // Names longer than KEPT_COLUMNS (a file's own names can be megabytes) get rows of their own,
  // let go after the call.
  if (rowsBuffer.length < 3 * cols && cols <= KEPT_COLUMNS) rowsBuffer = new Int32Array(3 * cols);
  const r = rowsBuffer.length < 3 * cols ? new Int32Array(3 * cols) : rowsBuffer;
  // Where the rows two back, one back and the current one start in the buffer.
  let back2 = 0;
  let back = cols;
  let cur = 2 * cols;
  for (let j = 0; j < cols; j++) {
    r[back2 + j] = far;
    r[back + j] = j <= limit ? j : far;
    r[cur + j] = far;
  }
  for (let i = 1; i <= a.length; i++) {
    r[cur] = i;
    let rowMin = i;
    const from = Math.max(1, i - limit);
    const to = Math.min(cols - 1, i + limit);
    // The cells just outside the band, read by this row and the next, count as too far.
    if (from > 1) r[cur + from - 1] = far;
    if (to + 1 < cols) r[cur + to + 1] = far;
    const ai = a.charCodeAt(i - 1);
    const aBefore = i > 1 ? a.charCodeAt(i - 2) : -1;
    for (let j = from; j <= to; j++) {
      const bj = b.charCodeAt(j - 1);
      let v = r[back + j - 1] + (ai === bj ? 0 : 1);
      if (r[back + j] + 1 < v) v = r[back + j] + 1;
      if (r[cur + j - 1] + 1 < v) v = r[cur + j - 1] + 1;
      if (j > 1 && aBefore === bj && ai === b.charCodeAt(j - 2) && r[back2 + j - 2] + 1 < v) v = r[back2 + j - 2] + 1;
      r[cur + j] = v;
      if (v < rowMin) rowMin = v;
    }
    if (rowMin > limit) return limit + 1;
    const spent = back2;
    back2 = back;
    back = cur;
    cur = spent;
  }
  return r[back + cols - 1];
}

/** editDistance's rows, grown to the longest name compared so far, up to KEPT_COLUMNS. */
let rowsBuffer = new Int32Array(3 * 64);
const KEPT_COLUMNS = 4096;

/**
 * The candidate closest to `word` (compared case-insensitively), or undefined when none is
 * close: at most 1 edit for words up to 4 characters, 2 up to 9, 3 beyond. A list of candidates
 * is lower-cased once (the lists are the product's tables, asked for line after line).
 */
export function closest(word: string, candidates: Iterable<string>): string | undefined {
  const w = word.toLowerCase();
  const limit = w.length <= 4 ? 1 : w.length <= 9 ? 2 : 3;
  const list = Array.isArray(candidates) ? (candidates as readonly string[]) : [...candidates];
  const lower = loweredOf(list);
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (let k = 0; k < list.length; k++) {
    // Only a candidate nearer than the best so far counts: no nearer than their lengths differ.
    if (Math.abs(lower[k].length - w.length) >= bestDistance) continue;
    const d = editDistance(w, lower[k], bestDistance - 1);
    if (d < bestDistance) {
      best = list[k];
      bestDistance = d;
    }
  }
  return best;
}

const loweredLists = new WeakMap<readonly string[], readonly string[]>();

/** The candidates lower-cased, once per list. */
function loweredOf(list: readonly string[]): readonly string[] {
  let lower = loweredLists.get(list);
  if (!lower) loweredLists.set(list, (lower = list.map((c) => c.toLowerCase())));
  return lower;
}

/** ` Did you mean ‘x’?` or the empty string. */
export function didYouMean(suggestion: string | undefined): string {
  return suggestion ? ` Did you mean ‘${suggestion}’?` : '';
}
