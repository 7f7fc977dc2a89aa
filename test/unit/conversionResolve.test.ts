/**
 * Conversion actions in two steps (issues 12, 13): listed without edits and converted when picked
 * (codeAction/resolve), with the same edit the conversion itself gives; stale and invalid data;
 * and the bounded eager listing for clients that cannot resolve.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, TextDocumentEdit } from 'vscode-languageserver-types';
import {
  conversionDataProblem, conversionEdits, convertToAcap, convertToRep, EAGER_FILE_LINES, MAX_GROUP_MEMBERS, getConversionActions, listConversionActions, parseDocument,
  resolveConversionAction, updateDocument, type ConversionData, type ConvertOptions, type RobotsDocument,
} from '../../server/src/service';

const URI = 'file:///site/robots.txt';
const at = (line: number) => ({ start: { line, character: 2 }, end: { line, character: 2 } });
const VERIFY = { maxChecks: 100 };
const FILE = 'User-agent: *\nDisallow: /private/\nAllow: /private/ok/\n\nUser-agent: GPTBot\nDisallow: /\n';

function dataOf(a: CodeAction): ConversionData {
  assert.equal(conversionDataProblem(a.data), undefined, JSON.stringify(a.data));
  return a.data as ConversionData;
}

/** The conversion each kind stands for, called directly. */
function direct(doc: RobotsDocument, d: ConversionData): ReturnType<typeof convertToAcap> {
  const by: Record<ConversionData['conversion'], () => ReturnType<typeof convertToAcap>> = {
    'line-crawl': () => convertToAcap(doc, { reading: 'crawl', lines: d.lines, verify: VERIFY }),
    'line-index': () => convertToAcap(doc, { reading: 'index', lines: d.lines, verify: VERIFY }),
    'group': () => convertToAcap(doc, { reading: 'crawl', lines: d.lines, verify: VERIFY }),
    'file': () => convertToAcap(doc, { reading: 'crawl', addVersion: true, verify: VERIFY }),
    'file-ignoring': () => convertToAcap(doc, { reading: 'crawl', addVersion: true, ignoreConventional: true, verify: VERIFY } satisfies ConvertOptions),
    'file-index': () => convertToAcap(doc, { reading: 'index', addVersion: true, verify: VERIFY }),
    'to-rep': () => convertToRep(doc, { verify: VERIFY }),
  };
  return by[d.conversion]();
}

