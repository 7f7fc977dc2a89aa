/**
 * ACAP definitions and the version comment: the shape of ACAP-resource-set, -qualified-usage and
 * -composite-usage lines (Part 1 §2.7), their place before the records and their names (§3),
 * references to them from permissions (§2.4.1.3, §2.4.4), ACAP-ignore-conventional-records
 * (§2.9.1), and `##ACAP version=` (§2.9.3). Line checks read one line (O(n) in its length); the
 * structure check reads the model (O(definitions + strays + version lines)); the reference check
 * visits every line (O(lines)), asking the workspace only for a name this file does not define.
 */
import { ACAP_VERSIONS, namesResourceSet, RESOURCE_SET_PREFIX } from '../../facts/facts';
import { closest, didYouMean } from '../../facts/suggest';
import type { Directive, UsageRef } from '../../syntax/directives';
import type { Finding, LocatedFinding } from '../../syntax/findings';
import type { LineNode, Span } from '../../syntax/syntax';
import { lineAt, lineCount, type RobotsDocument } from '../../syntax/document';
import { isAcapName } from '../../acap/values';
import { referencingDocuments, type WorkspaceContext } from '../../syntax/workspace';
import { getModel, modelLineage, nameSpan, type Definition, type RobotsModel } from '../../model/model';
import { action, contentStart, eolOf, moveLine, replaceWith, type Topic } from '../rule';
import { checkLocalName, checkPattern, checkStandardUsage } from './acapFields';
import { checkQualifiers } from './qualifiers';
import { leastOf } from '../../syntax/numbers';

type Out = Finding[];

function text(line: LineNode, span: Span): string {
  return line.text.slice(span.start, span.end);
}

function checkName(line: LineNode, name: Span | undefined, what: string, field: string, out: Out, whole: Span): void {
  if (!name) {
    out.push({ code: 'acap.invalid-definition', span: whole, message: `${field} needs a ${what} name, then its parts, all on this line: each definition is a single line (Part 1 §2.7).` });
  } else if (!isAcapName(text(line, name))) {
    out.push({ code: 'acap.invalid-name', span: name, message: `‘${text(line, name)}’ is not a valid ${what} name: start with a letter, then letters, digits, ‘-’, ‘_’ or ‘.’ (Part 1 §3).` });
  }
}

type DefinitionDirective = Extract<Directive, { kind: 'acap-qualified-usage' | 'acap-composite-usage' | 'acap-resource-set' }>;

/** A definition line's shape: its name, then its usage and qualifiers, members or patterns (Part 1 §2.7). */
export function checkDefinition(line: LineNode, d: DefinitionDirective, out: Out): void {
  const f = line.field;
  if (!f) return;
  switch (d.kind) {
    case 'acap-qualified-usage': {
      checkName(line, d.name, 'qualified usage', 'ACAP-qualified-usage', out, f.name);
      if (!d.name) return;
      if (!d.usage) {
        out.push({ code: 'acap.invalid-definition', span: d.name, message: 'Follow the name with a standard usage type and its qualifiers, e.g. `cache preserve time-limit=until-recrawled` (Part 1 §2.7.1).' });
        return;
      }
      if (d.usage.local) {
        out.push({ code: 'acap.invalid-definition', span: d.usage.span, message: 'A qualified usage is built on a standard usage type, not on another local usage (Part 1 §2.7.1).' });
        return;
      }
      const usage = checkStandardUsage(line, d.usage, true, out);
      if (d.qualifiers.length === 0) {
        out.push({ code: 'acap.invalid-definition', span: d.usage.span, message: 'A qualified usage needs at least one qualifier (Part 1 §2.7.1); without one, use the usage type directly.' });
      }
      checkQualifiers(line, d.qualifiers, usage, out);
      return;
    }
    case 'acap-composite-usage': {
      checkName(line, d.name, 'composite usage', 'ACAP-composite-usage', out, f.name);
      if (!d.name) return;
      if (d.members.length === 0) {
        out.push({ code: 'acap.invalid-definition', span: d.name, message: 'List the usages this composite usage stands for, e.g. `basic crawl index present` (Part 1 §2.7.2).' });
      }
      for (const m of d.members) {
        if (m.local) checkLocalName(line, m, out);
        else checkStandardUsage(line, m, true, out);
      }
      return;
    }
    case 'acap-resource-set': {
      checkName(line, d.name, 'resource set', 'ACAP-resource-set', out, f.name);
      if (!d.name) return;
      if (d.patterns.length === 0) {
        out.push({ code: 'acap.invalid-definition', span: d.name, message: 'List the resource path patterns of the set after its name, e.g. `images *.gif *.jpg` (Part 1 §2.7.3).' });
      }
      for (const p of d.patterns) checkPattern(line, p, out);
      return;
    }
  }
}

