/**
 * Conventional records (User-agent groups) under each profile (docs/decisions.md §1, §2):
 *   rfc9309     exact product-token match, groups for one token merge, `*` only when no named
 *               group matches; longest match in octets wins, Allow on ties; `/robots.txt` allowed.
 *   google      Google's parser exactly (google.ts).
 *   koster1996  the first record whose User-agent value contains the token, else the first `*`
 *               record; the first matching line in file order wins; no wildcards; prefixes.
 * Inside a group whose User-agent lines are followed by `Robot-version: 2.x`, the 1996 "2.0.0"
 * precedence applies under rfc9309 and koster1996 (robots.txt 2.0.0 proposal).
 */
import { grownBy, lineAt, lineCount, movedLine, parseDocument, rangesChangedSince, rangesOf, regionAfter, regionsChangedSince, serialOf, shiftBefore, type LineRange, type LineRegion, type RobotsDocument } from '../syntax/document';
import type { LineNode } from '../syntax/syntax';
import { googleEvaluate, googleExtractAgent, googleNamesAgent, type GoogleLine, type GoogleSection } from './google';
import { getModel, type Group } from '../model/model';
import { lowerBound, sameMoved } from '../syntax/numbers';
import { encodeNonAscii, googleEscapePattern, matchPattern, normalizePercent } from '../syntax/paths';
import { MERGE_FROM, PatternIndex } from './patternIndex';
import { keepPerUri } from './carried';
import { firstOccurrences } from '../syntax/needles';
import type { Steps } from '../syntax/steps';

export type Profile = 'rfc9309' | 'google' | 'koster1996';
export const PROFILES: readonly Profile[] = ['rfc9309', 'google', 'koster1996'];

export interface RuleLine {
  readonly line: number;
  readonly allow: boolean;
  /** The pattern as written. */
  readonly pattern: string;
}

/** A rule prepared once per group for rfc9309 and koster1996 matching. */
interface CompiledRule extends RuleLine {
  /** Percent-encoding normalised (RFC 9309 §2.2.2). */
  readonly normalized: string;
  /** Its length in octets, RFC 9309's measure of specificity. */
  readonly octets: number;
}

export interface ConventionalVerdict {
  readonly profile: Profile;
  readonly allowed: boolean;
  /** The deciding line, if a rule decided. */
  readonly line: number | undefined;
  /** Lines of the User-agent fields of the groups that applied. */
  readonly groupLines: readonly number[];
  /** Whether the groups that applied name the crawler (else `*`, or none). */
  readonly named: boolean;
  /** The Allow/Disallow lines of the groups that applied (candidates for the ACAP reading), built on demand. */
  readonly rules: () => readonly RuleLine[];
  /** The applied group follows the robots.txt 2.0.0 precedence. */
  readonly version2: boolean;
  /**
   * The pattern whose scope the verdict covers, for ranking it against ACAP fields (Part 1
   * §2.4.5; interpretation §3.6): the deciding line's pattern, Google's `/dir/$` when its
   * `/dir/index.html` rule decided, the whole-path form of a 2.0.0 explicit or wildcard string,
   * and `/` when a 2.0.0 group refuses a path no line of it matches. Undefined when no line decided.
   */
  readonly scope: string | undefined;
  /** koster1996: the User-agent line whose value contains the token (§3.2.1 substring match). */
  readonly substring: { readonly line: number; readonly value: string } | undefined;
  /** Lines of groups set aside because their Robot-version is experimental (odd minor). */
  readonly experimental: readonly number[];
  /** One sentence on why. */
  readonly why: string;
}

function agentValue(doc: RobotsDocument, i: number): string {
  const f = lineAt(doc, i).field;
  return f ? lineAt(doc, i).text.slice(f.value.start, f.value.end) : '';
}

function isStar(value: string): boolean {
  return value === '*' || /^\*\s/.test(value);
}

/** The Robot-version of a group, when a `Robot-version` line is its first member. */
function robotVersion(doc: RobotsDocument, g: Group): { major: number; minor: number } | undefined {
  const first = g.members[0];
  if (first === undefined || lineAt(doc, first).field?.fact?.id !== 'robot-version') return undefined;
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(agentValue(doc, first).trim());
  return m ? { major: Number(m[1]), minor: Number(m[2]) } : undefined;
}

/**
 * The group follows robots.txt 2.0.0: its first member is `Robot-version` 2.0.0 or a higher
 * stable version (even minor; interpretation §2).
 */
export function isVersion2(doc: RobotsDocument, g: Group): boolean {
  const v = robotVersion(doc, g);
  return v !== undefined && v.major >= 2 && v.minor % 2 === 0;
}

/**
 * An odd minor version marks an experimental standard: robots ignore the group and use the
 * default (robots.txt 2.0.0 proposal; interpretation §2), as the diagnostic says.
 */
export function isExperimental(doc: RobotsDocument, g: Group): boolean {
  const v = robotVersion(doc, g);
  return v !== undefined && v.major >= 2 && v.minor % 2 === 1;
}

const experimentalCache = new WeakMap<readonly Group[], readonly number[]>();

/** The first lines of the groups crawlers ignore for their experimental Robot-version, once per model: O(groups). */
function experimentalGroups(doc: RobotsDocument): readonly number[] {
  const groups = getModel(doc).groups;
  let out = experimentalCache.get(groups);
  if (!out) {
    out = groups.filter((g) => isExperimental(doc, g)).map((g) => g.startLine);
    experimentalCache.set(groups, out);
  }
  return out;
}

/**
 * RFC 9309 §2.2.1: a User-agent value names its product token, the leading run of letters,
 * `-` and `_` (`AB42bot` names `AB`, `barbarbot*` names `barbarbot`), as the REP conformance
 * suite and Google's parser read it.
 */
export function productToken(value: string): string {
  // The same leading run as Google's reading, after the value's surrounding spaces.
  return googleExtractAgent(value.trim());
}

const viewCache = new WeakMap<RobotsDocument, { conventional?: RobotsDocument; acap?: RobotsDocument }>();

/**
 * The document as a conventional parser reads it. Every profile skips a byte-order mark or any
 * leading part of one (interpretation §1): an editor shows the bytes `EF` or `EF BB` as one
 * U+FFFD, which is dropped here. For a crawler that reads ACAP (`acap`), the conventional lines
 * inside ACAP records are blanked: they decide nothing for it (Part 1 §2.9.2, §2.3). Line numbers
 * are kept. O(file length) once per document, and the document itself when nothing changes.
 */
