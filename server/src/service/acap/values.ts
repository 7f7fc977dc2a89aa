/**
 * Grammars of values: ACAP names, resource path patterns, URIs and the qualifier value
 * grammars of Part 1 §2.5. Each check returns undefined when the value is valid, or a problem
 * saying what is wrong and, where one is evident, the corrected value.
 */
import { EXTRACT_KINDS, INCLUDE_ROLES, QUALIFIER_BY_NAME, type ValueGrammar } from '../facts/facts';
import { closest } from '../facts/suggest';
import type { Finding } from '../syntax/findings';
import type { Span } from '../syntax/syntax';

export interface ValueProblem {
  readonly message: string;
  readonly replacement?: string;
}

/** name-start-char *name-char (Part 1 §3): a letter, then letters, digits, `-`, `_`, `.`. */
export function isAcapName(name: string): boolean {
  return /^[A-Za-z][A-Za-z0-9._-]*$/.test(name);
}

// RFC 3986 characters of a URI reference (unreserved / sub-delims / ":" / "@" / "/" / "?"),
// plus "%" for pct-encoded. `*` and `$` are sub-delims, so patterns need no extra case.
const URI_CHARS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]*$/;
const PCT = /%(?![0-9A-Fa-f]{2})/;

/** What in `text` is not allowed in a URI reference, described; undefined if all is allowed. */
export function uriCharProblem(text: string): string | undefined {
  if (!URI_CHARS.test(text)) {
    for (const ch of text) {
      if (!URI_CHARS.test(ch)) {
        const code = ch.codePointAt(0) ?? 0;
        const shown = code > 0x20 && code < 0x7f ? `‘${ch}’` : `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
        return `${shown} is not allowed in a URI; percent-encode it (${percentEncode(ch)})`;
      }
    }
  }
  if (PCT.test(text)) return '‘%’ must be followed by two hexadecimal digits';
  return undefined;
}

function normalizeNonAscii(value: string): string {
  let out = '';
  for (const ch of value) out += /[\x21-\x7e]/.test(ch) ? ch : percentEncode(ch);
  return out;
}

function percentEncode(ch: string): string {
  const bytes = new TextEncoder().encode(ch);
  return Array.from(bytes, (b) => '%' + b.toString(16).toUpperCase().padStart(2, '0')).join('');
}

export function isAbsoluteUri(text: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]+$/.test(text) && uriCharProblem(text) === undefined;
}

/** A calendar date YYYY-MM-DD that exists (no 2008-02-30). */
export function isIsoDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  const days = [31, (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  return d <= days[mo - 1];
}

function timeLimit(value: string): ValueProblem | undefined {
  const v = value.toLowerCase();
  if (v === 'until-recrawled' || /^\d+-days$/.test(v)) return undefined;
  if (v.startsWith('until-') && /^\d/.test(v.slice(6))) {
    const date = value.slice(6);
    if (isIsoDate(date)) return undefined;
    return { message: `‘${date}’ is not a date written YYYY-MM-DD (Part 1 §2.5.3.1: ISO format with hyphens, and a day that exists).` };
  }
  const days = /^(\d+)[\s_-]*(day|days|d)$/.exec(v);
  if (days) return { message: `Write a number of days as ‘${days[1]}-days’ (Part 1 §2.5.3.1).`, replacement: `${days[1]}-days` };
  const near = closest(v, ['until-recrawled']);
  return {
    message: `‘${value}’ is not a time limit: use ‘until-recrawled’, ‘until-YYYY-MM-DD’ or ‘N-days’ (Part 1 §2.5.3.1).${near ? ` Did you mean ‘${near}’?` : ''}`,
    replacement: near,
  };
}

function length(value: string): ValueProblem | undefined {
  const v = value.toLowerCase();
  if (/^\d+-(chars|words)$/.test(v)) return undefined;
  const m = /^(\d+)[\s_-]*(characters?|chars?|c|words?|w)$/.exec(v);
  if (m) {
    const unit = m[2].startsWith('w') ? 'words' : 'chars';
    return { message: `Write the length as ‘${m[1]}-${unit}’ (Part 1 §2.5.5.2.3).`, replacement: `${m[1]}-${unit}` };
  }
  return { message: `‘${value}’ is not a length: use ‘N-chars’ or ‘N-words’ with N a whole number (Part 1 §2.5.5.2.3).` };
}

function oneOf(value: string, allowed: readonly string[], section: string): ValueProblem | undefined {
  const v = value.toLowerCase();
  if (allowed.includes(v)) return undefined;
  const near = closest(v, allowed);
  const list = allowed.map((a) => `‘${a}’`).join(', ');
  return { message: `‘${value}’ is not one of ${list} (Part 1 §${section}).${near ? ` Did you mean ‘${near}’?` : ''}`, replacement: near };
}

/** `the-acap:extract:id|class|meta:name` (Part 1 §2.5.3.2) or a URI. */
function resourceUri(value: string): ValueProblem | undefined {
  if (/^the-acap:/i.test(value)) {
    const m = /^the-acap:extract:([^:]*):(.*)$/i.exec(value);
    if (!m) return { message: `‘${value}’ is not an element extract: write ‘the-acap:extract:id|class|meta:NAME’ (Part 1 §2.5.3.2).` };
    if (!EXTRACT_KINDS.includes(m[1].toLowerCase())) {
      const near = closest(m[1], EXTRACT_KINDS);
      return {
        message: `‘${m[1]}’ is not an element kind: use id, class or meta (Part 1 §2.5.3.2).${near ? ` Did you mean ‘${near}’?` : ''}`,
        replacement: near ? `the-acap:extract:${near}:${m[2]}` : undefined,
      };
    }
    if (m[2].length === 0) return { message: `Name the ${m[1].toLowerCase()} after the last colon (Part 1 §2.5.3.2).` };
    return undefined;
  }
  return uriValue(value, '2.5.3.2');
}

/** `the-acap:credit|link:(id:x|class:x|meta:x|URI)` or a general URI (Part 1 §2.5.5.2.5). */
function includeUri(value: string): ValueProblem | undefined {
  if (/^the-acap:/i.test(value)) {
    const m = /^the-acap:([^:]*):(.*)$/i.exec(value);
    const roles = INCLUDE_ROLES.map((r) => r.name);
    if (!m || !roles.includes(m[1].toLowerCase())) {
      const near = m ? closest(m[1], roles) : undefined;
      return { message: `‘${value}’ does not name a role: write ‘the-acap:credit:…’ or ‘the-acap:link:…’ (Part 1 §2.5.5.2.5).${near ? ` Did you mean ‘${near}’?` : ''}` };
    }
    const locator = m[2];
    const sel = /^(id|class|meta):(.*)$/i.exec(locator);
    if (sel) return sel[2].length > 0 ? undefined : { message: `Name the ${sel[1].toLowerCase()} after the last colon (Part 1 §2.5.5.2.5).` };
    return uriValue(locator, '2.5.5.2.5');
  }
  return uriValue(value, '2.5.5.2.5');
}

function uriValue(value: string, section: string): ValueProblem | undefined {
  if (value.length === 0) return { message: `A URI is required (Part 1 §${section}).` };
  const p = uriCharProblem(value);
  if (p) return { message: `‘${value}’ is not a URI: ${p} (Part 1 §${section}).` };
  return undefined;
}

function absoluteUri(value: string): ValueProblem | undefined {
  if (isAbsoluteUri(value)) return undefined;
  return { message: `‘${value}’ is not an absolute URI such as http://example.com/page.html (Part 2 §2.2.9.1).` };
}

/** Check a qualifier value against the grammar its qualifier follows. */
export function checkQualifierValue(grammar: ValueGrammar, value: string): ValueProblem | undefined {
  // Part 1 §3 value-char excludes `"` and `'` (and `#`, which the lexer already cut).
  if (/["']/.test(value)) return { message: `Quotation marks are not allowed in qualifier values; percent-encode them if they are meant (Part 1 §3).`, replacement: value.replace(/["']/g, '') };
  // Part 1 §3 value-char stops at %x7E: other characters are written percent-encoded as UTF-8.
  if (/[^\x21-\x7e]/.test(value)) {
    const fixed = normalizeNonAscii(value);
    return { message: `Characters outside ASCII must be percent-encoded in qualifier values (Part 1 §3): write ‘${fixed}’.`, replacement: fixed };
  }
  switch (grammar) {
    case 'time-limit': return timeLimit(value);
    case 'length': return length(value);
    case 'modification': return oneOf(value, valuesOf('prohibited-modification'), '2.5.5.2.4');
    case 'context-user-frame': return oneOf(value, valuesOf('prohibited-context'), '2.5.5.2.6');
    case 'context-original-frame': return oneOf(value, valuesOf('required-context'), '2.5.5.2.7');
    case 'resource-uri': return resourceUri(value);
    case 'include-uri': return includeUri(value);
    case 'location-uri': return absoluteUri(value);
  }
}

function valuesOf(qualifier: string): readonly string[] {
  return QUALIFIER_BY_NAME.get(qualifier)?.values ?? [];
}

/**
 * A resource path pattern (Part 1 §2.4.3, §2.8): a relative URI reference in which `*` matches
 * any characters and `$` may only end the pattern.
 */
export function patternCharProblem(pattern: string): string | undefined {
  return uriCharProblem(pattern);
}

/**
 * The pattern a scan or PDF copy most likely misread, or undefined: a capital `S` at the end where
 * `$` (the end anchor, RFC 9309 §2.2.3, Part 1 §2.8) was meant — `/S`, `/news/S`, `/*.pdfS` —
 * in a pattern with no other capital letter. O(pattern length).
 */
export function scanNoiseFix(pattern: string): string | undefined {
  if (!pattern.endsWith('S')) return undefined;
  const head = pattern.slice(0, -1);
  if (/[A-Z]/.test(head)) return undefined;
  // After a slash, or after a file extension in a wildcard pattern (`/*.pdfS`).
  if (head.endsWith('/') || (head.includes('*') && /\.[a-z0-9]{1,5}$/.test(head))) return `${head}$`;
  return undefined;
}

/** The scan-noise finding for a pattern at `span`, if any (see scanNoiseFix). */
export function scanNoise(pattern: string, span: Span): Finding | undefined {
  const fixed = scanNoiseFix(pattern);
  return fixed === undefined ? undefined : {
    code: 'syntax.scan-noise', span, replacement: fixed,
    message: `‘${pattern}’ ends in a capital S where ‘$’ (end of the path) was most likely meant, as in text copied from a scan or a PDF. Did you mean ‘${fixed}’?`,
  };
}

/** Offsets of `$` characters that are not the last character of the pattern. */
export function innerDollars(pattern: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < pattern.length - 1; i++) if (pattern[i] === '$') out.push(i);
  return out;
}

/**
 * Heuristic for Part 1 §2.8 and Guide §2.3 ("directory names in resource path patterns should be
 * terminated by a slash"): the last segment is a plain word with no extension, wildcard or query.
 */
export function looksLikeDirectory(pattern: string): boolean {
  if (!pattern.startsWith('/') || pattern.endsWith('/')) return false;
  const last = pattern.slice(pattern.lastIndexOf('/') + 1);
  return /^[A-Za-z][A-Za-z0-9_-]*[A-Za-z0-9]$/.test(last) && /[A-Za-z]{3}/.test(last);
}
