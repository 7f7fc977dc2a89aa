/**
 * Every meta.* diagnostic code, each with pages that must report it and near misses that must
 * not; then what the diagnostics carry (ranges, fixes, tags to add, related locations) and the
 * shared machinery (severity settings, the maxProblems cap).
 */
import * as assert from 'node:assert/strict';
import type { Diagnostic } from 'vscode-languageserver-types';
import { CODES } from '../../server/src/service/facts/codes';
import { validateHtml } from '../../server/src/service/html/htmlValidation';
import { parseHtml } from '../../server/src/service/html/scan';
import { SOURCE, type ValidationSettings } from '../../server/src/service/checks/validation';

/** A page with `head` in its head and `body` in its body. */
function page(head: string, body = ''): string {
  return `<!DOCTYPE html>\n<html>\n<head>\n<title>t</title>\n${head}\n</head>\n<body>\n${body}\n</body>\n</html>\n`;
}

/** A META tag. */
function meta(content: string, name = 'robots'): string {
  return `<meta name="${name}" content="${content}">`;
}

/** A page whose head holds one META tag with `content`. */
function acap(content: string, name = 'robots'): string {
  return page(meta(content, name));
}

function diagnose(text: string, settings?: ValidationSettings): Diagnostic[] {
  return validateHtml(parseHtml('file:///site/page.html', text), settings);
}

function codes(text: string, settings?: ValidationSettings): string[] {
  return diagnose(text, settings).map((d) => String(d.code));
}

/** The one diagnostic of `code`, with the text its range covers. */
function one(text: string, code: string): Diagnostic & { covers: string } {
  const p = parseHtml('file:///site/page.html', text);
  const found = validateHtml(p).filter((d) => d.code === code);
  assert.equal(found.length, 1, `expected one ${code} in:\n${text}\ngot ${JSON.stringify(validateHtml(p).map((d) => d.code))}`);
  const d = found[0];
  return { ...d, covers: p.text.slice(p.offsetAt(d.range.start), p.offsetAt(d.range.end)) };
}

const V11 = meta('ACAP version 1.1');

