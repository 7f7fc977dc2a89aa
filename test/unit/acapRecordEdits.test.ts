/**
 * A record edited keeps the compiled fields of the lines the edit did not write (acapRules.ts,
 * earlierFields) and the index of its patterns per usage (permissions.ts, movedUsageIndexes):
 * typing in one field of a record of thousands compiles that field and files its patterns, and
 * Enter or a line deleted inside the record moves the fields after it instead of compiling them.
 * After each edit of a random sequence (fast-check) in records long enough to be read through
 * their indexes (more than 16 fields), every ACAP answer, the hover's table and the hover equal
 * those of the same text opened afresh, and an older version asked again answers for its own text.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  doHover, doValidation, documentText, explain, parseDocument, permissionMatrix, updateDocument, type ContentChange, type RobotsDocument,
} from '../../server/src/service';
import type { Range } from 'vscode-languageserver-types';
import { compileRecords, type AcapField } from '../../server/src/service/engine/acapRules';
import { movedLine, originalLine, regionsChangedSince } from '../../server/src/service/syntax/document';
import { indexAdds, withUri } from './helpers';
import { aliveAfterCollections } from './kit/collect';

const FIELDS = [
  'ACAP-allow-crawl: /a',
  'ACAP-allow-crawl: /a/b$',
  'ACAP-disallow-crawl: /a/c',
  'ACAP-allow-index: /a*',
  'ACAP-disallow-index: /b/',
  'ACAP-allow-(snip): /n/',
  'ACAP-allow-(basics): /b/',
  'ACAP-disallow-crawl: the-acap:resource-set:news',
  'ACAP-allow-present-snippet: /a max-length=10-words',
  'ACAP-allow-present-snippet: /c/ max-length=5-words odd=1',
  'ACAP-allow-follow: /',
  'ACAP-disallow-follow: /a/%62',
];

/**
 * Definitions, then two records of more than 16 fields each (the second with a purpose sub-record
 * of as many); the first, of 70, is checked through a section index from its second check on.
 */
function text(seed: number): string {
  const pick = (k: number): string => `${FIELDS[(k * 7 + seed) % FIELDS.length]}${k % 3 ? k : ''}`;
  return [
    '##ACAP version=1.0',
    'ACAP-resource-set: news /news/ /press/',
    'ACAP-qualified-usage: snip present-snippet max-length=20-words',
    'ACAP-composite-usage: basics (snip) index',
    'User-agent: *',
    'Disallow: /private',
    '',
    'ACAP-crawler: GPTBot',
    'ACAP-crawler: CCBot',
    ...Array.from({ length: 70 }, (_, k) => pick(k)),
    '',
    'ACAP-crawler: *',
    ...Array.from({ length: 18 }, (_, k) => pick(k + 30)),
    'ACAP-usage-purpose: ai-training',
    ...Array.from({ length: 18 }, (_, k) => pick(k + 60)),
    '',
  ].join('\n');
}

const PATHS = ['/', '/a', '/a/b', '/a/b1', '/a/c', '/ab', '/b/x', '/c/d', '/n/1', '/news/x', '/press/1'];
const AGENTS = ['GPTBot', 'CCBot', 'OtherBot'];
const USAGES = ['crawl', 'index', 'present-snippet', 'follow'];

/** Every ACAP answer of the paths, agents and usages, with and without the purpose; the table of two paths. */
function answers(doc: RobotsDocument): unknown[] {
  const out: unknown[] = [];
  for (const agent of AGENTS) {
    for (const path of PATHS) {
      for (const usage of USAGES) {
        for (const purpose of [undefined, 'ai-training']) out.push(explain(doc, { agent, usage, path, purpose, reading: 'acap' }));
      }
    }
  }
  for (const path of ['/a/b', '/news/1']) out.push(permissionMatrix(doc, path, ['GPTBot', 'OtherBot'], 'rfc9309'));
  return out;
}

/** The same text opened afresh under another URI, its answers written with the edited document's. */
function freshAnswers(doc: RobotsDocument, ask: (d: RobotsDocument) => unknown): unknown {
  return withUri(ask(parseDocument('file:///fresh/robots.txt', doc.version, documentText(doc))), 'file:///fresh/robots.txt', doc.uri);
}

