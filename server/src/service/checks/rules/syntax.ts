/**
 * Syntax and encoding: what the text of a line is before it is any field (RFC 9309 §2.2, §2.3) —
 * control characters, bytes that were not UTF-8, byte-order marks, lines that are not fields,
 * field names misspelt or written with a lookalike character, the missing colon — and the 500 KiB
 * a crawler reads (§2.5). Each line check reads one line: O(n) in its length.
 */
import { FIELDS, GOOGLE_ACCEPTED_TYPOS, PARSE_LIMIT_BYTES, field } from '../../facts/facts';
import type { Finding, LocatedFinding } from '../../syntax/findings';
import { closest, didYouMean } from '../../facts/suggest';
import { DASH_LOOKALIKES, type LineNode, type Span } from '../../syntax/syntax';
import { modelLineage, type RobotsModel } from '../../model/model';
import { lineAt, lineCount, type RobotsDocument } from '../../syntax/document';
import { replaceWith, type Topic } from '../rule';
import { checkExtensionField, checkFieldAlias } from './signals';
import { checkUnknownAcapField, gluedMessage, gluedValue } from './acapFields';

const CONVENTIONAL_NAMES = FIELDS.filter((f) => f.family !== 'acap').map((f) => f.name);

function text(line: LineNode, span: Span): string {
  return line.text.slice(span.start, span.end);
}

/** NUL and other control characters, and U+FFFD left by bytes that were not UTF-8. */
export function checkCharacters(line: LineNode, out: Finding[]): void {
  if (line.plain) return;
  const t = line.text;
  const ctl = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/.exec(t);
  if (ctl) {
    const code = ctl[0].charCodeAt(0);
    out.push({ code: 'text.control-character', span: { start: ctl.index, end: ctl.index + 1 }, message: `Control character U+${code.toString(16).toUpperCase().padStart(4, '0')}${code === 0 ? ' (NUL)' : ''} in the text: robots.txt is plain UTF-8 text, and crawlers may stop reading or misread the line.` });
  }
  const bad = t.indexOf('\ufffd');
  if (bad >= 0) {
    out.push({ code: 'text.invalid-utf8', span: { start: bad, end: bad + 1 }, message: 'Bytes here are not valid UTF-8 (shown as U+FFFD). RFC 9309 §2.3 expects UTF-8; crawlers may misread this line. Re-save the file as UTF-8.' });
  }
}

/** A byte-order mark before the first line (RFC 9309 §2.2). */
export function checkBom(line: LineNode, out: Finding[]): void {
  if (line.bom) {
    out.push({ code: 'text.bom', span: { start: 0, end: 1 }, message: 'The file starts with a byte-order mark. Google and RFC 9309 parsers skip it, but older crawlers read it as part of the first field name; save the file as UTF-8 without BOM to be safe.', replacement: '' });
  }
}

