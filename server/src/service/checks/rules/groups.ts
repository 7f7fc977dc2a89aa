/**
 * Rules that relate lines to each other: references to definitions (Part 1 §2.4.4, §2.7),
 * contradictory or repeated fields in a record (§2.4.5), repeated rules in a group, the version
 * comment (§2.9.3) and the 500 KiB parse limit (RFC 9309 §2.5).
 */
import { PARSE_LIMIT_BYTES, RESOURCE_SET_PREFIX } from '../facts/facts';
import { closest, didYouMean } from '../facts/suggest';
import type { UsageRef } from '../syntax/directives';
import type { LocatedFinding } from '../syntax/findings';
import { getModel, modelLineage, nameSpan, type AcapRecord, type Group, type RobotsModel } from '../model/model';
import type { RobotsDocument } from '../syntax/document';
import type { LineNode } from '../syntax/syntax';
import { referencingDocuments, type WorkspaceContext } from '../syntax/workspace';

/** The workspace gives the files that refer to this one: their definitions count here (Part 1 §2.4.1.3). */
export function crossChecks(model: RobotsModel, ctx: WorkspaceContext = {}): LocatedFinding[] {
  const out: LocatedFinding[] = [];
  checkReferences(model, out, definedElsewhere(model.document, ctx));
  checkRecords(model, out);
  checkGroups(model, out);
  checkVersion(model, out);
  checkSize(model, out);
  return out;
}

type Elsewhere = (kind: 'set' | 'usage', name: string) => boolean;

/** Whether a file referring to this one defines the name (its models are built once, on first need). */
function definedElsewhere(doc: RobotsDocument, ctx: WorkspaceContext): Elsewhere {
  let models: RobotsModel[] | undefined;
  return (kind, name) => {
    // Asked for only when a name is not defined in this file.
    models ??= referencingDocuments(ctx.workspace, doc).map((d) => getModel(d));
    return models.some((m) => (kind === 'set' ? m.resourceSets : m.localUsages).has(name));
  };
}

function checkLocalRef(model: RobotsModel, lineNo: number, usage: UsageRef, inComposite: boolean, out: LocatedFinding[], elsewhere: Elsewhere): void {
  if (!usage.local || usage.unclosed || !usage.name) return;
  const lines = model.document.lines;
  const def = model.localUsages.get(usage.name);
  // A composite's members must be defined in the same file (Part 1 §2.7.2, ABNF note); a
  // permission may use a usage defined in a file that refers to this one (§2.4.1.3).
  if (!def && !inComposite && elsewhere('usage', usage.name)) return;
  if (!def) {
    const late = model.definitions.find((d) => d.misplaced && d.kind !== 'resource-set' && d.name === usage.name);
    // A typo of a name this file defines (O(names) short distances).
    const near = late ? undefined : closest(usage.name, model.localUsages.keys());
    out.push({
      ...(near ? { replacement: near } : {}),
      line: lineNo, code: 'acap.undefined-local-usage', span: usage.nameSpan,
      message: late
        ? `‘${usage.name}’ is defined on line ${late.line + 1}, after the first ACAP record, where crawlers ignore definitions (Part 1 §2.7). Move that definition above the records.`
        : near
          ? `No qualified or composite usage named ‘${usage.name}’ is defined in this file (Part 1 §2.4.1.3).${didYouMean(near)}`
          : `No qualified or composite usage named ‘${usage.name}’ is defined in this file (Part 1 §2.4.1.3). Define it with ACAP-qualified-usage or ACAP-composite-usage above the first ACAP record.`,
      ...(late ? { related: [{ line: late.line, span: nameSpan(lines[late.line]), message: 'defined here, too late' }] } : {}),
    });
    return;
  }
  if (!inComposite) return;
  if (def.kind !== 'qualified-usage') {
    out.push({ line: lineNo, code: 'acap.composite-member-not-qualified', span: usage.span, message: `‘${usage.name}’ is a composite usage; a composite usage may only list standard usage types and qualified usages (Part 1 §2.7.2, ABNF note).`, related: [{ line: def.line, span: nameSpan(lines[def.line]), message: 'defined here' }] });
  } else if (def.line > lineNo) {
    out.push({ line: lineNo, code: 'acap.definition-order', span: usage.span, message: `‘${usage.name}’ is defined later, on line ${def.line + 1}; a definition must come after the definitions it relies on (Part 1 §2.7). Move that line above this one.`, related: [{ line: def.line, span: nameSpan(lines[def.line]), message: 'defined here' }] });
  }
}