/** ACAP-ignore-conventional-records takes no colon and no value (Part 1 §2.9.1). */
export function checkIgnoreConventional(line: LineNode, out: Out): void {
  const f = line.field;
  if (!f) return;
  const value = f.value;
  if (f.separator === 'colon' || value.start < value.end) {
    const start = f.separator === 'colon' ? f.colon : value.start;
    out.push({ code: 'acap.ignore-conventional-value', span: { start, end: Math.max(value.end, start + 1) }, message: 'ACAP-ignore-conventional-records takes no colon and no value (Part 1 §2.9.1): any field of that name tells ACAP crawlers to ignore conventional records.', replacement: '' });
  }
}

/** `##ACAP version=x.y`, written exactly so and naming a version the product knows (Part 1 §2.9.3). */
export function checkVersionComment(line: LineNode, out: Out): void {
  const d = line.directive;
  if (d.kind !== 'acap-version' || !line.comment) return;
  const version = d.version ? text(line, d.version) : '';
  if (!d.wellFormed) {
    const fixed = `##ACAP version=${version || '1.0'}`;
    out.push({ code: 'acap.version-malformed', span: line.comment, message: `Write the ACAP version comment exactly as ‘${fixed}’ (Part 1 §2.9.3).`, replacement: fixed });
  } else if (!ACAP_VERSIONS.includes(version)) {
    out.push({ code: 'acap.version-unknown', span: d.version ?? line.comment, message: `ACAP version ‘${version}’ is not one this product knows (${ACAP_VERSIONS.join(', ')})${version.startsWith('0.') ? '; 0.x were pilot versions that predate the specification' : ''} (Part 1 §2.9.3).`, replacement: '1.0' });
  }
}

/**
 * Where definitions, ACAP-ignore-conventional-records and the version comment stand, and names
 * defined twice: the version comment first in the file (§2.9.3), the ignore field before every
 * definition and record (§2.9.1), definitions before the records (§2.7), one definition per name
 * (§3; qualified and composite usages share one set of names).
 */
