/**
 * The typed meaning of one line: which directive it is and the parts of its value, as spans.
 * Parsed once per line (lines are cached across edits), never throws, and records what it could
 * not make sense of instead of dropping it, so validation can say exactly what is wrong.
 */
import type { FieldFact } from '../facts/facts';
import { ownString } from './ownString';
import { span, type Span, type FieldSyntax, type LineKind } from './span';

/** A usage named in a field: a standard usage type or a local usage in parentheses (Part 1 §2.4.1.3). */
export interface UsageRef {
  /** The whole reference as written, e.g. `present-snippet` or `(my-usage)`. */
  readonly span: Span;
  readonly local: boolean;
  /** Lower-cased name (ACAP names are case-insensitive, Part 1 §3), without parentheses. */
  readonly name: string;
  readonly nameSpan: Span;
  /** `(name` without the closing parenthesis. */
  readonly unclosed: boolean;
  /** Text after the closing parenthesis, e.g. `junk` in `(cache)junk`. */
  readonly trailing: Span | undefined;
}

/** `name=value` in a permission or qualified-usage definition (Part 1 §3 qualifier-specification). */
export interface QualifierSyntax {
  readonly span: Span;
  readonly name: Span;
  /** Undefined when there was no `=` (a stray word such as a second path). */
  readonly value: Span | undefined;
}

export type Directive =
  /** Blank line or plain comment. */
  | { readonly kind: 'none' }
  /** `##ACAP version=1.0` (Part 1 §2.9.3). `wellFormed` is false for `## ACAP version 1.0` and the like. */
  | { readonly kind: 'acap-version'; readonly version: Span | undefined; readonly wellFormed: boolean }
  /** A field the product does not know. */
  | { readonly kind: 'unknown' }
  | { readonly kind: 'user-agent'; readonly agent: Span }
  /** `key` identifies the rule (kind and pattern) for duplicate detection; computed once per line. */
  | { readonly kind: 'rule'; readonly allow: boolean; readonly pattern: Span }
  /** Sitemap, Host, Crawl-delay and the other single-value fields; validated by field id. */
  | { readonly kind: 'value' }
  | { readonly kind: 'acap-crawler'; readonly name: Span }
  | { readonly kind: 'acap-reference'; readonly locator: Span }
  | { readonly kind: 'acap-purpose'; readonly pattern: Span }
  | {
      readonly kind: 'acap-permission';
      readonly allow: boolean;
      readonly usage: UsageRef | undefined;
      readonly resource: Span | undefined;
      readonly qualifiers: readonly QualifierSyntax[];
    }
  | { readonly kind: 'acap-request'; readonly action: Span; readonly target: Span | undefined; readonly extra: readonly Span[] }
  | {
      readonly kind: 'acap-qualified-usage';
      readonly name: Span | undefined;
      readonly usage: UsageRef | undefined;
      readonly qualifiers: readonly QualifierSyntax[];
    }
  | { readonly kind: 'acap-composite-usage'; readonly name: Span | undefined; readonly members: readonly UsageRef[] }
  | { readonly kind: 'acap-resource-set'; readonly name: Span | undefined; readonly patterns: readonly Span[] }
  | { readonly kind: 'acap-ignore-conventional' };

export type DirectiveKind = Directive['kind'];

const NONE: Directive = { kind: 'none' };
const UNKNOWN: Directive = { kind: 'unknown' };
const VALUE: Directive = { kind: 'value' };
const IGNORE: Directive = { kind: 'acap-ignore-conventional' };

type RuleDirective = Extract<Directive, { kind: 'rule' }>;
/** Rule directives by their pattern span, for shared (frozen) spans: one object per shape, not per line. */
const sharedRules = [new WeakMap<Span, RuleDirective>(), new WeakMap<Span, RuleDirective>()];

/** An Allow (`allow`) or Disallow rule on `pattern`; shared between lines when the span is. O(1). */
function ruleDirective(allow: boolean, pattern: Span): RuleDirective {
  if (!Object.isFrozen(pattern)) return { kind: 'rule', allow, pattern };
  const cache = sharedRules[allow ? 1 : 0];
  let out = cache.get(pattern);
  if (!out) cache.set(pattern, (out = Object.freeze({ kind: 'rule', allow, pattern } as const)));
  return out;
}

function isWs(c: number): boolean {
  return c === 32 || c === 9;
}

