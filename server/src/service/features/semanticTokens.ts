/**
 * Semantic tokens: what the TextMate grammar cannot know, and the only colouring LSP clients
 * without the grammar (Neovim, Helix, Emacs) get. Definitions of resource sets and local usages
 * carry `declaration`/`definition`, their references do not (Part 1 §2.7); features marked not
 * ready for implementation (red spots, Part 1 §1.1) carry `deprecated`: ACAP-request-*,
 * present-link, must-include-resource, must-use-resource on present usages.
 *
 * Token types use the standard LSP names so every theme colours them:
 *   property   field names (the prefix of ACAP-allow-/-disallow-/-request-)
 *   function   standard usage types (`crawl`, the `present` of `present-snippet`), request actions
 *   type       used resource types (`snippet` of `present-snippet`, Part 1 §2.5.5.1)
 *   macro      local usages, defined and referenced (Part 1 §2.7 calls them macro names)
 *   variable   resource sets (readonly), defined and referenced
 *   keyword    the `the-acap:resource-set:` prefix
 *   class      crawler names (User-agent, ACAP-crawler)
 *   string     paths, patterns, URLs and other values; regexp: the wildcards `*` and `$` in them
 *   parameter  qualifier names; operator: their `=`; enumMember, number or string: their values
 *   number     numeric values (Crawl-delay, the version in `##ACAP version=`)
 *   comment    comments
 */
import type { Range, SemanticTokens, SemanticTokensEdit, SemanticTokensLegend } from 'vscode-languageserver-types';
import type { RobotsDocument } from '../syntax/document';
import type { QualifierSyntax, UsageRef } from '../syntax/directives';
import { INCLUDE_ROLES, namesResourceSet, QUALIFIER_BY_NAME, RESOURCE_SET_PREFIX, USAGE_BY_NAME, qualifierUse } from '../facts/facts';
import type { LineNode, Span } from '../syntax/syntax';

const TYPES = ['keyword', 'property', 'type', 'class', 'function', 'macro', 'variable', 'parameter', 'string', 'number', 'regexp', 'operator', 'comment', 'enumMember'] as const;
const MODIFIERS = ['declaration', 'definition', 'deprecated', 'readonly'] as const;

export type TokenType = (typeof TYPES)[number];
export type TokenModifier = (typeof MODIFIERS)[number];

/** The legend the server announces in its capabilities; token data indexes into it. */
export const semanticTokensLegend: SemanticTokensLegend = { tokenTypes: [...TYPES], tokenModifiers: [...MODIFIERS] };

const TYPE_INDEX = new Map<string, number>(TYPES.map((t, i) => [t, i]));
const MOD_BIT = new Map<string, number>(MODIFIERS.map((m, i) => [m, 1 << i]));

interface Token {
  readonly start: number;
  readonly end: number;
  readonly type: TokenType;
  readonly mods: readonly TokenModifier[];
}

/** Collects one line's tokens; empty spans are dropped. */
class LineTokens {
  readonly out: Token[] = [];
  constructor(readonly line: LineNode) {}
  add(start: number, end: number, type: TokenType, ...mods: (TokenModifier | false)[]): void {
    if (end > start) this.out.push({ start, end, type, mods: mods.filter((m): m is TokenModifier => m !== false) });
  }
  span(s: Span | undefined, type: TokenType, ...mods: (TokenModifier | false)[]): void {
    if (s) this.add(s.start, s.end, type, ...mods);
  }
  text(s: Span): string {
    return this.line.text.slice(s.start, s.end);
  }
}

/** A path or pattern: literal text as string, the wildcards `*` and `$` (Part 1 §2.8) as regexp. */
function pattern(t: LineTokens, s: Span | undefined): void {
  if (!s) return;
  const text = t.line.text;
  let run = s.start;
  for (let i = s.start; i < s.end; i++) {
    const c = text.charCodeAt(i);
    if (c === 42 /* * */ || c === 36 /* $ */) {
      t.add(run, i, 'string');
      t.add(i, i + 1, 'regexp');
      run = i + 1;
    }
  }
  t.add(run, s.end, 'string');
}

