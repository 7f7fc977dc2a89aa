/**
 * A property of the ACAP reading over every real file (interpretation §3.6): the conventional
 * group is decided first, as normal, and its one verdict is a crawl candidate, so appending an
 * ACAP record that says nothing about crawling never changes a crawl verdict — under any
 * profile, for the crawlers the file names and `*`, on paths taken from the file's own patterns.
 * Reads ROBOTS_ACAP_CORPUS when set, else the repository's sample (test/unit/corpus.ts).
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { decodeUtf8 } from '../../server/src/cli/decode';
import { crawlersNamed, explain, parseDocument, PROFILES, representativePath, type RobotsDocument } from '../../server/src/service';
import { corpusFiles, MIN_FILES, type CorpusFolder } from './corpus';

/** Records that say nothing about crawling: another crawler speaking on index; `*` speaking on present only. */
const UNRELATED = [
  'ACAP-crawler: unrelated-acap-reader\nACAP-allow-index: /\nACAP-disallow-index: /private/\n',
  'ACAP-crawler: *\nACAP-allow-present: /\n',
];
const MAX_CRAWLERS = 3;
const MAX_PATHS = 5;

/** Up to MAX_PATHS paths from the file's patterns (spread over the file), and `/`. */
function probePaths(doc: RobotsDocument): string[] {
  const patterns: string[] = [];
  for (const line of doc.lines) {
    const d = line.directive;
    if (d.kind === 'rule' && d.pattern.end > d.pattern.start) patterns.push(line.text.slice(d.pattern.start, d.pattern.end));
    else if (d.kind === 'acap-permission' && d.resource && !line.text.slice(d.resource.start, d.resource.end).startsWith('the-acap:')) patterns.push(line.text.slice(d.resource.start, d.resource.end));
  }
  const step = Math.max(1, Math.floor(patterns.length / MAX_PATHS));
  const picked = patterns.filter((_, i) => i % step === 0).slice(0, MAX_PATHS).map(representativePath);
  return [...new Set(['/', ...picked])];
}

function checkFolder(folder: CorpusFolder): void {
  const files = corpusFiles(folder);
  assert.ok(files.length >= MIN_FILES[folder], `${folder}: ${files.length} files`);
  const broken: string[] = [];
  let compared = 0;
  for (const file of files) {
    const text = decodeUtf8(readFileSync(file)).text;
    const before = parseDocument('file:///site/robots.txt', 1, text);
    const agents = [...crawlersNamed(before).slice(0, MAX_CRAWLERS), '*'];
    const paths = probePaths(before);
    for (const extra of UNRELATED) {
      const after = parseDocument('file:///site/robots.txt', 1, text + (/[\r\n]$/.test(text) || text === '' ? '' : '\n') + '\n' + extra);
      for (const profile of PROFILES) {
        for (const agent of agents) {
          for (const p of paths) {
            const a = explain(before, { agent, path: p, profile }).allowed;
            const b = explain(after, { agent, path: p, profile }).allowed;
            compared++;
            if (a !== b) broken.push(`${path.basename(file)}: ${agent} ${p} ${profile}: ${a} → ${b} after ${JSON.stringify(extra.split('\n')[0])}`);
          }
        }
      }
    }
  }
  assert.ok(compared > files.length, `${compared} verdicts compared`);
  if (process.env.ROBOTS_ACAP_VERBOSE) console.log(`${folder}: ${files.length} files, ${compared} verdict pairs compared`);
  assert.deepEqual(broken.slice(0, 20), [], `${broken.length} crawl verdicts changed`);
}

suite('an ACAP record that says nothing about crawling never changes a crawl verdict (interpretation §3.6)', () => {
  test('every file of the real-world corpus', function () {
    this.timeout(900_000);
    checkFolder('real');
  });
  test('every real ACAP file', function () {
    this.timeout(120_000);
    checkFolder('acap-real');
  });
});
