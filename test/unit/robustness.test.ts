/** Bad input never breaks the language service: any text parses losslessly and validates. */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { documentText, doValidation, parseDocument } from '../../server/src/service';

suite('robustness', () => {
  test('any text parses losslessly and validates without throwing', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (text) => {
        const doc = parseDocument('file:///r.txt', 1, text);
        assert.equal(documentText(doc), text);
        const diagnostics = doValidation(doc);
        for (const d of diagnostics) {
          assert.ok(d.range.start.line < doc.lines.length, 'diagnostic inside the document');
          assert.ok(d.range.end.character <= doc.lines[d.range.end.line].text.length, 'diagnostic inside its line');
        }
      }),
      { numRuns: 3000 },
    );
  });

  test('robots.txt-shaped noise validates without throwing', () => {
    const piece = fc.constantFrom('ACAP-', 'allow-', 'disallow-', 'crawler', 'present-', '(', ')', ':', ' ', '=', '#', '\n', '*', '$', '/', 'the-acap:', 'resource-set:', 'extract:', 'time-limit', 'until-', '2008-02-30', '-days', 'User-agent', 'Robot-version', '2.0.0', 'x');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }), (parts) => {
        const doc = parseDocument('file:///r.txt', 1, parts.join(''));
        assert.ok(Array.isArray(doValidation(doc)));
      }),
      { numRuns: 3000 },
    );
  });

  test('a 5 MB line and a 50 MB document are handled, with a bounded number of problems', () => {
    const long = parseDocument('file:///long.txt', 1, 'Disallow: /' + 'a'.repeat(5 * 1024 * 1024));
    assert.equal(long.lines.length, 1);
    assert.deepEqual(doValidation(long).map((d) => d.code), ['rep.rule-outside-group', 'text.too-large']);

    const junk = Array.from({ length: 50 * 1024 }, (_, i) => `${String.fromCharCode(33 + (i % 90)).repeat(1000)}\n`).join('');
    const big = parseDocument('file:///big.txt', 1, junk);
    const problems = doValidation(big);
    assert.equal(big.lines.length, 50 * 1024 + 1);
    assert.equal(problems.length, 1001, 'capped at 1000 problems plus one note');
    assert.equal(problems[problems.length - 1].code, 'text.too-many-problems');
  });
});
