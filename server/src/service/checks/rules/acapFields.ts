/**
 * ACAP permissions and prohibitions, one line at a time (Part 1 §2.4, §2.5, §2.8 and the ABNF of
 * §3): ACAP field names, usage types and their combinations, local usage references, resource
 * specifications and path patterns, and the readiness of usages. Qualifiers are qualifiers.ts's;
 * definitions and the names they define, acapDefinitions.ts's. O(n) in the line's length.
 */
import {
  ACTIONS, FIELD_PREFIXES, FIELDS, namesResourceSet, RESOURCE_SET_PREFIX, type UsageFact,
} from '../../facts/facts';
import type { Directive, UsageRef } from '../../syntax/directives';
import { classifyUsage, USAGE_NAMES } from '../../acap/usageNames';
import type { Finding } from '../../syntax/findings';
import { closest, didYouMean, editDistance } from '../../facts/suggest';
import { resolveFieldName, type LineNode, type Span } from '../../syntax/syntax';
import { innerDollars, isAcapName, looksLikeDirectory, patternCharProblem, scanNoise } from '../../acap/values';
import { replaceWith, type Topic } from '../rule';
import { checkLocalUsageQualifiers, checkPermissionQualifiers } from './qualifiers';

type Out = Finding[];

const ACTION_NAMES = ACTIONS.map((a) => a.name);

function text(line: LineNode, span: Span): string {
  return line.text.slice(span.start, span.end);
}

/** A standard usage type as written after ACAP-allow-/-disallow- or in a definition. */
export function checkStandardUsage(line: LineNode, usage: UsageRef, allow: boolean, out: Out): UsageFact | undefined {
  const written = text(line, usage.span);
  if (usage.name.length === 0) {
    out.push({ code: 'acap.missing-usage', span: usage.span, message: 'Name a usage type after the hyphen, e.g. ACAP-allow-index (Part 1 §2.4).' });
    return undefined;
  }
  const c = classifyUsage(usage.name);
  if (c.kind === 'known') {
    const fact = c.fact;
    if (fact.readiness === 'not-ready') {
      out.push({ code: 'acap.not-ready', span: usage.span, message: `‘${fact.name}’ is not yet ready for implementation (${fact.spec.doc} §${fact.spec.section}): crawlers may ignore it.` });
    }
    if (fact.name === 'other' && allow) {
      out.push({ code: 'acap.allow-other', span: usage.span, message: 'ACAP-allow-other has no known use (Part 1 §2.5.6): silence already permits. `other` exists to prohibit everything not explicitly permitted: write ACAP-disallow-other for that.' });
    }
    return fact;
  }
  if (c.kind === 'combination') {
    out.push({ code: 'acap.invalid-usage-combination', span: usage.span, message: `‘${written}’: only present takes a used resource type such as ‘${c.type}’ (Part 1 §2.5). Did you mean ‘${c.replacement}’?`, replacement: c.replacement });
    return undefined;
  }
  out.push({ code: 'acap.unknown-usage', span: usage.span, message: `‘${written}’ is not an ACAP usage type: ${c.known} (Part 1 §2.5).${didYouMean(c.near)}`, replacement: c.near });
  return undefined;
}

/** A local usage reference `(name)` (Part 1 §2.4.1.3). */
export function checkLocalName(line: LineNode, usage: UsageRef, out: Out): void {
  if (usage.trailing) {
    out.push({ code: 'acap.invalid-name', span: usage.trailing, message: `Nothing may follow the closing parenthesis of a local usage; ‘${text(line, usage.trailing)}’ makes the field unreadable (Part 1 §2.4.1.3).`, replacement: '' });
  }
  if (usage.unclosed) {
    out.push({ code: 'acap.invalid-name', span: usage.span, message: `Close the local usage name with ‘)’ (Part 1 §2.4.1.3).`, replacement: `(${text(line, usage.nameSpan).trim()})` });
  } else if (!isAcapName(usage.name)) {
    out.push({ code: 'acap.invalid-name', span: usage.nameSpan, message: `‘${text(line, usage.nameSpan)}’ is not a valid name: start with a letter, then letters, digits, ‘-’, ‘_’ or ‘.’ (Part 1 §3).` });
  }
}

