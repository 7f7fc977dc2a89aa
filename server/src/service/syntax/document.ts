/**
 * A parsed robots.txt: immutable line nodes, updated incrementally, shared between versions in
 * chunks (an edit copies the chunks it touches, not the line array).
 *
 * Concatenating every line's text and end-of-line gives back the document exactly (lossless).
 * After an edit, only the lines the edit touches are lexed again; every other LineNode object is
 * reused as it was, so the cost of an edit follows the size of the edit, not of the file
 * (rust-analyzer's principle at line scale). `stats.linesLexed` makes that observable.
 */
import type { Range } from 'vscode-languageserver-types';
import { lexLine, SharedLines, type Eol, type LineNode } from './syntax';
import { appendMoved, lowerBound, lowerBoundBy } from './numbers';

export interface ParseStats {
  /** Lines lexed to produce this document (all of them for a full parse). */
  readonly linesLexed: number;
}

export interface RobotsDocument {
  readonly uri: string;
  readonly version: number;
  /**
   * Every line, in order. After an edit this array is made on first read (O(lines), once per
   * version); the analyses run on every keystroke read through `lineAt` / `lineCount`, O(log
   * chunks) a line, and never make it.
   */
  readonly lines: readonly LineNode[];
  readonly stats: ParseStats;
  /**
   * What changed since an earlier version, for analyses that update their previous answer
   * instead of starting again (the model, validation). Set by updateDocument; dropped by
   * `settleEdit` once the analyses have used it, so a document never keeps a chain of old
   * versions alive (at most MAX_LINKS earlier versions are held, see updateDocument).
   */
  readonly edit?: DocumentEdit;
}

/**
 * Lines [from, oldEnd) of `previous` became lines [from, newEnd) of this document; every line
 * before `from` and after the region is the same LineNode object in both. `previous` is the last
 * version validated, or one never validated whose own edit leads back to it (a chain of at most
 * MAX_LINKS links, made by changes far apart; see updateDocument): an analysis of this version
 * analyses `previous` first when it has an edit of its own (getModel, validation), unless it joins
 * the chain into one edit first (settleChain in model/model.ts, flattenChain).
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

/**
 * Lex every line of `text` (split as splitLines does, without the intermediate array). The line
 * ends are found by the engine's native indexOf, one search per line for each of LF and CR (a
 * text without CR costs one), instead of a loop over every character in JavaScript. O(length).
 * Undefined as soon as the text proves to have more than `maxLines` lines: O(min(length, the
 * first `maxLines` lines)).
 */
function lexAll(text: string, maxLines = Infinity): LineNode[] | undefined {
  const out: LineNode[] = [];
  const shared = new SharedLines();
  const n = text.length;
  let start = 0;
  let lf = text.indexOf('\n');
  let cr = text.indexOf('\r');
  for (;;) {
    if (lf >= 0 && lf < start) lf = text.indexOf('\n', start);
    if (cr >= 0 && cr < start) cr = text.indexOf('\r', start);
    let end: number;
    let eol: Eol;
    if (cr >= 0 && (lf < 0 || cr < lf)) {
      end = cr;
      eol = cr + 1 < n && text.charCodeAt(cr + 1) === 10 ? '\r\n' : '\r';
    } else if (lf >= 0) {
      end = lf;
      eol = '\n';
    } else break;
    // This line and the one after its end: more than maxLines in all.
    if (out.length + 2 > maxLines) return undefined;
    out.push(lexLine(text.slice(start, end), eol, out.length === 0, shared));
    start = end + eol.length;
  }
  out.push(lexLine(text.slice(start), '', out.length === 0, shared));
  return out;
}

/**
 * The most lines the hosts parse (2^18): the server keeps a robots.txt of more as text only, and
 * the CLI refuses it. Each line is a node and an analysis of its own, whatever its length: 5 MiB
 * of line ends (5.2 million lines) took 2.2 s to open and 571 MiB of heap, and 2^19 lines of
 * misspelt or unknown field names (one finding each) over a second. At this limit the slowest
 * file of as many lines found so far (a misspelt field name on every line) gets its diagnostics
 * in 0.7 s (`npm run bench:worst`). Real files have far fewer (the largest real
 * robots.txt in the corpus: 47,066 lines); one with more, within the 500 KiB a crawler reads
 * (RFC 9309 §2.5), is nearly all blank lines.
 */
export const MAX_DOCUMENT_LINES = 1 << 18;

/**
 * The lines of `text` (ended by CR, LF or CRLF, as the parser and LSP read them), counted up to
 * `max + 1` at most. O(min(lines, max)) native searches: a few hundred microseconds for the
 * largest real file.
 */
function countLines(text: string, max: number): number {
  let count = 1;
  let at = 0;
  let lf = text.indexOf('\n');
  let cr = text.indexOf('\r');
  while (count <= max) {
    if (lf >= 0 && lf < at) lf = text.indexOf('\n', at);
    if (cr >= 0 && cr < at) cr = text.indexOf('\r', at);
    if (cr >= 0 && (lf < 0 || cr < lf)) at = text.charCodeAt(cr + 1) === 10 ? cr + 2 : cr + 1;
    else if (lf >= 0) at = lf + 1;
    else break;
    count++;
  }
  return count;
}

/** Whether `text` has more lines than MAX_DOCUMENT_LINES (a text shorter than the limit cannot). */
export function tooManyLines(text: string): boolean {
  return text.length >= MAX_DOCUMENT_LINES && countLines(text, MAX_DOCUMENT_LINES) > MAX_DOCUMENT_LINES;
}

export function parseDocument(uri: string, version: number, text: string): RobotsDocument {
  return parseWithin(uri, version, text, Infinity)!;
}

