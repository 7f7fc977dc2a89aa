/**
 * ACAP records compiled for evaluation: every permission and prohibition with its local usage
 * expanded (a composite usage is one field per member, a qualified usage a field of its standard
 * usage with its qualifiers — Part 1 §2.7.1, §2.7.2) and its resource specification turned into
 * patterns (a resource set is all of its patterns — §2.4.4, §2.7.3). Cached per model.
 */
import { namesResourceSet, QUALIFIER_BY_NAME, RESOURCE_SET_PREFIX, USAGE_BY_NAME } from '../facts/facts';
import type { QualifierSyntax, UsageRef } from '../syntax/directives';
import { getModel, type AcapRecord, type Definition, type RobotsModel } from '../model/model';
import { lineAt, originalLine, regionsChangedSince, type LineRegion, type RobotsDocument } from '../syntax/document';
import { normalizePercent } from '../syntax/paths';
import { lowerBoundBy } from '../syntax/numbers';
import { keepPerUri } from './carried';
import type { LineNode } from '../syntax/syntax';

export interface CompiledPattern {
  /** As written. */
  readonly text: string;
  /** Normalised and lower-cased: ACAP matching is case-insensitive (Part 1 §2.8). */
  readonly key: string;
}

export interface AcapField {
  /**
   * The document the field is written in, by URI: compiled fields outlive the version they were
   * compiled from (an untouched record keeps its fields across edits), so they hold no document.
   */
  readonly uri: string;
  readonly line: number;
  /** The line as written, trimmed (answers quote it). */
  readonly text: string;
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
  /** Qualifiers ACAP 1.0 does not define (a crawler may treat the permission as a prohibition); also in `qualifiers`. */
  readonly unknownQualifiers: readonly string[];
  /** Where each qualifier is written: the field's own line, or a qualified usage's definition (Part 1 §2.7.1). */
  readonly qualifierSources: readonly QualifierSource[];
  /**
   * Why crawlers cannot read this line, as a clause ("it has a space where ACAP has a hyphen",
   * "its resource set ‘s’ is defined after the first record"): it decides nothing, but the engine
   * says what it would have done (interpretation §3.9).
   */
  readonly broken: string | undefined;
}

export interface QualifierSource {
  readonly qualifier: string;
  /** The document of the line, by URI (see AcapField.uri). */
  readonly uri: string;
  /** 0-based. */
  readonly line: number;
}

export interface CompiledSubRecord {
  readonly purposes: readonly { readonly line: number; readonly text: string; readonly key: string }[];
  readonly fields: readonly AcapField[];
}

