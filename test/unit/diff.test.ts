/** robots-acap diff (issue 14, point 5): verdicts that flip between two versions, with their lines. */
import * as assert from 'node:assert/strict';
import { runCli } from './kit/cli';
import { diffRobots } from '../../server/src/service';
import { doc } from './helpers';

const OLD = 'User-agent: *\nAllow: /\n';
const NEW = 'User-agent: *\nAllow: /\nContent-Signal: ai-train=no\n\nUser-agent: GPTBot\nDisallow: /blog/\n';

suite('diff', () => {
  test('a new Disallow for GPTBot flips its crawl and AI uses under /blog/, naming the lines on both sides', () => {
    const d = diffRobots(doc(OLD), doc(NEW), { crawlers: ['GPTBot', 'Bingbot'] });
    const crawl = d.flips.find((f) => f.question === 'crawl' && f.path === '/blog/');
    assert.ok(crawl, JSON.stringify(d.flips));
    assert.deepEqual([crawl.agents, crawl.before, crawl.after, crawl.beforeLines.map((l) => l.line), crawl.afterLines.map((l) => l.text)], [['GPTBot'], 'allowed', 'prohibited', [2], ['Disallow: /blog/']]);
    assert.ok(!d.flips.some((f) => f.question === 'crawl' && f.agents.includes('Bingbot')));
  });
  test('a new Content-Signal in * flips ai-train for the crawlers * applies to, alike, in one entry per path (not GPTBot, which has its own group)', () => {
    const d = diffRobots(doc(OLD), doc(NEW), { crawlers: ['GPTBot', 'Bingbot'] });
    const root = d.flips.filter((f) => f.path === '/' && f.question === 'ai-train');
    assert.deepEqual(root.map((f) => [f.agents, f.before, f.after, f.afterLines.map((l) => l.line)]), [[['Bingbot', '*'], 'unknown', 'prohibited', [3]]]);
    assert.ok(!d.flips.some((f) => f.question === 'search' && f.agents.includes('Bingbot')));
  });
  test('identical files: nothing flips; probe paths come from both files\' patterns', () => {
    assert.equal(diffRobots(doc(NEW), doc(NEW)).flips.length, 0);
    assert.ok(diffRobots(doc(OLD), doc(NEW)).paths.includes('/blog/'));
  });
  test('cli: text, JSON, exit 1 when something flips and 0 when nothing does', () => {
    const files: Record<string, string> = { 'old.txt': OLD, 'new.txt': NEW };
    const run = (args: string[]): { code: number; out: string } => runCli(args, files);
    const t = run(['diff', 'old.txt', 'new.txt', '--agent', 'GPTBot']);
    assert.equal(t.code, 1);
    assert.match(t.out, /^GPTBot: crawl \/blog\/: allowed → prohibited {2}\(was old\.txt:2 Allow: \/; now new\.txt:6 Disallow: \/blog\/\)$/m);
    const j = run(['diff', 'old.txt', 'new.txt', '--format', 'json']);
    assert.ok(Array.isArray((JSON.parse(j.out) as { flips: unknown[] }).flips));
    assert.equal(run(['diff', 'old.txt', 'old.txt']).code, 0);
  });
});
