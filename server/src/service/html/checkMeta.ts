/**
 * Checks of one META tag's name and ACAP content (Part 2 §2.2.1 - §2.2.9 and the ABNF of §3).
 * Usage types, qualifiers and their values are the same as in robots.txt (Part 2 §2.2.9), so
 * they are checked against the same facts (facts.ts) and value grammars (values.ts).
 */
import { CRAWLER_BY_TOKEN } from '../facts/crawlers';
import {
  USAGE_BY_NAME,
  type UsageFact,
} from '../facts/facts';
import { closest, didYouMean } from '../facts/suggest';
import { innerDollars, isAcapName } from '../acap/values';
import { checkQualifiers as checkAcapQualifiers, type AcceptedQualifier } from '../acap/qualifiers';
import { CONVENTIONAL_BY_NAME, ELEMENT_SET_KINDS, ROBOTS_META_NAMES, STANDARD_META_NAMES } from '../facts/htmlFacts';
import type { Out } from './htmlFindings';
import { classifyUsage } from '../acap/usageNames';
import type { HtmlPage, HtmlQualifier, HtmlUsage, MetaContent, MetaTag, OffsetSpan, Word } from './types';

/** Typographic quotes that word processors put where HTML needs `"` or `'`. */
const TYPOGRAPHIC_QUOTES = /[\u2018\u2019\u201C\u201D\u201E\u2033]/;

type Permission = Extract<MetaContent, { kind: 'acap-permission' }>;

/** Whether the name is `robots` or one crawlers document as theirs. */
export function isKnownRobotsName(name: string): boolean {
  return ROBOTS_META_NAMES.includes(name) || CRAWLER_BY_TOKEN.has(name);
}

/**
 * Typographic quotes around META attribute values (the guide's examples 5.10 and 5.11 as
 * printed): HTML does not read them as quotes, so the name or content runs on into the next
 * attribute. True when one was reported (the tag's other checks would then be noise).
 */
export function checkQuotes(meta: MetaTag, out: Out): boolean {
  const message = 'Typographic quotes (“ ” ‘ ’) do not delimit HTML attribute values: write straight quotes "…", or crawlers read a different name and content (HTML attribute syntax).';
  if (TYPOGRAPHIC_QUOTES.test(meta.name.text)) {
    out.push({ code: 'meta.typographic-quote', span: meta.name.span, message });
    return true;
  }
  const c = meta.content?.text;
  if (meta.content && c && (TYPOGRAPHIC_QUOTES.test(c[0]) || TYPOGRAPHIC_QUOTES.test(c[c.length - 1]) || /[\u201C\u201D\u2033]\s*\/?>/.test(c))) {
    out.push({ code: 'meta.typographic-quote', span: meta.content.span, message });
    return true;
  }
  return false;
}

/** Part 2 §3: ACAP-meta-tag-name = "robots" / crawler-name (a letter, then VCHAR but `#`, or WSP). */
export function checkMetaName(meta: MetaTag, out: Out): void {
  const written = meta.name.text;
  const name = written.trim();
  const lower = name.toLowerCase();
  const span = meta.name.span;
  if (name.length === 0) {
    out.push({ code: 'meta.invalid-name', span: meta.tag, message: 'Give the META tag a name: robots for every crawler, or the name of one crawler (Part 2 §2.2.1, §3).' });
  } else if (name !== written) {
    out.push({ code: 'meta.invalid-name', span, message: `Remove the spaces around ‘${name}’: a crawler name starts with a letter (Part 2 §3 crawler-name).`, replacement: name });
  } else if (name === '*') {
    out.push({ code: 'meta.invalid-name', span, message: 'In META tags every crawler is addressed as robots, not * (Part 2 §2.2.1, §3).', replacement: 'robots' });
  } else if (!/^[A-Za-z][\t\x20-\x22\x24-\x7e]*$/.test(name)) {
    out.push({ code: 'meta.invalid-name', span, message: `‘${name}’ is not a crawler name: it starts with a letter, then printable ASCII characters other than # (Part 2 §3 crawler-name, Part 1 §3).` });
  } else if (STANDARD_META_NAMES.includes(lower)) {
    out.push({ code: 'meta.invalid-name', span, message: `‘${name}’ is an HTML META name of its own, not a crawler: no crawler reads robots or ACAP policies here. Name the tag robots, or after one crawler (Part 2 §2.2.1, §3).` });
  } else if (!isKnownRobotsName(lower) && closest(lower, ['robots']) === 'robots') {
    out.push({ code: 'meta.invalid-name', span, message: `‘${name}’ is neither robots nor a known crawler name; crawlers that read robots META tags will not read this one (Part 2 §3).${didYouMean('robots')}`, replacement: 'robots' });
  }
}

