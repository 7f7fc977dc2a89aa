/**
 * text.* — the text and the file: encoding, byte-order marks, control characters, size, the problem
 * cap (RFC 9309 §2.2, §2.3, §2.5).
 *
 * Part of the diagnostics suites (one file per topic; test/unit/diagnostics/coverage.test.ts
 * checks that every code has a positive test). Each suite has at least one minimal robots.txt
 * that must produce the code and at least one near miss that must not. Cases come from the
 * specifications (docs/specifications.md); the test names cite the section.
 */
import * as assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { expected, lines, diagnostics, where, listing, expectAt, expectNo, fixedLine, utf8, REC } from '../kit/diagnostics';

suite('text.invalid-utf8', () => {
  test('RFC 9309 §2.3: bytes that were not UTF-8 (decoded as U+FFFD) are reported where they are', () => {
    expectAt(lines('User-agent: *', 'Disallow: /caf\uFFFD/'), '2:15 text.invalid-utf8');
  });
  test('near miss: a correctly encoded non-ASCII path', () => {
    expectNo(lines('User-agent: *', 'Disallow: /café/'), 'text.invalid-utf8');
  });
});

suite('text.control-character', () => {
  test('RFC 9309 §2.2: a NUL inside a path', () => {
    expectAt(lines('User-agent: *', 'Disallow: /a\u0000b'), '2:13 text.control-character');
  });
  test('RFC 9309 §2.2: a BEL control character', () => {
    expectAt(lines('User-agent: *', 'Disallow: /a\u0007'), '2:13 text.control-character');
  });
  test('near miss: tabs as whitespace and CRLF line ends are not control characters (RFC 9309 §2.2)', () => {
    expectNo('User-agent:\t*\r\nDisallow:\t/private/\r\n', 'text.control-character');
  });
});

suite('text.bom', () => {
  test('RFC 9309 §2.2: a leading byte-order mark is reported at 1:1 and the fix removes it', () => {
    const text = lines('\uFEFFUser-agent: *', 'Disallow: /private/');
    const d = expectAt(text, '1:1 text.bom');
    assert.equal(fixedLine(text, d), 'User-agent: *');
  });
  test('a BOM does not make the first field unknown: it is the only problem', () => {
    const ds = diagnostics(lines('\uFEFFUser-agent: *', 'Disallow: /private/'));
    assert.deepEqual(ds.map(where), ['1:1 text.bom']);
  });
  test('near miss: the same file without a BOM', () => {
    expectNo(lines('User-agent: *', 'Disallow: /private/'), 'text.bom');
  });
});

suite('text.too-large', () => {
  const LIMIT = 500 * 1024;
  // Unique 99-character rules + LF = 100 bytes per line, after a 14-byte first line.
  function bigFile(ruleLines: number): string {
    const out = ['User-agent: *'];
    for (let k = 0; k < ruleLines; k++) out.push(`Disallow: /p${String(k).padStart(87, '0')}`);
    return out.join('\n') + '\n';
  }
  test('RFC 9309 §2.5: the line that passes 500 KiB is reported, once', () => {
    const text = bigFile(5200);
    // The byte at offset 512000 lies in rule k with 14 + 100k <= 512000 < 14 + 100(k+1).
    const k = Math.floor((LIMIT - 14) / 100);
    const line = k + 2;
    expectAt(text, `${line}:1 text.too-large`);
    assert.equal(diagnostics(text).filter((d) => d.code === 'text.too-large').length, 1);
  });
  test('RFC 9309 §2.5: the limit is in octets, not characters (2-byte characters)', () => {
    const text = lines('User-agent: *', 'Disallow: /', '# ' + 'é'.repeat(300_000));
    assert.ok(text.length < LIMIT && utf8(text) > LIMIT);
    expectAt(text, '3:1 text.too-large');
  });
  test('near miss: exactly 500 KiB is within the limit, one byte more is not', () => {
    const head = 'User-agent: *\nDisallow: /\n# ';
    const exact = head + 'x'.repeat(LIMIT - utf8(head));
    assert.equal(utf8(exact), LIMIT);
    expectNo(exact, 'text.too-large');
    expectAt(exact + 'x', '3:1 text.too-large');
  });
  test('near miss: 300,000 ASCII characters', () => {
    expectNo(lines('User-agent: *', 'Disallow: /', '# ' + 'e'.repeat(300_000)), 'text.too-large');
  });
});

suite('text.too-many-problems', () => {
  const junk = lines('Foo: 1', 'Bar: 2', 'Baz: 3', 'Qux: 4', 'Quux: 5');
  test('maxProblems 3 with 5 problems: 3 shown plus one text.too-many-problems saying 2 more', () => {
    expected.add('text.too-many-problems');
    const ds = diagnostics(junk, { maxProblems: 3 });
    assert.equal(ds.length, 4, listing(ds));
    assert.deepEqual(ds.slice(0, 3).map((d) => d.code), ['syntax.unknown-field', 'syntax.unknown-field', 'syntax.unknown-field']);
    assert.equal(ds.filter((d) => d.code === 'text.too-many-problems').length, 1);
    const last = ds[3];
    assert.equal(last.code, 'text.too-many-problems');
    assert.equal(last.severity, DiagnosticSeverity.Information);
    assert.match(last.message, /\b2\b/);
  });
  test('near miss: exactly maxProblems problems need no extra diagnostic', () => {
    const ds = diagnostics(junk, { maxProblems: 5 });
    assert.equal(ds.length, 5);
    assert.ok(!ds.some((d) => d.code === 'text.too-many-problems'));
  });
  test('codes set to off do not count towards the limit', () => {
    const text = lines(junk, 'User-agent: *', 'Disallow: /', 'Disallw: /x', 'Disallw: /y');
    const ds = diagnostics(text, { maxProblems: 2, severities: { 'syntax.unknown-field': 'off' } });
    assert.deepEqual(ds.map((d) => d.code), ['syntax.misspelt-field', 'syntax.misspelt-field']);
  });
  test('over the limit, the most severe problems are kept', () => {
    const text = lines('Foo: 1', 'Bar: 2', REC, 'ACAP-disallow-index: / time-limit=3-days');
    const ds = diagnostics(text, { maxProblems: 1 });
    assert.deepEqual(ds.map((d) => d.code), ['acap.qualifier-on-prohibition', 'text.too-many-problems']);
  });
  test('the code is a settings key like every other: off hides it', () => {
    const ds = diagnostics(junk, { maxProblems: 1, severities: { 'text.too-many-problems': 'off' } });
    assert.deepEqual(ds.map((d) => d.code), ['syntax.unknown-field']);
  });
});


suite('text.mangled-bom', () => {
  test('RFC 9309 §2.2: a BOM decoded as Latin-1 (ï»¿) hides the first field; the fix removes it', () => {
    const text = lines('\u00EF\u00BB\u00BFUser-agent: *', 'Disallow: /');
    const d = expectAt(text, '1:1 text.mangled-bom');
    assert.equal(fixedLine(text, d), 'User-agent: *');
  });
  test('near miss: a real BOM is text.bom', () => {
    expectNo(lines('\uFEFFUser-agent: *', 'Disallow: /'), 'text.mangled-bom');
  });
});
