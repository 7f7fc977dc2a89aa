/**
 * doComplete: what may be written at the cursor, read from where the cursor stands — the line's
 * text up to it, the line's directive, and the model of the file around it.
 *
 * - start of a line / a field name: the fields valid there (Part 1 §2.3, §2.7, §2.9.1; RFC 9309 §2.2);
 * - after `ACAP-allow-` / `ACAP-disallow-`: usage types and, for permissions only, local usages
 *   (§2.4.1.3, §2.4.2); after `ACAP-…-present-`: used resource types (§2.5.5.1); after
 *   `ACAP-request-`: the actions (§2.6);
 * - a resource specification: workspace paths and defined resource sets (§2.4.3, §2.4.4);
 * - after it: the qualifiers valid for the usage (§2.5), then their values;
 * - crawler names (§2.3.1), usage purposes (§2.3.3), and the `##ACAP version=` value (§2.9.3).
 *
 * Every item replaces exactly the word being typed, whatever its case, and all facts come from
 * facts.ts (crawler facts from crawlers.ts).
 */
import {
  CompletionItemKind, CompletionItemTag, InsertTextFormat, MarkupKind,
  type Command, type CompletionItem, type CompletionList, type Position,
} from 'vscode-languageserver-types';
import type { RobotsDocument } from '../syntax/document';
import { words, type QualifierSyntax } from '../syntax/directives';
import {
  ACAP_VERSIONS, ACTIONS, FIELDS, INCLUDE_ROLES, QUALIFIER_BY_NAME, RESOURCE_SET_PREFIX, USAGE_BY_NAME, USAGES,
  factDoc, formatSpec, qualifierUse, qualifiersFor, type FieldFact, type QualifierFact,
} from '../facts/facts';
import { CRAWLER_BY_TOKEN, CRAWLERS, describeCrawler } from '../facts/crawlers';
import { getModel, type AcapRecord, type RobotsModel } from '../model/model';
import { agentToken } from '../engine/permissions';
import type { FieldSyntax, LineNode, Span } from '../syntax/syntax';
import { sitePaths, type WorkspaceContext } from '../syntax/workspace';

/** What the server knows beyond the document: the workspace, whose site paths are listed only when a path is completed. */
export interface CompletionContextInfo extends WorkspaceContext {
  /** Paths of the site's files, relative to the site root (the robots.txt folder), each starting with `/`; instead of the workspace's. */
  readonly workspacePaths?: readonly string[];
}

/** The completions at `position`; never throws. Incomplete while a field name is typed, and where a long list is cut (resourceSetItems, purposeItems). */
export function doComplete(doc: RobotsDocument, position: Position, context: CompletionContextInfo = {}): CompletionList {
  const line = doc.lines[position.line];
  if (!line) return { isIncomplete: false, items: [] };
  const ch = Math.max(0, Math.min(Number.isFinite(position.character) ? Math.floor(position.character) : 0, line.text.length));
  const at: Cursor = { doc, lineNo: position.line, line, ch, context, model: getModel(doc) };
  const items = complete(at);
  return { isIncomplete: typingFieldName(line, ch) || at.incomplete === true, items };
}

/**
 * While a field name is being typed the list changes with it (`ACAP-allow-` → usage types): the
 * list is marked incomplete so that the client asks again on each keystroke. VS Code keeps an
 * open list when a trigger character is typed inside a word, so `-` alone is not enough (issue 15).
 */
function typingFieldName(line: LineNode, ch: number): boolean {
  const f = line.field;
  if (f) return ch >= f.name.start && ch <= f.name.end && !/[ \t]/.test(line.text.slice(f.name.start, ch));
  return /^[A-Za-z][A-Za-z-]*$/.test(line.text.slice(line.bom, ch).trimStart());
}

interface Cursor {
  readonly doc: RobotsDocument;
  readonly lineNo: number;
  readonly line: LineNode;
  readonly ch: number;
  readonly context: CompletionContextInfo;
  readonly model: RobotsModel;
  /** Set when a list was cut short (resourceSetItems, purposeItems): the client asks again as the user types. */
  incomplete?: boolean;
}

/** The client asks again once an item is inserted, so the next part (a usage, a value) is offered at once. */
const RETRIGGER: Command = { title: 'Suggest', command: 'editor.action.triggerSuggest' };