/** The whitespace-separated words of text[start, end) (their spans shared where span.ts shares them). */
export function words(text: string, start: number, end: number): Span[] {
  const out: Span[] = [];
  let i = start;
  while (i < end) {
    while (i < end && isWs(text.charCodeAt(i))) i++;
    if (i >= end) break;
    const s = i;
    while (i < end && !isWs(text.charCodeAt(i))) i++;
    out.push(span(s, i));
  }
  return out;
}

/** The first whitespace-separated word of text[start, end), if any: words()[0] without the list. */
function firstWord(text: string, start: number, end: number): Span | undefined {
  let i = start;
  while (i < end && isWs(text.charCodeAt(i))) i++;
  if (i >= end) return undefined;
  const s = i;
  while (i < end && !isWs(text.charCodeAt(i))) i++;
  return span(s, i);
}

/** No qualifiers: one frozen list for every field without any. */
const NO_QUALIFIERS: readonly QualifierSyntax[] = Object.freeze([]);

/** Qualifier specifications from `from` to `end`: `name *WSP "=" *WSP value` (Part 1 §3); a shared empty list for none. */
export function parseQualifiers(text: string, from: number, end: number): readonly QualifierSyntax[] {
  let i = from;
  while (i < end && isWs(text.charCodeAt(i))) i++;
  if (i >= end) return NO_QUALIFIERS;
  const out: QualifierSyntax[] = [];
  while (i < end) {
    while (i < end && isWs(text.charCodeAt(i))) i++;
    if (i >= end) break;
    const start = i;
    while (i < end && !isWs(text.charCodeAt(i)) && text[i] !== '=') i++;
    const name: Span = { start, end: i };
    let j = i;
    while (j < end && isWs(text.charCodeAt(j))) j++;
    if (j < end && text[j] === '=') {
      j++;
      while (j < end && isWs(text.charCodeAt(j))) j++;
      const vs = j;
      while (j < end && !isWs(text.charCodeAt(j))) j++;
      out.push({ span: { start, end: j }, name, value: { start: vs, end: j } });
      i = j;
    } else {
      // A word with no `=`: keep the whole word so the diagnostic covers it.
      while (i < end && !isWs(text.charCodeAt(i))) i++;
      out.push({ span: { start, end: i }, name: { start, end: i }, value: undefined });
    }
  }
  return out;
}

/** A usage reference `usage[-type]` or `(local)` occupying text[start, end). */
export function parseUsageRef(text: string, start: number, end: number): UsageRef | undefined {
  if (start >= end) return undefined;
  if (text[start] === '(') {
    const close = text.indexOf(')', start);
    const unclosed = close < 0 || close >= end;
    const nameEnd = unclosed ? end : close;
    return {
      span: { start, end: unclosed ? end : close + 1 },
      local: true,
      name: text.slice(start + 1, nameEnd).trim().toLowerCase(),
      nameSpan: { start: start + 1, end: nameEnd },
      unclosed,
      trailing: !unclosed && close + 1 < end ? { start: close + 1, end } : undefined,
    };
  }
  return standardRef(text.slice(start, end).toLowerCase(), start, end);
}

/**
 * The reference to a usage by name (not in parentheses) at [start, end): frozen, and shared by
 * every line that names it there, for the first STANDARD_REFS names and places (the others are
 * made afresh, each its own): each `ACAP-allow-crawl:` line had a reference and two spans of its
 * own. O(1) beyond the name's hash.
 */
function standardRef(name: string, start: number, end: number): UsageRef {
  let byPlace = standardRefs.get(name);
  let out = byPlace?.get(start * 65536 + end);
  if (out) return out;
  const at = span(start, end);
  if (standardRefsKept >= STANDARD_REFS || name.length > STANDARD_REF_LENGTH || end >= 65536) return { span: at, local: false, name, nameSpan: at, unclosed: false, trailing: undefined };
  // A name of 13 characters or more may be a view into the document's text (ownString.ts).
  const own = ownString(name);
  out = Object.freeze({ span: at, local: false, name: own, nameSpan: at, unclosed: false, trailing: undefined });
  if (!byPlace) standardRefs.set(own, (byPlace = new Map()));
  byPlace.set(start * 65536 + end, out);
  standardRefsKept++;
  return out;
}

const standardRefs = new Map<string, Map<number, UsageRef>>();
let standardRefsKept = 0;
/** References kept (standardRef), and the longest name kept: at most 4,096 × 64 characters for the process. */
const STANDARD_REFS = 4096;
const STANDARD_REF_LENGTH = 64;