/**
 * parseDocument, or undefined when `text` has more than `maxLines` lines (tooManyLines): the
 * limit is checked by the parse itself, which finds every line's end anyway. Counting them first
 * read the largest real file twice (4.3–5.3 ms of its open in a fresh server, a CPU profile of
 * three). A text over the limit costs the lexing of its first `maxLines` lines each time it is
 * parsed: the hosts keep that answer (the server's store keeps the document as text, the
 * workspace keeps the answer by the file's stat).
 */
export function parseWithin(uri: string, version: number, text: string, maxLines = MAX_DOCUMENT_LINES): RobotsDocument | undefined {
  const lines = lexAll(text, maxLines);
  return lines && makeDocument(uri, version, { linesLexed: lines.length }, undefined, lines, undefined);
}

// ---------------------------------------------------------------------------------------------
// The lines of a version, shared between versions in chunks

/**
 * Lines per chunk. A chunk holds at most 2×CHUNK lines; an edit that adds chunks leaves pieces of
 * over CHUNK/2 lines, and a region an edit leaves under CHUNK/4 lines takes in the next chunk, so
 * a document of n lines keeps O(n / CHUNK + 1) chunks.
 * An edit copies the chunk(s) it touches and the list of chunks, never the whole line array:
 * copying the 47,000 line pointers of the largest real file cost ~1.7 ms per keystroke (a
 * large-object allocation the garbage collector then scans), more than the rest of the edit.
 */
const CHUNK = 512;

/** A version's lines as chunks; chunks are never changed once made, so versions share them. */
interface Chunks {
  readonly parts: readonly (readonly LineNode[])[];
  /** starts[k] is the line number of parts[k][0]. */
  readonly starts: readonly number[];
  readonly length: number;
  /** The text's length in UTF-16 code units (every line's text and end-of-line). */
  readonly chars: number;
  /**
   * The chunk lineAt read last: a pass over lines in order reads each chunk in turn without a
   * search. The only field that changes; it says nothing about the lines.
   */
  cursor: number;
}

const CHUNKS = Symbol('chunks');
const FLAT = Symbol('flat lines');

/** The internal shape of every document parseDocument and updateDocument make. */
interface Stored extends RobotsDocument {
  [CHUNKS]?: Chunks;
  [FLAT]?: readonly LineNode[];
}

/**
 * A document whose `lines` array is made on first read (O(lines), once per version) from its
 * chunks, or given. The analyses that run on every edit read lines through `lineAt` and
 * `lineCount` instead, which never make the array. `lines` is an own enumerable getter, so a
 * spread copy of a document still has its lines.
 */
function makeDocument(uri: string, version: number, stats: ParseStats, edit: DocumentEdit | undefined, flat: readonly LineNode[] | undefined, chunks: Chunks | undefined): RobotsDocument {
  const doc: Stored & { edit: DocumentEdit | undefined } = {
    uri, version, stats, edit,
    [CHUNKS]: chunks,
    [FLAT]: flat,
    get lines(): readonly LineNode[] {
      return (this[FLAT] ??= flatten(this[CHUNKS]!));
    },
  };
  return doc;
}

function flatten(c: Chunks): LineNode[] {
  const out = new Array<LineNode>(c.length);
  let k = 0;
  for (const part of c.parts) for (let i = 0; i < part.length; i++) out[k++] = part[i];
  return out;
}

/** The chunks of `doc`, made from its lines the first time (O(lines), once per document). */
function chunksOf(doc: RobotsDocument): Chunks {
  const stored = doc as Stored;
  let c = stored[CHUNKS];
  if (!c) {
    const lines = doc.lines;
    c = chunked(lines, charsOf(lines, 0, lines.length));
    if (Object.isExtensible(doc)) stored[CHUNKS] = c;
  }
  return c;
}

/** `lines` cut in chunks of CHUNK lines. O(lines). */
function chunked(lines: readonly LineNode[], chars: number): Chunks {
  const parts: (readonly LineNode[])[] = [];
  const starts: number[] = [];
  for (let i = 0; i < lines.length; i += CHUNK) {
    starts.push(i);
    parts.push(lines.slice(i, i + CHUNK));
  }
  return { parts, starts, length: lines.length, chars, cursor: 0 };
}

function charsOf(lines: readonly LineNode[], from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n += lines[i].text.length + lines[i].eol.length;
  return n;
}

/** The length of `doc`'s text in UTF-16 code units: O(1) for a version made by updateDocument, else O(lines) once. */
export function documentLength(doc: RobotsDocument): number {
  return chunksOf(doc).chars;
}

/** Index of the chunk holding line `i` (0 ≤ i < length). O(log chunks). */
function chunkIndex(starts: readonly number[], i: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid] <= i) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * Line `i` of `doc` (undefined past the end) without making its lines array: O(1) in the chunk
 * read last or the next one, else O(log chunks). Passes over a group's 47,000 members read
 * lines so, after every line added or removed.
 */
export function lineAt(doc: RobotsDocument, i: number): LineNode {
  const stored = doc as Stored;
  const flat = stored[FLAT];
  if (flat || !stored[CHUNKS]) return (flat ?? doc.lines)[i];
  const c = stored[CHUNKS];
  if (i < 0 || i >= c.length) return undefined as unknown as LineNode;
  let k = c.cursor;
  if (i < c.starts[k] || i - c.starts[k] >= c.parts[k].length) {
    k = k + 1 < c.starts.length && i >= c.starts[k + 1] && i - c.starts[k + 1] < c.parts[k + 1].length ? k + 1 : chunkIndex(c.starts, i);
    c.cursor = k;
  }
  return c.parts[k][i - c.starts[k]];
}

