/** The CLI, run in-process with captured output (and once as the built dist/cli.js). */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import fc from 'fast-check';
import { decodeUtf8 } from '../../server/src/cli/decode';
import { runCli } from './kit/cli';

const run = runCli;

suite('cli', () => {
  test('check prints file:line:col: severity code message, 1-based, and exits 1 on errors', () => {
    const r = run(['check', 'robots.txt'], { 'robots.txt': 'ACAP-crawler: *\nACAP-allow-indx: /\n' });
    assert.equal(r.code, 1);
    const lines = r.out.trim().split('\n');
    assert.ok(lines.includes("robots.txt:2:12: error acap.unknown-usage ‘indx’ is not an ACAP usage type: the usage types are crawl, follow, index, preserve, present, other and present-TYPE (Part 1 §2.5). Did you mean ‘index’?"), r.out);
    assert.match(r.err, /1 file checked: 1 error, /);
  });

  test('exits 0 when there are warnings but no errors', () => {
    const r = run(['check', 'a.txt'], { 'a.txt': 'User-agent: Googlebot/2.1\nDisallow: /x\n' });
    assert.equal(r.code, 0);
    assert.match(r.out, /^a\.txt:1:13: warning rep\.invalid-product-token /);
  });

  test('--format json prints {file, range, severity, code, message} with 0-based LSP ranges', () => {
    const r = run(['check', '--format', 'json', 'a.txt', 'b.txt'], { 'a.txt': 'Disallow: /x\n', 'b.txt': 'User-agent: *\nDisallow: /\n' });
    const problems = JSON.parse(r.out);
    assert.deepEqual(problems, [{
      file: 'a.txt',
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 8 } },
      severity: 'warning',
      code: 'rep.rule-outside-group',
      message: 'Disallow before any User-agent line belongs to no group, so crawlers ignore it (RFC 9309 §2.2). Add a User-agent line above it.',
    }]);
    assert.equal(r.code, 0);
  });

  test('--set changes a severity; off removes the problem', () => {
    const text = { 'a.txt': 'User-agent: Googlebot/2.1\nDisallow: /x\n' };
    assert.equal(run(['check', '--set', 'rep.invalid-product-token=error', 'a.txt'], text).code, 1);
    assert.equal(run(['check', '--set=rep.invalid-product-token=off', 'a.txt'], text).out, '');
  });

  test('says which bytes were not UTF-8, with their byte offset', () => {
    const bytes = new Uint8Array([...new TextEncoder().encode('User-agent: *\nDisallow: /caf'), 0xe9, ...new TextEncoder().encode('/\n')]);
    const r = run(['check', 'a.txt'], { 'a.txt': bytes });
    assert.match(r.out, /^a\.txt:2:15: warning text\.invalid-utf8 Byte 0xE9 at byte offset 28 is not valid UTF-8/m);
  });

  test('usage errors and unreadable files exit 2 with a message, not a stack trace', () => {
    for (const args of [['check'], ['frobnicate'], ['check', '--format', 'xml', 'a'], ['check', '--set', 'no.such-code=off', 'a'], ['check', '--bogus', 'a'], []]) {
      const r = run(args, {});
      assert.equal(r.code, 2, args.join(' '));
      assert.doesNotMatch(r.err, /at .*\.ts:\d+/);
    }
    const missing = run(['check', 'nope.txt'], {});
    assert.equal(missing.code, 2);
    assert.equal(missing.err, 'robots-acap: cannot read nope.txt: no such file\n');
  });

  test('a robots.txt of more lines than the editor parses is refused, as one too large to read, and the other files are checked', () => {
    // 300,000 line ends: 0.3 MB, but each line a node and an analysis of its own (MAX_DOCUMENT_LINES).
    const files = { 'tall.txt': 'User-agent: *\n' + '\n'.repeat(300_000), 'page.html': '<p>' + '\n'.repeat(300_000) + '</p>', 'b.txt': 'Disallow: /x\n' };
    const r = run(['check', 'tall.txt', 'page.html', 'b.txt'], files);
    assert.equal(r.code, 2);
    // Only that file: the HTML page (no line limit: its parse is per character) and the other
    // robots.txt are checked.
    assert.equal(r.err, 'robots-acap: cannot read tall.txt: it has more than 262144 lines, the most read\n2 files checked: 0 errors, 1 warning, 0 notes, 0 hints\n');
    assert.match(r.out, /^b\.txt:1:1: warning rep\.rule-outside-group /m);
    for (const command of [['explain', 'tall.txt', '--agent', 'x', '--path', '/'], ['table', 'tall.txt'], ['convert', '--to', 'acap', 'tall.txt'], ['diff', 'b.txt', 'tall.txt']]) {
      const c = run(command, files);
      assert.equal(c.code, 2, command.join(' '));
      assert.match(c.err, /cannot read tall\.txt: it has more than 262144 lines/, command.join(' '));
    }
  });

  test('the built dist/cli.js runs as a program', () => {
    const cli = path.resolve(__dirname, '../../dist/cli.js');
    const r = spawnSync(process.execPath, [cli, 'check', '--format', 'json', path.resolve(__dirname, '../../examples/site/robots.txt')], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.ok(Array.isArray(JSON.parse(r.stdout)));
    const dir = spawnSync(process.execPath, [cli, 'check', __dirname], { encoding: 'utf8' });
    assert.equal(dir.status, 2);
    assert.match(dir.stderr, /no robots\.txt, \*\.robots\.txt or HTML file in /);
  });
});