/** Each code: pages that report it, and near misses that do not. */
const CASES: Readonly<Record<string, { readonly reported: readonly string[]; readonly not: readonly string[] }>> = {
  'meta.malformed-acap-token': {
    reported: [acap('ACAP: allow-index'), acap('Acap-allow-index'), acap('ACAPallow-index'), acap('ACP allow-index'), acap('allow-index'), acap('noindex, ACAP disallow-index'), acap('noindex disallow-follow'), acap('noindex, ACAP disallow-index', 'SearchBot1')],
    not: [acap('ACAP allow-index'), acap('acap allow-index'), acap('noindex'), acap('acapella music', 'description')],
  },
  'meta.invalid-acap-content': {
    reported: [acap('ACAP'), acap('ACAP allow index'), acap('ACAP allowindex'), acap('ACAP version=1.1'), acap('ACAP noindex'), acap('ACAP please index me')],
    not: [acap('ACAP version 1.1'), acap('ACAP news allow-index'), acap('ACAP disallow-follow')],
  },
  'meta.missing-content': {
    reported: [page('<meta name="robots">'), page('<meta name="Googlebot">')],
    not: [page('<meta name="robots" content="">'), page('<meta name="author">'), page('<meta name="SearchBot1">')],
  },
  'meta.invalid-name': {
    reported: [acap('ACAP allow-index', '*'), acap('ACAP allow-index', ' robots'), acap('ACAP allow-index', '1bot'), acap('ACAP allow-index', 'bot#1'), acap('ACAP allow-index', 'description'), acap('noindex', 'robot'), acap('ACAP allow-index', 'Robts'), acap('ACAP allow-index', '')],
    not: [acap('ACAP allow-index'), acap('ACAP allow-index', 'SearchBot1'), acap('ACAP allow-index', 'crawler-name'), acap('noindex', 'googlebot-news'), acap('ACAP allow-index', 'Search Bot'), acap('noindex is not here', 'description')],
  },
  'meta.outside-head': {
    reported: [page('', meta('noindex')), page('', meta('ACAP allow-index')), `<div></div>${meta('ACAP allow-index')}`, `Hello ${meta('noindex')}`],
    not: [page(meta('noindex')), `${meta('noindex')}<body>`, `<head></head>${meta('ACAP allow-index')}<body></body>`, page('<noscript>' + meta('noindex') + '</noscript>'), page('', meta('page summary', 'description'))],
  },
  'meta.typographic-quote': {
    // The guide's examples 5.10 and 5.11 exactly as printed.
    reported: [
      page('<META name="snippet” content=”This is the snippet text to be presented”>\n<META name="robots"\ncontent="ACAP allow-present-snippet\nmust-use-resource=the-acap:extract:meta:snippet">'),
      page('<META name="robots”\n\ncontent="ACAP allow-present-currentcopy prohibited-modification=format”>'),
      page('<meta name=”robots” content=”noindex”>'),
    ],
    not: [page('<meta name="description" content="He said “hello” to me">'), acap('ACAP allow-index')],
  },
  'meta.unknown-usage': {
    reported: [acap('ACAP allow-present-links'), acap('ACAP allow-indx'), acap('ACAP disallow-'), page(V11, '<div class="the-acap:allow-indx"></div>'), page(V11, '<div class="the-acap:disallow-"></div>'), page(V11, '<p class="the-acap:allow-(bad name)"></p>')],
    not: [acap('ACAP allow-present-link'), acap('ACAP allow-present-snippet'), page(V11, '<div class="the-acap:allow-index the-acap:allow-(mine)"></div>')],
  },
  'meta.invalid-usage-combination': {
    reported: [acap('ACAP allow-index-snippet'), page(V11, '<div class="the-acap:disallow-preserve-thumbnail"></div>')],
    not: [acap('ACAP allow-present-thumbnail'), acap('ACAP allow-present-thumbnails')],
  },
  'meta.local-usage': {
    reported: [acap('ACAP allow-(mine)'), acap('ACAP disallow-(mine)'), page(V11, '<div class="the-acap:disallow-(mine)"></div>')],
    not: [page(V11, '<div class="the-acap:allow-(mine)"></div>'), acap('ACAP allow-index')],
  },
  'meta.unknown-qualifier': {
    reported: [acap('ACAP allow-index time-limt=7-days'), acap('ACAP allow-index colour=blue')],
    not: [acap('ACAP allow-index time-limit=7-days'), page(`${V11}\n${meta('ACAP allow-index colour=blue')}`)],
  },
  'meta.unknown-qualifier-1.1': {
    reported: [page(`${V11}\n${meta('ACAP allow-index colour=blue')}`)],
    not: [acap('ACAP allow-index colour=blue'), page(`${V11}\n${meta('ACAP allow-index time-limit=7-days')}`)],
  },
  'meta.qualifier-not-valid-for-usage': {
    reported: [acap('ACAP allow-index max-length=20-words'), acap('ACAP allow-crawl time-limit=5-days'), acap('ACAP allow-present-snippet prohibited-context=within-user-frame')],
    not: [acap('ACAP allow-crawl location=http://example.com/a.html'), acap('ACAP allow-present-snippet max-length=20-words'), acap('ACAP allow-follow location=http://example.com/')],
  },
  'meta.invalid-qualifier-value': {
    reported: [acap('ACAP allow-index time-limit=until-2008-02-30'), acap('ACAP allow-crawl location=/legitimate-copy.htm'), acap('ACAP allow-crawl location=myserver.com/copy.htm'), acap('ACAP allow-present-snippet max-length=20words'), acap('ACAP allow-present-snippet max-length='), acap('ACAP allow-present prohibited-modification=colour')],
    not: [acap('ACAP allow-crawl location=http://myserver.com/legitimate-copy.htm'), acap('ACAP allow-index time-limit=14-days'), acap('ACAP allow-preserve time-limit=until-2008-03-01')],
  },
  'meta.malformed-qualifier': {
    reported: [acap('ACAP allow-index until-recrawled'), acap('ACAP allow-index =7-days')],
    not: [acap('ACAP allow-index time-limit = 7-days'), acap('ACAP allow-index time-limit=7-days')],
  },
  'meta.duplicate-qualifier': {
    reported: [acap('ACAP allow-index time-limit=1-days time-limit=2-days'), acap('ACAP allow-present prohibited-modification=format prohibited-modification=format'), acap('ACAP allow-present prohibited-modification=any prohibited-modification=style')],
    not: [acap('ACAP allow-present prohibited-modification=format prohibited-modification=style'), acap('ACAP allow-index time-limit=1-days')],
  },
  'meta.qualifier-on-prohibition': {
    reported: [acap('ACAP disallow-index time-limit=5-days')],
    not: [acap('ACAP allow-index time-limit=5-days'), acap('ACAP disallow-index')],
  },
  'meta.stray-word': {
    reported: [acap('ACAP news search allow-index'), acap('ACAP allow-index disallow-follow'), acap('ACAP version 1.1 allow-index')],
    not: [acap('ACAP news allow-index'), acap('ACAP version 1.1')],
  },
  'meta.invalid-usage-purpose': {
    reported: [acap('ACAP 1news allow-index'), acap("ACAP 'news' allow-index"), acap('ACAP news$x allow-index')],
    not: [acap('ACAP news allow-index'), acap('ACAP http://news.example.com/* allow-index'), acap('ACAP news.search.com allow-index')],
  },
  'meta.invalid-element-set': {
    reported: [acap('ACAP allow-index the-acap:idlist:a,b'), acap('ACAP allow-index the-acap:idlist:1a'), acap('ACAP allow-index the-acap:classlist:a,  b')],
    not: [acap('ACAP allow-index the-acap:idlist:a, b'), acap('ACAP allow-index the-acap:taglist:p')],
  },
  'meta.extract-target-missing': {
    reported: [acap('ACAP allow-index must-use-resource=the-acap:extract:id:main'), acap('ACAP allow-index must-use-resource=the-acap:extract:class:abstract'), acap('ACAP allow-present-snippet must-use-resource=the-acap:extract:meta:snippet')],
    not: [
      page(meta('ACAP allow-index must-use-resource=the-acap:extract:id:main'), '<div id="Main"></div>'),
      page(meta('ACAP allow-index must-use-resource=the-acap:extract:class:abstract'), '<p class="lead abstract"></p>'),
      page(`${meta('a snippet', 'snippet')}\n${meta('ACAP allow-present-snippet must-use-resource=the-acap:extract:meta:snippet')}`),
      acap('ACAP allow-index must-use-resource=http://example.com/abstract.txt'),
    ],
  },
  'meta.version-unknown': {
    reported: [acap('ACAP version 1.0'), acap('ACAP version 2.0'), acap('ACAP version'), acap('ACAP version v1.1')],
    not: [acap('ACAP version 1.1'), acap('ACAP VERSION 1.1')],
  },
  'meta.version-duplicate': {
    reported: [page(`${V11}\n${V11}`), page(`${V11}\n${meta('ACAP version 1.1', 'ROBOTS')}`)],
    not: [page(`${V11}\n${meta('ACAP version 1.1', 'SearchBot1')}`), page(V11)],
  },
  'meta.version-missing': {
    reported: [page('', '<div class="the-acap:allow-index">x</div>'), page(meta('ACAP version 1.0'), '<div class="the-acap:disallow-present-snippet">x</div>')],
    not: [page(V11, '<div class="the-acap:allow-index">x</div>'), page(meta('ACAP allow-index')), page('', '<div class="abstract">x</div>')],
  },
  'meta.contradictory': {
    reported: [
      page(`${meta('ACAP allow-index')}\n${meta('ACAP disallow-index')}`),
      page(`${meta('ACAP news allow-index', 'SearchBot1')}\n${meta('ACAP news disallow-index', 'searchbot1')}`),
      page(V11, '<div class="the-acap:allow-index the-acap:disallow-index">x</div>'),
    ],
    not: [
      page(`${meta('ACAP allow-index')}\n${meta('ACAP disallow-index', 'SearchBot1')}`),
      page(`${meta('ACAP news allow-index')}\n${meta('ACAP sport disallow-index')}`),
      page(`${meta('ACAP allow-present')}\n${meta('ACAP disallow-present-snippet')}`),
      page(V11, '<div class="the-acap:allow-index"><p class="the-acap:disallow-index">x</p></div>'),
    ],
  },
  'meta.not-ready': {
    reported: [acap('ACAP allow-present-link'), page(`${meta('s', 'snippet')}\n${meta('ACAP allow-present-snippet must-use-resource=the-acap:extract:meta:snippet')}`), acap('ACAP allow-present must-include-resource=the-acap:link:http://example.com/'), page(V11, '<a class="the-acap:allow-present-link">x</a>')],
    not: [acap('ACAP allow-present-snippet'), acap('ACAP allow-present-snippet max-length=20-words'), page(V11, '<a class="the-acap:allow-present-snippet">x</a>')],
  },
  'meta.prior-arrangement': {
    reported: [page(meta('ACAP allow-index must-use-resource=the-acap:extract:id:main'), '<div id="main"></div>')],
    not: [acap('ACAP allow-index time-limit=5-days'), acap('ACAP allow-present-snippet max-length=20-words')],
  },
  'meta.class-outside-body': {
    reported: [`<html class="the-acap:allow-index"><head>${V11}</head><body></body></html>`, page(`${V11}<title class="the-acap:disallow-index">t</title>`)],
    not: [page(V11, '<body class="the-acap:allow-index">'), `${V11}<div class="the-acap:allow-index">x</div>`],
  },
  'meta.unknown-class': {
    reported: [page(V11, '<div class="the-acap:index">x</div>'), page(V11, '<div class="the-acap-allow-index">x</div>'), page(V11, '<div class="acap:allow-index">x</div>')],
    not: [page(V11, '<div class="the-acap:allow-index">x</div>'), page(V11, '<div class="acapella theme-dark">x</div>')],
  },
  'meta.unknown-conventional-value': {
    reported: [acap('nofolow'), acap('no-index'), acap('max-snipet:20'), acap('noindex, indexthis', 'Googlebot')],
    not: [acap('index, follow, noimageindex, notranslate, indexifembedded, all'), acap('noindex, nocache, noodp')],
  },
  'meta.invalid-conventional-value': {
    reported: [acap('max-snippet:abc'), acap('max-snippet:-2'), acap('max-image-preview:huge'), acap('max-video-preview:x'), acap('unavailable_after: 2020-02-30'), acap('unavailable_after:'), acap('unavailable_after: 32 Jan 2020')],
    not: [acap('max-snippet:-1'), acap('max-image-preview:large'), acap('max-video-preview:0'), acap('unavailable_after: 25 Jun 2010 15:00:00 GMT'), acap('unavailable_after: Friday, 25-Jun-2010 15:00:00 PST'), acap('unavailable_after: 2010-06-25T15:00:00Z'), acap('unavailable_after: 2010-06-25 15:00:00 +0100'), acap('unavailable_after: 2024-02-29')],
  },
  'meta.conventional-equivalent': {
    reported: [acap('noindex'), acap('none'), acap('max-snippet:50'), acap('noarchive'), acap('nosnippet'), acap('nofollow', 'Googlebot'), page(`${meta('noindex')}\n${meta('ACAP disallow-index', 'SearchBot1')}`)],
    not: [page(`${meta('noindex')}\n${meta('ACAP disallow-index')}`), page(`${meta('noindex', 'Googlebot')}\n${meta('ACAP disallow-index')}`), acap('index, follow'), acap('max-snippet:-1'), acap('noimageindex'), page(`${meta('max-snippet:20')}\n${meta('ACAP allow-present-snippet max-length=20-chars')}`)],
  },
  'meta.ai-value': {
    reported: [acap('noai, noimageai'), acap('noimageai')],
    not: [acap('noindex'), acap('noia')],
  },
  'meta.invalid-tdm': {
    reported: [acap('yes', 'tdm-reservation'), acap('2', 'tdm-reservation'), page('<meta name="tdm-reservation">'), acap('policy.json', 'tdm-policy')],
    not: [acap('1', 'tdm-reservation'), acap('0', 'tdm-reservation'), acap('https://example.com/policies/tdm.json', 'tdm-policy')],
  },
};

