/**
 * ACAP records: crawler lines, empty records, permissions references, usage purposes, action
 * requests (Part 1 §2.3, §2.6).
 *
 * Part of the diagnostics suites (one file per topic; test/unit/diagnostics/coverage.test.ts
 * checks that every code has a positive test). Each suite has at least one minimal robots.txt
 * that must produce the code and at least one near miss that must not. Cases come from the
 * specifications (docs/specifications.md); the test names cite the section.
 */
import * as assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { type DiagnosticData } from '../../../server/src/service';
import { lines, diagnostics, listing, expectAt, expectNo, fixedLine, REC, expectDiagnostics } from '../kit/diagnostics';

suite('acap.empty-crawler-name', () => {
  test('Part 1 §2.3.1: ACAP-crawler with no name', () => {
    expectDiagnostics(`
      ACAP-crawler:
      #^^^^^^^^^^^ error acap.empty-crawler-name
      ACAP-allow-crawl: /
    `);
  });
  test('near miss: * and a name', () => {
    expectNo(lines('ACAP-crawler: *', 'ACAP-allow-crawl: /', 'ACAP-crawler: searchbot', 'ACAP-allow-index: /'), 'acap.empty-crawler-name');
  });
});

suite('acap.invalid-crawler-name', () => {
  test('Part 1 §3: crawler-name = name-start-char ... and name-start-char = ALPHA', () => {
    expectDiagnostics(`
      ACAP-crawler: 2bot
      #             ^^^^ warning acap.invalid-crawler-name
      ACAP-allow-crawl: /
    `);
  });
  test('near miss: letters and digits; Part 1 §3 allows WSP and VCHAR (not #) after the first letter', () => {
    expectNo(lines('ACAP-crawler: ExaBotAcap12', 'ACAP-crawler: news bot/1.0 (compatible)', 'ACAP-allow-crawl: /'), 'acap.invalid-crawler-name');
  });
});

suite('acap.star-with-named-crawler', () => {
  test('Part 1 §2.3.1: a * record "must not contain any other crawler identification fields"', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      #             ^ error acap.star-with-named-crawler
      ACAP-crawler: searchbot
      ACAP-allow-crawl: /
    `);
  });
  test('the named crawler first', () => {
    expectDiagnostics(`
      ACAP-crawler: searchbot
      ACAP-crawler: *
      #             ^ error acap.star-with-named-crawler
      ACAP-allow-crawl: /
    `);
  });
  test('near miss: * and a named crawler in separate records', () => {
    expectNo(lines('ACAP-crawler: *', 'ACAP-disallow-crawl: /', 'ACAP-crawler: searchbot', 'ACAP-allow-crawl: /'), 'acap.star-with-named-crawler');
  });
});

suite('acap.crawler-lines-apart', () => {
  test('Part 1 §2.2-2.3: crawler lines separated by a blank line and a comment still form one record', () => {
    expectDiagnostics(`
      ACAP-crawler: a

      # b too
      ACAP-crawler: b
      #^^^^^^^^^^^ hint acap.crawler-lines-apart
      ACAP-allow-crawl: /
    `);
  });
  test('near miss: adjacent crawler lines', () => {
    expectNo(lines('ACAP-crawler: a', 'ACAP-crawler: b', 'ACAP-allow-crawl: /'), 'acap.crawler-lines-apart');
  });
});

suite('acap.empty-record', () => {
  test('Part 1 §2.3: crawler lines with nothing after them', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-crawl: /
      ACAP-crawler: a
      #^^^^^^^^^^^ warning acap.empty-record
    `);
  });
  test('near miss: Part 1 §2.3 — a record made only of a sub-record is not empty', () => {
    expectNo(lines('ACAP-crawler: a', 'ACAP-usage-purpose: news', 'ACAP-allow-index: /'), 'acap.empty-record');
  });
  test('near miss: a record with one field, and one with a permissions reference', () => {
    expectNo(lines('ACAP-crawler: a', 'ACAP-allow-crawl: /', 'ACAP-crawler: b', 'ACAP-permissions-reference: /b.txt'), 'acap.empty-record');
  });
});

