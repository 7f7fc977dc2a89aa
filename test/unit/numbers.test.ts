/**
 * The loops that a line added or removed runs over every member of a group (syntax/numbers.ts),
 * and carryLines (syntax/document.ts), which cuts its sorted list by binary search: each against
 * the obvious definition, on random lists (fast-check). They live in small functions of their own
 * so that V8 does not compile them on the stack with the rest of a larger function (see the
 * comment in numbers.ts); what is asserted here is only that they compute what they did inline.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { carryLines } from '../../server/src/service/syntax/document';
import { addFrom, appendMoved, nonNegativeAt, sameMoved } from '../../server/src/service/syntax/numbers';

const sorted = fc.uniqueArray(fc.nat(200)).map((xs) => xs.sort((a, b) => a - b));

suite('numbers: the members loops', () => {
  test('sameMoved: every a[k] + delta is b[k - from + at] on [from, to)', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: -5, max: 5 }), { maxLength: 30 }), fc.nat(30), fc.nat(30), fc.nat(30), fc.integer({ min: -3, max: 3 }), fc.boolean(), (a, x, y, at, delta, alike) => {
      const from = Math.min(x, y, a.length);
      const to = Math.min(Math.max(x, y), a.length);
      // b holds a's span moved by delta (alike), or that span not moved, with every other value plus one.
      const b = alike ? [...Array(at).fill(0), ...a.slice(from, to).map((v) => v + delta)] : [...Array(at).fill(0), ...a.slice(from, to).map((v, k) => (k % 2 ? v : v + 1))];
      let expected = true;
      for (let k = from; k < to; k++) if (a[k] + delta !== b[k - from + at]) expected = false;
      assert.equal(sameMoved(a, from, to, b, at, delta), expected);
      if (alike) assert.equal(sameMoved(a, from, to, b, at, delta), true);
    }));
  });

  test('addFrom and appendMoved: the tail moved by delta, the head left alone', () => {
    fc.assert(fc.property(fc.array(fc.integer(), { maxLength: 30 }), fc.nat(35), fc.integer({ min: -4, max: 4 }), (xs, from, delta) => {
      const moved = xs.slice();
      addFrom(moved, from, delta);
      assert.deepEqual(moved, xs.map((v, k) => (k >= from ? v + delta : v)));
      const out = [7];
      appendMoved(out, xs, from, delta);
      assert.deepEqual(out, [7, ...xs.slice(from).map((v) => v + delta)]);
    }));
  });

  test('nonNegativeAt: the positions of the values not below 0, ascending', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: -2, max: 2 }), { maxLength: 40 }), (values) => {
      const expected = values.flatMap((v, k) => (v >= 0 ? [k] : []));
      assert.deepEqual([...nonNegativeAt(Int32Array.from(values))], expected);
    }));
  });

  test('carryLines: numbers before the region kept, the region read again, those after it moved', () => {
    fc.assert(fc.property(sorted, fc.nat(200), fc.nat(20), fc.integer({ min: -20, max: 20 }), fc.nat(200), fc.nat(200), (lines, from, span, grow, s, e) => {
      const region = { from, oldEnd: from + span, newEnd: Math.max(from, from + span + grow) };
      const keep = (i: number): boolean => i % 3 === 0;
      const [start, end] = s <= e ? [s, e] : [e, s];
      const delta = region.newEnd - region.oldEnd;
      const expected = [
        ...lines.filter((i) => i < region.from),
        ...Array.from({ length: Math.max(0, Math.min(region.newEnd, end) - Math.max(region.from, start)) }, (_, k) => Math.max(region.from, start) + k).filter(keep),
        ...lines.filter((i) => i >= region.oldEnd).map((i) => i + delta),
      ];
      assert.deepEqual(carryLines(lines, region, keep, start, end), expected);
    }));
  });
});
