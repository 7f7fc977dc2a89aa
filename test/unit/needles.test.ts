/**
 * Needles (syntax/needles.ts), the Aho–Corasick automaton the engine's Koster reading and the
 * never-wins check share: each needle that occurs in a text is reported once, at its first
 * occurrence, as indexOf finds it; an automaton built once answers any number of texts.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { firstOccurrences, Needles } from '../../server/src/service/syntax/needles';

/** indexOf for each needle: what the automaton must find. */
function plain(text: string, needles: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const w of needles) if (w !== '' && text.includes(w)) out.set(w, text.indexOf(w));
  return out;
}

// A small alphabet (and one unit above ASCII, which takes the automaton's other table) so that
// needles overlap, nest and repeat.
const unit = fc.constantFrom('a', 'b', '/', '*', 'é');
const word = fc.string({ unit, maxLength: 5 });

suite('Needles: many strings found in one scan', () => {
  test('every needle that occurs, at its first occurrence, as indexOf finds it (random texts)', () => {
    fc.assert(
      fc.property(fc.array(word, { maxLength: 12 }), fc.array(fc.string({ unit, maxLength: 40 }), { minLength: 1, maxLength: 4 }), (needles, texts) => {
        const automaton = new Needles(needles);
        // One automaton, several texts: a scan leaves nothing behind for the next.
        for (const text of texts) {
          const found = new Map<string, number>();
          automaton.firsts(text, (w, start) => {
            assert.ok(!found.has(automaton.words[w]), 'reported twice');
            found.set(automaton.words[w], start);
          });
          assert.deepEqual(found, plain(text, needles));
          assert.deepEqual(firstOccurrences(text, needles), plain(text, needles));
        }
      }),
      { numRuns: 500, seed: 7 },
    );
  });

  test('a visit returning true stops the scan; empty and repeated needles are numbered once', () => {
    const automaton = new Needles(['', 'ab', 'b', 'ab', 'zz']);
    assert.deepEqual(automaton.words, ['ab', 'b', 'zz']);
    const seen: string[] = [];
    automaton.firsts('xabzz', (w) => { seen.push(automaton.words[w]); return true; });
    // `ab` and `b` end at the same place: the longer is reported first, then the scan stops.
    assert.deepEqual(seen, ['ab']);
  });
});
