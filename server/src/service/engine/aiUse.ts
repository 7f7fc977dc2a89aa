/**
 * AI usages: may crawler C use path P for `ai-train`, `ai-input` or `search`? Allowed,
 * prohibited or unknown, with the deciding lines, from every signal of the file that bears on it,
 * combined most-restrictive-first:
 *
 *   robots     crawling refused (the active profile's reading of the crawler's group): nothing
 *              the crawler cannot fetch may be used, and no preference applies there (aipref
 *              attach draft: preferences apply to what may be crawled);
 *   Content-Usage (IETF aipref attach draft, vocabulary drafts -05 … -08): in the crawler's
 *              group as the active profile reads it (under google, Google's sections; decisions
 *              §1), the lines whose path matches (no path: every path), the longest path
 *              deciding, most restrictive among equals; `train-ai` speaks on ai-train, `search`
 *              on search; only y/n count; a line that is not a Dictionary is void;
 *   Content-Signal (Cloudflare's policy; `Content-Signals` too): the same path rule; a missing
 *              key neither grants nor restricts;
 *   control tokens: the group of Google-Extended governs Googlebot's ai-train and ai-input,
 *              Applebot-Extended's Applebot's ai-train (facts/crawlers.json says which);
 *   TDMRep:    the site's /.well-known/tdmrep.json (read through the workspace, never fetched),
 *              on ai-train: the first rule whose location matches, reservation 1 refusing and 0
 *              not reserving (W3C TDMRep §3.3);
 *   RSL:       the licence a `License:` line names, when it is a path on the site (a URL is
 *              never fetched): the <content> whose url matches, its permits/prohibits usage
 *              tokens (syntax/rsl.ts: all, ai-all, ai-train, ai-input, search);
 *   ACAP:      the mapping of facts/signalFacts.ts (search ← index, ai-input ← present / other,
 *              ai-train ← other, all ← crawl), read from the ACAP engine's own decision.
 *
 * Any prohibition wins; else any permission; else unknown. Statements that disagree are
 * reported as contradictions. Cost: O(L) to find the crawler's preference lines plus one
 * conventional evaluation per control token and ≤ 3 ACAP evaluations (each O(R) in rules).
 */
import { CONTROL_TOKEN_OF, CRAWLER_BY_TOKEN, type AiUse } from '../facts/crawlers';
import { ACAP_AI_MAPPING, CONTENT_SIGNAL_ALIASES, CONTENT_SIGNAL_KEY_BY_NAME, CONTENT_USAGE_LABELS } from '../facts/signalFacts';
import { getModel, type Group } from '../model/model';
import { carryLines, carryLinesIn, carryLinesThrough, grownBy, lineAt, lineCount, rangesChangedSince, regionAfter, regionsChangedSince, serialOf, shiftBefore, type RobotsDocument } from '../syntax/document';
import { lowerBound } from '../syntax/numbers';
import { keepPerUri } from './carried';
import { matchPattern, normalizePercent } from '../syntax/paths';
import { parseContentSignal, parseContentUsage } from '../syntax/signals';
import { evaluateConventional, type ConventionalVerdict, type Profile } from './conventional';
import { googleSectionsFor, googleSectionSpans } from './google';
import { agentToken, explainDecision, queryPath, type LineRef } from './permissions';
import { folderOf, resolveLocator, type WorkspaceContext } from '../syntax/workspace';
import { parseRsl, rslContentFor, rslSays } from '../syntax/rsl';
import { parseTdmrep, tdmRuleFor, TDMREP_PATH } from '../syntax/tdmrep';

export type AiVerdict = 'allowed' | 'prohibited' | 'unknown';
export type SignalVocabulary = 'robots' | 'content-usage' | 'content-signal' | 'control-token' | 'acap' | 'html-meta' | 'tdmrep' | 'rsl';

export interface AiSignal extends LineRef {
  readonly vocabulary: SignalVocabulary;
  readonly use: AiUse;
  readonly says: AiVerdict;
  /** Whether this line takes part in the verdict (a shorter path, a void line or a preference where crawling is refused does not). */
  readonly decides: boolean;
  /** What the line says, in one sentence. */
  readonly meaning: string;
}

export interface AiContradiction {
  /** 1-based lines. */
  readonly lines: readonly number[];
  readonly message: string;
}

export interface AiUseQuery {
  readonly agent: string;
  readonly path: string;
  readonly use: AiUse;
  readonly profile?: Profile;
}

export interface AiUseAnswer {
  readonly agent: string;
  readonly use: AiUse;
  /** The path compared, percent-encoding normalised. */
  readonly path: string;
  readonly profile: Profile;
  readonly verdict: AiVerdict;
  readonly decidedBy: readonly LineRef[];
  readonly signals: readonly AiSignal[];
  readonly contradictions: readonly AiContradiction[];
  /** The crawl verdict the AI use depends on. */
  readonly crawl: { readonly allowed: boolean; readonly line: number | undefined; readonly why: string };
  readonly notes: readonly string[];
  readonly summary: string;
}

