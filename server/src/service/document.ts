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

export function parseDocument(uri: string, version: number, text: string): RobotsDocument {
  const raw = splitLines(text);
  const lines = raw.map((l, i) => lexLine(l.text, l.eol, i === 0));
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
  let lines = doc.lines as LineNode[];
  let lexed = 0;
  for (const change of changes) {
    if (!change.range) {
      const full = parseDocument(doc.uri, version, change.text);
      lines = full.lines as LineNode[];
      lexed += full.stats.linesLexed;
      continue;
    }
    const r = applyOne(lines, change.range, change.text);
    lines = r.lines;
    lexed += r.lexed;
  }
  return { uri: doc.uri, version, lines, stats: { linesLexed: lexed } };
}

function applyOne(lines: LineNode[], range: Range, insert: string): { lines: LineNode[]; lexed: number } {
  const last = lines.length - 1;
  let sLine = clamp(range.start.line, 0, last);
  let sChar = range.start.line > last ? lines[last].text.length : clamp(range.start.character, 0, lines[sLine].text.length);
  let eLine = clamp(range.end.line, 0, last);
  let eChar = range.end.line > last ? lines[last].text.length : clamp(range.end.character, 0, lines[eLine].text.length);
  if (eLine < sLine || (eLine === sLine && eChar < sChar)) {
    [sLine, sChar, eLine, eChar] = [eLine, eChar, sLine, sChar];
  }

  // A lone CR before the edited region may join an LF the edit brings to the start of it.
  let regionStart = sLine;
  let prefix = '';
  if (regionStart > 0 && lines[regionStart - 1].eol === '\r') {
    regionStart--;
    prefix = lines[regionStart].text + '\r';
  }
  let regionEnd = eLine; // inclusive
  let text = prefix + lines[sLine].text.slice(0, sChar) + insert + lines[eLine].text.slice(eChar) + lines[eLine].eol;
  // Likewise a CR the edit leaves at the end may join the LF of an empty next line.
  if (text.endsWith('\r') && regionEnd < last && lines[regionEnd + 1].text === '' && lines[regionEnd + 1].eol === '\n') {
    regionEnd++;
    text += '\n';
  }

  const raw = splitLines(text);
  // The region ends with an end-of-line unless it reaches the end of the document; splitting
  // then leaves an empty tail that is not a line of its own.
  if (regionEnd < last) raw.pop();
  const fresh = raw.map((l, i) => lexLine(l.text, l.eol, regionStart + i === 0));
  const out = lines.slice(0, regionStart);
  for (const l of fresh) out.push(l);
  for (let i = regionEnd + 1; i <= last; i++) out.push(lines[i]);
  return { lines: out, lexed: fresh.length };
}
