/**
 * One request, one view of the files (requestView): a hover's AI table asks every crawler's row
 * for the site's tdmrep.json and licences, and each question went to the host — in the server a
 * stat and two realpaths, or a read and a parse, nine times per hover. The answers must be those
 * of the host asked every time; only the number of questions changes.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { doHover, inOneRequest, parseDocument, permissionsView, requestView } from '../../server/src/service';
import { formatAiTable } from '../../server/src/cli/aiTable';
import { MemoryWorkspace } from './memoryWorkspace';

const AI = path.join(__dirname, '..', 'fixtures', 'ai');
const TDM = readFileSync(path.join(AI, 'tdmrep-site', '.well-known', 'tdmrep.json'), 'utf8');
const LICENSE = readFileSync(path.join(AI, 'rsl-site', 'license.xml'), 'utf8');
const ROBOTS = 'User-agent: *\nAllow: /\n\nUser-agent: GPTBot\nDisallow: /private/\n\nLicense: /license.xml\nACAP-permissions-reference: /other.robots.txt\n';
const site = (): MemoryWorkspace => new MemoryWorkspace({
  'file:///site/robots.txt': ROBOTS,
  'file:///site/.well-known/tdmrep.json': TDM,
  'file:///site/license.xml': LICENSE,
  'file:///site/other.robots.txt': 'ACAP-crawler: *\nACAP-allow-crawl: /\n',
});
const robots = parseDocument('file:///site/robots.txt', 1, ROBOTS);
/** How many times each location was read. */
const counts = (w: MemoryWorkspace): Map<string, number> => {
  const out = new Map<string, number>();
  for (const r of w.reads) out.set(r, (out.get(r) ?? 0) + 1);
  return out;
};

suite('requestView: each question put to the host once per request', () => {
  test('a hover on a path reads tdmrep.json and the licence once each, and answers as before', () => {
    const w = site();
    const at = { line: 1, character: 7 };
    const h = doHover(robots, at, {}, { workspace: w });
    const value = (h?.contents as { value: string }).value;
    // The table asked (the AI rows exist, with TDMRep's verdict for ai-train)...
    assert.match(value, /AI uses of `\/`/);
    assert.ok(w.reads.includes('file:///site/.well-known/tdmrep.json'));
    // ...and every location was read once, not once per crawler and use.
    for (const [uri, n] of counts(w)) assert.equal(n, 1, `${uri} read ${n} times`);
    // The rows are those the host asked every time gave (36 reads before requestView).
    assert.deepEqual(value.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| crawler')), [
      '| GPTBot | ✓ |',
      '| \\* any other (and 7 others) | ✓ [2](file:///site/robots.txt#L2 "line 2") |',
      '| \\* any other (and 8 others) ‡ | ✗ [4](file:///site/robots.txt#L4 "line 4") | ✓ [4](file:///site/robots.txt#L4 "line 4") | ✓ [4](file:///site/robots.txt#L4 "line 4") |',
    ]);
  });

  test('the CLI\'s AI table reads each file once for all its cells', () => {
    const w = site();
    const table = formatAiTable(robots, '/images/a.png', ['GPTBot', 'ClaudeBot', 'CCBot'], 'rfc9309', { workspace: w });
    assert.match(table, /GPTBot/);
    for (const [uri, n] of counts(w)) assert.equal(n, 1, `${uri} read ${n} times`);
  });

  test('the permissions view reads the referenced file once for all its answers', () => {
    const w = site();
    const acap = parseDocument('file:///site/robots.txt', 1, 'ACAP-crawler: GPTBot\nACAP-permissions-reference: /other.robots.txt\n\nACAP-crawler: *\nACAP-disallow-crawl: /x\n');
    const view = permissionsView(acap, '/x', { crawlers: ['GPTBot', 'ClaudeBot', 'CCBot', 'Googlebot'] }, { workspace: w });
    assert.ok(view.sections.length > 0);
    assert.equal(counts(w).get('file:///site/other.robots.txt'), 1);
  });

  test('answers are the host\'s; a repeated question is not asked again; a view of a view is itself', () => {
    const w = site();
    const v = requestView(w);
    assert.equal(requestView(v), v);
    const read = v.readFile('file:///site/license.xml', 'file:///site/');
    assert.deepEqual(read, { text: LICENSE });
    assert.equal(v.readFile('file:///site/license.xml', 'file:///site/'), read);
    // Another site is another question (the boundary is the host's, per site).
    assert.deepEqual(v.readFile('file:///site/license.xml', 'file:///elsewhere/'), { refused: 'it lies outside the site folder file:///elsewhere/' });
    // An absent file's answer is kept too: asked once.
    assert.deepEqual(v.readFile('file:///site/none', 'file:///site/'), { refused: 'no such file' });
    v.readFile('file:///site/none', 'file:///site/');
    const doc = v.readRobots('file:///site/other.robots.txt', 'file:///site/');
    assert.equal(v.readRobots('file:///site/other.robots.txt', 'file:///site/'), doc);
    assert.deepEqual(v.stat('file:///site/license.xml'), { kind: 'file', size: LICENSE.length });
    assert.equal(v.list('file:///site/'), v.list('file:///site/'));
    assert.deepEqual(w.listings, ['file:///site/']);
    assert.deepEqual(w.reads, ['file:///site/license.xml', 'file:///site/license.xml', 'file:///site/none', 'file:///site/other.robots.txt']);
    // A new request sees the files as they are now.
    w.set('file:///site/license.xml', 'changed');
    assert.deepEqual(requestView(w).readFile('file:///site/license.xml', 'file:///site/'), { text: 'changed' });
    assert.deepEqual(v.readFile('file:///site/license.xml', 'file:///site/'), read);
  });

  test('inOneRequest: a context without a workspace is left as it is', () => {
    const none = {};
    assert.equal(inOneRequest(none), none);
    const w = site();
    assert.notEqual(inOneRequest({ workspace: w }).workspace, w);
  });
});
