/**
 * ACAP records compiled for evaluation: every permission and prohibition with its local usage
 * expanded (a composite usage is one field per member, a qualified usage a field of its standard
 * usage with its qualifiers — Part 1 §2.7.1, §2.7.2) and its resource specification turned into
 * patterns (a resource set is all of its patterns — §2.4.4, §2.7.3). Cached per model.
 */
import { QUALIFIER_BY_NAME, RESOURCE_SET_PREFIX, USAGE_BY_NAME } from '../facts/facts';
import type { QualifierSyntax, UsageRef } from '../syntax/directives';
import { getModel, type AcapRecord, type Definition, type RobotsModel } from '../model/model';
import type { RobotsDocument } from '../syntax/document';
import { normalizePercent } from '../syntax/paths';
import type { LineNode } from '../syntax/syntax';

export interface CompiledPattern {
  /** As written. */
  readonly text: string;
  /** Normalised and lower-cased: ACAP matching is case-insensitive (Part 1 §2.8). */
  readonly key: string;
}

export interface AcapField {
  readonly doc: RobotsDocument;
  readonly line: number;
  readonly allow: boolean;
  /** The standard usage this field speaks on, after expansion. */
  readonly usage: string;
  /** How a local usage led here, e.g. `(search-basics) → (short-snippet)`. */
  readonly via: string | undefined;
  /** The resource set named, if any. */
  readonly resourceSet: string | undefined;
  readonly patterns: readonly CompiledPattern[];
  /** `name=value`, from the field or from the qualified usage's definition. */
  readonly qualifiers: readonly string[];
  /** Qualifiers ACAP 1.0 does not define (a crawler may treat the permission as a prohibition). */
  readonly unknownQualifiers: readonly string[];
  /**
   * Why crawlers cannot read this line (a space for a hyphen, a missing colon): it decides
   * nothing, but the engine says what it would have done.
   */
  readonly broken: string | undefined;
}

export interface CompiledSubRecord {
  readonly purposes: readonly { readonly line: number; readonly text: string; readonly key: string }[];
  readonly fields: readonly AcapField[];
}

export interface CompiledRecord {
  readonly doc: RobotsDocument;
  readonly record: AcapRecord;
  /** Lower-cased crawler names. */
  readonly crawlers: readonly string[];
  readonly star: boolean;
  readonly general: readonly AcapField[];
  readonly subRecords: readonly CompiledSubRecord[];
  /** ACAP-permissions-reference (Part 1 §2.3.2): the locator, as written. */
  readonly reference: { readonly line: number; readonly locator: string } | undefined;
}

/** Where local usages and resource sets are looked up: this file, then the file referring to it (Part 1 §2.7). */
export interface DefinitionScope {
  readonly model: RobotsModel;
  readonly parent?: DefinitionScope;
}

function findDefinition(scope: DefinitionScope | undefined, kind: 'set' | 'usage', name: string): { def: Definition; model: RobotsModel } | undefined {
  for (let s = scope; s; s = s.parent) {
    const def = (kind === 'set' ? s.model.resourceSets : s.model.localUsages).get(name);
    if (def) return { def, model: s.model };
  }
  return undefined;
}

function slice(line: LineNode, span: { start: number; end: number }): string {
  return line.text.slice(span.start, span.end);
}

export function patternKey(pattern: string): string {
  return normalizePercent(pattern).toLowerCase();
}

function qualifierStrings(line: LineNode, qualifiers: readonly QualifierSyntax[]): { known: string[]; unknown: string[] } {
  const known: string[] = [];
  const unknown: string[] = [];
  for (const q of qualifiers) {
    if (!q.value) continue;
    const name = slice(line, q.name).toLowerCase();
    const s = `${name}=${slice(line, q.value)}`;
    (QUALIFIER_BY_NAME.has(name) ? known : unknown).push(s);
  }
  return { known, unknown };
}

interface Expanded {
  readonly usage: string;
  readonly via: string | undefined;
  readonly qualifiers: readonly string[];
  readonly unknown: readonly string[];
}

/** A usage reference expanded into standard usages (Part 1 §2.4.1.3, §2.7). */
function expandUsage(ref: UsageRef, scope: DefinitionScope, depth = 0): Expanded[] {
  if (!ref.local) return USAGE_BY_NAME.has(ref.name) ? [{ usage: ref.name, via: undefined, qualifiers: [], unknown: [] }] : [];
  const found = findDefinition(scope, 'usage', ref.name);
  if (!found || depth > 4) return [];
  const line = found.model.document.lines[found.def.line];
  const d = line.directive;
  const tag = `(${ref.name})`;
  if (d.kind === 'acap-qualified-usage' && d.usage && !d.usage.local && USAGE_BY_NAME.has(d.usage.name)) {
    const q = qualifierStrings(line, d.qualifiers);
    return [{ usage: d.usage.name, via: tag, qualifiers: q.known, unknown: q.unknown }];
  }
  if (d.kind === 'acap-composite-usage') {
    return d.members.flatMap((m) => expandUsage(m, scope, depth + 1).map((e) => ({ ...e, via: e.via ? `${tag} → ${e.via}` : tag })));
  }
  return [];
}

