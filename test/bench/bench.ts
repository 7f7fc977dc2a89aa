/**
 * Benchmarks that print figures (`npm run bench`). Not tests: timings depend on the machine.
 *
 * 1. Parse + validate every file of the corpus's real/ folder (throughput): the folder given as
 *    the first argument, else $ROBOTS_ACAP_CORPUS/real, else the repository's sample test/corpus/real.
 * 2. The largest corpus file: full parse, full validation, and keystroke cost — a one-character
 *    edit applied incrementally, then validation — as median and 95th percentile.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { decodeUtf8 } from '../../server/src/cli/decode';
import { parseHtml, validateHtml } from '../../server/src/service/html/htmlService';
import {
  doComplete, doHover, doValidation, explain, findDocumentSymbols, format, getFoldingRanges, getSemanticTokens, parseDocument, updateDocument,
} from '../../server/src/service';

// Bundled as dist/bench.js, so the repository's root is one folder up from __dirname.
const corpusDir = path.resolve(process.argv[2] ?? path.join(process.env.ROBOTS_ACAP_CORPUS ?? path.join(__dirname, '../test/corpus'), 'real'));

function percentile(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
}

function ms(n: number): string {
  return `${n.toFixed(2)} ms`;
}

const files = readdirSync(corpusDir).filter((f) => f.endsWith('.txt')).map((f) => path.join(corpusDir, f));
const texts = files.map((f) => decodeUtf8(readFileSync(f)).text);
const totalBytes = files.reduce((n, f) => n + statSync(f).size, 0);

// Warm up the JIT on a slice of the corpus.
for (const t of texts.slice(0, 200)) doValidation(parseDocument('file:///w', 1, t));

let t0 = performance.now();
const docs = texts.map((t, i) => parseDocument(files[i], 1, t));
const parseTime = performance.now() - t0;
t0 = performance.now();
let problems = 0;
for (const d of docs) problems += doValidation(d, { maxProblems: 1e9 }).length;
const validateTime = performance.now() - t0;

console.log(`corpus: ${files.length} files, ${(totalBytes / 1048576).toFixed(1)} MiB (${corpusDir})`);
console.log(`  parse all:            ${ms(parseTime)}  (${(totalBytes / 1048576 / (parseTime / 1000)).toFixed(0)} MiB/s)`);
console.log(`  validate all:         ${ms(validateTime)}  (${problems} problems)`);
console.log(`  parse + validate:     ${ms(parseTime + validateTime)}`);

let largest = 0;
for (let i = 1; i < texts.length; i++) if (texts[i].length > texts[largest].length) largest = i;
const text = texts[largest];
console.log(`largest: ${path.basename(files[largest])}, ${(statSync(files[largest]).size / 1048576).toFixed(2)} MiB, ${docs[largest].lines.length} lines`);

const fullParse: number[] = [];
const fullValidate: number[] = [];
for (let i = 0; i < 10; i++) {
  t0 = performance.now();
  const d = parseDocument('file:///big', i, text);
  fullParse.push(performance.now() - t0);
  t0 = performance.now();
  doValidation(d);
  fullValidate.push(performance.now() - t0);
}
console.log(`  full parse:           median ${ms(percentile(fullParse, 50))}`);
console.log(`  full validation:      median ${ms(percentile(fullValidate, 50))}`);

// Keystrokes: type characters at random lines, re-validating after each, as the server does.
let doc = parseDocument('file:///big', 0, text);
doValidation(doc);
const update: number[] = [];
const keystroke: number[] = [];
let lexed = 0;
let seed = 42;
const random = (n: number): number => {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
};
for (let k = 1; k <= 200; k++) {
  const line = random(doc.lines.length);
  const at = { line, character: Math.min(doc.lines[line].text.length, 10) };
  t0 = performance.now();
  doc = updateDocument(doc, [{ range: { start: at, end: at }, text: 'x' }], k);
  const t1 = performance.now();
  doValidation(doc);
  const t2 = performance.now();
  update.push(t1 - t0);
  keystroke.push(t2 - t0);
  lexed += doc.stats.linesLexed;
}
console.log(`  incremental update:   median ${ms(percentile(update, 50))}, p95 ${ms(percentile(update, 95))}  (${(lexed / 200).toFixed(1)} lines lexed per edit)`);
console.log(`  keystroke→diagnostics: median ${ms(percentile(keystroke, 50))}, p95 ${ms(percentile(keystroke, 95))}  (update + full validation)`);

// The permission engine on the largest file, once parsed: explain queries and a path hover.
const parsed = parseDocument('file:///big', 0, text);
t0 = performance.now();
explain(parsed, { agent: 'Googlebot', path: '/' });
console.log(`  first explain (builds the rule indexes): ${ms(performance.now() - t0)}`);
const agents = ['Googlebot', 'GPTBot', '*', 'Bingbot'];
const explainTimes: number[] = [];
for (let k = 0; k < 200; k++) {
  const line = parsed.lines[random(parsed.lines.length)];
  const d = line.directive;
  const path = d.kind === 'rule' ? line.text.slice(d.pattern.start, d.pattern.end).replace(/[*$]/g, '') || '/' : '/';
  t0 = performance.now();
  explain(parsed, { agent: agents[k % agents.length], path, usage: k % 2 ? 'index' : 'crawl' });
  explainTimes.push(performance.now() - t0);
}
console.log(`  explain (after parse): median ${ms(percentile(explainTimes, 50))}, p95 ${ms(percentile(explainTimes, 95))}  (all profiles compared)`);
const hoverLine = parsed.lines.findIndex((l) => l.directive.kind === 'rule');
const hoverTimes: number[] = [];
for (let k = 0; k < 20; k++) {
  t0 = performance.now();
  doHover(parsed, { line: hoverLine, character: 12 });
  hoverTimes.push(performance.now() - t0);
}
console.log(`  hover on a path (crawler table): median ${ms(percentile(hoverTimes, 50))}`);

// Editing features on the largest file (each once warm, median of 5).
const feature = (name: string, run: () => unknown): void => {
  run();
  const times: number[] = [];
  for (let k = 0; k < 5; k++) {
    t0 = performance.now();
    run();
    times.push(performance.now() - t0);
  }
  console.log(`  ${name}: median ${ms(percentile(times, 50))}`);
};
feature('completion at a rule', () => doComplete(parsed, { line: hoverLine, character: 3 }));
feature('document symbols', () => findDocumentSymbols(parsed));
feature('folding ranges', () => getFoldingRanges(parsed));
feature('semantic tokens (whole file)', () => getSemanticTokens(parsed));
feature('format (whole file)', () => format(parsed, { tabSize: 4, insertSpaces: true }));

// A 1 MB HTML page with robots META tags and ACAP class values: analysis after an edit (the server
// re-scans the page once per version, on demand).
const metaHead = '<meta name="robots" content="ACAP version 1.1">\n<meta name="robots" content="noindex, max-snippet:50">\n<meta name="GPTBot" content="ACAP allow-present-snippet max-length=20-words">\n';
const block = '<div class="story the-acap:disallow-index"><p>Some text of the article, with <a href="/x">a link</a> and <em>emphasis</em>.</p></div>\n';
let html = `<!DOCTYPE html><html><head>${metaHead}</head><body>\n`;
while (html.length < 1024 * 1024) html += block;
html += '</body></html>\n';
const htmlTimes: number[] = [];
let problemsOnPage = 0;
for (let k = 0; k < 10; k++) {
  const edited = html.replace('Some text', `Some text ${k}`);
  t0 = performance.now();
  const page = parseHtml('file:///site/big.html', edited);
  problemsOnPage = validateHtml(page).length;
  htmlTimes.push(performance.now() - t0);
}
console.log(`html page: ${(html.length / 1048576).toFixed(2)} MiB, ${html.split('\n').length} lines`);
console.log(`  scan + validate after an edit: median ${ms(percentile(htmlTimes, 50))}, p95 ${ms(percentile(htmlTimes, 95))}  (${problemsOnPage} problems)`);

