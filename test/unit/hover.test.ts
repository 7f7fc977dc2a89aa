/** Hover, with `|` marking the cursor (STYLE.md). */
import * as assert from 'node:assert/strict';
import { doHover, parseDocument } from '../../server/src/service';
import { cursor } from './helpers';

function hoverAt(textWithBar: string, settings = {}): string | undefined {
  const { text, offset } = cursor(textWithBar);
  const before = text.slice(0, offset);
  const line = before.split(/\r\n|\r|\n/).length - 1;
  const character = offset - (Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r')) + 1);
  const h = doHover(parseDocument('file:///site/robots.txt', 1, text), { line, character }, settings);
  return h ? (h.contents as { value: string }).value : undefined;
}

const SITE = [
  'User-agent: *', 'Disallow: /private/', '', 'User-agent: GPTBot', 'Disallow: /',
  'ACAP-crawler: *', 'ACAP-allow-crawl: /', 'ACAP-allow-present-snippet: /news/ max-length=250-chars', 'ACAP-disallow-index: /drafts/',
].join('\n');

suite('hover', () => {
  test('on a conventional path: who may crawl it, each cell linked to the deciding line', () => {
    const md = hoverAt(SITE.replace('Disallow: /private/', 'Disallow: /pri|vate/'), { crawlers: ['Bingbot'] }) ?? '';
    assert.match(md, /\*\*Who may use `\/private\/`\*\*/);
    assert.match(md, /\| GPTBot \| ✗ \[5\]\(file:\/\/\/site\/robots\.txt#L5 "line 5"\) \| – \|/);
    assert.match(md, /\| \\\* any other \(and Bingbot\) \| ✗ \[2\]\(file:\/\/\/site\/robots\.txt#L2 "line 2"\)/);
    assert.match(md, /– needs crawl, which is refused\./);
  });

  test('qualifiers become footnotes', () => {
    const md = hoverAt(SITE.replace('present-snippet: /news/', 'present-snippet: /ne|ws/'), { crawlers: [] }) ?? '';
    assert.match(md, /✓⁽1⁾ \[8\]\(file:\/\/\/site\/robots\.txt#L8/);
    assert.match(md, /⁽1⁾ max-length=250-chars/);
  });

  test('a pattern with wildcards is shown for a path it matches', () => {
    const md = hoverAt('User-agent: *\nDisallow: /*.p|df$\n', { crawlers: [] }) ?? '';
    assert.match(md, /Who may use `\/x\.pdf`/);
    assert.match(md, /stands for the paths `\/\*\.pdf\$` matches/);
  });

  test('profiles that disagree are marked', () => {
    const md = hoverAt('User-agent: Googlebot-News\nDisallow: /|a/\n', { crawlers: ['Googlebot'] }) ?? '';
    assert.match(md, /Googlebot †/);
    assert.match(md, /† conventional readings disagree on crawling here — Googlebot: rfc9309 allows, google allows, koster1996 prohibits/);
  });

  test('on a crawler name: its policy at / (its named conventional group outranks the * ACAP record, interpretation §3.6)', () => {
    const md = hoverAt(SITE.replace('User-agent: GPTBot', 'User-agent: GPT|Bot')) ?? '';
    assert.match(md, /^\*\*GPTBot\*\* — OpenAI; purpose: AI model training\./, 'the crawler knowledge base first');
    assert.match(md, /\*\*GPTBot\*\* at `\/`: crawl ✗ \(\[line 5\]/);
    assert.match(md, /Conventional crawlers: may not crawl `\/`/);
    assert.match(md, /ACAP records that apply: line 6 \(\*\)\./);
    const other = hoverAt(SITE.replace('ACAP-crawler: *', 'ACAP-crawler: |*')) ?? '';
    assert.match(other, /^\*\*\\\*\*\* at `\/`: crawl ✓ \(\[line 7\]/);
  });

  test('on a field, a usage type and a qualifier: their meaning and spec section', () => {
    assert.match(hoverAt('ACAP-cra|wler: *') ?? '', /\*\*ACAP-crawler\*\* — .*\n\n\*Part 1 §2\.3\.1\*/s);
    assert.match(hoverAt('ACAP-crawler: *\nACAP-allow-present-sni|ppet: /') ?? '', /\*\*present-snippet\*\* \(usage type\).*Part 1 §2\.5\.5\.1\.4/s);
    assert.match(hoverAt('ACAP-crawler: *\nACAP-allow-index: / time-li|mit=3-days') ?? '', /\*\*time-limit\*\* \(qualifier\).*Part 1 §2\.5\.3\.1/s);
    assert.match(hoverAt('ACAP-crawler: *\nACAP-request-take-do|wn: /x') ?? '', /\*\*take-down\*\* \(action request\).*Not yet ready/s);
  });

  test('on a local usage: its definition', () => {
    const md = hoverAt('ACAP-qualified-usage: cache preserve time-limit=until-recrawled\nACAP-crawler: *\nACAP-allow-(ca|che): /\n') ?? '';
    assert.match(md, /\*\*\(cache\)\*\* — a locally-defined qualified usage, defined on \[line 1\]/);
  });

  test('nothing to say on blank lines, plain comments or past the end', () => {
    assert.equal(hoverAt('User-agent: *\n|\n'), undefined);
    assert.equal(hoverAt('# a com|ment'), undefined);
    assert.equal(doHover(parseDocument('file:///r.txt', 1, 'User-agent: *'), { line: 99, character: 3 }), null);
    assert.equal(doHover(parseDocument('file:///r.txt', 1, 'User-agent: *'), { line: 0, character: 999 }), null);
  });
});

suite('hover: answers a publisher understands (issue 10)', () => {
  test('the table: crawlers named only in ACAP records keep their rows; purpose records are noted', () => {
    const text = 'User-agent: *\nDisallow: /p|rivate/\n\nACAP-crawler: *\nACAP-allow-crawl: /\nACAP-crawler: NewsBot\nACAP-allow-index: /\nACAP-usage-purpose: news\nACAP-disallow-index: /private/\n';
    const md = hoverAt(text, { crawlers: [] }) ?? '';
    assert.match(md, /\| NewsBot \|/);
    assert.match(md, /For purpose `news`:/); // issue 15: a section per purpose
  });

  test('a crawler name: the lines that lost and why, and lines crawlers cannot read', () => {
    const text = 'ACAP-crawler: *\nACAP-disallow-crawl: /\nACAP-crawler: B|ot\nACAP-allow-crawl: /\nACAP allow index: /\n';
    const md = hoverAt(text) ?? '';
    assert.match(md, /\[line 2\]\(file:\/\/\/site\/robots\.txt#L2\) `ACAP-disallow-crawl: \/` lost: set aside/);
  });
});