/** The number of lines of `doc`, without making its lines array: O(1). */
export function lineCount(doc: RobotsDocument): number {
  const stored = doc as Stored;
  return stored[FLAT]?.length ?? stored[CHUNKS]?.length ?? doc.lines.length;
}

/**
 * The lines of one event's edits: the chunk list copied once, then each change replaces its
 * region by splicing new chunks in. A change costs O(CHUNK + lines it removes or adds + chunks):
 * the chunks at both ends of its region are copied, the ones between dropped, and the list of
 * chunks and their starts rewritten.
 */
class LineEditor {
  private readonly parts: (readonly LineNode[])[];
  private starts: number[];
  length: number;
  private chars: number;

  constructor(c: Chunks) {
    this.parts = c.parts.slice();
    this.starts = c.starts.slice();
    this.length = c.length;
    this.chars = c.chars;
  }

  at(i: number): LineNode {
    const k = chunkIndex(this.starts, i);
    return this.parts[k][i - this.starts[k]];
  }

  /** Lines [from, from + removed) become `fresh` (0 ≤ from ≤ length). */
  replace(from: number, removed: number, fresh: readonly LineNode[]): void {
    const parts = this.parts;
    const starts = this.starts;
    const a = from < this.length ? chunkIndex(starts, from) : parts.length - 1;
    const end = from + removed;
    let b = removed > 0 ? chunkIndex(starts, end - 1) : a;
    for (let i = from; i < end; i++) {
      const gone = this.at(i);
      this.chars -= gone.text.length + gone.eol.length;
    }
    this.chars += charsOf(fresh, 0, fresh.length);
    let merged: LineNode[] = parts[a].slice(0, from - starts[a]);
    for (const l of fresh) merged.push(l);
    const tail = parts[b];
    for (let i = end - starts[b]; i < tail.length; i++) merged.push(tail[i]);
    // A region left small takes in its next chunk, so chunks do not dwindle edit after edit.
    if (merged.length < CHUNK / 4 && b + 1 < parts.length) merged = merged.concat(parts[++b]);
    const pieces: (readonly LineNode[])[] = [];
    if (merged.length <= 2 * CHUNK) {
      if (merged.length > 0) pieces.push(merged);
    } else {
      const count = Math.ceil(merged.length / CHUNK);
      const size = Math.ceil(merged.length / count);
      for (let i = 0; i < merged.length; i += size) pieces.push(merged.slice(i, i + size));
    }
    parts.splice(a, b - a + 1, ...pieces);
    this.length += fresh.length - removed;
    const next: number[] = new Array<number>(parts.length);
    let at = 0;
    for (let k = 0; k < parts.length; k++) {
      next[k] = at;
      at += parts[k].length;
    }
    this.starts = next;
  }

