/**
 * `robots-acap convert` on real files (issue 12 point 4, issue 15 defect 3): a write never leaves
 * a damaged file, never goes through a symlink out of the folder, converting twice adds nothing,
 * and a conversion that would change a verdict is not presented as done.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main, type CliIO } from '../../server/src/cli/main';
import { convertToRep } from '../../server/src/service/convert/convert';
import { explain } from '../../server/src/service/engine/permissions';
import { parseDocument } from '../../server/src/service/syntax/document';

const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'dist/cli.js');

/** The CLI in-process on the real file system, output captured. */
function cli(args: string[]): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const io: CliIO = { out: (t) => { out += t; }, err: (t) => { err += t; }, readFile: (p) => readFileSync(p) };
  const code = main(args, io);
  return { code, out, err };
}

suite('cli convert --write: safe writes', () => {
  let dir: string;
  setup(() => { dir = mkdtempSync(path.join(os.tmpdir(), 'robots-acap-write-')); });
  teardown(() => { rmSync(dir, { recursive: true, force: true }); });

  test('replaces the file by renaming a temporary file over it, keeping its mode, CRLF line endings and BOM; no temporary file is left', () => {
    const file = path.join(dir, 'robots.txt');
    writeFileSync(file, '\ufeffUser-agent: *\r\nDisallow: /private/\r\n\r\nUser-agent: GPTBot\r\nDisallow: /\r\n');
    chmodSync(file, 0o640);
    const inodeBefore = statSync(file).ino;
    const r = cli(['convert', file, '--to', 'acap', '--write']);
    assert.equal(r.code, 0, r.err);
    assert.equal(r.out, '');
    const bytes = readFileSync(file);
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'the BOM stays');
    const text = bytes.toString('utf8');
    assert.match(text, /ACAP-crawler: \*\r\nACAP-disallow-crawl: \/private\/\r\n/);
    assert.doesNotMatch(text, /[^\r]\n/, 'every line ends in CRLF');
    assert.equal(statSync(file).mode & 0o777, 0o640);
    assert.notEqual(statSync(file).ino, inodeBefore, 'a new file was renamed over the old one, not the old one rewritten in place');
    assert.deepEqual(readdirSync(dir), ['robots.txt']);
  });

  test('a write that fails (a file-size limit, RLIMIT_FSIZE) leaves the original intact and no temporary file', function () {
    // Skipped on Windows: it has no RLIMIT_FSIZE (`ulimit -f`) to make the write fail.
    if (process.platform === 'win32') this.skip();
    assert.ok(statSync(CLI).isFile(), 'npm run build first');
    // Under 1 KiB before, well over 1 KiB converted: `ulimit -f 1` lets the original be read but
    // not the new text be written. SIGXFSZ is ignored so that the write fails with EFBIG instead
    // of killing the process.
    const file = path.join(dir, 'robots.txt');
    const original = Array.from({ length: 40 }, (_, k) => `Disallow: /d${k}/\n`).join('').replace(/^/, 'User-agent: *\n');
    assert.ok(original.length < 1024);
    writeFileSync(file, original);
    const r = spawnSync('bash', ['-c', 'trap "" XFSZ; ulimit -f 1; exec "$0" "$@"', process.execPath, CLI, 'convert', file, '--to', 'acap', '--write'], { encoding: 'utf8' });
    assert.equal(readFileSync(file, 'utf8'), original);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /^robots-acap: cannot write .*robots\.txt: EFBIG: .*; the file is unchanged\n$/m);
    assert.deepEqual(readdirSync(dir), ['robots.txt']);
  });

  test('refuses to write through a symlink that leads out of its folder; one inside the folder is written through and stays a link', () => {
    const site = path.join(dir, 'site');
    const outside = path.join(dir, 'outside');
    mkdirSync(site);
    mkdirSync(outside);
    const text = 'User-agent: *\nDisallow: /private/\n';
    writeFileSync(path.join(outside, 'secret.txt'), text);
    symlinkSync(path.join(outside, 'secret.txt'), path.join(site, 'robots.txt'));
    const refused = cli(['convert', path.join(site, 'robots.txt'), '--to', 'acap', '--write']);
    assert.equal(refused.code, 2);
    assert.equal(refused.out, '');
    assert.match(refused.err, /^robots-acap: refusing to write .*robots\.txt: it is a symlink to .*secret\.txt, outside its folder/);
    assert.equal(readFileSync(path.join(outside, 'secret.txt'), 'utf8'), text);

    writeFileSync(path.join(site, 'real.txt'), text);
    symlinkSync('real.txt', path.join(site, 'link.txt'));
    const through = cli(['convert', path.join(site, 'link.txt'), '--to', 'acap', '--write']);
    assert.equal(through.code, 0, through.err);
    assert.ok(lstatSync(path.join(site, 'link.txt')).isSymbolicLink());
    assert.match(readFileSync(path.join(site, 'real.txt'), 'utf8'), /ACAP-disallow-crawl: \/private\//);
  });

  test('idempotent: run twice, --to acap and --to rep add their lines once; the second run says nothing to convert', () => {
    const cases: [string, string, RegExp][] = [
      ['acap', 'User-agent: *\nDisallow: /private/\n\nUser-agent: GPTBot\nDisallow: /\n', /^ACAP-crawler: \*$/gm],
      ['acap', 'User-agent: *\nDisallow: /private/\nAllow: /private/open$\n', /^ACAP-crawler: \*$/gm],
      ['rep', 'ACAP-crawler: *\nACAP-disallow-crawl: /private/\n\nACAP-crawler: GPTBot\nACAP-disallow-crawl: /\n', /^User-agent: GPTBot$/gm],
    ];
    for (const [to, text, once] of cases) {
      const file = path.join(dir, `${to}.robots.txt`);
      writeFileSync(file, text);
      const first = cli(['convert', file, '--to', to, '--write']);
      assert.equal(first.code, 0, first.err);
      const converted = readFileSync(file, 'utf8');
      const second = cli(['convert', file, '--to', to, '--write']);
      assert.equal(second.code, 0, second.err);
      assert.match(second.err, /nothing to convert: .* is left as it is/);
      assert.equal(readFileSync(file, 'utf8'), converted, `${to}: the second run changes nothing`);
      assert.equal(converted.match(once)?.length, 1, converted);
      // Without --write, the file is its own conversion.
      const printed = cli(['convert', file, '--to', to]);
      assert.equal(printed.out, converted);
    }
  });
});

