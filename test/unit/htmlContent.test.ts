/**
 * The META content parser (server/src/service/html/metaContent.ts) against Part 2 §3:
 * "ACAP" 1*WSP (version / permission / prohibition), element sets, and the conventional
 * vocabulary for everything that does not start with the ACAP token.
 */
import * as assert from 'node:assert/strict';
import { conventionalAcap, conventionalValues, parseMetaContent } from '../../server/src/service/html/metaContent';
import type { MetaContent, Word } from '../../server/src/service/html/types';

/** A content value placed at offset 100 of some page, so offsets are checked as page offsets. */
const BASE = 100;
function content(text: string): Word {
  return { text, span: { start: BASE, end: BASE + text.length } };
}

function parse(text: string): MetaContent {
  return parseMetaContent(content(text));
}

/** The text a page span covers, given the content value it came from. */
function cut(text: string, span: { start: number; end: number }): string {
  return text.slice(span.start - BASE, span.end - BASE);
}

function permission(text: string): Extract<MetaContent, { kind: 'acap-permission' }> {
  const m = parse(text);
  assert.equal(m.kind, 'acap-permission', text);
  return m as Extract<MetaContent, { kind: 'acap-permission' }>;
}

suite('META content parser', () => {
  suite('ACAP permissions and prohibitions (Part 2 §2.2.3, §2.2.4)', () => {
    test('allow-usage, with the usage lower-cased and its page offsets', () => {
      const text = 'ACAP allow-Present-Snippet';
      const p = permission(text);
      assert.equal(p.allow, true);
      assert.deepEqual([p.usage?.name, p.usage?.local], ['present-snippet', false]);
      assert.equal(cut(text, p.usage?.span ?? { start: 0, end: 0 }), 'Present-Snippet');
      assert.deepEqual([p.purpose, p.qualifiers, p.elementSets, p.stray], [undefined, [], [], []]);
    });

    test('the ABNF literals are case-insensitive (RFC 2234 §2.3)', () => {
      const p = permission('acap DISALLOW-follow');
      assert.deepEqual([p.allow, p.usage?.name], [false, 'follow']);
    });

    test('any HTML whitespace separates words, including line breaks (Part 2 §2.2.3.2 wraps one)', () => {
      const p = permission('ACAP\tallow-present-snippet  \n max-length=100-chars');
      assert.deepEqual(p.qualifiers.map((q) => [q.name, q.value]), [['max-length', '100-chars']]);
    });

    test('a usage purpose before the permission (Part 2 §2.2.2)', () => {
      const text = 'ACAP news.search.com allow-index';
      const p = permission(text);
      assert.equal(p.purpose?.text, 'news.search.com');
      assert.equal(cut(text, p.purpose?.span ?? { start: 0, end: 0 }), 'news.search.com');
    });

    test('qualifiers: name=value, with spaces around = (Part 1 §3 qualifier-specification)', () => {
      for (const text of ['ACAP allow-index time-limit=14-days', 'ACAP allow-index time-limit = 14-days', 'ACAP allow-index time-limit= 14-days', 'ACAP allow-index time-limit =14-days']) {
        const [q] = permission(text).qualifiers;
        assert.deepEqual([q.name, q.value], ['time-limit', '14-days'], text);
        assert.equal(cut(text, q.nameSpan), 'time-limit', text);
        assert.equal(cut(text, q.valueSpan ?? { start: 0, end: 0 }), '14-days', text);
        assert.equal(cut(text, q.span), text.slice(text.indexOf('time')), text);
      }
    });

    test('qualifier names are lower-cased, values kept as written; an empty value is empty', () => {
      const p = permission('ACAP allow-crawl LOCATION=http://Example.com/A.html max-length=');
      assert.deepEqual(p.qualifiers.map((q) => [q.name, q.value]), [['location', 'http://Example.com/A.html'], ['max-length', '']]);
    });

    test('a word without = is a qualifier without a value', () => {
      const p = permission('ACAP allow-index until-recrawled');
      assert.deepEqual(p.qualifiers.map((q) => [q.name, q.value]), [['until-recrawled', undefined]]);
    });

    test('local usages and an empty usage', () => {
      assert.deepEqual(permission('ACAP allow-(Mine)').usage, { name: 'mine', local: true, span: { start: BASE + 11, end: BASE + 17 } });
      assert.equal(permission('ACAP allow-').usage, undefined);
    });

    test('element sets, with their ", " separators (Part 2 §3 element-set)', () => {
      const text = 'ACAP allow-index the-acap:idlist:intro, main, footer time-limit=7-days the-acap:taglist:p';
      const p = permission(text);
      assert.deepEqual(p.elementSets.map((w) => [w.text, cut(text, w.span)]), [
        ['the-acap:idlist:intro, main, footer', 'the-acap:idlist:intro, main, footer'],
        ['the-acap:taglist:p', 'the-acap:taglist:p'],
      ]);
      assert.deepEqual(p.qualifiers.map((q) => q.name), ['time-limit']);
    });

    test('stray words: a second purpose, a second permission, a repeated ACAP', () => {
      assert.deepEqual(permission('ACAP news search allow-index').stray.map((w) => w.text), ['search']);
      assert.equal(permission('ACAP news search allow-index').purpose?.text, 'news');
      assert.deepEqual(permission('ACAP allow-index disallow-follow ACAP').stray.map((w) => w.text), ['disallow-follow', 'ACAP']);
    });
  });

  suite('the version tag (Part 2 §2.2.7)', () => {
    test('ACAP version 1.1, any case', () => {
      const m = parse('ACAP Version 1.1');
      assert.equal(m.kind, 'acap-version');
      if (m.kind === 'acap-version') {
        assert.equal(m.version?.text, '1.1');
        assert.deepEqual(m.version?.span, { start: BASE + 13, end: BASE + 16 });
        assert.deepEqual(m.stray, []);
      }
    });

    test('no number, and words after it', () => {
      const a = parse('ACAP version');
      assert.ok(a.kind === 'acap-version' && a.version === undefined);
      const b = parse('ACAP version 1.1 allow-index');
      assert.ok(b.kind === 'acap-version' && b.stray?.map((w) => w.text).join() === 'allow-index');
    });
  });

  suite('other: what is meant as ACAP but is not', () => {
    const cases: readonly [string, string][] = [
      ['ACAP', 'acap-alone'],
      ['  ACAP  ', 'acap-alone'],
      ['ACAP: allow-index', 'misspelt-acap'],
      ['Acap-allow-index', 'misspelt-acap'],
      ['ACAPallow-index', 'misspelt-acap'],
      ['ACAP, disallow-index', 'misspelt-acap'],
      ['ACP allow-index', 'misspelt-acap'],
      ['AACP version 1.1', 'misspelt-acap'],
      ['CAP allow-index', 'misspelt-acap'],
      ['ACAP allow index', 'no-permission'],
      ['ACAP version=1.1', 'no-permission'],
      ['ACAP noindex', 'no-permission'],
    ];
    for (const [text, reason] of cases) {
      test(`${JSON.stringify(text)}: ${reason}`, () => {
        const m = parse(text);
        assert.equal(m.kind, 'other');
        assert.ok(m.kind === 'other' && m.reason === reason);
        assert.ok(m.kind === 'other' && (m.words?.length ?? 0) > 0);
      });
    }

    test('words that merely start like ACAP are conventional', () => {
      assert.equal(parse('acapella').kind, 'conventional');
      assert.equal(parse('ACP noindex').kind, 'conventional');
      assert.equal(parse('ABC allow-index').kind, 'conventional');
    });
  });

  suite('conventional values', () => {
    function values(text: string): string[] {
      const m = parse(text);
      assert.equal(m.kind, 'conventional', text);
      return m.kind === 'conventional' ? m.values.map((w) => { assert.equal(cut(text, w.span), w.text); return w.text; }) : [];
    }

    test('split on commas and whitespace', () => {
      assert.deepEqual(values('noindex, nofollow'), ['noindex', 'nofollow']);
      assert.deepEqual(values('index nofollow'), ['index', 'nofollow']);
      assert.deepEqual(values(' NOINDEX,NOFOLLOW ,, noarchive '), ['NOINDEX', 'NOFOLLOW', 'noarchive']);
      assert.deepEqual(values(''), []);
      assert.deepEqual(values('  ,  '), []);
    });

    test('key:value, also with a space after the colon', () => {
      assert.deepEqual(values('max-snippet:50, max-image-preview: large,max-video-preview:-1'), ['max-snippet:50', 'max-image-preview: large', 'max-video-preview:-1']);
      assert.deepEqual(values('max-snippet:, noindex'), ['max-snippet:', 'noindex']);
    });

    test('an unavailable_after date keeps its spaces and commas, up to the next directive', () => {
      assert.deepEqual(values('unavailable_after: Friday, 25-Jun-2010 15:00:00 PST, noindex'), ['unavailable_after: Friday, 25-Jun-2010 15:00:00 PST', 'noindex']);
      assert.deepEqual(values('noarchive, unavailable_after: 2025-06-25'), ['noarchive', 'unavailable_after: 2025-06-25']);
    });

    test('the AI-era values and unknown words are kept as words', () => {
      assert.deepEqual(values('noai, noimageai, nofolow'), ['noai', 'noimageai', 'nofolow']);
    });

    test('conventionalValues takes the same Word', () => {
      assert.deepEqual(conventionalValues(content('a b')).map((w) => w.span), [{ start: BASE, end: BASE + 1 }, { start: BASE + 2, end: BASE + 3 }]);
    });
  });
});

suite('max-snippet as ACAP', () => {
  test('the length is written with its digits, however many: never Infinity, never rounded', () => {
    // 400 nines went through Number and became `max-length=Infinity-chars`, which the page's own
    // check rejects; 20 nines became 1 followed by 20 zeros (found by a property hunt).
    const nines = '9'.repeat(400);
    assert.deepEqual(conventionalAcap(`max-snippet:${nines}`), [{ allow: true, usage: 'present-snippet', qualifiers: [`max-length=${nines}-chars`] }]);
    assert.deepEqual(conventionalAcap('max-snippet:99999999999999999999')[0].qualifiers, ['max-length=99999999999999999999-chars']);
    assert.deepEqual(conventionalAcap('max-snippet:050')[0].qualifiers, ['max-length=50-chars']);
    assert.deepEqual(conventionalAcap('max-snippet:00'), [{ allow: false, usage: 'present-snippet', qualifiers: [] }]);
    assert.deepEqual(conventionalAcap('max-snippet:-1'), [{ allow: true, usage: 'present-snippet', qualifiers: [] }]);
  });
});
