/** Editor structure: outline, folding, expand selection and links, on small fixtures with `|` cursors. */
import * as assert from 'node:assert/strict';
import { SymbolKind, type DocumentSymbol, type Range, type SelectionRange } from 'vscode-languageserver-types';
import { parseDocument } from '../../server/src/service/syntax/document';
import { getFoldingRanges } from '../../server/src/service/features/folding';
import { findDocumentLinks } from '../../server/src/service/features/links';
import { getSelectionRanges } from '../../server/src/service/features/selectionRanges';
import { brief, findDocumentSymbols } from '../../server/src/service/features/symbols';
import { cursor, doc } from './helpers';
import { positionAt } from './kit/positions';

/** A mixed file: conventional groups, definitions, a record with two sub-records, a reference. */
const SITE = [
  '##ACAP version=1.0', //                                          0
  '# Conventional records first.', //                               1
  'User-agent: *', //                                               2
  'Disallow: /private/', //                                         3
  'Allow: /private/open$', //                                       4
  '', //                                                            5
  'User-agent: GPTBot', //                                          6
  'User-agent: CCBot', //                                           7
  'Disallow: /', //                                                 8
  'Sitemap: https://example.com/sitemap.xml', //                    9
  '', //                                                            10
  'ACAP-resource-set: images *.gif *.jpg', //                       11
  '# a note between definitions', //                                12
  'ACAP-qualified-usage: short present-snippet max-length=20-words', // 13
  'ACAP-composite-usage: basic crawl index (short)', //             14
  '', //                                                            15
  'ACAP-crawler: searchbot', //                                     16
  'ACAP-crawler: newsbot', //                                       17
  'ACAP-allow-(basic): /news/', //                                  18
  'ACAP-disallow-index: the-acap:resource-set:images', //           19
  'ACAP-usage-purpose: news', //                                    20
  'ACAP-usage-purpose: http://news.search.*/*', //                  21
  'ACAP-allow-present-snippet: /', //                               22
  'ACAP-usage-purpose: archive', //                                 23
  'ACAP-disallow-present: /', //                                    24
  '', //                                                            25
  'ACAP-crawler: *', //                                             26
  'ACAP-permissions-reference: /acap/any.txt', //                   27
  '', //                                                            28
].join('\n');

/** `l:c-l:c`, 0-based, for compact range assertions. */
function r(range: Range): string {
  return `${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character}`;
}

interface Outline {
  name: string;
  kind: SymbolKind;
  detail: string | undefined;
  range: string;
  selection: string;
  children?: Outline[];
}

function outline(symbols: readonly DocumentSymbol[]): Outline[] {
  return symbols.map((s) => ({
    name: s.name, kind: s.kind, detail: s.detail, range: r(s.range), selection: r(s.selectionRange),
    ...(s.children?.length ? { children: outline(s.children) } : {}),
  }));
}

/** The chain of selection ranges at the `|` cursor, innermost first, each as the text it selects (or its range when it spans lines). */
function chainAt(textWithBar: string): string[] {
  const { text, offset } = cursor(textWithBar);
  const d = parseDocument('file:///site/robots.txt', 1, text);
  const out: string[] = [];
  for (let s: SelectionRange | undefined = getSelectionRanges(d, [positionAt(text, offset)])[0]; s; s = s.parent) {
    const { start, end } = s.range;
    out.push(start.line === end.line ? d.lines[start.line].text.slice(start.character, end.character) : r(s.range));
  }
  return out;
}