export function conventionalView(doc: RobotsDocument, acap: boolean): RobotsDocument {
  let entry = viewCache.get(doc);
  if (!entry) {
    entry = {};
    viewCache.set(doc, entry);
  }
  const cached = acap ? entry.acap : entry.conventional;
  if (cached) return cached;
  const partialBom = lineCount(doc) > 0 && lineAt(doc, 0).text.startsWith('\ufffd');
  const hidden = acap ? getModel(doc).records.flatMap((r) => r.conventional) : [];
  let view = doc;
  if (partialBom || hidden.length) {
    const texts = doc.lines.map((l) => l.text);
    if (partialBom) texts[0] = texts[0].slice(1);
    for (const i of hidden) texts[i] = '';
    view = parseDocument(doc.uri, doc.version, texts.map((t, i) => t + lineAt(doc, i).eol).join(''));
  }
  if (acap) entry.acap = view;
  else entry.conventional = view;
  return view;
}

/** The product token of a User-agent value: what precedes the first `/` or space (interpretation §1). */
export function valueToken(value: string): string {
  // The first match ends it: no array of every part (26,000 agents split once each per lookup).
  const end = value.search(/[\s/]/);
  return end < 0 ? value : value.slice(0, end);
}

/**
 * The groups by the product tokens they name, the `*` groups, and for Koster's reading the named
 * agent values lower-cased and joined (one `\n` after each), with where each starts and its group.
 * Groups with an experimental Robot-version (2.1.0...) are left out: crawlers ignore them.
 * Built once per model in O(total agent length), so that finding a crawler's groups is a map
 * look-up (rfc9309) or one substring search of the joined values (koster1996), never a scan of
 * every group per query (hover among 10,000 groups asks for 10,000 crawlers).
 */
interface GroupLookup {
  readonly byToken: ReadonlyMap<string, readonly Group[]>;
  readonly star: readonly Group[];
  readonly joined: string;
  readonly starts: readonly number[];
  readonly owners: readonly Group[];
  /** The User-agent line of each value in `joined`. */
  readonly lines: readonly number[];
  /** Where each token the file names first occurs in `joined` (firstOccurrences), on first use. */
  firsts?: Map<string, number>;
  /** Koster's answer for other tokens already asked for (bounded): the value's place in `joined`, -1 for none. */
  readonly koster: Map<string, number>;
}

/**
 * The product tokens the file names (the groups' User-agent values and the records' ACAP-crawler
 * values), lower-cased: the needles located at once by kosterGroup. Only a speed-up: a token not
 * among them is searched on its own, with the same answer. O(agent and crawler lines), read from
 * the model's groups and records rather than from every line (47,000 on the largest real file).
 */
function namedTokens(doc: RobotsDocument): Set<string> {
  const out = new Set<string>();
  const model = getModel(doc);
  const add = (i: number): void => {
    const node = lineAt(doc, i);
    const d = node.directive;
    const span = d.kind === 'user-agent' ? d.agent : d.kind === 'acap-crawler' ? d.name : undefined;
    if (span) out.add(valueToken(node.text.slice(span.start, span.end).trim()).toLowerCase());
  };
  for (const g of model.groups) for (const a of g.agents) add(a);
  for (const r of model.records) for (const c of r.crawlers) add(c);
  return out;
}

const groupLookups = new WeakMap<readonly Group[], GroupLookup>();

function groupLookup(doc: RobotsDocument): GroupLookup {
  const groups = getModel(doc).groups;
  let out = groupLookups.get(groups);
  if (out) return out;
  const byToken = new Map<string, Group[]>();
  const star: Group[] = [];
  const parts: string[] = [];
  const starts: number[] = [];
  const owners: Group[] = [];
  const lines: number[] = [];
  let at = 0;
  for (const g of groups) {
    if (isExperimental(doc, g)) continue;
    let isStarGroup = false;
    for (const a of g.agents) {
      const v = agentValue(doc, a);
      if (isStar(v)) { isStarGroup = true; continue; }
      // RFC 9309 §2.2.1: the value names its product token (`AB42bot` names `AB`).
      const t = productToken(v).toLowerCase();
      if (t.length > 0) {
        const list = byToken.get(t);
        if (!list) byToken.set(t, [g]);
        else if (list[list.length - 1] !== g) list.push(g);
      }
      const lower = v.toLowerCase();
      starts.push(at);
      owners.push(g);
      lines.push(a);
      parts.push(lower);
      at += lower.length + 1;
    }
    if (isStarGroup) star.push(g);
  }
  out = { byToken, star, joined: parts.join('\n') + '\n', starts, owners, lines, koster: new Map() };
  groupLookups.set(groups, out);
  return out;
}

/**
 * Groups that apply to `token` under rfc9309: all groups whose product token equals it
 * (case-insensitively), else all `*` groups; groups with an experimental Robot-version are
 * ignored. O(1) per query after groupLookup.
 */
function rfcGroups(doc: RobotsDocument, token: string): { groups: readonly Group[]; named: boolean } {
  const t = token.toLowerCase();
  const lookup = groupLookup(doc);
  const named = t.length > 0 ? lookup.byToken.get(t) : undefined;
  // The lookup's own lists, not copies: a crawler can have thousands of groups.
  if (named?.length) return { groups: named, named: true };
  return { groups: lookup.star, named: false };
}

/**
 * The User-agent lines of `groups`, listed once per list: the lookup's lists live as long as the
 * structure, so a verdict costs O(1) here instead of O(groups).
 */
const agentLines = new WeakMap<readonly Group[], readonly number[]>();
function agentLinesOf(groups: readonly Group[]): readonly number[] {
  // One group (nearly every verdict): its own list, read-only. flatMap copied it every time.
  if (groups.length === 1) return groups[0].agents;
  if (groups.length < MERGE_FROM) return groups.flatMap((g) => g.agents);
  let lines = agentLines.get(groups);
  if (!lines) agentLines.set(groups, (lines = groups.flatMap((g) => g.agents)));
  return lines;
}

/**
 * Per URI, where the tokens its last version names first occur among its User-agent values
 * (GroupLookup.firsts), with those values joined. A place depends on the joined values alone (a
 * token the map lacks is searched on its own), and an edit outside the User-agent lines leaves
 * them equal: the next version takes the map after one string comparison, O(joined), instead of
 * locating every token again (on a generated 1 MB file of 41 groups, 3 ms of the first hover
 * after each edit). Forgotten with the document (forgetGroupEntries).
 */
