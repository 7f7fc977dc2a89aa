/**
 * Lexing one line of robots.txt into an immutable, lossless node.
 *
 * robots.txt is line-oriented (Koster 1996 §3.3; RFC 9309 §2.2; Part 1 §2.2), so a line is the
 * unit of parsing, caching and error recovery: a broken line never affects how its neighbours
 * are read. All offsets in a LineNode are UTF-16 offsets within the line, which are exactly LSP
 * `character` positions.
 */
import { DASH_LOOKALIKE_CHARS, FIELD_ALIASES, FIELD_BY_NAME, FIELD_PREFIXES, type FieldFact } from '../facts/facts';
import { parseDirective, type Directive } from './directives';

export type { Eol, Span, Separator, NameRepair, FieldSyntax, LineKind } from './span';
import type { Eol, Span, FieldSyntax, LineKind, NameRepair, Separator } from './span';
import { span } from './span';
import { ownString } from './ownString';


export interface LineNode {
  /** The line's text without its end-of-line characters. */
  readonly text: string;
  readonly eol: Eol;
  /** UTF-8 length of text + eol (for the 500 KiB limit of RFC 9309 §2.5). */
  readonly byteLength: number;
  /**
   * The text is printable ASCII and tabs only: no control character, no U+FFFD, nothing to
   * encode. Read with the byte length, in the same pass, so the character checks need none.
   */
  readonly plain: boolean;
  readonly kind: LineKind;
  /** Length of a leading byte-order mark (first line only), else 0. */
  readonly bom: number;
  readonly field: FieldSyntax | undefined;
  /** The comment, from `#` to the end of the line. */
  readonly comment: Span | undefined;
  /** The typed meaning of the line (what the field says), parsed once with the line. */
  readonly directive: Directive;
  /**
   * The line stage's findings, once computed (checks/checkLine.ts writes it; nothing else reads
   * it). A slot on the node rather than a WeakMap: 47,000 WeakMap entries cost ~40 ms to fill on
   * opening the largest real file and weigh on every garbage collection (ephemerons). Keyed by a
   * symbol, so JSON, Object.keys and loose deep equality do not see it.
   */
  [LINE_MEMO]?: unknown;
}

/** The key of LineNode's memo slot. */
export const LINE_MEMO: unique symbol = Symbol('line findings');

function isWs(ch: string): boolean {
  return ch === ' ' || ch === '\t';
}

/** Printable ASCII and tab: one byte a character, and nothing checkCharacters reports. */
const PLAIN = /^[\t\x20-\x7e]*$/;

function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n += 4;
        i++;
      } else n += 3;
    } else n += 3;
  }
  return n;
}

/** Runs of typographic dashes where a hyphen belongs (OCR, word processors). */
export const DASH_LOOKALIKES = new RegExp(`[${DASH_LOOKALIKE_CHARS}]+`, 'g');
const DASH_LOOKALIKE = new RegExp(`[${DASH_LOOKALIKE_CHARS}]`);

export interface ResolvedName {
  readonly fact: FieldFact | undefined;
  readonly suffixStart: number;
  readonly repair: NameRepair;
}

/**
 * Names resolved so far, by the name as written. A file repeats a handful of names thousands of
 * times (`Allow` 47,000 times in the largest real file), so each distinct spelling is resolved
 * once and every line shares the frozen answer: no lower-casing, lookup or allocation per line.
 * Bounded: cleared when it reaches NAME_MEMO_MAX spellings (binary junk has endless "names").
 */
const nameMemo = new Map<string, ResolvedName>();
const NAME_MEMO_MAX = 4096;
const NAME_MEMO_LONGEST = 128;

/** Resolve a field name (as written) to a known field. O(1) for a name seen before. */
export function resolveFieldName(raw: string): ResolvedName {
  let r = nameMemo.get(raw);
  if (!r) {
    r = Object.freeze(resolveUncached(raw));
    // Real field names are short; a long "name" (a line of junk) is not kept: 4,096 of them
    // could hold hundreds of megabytes for the process's lifetime.
    if (raw.length > NAME_MEMO_LONGEST) return r;
    if (nameMemo.size >= NAME_MEMO_MAX) nameMemo.clear();
    nameMemo.set(ownString(raw), r);
  }
  return r;
}

/** The last name resolved by resolveNameAt, and its answer. */
let lastName = '';
let lastResolved: ResolvedName | undefined;

/**
 * resolveFieldName of text[start, end), without making the substring when the name is spelt as
 * the previous line's was (runs of `Allow` or `Disallow` lines): O(name length), no allocation.
 */
