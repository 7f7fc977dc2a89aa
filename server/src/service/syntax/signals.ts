/**
 * Parsing the values of the AI-era preference lines of robots.txt, with spans for diagnostics:
 *
 * - `Content-Usage: [path] dictionary` (IETF aipref attach draft, robots.txt form): an optional
 *   path starting with `/`, then an RFC 9651 §3.2 Dictionary parsed strictly (§4.2.2): a parse
 *   failure voids the whole line (RFC 9651 §4.2: "fail parsing"), which is what upper-case keys
 *   and missing commas cause.
 * - `Content-Signal: [path] key=value, …` (Cloudflare's Content Signals Policy): comma-separated
 *   pairs, read leniently (its policy defines no stricter grammar); lists joined by spaces are
 *   read and reported.
 *
 * Both run in O(n) in the length of the value and never throw.
 */
import type { Span } from './span';

/** A bare item's type (RFC 9651 §3.3). */
export type BareKind = 'integer' | 'decimal' | 'string' | 'token' | 'byte-sequence' | 'boolean' | 'date' | 'display-string' | 'inner-list';

export interface DictMember {
  readonly key: string;
  readonly keySpan: Span;
  readonly kind: BareKind;
  /** The value as written (for a bare key, `?1` implied: empty text). */
  readonly value: string;
  readonly valueSpan: Span;
  /** Parameters as written (`;x=1`), legal and ignored by the aipref vocabulary. */
  readonly params: Span | undefined;
}

export type DictResult =
  | { readonly ok: true; readonly members: readonly DictMember[] }
  | { readonly ok: false; readonly at: number; readonly reason: string; readonly members: readonly DictMember[] };

const LCALPHA = /[a-z]/;
const KEYCHAR = /[a-z0-9_\-.*]/;
const TCHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z:/]/;

/** RFC 9651 §4.2.2 over text[start, end); offsets in the result are offsets in `text`. */
export function parseDictionary(text: string, start: number, end: number): DictResult {
  let i = start;
  const members: DictMember[] = [];
  const fail = (reason: string): DictResult => ({ ok: false, at: Math.min(i, end), reason, members });
  const ows = (): void => {
    while (i < end && (text[i] === ' ' || text[i] === '\t')) i++;
  };
  const key = (): string | undefined => {
    const k0 = i;
    if (i >= end || !(LCALPHA.test(text[i]) || text[i] === '*')) return undefined;
    i++;
    while (i < end && KEYCHAR.test(text[i])) i++;
    return text.slice(k0, i);
  };
  const bare = (): BareKind | string => {
    const c = text[i];
    if (c === undefined || i >= end) return 'a value after =';
    if (c === '-' || (c >= '0' && c <= '9')) {
      const m = /^-?\d{1,15}(\.\d{1,3})?/.exec(text.slice(i, end));
      if (!m || m[0] === '-') return 'a number';
      i += m[0].length;
      return m[1] ? 'decimal' : 'integer';
    }
    if (c === '"') {
      i++;
      while (i < end && text[i] !== '"') {
        if (text[i] === '\\') {
          if (text[i + 1] !== '"' && text[i + 1] !== '\\') return 'a valid escape (\\" or \\\\) in the string';
          i++;
        } else if (text.charCodeAt(i) < 0x20 || text.charCodeAt(i) > 0x7e) return 'ASCII characters in the string';
        i++;
      }
      if (i >= end) return 'a closing quote';
      i++;
      return 'string';
    }
    if (/[A-Za-z*]/.test(c)) {
      i++;
      while (i < end && TCHAR.test(text[i])) i++;
      return 'token';
    }
    if (c === ':') {
      const m = /^:[A-Za-z0-9+/=]*:/.exec(text.slice(i, end));
      if (!m) return 'a byte sequence :…:';
      i += m[0].length;
      return 'byte-sequence';
    }
    if (c === '?') {
      if (text[i + 1] !== '0' && text[i + 1] !== '1') return '?0 or ?1';
      i += 2;
      return 'boolean';
    }
    if (c === '@') {
      const m = /^@-?\d{1,15}/.exec(text.slice(i, end));
      if (!m) return 'a date @…';
      i += m[0].length;
      return 'date';
    }
    if (c === '%') {
      const m = /^%"[^"]*"/.exec(text.slice(i, end));
      if (!m) return 'a display string %"…"';
      i += m[0].length;
      return 'display-string';
    }
    return 'a token, number, string or boolean';
  };
  const params = (): string | undefined => {
    while (i < end && text[i] === ';') {
      i++;
      while (i < end && text[i] === ' ') i++;
      if (key() === undefined) return 'a lower-case parameter name after ;';
      if (text[i] === '=') {
        i++;
        const k = bare();
        if (!isKind(k)) return k;
      }
    }
    return undefined;
  };
  ows();
  let trimmedEnd = end;
  while (trimmedEnd > i && (text[trimmedEnd - 1] === ' ' || text[trimmedEnd - 1] === '\t')) trimmedEnd--;
  end = trimmedEnd;
  if (i >= end) return { ok: true, members };
  for (;;) {
    const k0 = i;
    const k = key();
    if (k === undefined) {
      return fail(/[A-Z]/.test(text[i] ?? '') ? 'keys are lower case' : 'a key (a lower-case letter or *) here');
    }
    const keySpan = { start: k0, end: i };
    let kind: BareKind = 'boolean';
    let valueSpan = { start: i, end: i };
    if (text[i] === '=') {
      i++;
      const v0 = i;
      if (text[i] === '(') {
        // Inner list (RFC 9651 §4.2.1.2): items separated by spaces, each with parameters.
        i++;
        for (;;) {
          while (i < end && text[i] === ' ') i++;
          if (i >= end) return fail('a closing parenthesis');
          if (text[i] === ')') { i++; break; }
          const b = bare();
          if (!isKind(b)) return fail(b);
          const p = params();
          if (p) return fail(p);
          if (text[i] !== ' ' && text[i] !== ')') return fail('a space or ) between inner-list items');
        }
        kind = 'inner-list';
      } else {
        const b = bare();
        if (!isKind(b)) return fail(b);
        kind = b;
      }
      valueSpan = { start: v0, end: i };
    }
    const p0 = i;
    const p = params();
    if (p) return fail(p);
    members.push({ key: k, keySpan, kind, value: text.slice(valueSpan.start, valueSpan.end), valueSpan, params: i > p0 ? { start: p0, end: i } : undefined });
    ows();
    if (i >= end) return { ok: true, members };
    if (text[i] !== ',') return fail('a comma between preferences');
    i++;
    ows();
    if (i >= end) return fail('another preference after the comma');
  }
}

