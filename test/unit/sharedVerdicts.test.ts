/**
 * A hover's table asks one path of every crawler it lists, and most crawlers read the same groups
 * (dozens fall to `*`): conventional.ts keeps the verdicts that do not depend on the crawler's
 * name, per version, profile and path, and google.ts the best matches per list of sections. A kept answer
 * must be the one a fresh evaluation gives, whatever was asked before: this asks sequences of
 * crawlers, paths and profiles of one document and compares every answer with the same question
 * asked of a fresh parse of the same text (fast-check), and pins the case where one group is
 * both a crawler's own (named) and the `*` fallback.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseDocument, type RobotsDocument } from '../../server/src/service';
import { evaluateConventional, PROFILES, type ConventionalVerdict } from '../../server/src/service/engine/conventional';

const AGENTS = ['*', 'Googlebot', 'googlebot-news', 'Bingbot', 'bot', 'ab', 'GPTBot'];
const TOKENS = ['Googlebot', 'googlebot', 'Bingbot', 'bot', 'ab', 'GPTBot', 'CCBot', 'ClaudeBot', 'news', 'Applebot'];
const RULES = ['Disallow: /', 'Disallow: /a', 'Allow: /a/b', 'Disallow: /*.pdf$', 'Allow: /a*', 'Disallow:', 'Allow: /', 'Disallow: /b/'];
const PATHS = ['/', '/a', '/a/b', '/a/b/c.pdf', '/b/', '/b/x', '/robots.txt', '/c'];

/** Everything a verdict says, its rule list included (read through the function it carries). */
function plain(v: ConventionalVerdict): unknown {
  return { ...v, rules: v.rules().map((r) => ({ line: r.line, allow: r.allow, pattern: r.pattern })) };
}

function fresh(text: string): RobotsDocument {
  return parseDocument('file:///site/robots.txt', 1, text);
}

suite('Verdicts shared between crawlers that read the same groups', () => {
  test('every answer is the one a fresh document gives, whatever was asked before', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            agents: fc.array(fc.constantFrom(...AGENTS), { minLength: 1, maxLength: 3 }),
            version2: fc.boolean(),
            rules: fc.array(fc.constantFrom(...RULES), { maxLength: 4 }),
          }),
          { minLength: 1, maxLength: 6 },
        ),
        fc.array(fc.record({ token: fc.constantFrom(...TOKENS), path: fc.constantFrom(...PATHS), profile: fc.constantFrom(...PROFILES) }), { minLength: 1, maxLength: 30 }),
        (groups, questions) => {
          const lines: string[] = [];
          for (const g of groups) {
            for (const a of g.agents) lines.push(`User-agent: ${a}`);
            if (g.version2) lines.push('Robot-version: 2.0.0');
            lines.push(...g.rules, '');
          }
          const text = lines.join('\n');
          const doc = fresh(text);
          for (const { token, path, profile } of questions) {
            const asked = evaluateConventional(doc, token, path, profile);
            assert.deepEqual(plain(asked), plain(evaluateConventional(fresh(text), token, path, profile)), `${token} ${path} ${profile}\n${text}`);
          }
        },
      ),
      { numRuns: 400, seed: 61 },
    );
  });

  test('Koster: a group that names a crawler and also serves as the * fallback answers each in its own words', () => {
    const text = 'User-agent: *\nUser-agent: foo\nDisallow: /private\n';
    for (const order of [['foo', 'bar'], ['bar', 'foo']]) {
      const doc = fresh(text);
      const answers = new Map(order.map((token) => [token, evaluateConventional(doc, token, '/private', 'koster1996')]));
      assert.equal(answers.get('foo')?.named, true, order.join(' then '));
      assert.match(answers.get('foo')!.why, /the group for this crawler/);
      assert.equal(answers.get('bar')?.named, false, order.join(' then '));
      assert.match(answers.get('bar')!.why, /the \* group/);
    }
  });

  test('crawlers that fall to the * group share one verdict per path and profile; a new path or version asks again', () => {
    const doc = fresh('User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nDisallow: /s\n');
    for (const profile of PROFILES) {
      const a = evaluateConventional(doc, 'CCBot', '/s/x', profile);
      assert.equal(evaluateConventional(doc, 'ClaudeBot', '/s/x', profile), a, profile);
      assert.equal(a.allowed, false);
      assert.notEqual(evaluateConventional(doc, 'Googlebot', '/s/x', profile), a, profile);
      const other = evaluateConventional(doc, 'ClaudeBot', '/t', profile);
      assert.equal(other.allowed, true);
      assert.notEqual(other, a);
    }
    const next = fresh('User-agent: Googlebot\nDisallow: /g\n\nUser-agent: *\nAllow: /s\n');
    assert.equal(evaluateConventional(next, 'CCBot', '/s/x', 'rfc9309').allowed, true);
  });
});