/** `train-ai` (the aipref label) and the like, as the AI use they name; undefined if none. */
export function aiUseOf(word: string): AiUse | undefined {
  const w = word.trim().toLowerCase();
  if (w === 'ai-train' || w === 'train-ai') return 'ai-train';
  if (w === 'ai-input') return 'ai-input';
  if (w === 'search') return 'search';
  return undefined;
}

const USE_WORDS: Readonly<Record<AiUse, string>> = { 'ai-train': 'train AI models on', 'ai-input': 'use as AI input (answers, grounding)', 'search': 'index for search' };

function lineRef(doc: RobotsDocument, i: number): LineRef {
  return { line: i + 1, text: lineAt(doc, i).text.trim() };
}

/**
 * The signal of line `i` of the file asked about. Signals are written out whole, never spread
 * from a line reference: in V8, object spreads in the answers a hover table asks for by the
 * dozen made them survive the young generation's collections (see evaluateConventional).
 */
function lineSignal(doc: RobotsDocument, i: number, vocabulary: SignalVocabulary, use: AiUse, says: AiVerdict, decides: boolean, meaning: string): AiSignal {
  return { line: i + 1, text: lineAt(doc, i).text.trim(), vocabulary, use, says, decides, meaning };
}

/** A signal from another file (TDMRep, RSL), now saying whether it decides. */
function withDecides(s: AiSignal, decides: boolean): AiSignal {
  return { line: s.line, text: s.text, file: s.file, vocabulary: s.vocabulary, use: s.use, says: s.says, decides, meaning: s.meaning };
}

/**
 * The groups holding any of `agentLines` (the User-agent lines of a verdict's groups). Groups are
 * in line order and each agent line lies inside its group, so each line's group is found by
 * binary search: O(k log G) for k lines among G groups (a hover table asks once per crawler, and
 * a file can have 26,000 groups). A crawler's long list is shared while the structure stands, so
 * its answer is remembered.
 */
const appliedCache = new WeakMap<readonly number[], { readonly groups: readonly Group[]; readonly applied: readonly Group[] }>();
function groupsOfLines(groups: readonly Group[], agentLines: readonly number[]): readonly Group[] {
  const known = appliedCache.get(agentLines);
  if (known && known.groups === groups) return known.applied;
  const applied: Group[] = [];
  for (const a of [...agentLines].sort((x, y) => x - y)) {
    let lo = 0;
    let hi = groups.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (groups[mid].startLine <= a) lo = mid;
      else hi = mid - 1;
    }
    const g = groups[lo];
    // A binary search of the group's ascending agent lines: includes() made 192,000 User-agent
    // lines of one group quadratic (13 s).
    if (g !== undefined && applied[applied.length - 1] !== g && g.agents[lowerBound(g.agents, a)] === a) applied.push(g);
  }
  if (agentLines.length >= 8) appliedCache.set(agentLines, { groups, applied });
  return applied;
}

/**
 * The lines of a group whose preference lines apply to a crawler, and the object its lists are
 * kept by (preferenceLines), which stays the same while the group does: a model group's member
 * list, a Google section's User-agent list.
 */
interface GroupSpan {
  readonly key: object;
  readonly start: number;
  readonly end: number;
}

const spansCache = new WeakMap<object, Map<Group, GroupSpan>>();

/**
 * The lines of each group: from its first User-agent line to the next group or ACAP record.
 * Once per model, O(n log n) in groups and records (one sort, then a moving pointer): every AI-use
 * answer asks, and a hover asks for every crawler.
 */
function groupSpans(doc: RobotsDocument): Map<Group, GroupSpan> {
  const model = getModel(doc);
  let out = spansCache.get(model);
  if (out) return out;
  const starts = [...model.groups.map((g) => g.startLine), ...model.records.map((r) => r.startLine)].sort((a, b) => a - b);
  out = new Map();
  const byEnd = [...model.groups].sort((a, b) => a.endLine - b.endLine);
  let k = 0;
  for (const g of byEnd) {
    while (k < starts.length && starts[k] <= g.endLine) k++;
    out.set(g, { key: g.members, start: g.startLine, end: k < starts.length ? starts[k] : lineCount(doc) });
  }
  spansCache.set(model, out);
  return out;
}

/** Per list of Google's sections (the lookup's, one per version and token or `*`): their spans. */
const googleSpansCache = new WeakMap<object, readonly GroupSpan[]>();

/**
 * The groups whose Content-Usage and Content-Signal lines speak to the crawler `token` of the
 * verdict `crawl`: the groups that verdict read, as its profile reads them. Under `google` those
 * are Google's sections (google.ts; decisions §1), not the model's RFC 9309 groups: robots.cc
 * also reads `useragent` and `Dissallow`, and only a rule ends a group's User-agent lines, so the
 * verdict's User-agent lines may lie in no model group, or in one that ends elsewhere. O(k log G)
 * for k User-agent lines among G groups (groupsOfLines); under google the sections' spans once
 * per list of sections and version (O(k log S) for k sections among S), then O(1).
 */
