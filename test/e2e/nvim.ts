/** Neovim's built-in LSP client (an independent client) against the unchanged server. */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ROOT, sandbox } from './codeServer';

interface Tally { passed: number; failed: number }

export async function runNeovim(): Promise<Tally> {
  const box = sandbox('nvim');
  const file = path.join(box.workspace, 'robots.txt');
  const lines = readFileSync(file, 'utf8').split('\n');
  const hoverLine = lines.findIndex((l) => l.startsWith('Disallow: /archive/'));
  const useLine = lines.findIndex((l) => l.includes('the-acap:resource-set:articles'));
  const defLine = lines.findIndex((l) => l.startsWith('ACAP-resource-set: articles'));
  const r = spawnSync('nvim', ['--headless', '-n', '-i', 'NONE', '-u', path.join(ROOT, 'test/e2e/nvim/check.lua')], {
    env: { ...box.env, E2E_ROOT: ROOT, E2E_FILE: file, E2E_HOVER_LINE: String(hoverLine), E2E_DEF_LINE: String(useLine), E2E_DEF_CHAR: String(lines[useLine].indexOf('articles') + 2) },
    encoding: 'utf8',
    timeout: 60000,
  });
  const json = r.stdout.split('\n').reverse().find((l) => l.startsWith('{'));
  const checks: [string, (o: NeovimOutput) => boolean][] = [
    ['diagnostics are published', (o) => o.published === true],
    ['diagnostics carry codes and positions (rep.invalid-product-token on line 17)', (o) => o.diagnostics.some((d) => d.code === 'rep.invalid-product-token' && d.line === 16)],
    ['hover on a path shows the crawler table', (o) => typeof o.hover === 'string' && /Who may use `\/archive\/`/.test(o.hover)],
    ['robotsAcap/explain answers', (o) => o.explain !== null && typeof o.explain === 'object' && o.explain.allowed === false && o.explain.decidedBy.length > 0],
    ['go to definition of a resource set', (o) => Array.isArray(o.definition) && o.definition.length === 1 && o.definition[0].range.start.line === defLine],
    ['completion after ACAP-allow- offers usages and local usages', (o) => ['index', 'present-snippet', '(search-basics)'].every((l) => o.completion.includes(l))],
  ];
  if (!json) {
    console.log(`  ✗ neovim printed no result (exit ${r.status}): ${r.stderr.slice(0, 500)}`);
    return { passed: 0, failed: checks.length };
  }
  const out = JSON.parse(json) as NeovimOutput;
  let passed = 0;
  for (const [name, check] of checks) {
    const ok = check(out);
    console.log(`  ${ok ? '✔' : '✗'} ${name}`);
    if (ok) passed++;
  }
  return { passed, failed: checks.length - passed };
}

interface NeovimOutput {
  published: boolean;
  diagnostics: { line: number; col: number; code: string; message: string }[];
  hover: string | null;
  explain: { allowed: boolean; decidedBy: { line: number }[] } | null;
  definition: { range: { start: { line: number } } }[] | null;
  completion: string[];
}
