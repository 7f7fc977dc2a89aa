/**
 * The page's effective permission (interpretation §4, Part 2 §2.2.1, §2.2.6, §2.2.8), its hover,
 * completion and quick fixes, and the CLI on pages.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { main, type CliIO } from '../../server/src/cli/main';
import { doHtmlComplete, doHtmlHover, explainPage, getHtmlCodeActions, pageNotices, parseHtml, validateHtml } from '../../server/src/service/html/htmlService';
import { parseDocument } from '../../server/src/service';
import { cursor } from './helpers';
import { MemoryWorkspace } from './memoryWorkspace';

const FIXTURES = path.resolve(__dirname, '../fixtures/html');
const page = (html: string, uri = 'file:///site/news/a.html') => parseHtml(uri, html);
const head = (...metas: string[]): string => `<html><head>\n${metas.join('\n')}\n</head><body><p>x</p></body></html>`;
const robots = parseDocument('file:///site/robots.txt', 1, 'User-agent: *\nDisallow: /private/\n\nACAP-crawler: *\nACAP-allow-crawl: /\nACAP-disallow-index: /drafts/\n');

suite('the page\'s effective permission', () => {
  test('robots META addresses every crawler; a META tag overrides robots.txt for the page (Part 2 §2.2.8)', () => {
    const p = page(head('<meta name="robots" content="noindex">'));
    const e = explainPage(robots, p, { agent: 'Bingbot', usage: 'index', path: '/news/a.html' });
    assert.equal(e.allowed, false);
    assert.equal(e.decision.source, 'meta');
    assert.deepEqual(e.decidedBy.map((d) => [d.file, d.line]), [['page', 2]]);
  });

  test('a tag for the crawler beats robots for it, per usage (Part 2 §2.2.1)', () => {
    const p = page(head('<meta name="robots" content="ACAP disallow-index">', '<meta name="SearchBot1" content="ACAP allow-index">'));
    assert.equal(explainPage(robots, p, { agent: 'SearchBot1', usage: 'index', path: '/a' }).allowed, true);
    assert.equal(explainPage(robots, p, { agent: 'OtherBot', usage: 'index', path: '/a' }).allowed, false);
    assert.equal(explainPage(robots, p, { agent: 'searchbot1', usage: 'index', path: '/a' }).allowed, true, 'names compare case-insensitively');
  });

  test('allow and disallow of one usage for one addressee: prohibited, whatever the order (Part 2 §2.2.8)', () => {
    for (const tags of [['allow', 'disallow'], ['disallow', 'allow']]) {
      const p = page(head(...tags.map((t) => `<meta name="robots" content="ACAP ${t}-preserve">`)));
      assert.equal(explainPage(robots, p, { agent: 'b', usage: 'preserve', path: '/a' }).allowed, false);
    }
  });

  test('conventional values count with their ACAP meaning (interpretation §4)', () => {
    const p = page(head('<meta name="robots" content="nofollow, noarchive, max-snippet:50">'));
    const q = (usage: string) => explainPage(robots, p, { agent: 'b', usage, path: '/a' });
    assert.equal(q('follow').allowed, false);
    assert.equal(q('present-currentcopy').allowed, false);
    assert.deepEqual([q('present-snippet').allowed, q('present-snippet').qualifiers], [true, ['max-length=50-chars']]);
    assert.equal(q('index').allowed, true);
  });

  test('qualifiers travel with a META permission; the specific usage beats its base', () => {
    const p = page(head('<meta name="robots" content="ACAP disallow-present">', '<meta name="robots" content="ACAP allow-present-snippet max-length=20-words">'));
    const e = explainPage(robots, p, { agent: 'b', usage: 'present-snippet', path: '/a' });
    assert.deepEqual([e.allowed, e.qualifiers], [true, ['max-length=20-words']]);
    assert.equal(explainPage(robots, p, { agent: 'b', usage: 'present-thumbnail', path: '/a' }).allowed, false);
  });

  test('where no META tag speaks, robots.txt decides', () => {
    const p = page(head('<meta name="robots" content="nofollow">'));
    const e = explainPage(robots, p, { agent: 'b', usage: 'index', path: '/drafts/x.html' });
    assert.equal(e.allowed, false);
    assert.equal(e.decision.source, 'robots.txt');
    assert.deepEqual(e.decidedBy.map((d) => [d.file, d.line]), [['robots.txt', 6], ['robots.txt', 5]], 'its own line, then the crawl it depends on');
  });

  test('a crawler robots.txt forbids to crawl never reads the tags, and the answer names the line', () => {
    const p = page(head('<meta name="robots" content="ACAP allow-index">'));
    const e = explainPage(robots, p, { agent: 'b', usage: 'index', path: '/private/a.html' });
    assert.equal(e.allowed, false);
    assert.equal(e.decision.source, 'not-crawled');
    assert.match(e.notes.join(' '), /never reads this page's META tags/);
    const notices = pageNotices(p, robots, '/private/a.html');
    assert.deepEqual(notices.map((d) => [d.code, d.range.start.line]), [['meta.never-read', 1]]);
    assert.match(notices[0].message, /robots\.txt line 2: Disallow: \/private\//);
    assert.deepEqual(pageNotices(p, robots, '/news/a.html'), []);
  });

  test('class permissions apply to their elements; the fallback prohibits for the whole page (Part 2 §2.2.6)', () => {
    const p = page('<html><head></head><body><div class="the-acap:disallow-index">x</div></body></html>');
    const e = explainPage(robots, p, { agent: 'b', usage: 'index', path: '/a' });
    assert.deepEqual(e.elements.map((x) => [x.element, x.allow]), [['div', false]]);
    assert.match(e.notes.join(' '), /treats index as prohibited for the whole page \(Part 2 §2\.2\.6\)/);
  });

  test('purposes: a META statement for a purpose applies only to it', () => {
    const p = page(head('<meta name="robots" content="ACAP news.* disallow-index">'));
    assert.equal(explainPage(robots, p, { agent: 'b', usage: 'index', path: '/a', purpose: 'news.example' }).allowed, false);
    assert.equal(explainPage(robots, p, { agent: 'b', usage: 'index', path: '/a' }).allowed, true);
  });

  test('the seeds\' META examples: verdicts as Part 2 and the guide describe them', () => {
    const read = (f: string) => page(readFileSync(path.join(FIXTURES, f), 'utf8'));
    const none = undefined;
    // Part 2 §2.1: indexing permitted, following links prohibited.
    const p21 = read('part2-2.1-page.html');
    assert.deepEqual([explainPage(none, p21, { agent: 'x', usage: 'index', path: '/' }).allowed, explainPage(none, p21, { agent: 'x', usage: 'follow', path: '/' }).allowed], [true, false]);
    // Guide 4.2 / 4.6 / 4.9 / 4.12: nofollow, noindex, no preserve, no snippet.
    assert.equal(explainPage(none, read('guide-ex4.2.html'), { agent: 'x', usage: 'follow', path: '/' }).allowed, false);
    assert.equal(explainPage(none, read('guide-ex4.6.html'), { agent: 'x', usage: 'index', path: '/' }).allowed, false);
    assert.equal(explainPage(none, read('guide-ex4.9.html'), { agent: 'x', usage: 'preserve', path: '/' }).allowed, false);
    assert.equal(explainPage(none, read('guide-ex4.12.html'), { agent: 'x', usage: 'present-snippet', path: '/' }).allowed, false);
    // Guide 5.3: SearchBot1 may preserve until the date; 5.9: snippets of at most 20 words.
    const e53 = explainPage(none, read('guide-ex5.3.html'), { agent: 'SearchBot1', usage: 'preserve', path: '/' });
    assert.deepEqual([e53.allowed, e53.qualifiers], [true, ['time-limit=until-2008-03-01']]);
    const e59 = explainPage(none, read('guide-ex5.9.html'), { agent: 'x', usage: 'present-snippet', path: '/' });
    assert.deepEqual([e59.allowed, e59.qualifiers], [true, ['max-length=20-words']]);
  });
});

function hoverAt(htmlWithBar: string, ctx = {}): string | undefined {
  const { text, offset } = cursor(htmlWithBar);
  const p = page(text);
  const h = doHtmlHover(p, p.positionAt(offset), ctx);
  return h ? (h.contents as { value: string }).value : undefined;
}

suite('a page\'s answers read robots.txt under the profile (decisions §1)', () => {
  // `useragent` is a User-agent line for Google's parser only: its Disallow speaks to GPTBot under google.
  const googleOnly = parseDocument('file:///site/robots.txt', 1, 'useragent: GPTBot\nDisallow: /x/\n');
  const p = page(head('<meta name="GPTBot" content="noindex">'), 'file:///site/x/a.html');
  test('explainPage: crawl refused under google, allowed under rfc9309 (the default)', () => {
    assert.equal(explainPage(googleOnly, p, { agent: 'GPTBot', path: '/x/a.html', profile: 'google' }).allowed, false);
    assert.equal(explainPage(googleOnly, p, { agent: 'GPTBot', path: '/x/a.html' }).allowed, true);
  });
  test('the page\'s table in the hover', () => {
    const ctx = { robots: googleOnly, path: '/x/a.html', crawlers: [] };
    const md = (profile?: 'google'): string => (doHtmlHover(p, p.positionAt(p.text.indexOf('GPTBot') + 2), { ...ctx, ...(profile ? { profile } : {}) })?.contents as { value: string }).value;
    assert.match(md('google'), /\| GPTBot \| ✗/);
    assert.doesNotMatch(md(), /\| GPTBot \| ✗/);
  });
  test('the never-read notice on a META tag', () => {
    assert.deepEqual(pageNotices(p, googleOnly, '/x/a.html', { profile: 'google' }).map((d) => d.code), ['meta.never-read']);
    assert.deepEqual(pageNotices(p, googleOnly, '/x/a.html'), []);
  });
});

suite('hover and completion in pages', () => {
  test('hover on a META name shows the page\'s effective permission with robots.txt', () => {
    const md = hoverAt(head('<meta name="rob|ots" content="noindex">'), { robots, path: '/news/a.html', crawlers: ['GPTBot'] }) ?? '';
    assert.match(md, /Addresses every crawler/);
    assert.match(md, /\*\*Who may use this page \(`\/news\/a\.html`\)\*\* — robots\.txt and this page's META tags/);
    assert.match(md, /\| GPTBot, \\\* any other \| ✓ \[5\]\(file:\/\/\/site\/robots\.txt#L5/);
  });

  test('hover explains values: usages, qualifiers, conventional values, classes', () => {
    assert.match(hoverAt(head('<meta name="robots" content="ACAP allow-present-sni|ppet max-length=20-words">')) ?? '', /\*\*present-snippet\*\* \(usage type\)/);
    assert.match(hoverAt(head('<meta name="robots" content="ACAP allow-present-snippet max-len|gth=20-words">')) ?? '', /\*\*max-length\*\* \(qualifier\)/);
    assert.match(hoverAt(head('<meta name="robots" content="noar|chive">')) ?? '', /ACAP: `disallow-present-currentcopy`/);
    assert.match(hoverAt('<html><head></head><body><p class="x the-acap:allow-in|dex">y</p></body></html>') ?? '', /of this `<p>` only \(Part 2 §2\.2\.5\)/);
  });

  test('completion in content, name and class values replaces the word being typed', () => {
    const apply = (htmlWithBar: string, label: string): string => {
      const { text, offset } = cursor(htmlWithBar);
      const p = page(text);
      const item = doHtmlComplete(p, p.positionAt(offset)).items.find((i) => i.label === label);
      assert.ok(item?.textEdit && 'range' in item.textEdit, `no ${label}`);
      return TextDocument.applyEdits(TextDocument.create('x', 'html', 1, text), [item.textEdit]);
    };
    assert.equal(apply(head('<meta name="robots" content="ACAP allow-pres|">'), 'allow-present-snippet'), head('<meta name="robots" content="ACAP allow-present-snippet">'));
    assert.equal(apply(head('<meta name="robots" content="ACAP allow-present-snippet max|">'), 'max-length='), head('<meta name="robots" content="ACAP allow-present-snippet max-length=">'));
    assert.equal(apply(head('<meta name="robots" content="ACAP allow-crawl loc|">'), 'location='), head('<meta name="robots" content="ACAP allow-crawl location=">'), 'location= is META-only');
    assert.equal(apply(head('<meta name="GPT|" content="noindex">'), 'GPTBot'), head('<meta name="GPTBot" content="noindex">'));
    assert.equal(apply(head('<meta name="robots" content="no|">'), 'noindex'), head('<meta name="robots" content="noindex">'));
    assert.equal(apply('<html><body><div class="a the-acap:al|">x</div></body></html>', 'the-acap:allow-index'), '<html><body><div class="a the-acap:allow-index">x</div></body></html>');
  });
});

suite('quick fixes in pages', () => {
  const apply = (html: string, code: string, title: RegExp): string => {
    const p = page(html);
    const d = validateHtml(p).find((x) => x.code === code);
    assert.ok(d, `no ${code}`);
    const action = getHtmlCodeActions(p, d.range, [d]).find((a) => title.test(a.title));
    assert.ok(action, `no fix matching ${title}`);
    return TextDocument.applyEdits(TextDocument.create('x', 'html', 1, html), action.edit?.changes?.[p.uri] ?? []);
  };
  test('fix a misspelt usage', () => {
    assert.equal(apply(head('<meta name="robots" content="ACAP allow-present-links">'), 'meta.unknown-usage', /present-link/), head('<meta name="robots" content="ACAP allow-present-link">'));
  });
  test('add the ACAP equivalent of a conventional value', () => {
    const fixed = apply(head('<meta name="robots" content="noindex">'), 'meta.conventional-equivalent', /^Add /);
    assert.equal(fixed, head('<meta name="robots" content="noindex">\n<meta name="robots" content="ACAP disallow-index">'));
  });
  test('add the ACAP version 1.1 tag when 1.1 features are used', () => {
    const html = '<html><head>\n<meta name="robots" content="ACAP allow-crawl">\n</head><body><div class="the-acap:disallow-index">x</div></body></html>';
    const fixed = apply(html, 'meta.version-missing', /^Add /);
    assert.match(fixed, /<meta name="robots" content="ACAP allow-crawl">\n<meta name="robots" content="ACAP version 1\.1">/);
  });
});

suite('cli on pages', () => {
  const site: Record<string, string> = {
    '/site/robots.txt': 'User-agent: *\nDisallow: /private/\n',
    '/site/private/p.html': head('<meta name="robots" content="ACAP allow-index">'),
    '/site/news/a.html': head('<meta name="robots" content="ACAP allow-present-links">'),
  };
  const run = (args: string[]) => {
    let out = '';
    let err = '';
    const io: CliIO = {
      out: (t) => { out += t; }, err: (t) => { err += t; },
      readFile: (p) => {
        const f = site[p];
        if (f === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
        return new TextEncoder().encode(f);
      },
      workspace: new MemoryWorkspace(site),
    };
    return { code: main(args, io), out, err };
  };
  test('check PAGE.html reports META problems, with the site\'s robots.txt', () => {
    const r = run(['check', '/site/news/a.html', '/site/private/p.html']);
    assert.equal(r.code, 1);
    assert.match(r.out, /^\/site\/news\/a\.html:2:\d+: error meta\.unknown-usage /m);
    assert.match(r.out, /^\/site\/private\/p\.html:2:\d+: information meta\.never-read robots\.txt forbids crawlers without a group of their own to crawl \/private\/p\.html/m);
  });
  test('check PAGE.html --profile google reads the site\'s robots.txt as Google does for its never-read notices', () => {
    site['/site/checked/robots.txt'] = 'useragent: GPTBot\nDisallow: /\n';
    site['/site/checked/a.html'] = head('<meta name="GPTBot" content="noindex">');
    const never = /^\/site\/checked\/a\.html:2:\d+: information meta\.never-read /m;
    const google = run(['check', '/site/checked/a.html', '--profile', 'google']);
    assert.equal(google.code, 0, google.err);
    assert.match(google.out, never);
    assert.doesNotMatch(run(['check', '/site/checked/a.html']).out, never);
    const wrong = run(['check', '/site/checked/a.html', '--profile', 'bing']);
    assert.equal(wrong.code, 2);
    assert.match(wrong.err, /unknown profile ‘bing’/);
  });
  test('explain ROBOTS.TXT --html PAGE.html --profile google reads robots.txt as Google does', () => {
    site['/site/google/robots.txt'] = 'useragent: GPTBot\nDisallow: /\n';
    site['/site/google/a.html'] = head('<meta name="description" content="x">');
    const args = ['explain', '/site/google/robots.txt', '--html', '/site/google/a.html', '--agent', 'GPTBot', '--format', 'json'];
    assert.equal((JSON.parse(run([...args, '--profile', 'google']).out) as { allowed: boolean }).allowed, false);
    assert.equal((JSON.parse(run(args).out) as { allowed: boolean }).allowed, true);
  });
  test('explain ROBOTS.TXT --html PAGE.html gives the META-aware verdict; the path comes from the page', () => {
    const r = run(['explain', '/site/robots.txt', '--html', '/site/private/p.html', '--agent', 'Bot', '--usage', 'index', '--format', 'json']);
    const e = JSON.parse(r.out);
    assert.deepEqual([e.allowed, e.path, e.decision.source, e.decidedBy[0].file, e.decidedBy[0].line], [false, '/private/p.html', 'not-crawled', 'robots.txt', 2]);
  });
});
