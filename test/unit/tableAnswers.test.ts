/**
 * The answers a hover's table asks for, made the short way: every usage of one crawler asked
 * together (explainVerdicts, one question read once for all of them), and the decision on a
 * usage no field speaks on (silence, interpretation §3.4) given without looking for candidates.
 * Each short way must give what the long way gives: the answers are compared with the same
 * questions asked one at a time, on fresh documents, and the cases where something does speak
 * — ACAP-disallow-other, a base usage, an unreadable field, a conventional line — must still
 * be decided.
 */
import * as assert from 'node:assert/strict';
import { explain, explainVerdict, explainVerdicts, type Query } from '../../server/src/service/engine/permissions';
import { permissionMatrix } from '../../server/src/service/engine/matrix';
import { parseDocument, type RobotsDocument } from '../../server/src/service';

const lines = (...ls: string[]): string => ls.join('\n') + '\n';
let serial = 0;
/** A document of its own (nothing kept from an earlier question about the same text). */
const fresh = (text: string): RobotsDocument => parseDocument(`file:///site${serial++}/robots.txt`, 1, text);

/** Records on crawl alone (what converting conventional lines gives), a group, and some other usages. */
const MIXED = lines(
  'User-agent: Googlebot',
  'Disallow: /private/',
  '',
  'ACAP-crawler: *',
  'ACAP-allow-crawl: /',
  'ACAP-disallow-crawl: /drafts/',
  'ACAP-allow-present: /news/',
  'ACAP-disallow-present-snippet: /news/paid/',
  '',
  'ACAP-crawler: GPTBot',
  'ACAP-disallow-crawl: /news/',
  'ACAP-disallow-other: /archive/',
  '',
  'ACAP-crawler: CCBot',
  'ACAP-usage-purpose: research',
  'ACAP-allow-index: /papers/',
);
const USAGES = ['crawl', 'follow', 'index', 'preserve', 'present', 'present-snippet', 'present-thumbnail'];

