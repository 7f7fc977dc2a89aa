/**
 * Behaviour across codes: severity settings, unknown directives, junk input, and the
 * specifications' own examples.
 *
 * Part of the diagnostics suites (one file per topic; test/unit/diagnostics/coverage.test.ts
 * checks that every code has a positive test). Each suite has at least one minimal robots.txt
 * that must produce the code and at least one near miss that must not. Cases come from the
 * specifications (docs/specifications.md); the test names cite the section.
 */
import * as assert from 'node:assert/strict';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { CODES } from '../../../server/src/service';
import { lines, diagnostics, where, listing, REC } from '../kit/diagnostics';

suite('severity settings', () => {
  const text = lines('User-agent: *', 'Disallow: /', 'X-Frobnicate: yes');
  test('a code set to off disappears', () => {
    assert.ok(diagnostics(text).some((d) => d.code === 'syntax.unknown-field'));
    assert.ok(!diagnostics(text, { severities: { 'syntax.unknown-field': 'off' } }).some((d) => d.code === 'syntax.unknown-field'));
  });
  test('a code set to error becomes an error; the others keep their defaults', () => {
    const t2 = lines(text, 'Disallw: /x');
    const ds = diagnostics(t2, { severities: { 'syntax.unknown-field': 'error' } });
    assert.equal(ds.find((d) => d.code === 'syntax.unknown-field')?.severity, DiagnosticSeverity.Error);
    assert.equal(ds.find((d) => d.code === 'syntax.misspelt-field')?.severity, DiagnosticSeverity.Warning);
  });
  test('an error can be lowered to a hint', () => {
    const ds = diagnostics(lines(REC, 'ACAP-disallow-index: / time-limit=3-days'), { severities: { 'acap.qualifier-on-prohibition': 'hint' } });
    assert.equal(ds.find((d) => d.code === 'acap.qualifier-on-prohibition')?.severity, DiagnosticSeverity.Hint);
  });
});

suite('unknown directives', () => {
  test('are information, never errors, whatever their name', () => {
    for (const name of ['X-Frobnicate', 'Foo', 'Allowed-Paths', 'Robots', 'Cache-control', 'Request-ratee-limit']) {
      const ds = diagnostics(lines('User-agent: *', 'Disallow: /private/', `${name}: something`));
      const unknown = ds.filter((d) => d.range.start.line === 2);
      assert.ok(unknown.length > 0, `${name}: expected a diagnostic`);
      for (const d of unknown) assert.notEqual(d.severity, DiagnosticSeverity.Error, `${name}: ${where(d)}`);
      assert.ok(ds.every((d) => d.severity !== DiagnosticSeverity.Error), listing(ds));
    }
  });
});

suite('junk input never throws', () => {
  function rng(seed: number): () => number {
    let s = seed >>> 0;
    return () => {
      s = (s * 1664525 + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  }
  const pieces = ['ACAP-allow-', 'ACAP-crawler:', '(', ')', ':', '=', '$', '*', '#', '##ACAP version=', 'User-agent:', 'Disallow:', 'the-acap:resource-set:', ' ', '\t', '\n', '\r', '\r\n', '\u0000', '\uFEFF', '\uFFFD', '\uD800', '\u2013', 'é', 'time-limit=', 'until-', '-', '/'];
  function junk(r: () => number, n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) {
      const x = r();
      if (x < 0.5) s += pieces[Math.floor(r() * pieces.length)];
      else s += String.fromCharCode(Math.floor(r() * 0x10000));
    }
    return s;
  }
  test('random binary and near-robots strings give well-formed diagnostics with known codes', () => {
    const r = rng(20071130);
    const known = new Set<string>(CODES.map((c) => c.code));
    for (let i = 0; i < 200; i++) {
      const text = junk(r, 1 + Math.floor(r() * 400));
      let ds: Diagnostic[] = [];
      assert.doesNotThrow(() => {
        ds = diagnostics(text);
      }, `input #${i}: ${JSON.stringify(text)}`);
      const nLines = text.split(/\r\n|\r|\n/).length;
      for (const d of ds) {
        assert.ok(known.has(String(d.code)), `unknown code ${String(d.code)}`);
        assert.ok(d.range.start.line >= 0 && d.range.end.line < nLines, `range inside the document: ${where(d)}`);
        assert.ok(d.range.start.line < d.range.end.line || d.range.start.character <= d.range.end.character, `range ordered: ${where(d)}`);
      }
    }
  });
  test('fixed nasty inputs', () => {
    const inputs = ['', '\n\n\n', ':', '::::', '#', 'ACAP-allow-(', 'ACAP-allow-()', 'ACAP-allow-(x', 'ACAP-allow-): /', 'ACAP-', '=', 'ACAP-allow-index: / =', 'ACAP-allow-index: / ==', 'ACAP-allow-index: / a==b', '\u0000'.repeat(1000), '\uFEFF\uFEFF', 'x'.repeat(100_000), 'ACAP-crawler: *\n'.repeat(2000)];
    for (const text of inputs) {
      assert.doesNotThrow(() => diagnostics(text), JSON.stringify(text.slice(0, 60)));
      assert.ok(Array.isArray(diagnostics(text)));
    }
  });
});

suite('the specification examples are clean', () => {
  test('Part 1 §2.1 example (with its commented-out lines) has no errors or warnings', () => {
    const text = lines(
      '##ACAP version=1.0',
      '# Legacy robots.txt content...',
      '',
      'User-agent: *',
      'Disallow: /',
      '',
      'User-agent: named-crawler',
      'Allow: /index.html',
      'Allow: /public/',
      'Allow: /promotion/',
      'Allow: /news/',
      '',
      '# ACAP-ignore-conventional-records',
      '',
      'ACAP-resource-set: crawlable /public/ /promotion/ /news/',
      'ACAP-qualified-usage: cache preserve time-limit=until-recrawled',
      'ACAP-composite-usage: basic-usages crawl index present',
      '',
      'ACAP-crawler: *',
      'ACAP-disallow-crawl: /',
      '',
      'ACAP-crawler: named-crawler',
      'ACAP-allow-(basic-usages): the-acap:resource-set:crawlable',
      '# ACAP-allow-(cache): the-acap:resource-set:crawlable',
    );
    const ds = diagnostics(text).filter((d) => d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning);
    assert.deepEqual(ds.map(where), [], listing(ds));
  });
});
