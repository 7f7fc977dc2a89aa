/**
 * Groups and agents (RFC 9309 §2.1, §2.2): User-agent values and product tokens, the fields a
 * group may hold once (Robot-version, Visit-time, robots.txt 2.0.0 proposal) and their values,
 * lines that belong to no group or stand inside an ACAP record (Part 1 §2.9.2), groups without
 * rules, and rules repeated in one group. Line checks read one line (O(n) in its length); the
 * structure check reads the model (O(records' conventional lines + groups' members + strays));
 * the duplicate-rule index is kept per group across versions (see DuplicateIndex).
 */
import type { Diagnostic, CodeAction } from 'vscode-languageserver-types';
import type { Finding, LocatedFinding, RelatedLine } from '../../syntax/findings';
import { modelLineage, type Group, type RobotsModel } from '../../model/model';
import { lineAt, type RobotsDocument } from '../../syntax/document';
import { lowerBound } from '../../syntax/numbers';
import type { LineNode, Span } from '../../syntax/syntax';
import { action, insertAbove, removeLine, replaceWith, type DiagnosticData, type Fix, type Topic } from '../rule';

const VERSION = /^(\d+)\.(\d+)\.(\d+)$/;
const TIME = String.raw`(?:([01]?\d|2[0-3]):?([0-5]\d))`;
// Two times separated by `-` (spaces around it allowed) or by spaces alone. The two
// alternatives cannot both match one run of spaces in more than one way, so a failing value costs
// O(n): the old `\s*[-\s]\s*` split a run of n spaces in O(n²) ways (100,000 spaces took 20 s).
const TIME_RANGE = new RegExp(String.raw`^${TIME}(?:\s*-\s*|\s+)${TIME}$`);
const RATE = /^(\d+)\s*\/\s*(\d+)\s*([smhd]?)$/i;

/** `/2.1`, `/5.0 (compatible)`: a version (and comment) after a product token, which crawlers never match on (RFC 9309 §2.2.1). */
export function isVersionSuffix(rest: string): boolean {
  return /^\/[0-9][0-9A-Za-z.+_-]*(\s*\([^()/]*\))?$/.test(rest);
}

/** Google's product-token reading: the longest prefix of [A-Za-z_-] (robots.cc ExtractUserAgent). */
export function googleProductToken(agent: string): string {
  const m = /^[A-Za-z_-]*/.exec(agent);
  return m ? m[0] : '';
}

/** Products of a User-Agent string that are browsers' or engines', never a crawler's own token. */
const BROWSER_PRODUCTS = new Set(['mozilla', 'applewebkit', 'chrome', 'safari', 'gecko', 'khtml', 'version', 'mobile', 'firefox', 'edg', 'like']);

/**
 * The crawler a browser-style User-Agent string names in its comment: `Mozilla/5.0 (compatible;
 * Google-Podcast)` → `Google-Podcast`, `Mozilla/4.0 (compatible; BullsEye; Windows 95)` →
 * `BullsEye` (the first item after `compatible;`, read as a product token). Undefined when the
 * value does not start with a browser product or names no crawler there. Linear in the value.
 */
