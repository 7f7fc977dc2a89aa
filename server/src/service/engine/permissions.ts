/**
 * The permission engine: may crawler C use path P for usage U (for purpose X)? With the
 * qualifiers that travel with a permission and a trace of every line that took part.
 *
 * Implements docs/decisions.md §1-3 and Part 1 §2.4.5 and §2.9:
 *   tiers, highest first: named sub-records matching X, `*` sub-records matching X, named general
 *   fields, `*` general fields; the first tier with a candidate decides (§3.1);
 *   candidates: fields for U and its base usage, local usages expanded, resource sets by their
 *   narrowest matching pattern, conventional Allow/Disallow lines as crawl candidates (§3.2, §3.6);
 *   winner: narrowest scope (Part 1 §2.4.5); on a tie ACAP beats a conventional line, the more
 *   specific usage beats its base, and allow against disallow is prohibited (§3.3);
 *   no candidate: ACAP-disallow-other prohibits, otherwise silence permits (§3.4);
 *   every usage but crawl also needs crawl (§3.5).
 *
 * Line numbers in explanations are 1-based, as people count them.
 */
import { StringMemo } from '../syntax/ownString';
import { compileRecords, patternKey, readWhole, recordIndex, takeEarlierList, type AcapField, type CompiledRecord } from './acapRules';
import { conventionalView, evaluateConventional, PROFILES, type ConventionalVerdict, type Profile } from './conventional';
import { CRAWLER_BY_TOKEN } from '../facts/crawlers';
import { lineAt, type RobotsDocument } from '../syntax/document';
import { USAGE_BY_NAME } from '../facts/facts';
import { getModel, type AcapRecord, type RobotsModel } from '../model/model';
import { compareScope, matchPattern, narrowerTest, narrowestOf, normalizePercent, pathOfUrl } from '../syntax/paths';
import { PatternIndex } from './patternIndex';
import { lowerBoundBy } from '../syntax/numbers';
import { resolveReference, type WorkspaceContext } from '../syntax/workspace';

export type Reading = 'acap' | 'conventional';
export type TierName = 'named-purpose' | 'star-purpose' | 'named' | 'star';

export interface Query {
  /** A product token (`GPTBot`) or a whole User-Agent string (its token is used, interpretation §1). */
  readonly agent: string;
  /** A usage type; default `crawl`. */
  readonly usage?: string;
  /** A path or a URL. */
  readonly path: string;
  readonly purpose?: string;
  readonly profile?: Profile;
  /** ACAP crawler or conventional crawler; default: `acap` when the file has ACAP records. */
  readonly reading?: Reading;
}

export interface LineRef {
  /** 1-based. */
  readonly line: number;
  readonly text: string;
  /** The file the line stands in, when it is not the one asked about (an ACAP-permissions-reference target, interpretation §3.8). */
  readonly file?: string;
}

/** Where a qualifier of a permission is written (the field, or a qualified usage's definition). */
export interface QualifierRef {
  readonly qualifier: string;
  /** 1-based. */
  readonly line: number;
  readonly file?: string;
}

/** A candidate that did not decide, and why (interpretation §3.1, §3.3, §3.6). */
export interface Loser extends LineRef {
  readonly allow: boolean;
  readonly pattern: string;
  readonly why: string;
}

export interface Candidate extends LineRef {
  readonly source: 'acap' | 'conventional';
  readonly allow: boolean;
  readonly usage: string;
  readonly tier: TierName;
  /** The pattern that matched (the narrowest, for a resource set). */
  readonly pattern: string;
  readonly resourceSet?: string;
  readonly via?: string;
  readonly qualifiers: readonly string[];
  /** Where each qualifier comes from. */
  readonly qualifierSources?: readonly QualifierRef[];
}

export type Reason =
  | 'narrowest'            // one candidate has the narrowest scope
  | 'acap-over-conventional' // identical patterns: the ACAP field beats the conventional line (Part 1 §2.9.2)
  | 'specific-usage'       // identical patterns: present-snippet beats present
  | 'tie-prohibited'       // identical patterns allow and disallow: prohibited (Part 1 §2.4.5)
  | 'unrankable'           // patterns §2.4.5 cannot rank, one allowing and one prohibiting: prohibited
  | 'disallow-other'       // no candidate, ACAP-disallow-other matches (guide example 4.3)
  | 'silence'              // no candidate: REP is permissive (guide §1.3)
  | 'conventional';        // the conventional reading decided

export interface Decision {
  readonly usage: string;
  readonly allowed: boolean;
  readonly reason: Reason;
  readonly tier: TierName | undefined;
  /** The deciding lines (several when equal candidates agree or tie). */
  readonly winners: readonly Candidate[];
  /** Every candidate of the deciding tier. */
  readonly candidates: readonly Candidate[];
  /** Conventional lines beaten by an ACAP field on the same pattern. */
  readonly overridden: readonly Candidate[];
  /** Lines that matched and lost, each with the reason, including those of lower tiers set aside. */
  readonly losers: readonly Loser[];
  readonly qualifiers: readonly string[];
  readonly summary: string;
  /**
   * How many of each list were left out (LISTED_MAX each), present only when one was: 20,000 ACAP
   * fields tied on one pattern decide together, and the verdict and qualifiers come from all of
   * them, but the lists name the first LISTED_MAX.
   */
  readonly omitted?: Omitted;
}

export interface Omitted {
  readonly winners: number;
  readonly candidates: number;
  readonly overridden: number;
  readonly losers: number;
}

/**
 * The most candidates a decision lists in each of winners, candidates, overridden and losers (the
 * rest are counted in `omitted`). Each candidate listed is an object with its line's text; a
 * crawler named by 20,000 ACAP records that all allow `/` made every query write 20,000 of them,
 * several times over (a hover took 1.0 s; 155,000 records, 7 s).
 */
export const LISTED_MAX = 100;

const NONE: readonly never[] = Object.freeze([]);

export interface Explanation {
  readonly agent: string;
  readonly usage: string;
  /** The path compared: from the URL, percent-encoding normalised. */
  readonly path: string;
  readonly purpose: string | undefined;
  readonly profile: Profile;
  readonly reading: Reading;
  readonly allowed: boolean;
  readonly qualifiers: readonly string[];
  readonly decidedBy: readonly LineRef[];
  /** The decision for the usage itself, and, for every usage but crawl, the crawl it depends on. */
  readonly decision: Decision;
  readonly crawl: Decision | undefined;
  /** ACAP records that apply: their first lines, and whether they name the crawler (the first LISTED_MAX). */
  readonly records: readonly { readonly line: number; readonly named: boolean; readonly file?: string }[];
  /** How many applicable records `records` leaves out, when it leaves some out. */
  readonly recordsOmitted?: number;
  /** The conventional crawl verdict under the active profile. */
  readonly conventional: { readonly allowed: boolean; readonly line: number | undefined; readonly why: string; readonly ignored: boolean };
  /** Where each qualifier of the answer is written. */
  readonly qualifierSources: readonly QualifierRef[];
  /** The conventional crawl verdict under every profile, to show where readings disagree. */
  readonly profiles: Readonly<Record<Profile, boolean>>;
  readonly notes: readonly string[];
}


/**
 * The product token of an agent (interpretation §1). A whole User-Agent string names the crawler
 * in one of its product tokens, not always the first: `Mozilla/5.0 (compatible; Googlebot/2.1;
 * +http://www.google.com/bot.html)` is Googlebot. So: a product token (`name/version`) that is a
 * known crawler; else the token after `compatible;`; else the part before the first `/` or space.
 * O(length of the string).
 */
