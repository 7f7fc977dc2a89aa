/**
 * Strings that a memo of the process may keep. A substring of a document's text is, in V8, a
 * view into that text for lengths of 13 characters or more: a memo keyed by a field name or a
 * pattern sliced from a line keeps the whole text of its document alive — after the document
 * is closed, and however large the text the substring was cut from (the fuzzer's documents are
 * slices of strings of hundreds of megabytes, and three such keys held 400 MB for good). Memos
 * and module state therefore keep a copy of their own.
 */

/**
 * `s` with characters of its own: O(length) when `s` may be a view (13 characters or more),
 * else `s` itself (V8 copies shorter substrings). Prepending a character makes a concatenation,
 * which slicing first flattens into a new string; the slice is then a view into that copy only.
 */
export function ownString(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1);
}

/**
 * A memo keyed by strings, for long strings asked again and again (a conversion's probe paths):
 * keys are kept as copies of their own (ownString), and the memo is emptied once the characters
 * its entries count pass `budget`, so its memory is bounded whatever is asked. O(1) per call
 * beyond the key's hash and copy.
 */
export class StringMemo<V> {
  private readonly map = new Map<string, V>();
  private chars = 0;

  constructor(private readonly budget: number) {}

  get(key: string): V | undefined {
    return this.map.get(key);
  }

  /** Keep `value` for `key`, counted as `chars` characters (the key's own length by default). */
  set(key: string, value: V, chars = key.length): void {
    if (this.chars + chars > this.budget) {
      this.map.clear();
      this.chars = 0;
    }
    this.map.set(ownString(key), value);
    this.chars += chars;
  }
}
