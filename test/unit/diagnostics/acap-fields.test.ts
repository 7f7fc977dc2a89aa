/**
 * ACAP field names, usage types, actions, resource specifications and patterns (Part 1 §2.3 - §2.8,
 * the ABNF of §3).
 *
 * Part of the diagnostics suites (one file per topic; test/unit/diagnostics/coverage.test.ts
 * checks that every code has a positive test). Each suite has at least one minimal robots.txt
 * that must produce the code and at least one near miss that must not. Cases come from the
 * specifications (docs/specifications.md); the test names cite the section.
 */
import * as assert from 'node:assert/strict';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { lines, diagnostics, listing, expectAt, expectNo, fixedLine, REC, CACHE, expectDiagnostics } from '../kit/diagnostics';

suite('acap.missing-colon', () => {
  test('Part 1 §3 (ABNF "ACAP-disallow-" usage ":"): the fix inserts the colon', () => {
    const text = lines(REC, 'ACAP-disallow-crawl /private/');
    const d = expectAt(text, '2:1 acap.missing-colon');
    assert.equal(fixedLine(text, d), 'ACAP-disallow-crawl: /private/');
  });
  test('Guide A.2.1: ACAP-crawler without a colon', () => {
    const text = lines('ACAP-crawler searchbot', 'ACAP-allow-crawl: /');
    const d = expectAt(text, '1:1 acap.missing-colon');
    assert.equal(fixedLine(text, d), 'ACAP-crawler: searchbot');
  });
  test('near miss: ACAP-ignore-conventional-records takes no colon (Part 1 §2.9.1)', () => {
    expectNo(lines('ACAP-ignore-conventional-records', REC, 'ACAP-disallow-crawl: /private/'), 'acap.missing-colon');
  });
});

suite('acap.space-for-hyphen', () => {
  test('Guide A.2.1: `ACAP-allow preserve:` -> ACAP-allow-preserve', () => {
    const text = lines(REC, 'ACAP-allow preserve: / time-limit=100-days');
    const d = expectAt(text, '2:1 acap.space-for-hyphen');
    assert.equal(fixedLine(text, d), 'ACAP-allow-preserve: / time-limit=100-days');
  });
  test('Guide A.2.1: `ACAP-allow present-snippet:` -> ACAP-allow-present-snippet', () => {
    const text = lines(REC, 'ACAP-allow present-snippet: /sport/ max-length=150-chars');
    const d = expectAt(text, '2:1 acap.space-for-hyphen');
    assert.equal(fixedLine(text, d), 'ACAP-allow-present-snippet: /sport/ max-length=150-chars');
  });
  test('near miss: the hyphenated field', () => {
    expectNo(lines(REC, 'ACAP-allow-preserve: / time-limit=100-days'), 'acap.space-for-hyphen');
  });
});

suite('syntax.dash-lookalike', () => {
  test('RFC 9309 §2.2: en dashes in an ACAP field name; the fix uses hyphens', () => {
    const text = lines(REC, 'ACAP\u2013allow\u2013crawl: /');
    const d = expectAt(text, '2:1 syntax.dash-lookalike');
    assert.equal(fixedLine(text, d), 'ACAP-allow-crawl: /');
  });
  test('a Unicode hyphen in User-agent', () => {
    const text = lines('User\u2010agent: *', 'Disallow: /');
    const d = expectAt(text, '1:1 syntax.dash-lookalike');
    assert.equal(fixedLine(text, d), 'User-agent: *');
  });
  test('near miss: ASCII hyphens; a dash inside a value is not a field name', () => {
    expectNo(lines('User-agent: *', 'Disallow: /a\u2013b/', '', REC, 'ACAP-allow-crawl: /'), 'syntax.dash-lookalike');
  });
});

