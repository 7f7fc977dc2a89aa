/**
 * One suite per diagnostic code in CODES. Each suite has at least one minimal robots.txt that must
 * produce the code (exact line:col, default severity, and the fix text where one is evident) and
 * at least one near-miss correct text that must not. Cases come from the specifications in
 * ../shared/seeds (ACAP Part 1, the 1996 robots.txt 2.0.0 proposal, the implementation guide's
 * real-world annex) and from RFC 9309; the test names cite the section.
 */
import * as assert from 'node:assert/strict';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { CODES, CODE_BY_NAME, doValidation, type DiagnosticData, type ValidationSettings } from '../../server/src/service';
import { doc } from './helpers';

// ---------------------------------------------------------------------------------------------
// Helpers

/** Codes some positive test expects; the final suite checks that every code in CODES is here. */
const expected = new Set<string>();

const SEVERITY_BY_NAME: Record<string, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

function lines(...ls: string[]): string {
  return ls.join('\n');
}

function diagnostics(text: string, settings?: ValidationSettings): Diagnostic[] {
  return doValidation(doc(text), settings);
}

function where(d: Diagnostic): string {
  return `${d.range.start.line + 1}:${d.range.start.character + 1} ${String(d.code)}`;
}

function listing(ds: readonly Diagnostic[]): string {
  return ds.map((d) => `  ${where(d)}  ${d.message}`).join('\n') || '  (none)';
}

/**
 * Assert that `text` gets a diagnostic `LINE:COL code` (1-based) with the code's default severity,
 * and return it.
 */
function expectAt(text: string, at: string): Diagnostic {
  const code = at.split(' ')[1];
  expected.add(code);
  const ds = diagnostics(text);
  const d = ds.find((x) => where(x) === at);
  assert.ok(d, `expected ${at} for:\n${text}\ngot:\n${listing(ds)}`);
  const fact = CODE_BY_NAME.get(code);
  assert.ok(fact, `${code} is not in CODES`);
  assert.equal(d.severity, SEVERITY_BY_NAME[fact.severity], `default severity of ${code}`);
  assert.ok(d.message.trim().length > 0, 'a message');
  return d;
}

/** Assert that `text` gets no diagnostic with `code`. */
function expectNo(text: string, code: string): void {
  const ds = diagnostics(text);
  const bad = ds.filter((d) => d.code === code);
  assert.equal(bad.length, 0, `expected no ${code} for:\n${text}\ngot:\n${listing(ds)}`);
}

/** Apply the diagnostic's `data.replacement` to its range and return the whole fixed line. */
function fixedLine(text: string, d: Diagnostic): string {
  const replacement = (d.data as DiagnosticData | undefined)?.replacement;
  assert.ok(replacement !== undefined, `expected data.replacement on ${where(d)} (${d.message})`);
  assert.equal(d.range.start.line, d.range.end.line, 'a one-line range');
  const line = text.split(/\r\n|\r|\n/)[d.range.start.line];
  return line.slice(0, d.range.start.character) + replacement + line.slice(d.range.end.character);
}