type Edit =
  | { readonly kind: 'type'; readonly line: number; readonly at: number; readonly text: string }
  | { readonly kind: 'enter' | 'delete-line'; readonly line: number };
const edit: fc.Arbitrary<Edit> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('type' as const), line: fc.nat(125), at: fc.nat(40), text: fc.constantFrom('x', '/', '*', '$', ' ', 'index', '-', 'a', '\n', 'ACAP-allow-index: /z\n', 'ACAP-usage-purpose: ai-training\n', 'ACAP-crawler: CCBot\n') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('enter' as const, 'delete-line' as const), line: fc.nat(125) }) },
);

function change(doc: RobotsDocument, e: Edit): ContentChange & { readonly range: Range } {
  const line = Math.min(e.line, doc.lines.length - 2);
  if (e.kind === 'enter') return { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: '\n' };
  if (e.kind === 'delete-line') return { range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: '' };
  if (e.kind !== 'type') throw new Error(e.kind);
  const at = Math.min(e.at, doc.lines[line].text.length);
  return { range: { start: { line, character: at }, end: { line, character: at } }, text: e.text };
}

suite('ACAP records edited: fields and their index carried over', () => {
  test('after each edit in long records, the ACAP answers, the table and the hover equal those of the text opened afresh; older versions answer as before', () => {
    fc.assert(
      fc.property(fc.nat(50), fc.array(edit, { minLength: 1, maxLength: 12 }), fc.boolean(), (seed, edits, validate) => {
        let doc = parseDocument('file:///records/robots.txt', 1, text(seed));
        answers(doc);
        const versions: { doc: RobotsDocument; answers: unknown[] }[] = [];
        for (const e of edits) {
          const c = change(doc, e);
          doc = updateDocument(doc, [c], doc.version + 1);
          // As the server does: validation carries the model over first (not every time, so
          // that both ways are taken), and its diagnostics are those of a fresh parse.
          if (validate) assert.deepEqual(doValidation(doc), freshAnswers(doc, (d) => doValidation(d)), `diagnostics after ${JSON.stringify(c)}`);
          const got = answers(doc);
          assert.deepEqual(got, freshAnswers(doc, answers), `answers after ${JSON.stringify(c)}`);
          const hoverLine = Math.min(c.range.start.line, doc.lines.length - 1);
          const hover = (d: RobotsDocument): unknown => doHover(d, { line: hoverLine, character: 22 });
          assert.deepEqual(hover(doc), freshAnswers(doc, hover), `hover after ${JSON.stringify(c)}`);
          versions.push({ doc, answers: got });
        }
        const old = versions[Math.floor(versions.length / 2)];
        assert.deepEqual(answers(old.doc), old.answers, 'an older version asked again');
        assert.deepEqual(answers(doc), versions[versions.length - 1].answers, 'the newest version asked again after it');
      }),
      { numRuns: 80 },
    );
  });

  const big = (): string => ['ACAP-crawler: GPTBot', ...Array.from({ length: 2000 }, (_, k) => `ACAP-${k % 5 ? 'allow' : 'disallow'}-crawl: /d${k}/p${k % 9}.html`), ''].join('\n');

  test('typing in one field of a record of 2,000: the other fields are the very objects they were, and a hover files only the edited field\'s pattern', () => {
    let doc = parseDocument('file:///records/big.txt', 1, big());
    const ask = (d: RobotsDocument): unknown => [explain(d, { agent: 'GPTBot', usage: 'crawl', path: '/d700/p7.html/x', reading: 'acap' }), doHover(d, { line: 701, character: 24 })];
    ask(doc);
    const before = compileRecords(doc)[0].general;
    doc = updateDocument(doc, [{ range: { start: { line: 701, character: 24 }, end: { line: 701, character: 24 } }, text: 'x' }], 2);
    doValidation(doc);
    let got: unknown;
    const adds = indexAdds(() => { got = ask(doc); });
    const after = compileRecords(doc)[0].general;
    assert.equal(after.length, 2000);
    assert.deepEqual(after.flatMap((f, k) => (f === before[k] ? [] : [k])), [700], 'only the edited field is new');
    assert.equal(after[700].text, 'ACAP-disallow-crawl: /d7x00/p7.html');
    // Building the record's index again filed 2,000 entries.
    assert.ok(adds <= 4, `${adds} index entries filed`);
    assert.deepEqual(got, freshAnswers(doc, ask));
  });

  test('Enter and Delete Line inside a record of 2,000: the fields after move to their new lines, sharing their patterns, and no index entry is filed', () => {
    let doc = parseDocument('file:///records/moved.txt', 1, big());
    const ask = (d: RobotsDocument): unknown => [
      explain(d, { agent: 'GPTBot', usage: 'crawl', path: '/d1500/p6.html', reading: 'acap' }),
      explain(d, { agent: 'GPTBot', usage: 'crawl', path: '/d10/p1.html', reading: 'acap' }),
      doHover(d, { line: 1502, character: 24 }),
    ];
    ask(doc);
    for (const c of [
      { range: { start: { line: 900, character: 0 }, end: { line: 900, character: 0 } }, text: '\n' },
      { range: { start: { line: 300, character: 0 }, end: { line: 301, character: 0 } }, text: '' },
      { range: { start: { line: 1200, character: 0 }, end: { line: 1200, character: 0 } }, text: '\n\n' },
    ]) {
      const before = compileRecords(doc)[0].general;
      doc = updateDocument(doc, [c], doc.version + 1);
      doValidation(doc);
      let got: unknown;
      const adds = indexAdds(() => { got = ask(doc); });
      const after = compileRecords(doc)[0].general;
      const where = JSON.stringify(c);
      const lost = c.text === '' ? 1 : 0;
      assert.equal(after.length, before.length - lost, where);
      // Each field before the edit is the same object; each after it a copy on its new line, with the same patterns.
      const edited = c.range.start.line;
      const kept = before.filter((f) => f.line !== edited || c.text !== '');
      kept.forEach((f, k) => {
        const moved = after[k];
        if (f.line < edited) assert.equal(moved, f, `${where}: field of line ${f.line}`);
        else {
          assert.equal(moved.patterns, f.patterns, `${where}: field of line ${f.line}`);
          assert.equal(moved.line, f.line + (c.text.length - lost), `${where}: field of line ${f.line}`);
        }
      });
      assert.equal(adds, 0, `${where}: ${adds} index entries filed`);
      assert.deepEqual(got, freshAnswers(doc, ask), where);
    }
  });

  test('the field lists of earlier versions are let go, whether or not a query indexed them', async () => {
    let doc = parseDocument('file:///records/kept.txt', 1, big());
    explain(doc, { agent: 'GPTBot', usage: 'crawl', path: '/d7/p7.html', reading: 'acap' });
    const lists: WeakRef<readonly AcapField[]>[] = [];
    for (let k = 0; k < 60; k++) {
      const line = 1 + ((k * 37) % 2000);
      doc = updateDocument(doc, [{ range: { start: { line, character: 24 }, end: { line, character: 24 } }, text: 'x' }], doc.version + 1);
      // Every third of twenty versions indexed by a query as well, then forty only compiled.
      if (k < 20 && k % 3 === 0) explain(doc, { agent: 'GPTBot', usage: 'crawl', path: `/d${line - 1}/p1.html`, reading: 'acap' });
      lists.push(new WeakRef(compileRecords(doc)[0].general));
    }
    // The latest list and the one it was made from (and one more for slack), not a chain of forty.
    const kept = await aliveAfterCollections(lists, 3);
    assert.ok(kept <= 3, `${kept} of 60 lists kept alive`);
  });

  test('a path typed into a resource set\'s name, or a usage into a local one, and back: the reference is checked as in a fresh parse', () => {
    let doc = parseDocument('file:///records/refs.txt', 1, text(5));
    doValidation(doc);
    const codes = (d: RobotsDocument): string[] => doValidation(d).filter((x) => String(x.code).startsWith('acap.undefined')).map((x) => `${x.range.start.line} ${String(x.code)}`);
    const line = 12;
    const others = codes(doc);
    assert.ok(!others.some((c) => c.startsWith(`${line} `)), 'the line refers to nothing at first');
    const at = doc.lines[line].text.indexOf(': ') + 2;
    const steps: [ContentChange, string[]][] = [
      [{ range: { start: { line, character: at }, end: { line, character: at } }, text: 'the-acap:resource-set:nope' }, [`${line} acap.undefined-resource-set`]],
      [{ range: { start: { line, character: at }, end: { line, character: at + 26 } }, text: '' }, []],
      [{ range: { start: { line, character: 5 }, end: { line, character: doc.lines[line].text.indexOf(':') } }, text: 'allow-(nope)' }, [`${line} acap.undefined-local-usage`]],
    ];
    for (const [c, want] of steps) {
      doc = updateDocument(doc, [c], doc.version + 1);
      assert.deepEqual(codes(doc).filter((x) => x.startsWith(`${line} `)), want, JSON.stringify(c));
      assert.deepEqual(codes(doc).filter((x) => !x.startsWith(`${line} `)), others);
      assert.deepEqual(codes(doc), codes(parseDocument('file:///fresh/refs.txt', 1, documentText(doc))));
    }
  });

  // In about one run of four, all 200 earlier lists outlived two collections: a background compile
  // job held the earlier records (kit/collect.ts); counted again once it is done.
  test('after Enter above records of a field each, their earlier field lists are let go (no index to move to the copies)', async () => {
    let doc = parseDocument('file:///records/short.txt', 1, Array.from({ length: 200 }, (_, k) => `ACAP-crawler: bot${k}\nACAP-allow-crawl: /p${k}/`).join('\n'));
    explain(doc, { agent: 'bot7', usage: 'crawl', path: '/p7/', reading: 'acap' });
    const before = compileRecords(doc).map((r) => new WeakRef(r.general));
    doc = updateDocument(doc, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '\n' }], 2);
    // Validated and asked, as in the server: the new version lets go of the one it was made
    // from, and what the engine keeps per URI moves to it.
    doValidation(doc);
    assert.equal(explain(doc, { agent: 'bot7', usage: 'crawl', path: '/p7/', reading: 'acap' }).allowed, true);
    const after = compileRecords(doc);
    assert.equal(after[7].general[0].line, 16, 'the field copied onto its new line');
    const kept = await aliveAfterCollections(before, 1);
    assert.ok(kept <= 1, `${kept} of 200 earlier lists kept alive`);
  });

  test('a field naming a resource set of 130,000 patterns is indexed, and re-filed after an edit (review: the patterns were spread as arguments, and overflowed the stack)', () => {
    const set = Array.from({ length: 130_000 }, (_, k) => `/p${k}/`).join(' ');
    let doc = parseDocument('file:///records/bigset.txt', 1, `##ACAP version=1.0\nACAP-resource-set: big ${set}\nACAP-crawler: *\nACAP-allow-crawl: the-acap:resource-set:big\nACAP-disallow-crawl: /\n`);
    const ask = (d: RobotsDocument): boolean => explain(d, { agent: 'GPTBot', usage: 'crawl', path: '/p129999/x', reading: 'acap' }).allowed;
    assert.equal(ask(doc), true);
    doc = updateDocument(doc, [{ range: { start: { line: 4, character: 21 }, end: { line: 4, character: 21 } }, text: 'q' }], 2);
    assert.equal(ask(doc), true);
    assert.equal(explain(doc, { agent: 'GPTBot', usage: 'crawl', path: '/elsewhere', reading: 'acap' }).allowed, true);
  });

  test('originalLine undoes movedLine, and finds no earlier line for a line an edit wrote', () => {
    fc.assert(fc.property(fc.array(edit, { minLength: 1, maxLength: 6 }), (edits) => {
      const first = parseDocument('file:///records/lines.txt', 1, text(3));
      let doc = first;
      for (const e of edits) doc = updateDocument(doc, [change(doc, e)], doc.version + 1);
      const regions = regionsChangedSince(doc, first);
      assert.ok(regions);
      const reached = new Set<number>();
      for (let j = 0; j < first.lines.length; j++) {
        const i = movedLine(regions, j);
        if (i === undefined) continue;
        reached.add(i);
        assert.equal(originalLine(regions, i), j, `line ${j}, now ${i}`);
        assert.equal(doc.lines[i], first.lines[j], `line ${j}, now ${i}: the very node`);
      }
      for (let i = 0; i < doc.lines.length; i++) if (!reached.has(i)) assert.equal(originalLine(regions, i), undefined, `line ${i} was written`);
    }), { numRuns: 200 });
  });
});
