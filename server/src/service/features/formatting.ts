/**
 * Document and range formatting: one canonical spelling for every field line, without ever
 * changing what the file says to a crawler.
 *
 * Per field line: no leading whitespace; the field name as facts.ts spells it (`User-agent`,
 * `ACAP-allow-index`: names are case-insensitive, RFC 9309 §2.2.1 and Part 1 §3); `Name: value`
 * with no space before the colon and one after it (none when the value is empty); single spaces
 * between the words of the ACAP values that are lists of words (Part 1 §3 allows any `1*WSP`
 * there) and `name=value` qualifiers (`*WSP "=" *WSP`); one space before a trailing comment; no
 * trailing whitespace.
 *
 * What it never does, because each would change meaning or hide a problem that diagnostics and
 * their quick fixes should name: add or remove a colon (`Disallow /x`), repair a field name
 * (`ACAP-allow preserve`, typographic dashes), change a value's characters beyond the case of
 * standard usage types and qualifier names (paths are case-sensitive for conventional crawlers;
 * crawler names and purposes may contain spaces, Part 1 §3 crawler-name), touch comments, blank lines, the `##ACAP version=` line, a BOM or line ends.
 * Lines with control characters and lines the parser could not read as a field are left as they are.
 *
 * Every rewritten line is lexed again and compared with the original (`sameMeaning`); a line
 * whose meaning would differ is left alone, so a gap in the rules below costs formatting, never
 * correctness.
 */
import { TextEdit, type FormattingOptions, type Range } from 'vscode-languageserver-types';
import { words, type QualifierSyntax, type UsageRef } from '../syntax/directives';
import type { RobotsDocument } from '../syntax/document';
import { ACTIONS, QUALIFIER_BY_NAME, USAGE_BY_NAME } from '../facts/facts';
import { lexLine, type LineNode, type Span } from '../syntax/syntax';

/** The control characters text.control-character reports; such lines may be binary junk. */
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/;
/**
 * Unknown field names that look like field names. Anything else (markup, prose, a double-encoded
 * BOM, a fullwidth colon) is a line diagnostics call "not a field", and it stays as written.
 */
const PLAIN_NAME = /^[A-Za-z0-9_.-]+$/;
const TRAILING_WS = /[ \t]+$/;
const ACTION_NAMES: ReadonlySet<string> = new Set(ACTIONS.map((a) => a.name));

/**
 * Format a document, or only the lines `range` touches (a range ending at the start of a line,
 * as a selection of whole lines does, does not touch that line). Returns at most one edit per
 * line, covering only the characters that change; none when the text is already formatted.
 *
 * `_options` is accepted for the LSP signature: robots.txt has no indentation, and line ends and
 * final newlines are kept exactly as they are, so none of its settings applies.
 */
export function format(doc: RobotsDocument, _options: FormattingOptions, range?: Range): TextEdit[] {
  const [first, last] = lineRange(doc, range);
  const edits: TextEdit[] = [];
  for (let i = first; i <= last; i++) {
    const line = doc.lines[i];
    const formatted = formatLine(line, i === 0);
    if (formatted !== undefined && formatted !== line.text) edits.push(minimalEdit(i, line.text, formatted));
  }
  return edits;
}

/** The formatted text of one line (without its end-of-line), or undefined to leave it alone. */
function formatLine(line: LineNode, firstLine: boolean): string | undefined {
  if (line.kind !== 'field' || CONTROL.test(line.text)) return undefined;
  const body = formatField(line);
  if (body === undefined) return undefined;
  const t = line.text;
  let out = t.slice(0, line.bom) + body;
  // One space even before a `#` that was glued to the value (`Disallow: /terms#faq`): crawlers
  // already read it as a comment (RFC 9309 §2.2), and the space shows that the path ends there.
  if (line.comment) out += ' ' + t.slice(line.comment.start, line.comment.end).replace(TRAILING_WS, '');
  if (out === t) return out;
  return sameMeaning(line, lexLine(out, line.eol, firstLine)) ? out : undefined;
}