/** A resource specification: a path pattern or `the-acap:resource-set:NAME` (Part 1 §2.4.3). */
export function checkResourceSpec(line: LineNode, span: Span, out: Out): void {
  const value = text(line, span);
  if (namesResourceSet(value)) {
    const name = value.slice(RESOURCE_SET_PREFIX.length);
    if (!isAcapName(name)) {
      out.push({ code: 'acap.invalid-name', span: { start: span.start + RESOURCE_SET_PREFIX.length, end: span.end }, message: name ? `‘${name}’ is not a valid resource set name: start with a letter, then letters, digits, ‘-’, ‘_’ or ‘.’ (Part 1 §3).` : `Name the resource set after ‘${RESOURCE_SET_PREFIX}’ (Part 1 §2.4.4).` });
    }
    return;
  }
  if (/^the-acap:/i.test(value)) {
    out.push({ code: 'acap.invalid-pattern', span, message: `‘${value}’ is not a resource specification: name a resource set as ‘the-acap:resource-set:NAME’ (Part 1 §2.4.4).`, replacement: /^the-acap:resource[-_ ]?sets?:/i.test(value) ? RESOURCE_SET_PREFIX + value.slice(value.lastIndexOf(':') + 1) : undefined });
    return;
  }
  checkPattern(line, span, out);
}

/** A resource path pattern (Part 1 §2.8). */
export function checkPattern(line: LineNode, span: Span, out: Out): void {
  const value = text(line, span);
  if (/^the-acap:/i.test(value)) {
    out.push({ code: 'acap.invalid-pattern', span, message: `A resource set lists resource path patterns; ‘${value}’ is not one, and sets cannot include other sets (Part 1 §2.7.3).` });
    return;
  }
  const problem = patternCharProblem(value);
  if (problem) {
    out.push({ code: 'acap.invalid-pattern', span, message: `Resource path pattern: ${problem} (Part 1 §2.4.3).` });
  }
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(value)) {
    // Part 1 §3: resource-path-pattern = relative-part; a URI with a scheme is not one.
    const path = value.replace(/^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*/, '') || '/';
    out.push({ code: 'acap.invalid-pattern', span, message: `A resource path pattern is a path relative to the site root, not a URL (Part 1 §2.4.3, §3). Did you mean ‘${path}’?`, replacement: path });
  } else if (!value.startsWith('/') && !value.startsWith('*')) {
    out.push({ code: 'acap.pattern-not-absolute', span, message: `‘${value}’ starts with neither ‘/’ nor ‘*’; paths are matched from the site root (Part 1 §2.4.3). Did you mean ‘/${value}’?`, replacement: `/${value}` });
  }
  const noise = scanNoise(value, span);
  if (noise) out.push(noise);
  for (const at of innerDollars(value)) {
    out.push({ code: 'acap.dollar-not-last', span: { start: span.start + at, end: span.start + at + 1 }, message: '‘$’ may only be the last character of a pattern, where it anchors the end of the path (Part 1 §2.8).' });
  }
  if (looksLikeDirectory(value)) {
    out.push({ code: 'acap.directory-without-slash', span, message: `If ‘${value}’ is a directory, end it with ‘/’: without it the pattern also matches ‘${value}-old.html’ and the like (Part 1 §2.8; Guide §2.3).`, replacement: `${value}/` });
  }
}

/** Qualifiers of a permission or qualified-usage definition (Part 1 §2.5): the one ACAP checker, as `acap.*`. */

const PREFIX_NAMES = FIELD_PREFIXES.map((f) => f.name);
const ACAP_FIELD_NAMES = FIELDS.filter((f) => f.family === 'acap').map((f) => f.name);

/**
 * A field name with its value written against it, no colon between (`Disallow/x`, `User-agent*`,
 * `ACAP-disallow-crawl/private/`): the known name before the first `/` or `*`, and the rest; else
 * undefined. The lexer reads the whole word as the name, so a fix that corrects only the name
 * drops the value, and one that adds a colon after it puts the colon after the value.
 * O(name length).
 */
