/**
 * Conventional robots META values (`noindex, nofollow`, `max-snippet:50`...), their ACAP
 * equivalents (docs/decisions.md §4), and the AI-era META names and values.
 * Part 2 §2.1: ACAP tags are meant to stand alongside conventional ones, so a conventional value
 * with an ACAP equivalent the page does not state gets a note and a tag to add.
 */
import { closest, didYouMean } from '../facts/suggest';
import { isAbsoluteUri, isIsoDate } from '../acap/values';
import { AI_VALUES, CONVENTIONAL_BY_NAME, CONVENTIONAL_VALUES, IMAGE_PREVIEW_VALUES, TDM_POLICY, TDM_RESERVATION } from '../facts/htmlFacts';
import { addressee, companionTag, type Out } from './htmlFindings';
import { conventionalAcap, conventionalKey, type ConventionalAcap } from './metaContent';
import type { MetaTag, Word } from './types';

const SIMPLE_NAMES = CONVENTIONAL_VALUES.filter((v) => !v.value).map((v) => v.name);
const KEY_NAMES = CONVENTIONAL_VALUES.filter((v) => v.value).map((v) => v.name);

/** Whether a token is part of the conventional vocabulary (or meant as ACAP), for relevance. */
export function isConventionalToken(token: string): boolean {
  const lower = token.toLowerCase();
  return CONVENTIONAL_BY_NAME.has(lower) || conventionalKey(token) !== undefined || AI_VALUES.includes(lower) || /^(?:dis)?allow-/.test(lower) || lower === 'acap';
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

function dayExists(year: number, month: number, day: number): boolean {
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return isIsoDate(iso);
}

function timeValid(h: string | undefined, m: string | undefined, s: string | undefined): boolean {
  return (h === undefined || Number(h) <= 23) && (m === undefined || Number(m) <= 59) && (s === undefined || Number(s) <= 60);
}

/**
 * A date as Google documents for `unavailable_after`: ISO 8601, RFC 822 (`Sat, 25 Jun 2010
 * 15:00:00 GMT`) or RFC 850 (`Friday, 25-Jun-2010 15:00:00 PST`), with a day that exists.
 */
export function isConventionalDate(value: string): boolean {
  const v = value.trim();
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s?(?:Z|[+-]\d{2}:?\d{2})?)?$/i.exec(v);
  if (iso) return isIsoDate(iso[1]) && timeValid(iso[2], iso[3], iso[4]);
  const time = String.raw`(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*(?:[A-Z]{1,5}|[+-]\d{4}))?)?`;
  const rfc = new RegExp(String.raw`^(?:[A-Za-z]+,?\s*)?(\d{1,2})(?:\s+|-)([A-Za-z]{3})(?:\s+|-)(\d{2}|\d{4})${time}$`).exec(v);
  if (!rfc) return false;
  const month = MONTHS.indexOf(rfc[2].toLowerCase()) + 1;
  const year = rfc[3].length === 2 ? 1900 + Number(rfc[3]) + (Number(rfc[3]) < 70 ? 100 : 0) : Number(rfc[3]);
  return month > 0 && dayExists(year, month, Number(rfc[1])) && timeValid(rfc[4], rfc[5], rfc[6]);
}

/** The malformed part of a `key:value` directive, as a message, or undefined. */
function keyValueProblem(key: string, value: string): { message: string; replacement?: string } | undefined {
  const kind = CONVENTIONAL_BY_NAME.get(key)?.value;
  if (kind === 'integer') {
    if (/^-?\d+$/.test(value) && Number(value) >= -1) return undefined;
    const what = key === 'max-snippet' ? 'characters' : 'seconds';
    return { message: `${key} takes a whole number of ${what}: 0 for none, -1 for no limit (Google's robots META documentation).` };
  }
  if (kind === 'image-preview') {
    if (IMAGE_PREVIEW_VALUES.includes(value.toLowerCase())) return undefined;
    const near = closest(value, IMAGE_PREVIEW_VALUES);
    return { message: `max-image-preview takes none, standard or large (Google's robots META documentation).${didYouMean(near)}`, replacement: near };
  }
  if (kind === 'date') {
    if (isConventionalDate(value)) return undefined;
    return { message: `‘${value}’ is not a date that exists in a format crawlers document for unavailable_after: ISO 8601 (2025-06-25), RFC 822 or RFC 850 (Google's robots META documentation).` };
  }
  return undefined;
}

/**
 * Whether the page states `form` in ACAP, with no usage purpose, for the same addressee or for
 * every crawler (a `robots` tag speaks to a named crawler too, Part 2 §2.2.1).
 */
function stated(metas: readonly MetaTag[], name: string, form: ConventionalAcap): boolean {
  const said = statements(metas);
  const what = `${form.allow ? 'allow' : 'disallow'} ${form.usage}`;
  return said.has(`${name} ${what}`) || said.has(`robots ${what}`);
}

/**
 * What the page's ACAP tags without a purpose say, as "addressee allow|disallow usage", once per
 * page: every conventional word searched every tag (20,000 tags: 37 s).
 */
const statementsCache = new WeakMap<readonly MetaTag[], Set<string>>();
function statements(metas: readonly MetaTag[]): Set<string> {
  let said = statementsCache.get(metas);
  if (!said) {
    said = new Set();
    for (const m of metas) {
      const c = m.meaning;
      if (c.kind === 'acap-permission' && !c.purpose && c.usage && !c.usage.local) said.add(`${addressee(m)} ${c.allow ? 'allow' : 'disallow'} ${c.usage.name}`);
    }
    statementsCache.set(metas, said);
  }
  return said;
}

