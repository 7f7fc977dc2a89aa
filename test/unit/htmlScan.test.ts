/**
 * The HTML scanner (server/src/service/html/scan.ts): META names and contents with their raw
 * offsets in every attribute style, head and body as the HTML parser decides them, text that is
 * never scanned for tags, class words, positions over CR/LF/CRLF, and robustness on junk.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { validateHtml } from '../../server/src/service/html/htmlValidation';
import { parseHtml } from '../../server/src/service/html/scan';
import type { HtmlPage, OffsetSpan } from '../../server/src/service/html/types';

function page(text: string): HtmlPage {
  return parseHtml('file:///site/page.html', text);
}

function at(p: HtmlPage, span: OffsetSpan): string {
  return p.text.slice(span.start, span.end);
}

/** Each META as `name=content` (content as written; `-` when missing). */
function metas(text: string): string[] {
  return page(text).metas.map((m) => `${m.name.text}=${m.content?.text ?? '-'}`);
}

/** Whether each META (in order) is in the head. */
function inHead(text: string): boolean[] {
  return page(text).metas.map((m) => m.inHead);
}

suite('HTML scanner', () => {
  suite('META attributes and their offsets', () => {
    const cases: readonly [string, string, string][] = [
      ['double quotes', '<meta name="robots" content="noindex">', 'noindex'],
      ['single quotes', "<meta name='robots' content='noindex, nofollow'>", 'noindex, nofollow'],
      ['unquoted', '<meta name=robots content=noindex>', 'noindex'],
      ['upper case tag and attributes', '<META NAME="robots" CONTENT="ACAP allow-index">', 'ACAP allow-index'],
      ['self-closing', '<meta name="robots" content="noindex"/>', 'noindex'],
      ['self-closing with a space', '<meta name="robots" content="noindex" />', 'noindex'],
      ['content first', '<meta content="nofollow" name="robots">', 'nofollow'],
      ['spaces around =', '<meta name = "robots" content = "noarchive">', 'noarchive'],
      ['attributes on several lines', '<META NAME="robots"\n   CONTENT="ACAP allow-present-snippet\nmax-length=20-words">', 'ACAP allow-present-snippet\nmax-length=20-words'],
      ['an entity kept raw', '<meta name="robots" content="ACAP allow-crawl location=http://a.example/?a=1&amp;b=2">', 'ACAP allow-crawl location=http://a.example/?a=1&amp;b=2'],
      ['a quote of the other kind inside', `<meta name="robots" content="it's">`, "it's"],
    ];
    for (const [label, text, content] of cases) {
      test(label, () => {
        const p = page(text);
        assert.equal(p.metas.length, 1);
        const m = p.metas[0];
        assert.equal(m.name.text, 'robots');
        assert.equal(m.nameLower, 'robots');
        assert.equal(at(p, m.name.span), 'robots');
        assert.equal(m.content?.text, content);
        assert.equal(at(p, m.content?.span ?? { start: 0, end: 0 }), content);
        assert.equal(at(p, m.tag), text);
      });
    }

    test('exact offsets: quotes excluded', () => {
      const p = page('<meta name="robots" content=\'x y\'>');
      assert.deepEqual(p.metas[0].name.span, { start: 12, end: 18 });
      assert.deepEqual(p.metas[0].content?.span, { start: 29, end: 32 });
      assert.deepEqual(p.metas[0].tag, { start: 0, end: 34 });
    });

    test('an unquoted value ends at whitespace or >, and keeps a slash before >', () => {
      assert.deepEqual(metas('<meta name=robots content=noindex/>'), ['robots=noindex/']);
      assert.deepEqual(metas('<meta name=robots content=noindex >'), ['robots=noindex']);
    });

    test('an attribute without a value, a missing content, an empty content', () => {
      assert.deepEqual(metas('<meta name content="x">'), ['=x']);
      assert.deepEqual(metas('<meta name="robots">'), ['robots=-']);
      assert.deepEqual(metas('<meta name="robots" content="">'), ['robots=']);
      const p = page('<meta name content="x">');
      assert.deepEqual(p.metas[0].name.span, { start: 10, end: 10 });
    });

    test('the first of two same-named attributes counts (HTML drops the second)', () => {
      assert.deepEqual(metas('<meta name="robots" name="googlebot" content="a" content="b">'), ['robots=a']);
    });

    test('META tags without a name (charset, http-equiv, property) are not listed', () => {
      assert.deepEqual(metas('<meta charset="utf-8"><meta http-equiv="refresh" content="5"><meta property="og:title" content="x">'), []);
    });

    test('how the tag was written is kept, for suggested companion tags', () => {
      const p = page('<META NAME="robots" Content="noindex" />');
      assert.deepEqual(p.metas[0].spelling, { tagName: 'META', nameAttr: 'NAME', contentAttr: 'Content', selfClosing: true });
    });

    test('the content is parsed into its meaning', () => {
      const p = page('<meta name="robots" content="ACAP allow-index"><meta name="robots" content="noindex">');
      assert.equal(p.metas[0].meaning.kind, 'acap-permission');
      assert.equal(p.metas[1].meaning.kind, 'conventional');
    });
  });

  suite('head and body', () => {
    test('in an explicit head; in the body', () => {
      assert.deepEqual(inHead('<html><head><meta name="a" content="x"></head><body><meta name="b" content="x"></body></html>'), [true, false]);
    });

    test('an implicit head: META before <body>, with or without <html>', () => {
      assert.deepEqual(inHead('<meta name="a" content="x"><title>t</title><meta name="b" content="x"><body>'), [true, true]);
      assert.deepEqual(inHead('<!DOCTYPE html>\n<html>\n<meta name="a" content="x">\n<body>'), [true]);
    });

    test('after </head> but before <body>: the parser still puts META in the head', () => {
      assert.deepEqual(inHead('<head></head>\n<meta name="a" content="x">\n<body></body>'), [true]);
    });

    test('an element or text that belongs in the body starts it implicitly', () => {
      assert.deepEqual(inHead('<head><div></div><meta name="a" content="x">'), [false]);
      assert.deepEqual(inHead('<meta name="a" content="x">Hello<meta name="b" content="x">'), [true, false]);
      assert.deepEqual(inHead('<head></head><p>text</p><meta name="a" content="x">'), [false]);
    });

    test('whitespace, comments, a doctype and a byte-order mark do not start the body', () => {
      assert.deepEqual(inHead('\uFEFF<!DOCTYPE html>\n<!-- c -->\n  <html>\n<head>\n<meta name="a" content="x">'), [true]);
    });

    test('title, script, style, noscript and link stay in the head', () => {
      assert.deepEqual(inHead('<head><title>A <b>title</b></title><script>var x = "<div>";</script><style>p{}</style><noscript><link rel="x"></noscript><link rel="y"><meta name="a" content="x"></head>'), [true]);
    });

    test('the explicit <head> tag is recorded', () => {
      const p = page('<html>\n<head lang="en">\n</head>');
      assert.equal(at(p, p.head ?? { start: 0, end: 0 }), '<head lang="en">');
      assert.equal(page('<meta name="a" content="x">').head, undefined);
    });
  });

  suite('text that is never scanned for tags', () => {
    test('script, style, textarea, title and comments hide tags', () => {
      const hidden = [
        '<script>document.write(\'<meta name="robots" content="noindex">\');</script>',
        '<style>/* <meta name="robots" content="noindex"> */</style>',
        '<textarea><meta name="robots" content="noindex"></textarea>',
        '<title><meta name="robots" content="noindex"></title>',
        '<!-- <meta name="robots" content="noindex"> -->',
        '<!--<div class="the-acap:allow-index">-->',
      ];
      for (const h of hidden) {
        const p = page(`<html><head>${h}<meta name="after" content="x"></head><body class="b"></body></html>`);
        assert.deepEqual(p.metas.map((m) => m.name.text), ['after'], h);
        assert.deepEqual(p.classes, [], h);
      }
    });

    test('a script that never ends hides the rest of the page', () => {
      assert.deepEqual(metas('<script>if (a < b) {\n<meta name="robots" content="noindex">'), []);
    });

    test('script content does not start the body', () => {
      assert.deepEqual(inHead('<head><script>var a = 1;</script><meta name="a" content="x">'), [true]);
    });
  });

  suite('class attributes', () => {
    test('words split on any HTML whitespace, with their offsets', () => {
      const p = page('<body><div class=" a\tthe-acap:allow-index\nb  THE-ACAP:Disallow-Present-Snippet ">x</div></body>');
      assert.deepEqual(p.classWords?.map((w) => [w.text, at(p, w.span)]), [['a', 'a'], ['the-acap:allow-index', 'the-acap:allow-index'], ['b', 'b'], ['THE-ACAP:Disallow-Present-Snippet', 'THE-ACAP:Disallow-Present-Snippet']]);
      assert.equal(p.classes.length, 2);
      const [allow, disallow] = p.classes;
      assert.deepEqual([allow.allow, allow.usage?.name, allow.usage?.local, at(p, allow.usage?.span ?? { start: 0, end: 0 }), allow.element, allow.inBody], [true, 'index', false, 'index', 'div', true]);
      assert.deepEqual([disallow.allow, disallow.usage?.name, at(p, disallow.usage?.span ?? { start: 0, end: 0 })], [false, 'present-snippet', 'Present-Snippet']);
      assert.equal(at(p, allow.tag), '<div class=" a\tthe-acap:allow-index\nb  THE-ACAP:Disallow-Present-Snippet ">');
    });

    test('local usages, an empty usage, and stray the-acap: words', () => {
      const p = page('<p class="the-acap:allow-(my-usage) the-acap:allow- the-acap:index the-acap-allow-follow acap:allow-index acapella theme">');
      assert.deepEqual(p.classes.map((c) => [c.usage?.name, c.usage?.local]), [['my-usage', true], [undefined, undefined]]);
      assert.deepEqual(p.strayClasses.map((w) => w.text), ['the-acap:index', 'the-acap-allow-follow', 'acap:allow-index']);
    });

    test('in the body or not: <html>, head elements, <body> itself, elements that imply the body', () => {
      const p = page('<html class="the-acap:allow-index"><head><title class="the-acap:allow-follow">t</title></head><body class="the-acap:allow-preserve"><div class="the-acap:allow-crawl"></div></body></html>');
      assert.deepEqual(p.classes.map((c) => [c.element, c.inBody]), [['html', false], ['title', false], ['body', true], ['div', true]]);
      assert.deepEqual(page('<span class="the-acap:allow-index">').classes.map((c) => c.inBody), [true]);
    });

    test('ids are collected with their offsets', () => {
      const p = page('<div id="main"><p id=x1><span id>');
      assert.deepEqual(p.ids?.map((w) => [w.text, at(p, w.span)]), [['main', 'main'], ['x1', 'x1']]);
    });
  });

  suite('positions (CR, LF and CRLF all end lines, as LSP counts)', () => {
    const text = 'ab\r\ncd\ref\ngh';
    const p = page(text);

    test('positionAt', () => {
      assert.deepEqual(p.positionAt(0), { line: 0, character: 0 });
      assert.deepEqual(p.positionAt(2), { line: 0, character: 2 });
      assert.deepEqual(p.positionAt(4), { line: 1, character: 0 });
      assert.deepEqual(p.positionAt(7), { line: 2, character: 0 });
      assert.deepEqual(p.positionAt(10), { line: 3, character: 0 });
      assert.deepEqual(p.positionAt(12), { line: 3, character: 2 });
    });

    test('offsetAt, and the round trip on every offset that is not inside a CRLF', () => {
      assert.equal(p.offsetAt({ line: 1, character: 1 }), 5);
      for (let o = 0; o <= text.length; o++) {
        if (o === 3) continue; // between CR and LF: not a position of its own
        assert.equal(p.offsetAt(p.positionAt(o)), o, `offset ${o}`);
      }
    });

    test('positions past a line end or the text, and nonsense, are clamped', () => {
      assert.equal(p.offsetAt({ line: 0, character: 99 }), 2);
      assert.equal(p.offsetAt({ line: 2, character: 99 }), 9);
      assert.equal(p.offsetAt({ line: 99, character: 0 }), text.length);
      assert.equal(p.offsetAt({ line: -1, character: -5 }), 0);
      assert.equal(p.offsetAt({ line: Number.NaN, character: 1 }), 1);
      assert.deepEqual(p.positionAt(-3), { line: 0, character: 0 });
      assert.deepEqual(p.positionAt(1e9), { line: 3, character: 2 });
    });

    test('META offsets become the right positions in a CRLF page', () => {
      const q = page('<html>\r\n<head>\r\n<meta name="robots"\r\n  content="noindex">\r\n');
      const m = q.metas[0];
      assert.deepEqual(q.positionAt(m.name.span.start), { line: 2, character: 12 });
      assert.deepEqual(q.positionAt(m.content?.span.start ?? 0), { line: 3, character: 11 });
    });
  });

  suite('robustness', () => {
    const junk = [
      '', '<', '<meta', '<meta name="robots" content="noindex', '<meta name=', '<<<>>>', '</', '</head', '<!--', '<![CDATA[ <meta name="a">',
      '<meta name="robots" content="ACAP allow-index" <meta name="x">', '\u0000\u0001\uFFFE\uD800<meta name="r\u0000" content="\uDC00">',
      '<meta name="robots" content="ACAP allow-(">', '<div class="the-acap:allow-(">', '<a href=x class=the-acap:disallow->',
    ];
    for (const j of junk) {
      test(`never throws: ${JSON.stringify(j).slice(0, 60)}`, () => {
        const p = page(j);
        assert.ok(Array.isArray(validateHtml(p)));
      });
    }

    test('never throws on random input, and every span stays inside the text', () => {
      const fragments = fc.constantFrom('<meta', ' name="robots"', ' content="', 'ACAP ', 'allow-', 'disallow-', 'index', '"', "'", '>', '/>', '<head>', '</head>', '<body', ' class="the-acap:allow-', '<script>', '</script>', '<!--', '-->', '\r\n', '\n', ' ', '=', 'noindex,', 'max-snippet:', '(');
      const html = fc.array(fc.oneof(fragments, fc.string({ maxLength: 5 })), { maxLength: 40 }).map((a) => a.join(''));
      fc.assert(fc.property(fc.oneof(html, fc.string({ unit: 'binary', maxLength: 200 })), (text) => {
        const p = page(text);
        const spans = [
          ...p.metas.flatMap((m) => [m.name.span, m.tag, ...(m.content ? [m.content.span] : [])]),
          ...p.classes.flatMap((c) => [c.word.span, c.tag]), ...p.strayClasses.map((w) => w.span),
        ];
        for (const s of spans) assert.ok(s.start >= 0 && s.start <= s.end && s.end <= text.length);
        for (const d of validateHtml(p)) assert.ok(d.range.start.line >= 0);
      }), { numRuns: 300 });
    });

    test('a 1 MB page is scanned and validated (timings belong in benchmarks)', () => {
      const chunk = '<div class="article the-acap:allow-index"><p id="p">Some text &amp; more text <a href="/x">link</a></p></div>\n';
      const head = '<!DOCTYPE html><html><head><title>Big</title>\n<meta name="robots" content="noindex, nofollow">\n<meta name="robots" content="ACAP version 1.1">\n</head><body>\n';
      let text = head;
      while (text.length < 1024 * 1024) text += chunk;
      text += '<script>var s = "<meta name=\\"robots\\" content=\\"none\\">";</script></body></html>\n';
      const p = page(text);
      const rows = Math.floor((text.length - head.length) / chunk.length);
      assert.equal(p.metas.length, 2);
      assert.equal(p.classes.length, rows);
      assert.ok(p.classes.every((c) => c.inBody));
      const codes = validateHtml(p).map((d) => String(d.code)).sort();
      assert.deepEqual(codes, ['meta.conventional-equivalent', 'meta.conventional-equivalent']);
      assert.deepEqual(p.positionAt(text.length), { line: rows + 5, character: 0 });
    });
  });
});