export function agentToken(agent: string): string {
  const a = agent.trim();
  if (!/[\s/]/.test(a)) return a;
  for (const m of a.matchAll(/([A-Za-z][A-Za-z0-9_.-]*)\//g)) if (CRAWLER_BY_TOKEN.has(m[1].toLowerCase())) return m[1];
  const compatible = /\(\s*compatible\s*;\s*([^\s;/()]+)/i.exec(a);
  if (compatible) return compatible[1];
  return a.split(/[\s/]/)[0] ?? '';
}

/**
 * The path of a query: a URL with a scheme (`https://…`) or a network path (`//host/…`) gives
 * its path; anything else is a path, with `/` added when it lacks one, so `café/x` is `/café/x`
 * and never a host name. O(length).
 */
export function queryPath(input: string): string {
  const t = input.trim();
  if (t === '') return '/';
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(t) || t.startsWith('//')) return pathOfUrl(t);
  return pathOfUrl(t.startsWith('/') ? t : '/' + t);
}

/** The pattern of a conventional rule line, as written. */
function conventionalPattern(doc: RobotsDocument, line: number): string {
  const node = lineAt(doc, line);
  const d = node.directive;
  return d.kind === 'rule' ? node.text.slice(d.pattern.start, d.pattern.end) : node.field ? node.text.slice(node.field.value.start, node.field.value.end) : '';
}

/**
 * Line `line` of `doc`, naming its file when it is not the one asked about. Here and in the
 * candidates below objects are written out, never spread: in V8, spreads in what a hover table
 * asks for by the hundred made every answer survive the young generation's collections (see
 * evaluateConventional).
 */
function lineRef(doc: RobotsDocument, line: number, asked?: RobotsDocument): LineRef {
  const text = lineAt(doc, line).text.trim();
  return asked && asked !== doc ? { line: line + 1, text, file: doc.uri } : { line: line + 1, text };
}

/** The conventional group's verdict as a crawl candidate. */
function crawlCandidateOf(doc: RobotsDocument, line: number, allow: boolean, tier: TierName, pattern: string): Candidate {
  return { line: line + 1, text: lineAt(doc, line).text.trim(), source: 'conventional', allow, usage: 'crawl', tier, pattern, qualifiers: [] };
}

/**
 * A tier's fields, as the lists they stand in (a record's general fields, a sub-record's fields):
 * the lists are the compiled records' own, shared by every query, so a query does not copy a
 * crawler's fields (20,000 records naming one crawler are 20,000 fields on every query).
 */
interface Tier {
  readonly name: TierName;
  readonly lists: readonly (readonly AcapField[])[];
}

/**
 * One pattern of a field in a list: the field's position in the list, the pattern's among the
 * field's, and its key. The position moves when the index is moved to a list with fields added or
 * removed before it (movedUsageIndexes).
 */
interface FiledPattern {
  pos: number;
  readonly at: number;
  readonly key: string;
}

/** A long list's fields on one usage, their patterns indexed by key (empty keys match every path). */
interface UsageIndex {
  readonly patterns: PatternIndex<FiledPattern>;
  /** The items of empty keys. */
  everywhere: FiledPattern[];
  /** Every item, by position then pattern: where the items of a run of positions are found. */
  readonly all: FiledPattern[];
}

const usageIndexes = new WeakMap<readonly AcapField[], Map<string, UsageIndex>>();

function usageIndex(list: readonly AcapField[], usage: string): UsageIndex {
  let byUsage = usageIndexes.get(list);
  if (!byUsage) usageIndexes.set(list, (byUsage = movedUsageIndexes(list) ?? new Map()));
  let out = byUsage.get(usage);
  if (!out) {
    out = { patterns: new PatternIndex([]), everywhere: [], all: [] };
    for (let pos = 0; pos < list.length; pos++) if (list[pos].usage === usage) fileField(out, list[pos], pos, out.all.length);
    byUsage.set(usage, out);
  }
  return out;
}

/** The items of `field`, at position `pos`, filed in `index` and put in its `all` at `where`. O(patterns). */
function fileField(index: UsageIndex, field: AcapField, pos: number, where: number): void {
  const items = field.patterns.map((p, at): FiledPattern => ({ pos, at, key: p.key }));
  for (const m of items) {
    if (m.key === '') index.everywhere.push(m);
    else index.patterns.add(m.key, m);
  }
  // Spliced in without spreading: a field naming a resource set of 125,000 patterns or more
  // passed them all as arguments and overflowed the stack (the session's review).
  if (where === index.all.length) for (const m of items) index.all.push(m);
  else insertAt(index.all, where, items);
}

/** `items` inserted into `list` at `where`, in order, in place. O(list + items), no argument spread. */
function insertAt<T>(list: T[], where: number, items: readonly T[]): void {
  const tail = list.splice(where);
  for (const m of items) list.push(m);
  for (const m of tail) list.push(m);
}

/** The first of `all` at position `pos` or after it. O(log items). */
function firstAt(all: readonly FiledPattern[], pos: number): number {
  return lowerBoundBy(all, pos, (m) => m.pos);
}

/** Fields, counted in both lists, that differ beyond which a list's indexes are built again rather than moved. */
const MOVE_MAX = 128;

/** Whether two fields are filed alike: the same usage and the very same pattern list. */
function filedAlike(a: AcapField, b: AcapField): boolean {
  return a === b || (a.usage === b.usage && a.patterns === b.patterns);
}

/**
 * The indexes of the list `list` was made from (acapRules.ts, earlierFields: a record's fields
 * after an edit, most of them the very objects they were, or copies on their new lines with the
 * same patterns), moved to `list`. Past their common head and tail, the fields that differ are
 * taken out and filed again, and the items after them move by the fields added or removed; with
 * as many fields in both, only the positions that differ count. The earlier list loses the
 * indexes (asked again, if ever, it builds its own). Undefined when the earlier list has none or
 * more than MOVE_MAX fields differ. O(list) comparisons plus O(changed patterns) index updates and
 * O(items) moves, where building is O(total pattern length) in hashing: after typing in a record
 * of 42,577 fields, the hover's index of its crawl fields was made again from every key.
 */
function movedUsageIndexes(list: readonly AcapField[]): Map<string, UsageIndex> | undefined {
  const from = takeEarlierList(list);
  const byUsage = from && usageIndexes.get(from);
  if (!from || !byUsage) return undefined;
  const n = from.length;
  const m = list.length;
  let head = 0;
  while (head < n && head < m && filedAlike(from[head], list[head])) head++;
  let tail = 0;
  while (tail < n - head && tail < m - head && filedAlike(from[n - 1 - tail], list[m - 1 - tail])) tail++;
  // Positions of `from` taken out, and of `list` filed, in ascending order.
  let out: number[];
  let into: number[];
  if (n === m) {
    out = [];
    for (let pos = head; pos < n - tail; pos++) if (!filedAlike(from[pos], list[pos])) out.push(pos);
    into = out;
  } else {
    out = Array.from({ length: n - tail - head }, (_, k) => head + k);
    into = Array.from({ length: m - tail - head }, (_, k) => head + k);
  }
  if (out.length + into.length > MOVE_MAX) return undefined;
  usageIndexes.delete(from);
  const shift = m - n;
  for (const [usage, index] of byUsage) {
    for (const pos of out) {
      if (from[pos].usage !== usage) continue;
      const a = firstAt(index.all, pos);
      let b = a;
      while (b < index.all.length && index.all[b].pos === pos) b++;
      for (const item of index.all.splice(a, b - a)) {
        if (item.key === '') index.everywhere = index.everywhere.filter((x) => x !== item);
        else index.patterns.remove(item.key, item);
      }
    }
    if (shift !== 0) for (let k = firstAt(index.all, n - tail); k < index.all.length; k++) index.all[k].pos += shift;
    for (const pos of into) if (list[pos].usage === usage) fileField(index, list[pos], pos, firstAt(index.all, pos));
  }
  return byUsage;
}

/**
 * The fields of `list` on one of `usages` with a pattern matching `path` (normalised and
 * lower-cased, Part 1 §2.8), each with the narrowest of its matching patterns' keys, in list
 * order. A short list is read whole (most records have a few fields); a long one (a record of
 * 8,000 fields, or a field naming a resource set of 5,000 patterns, asked for every probe path of
 * a conversion) through an index of its patterns per usage, made once (O(total pattern length)), so a query costs the index's look-ups (see
 * PatternIndex) plus O(m log m) for m matching patterns.
 */
export function matchingFields(list: readonly AcapField[], usages: readonly string[], path: string): [AcapField, string][] {
  const out: [AcapField, string][] = [];
  eachMatchingField(list, usages, path, (field, key) => out.push([field, key]));
  return out;
}

/**
 * The narrowest matching key of the last pattern list a short list's reading matched: fields of
 * one resource specification share one list (acapRules.ts), so 150,000 records allowing `/` match
 * it once. Valid for one path.
 */
interface LastMatch {
  patterns?: AcapField['patterns'];
  key?: string;
}

/** matchingFields, handing each field and key to `take` instead of listing them; `last` may be shared by the lists of one question. */
function eachMatchingField(list: readonly AcapField[], usages: readonly string[], path: string, take: (field: AcapField, key: string) => void, last: LastMatch = {}): void {
  if (readWhole(list)) {
    for (const field of list) {
      if (!usages.includes(field.usage)) continue;
      if (field.patterns !== last.patterns) {
        last.patterns = field.patterns;
        last.key = narrowestMatch(field, path);
      }
      if (last.key !== undefined) take(field, last.key);
    }
    return;
  }
  // Most lists have no pattern matching the path: nothing is allocated until one does (a map of
  // positions, a set of usages and a sorted copy of the keys were made for every list asked: the
  // largest self time in a CPU profile of hovers on a file of 41 records of 800 fields).
  let found: FiledPattern[] | undefined;
  for (let u = 0; u < usages.length; u++) {
    // Each usage once (an item is filed under its field's one usage, so no item twice).
    if (usages.indexOf(usages[u]) !== u) continue;
    const index = usageIndex(list, usages[u]);
    for (const m of index.everywhere) (found ??= []).push(m);
    for (const m of index.patterns.matches(path)) (found ??= []).push(m);
  }
  if (found === undefined) return;
  // In list order, and within a field in its patterns' order, the narrowest as narrowestMatch
  // picks it (the first of equally narrow keys). O(m log m) for m items matching.
  found.sort((x, y) => x.pos - y.pos || x.at - y.at);
  for (let i = 0; i < found.length;) {
    const pos = found[i].pos;
    let best = found[i].key;
    for (; i < found.length && found[i].pos === pos; i++) if (compareScope(found[i].key, best) < 0) best = found[i].key;
    take(list[pos], best);
  }
}

/** From this many lists on, a tier's lists are found by the usages they speak on (listsSpeaking). */
const SPEAKING_FROM = 32;

interface Speaking {
  /** Per usage, the positions of the lists with a field on it, ascending. */
  readonly byUsage: ReadonlyMap<string, readonly number[]>;
  /** The answers given, by the usages asked. */
  readonly asked: Map<string, readonly (readonly AcapField[])[]>;
}
const speakingCache = new WeakMap<readonly (readonly AcapField[])[], Speaking>();

/**
 * The lists of `lists` with a field on one of `usages`, in their order: the only ones where
 * matchingFields can find a candidate. A tier of 150,000 one-field records was searched list by
 * list for every usage a hover asks, 11–27 ms each where no field speaks on it. Made once per
 * tier's lists in O(fields); then O(1) per usage asked again (O(lists found) the first time).
 * Few lists are returned as they are.
 */
export function listsSpeaking(lists: readonly (readonly AcapField[])[], usages: readonly string[]): readonly (readonly AcapField[])[] {
  if (lists.length < SPEAKING_FROM) return lists;
  let speaking = speakingCache.get(lists);
  if (!speaking) {
    const byUsage = new Map<string, number[]>();
    lists.forEach((list, k) => {
      for (const f of list) {
        const at = byUsage.get(f.usage);
        if (!at) byUsage.set(f.usage, [k]);
        else if (at[at.length - 1] !== k) at.push(k);
      }
    });
    speaking = { byUsage, asked: new Map() };
    speakingCache.set(lists, speaking);
  }
  const key = usages.join(' ');
  let out = speaking.asked.get(key);
  if (!out) {
    const positions = new Set<number>();
    for (const u of usages) for (const k of speaking.byUsage.get(u) ?? []) positions.add(k);
    const sorted = [...positions];
    if (usages.length > 1) sorted.sort((a, b) => a - b);
    out = sorted.map((k) => lists[k]);
    speaking.asked.set(key, out);
  }
  return out;
}

/** Usages a field may speak on to be a candidate for `usage`: itself, and present for present-*. */
export function relevantUsages(usage: string): string[] {
  const fact = USAGE_BY_NAME.get(usage);
  return fact && fact.base !== usage ? [usage, fact.base] : [usage];
}

/** The narrowest of the field's patterns that matches, or undefined. */
function narrowestMatch(field: AcapField, path: string): string | undefined {
  let best: string | undefined;
  for (const p of field.patterns) {
    if (!matchPattern(p.key, path)) continue;
    if (best === undefined || compareScope(p.key, best) < 0) best = p.key;
  }
  return best;
}

/**
 * A candidate as the decision reads it: what ranks it (key, verdict, usage, source), and its
 * field; its Candidate, with the line's text and qualifier sources, is written only when it is
 * listed (candidateOf). O(1) to make.
 */
interface Scored {
  readonly key: string;
  readonly allow: boolean;
  readonly usage: string;
  readonly source: 'acap' | 'conventional';
  readonly tier: TierName;
  /** For an ACAP candidate. */
  readonly field?: AcapField;
  /** Given for the conventional candidate; written on demand for a field. */
  candidate?: Candidate;
}

function scoredField(field: AcapField, tier: TierName, key: string): Scored {
  return { key, allow: field.allow, usage: field.usage, source: 'acap', tier, field };
}

function candidateOf(s: Scored, asked: RobotsDocument): Candidate {
  return (s.candidate ??= fieldCandidate(s.field!, s.tier, s.key, asked));
}

/** The first LISTED_MAX of `list` as candidates, and how many were left out. O(LISTED_MAX). */
function listed(list: readonly Scored[], asked: RobotsDocument): { readonly list: Candidate[]; readonly omitted: number } {
  const n = Math.min(list.length, LISTED_MAX);
  const out: Candidate[] = new Array<Candidate>(n);
  for (let k = 0; k < n; k++) out[k] = candidateOf(list[k], asked);
  return { list: out, omitted: list.length - n };
}

/** Where a field's qualifier is written, 1-based, with its file when it is not the one asked about. */
function sourceRef(q: AcapField['qualifierSources'][number], asked: RobotsDocument): QualifierRef {
  return q.uri !== asked.uri ? { qualifier: q.qualifier, line: q.line + 1, file: q.uri } : { qualifier: q.qualifier, line: q.line + 1 };
}

function fieldCandidate(field: AcapField, tier: TierName, key: string, asked: RobotsDocument): Candidate {
  const pattern = field.patterns.find((p) => p.key === key)?.text ?? key;
  const out: { -readonly [K in keyof Candidate]: Candidate[K] } = {
    line: field.line + 1, text: field.text, source: 'acap', allow: field.allow, usage: field.usage, tier, pattern,
    qualifiers: field.qualifiers,
    qualifierSources: field.qualifierSources.map((q) => sourceRef(q, asked)),
  };
  // Present only when they say something (answers are compared and printed as they are).
  if (field.uri !== asked.uri) out.file = field.uri;
  if (field.resourceSet) out.resourceSet = field.resourceSet;
  if (field.via) out.via = field.via;
  return out;
}

interface Resolved {
  readonly allowed: boolean;
  readonly reason: Reason;
  readonly winners: readonly Scored[];
  readonly overridden: readonly Scored[];
}

/** Part 1 §2.4.5 and interpretation §3.3: the winners among the candidates of one tier. */
function resolve(scored: readonly Scored[], usage: string): Resolved {
  // Those no other candidate is narrower than (Part 1 §2.4.5), in O(total key length): narrowestOf.
  let top = narrowestOf(scored, (c) => c.key);
  const agree = (list: readonly Scored[]): boolean => list.every((c) => c.allow === list[0].allow);
  if (agree(top)) {
    // ACAP fields before the conventional line; most often there is none to move (no copies then).
    const acapFirst = top.every((c) => c.source === 'acap') ? top : [...top.filter((c) => c.source === 'acap'), ...top.filter((c) => c.source !== 'acap')];
    return { allowed: top[0].allow, reason: 'narrowest', winners: acapFirst, overridden: [] };
  }
  let overridden: Scored[] = [];
  // Part 1 §2.9.2: on the same pattern the ACAP field wins and the conventional line is ignored.
  const acapKeys = new Set(top.filter((c) => c.source === 'acap').map((c) => c.key));
  const beaten = top.filter((c) => c.source === 'conventional' && acapKeys.has(c.key));
  if (beaten.length) {
    overridden = beaten;
    top = top.filter((c) => !beaten.includes(c));
    if (agree(top)) return { allowed: top[0].allow, reason: 'acap-over-conventional', winners: top, overridden };
  }
  // interpretation §3.3: the more specific usage (present-snippet over present) wins.
  const specific = top.filter((c) => c.usage === usage);
  if (specific.length > 0 && specific.length < top.length && agree(specific)) {
    return { allowed: specific[0].allow, reason: 'specific-usage', winners: specific, overridden };
  }
  const pool = specific.length > 0 ? specific : top;
  // Part 1 §2.4.5, last paragraph: undecidable conflicts are prohibitions. Equal patterns are a
  // tie; different patterns the method cannot rank (`/*a` against `/*b`) are not "the same".
  const same = pool.every((c) => c.key === pool[0].key);
  return { allowed: false, reason: same ? 'tie-prohibited' : 'unrankable', winners: pool.filter((c) => !c.allow), overridden };
}

interface Setting {
  /** The document asked about. */
  readonly doc: RobotsDocument;
  /** The path for ACAP matching: normalised and lower-cased (Part 1 §2.8). */
  readonly path: string;
  readonly tiers: readonly Tier[];
  /**
   * The conventional crawl verdict, decided first by the profile's own rules, as one crawl
   * candidate in the tier of its group (interpretation §3.6).
   */
  readonly conventional: { readonly tier: TierName; readonly scored: Scored } | undefined;
  /** Notes gathered while deciding (lines crawlers cannot read). */
  readonly notes: Set<string>;
}

interface Broken {
  readonly field: AcapField;
  readonly key: string;
  readonly tier: number;
}

function describe(c: Candidate): string {
  return `line ${c.line}${c.file ? ` of ${c.file}` : ''} (${c.allow ? 'allows' : 'prohibits'} ${c.pattern})`;
}

/**
 * Why a candidate of the deciding tier lost to the winners, `byKey` holding the first winner of
 * each of their patterns (up to LISTED_MAX patterns: tied winners share one). O(byKey).
 */
function whyLost(c: Scored, r: Resolved, byKey: ReadonlyMap<string, Scored>, usage: string, asked: RobotsDocument): string {
  let w: Scored | undefined;
  for (const x of byKey.values()) {
    if (compareScope(x.key, c.key) < 0) {
      w = x;
      break;
    }
  }
  w ??= r.winners[0];
  if (!w) return 'it lost';
  const by = describe(candidateOf(w, asked));
  if (compareScope(w.key, c.key) < 0) {
    const dollar = c.key.endsWith('$') && w.key.includes('*') ? '; a `$` counts as broader than any character, even `*`' : '';
    const conv = c.source === 'conventional' ? 'the conventional verdict is beaten: ' : '';
    return `${conv}${by} has the narrower pattern (Part 1 §2.4.5${dollar})`;
  }
  if (c.key === w.key) {
    if (r.reason === 'specific-usage') return `${by} names ${usage} itself, which beats ${c.usage} on the same pattern (interpretation §3.3)`;
    if (r.reason === 'tie-prohibited') return `it permits on the same pattern as ${by}, and an undecidable conflict is a prohibition (Part 1 §2.4.5)`;
    return `${by} has the same pattern`;
  }
  return `Part 1 §2.4.5's method cannot rank ${candidateOf(c, asked).pattern} against ${candidateOf(w, asked).pattern} (they differ after a wildcard), and an undecidable conflict is a prohibition`;
}

const TIER_WORDS: Record<TierName, string> = {
  'named-purpose': 'the purpose sub-records naming this crawler',
  'star-purpose': 'the purpose sub-records for any crawler',
  named: 'the records naming this crawler',
  star: 'the records for any crawler (*)',
};

/** A decision, and all its winners (listed or not: the first LISTED_MAX are the decision's), for what explain adds. */
interface Decided {
  readonly decision: Decision;
  readonly winners: readonly Scored[];
}

/**
 * The decision for one usage. O(fields × patterns per field) to find the candidates, O(total
 * length of their patterns) to rank them (narrowestOf); at most LISTED_MAX of each list are
 * written out, so the answer's size does not grow with the candidates.
 */
function decide(s: Setting, usage: string): Decided {
  const usages = relevantUsages(usage);
  const perTier: Scored[][] = [];
  const broken: Broken[] = [];
  const last: LastMatch = {};
  s.tiers.forEach((tier, t) => {
    const scored: Scored[] = [];
    const take = (field: AcapField, key: string): void => {
      // Crawlers cannot read the line; it decides nothing, but the answer says what it would have done.
      if (field.broken) broken.push({ field, key, tier: t });
      else scored.push(scoredField(field, tier.name, key));
    };
    for (const list of listsSpeaking(tier.lists, usages)) eachMatchingField(list, usages, s.path, take, last);
    if (usage === 'crawl' && s.conventional && s.conventional.tier === tier.name) scored.push(s.conventional.scored);
    perTier.push(scored);
  });
  const decided = perTier.findIndex((x) => x.length > 0);
  // An unreadable field would have spoken where no readable candidate of the deciding tier is
  // narrower: one trie of that tier's keys answers it in O(key length) per field (compared with
  // every candidate, 8,000 such fields beside 8,000 candidates took a second). The first
  // LISTED_MAX are named, the others counted.
  let narrower: ((k: string) => boolean) | undefined;
  let named = 0;
  let unnamed = 0;
  for (const b of broken) {
    const would = decided < 0 || b.tier < decided || (b.tier === decided && !(narrower ??= narrowerTest(perTier[decided].map((c) => c.key)))(b.key));
    if (!would) continue;
    if (named++ >= LISTED_MAX) {
      unnamed++;
      continue;
    }
    const f = b.field;
    const where = f.uri !== s.doc.uri ? ` of ${f.uri}` : '';
    s.notes.add(`Line ${f.line + 1}${where} would ${f.allow ? 'permit' : 'prohibit'} ${f.usage} here${f.qualifiers.length ? ` (${f.qualifiers.join(' ')})` : ''}, but ${f.broken}, so crawlers ignore it.`);
  }
  if (unnamed) s.notes.add(`${unnamed.toLocaleString('en')} more lines that crawlers cannot read would have spoken on ${usage} here; the first ${LISTED_MAX} are named.`);
  if (decided >= 0) {
    const tier = s.tiers[decided];
    const scored = perTier[decided];
    const r = resolve(scored, usage);
    const winners = listed(r.winners, s.doc);
    const overridden = listed(r.overridden, s.doc);
    const candidates = listed(scored, s.doc);
    const losers: Loser[] = [];
    let lost = 0;
    const loser = (c: Scored, why: () => string): void => {
      if (++lost > LISTED_MAX) return;
      const d = candidateOf(c, s.doc);
      losers.push({ line: d.line, text: d.text, ...(d.file ? { file: d.file } : {}), allow: d.allow, pattern: d.pattern, why: why() });
    };
    // Sets, not includes(): 20,000 fields tied on one pattern are 20,000 winners, and looking
    // each candidate up in that list was quadratic.
    // Every candidate won (winners are drawn from them): no loser to name, and no set of 150,000
    // tied winners to make for it.
    const allWon = r.winners.length === scored.length;
    const won = allWon ? undefined : new Set(r.winners);
    const overriddenSet = new Set(r.overridden);
    const byKey = new Map<string, Scored>();
    for (const w of allWon ? [] : r.winners) {
      if (byKey.size >= LISTED_MAX) break;
      if (!byKey.has(w.key)) byKey.set(w.key, w);
    }
    if (won) {
      for (const c of scored) {
        if (won.has(c)) continue;
        if (overriddenSet.has(c)) loser(c, () => `the ACAP field ${describe(winners.list[0])} has the same pattern and overrides the conventional line (Part 1 §2.9.2)`);
        else loser(c, () => whyLost(c, r, byKey, usage, s.doc));
      }
    }
    for (let t = decided + 1; t < perTier.length; t++) {
      for (const c of perTier[t]) {
        loser(c, () => `set aside: ${TIER_WORDS[tier.name]} speak on ${usage} here, and they override ${TIER_WORDS[s.tiers[t].name]} where they speak, even with a narrower pattern (interpretation §3.1)`);
      }
    }
    // interpretation §3.3: the qualifiers of every tied winner travel (listed or not).
    const qualifiers = new Set<string>();
    if (r.allowed) for (const w of r.winners) for (const q of w.field?.qualifiers ?? w.candidate?.qualifiers ?? []) qualifiers.add(q);
    const omitted = { winners: winners.omitted, candidates: candidates.omitted, overridden: overridden.omitted, losers: Math.max(0, lost - LISTED_MAX) };
    const decision: Decision = {
      usage, allowed: r.allowed, reason: r.reason, tier: tier.name, winners: winners.list, candidates: candidates.list, overridden: overridden.list, losers, qualifiers: [...qualifiers],
      summary: summarise(usage, r.allowed, r.reason, tier.name, winners.list, winners.omitted, overridden.list),
      ...(omitted.winners || omitted.candidates || omitted.overridden || omitted.losers ? { omitted } : {}),
    };
    return { decision, winners: r.winners };
  }
  // interpretation §3.4: no candidate anywhere. ACAP-disallow-other prohibits, else silence permits.
  for (const tier of s.tiers) {
    for (const list of listsSpeaking(tier.lists, ['other'])) for (const [field, key] of matchingFields(list, ['other'], s.path)) {
      if (field.allow || field.broken) continue;
      const winner = scoredField(field, tier.name, key);
      const w = candidateOf(winner, s.doc);
      return {
        decision: { usage, allowed: false, reason: 'disallow-other', tier: tier.name, winners: [w], candidates: [], overridden: [], losers: [], qualifiers: [], summary: `${usage}: prohibited — nothing speaks on it, and line ${w.line} prohibits every usage not explicitly permitted (ACAP-disallow-other)` },
        winners: [winner],
      };
    }
  }
  return { decision: { usage, allowed: true, reason: 'silence', tier: undefined, winners: [], candidates: [], overridden: [], losers: [], qualifiers: [], summary: `${usage}: allowed — no line speaks on it, and silence is permission (guide §1.3)` }, winners: [] };
}

/**
 * Whether no field of the setting's tiers speaks on `usage`, on its base usage or on `other`, and
 * no conventional line is a candidate: decide() then finds no candidate, no unreadable field to
 * note and no ACAP-disallow-other, and answers silence (interpretation §3.4) whatever the path. A
 * hover's table asks every usage of every crawler, and a file converted from conventional lines
 * speaks on crawl alone: of the 340 decisions of a table on such a file of 41 records, 339 were
 * that silence, each found by looking for candidates in every tier. O(tiers × usages) set look-ups,
 * once each tier's usages are listed (spokenIn).
 */
function nothingSpeaks(s: Setting, usage: string): boolean {
  if (usage === 'crawl' && s.conventional) return false;
  const fact = USAGE_BY_NAME.get(usage);
  const base = fact && fact.base !== usage ? fact.base : undefined;
  for (const tier of s.tiers) {
    const spoken = spokenIn(tier.lists);
    if (spoken.has(usage) || spoken.has('other') || (base !== undefined && spoken.has(base))) return false;
  }
  return true;
}

/**
 * The usages the fields of `lists` speak on, listed once per list of lists (a tier's lists are the
 * same array from query to query). A long field list's own usages are kept with it: the lists of a
 * crawler whose record refers to another file are made anew for each question (applicableRecords),
 * and that record's thousands of fields were read again each time. O(fields) the first time.
 */
const spokenSets = new WeakMap<readonly (readonly AcapField[])[], ReadonlySet<string>>();
const listUsageSets = new WeakMap<readonly AcapField[], ReadonlySet<string>>();
/** Field lists longer than this keep their usages (listUsageSets); shorter ones are read. */
const SPOKEN_SHORT = 64;

function spokenIn(lists: readonly (readonly AcapField[])[]): ReadonlySet<string> {
  let out = spokenSets.get(lists);
  if (!out) {
    const usages = new Set<string>();
    for (const list of lists) {
      if (list.length <= SPOKEN_SHORT) for (const f of list) usages.add(f.usage);
      else for (const u of usagesOf(list)) usages.add(u);
    }
    spokenSets.set(lists, (out = usages));
  }
  return out;
}

function usagesOf(list: readonly AcapField[]): ReadonlySet<string> {
  let out = listUsageSets.get(list);
  if (!out) listUsageSets.set(list, (out = new Set(list.map((f) => f.usage))));
  return out;
}

/** decide()'s answer where nothing speaks on `usage` (nothingSpeaks), one frozen object per usage: answers are read, never changed. */
const silences = new Map<string, Decided>();

function silenceOn(usage: string): Decided {
  let out = silences.get(usage);
  if (!out) {
    const decision: Decision = Object.freeze({ usage, allowed: true, reason: 'silence', tier: undefined, winners: NONE, candidates: NONE, overridden: NONE, losers: NONE, qualifiers: NONE, summary: `${usage}: allowed — no line speaks on it, and silence is permission (guide §1.3)` });
    silences.set(usage, (out = Object.freeze({ decision, winners: NONE })));
  }
  return out;
}

/** Decisions made for a document, by usage and `memo` key, with the notes they added. */
const decisions = new WeakMap<RobotsDocument, Map<string, { readonly decided: Decided; readonly notes: readonly string[] }>>();

/** Decisions kept per document before the oldest are dropped. */
const DECISIONS_KEPT = 512;

/**
 * decide(), kept per document under `memo` (undefined: not kept). A hover's table asks the same
 * crawl decision for every usage of a crawler, and several sections ask the same question: with
 * 150,000 records naming one crawler each decision reads them all (tens of ms). O(1) when kept.
 * Where the tiers hold many fields, a decision is also kept under the class of its path
 * (pathClass): another path matched by the same patterns gets the same decision (a conversion's
 * verification asks one crawler about a hundred paths, which 150,000 records allowing `/` all
 * match alike).
 */
function decideOnce(s: Setting, usage: string, memo: { readonly path: string; readonly rest: string } | undefined): Decided {
  if (nothingSpeaks(s, usage)) return silenceOn(usage);
  if (memo === undefined) return decide(s, usage);
  let kept = decisions.get(s.doc);
  if (!kept) decisions.set(s.doc, (kept = new Map()));
  const key = `${usage}\0${pathId(memo.path)}\0${memo.rest}`;
  let hit = kept.get(key);
  if (!hit) {
    const cls = pathClass(s.tiers, s.path);
    // The conventional candidate enters the decision whole (its line, verdict and pattern).
    const c = s.conventional;
    const classKey = cls === undefined ? undefined : `${usage}\0class\0${memo.rest}\0${c ? `${c.tier}:${c.scored.allow}:${c.scored.candidate?.line}:${c.scored.candidate?.pattern}` : ''}\0${cls}`;
    hit = classKey === undefined ? undefined : kept.get(classKey);
    if (!hit) {
      // Its own notes, so that each kept decision has every note it adds.
      const own: Setting = { ...s, notes: new Set() };
      hit = { decided: decide(own, usage), notes: [...own.notes] };
      if (classKey !== undefined) keep(kept, classKey, hit);
    }
    keep(kept, key, hit);
  }
  for (const n of hit.notes) s.notes.add(n);
  return hit.decided;
}

/**
 * A number for each path asked, so that a decision's key does not hold the path: a key made of a
 * 50,000-character path was hashed anew for every query (a conversion's verification asks
 * thousands), the path itself keeps its hash. Numbers are never reused; the memo is emptied past
 * 4 Mi characters of paths (a path asked again then gets a new number: only a
 * decision kept is lost).
 */
const pathIds = new StringMemo<number>(4 * 1024 * 1024);
let nextPathId = 0;

function pathId(path: string): number {
  let id = pathIds.get(path);
  if (id === undefined) pathIds.set(path, (id = nextPathId++));
  return id;
}

function keep<V>(kept: Map<string, V>, key: string, value: V): void {
  if (kept.size >= DECISIONS_KEPT) kept.delete(kept.keys().next().value as string);
  kept.set(key, value);
}

/** From this many fields in a query's tiers, decisions are kept by the class of their path too. */
const CLASS_FROM = 256;

/** A tier's distinct non-empty pattern keys, indexed when first asked. */
interface KeyIndex {
  readonly keys: ReadonlyMap<string, { readonly id: number }>;
  patterns?: PatternIndex<{ readonly id: number }>;
}

/** A tier's keys (KeyIndex), or how many were seen when listing them stopped (more than wanted). */
const keyIndexes = new WeakMap<readonly (readonly AcapField[])[], KeyIndex | { readonly over: number }>();

/**
 * A tier's keys, listed once per list of lists: O(fields + patterns); the index is made on first
 * use. Undefined when they are more than `most`: listing stops at the first key past it, and
 * remembers how many it saw, so that a query wanting fewer is answered at once (150,000 fields of
 * distinct paths were all listed, each key with an object of its own, only for their number to
 * rule the classes out: 90–200 ms of the first hover among them, in two CPU profiles).
 */
function keyIndex(lists: readonly (readonly AcapField[])[], most: number): KeyIndex | undefined {
  const known = keyIndexes.get(lists);
  if (known !== undefined && !('over' in known)) return known.keys.size > most ? undefined : known;
  if (known !== undefined && known.over > most) return undefined;
  const keys = new Map<string, { readonly id: number }>();
  for (const list of lists) {
    for (const f of list) {
      for (const p of f.patterns) {
        if (p.key === '' || keys.has(p.key)) continue;
        if (keys.size >= most) {
          keyIndexes.set(lists, { over: keys.size + 1 });
          return undefined;
        }
        keys.set(p.key, { id: keys.size });
      }
    }
  }
  const out: KeyIndex = { keys };
  keyIndexes.set(lists, out);
  return out;
}

/**
 * The class of `path` among the tiers' fields: per tier, which of its distinct patterns match
 * it. The path enters a decision only through the fields it matches and their narrowest
 * matching keys (matchingFields), and both follow from which patterns match; an empty key
 * matches every path, so it does not tell paths apart. undefined where the tiers hold fewer than
 * CLASS_FROM fields, or more than one distinct pattern per 8 fields (few classes would be
 * shared). O(the indexes' look-ups + m log m) for m matching patterns.
 */
function pathClass(tiers: readonly Tier[], path: string): string | undefined {
  // Counted before any key is listed: most queries' tiers are small (a crawler's own record), and
  // listing their keys for each of 20,000 crawlers (a table of every crawler) cost more than the
  // decisions themselves, in lists made per query that the key cache never saw again.
  let fields = 0;
  for (const t of tiers) fields += fieldCount(t.lists);
  if (fields < CLASS_FROM) return undefined;
  // At most one distinct key per 8 fields in all the tiers (keys * 8 <= fields).
  let left = Math.floor(fields / 8);
  const indexes: KeyIndex[] = [];
  for (const t of tiers) {
    const k = keyIndex(t.lists, left);
    if (!k) return undefined;
    left -= k.keys.size;
    indexes.push(k);
  }
  return indexes.map((k) => {
    if (k.keys.size === 0) return '';
    k.patterns ??= new PatternIndex([...k.keys].map(([pattern, item]) => ({ pattern, item })));
    return k.patterns.matches(path).map((m) => m.id).sort((a, b) => a - b).join(',');
  }).join(';');
}

/** Lists of lists whose fields fieldCount has counted (the long ones only). */
const fieldCounts = new WeakMap<readonly (readonly AcapField[])[], number>();
/** From this many lists on, their count of fields is kept: counting is then O(1) after the first. */
const COUNT_KEPT_FROM = 64;

/**
 * How many fields `lists` hold. A tier's lists are the same array from query to query, and a hover
 * table asks dozens of decisions of one crawler: counting the 150,000 lists of 150,000 records
 * naming one crawler for each was a tenth of that hover. O(lists) the first time, O(1) after.
 */
function fieldCount(lists: readonly (readonly AcapField[])[]): number {
  if (lists.length < COUNT_KEPT_FROM) {
    let n = 0;
    for (const list of lists) n += list.length;
    return n;
  }
  let n = fieldCounts.get(lists);
  if (n === undefined) {
    n = 0;
    for (const list of lists) n += list.length;
    fieldCounts.set(lists, n);
  }
  return n;
}

function summarise(usage: string, allowed: boolean, reason: Reason, tier: TierName, winners: readonly Candidate[], unlisted: number, overridden: readonly Candidate[]): string {
  const verdict = allowed ? 'allowed' : 'prohibited';
  const at = winners.map((w) => `line ${w.line}${w.file ? ` of ${w.file}` : ''}`).join(' and ') + (unlisted ? ` and ${unlisted.toLocaleString('en')} more lines` : '');
  switch (reason) {
    case 'narrowest': return `${usage}: ${verdict} by ${at}, the narrowest matching pattern in ${TIER_WORDS[tier]} (Part 1 §2.4.5)`;
    case 'acap-over-conventional': return `${usage}: ${verdict} by ${at}; the conventional line${overridden.length > 1 ? 's' : ''} ${overridden.map((o) => o.line).join(', ')} with the same pattern ${overridden.length > 1 ? 'are' : 'is'} overridden (Part 1 §2.9.2)`;
    case 'specific-usage': return `${usage}: ${verdict} by ${at}, which names ${usage} itself and beats ${USAGE_BY_NAME.get(usage)?.base} on the same pattern`;
    case 'tie-prohibited': return `${usage}: prohibited — ${at} ${winners.length + unlisted > 1 ? 'tie' : 'ties'} with a permission on the same pattern, and an undecidable conflict is a prohibition (Part 1 §2.4.5)`;
    case 'unrankable': return `${usage}: prohibited — ${at} and a permission have patterns that Part 1 §2.4.5's method cannot rank (they differ after a wildcard), and an undecidable conflict is a prohibition`;
    default: return `${usage}: ${verdict}`;
  }
}

/** The records that apply to the crawler, following permissions references into the workspace. */
const referring = new WeakMap<readonly CompiledRecord[], boolean>();
const generals = new WeakMap<readonly CompiledRecord[], readonly (readonly AcapField[])[]>();

/** The general fields of each of `records`, made once per list of records (the index's lists are shared by every query). */
function generalLists(records: readonly CompiledRecord[]): readonly (readonly AcapField[])[] {
  let out = generals.get(records);
  if (!out) generals.set(records, (out = records.map((r) => r.general)));
  return out;
}

const purposeCache = new WeakMap<readonly CompiledRecord[], Map<string, readonly (readonly AcapField[])[]>>();
/** Purposes kept per list of records; past it the map starts afresh (queries name any purpose). */
const PURPOSES_KEPT = 64;

/**
 * The field lists of the sub-records of `records` whose purposes match `purpose`, in file order,
 * kept per list of records and purpose, so that a tier's lists are the same array from query to
 * query (listsSpeaking's index of them is made once). Found through an index of the sub-records'
 * purpose patterns (purposeIndex): each purpose asked read every sub-record, so a table of 8,000
 * purposes read 8,000 × 8,000 of them (32 s). O(sub-records + their purposes' length) once per
 * list of records, then a look-up and O(m log m) for m matching sub-records per purpose.
 */
export function purposeLists(records: readonly CompiledRecord[], purpose: string): readonly (readonly AcapField[])[] {
  let byPurpose = purposeCache.get(records);
  if (!byPurpose) purposeCache.set(records, (byPurpose = new Map()));
  let out = byPurpose.get(purpose);
  if (!out) {
    const index = purposeIndex(records);
    const found = new Set<SubRecordAt>(index.everywhere);
    for (const s of index.patterns.matches(purpose.toLowerCase())) found.add(s);
    out = [...found].sort((a, b) => a.order - b.order).map((s) => s.fields);
    if (byPurpose.size >= PURPOSES_KEPT) byPurpose.clear();
    byPurpose.set(purpose, out);
  }
  return out;
}

/** A sub-record's fields, with its place among the sub-records of a list of records. */
interface SubRecordAt {
  readonly order: number;
  readonly fields: readonly AcapField[];
}

/** The sub-records of a list of records by their purpose patterns (Part 1 §2.3.3); empty patterns match every purpose. */
interface PurposeIndex {
  readonly patterns: PatternIndex<SubRecordAt>;
  readonly everywhere: readonly SubRecordAt[];
}

const purposeIndexes = new WeakMap<readonly CompiledRecord[], PurposeIndex>();

/** The index of `records`' sub-records by purpose pattern, made once per list: O(sub-records + their purposes' length). */
function purposeIndex(records: readonly CompiledRecord[]): PurposeIndex {
  let out = purposeIndexes.get(records);
  if (!out) {
    const filed: { pattern: string; item: SubRecordAt }[] = [];
    const everywhere: SubRecordAt[] = [];
    let order = 0;
    for (const r of records) {
      for (const s of r.subRecords) {
        const at: SubRecordAt = { order: order++, fields: s.fields };
        for (const p of s.purposes) {
          if (p.key === '') everywhere.push(at);
          else filed.push({ pattern: p.key, item: at });
        }
      }
    }
    out = { patterns: new PatternIndex(filed), everywhere };
    purposeIndexes.set(records, out);
  }
  return out;
}

/** Whether one of `records` refers to another file (ACAP-permissions-reference), found once per list. */
function refers(records: readonly CompiledRecord[]): boolean {
  let out = referring.get(records);
  if (out === undefined) referring.set(records, (out = records.some((r) => r.reference)));
  return out;
}

/**
 * The records that apply to the crawler, following permissions references into the workspace:
 * the index's own lists when no record refers elsewhere (O(1)), else O(the crawler's records).
 */
function applicableRecords(doc: RobotsDocument, token: string, ctx: WorkspaceContext, notes: string[]): { named: readonly CompiledRecord[]; star: readonly CompiledRecord[]; local: boolean } {
  const t = token.toLowerCase();
  // Through the index (recordIndex): a look-up, not a scan of every record.
  const index = recordIndex(compileRecords(doc));
  const star = index.star;
  // A crawler no record names: the one empty list, which every cache keyed by lists finds again.
  const own = index.byCrawler.get(t) ?? NONE;
  if (!refers(own)) return { named: own, star, local: true };
  const named: CompiledRecord[] = [];
  for (const r of own) {
    if (r.reference) {
      // Part 1 §2.3.2: the referenced file's permissions apply to this record's crawlers.
      const { document: target, problem } = resolveReference(ctx.workspace, r.reference.locator, doc);
      if (!target) {
        notes.push(`Line ${r.reference.line + 1} refers this crawler to ${r.reference.locator}, which is not in the workspace (${problem}; references are never fetched); its permissions are unknown here.`);
        continue;
      }
      for (const rr of compileRecords(target, getModel(doc))) if (rr.star || rr.crawlers.includes(t)) named.push(rr);
      notes.push(`Line ${r.reference.line + 1} refers this crawler to ${r.reference.locator}; its records for this crawler count as naming it.`);
    } else named.push(r);
  }
  return { named, star, local: false };
}

function conventionalSummary(v: ConventionalVerdict, ignored: boolean): Explanation['conventional'] {
  return { allowed: v.allowed, line: v.line === undefined ? undefined : v.line + 1, why: v.why, ignored };
}

const holders = new WeakMap<RobotsModel, Map<number, AcapRecord>>();

/**
 * The ACAP record each conventional line inside a record stands in (Part 1 §2.3: a record runs to
 * the next ACAP-crawler line), built once per model in O(lines): explain asks for every query.
 */
function recordHolding(model: RobotsModel): Map<number, AcapRecord> {
  let out = holders.get(model);
  if (!out) {
    out = new Map();
    for (const r of model.records) for (const line of r.conventional) out.set(line, r);
    holders.set(model, out);
  }
  return out;
}

/** Answer a query about a document. */
export function explain(doc: RobotsDocument, query: Query, ctx: WorkspaceContext = {}): Explanation {
  return explainAs(doc, query, ctx, {}, 'full');
}

/** How the conversions' verification reads a document, beside the query. */
export interface ReadAs {
  /**
   * Read the document as if it had (true) or had not (false) ACAP-ignore-conventional-records
   * (Part 1 §2.9.1), instead of making a copy of it with the line added or removed: a copy of a
   * converted 47,000-rule file built every index of the engine a second time.
   */
  readonly ignoreConventional?: boolean;
}

/** explain(), read as `readAs` says. */
export function explainReadAs(doc: RobotsDocument, query: Query, readAs: ReadAs): Explanation {
  return explainAs(doc, query, {}, readAs, 'full');
}

/**
 * explain()'s verdict alone, read as `readAs` says: the other profiles' verdicts, which only the
 * full answer shows, are not computed (the conversions' verification asks hundreds of queries of
 * a converted file; Google's reading of its 47,000 rules was a third of the time).
 */
export function allowedAs(doc: RobotsDocument, query: Query, readAs: ReadAs): boolean {
  return explainAs(doc, query, {}, readAs, 'allowed');
}

/**
 * What a table's cell shows of an answer: explain()'s reading, verdict, qualifiers and deciding
 * lines, the same as the full answer's (`line` is its decision's first winner), without the rest.
 */
export interface Verdict {
  readonly reading: Reading;
  readonly allowed: boolean;
  /** 1-based line of the decision's first winner, if a line decided. */
  readonly line: number | undefined;
  readonly qualifiers: readonly string[];
  readonly decidedBy: readonly LineRef[];
}

/**
 * explain()'s verdict as a table's cell shows it: no notes, no records, no qualifier sources, no
 * other profiles. A hover's table asks hundreds (crawlers × usages × readings), and the full
 * answers' notes, lists and objects were most of its work and allocation.
 */
export function explainVerdict(doc: RobotsDocument, query: Query, ctx: WorkspaceContext = {}): Verdict {
  return explainAs(doc, query, ctx, {}, 'verdict');
}

/**
 * The conventional crawl verdict under every profile, as explain()'s `profiles` (which depends on
 * the crawler and the path, not on the usage, the purpose or the reading).
 */
export function conventionalProfiles(doc: RobotsDocument, agent: string, path: string): Readonly<Record<Profile, boolean>> {
  return profileVerdicts(conventionalView(doc, false), agentToken(agent), queryPath(path));
}

/** The conventional crawl verdict of `token` on `rawPath` under each profile; `known`, one already evaluated. */
function profileVerdicts(convDoc: RobotsDocument, token: string, rawPath: string, known?: { readonly profile: Profile; readonly allowed: boolean }): Record<Profile, boolean> {
  return Object.fromEntries(PROFILES.map((p) => [p, p === known?.profile ? known.allowed : evaluateConventional(convDoc, token, rawPath, p).allowed])) as Record<Profile, boolean>;
}

/**
 * explain()'s decision for the usage alone (`Explanation.decision`): what the AI-use answers read
 * of the ACAP reading, asked for every crawler and use of a hover's table.
 */
export function explainDecision(doc: RobotsDocument, query: Query, ctx: WorkspaceContext = {}): Decision {
  return explainAs(doc, query, ctx, {}, 'decision');
}

/** How much of an answer explainAs makes: all of it, a table's cell, the usage's decision, or the verdict alone. */
type Mode = 'full' | 'verdict' | 'decision' | 'allowed';

function explainAs(doc: RobotsDocument, query: Query, ctx: WorkspaceContext, readAs: ReadAs, mode: 'allowed'): boolean;
function explainAs(doc: RobotsDocument, query: Query, ctx: WorkspaceContext, readAs: ReadAs, mode: 'verdict'): Verdict;
function explainAs(doc: RobotsDocument, query: Query, ctx: WorkspaceContext, readAs: ReadAs, mode: 'decision'): Decision;
function explainAs(doc: RobotsDocument, query: Query, ctx: WorkspaceContext, readAs: ReadAs, mode: 'full'): Explanation;
function explainAs(doc: RobotsDocument, query: Query, ctx: WorkspaceContext, readAs: ReadAs, mode: Mode): Explanation | Verdict | Decision | boolean {
  const usage = usageAsked(query.usage);
  return answerAs(questionOf(doc, query, ctx, readAs, mode === 'full'), usage, mode);
}

/**
 * explainVerdict() for each of `usages`, one crawler, path, purpose, profile and reading: the same
 * answers, with what they share — the crawler's token, the path, the conventional verdict, the
 * ACAP records and tiers that apply — read once. A hover's table asks every usage of every
 * crawler (six in an ACAP file, in both readings): each answer found all of that again, most of
 * the table's time on an ACAP file of 41 records. O(one answer's shared part + usages × a decision).
 */
export function explainVerdicts(doc: RobotsDocument, query: Omit<Query, 'usage'>, usages: readonly string[], ctx: WorkspaceContext = {}): Verdict[] {
  const asked = usages.map(usageAsked);
  const q = questionOf(doc, query, ctx, {}, false);
  return asked.map((usage) => answerAs(q, usage, 'verdict'));
}

/** The usage a query names, in lower case (`crawl` when none); a RangeError for a usage ACAP does not define. */
function usageAsked(usage: string | undefined): string {
  const out = (usage ?? 'crawl').toLowerCase();
  if (!USAGE_BY_NAME.has(out)) throw new RangeError(`unknown usage ‘${out}’`);
  return out;
}

/**
 * What explainAs reads of a query before its usage: the crawler, the path, the reading, the
 * conventional verdict, and in the ACAP reading the records and tiers that apply. Made once for
 * all the usages of explainVerdicts.
 */
interface Question {
  readonly doc: RobotsDocument;
  readonly token: string;
  readonly profile: Profile;
  /** The path as asked (queryPath), and normalised (normalizePercent). */
  readonly rawPath: string;
  readonly path: string;
  readonly purpose: string | undefined;
  readonly reading: Reading;
  /** The file as conventional crawlers read it (conventionalView), and their verdict on crawl. */
  readonly convDoc: RobotsDocument;
  readonly conventional: ConventionalVerdict;
  /** Whether ACAP crawlers ignore the conventional records (read from the file, or forced). */
  readonly ignored: boolean;
  /** The ACAP reading's records and setting; undefined in the conventional reading. */
  readonly acap: AcapSetting | undefined;
  /** Whether the answers are full explanations, which alone gather `notes`. */
  readonly full: boolean;
  readonly notes: string[];
}

function questionOf(doc: RobotsDocument, query: Omit<Query, 'usage'>, ctx: WorkspaceContext, readAs: ReadAs, full: boolean): Question {
  const model = getModel(doc);
  const token = agentToken(query.agent);
  const profile = query.profile ?? 'rfc9309';
  const rawPath = queryPath(query.path);
  const path = normalizePercent(rawPath);
  const purpose = query.purpose?.trim() || undefined;
  const reading: Reading = query.reading ?? (model.records.length > 0 ? 'acap' : 'conventional');
  const notes: string[] = [];

  // The file as conventional crawlers read it (a partial BOM skipped, interpretation §1).
  const convDoc = conventionalView(doc, false);
  const conventional = evaluateConventional(convDoc, token, rawPath, profile);
  const ignored = readAs.ignoreConventional ?? model.ignoreConventional.length > 0;
  if (full && conventional.substring) notes.push(`koster1996: line ${conventional.substring.line + 1}'s User-agent ‘${conventional.substring.value.trim()}’ contains ‘${token}’, so its group applies (Koster 1996 §3.2.1 matches a substring; rfc9309 needs the exact token).`);
  if (full) for (const start of [...conventional.experimental].sort((a, b) => a - b)) {
    notes.push(`The group of line ${start + 1} has an experimental Robot-version (odd minor), so crawlers ignore it and use the default (robots.txt 2.0.0 proposal).`);
  }
  // The object written out once, with all its properties (see evaluateConventional on spreads).
  const acap = reading === 'conventional' ? undefined : acapSetting(doc, { token, rawPath, path, purpose, profile, ignored, convDoc, conventional }, ctx, notes, !full);
  if (full && acap) {
    const record = conventional.line === undefined ? undefined : recordHolding(model).get(conventional.line);
    if (!ignored && conventional.line !== undefined && record) {
      notes.push(`Line ${conventional.line + 1} (${lineAt(doc, conventional.line).text.trim()}) would ${conventional.allowed ? 'allow' : 'prohibit'} crawling here, but it stands inside the ACAP record of line ${record.startLine + 1} (a record runs to the next ACAP-crawler line, Part 1 §2.3), so crawlers that read ACAP ignore it (Part 1 §2.9.2).`);
    }
    if (ignored) {
      notes.push(model.ignoreConventional.length
        ? `Line ${model.ignoreConventional[0] + 1} tells ACAP crawlers to ignore the conventional records (Part 1 §2.9.1).`
        : 'Read as if the file told ACAP crawlers to ignore the conventional records (ACAP-ignore-conventional-records, Part 1 §2.9.1).');
    }
    if (acap.named.length === 0 && acap.star.length === 0) notes.push('No ACAP record addresses this crawler.');
  }
  return { doc, token, profile, rawPath, path, purpose, reading, convDoc, conventional, ignored, acap, full, notes };
}

/** The answer to `q` for `usage` (lower case, defined), as much of it as `mode` says. */
function answerAs(q: Question, usage: string, mode: 'verdict'): Verdict;
function answerAs(q: Question, usage: string, mode: Mode): Explanation | Verdict | Decision | boolean;
function answerAs(q: Question, usage: string, mode: Mode): Explanation | Verdict | Decision | boolean {
  const { doc, token, profile, rawPath, path, purpose, reading, convDoc, conventional, ignored, notes } = q;
  const profilesOf = (): Record<Profile, boolean> => profileVerdicts(convDoc, token, rawPath, { profile, allowed: conventional.allowed });

  if (q.acap === undefined) {
    if (mode === 'allowed') return conventional.allowed;
    const decidedBy = conventional.line !== undefined ? [lineRef(doc, conventional.line)] : [];
    // The decision's winner is the deciding line (crawlCandidateOf), for every usage.
    if (mode === 'verdict') return { reading, allowed: conventional.allowed, line: decidedBy[0]?.line, qualifiers: NONE, decidedBy };
    const crawlCandidate: Candidate[] = conventional.line !== undefined
      ? [crawlCandidateOf(doc, conventional.line, conventional.allowed, conventional.named ? 'named' : 'star', conventional.scope ?? conventionalPattern(doc, conventional.line))]
      : [];
    const crawlDecision: Decision = { usage: 'crawl', allowed: conventional.allowed, reason: 'conventional', tier: undefined, winners: crawlCandidate, candidates: crawlCandidate, overridden: [], losers: [], qualifiers: [], summary: `crawl: ${conventional.allowed ? 'allowed' : 'prohibited'} — ${conventional.why}` };
    if (q.full && usage !== 'crawl') notes.push(`Conventional robots.txt only speaks about crawling; ${usage} follows the crawl verdict (some crawlers read Disallow as "do not index", Part 1 §2.5.1 note).`);
    const decision: Decision = usage === 'crawl' ? crawlDecision : {
      usage, allowed: crawlDecision.allowed, reason: crawlDecision.reason, tier: crawlDecision.tier, winners: crawlDecision.winners, candidates: crawlDecision.candidates,
      overridden: crawlDecision.overridden, losers: crawlDecision.losers, qualifiers: crawlDecision.qualifiers,
      summary: `${usage}: ${conventional.allowed ? 'allowed' : 'prohibited'} — it depends on crawl, and ${conventional.why}`,
    };
    if (mode === 'decision') return decision;
    return {
      agent: token, usage, path, purpose, profile, reading, allowed: conventional.allowed, qualifiers: [], qualifierSources: [], decidedBy,
      decision, crawl: usage === 'crawl' ? undefined : crawlDecision,
      records: [], conventional: conventionalSummary(conventional, false), profiles: profilesOf(), notes,
    };
  }

  const { named, star, setting, memo } = q.acap;
  const decided = decideOnce(setting, usage, memo);
  const decision = decided.decision;
  if (mode === 'decision') return decision;
  const crawl = usage === 'crawl' ? undefined : decideOnce(setting, 'crawl', memo).decision;
  const allowed = decision.allowed && (crawl?.allowed ?? true);
  if (mode === 'allowed') return allowed;
  // The lines that decide: a refused crawl's first (and the usage's own when it refuses too).
  const decidedBy = crawl && !crawl.allowed ? (decision.allowed ? winnerLines(crawl) : joinLines(winnerLines(crawl), winnerLines(decision)))
    : joinLines(winnerLines(decision), crawl ? winnerLines(crawl) : NONE);
  if (mode === 'verdict') return { reading, allowed, line: decision.winners[0]?.line, qualifiers: allowed ? decision.qualifiers : NONE, decidedBy };
  notes.push(...setting.notes);
  const { unknown, sources } = winnersRead(decided, doc);
  if (allowed && unknown.length) notes.push(`The permission carries ${unknown.join(', ')}, which ACAP 1.0 does not define: a crawler that does not understand a qualifier treats the permission as a prohibition (interpretation §3.7).`);
  for (const w of decision.winners) if (allowed && w.via) notes.push(`Line ${w.line} names the local usage ${w.via.split(' → ')[0]}, which expands to ${w.usage} through ${w.via}${w.qualifiers.length ? ` with ${w.qualifiers.join(' ')}` : ''} (Part 1 §2.7).`);
  if (crawl && !crawl.allowed) notes.push(`${usage} depends on crawl, which is prohibited (guide §2.4).`);
  if (!ignored && conventional.allowed !== (crawl ?? decision).allowed && conventional.line !== undefined && usage === 'crawl') {
    notes.push(`A crawler that reads only conventional records gets the opposite answer: ${conventional.why}.`);
  }
  const qualifierSources = allowed ? [...sources] : [];

  return {
    agent: token, usage, path, purpose, profile, reading, allowed,
    qualifiers: allowed ? decision.qualifiers : [],
    qualifierSources,
    // The answer's own copies: the shared lines are frozen (winnerLines).
    decidedBy: decidedBy.map((r) => (r.file ? { line: r.line, text: r.text, file: r.file } : { line: r.line, text: r.text })),
    decision, crawl,
    // The first LISTED_MAX records, the rest counted.
    records: [
      ...named.slice(0, LISTED_MAX).map((r) => ({ line: r.record.startLine + 1, named: true, ...(r.uri !== doc.uri ? { file: r.uri } : {}) })),
      ...star.slice(0, Math.max(0, LISTED_MAX - named.length)).map((r) => ({ line: r.record.startLine + 1, named: false })),
    ],
    ...(named.length + star.length > LISTED_MAX ? { recordsOmitted: named.length + star.length - LISTED_MAX } : {}),
    conventional: conventionalSummary(conventional, ignored),
    profiles: profilesOf(),
    notes: [...new Set(notes)],
  };
}

/** Each decision's winners as the lines that decide, made once per decision (winnerLines). */
const decisionLines = new WeakMap<Decision, readonly LineRef[]>();

/**
 * The lines of `d`'s winners, each line once (by file and line), in the winners' order; frozen,
 * as they are shared by every answer the decision is part of. A table's answers all read the
 * crawl decision of their crawler (every usage needs crawl), and each wrote its lines anew, keyed
 * by a string made for each (5% of a hover's time in a CPU profile on a file of 41 ACAP records,
 * and garbage for the young generation's collections). O(winners) once.
 */
function winnerLines(d: Decision): readonly LineRef[] {
  let out = decisionLines.get(d);
  if (!out) decisionLines.set(d, (out = joinLines(NONE, d.winners)));
  return out;
}

/**
 * `a` (frozen lines), then the lines of `b` not in it (by file and line), each a frozen LineRef
 * of its own, in a frozen array: `a` itself when `b` adds nothing. O(a + b).
 */
function joinLines(a: readonly LineRef[], b: readonly LineRef[]): readonly LineRef[] {
  if (b.length === 0) return a;
  const seen = new Set<string>();
  for (const r of a) seen.add(`${r.file ?? ''}#${r.line}`);
  const out: LineRef[] = [...a];
  for (const r of b) {
    const key = `${r.file ?? ''}#${r.line}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(Object.freeze(r.file ? { line: r.line, text: r.text, file: r.file } : { line: r.line, text: r.text }));
  }
  return out.length === a.length ? a : Object.freeze(out);
}

/** What the ACAP reading of one question is decided in: the records that apply, the tiers, the setting and the key decisions are kept under. */
interface AcapSetting {
  readonly named: readonly CompiledRecord[];
  readonly star: readonly CompiledRecord[];
  readonly setting: Setting;
  /** Decisions depend on the document, the crawler, the purpose, the path and the profile, and on other files only through references; without one they are kept per document (decideOnce). */
  readonly memo: { readonly path: string; readonly rest: string } | undefined;
}

/** The question an AcapSetting is made for (explainAs has read it from the query). */
interface AcapQuestion {
  readonly token: string;
  readonly rawPath: string;
  /** `rawPath` normalised (normalizePercent). */
  readonly path: string;
  readonly purpose: string | undefined;
  readonly profile: Profile;
  /** Whether ACAP crawlers ignore the conventional records (read from the file, or forced). */
  readonly ignored: boolean;
  readonly convDoc: RobotsDocument;
  /** The conventional verdict of `convDoc` for the question. */
  readonly conventional: ConventionalVerdict;
}

/**
 * The last setting made for each document, with the question it was made for: a hover's table
 * asks each crawler every usage in a row (six, in an ACAP file, and three for the AI table), and
 * each question found the same records, built the same tiers and decided the same conventional
 * candidate again (on a file of 41 records of 800 fields, explainAs's own time in a CPU profile
 * of hovers fell by half when they were made once). Kept
 * only where the records are the document's own (a reference resolves through the workspace,
 * whose files may change under the same document) and where nothing reads the setting's notes
 * (an answer that is not a full explanation). One entry per document, held weakly.
 */
const lastSettings = new WeakMap<RobotsDocument, { readonly key: string; readonly made: AcapSetting }>();

/**
 * The setting of `q` for the ACAP reading of `doc`: the records that apply (notes on references
 * go to `notes`), the four tiers of interpretation §3.1 and the conventional crawl candidate of
 * interpretation §3.6. With `reuse`, the one made last for the same question is returned.
 * O(records naming the crawler) through the record index, plus the conventional verdict's cost.
 */
function acapSetting(doc: RobotsDocument, q: AcapQuestion, ctx: WorkspaceContext, notes: string[], reuse: boolean): AcapSetting {
  const { token, rawPath, path, purpose, profile, ignored, convDoc, conventional } = q;
  // What decisions depend on besides the path and the usage (decideOnce's key); with the path, the setting's.
  const rest = [token, purpose ?? '', profile, ignored ? 'ignoring' : ''].join('\0');
  const key = reuse ? `${rest}\0${rawPath}` : undefined;
  const last = key === undefined ? undefined : lastSettings.get(doc);
  if (last && last.key === key) return last.made;
  const { named, star, local } = applicableRecords(doc, token, ctx, notes);
  // No purpose: the one empty list of lists, so that what is kept per tier's lists (keyIndex, listsSpeaking) is found again, not made anew for each question.
  const subFields = (records: readonly CompiledRecord[]): readonly (readonly AcapField[])[] => purpose ? purposeLists(records, purpose) : NONE;
  const tiers: Tier[] = [
    { name: 'named-purpose', lists: subFields(named) },
    { name: 'star-purpose', lists: subFields(star) },
    { name: 'named', lists: generalLists(named) },
    { name: 'star', lists: generalLists(star) },
  ];
  // interpretation §3.6: the conventional group is decided first, as normal, by the profile's own
  // rules, without the conventional lines that stand inside ACAP records (ACAP readers ignore
  // them); that one verdict, with its deciding line's pattern, is one crawl candidate.
  const acapDoc = conventionalView(doc, true);
  const forAcap = ignored ? undefined : acapDoc === convDoc ? conventional : evaluateConventional(acapDoc, token, rawPath, profile);
  let conventionalCandidate: Setting['conventional'];
  if (forAcap && forAcap.line !== undefined && forAcap.scope !== undefined) {
    const tier: TierName = forAcap.named ? 'named' : 'star';
    const candidate = crawlCandidateOf(doc, forAcap.line, forAcap.allowed, tier, forAcap.scope);
    conventionalCandidate = { tier, scored: { key: patternKey(forAcap.scope), allow: candidate.allow, usage: candidate.usage, source: 'conventional', tier, candidate } };
  }
  const setting: Setting = { doc, path: path.toLowerCase(), tiers, notes: new Set(), conventional: conventionalCandidate };
  const memo = local ? { path: rawPath, rest } : undefined;
  const made: AcapSetting = { named, star, setting, memo };
  if (key !== undefined && local) lastSettings.set(doc, { key, made });
  return made;
}

/** What explain reads from all the winners of a decision (listed or not). */
interface WinnersRead {
  /** The qualifiers ACAP 1.0 does not define, each once. */
  readonly unknown: readonly string[];
  readonly sources: readonly QualifierRef[];
}

const winnersReads = new WeakMap<Decided, WinnersRead>();

/**
 * The winners' unknown qualifiers and qualifier sources, read once per decision: a kept decision
 * is asked again by every section of a hover, and 150,000 tied winners were read for each
 * (O(winners) the first time, O(1) after). `asked` is the decision's own document.
 */
function winnersRead(decided: Decided, asked: RobotsDocument): WinnersRead {
  let out = winnersReads.get(decided);
  if (!out) {
    const unknown = new Set<string>();
    for (const w of decided.winners) for (const q of w.field?.unknownQualifiers ?? NONE) unknown.add(q);
    out = { unknown: [...unknown], sources: sourcesOf(decided.winners, asked) };
    winnersReads.set(decided, out);
  }
  return out;
}

/**
 * Where the qualifiers of the winners are written, each place once, in the winners' order: every
 * place of the listed winners (the first LISTED_MAX), and of the others only a place for a
 * qualifier not placed yet (20,000 tied winners would name 20,000 lines). O(winners × qualifiers
 * each).
 */
function sourcesOf(winners: readonly Scored[], asked: RobotsDocument): QualifierRef[] {
  const seen = new Map<string, QualifierRef>();
  const placed = new Set<string>();
  const place = (q: QualifierRef): void => {
    const key = `${q.qualifier}@${q.file ?? ''}#${q.line}`;
    if (seen.has(key)) return;
    seen.set(key, q);
    placed.add(q.qualifier);
  };
  const n = Math.min(winners.length, LISTED_MAX);
  for (let k = 0; k < n; k++) for (const q of candidateOf(winners[k], asked).qualifierSources ?? []) place(q);
  // The unlisted: a reference is made only for a qualifier not placed yet (most have none).
  for (let k = n; k < winners.length; k++) {
    for (const q of winners[k].field?.qualifierSources ?? NONE) if (!placed.has(q.qualifier)) place(sourceRef(q, asked));
  }
  return [...seen.values()];
}
