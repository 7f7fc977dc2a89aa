/**
 * The shortcuts taken on opening a large file answer as the long way does: a line's `plain` flag
 * and byte length, read in one pass by the lexer, and the clean-rule test of checkRuleLine, read
 * by a sticky regular expression, are compared with reference readings on generated lines built
 * from the characters each shortcut must notice (control characters, U+FFFD, non-ASCII units and
 * lone surrogates, `&`, `%`, `*`, `$`, a final `S`, tabs).
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseDocument } from '../../server/src/service';
import type { Finding } from '../../server/src/service/syntax/findings';
import { checkRule, checkRuleLine } from '../../server/src/service/checks/rules/paths';
import { checkCharacters } from '../../server/src/service/checks/rules/syntax';

const UNITS = ['a', 'Z', '/', '.', '-', ' ', '\t', '&', '%', '*', '$', 'S', '#', ':', '\u0000', '\u0007', '\u001f', '\u007f', '\u0080', 'é', '\ufffd', '\ud83d', '\ude00', '😀', '\ufeff'];
const unit = fc.constantFrom(...UNITS);
const text = fc.array(unit, { maxLength: 40 }).map((u) => u.join(''));

/** UTF-8 length as an encoder writes it, a lone surrogate as U+FFFD (three bytes). */
function utf8(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

suite('shortcuts of the opening path answer as the long way', () => {
  test('a line is plain exactly when it is printable ASCII and tabs, and its byte length is its UTF-8 length', () => {
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 6 }), (lines) => {
        const doc = parseDocument('file:///site/robots.txt', 1, lines.join('\n'));
        doc.lines.forEach((line, i) => {
          assert.equal(line.plain, /^[\t\x20-\x7e]*$/.test(line.text), `line ${i}: ${JSON.stringify(line.text)}`);
          assert.equal(line.byteLength, utf8(line.text) + line.eol.length, `line ${i}: ${JSON.stringify(line.text)}`);
        });
      }),
      { numRuns: 2000 },
    );
  });

  test('character findings: a control character and U+FFFD are found on any line, plain or not', () => {
    fc.assert(
      fc.property(text, (t) => {
        const line = parseDocument('file:///site/robots.txt', 1, t).lines[0];
        const found: Finding[] = [];
        checkCharacters(line, found);
        const codes = found.map((f) => f.code).sort();
        const expected = [/[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/.test(t) ? 'text.control-character' : '', t.includes('\ufffd') ? 'text.invalid-utf8' : ''].filter(Boolean).sort();
        assert.deepEqual(codes, expected, JSON.stringify(t));
      }),
      { numRuns: 3000 },
    );
  });

  test('a rule line: the clean-pattern shortcut finds what the full check finds', () => {
    fc.assert(
      fc.property(fc.constantFrom('Allow', 'Disallow'), fc.oneof(text, text.map((t) => `/${t}`)), (name, value) => {
        const line = parseDocument('file:///site/robots.txt', 1, `${name}: ${value}`).lines[0];
        const f = line.field;
        if (!f || line.directive.kind !== 'rule') return;
        const quick: Finding[] = [];
        checkRuleLine(line, quick);
        const full: Finding[] = [];
        checkRule(line, line.text.slice(f.value.start, f.value.end), full);
        assert.deepEqual(quick, full, JSON.stringify(line.text));
      }),
      { numRuns: 5000 },
    );
  });
});
