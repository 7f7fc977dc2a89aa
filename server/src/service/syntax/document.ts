/**
 * A parsed robots.txt: an immutable array of line nodes, updated incrementally.
 *
 * Concatenating every line's text and end-of-line gives back the document exactly (lossless).
 * After an edit, only the lines the edit touches are lexed again; every other LineNode object is
 * reused as it was, so the cost of an edit follows the size of the edit, not of the file
 * (rust-analyzer's principle at line scale). `stats.linesLexed` makes that observable.
 */
import type { Range } from 'vscode-languageserver-types';
import { lexLine, type Eol, type LineNode } from './syntax';

export interface ParseStats {
  /** Lines lexed to produce this document (all of them for a full parse). */
  readonly linesLexed: number;
}

export interface RobotsDocument {
  readonly uri: string;
  readonly version: number;
  readonly lines: readonly LineNode[];
  readonly stats: ParseStats;
  /**
   * What changed since an earlier version, for analyses that update their previous answer
   * instead of starting again (the model, validation). Set by updateDocument; dropped by
   * `settleEdit` once the analyses have used it, so a document never keeps a chain of old
   * versions alive (at most one earlier version is held, see updateDocument).
   */
  readonly edit?: DocumentEdit;
}

/**
 * Lines [from, oldEnd) of `previous` became lines [from, newEnd) of this document; every line
 * before `from` and after the region is the same LineNode object in both.
 */
export interface DocumentEdit {
  readonly previous: RobotsDocument;
  readonly from: number;
  readonly oldEnd: number;
  readonly newEnd: number;
}

/** Forget the earlier version (its analyses have been carried over); O(1). */
export function settleEdit(doc: RobotsDocument): void {
  if (doc.edit) (doc as { edit?: DocumentEdit }).edit = undefined;
}

/** One edit, as LSP sends it in `textDocument/didChange` (a missing range replaces everything). */
export interface ContentChange {
  readonly range?: Range;
  readonly text: string;
}

interface RawLine {
  readonly text: string;
  readonly eol: Eol;
}

/**
 * Split text into lines at LF, CRLF or a lone CR (RFC 9309 §2.2 allows all three). The result has
 * at least one line, and its last line has no end-of-line, exactly as LSP counts lines.
 */
export function splitLines(text: string): RawLine[] {
  const out: RawLine[] = [];
  let start = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10 /* \n */) {
      out.push({ text: text.slice(start, i), eol: '\n' });
      start = ++i;
    } else if (c === 13 /* \r */) {
      if (i + 1 < n && text.charCodeAt(i + 1) === 10) {
        out.push({ text: text.slice(start, i), eol: '\r\n' });
        i += 2;
      } else {
        out.push({ text: text.slice(start, i), eol: '\r' });
        i += 1;
      }
      start = i;
    } else {
      i++;
    }
  }
  out.push({ text: text.slice(start), eol: '' });
  return out;
}

/** Lex every line of `text` (split as splitLines does, without the intermediate array). O(length). */
function lexAll(text: string): LineNode[] {
  const out: LineNode[] = [];
  let start = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10 /* \n */) {
      out.push(lexLine(text.slice(start, i), '\n', out.length === 0));
      start = ++i;
    } else if (c === 13 /* \r */) {
      if (i + 1 < n && text.charCodeAt(i + 1) === 10) {
        out.push(lexLine(text.slice(start, i), '\r\n', out.length === 0));
        i += 2;
      } else {
        out.push(lexLine(text.slice(start, i), '\r', out.length === 0));
        i += 1;
      }
      start = i;
    } else {
      i++;
    }
  }
  out.push(lexLine(text.slice(start), '', out.length === 0));
  return out;
}

export function parseDocument(uri: string, version: number, text: string): RobotsDocument {
  const lines = lexAll(text);
  return { uri, version, lines, stats: { linesLexed: lines.length } };
}

export function documentText(doc: RobotsDocument): string {
  let out = '';
  for (const l of doc.lines) out += l.text + l.eol;
  return out;
}

function clamp(n: number, lo: number, hi: number): number {
  return n < lo ? lo : n > hi ? hi : n;
}

/**
 * Apply LSP content changes, in order, re-lexing only the lines they touch. Positions past the
 * end of a line or of the document are clamped, as LSP specifies, so no change is ever lost.
 */
