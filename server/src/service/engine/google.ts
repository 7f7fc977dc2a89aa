/**
 * The `google` profile: Google's robots.txt parser and matcher (google/robotstxt, robots.cc),
 * reproduced rule for rule so that all 145 cases of its test suite hold. Facts carried over:
 * keys are recognised by prefix and with common typos; a missing colon is accepted when the line
 * has exactly two words; lines are cut at 16,663 bytes and at a NUL; the first `*` group and
 * named groups are kept apart; `/index.htm…` allows also imply the directory; the longest
 * matching pattern wins, Allow on ties; a matching named group, even empty, hides `*` rules.
 */
import { grownBy, lineAt, lineCount, movedLine, rangesChangedSince, regionAfter, regionsChangedSince, shiftBefore, type LineRegion, type RobotsDocument } from '../syntax/document';
import { googleEscapePattern } from '../syntax/paths';
import { lowerBoundBy } from '../syntax/numbers';
import { MERGE_FROM, PatternIndex } from './patternIndex';
import { keepPerUri } from './carried';
import type { LineNode } from '../syntax/syntax';
import type { Steps } from '../syntax/steps';

type GoogleKey = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'unknown';

export interface GoogleLine {
  readonly line: number;
  readonly key: GoogleKey;
  /** The value as Google uses it: comment and whitespace stripped, escaped for allow/disallow. */
  readonly value: string;
}

/** robots.cc: the buffer holds 2083 * 8 bytes, one of them the terminating NUL. */
const MAX_LINE_BYTES = 2083 * 8 - 1;

const SPACE = /[ \t\n\v\f\r]/;

function stripSpace(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && SPACE.test(s[a])) a++;
  while (b > a && SPACE.test(s[b - 1])) b--;
  return s.slice(a, b);
}

function cutToBytes(text: string, max: number): string {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? 4 : 3;
    if (bytes + size > max) return text.slice(0, i);
    bytes += size;
    if (size === 4) i++;
  }
  return text;
}

function keyOf(key: string): GoogleKey {
  const k = key.toLowerCase();
  if (k.startsWith('user-agent') || k.startsWith('useragent') || k.startsWith('user agent')) return 'user-agent';
  if (k.startsWith('allow')) return 'allow';
  if (['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'].some((p) => k.startsWith(p))) return 'disallow';
  if (k.startsWith('sitemap') || k.startsWith('site-map')) return 'sitemap';
  return 'unknown';
}

/** One line as Google reads it, or undefined when Google finds no key and value in it. */
export function googleReadLine(node: LineNode, index: number): GoogleLine | undefined {
  return readAsLexed(node, index) ?? googleReadText(node, index);
}

/**
 * googleReadLine read off the lexer's node, for the lines both read alike (nearly every line of a
 * real file): a User-agent, Allow or Disallow field spelt exactly, with its colon, on a line of
 * printable ASCII and tabs — no NUL to cut at, no space to strip but spaces and tabs, one byte a
 * character, short of the byte limit — and not the first line with a byte-order mark. There the
 * lexer's name is Google's key (keyOf reads `allow`, `disallow`, `user-agent` so), its colon the
 * first one before the comment, and its value, trimmed of spaces and tabs, Google's. Undefined
 * otherwise (googleReadText then reads the text). O(value); building the sections of the largest
 * real file read 47,000 lines through substrings and a regular expression a character.
 */
function readAsLexed(node: LineNode, index: number): GoogleLine | undefined {
  const f = node.field;
  if (!f || !node.plain || f.separator !== 'colon' || f.repair !== 'exact' || f.suffix || (index === 0 && node.bom) || node.text.length > MAX_LINE_BYTES) return undefined;
  const id = f.fact?.id;
  if (id !== 'user-agent' && id !== 'allow' && id !== 'disallow') return undefined;
  const value = node.text.slice(f.value.start, f.value.end);
  return { line: index, key: id, value: id === 'user-agent' ? value : googleEscapePattern(value) };
}

/** googleReadLine from the line's text alone, as robots.cc reads it (every line it can read). */
export function googleReadText(node: LineNode, index: number): GoogleLine | undefined {
  let text = index === 0 && node.bom ? node.text.slice(1) : node.text;
  if (text.length * 3 > MAX_LINE_BYTES) text = cutToBytes(text, MAX_LINE_BYTES);
  const nul = text.indexOf('\0');
  if (nul >= 0) text = text.slice(0, nul);
  const hash = text.indexOf('#');
  if (hash >= 0) text = text.slice(0, hash);
  const line = stripSpace(text);
  let sep = line.indexOf(':');
  if (sep < 0) {
    // A forgotten colon: whitespace separates key and value when there are exactly two words.
    const ws = line.search(/[ \t]/);
    if (ws < 0) return undefined;
    const rest = line.slice(ws).replace(/^[ \t]+/, '');
    if (/[ \t]/.test(rest)) return undefined;
    sep = ws;
  }
  const key = stripSpace(line.slice(0, sep));
  if (key.length === 0) return undefined;
  const value = stripSpace(line.slice(sep + 1));
  const k = keyOf(key);
  return { line: index, key: k, value: k === 'user-agent' || k === 'sitemap' ? value : googleEscapePattern(value) };
}