function compilePatterns(spec: string, scope: DefinitionScope): { patterns: CompiledPattern[]; set: string | undefined } {
  if (spec.toLowerCase().startsWith(RESOURCE_SET_PREFIX)) {
    const name = spec.slice(RESOURCE_SET_PREFIX.length).toLowerCase();
    const found = findDefinition(scope, 'set', name);
    if (!found) return { patterns: [], set: name };
    const defLine = found.model.document.lines[found.def.line];
    const d = defLine.directive;
    if (d.kind !== 'acap-resource-set') return { patterns: [], set: name };
    return { patterns: d.patterns.map((p) => ({ text: slice(defLine, p), key: patternKey(slice(defLine, p)) })), set: name };
  }
  return { patterns: [{ text: spec, key: patternKey(spec) }], set: undefined };
}

function compileField(doc: RobotsDocument, i: number, scope: DefinitionScope): AcapField[] {
  const line = doc.lines[i];
  const d = line.directive;
  if (d.kind !== 'acap-permission' || !d.usage || !d.resource) return [];
  // Part 1 §2.4.2: prohibitions never use local usages; such a field is ignored (and diagnosed).
  if (!d.allow && d.usage.local) return [];
  const { patterns, set } = compilePatterns(slice(line, d.resource), scope);
  const own = qualifierStrings(line, d.qualifiers);
  const f = line.field;
  const broken = f?.repair === 'space-for-hyphen' ? 'has a space where ACAP has a hyphen'
    : f?.repair === 'dash-lookalike' ? 'has a typographic dash where ACAP has a hyphen'
      : f?.separator !== 'colon' ? 'is missing the colon after its field name'
        : undefined;
  return expandUsage(d.usage, scope).map((e) => ({
    broken,
    doc, line: i, allow: d.allow, usage: e.usage, via: e.via, resourceSet: set, patterns,
    qualifiers: d.allow ? [...own.known, ...e.qualifiers] : [],
    unknownQualifiers: d.allow ? [...own.unknown, ...e.unknown] : [],
  }));
}

const cache = new WeakMap<RobotsModel, Map<DefinitionScope | undefined, CompiledRecord[]>>();

/** The ACAP records of a document, compiled; `parent` is the scope of a file that refers to this one. */
export function compileRecords(doc: RobotsDocument, parent?: DefinitionScope): CompiledRecord[] {
  const model = getModel(doc);
  let byScope = cache.get(model);
  if (!byScope) {
    byScope = new Map();
    cache.set(model, byScope);
  }
  const hit = byScope.get(parent);
  if (hit) return hit;
  const scope: DefinitionScope = { model, parent };
  const out = model.records.map((record): CompiledRecord => {
    const crawlers = record.crawlers.map((c) => {
      const f = doc.lines[c].field;
      return f ? slice(doc.lines[c], f.value).toLowerCase() : '';
    });
    const ref = record.reference;
    const refField = ref !== undefined ? doc.lines[ref].field : undefined;
    return {
      doc,
      record,
      crawlers,
      star: crawlers.includes('*'),
      general: record.general.flatMap((i) => compileField(doc, i, scope)),
      subRecords: record.subRecords.map((s) => ({
        purposes: s.purposes.map((p) => {
          const f = doc.lines[p].field;
          const text = f ? slice(doc.lines[p], f.value) : '';
          return { line: p, text, key: text.toLowerCase() };
        }),
        fields: s.fields.flatMap((i) => compileField(doc, i, scope)),
      })),
      reference: ref !== undefined && refField ? { line: ref, locator: slice(doc.lines[ref], refField.value) } : undefined,
    };
  });
  byScope.set(parent, out);
  return out;
}

/** Compiled records by the crawler names they list, and the `*` records, each in file order. */
export interface RecordIndex {
  readonly byCrawler: ReadonlyMap<string, readonly CompiledRecord[]>;
  readonly star: readonly CompiledRecord[];
}

const recordIndexes = new WeakMap<readonly CompiledRecord[], RecordIndex>();

/**
 * The records of `records` (from compileRecords) by crawler name, built once per list in
 * O(crawler lines), so that finding a crawler's records is a map look-up rather than a scan of
 * every record per query (hover among 3,000 records asks for 3,000 crawlers).
 */
export function recordIndex(records: readonly CompiledRecord[]): RecordIndex {
  let out = recordIndexes.get(records);
  if (out) return out;
  const byCrawler = new Map<string, CompiledRecord[]>();
  const star: CompiledRecord[] = [];
  for (const r of records) {
    if (r.star) { star.push(r); continue; }
    for (const c of new Set(r.crawlers)) {
      const list = byCrawler.get(c);
      if (list) list.push(r);
      else byCrawler.set(c, [r]);
    }
  }
  out = { byCrawler, star };
  recordIndexes.set(records, out);
  return out;
}
