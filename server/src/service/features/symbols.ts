/**
 * findDocumentSymbols: the outline of a robots.txt.
 *
 * Top level, in document order: ACAP definitions (Part 1 §2.7), conventional User-agent groups
 * named by their crawlers, ACAP records named by theirs (Part 1 §2.3) with their usage-purpose
 * sub-records as children, and Sitemap lines. Rules are deliberately not listed: a real file
 * holds one group of 47,000 Allow lines, and an outline that lists them helps nobody.
 *
 * Also home to the block structure shared by folding and selection ranges (`outlineBlocks`), and
 * to the one-line summary of a definition shared with inlay hints (`definitionItems`).
 */
import { SymbolKind, type DocumentSymbol, type Range } from 'vscode-languageserver-types';
import type { RobotsDocument } from '../syntax/document';
import { getModel, type Definition, type DefinitionKind, type Group, type RobotsModel } from '../model/model';
import type { LineNode, Span } from '../syntax/syntax';

/** A run of lines with a structural meaning: a group, a record or a sub-record. */
export interface Block {
  readonly kind: 'group' | 'record' | 'sub-record';
  readonly startLine: number;
  readonly endLine: number;
  /** Sub-records of a record, in order; empty otherwise. */
  readonly children: readonly Block[];
  /** The lines whose values name the block: User-agent, ACAP-crawler or ACAP-usage-purpose lines. */
  readonly nameLines: readonly number[];
  /** Lines of the fields the block holds (rules, permissions...), for its detail. */
  readonly fieldLines: readonly number[];
}

/** Largest element of sorted `xs` below `limit`, or -1. */
function lastBelow(xs: readonly number[], limit: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid] < limit) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? xs[lo - 1] : -1;
}