function isWs(c: string): boolean {
  return c === ' ' || c === '\t';
}

function complete(at: Cursor): CompletionItem[] {
  const { line, ch } = at;
  // Nothing goes before a byte-order mark.
  if (ch < line.bom) return [];
  if (line.comment && ch > line.comment.start) return versionItems(at);
  const f = line.field;
  if (!f) {
    // A blank line, or the cursor before a comment: a field may start here.
    return line.text.slice(line.bom, ch).trim() === '' ? fieldItems(at, { start: ch, end: ch }, undefined) : [];
  }
  if (ch < f.name.start) return [];
  if (ch <= f.name.end) {
    if (f.fact?.isPrefix && f.suffix && ch >= f.suffix.start) return suffixItems(at, f, f.fact, f.suffix);
    // Only the first word of a name is being typed (`User agent` is a repair, not a word).
    if (/[ \t]/.test(line.text.slice(f.name.start, ch))) return [];
    let end = ch;
    while (end < f.name.end && !isWs(line.text[end])) end++;
    return fieldItems(at, { start: f.name.start, end }, f);
  }
  if (f.separator !== 'colon' || ch <= f.colon) return [];
  return valueItems(at, f);
}

// ---------------------------------------------------------------------------------------------
// Items

interface ItemSpec {
  readonly label: string;
  readonly kind: CompletionItemKind;
  readonly range: Span;
  readonly newText: string;
  readonly sortText: string;
  readonly filterText?: string;
  readonly detail?: string;
  readonly documentation?: string;
  readonly snippet?: boolean;
  readonly notReady?: boolean;
  readonly retrigger?: boolean;
}

function item(at: Cursor, s: ItemSpec): CompletionItem {
  const out: CompletionItem = {
    label: s.label,
    kind: s.kind,
    sortText: s.sortText,
    filterText: s.filterText ?? s.label,
    textEdit: { range: { start: { line: at.lineNo, character: s.range.start }, end: { line: at.lineNo, character: s.range.end } }, newText: s.newText },
  };
  if (s.detail) out.detail = s.detail;
  if (s.documentation) out.documentation = { kind: MarkupKind.Markdown, value: s.documentation };
  if (s.snippet) out.insertTextFormat = InsertTextFormat.Snippet;
  if (s.notReady) out.tags = [CompletionItemTag.Deprecated];
  if (s.retrigger) out.command = RETRIGGER;
  return out;
}

/** Keeps the order items are produced in, within a rank (lower ranks first). */
function sortKey(rank: number, index: number): string {
  return `${rank}${String(index).padStart(4, '0')}`;
}

/** `: ` after a name, or just `:` when a value already follows; nothing when the colon is there. */
function colonFor(f: FieldSyntax | undefined, line: LineNode, at: number): string {
  if (f?.separator === 'colon') return '';
  return line.text.slice(at, line.comment?.start ?? line.text.length).trim() ? ':' : ': ';
}

// ---------------------------------------------------------------------------------------------
// Field names

interface Placement {
  /** What the line continues: nothing yet, a User-agent group, or an ACAP record. */
  readonly where: 'top' | 'group' | 'record';
  readonly record: AcapRecord | undefined;
  /** No ACAP record starts above this line: definitions still count here (Part 1 §2.7). */
  readonly beforeRecords: boolean;
  /** ACAP-ignore-conventional-records belongs here: before definitions and records, once (§2.9.1). */
  readonly ignoreAllowed: boolean;
}

/** Where line `n` stands, from the lines above it only (the line itself is being written). */
function placementAt(model: RobotsModel, n: number): Placement {
  let lastAgent = -1;
  for (const g of model.groups) for (const a of g.agents) if (a < n && a > lastAgent) lastAgent = a;
  let lastCrawler = -1;
  let record: AcapRecord | undefined;
  for (const r of model.records) for (const c of r.crawlers) if (c < n && c > lastCrawler) [lastCrawler, record] = [c, r];
  const beforeRecords = lastCrawler < 0;
  return {
    // A User-agent line ends an ACAP record (the model reads it so); an ACAP-crawler line starts one.
    where: lastCrawler > lastAgent ? 'record' : lastAgent >= 0 ? 'group' : 'top',
    record: lastCrawler > lastAgent ? record : undefined,
    beforeRecords,
    ignoreAllowed: beforeRecords && !model.definitions.some((d) => d.line < n) && !model.ignoreConventional.some((l) => l !== n),
  };
}

