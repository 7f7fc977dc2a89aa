/**
 * The meaning of a META `content` value (Part 2 §3):
 *
 *   ACAP-meta-tag-content = "ACAP" 1*WSP (version / permission / prohibition)
 *   version     = "version" 1*WSP "1.1"
 *   permission  = [usage-purpose-pattern 1*WSP] "allow-" ACAP-usage-name ["-" used-resource-type-name]
 *                 *(1*WSP qualifier-specification)
 *   prohibition = [usage-purpose-pattern 1*WSP] "disallow-" ACAP-usage-name ["-" used-resource-type-name]
 *   element-set = "the-acap:" ("idlist:" / "classlist:" / "taglist:") id-or-name *(", " id-or-name)
 *
 * ABNF literals are case-insensitive (RFC 2234 §2.3), so `acap Allow-Index` is valid. Words are
 * separated by any HTML whitespace, not only WSP: authors wrap long attribute values, and the
 * specifications' own examples do (Part 2 §2.2.3.2, §2.2.9.1). Content that does not start with
 * the ACAP token is the conventional robots vocabulary (`noindex, nofollow`), split on commas and
 * whitespace. Never throws; what fits nowhere is kept (`stray`, `other`) so validation can say why.
 */
import { CONVENTIONAL_BY_NAME } from '../facts/htmlFacts';
import { editDistance } from '../facts/suggest';
import { wordsIn } from './words';
import type { HtmlQualifier, HtmlUsage, MetaContent, Word } from './types';

const ELEMENT_SET = /^the-acap:(?:idlist|classlist|taglist):/i;
const PERMISSION_WORD = /^(?:dis)?allow-/i;

/** The words of `content`, with page offsets. */
function contentWords(content: Word): Word[] {
  return wordsIn(content.text, 0, content.text.length).map((w) => shift(w, content.span.start));
}

function shift(w: Word, by: number): Word {
  return { text: w.text, span: { start: w.span.start + by, end: w.span.end + by } };
}

/** The text of `content` between two page offsets. */
function slice(content: Word, start: number, end: number): string {
  return content.text.slice(start - content.span.start, end - content.span.start);
}

/**
 * A first word that is the ACAP token misspelt or glued to what follows (`ACAP:`,
 * `Acap-allow-index`, `ACAPallow-index`, `ACPA allow-index`): crawlers do not read it as ACAP.
 */
export function isMisspeltAcap(first: string, next: string | undefined): boolean {
  const w = first.toLowerCase();
  if (w === 'acap') return false;
  if (w.startsWith('acap')) {
    const rest = w.slice(4);
    return !/^[a-z]/.test(rest) || /^(?:dis)?allow|^version/.test(rest);
  }
  // One letter off (`acp`, `aacp`, `acpa`) and followed by what ACAP takes.
  const nextLooksAcap = next !== undefined && (PERMISSION_WORD.test(next) || /^version$/i.test(next));
  return nextLooksAcap && editDistance(w, 'acap', 1) <= 1;
}

function usageOf(word: Word, prefixLength: number): HtmlUsage | undefined {
  const rest = word.text.slice(prefixLength);
  if (rest.length === 0) return undefined;
  const span = { start: word.span.start + prefixLength, end: word.span.end };
  if (rest.startsWith('(')) {
    const inner = rest.endsWith(')') ? rest.slice(1, -1) : rest.slice(1);
    return { name: inner.toLowerCase(), local: true, span };
  }
  return { name: rest.toLowerCase(), local: false, span };
}

/** Parse one META `content` value. */
export function parseMetaContent(content: Word): MetaContent {
  const words = contentWords(content);
  if (words.length === 0) return { kind: 'conventional', values: [] };
  const first = words[0].text;
  if (first.toLowerCase() !== 'acap') {
    if (isMisspeltAcap(first, words[1]?.text)) return { kind: 'other', reason: 'misspelt-acap', words };
    return { kind: 'conventional', values: conventionalValues(content) };
  }
  const rest = words.slice(1);
  if (rest.length === 0) return { kind: 'other', reason: 'acap-alone', words };
  if (rest[0].text.toLowerCase() === 'version') {
    return { kind: 'acap-version', version: rest[1], stray: rest.slice(2) };
  }
  const at = rest.findIndex((w) => PERMISSION_WORD.test(w.text));
  if (at < 0) return { kind: 'other', reason: 'no-permission', words };
  const usageWord = rest[at];
  const allow = usageWord.text[0].toLowerCase() === 'a';
  // Part 2 §2.2.2: one usage purpose pattern may precede the permission; more words do not fit.
  const purpose = at > 0 ? rest[0] : undefined;
  const stray: Word[] = rest.slice(1, Math.max(1, at));
  const qualifiers: HtmlQualifier[] = [];
  const elementSets: Word[] = [];
  const after = rest.slice(at + 1);
  for (let j = 0; j < after.length; j++) {
    const w = after[j];
    const next = after[j + 1];
    if (ELEMENT_SET.test(w.text)) {
      // id-or-name *(", " id-or-name): the list continues while a word ends with a comma.
      let k = j;
      while (after[k].text.endsWith(',') && k + 1 < after.length && !after[k + 1].text.includes('=')) k++;
      const span = { start: w.span.start, end: after[k].span.end };
      elementSets.push({ text: slice(content, span.start, span.end), span });
      j = k;
      continue;
    }
    const eq = w.text.indexOf('=');
    if (eq >= 0) {
      const nameSpan = { start: w.span.start, end: w.span.start + eq };
      if (eq === w.text.length - 1 && next && !PERMISSION_WORD.test(next.text)) {
        // Part 1 §3 qualifier-specification allows WSP after "=": `max-length= 20-words`. The
        // value is the next word whatever it holds (value-char includes "="), as in robots.txt.
        qualifiers.push(qualifier(content, nameSpan, next.span));
        j++;
      } else {
        qualifiers.push(qualifier(content, nameSpan, { start: w.span.start + eq + 1, end: w.span.end }));
      }
      continue;
    }
    if (next && next.text.startsWith('=')) {
      // ... and WSP before it: `max-length =20-words`, `max-length = 20-words`.
      const third = after[j + 2];
      if (next.text === '=' && third && !PERMISSION_WORD.test(third.text)) {
        qualifiers.push(qualifier(content, w.span, third.span));
        j += 2;
      } else {
        qualifiers.push(qualifier(content, w.span, { start: next.span.start + 1, end: next.span.end }));
        j++;
      }
      continue;
    }
    if (PERMISSION_WORD.test(w.text) || w.text.toLowerCase() === 'acap') {
      stray.push(w);
      continue;
    }
    // A word with no `=`: a qualifier without its value (validation says so).
    qualifiers.push({ name: w.text.toLowerCase(), value: undefined, span: w.span, nameSpan: w.span, valueSpan: undefined });
  }
  return {
    kind: 'acap-permission',
    allow,
    purpose,
    usage: usageOf(usageWord, allow ? 'allow-'.length : 'disallow-'.length),
    qualifiers,
    elementSets,
    stray,
  };
}