export function updateDocument(doc: RobotsDocument, changes: readonly ContentChange[], version: number): RobotsDocument {
  // One copy per event, then edits in place: a replace-all sending thousands of changes costs
  // thousands of small splices, not thousands of copies of the line array.
  let lines: LineNode[] | undefined;
  let lexed = 0;
  // The changed region as the unchanged head (lines before `from`) and tail (lines after the
  // region, counted from the end): both survive any later change of the same event untouched.
  let from = Infinity;
  let tail = Infinity;
  let replaced = false;
  for (const change of changes) {
    if (!change.range) {
      const full = parseDocument(doc.uri, version, change.text);
      lines = full.lines as LineNode[];
      lexed += full.stats.linesLexed;
      replaced = true;
      continue;
    }
    lines ??= doc.lines.slice();
    const r = applyOne(lines, change.range, change.text);
    lexed += r.lexed;
    from = Math.min(from, r.from);
    tail = Math.min(tail, r.tail);
  }
  const out: RobotsDocument = { uri: doc.uri, version, lines: lines ?? doc.lines, stats: { linesLexed: lexed } };
  if (replaced || !lines) return out;
  const stepFrom = Math.min(from, doc.lines.length, lines.length);
  const stepTail = Math.min(tail, doc.lines.length - stepFrom, lines.length - stepFrom);
  const step = { previous: new WeakRef(doc), from: stepFrom, oldEnd: doc.lines.length - stepTail, newEnd: lines.length - stepTail };
  // Relative to the last version whose analyses were kept (`doc`, or the one `doc` still points
  // to when it was never analysed): the regions compose by their unchanged head and tail.
  const base = doc.edit?.previous ?? doc;
  if (doc.edit) {
    from = Math.min(from, doc.edit.from);
    tail = Math.min(tail, doc.lines.length - doc.edit.newEnd);
  }
  from = Math.min(from, base.lines.length, lines.length);
  tail = Math.min(tail, base.lines.length - from, lines.length - from);
  const next: RobotsDocument = { ...out, edit: { previous: base, from, oldEnd: base.lines.length - tail, newEnd: lines.length - tail } };
  steps.set(next, step);
  return next;
}

/**
 * Each version's step from the version it was made from, kept after `settleEdit` (which forgets
 * the analysed base) so that a cache of any earlier version can learn which lines changed since.
 * The earlier version is held weakly: a step never keeps an old version alive.
 */
const steps = new WeakMap<RobotsDocument, { readonly previous: WeakRef<RobotsDocument>; readonly from: number; readonly oldEnd: number; readonly newEnd: number }>();

/** At most this many versions back: a cache older than that is rebuilt or compared line by line. */
const MAX_STEPS = 64;

/**
 * The lines [from, to) outside which `doc` and the earlier version `older` hold the very same
 * line nodes at the same line numbers, when every step between them replaced lines one for one;
 * undefined when `older` is not within `MAX_STEPS` steps back or a step added or removed lines.
 * O(steps).
 */
export function linesChangedSince(doc: RobotsDocument, older: RobotsDocument): { readonly from: number; readonly to: number } | undefined {
  let from = Infinity;
  let to = -Infinity;
  let cur: RobotsDocument | undefined = doc;
  for (let n = 0; cur && n <= MAX_STEPS; n++) {
    if (cur === older) return from <= to ? { from, to } : { from: 0, to: 0 };
    const step = steps.get(cur);
    if (!step || step.oldEnd !== step.newEnd) return undefined;
    from = Math.min(from, step.from);
    to = Math.max(to, step.newEnd);
    cur = step.previous.deref();
  }
  return undefined;
}

/** A position component as LSP promises it (a non-negative integer), whatever was sent. */
function int(n: number): number {
  return Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0;
}

/**
 * Apply one change to `lines` in place; returns the number of lines lexed and the lines left as
 * they were: `from` before the region, `tail` after it.
 */
function applyOne(lines: LineNode[], range: Range, insert: string): { lexed: number; from: number; tail: number } {
  const last = lines.length - 1;
  const r = { sl: int(range.start.line), sc: int(range.start.character), el: int(range.end.line), ec: int(range.end.character) };
  let sLine = clamp(r.sl, 0, last);
  let sChar = r.sl > last ? lines[last].text.length : clamp(r.sc, 0, lines[sLine].text.length);
  let eLine = clamp(r.el, 0, last);
  let eChar = r.el > last ? lines[last].text.length : clamp(r.ec, 0, lines[eLine].text.length);
  if (eLine < sLine || (eLine === sLine && eChar < sChar)) {
    [sLine, sChar, eLine, eChar] = [eLine, eChar, sLine, sChar];
  }

  // A lone CR before the edited region may join an LF the edit brings to the start of it. (The
  // region itself ends with its last line's own end-of-line, so nothing can join after it.)
  let regionStart = sLine;
  let prefix = '';
  if (regionStart > 0 && lines[regionStart - 1].eol === '\r') {
    regionStart--;
    prefix = lines[regionStart].text + '\r';
  }
  const text = prefix + lines[sLine].text.slice(0, sChar) + insert + lines[eLine].text.slice(eChar) + lines[eLine].eol;

  const raw = splitLines(text);
  // The region ends with an end-of-line unless it reaches the end of the document; splitting
  // then leaves an empty tail that is not a line of its own.
  if (eLine < last) raw.pop();
  const fresh = raw.map((l, i) => lexLine(l.text, l.eol, regionStart + i === 0));
  const removed = eLine - regionStart + 1;
  const tail = lines.length - regionStart - removed;
  if (fresh.length === removed) {
    for (let i = 0; i < removed; i++) lines[regionStart + i] = fresh[i];
  } else {
    lines.splice(regionStart, removed);
    // In chunks: spreading a huge paste into one call would overflow the argument stack.
    for (let i = 0; i < fresh.length; i += 8192) lines.splice(regionStart + i, 0, ...fresh.slice(i, i + 8192));
  }
  return { lexed: fresh.length, from: regionStart, tail };
}