function checkReferences(model: RobotsModel, out: LocatedFinding[], elsewhere: Elsewhere): void {
  const lines = model.document.lines;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const d = line.directive;
    if (d.kind === 'acap-permission') {
      if (d.usage) checkLocalRef(model, i, d.usage, false, out, elsewhere);
      if (d.resource) {
        const spec = line.text.slice(d.resource.start, d.resource.end);
        if (spec.toLowerCase().startsWith(RESOURCE_SET_PREFIX)) {
          const name = spec.slice(RESOURCE_SET_PREFIX.length).toLowerCase();
          if (name && !model.resourceSets.has(name) && !elsewhere('set', name)) {
            const late = model.definitions.find((x) => x.misplaced && x.kind === 'resource-set' && x.name === name);
            const near = late ? undefined : closest(name, model.resourceSets.keys());
            out.push({
              ...(near ? { replacement: near } : {}),
              line: i, code: 'acap.undefined-resource-set', span: { start: d.resource.start + RESOURCE_SET_PREFIX.length, end: d.resource.end },
              message: late
                ? `‘${name}’ is defined on line ${late.line + 1}, after the first ACAP record, where crawlers ignore definitions (Part 1 §2.7), so this field matches nothing. Move that definition above the records.`
                : near
                  ? `No resource set named ‘${name}’ is defined in this file (Part 1 §2.4.4).${didYouMean(near)}`
                  : `No resource set named ‘${name}’ is defined in this file (Part 1 §2.4.4). Define it with ‘ACAP-resource-set: ${name} /path/ …’ above the first ACAP record.`,
              ...(late ? { related: [{ line: late.line, span: nameSpan(lines[late.line]), message: 'defined here, too late' }] } : {}),
            });
          }
        }
      }
    } else if (d.kind === 'acap-composite-usage') {
      for (const m of d.members) checkLocalRef(model, i, m, true, out, elsewhere);
    }
  }
}

/** Allow and disallow of one usage for one pattern in one record section (Part 1 §2.4.5, last paragraph). */
function checkSection(lines: readonly LineNode[], fieldLines: readonly number[], out: LocatedFinding[]): void {
  const seen = new Map<string, number>();
  for (const i of fieldLines) {
    const d = lines[i].directive;
    if (d.kind !== 'acap-permission' || !d.usage || d.usage.local || !d.resource) continue;
    const pattern = lines[i].text.slice(d.resource.start, d.resource.end).toLowerCase();
    const key = `${d.usage.name} ${pattern}`;
    const text = lines[i].text;
    const qualifiers = d.qualifiers.map((q) => (q.value ? `${text.slice(q.name.start, q.name.end)}=${text.slice(q.value.start, q.value.end)}` : text.slice(q.span.start, q.span.end)).toLowerCase()).sort().join(' ');
    const self = `${d.allow ? 'allow' : 'disallow'} ${qualifiers}`;
    const prev = seen.get(`${key} ${d.allow ? 'disallow' : 'allow'}`);
    const span = lines[i].field?.name ?? { start: 0, end: 0 };
    if (prev !== undefined) {
      out.push({
        line: i, code: 'acap.contradictory-fields', span,
        message: `Line ${prev + 1} ${d.allow ? 'prohibits' : 'permits'} ${d.usage.name} for the same pattern; with equal patterns a crawler cannot choose, so the usage is prohibited (Part 1 §2.4.5). Remove one of the two.`,
        related: [{ line: prev, span: lines[prev].field?.name ?? span, message: 'the opposite field' }],
      });
    }
    const dup = seen.get(`${key} ${self}`);
    if (dup !== undefined) {
      out.push({ line: i, code: 'acap.duplicate-field', span, message: `Line ${dup + 1} already says the same; this line can be removed.`, related: [{ line: dup, span: lines[dup].field?.name ?? span, message: 'the same field' }] });
    }
    seen.set(`${key} ${d.allow ? 'allow' : 'disallow'}`, i);
    seen.set(`${key} ${self}`, i);
  }
}

/**
 * A record's findings, kept per record object: a version carried over from the previous one
 * shares every record the edit did not touch (getModel), so only the edited record is checked
 * again. O(fields of the changed records) per edit.
 */
const recordMemos = new WeakMap<AcapRecord, readonly LocatedFinding[]>();