const latestFirsts = new Map<string, { readonly joined: string; readonly firsts: Map<string, number> }>();

/**
 * Koster 1996 §3.2.1: the first record whose User-agent value contains the token, else the first
 * `*` record. The tokens the file names are all located in one pass (firstOccurrences,
 * O(total agent length + total token length)); any other token costs one indexOf over the joined
 * values, O(total agent length), remembered.
 */
function kosterGroup(doc: RobotsDocument, token: string): { group: Group | undefined; named: boolean; substring: ConventionalVerdict['substring'] } {
  const t = token.toLowerCase();
  const lookup = groupLookup(doc);
  // The first value (file order) that contains the token: -1 for none.
  let value = -1;
  // No named User-agent value (a file of ACAP records and `*` groups): no token is searched for.
  // `*` asks for any other robot, whose record is the default one: it is no name to look for in
  // the values (`User-agent: bot*` contains it, and made the row of any other crawler its group's).
  if (t && t !== '*' && !t.includes('\n') && lookup.starts.length > 0) {
    if (!lookup.firsts) {
      const kept = latestFirsts.get(doc.uri);
      lookup.firsts = kept?.joined === lookup.joined ? kept.firsts : firstOccurrences(lookup.joined, namedTokens(doc));
      keepPerUri(latestFirsts, doc.uri, { joined: lookup.joined, firsts: lookup.firsts });
    }
    let hit = lookup.firsts.get(t);
    const known = hit === undefined ? lookup.koster.get(t) : undefined;
    if (known !== undefined) value = known;
    else {
      if (hit === undefined) hit = lookup.joined.indexOf(t);
      if (hit >= 0) {
        // The value that holds the hit: the last one starting at or before it (a token holds no
        // newline, so the hit lies within one value, the first to contain the token).
        let lo = 0;
        let hi = lookup.starts.length - 1;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if (lookup.starts[mid] <= hit) lo = mid;
          else hi = mid - 1;
        }
        value = lo;
      }
      if (!lookup.firsts.has(t)) {
        if (lookup.koster.size >= 10_000) lookup.koster.clear();
        lookup.koster.set(t, value);
      }
    }
  }
  if (value >= 0) {
    // The line of that value, for the answer: O(1). Searching the group's agents for it cost
    // O(agents) per verdict, and conversions ask for hundreds among a group of 48,000 names.
    const line = lookup.lines[value];
    const v = agentValue(doc, line);
    return { group: lookup.owners[value], named: true, substring: v.trim().toLowerCase() !== t ? { line, value: v } : undefined };
  }
  return { group: lookup.star[0], named: false, substring: undefined };
}

interface GroupRules {
  /** The rules in line order in `doc`, the version the value was asked for, listed on first use (O(members)). */
  readonly rules: (doc: RobotsDocument) => readonly CompiledRule[];
  /** Answers rfc9309 matching (wildcards) and Koster's (every character literal). */
  readonly index: PatternIndex<CompiledRule>;
  /** Empty Disallow lines: under Koster they match every path, and allow it. */
  readonly emptyDisallows: readonly CompiledRule[];
}

/**
 * A group's compiled rules, kept per `members` array: a model carried over after an edit (typing
 * in a path) shares its groups' member arrays, line numbers included, so the entry of the
 * previous version is patched for the lines whose node changed instead of being rebuilt.
 */
interface GroupEntry {
  /**
   * The version the entry answers for, by its serial number (serialOf), not the document: an
   * entry is kept as long as its group's members, which typing carries from version to version,
   * and every group not asked since held the version it was last asked in alive, with all that
   * version's analyses (on a generated 1 MB file of 2,000 groups, 50 versions and 53 MB after
   * a few hundred keystrokes, each followed by a hover).
   */
  serial: number;
  /** The group's members (line numbers) in that version. */
  members: readonly number[];
  /** The line node of each member when its rule was compiled (identity tells an edited line). */
  nodes: LineNode[];
  /** The compiled rule of each member, if it is a rule. */
  perMember: (CompiledRule | undefined)[];
  value: GroupRules;
  /** Answers rfc9309 and Koster matching; patched in place from version to version. */
  readonly index: PatternIndex<CompiledRule>;
  /** The empty Disallow lines of the members (few), in line order. */
  empties: CompiledRule[];
}

const groupRules = new WeakMap<readonly number[], GroupEntry>();

/**
 * One rule, compiled: O(pattern). The normalised form is the pattern string itself when nothing
 * changes (ASCII without escapes: almost every real pattern), so the two share their characters.
 */
function compileRule(doc: RobotsDocument, m: number): CompiledRule | undefined {
  const line = lineAt(doc, m);
  const d = line.directive;
  // A rule without its colon is not a rule to RFC 9309 or Koster parsers (Google's has its own reading).
  if (d.kind !== 'rule' || line.field?.separator !== 'colon') return undefined;
  const pattern = line.text.slice(d.pattern.start, d.pattern.end);
  const normalized = normalizePercent(pattern);
  // normalizePercent writes every character beyond US-ASCII as %XX escapes of its UTF-8 octets:
  // its output is ASCII, one octet a character.
  return { line: m, allow: d.allow, pattern, normalized, octets: normalized.length };
}

/** A rule as it is now, in an object of its own. */
function snapshot(r: CompiledRule): CompiledRule {
  return { line: r.line, allow: r.allow, pattern: r.pattern, normalized: r.normalized, octets: r.octets };
}

function isEmptyDisallow(r: CompiledRule | undefined): r is CompiledRule {
  return r !== undefined && r.pattern === '' && !r.allow;
}


/**
 * A version's answer: the index (shared, patched in place across versions), the empty Disallow
 * lines, and the rule list, made from `perMember` on first use. The list is asked for rarely
 * (robots.txt 2.0.0 groups, the rules behind a verdict), so an edit no longer copies the whole
 * list; a list asked for after a later version patched `perMember` is rebuilt through
 * compiledRules for its own version (rulesOf), never read from a newer one.
 */
function groupValue(entry: GroupEntry, g: Group): GroupRules {
  const serial = entry.serial;
  let list: readonly CompiledRule[] | undefined;
  return {
    index: entry.index,
    emptyDisallows: entry.empties,
    rules: (doc) => {
      // Listed while the entry answers this version, as copies (a later version moves the rule
      // objects' lines in place); later, through an entry built for this version again.
      list ??= entry.serial === serial ? entry.perMember.filter((r): r is CompiledRule => r !== undefined).map(snapshot) : compiledRules(doc, g).rules(doc);
      return list;
    },
  };
}

