/**
 * ACAP qualifiers: which usages they may qualify, their values, repeats, and where they may not
 * appear (Part 1 §2.4.1.2, §2.5, §2.7.1).
 *
 * Part of the diagnostics suites (one file per topic; test/unit/diagnostics/coverage.test.ts
 * checks that every code has a positive test). Each suite has at least one minimal robots.txt
 * that must produce the code and at least one near miss that must not. Cases come from the
 * specifications (docs/specifications.md); the test names cite the section.
 */
import * as assert from 'node:assert/strict';
import { lines, expectAt, expectNo, fixedLine, REC, CACHE, expectDiagnostics } from '../kit/diagnostics';

suite('acap.unknown-qualifier', () => {
  test('Part 1 §2.5: `expiry` is not a qualifier of ACAP 1.0', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-index: / expiry=3-days
      #                   ^^^^^^ error acap.unknown-qualifier
    `);
  });
  test('did you mean time-limit', () => {
    const text = lines(REC, 'ACAP-allow-index: / time-limt=3-days');
    const d = expectAt(text, '2:21 acap.unknown-qualifier');
    assert.equal(fixedLine(text, d), 'ACAP-allow-index: / time-limit=3-days');
  });
  test('near miss: time-limit (Part 1 §2.5.3.1)', () => {
    expectNo(lines(REC, 'ACAP-allow-index: / time-limit=3-days'), 'acap.unknown-qualifier');
  });
});

suite('acap.unknown-qualifier-1.1', () => {
  test('interpretation §3.7: an unknown qualifier in a file declaring 1.1 is a warning', () => {
    const text = lines('##ACAP version=1.1', REC, 'ACAP-allow-index: / expiry=3-days');
    expectAt(text, '3:21 acap.unknown-qualifier-1.1');
    expectNo(text, 'acap.unknown-qualifier');
  });
  test('near miss: the same line in a 1.0 file is the 1.0 error', () => {
    const text = lines('##ACAP version=1.0', REC, 'ACAP-allow-index: / expiry=3-days');
    expectNo(text, 'acap.unknown-qualifier-1.1');
    expectAt(text, '3:21 acap.unknown-qualifier');
  });
});

suite('acap.qualifier-not-valid-for-usage', () => {
  test('Part 1 §2.5.5.2.3: max-length only on present-snippet / present-oldsnippet, not present', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-present: / max-length=250-chars
      #                     ^^^^^^^^^^ error acap.qualifier-not-valid-for-usage
    `);
  });
  test('Part 1 §2.5.1: crawl has no qualifiers', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-crawl: / time-limit=3-days
      #                   ^^^^^^^^^^ error acap.qualifier-not-valid-for-usage
    `);
  });
  test('Part 1 §2.5.2: follow has no qualifiers', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-follow: / time-limit=3-days
      #                    ^^^^^^^^^^ error acap.qualifier-not-valid-for-usage
    `);
  });
  test('Part 1 §2.5.5.2.6: prohibited-context only on present-original/currentcopy/oldcopy', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-present-snippet: / prohibited-context=within-user-frame
      #                             ^^^^^^^^^^^^^^^^^^ error acap.qualifier-not-valid-for-usage
    `);
  });
  test('Part 1 §2.5.5.2.6: prohibited-context not on plain present either', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-present: / prohibited-context=within-user-frame
      #                     ^^^^^^^^^^^^^^^^^^ error acap.qualifier-not-valid-for-usage
    `);
  });
  test('Part 1 §2.5.5.2.7: required-context not on plain present either', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-present: / required-context=within-original-frame
      #                     ^^^^^^^^^^^^^^^^ error acap.qualifier-not-valid-for-usage
    `);
  });
  test('Part 1 §2.5.5.2.3: max-length not on present-thumbnail', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-present-thumbnail: / max-length=30-words
      #                               ^^^^^^^^^^ error acap.qualifier-not-valid-for-usage
    `);
  });
  test('Part 1 §2.5.6: other has no qualifiers', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-disallow-other: /x/
      ACAP-allow-index: /x/a/
      ACAP-allow-other: /y/ time-limit=3-days
      #                     ^^^^^^^^^^ error acap.qualifier-not-valid-for-usage
    `);
  });
  test('Part 1 §2.5.5.2.7: required-context not on present-thumbnail', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-present-thumbnail: / required-context=within-original-frame
      #                               ^^^^^^^^^^^^^^^^ error acap.qualifier-not-valid-for-usage
    `);
  });
  test('Part 1 §2.5.5.2.4: prohibited-modification not on present-snippet', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-present-snippet: / prohibited-modification=style
      #                             ^^^^^^^^^^^^^^^^^^^^^^^ error acap.qualifier-not-valid-for-usage
    `);
  });
  test('Part 1 §2.7.1: also in a qualified usage definition', () => {
    expectDiagnostics(`
      ACAP-qualified-usage: x present max-length=30-words
      #                               ^^^^^^^^^^ error acap.qualifier-not-valid-for-usage
      ACAP-crawler: *
      ACAP-allow-(x): /
    `);
  });
  test('near miss: every qualifier on a usage its section allows', () => {
    const text = lines(
      REC,
      'ACAP-allow-index: /a/ time-limit=until-recrawled',
      'ACAP-allow-preserve: /b/ time-limit=3-days',
      'ACAP-allow-present-snippet: /c/ time-limit=3-days max-length=250-chars',
      'ACAP-allow-present-oldsnippet: /d/ max-length=30-words',
      'ACAP-allow-present: /e/ prohibited-modification=annotation',
      'ACAP-allow-present-currentcopy: /f/ prohibited-modification=style prohibited-context=within-user-frame',
      'ACAP-allow-present-original: /g/ required-context=within-original-frame',
      'ACAP-allow-present-oldcopy: /h/ required-context=within-original-frame',
      'ACAP-allow-index: /articles/ must-use-resource=the-acap:extract:class:abstract',
      'ACAP-allow-present-thumbnail: /book/pages/ must-use-resource=/book/cover.jpg',
      'ACAP-allow-present: /i/ must-include-resource=the-acap:credit:id:credit',
    );
    expectNo(text, 'acap.qualifier-not-valid-for-usage');
  });
});

suite('acap.invalid-qualifier-value', () => {
  test('Part 1 §2.5.3.1: until-2008-02-30 is not a date', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-index: / time-limit=until-2008-02-30
      #                              ^^^^^^^^^^^^^^^^ error acap.invalid-qualifier-value
    `);
  });
  test('Part 1 §2.5.3.1: 2007 is not a leap year; 1900 neither', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-index: / time-limit=until-2007-02-29
      #                              ^^^^^^^^^^^^^^^^ error acap.invalid-qualifier-value
    `);
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-index: / time-limit=until-1900-02-29
      #                              ^^^^^^^^^^^^^^^^ error acap.invalid-qualifier-value
    `);
  });
  test('Part 1 §2.5.3.1: the date must be yyyy-mm-dd', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-index: / time-limit=until-2007-2-3
      #                              ^^^^^^^^^^^^^^ error acap.invalid-qualifier-value
    `);
  });
  test('Part 1 §2.4.1.2 vs §2.5.4.1: until-recrawl -> did you mean until-recrawled', () => {
    const text = lines(REC, 'ACAP-allow-preserve: /news/ time-limit=until-recrawl');
    const d = expectAt(text, '2:40 acap.invalid-qualifier-value');
    assert.equal(fixedLine(text, d), 'ACAP-allow-preserve: /news/ time-limit=until-recrawled');
  });
  test('Part 1 §2.5.3.1: `3-day` -> did you mean 3-days', () => {
    const text = lines(REC, 'ACAP-allow-index: / time-limit=3-day');
    const d = expectAt(text, '2:32 acap.invalid-qualifier-value');
    assert.equal(fixedLine(text, d), 'ACAP-allow-index: / time-limit=3-days');
  });
  test('Part 1 §2.5.5.2.3: `250chars` -> did you mean 250-chars', () => {
    const text = lines(REC, 'ACAP-allow-present-snippet: / max-length=250chars');
    const d = expectAt(text, '2:42 acap.invalid-qualifier-value');
    assert.equal(fixedLine(text, d), 'ACAP-allow-present-snippet: / max-length=250-chars');
  });
  test('Part 1 §2.5.3.1: n-days only, not weeks', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-index: / time-limit=3-weeks
      #                              ^^^^^^^ error acap.invalid-qualifier-value
    `);
  });
  test('Part 1 §2.5.5.2.3: n-chars or n-words', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-present-snippet: / max-length=250-characters
      #                                        ^^^^^^^^^^^^^^ error acap.invalid-qualifier-value
    `);
  });
  test('Part 1 §2.5.5.2.4: an unknown modification type', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-present: / prohibited-modification=colour
      #                                             ^^^^^^ error acap.invalid-qualifier-value
    `);
  });
  test('Part 1 §2.5.5.2.6: prohibited-context takes within-user-frame only', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-present-original: / prohibited-context=within-original-frame
      #                                                 ^^^^^^^^^^^^^^^^^^^^^ error acap.invalid-qualifier-value
    `);
  });
  test('Part 1 §2.5.3.2: the-acap:extract: takes id, class or meta', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-index: / must-use-resource=the-acap:extract:tag:h1
      #                                     ^^^^^^^^^^^^^^^^^^^^^^^ error acap.invalid-qualifier-value
    `);
  });
  test('Part 1 §3 value-char: quotation marks are excluded from values', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-index: / time-limit="3-days"
      #                              ^^^^^^^^ error acap.invalid-qualifier-value
    `);
  });
  test('near miss: valid dates (leap days of 2008 and 2000), days, until-recrawled, lengths', () => {
    const text = lines(
      REC,
      'ACAP-allow-index: /a/ time-limit=until-2008-02-29',
      'ACAP-allow-index: /b/ time-limit=until-2000-02-29',
      'ACAP-allow-index: /news/2007/ time-limit=until-2007-12-31',
      'ACAP-allow-preserve: / time-limit=100-days',
      'ACAP-allow-preserve: /c/ time-limit=until-recrawled',
      'ACAP-allow-present-snippet: /news/ max-length=250-chars',
      'ACAP-allow-present-oldsnippet: /news/ max-length=30-words',
      'ACAP-allow-present-currentcopy: /public/ prohibited-modification=format prohibited-modification=translation',
      'ACAP-allow-index: /articles/ must-use-resource=the-acap:extract:class:abstract',
      'ACAP-allow-index: /page-image.pdf must-use-resource=/page-image-index.txt',
    );
    expectNo(text, 'acap.invalid-qualifier-value');
  });
});

suite('acap.malformed-qualifier', () => {
  test('Part 1 §3 qualifier-specification: a qualifier without =value', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-index: / time-limit
      #                   ^^^^^^^^^^ error acap.malformed-qualifier
    `);
  });
  test('Part 1 §3: a second pattern where only qualifiers may follow', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-index: /a/ /b/
      #                     ^^^ error acap.malformed-qualifier
    `);
  });
  test('near miss: Part 1 §3 allows *WSP around "=" in qualifier-specification', () => {
    expectNo(lines(REC, 'ACAP-allow-index: / time-limit = 3-days'), 'acap.malformed-qualifier');
  });
  test('near miss: name=value', () => {
    expectNo(lines(REC, 'ACAP-allow-index: / time-limit=3-days'), 'acap.malformed-qualifier');
  });
});

suite('acap.duplicate-qualifier', () => {
  test('Part 1 §2.5.5.2: a qualifier may only occur once', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-index: / time-limit=3-days time-limit=5-days
      #                                     ^^^^^^^^^^^^^^^^^ error acap.duplicate-qualifier
    `);
  });
  test('Part 1 §2.5.5.2.4: prohibited-modification may not repeat when one of them is any', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-present: / prohibited-modification=any prohibited-modification=style
      #                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^ error acap.duplicate-qualifier
    `);
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-present: / prohibited-modification=style prohibited-modification=any
      #                                                   ^^^^^^^^^^^^^^^^^^^^^^^^^^^ error acap.duplicate-qualifier
    `);
  });
  test('near miss: Part 1 §2.5.5.2.4 example, prohibited-modification format + translation', () => {
    expectNo(lines(REC, 'ACAP-allow-present-currentcopy: /public/ prohibited-modification=format prohibited-modification=translation'), 'acap.duplicate-qualifier');
  });
});

