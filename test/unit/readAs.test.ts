/**
 * The conversions' verification reads a converted file with and without
 * ACAP-ignore-conventional-records (Part 1 §2.9.1) through explain's ReadAs, instead of a copy of
 * the file with the line added or removed (once verify.ts; now test/unit/kit/ignoreLine.ts), and asks only the verdict
 * (allowedAs, which leaves out the other profiles' verdicts). Both must answer as the copy and the
 * full answer do: compared here over random files of conventional groups and ACAP records, with
 * and without the line (fast-check).
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { explain, parseDocument } from '../../server/src/service';
import { allowedAs, explainReadAs } from '../../server/src/service/engine/permissions';
import { toggleIgnore } from './kit/ignoreLine';

const PATTERNS = ['/', '/a', '/a/', '/a/b', '/a/*', '/*.htm$', '/A/'];
const PATHS = ['/', '/a', '/a/b', '/a/x.htm', '/b/y.htm', '/A/B'];
const USAGES = ['crawl', 'index', 'present-snippet', 'other'];
const AGENTS = ['bot', 'other', 'unnamed'];

const rule = fc.record({ allow: fc.boolean(), pattern: fc.constantFrom(...PATTERNS) }).map((r) => `${r.allow ? 'Allow' : 'Disallow'}: ${r.pattern}`);
const group = fc.record({ agent: fc.constantFrom('*', 'bot', 'other'), rules: fc.array(rule, { minLength: 1, maxLength: 3 }) })
  .map((g) => [`User-agent: ${g.agent}`, ...g.rules, ''].join('\n'));
const field = fc.record({ allow: fc.boolean(), usage: fc.constantFrom(...USAGES), pattern: fc.constantFrom(...PATTERNS) })
  .map((f) => `ACAP-${f.allow ? 'allow' : 'disallow'}-${f.usage}: ${f.pattern}`);
// A conventional line may stand inside a record (ACAP readers ignore it, interpretation §3.6).
const record = fc.record({ crawler: fc.constantFrom('*', 'bot', 'other'), fields: fc.array(fc.oneof(field, field, rule), { minLength: 1, maxLength: 4 }) })
  .map((r) => [`ACAP-crawler: ${r.crawler}`, ...r.fields].join('\n'));
const file = fc.record({ groups: fc.array(group, { maxLength: 3 }), records: fc.array(record, { maxLength: 3 }), ignore: fc.boolean() })
  .map((f) => [...f.groups, ...(f.ignore ? ['ACAP-ignore-conventional-records'] : []), ...f.records].join('\n') + '\n');
const query = fc.record({ agent: fc.constantFrom(...AGENTS), path: fc.constantFrom(...PATHS), usage: fc.constantFrom(...USAGES.filter((u) => u !== 'other')) });

suite('reading a file as if it had, or had not, ACAP-ignore-conventional-records', () => {
  test('ReadAs answers as the copy with the line added or removed; allowedAs as the full answer', () => {
    fc.assert(fc.property(file, fc.array(query, { minLength: 1, maxLength: 6 }), (text, queries) => {
      const doc = parseDocument('file:///site/robots.txt', 1, text);
      const has = text.includes('ACAP-ignore-conventional-records');
      const copy = toggleIgnore(doc);
      for (const q of queries) {
        const asked = { ...q, reading: 'acap' as const };
        const same = explain(doc, asked);
        const toggled = explain(copy, asked);
        const what = `${JSON.stringify(q)}\n${text}`;
        assert.equal(allowedAs(doc, asked, {}), same.allowed, what);
        assert.equal(allowedAs(doc, asked, { ignoreConventional: has }), same.allowed, what);
        assert.equal(allowedAs(doc, asked, { ignoreConventional: !has }), toggled.allowed, what);
        const read = explainReadAs(doc, asked, { ignoreConventional: !has });
        assert.equal(read.allowed, toggled.allowed, what);
        assert.equal(read.decision.reason, toggled.decision.reason, what);
        assert.equal(read.conventional.ignored, !has, what);
      }
    }), { numRuns: 600, seed: 5 });
  });

  test('a decision kept for one reading is not given for the other', () => {
    // The conventional Disallow decides when it is read, and ACAP's silence permits when not.
    const doc = parseDocument('file:///site/robots.txt', 1, 'User-agent: bot\nDisallow: /a\n\nACAP-crawler: bot\nACAP-allow-index: /a\n');
    const q = { agent: 'bot', path: '/a', reading: 'acap' as const };
    assert.equal(allowedAs(doc, q, {}), false);
    assert.equal(allowedAs(doc, q, { ignoreConventional: true }), true);
    assert.equal(allowedAs(doc, q, { ignoreConventional: false }), false);
    assert.match(explainReadAs(doc, q, { ignoreConventional: true }).notes.join('\n'), /Read as if the file told ACAP crawlers to ignore the conventional records/);
  });
});