/**
 * A group's rules, normalised and indexed once, then reused by every query. After an edit that
 * kept the structure, the previous version's entry is patched: O(members) identity comparisons
 * plus O(edited rules) index updates, instead of O(rules) normalisation and hashing.
 */
function compiledRules(doc: RobotsDocument, g: Group): GroupRules {
  const entry = groupRules.get(g.members);
  const serial = serialOf(doc);
  if (entry && entry.serial === serial) return entry.value;
  if (entry) {
    const { nodes, perMember, index } = entry;
    let empties = false;
    // Only the members on lines changed since the entry's version, when the versions between
    // say which (O(log members + edited)). After lines were added or removed (a group before
    // them keeps its member array), the members before the first line the edits touched are the
    // same nodes on the same lines (regionsChangedSince), and only those after it are compared: a
    // hover right after Enter compared every member of every group above the new line (on a
    // generated 1 MB file of 41 groups, in process, that hover's median was 4.1–4.8 ms with the
    // comparison and 2.4–4.0 ms without it). Else every member's node is compared (O(members)).
    // Typing at several places (several cursors) changes a few ranges of lines: only their
    // members are compared, not every member between the first range and the last.
    const visit = (k: number): void => {
      const m = g.members[k];
      const node = lineAt(doc, m);
      if (node === nodes[k]) return;
      nodes[k] = node;
      const before = perMember[k];
      if (before && before.normalized !== '') index.remove(before.normalized, before);
      const after = compileRule(doc, m);
      perMember[k] = after;
      if (after && after.normalized !== '') index.add(after.normalized, after);
      if (isEmptyDisallow(before) || isEmptyDisallow(after)) empties = true;
    };
    const { ranges, regions } = changesSince(doc, entry);
    if (ranges) {
      for (const r of ranges) for (let k = lowerBound(g.members, r.from); k < g.members.length && g.members[k] < r.to; k++) visit(k);
    } else {
      for (let k = lowerBound(g.members, regions ? (regions[0]?.newFrom ?? Infinity) : 0); k < g.members.length; k++) visit(k);
    }
    entry.serial = serial;
    // Empty Disallow lines are few: listed again from the members when one came or went (O(members)).
    return keepEntry(doc, entry, g, empties).value;
  }
  const moved = movedEntry(doc, g);
  if (moved) return moved.value;
  const fresh = newEntry(doc, g);
  addMembers(doc, fresh, g, 0, g.members.length);
  return keepEntry(doc, fresh, g).value;
}

/**
 * Per URI, the entries of the last version a query asked, by their group's first line: a model
 * built again after lines were added or removed has new member arrays, and its groups find here
 * the entry to move (rebaseEntry) instead of compiling and indexing every rule again (a hover
 * right after Enter in the largest real file rebuilt its 47,000 rules). One entry per URI (keepPerUri);
 * forgotten with the document (forgetDocument).
 */
const latestEntries = new Map<string, Latest>();

interface Latest {
  doc: RobotsDocument;
  byFirst: Map<number, GroupEntry>;
  /**
   * How `doc` differs from the version the entries were last moved from (latestFor), by that
   * version's serial number. An entry of that version moves with these regions: the versions may
   * be of two branches (a conversion's verification edits the open version into one of its own,
   * which takes the entries, and the open version or the editor's next one takes them back),
   * which a serial number alone cannot relate (regionsChangedSince). The regions, not the
   * version: a converted version kept here stayed alive, with its analyses, until the next move.
   */
  moved?: Changes & { readonly from: number };
}

/** How a version differs from an earlier one (or one of another branch): as regions, and as ranges when they replaced lines one for one. */
interface Changes {
  readonly regions: readonly LineRegion[] | undefined;
  readonly ranges: readonly LineRange[] | undefined;
}

/**
 * How `doc` differs from the version `entry` last answered: the regions latestFor moved the
 * entries with, when `entry` is of that version; through the kept version itself when `entry` is
 * of it; else through its serial number (an earlier version only). O(1) after the versions' walk.
 */
function changesSince(doc: RobotsDocument, entry: GroupEntry): Changes {
  const kept = latestEntries.get(doc.uri);
  if (kept?.doc === doc && kept.moved?.from === entry.serial) return kept.moved;
  const version = kept && kept.doc !== doc && serialOf(kept.doc) === entry.serial ? kept.doc : entry.serial;
  return { regions: regionsChangedSince(doc, version), ranges: rangesChangedSince(doc, version) };
}

/** Forget the entries kept for `uri` to move to its next version, and its tokens' first places (the document was closed). O(1). */
export function forgetGroupEntries(uri: string): void {
  latestEntries.delete(uri);
  latestFirsts.delete(uri);
}

/**
 * The URI's kept entries, their keys moved to `doc`'s line numbers (a key in the edited region
 * is dropped); undefined when `doc` and the kept version are not of one lineage within the steps
 * documents remember (either may be the later one, or they may be of two branches). O(groups
 * kept + regions) when the version changed, else O(1).
 */
function latestFor(doc: RobotsDocument): Latest | undefined {
  const kept = latestEntries.get(doc.uri);
  if (!kept || kept.doc === doc) return kept;
  const regions = regionsChangedSince(doc, kept.doc);
  if (!regions) {
    latestEntries.delete(doc.uri);
    return undefined;
  }
  const byFirst = new Map<number, GroupEntry>();
  for (const [line, entry] of kept.byFirst) {
    const moved = movedLine(regions, line);
    if (moved !== undefined) byFirst.set(moved, entry);
  }
  kept.moved = { from: serialOf(kept.doc), regions, ranges: rangesOf(regions) };
  kept.doc = doc;
  kept.byFirst = byFirst;
  return kept;
}

/** `entry` answers `g` in `doc`: kept under the group's first line. O(1) (plus latestFor). */
function remember(doc: RobotsDocument, g: Group, entry: GroupEntry): void {
  if (g.members.length === 0) return;
  let kept = latestFor(doc);
  if (!kept) {
    keepPerUri(latestEntries, doc.uri, (kept = { doc, byFirst: new Map() }));
  }
  kept.byFirst.set(g.members[0], entry);
}

/** The entry of an earlier version's group that `g` is, moved to `doc` (rebaseEntry), or undefined. */
function movedEntry(doc: RobotsDocument, g: Group): GroupEntry | undefined {
  if (g.members.length === 0) return undefined;
  const entry = latestFor(doc)?.byFirst.get(g.members[0]);
  return entry && entry.serial !== serialOf(doc) && rebaseEntry(entry, g, doc) ? entry : undefined;
}

