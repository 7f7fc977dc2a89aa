/**
 * Part 1 §2.4.5's ranking of patterns, answered without comparing every pair (syntax/paths.ts):
 * `narrowerTest(keys)(k)` says whether one of `keys` is narrower than `k`, and `narrowestOf` keeps
 * the items no other item beats. Both against compareScope over every pair (fast-check), for key
 * sets small enough to be compared pairwise and large enough to go through the trie, with keys
 * asked that are in the set and keys that are not.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { compareScope, narrowerTest, narrowestOf } from '../../server/src/service/syntax/paths';

const key = fc.array(fc.constantFrom('/', 'a', 'b', '*', '$', 'ab'), { maxLength: 6 }).map((p) => `/${p.join('')}`);

const pairwise = (keys: readonly string[], k: string): boolean => keys.some((d) => d !== k && compareScope(d, k) < 0);

suite('narrowest patterns (Part 1 §2.4.5)', () => {
  test('narrowerTest answers as comparing the key with every key of the set', () => {
    fc.assert(
      fc.property(fc.array(key, { maxLength: 120 }), fc.array(key, { minLength: 1, maxLength: 20 }), (keys, asked) => {
        const narrower = narrowerTest(keys);
        for (const k of [...asked, ...keys.slice(0, 20)]) assert.equal(narrower(k), pairwise(keys, k), `${k} among ${keys.length} keys`);
      }),
      { numRuns: 400, seed: 7 },
    );
  });

  test('narrowestOf keeps, in order, the items whose key no other key is narrower than', () => {
    fc.assert(
      fc.property(fc.array(key, { maxLength: 120 }), (keys) => {
        const items = keys.map((k, i) => ({ k, i }));
        const expected = items.filter((x) => !pairwise(keys, x.k));
        assert.deepEqual(narrowestOf(items, (x) => x.k), expected);
      }),
      { numRuns: 400, seed: 11 },
    );
  });

  test('both sides of the 32-key threshold give the same answers (the trie is used past it)', () => {
    // 40 distinct keys: the trie; the same question of 30 of them: pairwise.
    const many = Array.from({ length: 40 }, (_, i) => `/p${i.toString(2)}`);
    for (const k of ['/p1', '/p10$', '/p1*', '/q', '/', '/p10011', '/p100111']) {
      assert.equal(narrowerTest(many)(k), pairwise(many, k), k);
      assert.equal(narrowerTest(many.slice(0, 30))(k), pairwise(many.slice(0, 30), k), k);
    }
    // `/p1` is extended by `/p10`; `/p100111` is longer than every key and extends none of them.
    assert.equal(narrowerTest(many)('/p1'), true);
    assert.equal(narrowerTest(many)('/p100111'), false);
  });
});
