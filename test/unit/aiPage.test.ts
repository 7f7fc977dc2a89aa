/** AI uses of an HTML page (issue 14, point 4): robots.txt with the page's META signals. */
import * as assert from 'node:assert/strict';
import { runCli } from './kit/cli';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { explainPageAiUse, parseHtml, validateHtml, type AiUse } from '../../server/src/service';
import { doc } from './helpers';

const page = (head: string) => parseHtml('file:///site/a.html', `<html><head>\n${head}\n</head><body></body></html>`);
const ROBOTS = doc('User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /private/\n');
const ask = (head: string, agent: string, use: AiUse, p = '/a.html') => explainPageAiUse(ROBOTS, page(head), { agent, path: p, use });
const TDM = readFileSync(path.join(__dirname, '..', 'fixtures', 'ai', 'tdmrep-page.html'), 'utf8');

suite('AI uses of a page: META signals', () => {
  test('noai refuses ai-train and ai-input for every crawler, not search', () => {
    const h = '<meta name="robots" content="noai, noimageai">';
    assert.deepEqual([ask(h, 'ClaudeBot', 'ai-train').verdict, ask(h, 'ClaudeBot', 'ai-input').verdict, ask(h, 'ClaudeBot', 'search').verdict], ['prohibited', 'prohibited', 'unknown']);
    assert.deepEqual(ask(h, 'ClaudeBot', 'ai-train').decidedBy.map((d) => d.line), [2]);
  });
  test('a control token is answered for the crawler it governs, META tags named for that crawler included', () => {
    // The robots.txt half already did so; the page's META half read tags named for the token,
    // of which there are none (found by a property hunt).
    for (const [tag, token] of [['googlebot', 'Google-Extended'], ['applebot', 'Applebot-Extended']] as const) {
      const h = `<meta name="${tag}" content="noai">`;
      for (const use of ['ai-train', 'ai-input'] as const) assert.equal(ask(h, token, use).verdict, 'prohibited', `${token} ${use}`);
    }
  });
  test('noimageai alone speaks on images only: no page verdict, but a signal', () => {
    const a = ask('<meta name="robots" content="noimageai">', 'X', 'ai-train');
    assert.equal(a.verdict, 'unknown');
    assert.ok(a.signals.some((s) => s.vocabulary === 'html-meta' && /images only/.test(s.meaning)));
  });
  test('noml refuses ai-train; noindex refuses search', () => {
    assert.equal(ask('<meta name="robots" content="noml">', 'X', 'ai-train').verdict, 'prohibited');
    assert.equal(ask('<meta name="robots" content="noindex">', 'X', 'search').verdict, 'prohibited');
  });
  test('operators\' documented meanings: Bing\'s noarchive refuses ai-input for Bingbot only; Amazon\'s refuses ai-train for Amazonbot', () => {
    const h = '<meta name="robots" content="noarchive">';
    assert.equal(ask(h, 'Bingbot', 'ai-input').verdict, 'prohibited');
    assert.equal(ask(h, 'GPTBot', 'ai-input').verdict, 'unknown');
    assert.equal(ask(h, 'Amazonbot', 'ai-train').verdict, 'prohibited');
    assert.equal(ask('<meta name="bingbot" content="nocache">', 'Bingbot', 'ai-input').verdict, 'prohibited');
  });
  test('a META named for another crawler does not speak to this one', () => {
    assert.equal(ask('<meta name="gptbot" content="noai">', 'ClaudeBot', 'ai-train').verdict, 'unknown');
    assert.equal(ask('<meta name="gptbot" content="noai">', 'GPTBot', 'ai-train').verdict, 'prohibited');
  });
  test('TDMRep: tdm-reservation=1 reserves AI training, 0 does not; the publisher\'s fixture validates with no warning', () => {
    const p = parseHtml('file:///site/a.html', TDM);
    const a = explainPageAiUse(ROBOTS, p, { agent: 'CCBot', path: '/a.html', use: 'ai-train' });
    assert.deepEqual([a.verdict, a.decidedBy.map((d) => d.line)], ['prohibited', [5]]);
    assert.equal(ask('<meta name="tdm-reservation" content="0">', 'X', 'ai-train').verdict, 'allowed');
    assert.equal(ask('<meta name="tdm-reservation" content="1">', 'X', 'search').verdict, 'unknown');
    const bad = validateHtml(p).filter((d) => d.severity === 1 || d.severity === 2);
    assert.deepEqual(bad.map((d) => d.code), []);
  });
  test('a crawler robots.txt forbids never reads the META tags: robots decides, META signals do not', () => {
    const a = ask('<meta name="tdm-reservation" content="0">', 'GPTBot', 'ai-train', '/private/a.html');
    assert.deepEqual([a.verdict, a.decidedBy.map((d) => d.line)], ['prohibited', [5]]);
    assert.match(a.notes.join(' '), /never read/);
  });
  test('robots.txt allowing and the page refusing: a contradiction, most restrictive wins', () => {
    const robots = doc('User-agent: *\nContent-Signal: ai-train=yes\n');
    const a = explainPageAiUse(robots, page('<meta name="robots" content="noai">'), { agent: 'X', path: '/a.html', use: 'ai-train' });
    assert.equal(a.verdict, 'prohibited');
    assert.equal(a.contradictions.length, 1);
  });
  test('the page\'s answer reads robots.txt under the profile asked (decisions §1), rfc9309 by default', () => {
    // `useragent` is a User-agent line for Google's parser only: its group's Content-Usage line speaks under google.
    const robots = doc('useragent: GPTBot\nContent-Usage: train-ai=n\nDisallow: /x\n');
    const p = page('<meta name="description" content="x">');
    const google = explainPageAiUse(robots, p, { agent: 'GPTBot', path: '/a.html', use: 'ai-train', profile: 'google' });
    assert.deepEqual([google.profile, google.verdict, google.decidedBy.map((d) => d.line)], ['google', 'prohibited', [2]]);
    const rfc = explainPageAiUse(robots, p, { agent: 'GPTBot', path: '/a.html', use: 'ai-train' });
    assert.deepEqual([rfc.profile, rfc.verdict], ['rfc9309', 'unknown']);
    // Crawling too: Google refuses /x to GPTBot, so the page's META tags are never read.
    assert.equal(explainPageAiUse(robots, page('<meta name="robots" content="noai">'), { agent: 'GPTBot', path: '/x', use: 'ai-train', profile: 'google' }).crawl.allowed, false);
    // Without a robots.txt the answer still names the profile asked.
    assert.equal(explainPageAiUse(undefined, p, { agent: 'GPTBot', path: '/a.html', use: 'ai-train', profile: 'google' }).profile, 'google');
  });
  test('cli: explain --html PAGE --usage ai-train --profile google reads robots.txt as Google does', () => {
    const files: Record<string, string> = { 'robots.txt': 'useragent: GPTBot\nContent-Usage: train-ai=n\nDisallow: /x\n', 'a.html': '<html><head></head></html>\n' };
    const args = ['explain', 'robots.txt', '--html', 'a.html', '--agent', 'GPTBot', '--path', '/a.html', '--usage', 'ai-train'];
    assert.equal(runCli([...args, '--profile', 'google'], files).code, 1);
    assert.equal(runCli(args, files).code, 0);
  });
  test('cli: explain --html PAGE --usage ai-train', () => {
    const files: Record<string, string> = { 'robots.txt': 'User-agent: *\nAllow: /\n', 'a.html': TDM };
    const { code, out } = runCli(['explain', 'robots.txt', '--html', 'a.html', '--agent', 'CCBot', '--path', '/a.html', '--usage', 'ai-train'], files);
    assert.equal(code, 1); // prohibited: explain exits 1
    assert.match(out, /CCBot may not use \/a\.html for ai-train: the page line 5/);
  });
});
