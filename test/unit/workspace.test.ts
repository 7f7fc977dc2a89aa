/**
 * The workspace boundary (issue 11 point 4, issue 12 point 3): the service's lexical rules
 * (resolveLocator) and the Node workspace's (realpath containment, regular files only, a size
 * cap, never blocking), the same for the server and the CLI; robots files parsed once per
 * modification, open documents first; lookups that stay inside the site.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  doValidation, explain, folderOf, parentFolder, parseDocument, referencingDocuments, resolveLocator, resolveReference, siteOfPage, sitePaths, type RobotsDocument, type Workspace,
} from '../../server/src/service';
import { NodeWorkspace, readRegularFile } from '../../server/src/host/nodeWorkspace';
import { main, type CliIO } from '../../server/src/cli/main';
import { MemoryWorkspace } from './memoryWorkspace';

const url = (file: string): string => pathToFileURL(file).href;

suite('workspace: locators resolve inside the site only (pure)', () => {
  const site = 'file:///srv/site/';
  test('a site path, with or without its leading slash', () => {
    assert.equal(resolveLocator('/acap/bot.txt', site), 'file:///srv/site/acap/bot.txt');
    assert.equal(resolveLocator('acap/bot.txt', site), 'file:///srv/site/acap/bot.txt');
    assert.equal(resolveLocator('/a/../b.txt', site), 'file:///srv/site/b.txt', 'a `..` that stays inside is fine');
    assert.equal(resolveLocator('/b.txt', 'examples/site/'), 'examples/site/b.txt', 'CLI paths, relative');
    assert.equal(resolveLocator('/b.txt', ''), 'b.txt', 'the current folder');
  });
  test('`..` out of the site, URLs, backslashes, encoded separators and NUL resolve to nothing', () => {
    for (const bad of ['../site2/x.txt', '/../site2/x.txt', '/a/../../x', '%2e%2e/x', '..', 'https://example.com/bot.txt', 'file:///etc/passwd', 'C:/x', '..\\x', 'a%2f..%2f..%2fx', 'a\0b', '', '/']) {
      assert.equal(resolveLocator(bad, site), undefined, JSON.stringify(bad));
    }
  });
  test('an absolute path is a path on the site, not on the machine', () => {
    assert.equal(resolveLocator('/etc/passwd', site), 'file:///srv/site/etc/passwd');
    assert.equal(resolveLocator('/proc/self/environ', 'examples/site/'), 'examples/site/proc/self/environ');
  });
  test('folders, with their trailing slash', () => {
    assert.equal(folderOf('file:///srv/site/robots.txt'), 'file:///srv/site/');
    assert.equal(folderOf('robots.txt'), '');
    assert.equal(parentFolder('file:///srv/site/'), 'file:///srv/');
    assert.equal(parentFolder('file:///'), undefined);
    assert.equal(parentFolder('a/b/'), 'a/');
    assert.equal(parentFolder(''), undefined);
  });
  test('a reference says why it could not be read', () => {
    const from = parseDocument('file:///srv/site/robots.txt', 1, '');
    const ws = new MemoryWorkspace({});
    assert.match(resolveReference(ws, 'https://e.test/x', from).problem ?? '', /never fetched/);
    assert.match(resolveReference(ws, '../x', from).problem ?? '', /inside the site folder/);
    assert.match(resolveReference(ws, '/x', from).problem ?? '', /no such file/);
  });
});

suite('workspace: lookups stay inside the site', () => {
  test('with 60 sibling sites above, finding the files that refer to one lists its own folders only', () => {
    const files: Record<string, string> = {};
    for (let i = 0; i < 60; i++) {
      files[`file:///srv/site${i}/robots.txt`] = 'ACAP-crawler: bot\nACAP-permissions-reference: /acap/bot.txt\n';
      files[`file:///srv/site${i}/acap/bot.txt`] = 'ACAP-crawler: bot\nACAP-allow-(cache): /\n';
      files[`file:///srv/site${i}/a/b/c.html`] = '';
    }
    files['file:///srv/robots.txt'] = 'ACAP-permissions-reference: /site7/acap/bot.txt\n';
    const ws = new MemoryWorkspace(files);
    const doc = ws.doc('file:///srv/site7/acap/bot.txt');
    ws.reads.length = 0;
    assert.deepEqual(referencingDocuments(ws, doc).map((d) => d.uri), ['file:///srv/site7/robots.txt']);
    assert.deepEqual(ws.listings, ['file:///srv/site7/acap/', 'file:///srv/site7/'], 'stops at the site root');
    assert.deepEqual(ws.reads, ['file:///srv/site7/robots.txt'], 'no other site is read');
  });
  test('a page finds the nearest robots.txt above it; a configured root wins', () => {
    const ws = new MemoryWorkspace({ 'file:///srv/site/robots.txt': 'User-agent: *\n', 'file:///srv/site/news/caf%C3%A9/a.html': '' });
    const s = siteOfPage(ws, 'file:///srv/site/news/caf%C3%A9/a.html');
    assert.deepEqual([s.root, s.robots?.uri, s.path], ['file:///srv/site/', 'file:///srv/site/robots.txt', '/news/café/a.html']);
    assert.equal(siteOfPage(ws, 'file:///srv/site/news/caf%C3%A9/a.html', 'file:///srv/site/news/').path, '/caf%C3%A9/a.html'.replace('caf%C3%A9', 'café'));
  });
  test('site paths for completion: files and folders of the site, hidden and dependency folders skipped', () => {
    const ws = new MemoryWorkspace({ 'file:///s/robots.txt': '', 'file:///s/news/a.html': '', 'file:///s/node_modules/x.js': '', 'file:///s/.git/HEAD': '' });
    assert.deepEqual(sitePaths(ws, parseDocument('file:///s/robots.txt', 1, '')).sort(), ['/news/', '/news/a.html', '/robots.txt']);
  });
});

suite('workspace: the Node implementation', () => {
  let root: string;
  let site: string;
  let outside: string;
  setup(() => {
    root = mkdtempSync(path.join(tmpdir(), 'robots-ws-'));
    site = path.join(root, 'site');
    outside = path.join(root, 'outside');
    mkdirSync(path.join(site, 'acap'), { recursive: true });
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'secret.txt'), 'ACAP-crawler: bot\nACAP-disallow-crawl: /secret-from-outside/\n');
  });
  teardown(() => rmSync(root, { recursive: true, force: true }));

  const siteUri = (): string => url(site) + '/';
  const refusal = (ws: Workspace, file: string): string => {
    const r = ws.readFile(url(file), siteUri());
    return 'refused' in r ? r.refused : `read ${r.text.length} characters`;
  };

  test('parsed once while unchanged, read again once changed, open documents first', () => {
    const file = path.join(site, 'more.txt');
    writeFileSync(file, 'User-agent: *\nDisallow: /a\n');
    const open = new Map<string, RobotsDocument>();
    const ws = new NodeWorkspace({ get: (u) => open.get(u), uris: () => [...open.keys()] });
    const first = ws.readRobots(url(file), siteUri());
    assert.ok(first);
    assert.equal(ws.readRobots(url(file), siteUri()), first, 'an unchanged file is not parsed again');

    writeFileSync(file, 'User-agent: *\nDisallow: /abc\nAllow: /\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const second = ws.readRobots(url(file), siteUri());
    assert.ok(second && second !== first);
    assert.match(second.lines.map((l) => l.text).join('\n'), /Disallow: \/abc/);

    open.set(url(file), parseDocument(url(file), 3, 'User-agent: *\nDisallow: /open\n'));
    assert.match(ws.readRobots(url(file), siteUri())?.lines.map((l) => l.text).join('\n') ?? '', /\/open/);
    assert.deepEqual(ws.openDocuments(), [url(file)]);

    rmSync(file);
    open.clear();
    assert.equal(ws.readRobots(url(file), siteUri()), undefined, 'a deleted file resolves to nothing');
  });

  test('a robots.txt of more lines than the hosts parse is not parsed, and a page of the site says why it has none', () => {
    // 300,000 line ends: 0.3 MB under the size cap, but each line a node and an analysis of its own.
    writeFileSync(path.join(site, 'robots.txt'), 'User-agent: *\nDisallow: /\n' + '\n'.repeat(300_000));
    writeFileSync(path.join(site, 'page.html'), '<meta name="robots" content="noindex">');
    const ws = new NodeWorkspace();
    assert.equal(ws.readRobots(url(path.join(site, 'robots.txt')), siteUri()), undefined);
    const page = siteOfPage(ws, url(path.join(site, 'page.html')));
    assert.equal(page.robots, undefined);
    assert.equal(page.problem, `${siteUri()}robots.txt is not read: it has more than 262144 lines, the most read`);
    // One line fewer than the limit: parsed.
    writeFileSync(path.join(site, 'robots.txt'), 'User-agent: *\nDisallow: /\n' + '\n'.repeat(262_141));
    const doc = ws.readRobots(url(path.join(site, 'robots.txt')), siteUri());
    assert.equal(doc?.lines.length, 262_144);
    assert.equal(siteOfPage(ws, url(path.join(site, 'page.html'))).robots, doc);
  });

  test('a robots.txt past the line limit is found so once while unchanged: the answer is kept by its stat, as a parse is', () => {
    // Finding it lexes the first 262,144 lines; a page's validation and hover ask each time.
    const file = path.join(site, 'robots.txt');
    const over = 'User-agent: *\nDisallow: /\n' + '\n'.repeat(300_000);
    writeFileSync(file, over);
    const stamp = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    utimesSync(file, stamp, stamp);
    const ws = new NodeWorkspace();
    assert.equal(ws.readRobots(url(file), siteUri()), undefined);
    // Written again in place, as long, with the same time: the same stat, so not read again.
    writeFileSync(file, 'User-agent: *\nDisallow: /\n' + ' '.repeat(300_000));
    utimesSync(file, stamp, stamp);
    assert.equal(ws.readRobots(url(file), siteUri()), undefined, 'the kept answer');
    // Its time changed: read, and parsed this time.
    utimesSync(file, stamp, new Date(stamp.getTime() + 5000));
    assert.equal(ws.readRobots(url(file), siteUri())?.lines.length, 3);
  });

  test('a symlink out of the site is refused, for a file and for a folder; one inside is followed', () => {
    symlinkSync(path.join(outside, 'secret.txt'), path.join(site, 'link.txt'));
    symlinkSync(outside, path.join(site, 'acap', 'out'));
    writeFileSync(path.join(site, 'inside.txt'), 'ACAP-crawler: *\n');
    symlinkSync(path.join(site, 'inside.txt'), path.join(site, 'alias.txt'));
    const ws = new NodeWorkspace();
    assert.match(refusal(ws, path.join(site, 'link.txt')), /outside the site folder .* symbolic link/);
    assert.match(refusal(ws, path.join(site, 'acap', 'out', 'secret.txt')), /symbolic link/);
    assert.equal(refusal(ws, path.join(site, 'alias.txt')), 'read 16 characters');
    assert.match(refusal(ws, path.join(outside, 'secret.txt')), /outside the site folder/, 'an absolute location outside');
    assert.match(refusal(ws, path.join(site, '..', 'outside', 'secret.txt')), /outside the site folder/, 'a `..` location');
  });

  test('FIFOs, devices, folders and files over the cap are refused before they are opened', function () {
    const fifo = path.join(site, 'fifo.txt');
    // Skipped only where no FIFO can be made (no mkfifo, or a file system without them).
    if (spawnSync('mkfifo', [fifo]).status !== 0) this.skip();
    symlinkSync('/dev/zero', path.join(site, 'zero.txt'));
    writeFileSync(path.join(site, 'big.txt'), 'x'.repeat(2048));
    const ws = new NodeWorkspace(undefined, 1024);
    // Each of these would block for ever or read without end if opened as a file.
    assert.match(refusal(ws, fifo), /a FIFO, not a regular file/);
    assert.match(refusal(ws, path.join(site, 'zero.txt')), /outside the site folder/);
    assert.match(refusal(ws, path.join(site, 'acap')), /a folder, not a regular file/);
    assert.match(refusal(ws, path.join(site, 'big.txt')), /2048 bytes, more than the 1024/);
    assert.throws(() => readRegularFile('/dev/zero'), /a device, not a regular file/);
    assert.throws(() => readRegularFile(fifo), /a FIFO/);
    assert.throws(() => readRegularFile('/proc/self/environ', 16), /more than the 16 bytes/, 'a /proc file says size 0; the cap still holds');
  });

  test('permissions references through a symlink to /proc/self/environ or out of the site read nothing, in the engine', () => {
    symlinkSync('/proc/self/environ', path.join(site, 'env.txt'));
    symlinkSync(path.join(outside, 'secret.txt'), path.join(site, 'bot.txt'));
    const robots = parseDocument(url(path.join(site, 'robots.txt')), 1, 'ACAP-crawler: bot\nACAP-permissions-reference: /bot.txt\nACAP-crawler: env\nACAP-permissions-reference: /env.txt\nACAP-crawler: *\nACAP-allow-crawl: /\n');
    const workspace = new NodeWorkspace();
    const e = explain(robots, { agent: 'bot', path: '/secret-from-outside/x' }, { workspace });
    assert.equal(e.allowed, true, 'the file outside decides nothing');
    assert.match(e.notes.join(' '), /leads outside the site folder/);
    assert.match(explain(robots, { agent: 'env', path: '/' }, { workspace }).notes.join(' '), /leads outside the site folder/);
  });

  test('the files that refer to one are read from its own folders, not from sibling sites', () => {
    writeFileSync(path.join(site, 'robots.txt'), 'ACAP-resource-set: news /news/\nACAP-crawler: bot\nACAP-permissions-reference: /acap/bot.txt\n');
    writeFileSync(path.join(site, 'acap', 'bot.txt'), 'ACAP-crawler: bot\nACAP-allow-index: the-acap:resource-set:news\n');
    mkdirSync(path.join(root, 'sibling'));
    writeFileSync(path.join(root, 'sibling', 'robots.txt'), 'ACAP-permissions-reference: /../site/acap/bot.txt\n');
    const ws = new NodeWorkspace();
    const doc = parseDocument(url(path.join(site, 'acap', 'bot.txt')), 1, 'ACAP-crawler: bot\nACAP-allow-index: the-acap:resource-set:news\n');
    assert.deepEqual(referencingDocuments(ws, doc).map((d) => d.uri), [url(path.join(site, 'robots.txt'))]);
    assert.deepEqual(doValidation(doc, { workspace: ws }).map((d) => d.code), ['acap.version-missing'], 'news is defined by the referring file');
  });
});

suite('workspace: the CLI reads as the server does', () => {
  let root: string;
  setup(() => {
    root = mkdtempSync(path.join(tmpdir(), 'robots-cli-'));
    mkdirSync(path.join(root, 'site', 'acap'), { recursive: true });
    writeFileSync(path.join(root, 'site', 'robots.txt'), 'ACAP-resource-set: news /news/\nACAP-crawler: bot\nACAP-permissions-reference: /acap/bot.txt\nACAP-crawler: *\nACAP-allow-crawl: /\n');
    writeFileSync(path.join(root, 'site', 'acap', 'bot.txt'), 'ACAP-crawler: bot\nACAP-disallow-index: the-acap:resource-set:news\n');
    mkdirSync(path.join(root, 'site2'));
    writeFileSync(path.join(root, 'site2', 'x.txt'), 'ACAP-crawler: bot\nACAP-disallow-crawl: /\n');
  });
  teardown(() => rmSync(root, { recursive: true, force: true }));

  function cli(args: string[]): { code: number; out: string; err: string } {
    let out = '';
    let err = '';
    const io: CliIO = { out: (t) => { out += t; }, err: (t) => { err += t; }, readFile: (p) => readRegularFile(p) };
    const cwd = process.cwd();
    process.chdir(root);
    try {
      return { code: main(args, io), out, err };
    } finally {
      process.chdir(cwd);
    }
  }

  test('check on a referenced file, named by a relative path, finds the definitions of the file that refers to it', () => {
    const r = cli(['check', '--format', 'json', 'site/acap/bot.txt']);
    assert.deepEqual(JSON.parse(r.out).map((p: { code: string }) => p.code), ['acap.version-missing'], r.out);
  });

  test('explain with a relative robots.txt follows its permissions reference', () => {
    const r = cli(['explain', 'site/robots.txt', '--agent', 'bot', '--path', '/news/a', '--usage', 'index', '--format', 'json']);
    const e = JSON.parse(r.out) as { allowed: boolean; records: { file?: string }[] };
    assert.equal(e.allowed, false);
    assert.deepEqual(e.records.map((x) => x.file).filter(Boolean), ['site/acap/bot.txt']);
  });

  test('a `../` reference out of the site reads nothing, as in the server', () => {
    writeFileSync(path.join(root, 'site', 'robots.txt'), 'ACAP-crawler: bot\nACAP-permissions-reference: ../site2/x.txt\nACAP-crawler: *\nACAP-allow-crawl: /\n');
    const r = cli(['explain', 'site/robots.txt', '--agent', 'bot', '--path', '/a', '--format', 'json']);
    const e = JSON.parse(r.out) as { allowed: boolean; notes: string[] };
    assert.equal(e.allowed, true);
    assert.match(e.notes.join(' '), /inside the site folder/);
  });

  test('a FIFO or a device named on the command line is refused with a message, not waited on', function () {
    const fifo = path.join(root, 'robots.txt');
    // Skipped only where no FIFO can be made (no mkfifo, or a file system without them).
    if (spawnSync('mkfifo', [fifo]).status !== 0) this.skip();
    const r = cli(['check', 'robots.txt', '/dev/zero']);
    assert.equal(r.code, 2);
    assert.match(r.err, /cannot read robots\.txt: it is a FIFO, not a regular file/);
    assert.match(r.err, /cannot read \/dev\/zero: it is a device, not a regular file/);
  });

  test('the built CLI too (a FIFO as the site robots.txt of a page)', function () {
    const cliJs = path.resolve(__dirname, '../../dist/cli.js');
    assert.ok(existsSync(cliJs), 'run `npm run build` first');
    const fifo = path.join(root, 'site2', 'robots.txt');
    // Skipped only where no FIFO can be made (no mkfifo, or a file system without them).
    if (spawnSync('mkfifo', [fifo]).status !== 0) this.skip();
    writeFileSync(path.join(root, 'site2', 'p.html'), '<html><head><meta name="robots" content="noindex"></head><body></body></html>\n');
    const r = spawnSync(process.execPath, [cliJs, 'check', path.join(root, 'site2', 'p.html')], { encoding: 'utf8', timeout: 10000 });
    assert.equal(r.error, undefined, 'no hang');
    assert.match(r.stderr, /site2\/robots\.txt is not read: it is a FIFO, not a regular file/);
  });
});
