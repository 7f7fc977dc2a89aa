/**
 * rep.* — conventional robots.txt: groups and rules (RFC 9309), the vendor lines (Sitemap,
 * Crawl-delay, Host, Clean-param, Noindex, Content-Usage, Content-Signal, License) and the 1996
 * robots.txt 2.0.0 fields.
 *
 * Part of the diagnostics suites (one file per topic; test/unit/diagnostics/coverage.test.ts
 * checks that every code has a positive test). Each suite has at least one minimal robots.txt
 * that must produce the code and at least one near miss that must not. Cases come from the
 * specifications (docs/specifications.md); the test names cite the section.
 */
import * as assert from 'node:assert/strict';
import { lines, expectAt, expectNo, fixedLine, REC, expectDiagnostics } from '../kit/diagnostics';

suite('rep.rule-outside-group', () => {
  test('RFC 9309 §2.2: Disallow before any User-agent line', () => {
    expectDiagnostics(`
      Disallow: /private/
      #^^^^^^^ warning rep.rule-outside-group
      User-agent: *
      Disallow: /tmp/
    `);
  });
  test('RFC 9309 §2.2: Allow before any User-agent line', () => {
    expectDiagnostics(`
      # header
      Allow: /public/
      #^^^^ warning rep.rule-outside-group
      User-agent: *
      Disallow: /
    `);
  });
  test('near miss: Sitemap belongs to no group and may come first', () => {
    expectNo(lines('Sitemap: https://example.com/sitemap.xml', 'User-agent: *', 'Disallow: /tmp/'), 'rep.rule-outside-group');
  });
});

suite('rep.empty-user-agent', () => {
  test('RFC 9309 §2.2.1: User-agent with no product token', () => {
    expectDiagnostics(`
      User-agent:
      #^^^^^^^^^ warning rep.empty-user-agent
      Disallow: /
    `);
  });
  test('User-agent with only a comment', () => {
    expectDiagnostics(`
      User-agent:   # nobody
      #^^^^^^^^^ warning rep.empty-user-agent
      Disallow: /
    `);
  });
  test('near miss: User-agent: *', () => {
    expectNo(lines('User-agent: *', 'Disallow: /'), 'rep.empty-user-agent');
  });
});

suite('rep.invalid-product-token', () => {
  test('RFC 9309 §2.2.1: Googlebot/2.1 -> Google reads the token Googlebot', () => {
    const text = lines('User-agent: Googlebot/2.1', 'Disallow: /');
    const d = expectAt(text, '1:13 rep.invalid-product-token');
    assert.equal(fixedLine(text, d), 'User-agent: Googlebot');
  });
  test('RFC 9309 §2.2.1: a whole User-Agent header string', () => {
    expectDiagnostics(`
      User-agent: Mozilla/5.0 (compatible; Googlebot/2.1)
      #           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ warning rep.invalid-product-token
      Disallow: /
    `);
  });
  test('near miss: tokens of letters, hyphens and underscores, and *', () => {
    for (const ua of ['Googlebot', 'Googlebot-Image', 'my_bot', '*', 'bingbot # comment']) {
      expectNo(lines(`User-agent: ${ua}`, 'Disallow: /'), 'rep.invalid-product-token');
    }
  });
});

suite('rep.product-token-digits', () => {
  test('RFC 9309 §2.2.1: product tokens have no digits, so MJ12bot is read as MJ', () => {
    expectDiagnostics(`
      User-agent: MJ12bot
      #           ^^^^^^^ hint rep.product-token-digits
      Disallow: /
    `);
  });
  test('near miss: a token of letters', () => {
    expectNo(lines('User-agent: bingbot', 'Disallow: /'), 'rep.product-token-digits');
  });
});

suite('rep.path-not-absolute', () => {
  test('RFC 9309 §2.2.2: a path not starting with /; the fix adds the slash', () => {
    const text = lines('User-agent: *', 'Disallow: private/');
    const d = expectAt(text, '2:11 rep.path-not-absolute');
    assert.equal(fixedLine(text, d), 'Disallow: /private/');
  });
  test('near miss: /, * and the empty Disallow', () => {
    expectNo(lines('User-agent: *', 'Disallow: /private/', 'Disallow: *.gif$', 'Allow: /'), 'rep.path-not-absolute');
    expectNo(lines('User-agent: *', 'Disallow:'), 'rep.path-not-absolute');
  });
});

suite('syntax.scan-noise', () => {
  test('RFC 9309 §2.2.3: /S where the end anchor /$ was meant (issue 15; didYouMean.test.ts has more)', () => {
    const text = lines('User-agent: *', 'Disallow: /S');
    const d = expectAt(text, '2:11 syntax.scan-noise');
    assert.equal(fixedLine(text, d), 'Disallow: /$');
  });
});