/** Name, separator and value, formatted; undefined when the line is to be left alone. */
function formatField(line: LineNode): string | undefined {
  const f = line.field;
  if (!f) return undefined;
  const t = line.text;
  const slice = (s: Span): string => t.slice(s.start, s.end);
  if (!f.fact) {
    // An unknown field: only the whitespace around its parts. No space is added after the colon
    // where there was none: `http://example.com/` must not become `http: //example.com/`.
    if (f.separator !== 'colon' || !PLAIN_NAME.test(slice(f.name))) return undefined;
    const value = slice(f.value);
    const spaced = value !== '' && (t[f.colon + 1] === ' ' || t[f.colon + 1] === '\t');
    return `${slice(f.name)}:${spaced ? ' ' : ''}${value}`;
  }
  // A repaired name (spaces or typographic dashes for hyphens) is a diagnostic's quick fix.
  const name = f.repair === 'exact' ? canonicalName(line) : slice(f.name);
  switch (f.separator) {
    case 'colon': {
      const value = formatValue(line);
      return value ? `${name}: ${value}` : `${name}:`;
    }
    case 'whitespace':
      // A missing colon is reported with its own fix; the gap and value stay exactly as written.
      return name + t.slice(f.name.end, f.value.end);
    case 'none':
      return name;
  }
}

/** The canonical field name: facts.ts's spelling, and for ACAP-allow-/-disallow-/-request- the suffix. */
function canonicalName(line: LineNode): string {
  const f = line.field;
  if (!f?.fact) return '';
  if (!f.fact.isPrefix || !f.suffix) return f.fact.name;
  const written = line.text.slice(f.suffix.start, f.suffix.end);
  const d = line.directive;
  // Standard usage types and actions are ACAP names, case-insensitive (Part 1 §3): lower-case is
  // how the specification writes them. Local usage names and unknown words keep their spelling.
  if (d.kind === 'acap-permission' && d.usage && !d.usage.local && USAGE_BY_NAME.has(d.usage.name)) return f.fact.name + d.usage.name;
  if (d.kind === 'acap-request' && ACTION_NAMES.has(written.toLowerCase())) return f.fact.name + written.toLowerCase();
  return f.fact.name + written;
}

/** The value, with the words of ACAP list values single-spaced; other values as written. */
function formatValue(line: LineNode): string {
  const t = line.text;
  const f = line.field;
  if (!f) return '';
  const slice = (s: Span): string => t.slice(s.start, s.end);
  const d = line.directive;
  switch (d.kind) {
    case 'acap-permission':
      return join([d.resource && slice(d.resource), ...d.qualifiers.map((q) => qualifier(t, q))]);
    case 'acap-qualified-usage':
      return join([d.name && slice(d.name), d.usage && usageWord(t, d.usage), ...d.qualifiers.map((q) => qualifier(t, q))]);
    case 'acap-composite-usage':
      return join([d.name && slice(d.name), ...d.members.map((m) => usageWord(t, m))]);
    case 'acap-resource-set':
      return join([d.name && slice(d.name), ...d.patterns.map(slice)]);
    case 'acap-request':
      return join(words(t, f.value.start, f.value.end).map(slice));
    default:
      // Conventional values, crawler names, purposes, references: one value each, inner
      // whitespace included (a Disallow path with a space is that path).
      return slice(f.value);
  }
}

function join(parts: readonly (string | undefined)[]): string {
  return parts.filter((p): p is string => p !== undefined && p !== '').join(' ');
}

/** A usage word of a definition: standard usage types lower-cased, local usages as written. */
function usageWord(t: string, u: UsageRef): string {
  const written = t.slice(u.span.start, u.trailing ? u.trailing.end : u.span.end);
  return !u.local && USAGE_BY_NAME.has(u.name) ? u.name : written;
}

/**
 * `name=value` with no whitespace around `=`, known qualifier names lower-cased. A word without
 * `=` stays as written. An empty name keeps its `=value` a word of its own: joined to the word
 * before, it would become part of the resource (`/a =b` is not `/a=b`).
 */
