/**
 * Issue 15, defect 5: hovers, `table` and the default `explain` give each crawler the reading the
 * crawler knowledge base says it uses (`readsAcap`; no crawler is documented to read ACAP today),
 * mark it, and show the other reading where it differs; purpose sub-records get rows of their own.
 */
import * as assert from 'node:assert/strict';
import { defaultReading, doHover, parseDocument, permissionMatrix, permissionsView } from '../../server/src/service';
import { main, type CliIO } from '../../server/src/cli/main';
import { renderView } from '../../client/src/viewHtml';

const URI = 'file:///site/robots.txt';
// GPTBot on /search: the conventional group prohibits (line 2), the ACAP record allows (line 5).
const TEXT = [
  'User-agent: *',
  'Disallow: /search',
  '',
  'ACAP-crawler: *',
  'ACAP-allow-crawl: /search',
  'ACAP-usage-purpose: archive',
  'ACAP-disallow-crawl: /search',
  '',
].join('\n');

function run(args: string[]): { code: number; out: string } {
  let out = '';
  const io: CliIO = {
    out: (t) => { out += t; },
    err: () => undefined,
    readFile: (p) => {
      if (p !== 'robots.txt') throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      return new TextEncoder().encode(TEXT);
    },
  };
  return { code: main(args, io), out };
}

suite('readings per crawler (defect 5)', () => {
  const doc = parseDocument(URI, 1, TEXT);

  test('the default reading follows the knowledge base: GPTBot conventional, an unknown crawler ACAP', () => {
    assert.equal(defaultReading(doc, 'GPTBot').reading, 'conventional');
    assert.match(defaultReading(doc, 'GPTBot').why, /GPTBot/);
    assert.equal(defaultReading(doc, 'ExampleAcapBot').reading, 'acap');
    assert.equal(defaultReading(parseDocument(URI, 1, 'User-agent: *\nDisallow: /\n'), 'ExampleAcapBot').reading, 'conventional');
  });

  test('the matrix gives GPTBot the conventional verdict, marked, with the ACAP one beside it', () => {
    const m = permissionMatrix(doc, '/search', ['GPTBot'], 'rfc9309');
    const row = m.rows.find((r) => r.crawlers.includes('GPTBot'));
    assert.ok(row, 'GPTBot has a row of its own');
    assert.equal(row.reading, 'conventional');
    const crawl = row.cells[0];
    assert.equal(crawl.allowed, false);
    assert.equal(crawl.line, 2);
    assert.equal(crawl.reading, 'conventional');
    assert.deepEqual(crawl.other && { reading: crawl.other.reading, allowed: crawl.other.allowed, line: crawl.other.line }, { reading: 'acap', allowed: true, line: 5 });
    assert.equal(m.star.reading, 'acap');
    assert.equal(m.star.cells[0].allowed, true);
  });

  test('purpose rows: the archive sub-record gets its own verdicts', () => {
    const m = permissionMatrix(doc, '/search', ['GPTBot'], 'rfc9309');
    const p = m.purposeRows.find((x) => x.purpose === 'archive');
    assert.ok(p, 'a section for archive');
    assert.equal(p.star.cells[0].allowed, false);
    assert.equal(p.star.cells[0].line, 7);
  });

  test('the hover marks the cell and says what ACAP would say', () => {
    const h = doHover(doc, { line: 1, character: 12 }, { crawlers: ['GPTBot'] });
    const v = h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
    assert.match(v, /GPTBot reads conventional records only: ✗ by line 2; ACAP would say ✓ by line 5/);
    assert.match(v, /For purpose `archive`/);
  });

  test('table text and JSON say which reading, and both verdicts where they differ', () => {
    const t = run(['table', 'robots.txt', '--path', '/search', '--agent', 'GPTBot']);
    assert.match(t.out, /GPTBot \(conventional\)/);
    assert.match(t.out, /no L2 \/ ACAP yes L5/);
    assert.match(t.out, /purpose archive/);
    const j = JSON.parse(run(['table', 'robots.txt', '--path', '/search', '--agent', 'GPTBot', '--format', 'json']).out);
    const row = j.matrices[0].rows.find((r: { crawlers: string[] }) => r.crawlers.includes('GPTBot'));
    assert.equal(row.reading, 'conventional');
    assert.equal(row.cells.crawl.allowed, false);
    assert.equal(row.cells.crawl.other.allowed, true);
    assert.equal(row.cells.crawl.other.line, 5);
    assert.equal(j.matrices[0].purposes[0].purpose, 'archive');
  });

  test('explain without --reading uses the crawler\'s reading and says what the other says; --reading forces one', () => {
    const t = run(['explain', 'robots.txt', '--agent', 'GPTBot', '--path', '/search']);
    assert.equal(t.code, 1);
    assert.match(t.out, /conventional reading/);
    assert.match(t.out, /not documented to read ACAP/);
    assert.match(t.out, /ACAP reading would say: allowed by line 5/);
    const j = JSON.parse(run(['explain', 'robots.txt', '--agent', 'GPTBot', '--path', '/search', '--format', 'json']).out);
    assert.equal(j.reading, 'conventional');
    assert.equal(j.otherReading.allowed, true);
    const forced = run(['explain', 'robots.txt', '--agent', 'GPTBot', '--path', '/search', '--reading', 'acap']);
    assert.equal(forced.code, 0);
  });

  test('the permissions view marks each crawler\'s own reading', () => {
    const v = permissionsView(doc, '/search', { crawlers: ['GPTBot'] });
    const row = v.sections[0].rows.find((r) => r.crawlers.includes('GPTBot'));
    assert.equal(row?.reading, 'conventional');
    assert.match(renderView(v, 'n', 'c'), /GPTBot <small>\(reads conventional records only\)<\/small>/);
  });
});
