/**
 * Groups and agents (RFC 9309 §2.1, §2.2): User-agent values and product tokens, the fields a
 * group may hold once (Robot-version, Visit-time, robots.txt 2.0.0 proposal) and their values,
 * lines that belong to no group or stand inside an ACAP record (Part 1 §2.9.2), groups without
 * rules, and rules repeated in one group. Line checks read one line (O(n) in its length); the
 * structure check reads the model (O(records' conventional lines + groups' members + strays));
 * the duplicate-rule index is kept per group across versions (see DuplicateIndex).
 */
import type { Diagnostic, CodeAction } from 'vscode-languageserver-types';
import type { Finding, FindingRun, LocatedFinding, RelatedLine } from '../../syntax/findings';
import { modelLineage, type Group, type RobotsModel } from '../../model/model';
import { lineAt, type RobotsDocument } from '../../syntax/document';
import { lowerBound, nonNegativeAt, sameMoved } from '../../syntax/numbers';
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
  // Lines are read one by one, and of each group only the fields it may hold once (the model
  // lists them): on a group of 47,000 rules a pass over every member, and the version's line
  // array it read, took 1 ms of each line added or removed.
  const doc = model.document;
  const nameAt = (i: number): Span => lineAt(doc, i).field?.name ?? { start: 0, end: 0 };
  // Records and groups are both in line order: the group a line follows is found by walking.
  let g = -1;
  for (const record of model.records) {
    for (const i of record.conventional) {
      const fact = lineAt(doc, i).field?.fact;
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
    for (const i of group.onceFields) {
      const fact = lineAt(doc, i).field!.fact!;
      if (fact.id === 'robot-version' && i !== group.members[0]) {
        out.push({ line: i, code: 'rep.robot-version-misplaced', span: nameAt(i), message: 'Robot-version must immediately follow the User-agent lines of its group; otherwise robots assume version 1.0.0 (robots.txt 2.0.0 proposal).' });
      }
      const earlier = fact.id === 'robot-version' ? earlierVersion : earlierVisit;
      if (earlier < 0) {
        if (fact.id === 'robot-version') earlierVersion = i;
        else earlierVisit = i;
      } else {
        out.push({ line: i, code: 'rep.duplicate-field', span: nameAt(i), message: `Only one ${fact.name} is allowed per group; line ${earlier + 1} already has one (robots.txt 2.0.0 proposal).`, related: [{ line: earlier, span: nameAt(earlier), message: `first ${fact.name}` }] });
      }
    }
  }
  for (const s of model.strays) {
    if (s.kind !== 'no-group') continue;
    const fact = lineAt(doc, s.line).field?.fact;
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
 * Members of a group bucketed by rule id (RuleIds, dense from 1): per id the first member of its
 * bucket, and per member the next member of its bucket in ascending order, or -1. Typed arrays
 * only, so a 47,000-rule group needs a handful of arrays beside the id map. Cost: `build`
 * O(members + ids); `first` O(1); `add` and `remove` O(bucket), with the table grown by doubling.
 */
class RuleBuckets {
  private heads: Int32Array;
  /** Per member position: the next member of its bucket, or -1. */
  private readonly next: Int32Array;

  private constructor(members: number, ids: number) {
    this.heads = new Int32Array(ids).fill(-1);
    this.next = new Int32Array(members).fill(-1);
  }

  /**
   * The buckets of members whose rule ids are `idAt` (NOT_A_RULE for a member that is no rule),
   * every id below `ids`; for each member after the first of its bucket, `firstOf` gets that
   * first. One pass over typed arrays: O(members + ids).
   */
  static build(idAt: Int32Array, ids: number, firstOf: Int32Array): RuleBuckets {
    const out = new RuleBuckets(idAt.length, ids);
    const heads = out.heads;
    const next = out.next;
    const tails = new Int32Array(ids).fill(-1);
    for (let k = 0; k < idAt.length; k++) {
      const id = idAt[k];
      if (id === NOT_A_RULE) continue;
      const tail = tails[id];
      if (tail < 0) heads[id] = k;
      else {
        next[tail] = k;
        firstOf[k] = heads[id];
      }
      tails[id] = k;
    }
    return out;
  }

  /** First member of bucket `id`, or -1. */
  first(id: number): number {
    return id < this.heads.length ? this.heads[id] : -1;
  }

  nextOf(k: number): number {
    return this.next[k];
  }

  /** Put member `k` in bucket `id`, in ascending order. O(bucket). */
  add(k: number, id: number): void {
    this.reserve(id);
    let at = this.heads[id];
    if (at < 0 || at > k) {
      this.next[k] = at;
      this.heads[id] = k;
      return;
    }
    while (this.next[at] >= 0 && this.next[at] < k) at = this.next[at];
    this.next[k] = this.next[at];
    this.next[at] = k;
  }

  /** Take member `k` out of bucket `id`. O(bucket). */
  remove(k: number, id: number): void {
    if (id >= this.heads.length) return;
    let at = this.heads[id];
    if (at === k) this.heads[id] = this.next[k];
    else {
      while (at >= 0 && this.next[at] !== k) at = this.next[at];
      if (at >= 0) this.next[at] = this.next[k];
    }
    this.next[k] = -1;
  }

  /** Room for bucket `id`: the table doubled (or more) when it lies past it. Amortised O(1). */
  private reserve(id: number): void {
    if (id < this.heads.length) return;
    const grown = new Int32Array(Math.max(2 * this.heads.length, id + 1)).fill(-1);
    grown.set(this.heads);
    this.heads = grown;
  }
}

/**
 * Where the members `old` of a group, after lines [from, oldTo) became [from, to), stand in its
 * members now: those before the edited lines are the same, those after them moved by
 * `to - oldTo`, and the ones on the edited lines are old[a, b) and members[a, d). Undefined when
 * the members outside the edited lines are not `old`'s so moved. O(members) integer comparisons.
 */
function movedAround(old: readonly number[], members: readonly number[], from: number, to: number, oldTo: number): { readonly a: number; readonly b: number; readonly d: number } | undefined {
  const delta = to - oldTo;
  const a = lowerBound(old, from);
  const b = lowerBound(old, oldTo);
  const d = lowerBound(members, to);
  if (lowerBound(members, from) !== a || old.length - b !== members.length - d) return undefined;
  if (!sameMoved(old, 0, a, members, 0, 0) || !sameMoved(old, b, old.length, members, d, delta)) return undefined;
  return { a, b, d };
}

/**
 * What a DuplicateIndex takes from the previous version's index of its group (`moved`): every
 * member's line node and rule id, the id map, and the findings of the members before the edited
 * lines (`before` of them), which keep their lines and the members they repeat.
 */
interface Carried {
  readonly ids: RuleIds;
  readonly nodeAt: (LineNode | undefined)[];
  readonly idAt: Int32Array;
  readonly kept: { readonly findingAt: readonly (DuplicateRuleFinding | undefined)[]; readonly before: number };
}

/**
 * The duplicate-rule index of one group (a rule repeated in its group is dead). Each member's
 * rule is interned to an id (RuleIds), so equal ids are equal rules, and members are bucketed by
 * id. For each member: its line node, and the earlier member it repeats. Built once per group in
 * O(members + characters); after an edit it is patched: only members whose line node changed
 * are re-read, and only the buckets they leave or join are settled again — O(changed members ×
 * bucket size). A finding is made when it is read (`findings`): a validation that shows the first
 * hundred of a file's 4,486 repeated rules makes those, and a line added above them all no longer
 * writes 4,486 findings again for their new line numbers.
 */
class DuplicateIndex {
  private readonly buckets: RuleBuckets;
  private readonly ids: RuleIds;
  private readonly nodeAt: (LineNode | undefined)[];
  private readonly idAt: Int32Array;
  /** For each member position, the position it repeats, or -1. */
  private readonly firstOf: Int32Array;
  /**
   * Findings made so far, by member position. One made before lines moved is out of date, which
   * `findingOf` sees (its line or the line it repeats is not the member's now) and makes again.
   */
  private readonly findingAt: (DuplicateRuleFinding | undefined)[];
  /** The positions of the members that repeat another, in order; undefined once one changed. */
  private repeats: Int32Array | undefined;
  /**
   * The group indexed (when built, patched or moved): its members are the ones indexed, and a
   * finding is made from their lines and `nodeAt`. No document is held: an index outlives the
   * version it was last patched in as long as its group is carried over untouched, and each
   * group's index held that version alive, with every analysis of it (a generated 1 MB file of
   * 2,000 groups, typed in and hovered a few hundred times, kept 50 versions and 53 MB more).
   */
  private group: Group;

  /**
   * `carried`: the line node and rule id of every member, taken from the previous version's
   * index of this group for the members an edit left alone (see `moved`), with its id map, so no
   * rule of theirs is interned (hashed) again. Without it every member's line is read.
   */
  constructor(doc: RobotsDocument, group: Group, carried?: Carried) {
    const members = group.members;
    const n = members.length;
    this.group = group;
    if (carried) {
      this.ids = carried.ids;
      this.nodeAt = carried.nodeAt;
      this.idAt = carried.idAt;
    } else {
      this.ids = new RuleIds();
      this.nodeAt = new Array<LineNode | undefined>(n);
      this.idAt = new Int32Array(n);
      for (let k = 0; k < n; k++) {
        const node = lineAt(doc, members[k]);
        this.nodeAt[k] = node;
        this.idAt[k] = this.ids.of(node);
      }
    }
    // In member order, so each member ends its bucket and repeats the bucket's first: O(members).
    this.firstOf = new Int32Array(n).fill(-1);
    this.buckets = RuleBuckets.build(this.idAt, this.ids.size + 1, this.firstOf);
    this.findingAt = new Array<DuplicateRuleFinding | undefined>(n);
    // The previous index's findings of the members before the edited lines, which keep their
    // positions (findingOf checks that each still says the same before it is read).
    const kept = carried?.kept;
    if (kept) for (let k = 0; k < kept.before; k++) if (this.firstOf[k] >= 0) this.findingAt[k] = kept.findingAt[k];
  }

  /**
   * Re-read the edited lines [from, to) of `group` (the same members as before, on the same
   * lines). False, with nothing done, once the id map holds more than twice the group's rules
   * plus 1,024 (patterns edited away stay in it): the caller builds the index again, which keeps
   * its memory linear in the group over any number of edits.
   */
  patch(doc: RobotsDocument, group: Group, from: number, to: number): boolean {
    if (this.ids.size > 2 * this.nodeAt.length + 1024) return false;
    const members = group.members;
    const touched = new Set<number>();
    const reread = new Set<number>();
    for (let k = lowerBound(members, from); k < members.length && members[k] < to; k++) if (this.reread(k, lineAt(doc, members[k]), touched)) reread.add(k);
    this.settle(touched, reread);
    this.group = group;
    return true;
  }

  /**
   * Follow a group built again with as many members, after lines [from, oldTo) of the previous
   * version became [from, to) (a rebuilt model's lineage). When the members outside those lines
   * are this index's, those after them moved by the same count, only the members on the edited
   * lines are read again; otherwise every member's line node is compared with the one indexed.
   * Findings whose lines moved are made again when read. O(members) integer comparisons +
   * O(edited members) otherwise: reading every member's line again took most of a millisecond of
   * each line added or removed in a group of 47,000 rules. False (nothing changed) if the member
   * count differs.
   */
  rebase(doc: RobotsDocument, group: Group, from: number, to: number, oldTo: number): boolean {
    const members = group.members;
    if (members.length !== this.nodeAt.length || this.ids.size > 2 * members.length + 1024) return false;
    const old = this.group.members;
    const region = movedAround(old, members, from, to, oldTo);
    const touched = new Set<number>();
    const reread = new Set<number>();
    for (let k = region?.a ?? 0, end = region?.d ?? members.length; k < end; k++) if (this.reread(k, lineAt(doc, members[k]), touched)) reread.add(k);
    this.settle(touched, reread);
    this.group = group;
    return true;
  }

  /**
   * The index of `group` built again after lines were added or removed in [from, oldTo) of the
   * previous version, now [from, to) (a rebuilt model's lineage), from this index of the same
   * group: members outside the region keep their line node and rule id, those in it are read.
   * Undefined when `group`'s members outside the region are not this index's moved, or when the
   * id map has grown past its bound. O(members + region), no rule of the rest hashed again.
   */
  moved(doc: RobotsDocument, group: Group, from: number, to: number, oldTo: number): DuplicateIndex | undefined {
    const members = group.members;
    if (this.ids.size > 2 * members.length + 1024) return undefined;
    const around = movedAround(this.group.members, members, from, to, oldTo);
    if (!around) return undefined;
    const { a, b, d } = around;
    // Nodes outside the region are the very ones of the previous version (the edit replaced the
    // region only): copied in blocks, natively; only the region's lines are read and interned.
    const region: (LineNode | undefined)[] = [];
    for (let k = a; k < d; k++) region.push(lineAt(doc, members[k]));
    const nodeAt = this.nodeAt.slice(0, a).concat(region, this.nodeAt.slice(b));
    const idAt = new Int32Array(members.length);
    idAt.set(this.idAt.subarray(0, a), 0);
    for (let k = a; k < d; k++) idAt[k] = this.ids.of(nodeAt[k]!);
    idAt.set(this.idAt.subarray(b), d);
    return new DuplicateIndex(doc, group, { ids: this.ids, nodeAt, idAt, kept: { findingAt: this.findingAt, before: a } });
  }

  /** Member `k` is now `node`: move it between buckets; buckets to settle go in `touched`. True if the node changed. */
  private reread(k: number, node: LineNode, touched: Set<number>): boolean {
    if (node === this.nodeAt[k]) return false;
    this.nodeAt[k] = node;
    const old = this.idAt[k];
    const h = this.ids.of(node);
    this.idAt[k] = h;
    if (old !== NOT_A_RULE) {
      this.buckets.remove(k, old);
      touched.add(old);
    }
    if (this.firstOf[k] >= 0) {
      this.firstOf[k] = -1;
      this.findingAt[k] = undefined;
      this.repeats = undefined;
    }
    if (h !== NOT_A_RULE) {
      this.buckets.add(k, h);
      touched.add(h);
    }
    return true;
  }

  /**
   * Which member each member of the touched buckets repeats (the bucket's first: a bucket holds
   * one rule). A finding made is dropped (made again when read) when its member or the member it
   * repeats was re-read (an edited line may have moved its field name, which it points at) or it
   * repeats another member now; the positions of the repeats are listed again only if one came or
   * went. O(bucket sizes).
   */
  private settle(touched: Iterable<number>, reread: ReadonlySet<number>): void {
    for (const h of touched) {
      const head = this.buckets.first(h);
      for (let k = head; k >= 0; k = this.buckets.nextOf(k)) {
        const first = k === head ? -1 : head;
        if (first === this.firstOf[k]) {
          if (first >= 0 && (reread.has(k) || reread.has(first))) this.findingAt[k] = undefined;
          continue;
        }
        if ((first < 0) !== (this.firstOf[k] < 0)) this.repeats = undefined;
        this.firstOf[k] = first;
        this.findingAt[k] = undefined;
      }
    }
  }

  /** The finding of member position `k`, which repeats another: made now unless made for its present lines. O(1). */
  private findingOf(k: number): DuplicateRuleFinding {
    const first = this.firstOf[k];
    const f = this.findingAt[k];
    const members = this.group.members;
    if (f && f.line === members[k] && f.prev === members[first]) return f;
    return (this.findingAt[k] = duplicateFinding(this.nodeAt, members, k, first));
  }

  /**
   * The findings in member order, each made when read. The positions of the repeats are listed
   * once after they change, O(members) over integers; reading k findings is O(k).
   */
  findings(): FindingRun {
    const list = (this.repeats ??= nonNegativeAt(this.firstOf));
    return { length: list.length, at: (k) => this.findingOf(list[k]) };
  }
}

const NOT_A_RULE = 0;

/**
 * Rules interned to small integers, never NOT_A_RULE, by one Map keyed by the rule written as
 * `Allow: ` or `Disallow: ` and its pattern. A line written that way (nearly every rule line of a
 * large file) is its own key: no string is made, and V8 hashes the line's text in native code
 * once, keeping the hash with it for the next index of the same line; any other spelling is
 * keyed by that form made from its pattern. On opening the largest real file (47,000 rules in
 * one group), in a cold process: a hash computed in JavaScript character by character took 28–39
 * ms for the index (an earlier session's figures); keyed by a slice of each pattern, 47,000 more
 * strings to keep, the first validation took 38–43 ms, and 36–41 ms keyed this way (six
 * processes each, alternating). O(line) per rule.
 */
class RuleIds {
  private readonly ids = new Map<string, number>();

  get size(): number {
    return this.ids.size;
  }

  of(line: LineNode): number {
    const d = line.directive;
    if (d.kind !== 'rule') return NOT_A_RULE;
    const head = d.allow ? 'Allow: ' : 'Disallow: ';
    const text = line.text;
    const key = d.pattern.start === head.length && d.pattern.end === text.length && text.startsWith(head) ? text : head + text.slice(d.pattern.start, d.pattern.end);
    let id = this.ids.get(key);
    if (id === undefined) this.ids.set(key, (id = this.ids.size + 1));
    return id;
  }
}

/** Member `k`'s finding, which repeats member `first`: their lines, and their field names in the nodes indexed (the lines' now). */
function duplicateFinding(nodeAt: readonly (LineNode | undefined)[], members: readonly number[], k: number, first: number): DuplicateRuleFinding {
  const span = nodeAt[k]?.field?.name ?? { start: 0, end: 0 };
  return new DuplicateRuleFinding(members[k], span, members[first], nodeAt[first]?.field?.name ?? span);
}

/**
 * A repeated rule's finding, whose message and related line are written when read. The largest
 * real file has 4,486 of them and shows the first 100 (the hint cap, validation.ts): writing
 * every message and related list on opening cost ~10% of its validation. O(1) to make.
 */
const DUPLICATE_RULE = { code: 'rep.duplicate-rule' } as const;

class DuplicateRuleFinding implements LocatedFinding {
  readonly code = DUPLICATE_RULE.code;
  /** `prev`: the line of the member this one repeats. */
  constructor(readonly line: number, readonly span: Span, readonly prev: number, private readonly prevSpan: Span) {}

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
 * The rules repeated in their group, one run per group with any, in group order, each run in line
 * order: the groups' indexes' own lists (read-only), kept across versions. O(groups + members
 * edited since the last call).
 */
export function duplicateRuleRuns(model: RobotsModel): readonly FindingRun[] {
  // Lines are read one by one (lineAt): a version after an edit never makes its lines array here.
  const doc = model.document;
  const lin = modelLineage(model);
  const runs: FindingRun[] = [];
  model.groups.forEach((g, gi) => {
    if (g.members.length < 2) return;
    let index = duplicateIndexes.get(g);
    if (!index && lin) {
      const old = lin.previous.groups[gi];
      index = old === undefined ? undefined : duplicateIndexes.get(old);
      // A rebuilt model (a line added or removed): the index follows if the group has as many
      // members, else it is made again from it (moved) without interning its rules again.
      if (index && !(lin.rebuilt ? index.rebase(doc, g, lin.from, lin.to, lin.oldTo) : index.patch(doc, g, lin.from, lin.to))) index = lin.rebuilt ? index.moved(doc, g, lin.from, lin.to, lin.oldTo) : undefined;
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
  for (const run of duplicateRuleRuns(model)) for (let k = 0; k < run.length; k++) out.push(run.at(k));
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
