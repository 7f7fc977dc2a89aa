/**
 * What the engine keeps of an ACAP file from one version to the next — the compiled records of
 * the records an edit did not touch, the index of records by crawler, the crawler names and the
 * usages of the hover's table — answers as if built from the text. After each edit of a random
 * sequence (fast-check), every ACAP answer (each crawler, usage, path and purpose, both
 * readings), the hover's table and the findings equal those of the same text parsed afresh, and
 * an older version asked again answers for its own text.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  collectFindings, crawlersNamed, doValidation, documentText, explain, getModel, matrixUsages, parseDocument, permissionMatrix, updateDocument,
  type ContentChange, type RobotsDocument,
} from '../../server/src/service';
import { typingChange, typingEdits } from './helpers';
import { compileRecords, recordIndex } from '../../server/src/service/engine/acapRules';

/** Definitions, records of one and several crawlers, `*`, a purpose sub-record, qualifiers, local usages, a usage of a column of its own. */
const BASE = [
  '##ACAP version=1.0',
  'ACAP-resource-set: news /news/ /press/',
  'ACAP-qualified-usage: snip present-snippet max-length=20-words',
  'ACAP-composite-usage: basics (snip) index',
  'User-agent: *',
  'Disallow: /private',
  '',
  'ACAP-crawler: *',
  'ACAP-allow-crawl: /',
  'ACAP-disallow-index: /drafts/',
  '',
  'ACAP-crawler: GPTBot',
  'ACAP-crawler: CCBot',
  'ACAP-disallow-crawl: the-acap:resource-set:news',
  'ACAP-allow-(basics): /news/',
  'ACAP-usage-purpose: ai-training',
  'ACAP-disallow-index: /',
  '',
  'ACAP-crawler: Googlebot',
  'ACAP-allow-present-snippet: /a* max-length=10-words',
  'ACAP-disallow-present-snippet: /a/b$',
  '',
  'ACAP-crawler: bot1',
  'ACAP-allow-follow: /f/',
  // A usage outside the table's usual six: a column of its own while a field names it.
  'ACAP-allow-present-thumbnail: /t/',
].join('\n');

/** What an edit may type: path characters, wildcards, names, usages, whole lines, line breaks. */
const TYPED = ['a', 'b', '/', '/a', 'x', '*', '$', '', '\n', 'index', 'crawl', 'Bot', 'GPT', '-', ' ', ':', '#', 'ACAP-allow-index: /x\n', 'ACAP-crawler: CCBot\n', 'ACAP-disallow-other: /\n', 'news', 'ACAP-allow-present-link: /l/\n'];

const PATHS = ['/', '/a', '/a/b', '/ab', '/news/1', '/press/x', '/drafts/y', '/f/z', '/private/q'];
const AGENTS = ['GPTBot', 'CCBot', 'Googlebot', 'bot1', 'OtherBot'];
const USAGES = ['crawl', 'index', 'present-snippet', 'follow'];


const editArb = typingEdits(TYPED, 26, 40);