export interface CompiledRecord {
  /** The document of the record, by URI (see AcapField.uri). */
  readonly uri: string;
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

function findDefinition(scope: DefinitionScope | undefined, kind: 'set' | 'usage', name: string): { def: Definition; model: RobotsModel; scope: DefinitionScope } | undefined {
  for (let s = scope; s; s = s.parent) {
    const def = (kind === 'set' ? s.model.resourceSets : s.model.localUsages).get(name);
    if (def) return { def, model: s.model, scope: s };
  }
  return undefined;
}

/**
 * A definition crawlers do not read because it stands after the first ACAP record (Part 1 §2.7):
 * found only to say what the line that names it would have done. O(definitions).
 */
function findMisplaced(scope: DefinitionScope | undefined, kind: 'set' | 'usage', name: string): { def: Definition; model: RobotsModel; scope: DefinitionScope } | undefined {
  for (let s = scope; s; s = s.parent) {
    const def = s.model.definitions.find((d) => d.misplaced && d.name === name && (kind === 'set') === (d.kind === 'resource-set'));
    if (def) return { def, model: s.model, scope: s };
  }
  return undefined;
}

function misplacedClause(what: string, def: Definition): string {
  return `its ${what} is defined on line ${def.line + 1}, after the first record, where crawlers do not read definitions (Part 1 §2.7)`;
}

function slice(line: LineNode, span: { start: number; end: number }): string {
  return line.text.slice(span.start, span.end);
}

export function patternKey(pattern: string): string {
  return normalizePercent(pattern).toLowerCase();
}

/** Shared by every field and record with nothing of a kind: 150,000 records made 450,000 empty arrays. */
const NONE: readonly never[] = Object.freeze([]);

function qualifierStrings(line: LineNode, qualifiers: readonly QualifierSyntax[]): { known: readonly string[]; unknown: readonly string[] } {
  if (qualifiers.length === 0) return NO_QUALIFIERS;
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
const NO_QUALIFIERS = Object.freeze({ known: NONE, unknown: NONE });

/** `a` then `b`, sharing either when the other is empty (the usual case: no qualifiers). */
function joined<T>(a: readonly T[], b: readonly T[]): readonly T[] {
  return b.length === 0 ? a : a.length === 0 ? b : [...a, ...b];
}

interface Expanded {
  readonly usage: string;
  readonly via: string | undefined;
  readonly qualifiers: readonly string[];
  readonly unknown: readonly string[];
  readonly sources: readonly QualifierSource[];
  /** Why crawlers cannot read the expansion (a definition after the first record). */
  readonly broken?: string;
}

/**
 * A usage reference expanded into standard usages (Part 1 §2.4.1.3, §2.7), looked up from
 * `scope`: the file the reference is written in, then the files referring to it. Depth at most 5,
 * so O(definitions^5) in theory, O(members) in practice.
 */
function expandUsage(ref: UsageRef, scope: DefinitionScope, depth = 0): readonly Expanded[] {
  if (!ref.local) return standardExpansion(ref.name);
  let found = findDefinition(scope, 'usage', ref.name);
  let broken: string | undefined;
  if (!found) {
    found = findMisplaced(scope, 'usage', ref.name);
    if (found) broken = misplacedClause(`local usage (${ref.name})`, found.def);
  }
  if (!found || depth > 4) return [];
  const defDoc = found.model.document;
  const defLine = found.def.line;
  const line = lineAt(defDoc, defLine);
  const d = line.directive;
  const tag = `(${ref.name})`;
  if (d.kind === 'acap-qualified-usage' && d.usage && !d.usage.local && USAGE_BY_NAME.has(d.usage.name)) {
    const q = qualifierStrings(line, d.qualifiers);
    const sources = [...q.known, ...q.unknown].map((qualifier) => ({ qualifier, uri: defDoc.uri, line: defLine }));
    return [{ usage: d.usage.name, via: tag, qualifiers: q.known, unknown: q.unknown, sources, ...(broken ? { broken } : {}) }];
  }
  if (d.kind === 'acap-composite-usage') {
    // Its members name the usages of the file that defines it (and the files referring to that
    // one), not those of the file using it: what go to definition and rename read (docs/decisions.md
    // §3.8). Read from the user's scope, a file referred to could change
    // a composite of the referring file by defining a usage of the same name.
    return d.members.flatMap((m) => expandUsage(m, found.scope, depth + 1).map((e) => ({ ...e, via: e.via ? `${tag} → ${e.via}` : tag, ...(broken && !e.broken ? { broken } : {}) })));
  }
  return [];
}

const standardExpansions = new Map<string, readonly Expanded[]>();
/**
 * A standard usage's expansion, one frozen list per usage: every field of a file naming one
 * shares it. Only the standard usages are kept (a fixed set); any other name expands to nothing.
 */
function standardExpansion(name: string): readonly Expanded[] {
  if (!USAGE_BY_NAME.has(name)) return NONE;
  let out = standardExpansions.get(name);
  if (!out) {
    out = Object.freeze([Object.freeze({ usage: name, via: undefined, qualifiers: NONE, unknown: NONE, sources: NONE })]);
    standardExpansions.set(name, out);
  }
  return out;
}

/**
 * What one compileRecords call shares between its fields: the scope, and the pattern list of each
 * plain resource specification met (fields naming the same path share one frozen list, instead of
 * a list and a normalised key each: 150,000 records of `ACAP-allow-crawl: /` made 300,000 objects).
 */
interface Compiling {
  readonly scope: DefinitionScope;
  readonly plain: Map<string, readonly CompiledPattern[]>;
}

function compilePatterns(spec: string, at: Compiling): { patterns: readonly CompiledPattern[]; set: string | undefined; broken?: string } {
  const scope = at.scope;
  if (namesResourceSet(spec)) {
    const name = spec.slice(RESOURCE_SET_PREFIX.length).toLowerCase();
    let found = findDefinition(scope, 'set', name);
    let broken: string | undefined;
    if (!found) {
      found = findMisplaced(scope, 'set', name);
      if (found) broken = misplacedClause(`resource set ‘${name}’`, found.def);
    }
    if (!found) return { patterns: [], set: name };
    const defLine = lineAt(found.model.document, found.def.line);
    const d = defLine.directive;
    if (d.kind !== 'acap-resource-set') return { patterns: [], set: name };
    return { patterns: d.patterns.map((p) => ({ text: slice(defLine, p), key: patternKey(slice(defLine, p)) })), set: name, ...(broken ? { broken } : {}) };
  }
  let patterns = at.plain.get(spec);
  if (!patterns) at.plain.set(spec, (patterns = Object.freeze([Object.freeze({ text: spec, key: patternKey(spec) })])));
  return { patterns, set: undefined };
}

function compileField(doc: RobotsDocument, i: number, at: Compiling): AcapField[] {
  const line = lineAt(doc, i);
  const d = line.directive;
  if (d.kind !== 'acap-permission' || !d.usage || !d.resource) return [];
  const { patterns, set, broken: setBroken } = compilePatterns(slice(line, d.resource), at);
  const own = qualifierStrings(line, d.qualifiers);
  const f = line.field;
  const broken = f?.repair === 'space-for-hyphen' ? 'it has a space where ACAP has a hyphen'
    : f?.repair === 'dash-lookalike' ? 'it has a typographic dash where ACAP has a hyphen'
      : f?.separator !== 'colon' ? 'it is missing the colon after its field name'
        // Part 1 §2.4.2: prohibitions never use local usages; such a field is ignored (and diagnosed).
        : !d.allow && d.usage.local ? `it prohibits the local usage (${d.usage.name}), and prohibitions may name only standard usages (Part 1 §2.4.2)`
          : setBroken;
  const ownAll = joined(own.known, own.unknown);
  const ownSources = ownAll.length === 0 ? NONE : ownAll.map((qualifier) => ({ qualifier, uri: doc.uri, line: i }));
  const expanded = expandUsage(d.usage, at.scope);
  const text = line.text.trim();
  // Mapped, not pushed one by one: a standard usage expands to one field, and its list is then
  // made exactly one long.
  return expanded.map((e): AcapField => ({
    broken: broken ?? e.broken,
    uri: doc.uri, line: i, text, allow: d.allow, usage: e.usage, via: e.via, resourceSet: set, patterns,
    // Unknown qualifiers travel like the others (interpretation §3.3): the answer never looks less restricted than the file.
    qualifiers: d.allow ? joined(ownAll, joined(e.qualifiers, e.unknown)) : NONE,
    unknownQualifiers: d.allow ? joined(own.unknown, e.unknown) : NONE,
    qualifierSources: d.allow ? joined(ownSources, e.sources) : NONE,
  }));
}

/** The compiled fields of `lines`, in line order (a shared empty list for none; a line's own list for one). */
function compileFields(doc: RobotsDocument, lines: readonly number[], at: Compiling): readonly AcapField[] {
  if (lines.length === 0) return NONE;
  if (lines.length === 1) return compileField(doc, lines[0], at);
  const out: AcapField[] = [];
  for (const i of lines) for (const f of compileField(doc, i, at)) out.push(f);
  return out;
}

/**
 * A model's records compiled in its own scope, and as read from each file that refers to it.
 * Keyed by the referring file's model, weakly: a query through ACAP-permissions-reference asked
 * again of the same version finds its records here, and the entries of the referring file's
 * earlier versions go with them (a scope object made per query kept one compiled copy of the
 * referenced file per query, and every version of the referring file with it).
 */
interface Compiled {
  own?: CompiledRecord[];
  readonly byReferrer: WeakMap<RobotsModel, CompiledRecord[]>;
  /**
   * The referring model asked last, with its records: a later version of the referring file whose
   * definitions read the same (sameDefinitions: typing elsewhere in it) takes them, instead of
   * compiling the referenced file again for each keystroke (40,000 fields: 54 ms a keystroke).
   * One per referenced model, replaced at each new referring model.
   */
  last?: { readonly referrer: RobotsModel; readonly records: CompiledRecord[] };
}
const cache = new WeakMap<RobotsModel, Compiled>();

/**
 * The records compiled last for each URI (in its own scope), with the model they were compiled
 * from. A version whose model kept a record (typing in a path or a value keeps the model and
 * every record the edit did not touch: model.ts, carryOver) takes that record's compiled form
 * from here instead of compiling it again; a record the edit touched, or one the model built
 * again (after a line added or removed), takes the fields of its lines the edit did not touch
 * (earlierFields). Both only while the definitions read the same (sameDefinitions). One entry per
 * URI (keepPerUri), forgotten with the document.
 */
const latest = new Map<string, { readonly model: RobotsModel; readonly byRecord: Map<AcapRecord, CompiledRecord>; readonly records: readonly CompiledRecord[] }>();

/** Forget the records compiled for `uri` (the document closed). */
export function forgetCompiledRecords(uri: string): void {
  latest.delete(uri);
}

/**
 * Whether the two models' definitions say the same: the same array, or definitions of the same
 * kinds and names on the same lines, each the very line node it was (a model built again after a
 * line was added or removed below the definitions has a new array of equal definitions).
 * O(definitions).
 */
function sameDefinitions(a: RobotsModel, b: RobotsModel): boolean {
  if (a.definitions === b.definitions) return a.resourceSets === b.resourceSets && a.localUsages === b.localUsages;
  if (a.definitions.length !== b.definitions.length) return false;
  return a.definitions.every((d, k) => {
    const e = b.definitions[k];
    return d.kind === e.kind && d.name === e.name && d.line === e.line && d.misplaced === e.misplaced && lineAt(a.document, d.line) === lineAt(b.document, e.line);
  });
}

/**
 * The ACAP records of a document, compiled; `referrer`, the model of a file that refers to this
 * one (Part 1 §2.3.2), whose definitions are then visible too (§2.7). Once per model and
 * referrer; in its own scope, O(records) plus, for each record the previous version did not have,
 * O(its lines) when the edit left most of them alone (earlierFields) and the compiling of the
 * lines it wrote: after typing in a record of 42,577 fields, one field.
 */
export function compileRecords(doc: RobotsDocument, referrer?: RobotsModel): CompiledRecord[] {
  const model = getModel(doc);
  let compiled = cache.get(model);
  if (!compiled) {
    compiled = { byReferrer: new WeakMap() };
    cache.set(model, compiled);
  }
  const hit = referrer ? compiled.byReferrer.get(referrer) : compiled.own;
  if (hit) return hit;
  if (referrer && compiled.last && sameDefinitions(compiled.last.referrer, referrer)) {
    const { records } = compiled.last;
    compiled.byReferrer.set(referrer, records);
    compiled.last = { referrer, records };
    return records;
  }
  const at: Compiling = { scope: { model, parent: referrer ? { model: referrer } : undefined }, plain: new Map() };
  // Kept records and fields are reused only in the file's own scope, with definitions that read the same.
  const before = referrer === undefined ? latest.get(doc.uri) : undefined;
  const same = before !== undefined && before.model !== model && sameDefinitions(before.model, model);
  const reusable = same ? before.byRecord : undefined;
  const regions = same ? regionsChangedSince(doc, before.model.document) : undefined;
  const earlier: Earlier | undefined = same && regions ? { doc: before.model.document, regions, records: before.records } : undefined;
  // A record of one crawler (nearly all) shares the list of that name with the others.
  const lone = new Map<string, readonly string[]>();
  const out = model.records.map((record): CompiledRecord => reusable?.get(record) ?? compileRecord(doc, record, at, lone, earlier));
  if (referrer) {
    compiled.byReferrer.set(referrer, out);
    compiled.last = { referrer, records: out };
    return out;
  }
  compiled.own = out;
  if (out.length > 0) {
    const byRecord = new Map<AcapRecord, CompiledRecord>();
    for (const r of out) byRecord.set(r.record, r);
    keepPerUri(latest, doc.uri, { model, byRecord, records: out });
  }
  return out;
}

/** The version the records were compiled last from, how the lines changed since, and those records (in line order). */
interface Earlier {
  readonly doc: RobotsDocument;
  readonly regions: readonly LineRegion[];
  readonly records: readonly CompiledRecord[];
}

/**
 * Lists of up to SHORT_LIST fields with up to SHORT_PATTERNS patterns in all are read whole by a
 * query (permissions.ts, matchingFields); others through an index of their patterns per usage.
 */
const SHORT_LIST = 16;
const SHORT_PATTERNS = 64;

/** Whether a query reads `list` whole, with no index: O(SHORT_LIST). */
export function readWhole(list: readonly AcapField[]): boolean {
  if (list.length > SHORT_LIST) return false;
  let patterns = 0;
  for (const f of list) patterns += f.patterns.length;
  return patterns <= SHORT_PATTERNS;
}

/**
 * The list each field list made by earlierFields was made from, while the index of its patterns
 * per usage (permissions.ts) has not been moved to it: one list back, never a chain of versions.
 */
const madeFrom = new WeakMap<readonly AcapField[], readonly AcapField[]>();

/**
 * The list `list` was made from by carrying the fields of unchanged lines over, if it was, and
 * the earlier list's index has not yet been moved to it; forgotten once asked (takeEarlierList).
 */
export function takeEarlierList(list: readonly AcapField[]): readonly AcapField[] | undefined {
  const from = madeFrom.get(list);
  if (from) madeFrom.delete(list);
  return from;
}

/**
 * The earlier version's compiled record holding a line of `record` that no edit since wrote: its
 * first line, its last crawler or its first or last general field, found among the earlier
 * records by line (O(log records)). Undefined when all of those lines were written.
 */
function earlierRecord(record: AcapRecord, earlier: Earlier): CompiledRecord | undefined {
  const records = earlier.records;
  for (const line of [record.startLine, record.crawlers[record.crawlers.length - 1], record.general[0], record.general[record.general.length - 1]]) {
    if (line === undefined) continue;
    const j = originalLine(earlier.regions, line);
    if (j === undefined) continue;
    // The last record starting at or before line j.
    const found = lowerBoundBy(records, j + 1, (r) => r.record.startLine) - 1;
    if (found >= 0 && records[found].record.endLine >= j) return records[found];
  }
  return undefined;
}

/**
 * `f` on line `line` instead: its own qualifiers' sources move with it. Written out in
 * compileField's order, not spread: the copies of a record's 42,577 fields after Enter took 7 ms
 * spread (in a CPU profile), and share the compiled fields' shape so.
 */
function movedField(f: AcapField, line: number): AcapField {
  const from = f.line;
  const qualifierSources = f.qualifierSources.length === 0 ? f.qualifierSources
    : f.qualifierSources.map((s) => (s.line === from && s.uri === f.uri ? { qualifier: s.qualifier, uri: s.uri, line } : s));
  return {
    broken: f.broken,
    uri: f.uri, line, text: f.text, allow: f.allow, usage: f.usage, via: f.via, resourceSet: f.resourceSet, patterns: f.patterns,
    qualifiers: f.qualifiers,
    unknownQualifiers: f.unknownQualifiers,
    qualifierSources,
  };
}

/**
 * The compiled fields of `lines`, taking those of each line that no edit wrote since `earlier`
 * from the earlier list (`oldLines`, compiled as `oldFields`): the very field objects when the
 * line kept its number, copies on their new line when lines were added or removed before it.
 * Only the lines written are compiled. Every line that is carried is checked to be the very line
 * node it was. The earlier list itself when nothing differs; else a new list, remembered as made
 * from it (madeFrom). O(lines + oldLines + oldFields) plus the compiling of the written lines.
 */
function earlierFields(doc: RobotsDocument, lines: readonly number[], oldLines: readonly number[], oldFields: readonly AcapField[], earlier: Earlier, at: Compiling): readonly AcapField[] {
  if (lines.length === 0) return NONE;
  const out: AcapField[] = [];
  let o = 0;
  let f = 0;
  for (const i of lines) {
    const j = originalLine(earlier.regions, i);
    let carried = false;
    if (j !== undefined) {
      while (o < oldLines.length && oldLines[o] < j) o++;
      if (o < oldLines.length && oldLines[o] === j && lineAt(earlier.doc, j) === lineAt(doc, i)) {
        while (f < oldFields.length && oldFields[f].line < j) f++;
        for (; f < oldFields.length && oldFields[f].line === j; f++) out.push(i === j ? oldFields[f] : movedField(oldFields[f], i));
        carried = true;
      }
    }
    if (!carried) for (const field of compileField(doc, i, at)) out.push(field);
  }
  if (out.length === oldFields.length && out.every((field, k) => field === oldFields[k])) return oldFields;
  // One list back: the earlier list lets go of its own (a list no query indexed would otherwise
  // hold every earlier version's). A list read whole has no index to move, and keeps none: after
  // Enter above 150,000 records of a field each, every record's list would hold its earlier one.
  madeFrom.delete(oldFields);
  if (!readWhole(out)) madeFrom.set(out, oldFields);
  return out;
}

/** The lower-cased value of ACAP-crawler line `c`. */
function crawlerAt(doc: RobotsDocument, c: number): string {
  const line = lineAt(doc, c);
  return line.field ? slice(line, line.field.value).toLowerCase() : '';
}

function compileRecord(doc: RobotsDocument, record: AcapRecord, at: Compiling, lone: Map<string, readonly string[]>, earlier: Earlier | undefined): CompiledRecord {
  let crawlers: readonly string[];
  if (record.crawlers.length === 1) {
    const name = crawlerAt(doc, record.crawlers[0]);
    const shared = lone.get(name);
    if (shared) crawlers = shared;
    else lone.set(name, (crawlers = Object.freeze([name])));
  } else crawlers = record.crawlers.map((c) => crawlerAt(doc, c));
  const ref = record.reference;
  const refField = ref !== undefined ? lineAt(doc, ref).field : undefined;
  const old = earlier && earlierRecord(record, earlier);
  const fields = (lines: readonly number[], oldLines: readonly number[] | undefined, oldFields: readonly AcapField[] | undefined): readonly AcapField[] =>
    (old && oldLines && oldFields ? earlierFields(doc, lines, oldLines, oldFields, earlier!, at) : compileFields(doc, lines, at));
  return {
    uri: doc.uri,
    record,
    crawlers,
    star: crawlers.includes('*'),
    general: fields(record.general, old?.record.general, old?.general),
    // Sub-records are paired with the earlier record's by position: an edit that adds or removes
    // one compiles those after it again, line by line checked all the same.
    subRecords: record.subRecords.length === 0 ? NONE : record.subRecords.map((s, x) => ({
      purposes: s.purposes.map((p) => {
        const f = lineAt(doc, p).field;
        const text = f ? slice(lineAt(doc, p), f.value) : '';
        return { line: p, text, key: text.toLowerCase() };
      }),
      fields: fields(s.fields, old?.record.subRecords[x]?.fields, old?.subRecords[x]?.fields),
    })),
    reference: ref !== undefined && refField ? { line: ref, locator: slice(lineAt(doc, ref), refField.value) } : undefined,
  };
}

/**
 * The distinct patterns of the compiled fields of `doc` (general and purpose fields), as written,
 * in file order: O(fields). Probe paths are made from them (conversions' verification, diffs);
 * listed with repeats, 150,000 records of one pattern made 150,000 strings per document read.
 */
export function fieldPatterns(doc: RobotsDocument): string[] {
  const out = new Set<string>();
  const add = (fields: readonly AcapField[]): void => {
    for (const f of fields) for (const p of f.patterns) out.add(p.text);
  };
  for (const r of compileRecords(doc)) {
    add(r.general);
    for (const s of r.subRecords) add(s.fields);
  }
  return [...out];
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
  const uri = records[0]?.uri;
  const last = uri === undefined ? undefined : lastIndexes.get(uri);
  out = last && movedIndex(last.records, last.index, records);
  if (!out) out = buildRecordIndex(records);
  recordIndexes.set(records, out);
  if (uri !== undefined) keepPerUri(lastIndexes, uri, { records, index: out });
  return out;
}

/** The last index made per URI (keepPerUri), for the next version's list (movedIndex). */
const lastIndexes = new Map<string, { readonly records: readonly CompiledRecord[]; readonly index: RecordIndex }>();

/** Forget the last record index of `uri` (the document closed). */
export function forgetRecordIndex(uri: string): void {
  lastIndexes.delete(uri);
}

/** Records changed between two lists beyond which the index is built again rather than patched. */
const PATCH_MAX = 64;

/**
 * The index of `records` from that of `before`, a list of as many records that differs from it in
 * at most PATCH_MAX places (compileRecords keeps every record an edit did not touch), each naming
 * the same crawlers: the same index when nothing differs, else a copy with the changed records
 * put in place of the old. O(records) pointer comparisons, plus a copy of the crawler map when
 * one differs; undefined when the lists differ otherwise.
 */
function movedIndex(before: readonly CompiledRecord[], index: RecordIndex, records: readonly CompiledRecord[]): RecordIndex | undefined {
  if (before.length !== records.length) return undefined;
  const changed: number[] = [];
  for (let k = 0; k < records.length; k++) {
    if (records[k] === before[k]) continue;
    const a = before[k];
    const b = records[k];
    if (changed.length >= PATCH_MAX || a.star !== b.star || a.crawlers.length !== b.crawlers.length || a.crawlers.some((c, i) => c !== b.crawlers[i])) return undefined;
    changed.push(k);
  }
  if (changed.length === 0) return index;
  const byCrawler = new Map(index.byCrawler);
  let star = index.star;
  const swap = (list: readonly CompiledRecord[], k: number): CompiledRecord[] => list.map((r) => (r === before[k] ? records[k] : r));
  for (const k of changed) {
    if (records[k].star) star = swap(star, k);
    else for (const c of new Set(records[k].crawlers)) byCrawler.set(c, swap(byCrawler.get(c)!, k));
  }
  return { byCrawler, star };
}

function buildRecordIndex(records: readonly CompiledRecord[]): RecordIndex {
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
  return { byCrawler, star };
}
