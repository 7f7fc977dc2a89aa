/**
 * An edit's region leaves out the lines at its ends that keep their text (syntax/document.ts,
 * applyOne): Enter at the start or the end of a line adds a blank line, a blank line joined to
 * its neighbour goes alone, and what is kept per line or per group across versions (the model's
 * members, Google's sections, the rfc9309 index, the duplicate-rule index, whose findings are made
 * when read) only moves. After each edit of a random sequence (fast-check) of exactly those
 * edits, in LF, CRLF and CR text, with byte-order marks, repeated rules and lines that Google and
 * RFC 9309 read apart, the document is the text opened afresh: its lines, its findings, its capped
 * diagnostics, its verdicts under every profile, and the hover of the edited line. No timing is
 * asserted here (see test/bench).
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { collectFindings, doHover, doValidation, documentText, explain, parseDocument, PROFILES, updateDocument, type RobotsDocument } from '../../server/src/service';

const LINES = [
  'User-agent: *', 'User-agent: GPTBot', 'useragent: GPTBot', 'Allow: /a', 'Allow: /a', 'Disallow: /a', 'Disallow: /b', 'Disallow: /b', '', '# note',
  'Sitemap: https://example.com/s.xml', 'Content-Usage: train-ai=n', 'ACAP-crawler: *', 'ACAP-disallow-crawl: /a', '\ufeffAllow: /a', 'Crawl-delay: 1',
];
const text = fc.tuple(fc.array(fc.constantFrom(...LINES), { minLength: 1, maxLength: 40 }), fc.constantFrom('\n', '\r\n', '\r')).map(([lines, eol]) => lines.join(eol) + eol);
const KINDS = ['enter at the start', 'enter at the end', 'join with the next', 'delete the line', 'type', 'replace to the next line'] as const;
interface Edit {
  readonly line: number;
  readonly at: number;
  readonly kind: (typeof KINDS)[number];
  readonly typed: string;
}
const edit: fc.Arbitrary<Edit> = fc.record({ line: fc.nat(60), at: fc.nat(30), kind: fc.constantFrom(...KINDS), typed: fc.constantFrom('x', '\n', 'Allow: /a\n', '\r\n', '', 'Disallow: /b') });

/** The change an edit makes to `doc`: its range and text. */
function change(doc: RobotsDocument, e: Edit) {
  const line = e.line % doc.lines.length;
  const end = doc.lines[line].text.length;
  const at = Math.min(e.at, end);
  const next = Math.min(line + 1, doc.lines.length - 1);
  switch (e.kind) {
    case 'enter at the start': return { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: '\n' };
    case 'enter at the end': return { range: { start: { line, character: end }, end: { line, character: end } }, text: '\n' };
    case 'join with the next': return { range: { start: { line, character: end }, end: { line: line + 1, character: 0 } }, text: '' };
    case 'delete the line': return { range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: '' };
    case 'type': return { range: { start: { line, character: at }, end: { line, character: at } }, text: e.typed };
    default: return { range: { start: { line, character: at }, end: { line: next, character: 0 } }, text: e.typed };
  }
}

/** JSON with the document's URI made the fresh one's. */
const same = (x: unknown): string => JSON.stringify(x).replaceAll('file:///edited/', 'file:///fresh/');

suite('edit regions: the lines an edit keeps stay out of it', () => {
  test('after every edit the document answers as the same text opened afresh', () => {
    fc.assert(fc.property(text, fc.array(edit, { minLength: 1, maxLength: 12 }), (start, edits) => {
      let doc = parseDocument('file:///edited/robots.txt', 1, start);
      // Analysed before the edits, so that every later version patches or moves what was kept.
      doValidation(doc, {});
      for (const e of edits) {
        const c = change(doc, e);
        doc = updateDocument(doc, [c], doc.version + 1);
        const fresh = parseDocument('file:///fresh/robots.txt', 1, documentText(doc));
        const where = `after ${JSON.stringify(c)}`;
        assert.deepEqual(doc.lines.map((l) => [l.text, l.eol, l.bom]), fresh.lines.map((l) => [l.text, l.eol, l.bom]), where);
        assert.deepEqual(collectFindings(doc), collectFindings(fresh), where);
        // Two hints of a code at most: the repeated rules' findings beyond them are counted, not made.
        assert.equal(same(doValidation(doc, { maxHintsPerCode: 2 })), same(doValidation(fresh, { maxHintsPerCode: 2 })), where);
        for (const profile of PROFILES) {
          const a = explain(doc, { agent: 'GPTBot', path: '/a', profile });
          const b = explain(fresh, { agent: 'GPTBot', path: '/a', profile });
          assert.deepEqual([a.allowed, a.decidedBy.map((d) => d.line)], [b.allowed, b.decidedBy.map((d) => d.line)], `${profile} ${where}`);
        }
        const at = { line: c.range.start.line % doc.lines.length, character: 9 };
        assert.equal(same(doHover(doc, at)), same(doHover(fresh, at)), where);
      }
    }), { numRuns: 200, seed: 27 });
  });
});
