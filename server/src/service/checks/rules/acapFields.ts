/**
 * Checks of ACAP fields that need only the line itself (Part 1 §2.3 - §2.8 and the ABNF of §3):
 * usage types and their combinations, qualifiers and their values, resource specifications,
 * definitions' shapes. Cross-line rules (definitions, records) live in model.ts and crossChecks.ts.
 */
import {
  ACTIONS, FIELD_PREFIXES, FIELDS, RESOURCE_SET_PREFIX, type UsageFact,
} from '../facts/facts';
import type { Directive, QualifierSyntax, UsageRef } from '../syntax/directives';
import { classifyUsage, USAGE_NAMES } from '../acap/usageNames';
import type { Finding } from '../syntax/findings';
import { closest, didYouMean, editDistance } from '../facts/suggest';
import type { LineNode, Span } from '../syntax/syntax';
import { checkQualifiers as checkAcapQualifiers, type QualifierPlace } from '../acap/qualifiers';
import { innerDollars, isAcapName, looksLikeDirectory, patternCharProblem, scanNoise, uriCharProblem } from '../acap/values';

type Out = Finding[];

const ROBOTS_TXT: QualifierPlace = { where: 'robots.txt', acap11: false };

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
function checkLocalName(line: LineNode, usage: UsageRef, out: Out): void {
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
  if (value.toLowerCase().startsWith(RESOURCE_SET_PREFIX)) {
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
function checkQualifiers(line: LineNode, qualifiers: readonly QualifierSyntax[], usage: UsageFact | undefined, out: Out): void {
  const written = qualifiers.map((q) => ({
    span: q.span, nameSpan: q.name, valueSpan: q.value, text: text(line, q.span), name: text(line, q.name), value: q.value ? text(line, q.value) : undefined,
  }));
  for (const p of checkAcapQualifiers(written, usage, ROBOTS_TXT)) out.push({ code: `acap.${p.rule}`, span: p.span, message: p.message, replacement: p.replacement });
}

function checkName(line: LineNode, name: Span | undefined, what: string, field: string, out: Out, whole: Span): void {
  if (!name) {
    out.push({ code: 'acap.invalid-definition', span: whole, message: `${field} needs a ${what} name, then its parts, all on this line: each definition is a single line (Part 1 §2.7).` });
  } else if (!isAcapName(text(line, name))) {
    out.push({ code: 'acap.invalid-name', span: name, message: `‘${text(line, name)}’ is not a valid ${what} name: start with a letter, then letters, digits, ‘-’, ‘_’ or ‘.’ (Part 1 §3).` });
  }
}

const PREFIX_NAMES = FIELD_PREFIXES.map((f) => f.name);
const ACAP_FIELD_NAMES = FIELDS.filter((f) => f.family === 'acap').map((f) => f.name);

/** An `ACAP-…` field name the product does not know. */
export function checkUnknownAcapField(line: LineNode, name: Span, out: Out): void {
  const written = text(line, name);
  const lower = written.toLowerCase();
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

/** Line-local checks of the ACAP directive of a line. */
export function checkAcapDirective(line: LineNode, d: Directive, out: Out): void {
  const f = line.field;
  if (!f) return;
  const value = f.value;
  switch (d.kind) {
    case 'acap-crawler': {
      const name = text(line, value);
      if (!name) out.push({ code: 'acap.empty-crawler-name', span: f.name, message: 'Name the crawler, or write * for any crawler (Part 1 §2.3.1).' });
      else if (name !== '*' && !/^[A-Za-z]/.test(name)) out.push({ code: 'acap.invalid-crawler-name', span: value, message: `A crawler name starts with a letter (Part 1 §3 crawler-name); ‘${name}’ may not be recognised.` });
      return;
    }
    case 'acap-reference': {
      const v = text(line, value);
      const problem = !v ? 'Give the path or URI of the file of permissions'
        : /\s/.test(v) ? 'Give exactly one path or URI'
        // Part 1 §3 note: only resource path patterns may use the wildcards * and $.
        : /[*$]/.test(v) ? 'A permissions reference names one file: wildcards * and $ are not allowed'
        : uriCharProblem(v);
      if (problem) out.push({ code: 'acap.invalid-permissions-reference', span: v ? value : f.name, message: `${problem} (Part 1 §2.3.2).` });
      // Part 1 §2.3.2 forbids circular references; a reference to robots.txt itself is the plainest one.
      else if (/^(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*)?\/robots\.txt$/i.test(v)) out.push({ code: 'acap.invalid-permissions-reference', span: value, message: 'A robots.txt may not refer to robots.txt itself: references must not be circular (Part 1 §2.3.2). Refer to a separate file such as /searchbot.txt.' });
      return;
    }
    case 'acap-purpose': {
      const v = text(line, value);
      if (!v) out.push({ code: 'acap.invalid-usage-purpose', span: f.name, message: 'Give a usage purpose: a service name or a URI pattern (Part 1 §2.3.3).' });
      else if (/\s/.test(v)) out.push({ code: 'acap.invalid-usage-purpose', span: value, message: 'One usage purpose per line; add another ACAP-usage-purpose line for each further purpose (Part 1 §2.3.3).' });
      // Part 1 §3: a name starts with a letter, and so does a URI's scheme.
      else if (/["'<>\\^`{|}]/.test(v) || !/^[A-Za-z]/.test(v)) out.push({ code: 'acap.invalid-usage-purpose', span: value, message: `‘${v}’ is neither a name nor a URI pattern (Part 1 §2.3.3).` });
      // Part 1 §2.8: * and $ mean the same in usage purpose patterns as in resource path patterns.
      for (const at of innerDollars(v)) {
        out.push({ code: 'acap.dollar-not-last', span: { start: value.start + at, end: value.start + at + 1 }, message: '‘$’ may only be the last character of a pattern, where it anchors the end (Part 1 §2.8).' });
      }
      return;
    }
    case 'acap-permission': {
      let usageFact: UsageFact | undefined;
      if (!d.usage) {
        out.push({ code: 'acap.missing-usage', span: f.name, message: `Name a usage type after ‘${d.allow ? 'ACAP-allow-' : 'ACAP-disallow-'}’, e.g. ${d.allow ? 'ACAP-allow-index' : 'ACAP-disallow-crawl'} (Part 1 §2.4).` });
      } else if (d.usage.local) {
        checkLocalName(line, d.usage, out);
        if (!d.allow) out.push({ code: 'acap.local-usage-in-prohibition', span: d.usage.span, message: 'A prohibition may not use a locally-defined usage (Part 1 §2.4.2); prohibit each standard usage type instead.' });
        else if (d.qualifiers.some((q) => !q.value)) {
          checkQualifiers(line, d.qualifiers.filter((q) => !q.value), undefined, out);
        } else if (d.qualifiers.length > 0) {
          out.push({ code: 'acap.qualifier-on-local-usage', span: { start: d.qualifiers[0].span.start, end: d.qualifiers[d.qualifiers.length - 1].span.end }, message: 'No qualifiers may follow a locally-defined usage (Part 1 §2.4.1.3); put them in its ACAP-qualified-usage definition.' });
        }
      } else {
        usageFact = checkStandardUsage(line, d.usage, d.allow, out);
      }
      if (!d.resource) {
        out.push({ code: 'acap.missing-resource', span: f.separator === 'colon' ? { start: f.colon, end: f.colon + 1 } : f.name, message: 'Give a resource specification: a path pattern such as / or /news/, or the-acap:resource-set:NAME (Part 1 §2.4.3).' });
        return;
      }
      checkResourceSpec(line, d.resource, out);
      if (!d.allow && d.qualifiers.length > 0) {
        const withValue = d.qualifiers.filter((q) => q.value);
        if (withValue.length) {
          out.push({ code: 'acap.qualifier-on-prohibition', span: { start: withValue[0].span.start, end: withValue[withValue.length - 1].span.end }, message: 'A prohibition takes no qualifiers (Part 1 §2.4.2). To restrict a usage, permit it with qualifiers instead: ACAP-allow-… with the same qualifiers.' });
        }
        checkQualifiers(line, d.qualifiers.filter((q) => !q.value), undefined, out);
        return;
      }
      if (d.usage?.local && d.allow && d.qualifiers.length > 0) return;
      checkQualifiers(line, d.qualifiers, usageFact, out);
      return;
    }
    case 'acap-request': {
      const action = text(line, d.action).toLowerCase();
      if (!ACTION_NAMES.includes(action)) {
        const near = closest(action, ACTION_NAMES);
        out.push({ code: 'acap.unknown-action', span: d.action.start < d.action.end ? d.action : f.name, message: `‘${action}’ is not an action request: use ACAP-request-take-down or ACAP-request-re-crawl (Part 1 §2.6).${didYouMean(near)}`, replacement: near });
      }
      out.push({ code: 'acap.not-ready', span: f.name, message: 'Action requests are not ready for implementation (Part 1 §2.6): crawlers will not act on them.' });
      if (!d.target) out.push({ code: 'acap.invalid-request-target', span: f.name, message: 'Give the path of the one resource the request is for (Part 1 §2.6).' });
      else {
        const t = text(line, d.target);
        if (/[*$]/.test(t) || d.extra.length > 0) out.push({ code: 'acap.invalid-request-target', span: d.extra.length ? { start: d.target.start, end: d.extra[d.extra.length - 1].end } : d.target, message: 'An action request locates a single resource: one path, without wildcards (Part 1 §2.6).' });
        else if (!t.startsWith('/')) out.push({ code: 'acap.invalid-request-target', span: d.target, message: `The target is a path relative to the site root, starting with ‘/’ (Part 1 §2.6).`, replacement: /^[A-Za-z][A-Za-z0-9+.-]*:/.test(t) ? undefined : '/' + t });
      }
      return;
    }
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
    case 'acap-ignore-conventional':
      if (f.separator === 'colon' || value.start < value.end) {
        const start = f.separator === 'colon' ? f.colon : value.start;
        out.push({ code: 'acap.ignore-conventional-value', span: { start, end: Math.max(value.end, start + 1) }, message: 'ACAP-ignore-conventional-records takes no colon and no value (Part 1 §2.9.1): any field of that name tells ACAP crawlers to ignore conventional records.', replacement: '' });
      }
      return;
    default:
      return;
  }
}