/**
 * A usage type of a META tag or a class value. Returns its facts when it is a standard usage.
 * Part 2 §2.2.9: the same usage types as in robots.txt (Part 1 §2.5).
 */
export function checkUsage(usage: HtmlUsage, written: string, out: Out): UsageFact | undefined {
  const c = classifyUsage(usage.name);
  if (c.kind === 'known') {
    if (c.fact.readiness === 'not-ready') {
      out.push({ code: 'meta.not-ready', span: usage.span, message: `‘${c.fact.name}’ is not yet ready for implementation (${c.fact.spec.doc} §${c.fact.spec.section}): crawlers may ignore it.` });
    }
    return c.fact;
  }
  if (c.kind === 'combination') {
    out.push({
      code: 'meta.invalid-usage-combination', span: usage.span,
      message: `‘${written}’: only present takes a used resource type such as ‘${c.type}’ (Part 1 §2.5; Part 2 §2.2.9). Did you mean ‘${c.replacement}’?`,
      replacement: c.replacement,
    });
    return undefined;
  }
  out.push({
    code: 'meta.unknown-usage', span: usage.span,
    message: `‘${written}’ is not an ACAP usage type: ${c.known} (Part 1 §2.5; Part 2 §2.2.9).${didYouMean(c.near)}`,
    replacement: c.near,
  });
  return undefined;
}

function text(page: HtmlPage, span: { start: number; end: number }): string {
  return page.text.slice(span.start, span.end);
}

/** The qualifiers of a META permission (Part 2 §2.2.3.2, §2.2.9; Part 1 §2.5): the one ACAP checker, as `meta.*`. */
function checkQualifiers(page: HtmlPage, qualifiers: readonly HtmlQualifier[], usage: UsageFact | undefined, v11: boolean, out: Out): void {
  const written = qualifiers.map((q) => ({
    span: q.span, nameSpan: q.nameSpan, valueSpan: q.valueSpan, text: text(page, q.span), name: text(page, q.nameSpan), value: q.value,
  }));
  const accepted = ({ qualifier, valueSpan }: AcceptedQualifier<OffsetSpan>): void => checkExtractTarget(page, qualifier.value ?? '', valueSpan, out);
  for (const p of checkAcapQualifiers(written, usage, { where: 'meta', acap11: v11 }, accepted)) {
    if (p.rule === 'meta-only-qualifier') continue; // never reported in META, where such qualifiers belong (Part 2 §2.2.9)
    out.push({ code: `meta.${p.rule}`, span: p.span, message: p.message, replacement: p.replacement });
  }
}

/**
 * `the-acap:extract:id|class|meta:NAME` and `the-acap:credit:…` name a part of this very page
 * (Part 1 §2.5.3.2, §2.5.5.2.5; Part 2 §2.2.3.2): say so when the page has no such part.
 * Names compare case-insensitively (Part 1 §3 note).
 */
function checkExtractTarget(page: HtmlPage, value: string, span: { start: number; end: number }, out: Out): void {
  const m = /^the-acap:(?:extract|credit):(id|class|meta):(.+)$/i.exec(value);
  if (!m) return;
  const kind = m[1].toLowerCase();
  const name = m[2].toLowerCase();
  const found = kind === 'meta' ? page.metas.some((x) => x.nameLower.trim() === name)
    : kind === 'id' ? (page.ids ?? []).some((w) => w.text.toLowerCase() === name)
      : (page.classWords ?? []).some((w) => w.text.toLowerCase() === name);
  if (found) return;
  const what = kind === 'meta' ? `META tag named ‘${m[2]}’` : kind === 'id' ? `element with id ‘${m[2]}’` : `element of class ‘${m[2]}’`;
  out.push({ code: 'meta.extract-target-missing', span, message: `This page has no ${what}, so a crawler has nothing to use (Part 1 §2.5.3.2; Part 2 §2.2.3.2).` });
}