suite('rep.dollar-not-last', () => {
  test('RFC 9309 §2.2.3: $ inside a pattern', () => {
    expectDiagnostics(`
      User-agent: *
      Disallow: /a$b
      #           ^ warning rep.dollar-not-last
    `);
  });
  test('near miss: $ as the last character', () => {
    expectNo(lines('User-agent: *', 'Disallow: /*.pdf$', 'Allow: /a$'), 'rep.dollar-not-last');
  });
});

suite('rep.empty-allow', () => {
  test('RFC 9309 §2.2.2: Allow with no path allows nothing', () => {
    expectDiagnostics(`
      User-agent: *
      Disallow: /
      Allow:
      #^^^^ hint rep.empty-allow
    `);
  });
  test('near miss: an empty Disallow is meaningful (allows everything)', () => {
    expectNo(lines('User-agent: *', 'Disallow:'), 'rep.empty-allow');
  });
});

suite('rep.sitemap-not-absolute', () => {
  test('sitemaps.org: a relative sitemap URL', () => {
    expectAt('Sitemap: /sitemap.xml', '1:10 rep.sitemap-not-absolute');
  });
  test('near miss: an absolute https URL', () => {
    expectNo('Sitemap: https://example.com/sitemap.xml', 'rep.sitemap-not-absolute');
  });
});

suite('rep.crawl-delay-not-number', () => {
  test('a word for a number', () => {
    expectDiagnostics(`
      User-agent: *
      Crawl-delay: ten
      #            ^^^ warning rep.crawl-delay-not-number
    `);
  });
  test('a negative number', () => {
    expectDiagnostics(`
      User-agent: *
      Crawl-delay: -1
      #            ^^ warning rep.crawl-delay-not-number
    `);
  });
  test('near miss: whole and fractional seconds', () => {
    expectNo(lines('User-agent: a', 'Crawl-delay: 10', '', 'User-agent: b', 'Crawl-delay: 0.5'), 'rep.crawl-delay-not-number');
  });
});

suite('rep.invalid-host', () => {
  test('Yandex: a Host with a path', () => {
    expectAt('Host: example.com/path', '1:7 rep.invalid-host');
  });
  test('near miss: host, scheme and port', () => {
    expectNo('Host: www.example.com', 'rep.invalid-host');
    expectNo('Host: https://www.example.com:8443', 'rep.invalid-host');
  });
});

suite('rep.invalid-clean-param', () => {
  test('Yandex: three words where `p1&p2 [/path]` allows two', () => {
    expectAt('Clean-param: ref /articles/ extra', '1:14 rep.invalid-clean-param');
  });
  test('near miss: parameters with and without a path prefix', () => {
    expectNo(lines('Clean-param: ref&sid /articles/', 'Clean-param: utm_source'), 'rep.invalid-clean-param');
  });
});

suite('rep.noindex-unsupported', () => {
  test('Google: Noindex in robots.txt is not honoured', () => {
    expectDiagnostics(`
      User-agent: *
      Noindex: /private/
      #^^^^^^ information rep.noindex-unsupported
    `);
  });
  test('near miss: Disallow', () => {
    expectNo(lines('User-agent: *', 'Disallow: /private/'), 'rep.noindex-unsupported');
  });
});

suite('rep.invalid-preference', () => {
  test('IETF aipref: Content-Usage without key=value', () => {
    expectDiagnostics(`
      User-agent: *
      Content-Usage: train-ai
      #              ^^^^^^^^ warning rep.invalid-preference
    `);
  });
  test('near miss: Content-Usage with and without a path, Content-Signal list', () => {
    const text = lines('User-agent: *', 'Content-Usage: train-ai=n', 'Content-Usage: /images/ train-ai=n', 'Content-Signal: search=yes, ai-train=no');
    expectNo(text, 'rep.invalid-preference');
  });
});

suite('rep.invalid-url', () => {
  test('RSL: a License that is neither a URL nor a site path', () => {
    expectAt('License: license.xml', '1:10 rep.invalid-url');
  });
  test('near miss: a License path on the site (issue 14: read in the workspace)', () => {
    expectNo('License: /license.xml', 'rep.invalid-url');
  });
  test('near miss: an absolute License URL', () => {
    expectNo('License: https://example.com/license.xml', 'rep.invalid-url');
  });
});

