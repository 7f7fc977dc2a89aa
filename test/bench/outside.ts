/**
 * `npm run bench:outside`: issue 13's first table measured from outside, by another client than
 * the benches' own — Neovim's built-in LSP client (outside/nvim.lua) — on the same file as
 * `npm run bench` (benchFile.ts: ROBOTS_ACAP_BENCH_FILE, else the corpus's largest real file
 * with ROBOTS_ACAP_CORPUS, else a generated file of its shape), with robots-parser's parse of the
 * same text timed the bench's way between the runs, so that the two benches' ratios compare.
 * Each run starts a fresh server (`--runs N`, 3 by default). Prints one JSON object: each run's
 * figures, their range, and the ratios to the peer's parse. Asserts nothing: not a test.
 *
 * Needs `nvim` (0.7 or later) on the PATH and a built server (`npm run build`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { SERVER_NODE_ARGS } from '../../server/src/launch';
import { chooseFile, loadPeer, peerParse, percentile, round } from './benchFile';

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'dist/server.js');
const SCRIPT = path.join(__dirname, 'outside/nvim.lua');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 3;

/** What outside/nvim.lua prints, in ms. */
interface NeovimRun {
  readonly ok: boolean;
  readonly error?: string;
  readonly open: number;
  readonly openFromSent: number;
  readonly firstHover: number;
  readonly hover: number[];
  readonly edit: number[];
  readonly editFromSent: number[];
  readonly hoverAfterEdit: number[];
}

function neovim(file: string, home: string): NeovimRun {
  const env = { ...process.env, OUTSIDE_FILE: file, OUTSIDE_SERVER: SERVER, OUTSIDE_NODE_ARGS: SERVER_NODE_ARGS.join('\n'), XDG_CONFIG_HOME: home, XDG_DATA_HOME: home, XDG_STATE_HOME: home, XDG_CACHE_HOME: home };
  const r = spawnSync('nvim', ['--headless', '-n', '-i', 'NONE', '-u', SCRIPT], { env, encoding: 'utf8', timeout: 600_000 });
  const line = r.stdout.split('\n').reverse().find((l) => l.startsWith('{'));
  if (!line) throw new Error(`nvim printed no result (exit ${r.status}): ${(r.stderr || r.error?.message || '').slice(0, 500)}`);
  const run = JSON.parse(line) as NeovimRun;
  if (!run.ok) throw new Error(`the measurement in Neovim stopped short: ${run.error ?? 'a request got no answer'}`);
  return run;
}

function main(): void {
  const version = spawnSync('nvim', ['--version'], { encoding: 'utf8' });
  if (version.status !== 0) throw new Error('nvim is not on the PATH (Debian: apt-get install -y neovim)');
  if (!existsSync(SERVER)) throw new Error('run `npm run build` first: dist/server.js is missing');
  const chosen = chooseFile();
  const folder = mkdtempSync(path.join(os.tmpdir(), 'robots-acap-outside-'));
  try {
    const file = path.join(folder, 'site', 'robots.txt');
    const home = path.join(folder, 'home');
    mkdirSync(path.dirname(file), { recursive: true });
    mkdirSync(home, { recursive: true });
    writeFileSync(file, chosen.text);
    const peer = loadPeer(ROOT);
    const peerRuns: number[] = [];
    const runs: NeovimRun[] = [];
    for (let k = 0; k < RUNS; k++) {
      // The peer between the runs, in this process (as `npm run bench` times it in its own).
      if (peer) peerRuns.push(peerParse(peer.parse, chosen.text).median);
      runs.push(neovim(file, home));
    }
    const p95 = (values: readonly number[]): number => round(percentile(values, 95));
    const p50 = (values: readonly number[]): number => round(percentile(values, 50));
    const figures = runs.map((r) => ({
      didOpenToDiagnostics: round(r.open),
      didOpenFromSentToDiagnostics: round(r.openFromSent),
      editToDiagnosticsP95: p95(r.edit),
      editFromSentToDiagnosticsP95: p95(r.editFromSent),
      editToDiagnosticsP50: p50(r.edit),
      hoverP95: p95(r.hover),
      hoverP50: p50(r.hover),
      hoverAfterEditP95: p95(r.hoverAfterEdit),
      firstHover: round(r.firstHover),
    }));
    const peerMs = peerRuns.length ? percentile(peerRuns, 50) : undefined;
    const ratio = (key: keyof (typeof figures)[number]): number[] | undefined => (peerMs === undefined ? undefined : figures.map((f) => round(f[key] / peerMs, 3)));
    console.log(JSON.stringify({
      client: version.stdout.split('\n')[0],
      machine: { cpu: os.cpus()[0]?.model, cores: os.cpus().length, node: process.version },
      file: { name: chosen.name, bytes: chosen.bytes },
      samples: { hovers: runs[0].hover.length, edits: runs[0].edit.length, hoversAfterEdit: runs[0].hoverAfterEdit.length },
      peer: peer ? { module: peer.module, parseMs: peerMs === undefined ? null : round(peerMs), runs: peerRuns } : 'robots-parser is not installed: set ROBOTS_ACAP_PEER',
      runs: figures,
      ratios: peer ? {
        didOpenToDiagnostics: ratio('didOpenToDiagnostics'),
        editToDiagnosticsP95: ratio('editToDiagnosticsP95'),
        hoverP95: ratio('hoverP95'),
        hoverAfterEditP95: ratio('hoverAfterEditP95'),
      } : undefined,
      goals: { didOpenToDiagnostics: 1, editToDiagnosticsP95: 0.1, hoverP95: 0.05, hoverAfterEditP95: 0.1 },
      unit: 'ms unless named otherwise',
    }, null, 1));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

main();