/**
 * Edited members beyond which moving an entry may cost what building it does: this many, or a
 * quarter of the group's members (moving one re-indexes its rule, building re-indexes them all;
 * lines deleted at 40 places 40 lines apart in a group of 8,000 rules made one region of 1,561
 * lines, and the group's index was built again).
 */
const MOVE_MAX = 256;

/**
 * Move `entry` from its version to `doc`, where `g` is the group it answered after lines were
 * added or removed in a few regions (regionsChangedSince: one, or one per cursor): between the
 * regions the members are the same lines moved by the lines the regions before them added, and
 * the members in the regions at most MOVE_MAX (or a quarter of them) in all. The regions' rules
 * leave the index and their new rules join it; the others keep their objects (the index is keyed
 * by pattern) with their line moved in place, so the earlier version builds its own entry if
 * asked again, as after a patch. False, with nothing changed, when `g` is not that group moved. O(members)
 * comparisons and copies, O(log regions + the group's regions), O(regions' members) index updates.
 */
function rebaseEntry(entry: GroupEntry, g: Group, doc: RobotsDocument): boolean {
  // No region: the versions differ in no line (Enter, then the blank line deleted), though the
  // model was built again between them (new member arrays); the members are the same lines, and
  // the entry only changes hands. It was built again: 40 ms of a hover on the largest real file.
  const { regions } = changesSince(doc, entry);
  if (!regions) return false;
  const old = entry.members;
  const members = g.members;
  // Only the regions from the group's first line to its last, in either version: those before
  // it move it whole, those after it leave it be (a file of 10,000 groups and 60 cursors read
  // 60 regions per group).
  let k = regionAfter(regions, old[0] - 1);
  const oldLast = old[old.length - 1];
  const newLast = members[members.length - 1];
  // Per region, its members: old[a, b) became members[c, d); `delta` moves the members after it.
  const cuts: { a: number; b: number; c: number; d: number; delta: number }[] = [];
  let b = 0;
  let d = 0;
  const before = shiftBefore(regions, k);
  let delta = before;
  let edited = 0;
  for (; k < regions.length && (regions[k].oldFrom <= oldLast || regions[k].newFrom <= newLast); k++) {
    const r = regions[k];
    const a = lowerBound(old, r.oldFrom);
    const c = lowerBound(members, r.newFrom);
    // Between the regions (and before the first) the members must be the same lines moved (a
    // User-agent line typed in a region ends the group).
    if (a - b !== c - d || !sameMoved(old, b, a, members, d, delta)) return false;
    b = lowerBound(old, r.oldTo);
    d = lowerBound(members, r.newTo);
    edited += Math.max(b - a, d - c);
    if (edited > Math.max(MOVE_MAX, old.length >> 2)) return false;
    delta += grownBy(r);
    cuts.push({ a, b, c, d, delta });
  }
  if (old.length - b !== members.length - d || !sameMoved(old, b, old.length, members, d, delta)) return false;
  const { index, perMember, nodes } = entry;
  let empties = false;
  // The rules before the group's first region move by the lines the regions before the group added.
  if (before !== 0) moveRules(perMember, 0, cuts.length ? cuts[0].a : perMember.length, before);
  for (let k = 0; k < cuts.length; k++) {
    const { a, b: end, delta: by } = cuts[k];
    for (let m = a; m < end; m++) {
      const r = perMember[m];
      if (r && r.normalized !== '') index.remove(r.normalized, r);
      if (isEmptyDisallow(r)) empties = true;
    }
    // The rules up to the next region (or the end) move by the lines added up to here.
    if (by !== 0) moveRules(perMember, end, k + 1 < cuts.length ? cuts[k + 1].a : perMember.length, by);
  }
  // The regions' members replaced from the last to the first, so that each cut's old positions
  // hold; in place: the engine moves the untouched members' slots (no copy of 47,000 pointers in
  // JavaScript).
  for (let k = cuts.length - 1; k >= 0; k--) {
    const { a, b: end, c, d: to } = cuts[k];
    const addedNodes: LineNode[] = [];
    const added: (CompiledRule | undefined)[] = [];
    for (let j = c; j < to; j++) {
      addedNodes.push(lineAt(doc, members[j]));
      const r = compileRule(doc, members[j]);
      added.push(r);
      if (r && r.normalized !== '') index.add(r.normalized, r);
      if (isEmptyDisallow(r)) empties = true;
    }
    nodes.splice(a, end - a, ...addedNodes);
    perMember.splice(a, end - a, ...added);
  }
  groupRules.delete(old);
  entry.serial = serialOf(doc);
  // Empty Disallow lines are few, and moved in place with the others: listed again only when
  // a region held or holds one.
  keepEntry(doc, entry, g, empties);
  return true;
}

/** Move the rules of `perMember[from, to)` by `delta` lines, in place (a loop of its own: see syntax/numbers.ts). */
function moveRules(perMember: readonly (CompiledRule | undefined)[], from: number, to: number, delta: number): void {
  for (let k = from; k < to; k++) {
    const r = perMember[k];
    if (r) (r as { line: number }).line += delta;
  }
}

/** Members compiled and indexed a step when a group's rules are built in steps. */
const BUILD_CHUNK = 4096;

/** An entry for `doc` with no member read yet (addMembers fills it, keepEntry finishes it). */
function newEntry(doc: RobotsDocument, g: Group): GroupEntry {
  return { serial: serialOf(doc), members: g.members, nodes: [], perMember: [], index: new PatternIndex<CompiledRule>([]), empties: [], value: undefined as unknown as GroupRules };
}

/**
 * Members [from, to) of `g` compiled and indexed into `entry`, in order. A plain loop, not a
 * generator (V8 does not replace a running generator's frame with optimised code, and a first
 * query builds a group of 47,000 rules at once): the steps call it a chunk at a time.
 */
function addMembers(doc: RobotsDocument, entry: GroupEntry, g: Group, from: number, to: number): void {
  const { nodes, perMember, index } = entry;
  const members = g.members;
  for (let k = from; k < to; k++) nodes.push(lineAt(doc, members[k]));
  for (let k = from; k < to; k++) perMember.push(compileRule(doc, members[k]));
  for (let k = from; k < to; k++) {
    const r = perMember[k];
    if (r && r.normalized !== '') index.add(r.normalized, r);
  }
}

