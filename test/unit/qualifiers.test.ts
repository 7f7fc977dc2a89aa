/**
 * One ACAP sub-language, one checker (acap/qualifiers.ts): the qualifiers of a permission get
 * the same verdict whether they are written in a robots.txt field (Part 1 §2.5) or in a robots
 * META tag (Part 2 §2.2.9 takes Part 1's qualifiers and value grammars as they are). Only what
 * the specifications make differ may differ: META-only qualifiers such as `location`.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { doValidation, parseDocument, parseHtml, validateHtml, facts } from '../../server/src/service';

/** The codes both places report for qualifiers, without their `acap.` / `meta.` family. */
const QUALIFIER_RULES = new Set([
  'malformed-qualifier', 'unknown-qualifier', 'unknown-qualifier-1.1', 'qualifier-not-valid-for-usage',
  'not-ready', 'prior-arrangement', 'invalid-qualifier-value', 'duplicate-qualifier',
]);

function rulesOf(codes: readonly string[], family: 'acap' | 'meta'): string[] {
  return codes
    .filter((c) => c.startsWith(`${family}.`) && QUALIFIER_RULES.has(c.slice(family.length + 1)))
    .map((c) => c.slice(family.length + 1))
    .sort();
}

/** Qualifier rules reported for `allow-USAGE QUALIFIERS` written in robots.txt. */
function inRobotsTxt(usage: string, qualifiers: string): string[] {
  const doc = parseDocument('file:///site/robots.txt', 1, `ACAP-crawler: *\nACAP-allow-${usage}: /news/ ${qualifiers}\n`);
  return rulesOf(doValidation(doc).map((d) => String(d.code)), 'acap');
}

/** The same permission in a page's robots META tag. */
function inMeta(usage: string, qualifiers: string): string[] {
  const html = `<!DOCTYPE html>\n<html><head><title>t</title>\n<meta name="robots" content="ACAP allow-${usage} ${qualifiers}">\n</head><body></body></html>\n`;
  return rulesOf(validateHtml(parseHtml('file:///site/page.html', html)).map((d) => String(d.code)), 'meta');
}

const USAGES = facts.USAGES.map((u) => u.name);
const ROBOTS_QUALIFIERS = facts.QUALIFIERS.filter((q) => !q.metaOnly).map((q) => q.name);

/** Values that pass some grammar and values that pass none; no spaces, quotes or `>`. */
const VALUES = [
  'until-recrawled', 'until-2026-12-31', 'until-2026-13-40', '250-chars', '20-words', '5-sentences', '250', 'chars',
  'any', 'none', 'translate', 'translation', 'format', 'the-acap:extract:id:lede', 'the-acap:credit:meta:author', 'the-acap:link:x', 'http://example.com/x',
  'the-acap:resource-set:pics', '', 'x=y', '%zz',
];

const qualifier = fc.oneof(
  fc.tuple(fc.constantFrom(...ROBOTS_QUALIFIERS, 'expiry', 'max-lenght', 'Time-Limit'), fc.constantFrom(...VALUES)).map(([n, v]) => `${n}=${v}`),
  fc.constantFrom('stray', '=20-words', 'time-limit'),
);

suite('ACAP qualifiers: one checker for robots.txt and META', () => {
  test('the same qualifier text gets the same verdict in both places (property, every usage type)', () => {
    fc.assert(fc.property(fc.constantFrom(...USAGES), fc.array(qualifier, { minLength: 1, maxLength: 4 }), (usage, list) => {
      const written = list.join(' ');
      assert.deepEqual(inMeta(usage, written), inRobotsTxt(usage, written), `allow-${usage} ${written}`);
    }), { numRuns: 600 });
  });

  test('hand-picked cases agree, and each reports what it should', () => {
    const cases: [string, string, string[]][] = [
      ['present-snippet', 'max-length=250-chars', []],
      ['present-snippet', 'max-length=250', ['invalid-qualifier-value']],
      ['present-snippet', 'max-lenght=250-chars', ['unknown-qualifier']],
      ['index', 'max-length=250-chars', ['qualifier-not-valid-for-usage']],
      ['present-snippet', 'max-length=20-words max-length=30-words', ['duplicate-qualifier']],
      ['present', 'prohibited-modification=any prohibited-modification=translation', ['duplicate-qualifier']],
      ['present', 'prohibited-modification=format prohibited-modification=translate', ['invalid-qualifier-value']],
      ['present', 'time-limit=until-recrawled stray', ['malformed-qualifier']],
      ['present', 'time-limit=', ['invalid-qualifier-value']],
    ];
    for (const [usage, qualifiers, expected] of cases) {
      assert.deepEqual(inRobotsTxt(usage, qualifiers), expected, `robots.txt: allow-${usage} ${qualifiers}`);
      assert.deepEqual(inMeta(usage, qualifiers), expected, `META: allow-${usage} ${qualifiers}`);
    }
  });

  test('what the specifications make differ: location= belongs to META tags only (Part 2 §2.2.9)', () => {
    const codes = doValidation(parseDocument('file:///site/robots.txt', 1, 'ACAP-crawler: *\nACAP-allow-index: /news/ location=http://example.com/x\n')).map((d) => String(d.code));
    assert.ok(codes.includes('acap.meta-only-qualifier'), codes.join(', '));
    assert.deepEqual(inMeta('index', 'location=http://example.com/x'), []);
  });
});
