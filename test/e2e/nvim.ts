/**
 * Neovim's built-in LSP client (an independent client) against the unchanged server, configured
 * by the README's own Neovim block, so the configuration users copy is the one tested.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { SERVER_NODE_ARGS } from '../../server/src/launch';
import { ROOT, sandbox } from './codeServer';

interface Tally { passed: number; failed: number }

/** The README's Neovim configuration, pointed at this checkout's dist/server.js. */
export function readmeNeovimConfig(root: string = ROOT): string {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const block = /<!-- neovim-config -->\s*```lua\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('README.md has no <!-- neovim-config --> Lua block');
  return block.replaceAll('/path/to/robots-acap', root);
}

export async function runNeovim(): Promise<Tally> {
  const box = sandbox('nvim');
  const file = path.join(box.workspace, 'robots.txt');
  const config = path.join(box.workspace, '..', 'robots-acap.lua');
  writeFileSync(config, readmeNeovimConfig());
  // A Markdown file with robots.txt lines in it: the server must not be attached to it.
  const markdown = path.join(box.workspace, 'NOTES.md');
  writeFileSync(markdown, '# Notes\n\nUser-agent: *\nDisallow /x\n');
  const lines = readFileSync(file, 'utf8').split('\n');
  const hoverLine = lines.findIndex((l) => l.startsWith('Disallow: /archive/'));
  const useLine = lines.findIndex((l) => l.includes('the-acap:resource-set:articles'));
  const defLine = lines.findIndex((l) => l.startsWith('ACAP-resource-set: articles'));
  const r = spawnSync('nvim', ['--headless', '-n', '-i', 'NONE', '-u', path.join(ROOT, 'test/e2e/nvim/check.lua')], {
    env: { ...box.env, E2E_CONFIG: config, E2E_MARKDOWN: markdown, E2E_HTML: path.join(box.workspace, 'news/2026/story.html'), E2E_FILE: file, E2E_HOVER_LINE: String(hoverLine), E2E_DEF_LINE: String(useLine), E2E_DEF_CHAR: String(lines[useLine].indexOf('articles') + 2) },
    encoding: 'utf8',
    timeout: 60000,
  });
  if (process.env.E2E_DEBUG) console.log(r.stdout, r.stderr);
  const json = r.stdout.split('\n').reverse().find((l) => l.startsWith('{'));
  const checks: [string, (o: NeovimOutput) => boolean][] = [
    ['the README configuration attaches the robots.txt buffer (file type robots)', (o) => o.filetype === 'robots' && o.attached === 1],
    ['it attaches an HTML page too', (o) => o.html_attached === 1],
    ['it does not attach a Markdown buffer', (o) => o.markdown_filetype === 'markdown' && o.markdown_attached === 0],
    ['diagnostics are published', (o) => o.published === true],
    ['diagnostics carry codes and positions (rep.invalid-product-token on line 17)', (o) => o.diagnostics.some((d) => d.code === 'rep.invalid-product-token' && d.line === 16)],
    ['hover on a path shows the crawler table', (o) => typeof o.hover === 'string' && /Who may use `\/archive\/`/.test(o.hover)],
    ['robotsAcap/explain answers', (o) => o.explain !== null && typeof o.explain === 'object' && o.explain.allowed === false && o.explain.decidedBy.length > 0],
    ['go to definition of a resource set', (o) => Array.isArray(o.definition) && o.definition.length === 1 && o.definition[0].range.start.line === defLine],
    ['completion after ACAP-allow- offers usages and local usages', (o) => ['index', 'present-snippet', '(search-basics)'].every((l) => o.completion.includes(l))],
  ];
  if (!json) {
    console.log(`  ✗ neovim printed no result (exit ${r.status}): ${r.stderr.slice(0, 500)}`);
    return { passed: 0, failed: checks.length + 1 };
  }
  const out = JSON.parse(json) as NeovimOutput;
  let passed = 0;
  for (const [name, check] of checks) {
    const ok = check(out);
    console.log(`  ${ok ? '✔' : '✗'} ${name}`);
    if (ok) passed++;
  }
  const outside = outsideMeasurementRuns(file, box.env);
  console.log(`  ${outside === undefined ? '✔' : '✗'} the outside measurement (npm run bench:outside) runs to its end in Neovim: open, hovers, edits, each answered${outside === undefined ? '' : ` — ${outside}`}`);
  if (outside === undefined) passed++;
  return { passed, failed: checks.length + 1 - passed };
}

/**
 * `npm run bench:outside`'s Lua script (test/bench/outside/nvim.lua) on a small file, three
 * hovers and edits of each kind: undefined when every request was answered and timed, else what
 * went wrong. Keeps the bench from breaking unseen (it runs by hand only); no time is checked.
 */
function outsideMeasurementRuns(file: string, env: NodeJS.ProcessEnv): string | undefined {
  const r = spawnSync('nvim', ['--headless', '-n', '-i', 'NONE', '-u', path.join(ROOT, 'test/bench/outside/nvim.lua')], {
    env: { ...env, OUTSIDE_FILE: file, OUTSIDE_SERVER: path.join(ROOT, 'dist/server.js'), OUTSIDE_NODE_ARGS: SERVER_NODE_ARGS.join('\n'), OUTSIDE_HOVERS: '3', OUTSIDE_EDITS: '3' },
    encoding: 'utf8',
    timeout: 60000,
  });
  const json = r.stdout.split('\n').reverse().find((l) => l.startsWith('{'));
  if (!json) return `it printed nothing (exit ${r.status}): ${r.stderr.slice(0, 300)}`;
  const o = JSON.parse(json) as { ok: boolean; error?: string; open?: number; firstHover?: number; hover?: number[]; edit?: number[]; hoverAfterEdit?: number[] };
  if (!o.ok) return o.error ?? 'a request got no answer';
  const times = [o.open, o.firstHover, ...(o.hover ?? []), ...(o.edit ?? []), ...(o.hoverAfterEdit ?? [])];
  const counts = [o.hover?.length, o.edit?.length, o.hoverAfterEdit?.length];
  if (counts.some((n) => n !== 3)) return `expected 3 samples of each kind, got ${counts.join(', ')}`;
  if (!times.every((t) => typeof t === 'number' && Number.isFinite(t) && t > 0)) return `a time is not a positive number: ${JSON.stringify(times)}`;
  return undefined;
}

interface NeovimOutput {
  filetype: string;
  attached: number;
  html_attached: number;
  markdown_filetype: string;
  markdown_attached: number;
  published: boolean;
  diagnostics: { line: number; col: number; code: string; message: string }[];
  hover: string | null;
  explain: { allowed: boolean; decidedBy: { line: number }[] } | null;
  definition: { range: { start: { line: number } } }[] | null;
  completion: string[];
}
