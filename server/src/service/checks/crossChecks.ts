/**
 * Rules that relate lines to each other: references to definitions (Part 1 §2.4.4, §2.7),
 * contradictory or repeated fields in a record (§2.4.5), repeated rules in a group, the version
 * comment (§2.9.3) and the 500 KiB parse limit (RFC 9309 §2.5).
 */
import { PARSE_LIMIT_BYTES, RESOURCE_SET_PREFIX } from '../facts/facts';
import type { UsageRef } from '../syntax/directives';
import type { LocatedFinding } from '../syntax/findings';
import { getModel, modelLineage, nameSpan, type AcapRecord, type Group, type RobotsModel } from '../model/model';
import type { RobotsDocument } from '../syntax/document';
import type { LineNode } from '../syntax/syntax';

/** Files that refer to this one with ACAP-permissions-reference: their definitions count here (Part 1 §2.4.1.3). */
export interface CrossFileContext {
  /** Asked for only when a name is not defined in this file. */
  readonly referencingDocuments?: () => readonly RobotsDocument[];
}

export function crossChecks(model: RobotsModel, ctx: CrossFileContext = {}): LocatedFinding[] {
  const out: LocatedFinding[] = [];
  checkReferences(model, out, definedElsewhere(ctx));
  checkRecords(model, out);
  checkGroups(model, out);
  checkVersion(model, out);
  checkSize(model, out);
  return out;
}

type Elsewhere = (kind: 'set' | 'usage', name: string) => boolean;