suite('rep.empty-value', () => {
  test('RFC 9309 §2.2: Sitemap with no value', () => {
    expectDiagnostics(`
      User-agent: *
      Disallow: /
      Sitemap:
      #^^^^^^ warning rep.empty-value
    `);
  });
  test('Crawl-delay with no value', () => {
    expectDiagnostics(`
      User-agent: *
      Crawl-delay:
      #^^^^^^^^^^ warning rep.empty-value
    `);
  });
  test('near miss: an empty Disallow is allowed (RFC 9309 §2.2.2)', () => {
    expectNo(lines('User-agent: *', 'Disallow:'), 'rep.empty-value');
  });
});

suite('rep.group-without-rules', () => {
  test('RFC 9309 §2.2: User-agent at the end of the file with no rules', () => {
    expectDiagnostics(`
      User-agent: *
      Disallow: /x

      User-agent: lonelybot
      #^^^^^^^^^ hint rep.group-without-rules
    `);
  });
  test('near miss: RFC 9309 §2.2 — several User-agent lines, even with a blank line between, share the rules after them', () => {
    expectNo(lines('User-agent: a', '', 'User-agent: b', 'Disallow: /'), 'rep.group-without-rules');
    expectNo(lines('User-agent: a', 'User-agent: b', 'Disallow: /'), 'rep.group-without-rules');
  });
});

suite('rep.rule-in-acap-record', () => {
  test('Part 1 §2.9.2: a conventional field inside an ACAP record is ignored by ACAP crawlers', () => {
    const text = lines('User-agent: *', 'Disallow: /x', '', REC, 'ACAP-allow-crawl: /', 'Disallow: /private/');
    expectAt(text, '6:1 rep.rule-in-acap-record');
  });
  test('near miss: the same rule in a conventional group before the ACAP record (Part 1 §2.9.2)', () => {
    expectNo(lines('User-agent: *', 'Disallow: /private/', '', REC, 'ACAP-allow-crawl: /'), 'rep.rule-in-acap-record');
  });
});

suite('rep.duplicate-rule', () => {
  test('RFC 9309 §2.2.2: the same rule twice in one group', () => {
    expectDiagnostics(`
      User-agent: *
      Disallow: /a
      Disallow: /a
      #^^^^^^^ hint rep.duplicate-rule
    `);
  });
  test('near miss: RFC 9309 §2.2.2 — conventional paths are case-sensitive, /A is not /a', () => {
    expectNo(lines('User-agent: *', 'Disallow: /A', 'Disallow: /a'), 'rep.duplicate-rule');
  });
  test('near miss: Allow and Disallow of one path; the same rule in two groups', () => {
    expectNo(lines('User-agent: *', 'Disallow: /a', 'Allow: /a'), 'rep.duplicate-rule');
    expectNo(lines('User-agent: a', 'Disallow: /a', '', 'User-agent: b', 'Disallow: /a'), 'rep.duplicate-rule');
  });
});

// --- the robots.txt 2.0.0 proposal (seed 004) ----------------------------------------------------

suite('rep.field-outside-group', () => {
  test('robots.txt 2.0.0, Visit-time: a rule-set field before any User-agent', () => {
    expectDiagnostics(`
      Visit-time: 0100-0645
      #^^^^^^^^^ warning rep.field-outside-group
      User-agent: *
      Disallow: /
    `);
  });
  test('robots.txt 2.0.0, Robot-version: "will follow the User-agent header"', () => {
    expectDiagnostics(`
      Robot-version: 2.0.0
      #^^^^^^^^^^^^ warning rep.field-outside-group
      User-agent: *
      Disallow: /
    `);
  });
  test('Crawl-delay, a group-level extension, before any User-agent', () => {
    expectDiagnostics(`
      Crawl-delay: 5
      #^^^^^^^^^^ warning rep.field-outside-group
      User-agent: *
      Disallow: /
    `);
  });
  test('near miss: the same fields inside a rule set', () => {
    expectNo(lines('User-agent: *', 'Robot-version: 2.0.0', 'Visit-time: 0100-0645', 'Disallow: /'), 'rep.field-outside-group');
  });
});

suite('rep.robot-version-misplaced', () => {
  test('robots.txt 2.0.0, Robot-version: not immediately after the User-agent lines', () => {
    expectDiagnostics(`
      User-agent: a
      Disallow: /x
      Robot-version: 2.0.0
      #^^^^^^^^^^^^ warning rep.robot-version-misplaced
    `);
  });
  test('near miss: a blank line is not a header either', () => {
    expectNo(lines('User-agent: a', '', 'Robot-version: 2.0.0', 'Disallow: /x'), 'rep.robot-version-misplaced');
  });
  test('near miss: after several User-agent lines and a comment (comments are not headers)', () => {
    expectNo(lines('User-agent: a', 'User-agent: b', '# 2.0 rules', 'Robot-version: 2.0.0', 'Allow: */index.html'), 'rep.robot-version-misplaced');
  });
});

