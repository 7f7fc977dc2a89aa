/**
 * The file as a whole: ACAP records beside conventional groups (Part 1 §2.9), the version comment,
 * contradictory and duplicate fields, ACAP-disallow-other, features not ready or by prior
 * arrangement (Part 1 §1.1).
 *
 * Part of the diagnostics suites (one file per topic; test/unit/diagnostics/coverage.test.ts
 * checks that every code has a positive test). Each suite has at least one minimal robots.txt
 * that must produce the code and at least one near miss that must not. Cases come from the
 * specifications (docs/specifications.md); the test names cite the section.
 */
import * as assert from 'node:assert/strict';
import { lines, expectAt, expectNo, REC, expectDiagnostics, fixedLine, diagnostics } from '../kit/diagnostics';

suite('acap.ignore-conventional-misplaced', () => {
  test('Part 1 §2.9.1: "placed before any ACAP definition fields"', () => {
    const text = lines('ACAP-resource-set: x /a/', 'ACAP-ignore-conventional-records', REC, 'ACAP-allow-crawl: the-acap:resource-set:x');
    expectAt(text, '2:1 acap.ignore-conventional-misplaced');
  });
  test('Part 1 §3 ACAP-extensions: not after the ACAP records', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-crawl: /
      ACAP-ignore-conventional-records
      #^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning acap.ignore-conventional-misplaced
    `);
  });
  test('near miss: Part 1 §3 ACAP-extensions — first thing after the version comment', () => {
    expectNo(lines('##ACAP version=1.0', 'ACAP-ignore-conventional-records', 'User-agent: *', 'Disallow: /', '', 'ACAP-resource-set: x /a/', REC, 'ACAP-allow-crawl: /'), 'acap.ignore-conventional-misplaced');
  });
  test('near miss: Guide A.2.1 placement, after the conventional records and before the ACAP ones', () => {
    const text = lines('User-agent: *', 'Disallow: /', '', 'ACAP-ignore-conventional-records', 'ACAP-resource-set: x /a/', REC, 'ACAP-allow-crawl: /');
    expectNo(text, 'acap.ignore-conventional-misplaced');
  });
});

suite('acap.ignore-conventional-value', () => {
  test('Part 1 §3: the field is the bare name followed by field-end', () => {
    expectDiagnostics(`
      ACAP-ignore-conventional-records: yes
      #                               ^^^^^ warning acap.ignore-conventional-value
      ACAP-crawler: *
      ACAP-allow-crawl: /
    `);
  });
  test('near miss: the bare name, with a trailing comment', () => {
    expectNo(lines('ACAP-ignore-conventional-records # ACAP crawlers: ignore User-agent groups', REC, 'ACAP-allow-crawl: /'), 'acap.ignore-conventional-value');
  });
});

suite('acap.version-misplaced', () => {
  test('Part 1 §2.9.3: the comment belongs at the start, not after records', () => {
    expectDiagnostics(`
      User-agent: *
      Disallow:
      ##ACAP version=1.0
      #^^^^^^^^^^^^^^^^^ warning acap.version-misplaced
      ACAP-crawler: *
      ACAP-allow-crawl: /
    `);
  });
  test('Part 1 §2.9.3: "precede any other comment"', () => {
    expectDiagnostics(`
      # my robots.txt
      ##ACAP version=1.0
      #^^^^^^^^^^^^^^^^^ warning acap.version-misplaced
      ACAP-crawler: *
      ACAP-allow-crawl: /
    `);
  });
  test('near miss: the first line, also after a BOM', () => {
    expectNo(lines('##ACAP version=1.0', '# Legacy robots.txt content...', REC, 'ACAP-allow-crawl: /'), 'acap.version-misplaced');
    expectNo(lines('\uFEFF##ACAP version=1.0', REC, 'ACAP-allow-crawl: /'), 'acap.version-misplaced');
  });
});

suite('acap.version-unknown', () => {
  test('Part 1 §2.9.3: a version other than 1.0 / 1.1', () => {
    expectDiagnostics(`
      ##ACAP version=2.0
      #              ^^^ warning acap.version-unknown
      ACAP-crawler: *
      ACAP-allow-crawl: /
    `);
  });
  test('Guide A.2.1: the pilot version 0.2', () => {
    expectDiagnostics(`
      ##ACAP version=0.2 #pilot version
      #              ^^^ warning acap.version-unknown
      ACAP-crawler: *
      ACAP-allow-crawl: /
    `);
  });
  test('near miss: 1.0 and 1.1', () => {
    expectNo(lines('##ACAP version=1.0', REC, 'ACAP-allow-crawl: /'), 'acap.version-unknown');
    expectNo(lines('##ACAP version=1.1', REC, 'ACAP-allow-crawl: /'), 'acap.version-unknown');
  });
});

suite('acap.version-malformed', () => {
  test('Part 1 §2.9.3: no = between version and number', () => {
    expectDiagnostics(`
      ##ACAP version 1.0
      #^^^^^^^^^^^^^^^^^ warning acap.version-malformed
      ACAP-crawler: *
      ACAP-allow-crawl: /
    `);
  });
  test('Part 1 §2.9.3: a space after ##', () => {
    expectDiagnostics(`
      ## ACAP version=1.0
      #^^^^^^^^^^^^^^^^^^ warning acap.version-malformed
      ACAP-crawler: *
      ACAP-allow-crawl: /
    `);
  });
  test('near miss: the exact form, and ordinary comments that mention ACAP (Part 1 §2.1)', () => {
    expectNo(lines('##ACAP version=1.0', '# ACAP local definitions', '# ACAP instructions for all crawlers', REC, 'ACAP-allow-crawl: /'), 'acap.version-malformed');
  });
});

suite('acap.version-missing', () => {
  test('Part 1 §2.9.3: ACAP records and no version comment', () => {
    expectDiagnostics(`
      User-agent: *
      Disallow: /

      ACAP-crawler: *
      #^^^^^^^^^^^ hint acap.version-missing
      ACAP-allow-crawl: /
    `);
  });
  test('near miss: a conventional-only file needs no ACAP comment; an ACAP file with one', () => {
    expectNo(lines('User-agent: *', 'Disallow: /'), 'acap.version-missing');
    expectNo(lines('##ACAP version=1.0', REC, 'ACAP-allow-crawl: /'), 'acap.version-missing');
  });
});

suite('acap.version-duplicate', () => {
  test('Part 1 §2.9.3: two version comments', () => {
    expectDiagnostics(`
      ##ACAP version=1.0
      ##ACAP version=1.0
      #^^^^^^^^^^^^^^^^^ warning acap.version-duplicate
      ACAP-crawler: *
      ACAP-allow-crawl: /
    `);
  });
  test('near miss: one', () => {
    expectNo(lines('##ACAP version=1.0', '# ##ACAP version=1.0 is the comment above', REC, 'ACAP-allow-crawl: /'), 'acap.version-duplicate');
  });
});

suite('acap.conventional-after-acap', () => {
  test('Part 1 §2.9.2: "strongly recommended that all ACAP records be placed at the end"', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-crawl: /

      User-agent: *
      #^^^^^^^^^ warning acap.conventional-after-acap
      Disallow: /
    `);
  });
  test('near miss: the conventional group first (Part 1 §2.1 example layout)', () => {
    expectNo(lines('User-agent: *', 'Disallow: /', '', REC, 'ACAP-allow-crawl: /'), 'acap.conventional-after-acap');
  });
});

