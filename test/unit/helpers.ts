/** Shared test helpers: documents from text, `|` cursors, and diagnostics as compact strings. */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { doValidation, parseDocument, type ContentChange, type RobotsDocument, type ValidationSettings } from '../../server/src/service';
import { PatternIndex } from '../../server/src/service/engine/patternIndex';
import { movedLine, type LineRegion } from '../../server/src/service/syntax/document';

export function doc(text: string, uri = 'file:///site/robots.txt'): RobotsDocument {
  return parseDocument(uri, 1, text);
}

/** Diagnostics as `LINE:COL code` strings (1-based), in order. */
export function problems(text: string, settings?: ValidationSettings): string[] {
  return doValidation(doc(text), settings).map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${String(d.code)}`);
}

/** Just the codes reported, in order. */
export function codes(text: string, settings?: ValidationSettings): string[] {
  return doValidation(doc(text), settings).map((d) => String(d.code));
}

/** Assert that exactly `expected` codes are reported for `text` (order-insensitive). */
export function assertCodes(text: string, expected: readonly string[], settings?: ValidationSettings): void {
  assert.deepEqual([...codes(text, settings)].sort(), [...expected].sort(), `for:\n${text}`);
}

/** Split `a|b` into the text without the bar and the bar's offset. */
export function cursor(textWithBar: string): { text: string; offset: number } {
  const offset = textWithBar.indexOf('|');
  assert.ok(offset >= 0, 'fixture needs a | cursor');
  return { text: textWithBar.slice(0, offset) + textWithBar.slice(offset + 1), offset };
}

/** One `positionAt` / `offsetAt` for every test: see ./kit/positions.ts. */
export { offsetAt, positionAt } from './kit/positions';

/** Calls of PatternIndex.add (every index entry filed, built or patched) while `f` runs. */
export function indexAdds(f: () => void): number {
  const proto = PatternIndex.prototype as unknown as { add: (...args: unknown[]) => void };
  const original = proto.add;
  let calls = 0;
  proto.add = function counted(this: unknown, ...args: unknown[]): void {
    calls++;
    original.apply(this, args);
  };
  try {
    f();
  } finally {
    proto.add = original;
  }
  return calls;
}

/**
 * Lines of `doc` read while `f` runs: every item read from the chunks an edited version keeps its
 * lines in (what lineAt reads), or from its lines array. The chunk lists are wrapped for the call
 * and put back after it. For versions made by updateDocument (a parsed version's array is read
 * the same way).
 */
export function lineReads(doc: RobotsDocument, f: () => void): number {
  const slot = (name: string): symbol | undefined => Object.getOwnPropertySymbols(doc).find((s) => s.description === name);
  const chunks = slot('chunks');
  const flat = slot('flat lines');
  const stored = doc as unknown as Record<symbol, { parts: unknown[][] } | unknown[] | undefined>;
  let reads = 0;
  const counted = <T extends object>(list: T): T => new Proxy(list, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
  const parts = chunks && (stored[chunks] as { parts: unknown[][] } | undefined)?.parts;
  const kept = parts ? [...parts] : [];
  const flatList = flat ? stored[flat] : undefined;
  assert.ok(parts || flatList, 'the document keeps its lines where lineReads looks');
  if (parts) parts.forEach((part, k) => { parts[k] = counted(part); });
  if (flat && flatList) stored[flat] = counted(flatList as unknown[]);
  try {
    f();
  } finally {
    if (parts) kept.forEach((part, k) => { parts[k] = part; });
    if (flat && flatList) stored[flat] = flatList;
  }
  return reads;
}

/** An edit within one line, as typing makes them (the property tests of incremental analysis). */
export interface TypingEdit {
  readonly line: number;
  readonly char: number;
  /** Characters removed from `char` on (clamped to the line). */
  readonly length: number;
  readonly text: string;
}

/** Edits that type one of `typed` at a line below `lines` (clamped to the last), mostly removing nothing. */
export function typingEdits(typed: readonly string[], lines: number, chars = 25): fc.Arbitrary<TypingEdit> {
  return fc.record({
    line: fc.nat({ max: lines }),
    char: fc.nat({ max: chars }),
    // Mostly typing (nothing removed), sometimes a deletion within the line.
    length: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.nat({ max: 4 }) }),
    text: fc.constantFrom(...typed),
  });
}

/** The LSP change of `e` in `doc`: positions clamped to the document, as a client sends them. */
export function typingChange(doc: RobotsDocument, e: TypingEdit): ContentChange {
  const line = Math.min(e.line, doc.lines.length - 1);
  const len = doc.lines[line].text.length;
  const start = Math.min(e.char, len);
  const end = Math.min(start + e.length, len);
  return { range: { start: { line, character: start }, end: { line, character: end } }, text: e.text };
}

/**
 * `value` with every occurrence of the URI `from` written `to`, for comparing an edited
 * document's answers with those of the same text opened afresh under another URI: opened under
 * the same one, the fresh document would take over the engine's state kept per URI, and the
 * edited document's next version would build its caches again instead of moving them.
 */
export function withUri<T>(value: T, from: string, to: string): T {
  if (typeof value === 'string') return value.split(from).join(to) as T;
  if (Array.isArray(value)) return value.map((v: unknown) => withUri(v, from, to)) as T;
  if (typeof value !== 'object' || value === null) return value;
  // Each own field copied into an object of the same prototype (keys whose value is undefined kept).
  const out = Object.create(Object.getPrototypeOf(value) as object) as Record<string, unknown>;
  for (const [k, v] of Object.entries(value)) out[k] = withUri(v, from, to);
  return out as T;
}

/**
 * `c` applied to `lines` (a text split at LF), in place: what an editor's text becomes, for the
 * next change of the same event (LSP reads each change's positions after the changes before it).
 * A range past the last line ends at the end of the text.
 */
export function applyToLines(lines: string[], c: ContentChange): void {
  const r = c.range!;
  const endLine = Math.min(r.end.line, lines.length - 1);
  const endChar = r.end.line > lines.length - 1 ? lines[endLine].length : r.end.character;
  const joined = lines[r.start.line].slice(0, r.start.character) + c.text + lines[endLine].slice(endChar);
  lines.splice(r.start.line, endLine - r.start.line + 1, ...joined.split('\n'));
}

/**
 * The regions in which `doc` differs from `other` by their line nodes (an unchanged line is the
 * very node it was in every version since): each gap between two lines both versions share, as
 * regionsChangedSince gives regions (lines of `other`, then of `doc`). The exact answer a walk
 * through the versions' edits must give, never wider. O(lines).
 */
export function regionsByNodes(doc: RobotsDocument, other: RobotsDocument): LineRegion[] {
  const at = new Map<unknown, number>();
  other.lines.forEach((n, i) => at.set(n, i));
  const out: LineRegion[] = [];
  let oldAt = 0;
  let newAt = 0;
  for (let j = 0; j <= doc.lines.length; j++) {
    const i = j < doc.lines.length ? at.get(doc.lines[j]) : other.lines.length;
    if (i === undefined) continue;
    assert.ok(i >= oldAt, `line ${j} is line ${i} of the other version, out of order`);
    if (i > oldAt || j > newAt) out.push({ oldFrom: oldAt, oldTo: i, newFrom: newAt, newTo: j });
    oldAt = i + 1;
    newAt = j + 1;
  }
  return out;
}

/**
 * Every place where the line nodes differ lies in a region, and no region spans more than
 * FAR_LINES (64) lines left alone on either side of one such place or between two: changes that
 * near are one step, and a step may hold lines an earlier step put back as they were, but a
 * region never spans lines no edit came near (their hull did, past 64 regions).
 */
export function assertTight(regions: readonly LineRegion[], byNodes: readonly LineRegion[]): void {
  let k = 0;
  for (const r of regions) {
    let oldAt = r.oldFrom;
    let newAt = r.newFrom;
    while (k < byNodes.length && byNodes[k].oldTo <= r.oldTo && byNodes[k].newTo <= r.newTo) {
      const g = byNodes[k++];
      assert.ok(g.oldFrom >= r.oldFrom && g.newFrom >= r.newFrom, `${JSON.stringify(g)} is in no region of ${JSON.stringify(regions)}`);
      assert.ok(g.oldFrom - oldAt <= 64 && g.newFrom - newAt <= 64, `${JSON.stringify(r)} spans lines left alone before ${JSON.stringify(g)}`);
      oldAt = g.oldTo;
      newAt = g.newTo;
    }
    assert.ok(r.oldTo - oldAt <= 64 && r.newTo - newAt <= 64, `${JSON.stringify(r)} spans lines left alone at its end`);
  }
  assert.equal(k, byNodes.length, `every change in a region: ${JSON.stringify(byNodes.slice(k, k + 1))} is in none of ${JSON.stringify(regions)}`);
}

/** The regions' promise, checked line by line: outside them, every line of `older` is the very node it was in `doc`, where movedLine says. */
export function assertRegions(doc: RobotsDocument, older: RobotsDocument, regions: readonly LineRegion[]): void {
  let grown = 0;
  for (let k = 0; k < regions.length; k++) {
    const r = regions[k];
    assert.ok(r.oldFrom <= r.oldTo && r.newFrom <= r.newTo && (r.oldFrom < r.oldTo || r.newFrom < r.newTo), 'not empty');
    assert.equal(r.newFrom - r.oldFrom, grown, 'moved by the regions before it');
    if (k > 0) assert.ok(regions[k - 1].oldTo < r.oldFrom && regions[k - 1].newTo < r.newFrom, 'apart');
    grown += r.newTo - r.newFrom - (r.oldTo - r.oldFrom);
  }
  assert.equal(doc.lines.length, older.lines.length + grown);
  for (let i = 0; i < older.lines.length; i++) {
    const at = movedLine(regions, i);
    if (at !== undefined) assert.equal(doc.lines[at], older.lines[i], `line ${i} → ${at}`);
  }
}

/** `text` (a character by default) typed at `character` of line `line`. */
export const typeAt = (line: number, character = 12, text = 'x'): ContentChange => ({ range: { start: { line, character }, end: { line, character } }, text });

/** Enter at the start of line `line` (a blank line added before it). */
export const enterAt = (line: number): ContentChange => ({ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: '\n' });

/** Line `line` deleted, its end of line with it (Delete Line). */
export const deleteLine = (line: number): ContentChange => ({ range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: '' });

/** One group of `rules` rules, each of its own path. */
export function oneGroup(rules: number): string {
  const lines = ['User-agent: *'];
  for (let i = 0; i < rules; i++) lines.push(`Disallow: /p${i}/`);
  return `${lines.join('\n')}\n`;
}

/** What `ask` costs on `doc`: the index entries it files (indexAdds), the lines it reads (lineReads), and its answer. */
export function askCost<T>(doc: RobotsDocument, ask: () => T): { adds: number; reads: number; got: T } {
  let adds = 0;
  let got: T | undefined;
  const reads = lineReads(doc, () => { adds = indexAdds(() => { got = ask(); }); });
  return { adds, reads, got: got as T };
}