/** A field name this product does not know: an extension, a mangled BOM, a misspelling, or no field at all. */
export function checkUnknownField(line: LineNode, out: Finding[]): void {
  const f = line.field;
  if (!f) return;
  if (checkExtensionField(line, out)) return;
  const written = text(line, f.name);
  const lower = written.toLowerCase();
  if (written.startsWith('\u00ef\u00bb\u00bf')) {
    out.push({ code: 'text.mangled-bom', span: { start: f.name.start, end: f.name.start + 3 }, message: 'These characters (ï»¿) are a byte-order mark that was encoded twice; crawlers read them as part of the field name and ignore the line. Remove them and save the file as UTF-8 without BOM.', replacement: '' });
    return;
  }
  const wide = line.text.indexOf('\uff1a', f.name.start);
  if (wide >= 0 && (f.separator !== 'colon' || wide < f.colon)) {
    const before = line.text.slice(f.name.start, wide).trim();
    if (FIELDS.some((x) => x.name.toLowerCase() === before.toLowerCase())) {
      out.push({ code: 'syntax.fullwidth-colon', span: { start: wide, end: wide + 1 }, message: `‘${before}’ is followed by a fullwidth colon (：); crawlers only accept the ASCII colon, so they ignore the line.`, replacement: ':' });
      return;
    }
  }
  if ((lower === 'http' || lower === 'https') && f.separator === 'colon' && line.text.startsWith('//', f.colon + 1)) {
    out.push({ code: 'syntax.bare-url', span: { start: f.name.start, end: f.value.end }, message: 'A URL on its own line is not a field, so crawlers ignore it. If it is a sitemap, write ‘Sitemap: ’ before it.', replacement: `Sitemap: ${line.text.slice(f.name.start, f.value.end)}` });
    return;
  }
  if (lower.startsWith('acap')) {
    checkUnknownAcapField(line, f.name, out);
    return;
  }
  const glued = gluedValue(written);
  if (glued) {
    out.push({ code: 'syntax.misspelt-field', span: f.name, message: gluedMessage(written, glued, 'RFC 9309 §2.2'), replacement: `${glued.name}: ${glued.value}` });
    return;
  }
  const googleTypo = GOOGLE_ACCEPTED_TYPOS.get(lower.replace(/[ \t]+/g, ' '));
  if (googleTypo) {
    const name = field(googleTypo).name;
    out.push({ code: 'syntax.misspelt-field', span: f.name, message: `Google reads ‘${written}’ as ${name}, but other crawlers ignore the line. Write ‘${name}’.`, replacement: name });
    return;
  }
  const near = closest(written, CONVENTIONAL_NAMES);
  if (near) {
    out.push({ code: 'syntax.misspelt-field', span: f.name, message: `‘${written}’ is not a known field, so crawlers ignore the line.${didYouMean(near)}`, replacement: near });
    return;
  }
  // A name with quotes, angle brackets, `=` or slashes is not a field name but pasted markup or prose.
  if (f.separator !== 'colon' || /[<>"'=/\\(){}[\];,]/.test(written)) {
    out.push({ code: 'syntax.not-a-field', span: { start: f.name.start, end: f.value.end }, message: 'This line is not a field (`Name: value`), a comment or blank; crawlers ignore it. Start comments with #.' });
    return;
  }
  out.push({ code: 'syntax.unknown-field', span: f.name, message: `‘${written}’ is not a field this product knows; crawlers that do not know it ignore the line.` });
}

/** A known field's name as written: a space or a typographic dash for a hyphen, and the colon after it. */
export function checkFieldName(line: LineNode, out: Finding[]): void {
  const f = line.field;
  if (!f || !f.fact) return;
  const fact = f.fact;
  // Nothing to say of a name spelt right and followed by its colon (or needing none): no substring.
  if (f.repair === 'exact' && (f.separator === 'colon' || fact.noValue)) return;
  const written = text(line, f.name);
  if (f.repair === 'alias') checkFieldAlias(line, out);
  if (f.repair === 'space-for-hyphen') {
    const fixed = written.replace(/[ \t]+/g, '-');
    out.push({ code: 'acap.space-for-hyphen', span: f.name, message: `‘${written}’ has a space where ACAP has a hyphen, so crawlers do not recognise the field (Part 1 §3). Write ‘${fixed}’.`, replacement: fixed });
  } else if (f.repair === 'dash-lookalike') {
    const fixed = written.replace(DASH_LOOKALIKES, '-');
    out.push({ code: 'syntax.dash-lookalike', span: f.name, message: `‘${written}’ contains a typographic dash where a hyphen belongs, so crawlers do not recognise the field. Write ‘${fixed}’.`, replacement: fixed });
  }
  if (f.separator !== 'colon' && !fact.noValue) {
    const acap = fact.family === 'acap';
    // `ACAP-disallow-crawl/private/`: the colon goes between the name and the value run into it.
    const glued = gluedValue(written);
    const named = fact.isPrefix ? written : fact.name;
    out.push({
      code: acap ? 'acap.missing-colon' : 'rep.missing-colon',
      span: f.name,
      message: acap
        ? `‘${named}’ needs a colon after the field name (Part 1 §3); without it crawlers ignore the line.`
        : `‘${named}’ needs a colon after the field name (RFC 9309 §2.2).${f.separator === 'whitespace' && fact.family === 'rep' ? ' Google accepts a space when the value is one word; other crawlers ignore the line.' : ''}`,
      replacement: glued ? `${glued.name}: ${glued.value}` : written + ':',
    });
  }
}

/**
 * What checkSize knew of an analysed version: its size in bytes, the line passing the limit
 * (-1: none) and the bytes of the lines up to and including it.
 */
interface SizeState {
  readonly bytes: number;
  readonly crossing: number;
  readonly upTo: number;
}

const sizeStates = new WeakMap<RobotsDocument, SizeState>();

/** UTF-8 bytes of lines [from, to) of `doc`. O(to - from). */
function bytesOf(doc: RobotsDocument, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i++) n += lineAt(doc, i).byteLength;
  return n;
}

/**
 * The line where the file passes 500 KiB (RFC 9309 §2.5). After an edit of an analysed version
 * (modelLineage) the size is patched from the edited lines, a crossing before the edit is kept,
 * and one after it is moved (movedCrossing): O(edited lines + lines the crossing moves); an edit
 * of the crossing line itself reads the lines up to the new crossing, O(lines in the first
 * 500 KiB). Otherwise O(lines).
 */
