/**
 * Incremental parsing equals a full parse: over many random edit sequences (fast-check), the
 * document updated edit by edit has the same text as vscode-languageserver-textdocument's
 * TextDocument (the reference for how LSP edits apply) and the same line nodes as parsing that
 * text from scratch. Also: an edit re-lexes only the lines it touches.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { documentText, parseDocument, updateDocument, type ContentChange, type RobotsDocument } from '../../server/src/service';
import { collectFindings } from '../../server/src/service/checks/validation';
import { lineCount, regionsChangedSince, serialOf } from '../../server/src/service/syntax/document';

// Pieces that exercise every lexer path: line ends of all kinds, separators, comments, ACAP parts.
const PIECES = [
  '\n', '\r\n', '\r', ' ', '\t', ':', '#', '=', '/', '*', '$', '(', ')', '\ufeff', '\u0000', '\ufffd', '—',
  'User-agent', 'Disallow', 'Allow', 'Sitemap', 'ACAP-crawler', 'ACAP-allow-', 'ACAP-disallow-', 'present-snippet',
  'crawl', 'index', '(cache)', 'time-limit=', 'until-recrawled', 'max-length=250-chars', 'the-acap:resource-set:',
  'ACAP-resource-set', 'ACAP-qualified-usage', 'ACAP-usage-purpose', '##ACAP version=1.0', 'x', 'é', '😀',
];

const textArb = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((a) => a.join(''));

interface EditSpec {
  startLine: number;
  startChar: number;
  endLine: number;
  endChar: number;
  text: string;
}

const editArb: fc.Arbitrary<EditSpec> = fc.record({
  // Positions may point past line ends and past the end of the document: LSP says clamp.
  startLine: fc.nat({ max: 12 }),
  startChar: fc.nat({ max: 30 }),
  endLine: fc.nat({ max: 12 }),
  endChar: fc.nat({ max: 30 }),
  text: textArb,
});

function toChange(e: EditSpec): ContentChange {
  // TextDocument requires start <= end; order them as a client would send them.
  const a = { line: e.startLine, character: e.startChar };
  const b = { line: e.endLine, character: e.endChar };
  const [start, end] = a.line < b.line || (a.line === b.line && a.character <= b.character) ? [a, b] : [b, a];
  return { range: { start, end }, text: e.text };
}

/**
 * The reference: each change spliced into the text at offsets from a fresh TextDocument, whose
 * offsetAt clamps positions as LSP specifies. (TextDocument.update itself keeps stale line
 * offsets after out-of-range positions, so it is not used as the oracle.)
 */
function applyByOffsets(text: string, changes: readonly ContentChange[]): string {
  for (const c of changes) {
    if (!c.range) {
      text = c.text;
      continue;
    }
    const td = TextDocument.create('file:///o.txt', 'robots-txt', 0, text);
    text = text.slice(0, td.offsetAt(c.range.start)) + c.text + text.slice(td.offsetAt(c.range.end));
  }
  return text;
}

function sameLines(actual: RobotsDocument, expected: RobotsDocument): void {
  assert.equal(actual.lines.length, expected.lines.length);
  for (let i = 0; i < expected.lines.length; i++) {
    assert.deepEqual(actual.lines[i], expected.lines[i], `line ${i}`);
  }
}

