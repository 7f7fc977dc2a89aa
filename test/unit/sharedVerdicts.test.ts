/**
 * A hover's table asks one path of every crawler it lists, and most crawlers read the same groups
 * (dozens fall to `*`): conventional.ts keeps the verdicts that do not depend on the crawler's
 * name, per version, profile and path, and google.ts the best matches per list of sections. A kept answer
 * must be the one a fresh evaluation gives, whatever was asked before: this asks sequences of
 * crawlers, paths and profiles of one document and compares every answer with the same question
 * asked of a fresh parse of the same text (fast-check), and pins the case where one group is
 * both a crawler's own (named) and the `*` fallback. The AI-use table shares a row between
 * crawlers of one answer key (aiAnswerKey): their verdicts, deciding lines and contradictions
 * must be alike for every use.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { AI_USES, explainAiUse, parseDocument, type RobotsDocument } from '../../server/src/service';
import { aiAnswerKey } from '../../server/src/service/engine/aiUse';
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

  test('AI-use rows: crawlers given one answer key get the same verdicts, deciding lines and contradictions for every use', () => {
    const agents = ['*', 'Googlebot', 'Google-Extended', 'Applebot', 'Applebot-Extended', 'GPTBot', 'CCBot', 'bot'];
    const prefs = ['Content-Usage: train-ai=n', 'Content-Usage: /a train-ai=y', 'Content-Signal: ai-train=no, search=yes', 'Content-Signal: /a ai-input=yes', 'Disallow: /a', 'Allow: /a/b', 'Disallow: /'];
    const crawlers = ['Googlebot', 'Google-Extended', 'Applebot', 'Applebot-Extended', 'GPTBot', 'CCBot', 'ClaudeBot', 'PerplexityBot', 'bot', 'Bytespider', '*'];
    let shared = 0;
    fc.assert(
      fc.property(
        fc.array(fc.record({ agents: fc.array(fc.constantFrom(...agents), { minLength: 1, maxLength: 2 }), lines: fc.array(fc.constantFrom(...prefs), { maxLength: 4 }) }), { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.constantFrom('/', '/a', '/a/b', '/c'),
        fc.constantFrom(...PROFILES),
        (groups, acap, path, profile) => {
          const lines: string[] = [];
          for (const g of groups) lines.push(...g.agents.map((a) => `User-agent: ${a}`), ...g.lines, '');
          if (acap) lines.push('ACAP-crawler: GPTBot', 'ACAP-disallow-index: /a', '');
          const doc = fresh(lines.join('\n'));
          const byKey = new Map<object, string>();
          for (const agent of crawlers) {
            const key = aiAnswerKey(doc, { agent, path, profile });
            if (!key) continue;
            const answers = JSON.stringify(AI_USES.map((use) => {
              const a = explainAiUse(doc, { agent, path, use, profile });
              return [a.verdict, a.decidedBy, a.contradictions.length];
            }));
            const before = byKey.get(key);
            if (before === undefined) byKey.set(key, answers);
            else {
              shared++;
              assert.equal(answers, before, `${agent} ${path} ${profile}\n${lines.join('\n')}`);
            }
          }
        },
      ),
      { numRuns: 300, seed: 67 },
    );
    assert.ok(shared > 300, `crawlers shared an answer key ${shared} times`);
  });
});
