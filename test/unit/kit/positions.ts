/**
 * Offsets and LSP positions in a text, for every test (one `positionAt`, one `offsetAt`). Lines
 * end at `\r\n`, `\r` or `\n`, as LSP and the parser count them, so CR-only and mixed line ends
 * are safe. Both are O(length of the text).
 */
import type { Position, Range, TextEdit } from 'vscode-languageserver-types';

/** The offset at which each line starts. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13 /* \r */) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    } else if (c === 10 /* \n */) {
      starts.push(i + 1);
    }
  }
  return starts;
}

/** The position of `offset` (clamped to the text). */
export function positionAt(text: string, offset: number): Position {
  const starts = lineStarts(text);
  const at = Math.max(0, Math.min(offset, text.length));
  let line = 0;
  while (line + 1 < starts.length && starts[line + 1] <= at) line++;
  return { line, character: at - starts[line] };
}

/** The offset of `p` (a character past the end of its line is kept, as LSP edits may need it). */
export function offsetAt(text: string, p: Position): number {
  const starts = lineStarts(text);
  if (p.line >= starts.length) return text.length;
  return starts[p.line] + p.character;
}

/** The text a range covers. */
export function textOf(text: string, r: Range): string {
  return text.slice(offsetAt(text, r.start), offsetAt(text, r.end));
}

/** `text` with `edits` applied (LSP semantics: every range refers to the original text). */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].map((e) => ({ e, start: offsetAt(text, e.range.start), end: offsetAt(text, e.range.end) })).sort((a, b) => b.start - a.start || b.end - a.end);
  let out = text;
  for (const { e, start, end } of sorted) out = out.slice(0, start) + e.newText + out.slice(end);
  return out;
}