/** Whether a file referring to this one defines the name (its models are built once, on first need). */
function definedElsewhere(ctx: CrossFileContext): Elsewhere {
  let models: RobotsModel[] | undefined;
  return (kind, name) => {
    models ??= (ctx.referencingDocuments?.() ?? []).map((d) => getModel(d));
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
    out.push({
      line: lineNo, code: 'acap.undefined-local-usage', span: usage.nameSpan,
      message: late
        ? `‘${usage.name}’ is defined on line ${late.line + 1}, after the first ACAP record, where crawlers ignore definitions (Part 1 §2.7). Move that definition above the records.`
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
            out.push({
              line: i, code: 'acap.undefined-resource-set', span: { start: d.resource.start + RESOURCE_SET_PREFIX.length, end: d.resource.end },
              message: late
                ? `‘${name}’ is defined on line ${late.line + 1}, after the first ACAP record, where crawlers ignore definitions (Part 1 §2.7), so this field matches nothing. Move that definition above the records.`
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
 * The duplicate-rule index of one group (a rule repeated in its group is dead): the members
 * holding each rule key, and for each member the earlier member it repeats. Built once per group
 * in O(members); after an edit that kept the model it is patched for the edited lines only —
 * O(edited lines × members sharing their old or new key), plus one O(members) pass over an
 * array when the duplicates changed — instead of rehashing every rule of the group.
 */
class DuplicateIndex {
  /**
   * Member positions holding each key, ascending; a key held once (almost every key) maps to
   * its position alone, so a 47,000-rule group allocates no array per rule.
   */
  private readonly byKey = new Map<string, number | number[]>();
  private readonly keyAt: (string | undefined)[];
  /** For each member position, the position it repeats, or -1. */
  private readonly firstOf: Int32Array;
  private readonly findingAt: (LocatedFinding | undefined)[];
  private list: LocatedFinding[] | undefined;

  constructor(lines: readonly LineNode[], group: Group) {
    this.members = group.members;
    const n = group.members.length;
    this.keyAt = new Array<string | undefined>(n);
    this.firstOf = new Int32Array(n).fill(-1);
    this.findingAt = new Array<LocatedFinding | undefined>(n);
    for (let k = 0; k < n; k++) {
      const key = ruleKey(lines[group.members[k]]);
      this.keyAt[k] = key;
      if (key === undefined) continue;
      const at = this.byKey.get(key);
      if (at === undefined) {
        this.byKey.set(key, k);
        continue;
      }
      const first = typeof at === 'number' ? at : at[0];
      if (typeof at === 'number') this.byKey.set(key, [at, k]);
      else at.push(k);
      this.firstOf[k] = first;
      this.findingAt[k] = duplicateFinding(lines, group, k, first);
    }
  }

  /** The positions holding `key`, as an array (a copy for a single position). */
  private holders(key: string): number[] | undefined {
    const at = this.byKey.get(key);
    return typeof at === 'number' ? [at] : at;
  }

  /** Members indexed (the group's array when built or last moved). */
  private members: readonly number[];

  /** Re-read the edited lines [from, to) of `group` (the same members as before, same lines). */
  patch(lines: readonly LineNode[], group: Group, from: number, to: number): void {
    const members = group.members;
    const touched = new Set<string>();
    for (let k = lowerBound(members, from); k < members.length && members[k] < to; k++) this.reread(k, ruleKey(lines[members[k]]), touched);
    this.settle(lines, group, touched);
    this.members = members;
  }

  /**
   * Move to a group built again with as many members (lines may have moved): every member's key
   * is compared (a pointer comparison for an unchanged line), only changed keys are rehashed, and
   * if line numbers moved the findings are written again. O(members), no hashing of unchanged rules.
   */
  rebase(lines: readonly LineNode[], group: Group, from: number, to: number): boolean {
    const members = group.members;
    if (members.length !== this.keyAt.length) return false;
    const touched = new Set<string>();
    for (let k = 0; k < members.length; k++) this.reread(k, ruleKey(lines[members[k]]), touched);
    this.settle(lines, group, touched);
    let moved = false;
    for (let k = 0; k < members.length && !moved; k++) moved = members[k] !== this.members[k];
    if (moved) {
      for (let k = 0; k < members.length; k++) if (this.firstOf[k] >= 0) this.findingAt[k] = duplicateFinding(lines, group, k, this.firstOf[k]);
      this.list = undefined;
    } else {
      // An edited line that kept its key may have moved its field name: findings point at it.
      for (let k = lowerBound(members, from); k < members.length && members[k] < to; k++) {
        const key = this.keyAt[k];
        const at = key === undefined ? undefined : this.holders(key);
        if (!at || at.length < 2) continue;
        for (const j of at) if (this.firstOf[j] >= 0) this.findingAt[j] = duplicateFinding(lines, group, j, this.firstOf[j]);
        this.list = undefined;
      }
    }
    this.members = members;
    return true;
  }

  /** Member `k` now holds `key`: move it between the key lists; the keys whose lists changed go in `touched`. */
  private reread(k: number, key: string | undefined, touched: Set<string>): void {
    const old = this.keyAt[k];
    if (key === old) return;
    if (old !== undefined) {
      const at = this.holders(old);
      if (at) {
        at.splice(lowerBound(at, k), 1);
        if (at.length === 0) this.byKey.delete(old);
        else this.byKey.set(old, at.length === 1 ? at[0] : at);
        touched.add(old);
      }
    }
    this.keyAt[k] = key;
    if (this.firstOf[k] >= 0) {
      this.firstOf[k] = -1;
      this.findingAt[k] = undefined;
      this.list = undefined;
    }
    if (key !== undefined) {
      const at = this.holders(key);
      if (at) {
        at.splice(lowerBound(at, k), 0, k);
        this.byKey.set(key, at);
      } else this.byKey.set(key, k);
      touched.add(key);
    }
  }

  /** Which member each member of the touched keys now repeats, and its finding. */
  private settle(lines: readonly LineNode[], group: Group, touched: ReadonlySet<string>): void {
    for (const key of touched) {
      const at = this.holders(key);
      if (!at) continue;
      for (let j = 0; j < at.length; j++) {
        const k = at[j];
        const first = j === 0 ? -1 : at[0];
        if (this.firstOf[k] === first) continue;
        this.firstOf[k] = first;
        this.findingAt[k] = first < 0 ? undefined : duplicateFinding(lines, group, k, first);
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

function ruleKey(line: LineNode): string | undefined {
  const d = line.directive;
  return d.kind === 'rule' ? d.key : undefined;
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
      else if (index && !index.rebase(lines, g, lin.from, lin.to)) index = undefined;
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