suite('acap.unknown-field', () => {
  test('Part 1 §3: an ACAP- field that the ABNF does not define', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-frobnicate: yes
      #^^^^^^^^^^^^^^ warning acap.unknown-field
    `);
  });
  test('near miss: every field Part 1 defines', () => {
    const text = lines(
      '##ACAP version=1.0',
      'ACAP-ignore-conventional-records',
      'ACAP-resource-set: pages /a/ /b/',
      'ACAP-qualified-usage: cache preserve time-limit=until-recrawled',
      'ACAP-composite-usage: basic crawl index',
      'ACAP-crawler: a',
      'ACAP-permissions-reference: /a.txt',
      'ACAP-crawler: b',
      'ACAP-allow-(basic): the-acap:resource-set:pages',
      'ACAP-disallow-follow: /',
      'ACAP-usage-purpose: news',
      'ACAP-allow-(cache): /a/',
    );
    expectNo(text, 'acap.unknown-field');
  });
});

// ---------------------------------------------------------------------------------------------
// usages and actions

suite('acap.unknown-usage', () => {
  test('Guide A.2: `present-links` -> did you mean present-link (Part 1 §2.5)', () => {
    const text = lines(REC, 'ACAP-allow-present-links: /');
    const d = expectAt(text, '2:12 acap.unknown-usage');
    assert.equal(fixedLine(text, d), 'ACAP-allow-present-link: /');
  });
  test('Part 1 §2.7.2: also in a composite definition, with the same did-you-mean', () => {
    const text = lines('ACAP-composite-usage: x crawl present-links', REC, 'ACAP-allow-(x): /');
    const d = expectAt(text, '1:31 acap.unknown-usage');
    assert.equal(fixedLine(text, d), 'ACAP-composite-usage: x crawl present-link');
  });
  test('Part 1 §2.7.1: also in a qualified usage definition', () => {
    expectDiagnostics(`
      ACAP-qualified-usage: x archive time-limit=3-days
      #                       ^^^^^^^ error acap.unknown-usage
      ACAP-crawler: *
      ACAP-allow-(x): /
    `);
  });
  test('Part 1 §2.4.1.3: "The parentheses are required" around a local usage -> did you mean (cache)', () => {
    const text = lines(CACHE, REC, 'ACAP-allow-cache: /');
    const d = expectAt(text, '3:12 acap.unknown-usage');
    assert.equal(fixedLine(text, d), 'ACAP-allow-(cache): /');
  });
  test('Part 1 §2.5: `archive` is not a usage type', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-disallow-archive: /
      #             ^^^^^^^ error acap.unknown-usage
    `);
  });
  test('near miss: present-link is a usage; names are case-insensitive (Part 1 §3 note)', () => {
    expectNo(lines(REC, 'ACAP-allow-present-link: /'), 'acap.unknown-usage');
    expectNo(lines(REC, 'ACAP-allow-INDEX: /', 'ACAP-Disallow-Present-Snippet: /x/'), 'acap.unknown-usage');
  });
});

suite('acap.invalid-usage-combination', () => {
  test('Part 1 §3 note: a used resource type is valid only after present', () => {
    const text = lines(REC, 'ACAP-disallow-index-snippet: /');
    const d = expectAt(text, '2:15 acap.invalid-usage-combination');
    assert.equal(fixedLine(text, d), 'ACAP-disallow-present-snippet: /');
  });
  test('near miss: present-snippet', () => {
    expectNo(lines(REC, 'ACAP-allow-present-snippet: /'), 'acap.invalid-usage-combination');
  });
});

suite('acap.missing-usage', () => {
  test('Part 1 §2.4: ACAP-allow- with no usage', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-: /
      #^^^^^^^^^^ error acap.missing-usage
    `);
  });
  test('ACAP-disallow- with no usage', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-disallow-: /
      #^^^^^^^^^^^^^ error acap.missing-usage
    `);
  });
  test('near miss: a usage after the prefix', () => {
    expectNo(lines(REC, 'ACAP-allow-crawl: /'), 'acap.missing-usage');
  });
});