/**
 * `entry`, complete for its version and `g`: its empty Disallow lines listed again (when
 * `listEmpties`), a value of its own for the version (its rule list is listed from it on first
 * use), and the entry kept for its members and first line.
 */
function keepEntry(doc: RobotsDocument, entry: GroupEntry, g: Group, listEmpties = true): GroupEntry {
  entry.members = g.members;
  if (listEmpties) entry.empties = entry.perMember.filter(isEmptyDisallow);
  entry.value = groupValue(entry, g);
  groupRules.set(g.members, entry);
  remember(doc, g, entry);
  return entry;
}

/**
 * The rule indexes of `doc`'s groups of BUILD_CHUNK members or more, built in steps of that many
 * members: what compiledRules builds in one piece on a first query (47,000 rules of the largest
 * real file: 40–60 ms), so that a host preparing answers in the background (prepareAnswersSteps)
 * never holds its event loop that long. A group already indexed under its members (this version,
 * or one an edit within lines carried it over from) is left to compiledRules, which patches it;
 * an entry is kept only when complete and still missing. Smaller groups are built when asked.
 */
export function* prepareGroupRules(doc: RobotsDocument): Steps<void> {
  for (const g of getModel(doc).groups) {
    if (g.members.length < BUILD_CHUNK || groupRules.has(g.members) || movedEntry(doc, g)) continue;
    const entry = newEntry(doc, g);
    for (let from = 0; from < g.members.length; from += BUILD_CHUNK) {
      if (from > 0) yield;
      addMembers(doc, entry, g, from, Math.min(g.members.length, from + BUILD_CHUNK));
    }
    if (!groupRules.has(g.members)) keepEntry(doc, entry, g);
  }
}

/** The rules of the groups that apply, in file order. */
function rulesOf(doc: RobotsDocument, groups: readonly Group[]): readonly CompiledRule[] {
  if (groups.length === 1) return compiledRules(doc, groups[0]).rules(doc);
  return groups.flatMap((g) => compiledRules(doc, g).rules(doc)).sort((a, b) => a.line - b.line);
}

interface MergedRules { readonly index: PatternIndex<CompiledRule>; readonly emptyDisallows: readonly CompiledRule[] }
/**
 * Per version (an edit makes a new document), per group list — the lookup's own list for a token
 * or for `*` (rfcGroups), so one entry per token asked: built on first query, O(rules of the groups).
 */
const mergedIndexes = new WeakMap<RobotsDocument, WeakMap<readonly Group[], MergedRules>>();

function mergedRules(doc: RobotsDocument, groups: readonly Group[]): MergedRules {
  let byList = mergedIndexes.get(doc);
  if (!byList) mergedIndexes.set(doc, (byList = new WeakMap()));
  let merged = byList.get(groups);
  if (!merged) {
    const index = new PatternIndex<CompiledRule>([]);
    const emptyDisallows: CompiledRule[] = [];
    // Compiled straight from the members: no per-group index is made for groups queried merged.
    for (const g of groups) {
      for (const m of g.members) {
        const r = compileRule(doc, m);
        if (!r) continue;
        if (r.normalized !== '') index.add(r.normalized, r);
        else if (!r.allow) emptyDisallows.push(r);
      }
    }
    merged = { index, emptyDisallows };
    byList.set(groups, merged);
  }
  return merged;
}

/**
 * The rules of the groups that match `path`, found through each group's index, or through one
 * merged index when the groups are many.
 */
function matchingRules(doc: RobotsDocument, groups: readonly Group[], path: string, literal: boolean): readonly CompiledRule[] {
  // The index's own answer where it is the whole answer (read-only): a hover's table asks this
  // of every crawler's group, and copying each answer (flatMap, a spread) was a tenth of it.
  const query = ({ index, emptyDisallows }: MergedRules): readonly CompiledRule[] =>
    !literal ? index.matches(path) : emptyDisallows.length === 0 ? index.literalMatches(path) : [...index.literalMatches(path), ...emptyDisallows];
  if (groups.length >= MERGE_FROM) return query(mergedRules(doc, groups));
  if (groups.length === 1) return query(compiledRules(doc, groups[0]));
  const out: CompiledRule[] = [];
  for (const g of groups) for (const r of query(compiledRules(doc, g))) out.push(r);
  return out;
}

/** The rfc9309 matcher: normalised percent-encoding, case-sensitive, `*` and final `$`. */
export function rfcMatches(pattern: string, path: string): boolean {
  return pattern.length > 0 && matchPattern(normalizePercent(pattern), path);
}

/** RFC 9309 §2.2.2: the longest matching pattern (in octets) wins; Allow wins a tie. */
function longestMatch(matching: readonly CompiledRule[]): CompiledRule | undefined {
  let best: CompiledRule | undefined;
  for (const r of matching) {
    if (!best || r.octets > best.octets || (r.octets === best.octets && r.allow && !best.allow) || (r.octets === best.octets && r.allow === best.allow && r.line < best.line)) best = r;
  }
  return best;
}

/** Koster 1996 §3.2.2: prefixes, no wildcards, first match in order; an empty Disallow allows all. */
function firstMatch(matching: readonly CompiledRule[]): CompiledRule | undefined {
  let first: CompiledRule | undefined;
  for (const r of matching) if (!first || r.line < first.line) first = r;
  return first;
}

/**
 * robots.txt 2.0.0: an explicit (wildcard-free) Allow of exactly this path beats everything; any
 * matching Disallow beats wildcard Allows; where wildcard Allows exist the path must match one;
 * Allow lines alone admit only what they name; otherwise everything else is allowed (the open
 * question of the proposal, settled by docs/decisions.md §2).
 */
function version2Match(rules: readonly CompiledRule[], path: string): { allowed: boolean; line: number | undefined; why: string; scope: string | undefined } {
  const explicit = (r: RuleLine): boolean => !r.pattern.includes('*');
  // Explicit and wildcard strings match the whole path (interpretation §2): `*.shtml` does not
  // match `/a.shtml.bak`.
  const matches = (r: CompiledRule): boolean => matchPattern(wholePath(r.normalized), path);
  const v = version2Decide(rules, explicit, matches);
  const line = v.line === undefined ? undefined : rules.find((r) => r.line === v.line);
  return { ...v, scope: line === undefined ? undefined : line.pattern !== '' && matches(line) ? wholePath(line.pattern) : '/' };
}

function wholePath(pattern: string): string {
  return pattern.endsWith('$') ? pattern : pattern + '$';
}

