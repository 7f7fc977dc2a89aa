/**
 * Quick fixes on a file that starts with a byte-order mark: a line a fix inserts or moves to the
 * top goes after the mark, never before it. Only a mark at the very start of the file is ignored
 * (interpretation §1); one pushed down to line 2 makes that line an unknown field, and the
 * record or rule on it stops counting (found by a property hunt: `##ACAP version=1.0` added
 * above `\ufeffACAP-crawler: *` turned `/private/` from prohibited to allowed).
 */
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getCodeActions } from '../../server/src/service/features/codeActions';
import { doValidation, explain, parseDocument } from '../../server/src/service';

const URI = 'file:///site/robots.txt';
const BOM = '\ufeff';

/** Every quick fix with an edit for every diagnostic of `text`, applied one at a time: [title, result]. */
function everyFix(text: string): [string, string][] {
  const doc = parseDocument(URI, 1, text);
  const out: [string, string][] = [];
  for (const d of doValidation(doc)) {
    for (const a of getCodeActions(doc, d.range, [d])) {
      const edits = a.edit?.changes?.[URI];
      if (edits) out.push([`${String(d.code)}: ${a.title}`, TextDocument.applyEdits(TextDocument.create(URI, 'robots-txt', 1, text), edits)]);
    }
  }
  return out;
}

function applied(text: string, code: string, title: RegExp): string {
  const found = everyFix(text).find(([t]) => t.startsWith(`${code}: `) && title.test(t));
  assert.ok(found, `no fix ${title} for ${code}: ${everyFix(text).map(([t]) => t).join(' | ')}`);
  return found[1];
}

const CASES: readonly string[] = [
  `${BOM}ACAP-crawler: *\nACAP-disallow-crawl: /private/\n`,
  `${BOM}# site\n##ACAP version=1.0\nACAP-crawler: *\nACAP-disallow-crawl: /private/\n`,
  `${BOM}ACAP-crawler: bot\nACAP-disallow-crawl: the-acap:resource-set:rs\nACAP-resource-set: rs /a/\n`,
  `${BOM}Disallow: /private/\n`,
  `${BOM}ACAP-disallow-crawl: /private/\n`,
];

suite('quick fixes keep a byte-order mark first', () => {
  test('no fix moves the mark off the start of the file', () => {
    for (const text of CASES) {
      const fixes = everyFix(text);
      assert.ok(fixes.length > 0, JSON.stringify(text));
      for (const [title, result] of fixes) {
        if (title.startsWith('text.bom: ')) continue; // the fix that removes the mark
        assert.ok(result.startsWith(BOM), `${title}: ${JSON.stringify(result)}`);
        assert.equal(result.indexOf(BOM, 1), -1, `${title}: ${JSON.stringify(result)}`);
      }
    }
  });

  test('the version comment goes after the mark, and the record keeps its prohibition', () => {
    const result = applied(CASES[0], 'acap.version-missing', /Add ‘##ACAP version=1\.0’/);
    assert.equal(result, `${BOM}##ACAP version=1.0\nACAP-crawler: *\nACAP-disallow-crawl: /private/\n`);
    assert.equal(explain(parseDocument(URI, 2, result), { agent: 'AnyBot', path: '/private/x', reading: 'acap' }).allowed, false);
  });

  test('a misplaced version comment moves to the top, after the mark', () => {
    const result = applied(CASES[1], 'acap.version-misplaced', /./);
    assert.ok(result.startsWith(`${BOM}##ACAP version=1.0\n`), JSON.stringify(result));
  });

  test('a definition after the first record moves above it, after the mark, and still defines its set', () => {
    const result = applied(CASES[2], 'acap.definition-after-record', /./);
    assert.ok(result.startsWith(`${BOM}ACAP-resource-set: rs /a/\n`), JSON.stringify(result));
    assert.equal(explain(parseDocument(URI, 2, result), { agent: 'bot', path: '/a/x', reading: 'acap' }).allowed, false);
  });

  test('`User-agent: *` inserted above a rule on the first line: after the mark, so the rule is read', () => {
    const result = applied(CASES[3], 'rep.rule-outside-group', /User-agent/);
    assert.equal(result, `${BOM}User-agent: *\nDisallow: /private/\n`);
    assert.equal(explain(parseDocument(URI, 2, result), { agent: 'AnyBot', path: '/private/x', reading: 'conventional' }).allowed, false);
  });

  test('`ACAP-crawler: *` inserted above a field on the first line: after the mark, so the field is read', () => {
    const result = applied(CASES[4], 'acap.field-outside-record', /ACAP-crawler/);
    assert.equal(result, `${BOM}ACAP-crawler: *\nACAP-disallow-crawl: /private/\n`);
    assert.equal(explain(parseDocument(URI, 2, result), { agent: 'AnyBot', path: '/private/x', reading: 'acap' }).allowed, false);
  });
});