function isKind(k: string): k is BareKind {
  return k === 'integer' || k === 'decimal' || k === 'string' || k === 'token' || k === 'byte-sequence' || k === 'boolean' || k === 'date' || k === 'display-string';
}

/** `[path] rest`: the optional leading path of a preference line (it starts with `/`). */
export function splitPath(text: string, start: number, end: number): { path: Span | undefined; rest: Span } {
  if (text[start] !== '/') return { path: undefined, rest: { start, end } };
  let i = start;
  while (i < end && text[i] !== ' ' && text[i] !== '\t') i++;
  const path = { start, end: i };
  while (i < end && (text[i] === ' ' || text[i] === '\t')) i++;
  return { path, rest: { start: i, end } };
}

export interface ContentUsageSyntax {
  readonly path: Span | undefined;
  readonly prefs: Span;
  readonly dict: DictResult;
}

/** `Content-Usage: [path] dictionary` over the value span. */
export function parseContentUsage(text: string, value: Span): ContentUsageSyntax {
  const { path, rest } = splitPath(text, value.start, value.end);
  return { path, prefs: rest, dict: parseDictionary(text, rest.start, rest.end) };
}

export interface SignalPair {
  /** Lower-cased. */
  readonly key: string;
  readonly keySpan: Span;
  /** Lower-cased; empty when there was no `=`. */
  readonly value: string;
  readonly valueSpan: Span;
  readonly hasEquals: boolean;
}

export interface ContentSignalSyntax {
  readonly path: Span | undefined;
  readonly prefs: Span;
  readonly pairs: readonly SignalPair[];
  /** Where a space joins two pairs that a comma should separate. */
  readonly missingCommas: readonly Span[];
}

/** `Content-Signal: [path] key=value, key=value` over the value span, leniently. */
export function parseContentSignal(text: string, value: Span): ContentSignalSyntax {
  const { path, rest } = splitPath(text, value.start, value.end);
  const pairs: SignalPair[] = [];
  const missingCommas: Span[] = [];
  let i = rest.start;
  while (i < rest.end) {
    while (i < rest.end && /[\s,]/.test(text[i])) i++;
    if (i >= rest.end) break;
    const k0 = i;
    while (i < rest.end && !/[\s,=]/.test(text[i])) i++;
    const keySpan = { start: k0, end: i };
    let j = i;
    while (j < rest.end && (text[j] === ' ' || text[j] === '\t')) j++;
    let valueSpan = { start: i, end: i };
    let hasEquals = false;
    if (text[j] === '=') {
      hasEquals = true;
      j++;
      while (j < rest.end && (text[j] === ' ' || text[j] === '\t')) j++;
      const v0 = j;
      while (j < rest.end && !/[\s,]/.test(text[j])) j++;
      valueSpan = { start: v0, end: j };
      i = j;
    }
    pairs.push({ key: text.slice(keySpan.start, keySpan.end).toLowerCase(), keySpan, value: text.slice(valueSpan.start, valueSpan.end).toLowerCase(), valueSpan, hasEquals });
    let g = i;
    while (g < rest.end && (text[g] === ' ' || text[g] === '\t')) g++;
    if (g > i && g < rest.end && text[g] !== ',') missingCommas.push({ start: i, end: g });
    i = g;
  }
  return { path, prefs: rest, pairs, missingCommas };
}
