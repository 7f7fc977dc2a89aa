/**
 * A group's rule index asked again after several versions with no query in between: lines added,
 * removed or typed in a large group make regions (regionsChangedSince), apart or merged, whose
 * lines may be more than the index moves rule by rule (conventional.ts rebaseEntry, MOVE_MAX), so
 * the index is built again, or moved where the regions are narrow. After such a run of edits (fast-check), every
 * verdict under rfc9309 and koster1996 (both read that index), with the rules the verdict lists,
 * equals that of the same text parsed afresh; the first version still answers as it did.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { documentText, evaluateConventional, parseDocument, updateDocument, type RobotsDocument } from '../../server/src/service';

const WORDS = ['a', 'b', 'news', 'x', 'private', 'tmp'];
const PATTERNS = Array.from({ length: 700 }, (_, k) => {
  const w = WORDS[k % WORDS.length];
  switch (k % 5) {
    case 0: return `/${w}/${k}`;
    case 1: return `/${w}/${k}$`;
    case 2: return `/${w}*/${k % 7}`;
    case 3: return `/${w}/`;
    default: return `/${w}-${k % 11}`;
  }
});
const BASE = [
  'User-agent: *',
  ...PATTERNS.map((p, k) => `${k % 3 ? 'Disallow' : 'Allow'}: ${p}`),
  '',
  'User-agent: bot',
  'Disallow: /b/',
].join('\n') + '\n';
const PATHS = ['/', '/a/0', '/a/6', '/b/1', '/news/2', '/news/3$', '/x-3', '/private/', '/tmp/9', '/a/x/5', '/b/123', '/news-4', '/q', '/a/600', '/x/695'];
const AGENTS = ['Googlebot', 'bot'];

/** The verdicts a rule index answers, with the rules each lists. */
function answers(doc: RobotsDocument): unknown[] {
  const out: unknown[] = [];
  for (const profile of ['rfc9309', 'koster1996'] as const) {
    for (const agent of AGENTS) {
      for (const path of PATHS) {
        const v = evaluateConventional(doc, agent, path, profile);
        out.push([profile, agent, path, v.allowed, v.line, v.rules().map((r) => [r.line, r.allow, r.pattern])]);
      }
    }
  }
  return out;
}

/** An edit anywhere in the large group: Enter before a line, a line removed, a rule typed, a pattern typed into. */
const edit = fc.record({
  line: fc.integer({ min: 1, max: 700 }),
  kind: fc.constantFrom('enter', 'remove', 'insert rule', 'type'),
  text: fc.constantFrom('x', '/news/', '*', '$', 'Disallow: /a/0', 'Allow: /b/'),
});

suite('rule indexes asked again after several versions', () => {
  test('after edits far apart with no query in between, verdicts equal a fresh parse', () => {
    fc.assert(
      fc.property(fc.array(edit, { minLength: 2, maxLength: 6 }), (edits) => {
        let doc = parseDocument('file:///wide/robots.txt', 1, BASE);
        const before = answers(doc);
        const first = doc;
        // Far apart: the first edit near the top, the others anywhere, so the region is wide.
        const plan = [{ ...edits[0], line: 1 + (edits[0].line % 5) }, ...edits.slice(1)];
        for (const e of plan) {
          const line = Math.min(e.line, doc.lines.length - 2);
          const text = doc.lines[line].text;
          const change = e.kind === 'enter' ? { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: '\n' }
            : e.kind === 'remove' ? { range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: '' }
            : e.kind === 'insert rule' ? { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: `${e.text.includes(':') ? e.text : `Disallow: ${e.text}`}\n` }
            : { range: { start: { line, character: text.length }, end: { line, character: text.length } }, text: e.text.includes(':') ? 'z' : e.text };
          doc = updateDocument(doc, [change], doc.version + 1);
        }
        assert.deepEqual(answers(doc), answers(parseDocument('file:///fresh/robots.txt', doc.version, documentText(doc))));
        // The version the index was moved from is answered for its own text.
        assert.deepEqual(answers(first), before);
      }),
      { numRuns: 60 },
    );
  });
});