export function checkDefinitionStructure(model: RobotsModel, out: LocatedFinding[]): void {
  // Lines are read one by one: the version's line array would be made for every edit (O(lines)).
  const doc = model.document;
  const nameAt = (i: number): Span => lineAt(doc, i).field?.name ?? { start: 0, end: 0 };
  const v = model.versionLines[0];
  if (v !== undefined) {
    let firstContent = 0;
    while (firstContent < v && lineAt(doc, firstContent).kind === 'blank') firstContent++;
    if (firstContent < v) {
      out.push({ line: v, code: 'acap.version-misplaced', span: lineAt(doc, v).comment ?? { start: 0, end: lineAt(doc, v).text.length }, message: `Put the ACAP version comment first in the file, before line ${firstContent + 1} (Part 1 §2.9.3), so crawlers see it before anything else.` });
    }
  }
  const firstDefinition = model.definitions[0]?.line;
  const firstRecord = model.records[0]?.startLine;
  for (const i of model.ignoreConventional) {
    const before = firstDefinition !== undefined && firstDefinition < i ? firstDefinition : firstRecord !== undefined && firstRecord < i ? firstRecord : undefined;
    if (before !== undefined) {
      out.push({ line: i, code: 'acap.ignore-conventional-misplaced', span: nameAt(i), message: `Place ACAP-ignore-conventional-records before any ACAP definition or record (Part 1 §2.9.1; ABNF §3), e.g. above line ${before + 1}.` });
    }
  }
  for (const s of model.strays) {
    if (s.kind !== 'late-definition' || firstRecord === undefined) continue;
    out.push({ line: s.line, code: 'acap.definition-after-record', span: nameAt(s.line), message: `Definitions must precede all ACAP records (Part 1 §2.7); move this line above the record of line ${firstRecord + 1}.` });
  }
  for (const def of model.definitions) {
    if (def.misplaced) continue;
    const first = (def.kind === 'resource-set' ? model.resourceSets : model.localUsages).get(def.name);
    if (!first || first === def) continue;
    const line = lineAt(doc, def.line);
    const d = line.directive;
    const span = 'name' in d && d.name ? d.name : { start: 0, end: line.text.length };
    const what = def.kind === 'resource-set' ? 'resource set' : 'local usage (qualified and composite usages share one set of names)';
    out.push({
      line: def.line, code: 'acap.duplicate-definition', span,
      message: `‘${def.name}’ is already defined as a ${what} on line ${first.line + 1}; names are case-insensitive (Part 1 §3). Rename one of them.`,
      related: [{ line: first.line, span: nameSpan(lineAt(doc, first.line)), message: 'first definition' }],
    });
  }
}

/** The workspace gives the files that refer to this one: their definitions count here (Part 1 §2.4.1.3). */
export function checkDefinitionReferences(model: RobotsModel, out: LocatedFinding[], ctx: WorkspaceContext = {}): void {
  checkReferences(model, out, { elsewhere: definedElsewhere(model.document, ctx), suggest: suggester(MAX_SUGGESTIONS) });
}

/**
 * "Did you mean" for at most this many undefined names per validation: each compares the name
 * with every name the file defines, and 3,000 undefined references among 3,000 definitions took
 * 16 s. Past it the findings are the same, without a suggestion.
 */
const MAX_SUGGESTIONS = 200;

/** `closest`, for the first `max` names asked. */
function suggester(max: number): (word: string, names: Iterable<string>) => string | undefined {
  let left = max;
  return (word, names) => (left-- > 0 ? closest(word, names) : undefined);
}

/** Where a name this file does not define is looked for: files referring to it, then typos of its own names. */
interface Lookup {
  readonly elsewhere: Elsewhere;
  readonly suggest: (word: string, names: Iterable<string>) => string | undefined;
}