export function gluedValue(written: string): { readonly name: string; readonly value: string } | undefined {
  const cut = written.search(/[/*]/);
  if (cut <= 0) return undefined;
  const name = written.slice(0, cut);
  const resolved = resolveFieldName(name);
  if (!resolved.fact || resolved.repair !== 'exact') return undefined;
  const rest = name.slice(resolved.suffixStart).toLowerCase();
  if (resolved.fact.isPrefix && !(USAGE_NAMES.includes(rest) || ACTION_NAMES.includes(rest))) return undefined;
  return { name, value: written.slice(cut) };
}

/** What a finding says of a value run into a field name (gluedValue). */
export function gluedMessage(written: string, glued: { readonly name: string; readonly value: string }, spec: string): string {
  return `‘${written}’ runs its value into the field name, so crawlers ignore the line. Write ‘${glued.name}: ${glued.value}’ (a colon after the name, ${spec}).`;
}

/** An `ACAP-…` field name the product does not know. */
export function checkUnknownAcapField(line: LineNode, name: Span, out: Out): void {
  const written = text(line, name);
  const lower = written.toLowerCase();
  const glued = gluedValue(written);
  if (glued) {
    out.push({ code: 'acap.unknown-field', span: name, message: gluedMessage(written, glued, 'Part 1 §3'), replacement: `${glued.name}: ${glued.value}` });
    return;
  }
  // ACAP-allowcrawl, ACAP-allow_index: a prefix without its hyphen.
  for (const p of PREFIX_NAMES) {
    const bare = p.slice(0, -1).toLowerCase();
    const rest = lower.slice(bare.length).replace(/^_/, '');
    const known = rest.startsWith('(') || USAGE_NAMES.includes(rest) || ACTION_NAMES.includes(rest);
    if (lower.startsWith(bare) && rest.length > 0 && known) {
      const fixed = written.slice(0, bare.length) + '-' + written.slice(lower.length - rest.length);
      out.push({ code: 'acap.unknown-field', span: name, message: `‘${written}’ is not an ACAP field. Did you mean ‘${fixed}’?`, replacement: fixed });
      return;
    }
  }
  // ACAP-alow-index, ACAP-dissallow-present-snippet: a misspelt prefix before a known usage or
  // action. Tries each hyphen as the end of the prefix: O(hyphens × prefixes) short distances.
  for (let i = lower.indexOf('-'); i >= 0; i = lower.indexOf('-', i + 1)) {
    const rest = lower.slice(i + 1);
    if (!(rest.startsWith('(') || USAGE_NAMES.includes(rest) || ACTION_NAMES.includes(rest))) continue;
    const head = lower.slice(0, i + 1);
    const prefix = PREFIX_NAMES.find((p) => p.toLowerCase() !== head && editDistance(head, p.toLowerCase(), 2) <= 2);
    if (!prefix) continue;
    const fixed = prefix + written.slice(i + 1);
    out.push({ code: 'acap.unknown-field', span: name, message: `‘${written}’ is not an ACAP field (Part 1 §3); crawlers ignore it. Did you mean ‘${fixed}’?`, replacement: fixed });
    return;
  }
  const near = closest(written, ACAP_FIELD_NAMES);
  out.push({ code: 'acap.unknown-field', span: name, message: `‘${written}’ is not an ACAP field (Part 1 §3); crawlers ignore it.${didYouMean(near)}`, replacement: near });
}

/** An ACAP-allow-… or ACAP-disallow-… line: its usage, its resource, then its qualifiers (Part 1 §2.4). */
export function checkPermission(line: LineNode, d: Extract<Directive, { kind: 'acap-permission' }>, out: Out): void {
  const f = line.field;
  if (!f) return;
  let usageFact: UsageFact | undefined;
  if (!d.usage) {
    out.push({ code: 'acap.missing-usage', span: f.name, message: `Name a usage type after ‘${d.allow ? 'ACAP-allow-' : 'ACAP-disallow-'}’, e.g. ${d.allow ? 'ACAP-allow-index' : 'ACAP-disallow-crawl'} (Part 1 §2.4).` });
  } else if (d.usage.local) {
    checkLocalName(line, d.usage, out);
    if (!d.allow) out.push({ code: 'acap.local-usage-in-prohibition', span: d.usage.span, message: 'A prohibition may not use a locally-defined usage (Part 1 §2.4.2); prohibit each standard usage type instead.' });
    else checkLocalUsageQualifiers(line, d.qualifiers, out);
  } else {
    usageFact = checkStandardUsage(line, d.usage, d.allow, out);
  }
  if (!d.resource) {
    out.push({ code: 'acap.missing-resource', span: f.separator === 'colon' ? { start: f.colon, end: f.colon + 1 } : f.name, message: 'Give a resource specification: a path pattern such as / or /news/, or the-acap:resource-set:NAME (Part 1 §2.4.3).' });
    return;
  }
  checkResourceSpec(line, d.resource, out);
  checkPermissionQualifiers(line, d, usageFact, out);
}

export const topic: Topic = {
  topic: 'ACAP permissions: usages and resources',
  rules: [
    { codes: ['acap.unknown-field'], stage: 'line', check: checkUnknownAcapField },
    // acap.not-ready and acap.prior-arrangement are also written for action requests (acapRecords.ts) and qualifiers (qualifiers.ts).
    { codes: ['acap.missing-usage', 'acap.unknown-usage', 'acap.invalid-usage-combination', 'acap.allow-other', 'acap.not-ready', 'acap.prior-arrangement'], stage: 'line', check: checkStandardUsage },
    {
      codes: ['acap.invalid-name', 'acap.local-usage-in-prohibition'], stage: 'line', check: checkLocalName,
      fixes: { 'acap.invalid-name': replaceWith((r) => (r === '' ? 'Remove the text after the parenthesis' : `Write ‘${r}’`)) },
    },
    { codes: ['acap.missing-resource'], stage: 'line', check: checkPermission },
    {
      codes: ['acap.invalid-pattern', 'acap.pattern-not-absolute', 'acap.dollar-not-last', 'acap.directory-without-slash'], stage: 'line', check: checkResourceSpec,
      fixes: { 'acap.directory-without-slash': replaceWith((r) => `End the directory with ‘/’: ‘${r}’`) },
    },
  ],
};