suite('rep.robot-version-invalid', () => {
  test('robots.txt 2.0.0, Robot-version: major must be 1 or 2', () => {
    expectDiagnostics(`
      User-agent: a
      Robot-version: 3.0.0
      #              ^^^^^ warning rep.robot-version-invalid
      Disallow: /
    `);
  });
  test('robots.txt 2.0.0, Robot-version: a three-part number', () => {
    expectDiagnostics(`
      User-agent: a
      Robot-version: 2.0
      #              ^^^ warning rep.robot-version-invalid
      Disallow: /
    `);
  });
  test('near miss: 1.0.0 is allowed, 2.0.0 and 2.2.0 are stable', () => {
    for (const v of ['1.0.0', '2.0.0', '2.2.0']) {
      expectNo(lines('User-agent: a', `Robot-version: ${v}`, 'Disallow: /'), 'rep.robot-version-invalid');
    }
  });
});

suite('rep.robot-version-experimental', () => {
  test('robots.txt 2.0.0, Robot-version: an odd minor is experimental', () => {
    expectDiagnostics(`
      User-agent: a
      Robot-version: 2.1.0
      #              ^^^^^ information rep.robot-version-experimental
      Disallow: /
    `);
  });
  test('near miss: an even minor', () => {
    expectNo(lines('User-agent: a', 'Robot-version: 2.2.0', 'Disallow: /'), 'rep.robot-version-experimental');
  });
});

suite('rep.duplicate-field', () => {
  test('robots.txt 2.0.0, Robot-version: "Only ONE Robot-version: header per rule set"', () => {
    expectDiagnostics(`
      User-agent: a
      Robot-version: 2.0.0
      Robot-version: 2.0.0
      #^^^^^^^^^^^^ warning rep.duplicate-field
      Disallow: /
    `);
  });
  test('robots.txt 2.0.0, Visit-time: "only appear once per rule set"', () => {
    expectDiagnostics(`
      User-agent: a
      Visit-time: 0100-0645
      Disallow: /
      Visit-time: 0800-0900
      #^^^^^^^^^ warning rep.duplicate-field
    `);
  });
  test('near miss: Request-rate and Comment may repeat; Visit-time once in each of two rule sets', () => {
    expectNo(lines('User-agent: a', 'Request-rate: 10/1m 0600-0845', 'Request-rate: 20/1m 0900-1800', 'Comment: one', 'Comment: two', 'Disallow: /x'), 'rep.duplicate-field');
    expectNo(lines('User-agent: a', 'Visit-time: 0100-0645', 'Disallow: /x', '', 'User-agent: b', 'Visit-time: 0100-0645', 'Disallow: /x'), 'rep.duplicate-field');
  });
});

suite('rep.visit-time-invalid', () => {
  test('robots.txt 2.0.0, Visit-time: one time where two are needed', () => {
    expectDiagnostics(`
      User-agent: a
      Visit-time: 0100
      #           ^^^^ warning rep.visit-time-invalid
      Disallow: /
    `);
  });
  test('an hour that does not exist', () => {
    expectDiagnostics(`
      User-agent: a
      Visit-time: 2500-0100
      #           ^^^^^^^^^ warning rep.visit-time-invalid
      Disallow: /
    `);
  });
  test('near miss: 0100-0645, and the proposal\'s own form `<time> <time>`', () => {
    expectNo(lines('User-agent: a', 'Visit-time: 0100-0645', 'Disallow: /'), 'rep.visit-time-invalid');
    expectNo(lines('User-agent: a', 'Visit-time: 0100 0645', 'Disallow: /'), 'rep.visit-time-invalid');
  });
});

suite('rep.request-rate-invalid', () => {
  test('robots.txt 2.0.0, Request-rate: not <numdocuments>/<timeunit>', () => {
    expectDiagnostics(`
      User-agent: a
      Request-rate: fast
      #             ^^^^ warning rep.request-rate-invalid
      Disallow: /
    `);
  });
  test('an unknown time unit', () => {
    expectDiagnostics(`
      User-agent: a
      Request-rate: 10/5x
      #             ^^^^^ warning rep.request-rate-invalid
      Disallow: /
    `);
  });
  test('near miss: the proposal\'s examples 10/60, 10/10m, 20/1h and a rate with times', () => {
    for (const r of ['10/60', '10/10m', '20/1h', '10/1m 0600-0845', '10/1m 0600 0845']) {
      expectNo(lines('User-agent: a', `Request-rate: ${r}`, 'Disallow: /'), 'rep.request-rate-invalid');
    }
  });
});
