/**
 * Where a crawler's tiers hold many ACAP fields of few patterns, the engine keeps a decision for
 * the class of its path too: the patterns that match it (permissions.ts pathClass), so another
 * path matched by the same patterns gets the kept decision. This compares every answer of one
 * document asked in turn with the answer of a fresh document (fast-check), over files of hundreds
 * of fields on a few patterns, with conventional groups whose verdicts differ between paths of
 * one class, unreadable fields, purposes and the ignore line.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { explain, parseDocument, type Query } from '../../server/src/service';

const PATTERNS = ['/', '/a', '/a/', '/a/*.htm', '/*.pdf$', '/b$', '/A/b'];
const PATHS = ['/', '/a', '/a/x', '/a/x.htm', '/a/y.htm', '/b', '/b/c', '/q.pdf', '/a/q.pdf', '/c', '/d'];
const USAGES = ['crawl', 'index', 'present-snippet', 'other'];

const field = fc.record({ allow: fc.boolean(), usage: fc.constantFrom(...USAGES), pattern: fc.constantFrom(...PATTERNS), broken: fc.nat({ max: 15 }) })
  // One in sixteen is unreadable (its colon missing): it decides nothing, but may be noted.
  .map((f) => `ACAP-${f.allow ? 'allow' : 'disallow'}-${f.usage}${f.broken === 0 ? ' ' : ': '}${f.pattern}`);
const record = fc.record({
  crawler: fc.constantFrom('bot', '*'),
  fields: fc.array(field, { minLength: 3, maxLength: 8 }),
  purpose: fc.option(fc.record({ name: fc.constantFrom('news', 'ads'), fields: fc.array(field, { minLength: 1, maxLength: 2 }) }), { nil: undefined }),
}).map((r) => [`ACAP-crawler: ${r.crawler}`, ...r.fields, ...(r.purpose ? [`ACAP-usage-purpose: ${r.purpose.name}`, ...r.purpose.fields] : [])].join('\n'));
// Conventional groups decide paths of one ACAP class differently (/c and /d).
const groups = fc.constantFrom('', 'User-agent: bot\nDisallow: /c\nAllow: /d\n\n', 'User-agent: *\nDisallow: /d\n\n');
const file = fc.record({ groups, ignore: fc.boolean(), records: fc.array(record, { minLength: 60, maxLength: 80 }) })
  .map((f) => `${f.groups}##ACAP version=1.0\n${f.ignore ? 'ACAP-ignore-conventional-records\n' : ''}${f.records.join('\n')}\n`);
const query = fc.record({
  agent: fc.constantFrom('bot', 'bot', 'other'),
  // /c and /d often: one ACAP class, two conventional verdicts.
  path: fc.oneof({ weight: 2, arbitrary: fc.constantFrom('/c', '/d') }, { weight: 3, arbitrary: fc.constantFrom(...PATHS) }),
  usage: fc.constantFrom(...USAGES.filter((u) => u !== 'other')),
  purpose: fc.option(fc.constantFrom('news', 'ads', 'none'), { nil: undefined }),
});

suite('decisions kept by the class of their path', () => {
  test('a document asked in turn answers every question as a fresh document does', function () {
    this.timeout(120_000);
    fc.assert(fc.property(file, fc.array(query, { minLength: 4, maxLength: 10 }), (text, queries) => {
      const doc = parseDocument('file:///site/robots.txt', 1, text);
      for (const q of queries as Query[]) {
        assert.deepEqual(explain(doc, q), explain(parseDocument('file:///site/robots.txt', 1, text), q), JSON.stringify(q));
      }
    }), { numRuns: 60, seed: 13 });
  });

  test('paths of one class share a decision; a conventional line that differs between them does not', () => {
    // 300 records allow `/` for bot: every path is of one class.
    const text = `User-agent: bot\nDisallow: /c\n\n##ACAP version=1.0\n${'ACAP-crawler: bot\nACAP-allow-crawl: /\n'.repeat(300)}`;
    const doc = parseDocument('file:///site/robots.txt', 1, text);
    const x = explain(doc, { agent: 'bot', path: '/x' });
    const y = explain(doc, { agent: 'bot', path: '/y' });
    assert.equal(y.decision, x.decision);
    // /c: the conventional Disallow is a candidate too (interpretation §3.6), and ties with `/`
    // only by being narrower: it decides.
    const c = explain(doc, { agent: 'bot', path: '/c' });
    assert.notEqual(c.decision, x.decision);
    assert.equal(c.allowed, false);
    assert.deepEqual(c.decidedBy.map((d) => d.line), [2]);
  });

  test('a tier whose patterns were too many for one crawler is listed again for another that allows more', () => {
    // `*`: 320 fields on 48 patterns. For `other` (the `*` tier alone) 48 patterns are more than
    // one per 8 fields: listing them stops at the 41st. bot adds 2,000 fields of its own on one
    // pattern, which allows them all: its paths are read by class, with all 48 patterns.
    const star = Array.from({ length: 320 }, (_, i) => `ACAP-crawler: *\nACAP-disallow-crawl: /s${i % 48}/\n`).join('');
    const text = `##ACAP version=1.0\n${star}${'ACAP-crawler: bot\nACAP-allow-crawl: /b/\n'.repeat(2000)}`;
    const parse = () => parseDocument('file:///site/robots.txt', 1, text);
    const doc = parse();
    assert.equal(explain(doc, { agent: 'other', path: '/s47/x' }).allowed, false);
    // Nothing matches either path: one class, one kept decision.
    const none = explain(doc, { agent: 'bot', path: '/zzz' });
    assert.equal(explain(doc, { agent: 'bot', path: '/zzy' }).decision, none.decision);
    for (const path of ['/s47/x', '/s40/x', '/s0/x', '/b/x', '/zzz']) {
      assert.deepEqual(explain(doc, { agent: 'bot', path }), explain(parse(), { agent: 'bot', path }), path);
    }
    assert.equal(explain(doc, { agent: 'bot', path: '/s47/y' }).allowed, false);
  });
});