export function compatibleCrawler(value: string): string | undefined {
  if (!BROWSER_PRODUCTS.has(googleProductToken(value).toLowerCase())) return undefined;
  const m = /\(\s*compatible\s*;\s*([A-Za-z_-]+)/i.exec(value);
  return m && !BROWSER_PRODUCTS.has(m[1].toLowerCase()) ? m[1] : undefined;
}

/** A User-agent value: a product token, or * (RFC 9309 §2.2.1). */
export function checkUserAgent(line: LineNode, value: string, out: Finding[]): void {
  const f = line.field;
  if (!f) return;
  if (!value) {
    out.push({ code: 'rep.empty-user-agent', span: f.name, message: 'Name a crawler (its product token, such as Googlebot), or * for all crawlers (RFC 9309 §2.2.1).' });
  } else if (/^[A-Za-z_-][A-Za-z0-9_-]*$/.test(value) && /\d/.test(value)) {
    out.push({ code: 'rep.product-token-digits', span: f.value, message: `RFC 9309 product tokens have no digits (§2.2.1), and Google's parser reads ‘${value}’ as ‘${googleProductToken(value)}’. Crawlers that compare whole names, usually including this one, still recognise it.` });
  } else if (value !== '*' && !/^[A-Za-z_-]+$/.test(value)) {
    const token = googleProductToken(value);
    // Only dropping a version (`Googlebot/2.1`) keeps the crawler addressed; any other
    // shortening (`Mail.RU_Bot` → `Mail`) names another crawler, so the quick fixes offer it
    // as a choice, never as the fix (productTokenChoices below).
    // A browser's product (`Mozilla/5.0 (compatible; X)`) is never the crawler: its comment names it.
    const browser = BROWSER_PRODUCTS.has(token.toLowerCase());
    const named = compatibleCrawler(value);
    const versionOnly = token !== '' && !browser && isVersionSuffix(value.slice(token.length));
    out.push({
      code: 'rep.invalid-product-token', span: f.value,
      message: !token
        ? `‘${value}’ is not a product token (letters, ‘-’ and ‘_’ only, RFC 9309 §2.2.1); Google matches no crawler with it.`
        : browser
          ? `‘${value}’ is a whole User-Agent string, not a product token (RFC 9309 §2.2.1). Google's parser reads its browser word ‘${token}’, which no crawler sends as its token${named ? `; the crawler it names is ‘${named}’` : ''}. Write the crawler's own token if this group is meant for it.`
          : versionOnly
          ? `‘${value}’ is a product token with a version (RFC 9309 §2.2.1 allows letters, ‘-’ and ‘_’ only). Crawlers send ‘${token}’ as their token; write ‘${token}’.`
          : `‘${value}’ is not a product token (letters, ‘-’ and ‘_’ only, RFC 9309 §2.2.1). Google's parser reads ‘${token}’ and applies this group to a crawler whose token is ‘${token}’; crawlers that compare the whole value match only ‘${value}’. Keep it if the group is meant for ‘${value}’.`,
      replacement: versionOnly ? token : undefined,
    });
  }
}

/** The values of the 1996 group fields: Robot-version, Visit-time, Request-rate (`id` is the field's). */
export function checkGroupField(line: LineNode, id: string, value: string, out: Finding[]): void {
  const f = line.field;
  if (!f) return;
  switch (id) {
    case 'robot-version': {
      const m = VERSION.exec(value);
      if (!m || (m[1] !== '1' && m[1] !== '2')) {
        out.push({ code: 'rep.robot-version-invalid', span: f.value, message: `Robot-version is MAJOR.MINOR.REVISION with major 1 or 2, such as 2.0.0; ‘${value}’ is not.`, replacement: /^2(\.0)?$/.test(value) ? '2.0.0' : undefined });
      } else if (Number(m[2]) % 2 === 1) {
        out.push({ code: 'rep.robot-version-experimental', span: f.value, message: `An odd minor version (${value}) marks an experimental standard; robots should ignore this group and use the default.` });
      }
      return;
    }
    case 'visit-time':
      if (!TIME_RANGE.test(value)) {
        out.push({ code: 'rep.visit-time-invalid', span: f.value, message: `Visit-time takes two UTC times, such as 0100-0645 or 01:00 06:45; ‘${value}’ is not that.` });
      }
      return;
    case 'request-rate': {
      const [rate, ...times] = value.split(/\s+/);
      const okRate = RATE.test(rate);
      const okTimes = times.length === 0 || TIME_RANGE.test(times.join(' '));
      if (!okRate || !okTimes) {
        out.push({ code: 'rep.request-rate-invalid', span: f.value, message: `Request-rate is documents/time with an optional unit s, m, h or d and an optional time range: 10/60, 20/1h, 1/5s 0600-0845. ‘${value}’ is not that.` });
      }
      return;
    }
    default:
      return;
  }
}

/**
 * What the shape of the groups says: group fields inside an ACAP record (read by conventional
 * crawlers only, Part 1 §2.9.2; a group that starts inside the record is reported once, at its
 * User-agent line, by acapRecords.ts), Robot-version not first in its group, a once-per-group
 * field repeated, fields before any User-agent line (RFC 9309 §2.2), groups without rules.
 */
export function checkGroupStructure(model: RobotsModel, out: LocatedFinding[]): void {
  const lines = model.document.lines;
  const nameAt = (i: number): Span => lines[i].field?.name ?? { start: 0, end: 0 };
  // Records and groups are both in line order: the group a line follows is found by walking.
  let g = -1;
  for (const record of model.records) {
    for (const i of record.conventional) {
      const fact = lines[i].field?.fact;
      if (!fact || fact.placement !== 'group-member') continue;
      while (g + 1 < model.groups.length && model.groups[g + 1].startLine < i) g++;
      const group = g >= 0 ? model.groups[g] : undefined;
      if (group && group.startLine > record.startLine) continue;
      const where = group ? `to the group of line ${group.startLine + 1}` : 'to no group (there is none before it)';
      out.push({ line: i, code: 'rep.rule-in-acap-record', span: nameAt(i), message: `This ${fact.name} line stands inside the ACAP record of line ${record.startLine + 1}: crawlers that read ACAP ignore it (Part 1 §2.9.2), others apply it ${where}. Move it above the ACAP records.` });
    }
  }
  for (const group of model.groups) {
    let earlierVersion = -1;
    let earlierVisit = -1;
    group.members.forEach((i, k) => {
      const fact = lines[i].field?.fact;
      if (!fact || (fact.id !== 'robot-version' && fact.id !== 'visit-time')) return;
      if (fact.id === 'robot-version' && k > 0) {
        out.push({ line: i, code: 'rep.robot-version-misplaced', span: nameAt(i), message: 'Robot-version must immediately follow the User-agent lines of its group; otherwise robots assume version 1.0.0 (robots.txt 2.0.0 proposal).' });
      }
      const earlier = fact.id === 'robot-version' ? earlierVersion : earlierVisit;
      if (earlier < 0) {
        if (fact.id === 'robot-version') earlierVersion = i;
        else earlierVisit = i;
      } else {
        out.push({ line: i, code: 'rep.duplicate-field', span: nameAt(i), message: `Only one ${fact.name} is allowed per group; line ${earlier + 1} already has one (robots.txt 2.0.0 proposal).`, related: [{ line: earlier, span: nameAt(earlier), message: `first ${fact.name}` }] });
      }
    });
  }
  for (const s of model.strays) {
    if (s.kind !== 'no-group') continue;
    const fact = lines[s.line].field?.fact;
    if (!fact) continue;
    const isRule = fact.id === 'allow' || fact.id === 'disallow';
    out.push({
      line: s.line, code: isRule ? 'rep.rule-outside-group' : 'rep.field-outside-group', span: nameAt(s.line),
      message: `${fact.name} before any User-agent line belongs to no group, so crawlers ignore it (RFC 9309 §2.2). Add a User-agent line above it.`,
    });
  }
  for (const group of model.groups) {
    if (group.members.length === 0) {
      const first = group.agents[0];
      out.push({ line: first, code: 'rep.group-without-rules', span: nameAt(first), message: 'These User-agent lines have no rule after them, so the crawlers they name may crawl everything. Add Disallow or Allow lines, or remove the group.' });
    }
  }
}

/**
 * Members of a group bucketed by rule hash: an open-addressing table of hashes (linear probing)
 * whose slots hold the first member of their bucket, each member linking to the next of its
 * bucket in ascending order. Typed arrays only, so building it for a 47,000-rule group allocates
 * a handful of arrays instead of a Map entry per rule (a Map of 47,000 keys cost ~40 ms and its
 * garbage on opening the largest real file). A slot whose bucket empties keeps its hash (the
 * probe sequences stay intact); the table is rebuilt when occupied slots pass half of it.
 * Cost: add, remove and find O(1) expected plus the bucket's length; a rebuild O(capacity).
 */
class RuleBuckets {
  private keys: Int32Array;
  private heads: Int32Array;
  /** Per member position: the next member of its bucket, or -1. */
  private readonly next: Int32Array;
  private occupied = 0;

  constructor(members: number) {
    const cap = RuleBuckets.capacityFor(members);
    this.keys = new Int32Array(cap);
    this.heads = new Int32Array(cap).fill(-1);
    this.next = new Int32Array(members).fill(-1);
  }

  private static capacityFor(n: number): number {
    let cap = 16;
    while (cap < 2 * n + 16) cap *= 2;
    return cap;
  }

  /** The slot of hash `h` (never NOT_A_RULE): where it is, or the empty slot where it goes. */
  private slot(h: number): number {
    const mask = this.keys.length - 1;
    let s = h & mask;
    while (this.keys[s] !== h && this.keys[s] !== NOT_A_RULE) s = (s + 1) & mask;
    return s;
  }

  /** First member of bucket `h`, or -1. */
  first(h: number): number {
    const s = this.slot(h);
    return this.keys[s] === h ? this.heads[s] : -1;
  }

  nextOf(k: number): number {
    return this.next[k];
  }

  /** Put member `k` in bucket `h`, in ascending order. O(bucket). */
  add(k: number, h: number): void {
    let s = this.slot(h);
    if (this.keys[s] !== h) {
      if (2 * (this.occupied + 1) > this.keys.length) {
        this.rehash();
        s = this.slot(h);
      }
      this.keys[s] = h;
      this.occupied++;
    }
    let at = this.heads[s];
    if (at < 0 || at > k) {
      this.next[k] = at;
      this.heads[s] = k;
      return;
    }
    while (this.next[at] >= 0 && this.next[at] < k) at = this.next[at];
    this.next[k] = this.next[at];
    this.next[at] = k;
  }

  /** Take member `k` out of bucket `h`. O(bucket). */
  remove(k: number, h: number): void {
    const s = this.slot(h);
    if (this.keys[s] !== h) return;
    let at = this.heads[s];
    if (at === k) this.heads[s] = this.next[k];
    else {
      while (at >= 0 && this.next[at] !== k) at = this.next[at];
      if (at >= 0) this.next[at] = this.next[k];
    }
    this.next[k] = -1;
  }

  /** Each bucket with two members or more, by its first member. O(capacity). */
  forEachCrowded(visit: (h: number) => void): void {
    for (let s = 0; s < this.keys.length; s++) {
      const head = this.heads[s];
      if (head >= 0 && this.next[head] >= 0) visit(this.keys[s]);
    }
  }

  /** The table again without the slots of emptied buckets, twice as large if still half full. */
  private rehash(): void {
    const keys = this.keys;
    const heads = this.heads;
    let live = 0;
    for (let s = 0; s < keys.length; s++) if (heads[s] >= 0) live++;
    const cap = Math.max(keys.length, RuleBuckets.capacityFor(live));
    this.keys = new Int32Array(cap);
    this.heads = new Int32Array(cap).fill(-1);
    this.occupied = 0;
    for (let s = 0; s < keys.length; s++) {
      if (heads[s] < 0) continue;
      const t = this.slot(keys[s]);
      this.keys[t] = keys[s];
      this.heads[t] = heads[s];
      this.occupied++;
    }
  }
}

/**
 * The duplicate-rule index of one group (a rule repeated in its group is dead). Rules are
 * bucketed by a hash of their kind and pattern computed from the line's characters, so building
 * the index makes no string (a Map keyed by the rule's text would flatten and hash 47,000 new
 * strings); rules of one bucket are compared character by character. For each member: its line
 * node, and the earlier member it repeats. Built once per group in O(members + characters);
 * after an edit it is patched: only members whose line node changed are re-read, and only the
 * buckets they leave or join are settled again — O(changed members × bucket size).
 */
class DuplicateIndex {
  private readonly buckets: RuleBuckets;
  private readonly nodeAt: (LineNode | undefined)[];
  private readonly hashAt: Int32Array;
  /** For each member position, the position it repeats, or -1. */
  private readonly firstOf: Int32Array;
  private readonly findingAt: (LocatedFinding | undefined)[];
  private list: LocatedFinding[] | undefined;
  /** Members indexed (the group's array when built or last moved). */
  private members: readonly number[];

  constructor(doc: RobotsDocument, group: Group) {
    const members = group.members;
    const n = members.length;
    this.members = members;
    this.nodeAt = new Array<LineNode | undefined>(n);
    this.hashAt = new Int32Array(n);
    this.firstOf = new Int32Array(n).fill(-1);
    this.findingAt = new Array<LocatedFinding | undefined>(n);
    this.buckets = new RuleBuckets(n);
    for (let k = 0; k < n; k++) {
      const node = lineAt(doc, members[k]);
      this.nodeAt[k] = node;
      this.hashAt[k] = ruleHash(node);
    }
    // Backwards, so each member goes to the head of its bucket: the buckets fill in O(members).
    for (let k = n - 1; k >= 0; k--) if (this.hashAt[k] !== NOT_A_RULE) this.buckets.add(k, this.hashAt[k]);
    const crowded: number[] = [];
    this.buckets.forEachCrowded((h) => crowded.push(h));
    this.settle(doc, group, crowded);
  }

  /** Re-read the edited lines [from, to) of `group` (the same members as before, on the same lines). */
  patch(doc: RobotsDocument, group: Group, from: number, to: number): void {
    const members = group.members;
    const touched = new Set<number>();
    const reread = new Set<number>();
    for (let k = lowerBound(members, from); k < members.length && members[k] < to; k++) if (this.reread(k, lineAt(doc, members[k]), touched)) reread.add(k);
    this.settle(doc, group, touched, reread);
    this.members = members;
  }

  /**
   * Follow a group built again with as many members (lines may have moved): members whose line
   * node is the same object are skipped after a pointer comparison; if line numbers moved, the
   * findings are written again. O(members). False (nothing changed) if the member count differs.
   */
  rebase(doc: RobotsDocument, group: Group): boolean {
    const members = group.members;
    if (members.length !== this.nodeAt.length) return false;
    const touched = new Set<number>();
    const reread = new Set<number>();
    for (let k = 0; k < members.length; k++) if (this.reread(k, lineAt(doc, members[k]), touched)) reread.add(k);
    this.settle(doc, group, touched, reread);
    let moved = false;
    for (let k = 0; k < members.length && !moved; k++) moved = members[k] !== this.members[k];
    if (moved) {
      for (let k = 0; k < members.length; k++) if (this.firstOf[k] >= 0) this.findingAt[k] = duplicateFinding(doc, group, k, this.firstOf[k]);
      this.list = undefined;
    }
    this.members = members;
    return true;
  }

  /** Member `k` is now `node`: move it between buckets; buckets to settle go in `touched`. True if the node changed. */
  private reread(k: number, node: LineNode, touched: Set<number>): boolean {
    if (node === this.nodeAt[k]) return false;
    this.nodeAt[k] = node;
    const old = this.hashAt[k];
    const h = ruleHash(node);
    this.hashAt[k] = h;
    if (old !== NOT_A_RULE) {
      this.buckets.remove(k, old);
      touched.add(old);
    }
    if (this.firstOf[k] >= 0) {
      this.firstOf[k] = -1;
      this.findingAt[k] = undefined;
      this.list = undefined;
    }
    if (h !== NOT_A_RULE) {
      this.buckets.add(k, h);
      touched.add(h);
    }
    return true;
  }

  /**
   * Which member each member of the touched buckets repeats (the first with the same rule), and
   * its finding. A finding is written again only when its member or the member it repeats was
   * re-read (an edited line may have moved its field name, which it points at) or it repeats
   * another member now; the list of findings is made again only if one changed. O(bucket sizes).
   */
  private settle(doc: RobotsDocument, group: Group, touched: Iterable<number>, reread?: ReadonlySet<number>): void {
    for (const h of touched) {
      const firsts: number[] = [];
      for (let k = this.buckets.first(h); k >= 0; k = this.buckets.nextOf(k)) {
        let first = -1;
        for (const f of firsts) {
          if (sameRule(this.nodeAt[f]!, this.nodeAt[k]!)) {
            first = f;
            break;
          }
        }
        if (first < 0) firsts.push(k);
        const kept = first === this.firstOf[k] && (first < 0 || (this.findingAt[k] !== undefined && !reread?.has(k) && !reread?.has(first)));
        if (kept) continue;
        this.firstOf[k] = first;
        this.findingAt[k] = first < 0 ? undefined : duplicateFinding(doc, group, k, first);
        this.list = undefined;
      }
    }
  }

  /** The findings, in member order. */
  findings(): readonly LocatedFinding[] {
    if (!this.list) {
      const list: LocatedFinding[] = [];
      for (const f of this.findingAt) if (f) list.push(f);
      this.list = list;
    }
    return this.list;
  }
}

const NOT_A_RULE = 0;

/** FNV-1a of a rule's kind and pattern, read from the line's characters, in 30 bits; never NOT_A_RULE for a rule. O(pattern). */
function ruleHash(line: LineNode): number {
  const d = line.directive;
  if (d.kind !== 'rule') return NOT_A_RULE;
  const text = line.text;
  let h = (d.allow ? 0x811c9dc5 : 0x050c5d1f) | 0; // int32, as Math.imul returns and Int32Array keeps
  for (let i = d.pattern.start; i < d.pattern.end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  // Folded to 30 bits: a small integer (Smi) as a Map key, where a full int32 would be boxed as a
  // heap number for half the rules (an allocation each, on opening a 47,000-rule group).
  h = (h ^ (h >>> 30)) & 0x3fffffff;
  return h === NOT_A_RULE ? 1 : h;
}

/** Whether two rule lines say the same (kind and pattern, as `key` defines it). O(pattern). */
function sameRule(a: LineNode, b: LineNode): boolean {
  const da = a.directive;
  const db = b.directive;
  if (da.kind !== 'rule' || db.kind !== 'rule' || da.allow !== db.allow) return false;
  const n = da.pattern.end - da.pattern.start;
  if (n !== db.pattern.end - db.pattern.start) return false;
  for (let i = 0; i < n; i++) if (a.text.charCodeAt(da.pattern.start + i) !== b.text.charCodeAt(db.pattern.start + i)) return false;
  return true;
}

function duplicateFinding(doc: RobotsDocument, g: Group, k: number, first: number): LocatedFinding {
  const i = g.members[k];
  const prev = g.members[first];
  const span = lineAt(doc, i).field?.name ?? { start: 0, end: 0 };
  return new DuplicateRuleFinding(i, span, prev, lineAt(doc, prev).field?.name ?? span);
}

/**
 * A repeated rule's finding, whose message and related line are written when read. The largest
 * real file has 4,486 of them and shows the first 100 (the hint cap, validation.ts): writing
 * every message and related list on opening cost ~10% of its validation. O(1) to make.
 */
const DUPLICATE_RULE = { code: 'rep.duplicate-rule' } as const;

class DuplicateRuleFinding implements LocatedFinding {
  readonly code = DUPLICATE_RULE.code;
  constructor(readonly line: number, readonly span: Span, private readonly prev: number, private readonly prevSpan: Span) {}

  get message(): string {
    return `Line ${this.prev + 1} already has this rule in the same group; this line can be removed.`;
  }

  get related(): readonly RelatedLine[] {
    return [{ line: this.prev, span: this.prevSpan, message: 'the same rule' }];
  }
}

/**
 * Each group's duplicate index, owned by the group object of the latest version analysed: an
 * untouched group is the same object in the next version; an edited one hands its index over
 * to its copy (so re-validating an old version rebuilds its own, never reads a patched one).
 */
const duplicateIndexes = new WeakMap<Group, DuplicateIndex>();

/**
 * `list` appended to `out` in slices of at most 8,192 (an argument list's size): the array grows
 * once per slice instead of doubling as 4,486 findings are pushed one by one on every keystroke
 * (100 KB of garbage each time on the largest real file). O(list).
 */
function appendAll<T>(out: T[], list: readonly T[]): void {
  if (list.length <= 8192) out.push(...list);
  else for (let k = 0; k < list.length; k += 8192) out.push(...list.slice(k, k + 8192));
}

/**
 * The rules repeated in their group, one run per group with any, in group order, each run in line
 * order: the groups' indexes' own lists (read-only), kept across versions. O(groups + members
 * edited since the last call).
 */
export function duplicateRuleRuns(model: RobotsModel): readonly (readonly LocatedFinding[])[] {
  // Lines are read one by one (lineAt): a version after an edit never makes its lines array here.
  const doc = model.document;
  const lin = modelLineage(model);
  const runs: (readonly LocatedFinding[])[] = [];
  model.groups.forEach((g, gi) => {
    if (g.members.length < 2) return;
    let index = duplicateIndexes.get(g);
    if (!index && lin) {
      const old = lin.previous.groups[gi];
      index = old === undefined ? undefined : duplicateIndexes.get(old);
      if (index && !lin.rebuilt) index.patch(doc, g, lin.from, lin.to);
      // A rebuilt model (a line added or removed): the index follows if the group has as many members.
      else if (index && !index.rebase(doc, g)) index = undefined;
      if (index) duplicateIndexes.delete(old);
    }
    if (!index) index = new DuplicateIndex(doc, g);
    duplicateIndexes.set(g, index);
    const run = index.findings();
    if (run.length) runs.push(run);
  });
  return runs;
}

/** Rules repeated in their group, every one (a validation that caps hints reads duplicateRuleRuns). */
export function checkDuplicateRules(model: RobotsModel, out: LocatedFinding[]): void {
  for (const run of duplicateRuleRuns(model)) appendAll(out, run);
}

/**
 * The choices for a User-agent value that is not a product token and whose shortening would
 * address another crawler (`Mail.RU_Bot`, `The Intraformant`): Google's reading, and the crawlers
 * a whole User-Agent string names. None is preferred: which crawler the group is for is the
 * publisher's choice (RFC 9309 §2.2.1). Linear in the value's length.
 */
function productTokenChoices(doc: RobotsDocument, d: Diagnostic): CodeAction[] {
  const node = doc.lines[d.range.start.line];
  const value = node.text.slice(d.range.start.character, d.range.end.character);
  const out: CodeAction[] = [];
  const seen = new Set<string>();
  const offer = (token: string, title: string): void => {
    if (!token || seen.has(token.toLowerCase())) return;
    seen.add(token.toLowerCase());
    out.push(action(title, doc, d, [{ range: d.range, newText: token }], false));
  };
  // A whole User-Agent string: `… (compatible; Googlebot/2.1; +http://…)` names Googlebot.
  for (const m of value.matchAll(/(?:^|[\s;(])([A-Za-z][A-Za-z_-]*)\/\d/g)) {
    if (!BROWSER_PRODUCTS.has(m[1].toLowerCase())) offer(m[1], `Write ‘${m[1]}’, the crawler this User-Agent string names`);
  }
  // `Mozilla/5.0 (compatible; Google-Podcast)`: the crawler named without a version of its own.
  const named = compatibleCrawler(value);
  if (named) offer(named, `Write ‘${named}’, the crawler this User-Agent string names`);
  const google = googleProductToken(value);
  if (!BROWSER_PRODUCTS.has(google.toLowerCase())) offer(google, `Write ‘${google}’ as Google reads it (another crawler's token)`);
  return out;
}

/** Drop the version when that is all there is to fix; otherwise offer the crawlers it could mean. */
const productTokenFix: Fix = (doc, d) =>
  (d.data as DiagnosticData | undefined)?.replacement === undefined
    ? productTokenChoices(doc, d)
    : replaceWith((r) => `Write the product token ‘${r}’ (drop the version)`)(doc, d);

const addUserAgent = insertAbove('Add ‘User-agent: *’ above', 'User-agent: *');

export const topic: Topic = {
  topic: 'groups and agents',
  rules: [
    { codes: ['rep.empty-user-agent', 'rep.product-token-digits', 'rep.invalid-product-token'], stage: 'line', check: checkUserAgent, fixes: { 'rep.invalid-product-token': productTokenFix } },
    { codes: ['rep.robot-version-invalid', 'rep.robot-version-experimental', 'rep.visit-time-invalid', 'rep.request-rate-invalid'], stage: 'line', check: checkGroupField },
    {
      codes: ['rep.rule-in-acap-record', 'rep.robot-version-misplaced', 'rep.duplicate-field', 'rep.rule-outside-group', 'rep.field-outside-group', 'rep.group-without-rules'], stage: 'structure', check: checkGroupStructure,
      fixes: { 'rep.rule-outside-group': addUserAgent, 'rep.field-outside-group': addUserAgent },
    },
    { codes: ['rep.duplicate-rule'], stage: 'document', check: checkDuplicateRules, fixes: { 'rep.duplicate-rule': removeLine } },
  ],
};
