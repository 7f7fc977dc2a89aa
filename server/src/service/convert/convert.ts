/**
 * Conversion between conventional records (User-agent groups, RFC 9309) and ACAP records, both
 * ways, keeping every crawl verdict — and saying so where it cannot (interpretation §5).
 *
 * To ACAP: the conventional records stay; after all of them (Part 1 §2.9.2) come one ACAP record
 * per set of groups a crawler reads (RFC 9309 §2.2.1 merges groups for one token; `*` gets its own,
 * Part 1 §2.3.1), built so that the readings' differences do not show:
 *   - a named group replaces `*` wholesale, a named ACAP record only where it speaks
 *     (interpretation §1): named records get `ACAP-allow-crawl: /` for what they leave open;
 *   - the longest pattern decides conventionally (RFC 9309 §2.2.2), the narrowest in ACAP (Part 1
 *     §2.4.5): for `/a*z` against `/ab` a field for the paths both match (`/ab*z`) is added, narrower
 *     than the line that must lose (refine(), convertVerify.ts); a losing `/a/*` is written `/a/` so
 *     that `/a/$` can beat it; a tie goes to Allow conventionally, so the Disallow is dropped;
 *   - ACAP matches case-insensitively (Part 1 §2.8): nothing keeps `/A` and `/a` apart, and the
 *     result says so; robots.txt 2.0.0 groups are emulated as far as exact (`$`) patterns allow.
 * The fields copy their lines' patterns, so ACAP crawlers that also read the conventional records
 * (§2.9.2) find the same: on one pattern ACAP wins, and a copy matches wherever its line does.
 * To REP: conventional groups with the ACAP records' crawl verdicts, inserted before them.
 * Warnings number the lines of the document converted; the comments written, those of the new text.
 */
import type { TextEdit } from 'vscode-languageserver-types';
import { compileRecords, patternKey, type AcapField, type CompiledRecord } from '../engine/acapRules';
import { isExperimental, isVersion2, productToken } from '../engine/conventional';
import { documentText, lineAt, updateDocument, type RobotsDocument } from '../syntax/document';
import { GOOGLE_ACCEPTED_TYPOS } from '../facts/facts';
import { getModel, type Group } from '../model/model';
import { compareScope, matchPattern, normalizePercent } from '../syntax/paths';
import { leastOf, lowerBound } from '../syntax/numbers';
import { contentStart, eolOf } from '../checks/rule';
import { HeadIndex, intersect, patternHead, refine, toFull, verifyConversion, type BrokenVerdict, type Refined, type Rule, type Verification, type VerifyOptions } from './verify';

export { verifyConversion, type Verification, type BrokenVerdict, type VerifyOptions, type BreakKind } from './verify';

export interface ConvertOptions {
  /** How Disallow reads: `crawl` (default) or `index` (Part 1 §2.5.1 note). */
  readonly reading?: 'crawl' | 'index';
  /** Add ACAP-ignore-conventional-records (Part 1 §2.9.1). */
  readonly ignoreConventional?: boolean;
  /** Add `##ACAP version=1.0` as the first line when the file has no version comment (Part 1 §2.9.3). */
  readonly addVersion?: boolean;
  /** 0-based lines, inclusive: convert only the rules on them, or else the groups they touch. */
  readonly lines?: { readonly start: number; readonly end: number };
  /** How thoroughly to check the result. */
  readonly verify?: Pick<VerifyOptions, 'maxPaths' | 'maxChecks' | 'sharedAgentPaths'>;
}

export interface ConversionResult {
  /** The whole new document. */
  readonly text: string;
  /** Insertions turning the old text into `text`. */
  readonly edits: TextEdit[];
  readonly warnings: string[];
  readonly verification: Verification;
  /**
   * To REP: the groups were not written, as they would not leave fewer (crawler, path) pairs whose
   * verdicts differ between the two readings than the file's own groups do (gainOf):
   * `differing` of `pairs` differ now, `wouldDiffer` would after. `verification` is then the
   * file's check against itself.
   */
  readonly withheld?: Withheld;
  /**
   * To REP: the groups were not written because the check could not read enough (crawler, path)
   * pairs to tell whether they gain: on the `pairs` it read (at most SELF_CHECK_PAIRS) they would
   * leave no fewer differing, and the file has `of` pairs at least. `verification` is then the
   * file's check against itself.
   */
  readonly tooLarge?: TooLarge;
}

/** The counts of a to-REP conversion withheld (ConversionResult.withheld). */
export interface Withheld {
  readonly pairs: number;
  readonly differing: number;
  readonly wouldDiffer: number;
}

/** The counts of a to-REP conversion too large to verify (ConversionResult.tooLarge). */
export interface TooLarge extends Withheld {
  /** The pairs of every crawler the check named on every probe path it made (a lower bound: probes come from at most SELF_CHECK_PATHS patterns). */
  readonly of: number;
  readonly crawlers: number;
  readonly paths: number;
}

/**
 * Why a conversion has no edit, said to the user (the code action's notice, the palette's
 * conversion): nothing to convert, too large to verify, or no group or record in the file.
 */
export function noEditReason(r: ConversionResult): string | undefined {
  if (r.edits.length) return undefined;
  return r.warnings.find((w) => w.startsWith('Nothing to convert') || w.startsWith('Too large to verify') || w.startsWith('There is no'));
}

const IGNORE_LINE = 'ACAP-ignore-conventional-records';
const NOTHING_CHECKED: Verification = { checked: 0, kept: 0, broken: [], probes: { paths: 0, candidates: 0, agents: 0 } };
type Ln = (line: number) => number;

function slice(doc: RobotsDocument, line: number, span: { start: number; end: number }): string {
  return doc.lines[line].text.slice(span.start, span.end);
}

function agentValue(doc: RobotsDocument, line: number): string | undefined {
  const d = doc.lines[line].directive;
  return d.kind === 'user-agent' ? slice(doc, line, d.agent) : undefined;
}

function isStarValue(value: string): boolean {
  return value === '*' || /^\*\s/.test(value);
}

function octets(s: string): number {
  return /^[\x00-\x7f]*$/.test(s) ? s.length : new TextEncoder().encode(s).length;
}

/** `line 3`, `lines 3 and 5`, `lines 3, 5, 8, 9, 12 and 4 more` (0-based in, 1-based out). */
function linesList(lines: readonly number[], ln: Ln = (l) => l + 1): string {
  const n = lines.map(ln);
  if (n.length === 1) return `line ${n[0]}`;
  if (n.length > 6) return `lines ${n.slice(0, 5).join(', ')} and ${n.length - 5} more`;
  return `lines ${n.slice(0, -1).join(', ')} and ${n[n.length - 1]}`;
}

/** A pattern that matches every path (`/`, `*`, `/*`...). */
function matchesAll(pattern: string): boolean {
  return /^\/?\*+\$?$/.test(pattern) || /^\/\**$/.test(pattern);
}

interface RuleLine { readonly line: number; readonly allow: boolean; readonly pattern: string }

/**
 * Allow/Disallow lines RFC 9309 reads (with their colon), in file order; of `only`'s lines when
 * given. O(members) (a group's members are in order: only lines of several groups are sorted).
 */
function rulesOf(doc: RobotsDocument, groups: readonly Group[], only?: ReadonlySet<number>): RuleLine[] {
  const out: RuleLine[] = [];
  for (const g of groups) {
    for (const m of g.members) {
      if (only && !only.has(m)) continue;
      const l = doc.lines[m];
      const d = l.directive;
      if (d.kind === 'rule' && l.field?.separator === 'colon') out.push({ line: m, allow: d.allow, pattern: slice(doc, m, d.pattern) });
    }
  }
  return groups.length > 1 ? out.sort((a, b) => a.line - b.line) : out;
}