/**
 * Whether Google could read `node` as a User-agent, Allow or Disallow line: the first two
 * characters of its key, lower-cased, must begin one of those keys' spellings (keyOf). A key
 * starts at the line's first non-space character (what cuts a line — a NUL, a `#`, the byte
 * limit — only shortens it), so a line this rejects is one Google reads as no key at all, or as
 * a key keyOf calls `sitemap` or `unknown`: the sections never read those (a property test in
 * test/unit/google.test.ts compares with the full reading). O(leading spaces); a short slice
 * only where a key begins with a character beyond ASCII.
 */
function maySectionLine(node: LineNode, index: number): boolean {
  const text = node.text;
  let s = index === 0 && node.bom ? 1 : 0;
  while (s < text.length && SPACE.test(text[s])) s++;
  const a = text.charCodeAt(s);
  const b = text.charCodeAt(s + 1);
  if (a < 0x80 && b < 0x80) {
    // Both ASCII (nearly every line): lower-cased by one bit, no string made. A key shorter than
    // two characters (NaN past the end) takes the slice below, as does anything beyond ASCII.
    const two = ((a | 0x20) << 8) | (b | 0x20);
    return two === US || two === AL || two === DI;
  }
  const two = text.slice(s, s + 2).toLowerCase();
  return two.startsWith('us') || two.startsWith('al') || two.startsWith('di');
}

const US = (0x75 << 8) | 0x73;
const AL = (0x61 << 8) | 0x6c;
const DI = (0x64 << 8) | 0x69;

/**
 * The lines that shape Google's sections (User-agent, Allow, Disallow), in line order: O(lines),
 * an object only for those. Made once per built document, not kept: the sections hold what they
 * need, and an ACAP file of 300,000 lines kept 300,000 readings of lines Google ignores.
 */
export function googleSectionLines(doc: RobotsDocument, from = 0, to = lineCount(doc), list: GoogleLine[] = []): GoogleLine[] {
  // Lines [from, to), added to `list`: the steps (sectionLinesSteps) read a chunk at a time. A
  // plain loop, not a generator: V8 does not replace a running generator's frame with optimised
  // code, and a first query reads every line at once.
  for (let i = from; i < to; i++) {
    const node = lineAt(doc, i);
    if (node.kind !== 'field' || !maySectionLine(node, i)) continue;
    const read = googleReadLine(node, i);
    if (read && classOf(read) !== 'other') list.push(read);
  }
  return list;
}

/**
 * Whether Google reads line `index` as a User-agent line (googleSectionLines' test): O(leading
 * spaces) for nearly every line, O(line length) for one whose key begins `us`.
 */
export function googleReadsUserAgent(node: LineNode, index: number): boolean {
  return node.kind === 'field' && maySectionLine(node, index) && googleReadLine(node, index)?.key === 'user-agent';
}

/** Lines read, or rules indexed, a step when Google's sections are built in steps (prepareGoogleSections). */
const BUILD_CHUNK = 4096;

/** googleSectionLines, a step every BUILD_CHUNK lines. O(lines). */
function* sectionLinesSteps(doc: RobotsDocument): Steps<GoogleLine[]> {
  const list: GoogleLine[] = [];
  const count = lineCount(doc);
  for (let from = 0; from < count; from += BUILD_CHUNK) {
    if (from > 0) yield;
    googleSectionLines(doc, from, Math.min(count, from + BUILD_CHUNK), list);
  }
  return list;
}

