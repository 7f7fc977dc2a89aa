/**
 * Everything the engine carries from one version to the next, against a fresh parse, on random
 * documents (an adversarial review's fuzzer, kept as a test). Documents are drawn from lines of
 * every kind the model and the engine treat apart — groups, ACAP records before and after them,
 * definitions in and out of place, references, purposes, a BOM, CRLF, Sitemap, unknown fields —
 * and edited by events of one or two changes, within a line or across lines, some versions never
 * analysed. After each analysed version, the model's structure, the findings, every ACAP and
 * conventional answer, the table of two paths, the crawler names and the table's columns equal
 * those of the same text parsed afresh; at the end, every version is asked again and answers as it
 * did, and the versions skipped answer as their fresh parse. DIFFERENTIAL_RUNS sets the number of
 * documents (100 by default; the review ran thousands).
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  collectFindings, crawlersNamed, documentText, explain, getModel, matrixUsages, parseDocument, permissionMatrix, updateDocument,
  type ContentChange, type RobotsDocument,
} from '../../server/src/service';
import type { RobotsModel } from '../../server/src/service/model/model';

const URI = 'file:///edited/robots.txt';

const LINES = [
  '', '# c', 'User-agent: *', 'User-agent: GPTBot', 'User-agent: bot1', 'Disallow: /a', 'Allow: /a/b', 'Disallow: *.pdf$', 'Crawl-delay: 3',
  'Sitemap: https://e.com/s.xml', 'Foo: bar', '##ACAP version=1.0', 'ACAP-crawler: *', 'ACAP-crawler: GPTBot', 'ACAP-crawler: bot1',
  'ACAP-allow-crawl: /', 'ACAP-disallow-index: /a', 'ACAP-allow-(thumb): /t/', 'ACAP-allow-(basics): /news/', 'ACAP-disallow-crawl: the-acap:resource-set:news',
  'ACAP-usage-purpose: ai-training', 'ACAP-disallow-present: /', 'ACAP-allow-present-snippet: /a* max-length=10-words', 'ACAP-disallow-present-snippet: /a/b$',
  'ACAP-resource-set: news /news/ /press/', 'ACAP-qualified-usage: thumb present-thumbnail', 'ACAP-composite-usage: basics (thumb) index',
  'ACAP-permissions-reference: https://e.com/acap.txt', 'ACAP-ignore-conventional-records', 'ACAP-disallow-other: /', 'ACAP-allow-present-oldcopy: /o',
  '\uFEFFUser-agent: x', 'ACAP-request-take-down: /x', 'ACAP-allow-*q: /', 'Noindex: /n', 'Robot-version: 2.0.0', 'Visit-time: 0100-0645',
];
const MAX_LINES = 14;
const docArb = fc.tuple(fc.array(fc.constantFrom(...LINES), { maxLength: MAX_LINES }), fc.constantFrom('\n', '\r\n'), fc.boolean())
  .map(([lines, eol, last]) => lines.join(eol) + (last ? eol : ''));

/** A change from (line, char): within the line (up to 4 characters replaced) or to a line up to two below. */
interface Change { readonly line: number; readonly char: number; readonly endLine: number; readonly endChar: number; readonly text: string }
const TYPED = [...LINES.map((l) => l + '\n'), ...LINES.map((l) => '\n' + l), '\n', '', 'a', '#', '*', '$', '\r\n', ' ', 'x'];
const changeArb: fc.Arbitrary<Change> = fc.record({
  line: fc.nat({ max: MAX_LINES + 2 }), char: fc.nat({ max: 40 }), endLine: fc.nat({ max: 3 }), endChar: fc.nat({ max: 40 }), text: fc.constantFrom(...TYPED),
});

function toChange(doc: RobotsDocument, e: Change): ContentChange {
  const n = doc.lines.length;
  const line = Math.min(e.line, n - 1);
  const end = Math.min(line + (e.endLine % 3 === 0 ? 0 : e.endLine - 1), n - 1);
  const start = Math.min(e.char, doc.lines[line].text.length);
  const endChar = end === line ? Math.min(start + (e.endChar % 5), doc.lines[end].text.length) : Math.min(e.endChar, doc.lines[end].text.length);
  return { range: { start: { line, character: start }, end: { line: end, character: endChar } }, text: e.text };
}

function structure(model: RobotsModel): object {
  return Object.fromEntries(Object.entries(model).filter(([k]) => k !== 'document'));
}

function answers(doc: RobotsDocument): unknown[] {
  const out: unknown[] = [crawlersNamed(doc), matrixUsages(doc)];
  for (const agent of ['GPTBot', 'bot1', 'OtherBot']) {
    for (const path of ['/', '/a', '/a/b', '/news/1', '/t/x', '/x.pdf']) {
      for (const usage of ['crawl', 'index', 'present-thumbnail']) {
        for (const purpose of [undefined, 'ai-training']) {
          for (const reading of ['acap', 'conventional'] as const) out.push(explain(doc, { agent, usage, path, purpose, reading }));
        }
      }
    }
  }
  out.push(permissionMatrix(doc, '/a/b', ['GPTBot', 'OtherBot'], 'rfc9309'), permissionMatrix(doc, '/t/x', ['bot1'], 'google'));
  return out;
}

/** The same text under another URI: what the engine keeps per URI stays the edited document's. */
const fresh = (doc: RobotsDocument): RobotsDocument => parseDocument('file:///fresh/robots.txt', doc.version, documentText(doc));

function assertFresh(doc: RobotsDocument, findings: boolean, what: string): unknown[] {
  const f = fresh(doc);
  const text = JSON.stringify(documentText(doc));
  assert.deepEqual(structure(getModel(doc)), structure(getModel(f)), `model, ${what}: ${text}`);
  if (findings) assert.deepEqual(collectFindings(doc), collectFindings(f), `findings, ${what}: ${text}`);
  const got = answers(doc);
  assert.deepEqual(got, answers(f), `answers, ${what}: ${text}`);
  return got;
}

suite('edits against a fresh parse (differential)', () => {
  test('the model, findings, answers, table, names and columns of every version equal a fresh parse\'s, asked in any order', () => {
    fc.assert(
      fc.property(docArb, fc.array(fc.tuple(fc.array(changeArb, { minLength: 1, maxLength: 2 }), fc.nat({ max: 3 })), { minLength: 1, maxLength: 10 }), fc.nat({ max: 3 }), (text, events, order) => {
        let doc = parseDocument(URI, 1, text);
        if (order & 1) collectFindings(doc);
        answers(doc);
        const analysed: { doc: RobotsDocument; answers: unknown[] }[] = [];
        const skipped: RobotsDocument[] = [];
        for (const [event, skip] of events) {
          // Each change of an event is placed in the text the previous ones left.
          let scratch = doc;
          const changes: ContentChange[] = [];
          for (const e of event) {
            const c = toChange(scratch, e);
            changes.push(c);
            scratch = updateDocument(scratch, [c], scratch.version);
          }
          doc = updateDocument(doc, changes, doc.version + 1);
          if (skip === 0) skipped.push(doc);
          else analysed.push({ doc, answers: assertFresh(doc, (order & 2) !== 0, `version ${doc.version}`) });
        }
        for (const v of analysed) assert.deepEqual(answers(v.doc), v.answers, `version ${v.doc.version} asked again`);
        for (const d of skipped.reverse()) assertFresh(d, (order & 2) !== 0, `version ${d.version}, skipped, asked last`);
      }),
      { numRuns: Number(process.env.DIFFERENTIAL_RUNS ?? 100) },
    );
  });
});