suite('acap.star-pattern-never-wins', () => {
  test('Part 1 §2.4.5: *.html$ never beats an opposite / (interpretation §3.3), fixed by /*.html$', () => {
    const d = expectAt(lines(REC, 'ACAP-disallow-crawl: /', 'ACAP-allow-crawl: *.html$'), '3:19 acap.star-pattern-never-wins');
    assert.equal(fixedLine(lines(REC, 'ACAP-disallow-crawl: /', 'ACAP-allow-crawl: *.html$'), d), 'ACAP-allow-crawl: /*.html$');
  });
});

suite('acap.dollar-never-wins', () => {
  test('Part 1 §2.4.5: /page$ never beats an opposite /page*', () => {
    expectAt(lines(REC, 'ACAP-allow-crawl: /page$', 'ACAP-disallow-crawl: /page*'), '2:19 acap.dollar-never-wins');
  });
});

suite('acap.never-wins-unchecked', () => {
  test('opposite wildcards too many to compare within the limit: the first pattern left unchecked says how many were', () => {
    // Each `*zzzzzzz<i>` reads `/xzzzzzzz<i>`, which holds every `/*<j>*zzzzzzz`'s longest literal
    // and matches none; the bounds test (boundsNeverWins.test.ts) checks where the check stops.
    const n = 2_000;
    const text = lines(REC, ...Array.from({ length: n }, (_, i) => `ACAP-allow-crawl: *zzzzzzz${i}\nACAP-disallow-crawl: /*${i}*zzzzzzz`));
    const at = diagnostics(text).find((d) => d.code === 'acap.never-wins-unchecked');
    assert.ok(at);
    const d = expectAt(text, `${at.range.start.line + 1}:19 acap.never-wins-unchecked`);
    assert.match(d.message, /more starting with ‘\*’ were not checked against the opposite fields/);
    expectNo(lines(REC, 'ACAP-disallow-crawl: /*1*zzz', 'ACAP-allow-crawl: *zzz1'), 'acap.never-wins-unchecked');
  });
});

suite('acap.disallow-other-blocks-site', () => {
  test('interpretation §3.10: ACAP-disallow-other: / with no crawl field closes the whole site', () => {
    expectAt(lines(REC, 'ACAP-allow-index: /', 'ACAP-disallow-other: /'), '3:22 acap.disallow-other-blocks-site');
    expectNo(lines(REC, 'ACAP-allow-crawl: /', 'ACAP-disallow-other: /'), 'acap.disallow-other-blocks-site');
  });
});

