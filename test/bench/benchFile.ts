/**
 * What the benches that measure issue 13's first table share: the file (the largest real one, or
 * a generated file of its shape), the peer (robots-parser, found where ROBOTS_ACAP_PEER points)
 * and its parse of the same text, timed the one way every ratio of that table is a ratio to.
 * `npm run bench` (bench.ts) and the outside measurement through Neovim (outside.ts) use these, so
 * that their figures compare.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { decodeUtf8 } from '../../server/src/cli/decode';

export function percentile(values: readonly number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}
export const round = (n: number, digits = 2): number => Number(n.toFixed(digits));

/** 47,000 `Allow: /<hex>/<hex>.html` rules in one group, ~2% repeated: the shape of the largest real file. */
export function generatedFile(): string {
  // mulberry32: a full-period generator, so the 32-digit names do not repeat (an LCG's low bits do).
  let s = 7;
  const next = (): number => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return (t ^ (t >>> 14)) >>> 0;
  };
  const hex = (): string => {
    let out = '';
    for (let i = 0; i < 4; i++) out += next().toString(16).padStart(8, '0');
    return out;
  };
  const leaves = Array.from({ length: 400 }, hex);
  const rules: string[] = [];
  for (let i = 0; i < 47000; i++) {
    const r = next();
    rules.push(i > 100 && r % 50 === 0 ? rules[r % i] : `Allow: /${hex()}/${leaves[r % leaves.length]}.html`);
  }
  return `User-Agent: *\n${rules.join('\n')}\nDisallow: /\n`;
}

/**
 * The file measured: ROBOTS_ACAP_BENCH_FILE if set; else, with ROBOTS_ACAP_CORPUS set, its largest
 * real file (real/xuexi.cn.txt); else generatedFile().
 */
export function chooseFile(): { name: string; text: string; bytes: number } {
  const explicit = process.env.ROBOTS_ACAP_BENCH_FILE;
  const corpus = process.env.ROBOTS_ACAP_CORPUS;
  const file = explicit ?? (corpus ? path.join(corpus, 'real/xuexi.cn.txt') : undefined);
  if (file) {
    const bytes = readFileSync(file);
    return { name: path.basename(file), text: decodeUtf8(bytes).text, bytes: bytes.length };
  }
  const text = generatedFile();
  return { name: 'generated (47,000 rules, one group)', text, bytes: Buffer.byteLength(text) };
}

export type Peer = (url: string, text: string) => unknown;

/**
 * robots-parser, and the file it was loaded from (for its cold parse in a fresh process), looked
 * for in ROBOTS_ACAP_PEER, the working folder, then `also`.
 */
export function loadPeer(...also: string[]): { parse: Peer; module: string } | undefined {
  const places = [process.env.ROBOTS_ACAP_PEER, process.cwd(), ...also].filter((p): p is string => Boolean(p));
  for (const dir of places) {
    try {
      const req = createRequire(path.join(dir, 'noop.js'));
      return { parse: req('robots-parser') as Peer, module: req.resolve('robots-parser') };
    } catch {
      // not installed there
    }
  }
  return undefined;
}

/** The peer's parse: median of 7 runs after one warm-up (its cold first parse is slower still). */
export function peerParse(peer: Peer, text: string): { median: number; runs: number[] } {
  peer('https://example.com/robots.txt', text);
  const runs: number[] = [];
  for (let i = 0; i < 7; i++) {
    const t0 = performance.now();
    peer('https://example.com/robots.txt', text);
    runs.push(performance.now() - t0);
  }
  return { median: round(percentile(runs, 50)), runs: runs.map((r) => round(r, 1)) };
}
