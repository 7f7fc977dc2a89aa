/**
 * Issue 13, must-have 1: the rule indexes that hover and explain read are kept across edits
 * that add or remove lines (Enter, a line deleted or joined, lines pasted), not only across edits
 * within lines. After each edit of random sequences that add and remove lines, every reading's
 * verdicts and the AI-use answers equal those of the same text parsed afresh; old versions asked
 * again answer for their own text; and in a group of 2,000 rules the query after a line added or
 * removed files a handful of index entries, not 2,000 again.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  PROFILES, collectFindings, doValidation, documentText, evaluateConventional, explainAiUse, parseDocument, updateDocument,
  type ContentChange, type RobotsDocument,
} from '../../server/src/service';
import { indexAdds, lineReads } from './helpers';

const BASE = [
  '# top',
  'Disallow: /before-any-group',
  'User-agent: Googlebot',
  'User-agent: Bingbot',
  'Disallow: /a',
  'Allow: /a/b',
  'Disallow: /*.pdf$',
  'Allow: /dir/index.html',
  'Disallow: /dir/',
  '',
  'User-agent: *',
  'Disallow: /private',
  'Allow: /b$',
  'Disallow:',
  'Content-Usage: train-ai=n',
  'Content-Usage: /a train-ai=y',
  '# between',
  'Disallow: /c/*/d',
  '',
  'User-agent: GPTBot',
  'Disallow: /',
  'Allow: /open/index.htm',
  'License: /rsl.xml',
].join('\n');

/** What an edit inserts: line breaks alone, whole lines (rules, agents, preferences, comments). */
const INSERTS = ['\n', '\n\n', 'Allow: /b\n', 'Disallow: /a\n', 'Disallow: /c/*/d\n', '# c\n', 'User-agent: Bingbot\n', 'User-agent: *\n', 'useragent: GPTBot\n', 'Dissallow: /a\n', 'Content-Usage: train-ai=y\n', 'License: /l.xml\n', 'Allow: /x/index.html\n', '\nDisallow: /p'];
const PATHS = ['/', '/a', '/a/b', '/b', '/c/x/d', '/dir/', '/dir/index.html', '/f.pdf', '/private/z', '/open/', '/x/', '/p', '/before-any-group'];
const AGENTS = ['Googlebot', 'Bingbot', 'GPTBot', 'OtherBot'];

type Edit = { readonly kind: 'insert'; readonly line: number; readonly char: number; readonly text: string } | { readonly kind: 'delete'; readonly line: number; readonly lines: number } | { readonly kind: 'join'; readonly line: number };

const editArb: fc.Arbitrary<Edit> = fc.oneof(
  fc.record({ kind: fc.constant('insert' as const), line: fc.nat({ max: 30 }), char: fc.oneof(fc.constant(0), fc.nat({ max: 30 })), text: fc.constantFrom(...INSERTS) }),
  fc.record({ kind: fc.constant('delete' as const), line: fc.nat({ max: 30 }), lines: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('join' as const), line: fc.nat({ max: 30 }) }),
);

function toChange(doc: RobotsDocument, e: Edit): ContentChange {
  const last = doc.lines.length - 1;
  const line = Math.min(e.line, last);
  if (e.kind === 'insert') {
    const at = { line, character: Math.min(e.char, doc.lines[line].text.length) };
    return { range: { start: at, end: at }, text: e.text };
  }
  if (e.kind === 'delete') return { range: { start: { line, character: 0 }, end: { line: Math.min(line + e.lines, last), character: 0 } }, text: '' };
  return { range: { start: { line, character: doc.lines[line].text.length }, end: { line: Math.min(line + 1, last), character: 0 } }, text: '' };
}

function answers(doc: RobotsDocument): unknown[] {
  const out: unknown[] = [];
  for (const profile of PROFILES) {
    for (const agent of AGENTS) {
      for (const path of PATHS) {
        const v = evaluateConventional(doc, agent, path, profile);
        out.push([profile, agent, path, v.allowed, v.line, v.scope, v.why, v.groupLines, v.rules().map((r) => [r.line, r.allow, r.pattern])]);
        // Under google through Google's sections, whose preference lists are kept across edits too.
        if (profile !== 'koster1996') {
          const ai = explainAiUse(doc, { agent, path, use: 'ai-train', profile });
          out.push([ai.verdict, ai.signals.map((s) => [s.line, s.says, s.vocabulary]), ai.notes]);
        }
      }
    }
  }
  return out;
}

const fresh = (doc: RobotsDocument): RobotsDocument => parseDocument('file:///fresh/robots.txt', doc.version, documentText(doc));

