/**
 * A long synchronous run keeps no document alive (issue 12: the fuzzer ran out of memory after a
 * few minutes). JavaScript keeps the target of every WeakRef made or dereferenced alive until the
 * current job ends, and a run of the CLI over a folder, or the fuzzer's, is one job: a WeakRef to
 * each version (the edit steps, the `License:` lines' memo) kept every version of the run. These
 * tests run the service in one job over many documents and compare the heap after a forced
 * collection; the bound is generous (the leak was 5–7 MB a document).
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { doHover, doValidation, explain, explainAiUse, forgetDocument, parseDocument, updateDocument } from '../../server/src/service';
import { exerciseRobots } from '../bench/stack';
import { heapAfterCollectionsMiB } from './kit/collect';


/** About 200 KB: many groups with rules, a License line, AI signals. */
function text(k: number): string {
  const out = [`# run ${k}`, 'License: /licence.xml', 'Content-Signal: ai-train=no'];
  for (let g = 0; g < 400; g++) {
    out.push(`User-agent: bot${g}x${k}`);
    for (let r = 0; r < 12; r++) out.push(`${r % 3 ? 'Disallow' : 'Allow'}: /p${g}/${r}/${k}/*.html`);
  }
  return out.join('\n') + '\n';
}

suite('a long synchronous run keeps no document alive (issue 12)', () => {
  test('40 documents parsed, edited, validated, explained and hovered in one job: the heap does not grow with them', function () {
    this.timeout(120_000);
    const run = (k: number): void => {
      let doc = parseDocument(`file:///site/${k % 3}/robots.txt`, 1, text(k));
      doValidation(doc);
      explain(doc, { agent: 'GPTBot', path: '/p1/2/x.html' });
      explainAiUse(doc, { agent: 'GPTBot', path: '/p1/2/x.html', use: 'ai-train' });
      doc = updateDocument(doc, [{ range: { start: { line: 5, character: 10 }, end: { line: 5, character: 10 } }, text: 'x' }], 2);
      doValidation(doc);
      explainAiUse(doc, { agent: 'GPTBot', path: '/p1/2/x.html', use: 'ai-train' });
      doHover(doc, { line: 5, character: 12 });
    };
    for (let k = 0; k < 5; k++) run(k);
    const early = heapAfterCollectionsMiB();
    for (let k = 5; k < 40; k++) run(k);
    const late = heapAfterCollectionsMiB();
    assert.ok(late - early < 40, `the heap grew by ${(late - early).toFixed(0)} MiB over 35 documents (from ${early.toFixed(0)} MiB)`);
  });

  test('no WeakRef in the product: its target would live to the end of the job', () => {
    const root = path.resolve(__dirname, '../../server/src');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts'));
    const using = files.filter((f) => /new WeakRef\b|\.deref\(\)/.test(readFileSync(path.join(root, f), 'utf8')));
    assert.deepEqual(using, []);
  });

  test('the memos of the process keep no view into a document: the text it was cut from is freed with it', async function () {
    this.timeout(120_000);
    // In V8 a substring of 13 characters or more is a view into the string it was cut from. The
    // fuzzer's documents are slices of strings of hundreds of megabytes, and a memo keyed by a
    // field name, a pattern or a glob cut from one kept that whole string (the long fuzz run
    // died at the 4 GB limit). Here: a 60 MB string, a document cut from its start with long
    // field names, wildcard patterns and ACAP lines, the whole stack over it, conversions included.
    const head = [
      'User-agent: *', 'Disallow: /private-area/*.html$', 'Allow: /private-area/public-*/index.html', 'Disallow: /tmp-folder-of-files/',
      'ACAP-crawler: *', 'ACAP-disallow-crawl: /archive-of-old-things/', 'ACAP-qualified-usage: snippet-short present-snippet max-length=20-words',
      'ACAP-allow-(snippet-short): /news-and-stories/', 'ACAP-permissions-reference-not-known: x', 'Content-Signal-Extended-Name: ai-train=no',
      'User-agent: GPTBot-with-a-long-name', 'Disallow: /only-for-this-crawler/*/drafts/', 'Allow: /only-for-this-crawler/public/',
    ].join('\n') + '\n';
    const before = heapAfterCollectionsMiB();
    (() => {
      const huge = head + 'z'.repeat(60 * 2 ** 20);
      const text = huge.slice(0, head.length);
      const r = exerciseRobots(text, { budgetMs: 60_000, positions: 12, conversions: true });
      assert.deepEqual(r.problems, []);
      // What the editor's close does (the server's document store calls it).
      forgetDocument('file:///site/robots.txt');
    })();
    // V8 keeps the subject of the last regular-expression match (RegExp.lastMatch) until the next
    // match: one string at most, replaced by the next request's first match; here, now.
    /x/.exec('x');
    // Measured again after short pauses: work V8 finishes in the background (an optimising
    // compilation holds what it was compiled against) can hold the string for a few
    // milliseconds after the run (in about one run in six here). A memo holds it for good.
    let kept = heapAfterCollectionsMiB() - before;
    for (let k = 0; k < 5 && kept >= 30; k++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      kept = heapAfterCollectionsMiB() - before;
    }
    assert.ok(kept < 30, `the heap kept ${kept.toFixed(0)} MiB after the document was dropped (the string it was cut from is 60 MiB)`);
  });
});