suite('acap.unknown-action', () => {
  test('Part 1 §3: action-name = "take-down" / "re-crawl"', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-request-delete: /a.htm
      #            ^^^^^^ error acap.unknown-action
    `);
  });
  test('did you mean take-down', () => {
    const text = lines(REC, 'ACAP-request-takedown: /a.htm');
    const d = expectAt(text, '2:14 acap.unknown-action');
    assert.equal(fixedLine(text, d), 'ACAP-request-take-down: /a.htm');
  });
  test('near miss: take-down and re-crawl (Part 1 §2.6.1, §2.6.2)', () => {
    expectNo(lines(REC, 'ACAP-request-take-down: /news/bad-story.htm', 'ACAP-request-re-crawl: /news/good-story.htm'), 'acap.unknown-action');
  });
});

// ---------------------------------------------------------------------------------------------
// resource specifications and patterns

suite('acap.missing-resource', () => {
  test('Part 1 §2.4.3: a permission with no resource specification', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-crawl:
      #               ^ error acap.missing-resource
    `);
  });
  test('a prohibition with only a comment after the colon', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-disallow-index:   # nothing
      #                  ^ error acap.missing-resource
    `);
  });
  test('near miss: a resource path pattern', () => {
    expectNo(lines(REC, 'ACAP-allow-crawl: /', 'ACAP-disallow-index: /private/ # comment'), 'acap.missing-resource');
  });
});

suite('acap.invalid-pattern', () => {
  test('Part 1 §3: resource-path-pattern = relative-part, so an absolute URI is not one: an error', () => {
    // `http:` cannot start a path-noscheme (RFC 3986 §4.2), so the line does not parse as ACAP.
    const text = lines(REC, 'ACAP-allow-crawl: http://example.com/');
    const ds = diagnostics(text).filter((d) => d.range.start.line === 1 && d.range.start.character === 18);
    assert.ok(ds.some((d) => d.severity === DiagnosticSeverity.Error), `expected an error at 2:19, got:\n${listing(ds)}`);
  });
  test('an absolute URI as a pattern: the fix keeps its path', () => {
    const text = lines(REC, 'ACAP-allow-crawl: http://example.com/news/');
    const d = diagnostics(text).find((x) => x.range.start.line === 1 && x.range.start.character === 18);
    assert.ok(d, 'a diagnostic at 2:19');
    assert.equal(fixedLine(text, d), 'ACAP-allow-crawl: /news/');
  });
  test('RFC 3986 (via Part 1 §3): a malformed percent-encoding', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-crawl: /a%zz
      #                 ^^^^^ error acap.invalid-pattern
    `);
  });
  test('in a resource set definition (Part 1 §2.7.3)', () => {
    expectDiagnostics(`
      ACAP-resource-set: bad /a%zz
      #                      ^^^^^ error acap.invalid-pattern
      ACAP-crawler: *
      ACAP-allow-crawl: the-acap:resource-set:bad
    `);
  });
  test('near miss: percent-encoding, * and $ (Part 1 §2.8), and the spec\'s examples', () => {
    const text = lines('ACAP-resource-set: images *.gif *.jpg *.png', REC, 'ACAP-allow-crawl: /a%20b/', 'ACAP-allow-index: /*.pdf$', 'ACAP-allow-present: /special/*.htm', 'ACAP-disallow-index: the-acap:resource-set:images');
    expectNo(text, 'acap.invalid-pattern');
  });
});

suite('acap.pattern-not-absolute', () => {
  test('Part 1 §2.4.3: a pattern relative to neither the root nor *; the fix adds /', () => {
    const text = lines(REC, 'ACAP-allow-crawl: public/');
    const d = expectAt(text, '2:19 acap.pattern-not-absolute');
    assert.equal(fixedLine(text, d), 'ACAP-allow-crawl: /public/');
  });
  test('near miss: patterns starting with * (Part 1 §2.7.3 `images *.gif`) or /', () => {
    expectNo(lines('ACAP-resource-set: images *.gif *.jpg *.png', REC, 'ACAP-allow-crawl: /public/', 'ACAP-disallow-index: the-acap:resource-set:images'), 'acap.pattern-not-absolute');
  });
});

suite('acap.dollar-not-last', () => {
  test('Part 1 §2.8: $ "may only occur as the last character in the pattern"', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-crawl: /a$b
      #                   ^ error acap.dollar-not-last
    `);
  });
  test('Part 1 §2.8: also inside a resource set pattern', () => {
    expectDiagnostics(`
      ACAP-resource-set: x /a$/b
      #                      ^ error acap.dollar-not-last
      ACAP-crawler: *
      ACAP-allow-crawl: the-acap:resource-set:x
    `);
  });
  test('Part 1 §2.8: "* and $ have the same meaning when they occur in usage purpose patterns"', () => {
    expectDiagnostics(`
      ACAP-crawler: a
      ACAP-usage-purpose: news$x
      #                       ^ error acap.dollar-not-last
      ACAP-allow-index: /
    `);
  });
  test('near miss: $ last', () => {
    expectNo(lines(REC, 'ACAP-allow-crawl: /*.pdf$'), 'acap.dollar-not-last');
  });
});

suite('acap.directory-without-slash', () => {
  test('Part 1 changes 1.2 / §2.8: a directory pattern without its trailing slash; the fix adds it', () => {
    const text = lines(REC, 'ACAP-allow-crawl: /news');
    const d = expectAt(text, '2:19 acap.directory-without-slash');
    assert.equal(fixedLine(text, d), 'ACAP-allow-crawl: /news/');
  });
  test('near miss: /news/, a file, the root, a wildcard', () => {
    expectNo(lines(REC, 'ACAP-allow-crawl: /news/', 'ACAP-allow-index: /index.html', 'ACAP-allow-follow: /', 'ACAP-allow-present: /news*'), 'acap.directory-without-slash');
  });
});
