/**
 * Koster 1996 §3.2.1 picks the first record whose User-agent value contains the crawler's name
 * (case-insensitively), else the `*` record. conventional.ts answers it from one joined string of
 * every value and says which value matched; this compares that with reading the groups in order
 * (fast-check), for names the file spells and names it does not, asked in any order; `*`, any
 * other robot, reads the default record even where a value holds a `*`.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { documentText, lineAt, parseDocument, updateDocument } from '../../server/src/service';
import { evaluateConventional } from '../../server/src/service/engine/conventional';

const VALUES = ['*', 'bot', 'Bot2', 'abot', 'GoogleBot', 'googlebot-news', 'ab', 'b', 'x y', 'BOTx', 'bot*'];

suite('Koster 1996 §3.2.1: the record whose User-agent value contains the name', () => {
  test('the group and the value that contains the name are the first in file order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom(...VALUES), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.constantFrom('bot', 'BOT', 'b', 'ab', 'googlebot', 'news', 'y', 'zzz', 'x y', '*'), { minLength: 1, maxLength: 6 }),
        (groups, tokens) => {
          const lines: string[] = [];
          const agentLines: { line: number; value: string }[][] = [];
          for (const [k, values] of groups.entries()) {
            agentLines.push(values.map((value) => ({ line: lines.push(`User-agent: ${value}`) - 1, value })));
            lines.push(`Disallow: /g${k}`, '');
          }
          const doc = parseDocument('file:///robots.txt', 1, lines.join('\n'));
          for (const token of tokens) {
            const t = token.toLowerCase();
            // `*` asks for any other robot: the default record, never a value that contains a `*`.
            const group = t === '*' ? undefined : agentLines.find((g) => g.some((a) => a.value !== '*' && a.value.toLowerCase().includes(t)));
            const v = evaluateConventional(doc, token, '/', 'koster1996');
            if (!group) {
              assert.equal(v.named, false, token);
              continue;
            }
            const first = group.find((a) => a.value !== '*' && a.value.toLowerCase().includes(t))!;
            assert.equal(v.named, true, token);
            assert.deepEqual(v.groupLines, group.map((a) => a.line), token);
            assert.equal(v.substring?.line, first.value.toLowerCase() === t ? undefined : first.line, token);
          }
        },
      ),
      { numRuns: 500, seed: 23 },
    );
  });
  test('across edits of one URI, each version answers as a fresh document would (the places of the tokens are kept while the User-agent values stay equal)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(fc.constantFrom(...VALUES), { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }),
        fc.array(fc.record({ agents: fc.boolean(), pick: fc.nat(), value: fc.constantFrom(...VALUES) }), { minLength: 1, maxLength: 8 }),
        fc.array(fc.constantFrom('bot', 'b', 'ab', 'googlebot', 'news', 'zzz'), { minLength: 1, maxLength: 4 }),
        (groups, edits, tokens) => {
          const lines: string[] = [];
          for (const [k, values] of groups.entries()) lines.push(...values.map((v) => `User-agent: ${v}`), `Disallow: /g${k}`, '');
          const agentLines = lines.flatMap((l, i) => (l.startsWith('User-agent') ? [i] : []));
          const ruleLines = lines.flatMap((l, i) => (l.startsWith('Disallow') ? [i] : []));
          let doc = parseDocument('file:///edited/robots.txt', 1, lines.join('\n'));
          const ask = (): void => {
            const fresh = parseDocument('file:///fresh/robots.txt', 1, documentText(doc));
            for (const token of tokens) {
              const got = evaluateConventional(doc, token, '/g1', 'koster1996');
              const want = evaluateConventional(fresh, token, '/g1', 'koster1996');
              assert.deepEqual([got.named, got.groupLines, got.substring, got.allowed, got.line], [want.named, want.groupLines, want.substring, want.allowed, want.line], token);
            }
          };
          ask();
          for (const e of edits) {
            // Either a User-agent value changes (the joined values differ) or a rule's path does (they stay equal).
            const line = e.agents ? agentLines[e.pick % agentLines.length] : ruleLines[e.pick % ruleLines.length];
            const old = lineAt(doc, line).text;
            const text = e.agents ? `User-agent: ${e.value}` : `${old}x`;
            doc = updateDocument(doc, [{ range: { start: { line, character: 0 }, end: { line, character: old.length } }, text }], doc.version + 1);
            ask();
          }
        },
      ),
      { numRuns: 300, seed: 29 },
    );
  });
});
