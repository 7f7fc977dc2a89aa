/**
 * The index of a long list's ACAP patterns (permissions.ts matchingFields) finds what reading
 * every field finds: the fields on the usages asked with a pattern matching the path, each with
 * the narrowest matching pattern as the field's own order picks it (Part 1 §2.4.5, §2.8), in list
 * order. Lists of more than 16 fields go through the index, shorter ones are read whole; both are
 * compared with a plain scan here (fast-check).
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseDocument } from '../../server/src/service';
import { compileRecords, type AcapField } from '../../server/src/service/engine/acapRules';
import { listsSpeaking, matchingFields, purposeLists, relevantUsages } from '../../server/src/service/engine/permissions';
import { compareScope, matchPattern } from '../../server/src/service/syntax/paths';

const USAGES = ['crawl', 'index', 'present', 'present-snippet', 'other'];
const pattern = fc.string({ unit: fc.constantFrom('a', 'b', 'A', '/', '*', '%62'), maxLength: 6 }).map((p) => `/${p}`)
  .chain((p) => fc.boolean().map((dollar) => (dollar ? `${p}$` : p)));

/** The field's narrowest matching pattern, read in its own order. */
function scan(list: readonly AcapField[], usages: readonly string[], path: string): [number, string][] {
  const out: [number, string][] = [];
  list.forEach((f, k) => {
    if (!usages.includes(f.usage)) return;
    let best: string | undefined;
    for (const p of f.patterns) if (matchPattern(p.key, path) && (best === undefined || compareScope(p.key, best) < 0)) best = p.key;
    if (best !== undefined) out.push([k, best]);
  });
  return out;
}

suite('ACAP fields found through an index of their patterns', () => {
  test('the same fields and keys as reading every field, for short and long lists', () => {
    fc.assert(
      fc.property(
        fc.array(pattern, { minLength: 1, maxLength: 5 }),
        fc.array(fc.record({ usage: fc.constantFrom(...USAGES), allow: fc.boolean(), pattern, set: fc.boolean() }), { minLength: 1, maxLength: 60, size: 'max' }),
        fc.array(fc.string({ unit: fc.constantFrom('a', 'b', '/'), maxLength: 7 }).map((p) => `/${p}`), { minLength: 1, maxLength: 8 }),
        fc.constantFrom(...USAGES),
        (setPatterns, fields, paths, asked) => {
          const text = [
            '##ACAP version=1.0',
            `ACAP-resource-set: s ${setPatterns.join(' ')}`,
            'ACAP-crawler: *',
            ...fields.map((f) => `ACAP-${f.allow ? 'allow' : 'disallow'}-${f.usage}: ${f.set ? 'the-acap:resource-set:s' : f.pattern}`),
          ].join('\n');
          const list = compileRecords(parseDocument('file:///site/robots.txt', 1, text))[0].general;
          const usages = relevantUsages(asked);
          for (const path of paths) {
            const found = matchingFields(list, usages, path).map(([f, key]): [number, string] => [list.indexOf(f), key]);
            assert.deepEqual(found, scan(list, usages, path), `${path} (${asked}), ${list.length} fields`);
          }
        },
      ),
      { numRuns: 300, seed: 26 },
    );
  });

  test('the lists found by the usages they speak on hold every match (tiers of 32 records and more)', () => {
    const record = fc.array(fc.record({ usage: fc.constantFrom(...USAGES), allow: fc.boolean(), pattern }), { maxLength: 3 });
    fc.assert(
      fc.property(
        fc.array(record, { minLength: 1, maxLength: 80, size: 'max' }),
        fc.array(fc.string({ unit: fc.constantFrom('a', 'b', '/'), maxLength: 7 }).map((p) => `/${p}`), { minLength: 1, maxLength: 6 }),
        fc.array(fc.constantFrom(...USAGES), { minLength: 1, maxLength: 4 }),
        (records, paths, asked) => {
          const text = ['##ACAP version=1.0', ...records.flatMap((fields) => ['ACAP-crawler: b', ...fields.map((f) => `ACAP-${f.allow ? 'allow' : 'disallow'}-${f.usage}: ${f.pattern}`)])].join('\n');
          const lists = compileRecords(parseDocument('file:///site/robots.txt', 1, text)).map((r) => r.general);
          // Asked in turn, as a hover asks one usage after another of the same tier.
          for (const usage of asked) {
            const usages = relevantUsages(usage);
            const found = listsSpeaking(lists, usages);
            for (const path of paths) {
              const all = (ls: readonly (readonly AcapField[])[]): string[] => ls.flatMap((l) => matchingFields(l, usages, path).map(([f, key]) => `${f.line} ${key}`));
              assert.deepEqual(all(found), all(lists), `${path} (${usage}), ${lists.length} records`);
            }
            if (lists.length >= 32) assert.ok(found.every((l) => l.some((f) => usages.includes(f.usage))), 'only lists speaking on the usage');
          }
        },
      ),
      { numRuns: 300, seed: 27 },
    );
  });
});

suite('purpose sub-records found through an index of their purpose patterns', () => {
  test('the same sub-records, in file order, as matching every purpose pattern (Part 1 §2.3.3)', () => {
    const purposePattern = fc.string({ unit: fc.constantFrom('a', 'b', 'N', '*', '$', '-'), maxLength: 5 });
    fc.assert(
      fc.property(
        fc.array(fc.record({ crawler: fc.constantFrom('*', 'bot'), subs: fc.array(fc.array(purposePattern, { minLength: 1, maxLength: 3 }), { maxLength: 4 }) }), { minLength: 1, maxLength: 12 }),
        fc.array(fc.string({ unit: fc.constantFrom('a', 'b', 'n', 'A', '-'), maxLength: 6 }), { minLength: 1, maxLength: 6 }),
        (records, purposes) => {
          const lines = ['##ACAP version=1.0'];
          let k = 0;
          for (const r of records) {
            lines.push(`ACAP-crawler: ${r.crawler}`, 'ACAP-allow-crawl: /');
            for (const sub of r.subs) {
              for (const p of sub) lines.push(`ACAP-usage-purpose: ${p}`);
              lines.push(`ACAP-disallow-index: /s${k++}`);
            }
          }
          const compiled = compileRecords(parseDocument('file:///robots.txt', 1, lines.join('\n') + '\n'));
          for (const purpose of purposes) {
            const expected = compiled.flatMap((r) => r.subRecords.filter((s) => s.purposes.some((p) => matchPattern(p.key, purpose.toLowerCase()))).map((s) => s.fields));
            assert.deepEqual(purposeLists(compiled, purpose), expected, purpose);
          }
        },
      ),
      { numRuns: 500, seed: 3 },
    );
  });
});