suite('rule indexes across lines added and removed (issue 13)', () => {
  test('after each edit that adds or removes lines, every verdict equals that of the text parsed afresh', () => {
    fc.assert(
      fc.property(fc.array(editArb, { minLength: 1, maxLength: 12 }), fc.boolean(), (edits, validate) => {
        let doc = parseDocument('file:///lines/robots.txt', 1, BASE);
        answers(doc);
        const versions: { doc: RobotsDocument; answers: unknown[] }[] = [];
        for (const e of edits) {
          doc = updateDocument(doc, [toChange(doc, e)], doc.version + 1);
          if (validate) doValidation(doc);
          const got = answers(doc);
          assert.deepEqual(got, answers(fresh(doc)));
          versions.push({ doc, answers: got });
        }
        // An earlier version asked again answers for its own text (its indexes were moved on).
        const old = versions[0];
        assert.deepEqual(answers(old.doc), old.answers);
        assert.deepEqual(answers(doc), versions[versions.length - 1].answers);
      }),
      { numRuns: 250 },
    );
  });

  test('in a group of 2,000 rules, the query after Enter, a line deleted or a line joined files a handful of entries in every reading', () => {
    const text = ['User-agent: *', ...Array.from({ length: 2000 }, (_, i) => `${i % 4 ? 'Disallow' : 'Allow'}: /d${i}/p${i % 9}.html`), ''].join('\n');
    let doc = parseDocument('file:///lines/large.txt', 1, text);
    const ask = (d: RobotsDocument): unknown => PROFILES.map((p) => { const v = evaluateConventional(d, 'AnyBot', '/d700/p7.html', p); return [v.allowed, v.line, v.groupLines]; });
    assert.ok(indexAdds(() => ask(doc)) >= 4000, 'the first query builds the rfc9309 and Google indexes');
    const edits: ContentChange[] = [
      { range: { start: { line: 300, character: 0 }, end: { line: 300, character: 0 } }, text: '\n' },
      { range: { start: { line: 10, character: 0 }, end: { line: 11, character: 0 } }, text: '' },
      { range: { start: { line: 40, character: 25 }, end: { line: 41, character: 0 } }, text: '' },
      { range: { start: { line: 1500, character: 7 }, end: { line: 1500, character: 7 } }, text: '\n' },
      { range: { start: { line: 5, character: 0 }, end: { line: 5, character: 0 } }, text: 'Disallow: /new/\nAllow: /new/ok\n' },
    ];
    for (const change of edits) {
      doc = updateDocument(doc, [change], doc.version + 1);
      doValidation(doc);
      let got: unknown;
      const adds = indexAdds(() => { got = ask(doc); });
      assert.ok(adds <= 8, `${adds} index entries filed after ${JSON.stringify(change)}`);
      assert.deepEqual(got, ask(fresh(doc)));
    }
  });

  test('a query after Enter below a group of 2,000 rules reads a handful of its lines, not every member\'s', () => {
    const text = ['User-agent: a', ...Array.from({ length: 2000 }, (_, i) => `Disallow: /d${i}/`), '', 'User-agent: *', ...Array.from({ length: 20 }, (_, i) => `Allow: /s${i}/`), ''].join('\n');
    let doc = parseDocument('file:///lines/above.txt', 1, text);
    const ask = (d: RobotsDocument): unknown => { const v = evaluateConventional(d, 'a', '/d1500/x', 'rfc9309'); return [v.allowed, v.line]; };
    ask(doc);
    // Enter, then a line removed, below the large group (the groups above keep their member arrays).
    for (const change of [
      { range: { start: { line: 2010, character: 0 }, end: { line: 2010, character: 0 } }, text: '\n' },
      { range: { start: { line: 2012, character: 0 }, end: { line: 2013, character: 0 } }, text: '' },
    ]) {
      doc = updateDocument(doc, [change], doc.version + 1);
      doValidation(doc);
      let got: unknown;
      const reads = lineReads(doc, () => { got = ask(doc); });
      assert.ok(reads <= 50, `${reads} lines read after ${JSON.stringify(change)}`);
      assert.deepEqual(got, ask(fresh(doc)));
      assert.deepEqual(got, [false, 1501]);
    }
  });

  test('duplicate-rule findings after lines added or removed inside a group of repeated rules equal a fresh analysis', () => {
    const text = ['User-agent: *', ...Array.from({ length: 600 }, (_, i) => `Disallow: /r${i % 150}/`), '', 'User-agent: b', 'Allow: /x', 'Allow: /x', ''].join('\n');
    let doc = parseDocument('file:///lines/dups.txt', 1, text);
    const findings = (d: RobotsDocument): unknown => collectFindings(d).filter((f) => f.code === 'rep.duplicate-rule').map((f) => [f.line, f.message]);
    collectFindings(doc);
    const edits: ContentChange[] = [
      { range: { start: { line: 200, character: 0 }, end: { line: 200, character: 0 } }, text: 'Disallow: /r3/\n' },
      { range: { start: { line: 20, character: 0 }, end: { line: 22, character: 0 } }, text: '' },
      { range: { start: { line: 400, character: 5 }, end: { line: 400, character: 5 } }, text: '\n' },
      { range: { start: { line: 4, character: 0 }, end: { line: 4, character: 0 } }, text: '\n\nDisallow: /new/\nDisallow: /new/\n' },
      { range: { start: { line: 598, character: 0 }, end: { line: 600, character: 0 } }, text: '' },
    ];
    for (const change of edits) {
      doc = updateDocument(doc, [change], doc.version + 1);
      const got = findings(doc);
      assert.deepEqual(got, findings(fresh(doc)), JSON.stringify(change));
      assert.ok((got as unknown[]).length > 400);
    }
  });
});