suite('document symbols', () => {
  test('groups, definitions, records with sub-records, Sitemap, in document order', () => {
    assert.deepEqual(outline(findDocumentSymbols(doc(SITE))), [
      { name: '*', kind: SymbolKind.Module, detail: '2 rules', range: '2:0-4:21', selection: '2:12-2:13' },
      { name: 'GPTBot, CCBot', kind: SymbolKind.Module, detail: '1 rule', range: '6:0-8:11', selection: '6:12-6:18' },
      { name: 'Sitemap', kind: SymbolKind.File, detail: 'https://example.com/sitemap.xml', range: '9:0-9:40', selection: '9:9-9:40' },
      { name: 'images', kind: SymbolKind.Array, detail: '*.gif *.jpg', range: '11:0-11:37', selection: '11:19-11:25' },
      { name: 'short', kind: SymbolKind.Function, detail: 'present-snippet max-length=20-words', range: '13:0-13:63', selection: '13:22-13:27' },
      { name: 'basic', kind: SymbolKind.Struct, detail: 'crawl index (short)', range: '14:0-14:47', selection: '14:22-14:27' },
      {
        name: 'searchbot, newsbot', kind: SymbolKind.Class, detail: 'ACAP · 4 fields', range: '16:0-24:24', selection: '16:14-16:23',
        children: [
          { name: 'news, http://news.search.*/*', kind: SymbolKind.Namespace, detail: 'purpose · 1 field', range: '20:0-22:29', selection: '20:20-20:24' },
          { name: 'archive', kind: SymbolKind.Namespace, detail: 'purpose · 1 field', range: '23:0-24:24', selection: '23:20-23:27' },
        ],
      },
      { name: '*', kind: SymbolKind.Class, detail: '→ /acap/any.txt', range: '26:0-27:41', selection: '26:14-26:15' },
    ]);
  });

  test('a Sitemap or definition inside a group becomes its child; an empty User-agent still has a name', () => {
    const symbols = findDocumentSymbols(doc('User-agent:\nDisallow: /a\nSitemap: https://e.test/s.xml\nDisallow: /b\n'));
    assert.deepEqual(outline(symbols), [{
      name: '(empty)', kind: SymbolKind.Module, detail: '2 rules', range: '0:0-3:12', selection: '0:0-0:10',
      children: [{ name: 'Sitemap', kind: SymbolKind.File, detail: 'https://e.test/s.xml', range: '2:0-2:29', selection: '2:9-2:29' }],
    }]);
  });

  test('a conventional line inside an ACAP record does not stretch its group over the record', () => {
    // Line 4 joins the group of line 0 for conventional crawlers (Part 1 §2.9.2), but the outline keeps them apart.
    const symbols = findDocumentSymbols(doc('User-agent: *\nDisallow: /a\nACAP-crawler: *\nACAP-allow-crawl: /\nDisallow: /b\nACAP-allow-index: /\n'));
    assert.deepEqual(symbols.map((s) => `${s.name} ${r(s.range)}`), ['* 0:0-1:12', '* 2:0-5:19']);
  });

  test('long lists of crawlers and patterns are cut short', () => {
    const agents = Array.from({ length: 30 }, (_, i) => `User-agent: crawler-number-${i}`).join('\n');
    const [group] = findDocumentSymbols(doc(`${agents}\nDisallow: /\n`));
    assert.equal(group.name, 'crawler-number-0, crawler-number-1, crawler-number-2, … +27');
    assert.equal(brief(['abcdefghij'], 5), 'abcd…');
    assert.equal(brief(['abcdefghij', 'b', 'c'], 5), 'abcd… … +2');
    assert.equal(brief(['a', 'b', 'c'], 3), 'a b … +1');
    assert.equal(brief([], 3), '');
  });

  test('an empty or junk document has no symbols', () => {
    assert.deepEqual(findDocumentSymbols(doc('')), []);
    assert.deepEqual(findDocumentSymbols(doc('\u0000\u0001 ACAP-resource-set:\n(((\n')), []);
  });
});

suite('folding ranges', () => {
  test('comments, groups, the definition block, records and sub-records; trailing blank lines excluded', () => {
    assert.deepEqual(getFoldingRanges(doc(SITE)), [
      { startLine: 0, endLine: 1, kind: 'comment' },
      { startLine: 2, endLine: 4 },
      { startLine: 6, endLine: 8 },
      { startLine: 11, endLine: 14 },
      { startLine: 16, endLine: 24 },
      { startLine: 20, endLine: 22 },
      { startLine: 23, endLine: 24 },
      { startLine: 26, endLine: 27 },
    ]);
  });

  test('a single comment line, a single definition and a one-line group do not fold; a blank line ends a comment run', () => {
    assert.deepEqual(getFoldingRanges(doc('# one\n\n# two\nUser-agent: *\n\nACAP-resource-set: a /a\nSitemap: https://e.test/\nACAP-resource-set: b /b\n')), []);
    assert.deepEqual(getFoldingRanges(doc('# a\n# b\n\n# c\n# d\n# e\n')), [
      { startLine: 0, endLine: 1, kind: 'comment' },
      { startLine: 3, endLine: 5, kind: 'comment' },
    ]);
  });

  test('a comment run inside a group nests in the group fold; a group after an ACAP record folds inside it (Part 1 §2.3: the record runs to the end of the file)', () => {
    const text = 'User-agent: a\n# why\n# because\nDisallow: /\nACAP-crawler: x\nACAP-allow-crawl: /\nUser-agent: b\nDisallow: /b\n';
    assert.deepEqual(getFoldingRanges(doc(text)), [
      { startLine: 0, endLine: 3 },
      { startLine: 1, endLine: 2, kind: 'comment' },
      { startLine: 4, endLine: 7 },
      { startLine: 6, endLine: 7 },
    ]);
  });

  test('CRLF and lone CR line ends fold like LF', () => {
    const lf = getFoldingRanges(doc(SITE));
    assert.deepEqual(getFoldingRanges(doc(SITE.replace(/\n/g, '\r\n'))), lf);
    assert.deepEqual(getFoldingRanges(doc(SITE.replace(/\n/g, '\r'))), lf);
  });
});

