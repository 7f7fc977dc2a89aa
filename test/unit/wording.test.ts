/**
 * Issue 15, defect 10: what a user reads — grammar, Markdown that renders as written, marks that
 * can be told apart, hints that do not split a field from its colon, and no repeated lines.
 */
import * as assert from 'node:assert/strict';
import { runCli } from './kit/cli';
import {
  doHover, doValidation, explain, getInlayHints, parseDocument, parseHtml, validateHtml, doHtmlHover,
} from '../../server/src/service';

const URI = 'file:///site/robots.txt';

function hoverAt(text: string, line: number, character: number): string {
  const h = doHover(parseDocument(URI, 1, text), { line, character });
  assert.ok(h, 'a hover');
  return typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : JSON.stringify(h.contents);
}

suite('wording (defect 10)', () => {
  test('a missing extract target: "no element with id", never "no an element" or "no a META tag"', () => {
    const html = '<html><head><meta name="robots" content="ACAP allow-index must-use-resource=the-acap:extract:id:lede"><meta name="robots" content="ACAP allow-present-snippet must-use-resource=the-acap:extract:meta:author"></head><body></body></html>';
    const page = parseHtml('file:///site/p.html', html);
    const messages = validateHtml(page).filter((d) => d.code === 'meta.extract-target-missing').map((d) => d.message);
    assert.equal(messages.length, 2, messages.join('\n'));
    for (const m of messages) assert.doesNotMatch(m, /\bno an?\b/, m);
    assert.ok(messages.some((m) => /has no element with id ‘lede’/.test(m)), messages.join('\n'));
    assert.ok(messages.some((m) => /has no META tag named ‘author’/.test(m)), messages.join('\n'));
  });

  test('the problem cap in the singular: "at most 1 is reported"', () => {
    const d = doValidation(parseDocument(URI, 1, 'Disallow /a\nDisallow /b\nDisallow /c\n'), { maxProblems: 1 });
    const note = d.find((x) => x.code === 'text.too-many-problems');
    assert.ok(note);
    assert.match(note.message, /at most 1 is reported/);
  });

  test('a file with no group: the answer says no group applies, not "no rule in no group applies matches"', () => {
    const e = explain(parseDocument(URI, 1, 'Sitemap: https://example.com/s.xml\n'), { agent: 'GPTBot', path: '/x' });
    const why = e.conventional.why;
    assert.doesNotMatch(why, /no rule in no group/);
    assert.match(why, /^no group applies to this crawler, so crawling is allowed/);
  });

  test('hover on User-agent: * shows a literal star, not a run of Markdown asterisks', () => {
    const value = hoverAt('User-agent: *\nDisallow: /x\n', 0, 12);
    assert.doesNotMatch(value, /\*\*\*\*\*/);
    assert.match(value, /\*\*\\\*\*\* at `\/`/);
  });

  test('✓ and ✗ are not link text (links all render alike); the line number is the link', () => {
    const text = 'User-agent: *\nDisallow: /x\nAllow: /x/y\n';
    for (const [line, ch] of [[1, 11], [2, 9], [0, 12]] as const) {
      const value = hoverAt(text, line, ch);
      assert.match(value, /[✓✗]/);
      assert.doesNotMatch(value, /\[[✓✗]/, value);
    }
    const robots = parseDocument(URI, 1, 'User-agent: *\nDisallow: /p.html\n');
    const html = '<html><head><meta name="GPTBot" content="noindex"></head></html>';
    const page = parseHtml('file:///site/p.html', html);
    const h = doHtmlHover(page, page.positionAt(html.indexOf('GPTBot') + 2), { robots, path: '/p.html' });
    const v = h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
    assert.match(v, /[✓✗]/);
    assert.doesNotMatch(v, /\[[✓✗]/, v);
  });

  test('a tdm-reservation META is not read as a crawler in the page table', () => {
    const html = '<html><head><meta name="tdm-reservation" content="1"><meta name="GPTBot" content="noindex"></head></html>';
    const page = parseHtml('file:///site/p.html', html);
    const h = doHtmlHover(page, page.positionAt(html.indexOf('GPTBot') + 2), { path: '/p.html', crawlers: ['GPTBot'] });
    const v = h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
    assert.match(v, /\| GPTBot/);
    assert.doesNotMatch(v, /tdm-reservation[^=]*\|/, v);
  });

  test('an inlay hint never stands between a field name and its colon', () => {
    const text = 'ACAP-qualified-usage: cache preserve time-limit=3-days\nACAP-crawler: *\nACAP-allow-(cache): /news/ # kept\n';
    const doc = parseDocument(URI, 1, text);
    const hints = getInlayHints(doc, { start: { line: 2, character: 0 }, end: { line: 2, character: 40 } });
    assert.equal(hints.length, 1);
    const line = text.split('\n')[2];
    const at = hints[0].position.character;
    assert.ok(at > line.indexOf(':'), `hint at ${at}, colon at ${line.indexOf(':')}`);
    assert.equal(at, line.indexOf('/news/') + '/news/'.length, 'after the value, before the comment');
    assert.match(String(hints[0].label), /^\(cache\) = /);
  });

  test('explain --html names each deciding line once', () => {
    const files: Record<string, string> = {
      // One line decides both index and crawl (the example site's line 35 did).
      'robots.txt': 'ACAP-composite-usage: basics crawl index\nACAP-crawler: *\nACAP-allow-(basics): /\n',
      'p.html': '<html><head><meta name="robots" content="ACAP allow-present"></head></html>',
    };
    const { out } = runCli(['explain', 'robots.txt', '--html', 'p.html', '--agent', 'GPTBot', '--usage', 'index', '--path', '/p.html'], files);
    const lines = out.split('\n').filter((l) => /line \d+:/.test(l));
    assert.ok(lines.length > 0, out);
    assert.equal(new Set(lines).size, lines.length, out);
  });
});