function resolveNameAt(text: string, start: number, end: number): ResolvedName {
  if (lastResolved && end - start === lastName.length && text.startsWith(lastName, start)) return lastResolved;
  // The module keeps the name between calls: its own copy, never a view into this document.
  lastName = ownString(text.slice(start, end));
  lastResolved = resolveFieldName(lastName);
  return lastResolved;
}

function resolveUncached(raw: string): ResolvedName {
  const exact = resolveExact(raw.toLowerCase());
  if (exact.fact) return { fact: exact.fact, suffixStart: exact.suffixStart, repair: FIELD_ALIASES.has(raw.toLowerCase()) ? 'alias' : 'exact' };
  if (DASH_LOOKALIKE.test(raw)) {
    const r = resolveExact(raw.replace(DASH_LOOKALIKES, '-').toLowerCase());
    // Offsets of the suffix shift when a run of dashes collapses; recompute against the raw name.
    if (r.fact) return { fact: r.fact, suffixStart: r.fact.isPrefix ? mapSuffixStart(raw, r.fact.name.length) : raw.length, repair: 'dash-lookalike' };
  }
  if (/[ \t]/.test(raw)) {
    const r = resolveExact(raw.replace(/[ \t]+/g, '-').toLowerCase());
    if (r.fact && r.fact.family === 'acap') {
      return { fact: r.fact, suffixStart: r.fact.isPrefix ? mapSuffixStart(raw, r.fact.name.length) : raw.length, repair: 'space-for-hyphen' };
    }
  }
  return { fact: undefined, suffixStart: raw.length, repair: 'exact' };
}

/** Where, in the raw name, the text after a prefix of `prefixLength` normalised characters starts. */
function mapSuffixStart(raw: string, prefixLength: number): number {
  let seen = 0;
  let i = 0;
  while (i < raw.length && seen < prefixLength) {
    // A run of spaces or typographic dashes counts as one hyphen.
    if (isWs(raw[i]) || DASH_LOOKALIKE.test(raw[i])) {
      while (i < raw.length && (isWs(raw[i]) || DASH_LOOKALIKE.test(raw[i]))) i++;
    } else i++;
    seen++;
  }
  return i;
}

function resolveExact(lower: string): { fact: FieldFact | undefined; suffixStart: number } {
  const whole = FIELD_BY_NAME.get(lower);
  if (whole) return { fact: whole, suffixStart: lower.length };
  for (const prefix of FIELD_PREFIXES) {
    const p = prefix.name.toLowerCase();
    if (lower.startsWith(p)) return { fact: prefix, suffixStart: p.length };
  }
  return { fact: undefined, suffixStart: lower.length };
}

/**
 * Lex one line. Never throws; every character of `text` lies in exactly one of: the BOM, leading
 * whitespace, the field name, the separator, the value, inner whitespace, or the comment.
 *
 * With `shared` (one for the lines of one parse, dropped with it), a line of ACAP that repeats
 * (isRecordAcapLine) shares what it says with an earlier line of the same text: ACAP repeats
 * itself record after record, and such a line costs a dozen objects (its field, with the usage
 * after the prefix, and its permission's usage, resource and qualifiers). The parts shared are
 * frozen when first shared. Every other line is lexed afresh: the 47,000 rule lines of the
 * largest real file share their spans already (span.ts).
 */
export function lexLine(text: string, eol: Eol, firstLine: boolean, shared?: SharedLines): LineNode {
  if (shared === undefined || firstLine || !isRecordAcapLine(text)) return lexFresh(text, eol, firstLine);
  const t = shared.find(text);
  if (t === undefined) return shared.keep(lexFresh(text, eol, false));
  if (!Object.isFrozen(t.directive)) freezeShared(t);
  // The same properties in the same order as lexFresh's nodes: one object shape for every line.
  return { text, eol, byteLength: t.byteLength - t.eol.length + eol.length, plain: t.plain, kind: t.kind, bom: 0, field: t.field, comment: t.comment, directive: t.directive, [LINE_MEMO]: undefined };
}

/**
 * The lines of ACAP one parse has met, for lexLine: a table of SHARED_SLOTS lines, each in the
 * slot its length and three of its characters pick, replaced by the next line of that slot.
 * O(1) a line, besides comparing it with the one line of its slot: no hashing of whole lines and
 * no table growing with them (a map of every distinct line made the parse of 100,000 resource
 * sets, each line its own, about a quarter slower in three runs). A repeat is found when no line
 * of another text took its slot since: the records of one crawler after another, a few distinct
 * lines each. Lives for one parse, so it keeps no document's text (ownString.ts).
 */
export class SharedLines {
  private slots: (LineNode | undefined)[] | undefined;