/** Whether a record member may stand at line `n` of `record` (Part 1 §2.3). */
function memberAllowed(fact: FieldFact, record: AcapRecord, n: number): boolean {
  const above = (l: number): boolean => l < n;
  // Nothing may follow a permissions reference in its record.
  if (record.reference !== undefined && record.reference < n) return false;
  const inSubRecord = record.subRecords.some((s) => s.purposes.some(above));
  if (fact.id === 'acap-permissions-reference') return !inSubRecord && !record.general.some(above);
  // Action requests may not stand in a sub-record.
  if (fact.id === 'acap-request') return !inSubRecord;
  return true;
}

/** The rank of a field at this placement (lower first), or undefined when it does not belong there. */
function fieldRank(fact: FieldFact, p: Placement, n: number): number | undefined {
  switch (fact.placement) {
    // Conventional groups belong before ACAP records (Part 1 §2.9.2, "strongly recommended").
    case 'group-start': return p.where === 'record' ? undefined : p.where === 'group' ? 1 : 0;
    // Rules before any User-agent belong to no group (RFC 9309 §2.2); in an ACAP record they are ignored (§2.9.2).
    case 'group-member': return p.where === 'group' ? 0 : undefined;
    case 'global': return 2;
    case 'acap-record-start': return 1;
    case 'acap-record-member': return p.record && memberAllowed(fact, p.record, n) ? 0 : undefined;
    case 'acap-file':
      if (fact.noValue) return p.ignoreAllowed ? 1 : undefined;
      // Definitions after the first ACAP record define nothing (Part 1 §2.7).
      return p.beforeRecords ? 1 : undefined;
  }
}

/**
 * Whether the name after a prefix being rewritten may stay with `fact`'s prefix: not a usage,
 * standard or local, after ACAP-request-; not a local usage after ACAP-disallow- (Part 1 §2.4.2);
 * not an action after ACAP-allow-. Anything else, a name still misspelt included, stays as typed;
 * where it would be an error, the item leaves it out and asks for one.
 */
function suffixFits(fact: FieldFact, suffix: string): boolean {
  const lower = suffix.toLowerCase();
  const usage = lower.startsWith('(') || USAGE_BY_NAME.has(lower);
  const action = ACTIONS.some((a) => a.name === lower);
  if (fact.id === 'acap-request') return !usage;
  if (fact.id === 'acap-disallow') return !lower.startsWith('(') && (usage || !action);
  return usage || !action;
}

function fieldItems(at: Cursor, range: Span, f: FieldSyntax | undefined): CompletionItem[] {
  const p = placementAt(at.model, at.lineNo);
  // Rewriting the prefix of `ACAP-allow-index` keeps its usage.
  const kept = f?.fact?.isPrefix && f.suffix && at.ch <= f.suffix.start ? at.line.text.slice(f.suffix.start, f.suffix.end) : '';
  const out: CompletionItem[] = [];
  FIELDS.forEach((fact, i) => {
    const rank = fieldRank(fact, p, at.lineNo);
    if (rank === undefined) return;
    const keep = kept && suffixFits(fact, kept) ? kept : '';
    const colon = fact.isPrefix || fact.noValue ? '' : colonFor(f, at.line, range.end);
    out.push(item(at, {
      label: fact.name,
      kind: fact.family === 'acap' ? CompletionItemKind.Keyword : CompletionItemKind.Property,
      range,
      newText: fact.name + (fact.isPrefix ? keep : colon),
      sortText: sortKey(fact.readiness === 'not-ready' ? 3 : rank, i),
      detail: formatSpec(fact.spec),
      documentation: factDoc(fact.summary, fact.spec, fact.readiness),
      notReady: fact.readiness === 'not-ready',
      retrigger: (fact.isPrefix && !keep) || colon !== '',
    }));
  });
  return out;
}

// ---------------------------------------------------------------------------------------------
// After ACAP-allow- / ACAP-disallow- / ACAP-request-