function appliedSpans(doc: RobotsDocument, crawl: ConventionalVerdict, token: string): readonly GroupSpan[] {
  if (crawl.profile === 'google') {
    const sections = googleSectionsFor(doc, token);
    let out = googleSpansCache.get(sections);
    if (!out) {
      const spans = googleSectionSpans(doc, sections);
      out = sections.map((sec, k) => ({ key: sec.agents, start: spans[k].start, end: spans[k].end }));
      googleSpansCache.set(sections, out);
    }
    return out;
  }
  const spans = groupSpans(doc);
  return groupsOfLines(getModel(doc).groups, crawl.groupLines).flatMap((g) => {
    const s = spans.get(g);
    return s ? [s] : [];
  });
}

const PREFERENCE_NAMES: readonly string[] = ['content-usage', 'content-signal', ...CONTENT_SIGNAL_ALIASES];
const PREFERENCE_NAME_LENGTHS = new Set(PREFERENCE_NAMES.map((n) => n.length));
/**
 * Per group (its span's key, which a carried-over model or patched sections share): the version
 * it answers, by serial number (serialOf), and its span. The version itself is not held: a group
 * not asked since held the version it was last asked in alive, with every analysis of it (asking
 * about one crawler after another while typing kept one version of four alive, 81 of 400).
 */
const preferenceCache = new WeakMap<object, { readonly serial: number; readonly start: number; readonly end: number; readonly lines: readonly number[] }>();

function isPreferenceLine(doc: RobotsDocument, i: number): boolean {
  const node = lineAt(doc, i);
  const f = node.field;
  if (!f || !PREFERENCE_NAME_LENGTHS.has(f.name.end - f.name.start) || (node.text.charCodeAt(f.name.start) | 0x20) !== 0x63) return false;
  return PREFERENCE_NAMES.includes(node.text.slice(f.name.start, f.name.end).toLowerCase());
}

/**
 * The lines of a group's span whose field name is Content-Usage, Content-Signal or an alias (the
 * only ones `readPreference` reads): O(span) integer checks (name length and first letter)
 * before any string work, once per version, and after an edit only the changed lines are
 * checked again (O(edited + preference lines)), so a query visits those few lines and not the
 * group's thousands of rules.
 */
function preferenceLines(doc: RobotsDocument, s: GroupSpan): readonly number[] {
  const entry = preferenceCache.get(s.key);
  const serial = serialOf(doc);
  let lines: number[] | undefined;
  if (entry && entry.start === s.start && entry.end === s.end) {
    if (entry.serial === serial) return entry.lines;
    const changed = rangesChangedSince(doc, entry.serial);
    if (changed) lines = carryLinesIn(entry.lines, changed, (i) => isPreferenceLine(doc, i), s.start, s.end);
  }
  const carried = carriedPreferences(doc);
  if (!lines) {
    // A group built again after lines were added or removed: its list carried over where its span
    // starts, cut at its end or read on to it (ACAP records added below a group end its span
    // earlier: the group's thousands of lines were read again).
    const moved = carried.get(s.start);
    if (moved && moved.end >= s.end) lines = moved.end === s.end ? (moved.lines as number[]) : moved.lines.filter((i) => i < s.end);
    else {
      lines = moved ? moved.lines.slice() : [];
      for (let i = moved ? moved.end : s.start; i < s.end; i++) if (isPreferenceLine(doc, i)) lines.push(i);
    }
  }
  preferenceCache.set(s.key, { serial, start: s.start, end: s.end, lines });
  carried.set(s.start, { start: s.start, end: s.end, lines });
  return lines;
}

interface PreferenceSpan {
  readonly start: number;
  readonly end: number;
  readonly lines: readonly number[];
}

/**
 * Per URI, the last version asked and its lists, by the start of their group's span (keepPerUri),
 * so that a model built again after lines were added or removed (new member arrays) finds its
 * groups' lists: `carriedPreferences` moves them to the next version asked (as lastLicense).
 */
const lastPreferences = new Map<string, { readonly doc: RobotsDocument; readonly bySpan: Map<number, PreferenceSpan> }>();

/**
 * The URI's lists moved to `doc` through the regions changed since (regionsChangedSince): a span
 * no region touches moved by the lines added or removed before it, a span holding regions with
 * their lines read again; a span a region cuts is dropped (its group may have changed). O(1) for
 * the version already carried, else O(spans × log regions + their lines + the regions' lines).
 */
function carriedPreferences(doc: RobotsDocument): Map<number, PreferenceSpan> {
  const kept = lastPreferences.get(doc.uri);
  if (kept?.doc === doc) return kept.bySpan;
  // Only the spans the regions changed are read again (where lines were typed over, added or
  // removed: at a few places, with several cursors); the others move.
  const regions = kept ? regionsChangedSince(doc, kept.doc) : undefined;
  const bySpan = new Map<number, PreferenceSpan>();
  if (kept && regions) {
    for (const e of kept.bySpan.values()) {
      // A span is kept unless a region cuts it or holds its first line (its group may have changed).
      let cut = false;
      let touched = false;
      // The lines added by the regions before the span, and by those before its end.
      const first = regionAfter(regions, e.start);
      const atStart = shiftBefore(regions, first);
      let atEnd = atStart;
      let last = first;
      for (; last < regions.length && regions[last].oldFrom < e.end; last++) {
        const r = regions[last];
        atEnd += grownBy(r);
        touched = true;
        cut ||= r.oldFrom <= e.start || r.oldTo > e.end;
      }
      if (cut) continue;
      const start = e.start + atStart;
      const end = e.end + atEnd;
      if (!touched) bySpan.set(start, atStart === 0 ? e : { start, end, lines: e.lines.map((i) => i + atStart) });
      else bySpan.set(start, { start, end, lines: carryLinesThrough(e.lines, regions, (i) => isPreferenceLine(doc, i), start, end, first, last) });
    }
  }
  keepPerUri(lastPreferences, doc.uri, { doc, bySpan });
  return bySpan;
}

