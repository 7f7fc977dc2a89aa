/**
 * The pattern index (engine/patternIndex.ts) against a plain reading: for random patterns (many
 * repeated, wildcards and `$`) added and removed in random order, `matches` equals the items
 * whose pattern matches the path by matchPattern, and `literalMatches` those whose pattern, read
 * with every character literal, is a prefix of it — asked twice in a row (the remembered answer)
 * and after every change (which must forget it). With hundreds of keys added and removed, the
 * filter of prefix hashes is made again on the way, and must never hide a key.
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

/** The pattern read as a regular expression (RFC 9309 §2.2.3, Part 1 §2.4.5): `*` any run, a final `$` the end. */
function reference(pattern: string, p: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const source = body.split('*').map((run) => run.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('.*');
  return new RegExp(`^${source}${anchored ? '$' : ''}`).test(p);
}

suite('pattern index', () => {
  test('matchPattern (a prefix or whole-path test without `*`, compiled runs with one) equals the pattern read as a regular expression', () => {
    fc.assert(fc.property(fc.oneof(pattern, fc.constantFrom('$', '/a$', '/a$b', '/', '*', '**$')), path, (pt, p) => {
      assert.equal(matchPattern(pt, p), reference(pt, p), `${pt} ${p}`);
    }), { numRuns: 2000 });
  });

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

  test('hundreds of keys added and removed: every filter rebuild keeps every live key findable', () => {
    const sample = ['/1', '/12/d/d', '/340/d/d/d/d/x', '/51x', '/999/d/d/d/d'];
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 999 }), { minLength: 200, maxLength: 600 }), fc.array(fc.nat(), { minLength: 100, maxLength: 700 }), (numbers, removals) => {
        const live: Item[] = [];
        const index = new PatternIndex<Item>([]);
        // Asked every 25 changes: the filter of prefix hashes is made early, then kept up through
        // the adds (made again as the keys outgrow it) and the removals (made again as they pile up).
        const ask = (paths: readonly string[]): void => {
          for (const p of paths) assert.deepEqual(ids(index.matches(p)), ids(live.filter((i) => matchPattern(i.pattern, p))), `matches ${p}`);
        };
        let changes = 0;
        const changed = (): void => {
          if (++changes % 25 === 0) ask([...sample, ...live.slice(-3).map((i) => `${i.pattern.replace('*', 'y')}/z`)]);
        };
        numbers.forEach((n, id) => {
          // Literal keys of many lengths, a few wildcard ones: /7, /7/d/d, /17*x…
          const p = n % 17 === 0 ? `/${n}*x` : `/${n}${'/d'.repeat(n % 5)}`;
          live.push({ id, pattern: p });
          index.add(p, live[live.length - 1]);
          changed();
        });
        for (const r of removals) {
          if (live.length === 0) break;
          const [item] = live.splice(r % live.length, 1);
          index.remove(item.pattern, item);
          changed();
        }
        ask([...sample, ...live.map((i) => `${i.pattern.replace('*', 'y')}/z`)]);
      }),
      { numRuns: 60, endOnFailure: true },
    );
  });
});