function suffixItems(at: Cursor, f: FieldSyntax, fact: FieldFact, suffix: Span): CompletionItem[] {
  const typed = at.line.text.slice(suffix.start, at.ch);
  const colon = colonFor(f, at.line, suffix.end);
  const retrigger = colon !== '';
  if (fact.id === 'acap-request') {
    return ACTIONS.map((a, i) => item(at, {
      label: a.name, kind: CompletionItemKind.EnumMember, range: suffix, newText: a.name + colon, sortText: sortKey(0, i),
      documentation: factDoc(a.summary, a.spec, fact.readiness), notReady: fact.readiness === 'not-ready', retrigger,
    }));
  }
  // ABNF §3: ACAP-usage-name ["-" used-resource-type-name]; only some usages (present) take one.
  const base = USAGES.find((u) => u.resourceType && typed.toLowerCase().startsWith(`${u.base}-`))?.base;
  if (base) {
    const range = { start: suffix.start + base.length + 1, end: suffix.end };
    return USAGES.filter((u) => u.resourceType && u.base === base).map((u, i) => item(at, {
      label: u.resourceType as string, kind: CompletionItemKind.EnumMember, range, newText: (u.resourceType as string) + colon,
      sortText: sortKey(u.readiness === 'not-ready' ? 1 : 0, i), detail: `used resource type → ${u.name}`,
      documentation: factDoc(u.summary, u.spec, u.readiness), notReady: u.readiness === 'not-ready', retrigger,
    }));
  }
  const allow = fact.id === 'acap-allow';
  const out: CompletionItem[] = [];
  if (!(allow && typed.startsWith('('))) out.push(...usageItems(at, suffix, colon, retrigger));
  // Local usages only in permissions, never in prohibitions (Part 1 §2.4.1.3, §2.4.2).
  if (allow) out.push(...localUsageItems(at, suffix, colon, retrigger, typed.startsWith('('), () => true));
  return out;
}

function usageItems(at: Cursor, range: Span, after: string, retrigger: boolean): CompletionItem[] {
  return USAGES.map((u, i) => item(at, {
    label: u.name, kind: CompletionItemKind.EnumMember, range, newText: u.name + after,
    sortText: sortKey(u.readiness === 'not-ready' ? 2 : 0, i), detail: 'usage type',
    documentation: factDoc(u.summary, u.spec, u.readiness), notReady: u.readiness === 'not-ready', retrigger,
  }));
}