interface PreferenceLine {
  readonly line: number;
  readonly vocabulary: 'content-usage' | 'content-signal';
  /** Normalised path pattern; '' when the line has none (it applies to every path). */
  readonly pattern: string;
  readonly octets: number;
  /** What it says on the use (undefined: silent); `void` when the line cannot be read. */
  readonly says: AiVerdict | undefined;
  readonly void: boolean;
  readonly what: string;
}

function utf8Length(s: string): number {
  return new TextEncoder().encode(s).length;
}

function readPreference(doc: RobotsDocument, i: number, use: AiUse): PreferenceLine | undefined {
  const node = lineAt(doc, i);
  const f = node.field;
  if (!f || f.separator !== 'colon') return undefined;
  const name = node.text.slice(f.name.start, f.name.end).toLowerCase();
  const t = node.text;
  if (name === 'content-usage') {
    const cu = parseContentUsage(t, f.value);
    const pattern = cu.path ? normalizePercent(t.slice(cu.path.start, cu.path.end)) : '';
    if (!cu.dict.ok) return { line: i, vocabulary: 'content-usage', pattern, octets: utf8Length(pattern), says: undefined, void: true, what: 'not an RFC 9651 Dictionary, so the whole line is void' };
    const labels = CONTENT_USAGE_LABELS.filter((l) => l.use === use).map((l) => l.label);
    // RFC 9651 §4.2.2: a repeated key overwrites, so the last one counts.
    const member = [...cu.dict.members].reverse().find((m) => labels.includes(m.key));
    const says: AiVerdict | undefined = !member ? undefined : member.kind === 'token' && member.value === 'y' ? 'allowed' : member.kind === 'token' && member.value === 'n' ? 'prohibited' : 'unknown';
    return { line: i, vocabulary: 'content-usage', pattern, octets: utf8Length(pattern), says, void: false, what: member ? `${member.key}=${member.value || '?1'}` : `no ${labels.join('/') || 'label'} for ${use}` };
  }
  if (name === 'content-signal' || CONTENT_SIGNAL_ALIASES.includes(name)) {
    const cs = parseContentSignal(t, f.value);
    const pattern = cs.path ? normalizePercent(t.slice(cs.path.start, cs.path.end)) : '';
    const pair = [...cs.pairs].reverse().find((p) => CONTENT_SIGNAL_KEY_BY_NAME.get(p.key)?.use === use);
    const says: AiVerdict | undefined = !pair ? undefined : pair.value === 'yes' ? 'allowed' : pair.value === 'no' ? 'prohibited' : 'unknown';
    return { line: i, vocabulary: 'content-signal', pattern, octets: utf8Length(pattern), says, void: false, what: pair ? `${pair.key}=${pair.value}` : `no ${use} key (neither grants nor restricts)` };
  }
  return undefined;
}

/**
 * Preference lines read per group and AI use: at most this many (the rest counted, and the answer
 * says so). Real files have a handful; a generated one with 150,000 in one group made every
 * answer read them all, and a hover's table asks 72 answers (15 s).
 */
const MAX_PREFERENCE_LINES = 10_000;

interface Readings { readonly lines: readonly PreferenceLine[]; readonly total: number }

/** Per group's preference-line list of a version (preferenceLines keeps it while it stands): its readings per use. */
const readingsCache = new WeakMap<readonly number[], Map<AiUse, Readings>>();

/**
 * The group's preference lines read for `use` (readPreference), the first MAX_PREFERENCE_LINES of
 * them: once per version, group and use, O(lines read); every crawler of the group and every
 * path asked shares them.
 */
function preferenceReadings(doc: RobotsDocument, s: GroupSpan, use: AiUse): Readings {
  const list = preferenceLines(doc, s);
  let byUse = readingsCache.get(list);
  if (!byUse) readingsCache.set(list, (byUse = new Map()));
  let r = byUse.get(use);
  if (!r) {
    const lines: PreferenceLine[] = [];
    for (let k = 0; k < list.length && k < MAX_PREFERENCE_LINES; k++) {
      const p = readPreference(doc, list[k], use);
      if (p) lines.push(p);
    }
    byUse.set(use, (r = { lines, total: list.length }));
  }
  return r;
}

/** A line that states a verdict: a line of the document (0-based), or `ref` in another file. */
interface Statement {
  readonly says: AiVerdict;
  readonly line: number;
  readonly ref?: LineRef;
}