  chunks(): Chunks {
    return { parts: this.parts, starts: this.starts, length: this.length, chars: this.chars, cursor: 0 };
  }
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
 *
 * Changes far apart (FAR_LINES) are applied as versions of their own, each the `edit` of the next
 * (a chain: see DocumentEdit), so that the analyses of the result read the lines each run of
 * nearby changes touched, not every line between the first change and the last. Typing with two
 * cursors 45,000 lines apart in the largest real file took 15 ms at the median to validate each
 * keystroke as one region, against 0.2 ms for one cursor. At most MAX_LINKS versions never
 * validated are chained; past them a run's region is joined to the last link's. Whether a chain is
 * analysed link by link or as one region is the analysis's choice (`flattenChain`: a link costs a
 * validation's fixed part, which grows with the groups and records). Each run is a step of its own
 * all the same (up to MAX_RUNS runs an event), so the caches that follow a version's steps
 * (rangesChangedSince) read the lines each cursor typed over, not those between them.
 */
export function updateDocument(doc: RobotsDocument, changes: readonly ContentChange[], version: number): RobotsDocument {
  let next = doc;
  for (const [a, b] of nearRuns(changes, MAX_RUNS)) next = updateRun(next, a === 0 && b === changes.length ? changes : changes.slice(a, b), version);
  return next;
}

/**
 * Lines between two regions of change (or two runs of changes) past which they are kept apart:
 * steps of their own, and links of a chain that the analysis may still join (flattenChain). Small,
 * so that only the lines near an edit are joined to it without asking what a link costs.
 */
const FAR_LINES = 64;

/**
 * The most runs one event is cut into (the last takes every change left): an event of changes in
 * a thousand places makes at most this many versions, as many as a chain holds (MAX_LINKS), so
 * that lines deleted at 40 places at once (every line matching a search) are 40 regions of a
 * line, not 16 of which the last spans the 25 places left. Each run is a step: with two cursors
 * a keystroke is two steps, and the window of MAX_STEPS steps 512 keystrokes.
 */
const MAX_RUNS = 64;

/**
 * The most versions never validated that a version's edit may chain (DocumentEdit). Each holds
 * its chunk list (O(lines / CHUNK)) until the chain is validated; analysing the last version link
 * by link analyses each of them first. With two cursors a keystroke makes two links: 64 are 32
 * keystrokes typed before a validation (a client that pulls diagnostics once per burst), after
 * which a run's region is joined to the last link's.
 */
const MAX_LINKS = 64;

/** How many versions never validated `doc`'s edit chains, itself included (0 if validated). O(MAX_LINKS). */
function linksOf(doc: RobotsDocument): number {
  let n = 0;
  for (let d: RobotsDocument | undefined = doc; d?.edit && n <= MAX_LINKS; d = d.edit.previous) n++;
  return n;
}

/** A chain of versions never validated (DocumentEdit), as chainOf reads it. */
export interface Chain {
  /** Its versions with an edit of their own, `doc` included. */
  readonly links: number;
  /** The lines of their regions, each counted in its own version. */
  readonly linkLines: number;
  /** Those of its versions whose edit added or removed lines. */
  readonly shifts: number;
  /**
   * The chain's edits as one, from its first version: the lines before `from` and after the
   * region the same in both, composed by their unchanged head and tail as updateRun composes.
   */
  readonly joined: DocumentEdit;
}

/** `doc`'s chain; undefined when it has none (no edit, or an edit whose previous version has none). O(links), one walk. */
export function chainOf(doc: RobotsDocument): Chain | undefined {
  if (!doc.edit?.previous.edit) return undefined;
  let from = Infinity;
  let tail = Infinity;
  let links = 0;
  let linkLines = 0;
  let shifts = 0;
  let d = doc;
  for (;;) {
    const e: DocumentEdit = d.edit!;
    links++;
    linkLines += Math.max(e.oldEnd, e.newEnd) - e.from;
    if (e.oldEnd !== e.newEnd) shifts++;
    from = Math.min(from, e.from);
    tail = Math.min(tail, lineCount(d) - e.newEnd);
    if (!e.previous.edit) break;
    d = e.previous;
  }
  const start = d.edit!.previous;
  const oldCount = lineCount(start);
  const newCount = lineCount(doc);
  from = Math.min(from, oldCount, newCount);
  tail = Math.min(tail, oldCount - from, newCount - from);
  return { links, linkLines, shifts, joined: { previous: start, from, oldEnd: oldCount - tail, newEnd: newCount - tail } };
}

/**
 * Join `doc`'s chain into one edit from its first version: the analyses then read the lines
 * between its links once, as for edits made near each other (settleChain calls it when the links
 * would cost more to analyse one by one than those lines). The versions in between are let go.
 * O(1).
 */
export function flattenChain(doc: RobotsDocument, chain: Chain): void {
  (doc as { edit?: DocumentEdit }).edit = chain.joined;
}

/**
 * The changes of one event cut into runs [start, end) of changes near each other (FAR_LINES),
 * at most `most` runs (at least one: the last run takes every change left). A run's region is
 * followed through the line counts its changes add or remove; positions are taken as sent (a
 * position past the end only moves a cut, never what the changes do). O(changes + their text).
 */
function nearRuns(changes: readonly ContentChange[], most: number): (readonly [number, number])[] {
  const runs: [number, number][] = [];
  let start = 0;
  let lo = Infinity;
  let hi = -Infinity;
  for (let k = 0; k < changes.length; k++) {
    const range = changes[k].range;
    // A change of the whole text is not cut apart from its neighbours (the version it makes is
    // analysed afresh anyway).
    if (!range) return [[0, changes.length]];
    const first = int(range.start.line);
    const last = Math.max(first, int(range.end.line));
    if (k > start && runs.length + 1 < most && (first > hi + FAR_LINES || last + FAR_LINES < lo)) {
      runs.push([start, k]);
      start = k;
      lo = Infinity;
      hi = -Infinity;
    }
    const added = lineBreaks(changes[k].text);
    const moved = added - (last - first);
    if (hi >= last) hi += moved;
    lo = Math.min(lo, first);
    hi = Math.max(hi, first + added);
  }
  runs.push([start, changes.length]);
  return runs;
}

/** The line breaks in `text` (LF, CRLF or a lone CR each count one). O(text). */
function lineBreaks(text: string): number {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  for (let i = text.indexOf('\r'); i >= 0; i = text.indexOf('\r', i + 1)) if (text.charCodeAt(i + 1) !== 10) n++;
  return n;
}

/** updateDocument for changes near each other: one version, one region. */
function updateRun(doc: RobotsDocument, changes: readonly ContentChange[], version: number): RobotsDocument {
  // The chunk list copied once per run, then edited: a change costs O(CHUNK + its lines +
  // chunks), see LineEditor; no change copies the whole line array.
  let lines: LineEditor | undefined;
  let lexed = 0;
  // The changed region as the unchanged head (lines before `from`) and tail (lines after the
  // region, counted from the end): both survive any later change of the same event untouched.
  let from = Infinity;
  let tail = Infinity;
  let replaced = false;
  const oldCount = lineCount(doc);
  for (const change of changes) {
    if (!change.range) {
      const full = lexAll(change.text)!;
      lines = new LineEditor(chunked(full, change.text.length));
      lexed += full.length;
      replaced = true;
      continue;
    }
    lines ??= new LineEditor(chunksOf(doc));
    const r = applyOne(lines, change.range, change.text);
    lexed += r.lexed;
    from = Math.min(from, r.from);
    tail = Math.min(tail, r.tail);
  }
  const stats = { linesLexed: lexed };
  if (!lines) return makeDocument(doc.uri, version, stats, undefined, undefined, chunksOf(doc));
  const chunks = lines.chunks();
  if (replaced) return makeDocument(doc.uri, version, stats, undefined, undefined, chunks);
  const newCount = chunks.length;
  const stepFrom = Math.min(from, oldCount, newCount);
  const stepTail = Math.min(tail, oldCount - stepFrom, newCount - stepFrom);
  const before = steps.get(doc);
  const step: Step = {
    previous: serialOf(doc), from: stepFrom, oldEnd: oldCount - stepTail, newEnd: newCount - stepTail,
    earlier: before, length: (before?.length ?? 0) + 1,
  };
  // The window slides: once the chain holds 2·MAX_STEPS steps, it is cut MAX_STEPS back, so a
  // version sees between MAX_STEPS and 2·MAX_STEPS versions back and keeps at most 2·MAX_STEPS
  // small steps alive. One walk of MAX_STEPS every MAX_STEPS versions: O(1) a version, amortised.
  // (Cut and begun again instead, a few keystrokes across the cut lost what changed.) The steps
  // are shared with the earlier versions, so one still alive then sees less far back: it answers
  // undefined, and its caches are built again, as for any version past the window.
  if (step.length > 2 * MAX_STEPS) {
    let last = step;
    for (let k = 1; k < MAX_STEPS && last.earlier; k++) last = last.earlier;
    last.earlier = undefined;
    step.length = MAX_STEPS;
  }
  // Relative to the last version whose analyses were kept (`doc`, or the one `doc` still points
  // to when it was never analysed): the regions compose by their unchanged head and tail. Unless
  // `doc`'s own region lies far from this one: then relative to `doc`, chained (updateDocument).
  // A step that changed nothing (a change replacing text with the same) joins, whatever its place.
  const pending = doc.edit;
  const changed = stepFrom < newCount - stepTail || stepFrom < oldCount - stepTail;
  const apart = pending !== undefined && changed && linksOf(doc) < MAX_LINKS
    && (stepFrom > pending.newEnd + FAR_LINES || oldCount - stepTail + FAR_LINES < pending.from);
  const base = apart ? doc : pending?.previous ?? doc;
  const baseCount = lineCount(base);
  if (pending && !apart) {
    from = Math.min(from, pending.from);
    tail = Math.min(tail, oldCount - pending.newEnd);
  }
  from = Math.min(from, baseCount, newCount);
  tail = Math.min(tail, baseCount - from, newCount - from);
  const next = makeDocument(doc.uri, version, stats, { previous: base, from, oldEnd: baseCount - tail, newEnd: newCount - tail }, undefined, chunks);
  steps.set(next, step);
  return next;
}

/**
 * Each version's step from the version it was made from, kept after `settleEdit` (which forgets
 * the analysed base) so that a cache of any earlier version can learn which lines changed since.
 * A step names the earlier version by its serial number and links to that version's own step:
 * no step holds a document, weakly or not. (A WeakRef would do, but JavaScript keeps every
 * WeakRef's target alive until the current job ends, and a long synchronous run — the CLI over a
 * folder, the fuzzer — is one job: every version would live to its end.)
 */
interface Step {
  /** The serial number of the version this one was made from. */
  readonly previous: number;
  readonly from: number;
  readonly oldEnd: number;
  readonly newEnd: number;
  /** That version's own step (undefined at the start of a chain, or where the window was cut). */
  earlier: Step | undefined;
  /** The steps in this one's chain, itself included (as made; a cut further on is not counted). */
  length: number;
}
const steps = new WeakMap<RobotsDocument, Step>();

/**
 * At least this many versions back (at most twice as many, see updateDocument): a cache older
 * than that is rebuilt or compared line by line. Each keystroke is a version, and a cache is
 * asked about the version it last answered, so this is the run of keystrokes with no query in
 * between after which the first query may rebuild instead of moving (at 64, typing two rules at
 * one place in the largest real file made the next hover take 58–114 ms instead of about 1 ms).
 * The steps a version keeps alive, at most 2,048, are six numbers and a link each.
 */
const MAX_STEPS = 1024;

/**
 * Per version, the answers of regionsChangedSince and rangesChangedSince already given, by the
 * earlier version's serial: the caches of every group ask about the same earlier version, or a
 * few, and each walk is up to 2·MAX_STEPS steps (26,000 groups × 2,048 steps would be 53
 * million). At most WALKS_KEPT earlier versions per version, and REGIONS_KEPT regions or ranges
 * in all (a list holds up to 2·MAX_STEPS), all forgotten past that: each group's cache asking
 * about a version of its own, 26,000 groups would walk as often as without the memo, and no more.
 */
const regionWalks = new WeakMap<RobotsDocument, Walks<readonly LineRegion[] | undefined>>();
const rangeWalks = new WeakMap<RobotsDocument, Walks<readonly LineRange[] | undefined>>();
/** The same, for versions of other branches (acrossBranches), which a serial number alone cannot name. */
const branchWalks = new WeakMap<RobotsDocument, Walks<readonly LineRegion[] | undefined>>();
const branchRangeWalks = new WeakMap<RobotsDocument, Walks<readonly LineRange[] | undefined>>();
const WALKS_KEPT = 256;
const REGIONS_KEPT = 16_384;

/** One version's answers by the other version's serial, and how many regions or ranges they hold. */
interface Walks<T> {
  readonly answers: Map<number, T>;
  held: number;
}

function remembered<T extends readonly unknown[] | undefined>(walks: WeakMap<RobotsDocument, Walks<T>>, doc: RobotsDocument, target: number, walk: () => T): T {
  let kept = walks.get(doc);
  if (kept?.answers.has(target)) return kept.answers.get(target) as T;
  const answer = walk();
  const size = answer?.length ?? 0;
  if (!kept) walks.set(doc, (kept = { answers: new Map(), held: 0 }));
  else if (kept.answers.size >= WALKS_KEPT || kept.held + size > REGIONS_KEPT) {
    kept.answers.clear();
    kept.held = 0;
  }
  kept.answers.set(target, answer);
  kept.held += size;
  return answer;
}

/**
 * A number for each version, given when first asked for (unique in this process): a cache can
 * remember the version it answered by this number, and ask `regionsChangedSince` with it,
 * without holding the document.
 */
const serials = new WeakMap<RobotsDocument, number>();
let nextSerial = 1;
export function serialOf(doc: RobotsDocument): number {
  let n = serials.get(doc);
  if (n === undefined) serials.set(doc, (n = nextSerial++));
  return n;
}

/** Lines [from, to) of a version. */
export interface LineRange {
  readonly from: number;
  readonly to: number;
}

/**
 * Lines [oldFrom, oldTo) of an earlier version that became lines [newFrom, newTo) of a later one
 * (either may be empty: lines added, lines removed).
 */
export interface LineRegion {
  readonly oldFrom: number;
  readonly oldTo: number;
  readonly newFrom: number;
  readonly newTo: number;
}

/** Lines a region adds (negative: removes). */
export function grownBy(r: LineRegion): number {
  return r.newTo - r.newFrom - (r.oldTo - r.oldFrom);
}

/**
 * How `doc` differs from another version `other` of its lineage (or the earlier version of that
 * serial number, serialOf): the regions of lines replaced, sorted and apart (a line or more
 * unchanged between two); none when nothing changed. Every line outside them is the very same
 * line node in both versions, moved by the lines the regions before it added or removed
 * (movedLine). `other` is usually an earlier version; given as a document, it may also be a
 * later one, or one of another branch (a conversion's verification edits the open version into
 * one of its own and drops it; the editor's next version is made from the open one): the regions
 * then go through the nearest version both were made from. Undefined when no such version is
 * within the steps the two remember (at least MAX_STEPS each), or they are not of one lineage.
 * Typing, or pressing Enter, with two cursors 45,000 lines apart gives two regions of a line or
 * two each, where their hull holds every line between them; typing at 200 places gives 200
 * regions, however far back the query before them was (their hull, past 64 of them, made the
 * caches of a group of 47,000 rules be built again: a hover of 80 ms in process). At most one
 * region per step walked. O(steps × regions) integer operations the first time a version is
 * asked about another (a few million at worst, no object made per step), then O(1) (remembered).
 */
export function regionsChangedSince(doc: RobotsDocument, other: RobotsDocument | number): readonly LineRegion[] | undefined {
  if (doc === other) return [];
  // A version never edited from has no serial yet, and no step names it: only a branch's walk finds it.
  const key = typeof other === 'number' ? other : serialOf(other);
  if (key === serials.get(doc)) return [];
  const back = remembered(regionWalks, doc, key, () => {
    // From the newest step back: the regions take the version the step made to `doc`, and
    // through the step, the version it was made from.
    const regions = new RegionWalk();
    for (let step = steps.get(doc); step; step = step.earlier) {
      if (step.from < step.oldEnd || step.from < step.newEnd) regions.through(step);
      if (step.previous === key) return regions.list();
    }
    return undefined;
  });
  if (back || typeof other === 'number') return back;
  return remembered(branchWalks, doc, key, () => acrossBranches(doc, other));
}

/**
 * How `doc` differs from `other`, a version not among those `doc` was made from, through the
 * nearest version both were made from (`doc` itself, when `other` was made from it): the
 * regions from there to `doc`, taken back through the regions from there to `other` as steps
 * (which made that version from `other`, the last region first, so that each applies to lines
 * the ones before it left where `other` has them). Undefined when none is within the steps both
 * remember. O(steps of both × regions).
 */
function acrossBranches(doc: RobotsDocument, other: RobotsDocument): LineRegion[] | undefined {
  const mine = new Set<number>([serialOf(doc)]);
  for (let step = steps.get(doc); step; step = step.earlier) mine.add(step.previous);
  let common: number | undefined;
  for (let step = steps.get(other); step && common === undefined; step = step.earlier) if (mine.has(step.previous)) common = step.previous;
  if (common === undefined) return undefined;
  const toDoc = regionsChangedSince(doc, common);
  const toOther = regionsChangedSince(other, common);
  if (!toDoc || !toOther) return undefined;
  const regions = new RegionWalk(toDoc);
  // `other`'s lines [newFrom, newTo) of a region became the common version's [oldFrom, oldTo).
  for (const q of toOther) regions.through({ from: q.newFrom, oldEnd: q.newTo, newEnd: q.newFrom + q.oldTo - q.oldFrom });
  return regions.list();
}

/**
 * The regions of a walk back through steps (regionsChangedSince), sorted and apart, as four
 * columns of integers: the lines of a version V (`oldFrom`, `oldTo`) that became lines of the
 * walk's latest version (`newFrom`, `newTo`), V moving one step back at a time. A step moves the
 * regions after it in place, without an object per region and step (which, at 2,048 steps of a
 * region each, made two million).
 */
class RegionWalk {
  private oldFrom: Int32Array = new Int32Array(16);
  private oldTo: Int32Array = new Int32Array(16);
  private newFrom: Int32Array = new Int32Array(16);
  private newTo: Int32Array = new Int32Array(16);
  private count = 0;

