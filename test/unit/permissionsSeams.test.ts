/**
 * The permission engine where conventional lines meet ACAP records (issue 10; interpretation
 * §1, §2, §3.3, §3.6, §3.8-3.10): the conventional verdict as one crawl candidate, lines in the
 * wrong kind of record, where a record ends, robots.txt 2.0.0, qualifiers, conformance of the
 * conventional reading, and answers that say why.
 */
import * as assert from 'node:assert/strict';
import { MemoryWorkspace } from './memoryWorkspace';
import type { DocumentSymbol } from 'vscode-languageserver-types';
import {
  doHover, doValidation, explain, findDocumentSymbols, formatExplanation, getCodeActions, getFoldingRanges, parseDocument,
  type Query, type RobotsDocument,
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
    assert.match(md, /\\\* any other[^|]*\| ✗ \[6\]\(file:\/\/\/site\/robots\.txt#L6/);
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

const UNRELATED = 'ACAP-crawler: unrelated-acap-reader\nACAP-allow-index: /\n';
const withAcap = (text: string): string => text + '\n' + UNRELATED;
const both = (text: string, q: Query): [boolean, boolean] => [allowed(text, { ...q, reading: 'conventional' }), allowed(withAcap(text), q)];

suite('conventional groups decided as normal in the ACAP reading (interpretation §3.6)', () => {
  test('google: Allow: /d/index.html allows /d/ as /d/$, in the ACAP reading too', () => {
    const text = 'User-agent: *\nAllow: /d/index.html\nDisallow: /\n';
    assert.deepEqual(both(text, { agent: 'bot', path: '/d/', profile: 'google' }), [true, true]);
    assert.equal(explain(doc(withAcap(text)), { agent: 'bot', path: '/d/', profile: 'google' }).decision.winners[0].pattern, '/d/$');
  });

  test('koster1996: the first matching line decides, in the ACAP reading too', () => {
    const text = 'User-agent: *\nDisallow: /a\nAllow: /a/b\n';
    assert.deepEqual(both(text, { agent: 'bot', path: '/a/b/c', profile: 'koster1996' }), [false, false]);
  });

  test('rfc9309: longest match with Allow on ties, in the ACAP reading too', () => {
    const text = 'User-agent: *\nDisallow: /a\nAllow: /a\n';
    assert.deepEqual(both(text, { agent: 'bot', path: '/a/x' }), [true, true]);
  });

  test('robots.txt 2.0.0 rules in a Robot-version group, in the ACAP reading too', () => {
    const text = 'User-agent: *\nRobot-version: 2.0.0\nAllow: /public/*\n';
    assert.deepEqual(both(text, { agent: 'bot', path: '/elsewhere.html' }), [false, false]);
    assert.deepEqual(both(text, { agent: 'bot', path: '/public/a' }), [true, true]);
  });

  test('the one conventional verdict competes with ACAP crawl fields by its deciding pattern', () => {
    const text = 'User-agent: *\nDisallow: /a/\n\nACAP-crawler: *\nACAP-allow-crawl: /a/b\n';
    assert.equal(allowed(text, { agent: 'bot', path: '/a/b/c' }), true);
    const e = explain(doc(text), { agent: 'bot', path: '/a/x' });
    assert.deepEqual([e.allowed, e.decidedBy.map((d) => d.line)], [false, [2]]);
    const lost = explain(doc(text), { agent: 'bot', path: '/a/b/c' }).decision.losers;
    assert.deepEqual(lost.map((l) => l.line), [2]);
    assert.match(lost[0].why, /narrower pattern/);
  });
});

suite('lines in the wrong kind of record (interpretation §3.6)', () => {
  test('a Disallow inside an ACAP record decides nothing for an ACAP reader, as the diagnostic says', () => {
    const text = 'User-agent: *\nAllow: /\n\nACAP-crawler: *\nACAP-allow-index: /\nDisallow: /x\n';
    assert.deepEqual(codesAt(text, 'rep.rule-in-acap-record'), [6]);
    assert.equal(allowed(text, { agent: 'bot', path: '/x', reading: 'conventional' }), false);
    const e = explain(doc(text), { agent: 'bot', path: '/x' });
    assert.equal(e.allowed, true);
    assert.match(e.notes.join(' '), /Line 6 \(Disallow: \/x\) would prohibit crawling here, but it stands inside the ACAP record of line 4/);
  });
});

suite('robots.txt 2.0.0 (interpretation §2)', () => {
  test('wildcard strings match the whole path: *.shtml does not match /a.shtml.bak', () => {
    const text = 'User-agent: *\nRobot-version: 2.0.0\nDisallow: *.shtml\n';
    assert.equal(allowed(text, { agent: 'bot', path: '/a.shtml', reading: 'conventional' }), false);
    assert.equal(allowed(text, { agent: 'bot', path: '/a.shtml.bak', reading: 'conventional' }), true);
    assert.equal(allowed(withAcap(text), { agent: 'bot', path: '/a.shtml.bak' }), true);
  });

  test('an experimental version (2.1.0) makes the group ignored, in explain as in check', () => {
    const text = 'User-agent: bot\nRobot-version: 2.1.0\nDisallow: /\n\nUser-agent: *\nDisallow: /x\n';
    assert.deepEqual(codesAt(text, 'rep.robot-version-experimental'), [2]);
    for (const profile of ['rfc9309', 'koster1996'] as const) {
      assert.deepEqual(both(text, { agent: 'bot', path: '/y', profile }), [true, true], profile);
      assert.deepEqual(both(text, { agent: 'bot', path: '/x', profile }), [false, false], profile);
    }
    assert.match(explain(doc(text), { agent: 'bot', path: '/y' }).notes.join(' '), /experimental Robot-version/);
  });

  test('2.2.0 is stable and follows the 2.0.0 rules', () => {
    const text = 'User-agent: *\nRobot-version: 2.2.0\nAllow: /a\n';
    assert.equal(allowed(text, { agent: 'bot', path: '/a/b', reading: 'conventional' }), false, 'explicit strings are exact');
  });
});

suite('qualifiers (interpretation §3.3)', () => {
  test('the qualifiers of all tied winners travel', () => {
    const text = 'ACAP-crawler: *\nACAP-allow-present-snippet: /a/ max-length=20-words\nACAP-allow-present-snippet: /a/ max-length=100-chars\nACAP-allow-present-snippet: / max-length=5-words\n';
    const e = explain(doc(text), { agent: 'b', usage: 'present-snippet', path: '/a/x' });
    assert.deepEqual([...e.qualifiers].sort(), ['max-length=100-chars', 'max-length=20-words']);
  });

  test('unknown qualifiers (1.1 files) are listed in qualifiers like the others', () => {
    const e = explain(doc('##ACAP version=1.1\nACAP-crawler: *\nACAP-allow-index: / best-before=2030\n'), { agent: 'b', usage: 'index', path: '/' });
    assert.deepEqual(e.qualifiers, ['best-before=2030']);
  });

  test('where each qualifier comes from: the field or the qualified usage it expands', () => {
    const text = 'ACAP-qualified-usage: snip present-snippet max-length=30-words\nACAP-crawler: *\nACAP-allow-(snip): /a/\n';
    const e = explain(doc(text), { agent: 'b', usage: 'present-snippet', path: '/a/x' });
    assert.deepEqual(e.qualifierSources, [{ qualifier: 'max-length=30-words', line: 1 }]);
    assert.match(e.notes.join(' '), /Line 3 names the local usage \(snip\), which expands to present-snippet/);
  });
});

suite('conformance of the conventional reading (interpretation §1)', () => {
  test('a byte-order mark, or a leading part of one (shown as U+FFFD), is skipped under every profile', () => {
    for (const start of ['\ufeff', '\ufffd']) {
      const e = explain(doc(`${start}User-agent: *\nDisallow: /\n`), { agent: 'bot', path: '/x', reading: 'conventional' });
      assert.deepEqual(e.profiles, { rfc9309: false, google: false, koster1996: false }, JSON.stringify(start));
    }
  });

  test('rfc9309: a User-agent value names its product token: AB42bot names AB, barbarbot* names barbarbot', () => {
    assert.equal(allowed('User-agent: AB42bot\nDisallow: /\n', { agent: 'AB', path: '/x', reading: 'conventional' }), false);
    assert.equal(allowed('User-agent: AB42bot\nDisallow: /\n', { agent: 'AB42bot', path: '/x', reading: 'conventional' }), true);
    assert.equal(allowed('User-agent: barbarbot*\nDisallow: /\n', { agent: 'barbarbot', path: '/x', reading: 'conventional' }), false);
  });

  test('the deliberate choices stay: /robots.txt allowed and %62 matching b under rfc9309', () => {
    assert.equal(allowed('User-agent: *\nDisallow: /\n', { agent: 'bot', path: '/robots.txt', reading: 'conventional' }), true);
    assert.equal(allowed('User-agent: *\nDisallow: /%62\n', { agent: 'bot', path: '/b', reading: 'conventional' }), false);
  });

  test('a whole Googlebot User-Agent string resolves to googlebot, not Mozilla', () => {
    const e = explain(doc('User-agent: Googlebot\nDisallow: /\n'), { agent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', path: '/x' });
    assert.deepEqual([e.agent.toLowerCase(), e.allowed], ['googlebot', false]);
    const unknown = explain(doc('User-agent: FooBot\nDisallow: /\n'), { agent: 'Mozilla/5.0 (compatible; FooBot/1.0)', path: '/x' });
    assert.deepEqual([unknown.agent, unknown.allowed], ['FooBot', false]);
  });

  test('a path without a leading slash is a path, never a host name', () => {
    const text = 'User-agent: *\nDisallow: /café/\n';
    const e = explain(doc(text), { agent: 'bot', path: 'café/x' });
    assert.deepEqual([e.path, e.allowed], ['/caf%C3%A9/x', false]);
    assert.equal(explain(doc(text), { agent: 'bot', path: 'https://example.com/café/x' }).allowed, false);
  });
});

suite('answers a publisher understands (interpretation §3.3, §3.8, §3.9)', () => {
  test('a narrower * line set aside because the named record speaks', () => {
    const text = 'ACAP-crawler: *\nACAP-disallow-crawl: /a/b/\nACAP-crawler: bot\nACAP-allow-crawl: /a/\n';
    const e = explain(doc(text), { agent: 'bot', path: '/a/b/c' });
    assert.equal(e.allowed, true);
    assert.deepEqual(e.decision.losers.map((l) => l.line), [2]);
    assert.match(e.decision.losers[0].why, /set aside: the records naming this crawler speak on crawl here/);
    assert.match(formatExplanation(e), /lost \(crawl\): line 2: ACAP-disallow-crawl: \/a\/b\/ — set aside/);
  });

  test('/page$ beaten by /page*: a $ counts as broader than any character, even *', () => {
    const e = explain(doc('ACAP-crawler: *\nACAP-allow-crawl: /page$\nACAP-disallow-crawl: /page*\n'), { agent: 'b', path: '/page' });
    assert.equal(e.allowed, false);
    assert.match(e.decision.losers[0].why, /line 3 \(prohibits \/page\*\) has the narrower pattern.*even `\*`/);
  });

  test('patterns §2.4.5 cannot rank are never called "the same pattern"', () => {
    const e = explain(doc('ACAP-crawler: *\nACAP-allow-crawl: /*a\nACAP-disallow-crawl: /*b\n'), { agent: 'b', path: '/ab' });
    assert.deepEqual([e.allowed, e.decision.reason], [false, 'unrankable']);
    assert.doesNotMatch(e.decision.summary, /same pattern/);
    assert.match(e.decision.losers[0].why, /cannot rank \/\*a against \/\*b/);
  });

  test('a conventional line overridden by an ACAP one is named among the losers', () => {
    const e = explain(doc('User-agent: *\nDisallow: /a/\n\nACAP-crawler: *\nACAP-allow-crawl: /a/\n'), { agent: 'b', path: '/a/x' });
    assert.match(e.decision.losers[0].why, /overrides the conventional line \(Part 1 §2\.9\.2\)/);
  });

  test('a definition after the first record, a prohibition naming a local usage: named where they would have decided', () => {
    const late = 'ACAP-crawler: *\nACAP-allow-index: /\nACAP-resource-set: drafts /drafts/\nACAP-disallow-index: the-acap:resource-set:drafts\n';
    const e = explain(doc(late), { agent: 'b', usage: 'index', path: '/drafts/x' });
    assert.equal(e.allowed, true);
    assert.match(e.notes.join(' '), /Line 4 would prohibit index here, but its resource set ‘drafts’ is defined on line 3, after the first record/);
    const local = 'ACAP-qualified-usage: snip present-snippet max-length=10-words\nACAP-crawler: *\nACAP-disallow-(snip): /p/\n';
    assert.match(explain(doc(local), { agent: 'b', usage: 'present-snippet', path: '/p/x' }).notes.join(' '), /Line 3 would prohibit present-snippet here, but it prohibits the local usage \(snip\)/);
    const beaten = 'ACAP-crawler: *\nACAP-allow-index: /drafts/x\nACAP-resource-set: drafts /drafts/\nACAP-disallow-index: the-acap:resource-set:drafts\n';
    assert.doesNotMatch(explain(doc(beaten), { agent: 'b', usage: 'index', path: '/drafts/x' }).notes.join(' '), /Line 4 would/, 'a narrower readable line decides anyway');
  });

  test('the file of every deciding line from an ACAP-permissions-reference file', () => {
    const main = doc('ACAP-crawler: bot\nACAP-permissions-reference: /bot.txt\n');
    const workspace = new MemoryWorkspace({ 'file:///site/bot.txt': 'ACAP-crawler: bot\nACAP-disallow-crawl: /private/\n' });
    const e = explain(main, { agent: 'bot', path: '/private/x' }, { workspace });
    assert.deepEqual(e.decidedBy, [{ line: 2, text: 'ACAP-disallow-crawl: /private/', file: 'file:///site/bot.txt' }]);
    assert.match(formatExplanation(e), /line 2 of file:\/\/\/site\/bot\.txt: ACAP-disallow-crawl/);
  });

  test('koster1996: the group chosen because its name contains the token is noted', () => {
    const e = explain(doc('User-agent: Googlebot-News\nDisallow: /\n'), { agent: 'Googlebot', path: '/x', profile: 'koster1996' });
    assert.equal(e.allowed, false);
    assert.match(e.notes.join(' '), /User-agent ‘Googlebot-News’ contains ‘Googlebot’/);
    assert.match(e.decision.summary, /Koster 1996 §3\.2\.1 picks it/);
  });
});

suite('lints for fields that can never win where they were meant to (interpretation §3.3, §3.10)', () => {
  const diag = (text: string, code: string) => doValidation(doc(text)).filter((d) => d.code === code);

  test('a pattern starting with * against an opposite one starting with /: warned, with the fix /*.html$', () => {
    const text = 'ACAP-crawler: *\nACAP-disallow-index: /\nACAP-allow-index: *.html$\n';
    const [d] = diag(text, 'acap.star-pattern-never-wins');
    assert.equal(d?.range.start.line, 2);
    assert.equal(explain(doc(text), { agent: 'b', usage: 'index', path: '/a.html' }).allowed, false, 'the engine follows Part 1');
    const actions = getCodeActions(doc(text), { start: d.range.start, end: d.range.end }, [d]);
    const fix = actions.find((a) => /Start the pattern with ‘\/’/.test(a.title));
    assert.ok(fix, actions.map((a) => a.title).join(', '));
    const edit = fix.edit?.changes?.['file:///site/robots.txt']?.[0];
    assert.equal(edit?.newText, '/*.html$');
    const fixed = text.replace('*.html$', '/*.html$');
    assert.equal(explain(doc(fixed), { agent: 'b', usage: 'index', path: '/a.html' }).allowed, true, 'fixed, it wins');
    assert.deepEqual(diag(fixed, 'acap.star-pattern-never-wins'), []);
  });

  test('not warned when nothing opposite competes', () => {
    assert.deepEqual(diag('ACAP-crawler: *\nACAP-disallow-index: *.pdf$\nACAP-allow-crawl: /\n', 'acap.star-pattern-never-wins'), []);
    assert.deepEqual(diag('ACAP-crawler: *\nACAP-disallow-index: /private/\nACAP-allow-index: *.html$\n', 'acap.star-pattern-never-wins'), [], '/private/ does not match /x.html');
  });

  test('$ against * at the same place: warned', () => {
    const text = 'ACAP-crawler: *\nACAP-allow-crawl: /page$\nACAP-disallow-crawl: /page*\n';
    assert.deepEqual(diag(text, 'acap.dollar-never-wins').map((d) => d.range.start.line), [1]);
    assert.deepEqual(diag('ACAP-crawler: *\nACAP-allow-crawl: /page$\nACAP-disallow-crawl: /other*\n', 'acap.dollar-never-wins'), []);
  });

  test('ACAP-disallow-other over the whole site with no crawl field: warned (it blocks everything)', () => {
    const text = 'ACAP-crawler: *\nACAP-allow-index: /\nACAP-disallow-other: /\n';
    assert.deepEqual(diag(text, 'acap.disallow-other-blocks-site').map((d) => d.range.start.line), [2]);
    assert.equal(explain(doc(text), { agent: 'b', usage: 'index', path: '/x' }).allowed, false, 'as the engine says');
    assert.deepEqual(diag(text + 'ACAP-allow-crawl: /\n', 'acap.disallow-other-blocks-site'), []);
    assert.deepEqual(diag('User-agent: *\nAllow: /\n\n' + text, 'acap.disallow-other-blocks-site'), [], 'a conventional Allow speaks on crawl');
  });
});
