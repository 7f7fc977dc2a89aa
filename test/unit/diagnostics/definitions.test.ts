/**
 * ACAP definitions: resource sets, qualified and composite usages — undefined, duplicate, misplaced
 * and malformed (Part 1 §2.4.4, §2.7).
 *
 * Part of the diagnostics suites (one file per topic; test/unit/diagnostics/coverage.test.ts
 * checks that every code has a positive test). Each suite has at least one minimal robots.txt
 * that must produce the code and at least one near miss that must not. Cases come from the
 * specifications (docs/specifications.md); the test names cite the section.
 */
import { lines, expectAt, expectNo, REC, CACHE, expectDiagnostics } from '../kit/diagnostics';

suite('acap.undefined-resource-set', () => {
  test('Part 1 §2.4.4: a resource set that is not defined', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-crawl: the-acap:resource-set:nothing
      #                                       ^^^^^^^ error acap.undefined-resource-set
    `);
  });
  test('near miss: defined, referred to in another case (Part 1 §3: names are case-insensitive)', () => {
    expectNo(lines('ACAP-resource-set: Crawlable /public/ /news/', REC, 'ACAP-allow-crawl: the-acap:resource-set:CRAWLABLE'), 'acap.undefined-resource-set');
  });
});

suite('acap.undefined-local-usage', () => {
  test('Part 1 §2.4.1.3: a local usage that is not defined', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-(cache): /
      #           ^^^^^ error acap.undefined-local-usage
    `);
  });
  test('Part 1 §2.7.2: a composite naming an undefined qualified usage', () => {
    expectDiagnostics(`
      ACAP-composite-usage: both crawl (nothing)
      #                                 ^^^^^^^ error acap.undefined-local-usage
      ACAP-crawler: *
      ACAP-allow-(both): /
    `);
  });
  test('near miss: defined, used in another case (Part 1 §3 note)', () => {
    expectNo(lines('ACAP-qualified-usage: Cache preserve time-limit=until-recrawled', REC, 'ACAP-allow-(CACHE): /'), 'acap.undefined-local-usage');
  });
});

suite('acap.duplicate-definition', () => {
  test('Part 1 §3 notes: qualified and composite usages share one case-insensitive namespace', () => {
    expectDiagnostics(`
      ACAP-qualified-usage: cache preserve time-limit=until-recrawled
      ACAP-composite-usage: CACHE crawl index
      #                     ^^^^^ error acap.duplicate-definition
      ACAP-crawler: *
      ACAP-allow-(cache): /
    `);
  });
  test('a resource set defined twice', () => {
    expectDiagnostics(`
      ACAP-resource-set: pages /a/
      ACAP-resource-set: Pages /b/
      #                  ^^^^^ error acap.duplicate-definition
      ACAP-crawler: *
      ACAP-allow-crawl: the-acap:resource-set:pages
    `);
  });
  test('near miss: a resource set and a usage may share a name (different kinds of reference)', () => {
    expectNo(lines('ACAP-resource-set: cache /a/', CACHE, REC, 'ACAP-allow-(cache): the-acap:resource-set:cache'), 'acap.duplicate-definition');
  });
});

suite('acap.definition-after-record', () => {
  test('Part 1 §2.2, §2.7: "All ACAP definition fields must be placed before any ACAP records"', () => {
    expectDiagnostics(`
      ACAP-crawler: *
      ACAP-allow-crawl: /
      ACAP-resource-set: x /a/
      #^^^^^^^^^^^^^^^^ error acap.definition-after-record
    `);
  });
  test('near miss: definitions first; conventional records before definitions are fine', () => {
    expectNo(lines('User-agent: *', 'Disallow: /', '', 'ACAP-resource-set: x /a/', CACHE, REC, 'ACAP-allow-crawl: the-acap:resource-set:x'), 'acap.definition-after-record');
  });
});