/** A usage reference: `(name)` a local usage, else a standard usage type split at its used resource type. */
function usage(t: LineTokens, u: UsageRef | undefined): void {
  if (!u) return;
  if (u.local) {
    t.span(u.nameSpan, 'macro');
    return;
  }
  const fact = USAGE_BY_NAME.get(u.name);
  if (!fact) return;
  const deprecated = fact.readiness === 'not-ready' && 'deprecated';
  if (fact.resourceType) {
    const base = u.nameSpan.start + fact.base.length;
    t.add(u.nameSpan.start, base, 'function', deprecated);
    t.add(base + 1, u.nameSpan.end, 'type', deprecated);
  } else {
    t.span(u.nameSpan, 'function', deprecated);
  }
}

const COUNTED = /^\d+-(days|chars|words)$|^until-\d/i;

/** Qualifiers of a permission or a qualified usage of `usageName` (undefined for a local usage). */
function qualifiers(t: LineTokens, qs: readonly QualifierSyntax[], usageName: string | undefined): void {
  for (const q of qs) {
    if (!q.value) continue;
    const fact = QUALIFIER_BY_NAME.get(t.text(q.name).toLowerCase());
    const use = fact && usageName !== undefined ? qualifierUse(fact, usageName) : undefined;
    // Unknown usage: deprecated only if the qualifier is not ready whatever it qualifies.
    const notReady = fact !== undefined && (use ? use.readiness === 'not-ready' : fact.uses.every((x) => x.readiness === 'not-ready'));
    const value = t.text(q.value);
    const role = /^the-acap:([a-z]+):/i.exec(value)?.[1]?.toLowerCase();
    const roleNotReady = fact?.grammar === 'include-uri' && INCLUDE_ROLES.some((r) => r.name === role && r.readiness === 'not-ready');
    t.span(q.name, 'parameter', notReady && 'deprecated');
    const eq = t.line.text.indexOf('=', q.name.end);
    if (eq >= 0 && eq < q.value.start) t.add(eq, eq + 1, 'operator');
    const type = fact?.values.some((v) => v.toLowerCase() === value.toLowerCase()) ? 'enumMember' : COUNTED.test(value) ? 'number' : 'string';
    t.span(q.value, type, (notReady || roleNotReady) && 'deprecated');
  }
}

/** A resource specification: a resource-set reference (Part 1 §2.4.4) or a path pattern. */
function resource(t: LineTokens, s: Span | undefined): void {
  if (!s) return;
  if (namesResourceSet(t.text(s))) {
    const at = s.start + RESOURCE_SET_PREFIX.length;
    t.add(s.start, at, 'keyword');
    t.add(at, s.end, 'variable', 'readonly');
  } else {
    pattern(t, s);
  }
}

function fieldTokens(t: LineTokens): void {
  const f = t.line.field;
  if (!f?.fact) return;
  const notReady = f.fact.readiness === 'not-ready' && 'deprecated';
  t.add(f.name.start, f.suffix ? f.suffix.start : f.name.end, 'property', notReady);
  const d = t.line.directive;
  switch (d.kind) {
    case 'user-agent':
      t.span(d.agent, 'class');
      break;
    case 'acap-crawler':
      t.span(d.name, 'class');
      break;
    case 'rule':
      pattern(t, d.pattern);
      break;
    case 'acap-purpose':
      pattern(t, d.pattern);
      break;
    case 'acap-reference':
      t.span(d.locator, 'string');
      break;
    case 'value':
      t.span(f.value, /^\d+(\.\d+)?$/.test(t.text(f.value)) ? 'number' : 'string');
      break;
    case 'acap-permission':
      usage(t, d.usage);
      resource(t, d.resource);
      qualifiers(t, d.qualifiers, d.usage && !d.usage.local ? d.usage.name : undefined);
      break;
    case 'acap-request':
      t.span(d.action, 'function', 'deprecated');
      pattern(t, d.target);
      break;
    case 'acap-qualified-usage':
      t.span(d.name, 'macro', 'declaration', 'definition');
      usage(t, d.usage);
      qualifiers(t, d.qualifiers, d.usage && !d.usage.local ? d.usage.name : undefined);
      break;
    case 'acap-composite-usage':
      t.span(d.name, 'macro', 'declaration', 'definition');
      for (const m of d.members) usage(t, m);
      break;
    case 'acap-resource-set':
      t.span(d.name, 'variable', 'declaration', 'definition', 'readonly');
      for (const p of d.patterns) pattern(t, p);
      break;
    default:
      break;
  }
}

function commentTokens(t: LineTokens): void {
  const c = t.line.comment;
  if (!c) return;
  const d = t.line.directive;
  if (d.kind === 'acap-version' && d.version && d.version.start >= c.start) {
    // `##ACAP version=1.0` (Part 1 §2.9.3): the version is data, the rest a comment.
    t.add(c.start, d.version.start, 'comment');
    t.add(d.version.start, d.version.end, 'number');
    t.add(d.version.end, c.end, 'comment');
  } else {
    t.span(c, 'comment');
  }
}

