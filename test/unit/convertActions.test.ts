/** Conversions as code actions: offered where they apply, titled with their verdict check, applied exactly. */
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getConversionActions, parseDocument } from '../../server/src/service';

const URI = 'file:///site/robots.txt';
const at = (line: number) => ({ start: { line, character: 2 }, end: { line, character: 2 } });
function actions(text: string, line: number) {
  return getConversionActions(parseDocument(URI, 1, text), at(line));
}
function apply(text: string, line: number, title: RegExp): string {
  const a = actions(text, line).find((x) => title.test(x.title));
  assert.ok(a, `no action matching ${title}: ${actions(text, line).map((x) => x.title).join(' | ')}`);
  assert.equal(a.kind, 'refactor.rewrite');
  return TextDocument.applyEdits(TextDocument.create(URI, 'robots-txt', 1, text), a.edit?.changes?.[URI] ?? []);
}

suite('conversion code actions', () => {
  const text = 'User-agent: *\nDisallow: /private/\nAllow: /private/ok/\n';

  test('a Disallow line offers both readings (Part 1 §2.5.1 note), the group and the whole file', () => {
    const titles = actions(text, 1).map((a) => a.title);
    // Letters in the pattern mean upper-case probes change (interpretation §5): the title says so.
    assert.ok(titles.some((t) => /^Convert this Disallow to ACAP-disallow-crawl \((keeps all \d+|changes \d+ of \d+) verdicts(: letter case)?\)$/.test(t)), titles.join('\n'));
    assert.ok(titles.some((t) => t.startsWith('Convert this Disallow to ACAP-disallow-index')));
    assert.ok(titles.some((t) => t.startsWith('Convert this group to ACAP')));
    assert.ok(titles.some((t) => t.startsWith('Convert the file to ACAP, keeping conventional records')));
  });

  test('the whole-file conversion keeps the conventional records and adds ACAP records after them', () => {
    const out = apply(text, 0, /^Convert the file to ACAP, keeping/);
    assert.ok(out.startsWith('##ACAP version=1.0\n'), out);
    assert.ok(out.includes('User-agent: *\nDisallow: /private/\nAllow: /private/ok/\n'), 'conventional records kept');
    const acap = out.slice(out.indexOf('ACAP-crawler: *'));
    assert.match(acap, /ACAP-disallow-crawl: \/private\/\n/);
    assert.match(acap, /ACAP-allow-crawl: \/private\/ok\/\n/);
    assert.ok(out.indexOf('ACAP-crawler: *') > out.indexOf('Allow: /private/ok/'), 'ACAP after the conventional records (Part 1 §2.9)');
  });

  test('with ACAP-ignore-conventional-records when asked', () => {
    assert.match(apply(text, 0, /ignores conventional records/), /ACAP-ignore-conventional-records\n/);
  });

  test('a change of verdict is said in the title (ACAP matches case-insensitively, interpretation §5)', () => {
    const t = 'User-agent: *\nDisallow: /Private/\n';
    const titles = actions(t, 1).map((a) => a.title);
    assert.ok(titles.some((x) => /changes \d+ of \d+ verdicts: letter case/.test(x)), titles.join('\n'));
  });

  test('on an ACAP record: add the conventional equivalent for crawlers that do not read ACAP', () => {
    const t = 'ACAP-crawler: *\nACAP-disallow-crawl: /private/\n';
    const out = apply(t, 1, /^Add conventional lines for the ACAP crawl rules/);
    assert.match(out, /User-agent: \*\nDisallow: \/private\/\n/);
    assert.ok(out.indexOf('User-agent: *') < out.indexOf('ACAP-crawler: *'), 'conventional records go before the ACAP records');
  });

  test('nothing on comments or blank lines', () => {
    assert.deepEqual(actions('# c\n\nUser-agent: *\nDisallow: /\n', 0), []);
  });
});