suite('HTML diagnostics', () => {
  test('every meta.* code has cases (meta.never-read needs robots.txt and is tested with the page service)', () => {
    const metaCodes = CODES.map((c) => c.code as string).filter((c) => c.startsWith('meta.') && c !== 'meta.never-read');
    assert.deepEqual(Object.keys(CASES).sort(), metaCodes.sort());
  });

  for (const [code, { reported, not }] of Object.entries(CASES)) {
    suite(code, () => {
      reported.forEach((text, i) => {
        test(`reported (${i + 1})`, () => assert.ok(codes(text).includes(code), `${code} missing for:\n${text}\ngot ${JSON.stringify(codes(text))}`));
      });
      not.forEach((text, i) => {
        test(`near miss not reported (${i + 1})`, () => assert.ok(!codes(text).includes(code), `${code} reported for:\n${text}`));
      });
    });
  }

  suite('what diagnostics cover and carry', () => {
    test('did-you-mean replacements cover exactly what they replace', () => {
      const cases: readonly [string, string, string, string][] = [
        [acap('ACAP allow-present-links'), 'meta.unknown-usage', 'present-links', 'present-link'],
        [acap('ACAP allow-index-snippet'), 'meta.invalid-usage-combination', 'index-snippet', 'present-snippet'],
        [acap('ACAP: allow-index'), 'meta.malformed-acap-token', 'ACAP:', 'ACAP'],
        [acap('Acap-allow-index'), 'meta.malformed-acap-token', 'Acap-allow-index', 'ACAP allow-index'],
        [acap('allow-index'), 'meta.malformed-acap-token', 'allow-index', 'ACAP allow-index'],
        [acap('ACAP allow present-snippet'), 'meta.invalid-acap-content', 'allow present-snippet', 'allow-present-snippet'],
        [acap('ACAP version=1.1'), 'meta.invalid-acap-content', 'version=1.1', 'version 1.1'],
        [acap('ACAP noindex'), 'meta.invalid-acap-content', 'noindex', 'disallow-index'],
        [acap('ACAP version v1.1'), 'meta.version-unknown', 'v1.1', '1.1'],
        [acap('ACAP allow-index time-limt=7-days'), 'meta.unknown-qualifier', 'time-limt', 'time-limit'],
        [acap('ACAP allow-index time-limit=7days'), 'meta.invalid-qualifier-value', '7days', '7-days'],
        [acap('ACAP allow-index the-acap:idlist:a,b'), 'meta.invalid-element-set', 'the-acap:idlist:a,b', 'the-acap:idlist:a, b'],
        [acap('ACAP allow-index', '*'), 'meta.invalid-name', '*', 'robots'],
        [acap('noindex', 'robot'), 'meta.invalid-name', 'robot', 'robots'],
        [acap('nofolow'), 'meta.unknown-conventional-value', 'nofolow', 'nofollow'],
        [acap('max-snipet:20'), 'meta.unknown-conventional-value', 'max-snipet:20', 'max-snippet:20'],
        [acap('max-image-preview:larg'), 'meta.invalid-conventional-value', 'larg', 'large'],
        [acap('yes', 'tdm-reservation'), 'meta.invalid-tdm', 'yes', '1'],
        [page(V11, '<div class="the-acap-allow-index">x</div>'), 'meta.unknown-class', 'the-acap-allow-index', 'the-acap:allow-index'],
      ];
      for (const [text, code, covers, replacement] of cases) {
        const d = one(text, code);
        assert.equal(d.covers, covers, `${code} range`);
        assert.deepEqual(d.data, { replacement }, `${code} data`);
        assert.equal(d.source, SOURCE);
      }
    });

    test('a conventional value gets its ACAP equivalent as a tag to add, written like its own tag', () => {
      const d = one(page('<META NAME="robots" CONTENT="noindex" />'), 'meta.conventional-equivalent');
      assert.equal(d.covers, 'noindex');
      assert.deepEqual(d.data, { addMeta: '<META NAME="robots" CONTENT="ACAP disallow-index" />' });
      assert.match(d.message, /disallow-index/);
      const snippet = one(acap('max-snippet:150', 'Googlebot'), 'meta.conventional-equivalent');
      assert.deepEqual(snippet.data, { addMeta: '<meta name="Googlebot" content="ACAP allow-present-snippet max-length=150-chars">' });
      const none = one(acap('none'), 'meta.conventional-equivalent');
      assert.deepEqual(none.data, { addMeta: '<meta name="robots" content="ACAP disallow-index">\n<meta name="robots" content="ACAP disallow-follow">' });
      const zero = one(acap('max-snippet:0'), 'meta.conventional-equivalent');
      assert.deepEqual(zero.data, { addMeta: '<meta name="robots" content="ACAP disallow-present-snippet">' });
    });

    test('only the missing half of none is suggested', () => {
      const d = one(page(`${meta('none')}\n${meta('ACAP disallow-follow')}`), 'meta.conventional-equivalent');
      assert.deepEqual(d.data, { addMeta: '<meta name="robots" content="ACAP disallow-index">' });
    });

    test('version-missing: once per page, on the first element-level permission, with the version tag to add', () => {
      const d = one(page(meta('noindex, nofollow'), '<div class="a the-acap:allow-index">x</div>\n<p class="the-acap:disallow-follow">y</p>'), 'meta.version-missing');
      assert.equal(d.covers, 'the-acap:allow-index');
      assert.match(d.message, /2 element-level permissions/);
      assert.match(d.message, /1\.0/);
      assert.deepEqual(d.data, { addMeta: '<meta name="robots" content="ACAP version 1.1">' });
    });

    test('ACAP among conventional values: the tag to add holds the ACAP part', () => {
      const d = one(acap('noindex, ACAP disallow-follow'), 'meta.malformed-acap-token');
      assert.equal(d.covers, 'ACAP');
      assert.deepEqual(d.data, { addMeta: '<meta name="robots" content="ACAP disallow-follow">' });
    });

    test('contradictions point at the conflicting tag', () => {
      const text = page(`${meta('ACAP allow-index')}\n${meta('ACAP disallow-index')}`);
      const d = one(text, 'meta.contradictory');
      assert.equal(d.range.start.line, 5);
      assert.equal(d.relatedInformation?.length, 1);
      assert.equal(d.relatedInformation?.[0].location.range.start.line, 4);
      assert.equal(d.relatedInformation?.[0].location.uri, 'file:///site/page.html');
      assert.match(d.message, /prohibited/);
    });

    test('a META tag split over lines: each problem on its own line', () => {
      const text = page('<META NAME="SearchBot1"\n  CONTENT="ACAP allow-indx\n  time-limit=until-2008-02-30">');
      assert.equal(one(text, 'meta.unknown-usage').range.start.line, 5);
      assert.equal(one(text, 'meta.invalid-qualifier-value').range.start.line, 6);
    });

    test('messages name the section they enforce', () => {
      for (const d of diagnose(page(`${meta('ACAP allow-indx')}\n${meta('ACAP disallow-index time-limit=5-days')}`))) {
        assert.match(d.message, /Part [12] §/);
      }
    });

    test('not-ready features are tagged deprecated, like in robots.txt', () => {
      assert.deepEqual(one(acap('ACAP allow-present-link'), 'meta.not-ready').tags, [2]);
    });

    test('non-robots META tags are left alone', () => {
      assert.deepEqual(codes(page([
        meta('A page about indexing, following and the ACAP protocol', 'description'),
        meta('width=device-width, initial-scale=1', 'viewport'),
        meta('This is the snippet text to be presented', 'snippet'),
        '<meta charset="utf-8">',
      ].join('\n'))), []);
    });
  });

  suite('settings and limits (the robots.txt machinery)', () => {
    const text = page(`${meta('ACAP allow-indx')}\n${meta('nofolow')}\n${meta('noindex')}`);

    test('defaults: error, information, information', () => {
      assert.deepEqual(diagnose(text).map((d) => [d.code, d.severity]), [['meta.unknown-usage', 1], ['meta.unknown-conventional-value', 3], ['meta.conventional-equivalent', 3]]);
    });

    test('a code can be turned off or given another severity', () => {
      const settings: ValidationSettings = { severities: { 'meta.conventional-equivalent': 'off', 'meta.unknown-usage': 'warning' } };
      assert.deepEqual(diagnose(text, settings).map((d) => [d.code, d.severity]), [['meta.unknown-usage', 2], ['meta.unknown-conventional-value', 3]]);
    });

    test('maxProblems keeps the most severe, in text order, and says how many more there were', () => {
      const many = page(Array.from({ length: 30 }, (_, i) => meta(i === 20 ? 'ACAP allow-indx' : 'nofolow')).join('\n'));
      const ds = diagnose(many, { maxProblems: 5 });
      assert.equal(ds.length, 6);
      assert.equal(ds[0].code, 'meta.unknown-conventional-value');
      assert.ok(ds.slice(0, 5).some((d) => d.code === 'meta.unknown-usage'));
      const note = ds[5];
      assert.equal(note.code, 'text.too-many-problems');
      assert.match(note.message, /^25 more problems not shown/);
      assert.equal(diagnose(many, { maxProblems: 5, severities: { 'text.too-many-problems': 'off' } }).length, 5);
    });

    test('codes turned off do not count against the limit', () => {
      const many = page(Array.from({ length: 10 }, () => meta('nofolow')).join('\n'));
      assert.equal(diagnose(many, { maxProblems: 3, severities: { 'meta.unknown-conventional-value': 'off' } }).length, 0);
    });
  });
});
