/**
 * Navigation over ACAP names: go to definition, find references and document highlights for
 * resource sets (Part 1 §2.4.4, §2.7.3) and locally-defined usages — qualified and composite
 * (§2.4.1.3, §2.7.1, §2.7.2).
 *
 * A name is resolved the way a crawler resolves it (and as the permission engine does in
 * acapRules.ts): the file's own definitions first, then those of the files that refer to it
 * through ACAP-permissions-reference (§2.3.2, §2.7: a locally-defined usage "must occur in the
 * same robots.txt file or in one that contains a permission reference to" it). Only when nothing
 * crawlers would read defines a name does a definition they ignore — one placed after the first
 * ACAP record (§2.7) — answer, so the user can still navigate to it and move it.
 *
 * Names are case-insensitive (ABNF §3, last note); qualified and composite usages share one set
 * of names (ABNF §3: "No two qualified or composite usages may share the same name"), resource
 * sets have their own.
 */
import { DocumentHighlight, DocumentHighlightKind, Location, Range, type Position } from 'vscode-languageserver-types';
import type { RobotsDocument } from '../syntax/document';
import { RESOURCE_SET_PREFIX } from '../facts/facts';
import type { UsageRef } from '../syntax/directives';
import { getModel, type Definition } from '../model/model';
import type { LineNode, Span } from '../syntax/syntax';
import { referencedDocuments, referencingDocuments, type WorkspaceContext } from '../syntax/workspace';


/** Resource sets, and local usages (qualified and composite together, ABNF §3). */
export type Namespace = 'resource-set' | 'local-usage';

/** Where a name is written on a line: only the name, never `(`, `)` or `the-acap:resource-set:`. */
export interface NameSite {
  readonly line: number;
  readonly span: Span;
  readonly namespace: Namespace;
  /** Lower-cased (ABNF §3: all names are case-insensitive). */
  readonly name: string;
}

/** The name under the cursor; `definition` is set when it is a definition's own name. */
export interface SymbolAtPosition extends NameSite {
  readonly definition: Definition | undefined;
}

/** A definition and the document it stands in. */
export interface ResolvedDefinition {
  readonly document: RobotsDocument;
  readonly definition: Definition;
}

/** One place a symbol occurs: its definition (`write`) or a use. */
export interface Occurrence {
  readonly document: RobotsDocument;
  readonly site: NameSite;
  readonly write: boolean;
}

export interface SymbolOccurrences {
  readonly symbol: SymbolAtPosition;
  /** Undefined when the name is defined nowhere the context shows. */
  readonly target: ResolvedDefinition | undefined;
  /** The definition first (when there is one), then the uses, document by document, in line order. */
  readonly occurrences: readonly Occurrence[];
}

export function namespaceOf(def: Definition): Namespace {
  return def.kind === 'resource-set' ? 'resource-set' : 'local-usage';
}

function isWs(c: number): boolean {
  return c === 32 || c === 9;
}

/** `(name)` → the span of `name` alone; `( name )` is trimmed so a rename keeps the spacing. */
function localNameSite(text: string, lineNo: number, ref: UsageRef | undefined): NameSite | undefined {
  if (!ref || !ref.local) return undefined;
  let { start, end } = ref.nameSpan;
  while (start < end && isWs(text.charCodeAt(start))) start++;
  while (end > start && isWs(text.charCodeAt(end - 1))) end--;
  if (start === end) return undefined;
  return { line: lineNo, span: { start, end }, namespace: 'local-usage', name: ref.name };
}

/** The name inside `the-acap:resource-set:NAME` (§2.4.4); the prefix is no part of it. */
function resourceSetSite(text: string, lineNo: number, resource: Span | undefined): NameSite | undefined {
  if (!resource) return undefined;
  const start = resource.start + RESOURCE_SET_PREFIX.length;
  if (start >= resource.end) return undefined;
  if (text.slice(resource.start, start).toLowerCase() !== RESOURCE_SET_PREFIX) return undefined;
  return { line: lineNo, span: { start, end: resource.end }, namespace: 'resource-set', name: text.slice(start, resource.end).toLowerCase() };
}

