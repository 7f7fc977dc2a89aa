/**
 * Versions share their lines in chunks (syntax/document.ts), and the checks that patch their
 * previous answer (the 500 KiB size check, the lines that refer to ACAP definitions, the
 * duplicate-rule index with its findings kept when unchanged) read them line by line. After each
 * edit of a random sequence (fast-check) on files of several chunks — edits that join, split,
 * add and remove lines, across chunk borders, in CR, LF and CRLF text — the document is the text
 * edited as a string, every earlier version still reads as it did, and the diagnostics equal
 * those of the same text opened afresh. No timing is asserted here (see test/bench).
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  doHover, doValidation, documentLength, documentText, lineAt, lineCount, MAX_DOCUMENT_LINES, parseDocument, parseWithin, splitLines, tooManyLines, updateDocument, type ContentChange, type RobotsDocument,
} from '../../server/src/service';
import { positionsOf } from '../../server/src/service/checks/validation';

/** Every finding, uncapped, so a difference anywhere shows. */
const ALL = { maxProblems: 1_000_000, maxHintsPerCode: 1_000_000 };

/** Lines to build files from: rules that repeat, ACAP definitions and their references, comments. */
const LINES = [
  'User-agent: *',
  'Disallow: /a',
  'Allow: /b',
  'Disallow: /a',
  'Allow: /c*',
  '# a comment',
  '',
  'ACAP-resource-set: news /news/',
  'ACAP-qualified-usage: snip present-snippet max-length=20-words',
  'ACAP-crawler: *',
  'ACAP-allow-(snip): the-acap:resource-set:news',
  'ACAP-allow-index: the-acap:resource-set:nope',
  'ACAP-composite-usage: both (snip) index',
  'Disallow: /%zz',
];

/** What an edit may type: line breaks of every kind, lines that repeat others, ACAP references. */
const TYPED = ['x', '/a', '', '\n', '\r\n', '\r', 'Allow: /b\n', 'Disallow: /a\r\n', 'ACAP-allow-index: the-acap:resource-set:news\n', 'User-agent: Bingbot\n', '#', ':'];

/** A file of `n` lines picked from LINES, each padded with a long comment when `pad` (to pass 500 KiB). */
function file(picks: readonly number[], pad: number, eol: string): string {
  const filler = pad ? ` #${'p'.repeat(pad)}` : '';
  return picks.map((k) => LINES[k % LINES.length] + (k % 3 === 0 ? filler : '')).join(eol);
}

interface EditSpec {
  readonly at: number;
  readonly length: number;
  readonly text: string;
}

/** An edit as offsets into the text: `length` characters from `at` (a fraction of the text) replaced. */
const editArb: fc.Arbitrary<EditSpec> = fc.record({
  at: fc.double({ min: 0, max: 1, noNaN: true }),
  // Mostly small; sometimes thousands of characters, across chunks.
  length: fc.oneof({ weight: 3, arbitrary: fc.nat({ max: 40 }) }, { weight: 1, arbitrary: fc.nat({ max: 60_000 }) }),
  text: fc.constantFrom(...TYPED),
});

/** The LSP change replacing text[start, end), and the edited text. */
function change(text: string, e: EditSpec): { change: ContentChange; text: string } {
  // An offset between CR and LF is no LSP position: such an edit starts or ends before the CR.
  const inCrlf = (o: number): number => (o > 0 && text.charCodeAt(o - 1) === 13 && text.charCodeAt(o) === 10 ? o - 1 : o);
  const start = inCrlf(Math.min(text.length, Math.floor(e.at * text.length)));
  const end = Math.max(start, inCrlf(Math.min(text.length, start + e.length)));
  const at = positionsOf(text);
  // positionsOf counts LF only: place by hand when the text has lone CRs.
  const place = (offset: number): { line: number; character: number } => (text.includes('\r') ? lspPosition(text, offset) : at(offset));
  return { change: { range: { start: place(start), end: place(end) }, text: e.text }, text: text.slice(0, start) + e.text + text.slice(end) };
}