/** Every ACAP answer, the table of two paths, the names and the columns, as plain data. */
function answers(doc: RobotsDocument): unknown[] {
  const out: unknown[] = [crawlersNamed(doc), matrixUsages(doc)];
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

/**
 * The same text parsed afresh, under another URI: what the engine keeps per URI (compiled records,
 * names, columns) is then the edited document's own from version to version, as in an editor.
 * (Answers name a file only when it is not the one asked about, so the URI changes nothing in them.)
 */
function fresh(doc: RobotsDocument): RobotsDocument {
  return parseDocument('file:///fresh/robots.txt', doc.version, documentText(doc));
}

suite('ACAP answers across edits', () => {
  test('after each edit, the ACAP answers, the table and the findings equal those of the text parsed afresh; older versions answer as before', () => {
    fc.assert(
      fc.property(fc.array(editArb, { minLength: 1, maxLength: 15 }), fc.boolean(), (edits, validate) => {
        let doc = parseDocument('file:///acap/robots.txt', 1, BASE);
        answers(doc);
        const versions: { doc: RobotsDocument; answers: unknown[] }[] = [];
        for (const e of edits) {
          doc = updateDocument(doc, [typingChange(doc, e)], doc.version + 1);
          // As the server does: validation carries the model over (and settles the edit) first.
          if (validate) assert.deepEqual(collectFindings(doc), collectFindings(fresh(doc)), `findings after ${JSON.stringify(e)}`);
          const got = answers(doc);
          assert.deepEqual(got, answers(fresh(doc)), `answers after ${JSON.stringify(e)}`);
          versions.push({ doc, answers: got });
        }
        const old = versions[Math.floor(versions.length / 2)];
        assert.deepEqual(answers(old.doc), old.answers, 'an older version asked again');
      }),
      { numRuns: 60 },
    );
  });

  test('typing in a field keeps the compiled form of every other record and the index of records by crawler', () => {
    const doc = parseDocument('file:///acap/robots.txt', 1, BASE);
    doValidation(doc);
    const before = compileRecords(doc);
    const index = recordIndex(before);
    // Googlebot's record (line 19): its path typed in.
    const next = updateDocument(doc, [{ range: { start: { line: 19, character: 30 }, end: { line: 19, character: 30 } }, text: 'x' }], 2);
    doValidation(next);
    const after = compileRecords(next);
    assert.notEqual(after, before);
    assert.deepEqual(after.map((r, k) => r === before[k]), [true, true, false, true], 'only the edited record is compiled again');
    assert.equal(after[2].general[0].text, 'ACAP-allow-present-snippet: /ax* max-length=10-words');
    const moved = recordIndex(after);
    assert.notEqual(moved, index);
    assert.equal(moved.byCrawler.get('gptbot'), index.byCrawler.get('gptbot'), 'an untouched crawler keeps its list');
    assert.deepEqual(moved.byCrawler.get('googlebot'), [after[2]]);
    // A conventional path typed (line 5): no record changes, and the index is the same.
    const conventional = updateDocument(next, [{ range: { start: { line: 5, character: 18 }, end: { line: 5, character: 18 } }, text: 'x' }], 3);
    assert.ok(compileRecords(conventional).every((r, k) => r === after[k]));
    assert.equal(recordIndex(compileRecords(conventional)), moved);
  });

  test('the table\'s columns follow a local usage\'s definition as crawler lines before it come and go (review)', () => {
    const columns = (doc: RobotsDocument): boolean => matrixUsages(doc).includes('present-thumbnail');
    const edited = (text: string, change: ContentChange): RobotsDocument => {
      const doc = parseDocument('file:///acap/robots.txt', 1, text);
      matrixUsages(doc);
      const next = updateDocument(doc, [change], 2);
      assert.equal(columns(next), columns(fresh(next)), `after ${JSON.stringify(change)} on ${JSON.stringify(text)}`);
      return next;
    };
    const defined = '# c\nACAP-qualified-usage: thumb present-thumbnail\nACAP-crawler: *\nACAP-allow-(thumb): /t/\n';
    // A crawler line added above the definition: it stands after a record now, and defines nothing (Part 1 §2.7).
    assert.equal(columns(edited(defined, { range: { start: { line: 0, character: 3 }, end: { line: 0, character: 3 } }, text: '\nACAP-crawler: a' })), false);
    // A crawler line above it turned into a comment, or removed: the definition counts again.
    const late = `ACAP-crawler: a\n${defined}`;
    assert.equal(columns(parseDocument('file:///x/robots.txt', 1, late)), false);
    assert.equal(columns(edited(late, { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '#' })), true);
    assert.equal(columns(edited(late, { range: { start: { line: 0, character: 0 }, end: { line: 1, character: 0 } }, text: '' })), true);
    // A comment that becomes the definition.
    assert.equal(columns(edited('# x\nACAP-crawler: *\nACAP-allow-(thumb): /t/\n', { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } }, text: 'ACAP-qualified-usage: thumb present-thumbnail' })), true);
  });

  test('a definition edited: every record is compiled again with it', () => {
    const doc = parseDocument('file:///acap/robots.txt', 1, BASE);
    const before = compileRecords(doc);
    // The resource set `news` gains /blog/: GPTBot's prohibition now covers it.
    const next = updateDocument(doc, [{ range: { start: { line: 1, character: 38 }, end: { line: 1, character: 38 } }, text: ' /blog/' }], 2);
    assert.notEqual(getModel(next).definitions, getModel(doc).definitions);
    const after = compileRecords(next);
    assert.ok(after.every((r, k) => r !== before[k]));
    assert.deepEqual(after[1].general[0].patterns.map((p) => p.text), ['/news/', '/press/', '/blog/']);
    assert.equal(explain(next, { agent: 'GPTBot', usage: 'crawl', path: '/blog/x', reading: 'acap' }).allowed, false);
  });
});
