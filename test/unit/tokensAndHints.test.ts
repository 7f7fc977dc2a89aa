/** Semantic tokens (decoded to absolute tuples) and inlay hints, on small fixtures. */
import * as assert from 'node:assert/strict';
import type { SemanticTokens } from 'vscode-languageserver-types';
import { getInlayHints } from '../../server/src/service/features/inlayHints';
import { getSemanticTokens, getSemanticTokensRange, semanticTokensLegend } from '../../server/src/service/features/semanticTokens';
import { doc } from './helpers';

/** `line:char len type+mod+mod` per token, decoded from LSP's relative encoding through the legend. */
function decode(tokens: SemanticTokens): string[] {
  const out: string[] = [];
  let line = 0;
  let char = 0;
  const d = tokens.data;
  assert.equal(d.length % 5, 0, 'five integers per token');
  for (let i = 0; i < d.length; i += 5) {
    line += d[i];
    char = d[i] === 0 ? char + d[i + 1] : d[i + 1];
    const mods = semanticTokensLegend.tokenModifiers.filter((_, bit) => d[i + 4] & (1 << bit));
    out.push(`${line}:${char} ${d[i + 2]} ${[semanticTokensLegend.tokenTypes[d[i + 3]], ...mods].join('+')}`);
  }
  return out;
}

function tokens(text: string): string[] {
  return decode(getSemanticTokens(doc(text)));
}

const ALL = { start: { line: 0, character: 0 }, end: { line: 1e6, character: 0 } };

suite('semantic tokens', () => {
  test('the legend uses standard LSP names', () => {
    assert.deepEqual(semanticTokensLegend, {
      tokenTypes: ['keyword', 'property', 'type', 'class', 'function', 'macro', 'variable', 'parameter', 'string', 'number', 'regexp', 'operator', 'comment', 'enumMember'],
      tokenModifiers: ['declaration', 'definition', 'deprecated', 'readonly'],
    });
  });

  test('conventional lines: field names, crawler names, paths with their wildcards, numbers, comments', () => {
    assert.deepEqual(tokens('User-agent: GPTBot\nDisallow: /a*b$ # no\nCrawl-delay: 2.5\nSitemap: https://e.test/s.xml\nFoo: bar'), [
      '0:0 10 property', '0:12 6 class',
      '1:0 8 property', '1:10 2 string', '1:12 1 regexp', '1:13 1 string', '1:14 1 regexp', '1:16 4 comment',
      '2:0 11 property', '2:13 3 number',
      '3:0 7 property', '3:9 20 string',
    ]);
  });

  test('definitions carry declaration and definition; references do not', () => {
    assert.deepEqual(tokens([
      'ACAP-resource-set: images *.gif',
      'ACAP-qualified-usage: short present-snippet max-length=20-words',
      'ACAP-composite-usage: basic crawl (short)',
      'ACAP-crawler: *',
      'ACAP-allow-(short): the-acap:resource-set:images # note',
    ].join('\n')), [
      '0:0 17 property', '0:19 6 variable+declaration+definition+readonly', '0:26 1 regexp', '0:27 4 string',
      '1:0 20 property', '1:22 5 macro+declaration+definition', '1:28 7 function', '1:36 7 type', '1:44 10 parameter', '1:54 1 operator', '1:55 8 number',
      '2:0 20 property', '2:22 5 macro+declaration+definition', '2:28 5 function', '2:35 5 macro',
      '3:0 12 property', '3:14 1 class',
      '4:0 11 property', '4:12 5 macro', '4:20 22 keyword', '4:42 6 variable+readonly', '4:49 6 comment',
    ]);
  });

  test('features not ready for implementation are deprecated (Part 1 §1.1); amber spots and ready ones are not', () => {
    assert.deepEqual(tokens([
      'ACAP-allow-present-link: / must-include-resource=the-acap:credit:id:by',
      'ACAP-request-take-down: /old.html',
      'ACAP-allow-present-snippet: / must-use-resource=http://x.test/s time-limit=until-recrawled',
      'ACAP-allow-index: / must-use-resource=the-acap:extract:id:body',
      'ACAP-allow-present: / prohibited-modification=any',
    ].join('\n')), [
      '0:0 11 property', '0:11 7 function+deprecated', '0:19 4 type+deprecated', '0:25 1 string',
      '0:27 21 parameter+deprecated', '0:48 1 operator', '0:49 21 string+deprecated',
      '1:0 13 property+deprecated', '1:13 9 function+deprecated', '1:24 9 string',
      '2:0 11 property', '2:11 7 function', '2:19 7 type', '2:28 1 string',
      '2:30 17 parameter+deprecated', '2:47 1 operator', '2:48 15 string+deprecated',
      '2:64 10 parameter', '2:74 1 operator', '2:75 15 enumMember',
      '3:0 11 property', '3:11 5 function', '3:18 1 string', '3:20 17 parameter', '3:37 1 operator', '3:38 24 string',
      '4:0 11 property', '4:11 7 function', '4:20 1 string', '4:22 23 parameter', '4:45 1 operator', '4:46 3 enumMember',
    ]);
  });

  test('the ACAP version is a number inside its comment; purposes and request targets are patterns', () => {
    assert.deepEqual(tokens('##ACAP version=1.0 first\nACAP-crawler: x\nACAP-usage-purpose: http://news.*/*'), [
      '0:0 15 comment', '0:15 3 number', '0:18 6 comment',
      '1:0 12 property', '1:14 1 class',
      '2:0 18 property', '2:20 12 string', '2:32 1 regexp', '2:33 1 string', '2:34 1 regexp',
    ]);
  });

  test('unknown usages and fields get no token of their own; junk does not throw', () => {
    assert.deepEqual(tokens('ACAP-allow-present-links: /\nFrobnicate: yes'), ['0:0 11 property', '0:26 1 string']);
    assert.deepEqual(tokens('\ufeff'), []);
    assert.deepEqual(tokens('ACAP-allow-(: (((\nACAP-qualified-usage:\nACAP-allow-x: / =\n'), [
      '0:0 11 property', '0:14 3 string', '1:0 20 property', '2:0 11 property', '2:14 1 string', '2:16 1 operator',
    ]);
  });

  test('a range gives the tokens of the lines it touches, positions still relative to the document start', () => {
    const text = 'User-agent: a\nDisallow: /x\nUser-agent: b\nDisallow: /y\n';
    assert.deepEqual(decode(getSemanticTokensRange(doc(text), { start: { line: 1, character: 5 }, end: { line: 2, character: 0 } })), [
      '1:0 8 property', '1:10 2 string', '2:0 10 property', '2:12 1 class',
    ]);
    assert.deepEqual(decode(getSemanticTokensRange(doc(text), { start: { line: 99, character: 0 }, end: { line: 120, character: 0 } })), []);
    assert.deepEqual(decode(getSemanticTokensRange(doc(text), { start: { line: 3, character: 0 }, end: { line: 1, character: 0 } })), [
      '1:0 8 property', '1:10 2 string', '2:0 10 property', '2:12 1 class', '3:0 8 property', '3:10 2 string',
    ]);
    assert.deepEqual(
      decode(getSemanticTokensRange(doc(text), { start: { line: 0, character: 0 }, end: { line: 99, character: 0 } })),
      decode(getSemanticTokens(doc(text))),
    );
  });
});