suite('cli convert: a lossy conversion is not presented as done (issue 15 defect 3)', () => {
  const example = readFileSync(path.join(ROOT, 'examples/site/robots.txt'), 'utf8');

  test('--to rep on the bundled example keeps every ACAP crawler\'s verdict, /archive/ included; only letter case changes conventional ones', () => {
    const before = parseDocument('file:///site/robots.txt', 1, example);
    const r = convertToRep(before);
    const after = parseDocument('file:///site/robots.txt', 2, r.text);
    assert.deepEqual(r.verification.broken.filter((b) => b.kind !== 'case' || b.mode !== 'conventional').map((b) => `${b.agent} ${b.path} ${b.mode} ${b.kind}`), []);
    for (const agent of ['GPTBot', 'CCBot', 'Google-Extended', 'Googlebot-News', 'Bingbot', 'unnamed-crawler']) {
      for (const p of ['/archive/', '/archive/2019/story.html', '/SEARCH', '/search', '/ACCOUNT/login', '/news/a', '/']) {
        assert.equal(explain(after, { agent, path: p, reading: 'acap' }).allowed, explain(before, { agent, path: p, reading: 'acap' }).allowed, `${agent} ${p}: ACAP crawler`);
        if (!/[A-Z]/.test(p)) assert.equal(explain(after, { agent, path: p, reading: 'conventional' }).allowed, explain(before, { agent, path: p, reading: 'acap' }).allowed, `${agent} ${p}: conventional crawler after = ACAP before`);
      }
    }
  });

  test('a conversion that would change a verdict: the changes listed, nothing printed or written, exit 1; --force converts', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'robots-acap-lossy-'));
    try {
      const file = path.join(dir, 'robots.txt');
      // Lossy under the engine of issue 10: a space cannot stand in an ACAP value, so crawlers that
      // ignore the conventional records lose the Disallow. (`Allow: /a/$` against `Disallow: /a/*`,
      // used before, is no longer lossy: ACAP crawlers take the group's own verdict, decisions §3.6.)
      const text = 'User-agent: *\nDisallow: /a b\n';
      writeFileSync(file, text);
      for (const args of [[], ['--write']]) {
        const r = cli(['convert', file, '--to', 'acap', ...args]);
        assert.equal(r.code, 1, args.join(' '));
        assert.equal(r.out, '');
        assert.match(r.err, /^ {2}unnamed-crawler \/a b: prohibited before, allowed after \(ACAP crawler ignoring conventional records; space: /m);
        assert.match(r.err, /^robots-acap: not converted: 2 crawl verdicts would change \(listed above\); --force converts all the same$/m);
        assert.equal(readFileSync(file, 'utf8'), text);
      }
      const forced = cli(['convert', file, '--to', 'acap', '--force']);
      assert.equal(forced.code, 0);
      assert.match(forced.out, /ACAP-crawler: \*/);
      assert.match(forced.err, /converted with --force: 2 verdicts changed/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('the bundled example converts to rep with exit 0 and says which verdicts only letter case changes', () => {
    const r = cli(['convert', path.join(ROOT, 'examples/site/robots.txt'), '--to', 'rep']);
    assert.equal(r.code, 0, r.err);
    // How many differ in letter case depends on the paths read (the lines written first: 13 of 394, where 9 were found before).
    assert.match(r.err, /^\d+ verdicts checked, \d+ kept, 0 changed, [1-9]\d* differ only in letter case:$/m);
    assert.match(r.out, /^User-agent: GPTBot\nUser-agent: CCBot\nDisallow: \/account\/\nDisallow: \/search\n/m);
  });
});