suite('acap.definition-order', () => {
  test('Part 1 §2.7: a definition must follow the qualified usage it relies on', () => {
    const text = lines('ACAP-composite-usage: both crawl (cache)', CACHE, REC, 'ACAP-allow-(both): /');
    expectAt(text, '1:34 acap.definition-order');
  });
  test('near miss: qualified usage first; resource set order is immaterial (Part 1 §2.7)', () => {
    expectNo(lines(CACHE, 'ACAP-composite-usage: both crawl (cache)', REC, 'ACAP-allow-(both): /'), 'acap.definition-order');
    expectNo(lines(CACHE, 'ACAP-resource-set: x /a/', REC, 'ACAP-allow-(cache): the-acap:resource-set:x'), 'acap.definition-order');
  });
});

suite('acap.invalid-definition', () => {
  test('Part 1 §3: a qualified usage needs 1*qualifier', () => {
    expectDiagnostics(`
      ACAP-qualified-usage: cache preserve
      #                           ^^^^^^^^ error acap.invalid-definition
      ACAP-crawler: *
      ACAP-allow-(cache): /
    `);
  });
  test('Part 1 §3: a resource set needs 1*pattern', () => {
    expectDiagnostics(`
      ACAP-resource-set: images
      #                  ^^^^^^ error acap.invalid-definition
      ACAP-crawler: *
      ACAP-allow-crawl: /
    `);
  });
  test('Part 1 §2.7.1: a qualified usage is built on a standard usage, not a local one', () => {
    expectDiagnostics(`
      ACAP-qualified-usage: cache preserve time-limit=until-recrawled
      ACAP-qualified-usage: x (cache) time-limit=3-days
      #                       ^^^^^^^ error acap.invalid-definition
      ACAP-crawler: *
      ACAP-allow-(x): /
    `);
  });
  test('Part 1 §3: a composite usage needs 1*usage', () => {
    expectDiagnostics(`
      ACAP-composite-usage: lonely
      #                     ^^^^^^ error acap.invalid-definition
      ACAP-crawler: *
      ACAP-allow-crawl: /
    `);
  });
  test('near miss: the spec\'s own definitions (Part 1 §2.1, §2.7.1-3)', () => {
    const text = lines(
      'ACAP-resource-set: crawlable /public/ /promotion/ /news/',
      'ACAP-qualified-usage: cache preserve time-limit=until-recrawled',
      'ACAP-composite-usage: basic-usages crawl index present',
      'ACAP-qualified-usage: my-present-snippet present-snippet time-limit=5-days max-length=250-chars',
      'ACAP-composite-usage: my-default-present (my-present-snippet) present-thumbnail',
      REC,
      'ACAP-allow-(basic-usages): the-acap:resource-set:crawlable',
    );
    expectNo(text, 'acap.invalid-definition');
  });
});

suite('acap.invalid-name', () => {
  test('Part 1 §3: name-start-char = ALPHA', () => {
    expectDiagnostics(`
      ACAP-resource-set: 1images /a/
      #                  ^^^^^^^ error acap.invalid-name
      ACAP-crawler: *
      ACAP-allow-crawl: /
    `);
  });
  test('Part 1 §3: name-char is ALPHA / DIGIT / - / _ / .', () => {
    expectDiagnostics(`
      ACAP-qualified-usage: my+cache preserve time-limit=3-days
      #                     ^^^^^^^^ error acap.invalid-name
      ACAP-crawler: *
      ACAP-allow-crawl: /
    `);
  });
  test('near miss: letters, digits, - _ .', () => {
    expectNo(lines('ACAP-qualified-usage: my_cache.v2-x preserve time-limit=3-days', REC, 'ACAP-allow-(my_cache.v2-x): /'), 'acap.invalid-name');
  });
});

suite('acap.composite-member-not-qualified', () => {
  test('Part 1 §3 note / §2.7.2: a composite may contain qualified usages, not composites', () => {
    const text = lines('ACAP-composite-usage: basic crawl index', 'ACAP-composite-usage: more (basic) present', REC, 'ACAP-allow-(more): /');
    expectAt(text, '2:28 acap.composite-member-not-qualified');
  });
  test('near miss: a qualified member', () => {
    expectNo(lines(CACHE, 'ACAP-composite-usage: more (cache) present', REC, 'ACAP-allow-(more): /'), 'acap.composite-member-not-qualified');
  });
});