function where(s: Statement): string {
  return s.ref ? `line ${s.ref.line} of ${s.ref.file ?? 'another file'}` : `line ${s.line + 1}`;
}

function wheres(ss: readonly Statement[]): string {
  const own = ss.filter((s) => !s.ref).map((s) => s.line + 1);
  const parts = [...(own.length ? [`line${own.length > 1 ? 's' : ''} ${own.join(', ')}`] : []), ...ss.filter((s) => s.ref).map(where)];
  return parts.join(' and ');
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** The document's own 1-based lines among statements. */
function linesOf(ss: readonly Statement[]): number[] {
  return [...new Set(ss.filter((s) => !s.ref).map((s) => s.line + 1))].sort((a, b) => a - b);
}

/**
 * The site's tdmrep.json rule for `path` as a signal (W3C TDMRep §3.3): undefined when there is
 * no workspace or no readable file, null when the file has no matching rule (or its rule has no
 * valid reservation). The site root is the robots.txt's folder. O(file) to parse, O(rules) to match.
 */
/** The last text parsed and its parse: one per kind of file, so at most two texts are held. */
interface LastParse<T> {
  text?: string;
  parsed?: T;
}
const tdmParses: LastParse<ReturnType<typeof parseTdmrep>> = {};
const rslParses: LastParse<ReturnType<typeof parseRsl>> = {};

/**
 * `parse(text)`, or the last answer when `text` is the text parsed last: a request reads a file
 * once (requestView) and asks it for every crawler and use, so the same string comes back and
 * the comparison is a pointer's. O(1) then, else the parse.
 */
function lastParse<T>(memo: LastParse<T>, text: string, parse: (text: string) => T): T {
  if (memo.text !== text) {
    memo.parsed = parse(text);
    memo.text = text;
  }
  return memo.parsed as T;
}

function tdmrepSignal(doc: RobotsDocument, path: string, ctx: WorkspaceContext): { signal: AiSignal } | null | undefined {
  if (!ctx.workspace) return undefined;
  const site = folderOf(doc.uri);
  const uri = site + TDMREP_PATH;
  const read = ctx.workspace.readFile(uri, site);
  if (!('text' in read)) return undefined;
  const rule = tdmRuleFor(lastParse(tdmParses, read.text, parseTdmrep), path);
  if (!rule || rule.reservation === undefined) return null;
  const text = read.text;
  let line = 1;
  for (let i = 0; i < rule.start; i++) if (text.charCodeAt(i) === 10) line++;
  const shown = text.slice(rule.start, rule.end).replace(/\s+/g, ' ');
  const says: AiVerdict = rule.reservation === 1 ? 'prohibited' : 'allowed';
  return {
    signal: {
      line, text: shown.length > 160 ? shown.slice(0, 157) + '…' : shown, file: uri, vocabulary: 'tdmrep', use: 'ai-train', says, decides: true,
      meaning: `${TDMREP_PATH} rule ${rule.index + 1} (location ${rule.location}, the first that matches): tdm-reservation ${rule.reservation} — text and data mining rights are ${rule.reservation === 1 ? `reserved, which covers AI training${rule.policy ? `; licences are offered at ${rule.policy}` : ''}` : 'not reserved'} (W3C TDMRep §3.3)`,
    },
  };
}

/** A `License:` field with its colon: integer checks (name length, first letter) before any string work. */
function isLicenseLine(doc: RobotsDocument, i: number): boolean {
  const node = lineAt(doc, i);
  const f = node.field;
  if (!f || f.separator !== 'colon' || f.name.end - f.name.start !== 7 || (node.text.charCodeAt(f.name.start) | 0x20) !== 0x6c) return false;
  return node.text.slice(f.name.start, f.name.end).toLowerCase() === 'license';
}

/** licenseLines' answer per version (held weakly). */
const licenseCache = new WeakMap<RobotsDocument, readonly number[]>();
/**
 * Per URI, the last version answered and its list, so that the next version patches it
 * (keepPerUri): the version itself, not its serial number, which names only an earlier version,
 * where the next one asked may be of another branch (a conversion's verification, then the
 * editor's version). One version per URI, which the groups' rule indexes hold too.
 */
const lastLicense = new Map<string, { readonly doc: RobotsDocument; readonly lines: readonly number[] }>();

/** Forget `uri`'s last `License:` lines and preference lists (the document was closed). O(1). */
export function forgetLicenseLines(uri: string): void {
  lastLicense.delete(uri);
  lastPreferences.delete(uri);
}

/**
 * The lines holding a `License:` field, once per version: a hover asks for every crawler row,
 * and scanning 47,000 lines per row cost 150 ms a hover on the largest real file. After edits
 * the previous version's list is carried through the regions they changed, read again there
 * (O(edited + licence lines)); otherwise O(lines) integer checks.
 */
function licenseLines(doc: RobotsDocument): readonly number[] {
  let lines = licenseCache.get(doc);
  if (lines) return lines;
  const prev = lastLicense.get(doc.uri);
  // Carried over from the last version (the regions changed since read again), else read from
  // every line.
  const regions = prev ? regionsChangedSince(doc, prev.doc) : undefined;
  const keep = (i: number): boolean => isLicenseLine(doc, i);
  lines = prev && regions ? carryLinesThrough(prev.lines, regions, keep) : carryLines([], { from: 0, oldEnd: 0, newEnd: lineCount(doc) }, keep);
  licenseCache.set(doc, lines);
  keepPerUri(lastLicense, doc.uri, { doc, lines });
  return lines;
}

/**
 * What the RSL licences named by the document's `License:` lines say on `use` at `path`. A
 * relative or `/` path resolves in the site folder through the workspace; a URL is never
 * fetched (a note says so). O(L) lines plus one parse per licence file.
 */
function rslSignals(doc: RobotsDocument, path: string, use: AiUse, ctx: WorkspaceContext, notes: string[]): AiSignal[] {
  const out: AiSignal[] = [];
  const site = folderOf(doc.uri);
  licenseLines(doc).forEach((i) => {
    const node = lineAt(doc, i);
    const f = node.field!;
    const value = node.text.slice(f.value.start, f.value.end).trim();
    if (value === '') return;
    if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(value)) {
      notes.push(`Line ${i + 1} names a licence at ${value}, which is never fetched; put the file in the site folder and name it by its path to have it read.`);
      return;
    }
    const uri = ctx.workspace ? resolveLocator(value, site) : undefined;
    const read = uri && ctx.workspace ? ctx.workspace.readFile(uri, site) : undefined;
    if (!uri || !read || !('text' in read)) {
      notes.push(`The licence of line ${i + 1} (${value}) cannot be read${read && 'refused' in read ? `: ${read.refused}` : ''}.`);
      return;
    }
    const content = rslContentFor(lastParse(rslParses, read.text, parseRsl), path);
    const said = content ? rslSays(content, use) : undefined;
    if (!content || !said) {
      notes.push(`The licence of line ${i + 1} (${value}) ${content ? `says nothing on ${use} for ${content.url}` : `has no <content> whose url matches ${path}`}.`);
      return;
    }
    let line = 1;
    for (let k = 0; k < content.start; k++) if (read.text.charCodeAt(k) === 10) line++;
    const tag = read.text.slice(content.start, read.text.indexOf('>', content.start) + 1);
    out.push({
      line, text: tag, file: uri, vocabulary: 'rsl', use, says: said.says, decides: true,
      meaning: said.token
        ? `the RSL licence of line ${i + 1} ${said.says === 'allowed' ? 'permits' : 'prohibits'} ‘${said.token}’ for ${content.url}, which ${said.says === 'allowed' ? 'grants (on the licence\'s terms)' : 'refuses'} ${use}`
        : `the RSL licence of line ${i + 1} permits only ${content.permits?.join(', ') || 'nothing'} for ${content.url}, so ${use} is not licensed`,
    });
  });
  return out;
}