suite('selection ranges', () => {
  const at = (line: number, marked: string): string => SITE.split('\n').map((l, i) => (i === line ? marked : l)).join('\n');

  test('a qualifier name: the name, the qualifier, the value, the line, the definition block, the document', () => {
    assert.deepEqual(chainAt(at(13, 'ACAP-qualified-usage: short present-snippet max-len|gth=20-words')), [
      'max-length', 'max-length=20-words', 'short present-snippet max-length=20-words', 'ACAP-qualified-usage: short present-snippet max-length=20-words',
      '11:0-14:47', '0:0-28:0',
    ]);
  });

  test('a usage in a sub-record: the usage, the field name, the line, the sub-record, the record, the document', () => {
    assert.deepEqual(chainAt(at(22, 'ACAP-allow-present-snip|pet: /')), [
      'present-snippet', 'ACAP-allow-present-snippet', 'ACAP-allow-present-snippet: /', '20:0-22:29', '16:0-24:24', '0:0-28:0',
    ]);
  });

  test('a resource-set reference: its name, the whole reference, the line, the record', () => {
    assert.deepEqual(chainAt(at(19, 'ACAP-disallow-index: the-acap:resource-set:ima|ges')), [
      'images', 'the-acap:resource-set:images', 'ACAP-disallow-index: the-acap:resource-set:images', '16:0-24:24', '0:0-28:0',
    ]);
  });

  test('a local usage: its name, the parenthesised reference; a rule with a trailing comment: value, field, line, group', () => {
    assert.deepEqual(chainAt(at(18, 'ACAP-allow-(ba|sic): /news/')), ['basic', '(basic)', 'ACAP-allow-(basic)', 'ACAP-allow-(basic): /news/', '16:0-24:24', '0:0-28:0']);
    assert.deepEqual(chainAt('User-agent: *\nDisallow: /pri|vate/  # keep out\n'), ['/private/', 'Disallow: /private/', 'Disallow: /private/  # keep out', '0:0-1:31', '0:0-2:0']);
  });

  test('a comment: the line, the run of comments, the document', () => {
    assert.deepEqual(chainAt(at(1, '# Conventional| records first.')), ['# Conventional records first.', '0:0-1:29', '0:0-28:0']);
    assert.deepEqual(chainAt(at(0, '##ACAP version=1.|0')), ['1.0', '##ACAP version=1.0', '0:0-1:29', '0:0-28:0']);
  });

  test('one range per position, in order; positions past the end and nonsense clamp to the document', () => {
    const d = doc('User-agent: *\nDisallow: /\n');
    const ranges = getSelectionRanges(d, [
      { line: 1, character: 999 }, { line: 99, character: 5 }, { line: -3, character: Number.NaN }, { line: Infinity, character: -1 },
    ]);
    assert.deepEqual(ranges.map((s) => r(s.range)), ['1:10-1:11', '2:0-2:0', '0:0-0:10', '2:0-2:0']);
    assert.equal(r(ranges[1].parent?.range ?? ranges[1].range), '0:0-2:0');
    assert.deepEqual(getSelectionRanges(d, []), []);
  });
});

suite('document links', () => {
  const text = [
    'Sitemap: https://example.com/sitemap.xml', 'Sitemap: /relative.xml', 'Sitemap: http://', 'License: HTTPS://example.com/licence.xml # RSL',
    'ACAP-crawler: searchbot', 'ACAP-permissions-reference: /acap/searchbot.txt',
    'ACAP-crawler: newsbot', 'ACAP-permissions-reference: /acap/missing.txt',
    'ACAP-crawler: otherbot', 'ACAP-permissions-reference: https://other.example/acap.txt',
  ].join('\n');
  const resolve = (locator: string): string | undefined => (locator === '/acap/searchbot.txt' ? 'file:///site/acap/searchbot.txt' : undefined);

  test('absolute Sitemap and License URLs link to themselves; references link where the resolver says', () => {
    const links = findDocumentLinks(doc(text), resolve).map((l) => `${r(l.range)} ${l.target ?? ''}`);
    assert.deepEqual(links, [
      '0:9-0:40 https://example.com/sitemap.xml',
      '3:9-3:40 HTTPS://example.com/licence.xml',
      '5:28-5:47 file:///site/acap/searchbot.txt',
      '9:28-9:58 https://other.example/acap.txt',
    ]);
  });

  test('without a resolver, only URLs link; a throwing resolver costs only its own link', () => {
    assert.deepEqual(findDocumentLinks(doc(text)).map((l) => l.range.start.line), [0, 3, 9]);
    const throwing = (): string => {
      throw new Error('boom');
    };
    assert.deepEqual(findDocumentLinks(doc(text), throwing).map((l) => l.range.start.line), [0, 3, 9]);
  });

  test('a Sitemap with its colon missing still links; junk does not', () => {
    assert.deepEqual(findDocumentLinks(doc('Sitemap https://e.test/s.xml\nSitemap: https://e.test/a b\nACAP-permissions-reference:\n')).map((l) => l.target), ['https://e.test/s.xml']);
  });
});