/** The suffix after ACAP-allow-/-disallow-: everything up to the end of the name. */
function usageFromSuffix(text: string, suffix: Span | undefined): UsageRef | undefined {
  if (!suffix || suffix.start >= suffix.end) return undefined;
  return parseUsageRef(text, suffix.start, suffix.end);
}

function parseAcapVersion(text: string, comment: Span): Directive | undefined {
  const body = text.slice(comment.start, comment.end);
  // Part 1 §2.9.3: exactly `##ACAP version=xxx`. Near misses are recognised to be diagnosed.
  const exact = /^##ACAP version=([^\s#]*)/i.exec(body);
  if (exact) {
    const vStart = comment.start + body.indexOf('=') + 1;
    return { kind: 'acap-version', version: { start: vStart, end: vStart + exact[1].length }, wellFormed: exact[1].length > 0 };
  }
  // `version` must be a word of its own followed by `=`, `:` or a number ("# ACAP versioning" is prose).
  const near = /^#+\s*ACAP[\s_-]*version\b(?=\s*[=:]|\s*\d)\s*[=:]?\s*([0-9][^\s#]*)?/i.exec(body);
  if (near) {
    const v = near[1];
    const vStart = v ? comment.start + near[0].length - v.length : -1;
    return { kind: 'acap-version', version: v ? { start: vStart, end: vStart + v.length } : undefined, wellFormed: false };
  }
  return undefined;
}

function nameAndRest(text: string, value: Span): { name: Span | undefined; restStart: number } {
  const name = firstWord(text, value.start, value.end);
  return { name, restStart: name ? name.end : value.end };
}

export function parseDirective(text: string, kind: LineKind, f: FieldSyntax | undefined, comment: Span | undefined): Directive {
  if (kind !== 'field' || !f) {
    // Only a comment that starts with `##` can be the ACAP version comment (Part 1 §2.9.3).
    if (comment && text.charCodeAt(comment.start + 1) === 35 /* # */) return parseAcapVersion(text, comment) ?? NONE;
    if (comment && /^#\s*acap/i.test(text.slice(comment.start, comment.start + 12))) return parseAcapVersion(text, comment) ?? NONE;
    return NONE;
  }
  const fact: FieldFact | undefined = f.fact;
  if (!fact) return UNKNOWN;
  const value = f.value;
  switch (fact.id) {
    case 'user-agent':
      return { kind: 'user-agent', agent: value };
    case 'allow':
    case 'disallow':
      return ruleDirective(fact.id === 'allow', value);
    case 'acap-crawler':
      return { kind: 'acap-crawler', name: value };
    case 'acap-permissions-reference':
      return { kind: 'acap-reference', locator: value };
    case 'acap-usage-purpose':
      return { kind: 'acap-purpose', pattern: value };
    case 'acap-ignore-conventional-records':
      return IGNORE;
    case 'acap-allow':
    case 'acap-disallow': {
      const resource = firstWord(text, value.start, value.end);
      const qualifiers = resource ? parseQualifiers(text, resource.end, value.end) : NO_QUALIFIERS;
      return { kind: 'acap-permission', allow: fact.id === 'acap-allow', usage: usageFromSuffix(text, f.suffix), resource, qualifiers };
    }
    case 'acap-request': {
      const ws = words(text, value.start, value.end);
      return { kind: 'acap-request', action: f.suffix ?? { start: f.name.end, end: f.name.end }, target: ws[0], extra: ws.slice(1) };
    }
    case 'acap-qualified-usage': {
      const { name, restStart } = nameAndRest(text, value);
      const ws = words(text, restStart, value.end);
      const usage = ws.length > 0 ? parseUsageRef(text, ws[0].start, ws[0].end) : undefined;
      const qualifiers = ws.length > 0 ? parseQualifiers(text, ws[0].end, value.end) : NO_QUALIFIERS;
      return { kind: 'acap-qualified-usage', name, usage, qualifiers };
    }
    case 'acap-composite-usage': {
      const { name, restStart } = nameAndRest(text, value);
      const members = words(text, restStart, value.end)
        .map((w) => parseUsageRef(text, w.start, w.end))
        .filter((u): u is UsageRef => u !== undefined);
      return { kind: 'acap-composite-usage', name, members };
    }
    case 'acap-resource-set': {
      const { name, restStart } = nameAndRest(text, value);
      return { kind: 'acap-resource-set', name, patterns: words(text, restStart, value.end) };
    }
    default:
      return VALUE;
  }
}