  /** A walk that starts from `regions` (sorted and apart), or from none. */
  constructor(regions: readonly LineRegion[] = []) {
    if (regions.length > this.oldFrom.length) this.grow(regions.length);
    regions.forEach((r, i) => {
      this.oldFrom[i] = r.oldFrom;
      this.oldTo[i] = r.oldTo;
      this.newFrom[i] = r.newFrom;
      this.newTo[i] = r.newTo;
    });
    this.count = regions.length;
  }

  /**
   * The regions taken back through the step that made V (lines [from, oldEnd) of the version
   * before became [from, newEnd) of V): the step's lines join the regions they overlap or touch,
   * and the regions after them are renumbered in the earlier version. O(log regions + regions
   * after the step's lines).
   */
  through(step: { readonly from: number; readonly oldEnd: number; readonly newEnd: number }): void {
    const { from, oldEnd, newEnd } = step;
    const { oldFrom, oldTo, newFrom, newTo } = this;
    const n = this.count;
    // The first region that ends at the step's first line or after it (oldTo increases).
    let lo = 0;
    let hi = n;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (oldTo[mid] < from) lo = mid + 1;
      else hi = mid;
    }
    const k = lo;
    // Lines the regions before it add (as shiftBefore); then those the regions it joins add.
    const before = k < n ? newFrom[k] - oldFrom[k] : n > 0 ? newTo[n - 1] - oldTo[n - 1] : 0;
    let a = from;
    let b = newEnd;
    let inside = 0;
    let j = k;
    for (; j < n && oldFrom[j] <= b; j++) {
      if (oldFrom[j] < a) a = oldFrom[j];
      if (oldTo[j] > b) b = oldTo[j];
      inside += newTo[j] - newFrom[j] - (oldTo[j] - oldFrom[j]);
    }
    // V's lines [a, b) hold the step's; from newEnd on, V's line n was the earlier version's n - d.
    const d = newEnd - oldEnd;
    // A region that lost every line it had gained (a line added, then removed) is no region.
    const keep = a < b - d || a < b + inside ? 1 : 0;
    const count = k + keep + (n - j);
    if (count > oldFrom.length) this.grow(count);
    if (k + keep !== j) {
      this.oldFrom.copyWithin(k + keep, j, n);
      this.oldTo.copyWithin(k + keep, j, n);
      this.newFrom.copyWithin(k + keep, j, n);
      this.newTo.copyWithin(k + keep, j, n);
    }
    this.count = count;
    if (keep) {
      this.oldFrom[k] = a;
      this.oldTo[k] = b - d;
      this.newFrom[k] = a + before;
      this.newTo[k] = b + before + inside;
    }
    if (d !== 0) {
      for (let i = k + keep; i < count; i++) {
        this.oldFrom[i] -= d;
        this.oldTo[i] -= d;
      }
    }
  }