/** An offset as an LSP position, lines ended by LF, CRLF or a lone CR. O(offset). */
function lspPosition(text: string, offset: number): { line: number; character: number } {
  let line = 0;
  let start = 0;
  for (let i = 0; i < offset; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      start = i + 1;
    }
  }
  return { line, character: offset - start };
}

function assertReads(doc: RobotsDocument, text: string, what: string): void {
  assert.equal(documentText(doc), text, `${what}: text`);
  assert.equal(documentLength(doc), text.length, `${what}: length`);
  const fresh = parseDocument(doc.uri, doc.version, text);
  assert.equal(lineCount(doc), fresh.lines.length, `${what}: line count`);
  for (let i = 0; i < fresh.lines.length; i++) assert.equal(lineAt(doc, i).text + lineAt(doc, i).eol, fresh.lines[i].text + fresh.lines[i].eol, `${what}: line ${i}`);
}

suite('chunked lines and the checks patched per edit', () => {
  test('random edit sequences on files of several chunks: each version reads as its text and validates as a fresh open', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 1000 }), { minLength: 600, maxLength: 1800 }),
        fc.constantFrom(0, 1200),
        fc.constantFrom('\n', '\r\n'),
        fc.array(editArb, { minLength: 1, maxLength: 6 }),
        fc.boolean(),
        (picks, pad, eol, edits, everyVersion) => {
          let text = file(picks, pad, eol);
          let doc = parseDocument('file:///site/robots.txt', 1, text);
          doValidation(doc, ALL);
          const history: { doc: RobotsDocument; text: string }[] = [{ doc, text }];
          for (const e of edits) {
            const next = change(text, e);
            doc = updateDocument(doc, [next.change], doc.version + 1);
            text = next.text;
            history.push({ doc, text });
            // Validated after every edit, or only at the end (a burst analysed once).
            if (everyVersion) assert.deepEqual(doValidation(doc, ALL), doValidation(parseDocument(doc.uri, doc.version, text), ALL), `after edit to version ${doc.version}`);
          }
          assert.deepEqual(doValidation(doc, ALL), doValidation(parseDocument(doc.uri, doc.version, text), ALL), 'last version');
          for (const h of history) assertReads(h.doc, h.text, `version ${h.doc.version}`);
        },
      ),
      { numRuns: 40 },
    );
  });

  test('several changes in one event, across chunk borders, equal the same changes applied one by one to the text', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 1000 }), { minLength: 1100, maxLength: 1500 }), fc.array(editArb, { minLength: 2, maxLength: 8 }), (picks, edits) => {
        let text = file(picks, 0, '\n');
        const doc = parseDocument('file:///site/robots.txt', 1, text);
        doValidation(doc, ALL);
        const changes: ContentChange[] = [];
        for (const e of edits) {
          const next = change(text, e);
          changes.push(next.change);
          text = next.text;
        }
        const edited = updateDocument(doc, changes, 2);
        assertReads(edited, text, 'after the event');
        assert.deepEqual(doValidation(edited, ALL), doValidation(parseDocument(doc.uri, 2, text), ALL));
      }),
      { numRuns: 30 },
    );
  });

  test('a replace-all then a ranged change in one event, then more edits: the text, and a fresh open\'s diagnostics', () => {
    const doc = parseDocument('file:///site/robots.txt', 1, 'User-agent: *\nDisallow: /a\n');
    doValidation(doc, ALL);
    let text = file(Array.from({ length: 1500 }, (_, i) => (i * 7) % 13), 0, '\n');
    const first = change(text, { at: 0.5, length: 30, text: 'Disallow: /a\n' });
    let edited = updateDocument(doc, [{ text }, first.change], 2);
    text = first.text;
    assertReads(edited, text, 'after the event');
    for (const e of [{ at: 0.1, length: 0, text: 'x' }, { at: 0.9, length: 5000, text: '\n' }]) {
      const next = change(text, e);
      edited = updateDocument(edited, [next.change], edited.version + 1);
      text = next.text;
      assertReads(edited, text, `version ${edited.version}`);
      assert.deepEqual(doValidation(edited, ALL), doValidation(parseDocument(doc.uri, edited.version, text), ALL));
    }
  });

  test('opening splits lines as splitLines does, whatever mix of LF, CRLF and lone CR', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'Allow: /x', '\n', '\r', '\r\n', '#', ' '), { maxLength: 60 }), (parts) => {
        const text = parts.join('');
        const doc = parseDocument('file:///site/robots.txt', 1, text);
        assert.deepEqual(doc.lines.map((l) => [l.text, l.eol]), splitLines(text).map((l) => [l.text, l.eol]));
      }),
      { numRuns: 300 },
    );
  });

  test('a parse within a line limit is the parse when the text has that many lines at most, and nothing past it, whatever its line ends', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'Allow: /x', '\n', '\r', '\r\n', '#'), { maxLength: 40 }), fc.integer({ min: 1, max: 12 }), (parts, max) => {
        const text = parts.join('');
        const lines = splitLines(text).length;
        const doc = parseWithin('file:///site/robots.txt', 1, text, max);
        if (lines > max) assert.equal(doc, undefined, `${lines} lines, at most ${max}`);
        else assert.deepEqual(doc?.lines.map((l) => [l.text, l.eol]), parseDocument('file:///site/robots.txt', 1, text).lines.map((l) => [l.text, l.eol]));
      }),
      { numRuns: 500 },
    );
    // At the hosts' limit, as tooManyLines counts: a CRLF is one line end, a lone CR another.
    const at = `User-agent: *\r\n${'\n'.repeat(MAX_DOCUMENT_LINES - 3)}\r#`;
    assert.equal(tooManyLines(at), false);
    assert.equal(parseWithin('file:///site/robots.txt', 1, at)?.lines.length, MAX_DOCUMENT_LINES);
    assert.equal(tooManyLines(at + '\r\n'), true);
    assert.equal(parseWithin('file:///site/robots.txt', 1, at + '\r\n'), undefined);
  });

  test('near miss: the line that passes 500 KiB moves when an edit before it adds bytes, and stays when the edit is after it', () => {
    // Lines of 1,012 bytes with their LF: the 506th (index 505) passes 512,000 bytes.
    const line = `Disallow: /${'a'.repeat(1000)}`;
    const text = Array.from({ length: 600 }, () => line).join('\n');
    const doc = parseDocument('file:///site/robots.txt', 1, text);
    const crossing = (d: RobotsDocument): number | undefined => doValidation(d, ALL).find((x) => x.code === 'text.too-large')?.range.start.line;
    assert.equal(crossing(doc), 505);
    // A line of 5,012 bytes added at line 3: 501 lines of 1,012 bytes and it pass 512,000 bytes.
    const before = updateDocument(doc, [{ range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, text: `Disallow: /${'b'.repeat(5000)}\n` }], 2);
    assert.equal(crossing(before), 501, 'a longer line added before it: it passes four lines earlier');
    const after = updateDocument(before, [{ range: { start: { line: 550, character: 0 }, end: { line: 552, character: 0 } }, text: '' }], 3);
    assert.equal(crossing(after), 501, 'lines removed after it: the same line');
    const shrunk = updateDocument(after, [{ range: { start: { line: 0, character: 0 }, end: { line: 200, character: 0 } }, text: '' }], 4);
    assert.equal(crossing(shrunk), undefined, 'under 500 KiB: nothing to say');
    assert.equal(crossing(doc), 505, 'the first version still says what it said');
  });

  for (const acap of [false, true]) test(`typing in a rule, then diagnostics and a hover on a path: no version after the first makes its whole lines array (${acap ? 'groups and ACAP records' : 'groups'})`, () => {
    // Every reader of a keystroke's path (validation, the engine's indexes, the hover's table and
    // AI-use rows) reads lines one by one: a 47,000-entry array per keystroke is memory to fault
    // in and to collect. Groups of several kinds so that every engine index is patched, and ACAP
    // records (their own columns) after them.
    const groups = ['User-agent: *', 'User-agent: GPTBot\nContent-Usage: train-ai=n', 'User-agent: Googlebot\nUser-agent: Google-Extended', 'User-agent: bot1'];
    const parts = ['License: /licence.xml'];
    for (let i = 0; i < 2400; i++) parts.push(i % 600 === 0 ? groups[(i / 600) % groups.length] : `${i % 2 ? 'Allow' : 'Disallow'}: /p${i}/x${i % 7 ? '' : '*'}`);
    if (acap) parts.push('', 'ACAP-crawler: *', 'ACAP-disallow-index: /p1/', 'ACAP-allow-present-snippet: /p2/ max-length=20-words', 'ACAP-crawler: GPTBot', 'ACAP-disallow-crawl: /');
    let doc = parseDocument('file:///site/robots.txt', 1, parts.join('\n'));
    doValidation(doc, {});
    doHover(doc, { line: 5, character: 12 });
    let flattened = 0;
    for (let k = 0; k < 12; k++) {
      const line = 7 + k * 190;
      const at = { line, character: lineAt(doc, line).text.length };
      doc = updateDocument(doc, [{ range: { start: at, end: at }, text: 'z' }], doc.version + 1);
      const made = Object.getOwnPropertyDescriptor(doc, 'lines')!.get!;
      Object.defineProperty(doc, 'lines', { enumerable: true, get() { flattened++; return made.call(this); } });
      doValidation(doc, {});
      const hover = doHover(doc, { line: line + 3, character: 10 });
      assert.match(JSON.stringify(hover), /Who may use/, `edit ${k}: the hover is a path's table`);
    }
    assert.equal(flattened, 0, 'the lines array of an edited version was made');
  });

  test('the 500 KiB line after edits before, across and after it equals a fresh open\'s (the crossing moved line by line)', () => {
    // Lines of 1,012 bytes: the crossing is near line 505; edits add and remove characters and
    // lines around it, so the crossing moves back, forward, or is read again.
    const base = Array.from({ length: 560 }, (_, i) => `Disallow: /${String(i).padStart(4, '0')}${'a'.repeat(995)}`).join('\n');
    const crossing = (d: RobotsDocument): number | undefined => doValidation(d, ALL).find((x) => x.code === 'text.too-large')?.range.start.line;
    const editArb = fc.record({
      line: fc.oneof(fc.integer({ min: 0, max: 40 }), fc.integer({ min: 490, max: 520 }), fc.integer({ min: 0, max: 559 })),
      length: fc.oneof(fc.constant(0), fc.nat({ max: 3000 })),
      text: fc.constantFrom('', 'x', 'y'.repeat(700), '\n', `Allow: /${'b'.repeat(2000)}\n`, 'z'.repeat(5000)),
    });
    fc.assert(
      fc.property(fc.array(editArb, { minLength: 1, maxLength: 12 }), (edits) => {
        let text = base;
        let doc = parseDocument('file:///site/robots.txt', 1, text);
        crossing(doc);
        for (const e of edits) {
          const lines = text.split('\n');
          const line = Math.min(e.line, lines.length - 1);
          let start = 0;
          for (let i = 0; i < line; i++) start += lines[i].length + 1;
          const end = Math.min(text.length, start + e.length);
          const { change, text: edited } = { change: { range: { start: positionsOf(text)(start), end: positionsOf(text)(end) }, text: e.text }, text: text.slice(0, start) + e.text + text.slice(end) };
          doc = updateDocument(doc, [change], doc.version + 1);
          text = edited;
          assert.equal(crossing(doc), crossing(parseDocument('file:///site/robots.txt', 1, text)), 'the line passing 500 KiB');
        }
      }),
      // Shrinking replays whole edit sequences on 560 KB texts: it ran for minutes on a failure.
      { numRuns: 150, endOnFailure: true },
    );
  });
});