/** The values of one conventional robots META tag. */
export function checkConventional(meta: MetaTag, values: readonly Word[], metas: readonly MetaTag[], out: Out): void {
  const name = addressee(meta);
  for (let i = 0; i < values.length; i++) {
    const w = values[i];
    const lower = w.text.toLowerCase();
    if (lower === 'acap') {
      const rest = values.slice(i + 1).map((v) => v.text).join(' ');
      out.push({
        code: 'meta.malformed-acap-token', span: w.span,
        message: 'ACAP must be the first word of the content (Part 2 §2.2.1): here crawlers read conventional values and ignore the ACAP part. Put it in a META tag of its own.',
        addMeta: rest ? companionTag(meta, meta.name.text, `ACAP ${rest}`) : undefined,
      });
      return;
    }
    if (/^(?:dis)?allow-/.test(lower)) {
      out.push(i === 0
        ? { code: 'meta.malformed-acap-token', span: w.span, message: `ACAP content starts with the token ACAP (Part 2 §2.2.1, §3): without it crawlers read ‘${w.text}’ as an unknown conventional value.`, replacement: `ACAP ${w.text}` }
        : { code: 'meta.malformed-acap-token', span: w.span, message: `‘${w.text}’ is ACAP, which needs a META tag of its own starting with the token ACAP (Part 2 §2.2.1, §3); among conventional values crawlers ignore it.`, addMeta: companionTag(meta, meta.name.text, `ACAP ${w.text}`) });
      continue;
    }
    if (AI_VALUES.includes(lower)) {
      out.push({
        code: 'meta.ai-value', span: w.span,
        message: `‘${w.text}’ asks that AI systems not use this page${lower === 'noimageai' ? '\'s images' : ''}, but no standard defines it and Google's list of robots META values does not include it; which crawlers honour it is not documented.`,
      });
      continue;
    }
    const key = conventionalKey(w.text);
    if (key) {
      const colon = w.text.indexOf(':');
      const raw = w.text.slice(colon + 1);
      const value = raw.trim();
      const start = w.span.start + colon + 1 + (raw.length - raw.trimStart().length);
      const problem = value.length === 0
        ? { message: `Give ${key} a value after the colon (Google's robots META documentation).`, replacement: undefined }
        : keyValueProblem(key, value);
      if (problem) {
        out.push({ code: 'meta.invalid-conventional-value', span: value.length ? { start, end: start + value.length } : w.span, message: problem.message, replacement: problem.replacement });
        continue;
      }
    } else if (!CONVENTIONAL_BY_NAME.has(lower)) {
      const colon = w.text.indexOf(':');
      const near = colon > 0 ? closest(w.text.slice(0, colon), KEY_NAMES) : closest(lower.replace(/[-_ ]/g, ''), SIMPLE_NAMES) ?? closest(lower, SIMPLE_NAMES);
      const replacement = near === undefined ? undefined : colon > 0 ? `${near}${w.text.slice(colon)}` : near;
      out.push({
        code: 'meta.unknown-conventional-value', span: w.span,
        message: `‘${w.text}’ is not a robots META value crawlers document; they ignore it.${didYouMean(replacement)}`,
        replacement,
      });
      continue;
    }
    // Snippets without a limit (max-snippet:-1) are the default: nothing to say in ACAP.
    const missing = conventionalAcap(w.text).filter((f) => (!f.allow || f.qualifiers.length > 0) && !stated(metas, name, f));
    if (missing.length > 0) {
      const says = missing.map((f) => [`${f.allow ? 'allow' : 'disallow'}-${f.usage}`, ...f.qualifiers].join(' '));
      out.push({
        code: 'meta.conventional-equivalent', span: w.span,
        message: `‘${w.text}’ says in conventional terms what ACAP says as ‘${says.join('’ and ‘')}’ (interpretation §4). ACAP crawlers read ACAP tags alongside conventional ones (Part 2 §2.1): add ${says.length === 1 ? 'a tag' : 'tags'} saying it in ACAP.`,
        addMeta: says.map((s) => companionTag(meta, meta.name.text, `ACAP ${s}`)).join('\n'),
      });
    }
  }
}

/** TDMRep's META tags: `tdm-reservation` is 1 or 0, `tdm-policy` the URL of a policy. */
export function checkTdm(meta: MetaTag, out: Out): void {
  const name = addressee(meta);
  const value = meta.content?.text.trim();
  const span = meta.content && meta.content.text.length > 0 ? meta.content.span : meta.name.span;
  if (name === TDM_RESERVATION && value !== '0' && value !== '1') {
    const near = value === undefined ? undefined : /^(?:true|yes|reserved)$/i.test(value) ? '1' : /^(?:false|no)$/i.test(value) ? '0' : undefined;
    out.push({ code: 'meta.invalid-tdm', span, message: `tdm-reservation is 1 (text and data mining rights are reserved) or 0 (they are not) (W3C TDMRep).${didYouMean(near)}`, replacement: near });
  } else if (name === TDM_POLICY && (value === undefined || !isAbsoluteUri(value))) {
    out.push({ code: 'meta.invalid-tdm', span, message: 'tdm-policy is the absolute URL of a TDM policy document, such as https://example.com/policies/tdm.json (W3C TDMRep).' });
  }
}