  private grow(atLeast: number): void {
    const size = Math.max(atLeast, 2 * this.oldFrom.length);
    const wider = (column: Int32Array): Int32Array => {
      const out = new Int32Array(size);
      out.set(column.subarray(0, this.count));
      return out;
    };
    this.oldFrom = wider(this.oldFrom);
    this.oldTo = wider(this.oldTo);
    this.newFrom = wider(this.newFrom);
    this.newTo = wider(this.newTo);
  }

  list(): LineRegion[] {
    const out: LineRegion[] = new Array<LineRegion>(this.count);
    for (let i = 0; i < this.count; i++) out[i] = { oldFrom: this.oldFrom[i], oldTo: this.oldTo[i], newFrom: this.newFrom[i], newTo: this.newTo[i] };
    return out;
  }
}

/**
 * The ranges of lines, sorted and apart, outside which `doc` and another version of its lineage
 * (`other`, as regionsChangedSince takes it) hold the very same line nodes at the same line
 * numbers: regionsChangedSince's regions when each replaced its lines one for one (none when
 * nothing changed); undefined when one added or removed lines, or as there. O(1) after the
 * regions (remembered).
 */
export function rangesChangedSince(doc: RobotsDocument, other: RobotsDocument | number): readonly LineRange[] | undefined {
  if (doc === other) return [];
  const key = typeof other === 'number' ? other : serialOf(other);
  const ranges = remembered(rangeWalks, doc, key, () => rangesOf(regionsChangedSince(doc, key)));
  if (ranges || typeof other === 'number') return ranges;
  return remembered(branchRangeWalks, doc, key, () => rangesOf(regionsChangedSince(doc, other)));
}