suite('inlay hints', () => {
  const DEFS = [
    'ACAP-resource-set: images *.gif *.jpg *.png', //                                            0
    'ACAP-resource-set: many /a/ /b/ /c/ /d/ /e/ /f/ /g/ /h/ /i/ /j/ /k/ /l/ /m/ /n/', //          1
    'ACAP-qualified-usage: short present-snippet max-length=20-words', //                       2
    'ACAP-qualified-usage: long present-snippet max-length=200-chars time-limit=until-recrawled', // 3
    'ACAP-composite-usage: basic crawl index (short)', //                                        4
  ];

  function hints(lines: string[], range = ALL): string[] {
    return getInlayHints(doc(lines.join('\n')), range).map((h) => `${h.position.line}:${h.position.character} ${String(h.label)}`);
  }

  test('after local usages and resource-set references: what they stand for', () => {
    assert.deepEqual(hints([...DEFS, 'ACAP-crawler: *', 'ACAP-allow-(basic): /news/', 'ACAP-allow-(short): the-acap:resource-set:images', 'ACAP-disallow-index: the-acap:resource-set:IMAGES']), [
      '4:47 = present-snippet max-length=20-words',
      // After the value, never between the field name and its colon (issue 15, defect 10).
      '6:26 (basic) = crawl index (short)',
      '7:48 (short) = present-snippet max-length=20-words', '7:48 = *.gif *.jpg *.png',
      '8:49 = *.gif *.jpg *.png',
    ]);
  });

  test('long expansions are cut, with the whole in the tooltip', () => {
    const d = doc([...DEFS, 'ACAP-crawler: *', 'ACAP-allow-(long): the-acap:resource-set:many'].join('\n'));
    const hs = getInlayHints(d, ALL);
    assert.deepEqual(hs.map((h) => `${h.position.line}:${h.position.character} ${String(h.label)}`), [
      '4:47 = present-snippet max-length=20-words',
      '6:45 (long) = present-snippet max-length=200-chars … +1',
      '6:45 = /a/ /b/ /c/ /d/ /e/ /f/ /g/ /h/ /i/ /j/ … +4',
    ]);
    assert.equal(hs[1].tooltip, 'qualified usage defined on line 4: present-snippet max-length=200-chars time-limit=until-recrawled');
    assert.ok(hs.every((h) => h.paddingLeft === true));
  });

  test('no hint for undefined, misplaced or unclosed names, nor outside the range', () => {
    const lines = ['ACAP-crawler: *', 'ACAP-allow-(nothing): /', 'ACAP-allow-crawl: the-acap:resource-set:nothing', 'ACAP-allow-(basic: /',
      'ACAP-resource-set: late /late/', 'ACAP-allow-crawl: the-acap:resource-set:late'];
    assert.deepEqual(hints(lines), []);
    const withDefs = [...DEFS, 'ACAP-crawler: *', 'ACAP-allow-(basic): /', 'ACAP-allow-(short): /'];
    assert.deepEqual(hints(withDefs, { start: { line: 7, character: 0 }, end: { line: 7, character: 3 } }), ['7:21 (short) = present-snippet max-length=20-words']);
    assert.deepEqual(hints(withDefs, { start: { line: 500, character: 0 }, end: { line: 900, character: 0 } }), ['7:21 (short) = present-snippet max-length=20-words']);
  });
});