suite('conversion actions: listed, then resolved (codeAction/resolve)', () => {
  test('listing gives titles and data, never an edit', () => {
    const doc = parseDocument(URI, 7, FILE);
    const actions = listConversionActions(doc, at(1));
    assert.deepEqual(actions.map((a) => a.title), [
      'Convert this Disallow to ACAP-disallow-crawl', 'Convert this Disallow to ACAP-disallow-index', 'Convert this group to ACAP',
      'Convert the file to ACAP, keeping conventional records', 'Convert to ACAP that ignores conventional records', 'Convert the file to ACAP, Disallow read as "do not index"',
    ]);
    for (const a of actions) {
      assert.equal(a.edit, undefined, a.title);
      assert.equal(a.kind, 'refactor.rewrite');
      const d = dataOf(a);
      assert.equal(d.uri, URI);
      assert.equal(d.version, 7);
    }
    assert.deepEqual(dataOf(actions[0]).lines, { start: 1, end: 1 });
    assert.deepEqual(dataOf(actions[2]).lines, { start: 0, end: 2 });
    assert.equal(dataOf(actions[3]).lines, undefined);
    assert.deepEqual(listConversionActions(doc, at(3)), [], 'nothing on a blank line');
  });

  test('resolve gives the edit the conversion itself gives, for every action listed', () => {
    const doc = parseDocument(URI, 1, FILE + '\nACAP-crawler: bot\nACAP-disallow-crawl: /x/\n');
    const listed = [1, 2, 5, 8].flatMap((line) => listConversionActions(doc, at(line)));
    assert.ok(listed.some((a) => dataOf(a).conversion === 'to-rep'), 'the ACAP record offers conventional lines');
    for (const a of listed) {
      const d = dataOf(a);
      const r = resolveConversionAction(doc, d);
      const expected = direct(doc, d);
      assert.deepEqual(conversionEdits(r.action.edit, URI), expected.edits, `${a.title} at line ${d.line}`);
      if (expected.edits.length === 0) assert.ok(r.notice, 'no edit: the user is told why');
      else assert.match(r.action.title, new RegExp(`^${a.title.replace(/[()"]/g, '\\$&')} \\((keeps all \\d+|changes \\d+ of \\d+) verdicts`));
    }
  });

  test('the eager listing gives the same edits as resolve (clients without resolve support)', () => {
    const doc = parseDocument(URI, 1, FILE);
    const eager = getConversionActions(doc, at(1));
    const lazy = listConversionActions(doc, at(1)).map((a) => resolveConversionAction(doc, dataOf(a)).action);
    assert.deepEqual(eager.map((a) => a.title), lazy.map((a) => a.title));
    assert.deepEqual(eager.map((a) => a.edit?.changes?.[URI]), lazy.map((a) => a.edit?.changes?.[URI]));
    const out = TextDocument.applyEdits(TextDocument.create(URI, 'robots-txt', 1, FILE), eager[0].edit?.changes?.[URI] ?? []);
    assert.match(out, /ACAP-crawler: \*\nACAP-disallow-crawl: \/private\/\n/);
  });

  test('with documentChanges the edit names the version; the verification is a change annotation, confirmed when a verdict changes', () => {
    // Letters in the pattern: ACAP matches them case-insensitively, so some verdict changes (interpretation §5).
    const doc = parseDocument(URI, 4, 'User-agent: *\nDisallow: /Private/\n');
    const [first] = listConversionActions(doc, at(1));
    const { action } = resolveConversionAction(doc, dataOf(first), { documentChanges: true, changeAnnotations: true });
    const change = action.edit?.documentChanges?.[0] as TextDocumentEdit;
    assert.deepEqual(change.textDocument, { uri: URI, version: 4 });
    assert.ok(change.edits.every((e) => 'annotationId' in e && e.annotationId === 'robotsAcap.verdicts'));
    const note = action.edit?.changeAnnotations?.['robotsAcap.verdicts'];
    assert.match(note?.label ?? '', /^Conversion changes \d+ of \d+ verdicts: letter case$/);
    assert.equal(note?.needsConfirmation, true);
    assert.match(note?.description ?? '', /before, .* after/);
    // A conversion that keeps every verdict applies without a preview.
    const plain = parseDocument(URI, 1, 'User-agent: *\nDisallow: /1/\n');
    const kept = resolveConversionAction(plain, dataOf(listConversionActions(plain, at(1))[0]), { documentChanges: true, changeAnnotations: true });
    const keptNote = kept.action.edit?.changeAnnotations?.['robotsAcap.verdicts'];
    assert.match(keptNote?.label ?? '', /^Conversion keeps all \d+ verdicts checked$/);
    assert.equal(keptNote?.needsConfirmation, false);
    // Without annotation support: the version only.
    const bare = resolveConversionAction(plain, dataOf(listConversionActions(plain, at(1))[0]), { documentChanges: true });
    assert.equal(bare.action.edit?.changeAnnotations, undefined);
    assert.equal((bare.action.edit?.documentChanges?.[0] as TextDocumentEdit).textDocument.version, 1);
  });

  test('stale: an edit elsewhere recomputes for the current text; the same lines changed or moved give no edit', () => {
    const doc = parseDocument(URI, 1, FILE);
    const d = dataOf(listConversionActions(doc, at(1))[0]);
    // A change below the line (the second group's path): the line and its place are the same.
    const below = updateDocument(doc, [{ range: { start: { line: 5, character: 10 }, end: { line: 5, character: 10 } }, text: 'x' }], 2);
    const again = resolveConversionAction(below, d);
    assert.equal(again.notice, undefined);
    assert.deepEqual(conversionEdits(again.action.edit, URI), convertToAcap(below, { reading: 'crawl', lines: { start: 1, end: 1 }, verify: VERIFY }).edits);
    // The line itself changed: no edit, and a notice.
    const changed = updateDocument(doc, [{ range: { start: { line: 1, character: 18 }, end: { line: 1, character: 18 } }, text: 'x' }], 2);
    const stale = resolveConversionAction(changed, d);
    assert.equal(stale.action.edit, undefined);
    assert.match(stale.notice ?? '', /changed since this conversion was offered/);
    // A line inserted above: the line moved, so the data no longer names it.
    const moved = updateDocument(doc, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# c\n' }], 2);
    assert.equal(resolveConversionAction(moved, d).action.edit, undefined);
    // The group conversion: a rule added to the group changes its lines.
    const g = dataOf(listConversionActions(doc, at(1))[2]);
    const grown = updateDocument(doc, [{ range: { start: { line: 2, character: 19 }, end: { line: 2, character: 19 } }, text: '\nDisallow: /tmp/' }], 2);
    assert.equal(resolveConversionAction(grown, g).action.edit, undefined);
    // A whole-file conversion converts the file as it is now.
    const f = dataOf(listConversionActions(doc, at(1))[3]);
    assert.deepEqual(conversionEdits(resolveConversionAction(grown, f).action.edit, URI), convertToAcap(grown, { reading: 'crawl', addVersion: true, verify: VERIFY }).edits);
  });

  test('nothing to convert: no edit, and the notice says why', () => {
    const doc = parseDocument(URI, 1, FILE);
    const file = listConversionActions(doc, at(1))[3];
    const done = TextDocument.applyEdits(TextDocument.create(URI, 'robots-txt', 1, FILE), conversionEdits(resolveConversionAction(doc, dataOf(file)).action.edit, URI));
    const converted = parseDocument(URI, 2, done);
    const again = resolveConversionAction(converted, dataOf(listConversionActions(converted, at(1)).find((a) => dataOf(a).conversion === 'file') as CodeAction));
    assert.equal(again.action.edit, undefined);
    assert.match(again.notice ?? '', /^Nothing to convert/);
    // The title claims no verdict changed by an edit that is not there.
    assert.match(again.action.title, / \(nothing to convert\)$/);
  });

  test('invalid data is named, field by field', () => {
    const good = dataOf(listConversionActions(parseDocument(URI, 1, FILE), at(1))[0]);
    const cases: [unknown, RegExp][] = [
      [undefined, /data must be an object/], [[], /data must be an object/], ['x', /data must be an object/],
      [{ ...good, robotsAcap: 'other' }, /robotsAcap/], [{ ...good, uri: 7 }, /uri/], [{ ...good, version: '1' }, /version/],
      [{ ...good, conversion: 'everything' }, /conversion must be one of/], [{ ...good, line: -1 }, /line/], [{ ...good, digest: null }, /digest/],
      [{ ...good, lines: undefined }, /lines/], [{ ...good, lines: { start: 3, end: 1 } }, /lines/], [{ ...good, conversion: 'file' }, /lines must be absent/],
    ];
    for (const [data, why] of cases) assert.match(conversionDataProblem(data) ?? '', why, JSON.stringify(data));
  });

  test('eager listing is bounded: whole-file conversions past EAGER_FILE_LINES lines are left out, or listed disabled with the reason', () => {
    const big = parseDocument(URI, 1, Array.from({ length: EAGER_FILE_LINES }, (_, i) => `User-agent: bot${String.fromCharCode(97 + (i % 26))}\nDisallow: /p${i}/`).join('\n') + '\n');
    const titles = getConversionActions(big, at(1)).map((a) => a.title);
    assert.ok(titles.some((t) => t.startsWith('Convert this Disallow to ACAP-disallow-crawl (')), titles.join('\n'));
    assert.ok(titles.some((t) => t.startsWith('Convert this group to ACAP (')));
    assert.ok(!titles.some((t) => t.startsWith('Convert the file')), titles.join('\n'));
    const disabled = getConversionActions(big, at(1), { disabledSupport: true }).filter((a) => a.disabled);
    assert.equal(disabled.length, 3);
    for (const a of disabled) {
      assert.equal(a.edit, undefined);
      assert.match(a.disabled?.reason ?? '', /robots-acap convert/);
    }
    // The lazy listing still offers them: only the one picked is converted.
    assert.ok(listConversionActions(big, at(1)).some((a) => a.title.startsWith('Convert the file')));
  });

  test('a group over MAX_GROUP_MEMBERS: its lines are offered on demand, the group never; computed while listing, neither', () => {
    const doc = parseDocument(URI, 1, `User-agent: *\n${Array.from({ length: MAX_GROUP_MEMBERS + 1 }, (_, i) => `Disallow: /p${i}/`).join('\n')}\n`);
    assert.deepEqual(listConversionActions(doc, at(1)).map((a) => dataOf(a).conversion), ['line-crawl', 'line-index', 'file', 'file-ignoring', 'file-index']);
    assert.deepEqual(getConversionActions(doc, at(1)).map((a) => a.title), [], 'whole-file conversions are past EAGER_FILE_LINES too');
  });

  test('a line converted in a large file is checked on its own pattern, not only on the first lines\' (the sample is bounded)', () => {
    const rules = Array.from({ length: 1500 }, (_, i) => `Disallow: /${i}/`);
    const doc = parseDocument(URI, 1, `User-agent: *\n${rules.join('\n')}\nDisallow: /Zed/\n`);
    const zed = listConversionActions(doc, at(1501)).find((a) => dataOf(a).conversion === 'line-crawl') as CodeAction;
    // ACAP matches /Zed/ case-insensitively (interpretation §5): only a probe of this line shows it.
    assert.match(resolveConversionAction(doc, dataOf(zed)).action.title, /changes \d+ of \d+ verdicts: letter case/);
  });

  test('the fuzz fixture of 430 groups: listed without edits; one resolve converts and checks at most 200 verdicts (100 pairs)', () => {
    const text = readFileSync(path.resolve(__dirname, '../fixtures/fuzz/robots-slow-code-actions-430-groups.txt'), 'utf8');
    const doc = parseDocument(URI, 1, text);
    const actions = listConversionActions(doc, at(2));
    assert.ok(actions.length >= 4, actions.map((a) => a.title).join('\n'));
    assert.ok(actions.every((a) => a.edit === undefined));
    const file = actions.find((a) => dataOf(a).conversion === 'file') as CodeAction;
    const r = resolveConversionAction(doc, dataOf(file));
    // Two readings after (with and without the conventional records) per (agent, path) pair.
    assert.match(r.action.title, /\((keeps all|changes \d+ of) (\d+) verdicts/);
    const checked = Number(/(\d+) verdicts/.exec(r.action.title)?.[1]);
    assert.ok(checked > 0 && checked <= 200, r.action.title);
  });
});