suite('acap.field-outside-record', () => {
  test('Part 1 §2.3: a permission before any ACAP-crawler line', () => {
    expectDiagnostics(`
      ACAP-allow-crawl: /
      #^^^^^^^^^^^^^^^ error acap.field-outside-record
      ACAP-crawler: *
      ACAP-allow-index: /
    `);
  });
  test('Part 1 §2.3: a usage purpose before any ACAP-crawler line', () => {
    expectDiagnostics(`
      ACAP-usage-purpose: news
      #^^^^^^^^^^^^^^^^^ error acap.field-outside-record
      ACAP-allow-index: /
      #^^^^^^^^^^^^^^^ error acap.field-outside-record
      ACAP-crawler: *
      ACAP-allow-crawl: /
    `);
  });
  test('Part 1 §2.9.2: an ACAP field inside a conventional group belongs to no ACAP record', () => {
    expectDiagnostics(`
      User-agent: *
      ACAP-disallow-crawl: /
      #^^^^^^^^^^^^^^^^^^ error acap.field-outside-record
    `);
  });
  test('near miss: the fields inside a record', () => {
    expectNo(lines(REC, 'ACAP-allow-crawl: /', 'ACAP-usage-purpose: news', 'ACAP-allow-index: /'), 'acap.field-outside-record');
  });
});

suite('acap.field-after-permissions-reference', () => {
  test('Part 1 §2.3: "no further fields ... may occur in the record"', () => {
    expectDiagnostics(`
      ACAP-crawler: searchbot
      ACAP-permissions-reference: /searchbot.txt
      ACAP-allow-crawl: /
      #^^^^^^^^^^^^^^^ error acap.field-after-permissions-reference
    `);
  });
  test('near miss: comments and blank lines, then the next record', () => {
    expectNo(lines('ACAP-crawler: searchbot', 'ACAP-permissions-reference: /searchbot.txt', '', '# next', REC, 'ACAP-allow-crawl: /'), 'acap.field-after-permissions-reference');
  });
});

suite('acap.misplaced-permissions-reference', () => {
  test('Part 1 §2.3: a permissions reference after a permission', () => {
    expectDiagnostics(`
      ACAP-crawler: searchbot
      ACAP-allow-crawl: /
      ACAP-permissions-reference: /searchbot.txt
      #^^^^^^^^^^^^^^^^^^^^^^^^^ error acap.misplaced-permissions-reference
    `);
  });
  test('near miss: right after two crawler lines and a comment (Part 1 §2.3.2 example)', () => {
    expectNo(lines('ACAP-crawler: searchbot', 'ACAP-crawler: otherbot', '# see', 'ACAP-permissions-reference: /searchbot.txt'), 'acap.misplaced-permissions-reference');
  });
});

suite('acap.invalid-permissions-reference', () => {
  test('Part 1 §3: (URI / relative-part), and RFC 3986 forbids a malformed %', () => {
    expectDiagnostics(`
      ACAP-crawler: searchbot
      ACAP-permissions-reference: /a%zz.txt
      #                           ^^^^^^^^^ error acap.invalid-permissions-reference
    `);
  });
  test('Part 1 §3 note: other uses of relative-part may not contain * or $', () => {
    expectDiagnostics(`
      ACAP-crawler: searchbot
      ACAP-permissions-reference: /perm*.txt
      #                           ^^^^^^^^^^ error acap.invalid-permissions-reference
    `);
  });
  test('Part 1 §2.3.2: "may not refer to another robots.txt file that itself contains a permission reference" — so not to itself', () => {
    const text = lines('ACAP-crawler: searchbot', 'ACAP-permissions-reference: /robots.txt');
    const ds = diagnostics(text).filter((d) => d.range.start.line === 1 && (d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning));
    assert.ok(ds.length > 0, `expected a warning or error for a circular reference, got:\n${listing(diagnostics(text))}`);
  });
  test('near miss: a path and a URI on another server (Part 1 §2.3.2)', () => {
    expectNo(lines('ACAP-crawler: a', 'ACAP-permissions-reference: /searchbot.txt', 'ACAP-crawler: b', 'ACAP-permissions-reference: http://other.example.com/acap.txt'), 'acap.invalid-permissions-reference');
  });
});