function version2Decide(rules: readonly CompiledRule[], explicit: (r: RuleLine) => boolean, matches: (r: CompiledRule) => boolean): { allowed: boolean; line: number | undefined; why: string } {
  const ok = rules.find((r) => r.allow && explicit(r) && matches(r));
  if (ok) return { allowed: true, line: ok.line, why: 'an explicit Allow names exactly this path, which beats every other rule (robots.txt 2.0.0)' };
  const no = rules.find((r) => !r.allow && r.pattern !== '' && matches(r));
  if (no) return { allowed: false, line: no.line, why: 'a Disallow matches, which beats wildcard Allows (robots.txt 2.0.0)' };
  const wild = rules.filter((r) => r.allow && !explicit(r));
  if (wild.length) {
    const w = wild.find(matches);
    return w
      ? { allowed: true, line: w.line, why: 'a wildcard Allow matches and no Disallow does (robots.txt 2.0.0)' }
      : { allowed: false, line: wild[0].line, why: 'the group has wildcard Allows and none matches this path (robots.txt 2.0.0)' };
  }
  if (!rules.some((r) => !r.allow) && rules.some((r) => r.allow)) {
    return { allowed: false, line: rules[0].line, why: 'the group only allows the exact paths it names (robots.txt 2.0.0)' };
  }
  return { allowed: true, line: undefined, why: 'no rule matches; everything else is allowed (robots.txt 2.0.0, as interpreted)' };
}

/**
 * The conventional verdict for `token` on `rawPath` (the path of the URL as given) under
 * `profile`. Google compares the path as given (non-ASCII encoded); the others compare with
 * percent-encoding normalised. Pass `conventionalView(doc, …)` to skip a partial BOM and, for an
 * ACAP reader, the conventional lines inside ACAP records. O(groups + path length + wildcard
 * patterns × path length) through the pattern indexes.
 */
export function evaluateConventional(doc: RobotsDocument, token: string, rawPath: string, profile: Profile): ConventionalVerdict {
  const experimental = experimentalGroups(doc);
  if (profile === 'google') {
    const path = encodeNonAscii(rawPath);
    if (googleNamesAgent(doc, token)) return googleVerdict(doc, token, path);
    const memo = sharedVerdicts(doc, path, profile);
    let answer = memo.get(GOOGLE_GLOBAL);
    if (!answer) memo.set(GOOGLE_GLOBAL, (answer = googleVerdict(doc, token, path)));
    return answer;
  }
  const path = normalizePercent(rawPath);
  if (path === '/robots.txt' && profile === 'rfc9309') {
    const { groups, named } = rfcGroups(doc, token);
    return { profile, allowed: true, line: undefined, groupLines: agentLinesOf(groups), named, rules: () => rulesOf(doc, groups), version2: false, why: '/robots.txt itself is always allowed (RFC 9309 §2.2.2)', scope: undefined, substring: undefined, experimental };
  }
  let substring: ConventionalVerdict['substring'];
  let groups: readonly Group[];
  let named: boolean;
  // What decides the verdict besides the path, when the crawler's name is not part of it.
  let shared: object | undefined;
  if (profile === 'rfc9309') {
    ({ groups, named } = rfcGroups(doc, token));
    shared = groups;
  } else {
    const k = kosterGroup(doc, token);
    groups = k.group ? [k.group] : [];
    named = k.named;
    substring = k.substring;
    // A substring pick names the token in its sentence: not shared. The fallback is always the
    // version's first `*` group (or none), under a key of its own: that group may also be named.
    shared = substring ? undefined : named ? k.group : STAR_FALLBACK;
  }
  if (shared === undefined) return decideConventional(doc, token, path, profile, groups, named, substring, experimental);
  const memo = sharedVerdicts(doc, path, profile);
  let answer = memo.get(shared);
  if (!answer) memo.set(shared, (answer = decideConventional(doc, token, path, profile, groups, named, substring, experimental)));
  return answer;
}

/** The key of the Koster verdict for a crawler no User-agent value contains (the `*` fallback). */
const STAR_FALLBACK = {};
/** The key of the Google verdict for a crawler no section names (it reads the `*` sections). */
const GOOGLE_GLOBAL = {};

/**
 * Verdicts that do not depend on the crawler's name, for the last path asked of a version, per
 * profile: a hover's table asks one path of every crawler it lists, and most of them fall to the
 * same groups (dozens to the `*` group). Keyed by what decides the verdict with the path: under
 * rfc9309 the list of groups (the lookup's own lists, one per token or `*`), under Koster the
 * group, separately for a named group and for the `*` fallback (their sentences differ), under
 * Google the `*` sections, for a crawler no section names (GOOGLE_GLOBAL). A verdict
 * holds only the version's lines, so the one kept is the one computing it again would give. One
 * path's entries at a time per version and profile: O(distinct group lists) memory.
 */
const sharedByDoc = new WeakMap<RobotsDocument, Map<Profile, { readonly path: string; readonly verdicts: Map<object, ConventionalVerdict> }>>();

function sharedVerdicts(doc: RobotsDocument, path: string, profile: Profile): Map<object, ConventionalVerdict> {
  let byProfile = sharedByDoc.get(doc);
  if (!byProfile) sharedByDoc.set(doc, (byProfile = new Map()));
  let kept = byProfile.get(profile);
  if (kept?.path !== path) byProfile.set(profile, (kept = { path, verdicts: new Map() }));
  return kept.verdicts;
}

