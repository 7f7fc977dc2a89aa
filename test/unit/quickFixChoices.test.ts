/**
 * Issue 15, defects 2 and 10: a quick fix that changes what a line means is never preferred, and
 * the code actions offered for one place read well — short titles, no internal tags, at most one
 * preferred action.
 */
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-types';
import { doValidation, getCodeActions, getConversionActions, parseDocument } from '../../server/src/service';

const URI = 'file:///site/robots.txt';

function actionsFor(text: string, code: string): { actions: CodeAction[]; diagnostic: Diagnostic } {
  const doc = parseDocument(URI, 1, text);
  const diagnostic = doValidation(doc).find((d) => d.code === code);
  assert.ok(diagnostic, `no ${code} for:\n${text}`);
  return { actions: getCodeActions(doc, diagnostic.range, [diagnostic]), diagnostic };
}

function applied(text: string, a: CodeAction): string {
  return TextDocument.applyEdits(TextDocument.create(URI, 'robots-txt', 1, text), a.edit?.changes?.[URI] ?? []);
}

suite('rep.invalid-product-token: the fix never silently changes which crawler a group addresses', () => {
  test('Mail.RU_Bot: shortening to Google\'s reading is offered, not preferred, and its title says what changes', () => {
    const text = 'User-agent: Mail.RU_Bot\nDisallow: /x\n';
    const { actions, diagnostic } = actionsFor(text, 'rep.invalid-product-token');
    assert.ok(actions.length >= 1, 'a choice is offered');
    assert.ok(actions.every((a) => a.isPreferred !== true), `preferred: ${actions.filter((a) => a.isPreferred).map((a) => a.title).join(', ')}`);
    const shorten = actions.find((a) => applied(text, a) === 'User-agent: Mail\nDisallow: /x\n');
    assert.ok(shorten, `titles: ${actions.map((a) => a.title).join(' | ')}`);
    assert.match(shorten.title, /Mail/);
    assert.match(shorten.title, /Google/);
    // The message says what each kind of crawler reads.
    assert.match(diagnostic.message, /Google's parser reads ‘Mail’/);
    assert.match(diagnostic.message, /whole value/);
    assert.doesNotMatch(diagnostic.message, /; write ‘Mail’/);
  });

  test('The Intraformant: a name with a space is not shortened to its first word by a preferred fix', () => {
    const text = 'User-agent: The Intraformant\nDisallow: /\n';
    const { actions } = actionsFor(text, 'rep.invalid-product-token');
    assert.ok(actions.every((a) => a.isPreferred !== true));
    assert.ok(actions.some((a) => applied(text, a).startsWith('User-agent: The\n')));
  });

  test('a whole User-Agent string: the crawler it names is offered, not the browser word Mozilla', () => {
    const text = 'User-agent: Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)\nDisallow: /\n';
    const { actions } = actionsFor(text, 'rep.invalid-product-token');
    const results = actions.map((a) => applied(text, a).split('\n')[0]);
    assert.ok(results.includes('User-agent: Googlebot'), results.join(' | '));
    assert.ok(actions.every((a) => a.isPreferred !== true));
  });

  test('near miss: Googlebot/2.1 only drops a version, so that fix stays preferred', () => {
    const text = 'User-agent: Googlebot/2.1\nDisallow: /x\n';
    const { actions } = actionsFor(text, 'rep.invalid-product-token');
    const preferred = actions.filter((a) => a.isPreferred === true);
    assert.equal(preferred.length, 1);
    assert.equal(applied(text, preferred[0]), 'User-agent: Googlebot\nDisallow: /x\n');
  });
});

suite('code actions read well (defect 10)', () => {
  const FILE = [
    'User-agent: *', 'Disallow: /private', 'Disallow: /Archive/', '',
    'ACAP-crawler: *', 'ACAP-disallow-crawl: /archive/', '',
  ].join('\n');

  test('conversion titles are short and carry no internal tag', () => {
    const doc = parseDocument(URI, 1, FILE);
    const titles = [1, 2].flatMap((line) => getConversionActions(doc, { start: { line, character: 0 }, end: { line, character: 0 } }).map((a) => a.title));
    assert.ok(titles.length > 0);
    for (const t of titles) {
      assert.ok(t.length <= 100, `${t.length} characters: ${t}`);
      assert.doesNotMatch(t, /existing-acap|robot-version-2|ranking/, t);
    }
  });

  test('at most one action is preferred for a place, quick fixes and conversions together', () => {
    // Two diagnostics on one line, each with a preferred fix of its own.
    const text = 'User-agent: *\nDisallow: https://example.com/a\nDisallow: https://example.com/a\n';
    const doc = parseDocument(URI, 1, text);
    const diags = doValidation(doc).filter((d) => d.range.start.line === 2);
    assert.ok(diags.length >= 2, diags.map((d) => d.code).join(', '));
    const range = { start: { line: 2, character: 0 }, end: { line: 2, character: 40 } };
    const all = [...getCodeActions(doc, range, diags), ...getConversionActions(doc, range)];
    assert.equal(all.filter((a) => a.isPreferred === true).length, 1, all.map((a) => `${a.isPreferred ? '*' : ' '} ${a.title}`).join('\n'));
  });
});