function qualifier(content: Word, nameSpan: { start: number; end: number }, valueSpan: { start: number; end: number }): HtmlQualifier {
  return {
    name: slice(content, nameSpan.start, nameSpan.end).toLowerCase(),
    value: slice(content, valueSpan.start, valueSpan.end),
    span: { start: nameSpan.start, end: valueSpan.end },
    nameSpan,
    valueSpan,
  };
}

// ---------------------------------------------------------------------------------------------
// Conventional values

function isSeparator(c: number): boolean {
  return c === 44 /* , */ || c === 32 || c === 9 || c === 10 || c === 12 || c === 13;
}

/** Tokens separated by commas and whitespace, with page offsets. */
function conventionalTokens(content: Word): Word[] {
  const out: Word[] = [];
  const t = content.text;
  let i = 0;
  while (i < t.length) {
    while (i < t.length && isSeparator(t.charCodeAt(i))) i++;
    if (i >= t.length) break;
    const s = i;
    while (i < t.length && !isSeparator(t.charCodeAt(i))) i++;
    out.push({ text: t.slice(s, i), span: { start: content.span.start + s, end: content.span.start + i } });
  }
  return out;
}

/** `max-snippet:` and the other `key:value` directives, lower-cased key, or undefined. */
export function conventionalKey(token: string): string | undefined {
  const colon = token.indexOf(':');
  if (colon <= 0) return undefined;
  const key = token.slice(0, colon).toLowerCase();
  return CONVENTIONAL_BY_NAME.get(key)?.value ? key : undefined;
}

/** An ACAP permission or prohibition that a conventional value stands for. */
export interface ConventionalAcap {
  readonly allow: boolean;
  readonly usage: string;
  /** `max-length=N-chars`, for max-snippet:N with N > 0. */
  readonly qualifiers: readonly string[];
}

/**
 * The ACAP statements a conventional value stands for (docs/decisions.md §4):
 * htmlFacts' mappings (noindex → disallow-index...), and max-snippet:N, which Google defines as
 * no snippet for 0, snippets of at most N characters for N > 0 and no limit for -1.
 */
export function conventionalAcap(token: string): ConventionalAcap[] {
  const fact = CONVENTIONAL_BY_NAME.get(token.toLowerCase());
  if (fact?.acap) return fact.acap.map((a) => ({ allow: a.startsWith('allow-'), usage: a.replace(/^(?:dis)?allow-/, ''), qualifiers: [] }));
  if (conventionalKey(token) !== 'max-snippet') return [];
  const n = token.slice(token.indexOf(':') + 1).trim();
  if (!/^-?\d+$/.test(n)) return [];
  // The digits as written, leading zeros aside: through Number, 400 nines became `Infinity-chars`,
  // which ACAP does not read as a length (and 20 nines a rounded 1 followed by 20 zeros).
  if (/^-?0+$/.test(n)) return [{ allow: false, usage: 'present-snippet', qualifiers: [] }];
  return [{ allow: true, usage: 'present-snippet', qualifiers: n.startsWith('-') ? [] : [`max-length=${n.replace(/^0+/, '')}-chars`] }];
}

/** A token that starts another directive, which ends an `unavailable_after:` date. */
function startsDirective(token: string): boolean {
  const lower = token.toLowerCase();
  return CONVENTIONAL_BY_NAME.has(lower) || conventionalKey(token) !== undefined || lower === 'acap';
}

/**
 * The directives of a conventional value: `noindex`, `max-snippet:50`, and `key: value` written
 * with a space. An `unavailable_after:` date may hold spaces and commas (RFC 850:
 * `Friday, 25-Jun-2010 15:00:00 PST`), so it runs until a token that starts another directive.
 */
export function conventionalValues(content: Word): Word[] {
  const tokens = conventionalTokens(content);
  const out: Word[] = [];
  for (let j = 0; j < tokens.length; j++) {
    const w = tokens[j];
    const key = conventionalKey(w.text);
    if (!key) {
      out.push(w);
      continue;
    }
    let end = j;
    if (w.text.endsWith(':') && j + 1 < tokens.length && !startsDirective(tokens[j + 1].text)) end = j + 1;
    if (key === 'unavailable_after') {
      while (end + 1 < tokens.length && !startsDirective(tokens[end + 1].text)) end++;
    }
    const span = { start: w.span.start, end: tokens[end].span.end };
    out.push({ text: slice(content, span.start, span.end), span });
    j = end;
  }
  return out;
}