/** Most restrictive of several statements: prohibited, else allowed, else unknown. */
function strictest(says: readonly AiVerdict[]): AiVerdict {
  return says.includes('prohibited') ? 'prohibited' : says.includes('allowed') ? 'allowed' : 'unknown';
}

const VERDICT_WORD: Readonly<Record<AiVerdict, string>> = { allowed: 'allows', prohibited: 'refuses', unknown: 'says nothing definite on' };

/** Answer an AI-use query about a document. */
/**
 * The crawler a question about `token` is answered for: asking about a control token
 * (Google-Extended) means asking about the crawler it governs (Googlebot); any other token
 * stands for itself.
 */
export function answeredFor(token: string): string {
  return CRAWLER_BY_TOKEN.get(token.toLowerCase())?.controls?.crawlers[0] ?? token;
}

/**
 * What explainAiUse's verdicts and deciding lines for `query`'s crawler depend on besides the
 * path, the use, the profile and the site's files, when that is its conventional verdict alone:
 * the crawler is no control token and none governs it, and the file has no ACAP record (ACAP
 * answers by crawler name). The verdict is the object explainAiUse reads, which
 * evaluateConventional shares between crawlers that read the same groups, so crawlers given the
 * same one here get the same verdicts, deciding lines and number of contradictions (only the
 * answers' wording names the crawler). Undefined otherwise. O(1) after the first verdict.
 */
export function aiAnswerKey(doc: RobotsDocument, query: Omit<AiUseQuery, 'use'>): object | undefined {
  const asked = agentToken(query.agent);
  const lower = asked.toLowerCase();
  if (CRAWLER_BY_TOKEN.get(lower)?.controls || CONTROL_TOKEN_OF.has(lower) || getModel(doc).records.length > 0) return undefined;
  return evaluateConventional(doc, asked, queryPath(query.path), query.profile ?? 'rfc9309');
}

