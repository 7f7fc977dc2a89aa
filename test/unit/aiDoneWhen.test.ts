/**
 * Issue 14, "Done when", over every fixture made from a public example (test/fixtures/ai:
 * Cloudflare's managed block, the aipref attach draft's example, a TDMRep publisher's site and
 * page, an RSL site; and the UI run's robots.txt with both vocabularies, test/e2e/fixtures):
 * each robots.txt and page is checked without a warning by the built CLI, and `explain --usage
 * ai-train` names every deciding line — for each crawler the file names, the main crawlers and
 * `*`, on each path the file speaks about — as the JSON answer lists them (in-process, the text
 * the CLI prints; the built CLI for the check and for GPTBot's answers).
 * Needs `npm run build` (dist/cli.js): there the workspace files (tdmrep.json, an RSL licence) are
 * read from disk as a user's run reads them.
 */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { crawlersNamed, DEFAULT_CRAWLERS, explainAiUse, formatAiUse, parseDocument, type AiUseAnswer } from '../../server/src/service';
import { MemoryWorkspace } from './memoryWorkspace';

const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'dist/cli.js');

/** Runs the built CLI: its exit status, output and error output. */
function cli(args: readonly string[]): { code: number; out: string; err: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: ROOT, encoding: 'utf8' });
  return { code: r.status ?? -1, out: r.stdout, err: r.stderr };
}

/** Each fixture, with paths to ask about and one answer that must come out (GPTBot, ai-train). */
const FIXTURES: readonly { file: string; paths: readonly string[]; gptbot: readonly [string, string, readonly number[]] }[] = [
  { file: 'test/fixtures/ai/cloudflare-managed.robots.txt', paths: ['/', '/blog/x'], gptbot: ['/blog/x', 'prohibited', [36]] },
  { file: 'test/fixtures/ai/aipref-attach.robots.txt', paths: ['/', '/ai-ok/x', '/never/x'], gptbot: ['/ai-ok/x', 'allowed', [7]] },
  { file: 'test/fixtures/ai/tdmrep-site/robots.txt', paths: ['/', '/images/x.jpg', '/news/x', '/private/x'], gptbot: ['/images/x.jpg', 'prohibited', [2]] },
  { file: 'test/fixtures/ai/rsl-site/robots.txt', paths: ['/', '/articles/x'], gptbot: ['/articles/x', 'prohibited', [9]] },
  { file: 'test/e2e/fixtures/ai-signals.robots.txt', paths: ['/', '/blog/x', '/drafts/x'], gptbot: ['/blog/x', 'prohibited', [9]] },
];

suite('issue 14 "Done when": the public examples', () => {
  suiteSetup(() => {
    assert.ok(statSync(CLI, { throwIfNoEntry: false })?.isFile(), 'npm run build first (dist/cli.js)');
  });

  test('each robots.txt and the TDMRep page check without a warning', () => {
    for (const file of [...FIXTURES.map((f) => f.file), 'test/fixtures/ai/tdmrep-page.html']) {
      const r = cli(['check', file]);
      assert.equal(r.code, 0, r.out + r.err);
      assert.match(r.out + r.err, /1 file checked: 0 errors, 0 warnings, 0 notes/, `${file}:\n${r.out}${r.err}`);
    }
  });

  test('the TDMRep property file and the RSL licence check as themselves: no warning, and a mistake found (not read as robots.txt)', () => {
    const r = cli(['check', 'test/fixtures/ai/tdmrep-site/.well-known/tdmrep.json', 'test/fixtures/ai/rsl-site/license.xml']);
    assert.equal(r.code, 0, r.out + r.err);
    assert.match(r.err, /2 files checked: 0 errors, 0 warnings, 0 notes, 0 hints/, r.out + r.err);
    const dir = mkdtempSync(path.join(tmpdir(), 'done-when-'));
    try {
      mkdirSync(path.join(dir, '.well-known'));
      writeFileSync(path.join(dir, '.well-known', 'tdmrep.json'), '[{"location": "/", "tdm_reservation": 1}]');
      writeFileSync(path.join(dir, 'license.xml'), '<rsl xmlns="https://rslstandard.org/rsl"><content><license/></content></rsl>\n');
      writeFileSync(path.join(dir, 'pom.xml'), '<project><x/></project>\n');
      const bad = cli(['check', '--format', 'json', path.join(dir, '.well-known', 'tdmrep.json'), path.join(dir, 'license.xml'), path.join(dir, 'pom.xml')]);
      assert.deepEqual((JSON.parse(bad.out) as { code: string }[]).map((p) => p.code).sort(), ['rsl.missing-content-url', 'tdmrep.invalid-reservation', 'tdmrep.unknown-member']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test('GPTBot on the blog, the draft\'s ai-ok folder, TDMRep images, RSL articles: the expected ai-train answer and line', () => {
    for (const { file, gptbot: [p, verdict, lines] } of FIXTURES) {
      const args = ['explain', file, '--agent', 'GPTBot', '--path', p, '--usage', 'ai-train'];
      const a = JSON.parse(cli([...args, '--format', 'json']).out) as AiUseAnswer;
      assert.deepEqual([a.verdict, a.decidedBy.map((d) => d.line)], [verdict, lines], file);
      const text = cli(args);
      // Exit status 1 when prohibited, as for the other usages; the text names the deciding line.
      assert.equal(text.code, verdict === 'prohibited' ? 1 : 0, text.out);
      for (const d of a.decidedBy) assert.ok(text.out.includes(`line ${d.line}: ${d.text.trim()}`), text.out);
    }
  });

  test('explain --usage ai-train names every deciding line, for every crawler and path asked (the CLI\'s text, in-process)', () => {
    let asked = 0;
    let decided = 0;
    for (const { file, paths } of FIXTURES) {
      // The fixture's folder as the site: its robots.txt and the files beside it the engine reads.
      const dir = path.dirname(path.join(ROOT, file));
      const site: Record<string, string> = { 'file:///site/robots.txt': readFileSync(path.join(ROOT, file), 'utf8') };
      for (const rel of ['.well-known/tdmrep.json', 'license.xml']) if (existsSync(path.join(dir, rel))) site[`file:///site/${rel}`] = readFileSync(path.join(dir, rel), 'utf8');
      const workspace = new MemoryWorkspace(site);
      const doc = parseDocument('file:///site/robots.txt', 0, site['file:///site/robots.txt']);
      for (const agent of new Set([...crawlersNamed(doc), ...DEFAULT_CRAWLERS, '*'])) {
        for (const p of paths) {
          const a = explainAiUse(doc, { agent, path: p, use: 'ai-train' }, { workspace });
          const text = formatAiUse(a);
          asked++;
          for (const d of a.decidedBy) {
            decided++;
            assert.ok(text.includes(`line ${d.line}: ${d.text.trim()}`), `${file} ${agent} ${p}: names line ${d.line} (${d.text}):\n${text}`);
          }
          if (a.verdict !== 'unknown') assert.ok(a.decidedBy.length > 0, `${file} ${agent} ${p}: a verdict with no deciding line`);
        }
      }
    }
    assert.ok(asked > 60 && decided > 30, `${asked} questions, ${decided} deciding lines`);
  });
});