  /** The line met last in the slot of `text`, if it has that text. */
  find(text: string): LineNode | undefined {
    const t = this.slots?.[slotOf(text)];
    return t !== undefined && t.text === text ? t : undefined;
  }

  /** Keep `line` in its slot; returns it. */
  keep(line: LineNode): LineNode {
    (this.slots ??= new Array<LineNode | undefined>(SHARED_SLOTS))[slotOf(line.text)] = line;
    return line;
  }
}

const SHARED_SLOTS = 1024;

/** The slot of `text` (a line of ACAP: 6 characters or more): its length and three of its characters, mixed. O(1). */
function slotOf(text: string): number {
  const n = text.length;
  const h = Math.imul(n ^ (text.charCodeAt(n - 1) << 7) ^ (text.charCodeAt(n - 2) << 14) ^ (text.charCodeAt(n >> 1) << 21), 0x9e3779b1);
  return h >>> 22;
}

/**
 * `text` starts with `acap`, in any letter case, and the name goes on with a, c, d or u: the
 * fields that repeat from record to record (ACAP-allow-…, -crawler, -disallow-…, -usage-purpose;
 * ACAP-composite-usage shares the c). A definition (ACAP-resource-set, -qualified-usage) names
 * something of its own, and a look-up for each of 100,000 resource sets made their parse a sixth
 * slower. O(1).
 */
function isRecordAcapLine(text: string): boolean {
  if (text.length < 6 || (text.charCodeAt(0) | 0x20) !== 0x61 || (text.charCodeAt(1) | 0x20) !== 0x63
    || (text.charCodeAt(2) | 0x20) !== 0x61 || (text.charCodeAt(3) | 0x20) !== 0x70) return false;
  const next = text.charCodeAt(5) | 0x20;
  return next === 0x61 || next === 0x63 || next === 0x64 || next === 0x75;
}

/**
 * Freeze the parts of a line that other lines share: its field and its spans, its comment and its
 * directive, all the way down (not the field's fact, an entry of the product's table).
 */
function freezeShared(t: LineNode): void {
  if (t.field) {
    freezeDeep(t.field.name);
    freezeDeep(t.field.value);
    freezeDeep(t.field.suffix);
    Object.freeze(t.field);
  }
  freezeDeep(t.comment);
  freezeDeep(t.directive);
}

/** `value` and every object and array it holds, frozen; plain data only (spans, usages, qualifiers). */
function freezeDeep(value: unknown): void {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const v of Object.values(value)) freezeDeep(v);
}

function lexFresh(text: string, eol: Eol, firstLine: boolean): LineNode {
  const bom = firstLine && text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const plain = PLAIN.test(text);
  const byteLength = (plain ? text.length : utf8Length(text)) + eol.length;
  // Part 1 §2.2 note 2; Koster 1996 §3.3: `#` starts a comment wherever it stands.
  const hash = text.indexOf('#', bom);
  const contentEnd = hash < 0 ? text.length : hash;
  const comment: Span | undefined = hash < 0 ? undefined : span(hash, text.length);

  let start = bom;
  while (start < contentEnd && isWs(text[start])) start++;
  let end = contentEnd;
  while (end > start && isWs(text[end - 1])) end--;

  if (start === end) {
    const kind: LineKind = comment ? 'comment' : 'blank';
    return { text, eol, byteLength, plain, kind, bom, field: undefined, comment, directive: parseDirective(text, kind, undefined, comment), [LINE_MEMO]: undefined };
  }

  const colon = text.indexOf(':', start);
  let nameEnd: number;
  let separator: Separator;
  let valueStart: number;
  // A colon after a space, following a known first word, belongs to the value: `Disallow /a:b`,
  // `Sitemap https://…` are fields whose colon is missing. (Scanned by character code: no
  // substring is made for the common line, whose name has no space.)
  let space = -1;
  for (let k = start; k < colon; k++) {
    const c = text.charCodeAt(k);
    if (c === 32 || c === 9) {
      space = k;
      break;
    }
  }
  let colonInValue = false;
  if (colon >= 0 && colon < end && space >= 0) {
    let word = false;
    for (let k = space; k < colon && !word; k++) word = !/\s/.test(text[k]);
    colonInValue = word && FIELD_BY_NAME.has(text.slice(start, space).toLowerCase());
  }
  if (colon >= 0 && colon < end && !colonInValue) {
    separator = 'colon';
    nameEnd = colon;
    while (nameEnd > start && isWs(text[nameEnd - 1])) nameEnd--;
    valueStart = colon + 1;
  } else {
    // No colon: the first word is the name. Google reads "key value" with exactly two words
    // as a field (robots.cc); validation reports the missing colon either way.
    nameEnd = start;
    while (nameEnd < end && !isWs(text[nameEnd])) nameEnd++;
    separator = nameEnd < end ? 'whitespace' : 'none';
    valueStart = nameEnd;
  }
  while (valueStart < end && isWs(text[valueStart])) valueStart++;
  if (valueStart > end) valueStart = end;

  const resolved = resolveNameAt(text, start, nameEnd);
  const suffix: Span | undefined = resolved.fact?.isPrefix ? span(start + resolved.suffixStart, nameEnd) : undefined;
  const field = (separator === 'colon' && resolved.fact ? sharedField(resolved, start, nameEnd, colon, valueStart, end, suffix) : undefined) ?? {
    name: span(start, nameEnd),
    separator,
    colon: separator === 'colon' ? colon : -1,
    value: span(valueStart, end),
    fact: resolved.fact,
    suffix,
    repair: resolved.repair,
  };
  return { text, eol, byteLength, plain, kind: 'field', bom, field, comment, directive: parseDirective(text, 'field', field, comment), [LINE_MEMO]: undefined };
}