suite('utf-8 decoding', () => {
  test('agrees with the WHATWG TextDecoder on any bytes, and records each replacement', () => {
    const whatwg = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.array(fc.constantFrom(0xc3, 0xa9, 0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80, 0xed, 0xa0, 0xef, 0xbb, 0xbf, 0x0a), { maxLength: 32 }), (random, utf8ish) => {
        for (const bytes of [random, new Uint8Array(utf8ish)]) {
          const d = decodeUtf8(bytes);
          const expected = whatwg.decode(bytes);
          assert.equal(d.text, expected);
          const replacements = [...expected].filter((c) => c === '\ufffd').length;
          assert.equal(d.invalid.length, replacements);
          for (const inv of d.invalid) assert.equal(d.text[inv.offset], '\ufffd');
        }
      }),
      { numRuns: 3000 },
    );
  });
});

suite('cli explain and table', () => {
  const site = 'User-agent: *\nDisallow: /private/\n\nACAP-crawler: *\nACAP-allow-crawl: /\nACAP-disallow-crawl: /private/\nACAP-allow-index: /news/ time-limit=until-recrawled\n';

  test('explain --format json gives allowed, qualifiers and decidedBy with 1-based lines, plus the trace', () => {
    const r = run(['explain', 'robots.txt', '--agent', 'Bot', '--path', 'https://e.com/news/a', '--usage', 'index', '--format', 'json'], { 'robots.txt': site });
    assert.equal(r.code, 0, r.err);
    const e = JSON.parse(r.out);
    assert.equal(e.allowed, true);
    assert.deepEqual(e.qualifiers, ['time-limit=until-recrawled']);
    assert.deepEqual(e.decidedBy, [{ line: 7, text: 'ACAP-allow-index: /news/ time-limit=until-recrawled' }, { line: 5, text: 'ACAP-allow-crawl: /' }]);
    assert.equal(e.decision.reason, 'narrowest');
    assert.equal(e.crawl.allowed, true);
  });

  test('explain in text names the verdict and the deciding line', () => {
    const r = run(['explain', 'robots.txt', '--agent', 'Bot', '--path', '/private/x'], { 'robots.txt': site });
    assert.match(r.out, /^Bot may not crawl \/private\/x/);
    assert.match(r.out, /line 6: ACAP-disallow-crawl: \/private\//);
  });

  test('--queries answers an array of queries in order', () => {
    const queries = JSON.stringify([{ agent: 'Bot', path: '/private/x' }, { agent: 'Bot', path: '/news/a', usage: 'index' }, { agent: 'Bot', path: '/private/x', profile: 'koster1996', reading: 'conventional' }]);
    const r = run(['explain', 'robots.txt', '--queries', 'q.json', '--format', 'json'], { 'robots.txt': site, 'q.json': queries });
    const answers = JSON.parse(r.out);
    assert.deepEqual(answers.map((a: { allowed: boolean }) => a.allowed), [false, true, false]);
    assert.equal(answers[2].profile, 'koster1996');
  });

  test('explain rejects bad queries with exit 2', () => {
    for (const args of [['explain', 'robots.txt'], ['explain', 'robots.txt', '--agent', 'a', '--path', '/', '--usage', 'eat'], ['explain', 'robots.txt', '--agent', 'a', '--path', '/', '--profile', 'bing']]) {
      assert.equal(run(args, { 'robots.txt': site }).code, 2, args.join(' '));
    }
    assert.equal(run(['explain', 'robots.txt', '--queries', 'q.json'], { 'robots.txt': site, 'q.json': '{"agent":"a"}' }).code, 2);
    assert.equal(run(['explain', 'robots.txt', '--queries', 'q.json', '--profile', 'bing'], { 'robots.txt': site, 'q.json': '[]' }).code, 2);
  });

  test('--queries: a bad query gets an error object in its place, and the others are answered (exit 2)', () => {
    const queries = JSON.stringify([{ agent: 'Bot', path: '/private/x' }, { agent: 'a' }, { agent: 'Bot', path: '/', usage: 'eat' }, 7, { agent: 'Bot', path: '/news/a' }]);
    const r = run(['explain', 'robots.txt', '--queries', 'q.json', '--format', 'json'], { 'robots.txt': site, 'q.json': queries });
    assert.equal(r.code, 2);
    const answers = JSON.parse(r.out) as { allowed?: boolean; error?: string }[];
    assert.deepEqual(answers.map((a) => a.error === undefined ? a.allowed : 'error'), [false, 'error', 'error', 'error', true]);
    assert.match(answers[1].error ?? '', /q\.json\[1\]: a path or URL is required/);
    assert.match(answers[2].error ?? '', /unknown usage ‘eat’/);
    const text = run(['explain', 'robots.txt', '--queries', 'q.json'], { 'robots.txt': site, 'q.json': queries });
    assert.match(text.out, /error: q\.json\[1\]: a path or URL is required/);
  });

  test('--queries with a global --profile: the default of every query that names none', () => {
    const queries = JSON.stringify([{ agent: 'Bot', path: '/x' }, { agent: 'Bot', path: '/x', profile: 'rfc9309' }]);
    const r = run(['explain', 'robots.txt', '--queries', 'q.json', '--profile', 'koster1996', '--format', 'json'], { 'robots.txt': site, 'q.json': queries });
    assert.equal(r.code, 0, r.err);
    assert.deepEqual((JSON.parse(r.out) as { profile: string }[]).map((a) => a.profile), ['koster1996', 'rfc9309']);
  });

  test('table: which profile says what where they disagree, ACAP-only crawlers as rows, purpose records noted', () => {
    const robots = 'User-agent: Googlebot-News\nDisallow: /a/\n\nACAP-crawler: *\nACAP-allow-index: /\nACAP-crawler: NewsBot\nACAP-usage-purpose: news\nACAP-disallow-index: /\n';
    const r = run(['table', 'robots.txt', '--path', '/a/x', '--agent', 'Googlebot'], { 'robots.txt': robots });
    assert.match(r.out, /† Googlebot: rfc9309 allows, google allows, koster1996 prohibits crawling here/);
    assert.match(r.out, /^NewsBot /m);
    assert.match(r.out, /^purpose news:$/m); // issue 15: purpose rows, not a note
    assert.match(r.out, /^ {2}NewsBot \(ACAP\) +yes +yes +no L8 \/ conv\. yes/m);
  });

  test('explain --path without a leading slash reads it as a path, not a host name', () => {
    const r = run(['explain', 'robots.txt', '--agent', 'Bot', '--path', 'café/x', '--format', 'json'], { 'robots.txt': 'User-agent: *\nDisallow: /café/\n' });
    const e = JSON.parse(r.out) as { path: string; allowed: boolean };
    assert.deepEqual([e.path, e.allowed], ['/caf%C3%A9/x', false]);
  });

  test('table prints crawlers x usages with deciding lines', () => {
    const r = run(['table', 'robots.txt', '--path', '/private/x', '--agent', 'GPTBot'], { 'robots.txt': site });
    assert.equal(r.code, 0);
    assert.match(r.out, /\/private\/x {2}\(each crawler in its own reading; conventional lines under rfc9309\)/);
    // GPTBot reads conventional records only (crawler knowledge base): line 2 decides for it, line 6 for ACAP readers.
    assert.match(r.out, /^GPTBot +no L2 +- +- +- +- +-/m);
    assert.match(r.out, /^\* \(any other\) +no L6 +- +- +- +- +-/m);
  });
});

