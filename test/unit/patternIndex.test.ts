/**
 * The pattern index (engine/patternIndex.ts) against a plain reading: for random patterns (many
 * repeated, wildcards and `$`) added and removed in random order, `matches` equals the items
 * whose pattern matches the path by matchPattern, and `literalMatches` those whose pattern, read
 * with every character literal, is a prefix of it — asked twice in a row (the remembered answer)
 * and after every change (which must forget it).
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { PatternIndex } from '../../server/src/service/engine/patternIndex';
import { matchPattern } from '../../server/src/service/syntax/paths';

interface Item { readonly id: number; readonly pattern: string }

const pattern = fc.array(fc.constantFrom('/', 'a', 'b', '*', '$', '.pdf'), { minLength: 1, maxLength: 6 }).map((p) => `/${p.join('')}`);
const path = fc.array(fc.constantFrom('/', 'a', 'b', '.pdf', '$', '*'), { maxLength: 8 }).map((p) => `/${p.join('')}`);
const step = fc.oneof(
  { weight: 3, arbitrary: fc.record({ op: fc.constant('add' as const), pattern }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('remove' as const), which: fc.nat() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('ask' as const), path }) },
);

const ids = (items: readonly Item[]): number[] => items.map((i) => i.id).sort((a, b) => a - b);

suite('pattern index', () => {
  test('matches and literal matches equal a plain reading, through adds, removes and repeated questions', () => {
    fc.assert(
      fc.property(fc.array(pattern, { maxLength: 12 }), fc.array(step, { maxLength: 40 }), (initial, steps) => {
        let next = 0;
        const live: Item[] = initial.map((p) => ({ id: next++, pattern: p }));
        const index = new PatternIndex<Item>(live.map((item) => ({ pattern: item.pattern, item })));
        const check = (p: string): void => {
          for (let twice = 0; twice < 2; twice++) {
            assert.deepEqual(ids(index.matches(p)), ids(live.filter((i) => matchPattern(i.pattern, p))), `matches ${p}`);
            assert.deepEqual(ids(index.literalMatches(p)), ids(live.filter((i) => p.startsWith(i.pattern))), `literal ${p}`);
          }
        };
        // The path asked last is asked again after each change: a remembered answer must not outlive it.
        let asked = '/';
        for (const s of steps) {
          if (s.op === 'add') {
            const item = { id: next++, pattern: s.pattern };
            live.push(item);
            index.add(item.pattern, item);
            check(asked);
          } else if (s.op === 'remove') {
            if (live.length === 0) continue;
            const [item] = live.splice(s.which % live.length, 1);
            index.remove(item.pattern, item);
            check(asked);
          } else check((asked = s.path));
        }
        for (const item of live) check(item.pattern.replace(/\$$/, ''));
      }),
      { numRuns: 1500 },
    );
  });
});