export function explainAiUse(doc: RobotsDocument, query: AiUseQuery, ctx: WorkspaceContext = {}): AiUseAnswer {
  const model = getModel(doc);
  const profile = query.profile ?? 'rfc9309';
  const use = query.use;
  const asked = agentToken(query.agent);
  const fact = CRAWLER_BY_TOKEN.get(asked.toLowerCase());
  const notes: string[] = [];
  const token = answeredFor(asked);
  if (fact?.controls) notes.push(`${fact.token} is a control token with no crawler of its own: the answer is for ${token}, whose crawls it governs for ${fact.controls.uses.join(' and ')}.`);
  // As explain reads it: a path given without its leading `/` is a path, never a host name.
  const rawPath = queryPath(query.path);
  const path = normalizePercent(rawPath);
  const signals: AiSignal[] = [];
  const contradictions: AiContradiction[] = [];

  const crawl = evaluateConventional(doc, token, rawPath, profile);
  const crawlRefused = !crawl.allowed;
  if (crawl.line !== undefined) {
    signals.push(lineSignal(doc, crawl.line, 'robots', use, crawl.allowed ? 'unknown' : 'prohibited', crawlRefused,
      crawl.allowed ? `crawling is allowed (${crawl.why}); that alone says nothing on ${use}` : `crawling is refused (${crawl.why}), so no content can be fetched for ${use}`));
  }

  // Content-Usage and Content-Signal in the groups that apply to the crawler, as its profile reads them.
  const prefs: PreferenceLine[] = [];
  for (const s of appliedSpans(doc, crawl, token)) {
    const readings = preferenceReadings(doc, s, use);
    for (const p of readings.lines) if (p.pattern === '' || matchPattern(p.pattern, path)) prefs.push(p);
    if (readings.total > MAX_PREFERENCE_LINES) {
      notes.push(`The group of line ${s.start + 1} has ${readings.total} Content-Usage and Content-Signal lines: only the first ${MAX_PREFERENCE_LINES} were read, so a later one that would decide is not seen here.`);
    }
  }
  const decidingPrefs: PreferenceLine[] = [];
  for (const vocabulary of ['content-usage', 'content-signal'] as const) {
    const lines = prefs.filter((p) => p.vocabulary === vocabulary && !p.void);
    // A loop, not Math.max(...): a spread of a group's every matching line can pass the
    // engine's argument limit (150,000 lines threw).
    let longest = -1;
    let longestLine = 0;
    for (const p of lines) {
      if (p.octets > longest) {
        longest = p.octets;
        longestLine = p.line;
      }
    }
    for (const p of prefs.filter((x) => x.vocabulary === vocabulary)) {
      const top = !p.void && p.octets === longest;
      if (top && p.says !== undefined) decidingPrefs.push(p);
      // The first line of the longest path, found once: looked for per beaten line, it made
      // this loop quadratic in the group's preference lines.
      const beaten = !p.void && !top ? `; a longer path on line ${longestLine + 1} decides here` : '';
      signals.push(lineSignal(doc, p.line, vocabulary, use, p.says ?? 'unknown', top && !crawlRefused && p.says !== undefined && p.says !== 'unknown',
        p.void ? `${vocabulary === 'content-usage' ? 'Content-Usage' : 'Content-Signal'} line ${p.what}` : `${p.what}${p.pattern ? ` on ${p.pattern}` : ' on every path'}: ${p.says === undefined ? 'silent on' : VERDICT_WORD[p.says]} ${use}${beaten}`));
    }
  }

  // Control tokens (Google-Extended, Applebot-Extended).
  const statements: Statement[] = decidingPrefs.filter((p) => p.says === 'allowed' || p.says === 'prohibited').map((p) => ({ says: p.says as AiVerdict, line: p.line }));
  const control = CONTROL_TOKEN_OF.get(token.toLowerCase());
  if (control?.controls?.uses.includes(use)) {
    const v = evaluateConventional(doc, control.token, rawPath, profile);
    // A refusal counts through the * group too (the token obeys it); a permission only from a
    // group that names the token: `Allow: /` for every crawler says nothing about AI training.
    if (v.line !== undefined && (!v.allowed || v.named)) {
      const says: AiVerdict = v.allowed ? 'allowed' : 'prohibited';
      statements.push({ says, line: v.line });
      signals.push(lineSignal(doc, v.line, 'control-token', use, says, !crawlRefused,
        `${control.token} governs ${token}'s ${control.controls.uses.join(' and ')}: ${v.allowed ? 'its group allows the path' : 'its group disallows the path'}${v.named ? '' : ' (through the * group, which applies to it)'}`));
    } else if (v.named) {
      notes.push(`A group names ${control.token} but no line of it matches ${path}, so it does not restrict ${use} here.`);
    }
  }

  // TDMRep (W3C TDMRep §3.3): the site's property file, first matching rule.
  if (use === 'ai-train') {
    const tdm = tdmrepSignal(doc, path, ctx);
    if (tdm) {
      signals.push(withDecides(tdm.signal, !crawlRefused));
      statements.push({ says: tdm.signal.says, line: -1, ref: { line: tdm.signal.line, text: tdm.signal.text, file: tdm.signal.file } });
    } else if (tdm === null) {
      notes.push(`The site's ${TDMREP_PATH} has no rule whose location matches ${path}, so it says nothing on ${use} here.`);
    }
  }

  // RSL: the licences of the file's License lines that can be read in the site.
  for (const r of rslSignals(doc, path, use, ctx, notes)) {
    signals.push(withDecides(r, !crawlRefused));
    statements.push({ says: r.says, line: -1, ref: { line: r.line, text: r.text, file: r.file } });
  }

  // ACAP (facts/signalFacts.ts ACAP_AI_MAPPING; README "AI usage signals").
  if (model.records.length > 0) {
    const map = ACAP_AI_MAPPING.find((m) => m.use === use);
    for (const usage of [...new Set([...(map?.refusedBy ?? []), ...(map?.grantedBy ?? [])])]) {
      const d = explainDecision(doc, { agent: token, usage, path: rawPath, profile, reading: 'acap' }, ctx);
      if (!['narrowest', 'acap-over-conventional', 'specific-usage', 'tie-prohibited'].includes(d.reason)) continue;
      const winners = d.winners.filter((w) => w.source === 'acap');
      if (winners.length === 0) continue;
      const says: AiVerdict | undefined = !d.allowed && map?.refusedBy.includes(usage) ? 'prohibited' : d.allowed && map?.grantedBy.includes(usage) ? 'allowed' : undefined;
      for (const w of winners) {
        signals.push(lineSignal(doc, w.line - 1, 'acap', use, says ?? 'unknown', says !== undefined && !crawlRefused, says === undefined
          ? `ACAP ${d.allowed ? 'permits' : 'prohibits'} ${usage}, which does not ${d.allowed ? 'grant' : 'refuse'} ${use} (${map?.why})`
          : `ACAP ${d.allowed ? 'permits' : 'prohibits'} ${usage}; ${map?.why}, so it ${VERDICT_WORD[says]} ${use}`));
        if (says) statements.push({ says, line: w.line - 1 });
      }
    }
    if (!(fact?.readsAcap ?? false)) notes.push(`${fact?.token ?? token} is not documented to read ACAP: its lines state the publisher's wish, which that crawler may not see.`);
  }

  // Combine, most restrictive first.
  let verdict: AiVerdict;
  let deciding: Statement[];
  const crawlRef = crawl.line !== undefined ? [{ says: 'prohibited' as const, line: crawl.line }] : [];
  if (crawlRefused) {
    verdict = 'prohibited';
    deciding = crawlRef;
    for (const s of statements.filter((x) => x.says === 'allowed')) {
      contradictions.push({ lines: linesOf([s, ...deciding]), message: `${capitalise(where(s))} allows ${use} on a path this crawler may not fetch${deciding.length ? ` (line ${deciding[0].line + 1})` : ''}; no preference applies where crawling is refused.` });
    }
  } else {
    verdict = strictest(statements.map((s) => s.says));
    deciding = statements.filter((s) => s.says === verdict);
    const yes = statements.filter((s) => s.says === 'allowed');
    const no = statements.filter((s) => s.says === 'prohibited');
    if (yes.length && no.length) {
      contradictions.push({
        lines: linesOf([...yes, ...no]),
        message: `${capitalise(wheres(yes))} allow${yes.length > 1 ? '' : 's'} ${use} and ${wheres(no)} refuse${no.length > 1 ? '' : 's'} it; the most restrictive applies.`,
      });
    }
  }
  if (fact && fact.purpose === 'user-triggered' && fact.honoursRobotsTxt === false) notes.push(`${fact.token} fetches on a user's request and its operator says robots.txt may not apply to it.`);
  if (!fact) notes.push(`${asked} is not in the crawler knowledge base; only the file's own lines were read.`);
  const decidedBy = [
    ...[...new Set(deciding.filter((d) => !d.ref).map((d) => d.line))].sort((a, b) => a - b).map((l) => lineRef(doc, l)),
    ...deciding.flatMap((d) => (d.ref ? [d.ref] : [])),
  ];
  const who = asked || '*';
  const summary = verdict === 'unknown'
    ? `${who}: ${use} on ${path} is unknown — no line of the file speaks on it for this crawler`
    : `${who} ${verdict === 'allowed' ? 'may' : 'may not'} ${USE_WORDS[use]} ${path}: decided by ${decidedBy.length > 1 ? 'lines' : 'line'} ${decidedBy.map((d) => (d.file ? `${d.line} of ${d.file}` : `${d.line}`)).join(', ')}${crawlRefused ? ' (crawling refused)' : ''}`;
  return {
    agent: who, use, path, profile, verdict, decidedBy, signals, contradictions,
    crawl: { allowed: crawl.allowed, line: crawl.line === undefined ? undefined : crawl.line + 1, why: crawl.why },
    notes, summary,
  };
}

/** The answer as text, for the CLI. */
export function formatAiUse(a: AiUseAnswer): string {
  const out = [a.summary];
  for (const d of a.decidedBy) out.push(`  line ${d.line}: ${d.text}`);
  for (const s of a.signals) out.push(`  ${s.decides ? '*' : '-'} ${s.vocabulary} line ${s.line}: ${s.meaning}`);
  for (const c of a.contradictions) out.push(`  contradiction: ${c.message}`);
  for (const n of a.notes) out.push(`  note: ${n}`);
  return out.join('\n') + '\n';
}