/**
 * Frozen field syntaxes shared by the lines that lay out one known field alike (same offsets of
 * name, colon and value): the 47,000 `Allow: /…` lines of the largest real file need a few
 * hundred instead of 47,000 objects (~3 MB and their garbage-collection copies), and ACAP's
 * prefix fields (`ACAP-allow-crawl: /p1/`, each line of its own path) a few per usage. Keyed per
 * field by the offsets packed in 26 bits, and where a prefix field's usage starts; lines whose
 * offsets do not fit get their own object. Bounded: cleared past FIELD_MEMO_MAX entries. O(1).
 */
const fieldMemo = new Map<FieldFact, Map<number, FieldSyntax>>();
let fieldMemoSize = 0;
const FIELD_MEMO_MAX = 8192;
const REPAIRS: readonly NameRepair[] = ['exact', 'dash-lookalike', 'space-for-hyphen', 'alias'];

function sharedField(resolved: ResolvedName, start: number, nameEnd: number, colon: number, valueStart: number, end: number, suffix: Span | undefined): FieldSyntax | undefined {
  const fact = resolved.fact!;
  const gap = colon - nameEnd;
  const lead = valueStart - colon;
  const repair = REPAIRS.indexOf(resolved.repair);
  if (start > 31 || nameEnd > 63 || gap > 3 || lead > 3 || end > 511 || end < valueStart || repair < 0) return undefined;
  // A prefix field's usage (`ACAP-allow-` + `crawl`) starts within the name, before column 64:
  // one more factor of 65 keeps the key exact (below 2^33, an integer a double holds).
  const key = (start | (nameEnd << 5) | (gap << 11) | (lead << 13) | (end << 15) | (repair << 24)) + (suffix ? suffix.start + 1 : 0) * 2 ** 26;
  let byKey = fieldMemo.get(fact);
  if (!byKey) fieldMemo.set(fact, (byKey = new Map()));
  let out = byKey.get(key);
  if (!out) {
    if (fieldMemoSize >= FIELD_MEMO_MAX) {
      fieldMemo.clear();
      fieldMemoSize = 0;
      fieldMemo.set(fact, (byKey = new Map()));
    }
    out = Object.freeze({ name: span(start, nameEnd), separator: 'colon', colon, value: span(valueStart, end), fact, suffix, repair: resolved.repair } as const);
    byKey.set(key, out);
    fieldMemoSize++;
  }
  return out;
}

/** A token of a line, for lossless checks and colouring. */
export interface LineToken extends Span {
  readonly kind: 'bom' | 'whitespace' | 'field-name' | 'separator' | 'value' | 'comment';
}

/** The tokens of a line, covering every character exactly once, in order. */
export function lineTokens(line: LineNode): LineToken[] {
  const out: LineToken[] = [];
  let at = 0;
  const push = (kind: LineToken['kind'], start: number, end: number): void => {
    if (start > at) out.push({ kind: 'whitespace', start: at, end: start });
    if (end > start) out.push({ kind, start, end });
    at = Math.max(at, end);
  };
  if (line.bom) push('bom', 0, line.bom);
  if (line.field) {
    const f = line.field;
    push('field-name', f.name.start, f.name.end);
    if (f.separator === 'colon') push('separator', f.colon, f.colon + 1);
    push('value', f.value.start, f.value.end);
  }
  if (line.comment) push('comment', line.comment.start, line.comment.end);
  if (at < line.text.length) out.push({ kind: 'whitespace', start: at, end: line.text.length });
  return out;
}

