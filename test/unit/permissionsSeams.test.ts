/**
 * The permission engine where conventional lines meet ACAP records (issue 10; interpretation
 * §1, §2, §3.3, §3.6, §3.8-3.10): the conventional verdict as one crawl candidate, lines in the
 * wrong kind of record, where a record ends, robots.txt 2.0.0, qualifiers, conformance of the
 * conventional reading, and answers that say why.
 */
import * as assert from 'node:assert/strict';
import type { DocumentSymbol } from 'vscode-languageserver-types';
import {
  doHover, doValidation, explain, findDocumentSymbols, formatExplanation, getFoldingRanges, parseDocument,
  type Profile, type Query, type RobotsDocument,
} from '../../server/src/service';

const doc = (text: string, uri = 'file:///site/robots.txt'): RobotsDocument => parseDocument(uri, 1, text);
const lines = (...ls: string[]): string => ls.join('\n') + '\n';
const allowed = (text: string, q: Query): boolean => explain(doc(text), q).allowed;
const codesAt = (text: string, code: string): number[] => doValidation(doc(text)).filter((d) => d.code === code).map((d) => d.range.start.line + 1);
const names = (symbols: readonly DocumentSymbol[]): string[] => symbols.map((s) => `${s.name}@${s.range.start.line + 1}-${s.range.end.line + 1}${s.children?.length ? `[${names(s.children).join(' ')}]` : ''}`);

suite('where an ACAP record ends (Part 1 §2.3; interpretation §3.6)', () => {
  // A group written after an ACAP record, and an ACAP field after the group.
  const text = lines(
    'ACAP-crawler: *', 'ACAP-allow-crawl: /', '', 'User-agent: *', 'Disallow: /x', 'ACAP-disallow-crawl: /y',
  );

  test('the engine: the ACAP field after the group belongs to the record; the group decides nothing for ACAP crawlers', () => {
    const y = explain(doc(text), { agent: 'bot', path: '/y/1' });
    assert.equal(y.allowed, false);
    assert.deepEqual(y.decidedBy.map((d) => d.line), [6]);
    assert.equal(allowed(text, { agent: 'bot', path: '/x/1' }), true, 'Disallow: /x stands inside the record');
    assert.equal(allowed(text, { agent: 'bot', path: '/x/1', reading: 'conventional' }), false, 'conventional crawlers read the group');
  });

  test('diagnostics: the group is reported once, the ACAP field is not "outside any record"', () => {
    assert.deepEqual(codesAt(text, 'acap.conventional-after-acap'), [4]);
    assert.deepEqual(codesAt(text, 'acap.field-outside-record'), []);
    const message = doValidation(doc(text)).find((d) => d.code === 'acap.conventional-after-acap')?.message ?? '';
    assert.match(message, /record of line 1/);
    assert.match(message, /still belong/);
  });

  test('the outline shows the group inside the record, and the record runs to its last line', () => {
    assert.deepEqual(names(findDocumentSymbols(doc(text))), ['*@1-6[*@4-5]']);
  });

  test('folding: the record folds to its last line, the group inside it', () => {
    assert.deepEqual(getFoldingRanges(doc(text)).map((r) => `${r.startLine + 1}-${r.endLine + 1}`), ['1-6', '4-5']);
  });

  test('the record ends at the next ACAP-crawler line', () => {
    const two = lines('ACAP-crawler: a', 'ACAP-allow-crawl: /', 'User-agent: *', 'Disallow: /x', 'ACAP-crawler: b', 'ACAP-disallow-crawl: /');
    assert.deepEqual(names(findDocumentSymbols(doc(two))), ['a@1-4[*@3-4]', 'b@5-6']);
    assert.equal(allowed(two, { agent: 'a', path: '/z' }), true);
    assert.equal(allowed(two, { agent: 'b', path: '/z' }), false);
  });

  test('hover on the ACAP field after the group: its table names that line', () => {
    const md = hoverAt(text.replace('ACAP-disallow-crawl: /y', 'ACAP-disallow-crawl: /|y'));
    assert.match(md, /\\\* any other[^|]*\| \[✗\]\(file:\/\/\/site\/robots\.txt#L6/);
  });
});

function hoverAt(textWithBar: string, settings = { crawlers: [] as string[] }): string {
  const offset = textWithBar.indexOf('|');
  const text = textWithBar.slice(0, offset) + textWithBar.slice(offset + 1);
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  const character = offset - (before.lastIndexOf('\n') + 1);
  const h = doHover(doc(text), { line, character }, settings);
  return h ? (h.contents as { value: string }).value : '';
}