/** The product token Google reads from a User-agent value: its leading [A-Za-z_-] characters. */
export function googleExtractAgent(value: string): string {
  // Read by character code, with no match array: every User-agent line of a file is read so.
  let i = 0;
  for (; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (!((c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x2d /* - */ || c === 0x5f /* _ */)) break;
  }
  return value.slice(0, i);
}

export interface GoogleMatch {
  /** Length of the matching pattern (Google's priority), -1 when nothing matched. */
  readonly priority: number;
  readonly line: number;
}

/**
 * User-agent lines followed by their Allow/Disallow lines. Google's parser starts a new one at a
 * User-agent line after a rule; where that rule was not applied to the agent asked about, the
 * new lines join the old run instead, but the old run's rules did not apply to that agent
 * either, so the verdict is the same for every agent: sections can be computed once per file.
 */
export interface GoogleSection {
  /** Product tokens (lower-cased) with their lines. */
  readonly agents: readonly { readonly token: string; readonly line: number }[];
  /** Lines of `User-agent: *`. */
  readonly globalLines: readonly number[];
  readonly rules: readonly GoogleLine[];
  /**
   * The section's own index, built on first use (sectionIndex): a file of 26,000 groups has as
   * many sections, and a query reads one merged index or one section's. The holder is shared by
   * the versions a patch carries the section into, like the rule list it indexes.
   */
  readonly lazy: { index?: PatternIndex<GoogleRule> };
}

/** A section's index: O(its rules) on first use, then patched in place with the rules. */
function sectionIndex(sec: GoogleSection): PatternIndex<GoogleRule> {
  if (sec.lazy.index) return sec.lazy.index;
  const index = new PatternIndex<GoogleRule>([]);
  fileRules(index, sec.rules);
  return (sec.lazy.index = index);
}

/**
 * What the index files: the rule line itself (its priority is its value's length), or the
 * `/dir/$` allow derived from `Allow: /dir/index.htm…`, used only when the rule itself fails.
 * Filing the line itself, not a copy, keeps one object per rule.
 */
type GoogleRule = GoogleLine | DerivedRule;

/** The `/dir/$` allow of a rule `Allow: /dir/index.htm…`: on the rule's line, wherever it moves. */
class DerivedRule implements GoogleLine {
  readonly key = 'allow';
  readonly derived = true;
  constructor(private readonly rule: GoogleLine, readonly value: string) {}
  get line(): number {
    return this.rule.line;
  }
}

const isDerived = (r: GoogleRule): r is DerivedRule => r instanceof DerivedRule;

function isGlobalAgent(v: string): boolean {
  return v.length >= 1 && v[0] === '*' && (v.length === 1 || SPACE.test(v[1]));
}

const sectionsCache = new WeakMap<RobotsDocument, readonly GoogleSection[]>();

/**
 * The sections last built or patched for a URI, to patch them for the next version instead of
 * rebuilding them (the previous version is no longer at hand once its edit has been settled):
 * the version's lines (node identity tells an edited line) and, per line, the section whose
 * rules hold it (-1 for none). One entry per URI (keepPerUri).
 */
interface Latest {
  doc: RobotsDocument;
  sections: GoogleSection[];
  ruleSection: Int32Array;
}
const latest = new Map<string, Latest>();

/** Forget what is kept for `uri` to patch its next version (the document was closed). O(1). */
export function forgetGoogleSections(uri: string): void {
  latest.delete(uri);
}
/** More edited lines than this: building again is as cheap as patching. */
const PATCH_MAX = 256;

/**
 * Google's reading of line `i`. Not cached per node: a cache entry per line cost more memory
 * than the reading costs time (O(line length), once per line when the sections are built, and
 * for the edited lines when they are patched).
 */
function readLine(node: LineNode, i: number): GoogleLine | null {
  if (node.kind !== 'field') return null;
  return googleReadLine(node, i) ?? null;
}

type LineClass = 'user-agent' | 'rule' | 'other';

function classOf(read: GoogleLine | null): LineClass {
  if (!read) return 'other';
  return read.key === 'user-agent' ? 'user-agent' : read.key === 'allow' || read.key === 'disallow' ? 'rule' : 'other';
}

/**
 * Google's sections of `doc`. Cached per document; for a new version of a URI, the previous
 * version's sections are patched where its lines were edited in place (same line count, no line
 * changing between User-agent, rule and other: O(edited lines × log rules) when the versions
 * between say which lines changed, `rangesChangedSince`, plus O(lines) identity comparisons
 * otherwise), or moved where lines were added or removed in a few places (shiftSections).
 * Otherwise built in O(lines).
 */
export function googleSections(doc: RobotsDocument): readonly GoogleSection[] {
  return sectionsCache.get(doc) ?? movedSections(doc) ?? keepBuilt(doc, buildSections(doc, googleSectionLines(doc)));
}

/**
 * The sections of the URI's previous version patched (lines replaced one for one) or moved
 * (lines added or removed) for `doc`, and kept as its own; undefined when they must be built.
 */
function movedSections(doc: RobotsDocument): readonly GoogleSection[] | undefined {
  const prev = latest.get(doc.uri);
  const patched = prev && (patchSections(prev, doc) ?? shiftSections(prev, doc));
  if (!patched) return undefined;
  // The previous version's indexes were patched in place: it must build its own if asked again,
  // and so must the lookup built over them.
  sectionsCache.delete(prev.doc);
  lookupCache.delete(prev.doc);
  prev.doc = doc;
  prev.sections = patched;
  sectionsCache.set(doc, patched);
  return patched;
}

/** Sections built anew for `doc`, kept as its own and as the ones its next version patches. */
function keepBuilt(doc: RobotsDocument, built: { sections: GoogleSection[]; ruleSection: Int32Array }): readonly GoogleSection[] {
  const prev = latest.get(doc.uri);
  keepPerUri(latest, doc.uri, { doc, ...built });
  if (prev) sectionsCache.delete(prev.doc);
  sectionsCache.set(doc, built.sections);
  return built.sections;
}

/**
 * Google's sections of `doc` and the indexes of its sections of BUILD_CHUNK rules or more, built
 * in steps of that many lines or rules: what a first query builds in one piece (the largest real
 * file's 47,000 lines read and its one section indexed: 50–70 ms), so that a host preparing
 * answers in the background (prepareAnswersSteps) never holds its event loop that long. Where
 * the previous version's sections can be patched or moved (movedSections), they are; what is
 * built here is kept only when complete and still missing.
 */
export function* prepareGoogleSections(doc: RobotsDocument): Steps<void> {
  if (!sectionsCache.has(doc) && !movedSections(doc)) {
    const built = buildSections(doc, yield* sectionLinesSteps(doc));
    if (!sectionsCache.has(doc)) keepBuilt(doc, built);
  }
  const sections = googleSections(doc);
  for (const sec of sections) {
    if (sec.rules.length < BUILD_CHUNK || sec.lazy.index) continue;
    const index = new PatternIndex<GoogleRule>([]);
    for (let from = 0; from < sec.rules.length; from += BUILD_CHUNK) {
      if (from > 0) {
        yield;
        // A later version asked meanwhile patched or moved these sections in place (their
        // holder of the index is shared with it): this version's index is not wanted any more.
        if (sectionsCache.get(doc) !== sections) return;
      }
      fileRules(index, sec.rules, from, Math.min(sec.rules.length, from + BUILD_CHUNK));
    }
    sec.lazy.index ??= index;
  }
}

function buildSections(doc: RobotsDocument, lines: readonly GoogleLine[]): { sections: GoogleSection[]; ruleSection: Int32Array } {
  // Made with their `lazy` holder at once: a copy of each section to add it cost 26,000 objects
  // on a file of 26,000 groups.
  const built: { agents: { token: string; line: number }[]; globalLines: number[]; rules: GoogleLine[]; lazy: GoogleSection['lazy'] }[] = [];
  const ruleSection = new Int32Array(lineCount(doc)).fill(-1);
  let cur: (typeof built)[number] | undefined;
  let afterRule = false;
  for (const g of lines) {
    if (g.key === 'user-agent') {
      if (!cur || afterRule) {
        cur = { agents: [], globalLines: [], rules: [], lazy: {} };
        built.push(cur);
        afterRule = false;
      }
      if (isGlobalAgent(g.value)) cur.globalLines.push(g.line);
      else cur.agents.push({ token: googleExtractAgent(g.value).toLowerCase(), line: g.line });
    } else if ((g.key === 'allow' || g.key === 'disallow') && cur) {
      cur.rules.push(g);
      ruleSection[g.line] = built.length - 1;
      afterRule = true;
    }
  }
  return { sections: built, ruleSection };
}

/** The previous sections patched for `doc`, or undefined when they must be built again. */
function patchSections(prev: Latest, doc: RobotsDocument): GoogleSection[] | undefined {
  // Lines are read one by one (lineAt): an edit must not make the new version's lines array.
  const count = lineCount(doc);
  if (lineCount(prev.doc) !== count) return undefined;
  const edited: number[] = [];
  // The lines changed since, when the versions between say which (a few ranges: typing with
  // several cursors compares their lines, not every line between them); else every line compared,
  // unless they say where lines were added and removed (shiftSections moves the sections then).
  const ranges = rangesChangedSince(doc, prev.doc);
  if (!ranges && regionsChangedSince(doc, prev.doc)) return undefined;
  for (const r of ranges ?? [{ from: 0, to: count }]) {
    for (let i = r.from; i < r.to; i++) {
      if (lineAt(prev.doc, i) === lineAt(doc, i)) continue;
      if (edited.length >= PATCH_MAX) return undefined;
      edited.push(i);
    }
  }
  const reads: { line: number; before: GoogleLine | null; after: GoogleLine | null }[] = [];
  for (const i of edited) {
    const before = readLine(lineAt(prev.doc, i), i);
    const after = readLine(lineAt(doc, i), i);
    const c = classOf(before);
    // A User-agent line edited, or a line changing class, can change the sections themselves.
    if (c !== classOf(after) || c === 'user-agent') return undefined;
    if (c === 'rule' && prev.ruleSection[i] >= 0) reads.push({ line: i, before, after });
  }
  for (const { line, before, after } of reads) {
    const at = findLine(prev.sections[prev.ruleSection[line]].rules, line);
    if (at < 0 || !before || !after) return undefined;
  }
  // The rule lists are patched in place, like the indexes (the previous version builds its own
  // sections if asked again): copying a list of 47,000 rules per edit cost more than the edit.
  const sections = prev.sections.slice();
  for (const { line, before, after } of reads) {
    const k = prev.ruleSection[line];
    const sec = sections[k];
    const rules = sec.rules as GoogleLine[];
    const at = findLine(rules, line);
    if (!before || !after) return undefined;
    // An index not built yet is built from the patched rules when first asked for.
    const index = sec.lazy.index;
    if (index) unfileRules(index, [before]);
    rules[at] = after;
    if (index) fileRules(index, [after]);
    sections[k] = { ...sec, rules };
  }
  return sections;
}

/**
 * The previous sections moved for `doc`, where lines were added or removed in a few regions
 * (regionsChangedSince: one, or one per cursor) that hold no User-agent line (a line broken in
 * two or joined, a blank line, a rule added or deleted): each region's rules leave their section
 * and the new ones join the section open there (buildSections' `cur`), and everything after a
 * region moves by the lines it added. The rule and agent objects move in place (the indexes are
 * keyed by pattern, and a derived rule reads its line from its rule); the line-to-section table
 * is copied. Undefined, to build again, when the versions between do not say where lines were
 * added, when the regions hold more than PATCH_MAX lines (or half the file's) or a
 * User-agent line, or when one may
 * change whether the next User-agent line follows a rule (which starts a section).
 * O(regions' lines + rules after the first region + agents × log regions), no pattern hashed
 * again.
 */
function shiftSections(prev: Latest, doc: RobotsDocument): GoogleSection[] | undefined {
  const regions = regionsChangedSince(doc, prev.doc);
  if (!regions || regions.length === 0) return undefined;
  // Every region checked before anything changes. The regions are applied in line order, as
  // one edit each: before a region lies `doc`'s text (the regions before it applied), after it
  // the previous version's, which is what the checks read on either side.
  const plans: { k: number; head: number; tail: number; gone: GoogleLine[]; come: GoogleLine[] }[] = [];
  // The regions' lines are read, in both versions: past PATCH_MAX or half the file's lines,
  // building (which reads every line and files every rule) costs about as much.
  let read = 0;
  const most = Math.max(PATCH_MAX, lineCount(doc) >> 1);
  for (const r of regions) {
    read += r.oldTo - r.oldFrom + r.newTo - r.newFrom;
    if (read > most) return undefined;
    const gone: GoogleLine[] = [];
    const come: GoogleLine[] = [];
    for (let i = r.oldFrom; i < r.oldTo; i++) {
      const read = readLine(lineAt(prev.doc, i), i);
      const c = classOf(read);
      if (c === 'user-agent') return undefined;
      if (c === 'rule' && prev.ruleSection[i] >= 0) gone.push(read!);
    }
    for (let i = r.newFrom; i < r.newTo; i++) {
      const read = readLine(lineAt(doc, i), i);
      const c = classOf(read);
      if (c === 'user-agent') return undefined;
      if (c === 'rule') come.push(read!);
    }
    // The section open at the region: the last one that starts before it (none: rules there are
    // read before any User-agent line, and belong to no section).
    const k = sectionBefore(prev.sections, r.oldFrom);
    if (k < 0) come.length = 0;
    if (gone.some((g) => prev.ruleSection[g.line] !== k)) return undefined;
    if (k >= 0 && (gone.length > 0) !== (come.length > 0)) {
      // Whether the next User-agent line after the region follows a rule must not change.
      const next = nextClass(prev.doc, r.oldTo, 1);
      if (next === undefined) return undefined;
      if (next === 'user-agent' && nextClass(doc, r.newFrom - 1, -1) !== 'rule') return undefined;
    }
    const rules = k >= 0 ? prev.sections[k].rules : [];
    plans.push({ k, head: lowerBoundLine(rules, r.oldFrom), tail: lowerBoundLine(rules, r.oldTo), gone, come });
  }
  const sections = prev.sections.slice();
  // In this order: the regions' rules taken out of the indexes while every line still has its
  // old number, then everything after the first region moved, then the new rules filed.
  for (const { k, gone } of plans) {
    const index = k >= 0 && gone.length > 0 ? sections[k].lazy.index : undefined;
    if (index) unfileRules(index, gone);
  }
  const first = Math.max(0, plans[0].k);
  if (regions.some((r) => grownBy(r) !== 0)) {
    // The sections from the first region's on (those before it end before it starts). Their
    // User-agent lines are listed anew where they moved (caches keyed by the lists hold their
    // line numbers); rules move in place (those in a region, which leave, with the lines before it).
    for (let j = first; j < sections.length; j++) {
      const sec = sections[j];
      moveRulesThrough(sec.rules, regions);
      if (sec.agents.every((a) => movedLine(regions, a.line) === a.line) && sec.globalLines.every((l) => movedLine(regions, l) === l)) continue;
      sections[j] = {
        ...sec,
        agents: sec.agents.map((a) => {
          const line = movedLine(regions, a.line) ?? a.line;
          return line === a.line ? a : { token: a.token, line };
        }),
        globalLines: sec.globalLines.map((l) => movedLine(regions, l) ?? l),
      };
    }
  }
  // Each section a region changed gets its rule list anew: its rules between the regions (by
  // their positions before the move) with each region's new rules in their place. Copied by the
  // engine's own slice and concat: pushed one by one, the 47,000 rules of the largest real file
  // took 1.1 ms per line added or removed.
  for (let p = 0; p < plans.length;) {
    const { k } = plans[p];
    let q = p;
    while (q < plans.length && plans[q].k === k) q++;
    if (k >= 0 && plans.slice(p, q).some((plan) => plan.gone.length > 0 || plan.come.length > 0)) {
      // sections[k] may be a copy by now: its rules and index are the same.
      const sec = sections[k];
      const parts: GoogleLine[][] = [];
      let at = 0;
      for (let x = p; x < q; x++) {
        parts.push(sec.rules.slice(at, plans[x].head), plans[x].come);
        at = plans[x].tail;
      }
      parts.push(sec.rules.slice(at));
      const rules = ([] as GoogleLine[]).concat(...parts);
      const index = sec.lazy.index;
      if (index) for (let x = p; x < q; x++) fileRules(index, plans[x].come);
      sections[k] = { ...sec, rules };
    }
    p = q;
  }
  const ruleSection = new Int32Array(lineCount(doc)).fill(-1);
  let oldAt = 0;
  let newAt = 0;
  for (const r of regions) {
    ruleSection.set(prev.ruleSection.subarray(oldAt, r.oldFrom), newAt);
    oldAt = r.oldTo;
    newAt = r.newTo;
  }
  ruleSection.set(prev.ruleSection.subarray(oldAt, lineCount(prev.doc)), newAt);
  for (const { k, come } of plans) for (const r of come) ruleSection[r.line] = k;
  prev.ruleSection = ruleSection;
  return sections;
}

/**
 * Move the rules of a section, in line order, through `regions`, in place (those in a region move
 * with the lines before it: the caller drops them). O(log regions + rules + the regions among
 * them) (a loop of its own: see syntax/numbers.ts).
 */
function moveRulesThrough(rules: readonly GoogleLine[], regions: readonly LineRegion[]): void {
  if (rules.length === 0) return;
  let k = regionAfter(regions, rules[0].line);
  let delta = shiftBefore(regions, k);
  for (let j = 0; j < rules.length; j++) {
    const r = rules[j] as { line: number };
    while (k < regions.length && regions[k].oldTo <= r.line) delta += grownBy(regions[k++]);
    r.line += delta;
  }
}

/** The last section that starts before `line` (at its first User-agent line), or -1. O(log sections). */
function sectionBefore(sections: readonly GoogleSection[], line: number): number {
  let lo = 0;
  let hi = sections.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (firstLineOf(sections[mid]) < line) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

function firstLineOf(sec: GoogleSection): number {
  return Math.min(sec.agents.length ? sec.agents[0].line : Infinity, sec.globalLines.length ? sec.globalLines[0] : Infinity);
}

/** The first of `rules` (in line order) on `line` or after it. O(log rules). */
function lowerBoundLine(rules: readonly GoogleLine[], line: number): number {
  return lowerBoundBy(rules, line, (r) => r.line);
}

/**
 * The class of the first User-agent or rule line from line `i` on (`step` 1) or back (-1):
 * 'other' when there is none, undefined when none is found within PATCH_MAX lines.
 */
function nextClass(doc: RobotsDocument, i: number, step: 1 | -1): LineClass | undefined {
  const count = lineCount(doc);
  for (let seen = 0; i >= 0 && i < count; i += step) {
    const c = classOf(readLine(lineAt(doc, i), i));
    if (c !== 'other') return c;
    if (++seen > PATCH_MAX) return undefined;
  }
  return 'other';
}

function findLine(rules: readonly GoogleLine[], line: number): number {
  let lo = 0;
  let hi = rules.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (rules[mid].line === line) return mid;
    if (rules[mid].line < line) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** `Allow: /dir/index.htm…` also allows `/dir/` itself: that `/dir/$`, or undefined. */
function derivedDirectory(r: GoogleLine): string | undefined {
  if (r.key !== 'allow') return undefined;
  const slash = r.value.lastIndexOf('/');
  return slash >= 0 && r.value.startsWith('/index.htm', slash) ? r.value.slice(0, slash + 1) + '$' : undefined;
}

/**
 * rules[from, to) filed in `index`: each rule line itself under its value, and the `/dir/$` allow
 * it derives (derivedDirectory). A plain loop: a generator and an entry object per rule cost
 * about a fifth of a first query's time on the largest real file (V8 does not optimise a
 * generator's running frame). O(rules + their patterns).
 */
function fileRules(index: PatternIndex<GoogleRule>, rules: readonly GoogleLine[], from = 0, to = rules.length): void {
  for (let k = from; k < to; k++) {
    const r = rules[k];
    index.add(r.value, r);
    const directory = derivedDirectory(r);
    if (directory !== undefined) index.add(directory, new DerivedRule(r, directory));
  }
}

/**
 * What fileRules filed for `rules` taken out of `index`, found by line and kind: the filed objects
 * are those of the sections, which a patch may have replaced. O(rules × entries under a key).
 */
function unfileRules(index: PatternIndex<GoogleRule>, rules: readonly GoogleLine[]): void {
  for (const r of rules) {
    index.removeWhere(r.value, (x) => x.line === r.line && !isDerived(x));
    const directory = derivedDirectory(r);
    if (directory !== undefined) index.removeWhere(directory, (x) => x.line === r.line && isDerived(x));
  }
}

export interface GoogleVerdict {
  readonly allowed: boolean;
  /** Which rules decided: the named group's, the `*` group's, or none (allowed by silence). */
  readonly source: 'specific' | 'global' | 'none';
  /** The deciding line, when a rule decided. */
  readonly line: number | undefined;
  /** A named group matched (so `*` rules were not consulted). */
  readonly specificAgentSeen: boolean;
  readonly best: { readonly allow: GoogleMatch; readonly disallow: GoogleMatch };
  /** The sections that applied to this crawler by name, and those that applied as `*`. */
  readonly specificSections: readonly GoogleSection[];
  readonly globalSections: readonly GoogleSection[];
}

const NONE: GoogleMatch = { priority: -1, line: -1 };

/**
 * Sections by the tokens they name, and one index over a set of sections' rules (the sections a
 * crawler reads merge: Google keeps the highest priority, then the first line, whichever section
 * it comes from). Built once per document and token, so that a query costs a map look-up and
 * one index query, not a scan of every section (hover among 10,000 groups asks 10,000 crawlers).
 */
interface SectionLookup {
  readonly byToken: ReadonlyMap<string, readonly GoogleSection[]>;
  readonly globals: readonly GoogleSection[];
  readonly merged: Map<readonly GoogleSection[], PatternIndex<GoogleRule>>;
  /** The `*` sections that do not also name a token, per token's list (one entry per token asked). */
  readonly globalsBeside: Map<readonly GoogleSection[], readonly GoogleSection[]>;
  /**
   * The best matches of the last path asked, per list of sections: a hover's table asks one path
   * of every crawler it lists, and those no section names all read the same `*` sections.
   */
  bestOf: { readonly path: string; readonly bySections: Map<readonly GoogleSection[], BestMatches> } | undefined;
}

interface BestMatches { readonly allow: GoogleMatch; readonly disallow: GoogleMatch }
const NO_MATCHES: BestMatches = { allow: NONE, disallow: NONE };

const lookupCache = new WeakMap<RobotsDocument, SectionLookup>();

function sectionLookup(doc: RobotsDocument): SectionLookup {
  let out = lookupCache.get(doc);
  if (out) return out;
  const byToken = new Map<string, GoogleSection[]>();
  const globals: GoogleSection[] = [];
  for (const section of googleSections(doc)) {
    for (const { token } of section.agents) {
      const list = byToken.get(token);
      if (!list) byToken.set(token, [section]);
      // A token named twice in one section is listed once (sections come in order).
      else if (list[list.length - 1] !== section) list.push(section);
    }
    if (section.globalLines.length > 0) globals.push(section);
  }
  out = { byToken, globals, merged: new Map(), globalsBeside: new Map(), bestOf: undefined };
  lookupCache.set(doc, out);
  return out;
}


/** The rules of `sections` that match `path` (one index per section below MERGE_FROM): a new array, in no particular order. */
function matchingRules(lookup: SectionLookup, sections: readonly GoogleSection[], path: string): GoogleRule[] {
  if (sections.length >= MERGE_FROM) return [...mergedIndex(lookup, sections).matches(path)];
  const out: GoogleRule[] = [];
  // Copied: an index's answer is shared with its next question.
  for (const sec of sections) for (const r of sectionIndex(sec).matches(path)) out.push(r);
  return out;
}

/** One index over the rules of `sections` (a list from the lookup, so the cache stays bounded by the file). */
function mergedIndex(lookup: SectionLookup, sections: readonly GoogleSection[]): PatternIndex<GoogleRule> {
  let index = lookup.merged.get(sections);
  if (!index) {
    index = new PatternIndex<GoogleRule>([]);
    for (const s of sections) fileRules(index, s.rules);
    lookup.merged.set(sections, index);
  }
  return index;
}

/** The `*` sections not among `specific` (a token's list): O(sections) once per token, then O(1). */
function globalsBeside(lookup: SectionLookup, specific: readonly GoogleSection[]): readonly GoogleSection[] {
  let out = lookup.globalsBeside.get(specific);
  if (!out) {
    const named = new Set(specific);
    out = lookup.globals.filter((s) => !named.has(s));
    lookup.globalsBeside.set(specific, out);
  }
  return out;
}

/**
 * The sections whose rules Google reads for `agent`, as googleEvaluate chooses them: those that
 * name it, else the `*` sections. The lookup's own lists, so the same array for every crawler
 * that reads the same sections of a version: O(1) per version after the first.
 */
export function googleSectionsFor(doc: RobotsDocument, agent: string): readonly GoogleSection[] {
  const lookup = sectionLookup(doc);
  return lookup.byToken.get(agent.toLowerCase()) ?? lookup.globals;
}

export interface SectionSpan {
  /** The section's first User-agent line. */
  readonly start: number;
  /** The next section's first line, or the line count. */
  readonly end: number;
}

/**
 * The lines each of `sections` (sections of `doc`, such as googleSectionsFor's) holds in Google's
 * reading: from its first User-agent line to the next section's first line, or the end of the
 * file. robots.cc opens a group only at a User-agent line after a rule; every other line — a key
 * it does not know (Content-Usage, Content-Signal, the ACAP fields), a Sitemap, a comment — ends
 * nothing, so it stands in the section open where it is. The next section is found by line among
 * the version's sections, not by object: a version whose sections were built again may still be
 * asked with its lookup's lists. O(k log S) for k sections among S (a file can have 26,000).
 */
export function googleSectionSpans(doc: RobotsDocument, sections: readonly GoogleSection[]): SectionSpan[] {
  const all = googleSections(doc);
  return sections.map((sec) => {
    const start = firstLineOf(sec);
    // The last section starting at `start` or before: this one.
    const next = all[sectionBefore(all, start + 1) + 1];
    return { start, end: next ? firstLineOf(next) : lineCount(doc) };
  });
}

/** Whether a section of Google's reading names `agent` (else it reads the `*` sections): O(1) per version after the first. */
export function googleNamesAgent(doc: RobotsDocument, agent: string): boolean {
  return sectionLookup(doc).byToken.has(agent.toLowerCase());
}

/**
 * Google's verdict for `agent` (compared as given, case-insensitively, with the token Google
 * extracts from each User-agent value) on `path` (already percent-encoded, as Google expects).
 * Cost: a map look-up and one index query (PatternIndex), plus O(sections naming `*`) to list them.
 */
export function googleEvaluate(doc: RobotsDocument, agent: string, path: string): GoogleVerdict {
  const a = agent.toLowerCase();
  const lookup = sectionLookup(doc);
  const specificSections = lookup.byToken.get(a) ?? [];
  const globalSections = specificSections.length === 0 ? lookup.globals : globalsBeside(lookup, specificSections);
  if (lookup.bestOf?.path !== path) lookup.bestOf = { path, bySections: new Map() };
  const known = lookup.bestOf.bySections;
  const best = (sections: readonly GoogleSection[]): BestMatches => {
    // No sections (a crawler none names has a fresh empty list): nothing to keep.
    if (sections.length === 0) return NO_MATCHES;
    let kept = known.get(sections);
    if (!kept) known.set(sections, (kept = bestMatches(sections)));
    return kept;
  };
  const bestMatches = (sections: readonly GoogleSection[]): BestMatches => {
    let allow = NONE;
    let disallow = NONE;
    const hits = matchingRules(lookup, sections, path).sort((x, y) => x.line - y.line || Number(isDerived(x)) - Number(isDerived(y)));
    const matchedLines = new Set(hits.filter((h) => !isDerived(h)).map((h) => h.line));
    for (const h of hits) {
      if (isDerived(h) && matchedLines.has(h.line)) continue;
      // Google keeps the first line of the highest priority (a strictly greater one replaces it).
      const priority = h.value.length;
      if (h.key === 'allow') { if (allow.priority < priority || (allow.priority === priority && h.line < allow.line)) allow = { priority, line: h.line }; }
      else if (disallow.priority < priority || (disallow.priority === priority && h.line < disallow.line)) disallow = { priority, line: h.line };
    }
    return { allow, disallow };
  };
  const specific = best(specificSections);
  if (specific.allow.priority > 0 || specific.disallow.priority > 0) {
    const dis = specific.disallow.priority > specific.allow.priority;
    return { allowed: !dis, source: 'specific', line: dis ? specific.disallow.line : specific.allow.line, specificAgentSeen: true, best: specific, specificSections, globalSections };
  }
  if (specificSections.length > 0) {
    return { allowed: true, source: 'none', line: undefined, specificAgentSeen: true, best: specific, specificSections, globalSections };
  }
  const global = best(globalSections);
  if (global.allow.priority > 0 || global.disallow.priority > 0) {
    const dis = global.disallow.priority > global.allow.priority;
    return { allowed: !dis, source: 'global', line: dis ? global.disallow.line : global.allow.line, specificAgentSeen: false, best: global, specificSections, globalSections };
  }
  return { allowed: true, source: 'none', line: undefined, specificAgentSeen: false, best: global, specificSections, globalSections };
}