/** The ranges of `regions` when each replaced its lines one for one, else undefined. O(regions). */
export function rangesOf(regions: readonly LineRegion[] | undefined): readonly LineRange[] | undefined {
  if (!regions || regions.some((r) => grownBy(r) !== 0)) return undefined;
  return regions.map((r) => ({ from: r.newFrom, to: r.newTo }));
}

/**
 * Where line `line` of the earlier version is in the later one, through `regions` (as
 * regionsChangedSince gives them); undefined when a region replaced it. O(log regions).
 */
export function movedLine(regions: readonly LineRegion[], line: number): number | undefined {
  const k = regionAfter(regions, line);
  if (k < regions.length && regions[k].oldFrom <= line) return undefined;
  return line + shiftBefore(regions, k);
}

/**
 * Where line `line` of the later version was in the earlier one, through `regions` (as
 * regionsChangedSince gives them): movedLine's inverse; undefined when a region wrote it.
 * O(log regions).
 */
export function originalLine(regions: readonly LineRegion[], line: number): number | undefined {
  const k = lowerBoundBy(regions, line + 1, (r) => r.newTo);
  if (k < regions.length && regions[k].newFrom <= line) return undefined;
  return line - shiftBefore(regions, k);
}

/**
 * The first of `regions` that ends after line `line` of the earlier version (regions.length if
 * none): those before it hold no line from `line` on. O(log regions).
 */
export function regionAfter(regions: readonly LineRegion[], line: number): number {
  return lowerBoundBy(regions, line + 1, (r) => r.oldTo);
}

/**
 * The lines the regions before `regions[k]` add (negative: remove), k ≤ regions.length: each
 * region's lines are as far from its old ones as the regions before it moved them. O(1).
 */
export function shiftBefore(regions: readonly LineRegion[], k: number): number {
  if (k < regions.length) return regions[k].newFrom - regions[k].oldFrom;
  return regions.length ? regions[regions.length - 1].newTo - regions[regions.length - 1].oldTo : 0;
}

/**
 * A sorted list of line numbers of an earlier version carried to a later one through a region
 * that lines were added to or removed from (a document's `edit`): the numbers before the region
 * kept, the region's lines within [start, end) read again with `keep`, the numbers after it
 * moved by the lines added or removed. O(list + region).
 */