/** Lines only Google's parser takes for rules (no colon, a misspelt name): RFC 9309 crawlers, and ACAP, ignore them. */
function googleOnlyLines(doc: RobotsDocument, from: number, to: number): number[] {
  return doc.lines.slice(from, to + 1).flatMap((l, k) => {
    const f = l.field;
    const rule = (f?.fact?.id === 'allow' || f?.fact?.id === 'disallow') && f.separator !== 'colon';
    return rule || (f && !f.fact && GOOGLE_ACCEPTED_TYPOS.has(l.text.slice(f.name.start, f.name.end).toLowerCase())) ? [from + k] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// The new text, from insertions only

interface Insertion { readonly line: number; readonly character: number; readonly text: string }

/** The new document: the old one with the insertions, bottom first, re-lexing only the lines they touch. */
function afterOf(doc: RobotsDocument, edits: readonly TextEdit[]): RobotsDocument {
  const bottomUp = [...edits].sort((a, b) => b.range.start.line - a.range.start.line || b.range.start.character - a.range.start.character);
  return updateDocument(doc, bottomUp.map((e) => ({ range: e.range, text: e.newText })), doc.version + 1);
}

function finish(doc: RobotsDocument, inserts: readonly Insertion[]): { text: string; edits: TextEdit[] } {
  const merged: Insertion[] = [];
  for (const ins of inserts) {
    const k = merged.findIndex((m) => m.line === ins.line && m.character === ins.character);
    if (k >= 0) merged[k] = { ...merged[k], text: merged[k].text + ins.text };
    else merged.push(ins);
  }
  const starts: number[] = [];
  let at = 0;
  for (const l of doc.lines) { starts.push(at); at += l.text.length + l.eol.length; }
  let text = documentText(doc);
  for (const ins of [...merged].sort((a, b) => b.line - a.line || b.character - a.character)) {
    const off = starts[ins.line] + ins.character;
    text = text.slice(0, off) + ins.text + text.slice(off);
  }
  const edits = merged.map((m) => ({ range: { start: { line: m.line, character: m.character }, end: { line: m.line, character: m.character } }, newText: m.text }));
  return { text, edits };
}

/** `block` (lines) at the end of the document, after a blank line. */
function appendBlock(doc: RobotsDocument, block: readonly string[]): Insertion {
  const eol = eolOf(doc);
  const lastIndex = doc.lines.length - 1;
  const last = doc.lines[lastIndex];
  let prefix = '';
  if (last.text !== '') prefix = eol + eol;
  else if (lastIndex > 0 && doc.lines[lastIndex - 1].text.trim() !== '') prefix = eol;
  return { line: lastIndex, character: last.text.length, text: prefix + block.join(eol) + eol };
}

/** `line`, or the first of the comment lines just above it (the `##ACAP version` line excepted), which belong with it. O(those lines). */
function withCommentsAbove(doc: RobotsDocument, line: number): number {
  let at = line;
  while (at > 0 && doc.lines[at - 1].kind === 'comment' && doc.lines[at - 1].directive.kind !== 'acap-version') at--;
  return at;
}

/**
 * Where the converted records go when not at the end of the file: before its last record if that
 * has ACAP-crawler lines and no field (and before the comments just above it). Part 1 §2.3 ends a
 * record only at a crawler line that follows some other field, and a blank line is no field, so
 * nothing appended after such a record can begin one of its own: the first record appended took
 * its crawlers in and gave them its fields (`ACAP-crawler: zz` last in the file became a crawler
 * of the first converted record). Before it, the block's last record has fields, so the empty
 * record stays a record of its own, last and empty as it was, with the conventional lines that
 * follow its crawlers (which ACAP crawlers ignore there, Part 1 §2.9.2) still inside it.
 * Undefined when the records go at the end. O(1) on the model, plus the comments above.
 */
function openRecordAt(doc: RobotsDocument): number | undefined {
  const records = getModel(doc).records;
  const last = records[records.length - 1];
  if (!last || last.general.length || last.subRecords.length || last.reference !== undefined) return undefined;
  return withCommentsAbove(doc, last.startLine);
}

/** The records' block, at the end of the file or before the line `at` (openRecordAt). */
function recordsBlock(doc: RobotsDocument, block: readonly string[], at: number | undefined): Insertion {
  if (at === undefined) return appendBlock(doc, block);
  const eol = eolOf(doc);
  const lead = at > 0 && doc.lines[at - 1].text.trim() !== '' ? eol : '';
  // On the first line, after its byte-order mark, which stays first.
  return { line: at, character: contentStart(doc, at), text: lead + block.join(eol) + eol + eol };
}

/** How many lines an insertion before a line (at its start) adds: its line ends. */
function linesOf(ins: Insertion, eol: string): number {
  return ins.text.split(eol).length - 1;
}

/**
 * Where the converted groups go: before the first ACAP line (and the comments just above it),
 * unless User-agent lines above it open a group that has no rule yet there. RFC 9309 §2.2.1 reads
 * consecutive User-agent lines as one group's, whatever comes between them but rules (blank lines,
 * comments, fields such as Sitemap, the ACAP lines a conventional parser ignores), and so does the
 * model (model.ts), so the first group inserted after such lines would take their crawlers in: an
 * empty `User-agent: b` became a crawler of the first converted group and lost its permission to
 * crawl everything, and `User-agent: *`, whose group's rules came after the ACAP records (with a
 * `User-agent: late` there), took a named record's `Disallow: /`. The block goes before those
 * User-agent lines (and the comments just above them), which stay one group with what follows.
 * O(lines between the last rule above and the first ACAP line).
 */
function groupsAt(doc: RobotsDocument, first: number): number {
  const at = withCommentsAbove(doc, first);
  let open: number | undefined;
  for (let l = at - 1; l >= 0; l--) {
    const placement = doc.lines[l].field?.fact?.placement;
    if (placement === 'group-member') break;
    if (placement === 'group-start') open = l;
  }
  return open === undefined ? at : withCommentsAbove(doc, open);
}

/** The first ACAP line (ignore directive, definition or record), or undefined. */
function firstAcapLine(doc: RobotsDocument): number | undefined {
  const m = getModel(doc);
  const first = leastOf(m.records.map((r) => r.startLine), leastOf(m.definitions.map((d) => d.line), leastOf(m.ignoreConventional)));
  return first === Infinity ? undefined : first;
}

// ---------------------------------------------------------------------------------------------
// To ACAP

/** The source precedence of a conventional rule: RFC 9309 (octets, then Allow) or robots.txt 2.0.0. */
interface ConvId { readonly rank: number; readonly line: number | undefined }

const keys = new WeakMap<Rule<ConvId>, string>();
function keyOf(r: Rule<ConvId>): string {
  let k = keys.get(r);
  if (k === undefined) { k = patternKey(r.pattern); keys.set(r, k); }
  return k;
}

/** Part 1 §2.4.5 as the engine applies it: narrower wins; same pattern, ACAP over a conventional line (§2.9.2); else a prohibition. */
function acapBeats(a: Rule<ConvId>, b: Rule<ConvId>): boolean {
  const ka = keyOf(a);
  const kb = keyOf(b);
  const c = compareScope(ka, kb);
  if (c !== 0) return c < 0;
  if (ka === kb && (a.kind === 'existing') !== (b.kind === 'existing')) return b.kind === 'existing';
  return !a.allow && b.allow;
}

const ACAP_PRECEDENCE = {
  wins: (a: Rule<ConvId>, b: Rule<ConvId>): boolean => a.id.rank > b.id.rank,
  beats: acapBeats,
  variants: (p: string): string[] => (p.endsWith('$') ? [p] : [p, p + '*']),
  // The lines a partial conversion leaves in the group: ACAP crawlers reading beside the records
  // take the group's one verdict (interpretation §3.6), so between two of them RFC 9309 decides,
  // as for conventional crawlers, and no field is needed (nor are their n² pairs compared).
  alike: (r: Rule<ConvId>): boolean => r.kind === 'existing',
};

/**
 * The same, for fields of another usage than crawl (Disallow read as "do not index"): the lines
 * left in the group decide crawling, never that usage (interpretation §3.6 makes the group's
 * verdict a crawl candidate only), and every other usage needs crawling allowed (§3.5). So a
 * field beats such a line; a Disallow line that wins over a field for conventional crawlers needs
 * no field (where it decides the group's verdict it refuses crawling, and so the usage; where a
 * longer Allow line decides, that line is compared with the field in a pair of its own); an Allow
 * line that wins over a Disallow field does not decide the usage, and refine() adds a field of
 * the usage standing for it.
 */
const OTHER_USAGE_PRECEDENCE = {
  ...ACAP_PRECEDENCE,
  beats: (a: Rule<ConvId>, b: Rule<ConvId>): boolean => b.kind === 'existing' || (a.kind === 'existing' ? !a.allow : acapBeats(a, b)),
};

/** `/a/*` matches what `/a/` matches, and ACAP ranks the shorter spelling below `/a/$` (Part 1 §2.4.5). */
function broader(pattern: string): string | undefined {
  // A loop, not /\*+$/: the regex tries every run of stars from each of its starts, O(n²) for
  // stars not at the end (`/***…a`: 100,000 stars took 8 s).
  let end = pattern.length;
  while (end > 0 && pattern.charCodeAt(end - 1) === 42) end--;
  const s = pattern.slice(0, end);
  return s !== pattern && s !== '' && !s.endsWith('$') ? s : undefined;
}

type Pair = [Rule<ConvId>, Rule<ConvId>];

/**
 * Whether a conventional line can meet one of the fields `rules` in refine(): their literal heads
 * meet (headsMeet). A line that meets none is never compared with them nor with a rule refine()
 * adds (its head extends a field's), and two lines are not compared (`alike`), so leaving it out
 * changes nothing: converting one line of a group of 47,000 made and compared all 47,000.
 * O(n log n) comparisons for n fields to build, then O(|head| log n) per line (HeadIndex).
 */
function meeting(rules: readonly Rule<ConvId>[]): (pattern: string) => boolean {
  const heads = new HeadIndex(rules.map((r) => patternHead(normalizePercent(r.pattern))));
  return (pattern) => heads.meets(patternHead(normalizePercent(pattern)));
}

/**
 * The record's fields for ACAP crawlers that ignore the conventional records (respelling a losing
 * `X*` as `X` where that lets the winner beat it), then with the conventional lines beside them.
 * Every pair is settled while that stays small; otherwise only pairs of the group's own lines.
 */
function refineRecord(start: Rule<ConvId>[], twinsOf?: (meets: (pattern: string) => boolean) => Rule<ConvId>[], usage = 'crawl'): { rules: Rule<ConvId>[]; alone: Pair[]; beside: Pair[]; exhausted: boolean } {
  const precedence = usage === 'crawl' ? ACAP_PRECEDENCE : OTHER_USAGE_PRECEDENCE;
  const settle = (items: Rule<ConvId>[]): Refined<ConvId> => {
    const all = refine(items, { ...precedence, maxAdded: 64 });
    // Fewer rules added can end within the limits: not where the pairs of the given rules alone
    // (compared the same way either time, before any rule added) reached the limit of pairs.
    return all.exhausted && !all.tooManyPairs ? refine(items, { ...precedence, maxDepth: 1 }) : all;
  };
  let items = start;
  let a = settle(items);
  for (let round = 0; round < 3; round++) {
    const respell = new Map<Rule<ConvId>, string>();
    for (const [w, l] of a.failures) {
      const b = l.kind === 'rule' ? broader(l.pattern) : undefined;
      if (b && acapBeats(w, { ...l, pattern: b })) respell.set(l, b);
    }
    if (!respell.size) break;
    items = items.map((i) => (respell.has(i) ? { ...i, pattern: respell.get(i) as string } : i));
    const next = settle(items);
    if (next.failures.length >= a.failures.length) break;
    a = next;
  }
  // A conventional line with a field of the same pattern and verdict changes nothing (on the same
  // pattern ACAP wins, and the field matches wherever the line does): only the others count, and
  // of those only the lines that can meet a field.
  const same = new Set(a.rules.map((r) => `${r.allow} ${normalizePercent(r.pattern)}`));
  const others = (twinsOf?.(meeting(a.rules)) ?? []).filter((t) => !same.has(`${t.allow} ${normalizePercent(t.pattern)}`));
  const b = others.length ? settle([...a.rules, ...others]) : { rules: a.rules, failures: [], exhausted: false, tooManyPairs: false };
  const seen = new Set(a.failures.map(([w, l]) => `${w.id.line} ${l.id.line}`));
  return { rules: b.rules.filter((r) => r.kind !== 'existing'), alone: a.failures, beside: b.failures.filter(([w, l]) => !seen.has(`${w.id.line} ${l.id.line}`)), exhausted: a.exhausted || b.exhausted };
}

interface Target {
  /** Display names, or `*`. */
  readonly names: string[];
  readonly groups: Group[];
}

/**
 * The crawler a User-agent value addresses, as the engine reads it (conventional.ts): its RFC 9309
 * §2.2.1 product token, the leading run of letters, `-` and `_` (`MJ12bot` names `MJ`,
 * interpretation §1); empty when it names none. O(length).
 */
function crawlerOf(value: string): string {
  return productToken(value);
}

/**
 * The crawlers of the groups, by the set of groups each reads (RFC 9309 §2.2.1), as the engine
 * reads them: product tokens, experimental Robot-version groups ignored (interpretation §2).
 * O(agent lines + groups).
 */
function targetsOf(doc: RobotsDocument, groups: readonly Group[], warnings: string[]): { star: Target | undefined; named: Target[] } {
  const tokens = new Map<string, { name: string; groups: Group[] }>();
  const star: Group[] = [];
  for (const g of groups) {
    if (isExperimental(doc, g)) {
      warnings.push(`The group of line ${g.startLine + 1} has an experimental Robot-version (an odd minor number), so crawlers ignore it and use the default (robots.txt 2.0.0 proposal; interpretation §2); it is not converted.`);
      continue;
    }
    let any = false;
    for (const a of g.agents) {
      const value = agentValue(doc, a);
      if (value === undefined) continue;
      if (isStarValue(value)) { if (!star.includes(g)) star.push(g); any = true; continue; }
      const token = crawlerOf(value);
      if (token && token !== value.trim()) warnings.push(`Line ${a + 1}: the User-agent ‘${value.trim()}’ names the crawler ‘${token}’ (its product token, RFC 9309 §2.2.1), so its ACAP record names ${token}.`);
      if (!token) continue;
      any = true;
      const t = tokens.get(token.toLowerCase()) ?? { name: token, groups: [] };
      if (!t.groups.includes(g)) t.groups.push(g);
      tokens.set(token.toLowerCase(), t);
    }
    if (!any) warnings.push(`The group of line ${g.startLine + 1} names no crawler (its User-agent values have no product token, RFC 9309 §2.2.1), so no crawler follows it; it is not converted.`);
  }
  const bySignature = new Map<string, Target>();
  for (const t of tokens.values()) {
    const sig = t.groups.map((g) => g.startLine).join(',');
    const target = bySignature.get(sig) ?? { names: [], groups: t.groups };
    target.names.push(t.name);
    bySignature.set(sig, target);
  }
  const named = [...bySignature.values()].sort((a, b) => a.groups[0].startLine - b.groups[0].startLine);
  return { star: star.length ? { names: ['*'], groups: star } : undefined, named };
}

/** RFC 9309 ranks by octets, then Allow; robots.txt 2.0.0: an exact Allow, then any Disallow, then wildcard Allows (interpretation §2). */
function rankOf(r: RuleLine, v2: boolean): number {
  const n = normalizePercent(r.pattern);
  return v2 ? (r.allow ? (n.includes('*') ? 1 : 3) : 2) : octets(n) * 2 + (r.allow ? 1 : 0);
}

/** The fields for the rules, without ties (RFC 9309: Allow wins; ACAP would prohibit). */
function acapItems(rules: readonly RuleLine[], v2: boolean, notes: Map<number, string>, warnings: string[], ln: Ln): Rule<ConvId>[] {
  const byPattern = new Map<string, Rule<ConvId>>();
  for (const r of rules) {
    const n = normalizePercent(r.pattern);
    if (n === '') continue; // an empty Disallow allows everything, an empty Allow nothing (RFC 9309 §2.2.2)
    if (/\s/.test(n)) { warnings.push(`Line ${r.line + 1}: ACAP values cannot hold a space, so ‘${r.pattern}’ is not converted (a URL carries a space as %20).`); continue; }
    // robots.txt 2.0.0: a string without `*` is the one path it states (interpretation §2).
    const explicit = v2 && !n.includes('*');
    if (explicit && n.endsWith('$')) continue; // 2.0.0 compares it with the whole path, `$` included: it matches nothing
    const item: Rule<ConvId> = { pattern: explicit ? n + '$' : r.pattern, allow: r.allow, id: { rank: rankOf(r, v2), line: r.line }, kind: 'rule' };
    const key = normalizePercent(item.pattern);
    const same = byPattern.get(key);
    if (!same) { byPattern.set(key, item); continue; }
    if (same.allow === item.allow) continue;
    const [keep, drop] = same.id.rank >= item.id.rank ? [same, item] : [item, same];
    byPattern.set(key, keep);
    notes.set(keep.id.line ?? -1, `# Line ${ln(drop.id.line ?? 0)} (${drop.allow ? 'Allow' : 'Disallow'} of the same pattern) is not converted: ${v2 ? 'robots.txt 2.0.0 ranks this line above it' : 'conventional crawlers let Allow win the tie (RFC 9309 §2.2.2), ACAP would prohibit (Part 1 §2.4.5)'}`);
  }
  const items = [...byPattern.values()];
  const byKey = new Map<string, Rule<ConvId>>();
  for (const it of items) {
    const other = byKey.get(keyOf(it));
    if (other && other.allow !== it.allow) warnings.push(`Lines ${(other.id.line ?? 0) + 1} and ${(it.id.line ?? 0) + 1} differ only in letter case; ACAP matches case-insensitively (Part 1 §2.8) and prohibits on such a tie (§2.4.5): both paths become prohibited for ACAP crawlers.`);
    byKey.set(keyOf(it), it);
  }
  return items;
}

/** One record: crawler lines, a baseline where needed, the fields, and the fields refine() adds. */
function acapRecord(doc: RobotsDocument, target: Target, rules: readonly RuleLine[], all: readonly RuleLine[], starRestricts: boolean, usage: string, warnings: string[], ln: Ln): string[] {
  const v2 = isVersion2(doc, target.groups[0]);
  const notes = new Map<number, string>();
  const items = acapItems(rules, v2, notes, warnings, ln);
  const out = [`# From the ${target.groups.length > 1 ? `groups of ${linesList(target.groups.map((g) => g.startLine), ln)}, which RFC 9309 merges` : `group of line ${ln(target.groups[0].startLine)}`}`, ...target.names.map((n) => `ACAP-crawler: ${n}`)];
  if (v2) warnings.push(`The group of line ${target.groups[0].startLine + 1} follows robots.txt 2.0.0: its exact paths become \`$\` patterns and its precedence is emulated with ACAP patterns (ACAP crawlers that also read the conventional records decide the group by its 2.0.0 rules, interpretation §3.6); where no ACAP pattern can rank a pair as 2.0.0 does, verdicts may differ.`);
  // robots.txt 2.0.0: with wildcard Allows, or only Allows, what no line names is disallowed.
  const v2Closed = v2 && (rules.some((r) => r.allow && r.pattern.includes('*')) || (rules.some((r) => r.allow) && !rules.some((r) => !r.allow)));
  const needBase = v2Closed || items.length === 0 || (target.names[0] !== '*' && starRestricts && !items.some((i) => matchesAll(normalizePercent(i.pattern))));
  const base: Rule<ConvId>[] = needBase ? [{ pattern: '/', allow: !v2Closed, id: { rank: v2 ? 0 : 1, line: undefined }, kind: 'baseline' }] : [];
  // The conventional lines themselves, as ACAP crawlers that read both see them (interpretation
  // §3.6); in a 2.0.0 group they stand for nothing 2.0.0 says, so they rank lowest.
  const twins = (meets: (pattern: string) => boolean): Rule<ConvId>[] => all.filter((r) => r.pattern !== '' && !/\s/.test(r.pattern) && meets(r.pattern))
    .map((r) => ({ pattern: r.pattern, allow: r.allow, id: { rank: v2 ? -1 : rankOf(r, false), line: r.line }, kind: 'existing' }));
  // Beside the groups, an ACAP crawler takes the group's one verdict, with its deciding line's
  // pattern, as a crawl candidate (interpretation §3.6): when the fields stand for every rule of the
  // group, that candidate agrees with them wherever they decide right, so the lines need not be
  // settled one by one. Only when some lines are converted do the others compete with the fields.
  const partial = rules.length < all.length;
  const refined = refineRecord([...base, ...items], partial ? twins : undefined, usage);
  const field = (r: Rule<ConvId>): string => `ACAP-${r.allow ? 'allow' : 'disallow'}-${usage}: ${r.pattern}`;
  for (const r of refined.rules) {
    if (r.kind === 'baseline') {
      out.push(v2Closed ? '# robots.txt 2.0.0: what no line of the group allows is disallowed'
        : items.length === 0 ? `# The group restricts nothing (${rules.length ? 'an empty Disallow allows everything' : 'it has no Allow or Disallow'}); this says the same to ACAP crawlers`
          : '# A named group replaces the * group, an ACAP record overrides * only where it speaks (interpretation §1): allow the rest', field(r));
    } else if (r.kind === 'rule') {
      const note = notes.get(r.id.line ?? -1);
      out.push(...(note ? [note] : []), field(r));
    }
  }
  const added = refined.rules.filter((x) => x.kind === 'added').sort((x, y) => (x.id.line ?? -1) - (y.id.line ?? -1));
  // The lines converted, when others are left in the group and the fields are of another usage than crawl.
  const converted = partial && usage !== 'crawl' ? new Set(rules.map((r) => r.line)) : undefined;
  for (let k = 0; k < added.length; k++) {
    const w = added[k].id.line;
    if (k === 0 || added[k - 1].id.line !== w) {
      const overs = added.filter((x) => x.id.line === w).map((x) => x.over);
      const lines = [...new Set(overs.filter((o) => o?.kind !== 'baseline').map((o) => o?.id.line ?? 0))].sort((x, y) => x - y);
      const over = [...(lines.length ? [linesList(lines, ln)] : []), ...(overs.some((o) => o?.kind === 'baseline') ? ['the / line above'] : [])].join(' or ');
      const winner = w === undefined ? 'the / line above' : `line ${ln(w)}`;
      // A line left in the group (not converted) decides crawling only for ACAP crawlers (interpretation §3.6).
      const leftInGroup = converted !== undefined && w !== undefined && !converted.has(w);
      out.push(`# Where ${winner} and ${over} both match, conventional crawlers follow ${w === undefined ? 'the group\'s default' : winner} (${v2 ? 'robots.txt 2.0.0' : 'the longer pattern, RFC 9309 §2.2.2'}),`, leftInGroup
        ? `# which ACAP crawlers read for crawling only (interpretation §3.6): these patterns say the same for ${usage}`
        : '# ACAP crawlers the narrowest pattern (Part 1 §2.4.5): these narrower patterns say the same');
    }
    out.push(field(added[k]));
  }
  const report = (failures: Pair[], who: string): void => {
    const byWinner = new Map<number, Set<string>>();
    for (const [w, l] of failures) {
      const set = byWinner.get(w.id.line ?? -1) ?? new Set<string>();
      byWinner.set(w.id.line ?? -1, set.add(l.kind === 'baseline' ? 'the record\'s default' : `line ${(l.id.line ?? 0) + 1}`));
    }
    for (const [w, losers] of byWinner) {
      warnings.push(`${w < 0 ? 'The record\'s default' : `Line ${w + 1}`} decides over ${[...losers].slice(0, 5).join(', ')}${losers.size > 5 ? ` and ${losers.size - 5} more` : ''} for conventional crawlers where both match, but no ACAP pattern ranks it so (Part 1 §2.4.5): verdicts there may change for ${who} (${target.names.slice(0, 3).join(', ')}${target.names.length > 3 ? '…' : ''}).`);
    }
  };
  report(refined.alone, 'ACAP crawlers');
  report(refined.beside, 'ACAP crawlers that also read the conventional records');
  if (refined.exhausted) warnings.push(`The record for ${target.names.slice(0, 3).join(', ')} has too many rules to compare every pair; some verdicts may change.`);
  return out;
}

/** The result for a file that is already converted: no edit, and a note saying why. */
function upToDate(doc: RobotsDocument, why: string, verification: Verification, warnings: readonly string[] = []): ConversionResult {
  const other = verification.broken.filter((b) => b.kind !== 'case').length;
  const cased = other ? `; the file's verdicts still differ between the two readings on ${other} of the (crawler, path) pairs checked, which converting again would not change`
    : verification.broken.length ? ', except on paths that differ only in letter case: ACAP matches paths case-insensitively (Part 1 §2.8), conventional crawlers do not, and no conversion can change that' : '';
  return { text: documentText(doc), edits: [], warnings: [...warnings, `Nothing to convert: ${why}${cased}.`], verification };
}

/**
 * The wider self-check convertToRep reads when its sample passed without reading everything: up
 * to SELF_CHECK_PAIRS (agent, path) pairs over up to SELF_CHECK_PATHS probe paths, every crawler
 * given as many as fit (each pair is three engine answers; a second conversion of files of 60
 * and 600 records, this reading included, took 0.19–0.35 s). On the first it read 9,943 of the
 * 61 × 184 pairs; on larger files it is a larger sample, and what it misses stays missed (a known
 * limit, said in the README).
 */
const SELF_CHECK_PAIRS = 10_000;
const SELF_CHECK_PATHS = 2_000;

/** The wider to-REP reading of `doc` against itself, or `sample` when that read as widely already. */
function wideSelfCheck(doc: RobotsDocument, sample: Verification, maxChecks = 1000): Verification {
  if (maxChecks >= SELF_CHECK_PAIRS) return sample;
  return verifyConversion(doc, doc, { direction: 'to-rep', maxChecks: SELF_CHECK_PAIRS, maxPaths: SELF_CHECK_PATHS, sharedAgentPaths: SELF_CHECK_PATHS });
}

/** Did a check read every crawler on every probe path it made, in each of its `readings`? */
function readEverything(v: Verification, readings: number): boolean {
  return v.probes.paths === v.probes.candidates && v.checked === v.probes.agents * v.probes.paths * readings;
}

/**
 * Does the file already hold every record of `records` (a conversion's output), field for field?
 * A record is compared as the set of its ACAP-crawler and field lines, each read as its field
 * name (any case) and its value (spaces collapsed), comments aside: ACAP reads a record's fields
 * in no order (Part 1 §2.4.5 ranks them by scope), and a conversion above a record shifts the
 * line numbers its comments name. Only the file's records of no other lines count. O(file +
 * output), and a sort per record.
 */
function alreadyWritten(doc: RobotsDocument, records: readonly (readonly string[])[]): boolean {
  const keyOf = (lines: readonly string[]): string => [...new Set(lines.map(fieldKey))].sort().join('\n');
  const held = new Set<string>();
  for (const r of getModel(doc).records) {
    if (r.subRecords.length || r.reference !== undefined) continue;
    held.add(keyOf([...r.crawlers, ...r.general].map((l) => lineAt(doc, l).text)));
  }
  return records.every((r) => held.has(keyOf(r.filter((l) => !l.trimStart().startsWith('#')))));
}

/** A field line as alreadyWritten compares it: `name:value`, the name lower-cased, the value's spaces collapsed, a comment dropped. */
function fieldKey(text: string): string {
  const hash = text.indexOf('#');
  const body = hash < 0 ? text : text.slice(0, hash);
  const colon = body.indexOf(':');
  return colon < 0 ? body.trim() : `${body.slice(0, colon).trim().toLowerCase()}:${body.slice(colon + 1).trim().replace(/\s+/g, ' ')}`;
}

/** Convert the conventional groups (or those of `options.lines`) to ACAP records after them. */
export function convertToAcap(doc: RobotsDocument, options: ConvertOptions = {}): ConversionResult {
  const usage = options.reading ?? 'crawl';
  const model = getModel(doc);
  const warnings: string[] = [];
  let groups: Group[] = [...model.groups];
  let only: Set<number> | undefined;
  if (options.lines) {
    const { start, end } = options.lines;
    groups = groups.filter((g) => g.startLine <= end && g.endLine >= start);
    // The rule lines between start and end, found by bisection: O(log members + lines picked) a group.
    const picked: number[] = [];
    for (const g of groups) {
      for (let k = lowerBound(g.members, start); k < g.members.length && g.members[k] <= end; k++) {
        if (doc.lines[g.members[k]].directive.kind === 'rule') picked.push(g.members[k]);
      }
    }
    if (picked.length) {
      only = new Set(picked);
      warnings.push(`Only ${linesList(picked)} ${picked.length > 1 ? 'are' : 'is'} converted: ACAP crawlers that ignore the conventional records would lose the group's other rules.`);
    }
  }
  // A file whose ACAP records already give ACAP crawlers every conventional crawl verdict (read
  // beside the groups and ignoring them, the two readings the conversion keeps) is left as it is.
  // The check of the file against itself reads a sample of (crawler, path) pairs: past maxChecks
  // each crawler gets a few paths, `/` first, so 200 groups of their own crawlers beside an
  // ACAP-crawler: * record passed it though ACAP crawlers read none of their Disallows. Its
  // "nothing" is taken only when it read every crawler on every probe path (in both readings
  // after, verifyConversion's default), and a verdict that letter case alone changes counts as
  // kept only where no line of the path's own casing decides it: `Disallow: /p0` beside an ACAP
  // record for another crawler differs from ACAP crawlers ignoring the groups on `/p0`, which
  // its conversion gives them, though `/P0` (allowed) makes that a difference of letter case.
  let self: Verification | undefined;
  // A line the options ask for that the file lacks is still to be added.
  const linesAsked = (options.addVersion === true && model.versionLines.length === 0) || (options.ignoreConventional === true && model.ignoreConventional.length === 0);
  if (!options.lines && !linesAsked && model.records.length && model.groups.length) {
    self = verifyConversion(doc, doc, { ...options.verify, usage });
    const unavoidable = (b: BrokenVerdict): boolean => b.kind === 'case' && b.line === undefined;
    if (self.broken.every(unavoidable) && readEverything(self, 2)) return upToDate(doc, 'its ACAP records already give ACAP crawlers the crawl verdicts of its conventional groups', self, warnings);
  }
  const google = googleOnlyLines(doc, options.lines?.start ?? 0, options.lines?.end ?? doc.lines.length - 1);
  if (google.length) warnings.push(`${linesList(google)}: only Google's parser reads ${google.length > 1 ? 'these lines' : 'this line'} (a missing colon or a misspelt field name); RFC 9309 crawlers ignore ${google.length > 1 ? 'them' : 'it'}, and so does the conversion. Fix ${google.length > 1 ? 'them' : 'it'} first to convert what Google reads.`);
  if (model.records.length) warnings.push(`The file already has ACAP records (line ${model.records[0].startLine + 1}); ACAP merges records naming the same crawler, so they combine with the converted ones.`);
  const { star, named } = targetsOf(doc, groups, warnings);
  if (options.lines) {
    for (const t of named) {
      const rest = model.groups.filter((g) => !groups.includes(g) && !isExperimental(doc, g) && g.agents.some((a) => crawlerOf(agentValue(doc, a) ?? '').toLowerCase() === t.names[0].toLowerCase()));
      if (rest.length) warnings.push(`${t.names[0]} is also named in the group of line ${rest[0].startLine + 1}, which RFC 9309 merges with this one; convert it too.`);
    }
  }
  const firstAcap = firstAcapLine(doc);
  const addVersion = options.addVersion === true && model.versionLines.length === 0;
  const ignoreAt = options.ignoreConventional && !model.ignoreConventional.length && firstAcap !== undefined ? firstAcap : undefined;
  // Before a last record of crawler lines alone (openRecordAt), the block comes before the groups
  // inside that record, and the lines its comments name move down by its length (`shift`).
  const openAt = openRecordAt(doc);
  const groupsBelow = openAt !== undefined && groups.some((g) => g.startLine >= openAt);
  let shift = 0;
  const ln: Ln = (l) => l + 1 + (addVersion ? 1 : 0) + (ignoreAt !== undefined && l >= ignoreAt ? 1 : 0) + (openAt !== undefined && l >= openAt ? shift : 0);
  const starRules = star ? rulesOf(doc, star.groups, only) : [];
  const starRestricts = star !== undefined && (starRules.some((r) => !r.allow && r.pattern !== '') || (isVersion2(doc, star.groups[0]) && starRules.some((r) => r.allow)));
  const targets = [...(star ? [star] : []), ...named];
  for (const t of targets) if (!/^[A-Za-z*]/.test(t.names[0])) warnings.push(`Crawler name ‘${t.names[0]}’ does not start with a letter, as Part 1 §3 requires of ACAP crawler names; ACAP crawlers may not recognise it.`);
  const recordsOf = (said: string[]): string[][] => targets.map((t) => acapRecord(doc, t, rulesOf(doc, t.groups, only), rulesOf(doc, t.groups), starRestricts, usage, said, ln));
  let records = recordsOf(warnings);
  const blockOf = (converted: readonly (readonly string[])[]): string[] => {
    const block = groupsBelow
      ? ['# ACAP records converted from the conventional groups of this file (ACAP Part 1 §2.9): crawlers', '# that read ACAP follow these; other crawlers keep following the groups.']
      : ['# ACAP records converted from the conventional groups above (ACAP Part 1 §2.9): crawlers that', '# read ACAP follow these; other crawlers keep following the groups above.'];
    if (options.ignoreConventional && !model.ignoreConventional.length && firstAcap === undefined) block.push(IGNORE_LINE);
    for (const r of converted) block.push('', ...r);
    return block;
  };
  if (groupsBelow && records.length) {
    // The block's length does not depend on the numbers its comments give, so a second pass with
    // the shift known writes them right. It doubles the conversion's work, in this layout only;
    // its warnings were said by the first.
    shift = linesOf(recordsBlock(doc, blockOf(records), openAt), eolOf(doc));
    records = recordsOf([]);
  }
  const letters = [...new Set(rulesOf(doc, groups, only).filter((r) => /[A-Za-z]/.test(r.pattern)).map((r) => r.pattern))];
  if (letters.length) warnings.push(`ACAP matches paths case-insensitively (Part 1 §2.8), conventional crawlers do not: a path that differs only in letter case from a pattern with letters (${letters.slice(0, 3).map((p) => `‘${p}’`).join(', ')}${letters.length > 3 ? ` and ${letters.length - 3} more` : ''}) may get a different verdict from ACAP crawlers (interpretation §5).`);
  if (usage === 'index') warnings.push(`Disallow is read as "do not index" (Part 1 §2.5.1 note): ACAP crawlers may crawl those paths${options.ignoreConventional ? '' : ' where the conventional records let them'}.`);

  // Converting twice must not add the records twice, whatever the sample found: the records this
  // conversion writes, found in the file already, are not written again; only the lines the
  // options ask for (the version line, ACAP-ignore-conventional-records) are added.
  const written = records.length > 0 && alreadyWritten(doc, records);
  if (written && !addVersion && ignoreAt === undefined) return upToDate(doc, 'the file already has the ACAP records this conversion writes', self ?? NOTHING_CHECKED, warnings);
  const inserts: Insertion[] = [];
  if (records.length) {
    if (addVersion) inserts.push({ line: 0, character: contentStart(doc, 0), text: `##ACAP version=1.0${eolOf(doc)}` });
    // On the first line, after its byte-order mark, which stays first.
    if (ignoreAt !== undefined) inserts.push({ line: ignoreAt, character: contentStart(doc, ignoreAt), text: IGNORE_LINE + eolOf(doc) });
    if (written) {
      warnings.push(`The file already has the ACAP records this conversion writes: they are not written again, and only ${[addVersion ? 'the ##ACAP version line' : '', ignoreAt !== undefined ? IGNORE_LINE : ''].filter(Boolean).join(' and ')} is added.`);
    } else {
      inserts.push(recordsBlock(doc, blockOf(records), openAt));
    }
  } else warnings.push('There is no conventional group to convert.');
  const { text, edits } = finish(doc, inserts);
  // A conversion of some lines adds fields beside the conventional records: check that reading.
  // Its own lines' patterns are probed first: in a large file the sample would otherwise be the first lines'.
  const focus = only ? rulesOf(doc, groups, only).map((r) => r.pattern) : undefined;
  const partial = options.lines ? { agents: named.flatMap((t) => t.names), includeUnnamed: star !== undefined, ...(focus ? { focus } : {}), ...(options.ignoreConventional ? {} : { modes: ['acap' as const] }) } : {};
  const verification = records.length ? verifyConversion(doc, afterOf(doc, edits), { ...options.verify, usage, ...partial }) : NOTHING_CHECKED;
  return { text, edits, warnings, verification };
}

// ---------------------------------------------------------------------------------------------
// To REP

/** The source precedence of a crawl candidate for an ACAP crawler (interpretation §3). */
interface AcapId {
  /** 0 named records, 1 `*`, 2 ACAP-disallow-other naming the crawler, 3 of `*`, 4 silence, 9 not read. */
  readonly tier: number;
  readonly key: string;
  readonly source: 'acap' | 'conventional';
  readonly line: number | undefined;
}

/** Interpretation §3.1-3.4 and Part 1 §2.9.2, pairwise: tier, narrowest scope, ACAP over conventional, prohibition. */
function acapWins(a: Rule<AcapId>, b: Rule<AcapId>): boolean {
  if (a.id.tier !== b.id.tier) return a.id.tier < b.id.tier;
  const c = compareScope(a.id.key, b.id.key);
  if (c !== 0) return c < 0;
  if (a.id.source !== b.id.source) return a.id.source === 'acap';
  return !a.allow;
}

/**
 * Which of two rules decides for ACAP crawlers where both match (refine()'s `wins`): acapWins,
 * except between two lines of the crawler's own groups that stand for no field (`twins`: the
 * lines that repeat a wanted field, which stand for it). ACAP crawlers reading beside the records
 * take from a group the one line RFC 9309 picks (Part 1 §2.9.2; interpretation §3.6), so between
 * such lines RFC 9309's order holds (repBeats); ranked as ACAP ranks fields, `Allow: /a` seemed
 * to beat `Disallow: /*b`, and the conversion wrote `Allow: /a*b`.
 */
function groupOrAcapWins(a: Rule<AcapId>, b: Rule<AcapId>, twins: ReadonlySet<Rule<AcapId>>): boolean {
  const ownLines = a.kind === 'existing' && b.kind === 'existing' && a.id.tier === b.id.tier && !twins.has(a) && !twins.has(b);
  return ownLines ? repBeats(a, b) : acapWins(a, b);
}

/** RFC 9309 §2.2.2: the longer pattern in octets; Allow on a tie. "No rule" loses to any rule. */
function repBeats(a: Rule<AcapId>, b: Rule<AcapId>): boolean {
  if (a.kind === 'virtual') return false;
  if (b.kind === 'virtual') return true;
  const x = octets(normalizePercent(a.pattern));
  const y = octets(normalizePercent(b.pattern));
  return x > y || (x === y && a.allow && !b.allow);
}

/** The same pattern, longer by stars that change nothing, so that it wins more ties. */
function padded(p: string): string[] {
  const out = [p];
  const star = p.indexOf('*');
  for (let k = 1; k <= 64; k++) {
    if (!p.endsWith('$')) out.push(p + '*'.repeat(k));
    else if (star >= 0) out.push(p.slice(0, star) + '*'.repeat(k) + p.slice(star));
  }
  return out;
}

function fieldRules(records: readonly CompiledRecord[], tier: number, usage: string, allow?: boolean): Rule<AcapId>[] {
  return records.flatMap((r) => r.general).filter((f: AcapField) => f.usage === usage && !f.broken && (allow === undefined || f.allow === allow))
    .flatMap((f) => f.patterns.map((p) => ({ pattern: p.text, allow: f.allow, id: { tier, key: p.key, source: 'acap' as const, line: f.line }, kind: 'rule' as const })));
}

/**
 * The conventional rules of `groups` as crawl candidates at `tier`; a line inside an ACAP record
 * (`hidden`: a record runs to the next ACAP-crawler line, Part 1 §2.3) is not read by ACAP
 * crawlers (Part 1 §2.9.2), so it gets tier 9. O(rules).
 */
function convRules(doc: RobotsDocument, groups: readonly Group[], tier: number, kind: 'rule' | 'existing', hidden: ReadonlySet<number> = new Set()): Rule<AcapId>[] {
  return rulesOf(doc, groups).filter((r) => r.pattern !== '').map((r) => ({ pattern: r.pattern, allow: r.allow, id: { tier: hidden.has(r.line) ? 9 : tier, key: patternKey(r.pattern), source: 'conventional' as const, line: r.line }, kind }));
}

const MAX_PRUNE = 500;

/**
 * A wanted rule that an ACAP field beating it (interpretation §3.1-3.4) covers entirely never
 * decides for an ACAP crawler (`ACAP-disallow-other: /archive/` under `ACAP-allow-crawl: /`), so
 * it must not become a conventional line. Asked per target of each of its d ≤ MAX_PRUNE wanted
 * rules (past that nothing is dropped, which is safe: refine() then settles the extra pairs).
 *
 * Every target wants the same `*` rules (`shared`, the same objects for all targets), so whether
 * one of them is pruned by another is found once for the conversion, and per target only against
 * the target's own rules: O(S²) once for S shared rules, then O(d × own) per target, where asking
 * every wanted rule of every target cost O(T × d²) covers() tests (480 records beside a `*`
 * record of 480 fields: 15 s). Each pattern is normalised once (fullOf).
 */
class Pruning {
  /** The rules every target shares (made once, the same objects for all targets). */
  private readonly isShared: ReadonlySet<Rule<AcapId>>;
  /** For each shared rule, whether a shared rule prunes it: with the `*` groups' lines among them, and without. */
  private readonly bySharedWith = new Map<Rule<AcapId>, boolean>();
  private readonly bySharedWithout = new Map<Rule<AcapId>, boolean>();
  private readonly full = new Map<string, string>();

  constructor(shared: Iterable<Rule<AcapId>>) {
    this.isShared = new Set(shared);
  }

  /** Does a rule of `own` or `shared` (a target's wanted rules: its own and the `*` ones) prune `r`? */
  neverDecides(r: Rule<AcapId>, own: readonly Rule<AcapId>[], shared: readonly Rule<AcapId>[], withLines: boolean): boolean {
    if (own.length + shared.length > MAX_PRUNE) return false;
    const prunesR = (w: Rule<AcapId>): boolean => this.prunes(w, r);
    let byShared: boolean | undefined;
    if (this.isShared.has(r)) {
      const memo = withLines ? this.bySharedWith : this.bySharedWithout;
      byShared = memo.get(r);
      if (byShared === undefined) memo.set(r, (byShared = shared.some(prunesR)));
    } else byShared = shared.some(prunesR);
    return byShared || own.some(prunesR);
  }

  /**
   * Does `w` strictly beat `r` and cover it? Strictly: a repeated field (`ACAP-disallow-crawl: /x`
   * twice) wins against its twin both ways, and each dropped for the other lost the rule altogether.
   */
  private prunes(w: Rule<AcapId>, r: Rule<AcapId>): boolean {
    return w !== r && w.id.source === 'acap' && acapWins(w, r) && !acapWins(r, w) && this.covers(w.pattern, r.pattern);
  }

  /** Does `general` match every path `specific` matches? A sufficient test on full globs, O(|general|·|specific|). */
  private covers(general: string, specific: string): boolean {
    return matchPattern(this.fullOf(general) + '$', this.fullOf(specific));
  }

  private fullOf(pattern: string): string {
    let f = this.full.get(pattern);
    if (f === undefined) this.full.set(pattern, (f = toFull(normalizePercent(pattern))));
    return f;
  }
}

/**
 * The rules without the Allow lines conventional crawlers do not need: an Allow changes an RFC 9309
 * verdict only on a path where it outranks a matching Disallow (§2.2.2), so one that outranks no
 * Disallow sharing a path with it can go. Each Allow kept is therefore needed; dropping one never
 * changes a conventional verdict. Cost: O(a·d) intersect() calls (each bounded there), for a Allows
 * and d Disallows; past MAX_PRUNE² pairs every Allow is kept.
 */
function withoutIdleAllows(rules: readonly Rule<AcapId>[], existing: readonly Rule<AcapId>[]): Rule<AcapId>[] {
  const disallows = [...existing, ...rules].filter((r) => !r.allow);
  const allows = rules.filter((r) => r.allow);
  if (allows.length * disallows.length > MAX_PRUNE * MAX_PRUNE) return [...rules];
  const idle = new Set(allows.filter((a) => !disallows.some((d) => {
    if (!repBeats(a, d)) return false;
    const both = intersect(toFull(normalizePercent(a.pattern)), toFull(normalizePercent(d.pattern)));
    return both === undefined || both.length > 0;
  })));
  return rules.filter((r) => !idle.has(r));
}

/** The ACAP records to convert, with warnings for what conventional records cannot say. */
function recordsToConvert(doc: RobotsDocument, warnings: string[]): CompiledRecord[] {
  const usages = new Set<string>();
  const used = compileRecords(doc).filter((r) => {
    if (r.reference) warnings.push(`Line ${r.reference.line + 1} refers its crawlers to ${r.reference.locator}, whose permissions are not in this file; they are not converted.`);
    for (const f of r.general) {
      if (f.usage !== 'crawl' && !(f.usage === 'other' && !f.allow)) usages.add(f.usage);
      if (f.broken) warnings.push(`Line ${f.line + 1} ${f.broken}; crawlers ignore it, and so does the conversion.`);
      else if (f.usage === 'crawl' && f.via) warnings.push(`Line ${f.line + 1}: only the crawl member of ${f.via} is converted.`);
    }
    if (r.subRecords.length) warnings.push(`The usage-purpose sub-records of the record of line ${r.record.startLine + 1} (Part 1 §2.3.3) cannot be expressed conventionally; they are not converted.`);
    return !r.reference;
  });
  if (usages.size) warnings.push(`Conventional records speak only about crawling: the permissions for ${[...usages].join(', ')} are not converted.`);
  return used;
}

/** Warnings of one kind said for the first NAME_WARNINGS occurrences; `close` adds how many more there were. */
const NAME_WARNINGS = 20;

class Counted {
  private count = 0;
  constructor(private readonly out: string[], private readonly more: (n: number) => string) {}

  add(warning: () => string): void {
    if (this.count++ < NAME_WARNINGS) this.out.push(warning());
  }

  close(): void {
    if (this.count > NAME_WARNINGS) this.out.push(this.more(this.count - NAME_WARNINGS));
  }
}

function pushTo<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * The rules sharing one normalised pattern, as a wanted rule's rivals: per verdict (index 1 for
 * Allow) whether an existing line has it, whether a wanted rule with it was kept already, and the
 * rule acapWins ranks first. Their keys are all the same (a key is the normalised pattern
 * lower-cased, patternKey), and on equal keys acapWins orders by tier, then an ACAP field before
 * a conventional line, then a prohibition first, so some rival of the other verdict beats a rule
 * exactly when the first-ranked one does. Each rule then costs O(1) instead of O(rivals): 16,000
 * fields allowing `/` compared each with all of them (6 s).
 */
interface Rivalry {
  readonly strongest: [Rule<AcapId> | undefined, Rule<AcapId> | undefined];
  readonly hasExisting: [boolean, boolean];
  readonly hasKept: [boolean, boolean];
}

function rivalryOf(rivals: readonly Rule<AcapId>[]): Rivalry {
  const strongest: [Rule<AcapId> | undefined, Rule<AcapId> | undefined] = [undefined, undefined];
  const hasExisting: [boolean, boolean] = [false, false];
  const rank = (x: Rule<AcapId>): number => 2 * x.id.tier + (x.id.source === 'acap' ? 0 : 1);
  for (const x of rivals) {
    const side = x.allow ? 1 : 0;
    if (x.kind === 'existing') hasExisting[side] = true;
    const best = strongest[side];
    if (best === undefined || rank(x) < rank(best)) strongest[side] = x;
  }
  return { strongest, hasExisting, hasKept: [false, false] };
}

/**
 * The lines without each Disallow that an Allow of the same pattern ties in the same reading:
 * RFC 9309 §2.2.2 gives the tie to the Allow, so such a Disallow never decides — conventionally,
 * nor as the group's candidate for ACAP crawlers reading beside the records, which is the line
 * RFC 9309 picks (Part 1 §2.9.2; interpretation §3.6). Read pair by pair as ACAP ranks fields
 * (§2.4.5, where a prohibition wins a tie), it seemed to decide over the Allow, and the conversion
 * wrote a longer Disallow to outrank the Allow for conventional crawlers (`Disallow:
 * /feed/update/*` beside `Disallow: /feed/update/` and `Allow: /feed/update/`, a real file's
 * group). O(lines + total pattern length).
 */
function withoutTiedDisallows(lines: readonly Rule<AcapId>[]): Rule<AcapId>[] {
  const allowed = new Set(lines.filter((r) => r.allow).map((r) => `${r.id.tier} ${normalizePercent(r.pattern)}`));
  return lines.filter((r) => r.allow || !allowed.has(`${r.id.tier} ${normalizePercent(r.pattern)}`));
}

/** Rules by their normalised pattern (normalizePercent), each list in the rules' order. O(total pattern length). */
function bucketByPattern(rules: readonly Rule<AcapId>[]): Map<string, Rule<AcapId>[]> {
  const out = new Map<string, Rule<AcapId>[]>();
  for (const r of rules) pushTo(out, normalizePercent(r.pattern), r);
  return out;
}

/** The first rule of the lowest tier, or undefined. O(rules). */
function leastTier(rules: readonly Rule<AcapId>[]): Rule<AcapId> | undefined {
  let best: Rule<AcapId> | undefined;
  for (const r of rules) if (!best || r.id.tier < best.id.tier) best = r;
  return best;
}

/** Add conventional groups with the ACAP records' crawl verdicts, before the ACAP records. */
export function convertToRep(doc: RobotsDocument, options: Pick<ConvertOptions, 'verify'> = {}): ConversionResult {
  const model = getModel(doc);
  const warnings: string[] = [];
  const ignored = model.ignoreConventional.length > 0;
  const used = recordsToConvert(doc, warnings);
  // Crawlers: ACAP crawler names that are product tokens (interpretation §1), and the groups' tokens;
  // those that read the same records and groups get one group.
  const names = new Map<string, string>();
  // Each kind of warning about crawler names said for the first NAME_WARNINGS names, then counted.
  const notTokens = new Counted(warnings, (n) => `${n.toLocaleString('en')} more ACAP-crawler values are not product tokens and are not converted.`);
  const renamed = new Counted(warnings, (n) => `${n.toLocaleString('en')} more ACAP-crawler values name another crawler's product token on a User-agent line, so conventional crawlers called by them cannot be addressed by name, and no group is written for them.`);
  for (const r of used) for (const c of r.record.crawlers) {
    const d = doc.lines[c].directive;
    const name = d.kind === 'acap-crawler' ? slice(doc, c, d.name) : '*';
    if (/[\s/]/.test(name)) notTokens.add(() => `ACAP-crawler ‘${name}’ (line ${c + 1}) is not a product token: crawlers compare their token with it exactly (interpretation §1), so it addresses none, and it is not converted.`);
    else if (name !== '*' && !names.has(name.toLowerCase())) {
      // A User-agent line with this value would name another crawler (interpretation §1): written,
      // it gave that crawler this record's verdicts, in both readings.
      if (crawlerOf(name) !== name) renamed.add(() => `ACAP-crawler ‘${name}’ (line ${c + 1}): a User-agent line with this value names the crawler ‘${crawlerOf(name)}’ (its product token, RFC 9309 §2.2.1), so conventional crawlers called ${name} cannot be addressed by name, and no group is written for it.`);
      else names.set(name.toLowerCase(), name);
    }
  }
  notTokens.close();
  renamed.close();
  // Converting twice must not add the groups twice. The check of the file against itself reads a
  // sample of (crawler, path) pairs: with the editor's 100, each of 61 crawlers got a path or
  // two, `/` first, and a file whose `*` group missed 60 records' prohibitions passed it. A
  // sample that passes without reading every crawler on every probe path is taken only if a
  // wider one passes too (wideSelfCheck), and only if that one read them all: past its
  // SELF_CHECK_PAIRS pairs the crawlers named last were not read on their own paths, and a file
  // whose last group missed its record's prohibition got "Nothing to convert". Such a file is
  // converted, and what the conversion writes decides (below: nothing, a gain, or too large); it
  // costs what a file whose check fails costs: the conversion, its check (options.verify) and at
  // most one more reading of SELF_CHECK_PAIRS pairs (gainOf).
  const sample = used.length ? verifyConversion(doc, doc, { ...options.verify, direction: 'to-rep' }) : NOTHING_CHECKED;
  const onlyCase = (v: Verification): boolean => differingPairs(v) === 0;
  const self = used.length && onlyCase(sample) && !readEverything(sample, 2) ? wideSelfCheck(doc, sample, options.verify?.maxChecks) : sample;
  if (used.length && onlyCase(self) && readEverything(self, 2)) {
    return upToDate(doc, 'its conventional groups already give conventional crawlers the crawl verdicts of its ACAP records', self, warnings);
  }
  // The groups as the engine reads them: experimental Robot-version groups ignored, values as product tokens.
  const groupsRead = model.groups.filter((g) => !isExperimental(doc, g));
  const starGroups = groupsRead.filter((g) => g.agents.some((a) => isStarValue(agentValue(doc, a) ?? '')));
  // Conventional lines inside ACAP records: ACAP crawlers ignore them (Part 1 §2.3, §2.9.2).
  const hidden = new Set(model.records.flatMap((r) => r.conventional));
  const starForAcap = starGroups.filter((g) => !hidden.has(g.startLine));
  for (const g of groupsRead) for (const a of g.agents) { const t = crawlerOf(agentValue(doc, a) ?? ''); if (t && !names.has(t.toLowerCase())) names.set(t.toLowerCase(), t); }
  const starRecords = used.filter((r) => r.star);
  // Each name's records and groups through maps made once, O(crawler and agent lines): a record of
  // 48,000 crawler names searched its own list for each of them (23 s).
  const recsOf = new Map<string, CompiledRecord[]>();
  for (const r of used) if (!r.star) for (const c of new Set(r.crawlers)) pushTo(recsOf, c, r);
  const groupsOf = new Map<string, Group[]>();
  for (const g of groupsRead) for (const t of new Set(g.agents.map((a) => crawlerOf(agentValue(doc, a) ?? '').toLowerCase()))) pushTo(groupsOf, t, g);
  const bySig = new Map<string, { names: string[]; recs: CompiledRecord[]; groups: Group[] }>();
  for (const [lower, name] of names) {
    const recs = recsOf.get(lower) ?? [];
    const groups = groupsOf.get(lower) ?? [];
    const sig = `${recs.map((r) => r.record.startLine).join(',')}|${groups.map((g) => g.startLine).join(',')}`;
    const same = bySig.get(sig);
    if (same) same.names.push(name);
    else bySig.set(sig, { names: [name], recs, groups });
  }
  const targets = [...[...bySig.values()].map((e) => ({ ...e, star: false })), { names: ['*'], recs: [] as CompiledRecord[], groups: [] as Group[], star: true }];
  // With no conventional rule in the file, ACAP-ignore-conventional-records is added below.
  const addIgnore = !ignored && !model.groups.some((g) => rulesOf(doc, [g]).length > 0);
  const readAlongside = !ignored && !addIgnore;
  // Every target wants the `*` records' rules, and some the `*` groups' lines: made once, so
  // that what depends on them alone is found once for all targets (Pruning).
  const starCrawl = fieldRules(starRecords, 1, 'crawl');
  const starOther = fieldRules(starRecords, 3, 'other', false);
  const starLines = ignored ? [] : convRules(doc, starForAcap, 1, 'rule');
  const pruning = new Pruning([...starCrawl, ...starLines, ...starOther]);
  const solved = targets.map((t) => {
    const namedConv = t.groups.length > 0;
    // ACAP crawlers read only the groups outside ACAP records (interpretation §3.6): with none of
    // its own there, a crawler's conventional candidate comes from the `*` groups they read.
    const namedForAcap = t.groups.some((g) => !hidden.has(g.startLine));
    const withLines = !ignored && !namedForAcap && !t.star;
    const ownCrawl = fieldRules(t.recs, 0, 'crawl');
    const ownOther = fieldRules(t.recs, 2, 'other', false);
    const own = [...ownCrawl, ...ownOther];
    const shared = withLines ? [...starCrawl, ...starLines, ...starOther] : [...starCrawl, ...starOther];
    const desired = [...ownCrawl, ...starCrawl, ...(withLines ? starLines : []), ...ownOther, ...starOther];
    // What the crawler's conventional reading keeps after the conversion: its own groups, or `*`'s.
    // A line already there with a wanted pattern and verdict stands for the wanted rule.
    // Rules compared by their normalised pattern, each normalised once and bucketed by it: the
    // rivals of a rule are its bucket (8,000 fields compared every rule with every other: 4 s).
    const desiredAt = bucketByPattern(desired);
    /** The existing lines that repeat a wanted rule (and so stand for it): groupOrAcapWins. */
    const twins = new Set<Rule<AcapId>>();
    const existing = withoutTiedDisallows(namedConv ? convRules(doc, t.groups, ignored ? 9 : 0, 'existing', hidden) : t.star ? convRules(doc, starGroups, ignored ? 9 : 1, 'existing', hidden) : []).map((x) => {
      const same = leastTier((desiredAt.get(normalizePercent(x.pattern)) ?? []).filter((r) => r.allow === x.allow));
      const line = same && same.id.tier < x.id.tier ? { ...x, id: same.id } : x;
      if (same) twins.add(line);
      return line;
    });
    const existingAt = bucketByPattern(existing);
    const kept: Rule<AcapId>[] = [];
    const rivalries = new Map<string, Rivalry>();
    for (const r of desired) {
      if (pruning.neverDecides(r, own, shared, withLines)) continue;
      const n = normalizePercent(r.pattern);
      let rv = rivalries.get(n);
      if (!rv) rivalries.set(n, (rv = rivalryOf([...(existingAt.get(n) ?? []), ...(desiredAt.get(n) ?? [])])));
      // Beaten by a rival of the other verdict, or standing for an existing line or a kept twin.
      const side = r.allow ? 1 : 0;
      const other = rv.strongest[1 - side];
      if (rv.hasExisting[side] || rv.hasKept[side] || (other !== undefined && acapWins(other, r))) continue;
      kept.push(r);
      rv.hasKept[side] = true;
    }
    const silence: Rule<AcapId> = { pattern: '/', allow: true, id: { tier: 4, key: '/', source: 'acap', line: undefined }, kind: 'virtual' };
    const refined = refine([silence, ...existing, ...kept], { wins: (a, b) => groupOrAcapWins(a, b, twins), beats: repBeats, variants: padded, widen: true });
    const who = t.names.slice(0, 3).join(', ') + (t.names.length > 3 ? '…' : '');
    const byWinner = new Map<number, Set<number>>();
    for (const [w, l] of refined.failures) byWinner.set(w.id.line ?? -1, (byWinner.get(w.id.line ?? -1) ?? new Set()).add(l.id.line ?? 0));
    for (const [w, losers] of byWinner) warnings.push(`For ${who}: ${w < 0 ? 'silence' : `line ${w + 1}`} decides over ${linesList([...losers].sort((x, y) => x - y))} for ACAP crawlers where both match, but no conventional pattern ranks it so (RFC 9309 §2.2.2).`);
    if (refined.exhausted) warnings.push(`For ${who}: too many rules to compare every pair; some verdicts may change.`);
    const emitted = refined.rules.filter((r) => r.kind === 'rule' || r.kind === 'added');
    // ACAP crawlers that read these groups beside the records take each group's deciding line as a
    // candidate (Part 1 §2.9.2; interpretation §3.6): an Allow that no conventional crawler needs
    // could outrank the records for them (a named group's `Allow: /` over `*`'s ACAP-disallow-crawl).
    const rules = readAlongside ? withoutIdleAllows(emitted, existing) : emitted;
    const skip = rules.length === 0 && (t.star || namedConv);
    // The group written merges with the crawler's groups (RFC 9309 §2.2.1); in one that follows
    // robots.txt 2.0.0 a pattern without `*` or `$` matches only its exact path.
    const v2 = skip ? undefined : (t.star ? starGroups : t.groups).find((g) => isVersion2(doc, g));
    if (v2) warnings.push(`For ${who}: the group of line ${v2.startLine + 1} follows robots.txt 2.0.0 and the group written joins it (groups of one crawler merge, RFC 9309 §2.2.1): there a pattern without \`*\` or \`$\` matches only that exact path, so conventional crawlers may not get the ACAP verdicts below it.`);
    return { ...t, rules, skip };
  }).filter((t) => !t.skip);

  // Crawl fields and the prohibitions of other usages are both written as conventional rules.
  const letters = [...new Set([...fieldRules(used, 0, 'crawl'), ...fieldRules(used, 2, 'other', false)].map((r) => r.pattern).filter((p) => /[A-Za-z]/.test(p)))];
  if (letters.length) warnings.push(`ACAP matches paths case-insensitively (Part 1 §2.8), conventional crawlers do not: a path that differs only in letter case from a pattern with letters (${letters.slice(0, 3).map((p) => `‘${p}’`).join(', ')}${letters.length > 3 ? ` and ${letters.length - 3} more` : ''}) may get a different verdict from conventional crawlers (interpretation §5).`);
  const first = firstAcapLine(doc);
  if (first === undefined || !used.length) warnings.push('There is no ACAP record to convert.');
  const inserts: Insertion[] = [];
  let ignoreWarning = -1;
  // With no record to convert there are no verdicts to give (the file's ACAP crawlers go by
  // silence, or by ACAP-ignore-conventional-records alone): nothing is written.
  if (first !== undefined && used.length && solved.length) {
    const at = groupsAt(doc, first);
    if (addIgnore) ignoreWarning = warnings.push('ACAP-ignore-conventional-records is added: the file had no conventional rules, and ACAP crawlers would otherwise also read the new groups.') - 1;
    // The block's comments name lines of the new text: those after it move down by its length.
    const block = (shift: number): string[] => {
      const ln: Ln = (l) => l + 1 + (l >= at ? shift : 0);
      const out = ['# Conventional groups with the crawl permissions of the ACAP records below, for crawlers', '# that do not read ACAP (ACAP Part 1 §2.9).'];
      for (const t of solved) {
        out.push(`# For ${t.star ? 'any other crawler' : t.names.length > 1 ? 'these crawlers' : t.names[0]}: ${t.recs.length ? `the record${t.recs.length > 1 ? 's' : ''} of ${linesList(t.recs.map((r) => r.record.startLine), ln)}` : 'the records for *'}${starRecords.length && t.recs.length ? `, and for * where ${t.recs.length > 1 ? 'they are' : 'it is'} silent` : ''}`, ...t.names.map((n) => `User-agent: ${n}`));
        for (const r of t.rules) {
          if (r.kind === 'added') out.push(`# ${r.id.line === undefined ? 'Silence' : `Line ${ln(r.id.line)}`} decides here for ACAP crawlers; conventional crawlers follow the longest pattern (RFC 9309 §2.2.2), so this one outranks ${r.over?.kind === 'virtual' ? 'no rule' : `line ${ln(r.over?.id.line ?? 0)}`}`);
          out.push(`${r.allow ? 'Allow' : 'Disallow'}: ${r.pattern}`);
        }
        if (t.rules.length === 0) out.push('# Nothing is prohibited', 'Disallow:');
        out.push('');
      }
      if (addIgnore) out.push('# ACAP crawlers take their permissions from the ACAP records alone (Part 1 §2.9.1)', IGNORE_LINE, '');
      return out;
    };
    const lead = at > 0 && doc.lines[at - 1].text.trim() !== '' ? [''] : [];
    const lines = [...lead, ...block(0)];
    // On the first line, after its byte-order mark, which stays first.
    inserts.push({ line: at, character: contentStart(doc, at), text: [...lead, ...block(lines.length)].join(eolOf(doc)) + eolOf(doc) });
  }
  const { text, edits } = finish(doc, inserts);
  if (!used.length) return { text, edits, warnings, verification: NOTHING_CHECKED };
  // Converting its own output again must not add the groups again. Where some pairs are beyond
  // what conventional lines can express (the warnings say which lines and names), the self-check
  // above fails however often the file is converted: the groups are written only if they leave
  // fewer pairs differing than the file's own groups do.
  let verification = self;
  let decided: Withheld & { readonly read: Verification };
  if (edits.length) {
    const after = afterOf(doc, edits);
    // The written lines' patterns are probed first, for every crawler: where the groups change
    // verdicts (a gain or a loss) is on their paths, and in a large file a sample would otherwise
    // read the first crawlers' paths only (a group missing the last crawler's prohibition went
    // unseen, and so did its gain).
    const focus = solved.flatMap((t) => t.rules.map((r) => r.pattern));
    verification = verifyConversion(doc, after, { ...options.verify, direction: 'to-rep', countBefore: true, focus });
    decided = gainOf(doc, after, verification, options.verify?.maxChecks, focus);
  } else {
    // No group to write (every name the records use reads as another crawler's token, or the
    // groups already say it): the file's own differing pairs stand.
    const n = differingPairs(self);
    if (n === 0) return upToDate(doc, 'its conventional groups already have every line a conversion would write', self, warnings);
    decided = { pairs: self.checked / 2, differing: n, wouldDiffer: n, read: self };
  }
  if (decided.wouldDiffer >= decided.differing) {
    const kept = warnings.filter((_, k) => k !== ignoreWarning);
    const { pairs, differing, wouldDiffer, read } = decided;
    // Groups to write, and a reading that left pairs out: the pairs it left out may be where
    // they gain (a crawler named late, on its own path), so there is no "nothing" to say.
    if (edits.length > 0 && !readEverything(read, 2)) {
      const tooLarge: TooLarge = { pairs, differing, wouldDiffer, crawlers: read.probes.agents, paths: read.probes.candidates, of: read.probes.agents * read.probes.candidates };
      const n = (x: number): string => x.toLocaleString('en');
      kept.push(`Too large to verify: the check reads at most ${n(SELF_CHECK_PAIRS)} of the ${n(tooLarge.of)} (crawler, path) pairs of this file's ${n(tooLarge.crawlers)} crawlers on its ${n(tooLarge.paths)} probe paths; on the ${n(pairs)} it read, the groups a conversion would add would leave ${wouldDiffer} with verdicts differing between the two readings (letter case aside), and ${differing} differ with the file's own groups, so whether they gain cannot be told, and they are not written.`);
      return { text: documentText(doc), edits: [], warnings: kept, verification: self, tooLarge };
    }
    kept.push(`Nothing to convert: the groups a conversion would add would leave ${wouldDiffer} of the ${pairs} (crawler, path) pairs checked with verdicts differing between the two readings (letter case aside), and ${differing} differ with the file's own groups, so they are not written.`);
    return { text: documentText(doc), edits: [], warnings: kept, verification: self, withheld: { pairs, differing, wouldDiffer } };
  }
  return { text, edits, warnings, verification };
}

/** The (agent, path) pairs a to-REP check found differing in either reading after, letter case aside (no conversion changes it). */
function differingPairs(v: Verification): number {
  const pairs = new Set<string>();
  for (const b of v.broken) if (b.kind !== 'case') pairs.add(`${b.agent}\n${b.path}`);
  return pairs.size;
}

/**
 * How many (agent, path) pairs differ between the two readings, letter case aside, in the file
 * before a to-REP conversion and after it, on the same pairs: `v` is the conversion's own check
 * (with countBefore). A pair counts once, whichever readings after differ. When the check shows
 * no gain without having read every crawler on every probe path, a wider reading
 * (SELF_CHECK_PAIRS pairs, as for the self-check) decides: a sample may miss what the groups fix.
 * A sample that shows a gain is taken as it is (a conversion helps nearly always, and the wider
 * reading added about 0.2 s to converting a record of 48,000 crawler names), though a sample can
 * also miss what they break: on one generated file 200 of 970 probe paths counted 213 → 198
 * where all of them count 383 → 595. O(the wider check) at most.
 */
function gainOf(doc: RobotsDocument, after: RobotsDocument, v: Verification, maxChecks = 1000, focus: readonly string[] = []): Withheld & { readonly read: Verification } {
  // Two readings per pair to REP: by conventional crawlers and by ACAP crawlers.
  const of = (x: Verification) => ({ pairs: x.checked / 2, differing: x.differedBefore ?? 0, wouldDiffer: differingPairs(x), read: x });
  const sample = of(v);
  if (sample.wouldDiffer < sample.differing || readEverything(v, 2) || maxChecks >= SELF_CHECK_PAIRS) return sample;
  return of(verifyConversion(doc, after, { direction: 'to-rep', maxChecks: SELF_CHECK_PAIRS, maxPaths: SELF_CHECK_PATHS, sharedAgentPaths: SELF_CHECK_PATHS, countBefore: true, focus }));
}