/** The uses of names on one line. */
function usesOnLine(line: LineNode, lineNo: number): NameSite[] {
  const d = line.directive;
  const out: (NameSite | undefined)[] = [];
  switch (d.kind) {
    case 'acap-permission':
      // Prohibitions may not name local usages (§2.4.2) but when one does, it still means the
      // definition: validation reports the line, and a rename must keep it pointing the same way.
      out.push(localNameSite(line.text, lineNo, d.usage), resourceSetSite(line.text, lineNo, d.resource));
      break;
    case 'acap-composite-usage':
      // §2.7.2: members are standard usage types or `(qualified-usage-name)`.
      for (const m of d.members) out.push(localNameSite(line.text, lineNo, m));
      break;
    case 'acap-qualified-usage':
      // ABNF §3 wants a standard usage here; a `(name)` is diagnosed, yet still names that usage.
      out.push(localNameSite(line.text, lineNo, d.usage));
      break;
    default:
      break;
  }
  return out.filter((s): s is NameSite => s !== undefined);
}

/** Every use of a name in a document, in line order. */
export function usesIn(doc: RobotsDocument, namespace: Namespace, name: string): NameSite[] {
  const out: NameSite[] = [];
  const lines = doc.lines;
  for (let i = 0; i < lines.length; i++) {
    const k = lines[i].directive.kind;
    if (k !== 'acap-permission' && k !== 'acap-composite-usage' && k !== 'acap-qualified-usage') continue;
    for (const s of usesOnLine(lines[i], i)) if (s.namespace === namespace && s.name === name) out.push(s);
  }
  return out;
}

/** A definition's own name as a site. */
export function definitionSite(doc: RobotsDocument, def: Definition): NameSite {
  const d = doc.lines[def.line].directive;
  const span = 'name' in d && d.name && typeof d.name === 'object' ? d.name : { start: 0, end: 0 };
  return { line: def.line, span, namespace: namespaceOf(def), name: def.name };
}

/**
 * The name at a position, if any. A position just after a name counts (the caret after the last
 * letter); positions past the end of a line or of the document never throw (LSP clamps the
 * character to the line; a line past the end has nothing).
 */
export function symbolAt(doc: RobotsDocument, position: Position): SymbolAtPosition | undefined {
  const lineNo = position.line;
  if (!Number.isInteger(lineNo) || lineNo < 0 || lineNo >= doc.lines.length) return undefined;
  const line = doc.lines[lineNo];
  const ch = Number.isFinite(position.character) ? Math.min(Math.max(0, position.character), line.text.length) : 0;
  const within = (s: Span): boolean => s.start <= ch && ch <= s.end;
  const d = line.directive;
  if ((d.kind === 'acap-resource-set' || d.kind === 'acap-qualified-usage' || d.kind === 'acap-composite-usage') && d.name && within(d.name)) {
    const def = getModel(doc).definitions.find((x) => x.line === lineNo);
    if (def) return { ...definitionSite(doc, def), definition: def };
  }
  const use = usesOnLine(line, lineNo).find((s) => within(s.span));
  return use ? { ...use, definition: undefined } : undefined;
}

function effective(doc: RobotsDocument, namespace: Namespace, name: string): Definition | undefined {
  const m = getModel(doc);
  return (namespace === 'resource-set' ? m.resourceSets : m.localUsages).get(name);
}

function ignored(doc: RobotsDocument, namespace: Namespace, name: string): Definition | undefined {
  return getModel(doc).definitions.find((d) => d.name === name && namespaceOf(d) === namespace);
}

/**
 * The definition a name used in `doc` stands for: the file's own (§2.7), then the referring
 * files' (§2.4.1.3), then — for navigation only — a definition crawlers ignore, here or there.
 */
export function resolveName(doc: RobotsDocument, namespace: Namespace, name: string, referencing: readonly RobotsDocument[]): ResolvedDefinition | undefined {
  const own = effective(doc, namespace, name);
  if (own) return { document: doc, definition: own };
  for (const r of referencing) {
    const def = effective(r, namespace, name);
    if (def) return { document: r, definition: def };
  }
  for (const r of [doc, ...referencing]) {
    const def = ignored(r, namespace, name);
    if (def) return { document: r, definition: def };
  }
  return undefined;
}