/** The definitions after the first ACAP record, by kind and name (the first of each), once per model. */
const misplacedCache = new WeakMap<RobotsModel, Map<string, Definition>>();
function misplacedDefinition(model: RobotsModel, set: boolean, name: string): Definition | undefined {
  let byName = misplacedCache.get(model);
  if (!byName) {
    byName = new Map();
    for (const d of model.definitions) {
      const key = `${d.kind === 'resource-set' ? 'set' : 'usage'} ${d.name}`;
      if (d.misplaced && !byName.has(key)) byName.set(key, d);
    }
    misplacedCache.set(model, byName);
  }
  return byName.get(`${set ? 'set' : 'usage'} ${name}`);
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

function checkLocalRef(model: RobotsModel, lineNo: number, usage: UsageRef, inComposite: boolean, out: LocatedFinding[], lookup: Lookup): void {
  if (!usage.local || usage.unclosed || !usage.name) return;
  const doc = model.document;
  const def = model.localUsages.get(usage.name);
  // A composite's members must be defined in the same file (Part 1 §2.7.2, ABNF note); a
  // permission may use a usage defined in a file that refers to this one (§2.4.1.3).
  if (!def && !inComposite && lookup.elsewhere('usage', usage.name)) return;
  if (!def) {
    const late = misplacedDefinition(model, false, usage.name);
    // A typo of a name this file defines (O(names) short distances, within a budget).
    const near = late ? undefined : lookup.suggest(usage.name, model.localUsages.keys());
    out.push({
      ...(near ? { replacement: near } : {}),
      line: lineNo, code: 'acap.undefined-local-usage', span: usage.nameSpan,
      message: late
        ? `‘${usage.name}’ is defined on line ${late.line + 1}, after the first ACAP record, where crawlers ignore definitions (Part 1 §2.7). Move that definition above the records.`
        : near
          ? `No qualified or composite usage named ‘${usage.name}’ is defined in this file (Part 1 §2.4.1.3).${didYouMean(near)}`
          : `No qualified or composite usage named ‘${usage.name}’ is defined in this file (Part 1 §2.4.1.3). Define it with ACAP-qualified-usage or ACAP-composite-usage above the first ACAP record.`,
      ...(late ? { related: [{ line: late.line, span: nameSpan(lineAt(doc, late.line)), message: 'defined here, too late' }] } : {}),
    });
    return;
  }
  if (!inComposite) return;
  if (def.kind !== 'qualified-usage') {
    out.push({ line: lineNo, code: 'acap.composite-member-not-qualified', span: usage.span, message: `‘${usage.name}’ is a composite usage; a composite usage may only list standard usage types and qualified usages (Part 1 §2.7.2, ABNF note).`, related: [{ line: def.line, span: nameSpan(lineAt(doc, def.line)), message: 'defined here' }] });
  } else if (def.line > lineNo) {
    out.push({ line: lineNo, code: 'acap.definition-order', span: usage.span, message: `‘${usage.name}’ is defined later, on line ${def.line + 1}; a definition must come after the definitions it relies on (Part 1 §2.7). Move that line above this one.`, related: [{ line: def.line, span: nameSpan(lineAt(doc, def.line)), message: 'defined here' }] });
  }
}

/**
 * Whether a line refers to a definition: a permission naming a local usage or a resource set, or
 * a composite usage (its members). A permission of a standard usage on a path refers to none and
 * is not listed: checkReferences read each of the 42,577 fields of a record on every keystroke
 * (a tenth of a keystroke's validation there, in a CPU profile) to find nothing.
 */
function refers(line: LineNode): boolean {
  const d = line.directive;
  if (d.kind === 'acap-composite-usage') return true;
  if (d.kind !== 'acap-permission') return false;
  return d.usage?.local === true || (d.resource !== undefined && namesResourceSet(line.text.slice(d.resource.start, d.resource.end)));
}

/** The lines of each analysed version that can refer to a definition, ascending. */
const referringLines = new WeakMap<RobotsDocument, readonly number[]>();

/**
 * The lines of the model's document that can refer to a definition. After an edit of an analysed
 * version (modelLineage), the previous list is patched: entries before the edit kept, the edited
 * lines read again, the rest moved by the lines added or removed — O(referring lines + edited
 * lines), nothing for a file without ACAP; otherwise every line is read once, O(lines).
 */
function referringLinesOf(model: RobotsModel): readonly number[] {
  const doc = model.document;
  let list = referringLines.get(doc);
  if (list) return list;
  const lin = modelLineage(model);
  const before = lin && referringLines.get(lin.previous.document);
  const out: number[] = [];
  if (lin && before) {
    const moved = lin.to - lin.oldTo;
    let k = 0;
    while (k < before.length && before[k] < lin.from) out.push(before[k++]);
    for (let i = lin.from; i < lin.to; i++) if (refers(lineAt(doc, i))) out.push(i);
    while (k < before.length && before[k] < lin.oldTo) k++;
    while (k < before.length) out.push(before[k++] + moved);
  } else {
    const n = lineCount(doc);
    for (let i = 0; i < n; i++) if (refers(lineAt(doc, i))) out.push(i);
  }
  list = out;
  referringLines.set(doc, list);
  return list;
}

function checkReferences(model: RobotsModel, out: LocatedFinding[], lookup: Lookup): void {
  const doc = model.document;
  for (const i of referringLinesOf(model)) {
    const line = lineAt(doc, i);
    const d = line.directive;
    if (d.kind === 'acap-permission') {
      if (d.usage) checkLocalRef(model, i, d.usage, false, out, lookup);
      if (d.resource) {
        const spec = line.text.slice(d.resource.start, d.resource.end);
        if (namesResourceSet(spec)) {
          const name = spec.slice(RESOURCE_SET_PREFIX.length).toLowerCase();
          if (name && !model.resourceSets.has(name) && !lookup.elsewhere('set', name)) {
            const late = misplacedDefinition(model, true, name);
            const near = late ? undefined : lookup.suggest(name, model.resourceSets.keys());
            out.push({
              ...(near ? { replacement: near } : {}),
              line: i, code: 'acap.undefined-resource-set', span: { start: d.resource.start + RESOURCE_SET_PREFIX.length, end: d.resource.end },
              message: late
                ? `‘${name}’ is defined on line ${late.line + 1}, after the first ACAP record, where crawlers ignore definitions (Part 1 §2.7), so this field matches nothing. Move that definition above the records.`
                : near
                  ? `No resource set named ‘${name}’ is defined in this file (Part 1 §2.4.4).${didYouMean(near)}`
                  : `No resource set named ‘${name}’ is defined in this file (Part 1 §2.4.4). Define it with ‘ACAP-resource-set: ${name} /path/ …’ above the first ACAP record.`,
              ...(late ? { related: [{ line: late.line, span: nameSpan(lineAt(doc, late.line)), message: 'defined here, too late' }] } : {}),
            });
          }
        }
      }
    } else if (d.kind === 'acap-composite-usage') {
      for (const m of d.members) checkLocalRef(model, i, m, true, out, lookup);
    }
  }
}

export function checkVersionComments(model: RobotsModel, out: LocatedFinding[]): void {
  const doc = model.document;
  for (const v of model.versionLines.slice(1)) {
    out.push({ line: v, code: 'acap.version-duplicate', span: lineAt(doc, v).comment ?? { start: 0, end: 0 }, message: `The ACAP version is already declared on line ${model.versionLines[0] + 1}; keep one version comment.` });
  }
  if (model.versionLines.length === 0 && model.records.length > 0) {
    const first = model.records[0].startLine;
    out.push({ line: first, code: 'acap.version-missing', span: lineAt(doc, first).field?.name ?? { start: 0, end: 0 }, message: 'Start the file with ‘##ACAP version=1.0’ to tell crawlers it holds ACAP records (Part 1 §2.9.3).' });
  }
}

/**
 * An unknown usage that names a local usage of this file (Part 1 §2.4.1.3: a locally-defined usage
 * is always written in parentheses): said so, with the parentheses as the fix. Undefined when the
 * definitions change nothing.
 */
export function readAsLocalUsage(model: RobotsModel, line: LineNode, f: LocatedFinding): LocatedFinding | undefined {
  if (f.code !== 'acap.unknown-usage') return undefined;
  const name = line.text.slice(f.span.start, f.span.end);
  if (!model.localUsages.has(name.toLowerCase())) return undefined;
  return { ...f, message: `‘${name}’ is a locally-defined usage, so write it in parentheses: ‘(${name})’ (Part 1 §2.4.1.3).`, replacement: `(${name})` };
}

/** The local usages a definition line relies on (Part 1 §2.7): a composite's local members, a qualified usage's local base. */
function reliesOn(line: LineNode): string[] {
  const d = line.directive;
  if (d.kind === 'acap-composite-usage') return d.members.filter((m) => m.local).map((m) => m.name);
  if (d.kind === 'acap-qualified-usage' && d.usage?.local) return [d.usage.name];
  return [];
}

/**
 * Where the fix for a definition after the first record moves it: above the first record, and
 * above the first definition there that relies on it, but below those it relies on (a definition
 * must come after the definitions it relies on, Part 1 §2.7). Undefined when no line qualifies,
 * or when its name is defined above the first record already (moved, it would be a duplicate).
 * O(definitions).
 */
function definitionPlace(doc: RobotsDocument, line: number): number | undefined {
  const model = getModel(doc);
  const first = model.records[0]?.startLine;
  const self = model.definitions.find((x) => x.line === line);
  if (first === undefined || first >= line || !self) return undefined;
  const before = model.definitions.filter((x) => x.line < first);
  if (before.some((x) => x.name === self.name && (x.kind === 'resource-set') === (self.kind === 'resource-set'))) return undefined;
  let to = first;
  let from = 0;
  const needs = new Set(reliesOn(lineAt(doc, line)));
  for (const x of before) {
    if (self.kind !== 'resource-set' && reliesOn(lineAt(doc, x.line)).includes(self.name)) to = Math.min(to, x.line);
    if (x.kind !== 'resource-set' && needs.has(x.name)) from = Math.max(from, x.line + 1);
  }
  return from <= to ? to : undefined;
}

export const topic: Topic = {
  topic: 'ACAP definitions and version',
  rules: [
    { codes: ['acap.invalid-definition'], stage: 'line', check: checkDefinition },
    { codes: ['acap.ignore-conventional-value'], stage: 'line', check: checkIgnoreConventional, fixes: { 'acap.ignore-conventional-value': replaceWith(() => 'Remove the colon and value') } },
    {
      codes: ['acap.version-malformed', 'acap.version-unknown'], stage: 'line', check: checkVersionComment,
      fixes: { 'acap.version-malformed': replaceWith((r) => `Write ‘${r}’`), 'acap.version-unknown': replaceWith((r) => `Declare ACAP version ${r}`) },
    },
    {
      codes: ['acap.version-misplaced', 'acap.ignore-conventional-misplaced', 'acap.definition-after-record', 'acap.duplicate-definition'], stage: 'structure', check: checkDefinitionStructure,
      fixes: {
        'acap.version-misplaced': (doc, d) => (d.range.start.line > 0 ? [action('Move the version comment to the start of the file', doc, d, moveLine(doc, d.range.start.line, 0))] : []),
        'acap.ignore-conventional-misplaced': (doc, d) => {
          const model = getModel(doc);
          const line = d.range.start.line;
          const firstAcap = leastOf(model.records.map((r) => r.startLine), leastOf(model.definitions.map((x) => x.line)));
          return firstAcap < line ? [action('Move it above the ACAP definitions and records', doc, d, moveLine(doc, line, firstAcap))] : [];
        },
        'acap.definition-after-record': (doc, d) => {
          const to = definitionPlace(doc, d.range.start.line);
          return to === undefined ? [] : [action('Move the definition above the first ACAP record', doc, d, moveLine(doc, d.range.start.line, to))];
        },
      },
    },
    { codes: ['acap.undefined-resource-set', 'acap.undefined-local-usage', 'acap.composite-member-not-qualified', 'acap.definition-order'], stage: 'document', check: checkDefinitionReferences },
    {
      codes: ['acap.version-duplicate', 'acap.version-missing'], stage: 'document', check: checkVersionComments,
      fixes: { 'acap.version-missing': (doc, d) => [action('Add ‘##ACAP version=1.0’ at the start of the file', doc, d, [{ range: { start: { line: 0, character: contentStart(doc, 0) }, end: { line: 0, character: contentStart(doc, 0) } }, newText: `##ACAP version=1.0${eolOf(doc)}` }])] },
    },
  ],
};
