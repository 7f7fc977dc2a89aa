/**
 * The CLI as CI and shell users meet it (issue 12 point 6, issue 15 "CI use" and defect 10):
 * closed pipes, escaped file names, `--` and `-`, per-command help, one-line usage errors,
 * folders, --max-warnings, SARIF and GitHub output, explain's exit status, table JSON, binary
 * files, and the package installed from its tarball.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { main, type CliIO } from '../../server/src/cli/main';
import fc from 'fast-check';
import { escapeData, escapeProperty, formatGithub, formatText, type Problem } from '../../server/src/cli/formats';
import { binaryReason } from '../../server/src/cli/binary';

const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'dist/cli.js');

function run(args: string[], files: Record<string, string | Uint8Array> = {}, realFs = false): { code: number; out: string; err: string } {
  let out = '';
  let err = '';
  const io: CliIO = {
    out: (t) => { out += t; },
    err: (t) => { err += t; },
    readFile: (p) => {
      if (realFs) return readFileSync(p);
      const f = files[p];
      if (f === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      return typeof f === 'string' ? new TextEncoder().encode(f) : f;
    },
  };
  const code = main(args, io);
  return { code, out, err };
}

function built(): void {
  assert.ok(statSync(CLI, { throwIfNoEntry: false })?.isFile(), 'npm run build first (dist/cli.js)');
}

const WARN = 'User-agent: Googlebot/2.1\nDisallow: /x\n';
const ERROR = 'ACAP-crawler: *\nACAP-allow-indx: /\n';
const SITE = 'User-agent: *\nDisallow: /private/\n\nACAP-crawler: *\nACAP-allow-crawl: /\nACAP-disallow-crawl: /private/\nACAP-allow-index: /news/ time-limit=until-recrawled\n';

suite('cli hygiene (issue 12 point 6)', () => {
  test('output into a closed pipe ends quietly with 141 (128 + SIGPIPE), no EPIPE stack trace', () => {
    built();
    const dir = mkdtempSync(path.join(os.tmpdir(), 'robots-acap-pipe-'));
    try {
      // About 1 MB of problem lines, far more than a pipe holds, so writing goes on after head exits.
      const file = path.join(dir, 'robots.txt');
      writeFileSync(file, 'User-agent: *\n' + 'Disallow /x\n'.repeat(5000));
      const errFile = path.join(dir, 'err.txt');
      const r = spawnSync('bash', ['-c', '"$0" "$1" check --max-problems 100000 "$2" 2>"$3" | head -n 1 >/dev/null; echo "${PIPESTATUS[0]}"', process.execPath, CLI, file, errFile], { encoding: 'utf8' });
      assert.equal(r.stdout.trim(), '141');
      const err = readFileSync(errFile, 'utf8');
      assert.doesNotMatch(err, /EPIPE|Error|\n\s+at /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a file name with a newline cannot forge a problem line: it is written as a JSON string', () => {
    const evil = 'x\nrobots.txt:1:1: error acap.forged A forged problem';
    const r = run(['check', evil], { [evil]: WARN });
    const lines = r.out.trimEnd().split('\n');
    assert.equal(lines.length, 1);
    assert.ok(lines[0].startsWith(`${JSON.stringify(evil)}:1:13: warning rep.invalid-product-token `), lines[0]);
    assert.ok(!lines.some((l) => l.startsWith('robots.txt:')));
  });

  test('-- ends the options: later arguments are files even when they start with -', () => {
    const r = run(['check', '--', '--format', '-x'], { '--format': WARN, '-x': WARN });
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^--format:1:13: warning /m);
    assert.match(r.out, /^-x:1:13: warning /m);
    assert.equal(run(['check', '--', '--help'], { '--help': WARN }).out.startsWith('--help:1:13:'), true);
  });

  test('- reads standard input', () => {
    built();
    const r = spawnSync(process.execPath, [CLI, 'check', '-'], { input: 'User-agent: *\nDisallow /x\n', encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /^-:2:1: warning rep\.missing-colon /);
    const explain = spawnSync(process.execPath, [CLI, 'explain', '-', '--agent', 'Bot', '--path', '/private/a'], { input: SITE, encoding: 'utf8' });
    assert.equal(explain.status, 1, explain.stderr);
    assert.match(explain.stdout, /^Bot may not crawl \/private\/a/);
  });
});

suite('cli help and usage errors', () => {
  test('robots-acap COMMAND --help (or -h, or help COMMAND) prints the command\'s usage and exits 0', () => {
    for (const command of ['check', 'explain', 'table', 'convert']) {
      for (const args of [[command, '--help'], [command, 'robots.txt', '-h'], ['help', command]]) {
        const r = run(args);
        assert.equal(r.code, 0, args.join(' '));
        assert.ok(r.out.startsWith(`Usage: robots-acap ${command} `), r.out);
        assert.match(r.out, /^Exit status: /m);
        assert.equal(r.err, '');
      }
    }
    assert.equal(run(['--help']).code, 0);
  });

  test('usage errors are one line on stderr, exit 2', () => {
    const cases = [[], ['frobnicate'], ['check'], ['check', '--format', 'xml', 'a'], ['check', '--bogus', 'a'], ['check', '-q', 'a'], ['check', '--max-warnings', 'many', 'a'],
      ['explain', 'robots.txt'], ['table', 'robots.txt', '--format', 'csv'], ['convert', 'a.txt'], ['convert', '-', '--to', 'acap', '--write'], ['check', '--format']];
    for (const args of cases) {
      const r = run(args, { 'robots.txt': SITE, 'a.txt': WARN });
      assert.equal(r.code, 2, args.join(' '));
      assert.equal(r.out, '');
      assert.match(r.err, /^robots-acap: [^\n]+ \(robots-acap (\w+ )?--help shows the usage\)\n$/, `${args.join(' ')}: ${r.err}`);
    }
  });
});

suite('cli for CI (issue 15)', () => {
  test('folders are checked recursively: robots.txt, *.robots.txt and HTML pages; other files, hidden folders, node_modules and symlinks skipped', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'robots-acap-walk-'));
    try {
      const site = path.join(dir, 'site');
      for (const d of ['news', '.git', 'node_modules/pkg', '../elsewhere']) mkdirSync(path.join(site, d), { recursive: true });
      writeFileSync(path.join(site, 'robots.txt'), WARN);
      writeFileSync(path.join(site, 'staging.robots.txt'), WARN);
      writeFileSync(path.join(site, 'news', 'story.html'), '<html><head><meta name="robots" content="noindex, frobnicate"></head><body></body></html>');
      writeFileSync(path.join(site, 'notes.txt'), WARN);
      writeFileSync(path.join(site, '.git', 'robots.txt'), WARN);
      writeFileSync(path.join(site, 'node_modules', 'pkg', 'robots.txt'), WARN);
      writeFileSync(path.join(dir, 'elsewhere', 'robots.txt'), WARN);
      symlinkSync(path.join(dir, 'elsewhere'), path.join(site, 'linked'));
      const r = run(['check', '--format', 'json', site], {}, true);
      assert.equal(r.code, 0, r.err);
      const files = [...new Set((JSON.parse(r.out) as { file: string }[]).map((p) => path.relative(site, p.file)))].sort();
      assert.deepEqual(files, ['news/story.html', 'robots.txt', 'staging.robots.txt']);
      const text = run(['check', site], {}, true);
      assert.match(text.err, /^3 files checked: /m);
      mkdirSync(path.join(dir, 'empty'));
      const empty = run(['check', path.join(dir, 'empty')], {}, true);
      assert.equal(empty.code, 2);
      assert.match(empty.err, /no robots\.txt, \*\.robots\.txt or HTML file in /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a folder\'s /.well-known/tdmrep.json is checked as TDMRep; other hidden folders and other files of .well-known are not', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'robots-acap-walk-'));
    try {
      for (const d of ['.well-known', '.cache/.well-known']) mkdirSync(path.join(dir, d), { recursive: true });
      writeFileSync(path.join(dir, 'robots.txt'), SITE);
      writeFileSync(path.join(dir, '.well-known', 'tdmrep.json'), '{"location": "/"}');
      writeFileSync(path.join(dir, '.well-known', 'security.txt'), WARN);
      writeFileSync(path.join(dir, '.cache', '.well-known', 'tdmrep.json'), '{"location": "/"}');
      const r = run(['check', '--format', 'json', dir], {}, true);
      const problems = JSON.parse(r.out) as { file: string; code: string }[];
      const tdmrep = problems.filter((p) => p.file.endsWith('tdmrep.json'));
      assert.deepEqual(tdmrep.map((p) => [path.relative(dir, p.file), p.code]), [[path.join('.well-known', 'tdmrep.json'), 'tdmrep.not-an-array']]);
      assert.ok(!problems.some((p) => p.file.endsWith('security.txt')));
      assert.match(run(['check', dir], {}, true).err, /^2 files checked: 1 error/m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('--max-warnings N: exit 1 past N warnings, 0 at N or fewer', () => {
    const files = { 'a.txt': WARN, 'b.txt': WARN };
    assert.equal(run(['check', '--max-warnings', '2', 'a.txt', 'b.txt'], files).code, 0);
    const over = run(['check', '--max-warnings=1', 'a.txt', 'b.txt'], files);
    assert.equal(over.code, 1);
    assert.match(over.err, /^robots-acap: 2 warnings, more than --max-warnings 1$/m);
    assert.equal(run(['check', '--max-warnings', '0', 'a.txt'], files).code, 1);
    assert.equal(run(['check', 'a.txt', 'b.txt'], files).code, 0, 'without the option, warnings do not fail');
  });

  test('--format sarif: SARIF 2.1.0 with every property the specification requires, regions 1-based from the LSP ranges', () => {
    const files = { 'site/robots.txt': WARN, 'site/acap robots.txt': ERROR };
    const r = run(['check', '--format', 'sarif', 'site/robots.txt', 'site/acap robots.txt'], files);
    assert.equal(r.code, 1);
    const log = JSON.parse(r.out);
    const problems = JSON.parse(run(['check', '--format', 'json', 'site/robots.txt', 'site/acap robots.txt'], files).out) as { file: string; range: { start: { line: number; character: number }; end: { line: number; character: number } }; severity: string; code: string; message: string }[];
    // SARIF 2.1.0 §3.13 sarifLog: version, $schema (optional, we give it), runs; §3.14 run: tool;
    // §3.18-19 tool.driver.name; §3.49 reportingDescriptor.id; §3.27 result: message (text),
    // ruleId, level (§3.27.10); §3.28-29 locations[].physicalLocation.artifactLocation.uri;
    // §3.30 region: startLine, startColumn, endLine, endColumn (1-based).
    assert.equal(log.version, '2.1.0');
    assert.equal(typeof log.$schema, 'string');
    assert.ok(Array.isArray(log.runs) && log.runs.length === 1);
    const [runLog] = log.runs;
    assert.equal(runLog.tool.driver.name, 'robots-acap');
    assert.ok(Array.isArray(runLog.tool.driver.rules));
    for (const rule of runLog.tool.driver.rules) {
      assert.equal(typeof rule.id, 'string');
      assert.equal(typeof rule.shortDescription.text, 'string');
    }
    assert.ok(Array.isArray(runLog.results));
    assert.equal(runLog.results.length, problems.length);
    const levels: Record<string, string> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };
    runLog.results.forEach((res: { ruleId: string; ruleIndex: number; level: string; message: { text: string }; locations: { physicalLocation: { artifactLocation: { uri: string }; region: Record<string, number> } }[] }, k: number) => {
      const p = problems[k];
      assert.equal(res.ruleId, p.code);
      assert.equal(runLog.tool.driver.rules[res.ruleIndex].id, res.ruleId);
      assert.equal(res.level, levels[p.severity]);
      assert.equal(res.message.text, p.message);
      assert.equal(res.locations.length, 1);
      const loc = res.locations[0].physicalLocation;
      assert.equal(decodeURIComponent(new URL(loc.artifactLocation.uri, 'file:///repo/').pathname), `/repo/${p.file}`);
      assert.doesNotMatch(loc.artifactLocation.uri, /\s/);
      assert.deepEqual(loc.region, { startLine: p.range.start.line + 1, startColumn: p.range.start.character + 1, endLine: p.range.end.line + 1, endColumn: p.range.end.character + 1 });
      for (const v of Object.values(loc.region)) assert.ok(Number.isInteger(v) && v >= 1);
    });
    const ids = runLog.results.map((x: { ruleId: string }) => x.ruleId);
    assert.ok(ids.includes('acap.unknown-usage') && ids.includes('rep.invalid-product-token'), ids.join(' '));
    assert.deepEqual(runLog.tool.driver.rules.map((x: { id: string }) => x.id), [...new Set(ids)].sort());
  });

  test('--format github: workflow annotation lines, with %, CR, LF escaped in messages and also : and , in properties', () => {
    const name = 'we,ird:name%.txt';
    const files = { [name]: WARN, 'e.txt': ERROR };
    const r = run(['check', '--format', 'github', name, 'e.txt'], files);
    const problems = JSON.parse(run(['check', '--format', 'json', name, 'e.txt'], files).out) as { range: { start: { line: number; character: number }; end: { line: number; character: number } }; code: string; message: string }[];
    const lines = r.out.trimEnd().split('\n');
    assert.equal(lines.length, problems.length);
    const w = problems.findIndex((p) => p.code === 'rep.invalid-product-token');
    const e = problems.findIndex((p) => p.code === 'acap.unknown-usage');
    assert.equal(lines[w], `::warning file=we%2Cird%3Aname%25.txt,line=1,endLine=${problems[w].range.end.line + 1},col=13,endColumn=${problems[w].range.end.character + 1},title=rep.invalid-product-token::${problems[w].message}`);
    assert.equal(lines[e], `::error file=e.txt,line=2,endLine=${problems[e].range.end.line + 1},col=12,endColumn=${problems[e].range.end.character + 1},title=acap.unknown-usage::${problems[e].message}`);
    for (const l of lines) assert.match(l, /^::(error|warning|notice) file=[^,:]+,line=\d+,endLine=\d+,col=\d+,endColumn=\d+,title=[^,:]+::[^\r\n]+$/);
    assert.equal(escapeData('100% sure\r\nnext'), '100%25 sure%0D%0Anext');
    assert.equal(escapeProperty('a:b,c%\n'), 'a%3Ab%2Cc%25%0A');
  });

  test('explain exits 0 when allowed, 1 when prohibited (any of --queries), 2 on a usage error', () => {
    const files = { 'robots.txt': SITE, 'q.json': JSON.stringify([{ agent: 'Bot', path: '/news/a' }, { agent: 'Bot', path: '/private/x' }]), 'ok.json': JSON.stringify([{ agent: 'Bot', path: '/news/a' }]) };
    assert.equal(run(['explain', 'robots.txt', '--agent', 'Bot', '--path', '/news/a'], files).code, 0);
    assert.equal(run(['explain', 'robots.txt', '--agent', 'Bot', '--path', '/private/x'], files).code, 1);
    assert.equal(run(['explain', 'robots.txt', '--agent', 'Bot', '--path', '/private/x', '--format', 'json'], files).code, 1);
    assert.equal(run(['explain', 'robots.txt', '--queries', 'q.json'], files).code, 1);
    assert.equal(run(['explain', 'robots.txt', '--queries', 'ok.json'], files).code, 0);
    assert.equal(run(['explain', 'robots.txt', '--agent', 'Bot'], files).code, 2);
  });

  test('table --format json: per path, rows of crawlers with each usage\'s cell; the last row is *', () => {
    const r = run(['table', 'robots.txt', '--path', '/private/x', '--path', '/news/a', '--agent', 'GPTBot', '--format', 'json'], { 'robots.txt': SITE });
    assert.equal(r.code, 0, r.err);
    const t = JSON.parse(r.out);
    assert.equal(t.file, 'robots.txt');
    assert.deepEqual(t.matrices.map((m: { path: string }) => m.path), ['/private/x', '/news/a']);
    const [priv, news] = t.matrices;
    assert.equal(priv.reading, 'acap');
    const star = priv.rows[priv.rows.length - 1];
    assert.equal(star.crawlers[0], '*');
    assert.deepEqual(star.cells.crawl, { allowed: false, line: 6, qualifiers: [], needsCrawl: false, reading: 'acap' });
    assert.deepEqual(Object.keys(star.cells), priv.usages);
    const newsStar = news.rows[news.rows.length - 1];
    assert.deepEqual(newsStar.cells.index.qualifiers, ['time-limit=until-recrawled']);
  });

  test('a binary file gives one clear error and exit 2, not a thousand warnings; a text file with a stray NUL is still checked', () => {
    const png = new Uint8Array(4096);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    for (let i = 8; i < png.length; i++) png[i] = (i * 37) % 7 === 0 ? 0 : (i * 151) & 0xff;
    const r = run(['check', 'cat.png'], { 'cat.png': png });
    assert.equal(r.code, 2);
    assert.equal(r.out, '');
    assert.match(r.err, /^robots-acap: cat\.png: it looks like a binary file \(\d+ NUL bytes in its first 4096 bytes\), not a robots\.txt or an HTML page\n$/);
    const utf16 = run(['check', 'robots.txt'], { 'robots.txt': new Uint8Array([0xff, 0xfe, ...[...'User-agent: *'].flatMap((c) => [c.charCodeAt(0), 0])]) });
    assert.equal(utf16.code, 2);
    assert.match(utf16.err, /UTF-16/);
    const nul = run(['check', 'robots.txt'], { 'robots.txt': 'User-agent: *\nDisallow: /a\u0000b\n' });
    assert.match(nul.out, /text\.control-character/);
  });
});

suite('cli from the packed tarball (issue 15: npx robots-acap)', () => {
  test('npm pack, then npm install --offline into an empty folder: npx robots-acap runs, with no runtime dependency', function () {
    this.timeout(180_000);
    built();
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
    assert.equal(pkg.dependencies, undefined, 'the CLI is bundled: no runtime dependencies');
    assert.equal(pkg.bin['robots-acap'], './dist/cli.js');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'robots-acap-pack-'));
    const env = { ...process.env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
    try {
      const packed = spawnSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8', env });
      assert.equal(packed.status, 0, packed.stderr);
      const [info] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf('[')));
      const contents = (info.files as { path: string }[]).map((f) => f.path).sort();
      assert.ok(contents.includes('dist/cli.js'), contents.join(' '));
      assert.ok(!contents.some((f) => f.startsWith('node_modules/') || f.startsWith('server/') || f.startsWith('test/')), contents.join(' '));
      const project = path.join(dir, 'project');
      mkdirSync(project);
      writeFileSync(path.join(project, 'package.json'), '{"name":"ci-project","version":"1.0.0","private":true}\n');
      writeFileSync(path.join(project, 'robots.txt'), WARN);
      const installed = spawnSync('npm', ['install', '--offline', '--ignore-scripts', path.join(dir, info.filename)], { cwd: project, encoding: 'utf8', env });
      assert.equal(installed.status, 0, installed.stderr);
      assert.deepEqual(readdirSync(path.join(project, 'node_modules')).filter((n) => !n.startsWith('.')), ['robots-acap'], 'nothing else installed');
      const version = spawnSync('npx', ['--offline', 'robots-acap', '--version'], { cwd: project, encoding: 'utf8', env });
      assert.equal(version.status, 0, version.stderr);
      assert.equal(version.stdout.trim(), pkg.version);
      const check = spawnSync('npx', ['--offline', 'robots-acap', 'check', '--format', 'github', '.'], { cwd: project, encoding: 'utf8', env });
      assert.equal(check.status, 0, check.stderr);
      assert.match(check.stdout, /^::warning file=robots\.txt,line=1,/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

suite('cli output properties', () => {
  // Any code point (a lone surrogate as U+FFFD). fast-check's own `unit: 'binary'` takes seconds to set up.
  const codePoint = fc.integer({ min: 0, max: 0x10ffff }).map((cp) => (cp >= 0xd800 && cp <= 0xdfff ? '\ufffd' : String.fromCodePoint(cp)));
  const anyText = (maxLength: number): fc.Arbitrary<string> => fc.array(codePoint, { maxLength }).map((units) => units.join(''));
  const problem = (file: string, message: string): Problem => ({ file, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, severity: 'warning', code: 'rep.x', message });

  test('whatever the file names and messages, text and GitHub output have exactly one line per problem', () => {
    const tricky = fc.array(fc.constantFrom('a', '\n', '\r', '\u2028', '\u2029', '\u0085', '\u000b', '\u000c', '\u0000', ':', ',', '%', '"', '\\', 'é'), { maxLength: 12 }).map((units) => units.join(''));
    const text = fc.oneof(anyText(12), tricky);
    fc.assert(fc.property(fc.array(fc.tuple(text, text), { maxLength: 5 }), (pairs) => {
      const problems = pairs.map(([f, m]) => problem(f, m));
      // Every break a reader might split lines on (Unicode's line boundaries): one per problem.
      assert.equal(formatText(problems).split(/\r\n|[\n\v\f\r\u0085\u2028\u2029]/).length - 1, problems.length);
      // The Actions runner reads a command per LF (CR LF) line.
      assert.equal(formatGithub(problems).split(/\r?\n|\r/).length - 1, problems.length);
      for (const line of formatGithub(problems).split('\n').slice(0, -1)) {
        const props = line.slice(0, line.indexOf('::', 2));
        // Each property value is free of the separators it could be confused with.
        assert.equal(props.split(',').length, 6, line);
        for (const kv of props.replace(/^::warning /, '').split(',')) assert.equal(kv.split(':').length, 1, line);
      }
    }), { numRuns: 200 });
  });

  test('UTF-8 text without control characters is never taken for a binary file', () => {
    fc.assert(fc.property(anyText(400), (s) => {
      const text = s.replace(/[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/g, ' ');
      assert.equal(binaryReason(new TextEncoder().encode(text)), undefined);
    }), { numRuns: 500 });
  });
});