suite('acap.request-in-sub-record', () => {
  test('Part 1 §2.3: "A sub-record may not contain action request fields"', () => {
    const text = lines('ACAP-crawler: a', 'ACAP-usage-purpose: news', 'ACAP-allow-index: /', 'ACAP-request-take-down: /news/bad-story.htm');
    expectAt(text, '4:1 acap.request-in-sub-record');
  });
  test('near miss: the request among the general fields, before the sub-records (Part 1 §2.2)', () => {
    const text = lines('ACAP-crawler: a', 'ACAP-request-take-down: /news/bad-story.htm', 'ACAP-usage-purpose: news', 'ACAP-allow-index: /');
    expectNo(text, 'acap.request-in-sub-record');
  });
});

suite('acap.purpose-without-permission', () => {
  test('Part 1 §2.3: a usage purpose at the end of the file', () => {
    expectDiagnostics(`
      ACAP-crawler: a
      ACAP-allow-crawl: /
      ACAP-usage-purpose: news
      #^^^^^^^^^^^^^^^^^ error acap.purpose-without-permission
    `);
  });
  test('Part 1 §2.3: a usage purpose followed by the next record', () => {
    expectDiagnostics(`
      ACAP-crawler: a
      ACAP-allow-crawl: /
      ACAP-usage-purpose: news
      #^^^^^^^^^^^^^^^^^ error acap.purpose-without-permission
      ACAP-crawler: b
      ACAP-allow-crawl: /
    `);
  });
  test('near miss: two purposes then a permission (one sub-record)', () => {
    expectNo(lines('ACAP-crawler: a', 'ACAP-usage-purpose: news', 'ACAP-usage-purpose: http://news.search.*/*', 'ACAP-allow-index: /'), 'acap.purpose-without-permission');
  });
});

suite('acap.invalid-usage-purpose', () => {
  test('Part 1 §2.3.3: one purpose per line, not two words', () => {
    expectDiagnostics(`
      ACAP-crawler: a
      ACAP-usage-purpose: news shopping
      #                   ^^^^^^^^^^^^^ warning acap.invalid-usage-purpose
      ACAP-allow-index: /
    `);
  });
  test('Part 1 §3: neither a name (starts with a letter) nor a URI pattern', () => {
    expectDiagnostics(`
      ACAP-crawler: a
      ACAP-usage-purpose: 123
      #                   ^^^ warning acap.invalid-usage-purpose
      ACAP-allow-index: /
    `);
  });
  test('near miss: the spec\'s name and URI pattern examples (Part 1 §2.3.3)', () => {
    expectNo(lines('ACAP-crawler: a', 'ACAP-usage-purpose: news', 'ACAP-allow-index: /', 'ACAP-usage-purpose: http://news.search.*/*', 'ACAP-allow-index: /x/'), 'acap.invalid-usage-purpose');
  });
});

suite('acap.invalid-request-target', () => {
  test('Part 1 §2.6: the target "locates a single resource", so no wildcard', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-request-take-down: /news/*
      #                       ^^^^^^^ error acap.invalid-request-target
    `);
  });
  test('Part 1 §3: action-request-field takes a relative-part, not a resource set (and no fix makes it a path)', () => {
    const text = lines('ACAP-resource-set: x /a/', REC, 'ACAP-request-re-crawl: the-acap:resource-set:x');
    const d = expectAt(text, '3:24 acap.invalid-request-target');
    const replacement = (d.data as DiagnosticData | undefined)?.replacement;
    assert.ok(replacement === undefined || !replacement.includes('the-acap:'), `a fix that keeps the resource set URI is wrong: ${String(replacement)}`);
  });
  test('Part 1 §2.6: "relative to the server document root"; the fix adds /', () => {
    const text = lines(REC, 'ACAP-request-take-down: news/bad-story.htm');
    const d = expectAt(text, '2:25 acap.invalid-request-target');
    assert.equal(fixedLine(text, d), 'ACAP-request-take-down: /news/bad-story.htm');
  });
  test('near miss: the spec\'s example (Part 1 §2.6)', () => {
    expectNo(lines(REC, 'ACAP-request-take-down: /news/bad-story.htm'), 'acap.invalid-request-target');
  });
});