suite('acap.contradictory-fields', () => {
  test('Part 1 §2.4.5: allow and disallow of one usage and one pattern in one record', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-index: /a/
      ACAP-disallow-index: /a/
      #^^^^^^^^^^^^^^^^^^ warning acap.contradictory-fields
    `);
  });
  test('Part 1 §2.8: patterns are case-insensitive, so /News/ and /news/ are one pattern', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-index: /News/
      ACAP-disallow-index: /news/
      #^^^^^^^^^^^^^^^^^^ warning acap.contradictory-fields
    `);
  });
  test('Part 1 §2.3.3: within one usage-purpose sub-record, beside a general section of one field', () => {
    expectDiagnostics(`
      ACAP-crawler: b
      ACAP-allow-crawl: /
      ACAP-usage-purpose: news
      ACAP-allow-index: /a/
      ACAP-disallow-index: /a/
      #^^^^^^^^^^^^^^^^^^ warning acap.contradictory-fields
    `);
  });
  test('near miss: a narrower pattern, another usage, another record, another purpose', () => {
    expectNo(lines(REC, 'ACAP-allow-index: /a/', 'ACAP-disallow-index: /a/b/', 'ACAP-disallow-follow: /a/'), 'acap.contradictory-fields');
    expectNo(lines(REC, 'ACAP-allow-index: /a/', 'ACAP-crawler: b', 'ACAP-disallow-index: /a/'), 'acap.contradictory-fields');
    expectNo(lines(REC, 'ACAP-allow-index: /a/', 'ACAP-usage-purpose: news', 'ACAP-disallow-index: /a/'), 'acap.contradictory-fields');
  });
});

suite('acap.duplicate-field', () => {
  test('Part 1 §2.4: the same field twice in one record', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-crawl: /a/
      ACAP-allow-crawl: /a/
      #^^^^^^^^^^^^^^^ hint acap.duplicate-field
    `);
  });
  test('Part 1 §2.8: ACAP patterns are case-insensitive, so /A/ and /a/ are the same field', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-crawl: /A/
      ACAP-allow-crawl: /a/
      #^^^^^^^^^^^^^^^ hint acap.duplicate-field
    `);
  });
  test('near miss: the same field in two records and in two sub-records', () => {
    expectNo(lines('ACAP-crawler: a', 'ACAP-allow-crawl: /a/', 'ACAP-crawler: b', 'ACAP-allow-crawl: /a/'), 'acap.duplicate-field');
    expectNo(lines(REC, 'ACAP-usage-purpose: news', 'ACAP-allow-index: /a/', 'ACAP-usage-purpose: shopping', 'ACAP-allow-index: /a/'), 'acap.duplicate-field');
  });
});

suite('acap.allow-other', () => {
  test('Part 1 §2.5.6 note: no known use for permitting other', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-other: /
      #          ^^^^^ information acap.allow-other
    `);
  });
  test('near miss: ACAP-disallow-other (Part 1 §2.5.6 example)', () => {
    expectNo(lines(REC, 'ACAP-disallow-other: /public/'), 'acap.allow-other');
  });
});

suite('acap.not-ready', () => {
  test('Part 1 §2.6: action requests are not ready', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-request-take-down: /news/bad-story.htm
      #^^^^^^^^^^^^^^^^^^^^^ information acap.not-ready
    `);
  });
  test('Part 1 §2.5.5.2.2: must-use-resource on present usages is not ready', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-present-thumbnail: /book/pages/ must-use-resource=/book/cover.jpg
      #                                          ^^^^^^^^^^^^^^^^^ information acap.not-ready
    `);
  });
  test('Part 1 §2.5.5.2.5: must-include-resource is not ready', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-present: /a/ must-include-resource=the-acap:credit:id:credit
      #                       ^^^^^^^^^^^^^^^^^^^^^ information acap.not-ready
    `);
  });
  test('interpretation §3.7: present-link is listed with the red spots', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-present-link: /
      #          ^^^^^^^^^^^^ information acap.not-ready
    `);
  });
  test('near miss: ready features', () => {
    expectNo(lines(REC, 'ACAP-allow-present-snippet: /news/ max-length=250-chars', 'ACAP-allow-index: /a/ time-limit=3-days'), 'acap.not-ready');
  });
});

suite('acap.prior-arrangement', () => {
  test('Part 1 §2.5.3.2: must-use-resource on index only by prior arrangement', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-index: /page-image.pdf must-use-resource=/page-image-index.txt
      #                                 ^^^^^^^^^^^^^^^^^ information acap.prior-arrangement
    `);
  });
  test('near miss: time-limit on index', () => {
    expectNo(lines(REC, 'ACAP-allow-index: /a/ time-limit=3-days'), 'acap.prior-arrangement');
  });
});