suite('a table\'s answers, asked together and where nothing speaks', () => {
  test('every usage of a crawler asked together answers as each asked alone, in both readings, with and without a purpose', () => {
    const doc = fresh(MIXED);
    let compared = 0;
    for (const agent of ['GPTBot', 'CCBot', 'Googlebot', 'SomeBot', '*']) {
      for (const path of ['/', '/news/a', '/news/paid/b', '/drafts/c', '/archive/d', '/papers/e', '/private/f']) {
        for (const reading of ['acap', 'conventional'] as const) {
          for (const purpose of [undefined, 'research']) {
            const query: Omit<Query, 'usage'> = { agent, path, reading, ...(purpose ? { purpose } : {}) };
            const together = explainVerdicts(doc, query, USAGES);
            // Alone, each on a document of its own, so that nothing the batch kept is read back.
            const alone = USAGES.map((usage) => explainVerdict(fresh(MIXED), { ...query, usage }));
            assert.deepEqual(together, alone, JSON.stringify(query));
            compared += USAGES.length;
          }
        }
      }
    }
    assert.equal(compared, 5 * 7 * 2 * 2 * USAGES.length);
  });

  test('the lines that decide are shared between answers, so they are frozen; a full explanation has its own', () => {
    const doc = fresh(lines('ACAP-crawler: *', 'ACAP-disallow-crawl: /news/', 'ACAP-allow-index: /'));
    const [index, follow] = explainVerdicts(doc, { agent: 'bot', path: '/news/a' }, ['index', 'follow']);
    // Both need crawl, which line 2 refuses: the same lines, one frozen array.
    assert.deepEqual(index.decidedBy.map((d) => d.line), [2]);
    assert.equal(follow.decidedBy, index.decidedBy);
    assert.ok(Object.isFrozen(index.decidedBy) && index.decidedBy.every((d) => Object.isFrozen(d)));
    const full = explain(doc, { agent: 'bot', path: '/news/a', usage: 'index' });
    assert.deepEqual(full.decidedBy, [{ line: 2, text: 'ACAP-disallow-crawl: /news/' }]);
    assert.ok(!Object.isFrozen(full.decidedBy) && !Object.isFrozen(full.decidedBy[0]));
  });

  test('an unknown usage among them is refused as explain refuses it', () => {
    assert.throws(() => explainVerdicts(fresh(MIXED), { agent: 'GPTBot', path: '/' }, ['crawl', 'indx']), /unknown usage ‘indx’/);
  });

  test('on a usage no line speaks on, the answer is silence, and it still needs crawl', () => {
    const doc = fresh(MIXED);
    const follow = explain(doc, { agent: 'GPTBot', path: '/about', usage: 'follow' });
    assert.equal(follow.decision.reason, 'silence');
    assert.equal(follow.decision.summary, 'follow: allowed — no line speaks on it, and silence is permission (guide §1.3)');
    assert.equal(follow.allowed, true);
    const refused = explain(doc, { agent: 'GPTBot', path: '/news/x', usage: 'follow' });
    assert.equal(refused.decision.reason, 'silence');
    assert.equal(refused.allowed, false, 'crawl is prohibited on /news/ for GPTBot');
    assert.deepEqual(refused.decidedBy.map((d) => d.line), [11]);
  });

  test('ACAP-disallow-other speaks on every usage: follow under /archive/ is prohibited by it', () => {
    const e = explain(fresh(MIXED), { agent: 'GPTBot', path: '/archive/2019', usage: 'follow' });
    assert.equal(e.decision.reason, 'disallow-other');
    assert.equal(e.allowed, false);
    // The line that prohibits, and the one that allows crawl (follow needs it).
    assert.deepEqual(e.decidedBy.map((d) => d.line), [12, 5]);
  });

  test('a base usage speaks for its specific ones: present decides present-thumbnail (Part 1 §2.4.1.3)', () => {
    const e = explain(fresh(MIXED), { agent: 'SomeBot', path: '/news/a', usage: 'present-thumbnail' });
    assert.equal(e.decision.reason, 'narrowest');
    assert.deepEqual(e.decision.winners.map((w) => [w.line, w.usage]), [[7, 'present']]);
  });

  test('a line crawlers cannot read still has its note where it would have spoken', () => {
    const text = lines('ACAP-crawler: *', 'ACAP-allow-crawl: /', 'ACAP-disallow index: /x/');
    const e = explain(fresh(text), { agent: 'bot', path: '/x/1', usage: 'index' });
    assert.equal(e.decision.reason, 'silence');
    assert.ok(e.notes.some((n) => /^Line 3 would prohibit index here, but it has a space where ACAP has a hyphen/.test(n)), e.notes.join('\n'));
  });

  test('a conventional line is a crawl candidate in the ACAP reading, where no ACAP field speaks on crawl', () => {
    const text = lines('User-agent: *', 'Disallow: /x/', '', 'ACAP-crawler: *', 'ACAP-allow-index: /');
    const e = explain(fresh(text), { agent: 'bot', path: '/x/1' });
    assert.equal(e.reading, 'acap');
    assert.equal(e.allowed, false);
    assert.deepEqual(e.decidedBy.map((d) => d.line), [2]);
  });

  test('the table of a file on crawl alone: every usage but crawl is silence, crawl decides the rows', () => {
    // ExampleBot is not in the crawler knowledge base, so it reads the ACAP records (issue 15).
    const text = lines('ACAP-crawler: *', 'ACAP-allow-crawl: /', '', 'ACAP-crawler: ExampleBot', 'ACAP-disallow-crawl: /news/');
    const m = permissionMatrix(fresh(text), '/news/a', ['ExampleBot', 'OtherBot'], 'rfc9309');
    const example = m.rows.find((r) => r.crawlers.includes('ExampleBot'));
    assert.ok(example, 'ExampleBot has a row of its own');
    assert.equal(example.reading, 'acap');
    assert.deepEqual(example.cells.map((c) => [c.allowed, c.needsCrawl, c.line]), [[false, false, 5], ...Array.from({ length: 5 }, () => [false, true, undefined])]);
    assert.deepEqual(m.star.cells.map((c) => c.allowed), [true, true, true, true, true, true]);
    assert.ok(m.star.crawlers.includes('OtherBot'), 'a crawler no record names answers as *');
  });
});
