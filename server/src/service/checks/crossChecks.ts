/**
 * Rules that relate lines to each other: references to definitions (Part 1 §2.4.4, §2.7),
 * contradictory or repeated fields in a record (§2.4.5), repeated rules in a group, the version
 * comment (§2.9.3) and the 500 KiB parse limit (RFC 9309 §2.5).
 */
import { PARSE_LIMIT_BYTES, RESOURCE_SET_PREFIX } from '../facts/facts';
import { closest, didYouMean } from '../facts/suggest';
import type { UsageRef } from '../syntax/directives';
import type { LocatedFinding } from '../syntax/findings';
import { getModel, nameSpan, type Group, type RobotsModel } from '../model/model';
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

function checkRecords(model: RobotsModel, out: LocatedFinding[]): void {
  const lines = model.document.lines;
  for (const r of model.records) {
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
  }
}

/**
 * Duplicates within one group, as pairs of member indexes, memoised by the identity of the
 * group's line nodes: a keystroke elsewhere leaves a 47,000-rule group's nodes as they were,
 * so its answer is reused after a reference comparison instead of being recomputed.
 */
interface GroupMemo {
  readonly nodes: readonly LineNode[];
  readonly duplicates: readonly (readonly [number, number])[];
}
const groupMemos = new WeakMap<LineNode, GroupMemo>();

function groupDuplicates(lines: readonly LineNode[], g: Group): readonly (readonly [number, number])[] {
  const members = g.members;
  const head = lines[g.agents[0]];
  const memo = groupMemos.get(head);
  if (memo && memo.nodes.length === members.length) {
    let same = true;
    for (let k = 0; k < members.length && same; k++) same = memo.nodes[k] === lines[members[k]];
    if (same) return memo.duplicates;
  }
  const nodes: LineNode[] = new Array<LineNode>(members.length);
  const seen = new Map<string, number>();
  const duplicates: [number, number][] = [];
  for (let k = 0; k < members.length; k++) {
    const node = lines[members[k]];
    nodes[k] = node;
    const d = node.directive;
    if (d.kind !== 'rule') continue;
    const prev = seen.get(d.key);
    if (prev !== undefined) duplicates.push([k, prev]);
    else seen.set(d.key, k);
  }
  groupMemos.set(head, { nodes, duplicates });
  return duplicates;
}

function checkGroups(model: RobotsModel, out: LocatedFinding[]): void {
  const lines = model.document.lines;
  for (const g of model.groups) {
    if (g.members.length < 2) continue;
    for (const [k, p] of groupDuplicates(lines, g)) {
      const i = g.members[k];
      const prev = g.members[p];
      const span = lines[i].field?.name ?? { start: 0, end: 0 };
      out.push({ line: i, code: 'rep.duplicate-rule', span, message: `Line ${prev + 1} already has this rule in the same group; this line can be removed.`, related: [{ line: prev, span: lines[prev].field?.name ?? span, message: 'the same rule' }] });
    }
  }
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