suite('acap.qualifier-on-prohibition', () => {
  test('Part 1 §2.4.2: a prohibition "may not contain any qualifiers"', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-disallow-index: / time-limit=3-days
      #                      ^^^^^^^^^^^^^^^^^ error acap.qualifier-on-prohibition
    `);
  });
  test('near miss: the same qualifier on a permission', () => {
    expectNo(lines(REC, 'ACAP-allow-index: / time-limit=3-days'), 'acap.qualifier-on-prohibition');
  });
});

suite('acap.qualifier-on-local-usage', () => {
  test('Part 1 §2.4.1.3: "No explicit qualifiers may be included" for a local usage', () => {
    expectDiagnostics(`
      ACAP-qualified-usage: cache preserve time-limit=until-recrawled
      ACAP-crawler: *
      ACAP-allow-(cache): / time-limit=3-days
      #                     ^^^^^^^^^^^^^^^^^ error acap.qualifier-on-local-usage
    `);
  });
  test('near miss: the local usage alone', () => {
    expectNo(lines(CACHE, REC, 'ACAP-allow-(cache): /'), 'acap.qualifier-on-local-usage');
  });
});

suite('acap.local-usage-in-prohibition', () => {
  test('Part 1 §2.4.2: a prohibition may not refer to locally-defined usages', () => {
    expectDiagnostics(`
      ACAP-qualified-usage: cache preserve time-limit=until-recrawled
      ACAP-crawler: *
      ACAP-disallow-(cache): /
      #             ^^^^^^^ error acap.local-usage-in-prohibition
    `);
  });
  test('near miss: the local usage in a permission', () => {
    expectNo(lines(CACHE, REC, 'ACAP-allow-(cache): /'), 'acap.local-usage-in-prohibition');
  });
});

suite('acap.meta-only-qualifier', () => {
  test('Part 2 §2.2.9: location= belongs to META tags, not robots.txt', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-index: / location=http://example.com/a.html
      #                   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ error acap.meta-only-qualifier
    `);
  });
  test('near miss: a robots.txt qualifier', () => {
    expectNo(lines(REC, 'ACAP-allow-index: / time-limit=until-recrawled'), 'acap.meta-only-qualifier');
  });
});
