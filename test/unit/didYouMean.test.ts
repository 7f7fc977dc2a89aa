/**
 * Issue 15, defect 11: did-you-mean for the file's own names and for misspelt field prefixes,
 * scan noise in paths, and the file's own paths offered after Disallow:.
 */
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { doComplete, doValidation, getCodeActions, parseDocument } from '../../server/src/service';
import { cursor } from './helpers';

const URI = 'file:///site/robots.txt';

/** The message of `code` and the text after its (only or first) quick fix. */
function fixOf(text: string, code: string): { message: string; fixed: string | undefined } {
  const doc = parseDocument(URI, 1, text);
  const d = doValidation(doc).find((x) => x.code === code);
  assert.ok(d, `no ${code} in ${doValidation(doc).map((x) => x.code).join(', ')}`);
  const a = getCodeActions(doc, d.range, [d])[0];
  const fixed = a ? TextDocument.applyEdits(TextDocument.create(URI, 'robots-txt', 1, text), a.edit?.changes?.[URI] ?? []) : undefined;
  return { message: d.message, fixed };
}

const DEFS = 'ACAP-resource-set: articles /news/\nACAP-qualified-usage: cache preserve time-limit=3-days\nACAP-crawler: *\n';

suite('did-you-mean for the file\'s own names (defect 11)', () => {
  test('a misspelt resource-set name', () => {
    const r = fixOf(`${DEFS}ACAP-allow-index: the-acap:resource-set:articels\n`, 'acap.undefined-resource-set');
    assert.match(r.message, /Did you mean ‘articles’\?/);
    assert.equal(r.fixed, `${DEFS}ACAP-allow-index: the-acap:resource-set:articles\n`);
  });
  test('a misspelt local usage', () => {
    const r = fixOf(`${DEFS}ACAP-allow-(cahce): /x/\n`, 'acap.undefined-local-usage');
    assert.match(r.message, /Did you mean ‘cache’\?/);
    assert.equal(r.fixed, `${DEFS}ACAP-allow-(cache): /x/\n`);
  });
  test('near miss: a name far from every defined one gets no suggestion', () => {
    const r = fixOf(`${DEFS}ACAP-allow-index: the-acap:resource-set:photos\n`, 'acap.undefined-resource-set');
    assert.doesNotMatch(r.message, /Did you mean/);
    assert.equal(r.fixed, undefined);
  });
  test('ACAP-alow-index: a misspelt prefix keeps its usage', () => {
    const r = fixOf('ACAP-crawler: *\nACAP-alow-index: /y/\n', 'acap.unknown-field');
    assert.match(r.message, /Did you mean ‘ACAP-allow-index’\?/);
    assert.equal(r.fixed, 'ACAP-crawler: *\nACAP-allow-index: /y/\n');
    const p = fixOf('ACAP-crawler: *\nACAP-dissallow-present-snippet: /y/\n', 'acap.unknown-field');
    assert.match(p.message, /Did you mean ‘ACAP-disallow-present-snippet’\?/);
  });
});

suite('scan noise in paths (defect 11)', () => {
  test('/S where /$ was meant, in Disallow and in ACAP fields', () => {
    const a = fixOf('User-agent: *\nDisallow: /S\n', 'syntax.scan-noise');
    assert.match(a.message, /‘\$’/);
    assert.equal(a.fixed, 'User-agent: *\nDisallow: /$\n');
    const b = fixOf('ACAP-crawler: *\nACAP-disallow-crawl: /*.pdfS\n', 'syntax.scan-noise');
    assert.equal(b.fixed, 'ACAP-crawler: *\nACAP-disallow-crawl: /*.pdf$\n');
  });
  test('near miss: real paths ending in S are left alone', () => {
    const codes = doValidation(parseDocument(URI, 1, 'User-agent: *\nDisallow: /NEWS\nDisallow: /docs\nDisallow: /Photos/ABS\nDisallow: /a/S/b\n')).map((d) => d.code);
    assert.ok(!codes.includes('syntax.scan-noise'), codes.join(', '));
  });
});

suite('paths after Disallow: (defect 11)', () => {
  test('the paths the file already uses are offered, without workspace paths', () => {
    const { text, offset } = cursor('User-agent: *\nDisallow: /private/\nAllow: /news/\n\nUser-agent: GPTBot\nDisallow: |\n');
    const doc = parseDocument(URI, 1, text);
    const before = text.slice(0, offset).split('\n');
    const list = doComplete(doc, { line: before.length - 1, character: before[before.length - 1].length });
    const labels = list.items.map((i) => i.label);
    for (const p of ['/private/', '/news/']) assert.ok(labels.includes(p), labels.join(', '));
  });
});