/** The tokens of one line, sorted, none overlapping. */
function tokensOf(line: LineNode): Token[] {
  const t = new LineTokens(line);
  fieldTokens(t);
  commentTokens(t);
  const sorted = t.out.sort((a, b) => a.start - b.start);
  const out: Token[] = [];
  let end = 0;
  for (const tok of sorted) {
    if (tok.start < end) continue;
    out.push(tok);
    end = tok.end;
  }
  return out;
}

/**
 * Each line's tokens as flat [start, length, type, modifiers] quadruples, kept per line node: an
 * edit re-lexes only the lines it touches, so after a keystroke a whole-file request recomputes
 * one line's tokens and copies the others' (the delta then carries only what changed).
 */
const lineCache = new WeakMap<LineNode, readonly number[]>();
const NO_TOKENS: readonly number[] = Object.freeze([]);

function encodedLine(line: LineNode): readonly number[] {
  let known = lineCache.get(line);
  if (!known) {
    const flat: number[] = [];
    for (const tok of tokensOf(line)) {
      let mods = 0;
      for (const m of tok.mods) mods |= MOD_BIT.get(m) ?? 0;
      flat.push(tok.start, tok.end - tok.start, TYPE_INDEX.get(tok.type) ?? 0, mods);
    }
    known = flat.length ? flat : NO_TOKENS;
    lineCache.set(line, known);
  }
  return known;
}

/**
 * LSP's relative encoding: five integers per token, each position relative to the one before.
 * O(lines + tokens): one pass counts, the second fills an array of that size (growing an array
 * by push copies it and, on these virtual machines, pays a page fault per fresh 4 KiB).
 */
function encode(lines: readonly LineNode[], from: number, to: number): SemanticTokens {
  let size = 0;
  for (let i = from; i <= to; i++) size += encodedLine(lines[i]).length;
  const data = new Array<number>((size / 4) * 5);
  let n = 0;
  let prevLine = 0;
  let prevChar = 0;
  for (let i = from; i <= to; i++) {
    const flat = encodedLine(lines[i]);
    for (let k = 0; k < flat.length; k += 4) {
      const start = flat[k];
      data[n++] = i - prevLine;
      data[n++] = i === prevLine ? start - prevChar : start;
      data[n++] = flat[k + 1];
      data[n++] = flat[k + 2];
      data[n++] = flat[k + 3];
      prevLine = i;
      prevChar = start;
    }
  }
  return { data };
}

/** Semantic tokens of the whole document. */
export function getSemanticTokens(doc: RobotsDocument): SemanticTokens {
  return encode(doc.lines, 0, doc.lines.length - 1);
}

/** Semantic tokens of the lines `range` touches (whole lines; LSP allows tokens beyond the range). */
export function getSemanticTokensRange(doc: RobotsDocument, range: Range): SemanticTokens {
  const last = doc.lines.length - 1;
  const line = (n: number): number => (Number.isFinite(n) ? Math.min(Math.max(0, Math.floor(n)), last) : 0);
  let from = line(range.start.line);
  let to = line(range.end.line);
  if (to < from) [from, to] = [to, from];
  return encode(doc.lines, from, to);
}

/**
 * The edits that turn the token data `before` into `after` (`textDocument/semanticTokens/full/delta`):
 * one edit replacing what lies between the longest common prefix and suffix, in whole tokens of
 * five integers, or none when nothing changed. A keystroke changes one line's tokens, so the
 * edit is a few integers instead of the whole file's (5 per token). O(n) in the data's length.
 */
export function semanticTokensDelta(before: readonly number[], after: readonly number[]): SemanticTokensEdit[] {
  const n = Math.min(before.length, after.length);
  let prefix = 0;
  while (prefix < n && before[prefix] === after[prefix]) prefix++;
  if (prefix === before.length && prefix === after.length) return [];
  prefix -= prefix % 5;
  let suffix = 0;
  const room = n - prefix;
  while (suffix < room && before[before.length - 1 - suffix] === after[after.length - 1 - suffix]) suffix++;
  suffix -= suffix % 5;
  return [{ start: prefix, deleteCount: before.length - prefix - suffix, data: after.slice(prefix, after.length - suffix) }];
}