function recordFindings(lines: readonly LineNode[], r: AcapRecord): readonly LocatedFinding[] {
  const known = recordMemos.get(r);
  if (known) return known;
  const out: LocatedFinding[] = [];
  const names = r.crawlers.map((c) => lines[c].text.slice(lines[c].field?.value.start ?? 0, lines[c].field?.value.end ?? 0));
  if (names.length > 1 && names.includes('*')) {
    const at = r.crawlers[names.indexOf('*')];
    out.push({
      line: at, code: 'acap.star-with-named-crawler', span: lines[at].field?.value ?? { start: 0, end: 0 },
      message: names.every((n) => n === '*')
        ? 'ACAP-crawler: * appears more than once in this record; keep one (Part 1 §2.3.1).'
        : 'ACAP-crawler: * must be the only crawler of its record (Part 1 §2.3.1). Give the named crawlers a record of their own.',
    });
  }
  checkSection(lines, r.general, out);
  for (const s of r.subRecords) checkSection(lines, s.fields, out);
  recordMemos.set(r, out);
  return out;
}

function checkRecords(model: RobotsModel, out: LocatedFinding[]): void {
  const lines = model.document.lines;
  for (const r of model.records) for (const f of recordFindings(lines, r)) out.push(f);
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
  /** Member positions per hash, ascending; a lone position is stored as a number (no array per rule). */
  private readonly buckets = new Map<number, number | number[]>();
  private readonly nodeAt: (LineNode | undefined)[];
  private readonly hashAt: Int32Array;
  /** For each member position, the position it repeats, or -1. */
  private readonly firstOf: Int32Array;
  private readonly findingAt: (LocatedFinding | undefined)[];
  private list: LocatedFinding[] | undefined;
  /** Members indexed (the group's array when built or last moved). */
  private members: readonly number[];

  constructor(lines: readonly LineNode[], group: Group) {
    const members = group.members;
    const n = members.length;
    this.members = members;
    this.nodeAt = new Array<LineNode | undefined>(n);
    this.hashAt = new Int32Array(n);
    this.firstOf = new Int32Array(n).fill(-1);
    this.findingAt = new Array<LocatedFinding | undefined>(n);
    const crowded = new Set<number>();
    for (let k = 0; k < n; k++) {
      const node = lines[members[k]];
      this.nodeAt[k] = node;
      const h = ruleHash(node);
      this.hashAt[k] = h;
      if (h === NOT_A_RULE) continue;
      const at = this.buckets.get(h);
      if (at === undefined) this.buckets.set(h, k);
      else {
        if (typeof at === 'number') this.buckets.set(h, [at, k]);
        else at.push(k);
        crowded.add(h);
      }
    }
    this.settle(lines, group, crowded);
  }

  /** Re-read the edited lines [from, to) of `group` (the same members as before, on the same lines). */
  patch(lines: readonly LineNode[], group: Group, from: number, to: number): void {
    const members = group.members;
    const touched = new Set<number>();
    for (let k = lowerBound(members, from); k < members.length && members[k] < to; k++) this.reread(k, lines[members[k]], touched);
    this.settle(lines, group, touched);
    this.members = members;
  }

  /**
   * Follow a group built again with as many members (lines may have moved): members whose line
   * node is the same object are skipped after a pointer comparison; if line numbers moved, the
   * findings are written again. O(members). False (nothing changed) if the member count differs.
   */
  rebase(lines: readonly LineNode[], group: Group): boolean {
    const members = group.members;
    if (members.length !== this.nodeAt.length) return false;
    const touched = new Set<number>();
    for (let k = 0; k < members.length; k++) this.reread(k, lines[members[k]], touched);
    this.settle(lines, group, touched);
    let moved = false;
    for (let k = 0; k < members.length && !moved; k++) moved = members[k] !== this.members[k];
    if (moved) {
      for (let k = 0; k < members.length; k++) if (this.firstOf[k] >= 0) this.findingAt[k] = duplicateFinding(lines, group, k, this.firstOf[k]);
      this.list = undefined;
    }
    this.members = members;
    return true;
  }

  /** Member `k` is now `node`: move it between buckets; buckets to settle go in `touched`. */
  private reread(k: number, node: LineNode, touched: Set<number>): void {
    if (node === this.nodeAt[k]) return;
    this.nodeAt[k] = node;
    const old = this.hashAt[k];
    const h = ruleHash(node);
    this.hashAt[k] = h;
    if (old !== NOT_A_RULE) {
      const at = this.holders(old);
      at.splice(lowerBound(at, k), 1);
      if (at.length === 0) this.buckets.delete(old);
      else this.buckets.set(old, at.length === 1 ? at[0] : at);
      touched.add(old);
    }
    if (this.firstOf[k] >= 0) {
      this.firstOf[k] = -1;
      this.findingAt[k] = undefined;
      this.list = undefined;
    }
    if (h !== NOT_A_RULE) {
      const at = this.buckets.get(h);
      if (at === undefined) this.buckets.set(h, k);
      else {
        const list = typeof at === 'number' ? [at] : at;
        list.splice(lowerBound(list, k), 0, k);
        this.buckets.set(h, list);
      }
      touched.add(h);
    }
  }

  private holders(h: number): number[] {
    const at = this.buckets.get(h);
    return at === undefined ? [] : typeof at === 'number' ? [at] : at;
  }

  /**
   * Which member each member of the touched buckets repeats (the first with the same rule), and
   * its finding, written again (an edited line may have moved its field name, which it points at).
   */
  private settle(lines: readonly LineNode[], group: Group, touched: ReadonlySet<number>): void {
    for (const h of touched) {
      const at = this.holders(h);
      const firsts: number[] = [];
      for (const k of at) {
        let first = -1;
        for (const f of firsts) {
          if (sameRule(this.nodeAt[f]!, this.nodeAt[k]!)) {
            first = f;
            break;
          }
        }
        if (first < 0) firsts.push(k);
        this.firstOf[k] = first;
        this.findingAt[k] = first < 0 ? undefined : duplicateFinding(lines, group, k, first);
      }
      this.list = undefined;
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

/** FNV-1a of a rule's kind and pattern, read from the line's characters; never NOT_A_RULE for a rule. O(pattern). */
function ruleHash(line: LineNode): number {
  const d = line.directive;
  if (d.kind !== 'rule') return NOT_A_RULE;
  const text = line.text;
  let h = (d.allow ? 0x811c9dc5 : 0x050c5d1f) | 0; // int32, as Math.imul returns and Int32Array keeps
  for (let i = d.pattern.start; i < d.pattern.end; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
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

function duplicateFinding(lines: readonly LineNode[], g: Group, k: number, first: number): LocatedFinding {
  const i = g.members[k];
  const prev = g.members[first];
  const span = lines[i].field?.name ?? { start: 0, end: 0 };
  return { line: i, code: 'rep.duplicate-rule', span, message: `Line ${prev + 1} already has this rule in the same group; this line can be removed.`, related: [{ line: prev, span: lines[prev].field?.name ?? span, message: 'the same rule' }] };
}

/** First index of the ascending `list` holding at least `n`; O(log n). */
function lowerBound(list: readonly number[], n: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid] < n) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Each group's duplicate index, owned by the group object of the latest version analysed: an
 * untouched group is the same object in the next version; an edited one hands its index over
 * to its copy (so re-validating an old version rebuilds its own, never reads a patched one).
 */
const duplicateIndexes = new WeakMap<Group, DuplicateIndex>();

function checkGroups(model: RobotsModel, out: LocatedFinding[]): void {
  const lines = model.document.lines;
  const lin = modelLineage(model);
  model.groups.forEach((g, gi) => {
    if (g.members.length < 2) return;
    let index = duplicateIndexes.get(g);
    if (!index && lin) {
      const old = lin.previous.groups[gi];
      index = old === undefined ? undefined : duplicateIndexes.get(old);
      if (index && !lin.rebuilt) index.patch(lines, g, lin.from, lin.to);
      // A rebuilt model (a line added or removed): the index follows if the group has as many members.
      else if (index && !index.rebase(lines, g)) index = undefined;
      if (index) duplicateIndexes.delete(old);
    }
    if (!index) index = new DuplicateIndex(lines, g);
    duplicateIndexes.set(g, index);
    for (const f of index.findings()) out.push(f);
  });
}

function checkVersion(model: RobotsModel, out: LocatedFinding[]): void {
  const lines = model.document.lines;
  for (const v of model.versionLines.slice(1)) {
    out.push({ line: v, code: 'acap.version-duplicate', span: lines[v].comment ?? { start: 0, end: 0 }, message: `The ACAP version is already declared on line ${model.versionLines[0] + 1}; keep one version comment.` });
  }
  if (model.versionLines.length === 0 && model.records.length > 0) {
    const first = model.records[0].startLine;
    out.push({ line: first, code: 'acap.version-missing', span: lines[first].field?.name ?? { start: 0, end: 0 }, message: 'Start the file with ‘##ACAP version=1.0’ to tell crawlers it holds ACAP records (Part 1 §2.9.3).' });
  }
}

function checkSize(model: RobotsModel, out: LocatedFinding[]): void {
  const lines = model.document.lines;
  let bytes = 0;
  for (let i = 0; i < lines.length; i++) {
    bytes += lines[i].byteLength;
    if (bytes > PARSE_LIMIT_BYTES) {
      out.push({ line: i, code: 'text.too-large', span: { start: 0, end: lines[i].text.length }, message: `The file passes 500 KiB on this line (line ${i + 1} of ${lines.length}). RFC 9309 §2.5 only requires crawlers to read the first 500 KiB, and Google ignores the rest, so what follows may never be seen.` });
      return;
    }
  }
}