/** Part 1 §3 (via Part 2 §2.2.2): a usage purpose is a name or a URI pattern. */
function checkPurpose(purpose: Word, out: Out): void {
  const v = purpose.text;
  if (/["'<>\\^`{|}]/.test(v) || !/^[A-Za-z]/.test(v)) {
    out.push({ code: 'meta.invalid-usage-purpose', span: purpose.span, message: `‘${v}’ is neither a name nor a URI pattern, so it is not a usage purpose (Part 2 §2.2.2; Part 1 §2.3.3).` });
  }
  for (const at of innerDollars(v)) {
    out.push({ code: 'meta.invalid-usage-purpose', span: { start: purpose.span.start + at, end: purpose.span.start + at + 1 }, message: '‘$’ may only be the last character of a pattern, where it anchors the end (Part 1 §2.8).' });
  }
}

/** Part 2 §3: element-set = "the-acap:" ("idlist:" / "classlist:" / "taglist:") id-or-name *(", " id-or-name). */
function checkElementSet(set: Word, out: Out): void {
  const colon = set.text.indexOf(':', 'the-acap:'.length);
  const kind = set.text.slice('the-acap:'.length, colon).toLowerCase();
  const list = set.text.slice(colon + 1);
  const items = list.split(',');
  const wellSeparated = items.every((item, i) => (i === 0 ? !/^\s/.test(item) : /^ \S/.test(item)) && !/\s$/.test(item));
  const bad = items.map((i) => i.trim()).filter((i) => !isAcapName(i));
  if (!ELEMENT_SET_KINDS.includes(kind) || bad.length > 0 || !wellSeparated) {
    const fixed = `the-acap:${kind}:${items.map((i) => i.trim()).filter(Boolean).join(', ')}`;
    const why = bad.length > 0
      ? `${bad.map((b) => `‘${b}’`).join(', ')} ${bad.length === 1 ? 'is not an' : 'are not'} id or name (a letter, then letters, digits, ‘-’, ‘_’ or ‘.’)`
      : 'separate the names with a comma and one space';
    out.push({ code: 'meta.invalid-element-set', span: set.span, message: `Element set: ${why} (Part 2 §3 element-set).`, replacement: bad.length === 0 ? fixed : undefined });
  }
}

/** A permission or prohibition in META content (Part 2 §2.2.3, §2.2.4). */
export function checkPermission(page: HtmlPage, meta: MetaTag, p: Permission, v11: boolean, out: Out): void {
  if (p.purpose) checkPurpose(p.purpose, out);
  for (const w of p.stray) {
    const permission = /^(?:dis)?allow-/i.test(w.text);
    out.push({
      code: 'meta.stray-word', span: w.span,
      message: permission
        ? `One permission or prohibition per META tag (Part 2 §3): put ‘${w.text}’ in a META tag of its own, or crawlers cannot read this one.`
        : `‘${w.text}’ fits nowhere: ACAP content is [usage-purpose] allow-USAGE [qualifiers] or disallow-USAGE, with at most one usage purpose (Part 2 §2.2.2, §3).`,
    });
  }
  const prefix = p.allow ? 'allow-' : 'disallow-';
  let usage: UsageFact | undefined;
  if (!p.usage) {
    out.push({ code: 'meta.unknown-usage', span: meta.content?.span ?? meta.name.span, message: `Name a usage type after ‘${prefix}’, e.g. ACAP ${prefix}index (Part 2 §2.2.3, §2.2.4).` });
  } else if (p.usage.local) {
    out.push({ code: 'meta.local-usage', span: p.usage.span, message: `META tags take standard usage types only (Part 2 §3: "${prefix}" ACAP-usage-name): a page cannot define local usages. Permit each standard usage in its own META tag.` });
  } else {
    usage = checkUsage(p.usage, text(page, p.usage.span), out);
  }
  for (const set of p.elementSets) checkElementSet(set, out);
  if (!p.allow) {
    const withValue = p.qualifiers.filter((q) => q.value !== undefined);
    if (withValue.length > 0) {
      out.push({
        code: 'meta.qualifier-on-prohibition', span: { start: withValue[0].span.start, end: withValue[withValue.length - 1].span.end },
        message: 'A prohibition takes no qualifiers (Part 2 §2.2.4). To restrict a usage, permit it with qualifiers instead: ACAP allow-… with the same qualifiers.',
      });
    }
    checkQualifiers(page, p.qualifiers.filter((q) => q.value === undefined), undefined, v11, out);
    return;
  }
  if (p.usage?.local) return;
  checkQualifiers(page, p.qualifiers, usage, v11, out);
}

/** `ACAP version 1.1` (Part 2 §2.2.7, §3 version = "version" 1*WSP "1.1"). */
export function checkVersion(meta: MetaTag, version: Word | undefined, stray: readonly Word[], out: Out): void {
  if (!version) {
    out.push({ code: 'meta.version-unknown', span: meta.content?.span ?? meta.name.span, message: 'Give the version: ACAP version 1.1 (Part 2 §2.2.7).' });
  } else if (version.text !== '1.1') {
    const nearly = /^v?1[.,]1\.?$/i.test(version.text);
    const message = nearly ? `Write the version as ‘1.1’ (Part 2 §3).`
      : /^1(?:\.0)*$/.test(version.text) ? `The version META tag came with ACAP 1.1 and names 1.1 only (Part 2 §3); a page without it is read as ACAP 1.0 (§2.2.7), so remove this tag to mean 1.0.`
        : `‘${version.text}’ is not an ACAP version this product knows: the version META tag names 1.1 (Part 2 §2.2.7, §3). Crawlers that read ${version.text} may ignore features of later versions.`;
    out.push({ code: 'meta.version-unknown', span: version.span, message, replacement: nearly ? '1.1' : undefined });
  }
  for (const w of stray) {
    out.push({ code: 'meta.stray-word', span: w.span, message: `Nothing follows the version number (Part 2 §3); put ‘${w.text}’ in a META tag of its own.` });
  }
}

/** `other` content: `ACAP` alone, a misspelt token, or `ACAP` with no permission after it. */
export function checkOther(meta: MetaTag, m: Extract<MetaContent, { kind: 'other' }>, out: Out): void {
  const words = m.words ?? [];
  const span = meta.content?.span ?? meta.name.span;
  if (m.reason === 'acap-alone') {
    out.push({ code: 'meta.invalid-acap-content', span, message: 'ACAP must be followed by a permission (allow-USAGE), a prohibition (disallow-USAGE) or version 1.1 (Part 2 §3).' });
    return;
  }
  if (m.reason === 'misspelt-acap') {
    const first = words[0];
    const lower = first.text.toLowerCase();
    const glued = lower.startsWith('acap') ? first.text.slice(4).replace(/^[^A-Za-z0-9]+/, '') : '';
    const replacement = glued ? `ACAP ${glued}` : 'ACAP';
    out.push({
      code: 'meta.malformed-acap-token', span: first.span,
      message: `ACAP content starts with the token ‘ACAP’ and a space (Part 2 §2.2.1, §3); crawlers read ‘${first.text}’ as a conventional value and ignore the tag. Write ‘${replacement}’.`,
      replacement,
    });
    return;
  }
  if (m.reason !== 'no-permission') return;
  const rest = words.slice(1);
  const [a, b] = rest;
  const la = a.text.toLowerCase();
  if ((la === 'allow' || la === 'disallow') && b) {
    const fixed = `${a.text}-${b.text}`;
    out.push({ code: 'meta.invalid-acap-content', span: { start: a.span.start, end: b.span.end }, message: `Write ‘${fixed}’ with a hyphen: ‘${a.text}’ and the usage type are one word (Part 2 §2.2.3, §3).`, replacement: fixed });
    return;
  }
  const glued = /^((?:dis)?allow)[_:.]?(.+)$/i.exec(a.text);
  if (glued && USAGE_BY_NAME.has(glued[2].toLowerCase().replace(/_/g, '-'))) {
    const fixed = `${glued[1]}-${glued[2].replace(/_/g, '-')}`;
    out.push({ code: 'meta.invalid-acap-content', span: a.span, message: `Write ‘${fixed}’: ‘${glued[1]}-’ is followed directly by the usage type (Part 2 §3).`, replacement: fixed });
    return;
  }
  const version = /^version[=:]?(\d.*)$/i.exec(a.text);
  if (version) {
    out.push({ code: 'meta.invalid-acap-content', span: a.span, message: `Write ‘version ${version[1]}’ with a space: the META tag is not the robots.txt comment ##ACAP version= (Part 2 §2.2.7, §3).`, replacement: `version ${version[1]}` });
    return;
  }
  const conventional = CONVENTIONAL_BY_NAME.get(la);
  if (conventional?.acap?.length === 1) {
    out.push({ code: 'meta.invalid-acap-content', span: a.span, message: `‘${a.text}’ is a conventional value; in ACAP it is ‘${conventional.acap[0]}’ (Part 2 §2.1; interpretation §4).`, replacement: conventional.acap[0] });
    return;
  }
  out.push({ code: 'meta.invalid-acap-content', span: { start: a.span.start, end: rest[rest.length - 1].span.end }, message: 'After ACAP comes a permission (allow-USAGE), a prohibition (disallow-USAGE), either after one usage purpose, or version 1.1 (Part 2 §3).' });
}
