/**
 * The crawlers a file names, as the active profile reads it: under `google`, the tokens of the
 * User-agent lines Google's parser reads (decisions §1), `useragent: FooBot` among them, so the
 * tables give such a crawler a row of its own. rfc9309 and koster1996 keep the model's names.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  agentToken, crawlersNamed, diffRobots, doHover, documentText, parseDocument, permissionMatrix, permissionsView, updateDocument,
  type Profile, type RobotsDocument,
} from '../../server/src/service';
import { aiUseTable } from '../../server/src/service/features/aiHover';
import { googleExtractAgent, googleSectionLines } from '../../server/src/service/engine/google';

const URI = 'file:///site/robots.txt';
const FOO = 'useragent: FooBot\nDisallow: /x\n';
const rowsWith = (m: { rows: readonly { crawlers: readonly string[] }[] }, name: string): number => m.rows.filter((r) => r.crawlers.includes(name)).length;

suite('crawler names under the google profile', () => {
  test('a crawler named only on a line Google reads as User-agent gets a row of its own in the permission table', () => {
    const d = parseDocument(URI, 1, FOO);
    const google = permissionMatrix(d, '/x', [], 'google');
    assert.equal(rowsWith(google, 'FooBot'), 1);
    assert.equal(google.rows.find((r) => r.crawlers.includes('FooBot'))?.cells[0].allowed, false);
    // RFC 9309 §2.2.1 knows no `useragent` field: no group names FooBot, and no row is added.
    assert.equal(rowsWith(permissionMatrix(d, '/x', [], 'rfc9309'), 'FooBot'), 0);
    assert.deepEqual(crawlersNamed(d), []);
    assert.deepEqual(crawlersNamed(d, 'koster1996'), []);
    assert.deepEqual(crawlersNamed(d, 'google'), ['FooBot']);
  });

  test('the hover on a path, the AI-use table, the permissions view and diff list it under google', () => {
    const d = parseDocument(URI, 1, FOO);
    const h = doHover(d, { line: 1, character: 11 }, { crawlers: [], profile: 'google' });
    const md = h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
    assert.match(md, /\| FooBot \| ✗/);
    assert.match(aiUseTable(d, '/x', [], 'google', {}), /\| FooBot \|/);
    assert.ok(permissionsView(d, '/x', { crawlers: [], profile: 'google' }).sections[0].rows.some((r) => r.crawlers.includes('FooBot')));
    const before = parseDocument(URI, 1, 'User-agent: *\nDisallow:\n');
    const flips = diffRobots(before, d, { crawlers: [], profile: 'google' }).flips;
    assert.ok(flips.some((f) => f.agents.includes('FooBot') && f.question === 'crawl'), JSON.stringify(flips));
  });

  test('the tokens Google reads: `AB42bot` names AB for Google; the model\'s spelling is kept; first spelling wins', () => {
    const d = parseDocument(URI, 1, 'User-agent: AB42bot\nuser agent: fooBot/1.0\nUseragent: FOOBOT\nDisallow: /\n');
    assert.deepEqual(crawlersNamed(d), ['AB42bot']);
    assert.deepEqual(crawlersNamed(d, 'google'), ['AB42bot', 'AB', 'fooBot']);
  });

  test('an edit of a line that only Google reads as User-agent changes the names under google', () => {
    let d = parseDocument('file:///names/robots.txt', 1, 'User-agent: *\nDisallow: /a\nuseragnt: FooBot\nDisallow: /x\n');
    assert.deepEqual(crawlersNamed(d, 'google'), []);
    assert.deepEqual(crawlersNamed(d), []);
    // `useragnt` → `useragent`: no group start for RFC 9309, a User-agent line for Google.
    d = updateDocument(d, [{ range: { start: { line: 2, character: 6 }, end: { line: 2, character: 6 } }, text: 'e' }], 2);
    assert.deepEqual(crawlersNamed(d), []);
    assert.deepEqual(crawlersNamed(d, 'google'), ['FooBot']);
    // And back.
    d = updateDocument(d, [{ range: { start: { line: 2, character: 6 }, end: { line: 2, character: 7 } }, text: '' }], 3);
    assert.deepEqual(crawlersNamed(d, 'google'), []);
  });

  // Differential: after every edit, the names equal those of a fresh parse and those of a
  // reference reading of every line (the model's names, then Google's tokens in file order).
  const PIECES = ['User-agent: a', 'useragent: FooBot', 'user agent: b/2', 'User-agent: *', 'useragnt: c', 'Useragent: AB42x', 'Disallow: /x', 'Dissallow: /y', 'ACAP-crawler: d', 'Content-Usage: train-ai=n', '# c', ''];
  const reference = (d: RobotsDocument, profile: Profile): string[] => {
    const out = new Map<string, string>();
    const add = (name: string): void => {
      if (name && name !== '*' && !out.has(name.toLowerCase())) out.set(name.toLowerCase(), name);
    };
    const google = profile === 'google' ? googleSectionLines(d).filter((g) => g.key === 'user-agent') : [];
    d.lines.forEach((line, i) => {
      const dir = line.directive;
      if (dir.kind === 'user-agent') add(agentToken(line.text.slice(dir.agent.start, dir.agent.end)));
      else if (dir.kind === 'acap-crawler') add(agentToken(line.text.slice(dir.name.start, dir.name.end)));
      for (const g of google) if (g.line === i && !/^\*(\s|$)/.test(g.value)) add(googleExtractAgent(g.value));
    });
    return [...out.values()];
  };
  test('names after each edit equal a fresh reading, under every profile', () => {
    fc.assert(fc.property(
      fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 8 }),
      fc.array(fc.record({ at: fc.nat(), piece: fc.constantFrom(...PIECES), insert: fc.boolean() }), { minLength: 1, maxLength: 8 }),
      (start, edits) => {
        let d = parseDocument('file:///names/prop.txt', 1, start.join('\n'));
        for (const p of ['rfc9309', 'google', 'koster1996'] as const) crawlersNamed(d, p);
        for (const e of edits) {
          const line = e.at % d.lines.length;
          const end = e.insert ? { line, character: 0 } : { line, character: d.lines[line].text.length };
          d = updateDocument(d, [{ range: { start: { line, character: 0 }, end }, text: e.insert ? `${e.piece}\n` : e.piece }], d.version + 1);
          const fresh = parseDocument('file:///names/fresh.txt', 1, documentText(d));
          for (const p of ['rfc9309', 'google', 'koster1996'] as const) {
            assert.deepEqual(crawlersNamed(d, p), reference(fresh, p), `${p} in:\n${documentText(d)}`);
          }
        }
      },
    ), { numRuns: 200 });
  });
});