suite('incremental parsing', () => {
  test('random edit sequences give the same lines as a full parse', () => {
    fc.assert(
      fc.property(textArb, fc.array(fc.array(editArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 8 }), (initial, events) => {
        let reference = initial;
        let doc = parseDocument('file:///r.txt', 0, initial);
        let version = 0;
        for (const event of events) {
          version++;
          const changes = event.map(toChange);
          reference = applyByOffsets(reference, changes);
          doc = updateDocument(doc, changes, version);
          const text = reference;
          assert.equal(documentText(doc), text);
          sameLines(doc, parseDocument('file:///r.txt', version, text));
          assert.equal(doc.lines.length, TextDocument.create('file:///f.txt', 'robots-txt', 0, text).lineCount);
        }
      }),
      { numRuns: 1500 },
    );
  });

  test('diagnostics after edits equal diagnostics of a fresh parse', () => {
    fc.assert(
      fc.property(textArb, fc.array(editArb, { minLength: 1, maxLength: 6 }), (initial, edits) => {
        let doc = parseDocument('file:///r.txt', 0, initial);
        edits.forEach((e, i) => {
          doc = updateDocument(doc, [toChange(e)], i + 1);
        });
        const fresh = parseDocument('file:///r.txt', 99, documentText(doc));
        assert.deepEqual(collectFindings(doc), collectFindings(fresh));
      }),
      { numRuns: 500 },
    );
  });

  test('a one-line edit re-lexes one line and reuses every other line node', () => {
    const lines = Array.from({ length: 5000 }, (_, i) => `Disallow: /private/${i}/`);
    const doc = parseDocument('file:///big.txt', 1, 'User-agent: *\n' + lines.join('\n') + '\n');
    const edited = updateDocument(doc, [{ range: { start: { line: 2500, character: 10 }, end: { line: 2500, character: 11 } }, text: '/x' }], 2);
    assert.equal(edited.stats.linesLexed, 1);
    assert.equal(edited.lines[2500].text, 'Disallow: /xprivate/2499/');
    let reused = 0;
    for (let i = 0; i < doc.lines.length; i++) if (edited.lines[i] === doc.lines[i]) reused++;
    assert.equal(reused, doc.lines.length - 1);
  });

  test('a line typed at the end of another re-lexes only the new line', () => {
    const doc = parseDocument('file:///a.txt', 1, 'User-agent: *\nDisallow: /a\nAllow: /b\n');
    const edited = updateDocument(doc, [{ range: { start: { line: 1, character: 12 }, end: { line: 1, character: 12 } }, text: '\nDisallow: /c' }], 2);
    assert.equal(edited.stats.linesLexed, 1);
    assert.equal(documentText(edited), 'User-agent: *\nDisallow: /a\nDisallow: /c\nAllow: /b\n');
    assert.equal(edited.lines[0], doc.lines[0]);
    assert.equal(edited.lines[1], doc.lines[1]);
    assert.equal(edited.lines[3], doc.lines[2]);
    assert.deepEqual(regionsChangedSince(edited, doc), [{ oldFrom: 2, oldTo: 2, newFrom: 2, newTo: 3 }]);
  });

  test('the newest version says how it differs from any of the 1,024 versions before it, wherever the run of versions started', () => {
    // The chain of steps was cut every 1,024 versions and begun again: ten keystrokes that
    // crossed such a cut left the next query unable to say what changed, and every cache was
    // built again. It slides now: the newest version sees at least the 1,024 before it.
    let doc = parseDocument('file:///a.txt', 1, 'User-agent: *\nDisallow: /a\nAllow: /b\n');
    const versions: RobotsDocument[] = [doc];
    const asked = [1030, 2050, 2060, 3000];
    for (let k = 0; k < 3000; k++) {
      // An `x` typed at the end of line 1, then deleted: one version each.
      doc = updateDocument(doc, [{ range: { start: { line: 1, character: 11 }, end: { line: 1, character: 11 + (k % 2) } }, text: k % 2 ? '' : 'x' }], doc.version + 1);
      versions.push(doc);
      const at = versions.length - 1;
      if (!asked.includes(at)) continue;
      for (const back of [1, 10, 100, 500, 1024]) {
        assert.deepEqual(regionsChangedSince(doc, versions[at - back]), [{ oldFrom: 1, oldTo: 2, newFrom: 1, newTo: 2 }], `${back} back from ${at}`);
      }
    }
    assert.equal(doc.lines[1].text, 'Disallow: /a');
    // Far enough back, the chain is cut: the caches are built again, and no answer is wrong.
    assert.equal(regionsChangedSince(doc, versions[0]), undefined);
  });

  test('an earlier version named by its serial number is the version itself', () => {
    // A cache keeps the serial, not the document: the answer is the same either way.
    const doc = parseDocument('file:///a.txt', 1, 'User-agent: *\nDisallow: /a\nAllow: /b\n');
    const next = updateDocument(doc, [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: '\n' }], 2);
    assert.equal(lineCount(doc), 4);
    assert.deepEqual(regionsChangedSince(next, serialOf(doc)), [{ oldFrom: 1, oldTo: 1, newFrom: 1, newTo: 2 }]);
    assert.equal(regionsChangedSince(next, serialOf(doc)), regionsChangedSince(next, doc), 'remembered: one walk');
    assert.deepEqual(regionsChangedSince(next, serialOf(next)), []);
  });

  test('Enter at the start or the end of a line adds a blank line and keeps that line\'s node', () => {
    const doc = parseDocument('file:///a.txt', 1, 'User-agent: *\nDisallow: /a\nAllow: /b\n');
    const before = updateDocument(doc, [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: '\n' }], 2);
    assert.equal(documentText(before), 'User-agent: *\n\nDisallow: /a\nAllow: /b\n');
    assert.equal(before.stats.linesLexed, 1);
    assert.equal(before.lines[2], doc.lines[1]);
    assert.deepEqual(regionsChangedSince(before, doc), [{ oldFrom: 1, oldTo: 1, newFrom: 1, newTo: 2 }]);
    const after = updateDocument(doc, [{ range: { start: { line: 1, character: 12 }, end: { line: 1, character: 12 } }, text: '\n' }], 2);
    assert.equal(after.lines[1], doc.lines[1]);
    assert.deepEqual(regionsChangedSince(after, doc), [{ oldFrom: 2, oldTo: 2, newFrom: 2, newTo: 3 }]);
    // The blank line joined to the next again: the region is the blank line alone.
    const joined = updateDocument(before, [{ range: { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } }, text: '' }], 3);
    assert.equal(documentText(joined), documentText(doc));
    assert.equal(joined.stats.linesLexed, 0);
    assert.equal(joined.lines[1], doc.lines[1]);
    assert.deepEqual(regionsChangedSince(joined, before), [{ oldFrom: 1, oldTo: 2, newFrom: 1, newTo: 1 }]);
  });

  test('a line that moves to or from line 0 is lexed again (its byte-order mark)', () => {
    const doc = parseDocument('file:///a.txt', 1, '\ufeffUser-agent: *\n\ufeffUser-agent: *\n');
    // The first line removed: the second, the same text, becomes line 0, where U+FEFF is a BOM.
    const removed = updateDocument(doc, [{ range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } }, text: '' }], 2);
    assert.equal(removed.lines[0].bom, 1);
    assert.equal(doc.lines[1].bom, 0);
    // A line put before it: the old line 0 moves to line 1, where U+FEFF is a character.
    const pushed = updateDocument(doc, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: 'x\n' }], 2);
    assert.equal(pushed.lines[1].bom, 0);
    assert.deepEqual(collectFindings(pushed), collectFindings(parseDocument('file:///b.txt', 1, documentText(pushed))));
    assert.deepEqual(collectFindings(removed), collectFindings(parseDocument('file:///b.txt', 1, documentText(removed))));
  });

  test('a CR followed by an inserted LF becomes one CRLF line end', () => {
    const doc = parseDocument('file:///a.txt', 1, 'a\rb');
    const edited = updateDocument(doc, [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: '\n' }], 2);
    assert.deepEqual(edited.lines.map((l) => [l.text, l.eol]), [['a', '\r\n'], ['b', '']]);
  });

  test('a full-text change replaces everything', () => {
    const doc = parseDocument('file:///a.txt', 1, 'User-agent: *\n');
    const edited = updateDocument(doc, [{ text: 'Sitemap: https://e.com/s.xml' }], 2);
    assert.equal(documentText(edited), 'Sitemap: https://e.com/s.xml');
    assert.equal(edited.version, 2);
  });
});