export function checkSize(model: RobotsModel, out: LocatedFinding[]): void {
  const doc = model.document;
  let state = sizeStates.get(doc);
  if (!state) {
    const lin = modelLineage(model);
    const before = lin && sizeStates.get(lin.previous.document);
    const count = lineCount(doc);
    if (lin && before) {
      const delta = bytesOf(doc, lin.from, lin.to) - bytesOf(lin.previous.document, lin.from, lin.oldTo);
      const bytes = before.bytes + delta;
      let found: { crossing: number; upTo: number } | undefined;
      if (bytes <= PARSE_LIMIT_BYTES) found = { crossing: -1, upTo: 0 };
      else if (before.crossing >= 0 && before.crossing < lin.from) found = before;
      else if (before.crossing >= lin.oldTo) found = movedCrossing(doc, count, before, lin.to, lin.to - lin.oldTo, delta);
      found ??= crossingLine(doc, count);
      state = { bytes, crossing: found.crossing, upTo: found.upTo };
    } else {
      let bytes = 0;
      let crossing = -1;
      let upTo = 0;
      for (let i = 0; i < count; i++) {
        bytes += lineAt(doc, i).byteLength;
        if (crossing < 0 && bytes > PARSE_LIMIT_BYTES) {
          crossing = i;
          upTo = bytes;
        }
      }
      state = { bytes, crossing, upTo };
    }
    sizeStates.set(doc, state);
  }
  const i = state.crossing;
  if (i < 0) return;
  const count = lineCount(doc);
  out.push({ line: i, code: 'text.too-large', span: { start: 0, end: lineAt(doc, i).text.length }, message: `The file passes 500 KiB on this line (line ${i + 1} of ${count}). RFC 9309 §2.5 only requires crawlers to read the first 500 KiB, and Google ignores the rest, so what follows may never be seen.` });
}

/** The first line at which the bytes so far pass the limit, and those bytes (the file is known to pass it). O(lines up to it). */
function crossingLine(doc: RobotsDocument, count: number): { crossing: number; upTo: number } {
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    bytes += lineAt(doc, i).byteLength;
    if (bytes > PARSE_LIMIT_BYTES) return { crossing: i, upTo: bytes };
  }
  return { crossing: -1, upTo: 0 };
}

/**
 * The crossing after an edit of lines before it (an edit of lines [from, oldTo) that became
 * [from, to), `delta` bytes more): the old crossing, moved with the lines, then walked back or
 * forward line by line until the bytes up to it pass the limit and those before it do not —
 * O(lines the crossing moves), one or none for a keystroke. Undefined when the walk back reaches
 * the edited lines (then the lines up to it are read again).
 */
function movedCrossing(doc: RobotsDocument, count: number, before: SizeState, to: number, moved: number, delta: number): { crossing: number; upTo: number } | undefined {
  let c = before.crossing + moved;
  let p = before.upTo + delta;
  if (p > PARSE_LIMIT_BYTES) {
    for (;;) {
      const without = p - lineAt(doc, c).byteLength;
      if (without <= PARSE_LIMIT_BYTES) return { crossing: c, upTo: p };
      if (c - 1 < to) return undefined;
      p = without;
      c--;
    }
  }
  while (c + 1 < count) {
    c++;
    p += lineAt(doc, c).byteLength;
    if (p > PARSE_LIMIT_BYTES) return { crossing: c, upTo: p };
  }
  return { crossing: -1, upTo: 0 };
}

const hyphens = replaceWith((r) => `Write ‘${r}’ with hyphens`);
const colon = replaceWith(() => 'Add the missing colon');

export const topic: Topic = {
  topic: 'syntax and encoding',
  rules: [
    { codes: ['text.control-character', 'text.invalid-utf8'], stage: 'line', check: checkCharacters },
    { codes: ['text.bom'], stage: 'line', check: checkBom, fixes: { 'text.bom': replaceWith(() => 'Remove the byte-order mark') } },
    {
      codes: ['text.mangled-bom', 'syntax.fullwidth-colon', 'syntax.bare-url', 'syntax.misspelt-field', 'syntax.not-a-field', 'syntax.unknown-field'], stage: 'line', check: checkUnknownField,
      fixes: {
        'text.mangled-bom': replaceWith(() => 'Remove the double-encoded byte-order mark'),
        'syntax.fullwidth-colon': replaceWith(() => 'Use an ASCII colon'),
        'syntax.bare-url': replaceWith(() => 'Make it a Sitemap line'),
      },
    },
    {
      codes: ['acap.space-for-hyphen', 'syntax.dash-lookalike', 'rep.missing-colon', 'acap.missing-colon'], stage: 'line', check: checkFieldName,
      fixes: { 'acap.space-for-hyphen': hyphens, 'syntax.dash-lookalike': hyphens, 'rep.missing-colon': colon, 'acap.missing-colon': colon },
    },
    { codes: ['text.too-large'], stage: 'document', check: checkSize },
  ],
};