/** UTF-8 length of a string. */
function utf8(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

// Common scaffolding: an ACAP record for any crawler with the line under test as its second line.
const REC = 'ACAP-crawler: *';
const CACHE = 'ACAP-qualified-usage: cache preserve time-limit=until-recrawled';

// ---------------------------------------------------------------------------------------------
// text and file level

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

// ---------------------------------------------------------------------------------------------
// every field

suite('syntax.not-a-field', () => {
  test('RFC 9309 §2.2: a line that is neither field, comment nor blank', () => {
    expectAt(lines('User-agent: *', 'Disallow: /', 'this is not a field'), '3:1 syntax.not-a-field');
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

// ---------------------------------------------------------------------------------------------
// conventional REP

suite('rep.rule-outside-group', () => {
  test('RFC 9309 §2.2: Disallow before any User-agent line', () => {
    expectAt(lines('Disallow: /private/', 'User-agent: *', 'Disallow: /tmp/'), '1:1 rep.rule-outside-group');
  });
  test('RFC 9309 §2.2: Allow before any User-agent line', () => {
    expectAt(lines('# header', 'Allow: /public/', 'User-agent: *', 'Disallow: /'), '2:1 rep.rule-outside-group');
  });
  test('near miss: Sitemap belongs to no group and may come first', () => {
    expectNo(lines('Sitemap: https://example.com/sitemap.xml', 'User-agent: *', 'Disallow: /tmp/'), 'rep.rule-outside-group');
  });
});

suite('rep.empty-user-agent', () => {
  test('RFC 9309 §2.2.1: User-agent with no product token', () => {
    expectAt(lines('User-agent:', 'Disallow: /'), '1:1 rep.empty-user-agent');
  });
  test('User-agent with only a comment', () => {
    expectAt(lines('User-agent:   # nobody', 'Disallow: /'), '1:1 rep.empty-user-agent');
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
    expectAt(lines('User-agent: Mozilla/5.0 (compatible; Googlebot/2.1)', 'Disallow: /'), '1:13 rep.invalid-product-token');
  });
  test('near miss: tokens of letters, hyphens and underscores, and *', () => {
    for (const ua of ['Googlebot', 'Googlebot-Image', 'my_bot', '*', 'bingbot # comment']) {
      expectNo(lines(`User-agent: ${ua}`, 'Disallow: /'), 'rep.invalid-product-token');
    }
  });
});

suite('rep.product-token-digits', () => {
  test('RFC 9309 §2.2.1: product tokens have no digits, so MJ12bot is read as MJ', () => {
    expectAt(lines('User-agent: MJ12bot', 'Disallow: /'), '1:13 rep.product-token-digits');
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
    expectAt(lines('User-agent: *', 'Disallow: /a$b'), '2:13 rep.dollar-not-last');
  });
  test('near miss: $ as the last character', () => {
    expectNo(lines('User-agent: *', 'Disallow: /*.pdf$', 'Allow: /a$'), 'rep.dollar-not-last');
  });
});

suite('rep.empty-allow', () => {
  test('RFC 9309 §2.2.2: Allow with no path allows nothing', () => {
    expectAt(lines('User-agent: *', 'Disallow: /', 'Allow:'), '3:1 rep.empty-allow');
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
    expectAt(lines('User-agent: *', 'Crawl-delay: ten'), '2:14 rep.crawl-delay-not-number');
  });
  test('a negative number', () => {
    expectAt(lines('User-agent: *', 'Crawl-delay: -1'), '2:14 rep.crawl-delay-not-number');
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
    expectAt(lines('User-agent: *', 'Noindex: /private/'), '2:1 rep.noindex-unsupported');
  });
  test('near miss: Disallow', () => {
    expectNo(lines('User-agent: *', 'Disallow: /private/'), 'rep.noindex-unsupported');
  });
});

suite('rep.invalid-preference', () => {
  test('IETF aipref: Content-Usage without key=value', () => {
    expectAt(lines('User-agent: *', 'Content-Usage: train-ai'), '2:16 rep.invalid-preference');
  });
  test('near miss: Content-Usage with and without a path, Content-Signal list', () => {
    const text = lines('User-agent: *', 'Content-Usage: train-ai=n', 'Content-Usage: /images/ train-ai=n', 'Content-Signal: search=yes, ai-train=no');
    expectNo(text, 'rep.invalid-preference');
  });
});

suite('rep.invalid-url', () => {
  test('RSL: a relative License URL', () => {
    expectAt('License: /license.xml', '1:10 rep.invalid-url');
  });
  test('near miss: an absolute License URL', () => {
    expectNo('License: https://example.com/license.xml', 'rep.invalid-url');
  });
});

suite('rep.empty-value', () => {
  test('RFC 9309 §2.2: Sitemap with no value', () => {
    expectAt(lines('User-agent: *', 'Disallow: /', 'Sitemap:'), '3:1 rep.empty-value');
  });
  test('Crawl-delay with no value', () => {
    expectAt(lines('User-agent: *', 'Crawl-delay:'), '2:1 rep.empty-value');
  });
  test('near miss: an empty Disallow is allowed (RFC 9309 §2.2.2)', () => {
    expectNo(lines('User-agent: *', 'Disallow:'), 'rep.empty-value');
  });
});

suite('rep.group-without-rules', () => {
  test('RFC 9309 §2.2: User-agent at the end of the file with no rules', () => {
    expectAt(lines('User-agent: *', 'Disallow: /x', '', 'User-agent: lonelybot'), '4:1 rep.group-without-rules');
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
    expectAt(lines('User-agent: *', 'Disallow: /a', 'Disallow: /a'), '3:1 rep.duplicate-rule');
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
    expectAt(lines('Visit-time: 0100-0645', 'User-agent: *', 'Disallow: /'), '1:1 rep.field-outside-group');
  });
  test('robots.txt 2.0.0, Robot-version: "will follow the User-agent header"', () => {
    expectAt(lines('Robot-version: 2.0.0', 'User-agent: *', 'Disallow: /'), '1:1 rep.field-outside-group');
  });
  test('Crawl-delay, a group-level extension, before any User-agent', () => {
    expectAt(lines('Crawl-delay: 5', 'User-agent: *', 'Disallow: /'), '1:1 rep.field-outside-group');
  });
  test('near miss: the same fields inside a rule set', () => {
    expectNo(lines('User-agent: *', 'Robot-version: 2.0.0', 'Visit-time: 0100-0645', 'Disallow: /'), 'rep.field-outside-group');
  });
});

suite('rep.robot-version-misplaced', () => {
  test('robots.txt 2.0.0, Robot-version: not immediately after the User-agent lines', () => {
    expectAt(lines('User-agent: a', 'Disallow: /x', 'Robot-version: 2.0.0'), '3:1 rep.robot-version-misplaced');
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
    expectAt(lines('User-agent: a', 'Robot-version: 3.0.0', 'Disallow: /'), '2:16 rep.robot-version-invalid');
  });
  test('robots.txt 2.0.0, Robot-version: a three-part number', () => {
    expectAt(lines('User-agent: a', 'Robot-version: 2.0', 'Disallow: /'), '2:16 rep.robot-version-invalid');
  });
  test('near miss: 1.0.0 is allowed, 2.0.0 and 2.2.0 are stable', () => {
    for (const v of ['1.0.0', '2.0.0', '2.2.0']) {
      expectNo(lines('User-agent: a', `Robot-version: ${v}`, 'Disallow: /'), 'rep.robot-version-invalid');
    }
  });
});

suite('rep.robot-version-experimental', () => {
  test('robots.txt 2.0.0, Robot-version: an odd minor is experimental', () => {
    expectAt(lines('User-agent: a', 'Robot-version: 2.1.0', 'Disallow: /'), '2:16 rep.robot-version-experimental');
  });
  test('near miss: an even minor', () => {
    expectNo(lines('User-agent: a', 'Robot-version: 2.2.0', 'Disallow: /'), 'rep.robot-version-experimental');
  });
});

suite('rep.duplicate-field', () => {
  test('robots.txt 2.0.0, Robot-version: "Only ONE Robot-version: header per rule set"', () => {
    expectAt(lines('User-agent: a', 'Robot-version: 2.0.0', 'Robot-version: 2.0.0', 'Disallow: /'), '3:1 rep.duplicate-field');
  });
  test('robots.txt 2.0.0, Visit-time: "only appear once per rule set"', () => {
    expectAt(lines('User-agent: a', 'Visit-time: 0100-0645', 'Disallow: /', 'Visit-time: 0800-0900'), '4:1 rep.duplicate-field');
  });
  test('near miss: Request-rate and Comment may repeat; Visit-time once in each of two rule sets', () => {
    expectNo(lines('User-agent: a', 'Request-rate: 10/1m 0600-0845', 'Request-rate: 20/1m 0900-1800', 'Comment: one', 'Comment: two', 'Disallow: /x'), 'rep.duplicate-field');
    expectNo(lines('User-agent: a', 'Visit-time: 0100-0645', 'Disallow: /x', '', 'User-agent: b', 'Visit-time: 0100-0645', 'Disallow: /x'), 'rep.duplicate-field');
  });
});

suite('rep.visit-time-invalid', () => {
  test('robots.txt 2.0.0, Visit-time: one time where two are needed', () => {
    expectAt(lines('User-agent: a', 'Visit-time: 0100', 'Disallow: /'), '2:13 rep.visit-time-invalid');
  });
  test('an hour that does not exist', () => {
    expectAt(lines('User-agent: a', 'Visit-time: 2500-0100', 'Disallow: /'), '2:13 rep.visit-time-invalid');
  });
  test('near miss: 0100-0645, and the proposal\'s own form `<time> <time>`', () => {
    expectNo(lines('User-agent: a', 'Visit-time: 0100-0645', 'Disallow: /'), 'rep.visit-time-invalid');
    expectNo(lines('User-agent: a', 'Visit-time: 0100 0645', 'Disallow: /'), 'rep.visit-time-invalid');
  });
});

suite('rep.request-rate-invalid', () => {
  test('robots.txt 2.0.0, Request-rate: not <numdocuments>/<timeunit>', () => {
    expectAt(lines('User-agent: a', 'Request-rate: fast', 'Disallow: /'), '2:15 rep.request-rate-invalid');
  });
  test('an unknown time unit', () => {
    expectAt(lines('User-agent: a', 'Request-rate: 10/5x', 'Disallow: /'), '2:15 rep.request-rate-invalid');
  });
  test('near miss: the proposal\'s examples 10/60, 10/10m, 20/1h and a rate with times', () => {
    for (const r of ['10/60', '10/10m', '20/1h', '10/1m 0600-0845', '10/1m 0600 0845']) {
      expectNo(lines('User-agent: a', `Request-rate: ${r}`, 'Disallow: /'), 'rep.request-rate-invalid');
    }
  });
});

// ---------------------------------------------------------------------------------------------
// ACAP field names

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
    expectAt(lines(REC, 'ACAP-frobnicate: yes'), '2:1 acap.unknown-field');
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
    expectAt(lines('ACAP-qualified-usage: x archive time-limit=3-days', REC, 'ACAP-allow-(x): /'), '1:25 acap.unknown-usage');
  });
  test('Part 1 §2.4.1.3: "The parentheses are required" around a local usage -> did you mean (cache)', () => {
    const text = lines(CACHE, REC, 'ACAP-allow-cache: /');
    const d = expectAt(text, '3:12 acap.unknown-usage');
    assert.equal(fixedLine(text, d), 'ACAP-allow-(cache): /');
  });
  test('Part 1 §2.5: `archive` is not a usage type', () => {
    expectAt(lines(REC, 'ACAP-disallow-archive: /'), '2:15 acap.unknown-usage');
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
    expectAt(lines(REC, 'ACAP-allow-: /'), '2:1 acap.missing-usage');
  });
  test('ACAP-disallow- with no usage', () => {
    expectAt(lines(REC, 'ACAP-disallow-: /'), '2:1 acap.missing-usage');
  });
  test('near miss: a usage after the prefix', () => {
    expectNo(lines(REC, 'ACAP-allow-crawl: /'), 'acap.missing-usage');
  });
});

suite('acap.unknown-action', () => {
  test('Part 1 §3: action-name = "take-down" / "re-crawl"', () => {
    expectAt(lines(REC, 'ACAP-request-delete: /a.htm'), '2:14 acap.unknown-action');
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
    expectAt(lines(REC, 'ACAP-allow-crawl:'), '2:17 acap.missing-resource');
  });
  test('a prohibition with only a comment after the colon', () => {
    expectAt(lines(REC, 'ACAP-disallow-index:   # nothing'), '2:20 acap.missing-resource');
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
    expectAt(lines(REC, 'ACAP-allow-crawl: /a%zz'), '2:19 acap.invalid-pattern');
  });
  test('in a resource set definition (Part 1 §2.7.3)', () => {
    expectAt(lines('ACAP-resource-set: bad /a%zz', REC, 'ACAP-allow-crawl: the-acap:resource-set:bad'), '1:24 acap.invalid-pattern');
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
    expectAt(lines(REC, 'ACAP-allow-crawl: /a$b'), '2:21 acap.dollar-not-last');
  });
  test('Part 1 §2.8: also inside a resource set pattern', () => {
    expectAt(lines('ACAP-resource-set: x /a$/b', REC, 'ACAP-allow-crawl: the-acap:resource-set:x'), '1:24 acap.dollar-not-last');
  });
  test('Part 1 §2.8: "* and $ have the same meaning when they occur in usage purpose patterns"', () => {
    expectAt(lines('ACAP-crawler: a', 'ACAP-usage-purpose: news$x', 'ACAP-allow-index: /'), '2:25 acap.dollar-not-last');
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

// ---------------------------------------------------------------------------------------------
// qualifiers

suite('acap.unknown-qualifier', () => {
  test('Part 1 §2.5: `expiry` is not a qualifier of ACAP 1.0', () => {
    expectAt(lines(REC, 'ACAP-allow-index: / expiry=3-days'), '2:21 acap.unknown-qualifier');
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
    expectAt(lines(REC, 'ACAP-allow-present: / max-length=250-chars'), '2:23 acap.qualifier-not-valid-for-usage');
  });
  test('Part 1 §2.5.1: crawl has no qualifiers', () => {
    expectAt(lines(REC, 'ACAP-allow-crawl: / time-limit=3-days'), '2:21 acap.qualifier-not-valid-for-usage');
  });
  test('Part 1 §2.5.2: follow has no qualifiers', () => {
    expectAt(lines(REC, 'ACAP-allow-follow: / time-limit=3-days'), '2:22 acap.qualifier-not-valid-for-usage');
  });
  test('Part 1 §2.5.5.2.6: prohibited-context only on present-original/currentcopy/oldcopy', () => {
    expectAt(lines(REC, 'ACAP-allow-present-snippet: / prohibited-context=within-user-frame'), '2:31 acap.qualifier-not-valid-for-usage');
  });
  test('Part 1 §2.5.5.2.6: prohibited-context not on plain present either', () => {
    expectAt(lines(REC, 'ACAP-allow-present: / prohibited-context=within-user-frame'), '2:23 acap.qualifier-not-valid-for-usage');
  });
  test('Part 1 §2.5.5.2.7: required-context not on plain present either', () => {
    expectAt(lines(REC, 'ACAP-allow-present: / required-context=within-original-frame'), '2:23 acap.qualifier-not-valid-for-usage');
  });
  test('Part 1 §2.5.5.2.3: max-length not on present-thumbnail', () => {
    expectAt(lines(REC, 'ACAP-allow-present-thumbnail: / max-length=30-words'), '2:33 acap.qualifier-not-valid-for-usage');
  });
  test('Part 1 §2.5.6: other has no qualifiers', () => {
    expectAt(lines(REC, 'ACAP-disallow-other: /x/', 'ACAP-allow-index: /x/a/', 'ACAP-allow-other: /y/ time-limit=3-days'), '4:23 acap.qualifier-not-valid-for-usage');
  });
  test('Part 1 §2.5.5.2.7: required-context not on present-thumbnail', () => {
    expectAt(lines(REC, 'ACAP-allow-present-thumbnail: / required-context=within-original-frame'), '2:33 acap.qualifier-not-valid-for-usage');
  });
  test('Part 1 §2.5.5.2.4: prohibited-modification not on present-snippet', () => {
    expectAt(lines(REC, 'ACAP-allow-present-snippet: / prohibited-modification=style'), '2:31 acap.qualifier-not-valid-for-usage');
  });
  test('Part 1 §2.7.1: also in a qualified usage definition', () => {
    expectAt(lines('ACAP-qualified-usage: x present max-length=30-words', REC, 'ACAP-allow-(x): /'), '1:33 acap.qualifier-not-valid-for-usage');
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
    expectAt(lines(REC, 'ACAP-allow-index: / time-limit=until-2008-02-30'), '2:32 acap.invalid-qualifier-value');
  });
  test('Part 1 §2.5.3.1: 2007 is not a leap year; 1900 neither', () => {
    expectAt(lines(REC, 'ACAP-allow-index: / time-limit=until-2007-02-29'), '2:32 acap.invalid-qualifier-value');
    expectAt(lines(REC, 'ACAP-allow-index: / time-limit=until-1900-02-29'), '2:32 acap.invalid-qualifier-value');
  });
  test('Part 1 §2.5.3.1: the date must be yyyy-mm-dd', () => {
    expectAt(lines(REC, 'ACAP-allow-index: / time-limit=until-2007-2-3'), '2:32 acap.invalid-qualifier-value');
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
    expectAt(lines(REC, 'ACAP-allow-index: / time-limit=3-weeks'), '2:32 acap.invalid-qualifier-value');
  });
  test('Part 1 §2.5.5.2.3: n-chars or n-words', () => {
    expectAt(lines(REC, 'ACAP-allow-present-snippet: / max-length=250-characters'), '2:42 acap.invalid-qualifier-value');
  });
  test('Part 1 §2.5.5.2.4: an unknown modification type', () => {
    expectAt(lines(REC, 'ACAP-allow-present: / prohibited-modification=colour'), '2:47 acap.invalid-qualifier-value');
  });
  test('Part 1 §2.5.5.2.6: prohibited-context takes within-user-frame only', () => {
    expectAt(lines(REC, 'ACAP-allow-present-original: / prohibited-context=within-original-frame'), '2:51 acap.invalid-qualifier-value');
  });
  test('Part 1 §2.5.3.2: the-acap:extract: takes id, class or meta', () => {
    expectAt(lines(REC, 'ACAP-allow-index: / must-use-resource=the-acap:extract:tag:h1'), '2:39 acap.invalid-qualifier-value');
  });
  test('Part 1 §3 value-char: quotation marks are excluded from values', () => {
    expectAt(lines(REC, 'ACAP-allow-index: / time-limit="3-days"'), '2:32 acap.invalid-qualifier-value');
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
    expectAt(lines(REC, 'ACAP-allow-index: / time-limit'), '2:21 acap.malformed-qualifier');
  });
  test('Part 1 §3: a second pattern where only qualifiers may follow', () => {
    expectAt(lines(REC, 'ACAP-allow-index: /a/ /b/'), '2:23 acap.malformed-qualifier');
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
    expectAt(lines(REC, 'ACAP-allow-index: / time-limit=3-days time-limit=5-days'), '2:39 acap.duplicate-qualifier');
  });
  test('Part 1 §2.5.5.2.4: prohibited-modification may not repeat when one of them is any', () => {
    expectAt(lines(REC, 'ACAP-allow-present: / prohibited-modification=any prohibited-modification=style'), '2:23 acap.duplicate-qualifier');
    expectAt(lines(REC, 'ACAP-allow-present: / prohibited-modification=style prohibited-modification=any'), '2:53 acap.duplicate-qualifier');
  });
  test('near miss: Part 1 §2.5.5.2.4 example, prohibited-modification format + translation', () => {
    expectNo(lines(REC, 'ACAP-allow-present-currentcopy: /public/ prohibited-modification=format prohibited-modification=translation'), 'acap.duplicate-qualifier');
  });
});

suite('acap.qualifier-on-prohibition', () => {
  test('Part 1 §2.4.2: a prohibition "may not contain any qualifiers"', () => {
    expectAt(lines(REC, 'ACAP-disallow-index: / time-limit=3-days'), '2:24 acap.qualifier-on-prohibition');
  });
  test('near miss: the same qualifier on a permission', () => {
    expectNo(lines(REC, 'ACAP-allow-index: / time-limit=3-days'), 'acap.qualifier-on-prohibition');
  });
});

suite('acap.qualifier-on-local-usage', () => {
  test('Part 1 §2.4.1.3: "No explicit qualifiers may be included" for a local usage', () => {
    expectAt(lines(CACHE, REC, 'ACAP-allow-(cache): / time-limit=3-days'), '3:23 acap.qualifier-on-local-usage');
  });
  test('near miss: the local usage alone', () => {
    expectNo(lines(CACHE, REC, 'ACAP-allow-(cache): /'), 'acap.qualifier-on-local-usage');
  });
});

suite('acap.local-usage-in-prohibition', () => {
  test('Part 1 §2.4.2: a prohibition may not refer to locally-defined usages', () => {
    expectAt(lines(CACHE, REC, 'ACAP-disallow-(cache): /'), '3:15 acap.local-usage-in-prohibition');
  });
  test('near miss: the local usage in a permission', () => {
    expectNo(lines(CACHE, REC, 'ACAP-allow-(cache): /'), 'acap.local-usage-in-prohibition');
  });
});

suite('acap.meta-only-qualifier', () => {
  test('Part 2 §2.2.9: location= belongs to META tags, not robots.txt', () => {
    expectAt(lines(REC, 'ACAP-allow-index: / location=http://example.com/a.html'), '2:21 acap.meta-only-qualifier');
  });
  test('near miss: a robots.txt qualifier', () => {
    expectNo(lines(REC, 'ACAP-allow-index: / time-limit=until-recrawled'), 'acap.meta-only-qualifier');
  });
});

// ---------------------------------------------------------------------------------------------
// definitions

suite('acap.undefined-resource-set', () => {
  test('Part 1 §2.4.4: a resource set that is not defined', () => {
    expectAt(lines(REC, 'ACAP-allow-crawl: the-acap:resource-set:nothing'), '2:41 acap.undefined-resource-set');
  });
  test('near miss: defined, referred to in another case (Part 1 §3: names are case-insensitive)', () => {
    expectNo(lines('ACAP-resource-set: Crawlable /public/ /news/', REC, 'ACAP-allow-crawl: the-acap:resource-set:CRAWLABLE'), 'acap.undefined-resource-set');
  });
});

suite('acap.undefined-local-usage', () => {
  test('Part 1 §2.4.1.3: a local usage that is not defined', () => {
    expectAt(lines(REC, 'ACAP-allow-(cache): /'), '2:13 acap.undefined-local-usage');
  });
  test('Part 1 §2.7.2: a composite naming an undefined qualified usage', () => {
    expectAt(lines('ACAP-composite-usage: both crawl (nothing)', REC, 'ACAP-allow-(both): /'), '1:35 acap.undefined-local-usage');
  });
  test('near miss: defined, used in another case (Part 1 §3 note)', () => {
    expectNo(lines('ACAP-qualified-usage: Cache preserve time-limit=until-recrawled', REC, 'ACAP-allow-(CACHE): /'), 'acap.undefined-local-usage');
  });
});

suite('acap.duplicate-definition', () => {
  test('Part 1 §3 notes: qualified and composite usages share one case-insensitive namespace', () => {
    expectAt(lines(CACHE, 'ACAP-composite-usage: CACHE crawl index', REC, 'ACAP-allow-(cache): /'), '2:23 acap.duplicate-definition');
  });
  test('a resource set defined twice', () => {
    expectAt(lines('ACAP-resource-set: pages /a/', 'ACAP-resource-set: Pages /b/', REC, 'ACAP-allow-crawl: the-acap:resource-set:pages'), '2:20 acap.duplicate-definition');
  });
  test('near miss: a resource set and a usage may share a name (different kinds of reference)', () => {
    expectNo(lines('ACAP-resource-set: cache /a/', CACHE, REC, 'ACAP-allow-(cache): the-acap:resource-set:cache'), 'acap.duplicate-definition');
  });
});

suite('acap.definition-after-record', () => {
  test('Part 1 §2.2, §2.7: "All ACAP definition fields must be placed before any ACAP records"', () => {
    expectAt(lines(REC, 'ACAP-allow-crawl: /', 'ACAP-resource-set: x /a/'), '3:1 acap.definition-after-record');
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
    expectAt(lines('ACAP-qualified-usage: cache preserve', REC, 'ACAP-allow-(cache): /'), '1:29 acap.invalid-definition');
  });
  test('Part 1 §3: a resource set needs 1*pattern', () => {
    expectAt(lines('ACAP-resource-set: images', REC, 'ACAP-allow-crawl: /'), '1:20 acap.invalid-definition');
  });
  test('Part 1 §2.7.1: a qualified usage is built on a standard usage, not a local one', () => {
    expectAt(lines(CACHE, 'ACAP-qualified-usage: x (cache) time-limit=3-days', REC, 'ACAP-allow-(x): /'), '2:25 acap.invalid-definition');
  });
  test('Part 1 §3: a composite usage needs 1*usage', () => {
    expectAt(lines('ACAP-composite-usage: lonely', REC, 'ACAP-allow-crawl: /'), '1:23 acap.invalid-definition');
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
    expectAt(lines('ACAP-resource-set: 1images /a/', REC, 'ACAP-allow-crawl: /'), '1:20 acap.invalid-name');
  });
  test('Part 1 §3: name-char is ALPHA / DIGIT / - / _ / .', () => {
    expectAt(lines('ACAP-qualified-usage: my+cache preserve time-limit=3-days', REC, 'ACAP-allow-crawl: /'), '1:23 acap.invalid-name');
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

// ---------------------------------------------------------------------------------------------
// records

suite('acap.empty-crawler-name', () => {
  test('Part 1 §2.3.1: ACAP-crawler with no name', () => {
    expectAt(lines('ACAP-crawler:', 'ACAP-allow-crawl: /'), '1:1 acap.empty-crawler-name');
  });
  test('near miss: * and a name', () => {
    expectNo(lines('ACAP-crawler: *', 'ACAP-allow-crawl: /', 'ACAP-crawler: searchbot', 'ACAP-allow-index: /'), 'acap.empty-crawler-name');
  });
});

suite('acap.invalid-crawler-name', () => {
  test('Part 1 §3: crawler-name = name-start-char ... and name-start-char = ALPHA', () => {
    expectAt(lines('ACAP-crawler: 2bot', 'ACAP-allow-crawl: /'), '1:15 acap.invalid-crawler-name');
  });
  test('near miss: letters and digits; Part 1 §3 allows WSP and VCHAR (not #) after the first letter', () => {
    expectNo(lines('ACAP-crawler: ExaBotAcap12', 'ACAP-crawler: news bot/1.0 (compatible)', 'ACAP-allow-crawl: /'), 'acap.invalid-crawler-name');
  });
});

suite('acap.star-with-named-crawler', () => {
  test('Part 1 §2.3.1: a * record "must not contain any other crawler identification fields"', () => {
    expectAt(lines('ACAP-crawler: *', 'ACAP-crawler: searchbot', 'ACAP-allow-crawl: /'), '1:15 acap.star-with-named-crawler');
  });
  test('the named crawler first', () => {
    expectAt(lines('ACAP-crawler: searchbot', 'ACAP-crawler: *', 'ACAP-allow-crawl: /'), '2:15 acap.star-with-named-crawler');
  });
  test('near miss: * and a named crawler in separate records', () => {
    expectNo(lines('ACAP-crawler: *', 'ACAP-disallow-crawl: /', 'ACAP-crawler: searchbot', 'ACAP-allow-crawl: /'), 'acap.star-with-named-crawler');
  });
});

suite('acap.crawler-lines-apart', () => {
  test('Part 1 §2.2-2.3: crawler lines separated by a blank line and a comment still form one record', () => {
    expectAt(lines('ACAP-crawler: a', '', '# b too', 'ACAP-crawler: b', 'ACAP-allow-crawl: /'), '4:1 acap.crawler-lines-apart');
  });
  test('near miss: adjacent crawler lines', () => {
    expectNo(lines('ACAP-crawler: a', 'ACAP-crawler: b', 'ACAP-allow-crawl: /'), 'acap.crawler-lines-apart');
  });
});

suite('acap.empty-record', () => {
  test('Part 1 §2.3: crawler lines with nothing after them', () => {
    expectAt(lines('ACAP-crawler: *', 'ACAP-allow-crawl: /', 'ACAP-crawler: a'), '3:1 acap.empty-record');
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
    expectAt(lines('ACAP-allow-crawl: /', REC, 'ACAP-allow-index: /'), '1:1 acap.field-outside-record');
  });
  test('Part 1 §2.3: a usage purpose before any ACAP-crawler line', () => {
    expectAt(lines('ACAP-usage-purpose: news', 'ACAP-allow-index: /', REC, 'ACAP-allow-crawl: /'), '1:1 acap.field-outside-record');
  });
  test('Part 1 §2.9.2: an ACAP field inside a conventional group belongs to no ACAP record', () => {
    expectAt(lines('User-agent: *', 'ACAP-disallow-crawl: /'), '2:1 acap.field-outside-record');
  });
  test('near miss: the fields inside a record', () => {
    expectNo(lines(REC, 'ACAP-allow-crawl: /', 'ACAP-usage-purpose: news', 'ACAP-allow-index: /'), 'acap.field-outside-record');
  });
});

suite('acap.field-after-permissions-reference', () => {
  test('Part 1 §2.3: "no further fields ... may occur in the record"', () => {
    expectAt(lines('ACAP-crawler: searchbot', 'ACAP-permissions-reference: /searchbot.txt', 'ACAP-allow-crawl: /'), '3:1 acap.field-after-permissions-reference');
  });
  test('near miss: comments and blank lines, then the next record', () => {
    expectNo(lines('ACAP-crawler: searchbot', 'ACAP-permissions-reference: /searchbot.txt', '', '# next', REC, 'ACAP-allow-crawl: /'), 'acap.field-after-permissions-reference');
  });
});

suite('acap.misplaced-permissions-reference', () => {
  test('Part 1 §2.3: a permissions reference after a permission', () => {
    expectAt(lines('ACAP-crawler: searchbot', 'ACAP-allow-crawl: /', 'ACAP-permissions-reference: /searchbot.txt'), '3:1 acap.misplaced-permissions-reference');
  });
  test('near miss: right after two crawler lines and a comment (Part 1 §2.3.2 example)', () => {
    expectNo(lines('ACAP-crawler: searchbot', 'ACAP-crawler: otherbot', '# see', 'ACAP-permissions-reference: /searchbot.txt'), 'acap.misplaced-permissions-reference');
  });
});

suite('acap.invalid-permissions-reference', () => {
  test('Part 1 §3: (URI / relative-part), and RFC 3986 forbids a malformed %', () => {
    expectAt(lines('ACAP-crawler: searchbot', 'ACAP-permissions-reference: /a%zz.txt'), '2:29 acap.invalid-permissions-reference');
  });
  test('Part 1 §3 note: other uses of relative-part may not contain * or $', () => {
    expectAt(lines('ACAP-crawler: searchbot', 'ACAP-permissions-reference: /perm*.txt'), '2:29 acap.invalid-permissions-reference');
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
    expectAt(lines('ACAP-crawler: a', 'ACAP-allow-crawl: /', 'ACAP-usage-purpose: news'), '3:1 acap.purpose-without-permission');
  });
  test('Part 1 §2.3: a usage purpose followed by the next record', () => {
    expectAt(lines('ACAP-crawler: a', 'ACAP-allow-crawl: /', 'ACAP-usage-purpose: news', 'ACAP-crawler: b', 'ACAP-allow-crawl: /'), '3:1 acap.purpose-without-permission');
  });
  test('near miss: two purposes then a permission (one sub-record)', () => {
    expectNo(lines('ACAP-crawler: a', 'ACAP-usage-purpose: news', 'ACAP-usage-purpose: http://news.search.*/*', 'ACAP-allow-index: /'), 'acap.purpose-without-permission');
  });
});

suite('acap.invalid-usage-purpose', () => {
  test('Part 1 §2.3.3: one purpose per line, not two words', () => {
    expectAt(lines('ACAP-crawler: a', 'ACAP-usage-purpose: news shopping', 'ACAP-allow-index: /'), '2:21 acap.invalid-usage-purpose');
  });
  test('Part 1 §3: neither a name (starts with a letter) nor a URI pattern', () => {
    expectAt(lines('ACAP-crawler: a', 'ACAP-usage-purpose: 123', 'ACAP-allow-index: /'), '2:21 acap.invalid-usage-purpose');
  });
  test('near miss: the spec\'s name and URI pattern examples (Part 1 §2.3.3)', () => {
    expectNo(lines('ACAP-crawler: a', 'ACAP-usage-purpose: news', 'ACAP-allow-index: /', 'ACAP-usage-purpose: http://news.search.*/*', 'ACAP-allow-index: /x/'), 'acap.invalid-usage-purpose');
  });
});

suite('acap.invalid-request-target', () => {
  test('Part 1 §2.6: the target "locates a single resource", so no wildcard', () => {
    expectAt(lines(REC, 'ACAP-request-take-down: /news/*'), '2:25 acap.invalid-request-target');
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

// ---------------------------------------------------------------------------------------------
// relation to conventional records, version comment

suite('acap.ignore-conventional-misplaced', () => {
  test('Part 1 §2.9.1: "placed before any ACAP definition fields"', () => {
    const text = lines('ACAP-resource-set: x /a/', 'ACAP-ignore-conventional-records', REC, 'ACAP-allow-crawl: the-acap:resource-set:x');
    expectAt(text, '2:1 acap.ignore-conventional-misplaced');
  });
  test('Part 1 §3 ACAP-extensions: not after the ACAP records', () => {
    expectAt(lines(REC, 'ACAP-allow-crawl: /', 'ACAP-ignore-conventional-records'), '3:1 acap.ignore-conventional-misplaced');
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
    expectAt(lines('ACAP-ignore-conventional-records: yes', REC, 'ACAP-allow-crawl: /'), '1:33 acap.ignore-conventional-value');
  });
  test('near miss: the bare name, with a trailing comment', () => {
    expectNo(lines('ACAP-ignore-conventional-records # ACAP crawlers: ignore User-agent groups', REC, 'ACAP-allow-crawl: /'), 'acap.ignore-conventional-value');
  });
});

suite('acap.version-misplaced', () => {
  test('Part 1 §2.9.3: the comment belongs at the start, not after records', () => {
    expectAt(lines('User-agent: *', 'Disallow:', '##ACAP version=1.0', REC, 'ACAP-allow-crawl: /'), '3:1 acap.version-misplaced');
  });
  test('Part 1 §2.9.3: "precede any other comment"', () => {
    expectAt(lines('# my robots.txt', '##ACAP version=1.0', REC, 'ACAP-allow-crawl: /'), '2:1 acap.version-misplaced');
  });
  test('near miss: the first line, also after a BOM', () => {
    expectNo(lines('##ACAP version=1.0', '# Legacy robots.txt content...', REC, 'ACAP-allow-crawl: /'), 'acap.version-misplaced');
    expectNo(lines('\uFEFF##ACAP version=1.0', REC, 'ACAP-allow-crawl: /'), 'acap.version-misplaced');
  });
});

suite('acap.version-unknown', () => {
  test('Part 1 §2.9.3: a version other than 1.0 / 1.1', () => {
    expectAt(lines('##ACAP version=2.0', REC, 'ACAP-allow-crawl: /'), '1:16 acap.version-unknown');
  });
  test('Guide A.2.1: the pilot version 0.2', () => {
    expectAt(lines('##ACAP version=0.2 #pilot version', REC, 'ACAP-allow-crawl: /'), '1:16 acap.version-unknown');
  });
  test('near miss: 1.0 and 1.1', () => {
    expectNo(lines('##ACAP version=1.0', REC, 'ACAP-allow-crawl: /'), 'acap.version-unknown');
    expectNo(lines('##ACAP version=1.1', REC, 'ACAP-allow-crawl: /'), 'acap.version-unknown');
  });
});

suite('acap.version-malformed', () => {
  test('Part 1 §2.9.3: no = between version and number', () => {
    expectAt(lines('##ACAP version 1.0', REC, 'ACAP-allow-crawl: /'), '1:1 acap.version-malformed');
  });
  test('Part 1 §2.9.3: a space after ##', () => {
    expectAt(lines('## ACAP version=1.0', REC, 'ACAP-allow-crawl: /'), '1:1 acap.version-malformed');
  });
  test('near miss: the exact form, and ordinary comments that mention ACAP (Part 1 §2.1)', () => {
    expectNo(lines('##ACAP version=1.0', '# ACAP local definitions', '# ACAP instructions for all crawlers', REC, 'ACAP-allow-crawl: /'), 'acap.version-malformed');
  });
});

suite('acap.version-missing', () => {
  test('Part 1 §2.9.3: ACAP records and no version comment', () => {
    expectAt(lines('User-agent: *', 'Disallow: /', '', REC, 'ACAP-allow-crawl: /'), '4:1 acap.version-missing');
  });
  test('near miss: a conventional-only file needs no ACAP comment; an ACAP file with one', () => {
    expectNo(lines('User-agent: *', 'Disallow: /'), 'acap.version-missing');
    expectNo(lines('##ACAP version=1.0', REC, 'ACAP-allow-crawl: /'), 'acap.version-missing');
  });
});

suite('acap.version-duplicate', () => {
  test('Part 1 §2.9.3: two version comments', () => {
    expectAt(lines('##ACAP version=1.0', '##ACAP version=1.0', REC, 'ACAP-allow-crawl: /'), '2:1 acap.version-duplicate');
  });
  test('near miss: one', () => {
    expectNo(lines('##ACAP version=1.0', '# ##ACAP version=1.0 is the comment above', REC, 'ACAP-allow-crawl: /'), 'acap.version-duplicate');
  });
});

suite('acap.conventional-after-acap', () => {
  test('Part 1 §2.9.2: "strongly recommended that all ACAP records be placed at the end"', () => {
    expectAt(lines(REC, 'ACAP-allow-crawl: /', '', 'User-agent: *', 'Disallow: /'), '4:1 acap.conventional-after-acap');
  });
  test('near miss: the conventional group first (Part 1 §2.1 example layout)', () => {
    expectNo(lines('User-agent: *', 'Disallow: /', '', REC, 'ACAP-allow-crawl: /'), 'acap.conventional-after-acap');
  });
});

suite('acap.contradictory-fields', () => {
  test('Part 1 §2.4.5: allow and disallow of one usage and one pattern in one record', () => {
    expectAt(lines(REC, 'ACAP-allow-index: /a/', 'ACAP-disallow-index: /a/'), '3:1 acap.contradictory-fields');
  });
  test('Part 1 §2.8: patterns are case-insensitive, so /News/ and /news/ are one pattern', () => {
    expectAt(lines(REC, 'ACAP-allow-index: /News/', 'ACAP-disallow-index: /news/'), '3:1 acap.contradictory-fields');
  });
  test('near miss: a narrower pattern, another usage, another record, another purpose', () => {
    expectNo(lines(REC, 'ACAP-allow-index: /a/', 'ACAP-disallow-index: /a/b/', 'ACAP-disallow-follow: /a/'), 'acap.contradictory-fields');
    expectNo(lines(REC, 'ACAP-allow-index: /a/', 'ACAP-crawler: b', 'ACAP-disallow-index: /a/'), 'acap.contradictory-fields');
    expectNo(lines(REC, 'ACAP-allow-index: /a/', 'ACAP-usage-purpose: news', 'ACAP-disallow-index: /a/'), 'acap.contradictory-fields');
  });
});

suite('acap.duplicate-field', () => {
  test('Part 1 §2.4: the same field twice in one record', () => {
    expectAt(lines(REC, 'ACAP-allow-crawl: /a/', 'ACAP-allow-crawl: /a/'), '3:1 acap.duplicate-field');
  });
  test('Part 1 §2.8: ACAP patterns are case-insensitive, so /A/ and /a/ are the same field', () => {
    expectAt(lines(REC, 'ACAP-allow-crawl: /A/', 'ACAP-allow-crawl: /a/'), '3:1 acap.duplicate-field');
  });
  test('near miss: the same field in two records and in two sub-records', () => {
    expectNo(lines('ACAP-crawler: a', 'ACAP-allow-crawl: /a/', 'ACAP-crawler: b', 'ACAP-allow-crawl: /a/'), 'acap.duplicate-field');
    expectNo(lines(REC, 'ACAP-usage-purpose: news', 'ACAP-allow-index: /a/', 'ACAP-usage-purpose: shopping', 'ACAP-allow-index: /a/'), 'acap.duplicate-field');
  });
});

suite('acap.allow-other', () => {
  test('Part 1 §2.5.6 note: no known use for permitting other', () => {
    expectAt(lines(REC, 'ACAP-allow-other: /'), '2:12 acap.allow-other');
  });
  test('near miss: ACAP-disallow-other (Part 1 §2.5.6 example)', () => {
    expectNo(lines(REC, 'ACAP-disallow-other: /public/'), 'acap.allow-other');
  });
});

suite('acap.not-ready', () => {
  test('Part 1 §2.6: action requests are not ready', () => {
    expectAt(lines(REC, 'ACAP-request-take-down: /news/bad-story.htm'), '2:1 acap.not-ready');
  });
  test('Part 1 §2.5.5.2.2: must-use-resource on present usages is not ready', () => {
    expectAt(lines(REC, 'ACAP-allow-present-thumbnail: /book/pages/ must-use-resource=/book/cover.jpg'), '2:44 acap.not-ready');
  });
  test('Part 1 §2.5.5.2.5: must-include-resource is not ready', () => {
    expectAt(lines(REC, 'ACAP-allow-present: /a/ must-include-resource=the-acap:credit:id:credit'), '2:25 acap.not-ready');
  });
  test('interpretation §3.7: present-link is listed with the red spots', () => {
    expectAt(lines(REC, 'ACAP-allow-present-link: /'), '2:12 acap.not-ready');
  });
  test('near miss: ready features', () => {
    expectNo(lines(REC, 'ACAP-allow-present-snippet: /news/ max-length=250-chars', 'ACAP-allow-index: /a/ time-limit=3-days'), 'acap.not-ready');
  });
});

suite('acap.prior-arrangement', () => {
  test('Part 1 §2.5.3.2: must-use-resource on index only by prior arrangement', () => {
    expectAt(lines(REC, 'ACAP-allow-index: /page-image.pdf must-use-resource=/page-image-index.txt'), '2:35 acap.prior-arrangement');
  });
  test('near miss: time-limit on index', () => {
    expectNo(lines(REC, 'ACAP-allow-index: /a/ time-limit=3-days'), 'acap.prior-arrangement');
  });
});

// ---------------------------------------------------------------------------------------------
// cross-cutting behaviour

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

// Last: every code in CODES is expected by at least one positive test above.
suite('coverage of CODES', () => {
  test('every diagnostic code has a positive test', () => {
    // meta.* codes concern HTML pages; test/unit/htmlValidation.test.ts checks their coverage.
    const missing = CODES.map((c) => c.code).filter((c) => !c.startsWith('meta.') && !expected.has(c));
    assert.deepEqual(missing, []);
  });
  test('no test expects a code that CODES does not define', () => {
    const known = new Set<string>(CODES.map((c) => c.code));
    assert.deepEqual([...expected].filter((c) => !known.has(c)), []);
  });
});
