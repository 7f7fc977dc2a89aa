/**
 * The crawler knowledge base as dated data (issue 14, point 2): its size and shape, the control
 * tokens, the stale-fact note in hover text, and the refresh script over the ai.robots.txt list
 * (test/data/ai-robots-txt.robots.json, MIT, see NOTICE).
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { AI_USES, CONTROL_TOKEN_OF, CRAWLERS, CRAWLER_BY_TOKEN, CRAWLER_PURPOSES, describeCrawler } from '../../server/src/service';
import { fromList, honours, purposeOf, refresh, type StoredTable } from '../../scripts/refresh-crawlers';

const LIST = JSON.parse(readFileSync(path.join(__dirname, '..', 'data', 'ai-robots-txt.robots.json'), 'utf8')) as Record<string, Record<string, string>>;
const TABLE = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'server', 'src', 'service', 'facts', 'crawlers.json'), 'utf8')) as StoredTable;

suite('crawler knowledge base', () => {
  test('at least 150 entries, every crawler of the ai.robots.txt list and the search engines', () => {
    assert.ok(CRAWLERS.length >= 150, String(CRAWLERS.length));
    for (const token of Object.keys(LIST)) assert.ok(CRAWLER_BY_TOKEN.has(token.toLowerCase()), token);
    for (const t of ['Googlebot', 'Bingbot', 'DuckDuckBot', 'YandexBot', 'Baiduspider', 'Applebot', 'Slurp', 'SeznamBot', 'Yeti', 'Qwantbot', 'MojeekBot', 'PetalBot']) {
      assert.equal(CRAWLER_BY_TOKEN.get(t.toLowerCase())?.purpose, 'search', t);
    }
  });
  test('every entry is dated, sourced as a URL or not at all, reads no ACAP, and has a known purpose', () => {
    for (const c of CRAWLERS) {
      assert.match(c.checked, /^\d{4}-\d{2}-\d{2}$/, c.token);
      assert.ok(c.source === undefined || /^https?:\/\/\S+$/.test(c.source), c.token);
      assert.equal(c.readsAcap, false, c.token);
      assert.ok(CRAWLER_PURPOSES.includes(c.purpose), c.token);
      assert.ok(c.operator.length > 0 && c.aiControl.length > 0, c.token);
    }
  });
  test('control tokens: Google-Extended governs Googlebot\'s AI training and input, Applebot-Extended Applebot\'s training', () => {
    assert.equal(CONTROL_TOKEN_OF.get('googlebot')?.token, 'Google-Extended');
    assert.deepEqual(CONTROL_TOKEN_OF.get('googlebot')?.controls?.uses, ['ai-train', 'ai-input']);
    assert.equal(CONTROL_TOKEN_OF.get('applebot')?.token, 'Applebot-Extended');
    assert.deepEqual(CONTROL_TOKEN_OF.get('applebot')?.controls?.uses, ['ai-train']);
    assert.equal(CRAWLER_BY_TOKEN.get('googlebot')?.aiControl, 'Google-Extended');
    assert.equal(CONTROL_TOKEN_OF.get('gptbot'), undefined);
    for (const c of CRAWLERS) for (const u of c.controls?.uses ?? []) assert.ok(AI_USES.includes(u));
  });
  test('hover text flags a fact checked more than a year ago, and only then', () => {
    const gpt = CRAWLER_BY_TOKEN.get('gptbot')!;
    const fresh = describeCrawler({ ...gpt, checked: '2026-01-10' }, '2026-11-23');
    assert.ok(!fresh.includes('over a year'), fresh);
    assert.ok(fresh.includes('Checked 2026-01-10'), fresh);
    const old = describeCrawler({ ...gpt, checked: '2024-06-01' }, '2026-11-23');
    assert.ok(old.includes('Checked over a year ago (2 years)'), old);
    assert.ok(describeCrawler(CRAWLER_BY_TOKEN.get('google-extended')!, '2026-11-23').includes('Governs ai-train and ai-input for Googlebot'));
  });
});

suite('scripts/refresh-crawlers.ts', () => {
  test('respect texts: Yes, [Yes](url), No, unclear', () => {
    assert.equal(honours('Yes'), true);
    assert.equal(honours('[Yes](https://example.com/bot)'), true);
    assert.equal(honours('[No](https://example.com)'), false);
    assert.equal(honours('Unclear at this time.'), null);
    assert.equal(honours(undefined), null);
  });
  test('purposes from the list\'s function text', () => {
    assert.equal(purposeOf('AI Assistants', ''), 'user-triggered');
    assert.equal(purposeOf('AI Search Crawlers', ''), 'ai-answers');
    assert.equal(purposeOf('LLM training.', ''), 'ai-training');
    assert.equal(purposeOf('Data is sold.', 'Sells things.'), 'other');
  });
  test('curated entries win, list duplicates differing in case collapse, entries are dated', () => {
    const list = { GPTBot: { operator: 'X', respect: 'No', function: 'LLM training.' }, NewBot: { operator: '[Acme](https://acme.example/bot)', respect: 'Yes', function: 'AI Search Crawlers', description: 'Finds things. More info can be found at https://x.example' }, newbot: { operator: 'Dup' } };
    const out = fromList(list, new Set(['gptbot']), '2026-09-01');
    assert.deepEqual(out.map((c) => [c.token, c.operator, c.purpose, c.honoursRobotsTxt, c.source, c.checked, c.note]), [['NewBot', 'Acme', 'ai-answers', true, 'https://acme.example/bot', '2026-09-01', 'Finds things.']]);
  });
  test('refreshing the stored table from the stored list changes nothing but dates', () => {
    const again = refresh(TABLE, LIST, TABLE.list.checked, TABLE.list.commit);
    assert.deepEqual(again, TABLE);
  });
});
