/**
 * Rules and paths: the value of Allow and Disallow (RFC 9309 §2.2.2, §2.2.3) — a path from the
 * site root, `$` only at the end, pattern noise — and the hygiene of every path a line gives
 * (rules and AI preference paths): entities, unencoded characters, percent escapes, stars. Each
 * check reads one line: O(n) in its length.
 */
import type { Finding } from '../../syntax/findings';
import type { LineNode, Span } from '../../syntax/syntax';
import { innerDollars, scanNoise } from '../../acap/values';
import { removeLine, type Topic } from '../rule';

/**
 * An Allow or Disallow line, from its line alone: the common clean pattern — starting with `/`
 * or `*`, not ending in S, with no `$` before its end and no character path hygiene looks at —
 * is recognised in one pass over its characters without a substring; any other goes to
 * checkRule. O(pattern length).
 */
export function checkRuleLine(line: LineNode, out: Finding[]): void {
  const f = line.field;
  if (!f) return;
  const text = line.text;
  const { start, end } = f.value;
  if (end > start && text.charCodeAt(start) === 47 /* / */ && text.charCodeAt(end - 1) !== 83 /* S */) {
    // The run of characters no check looks at, read by the regular-expression engine from the
    // value's start (sticky, no substring, no match array): on opening the largest real file it
    // reads 3.3 million characters, which a loop in JavaScript read slowly before it was
    // optimised. Clean when the run reaches the end, or stops at a final `$`.
    PLAIN_RUN.lastIndex = start;
    PLAIN_RUN.test(text);
    const stop = PLAIN_RUN.lastIndex;
    if (stop >= end || (stop === end - 1 && text.charCodeAt(stop) === 36 /* $ */)) return;
  }
  checkRule(line, text.slice(start, end), out);
}

/** Characters that no rule check starts from: not `&`, `%`, `*`, `$` nor any non-ASCII unit. */
const PLAIN_RUN = /[^&%*$\u0080-\uffff]*/y;

/** An Allow or Disallow line's pattern. */
export function checkRule(line: LineNode, value: string, out: Finding[]): void {
  const f = line.field;
  const d = line.directive;
  if (!f || d.kind !== 'rule') return;
  if (!value) {
    if (d.allow) out.push({ code: 'rep.empty-allow', span: f.name, message: 'An empty Allow allows nothing and can be removed (an empty Disallow is what allows everything).' });
    return;
  }
  // A URL starts with h or H: the regular expression runs only then.
  if ((value.charCodeAt(0) | 32) === 104 /* h */ && /^https?:\/\//i.test(value)) {
    const path = value.replace(/^https?:\/\/[^/]*/i, '') || '/';
    out.push({ code: 'rep.path-not-absolute', span: f.value, message: `Rules take a path relative to the site root, not a URL (RFC 9309 §2.2.2). Did you mean ‘${path}’?`, replacement: path });
  } else if (!value.startsWith('/') && !value.startsWith('*')) {
    out.push({ code: 'rep.path-not-absolute', span: f.value, message: `‘${value}’ starts with neither ‘/’ nor ‘*’, so it matches no URL path (RFC 9309 §2.2.2). Did you mean ‘/${value}’?`, replacement: `/${value}` });
  }
  const noise = scanNoise(value, f.value);
  if (noise) out.push(noise);
  // Most patterns have no `$`, or one at the end: no list is made for them.
  const dollar = value.indexOf('$');
  if (dollar >= 0 && dollar < value.length - 1) for (const at of innerDollars(value)) {
    out.push({ code: 'rep.dollar-not-last', span: { start: f.value.start + at, end: f.value.start + at + 1 }, message: '‘$’ anchors the end of the path only as the last character; elsewhere Google reads it as a literal $ (RFC 9309 §2.2.3).' });
  }
  checkPathHygiene(line, f.value, out);
}

/** The characters a hygiene finding starts from, one bit each (hygieneTriggers). */
const AMPERSAND = 1;
const PERCENT = 2;
const STAR = 4;
const NON_ASCII = 8;

/**
 * Which characters any hygiene finding starts from the path holds (`&`, `%`, `*`, non-ASCII), a
 * bit each: one pass over its characters, no substring, so the common clean path (most of the
 * 47,000 rules of the largest real file) costs no regular expression and no allocation, and a
 * path with a `*` runs the two checks of stars and not the six. O(path length).
 */