/** The rfc9309 or Koster verdict once the groups that apply are known (evaluateConventional). */
function decideConventional(doc: RobotsDocument, token: string, path: string, profile: Profile, groups: readonly Group[], named: boolean, substring: ConventionalVerdict['substring'], experimental: readonly number[]): ConventionalVerdict {
  // The rule list is made only when asked for (a 2.0.0 group, or the verdict's `rules`).
  let compiled: readonly CompiledRule[] | undefined;
  const rules = (): readonly CompiledRule[] => (compiled ??= rulesOf(doc, groups));
  const groupLines = agentLinesOf(groups);
  // The verdict is written out whole, never spread from a shared part: in V8 an object spread in
  // this function (hover tables call it thousands of times) made every verdict survive the young
  // generation's collections, and each of those took 5–10 ms instead of 0.2 ms.
  const verdict = (allowed: boolean, line: number | undefined, version2: boolean, why: string, scope: string | undefined): ConventionalVerdict =>
    ({ profile, allowed, line, groupLines, named, rules, version2, why, scope, substring, experimental });
  const who = named ? `the group${groups.length > 1 ? 's' : ''} for this crawler` : 'the * group';
  const silent = groups.length === 0 ? 'no group applies to this crawler' : `no rule in ${who} matches`;
  const chosen = substring ? ` (Koster 1996 §3.2.1 picks it because line ${substring.line + 1}'s User-agent ‘${substring.value.trim()}’ contains ‘${token}’)` : '';
  if (groups.length && isVersion2(doc, groups[0])) {
    const v = version2Match(rules(), path);
    return verdict(v.allowed, v.line, true, v.why + chosen, v.scope);
  }
  if (profile === 'rfc9309') {
    const best = longestMatch(matchingRules(doc, groups, path, false));
    return best
      ? verdict(best.allow, best.line, false, `line ${best.line + 1} is the longest matching rule in ${who}${best.allow ? ' (Allow wins ties)' : ''} (RFC 9309 §2.2.2)`, best.pattern)
      : verdict(true, undefined, false, `${silent}, so crawling is allowed (RFC 9309 §2.2.2)`, undefined);
  }
  const first = firstMatch(matchingRules(doc, groups, path, true));
  return first
    ? verdict(first.allow || first.pattern === '', first.line, false, `line ${first.line + 1} is the first matching line of ${who}${chosen} (Koster 1996 §3.2.2)`, first.pattern === '' ? '/' : first.pattern)
    : verdict(true, undefined, false, `${groups.length === 0 ? 'no record applies to this crawler' : `no line of ${who}${chosen} matches`}, so access is allowed (Koster 1996 §3.2.2)`, undefined);
}

/** Google's verdict (google.ts) in the terms of the other profiles, the sentence included. */
function googleVerdict(doc: RobotsDocument, token: string, path: string): ConventionalVerdict {
  const v = googleEvaluate(doc, token, path);
  const sections = v.specificAgentSeen ? v.specificSections : v.globalSections;
  // Google's own reading of each line: it also accepts `Disallow /x` and key prefixes.
  // Read when asked, from this version's own sections: those of `v` may have been patched or
  // moved in place for a later version since (a later version patches the rule objects).
  const rules = (): RuleLine[] => {
    const own = googleEvaluate(doc, token, path);
    return (own.specificAgentSeen ? own.specificSections : own.globalSections).flatMap((sec) => sec.rules.map((g) => ({ line: g.line, allow: g.key === 'allow', pattern: g.value })));
  };
  const groupLines = googleGroupLines(sections, v.specificAgentSeen ? token.toLowerCase() : undefined);
  let scope: string | undefined;
  let derived = false;
  if (v.line !== undefined) {
    const rule = ruleAt(sections, v.line);
    scope = rule?.value;
    // robots.cc: `Allow: /dir/index.htm…` also allows `/dir/`, as the pattern `/dir/$`.
    if (rule && !matchPattern(rule.value, path)) {
      scope = rule.value.slice(0, rule.value.lastIndexOf('/') + 1) + '$';
      derived = true;
    }
  }
  const why = v.line !== undefined
    ? derived
      ? `line ${v.line + 1} allows ${scope}, since Google reads an Allow of a directory's index.htm… as allowing the directory itself (Google)`
      : `line ${v.line + 1} is the longest matching ${v.allowed ? 'Allow' : 'Disallow'} in the ${v.source === 'specific' ? 'group for this crawler' : '* group'} (Google)`
    : v.specificAgentSeen ? 'a group names this crawler and none of its rules matches (Google)' : 'no rule matches (Google)';
  return { profile: 'google', allowed: v.allowed, line: v.line, groupLines, named: v.specificAgentSeen, rules, version2: false, why, scope, substring: undefined, experimental: [] };
}

/**
 * The User-agent lines of Google's sections that apply: those naming `token` in a crawler's own
 * sections, else the `*` lines. The section lists are the lookup's (one per token, kept per
 * version), so each is listed once per token: O(1) per verdict instead of O(sections · agents).
 */
const googleLines = new WeakMap<readonly GoogleSection[], Map<string | undefined, readonly number[]>>();
function googleGroupLines(sections: readonly GoogleSection[], token: string | undefined): readonly number[] {
  let byToken = googleLines.get(sections);
  if (!byToken) googleLines.set(sections, (byToken = new Map()));
  let lines = byToken.get(token);
  if (!lines) {
    lines = sections.flatMap((sec) => (token !== undefined ? agentLinesByToken(sec).get(token) ?? [] : sec.globalLines));
    byToken.set(token, lines);
  }
  return lines;
}

const sectionAgents = new WeakMap<GoogleSection['agents'], Map<string, number[]>>();

/**
 * A section's User-agent lines by token, in line order, made in one pass over its agents the
 * first time (O(agents)), then O(1) per token: each token's list of sections is its own array,
 * and filtering the section's agents per token made 20,000 crawlers of one section cost
 * 20,000 × 20,000 comparisons (2.9 s for a table of them). Kept per agent list, which a
 * section patched for a later version shares (a User-agent line edited builds the sections anew).
 */
function agentLinesByToken(section: GoogleSection): ReadonlyMap<string, readonly number[]> {
  let out = sectionAgents.get(section.agents);
  if (!out) {
    out = new Map();
    for (const a of section.agents) {
      const lines = out.get(a.token);
      if (lines) lines.push(a.line);
      else out.set(a.token, [a.line]);
    }
    sectionAgents.set(section.agents, out);
  }
  return out;
}

/** The rule on `line` in sections whose rules are in line order: O(sections × log rules). */
function ruleAt(sections: readonly GoogleSection[], line: number): GoogleLine | undefined {
  for (const sec of sections) {
    let lo = 0;
    let hi = sec.rules.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = sec.rules[mid];
      if (r.line === line) return r;
      if (r.line < line) lo = mid + 1;
      else hi = mid - 1;
    }
  }
  return undefined;
}

/** Matching of a conventional rule under `profile`, for the ACAP reading (docs/decisions.md §3.6). */
export function conventionalRuleMatches(rule: RuleLine, rawPath: string, profile: Profile): boolean {
  if (rule.pattern === '') return false;
  if (profile === 'koster1996') return normalizePercent(rawPath).startsWith(normalizePercent(rule.pattern));
  if (profile === 'google') return matchPattern(googleEscapePattern(rule.pattern), encodeNonAscii(rawPath));
  return rfcMatches(rule.pattern, normalizePercent(rawPath));
}