function qualifier(t: string, q: QualifierSyntax): string {
  if (!q.value) return t.slice(q.span.start, q.span.end);
  const name = t.slice(q.name.start, q.name.end);
  const known = QUALIFIER_BY_NAME.has(name.toLowerCase()) ? name.toLowerCase() : name;
  return `${known}=${t.slice(q.value.start, q.value.end)}`;
}

/** What a line says, as a string: equal strings mean crawlers read the two lines alike. */
function lineMeaning(line: LineNode): string {
  const t = line.text;
  const s = (span: Span | undefined): string => (span ? t.slice(span.start, span.end) : '');
  const usage = (u: UsageRef | undefined): string => (!u ? '' : u.local ? `(${s(u.nameSpan)}|${u.unclosed}|${s(u.trailing)}` : u.name);
  const qual = (q: QualifierSyntax): string => (q.value ? `${s(q.name).toLowerCase()}=${s(q.value)}` : s(q.span));
  const f = line.field;
  const parts: string[] = [line.kind, String(line.bom), s(line.comment).replace(TRAILING_WS, '')];
  if (f) parts.push(f.fact?.id ?? '', f.separator, f.repair, f.fact ? '' : s(f.name), f.fact ? '' : s(f.value));
  const d = line.directive;
  parts.push(d.kind);
  switch (d.kind) {
    case 'acap-version':
      parts.push(s(d.version), String(d.wellFormed));
      break;
    case 'user-agent':
      parts.push(s(d.agent));
      break;
    case 'rule':
      parts.push(String(d.allow), s(d.pattern));
      break;
    case 'value':
      parts.push(s(f?.value));
      break;
    case 'acap-crawler':
      parts.push(s(d.name));
      break;
    case 'acap-reference':
      parts.push(s(d.locator));
      break;
    case 'acap-purpose':
      parts.push(s(d.pattern));
      break;
    case 'acap-permission':
      parts.push(String(d.allow), usage(d.usage), s(d.resource), ...d.qualifiers.map(qual));
      break;
    case 'acap-request':
      parts.push(s(d.action).toLowerCase(), s(d.target), ...d.extra.map(s));
      break;
    case 'acap-qualified-usage':
      parts.push(s(d.name), usage(d.usage), ...d.qualifiers.map(qual));
      break;
    case 'acap-composite-usage':
      parts.push(s(d.name), ...d.members.map(usage));
      break;
    case 'acap-resource-set':
      parts.push(s(d.name), ...d.patterns.map(s));
      break;
    case 'none':
    case 'unknown':
    case 'acap-ignore-conventional':
      break;
  }
  return JSON.stringify(parts);
}

function sameMeaning(a: LineNode, b: LineNode): boolean {
  return lineMeaning(a) === lineMeaning(b);
}

/** The lines a range touches, clamped to the document. */
function lineRange(doc: RobotsDocument, range: Range | undefined): [number, number] {
  const last = doc.lines.length - 1;
  if (!range) return [0, last];
  const line = (n: number): number => (Number.isFinite(n) ? Math.min(Math.max(0, Math.floor(n)), last) : 0);
  let start = line(range.start.line);
  let end = line(range.end.line);
  if (end < start) [start, end] = [end, start];
  // A selection of whole lines ends at character 0 of the next line, which it does not touch.
  if (range.end.line > range.start.line && range.end.line <= last && range.end.character === 0) end--;
  return [start, end];
}

/** One edit replacing only what differs between `before` and `after`, never splitting a surrogate pair. */
function minimalEdit(line: number, before: string, after: string): TextEdit {
  let p = 0;
  const max = Math.min(before.length, after.length);
  while (p < max && before.charCodeAt(p) === after.charCodeAt(p)) p++;
  if (p > 0 && isHighSurrogate(before.charCodeAt(p - 1))) p--;
  let s = 0;
  while (s < max - p && before.charCodeAt(before.length - 1 - s) === after.charCodeAt(after.length - 1 - s)) s++;
  if (s > 0 && isLowSurrogate(before.charCodeAt(before.length - s))) s--;
  return TextEdit.replace(
    { start: { line, character: p }, end: { line, character: before.length - s } },
    after.slice(p, after.length - s),
  );
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}