/** `(name)` for each local usage the model knows (and `accept` keeps), spelt as defined. */
function localUsageItems(at: Cursor, range: Span, after: string, retrigger: boolean, paren: boolean, accept: (kind: string, line: number) => boolean): CompletionItem[] {
  const out: CompletionItem[] = [];
  let i = 0;
  for (const def of at.model.localUsages.values()) {
    if (!accept(def.kind, def.line)) continue;
    const node = at.doc.lines[def.line];
    const d = node.directive;
    const name = 'name' in d && d.name && typeof d.name === 'object' ? node.text.slice(d.name.start, d.name.end) : def.name;
    out.push(item(at, {
      label: `(${name})`, kind: CompletionItemKind.Reference, range, newText: `(${name})${after}`,
      // The parentheses are not typed yet when the user starts with the name.
      filterText: paren ? `(${name})` : name, sortText: sortKey(1, i++),
      detail: `local ${def.kind.replace('-', ' ')}, line ${def.line + 1}`,
      documentation: `Defined on line ${def.line + 1}:\n\n\`${node.text.trim()}\`\n\n*Part 1 §2.4.1.3, §2.7*`, retrigger,
    }));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Values

function valueItems(at: Cursor, f: FieldSyntax): CompletionItem[] {
  const text = at.line.text;
  const from = f.colon + 1;
  const end = at.line.comment?.start ?? text.length;
  let start = at.ch;
  while (start > from && !isWs(text[start - 1])) start--;
  let stop = at.ch;
  while (stop < end && !isWs(text[stop])) stop++;
  const word: Span = { start, end: stop };
  const before = words(text, from, start);
  const index = before.length;
  // Between the colon and a value already written (`Allow:| /f`): an item would be a second
  // value, run against the colon, before the first.
  if (index === 0 && word.start === word.end && words(text, at.ch, end).length > 0) return [];
  const d = at.line.directive;
  switch (d.kind) {
    case 'user-agent':
    case 'acap-crawler':
      return index === 0 ? crawlerItems(at, word, d.kind) : [];
    case 'rule':
    case 'acap-request':
      return index === 0 ? pathItems(at, word, 0) : [];
    case 'acap-resource-set':
      return index >= 1 ? pathItems(at, word, 0) : [];
    case 'acap-purpose':
      return index === 0 ? purposeItems(at, word) : [];
    case 'acap-permission':
      if (index === 0) {
        // One bound for the whole list: resource sets first, paths in the room they leave.
        const sets = resourceSetItems(at, word);
        return [...pathItems(at, word, 0, MAX_PATHS - Math.min(MAX_PATHS, sets.length)), ...sets];
      }
      // No qualifiers on prohibitions (§2.4.2) nor on local usages (§2.4.1.3).
      if (!d.allow || !d.usage || d.usage.local) return [];
      return qualifierPosition(at, word, before, d.usage.name, d.qualifiers);
    case 'acap-qualified-usage':
      // ABNF §3: name, then a standard usage, then qualifiers.
      if (index === 1) return usageItems(at, word, '', false);
      if (index < 2 || !d.usage || d.usage.local) return [];
      return qualifierPosition(at, word, before, d.usage.name, d.qualifiers);
    case 'acap-composite-usage': {
      if (index === 0) return [];
      // Members: standard usages and qualified usages defined above (§2.7, §2.7.2 note).
      const paren = text.slice(word.start, at.ch).startsWith('(');
      const locals = localUsageItems(at, word, '', false, paren, (kind, l) => kind === 'qualified-usage' && l < at.lineNo);
      return paren ? locals : [...usageItems(at, word, '', false), ...locals];
    }
    default:
      return [];
  }
}

/** A qualifier name, or the value of the qualifier whose `=` comes before the cursor. */
function qualifierPosition(at: Cursor, word: Span, before: readonly Span[], usage: string, qualifiers: readonly QualifierSyntax[]): CompletionItem[] {
  const text = at.line.text;
  const typed = text.slice(word.start, at.ch);
  const eq = typed.indexOf('=');
  if (eq >= 0) return qualifierValueItems(at, typed.slice(0, eq), { start: word.start + eq + 1, end: word.end }, usage, qualifiers, word.start);
  // ABNF §3 allows blanks around `=`: `time-limit= |`.
  const prev = before[before.length - 1];
  if (prev && text[prev.end - 1] === '=' && !typed.includes('=')) {
    return qualifierValueItems(at, text.slice(prev.start, prev.end - 1).trim(), word, usage, qualifiers, prev.start);
  }
  return qualifierNameItems(at, word, usage, qualifiers);
}

function nameOf(text: string, q: QualifierSyntax): string {
  return text.slice(q.name.start, q.name.end).toLowerCase();
}

function valueOf(text: string, q: QualifierSyntax): string {
  return q.value ? text.slice(q.value.start, q.value.end).toLowerCase() : '';
}

/** The `any` modification may not be combined with others (Part 1 §2.5.5.2.4). */
const ANY_MODIFICATION = 'any';

function qualifierNameItems(at: Cursor, word: Span, usage: string, qualifiers: readonly QualifierSyntax[]): CompletionItem[] {
  const text = at.line.text;
  // Renaming the qualifier of `tim|e=3-days` keeps its value.
  const eq = text.slice(at.ch, word.end).indexOf('=');
  const range = eq >= 0 ? { start: word.start, end: at.ch + eq } : word;
  const others = qualifiers.filter((q) => q.span.start !== word.start);
  const used = new Set(others.map((q) => nameOf(text, q)));
  const out: CompletionItem[] = [];
  qualifiersFor(usage).forEach((q, i) => {
    // Each qualifier at most once, unless repeatable (Part 1 §2.5.5.2), and never beside `any`.
    if (!q.repeatable && used.has(q.name)) return;
    if (q.repeatable && others.some((o) => nameOf(text, o) === q.name && valueOf(text, o) === ANY_MODIFICATION)) return;
    const use = qualifierUse(q, usage);
    if (!use) return;
    out.push(item(at, {
      label: q.name, kind: CompletionItemKind.Property, range, newText: eq >= 0 ? q.name : `${q.name}=`,
      sortText: sortKey(use.readiness === 'ready' ? 0 : 1, i), detail: `qualifier of ${usage}`,
      documentation: factDoc(`${q.summary}${q.repeatable ? ' May be repeated.' : ''}`, use.spec, use.readiness),
      notReady: use.readiness === 'not-ready', retrigger: eq < 0,
    }));
  });
  return out;
}

/** A plausible number for each `N-unit` value, so the snippet is valid as inserted. */
const SAMPLE_NUMBER: Readonly<Record<string, string>> = { days: '30', chars: '250', words: '30' };

function qualifierValueItems(at: Cursor, name: string, range: Span, usage: string, qualifiers: readonly QualifierSyntax[], self: number): CompletionItem[] {
  const q: QualifierFact | undefined = QUALIFIER_BY_NAME.get(name.toLowerCase());
  if (!q || q.metaOnly) return [];
  const use = qualifierUse(q, usage);
  if (!use) return [];
  const text = at.line.text;
  let values = q.values;
  if (q.repeatable) {
    // A repeated qualifier names another value each time, and `any` only alone (Part 1 §2.5.5.2.4).
    const taken = qualifiers.filter((o) => o.span.start !== self && nameOf(text, o) === q.name).map((o) => valueOf(text, o));
    values = values.filter((v) => !taken.includes(v) && !(taken.length > 0 && v === ANY_MODIFICATION));
  }
  const out = values.map((v, i) => {
    let newText = v;
    let snippet = false;
    if (v.includes('YYYY-MM-DD')) {
      newText = v.replace('YYYY-MM-DD', '${1:YYYY-MM-DD}');
      snippet = true;
    } else if (v.startsWith('N-')) {
      const unit = v.slice(2);
      newText = `\${1:${SAMPLE_NUMBER[unit] ?? '1'}}-${unit}`;
      snippet = true;
    }
    // the-acap:ROLE:… of must-include-resource: `link` is a red spot (§2.5.5.2.5).
    const role = /^the-acap:([a-z]+):/.exec(v)?.[1];
    const notReady = q.grammar === 'include-uri' && INCLUDE_ROLES.find((r) => r.name === role)?.readiness === 'not-ready';
    return item(at, {
      label: v, kind: CompletionItemKind.Value, range, newText, snippet, sortText: sortKey(notReady ? 1 : 0, i),
      detail: `${q.name} value`, documentation: factDoc(q.summary, use.spec, notReady ? 'not-ready' : use.readiness), notReady,
    });
  });
  // must-use-resource also takes a URI, absolute or relative (§2.5.3.2).
  if (q.grammar === 'resource-uri') out.push(...pathItems(at, range, 1));
  return out;
}

// ---------------------------------------------------------------------------------------------
// Paths, resource sets, crawlers, purposes, versions

/** Patterns the file already uses (rules, ACAP resources, resource sets), first line of each, never the cursor's line. O(lines). */
function pathsInFile(at: Cursor): Map<string, number> {
  const used = new Map<string, number>();
  const add = (l: number, span: Span | undefined): void => {
    if (!span || span.end <= span.start) return;
    const p = at.doc.lines[l].text.slice(span.start, span.end);
    if ((p.startsWith('/') || p.startsWith('*')) && !used.has(p)) used.set(p, l);
  };
  at.doc.lines.forEach((node, l) => {
    if (l === at.lineNo) return;
    const d = node.directive;
    if (d.kind === 'rule') add(l, d.pattern);
    else if (d.kind === 'acap-permission') add(l, d.resource);
    else if (d.kind === 'acap-resource-set') for (const p of d.patterns) add(l, p);
  });
  return used;
}

/** At most this many paths are listed at once; past it the list says it is incomplete. */
const MAX_PATHS = 200;

/**
 * The paths the file already uses, then the workspace's, with every folder above a file
 * (robots.txt rules mostly name folders). At most MAX_PATHS of each, those starting with what is
 * typed; past that the list is marked incomplete so the client asks again as the user types.
 * O(patterns + site paths) per request, O(MAX_PATHS) items built.
 */
function pathItems(at: Cursor, range: Span, rank: number, room = MAX_PATHS): CompletionItem[] {
  const typed = at.line.text.slice(range.start, at.ch).toLowerCase();
  const used = pathsInFile(at);
  const matching = [...used].filter(([p]) => p.toLowerCase().startsWith(typed));
  if (matching.length > room) at.incomplete = true;
  const out = matching.slice(0, room).map(([p, l], i) => item(at, {
    label: p, kind: p.endsWith('/') ? CompletionItemKind.Folder : CompletionItemKind.File, range, newText: p, sortText: sortKey(rank, i),
    detail: `used on line ${l + 1}`,
  }));
  const paths = new Set<string>();
  for (const p of at.context.workspacePaths ?? sitePaths(at.context.workspace, at.doc)) {
    if (!p.startsWith('/')) continue;
    for (let i = p.indexOf('/', 1); i >= 0; i = p.indexOf('/', i + 1)) paths.add(p.slice(0, i + 1));
    paths.add(p);
  }
  const site = [...paths].filter((p) => !used.has(p)).sort();
  const left = Math.max(0, room - out.length);
  if (site.length > left) at.incomplete = true;
  return out.concat(site.slice(0, left).map((p, i) => item(at, {
    label: p, kind: p.endsWith('/') ? CompletionItemKind.Folder : CompletionItemKind.File, range, newText: p, sortText: sortKey(rank, used.size + i),
  })));
}

/** At most this many resource sets are listed at once; past it the list says it is incomplete. */
const MAX_RESOURCE_SETS = 200;

/**
 * The resource sets defined (Part 1 §2.4.4). A file may define 100,000 of them: past
 * MAX_RESOURCE_SETS only those whose name starts with what is typed (after the prefix) are
 * listed, at most MAX_RESOURCE_SETS, and the list is marked incomplete so the client asks again
 * as the user types. O(sets) per request, and O(MAX_RESOURCE_SETS) items built.
 */
function resourceSetItems(at: Cursor, range: Span): CompletionItem[] {
  const out: CompletionItem[] = [];
  const many = at.model.resourceSets.size > MAX_RESOURCE_SETS;
  // The list depends on what is typed: the client must ask again as it changes.
  if (many) at.incomplete = true;
  const typed = at.line.text.slice(range.start, at.ch).toLowerCase();
  // What is typed of the name: nothing while the prefix itself is typed.
  const wanted = RESOURCE_SET_PREFIX.startsWith(typed) ? '' : typed.startsWith(RESOURCE_SET_PREFIX) ? typed.slice(RESOURCE_SET_PREFIX.length) : typed;
  let i = 0;
  for (const def of at.model.resourceSets.values()) {
    const node = at.doc.lines[def.line];
    const d = node.directive;
    const name = d.kind === 'acap-resource-set' && d.name ? node.text.slice(d.name.start, d.name.end) : def.name;
    if (many && !name.toLowerCase().startsWith(wanted)) continue;
    if (out.length === MAX_RESOURCE_SETS) break;
    out.push(item(at, {
      label: RESOURCE_SET_PREFIX + name, kind: CompletionItemKind.Reference, range, newText: RESOURCE_SET_PREFIX + name,
      sortText: sortKey(1, i++), detail: `resource set, line ${def.line + 1}`,
      documentation: `Defined on line ${def.line + 1}:\n\n\`${node.text.trim()}\`\n\n*Part 1 §2.4.4, §2.7.3*`,
    }));
  }
  return out;
}

/** Crawler names: those named elsewhere in the file, `*`, and the known crawlers (Part 1 §2.3.1). */
function crawlerItems(at: Cursor, range: Span, kind: 'user-agent' | 'acap-crawler'): CompletionItem[] {
  const n = at.lineNo;
  // Other crawler lines of the same group or record: naming a crawler twice there says nothing.
  const block = kind === 'user-agent'
    ? at.model.groups.find((g) => g.agents.includes(n))?.agents ?? []
    : at.model.records.find((r) => r.crawlers.includes(n))?.crawlers ?? [];
  const nameAt = (l: number): string => {
    const node = at.doc.lines[l];
    const d = node.directive;
    const span = d.kind === 'user-agent' ? d.agent : d.kind === 'acap-crawler' ? d.name : undefined;
    return span ? agentToken(node.text.slice(span.start, span.end)) : '';
  };
  const taken = new Set(block.filter((l) => l !== n).map((l) => nameAt(l).toLowerCase()));
  const named = new Map<string, { name: string; line: number }>();
  at.doc.lines.forEach((node, l) => {
    if (l === n || (node.directive.kind !== 'user-agent' && node.directive.kind !== 'acap-crawler')) return;
    const name = nameAt(l);
    if (name && name !== '*' && !named.has(name.toLowerCase())) named.set(name.toLowerCase(), { name, line: l });
  });

  const out: CompletionItem[] = [];
  let i = 0;
  for (const [key, { name, line }] of named) {
    if (taken.has(key) || CRAWLER_BY_TOKEN.has(key)) continue;
    out.push(item(at, { label: name, kind: CompletionItemKind.Value, range, newText: name, sortText: sortKey(0, i++), detail: `named on line ${line + 1}` }));
  }
  // `*` must stand alone in an ACAP record (Part 1 §2.3.1).
  const starAlone = kind === 'user-agent' || block.every((l) => l === n);
  if (starAlone && !taken.has('*')) {
    out.push(item(at, {
      label: '*', kind: CompletionItemKind.Value, range, newText: '*', sortText: sortKey(1, 0), detail: 'any crawler',
      documentation: kind === 'acap-crawler'
        ? 'Any crawler; it must be the only crawler line of its record.\n\n*Part 1 §2.3.1*'
        : 'Any crawler without a group of its own.\n\n*RFC 9309 §2.2.1*',
    }));
  }
  CRAWLERS.forEach((c, k) => {
    const key = c.token.toLowerCase();
    if (taken.has(key)) return;
    const elsewhere = named.get(key);
    out.push(item(at, {
      label: c.token, kind: CompletionItemKind.Value, range, newText: c.token, sortText: sortKey(elsewhere ? 0 : 2, k),
      detail: `${c.operator} · ${c.purpose}`,
      documentation: describeCrawler(c) + (elsewhere ? `\n\nAlso named on line ${elsewhere.line + 1}.` : ''),
    }));
  });
  return out;
}

/** At most this many usage purposes are listed at once, as resource sets (MAX_RESOURCE_SETS). */
const MAX_PURPOSES = MAX_RESOURCE_SETS;

/**
 * Usage purposes already used in the file (Part 1 §2.3.3: the crawler operator defines them),
 * each under its first spelling, in document order. Patterns match case-insensitively (Part 1
 * §2.8), so they are keyed by their lower case, as purposesNamed does. A file may name 50,000:
 * past MAX_PURPOSES only those starting with what is typed are listed, at most MAX_PURPOSES, and
 * the list is marked incomplete so the client asks again as the user types (as resourceSetItems).
 * O(lines) per request, and O(MAX_PURPOSES) items built.
 */
function purposeItems(at: Cursor, range: Span): CompletionItem[] {
  const seen = new Map<string, { pattern: string; line: number }>();
  at.doc.lines.forEach((node, l) => {
    const d = node.directive;
    if (l === at.lineNo || d.kind !== 'acap-purpose' || d.pattern.start === d.pattern.end) return;
    const pattern = node.text.slice(d.pattern.start, d.pattern.end);
    const key = pattern.toLowerCase();
    if (!seen.has(key)) seen.set(key, { pattern, line: l });
  });
  const many = seen.size > MAX_PURPOSES;
  // The list depends on what is typed: the client must ask again as it changes.
  if (many) at.incomplete = true;
  const typed = at.line.text.slice(range.start, at.ch).toLowerCase();
  const out: CompletionItem[] = [];
  for (const [key, { pattern, line }] of seen) {
    if (many && !key.startsWith(typed)) continue;
    if (out.length === MAX_PURPOSES) break;
    out.push(item(at, {
      label: pattern, kind: CompletionItemKind.Text, range, newText: pattern, sortText: sortKey(0, out.length), detail: `usage purpose, line ${line + 1}`,
    }));
  }
  return out;
}

/** `##ACAP version=` followed by a version the product knows (Part 1 §2.9.3). */
function versionItems(at: Cursor): CompletionItem[] {
  const d = at.line.directive;
  if (d.kind !== 'acap-version' || !d.version || at.ch < d.version.start || at.ch > d.version.end) return [];
  const range = d.version;
  return ACAP_VERSIONS.map((v, i) => item(at, {
    label: v, kind: CompletionItemKind.Value, range, newText: v, sortText: sortKey(0, ACAP_VERSIONS.length - i),
    detail: 'ACAP version', documentation: 'The version of ACAP the records follow.\n\n*Part 1 §2.9.3*',
  }));
}