function hygieneTriggers(text: string, span: Span): number {
  let found = 0;
  for (let i = span.start; i < span.end; i++) {
    const c = text.charCodeAt(i);
    if (c === 38 /* & */) found |= AMPERSAND;
    else if (c === 37 /* % */) found |= PERCENT;
    else if (c === 42 /* * */) found |= STAR;
    else if (c > 0x7f) found |= NON_ASCII;
  }
  return found;
}

/**
 * Path hygiene (RFC 9309 §2.2.2-2.2.3): HTML entities, unencoded non-ASCII, malformed or
 * lower-case percent escapes, `**`, a trailing `*`. One finding per kind, at its first place;
 * each kind looked for only when the path holds the character it starts from.
 */
export function checkPathHygiene(line: LineNode, span: Span, out: Finding[]): void {
  const found = hygieneTriggers(line.text, span);
  if (found === 0) return;
  const p = line.text.slice(span.start, span.end);
  const at = (i: number, n: number): Span => ({ start: span.start + i, end: span.start + i + n });
  const entity = found & AMPERSAND ? /&(amp|lt|gt|quot|apos);/i.exec(p) : null;
  if (entity) {
    const char = ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: '\'' } as Record<string, string>)[entity[1].toLowerCase()];
    out.push({ code: 'path.html-entity', span: at(entity.index, entity[0].length), message: `‘${entity[0]}’ is HTML for ‘${char}’, not part of a URL: crawlers compare it literally, so this pattern matches no URL. The file was probably copied from a web page; write ‘${char}’.`, replacement: char });
  }
  const nonAscii = found & NON_ASCII ? /[^\x00-\x7f]+/.exec(p) : null;
  if (nonAscii) {
    // A lone surrogate (text that was not UTF-8) has no encoding: no fix then.
    let encoded: string | undefined;
    try {
      encoded = encodeURIComponent(nonAscii[0]);
    } catch {
      encoded = undefined;
    }
    out.push({
      code: 'path.non-ascii', span: at(nonAscii.index, nonAscii[0].length),
      message: `‘${nonAscii[0]}’ is not percent-encoded. RFC 9309 crawlers encode it as UTF-8${encoded ? ` (${encoded})` : ''} before matching; older crawlers may compare other bytes.${encoded ? ` Writing ${encoded} works for all.` : ''}`,
      ...(encoded ? { replacement: encoded } : {}),
    });
  }
  const bad = found & PERCENT ? /%(?![0-9A-Fa-f]{2})/.exec(p) : null;
  if (bad) {
    out.push({ code: 'path.invalid-percent', span: at(bad.index, Math.min(3, p.length - bad.index)), message: 'A % must be followed by two hexadecimal digits; write %25 for a literal percent sign (RFC 3986 §2.1).', replacement: '%25' });
  }
  const lower = found & PERCENT ? /%(?:[0-9A-F][a-f]|[a-f][0-9A-Fa-f])/.exec(p) : null;
  if (lower) {
    const up = lower[0].toUpperCase();
    out.push({ code: 'path.lowercase-percent', span: at(lower.index, 3), message: `Percent escapes are normally upper case (${up}, RFC 3986 §2.1); RFC 9309 crawlers treat both alike, simple string comparisons do not.`, replacement: up });
  }
  const stars = found & STAR ? /\*{2,}/.exec(p) : null;
  if (stars) {
    out.push({ code: 'path.double-star', span: at(stars.index, stars[0].length), message: `‘${stars[0]}’ matches the same as a single * (RFC 9309 §2.2.3).`, replacement: '*' });
  }
  if (found & STAR && p.length > 1 && p.endsWith('*') && !p.endsWith('**')) {
    out.push({ code: 'path.trailing-star', span: at(p.length - 1, 1), message: 'A * at the end adds nothing: patterns already match every path that starts with them (RFC 9309 §2.2.3). Remove it.', replacement: '' });
  }
}

export const topic: Topic = {
  topic: 'rules and paths',
  rules: [
    // syntax.scan-noise is written by acap/values.ts's scanNoise, shared with ACAP patterns.
    { codes: ['rep.empty-allow', 'rep.path-not-absolute', 'rep.dollar-not-last', 'syntax.scan-noise'], stage: 'line', check: checkRule, fixes: { 'rep.empty-allow': removeLine } },
    { codes: ['path.html-entity', 'path.non-ascii', 'path.invalid-percent', 'path.lowercase-percent', 'path.double-star', 'path.trailing-star'], stage: 'line', check: checkPathHygiene },
  ],
};
