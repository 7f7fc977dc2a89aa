/**
 * The opening and editing paths in process, for a CPU profile (`node --cpu-prof`): parse +
 * validate the file named by ROBOTS_ACAP_BENCH_FILE, RUNS times on fresh documents, printing each
 * run's time split into parse and validation (and robots-parser's parse when ROBOTS_ACAP_PEER
 * names its folder); then EDITS one-character edits on rule lines, each followed by validation,
 * printing their p50/p95 and the heap. Prints figures only: nothing here asserts a time.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { doValidation, lineAt, parseDocument, updateDocument, type RobotsDocument } from '../../server/src/service';

const file = process.env.ROBOTS_ACAP_BENCH_FILE ?? '';
const text = readFileSync(file, 'utf8');
const runs = Number(process.env.RUNS ?? 5);
const editCount = Number(process.env.EDITS ?? 0);
type Peer = (url: string, text: string) => unknown;
let peer: Peer | undefined;
if (process.env.ROBOTS_ACAP_PEER) peer = createRequire(path.join(process.env.ROBOTS_ACAP_PEER, 'noop.js'))('robots-parser') as Peer;
let doc: RobotsDocument | undefined;
for (let r = 0; r < runs; r++) {
  const t0 = performance.now();
  doc = parseDocument(`file:///bench${r}/robots.txt`, 1, text);
  const t1 = performance.now();
  const d = doValidation(doc, {});
  const t2 = performance.now();
  let peerMs = NaN;
  if (peer) {
    const p0 = performance.now();
    peer('https://example.com/robots.txt', text);
    peerMs = performance.now() - p0;
  }
  const json = JSON.stringify(d).length;
  console.log(JSON.stringify({ parse: Math.round(t1 - t0), validate: Math.round(t2 - t1), diagnostics: d.length, json, peer: Math.round(peerMs) }));
}
if (doc && editCount) {
  let seed = 1;
  const random = (n: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    return seed % n;
  };
  const rules: number[] = [];
  doc.lines.forEach((l, i) => { if (l.directive.kind === 'rule' && l.text.length > 12) rules.push(i); });
  const times: number[] = [];
  for (let k = 0; k < editCount; k++) {
    const line = rules[random(rules.length)];
    const at = { line, character: Math.min(lineAt(doc, line).text.length, 20) };
    const t0 = performance.now();
    doc = updateDocument(doc, [{ range: { start: at, end: at }, text: 'x' }], doc.version + 1);
    JSON.stringify(doValidation(doc, {}));
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(JSON.stringify({ edits: editCount, p50: times[Math.floor(editCount * 0.5)].toFixed(2), p95: times[Math.floor(editCount * 0.95)].toFixed(2), heapMiB: Math.round(process.memoryUsage().heapUsed / 1048576) }));
}
