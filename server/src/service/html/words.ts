/** Splitting attribute values into words, as HTML does (space-separated tokens, split on ASCII whitespace). */
import type { Word } from './types';

/** Space, tab, LF, FF and CR: the separators of class lists and of META content words. */
export function isHtmlSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
}

/** The whitespace-separated words of text[start, end), with their offsets in `text`. */
export function wordsIn(text: string, start: number, end: number): Word[] {
  const out: Word[] = [];
  let i = start;
  while (i < end) {
    while (i < end && isHtmlSpace(text.charCodeAt(i))) i++;
    if (i >= end) break;
    const s = i;
    while (i < end && !isHtmlSpace(text.charCodeAt(i))) i++;
    out.push({ text: text.slice(s, i), span: { start: s, end: i } });
  }
  return out;
}