/** Index of the first element of `xs` (sorted by startLine) starting after `line`. */
function firstAfter(xs: readonly { readonly startLine: number }[], line: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (xs[mid].startLine <= line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The extent of a group as an editor should show it. The model lets a conventional line inside an
 * ACAP record join the group above the record (Part 1 §2.9.2: conventional crawlers read it so),
 * and a User-agent line after a record join a group that had no rules yet; either would make the
 * group overlap or swallow the record, and folds and the outline would cross. The group therefore
 * ends at its last line before the first record that starts inside it.
 */
function groupEnd(g: Group, model: RobotsModel): number {
  const next = model.records[firstAfter(model.records, g.startLine)];
  if (!next || next.startLine > g.endLine) return g.endLine;
  const member = lastBelow(g.members, next.startLine);
  return member >= 0 ? member : Math.max(g.startLine, lastBelow(g.agents, next.startLine));
}

const blockCache = new WeakMap<RobotsModel, readonly Block[]>();

/**
 * Groups and records in document order, never overlapping one another; records carry their
 * sub-records and the groups that start inside them (a sub-record those that start inside it). Each block starts and ends on a field line, so blank lines and comments after it
 * are never part of it. Computed once per model: O(groups + records + sub-records) walks, the
 * lines of the groups that are cut, and a sort of each record's children and of the blocks (a
 * record of 40,000 sub-records among 120,000 groups searched its sub-records for each group: 24 s).
 */
export function outlineBlocks(model: RobotsModel): readonly Block[] {
  const cached = blockCache.get(model);
  if (cached) return cached;
  const groups: Block[] = model.groups.map((g) => {
    const endLine = groupEnd(g, model);
    const upTo = (xs: readonly number[]): number[] => (endLine >= g.endLine ? xs.slice() : xs.filter((l) => l <= endLine));
    return { kind: 'group', startLine: g.startLine, endLine, children: [], nameLines: upTo(g.agents), fieldLines: upTo(g.members) };
  });
  const out: Block[] = [];
  let k = 0;
  for (const r of model.records) {
    // Groups before this record stand on their own; groups that start inside it (Part 1 §2.3:
    // a record runs to the next ACAP-crawler line) are shown inside it, as ACAP crawlers read them.
    while (k < groups.length && groups[k].startLine < r.startLine) out.push(groups[k++]);
    const inner: Block[] = [];
    while (k < groups.length && groups[k].startLine <= r.endLine) inner.push(groups[k++]);
    const subs = r.subRecords.map((s) => {
      const startLine = s.purposes[0];
      const endLine = Math.max(s.purposes[s.purposes.length - 1], s.fields.length ? s.fields[s.fields.length - 1] : -1);
      return { kind: 'sub-record' as const, startLine, endLine, children: [] as Block[], nameLines: s.purposes, fieldLines: s.fields };
    });
    const loose: Block[] = [];
    // Groups and sub-records are both in document order, and sub-records never overlap (the
    // model starts one after the previous one's last line): one walk over both, not a search of
    // the sub-records for each group. `below` counts the sub-records starting before the group,
    // `notAfter` those starting on or before it.
    let below = 0;
    let notAfter = 0;
    for (const g of inner) {
      while (below < subs.length && subs[below].startLine < g.startLine) below++;
      while (notAfter < subs.length && subs[notAfter].startLine <= g.startLine) notAfter++;
      // A group that starts inside a sub-record is shown inside it and cut at its end; one that
      // starts between sub-records is cut before the next one, so that blocks never cross.
      const host = below > 0 && g.startLine <= subs[below - 1].endLine ? subs[below - 1] : undefined;
      if (host) host.children.push(clipTo(g, host.endLine));
      else loose.push(clipTo(g, (notAfter < subs.length ? subs[notAfter].startLine : Infinity) - 1));
    }
    const children = [...subs, ...loose].sort((a, b) => a.startLine - b.startLine);
    const fields = [...r.general, ...r.subRecords.flatMap((s) => s.fields)];
    if (r.reference !== undefined) fields.push(r.reference);
    out.push({ kind: 'record', startLine: r.startLine, endLine: r.endLine, children, nameLines: r.crawlers, fieldLines: fields });
  }
  while (k < groups.length) out.push(groups[k++]);
  out.sort((a, b) => a.startLine - b.startLine);
  blockCache.set(model, out);
  return out;
}

/** A block ended at its last name or field line not after `last`. */
function clipTo(b: Block, last: number): Block {
  if (b.endLine <= last) return b;
  // A loop, not Math.max(...): a block of 200,000 lines passed the engine's argument limit.
  let endLine = b.startLine;
  for (const l of b.nameLines) if (l <= last && l > endLine) endLine = l;
  for (const l of b.fieldLines) if (l <= last && l > endLine) endLine = l;
  return { ...b, endLine, nameLines: b.nameLines.filter((l) => l <= endLine), fieldLines: b.fieldLines.filter((l) => l <= endLine) };
}

/** The block of `blocks` (sorted, disjoint) that holds `line`, if any. */
export function blockAt(blocks: readonly Block[], line: number): Block | undefined {
  const i = firstAfter(blocks, line) - 1;
  return i >= 0 && blocks[i].endLine >= line ? blocks[i] : undefined;
}

function text(line: LineNode, span: Span): string {
  return line.text.slice(span.start, span.end);
}

/**
 * What a definition line defines, as written: the patterns of a resource set, the usage and
 * qualifiers of a qualified usage, the members of a composite usage (Part 1 §2.7.1-2.7.3).
 */
export function definitionItems(line: LineNode): string[] {
  const d = line.directive;
  switch (d.kind) {
    case 'acap-resource-set':
      return d.patterns.map((p) => text(line, p));
    case 'acap-qualified-usage':
      return [...(d.usage ? [text(line, d.usage.span)] : []), ...d.qualifiers.map((q) => text(line, q.span))];
    case 'acap-composite-usage':
      return d.members.map((m) => text(line, m.span));
    default:
      return [];
  }
}

/** `items` joined by `sep`, cut after about `max` characters with a count of what was left out. */
export function brief(items: readonly string[], max: number, sep = ' '): string {
  let out = '';
  for (let i = 0; i < items.length; i++) {
    const next = out ? out + sep + items[i] : items[i];
    if (next.length <= max) {
      out = next;
      continue;
    }
    let left = items.length - i;
    if (!out) {
      // Even the first item is too long: cut it, and count only the others.
      out = items[i].slice(0, Math.max(1, max - 1)) + '…';
      left--;
    }
    return left > 0 ? `${out}${sep}… +${left}` : out;
  }
  return out;
}

const NAME_MAX = 60;
const DETAIL_MAX = 80;

function lineRange(lines: readonly LineNode[], start: number, end: number): Range {
  return { start: { line: start, character: 0 }, end: { line: end, character: lines[end].text.length } };
}

function spanRange(line: number, span: Span): Range {
  return { start: { line, character: span.start }, end: { line, character: span.end } };
}

/** The value of the field on `line` (its name when the value is empty), for selection. */
function valueSpan(line: LineNode): Span {
  const f = line.field;
  if (!f) return { start: 0, end: line.text.length };
  return f.value.end > f.value.start ? f.value : f.name;
}

function plural(n: number, what: string): string {
  return `${n} ${what}${n === 1 ? '' : 's'}`;
}

const DEFINITION_KIND: Readonly<Record<DefinitionKind, SymbolKind>> = {
  'resource-set': SymbolKind.Array,
  'qualified-usage': SymbolKind.Function,
  'composite-usage': SymbolKind.Struct,
};

function definitionSymbol(lines: readonly LineNode[], def: Definition): DocumentSymbol {
  const line = lines[def.line];
  const d = line.directive;
  const nameSpan = 'name' in d && d.name && typeof d.name === 'object' ? d.name : valueSpan(line);
  return {
    name: text(line, nameSpan) || def.name,
    detail: brief(definitionItems(line), DETAIL_MAX),
    kind: DEFINITION_KIND[def.kind],
    range: lineRange(lines, def.line, def.line),
    selectionRange: spanRange(def.line, nameSpan),
  };
}

function blockSymbol(lines: readonly LineNode[], b: Block): DocumentSymbol {
  const names = b.nameLines.map((l) => (lines[l].field ? text(lines[l], lines[l].field.value) : '') || '(empty)');
  const first = b.nameLines[0] ?? b.startLine;
  let detail: string;
  let kind: SymbolKind;
  if (b.kind === 'group') {
    kind = SymbolKind.Module;
    detail = plural(b.fieldLines.filter((l) => lines[l].directive.kind === 'rule').length, 'rule');
  } else if (b.kind === 'record') {
    kind = SymbolKind.Class;
    const ref = b.fieldLines.find((l) => lines[l].directive.kind === 'acap-reference');
    detail = ref !== undefined ? `→ ${text(lines[ref], valueSpan(lines[ref]))}` : `ACAP · ${plural(b.fieldLines.length, 'field')}`;
  } else {
    kind = SymbolKind.Namespace;
    detail = `purpose · ${plural(b.fieldLines.length, 'field')}`;
  }
  return {
    name: brief(names, NAME_MAX, ', ') || '(empty)',
    detail,
    kind,
    range: lineRange(lines, b.startLine, b.endLine),
    selectionRange: spanRange(first, valueSpan(lines[first])),
    children: [],
  };
}

interface Placed {
  readonly symbol: DocumentSymbol;
  readonly start: number;
  readonly end: number;
}

/**
 * The outline. Each symbol becomes a child of the innermost one whose lines hold it: sub-records
 * of their records, and definitions or Sitemap lines that stand inside a group or record (Sitemap
 * often does), so every child lies within its parent as LSP requires.
 */
export function findDocumentSymbols(doc: RobotsDocument): DocumentSymbol[] {
  const model = getModel(doc);
  const lines = doc.lines;
  const items: Placed[] = [];
  const place = (b: Block): void => {
    items.push({ symbol: blockSymbol(lines, b), start: b.startLine, end: b.endLine });
    b.children.forEach(place);
  };
  outlineBlocks(model).forEach(place);
  for (const def of model.definitions) items.push({ symbol: definitionSymbol(lines, def), start: def.line, end: def.line });
  for (let i = 0; i < lines.length; i++) {
    const f = lines[i].field;
    if (f?.fact?.id !== 'sitemap') continue;
    items.push({
      symbol: { name: 'Sitemap', detail: brief([text(lines[i], f.value)], DETAIL_MAX), kind: SymbolKind.File, range: lineRange(lines, i, i), selectionRange: spanRange(i, valueSpan(lines[i])) },
      start: i, end: i,
    });
  }
  items.sort((a, b) => a.start - b.start || b.end - a.end);

  const roots: DocumentSymbol[] = [];
  const stack: Placed[] = [];
  for (const item of items) {
    while (stack.length && !(stack[stack.length - 1].start <= item.start && stack[stack.length - 1].end >= item.end)) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) (parent.symbol.children ??= []).push(item.symbol);
    else roots.push(item.symbol);
    stack.push(item);
  }
  return roots;
}