function sameDefinition(a: ResolvedDefinition | undefined, b: ResolvedDefinition | undefined): boolean {
  return a !== undefined && b !== undefined && a.document.uri === b.document.uri && a.definition.line === b.definition.line;
}

/** The documents navigation looks at, each with the documents that refer to it (as far as known). */
export function documentsInScope(doc: RobotsDocument, ctx: WorkspaceContext | undefined): { document: RobotsDocument; referencing: readonly RobotsDocument[] }[] {
  const seen = new Set<string>([doc.uri]);
  const fresh = (list: readonly RobotsDocument[] | undefined): RobotsDocument[] =>
    (list ?? []).filter((d) => !seen.has(d.uri) && (seen.add(d.uri), true));
  // The documents around this one in the workspace, one level each way: a referenced file may
  // not itself refer further (§2.3.2, "to avoid circular references").
  const referencing = fresh(referencingDocuments(ctx?.workspace, doc));
  const referenced = fresh(referencedDocuments(ctx?.workspace, doc));
  return [
    { document: doc, referencing },
    // A referenced file reads this one's definitions after its own (§2.3.2, §2.7).
    ...referenced.map((d) => ({ document: d, referencing: [doc] })),
    // Whoever refers to a referring file is not known here; chains are forbidden anyway (§2.3.2).
    ...referencing.map((d) => ({ document: d, referencing: [] })),
  ];
}

/** The symbol at a position with its definition and every place it occurs. */
export function findOccurrences(doc: RobotsDocument, position: Position, ctx?: WorkspaceContext): SymbolOccurrences | undefined {
  const symbol = symbolAt(doc, position);
  if (!symbol) return undefined;
  const scope = documentsInScope(doc, ctx);
  const target: ResolvedDefinition | undefined = symbol.definition
    ? { document: doc, definition: symbol.definition }
    : resolveName(doc, symbol.namespace, symbol.name, scope[0].referencing);
  const occurrences: Occurrence[] = [];
  if (target) occurrences.push({ document: target.document, site: definitionSite(target.document, target.definition), write: true });
  for (const { document, referencing } of scope) {
    // A name defined nowhere is only followed within this file: elsewhere it may mean anything.
    const same = target
      ? sameDefinition(resolveName(document, symbol.namespace, symbol.name, referencing), target)
      : document === doc;
    if (!same) continue;
    for (const site of usesIn(document, symbol.namespace, symbol.name)) occurrences.push({ document, site, write: false });
  }
  return { symbol, target, occurrences };
}

export function rangeOf(site: NameSite): Range {
  return Range.create(site.line, site.span.start, site.line, site.span.end);
}

/**
 * Go to definition: from a use to the definition it stands for (in this file or in a file that
 * refers to this one), from a definition's name to itself. Empty when nothing defines the name.
 */
export function findDefinition(doc: RobotsDocument, position: Position, ctx?: WorkspaceContext): Location[] {
  const found = findOccurrences(doc, position, ctx);
  if (!found?.target) return [];
  const { document, definition } = found.target;
  return [Location.create(document.uri, rangeOf(definitionSite(document, definition)))];
}

/**
 * Every use of the symbol at the position — `(name)` in permissions and composite definitions,
 * `the-acap:resource-set:NAME` in resource specifications — here and in the files that read
 * this one's definitions, and its definition when `includeDeclaration`.
 */
export function findReferences(doc: RobotsDocument, position: Position, includeDeclaration: boolean, ctx?: WorkspaceContext): Location[] {
  const found = findOccurrences(doc, position, ctx);
  if (!found) return [];
  return found.occurrences
    .filter((o) => includeDeclaration || !o.write)
    .map((o) => Location.create(o.document.uri, rangeOf(o.site)));
}

/** The symbol's occurrences in this document: its definition written, its uses read. */
export function findDocumentHighlights(doc: RobotsDocument, position: Position, ctx?: WorkspaceContext): DocumentHighlight[] {
  const found = findOccurrences(doc, position, ctx);
  if (!found) return [];
  return found.occurrences
    .filter((o) => o.document.uri === doc.uri)
    .map((o) => DocumentHighlight.create(rangeOf(o.site), o.write ? DocumentHighlightKind.Write : DocumentHighlightKind.Read));
}
