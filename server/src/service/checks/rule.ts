/**
 * What a rule is, as data: the typed codes it reports and, beside them, the quick fixes for those
 * codes. Each topic module of `rules/` exports one `Topic`; `registry.ts` gathers them into the
 * one table keyed by code that `features/codeActions.ts` dispatches through. Code actions are
 * plain data (vscode-languageserver-types), so a fix can live beside its check here.
 *
 * Also the small kit the fixes share: an action, a whole-line range, a line moved.
 */
import { CodeActionKind, type CodeAction, type Diagnostic, type Range, type TextEdit } from 'vscode-languageserver-types';
import type { DiagnosticCode } from '../facts/codes';
import { lineAt, type RobotsDocument } from '../syntax/document';

/** The quick fixes for one diagnostic of a robots.txt (the document is the version it was reported on, or later). */
export type Fix = (doc: RobotsDocument, d: Diagnostic) => CodeAction[];

/** One rule: the codes its check reports, the check itself, and the fixes of those codes. */
export interface Rule {
  /** The codes this rule reports; a code belongs to one rule of one topic. */
  readonly codes: readonly DiagnosticCode[];
  /**
   * Where the check runs: `line` — on one line node, cached with it (`checkLine.ts` calls it);
   * `structure` — on the model, once per model (`validation.ts`, carried over with the model);
   * `document` — on the model and the workspace, on every validation (keeping its own answers per
   * record or group); `file` — on a file of another format (tdmrep.json, RSL).
   */
  readonly stage: 'line' | 'structure' | 'document' | 'file';
  /** The check (a function of its stage's shape), named so a reader finds it from the table. */
  readonly check: (...args: never[]) => unknown;
  /** Quick fixes by code; every key is one of `codes`. */
  readonly fixes?: { readonly [C in DiagnosticCode]?: Fix };
}

/** A topic module's export: its name and its rules. */
export interface Topic {
  readonly topic: string;
  readonly rules: readonly Rule[];
}

/** Data attached to each diagnostic, for code actions. */
export interface DiagnosticData {
  readonly replacement?: string;
  /** A META tag (or several, one per line) to add after the tag the diagnostic is on (pages only). */
  readonly addMeta?: string;
}

export function action(title: string, doc: RobotsDocument, d: Diagnostic, edits: TextEdit[], preferred = true): CodeAction {
  return { title, kind: CodeActionKind.QuickFix, diagnostics: [d], isPreferred: preferred, edit: { changes: { [doc.uri]: edits } } };
}

/**
 * The fix that writes the diagnostic's `data.replacement` over its range, titled by `title` (or
 * "Replace with …"). Nothing when there is no replacement or the range no longer exists (the
 * document changed since the diagnostic). The fix of every code that carries a replacement and
 * has no fix of its own.
 */
export function replaceWith(title?: (replacement: string) => string): Fix {
  return (doc, d) => {
    const replacement = (d.data as DiagnosticData | undefined)?.replacement;
    if (replacement === undefined) return [];
    const line = doc.lines[d.range.start.line];
    if (!line || d.range.end.character > line.text.length) return [];
    const t = title?.(replacement) ?? (replacement === '' ? 'Remove it' : `Replace with ‘${replacement}’`);
    return [action(t, doc, d, [{ range: d.range, newText: replacement }])];
  };
}

/** The whole of line `line` with its end-of-line, so removing it leaves no blank line behind. */
export function lineRange(doc: RobotsDocument, line: number): Range {
  const last = doc.lines.length - 1;
  const start = contentStart(doc, line);
  if (line < last) return { start: { line, character: start }, end: { line: line + 1, character: 0 } };
  // The last line has no end-of-line of its own: take the one before it.
  return line > 0
    ? { start: { line: line - 1, character: doc.lines[line - 1].text.length }, end: { line, character: doc.lines[line].text.length } }
    : { start: { line, character: start }, end: { line, character: doc.lines[line].text.length } };
}

/**
 * Where a line's own text starts, for an edit that inserts, moves or removes whole lines: after
 * the byte-order mark on the first line, else 0. Only a mark at the very start of the file is
 * ignored (interpretation §1): a line put before it would push it into the next line's field
 * name, and that line would no longer be read (a record or a rule lost).
 */
export function contentStart(doc: RobotsDocument, line: number): number {
  return line === 0 ? lineAt(doc, 0).bom : 0;
}

export function eolOf(doc: RobotsDocument): string {
  return doc.lines.find((l) => l.eol !== '')?.eol ?? '\n';
}

/** Move line `from` to just before line `to` (an insertion and a deletion in one edit). */
export function moveLine(doc: RobotsDocument, from: number, to: number): TextEdit[] {
  const text = doc.lines[from].text.slice(contentStart(doc, from)) + eolOf(doc);
  const at = { line: to, character: contentStart(doc, to) };
  return [{ range: { start: at, end: at }, newText: text }, { range: lineRange(doc, from), newText: '' }];
}

/** The fix that removes the diagnostic's line. */
export const removeLine: Fix = (doc, d) => [action('Remove this line', doc, d, [{ range: lineRange(doc, d.range.start.line), newText: '' }])];

/** A fix that inserts `text` and an end-of-line above the diagnostic's line (not preferred: a choice). */
export function insertAbove(title: string, text: string): Fix {
  return (doc, d) => {
    const at = { line: d.range.start.line, character: contentStart(doc, d.range.start.line) };
    return [action(title, doc, d, [{ range: { start: at, end: at }, newText: `${text}${eolOf(doc)}` }], false)];
  };
}