export function carryLines(lines: readonly number[], region: { readonly from: number; readonly oldEnd: number; readonly newEnd: number }, keep: (line: number) => boolean, start = 0, end = Infinity): number[] {
  return carryLinesThrough(lines, [{ oldFrom: region.from, oldTo: region.oldEnd, newFrom: region.from, newTo: region.newEnd }], keep, start, end);
}

/**
 * A sorted list of line numbers of an earlier version carried to a later one through the regions
 * changed between them (regionsChangedSince): the numbers outside the regions moved as movedLine
 * says, the regions' new lines within [start, end) read again with `keep`. Only regions
 * [first, last) are read when the list's lines lie between them (a group's span: the regions
 * that touch it). O(list + regions read × log list + their lines).
 */
export function carryLinesThrough(lines: readonly number[], regions: readonly LineRegion[], keep: (line: number) => boolean, start = 0, end = Infinity, first = 0, last = regions.length): number[] {
  // Cut by binary search and copied by loops of their own (see syntax/numbers.ts): a filter and a
  // for-of over the list deoptimized three times per keystroke on the largest real file.
  const out: number[] = [];
  let k = 0;
  let delta = shiftBefore(regions, first);
  for (let x = first; x < last; x++) {
    const r = regions[x];
    const a = lowerBound(lines, r.oldFrom);
    appendMoved(out, lines, k, delta, a);
    for (let i = Math.max(r.newFrom, start); i < Math.min(r.newTo, end); i++) if (keep(i)) out.push(i);
    k = lowerBound(lines, r.oldTo);
    delta += grownBy(r);
  }
  appendMoved(out, lines, k, delta);
  return out;
}

/**
 * A sorted list of line numbers of an earlier version carried to a later one of as many lines
 * through the ranges changed between them (rangesChangedSince): the numbers outside the ranges
 * kept, the ranges' lines within [start, end) read again with `keep`. O(list + the ranges' lines).
 */
export function carryLinesIn(lines: readonly number[], ranges: readonly LineRange[], keep: (line: number) => boolean, start = 0, end = Infinity): number[] {
  return carryLinesThrough(lines, ranges.map((r) => ({ oldFrom: r.from, oldTo: r.to, newFrom: r.from, newTo: r.to })), keep, start, end);
}

/** A position component as LSP promises it (a non-negative integer), whatever was sent. */
function int(n: number): number {
  return Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0;
}

/**
 * Apply one change to `lines`; returns the number of lines lexed and the lines left as
 * they were: `from` before the region, `tail` after it.
 */
function applyOne(lines: LineEditor, range: Range, insert: string): { lexed: number; from: number; tail: number } {
  const last = lines.length - 1;
  const r = { sl: int(range.start.line), sc: int(range.start.character), el: int(range.end.line), ec: int(range.end.character) };
  let sLine = clamp(r.sl, 0, last);
  let sChar = r.sl > last ? lines.at(last).text.length : clamp(r.sc, 0, lines.at(sLine).text.length);
  let eLine = clamp(r.el, 0, last);
  let eChar = r.el > last ? lines.at(last).text.length : clamp(r.ec, 0, lines.at(eLine).text.length);
  if (eLine < sLine || (eLine === sLine && eChar < sChar)) {
    [sLine, sChar, eLine, eChar] = [eLine, eChar, sLine, sChar];
  }

  // A lone CR before the edited region may join an LF the edit brings to the start of it. (The
  // region itself ends with its last line's own end-of-line, so nothing can join after it.)
  let regionStart = sLine;
  let prefix = '';
  if (regionStart > 0 && lines.at(regionStart - 1).eol === '\r') {
    regionStart--;
    prefix = lines.at(regionStart).text + '\r';
  }
  const endNode = lines.at(eLine);
  const text = prefix + lines.at(sLine).text.slice(0, sChar) + insert + endNode.text.slice(eChar) + endNode.eol;

  const raw = splitLines(text);
  // The region ends with an end-of-line unless it reaches the end of the document; splitting
  // then leaves an empty tail that is not a line of its own.
  if (eLine < last) raw.pop();
  // Lines at either end of the region that the change leaves as they were (same text, same
  // end-of-line) keep their nodes and stay out of the region: Enter at the start or end of a
  // line adds one blank line, rather than replacing that line with two, so what is kept per line
  // or per group (the model's members, Google's sections, the duplicate index) only moves, and
  // a rule line is not read again as gone and come back. A node depends on its text, end-of-line
  // and whether it is line 0 (the byte-order mark): a line kept at the start stays at its number;
  // one kept at the end may move, so never to or from line 0. O(region).
  let removed = eLine - regionStart + 1;
  let head = 0;
  while (head < removed && head < raw.length && sameLine(lines.at(regionStart + head), raw[head])) head++;
  let end = 0;
  while (end < removed - head && end < raw.length - head && eLine - end > 0 && regionStart + raw.length - 1 - end > 0 && sameLine(lines.at(eLine - end), raw[raw.length - 1 - end])) end++;
  const from = regionStart + head;
  removed -= head + end;
  const fresh: LineNode[] = [];
  const shared = new SharedLines();
  for (let i = head; i < raw.length - end; i++) fresh.push(lexLine(raw[i].text, raw[i].eol, regionStart + i === 0, shared));
  const tail = lines.length - from - removed;
  lines.replace(from, removed, fresh);
  return { lexed: fresh.length, from, tail };
}

/** Whether `node` reads as the line `l` would (line 0 aside). */
function sameLine(node: LineNode, l: { readonly text: string; readonly eol: Eol }): boolean {
  return node.eol === l.eol && node.text === l.text;
}
