/**
 * syntax.* and the spelling of field names: lines that are not fields, unknown and misspelt fields,
 * fullwidth colons, bare URLs, a missing colon (RFC 9309 §2.2).
 *
 * Part of the diagnostics suites (one file per topic; test/unit/diagnostics/coverage.test.ts
 * checks that every code has a positive test). Each suite has at least one minimal robots.txt
 * that must produce the code and at least one near miss that must not. Cases come from the
 * specifications (docs/specifications.md); the test names cite the section.
 */
import * as assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { lines, expectAt, expectNo, fixedLine, expectDiagnostics } from '../kit/diagnostics';

suite('syntax.not-a-field', () => {
  test('RFC 9309 §2.2: a line that is neither field, comment nor blank', () => {
    expectDiagnostics(`
      User-agent: *
      Disallow: /
      this is not a field
      #^^^^^^^^^^^^^^^^^^ warning syntax.not-a-field
    `);
  });
  test('near miss: comments, blank and whitespace-only lines', () => {
    expectNo(lines('# this is not a field', '', '   ', 'User-agent: * # x', '\t', 'Disallow: /'), 'syntax.not-a-field');
  });
});

suite('syntax.fullwidth-colon', () => {
  test('RFC 9309 §2.2: a fullwidth colon after the field name; the fix is the ASCII colon', () => {
    const text = lines('User-agent\uFF1A *', 'Disallow: /');
    const d = expectAt(text, '1:11 syntax.fullwidth-colon');
    assert.equal(fixedLine(text, d), 'User-agent: *');
  });
  test('near miss: a fullwidth colon inside a path is part of the path', () => {
    expectNo(lines('User-agent: *', 'Disallow: /a\uFF1Ab'), 'syntax.fullwidth-colon');
  });
});

suite('syntax.bare-url', () => {
  test('RFC 9309 §2.2: a URL on a line of its own; the fix makes it a Sitemap line', () => {
    const text = lines('User-agent: *', 'Disallow: /', 'https://example.com/sitemap.xml');
    const d = expectAt(text, '3:1 syntax.bare-url');
    assert.equal(fixedLine(text, d), 'Sitemap: https://example.com/sitemap.xml');
  });
  test('near miss: a Sitemap line, and a URL in a comment', () => {
    expectNo(lines('Sitemap: https://example.com/sitemap.xml', '# see https://example.com/', 'User-agent: *', 'Disallow: /'), 'syntax.bare-url');
  });
});


suite('syntax.unknown-field', () => {
  test('RFC 9309 §2.2.4: an unknown field is information, never an error', () => {
    const d = expectAt(lines('User-agent: *', 'Disallow: /', 'X-Frobnicate: yes'), '3:1 syntax.unknown-field');
    assert.equal(d.severity, DiagnosticSeverity.Information);
  });
  test('near miss: the common extensions and the 1996 fields are known', () => {
    const text = lines(
      'Sitemap: https://example.com/sitemap.xml',
      'Host: www.example.com',
      'User-agent: *',
      'Robot-version: 2.0.0',
      'Visit-time: 0100-0645',
      'Request-rate: 10/1m',
      'Comment: please be gentle',
      'Crawl-delay: 5',
      'Disallow: /private/',
    );
    expectNo(text, 'syntax.unknown-field');
  });
});

suite('syntax.misspelt-field', () => {
  test('RFC 9309 §2.2.4: Disallw is close to Disallow; the fix restores the name', () => {
    const text = lines('User-agent: *', 'Disallw: /private/');
    const d = expectAt(text, '2:1 syntax.misspelt-field');
    assert.equal(fixedLine(text, d), 'Disallow: /private/');
  });
  test('User-agnet is close to User-agent', () => {
    const text = lines('User-agnet: *', 'Disallow: /private/');
    const d = expectAt(text, '1:1 syntax.misspelt-field');
    assert.equal(fixedLine(text, d), 'User-agent: *');
  });
  test('near miss: field names are case-insensitive (RFC 9309 §2.2)', () => {
    expectNo(lines('USER-AGENT: *', 'disallow: /private/', 'ALLOW: /private/ok'), 'syntax.misspelt-field');
  });
});

suite('rep.missing-colon', () => {
  test('RFC 9309 §2.2: a conventional field without its colon; the fix inserts it', () => {
    const text = lines('User-agent: *', 'Disallow /private/');
    const d = expectAt(text, '2:1 rep.missing-colon');
    assert.equal(fixedLine(text, d), 'Disallow: /private/');
  });
  test('near miss: no space after the colon is fine', () => {
    expectNo(lines('User-agent:*', 'Disallow:/private/'), 'rep.missing-colon');
  });
});
