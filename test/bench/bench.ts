/**
 * `npm run bench`: one run, one JSON object on stdout. Not a test: the figures depend on the
 * machine, so nothing here asserts a time.
 *
 * - lsp: the built server (dist/server.js --stdio) driven over stdio as an editor drives it —
 *   didOpen → diagnostics (the first open of a fresh server, median of three servers, as the
 *   floors' below; `didOpenRuns`), a one-line edit → diagnostics (p50/p95), a keystroke typed with two
 *   cursors far apart → diagnostics (and a hover after them), hover on a path (warm, right
 *   after an edit, and right after a line added or removed; and once the server has answered
 *   2,000 hovers, its code compiled: `hoverOnceCompiled`), pull diagnostics with result ids (and, in that run, the first hover
 *   after a pause of 1.5 s, by when the server has built what hovers ask), and the server's heap per input
 *   byte after opening the file and after 1,000 edits (read through a preload that answers
 *   SIGUSR2 on stderr; the product carries no such hook; counted from the heap of an empty server
 *   of its own, so that no collection is forced before an open), and the first didOpen split into its
 *   phases (`openPhases`, from the marks the server writes with ROBOTS_ACAP_PHASES=1).
 * - codeActions: the refactorings listed on a rule line as VS Code asks (conversions listed
 *   without edits) and `codeAction/resolve` of the first one, through the same server.
 * - transportFloor: didOpen → diagnostics through a server that analyses nothing, built on the
 *   same library: the part of our didOpen figure that no analysis can remove; and 100 hovers
 *   answered with a fixed text as long as ours, the part of our hover's round trip that none can.
 * - scanFloor: the same, through a server that also finds every line's field and the rules
 *   repeated in the file, and nothing else (floorServer.ts): the least any server answering
 *   the issue's diagnostics can take to open the file.
 * - peer: robots-parser's parse of the same text in the same process run (median of 7 after a
 *   warm-up), and the ratios of the LSP figures to it; also its first parse in a fresh process
 *   (coldParseMs), to set beside our first didOpen, our didOpen in a warm server (the file
 *   closed and opened again) beside its warm parse, and (peerServer) the open through a server
 *   on the same library that only parses the text with it, beside ours. robots-parser is not a dependency: install it anywhere and point
 *   ROBOTS_ACAP_PEER at that folder (`npm i robots-parser@3.0.1` in /tmp/peer, then
 *   ROBOTS_ACAP_PEER=/tmp/peer); without it the ratios are omitted with a note.
 * - service: explain per query, completion, semantic tokens (whole file, a visible range, a
 *   delta after an edit), in process on the same text.
 * - corpus: parse + full analysis throughput (MB/s) over every file of the corpus.
 *
 * The file: ROBOTS_ACAP_BENCH_FILE if set; else, with ROBOTS_ACAP_CORPUS set, its largest real
 * file (real/xuexi.cn.txt, 3.7 MB, one group of 47,000 rules); else a generated file of the same
 * shape (deterministic).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { decodeUtf8 } from '../../server/src/cli/decode';
import { SERVER_NODE_ARGS } from '../../server/src/launch';
import { floorHovers, floorOpen, type FloorKind } from './floorServer';
import { scratchFile } from './scratch';
import { chooseFile, loadPeer, peerParse, percentile, round } from './benchFile';
import {
  doComplete, doValidation, explain, getModel, getSemanticTokens, getSemanticTokensRange, parseDocument, semanticTokensDelta, updateDocument, type RobotsDocument,
} from '../../server/src/service';
import { regionsChangedSince, serialOf } from '../../server/src/service/syntax/document';

const ROOT = path.resolve(__dirname, '..');
const SERVER = path.join(ROOT, 'dist/server.js');
const EDITS_TIMED = 200;
const EDITS_MEMORY = 1000;
const HOVERS = 100;
/** Hovers answered, unmeasured, before `hoverOnceCompiled` measures COMPILED_HOVERS more. */
const WARMING_HOVERS = 2000;
const COMPILED_HOVERS = 200;

type Figures = Record<string, unknown>;

const summary = (values: readonly number[]): { p50: number; p95: number; n: number } => ({ p50: round(percentile(values, 50)), p95: round(percentile(values, 95)), n: values.length });

let seed = 42;
/** A deterministic PRNG (LCG), so every run edits the same lines. */
function random(n: number): number {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed % n;
}

/**
 * The peer's first parse in a fresh Node process (its code not yet optimised, as ours is not on
 * a server's first didOpen), started with the server's Node flags (launch.ts), so that both are
 * set beside each other alike: median of 3 processes, the time of the parse call alone.
 */
async function peerColdParse(module: string, text: string): Promise<{ median: number; runs: number[] }> {
  const file = scratchFile('peer-input.txt', text);
  const script = [
    `const parse = require(${JSON.stringify(module)});`,
    `const text = require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8');`,
    'const t0 = performance.now();',
    "parse('https://example.com/robots.txt', text);",
    'process.stdout.write(String(performance.now() - t0));',
  ].join('\n');
  const runs: number[] = [];
  for (let r = 0; r < 3; r++) {
    const child = spawn(process.execPath, [...SERVER_NODE_ARGS, '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => { out += b.toString(); });
    await new Promise((resolve) => child.on('close', resolve));
    runs.push(Number(out));
  }
  return { median: round(percentile(runs, 50)), runs: runs.map((r) => round(r, 1)) };
}

// ---------------------------------------------------------------------------------------------
// The server over stdio

const PRELOAD = `process.on('SIGUSR2', () => { global.gc && global.gc(); global.gc && global.gc(); process.stderr.write('@heap ' + process.memoryUsage().heapUsed + '\\n'); });\n`;

interface Server {
  readonly conn: MessageConnection;
  readonly child: ChildProcess;
  diagnostics(uri: string, version: number): Promise<PublishDiagnosticsParams>;
  /** The server's phase marks for the first document opened (see openPhases). */
  phases(): ReadonlyMap<string, number>;
  heap(): Promise<number>;
  close(): Promise<void>;
}

async function startServer(pull: boolean, extra: { textDocument?: object; workspace?: object } = {}): Promise<Server> {
  if (!existsSync(SERVER)) throw new Error('dist/server.js is missing: run `npm run build`');
  const preload = scratchFile('preload.cjs', PRELOAD);
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, '--expose-gc', '-r', preload, SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ROBOTS_ACAP_PHASES: '1' } });
  const conn = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const waiting: { uri: string; version: number; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    for (let i = waiting.length - 1; i >= 0; i--) {
      const w = waiting[i];
      if (w.uri === p.uri && (p.version ?? 0) >= w.version) {
        waiting.splice(i, 1);
        w.resolve(p);
      }
    }
  });
  const heapWaiters: ((n: number) => void)[] = [];
  // The server's phase marks (ROBOTS_ACAP_PHASES) of the first document opened: epoch ms by name.
  const phases = new Map<string, number>();
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
    let nl: number;
    while ((nl = stderr.indexOf('\n')) >= 0) {
      const line = stderr.slice(0, nl);
      stderr = stderr.slice(nl + 1);
      if (line.startsWith('@heap ')) heapWaiters.shift()?.(Number(line.slice(6)));
      const mark = /^@phase (\S+) \S+ ([\d.]+)$/.exec(line);
      if (mark && !phases.has(mark[1])) phases.set(mark[1], Number(mark[2]));
    }
  });
  conn.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => ({})));
  conn.onRequest('client/registerCapability', () => null);
  conn.onRequest('workspace/diagnostic/refresh', () => null);
  conn.onNotification('window/logMessage', () => undefined);
  conn.listen();
  const capabilities = { textDocument: { synchronization: {}, hover: {}, ...(pull ? { diagnostic: {} } : {}), ...extra.textDocument }, ...(extra.workspace ? { workspace: extra.workspace } : {}) };
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities });
  await conn.sendNotification('initialized', {});
  return {
    conn,
    child,
    diagnostics: (uri, version) => new Promise((resolve) => waiting.push({ uri, version, resolve })),
    phases: () => phases,
    heap: () => new Promise((resolve) => {
      heapWaiters.push(resolve);
      child.kill('SIGUSR2');
    }),
    close: async () => {
      await conn.sendRequest('shutdown');
      await conn.sendNotification('exit');
      conn.dispose();
      child.kill();
    },
  };
}

/**
 * The first didOpen → diagnostics of the first server split at the server's phase marks
 * (server.ts, PHASES), with its `total` (the figure is the median of three servers'), each the
 * time a phase took: `transport` until the server's handler starts (the client's writing, the
 * pipe, the server's reading and decoding of the message), `parse`, `settingsAfterParse` (the
 * wait for the client's answer to the settings request once parsed: the request is sent before
 * the parse), `validation`, `publish` (writing the diagnostics until the client has read them).
 * Both clocks are the system's (performance.timeOrigin), so the marks compare across processes.
 */
function openPhases(marks: ReadonlyMap<string, number>, sent: number, total: number): Figures | null {
  const at = (name: string): number | undefined => (marks.has(name) ? marks.get(name)! - sent : undefined);
  const received = at('received');
  const parsed = at('parsed');
  const settled = at('settings');
  const validated = at('validated');
  if (received === undefined || parsed === undefined || settled === undefined || validated === undefined) return null;
  return {
    total: round(total),
    transport: round(received),
    parse: round(parsed - received),
    settingsAfterParse: round(settled - parsed),
    validation: round(validated - settled),
    publish: round(total - validated),
  };
}

/** Lines holding a rule, for edits and hovers on a path. */
function ruleLines(doc: RobotsDocument): number[] {
  const out: number[] = [];
  doc.lines.forEach((l, i) => {
    if (l.directive.kind === 'rule' && l.text.length > 12) out.push(i);
  });
  return out;
}

/**
 * The heap of a fresh server with no document, after a full collection: what the heap figures are
 * counted from. Measured in a server of its own, so that no collection is forced in a server
 * before it opens the file, as no editor forces one: a forced collection sizes V8's old
 * generation from the empty server's heap (overriding the launch flags' threshold, launch.ts),
 * and the open that follows collects while it runs.
 */
async function emptyServerHeap(): Promise<number> {
  const s = await startServer(false);
  const heap = await s.heap();
  await s.close();
  return heap;
}

/** didOpen → diagnostics of `text` in the fresh server `s`, as an editor opens a file. */
async function firstOpen(s: Server, uri: string, text: string): Promise<{ ms: number; sent: number; diagnostics: PublishDiagnosticsParams }> {
  const sent = performance.now();
  const opened = s.diagnostics(uri, 1);
  await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text } });
  const diagnostics = await opened;
  return { ms: performance.now() - sent, sent, diagnostics };
}

/** The open in `n` more fresh servers, each closed after it (the figure is a median, as the floors'). */
async function moreFirstOpens(text: string, n: number): Promise<number[]> {
  const runs: number[] = [];
  for (let r = 0; r < n; r++) {
    const s = await startServer(false);
    runs.push((await firstOpen(s, 'file:///bench/robots.txt', text)).ms);
    await s.close();
  }
  return runs;
}

async function lspPush(text: string, bytes: number, heapBefore: number): Promise<Figures> {
  const s = await startServer(false);
  const uri = 'file:///bench/robots.txt';
  const doc = parseDocument(uri, 1, text);
  const rules = ruleLines(doc);
  const lineLength = doc.lines.map((l) => l.text.length);

  const { ms: open, sent, diagnostics: first } = await firstOpen(s, uri, text);
  const phases = openPhases(s.phases(), performance.timeOrigin + sent, open);
  let t0: number;
  const openPayload = JSON.stringify(first.diagnostics).length;
  const heapOpen = await s.heap();

  const hoverAt = (): { line: number; character: number } => {
    const line = rules[random(rules.length)];
    return { line, character: Math.min(lineLength[line], 12) };
  };
  const hover = async (): Promise<number> => {
    const h0 = performance.now();
    await s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: hoverAt() });
    return performance.now() - h0;
  };
  const firstHover = await hover();
  const warm: number[] = [];
  for (let k = 0; k < HOVERS; k++) warm.push(await hover());
  // With the engine's indexes built for hover: the state to compare after the edits.
  const heapHovered = await s.heap();

  let version = 1;
  const edit = async (): Promise<void> => {
    const line = rules[random(rules.length)];
    const at = { line, character: Math.min(lineLength[line], 20) };
    lineLength[line]++;
    await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: [{ range: { start: at, end: at }, text: 'x' }] });
  };
  const edits: number[] = [];
  let editPayload = 0;
  let editCount = 0;
  for (let k = 0; k < EDITS_TIMED; k++) {
    t0 = performance.now();
    const next = s.diagnostics(uri, version + 1);
    await edit();
    const d = await next;
    edits.push(performance.now() - t0);
    editPayload = JSON.stringify(d.diagnostics).length;
    editCount = d.diagnostics.length;
  }
  const afterEdit: number[] = [];
  for (let k = 0; k < HOVERS; k++) {
    const published = s.diagnostics(uri, version + 1);
    await edit();
    afterEdit.push(await hover());
    await published;
  }
  // Up to 1,000 edits in all, in bursts of 25 (typing faster than the server answers).
  while (version - 1 < EDITS_MEMORY) {
    const burst = Math.min(25, EDITS_MEMORY - (version - 1));
    const published = s.diagnostics(uri, version + burst);
    for (let k = 0; k < burst; k++) await edit();
    await published;
  }
  // Enter at the start of a rule line, then the line removed again: a line added or removed
  // (the model is built again; the text ends as it was).
  const lineEdits: number[] = [];
  for (let k = 0; k < 20; k++) {
    const line = rules[random(rules.length)];
    for (const change of [
      { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: '\n' },
      { range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: '' },
    ]) {
      t0 = performance.now();
      const next = s.diagnostics(uri, version + 1);
      await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: [change] });
      await next;
      lineEdits.push(performance.now() - t0);
    }
  }
  // A hover sent right after a line is added (Enter at the start of a rule line) or removed
  // again: the engine's indexes are moved to the new line numbers, not built again.
  const afterLineEdit: number[] = [];
  for (let k = 0; k < 20; k++) {
    const line = rules[random(rules.length)];
    for (const change of [
      { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: '\n' },
      { range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: '' },
    ]) {
      const published = s.diagnostics(uri, version + 1);
      await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: [change] });
      const h0 = performance.now();
      await s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: line + 2, character: Math.min(lineLength[line + 1] ?? 12, 12) } });
      afterLineEdit.push(performance.now() - h0);
      await published;
    }
  }
  await hover();
  const heapEdits = await s.heap();
  // Typing with two cursors far apart (multi-cursor editing, Ctrl+D across the file): each
  // keystroke one didChange of two changes, the later position first as VS Code sends them, at
  // rule lines in the first and last fifth of the file. 20 places, 5 characters each, then a hover
  // (20 hovers: a 95th percentile of 8 was their slowest, one pause of either process).
  const twoCursors: number[] = [];
  const hoverAfterTwoCursors: number[] = [];
  const fifth = Math.max(1, Math.floor(rules.length / 5));
  for (let k = 0; k < 20; k++) {
    const lines = [rules[random(fifth)], rules[rules.length - 1 - random(fifth)]];
    for (let c = 0; c < 5; c++) {
      const changes = lines.slice().reverse().map((line) => {
        const at = { line, character: Math.min(lineLength[line], 20) };
        lineLength[line]++;
        return { range: { start: at, end: at }, text: 'x' };
      });
      t0 = performance.now();
      const next = s.diagnostics(uri, version + 1);
      await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: changes });
      await next;
      twoCursors.push(performance.now() - t0);
    }
    // Then a hover on the first cursor's line, as when the typing ends.
    const h0 = performance.now();
    await s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: lines[0], character: 12 } });
    hoverAfterTwoCursors.push(performance.now() - h0);
  }
  // Enter, then Delete Line, with two cursors far apart (lines added and removed at two places a
  // keystroke: the caches a hover reads are moved through two regions, not the lines between).
  // 20 places: Enter three times at the start of both rule lines, a hover on the first, the three
  // blank lines deleted again (the text ends as it was), a hover (40 hovers: a 95th percentile of
  // 16 was their slowest).
  const twoCursorLines: number[] = [];
  const hoverAfterTwoCursorLines: number[] = [];
  const enterAt = (line: number) => ({ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: '\n' });
  const deleteLine = (line: number) => ({ range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: '' });
  const keystroke = async (changes: unknown[]): Promise<void> => {
    t0 = performance.now();
    const next = s.diagnostics(uri, version + 1);
    await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: changes });
    await next;
    twoCursorLines.push(performance.now() - t0);
  };
  const hoverLine = async (line: number): Promise<void> => {
    const h0 = performance.now();
    await s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line, character: 12 } });
    hoverAfterTwoCursorLines.push(performance.now() - h0);
  };
  for (let k = 0; k < 20; k++) {
    const a = rules[random(fifth)];
    const b = rules[rules.length - 1 - random(fifth)];
    // Each Enter moves the first cursor's line down one, and the second's two.
    for (let c = 0; c < 3; c++) await keystroke([enterAt(b + 2 * c), enterAt(a + c)]);
    await hoverLine(a + 3);
    for (let c = 0; c < 3; c++) await keystroke([deleteLine(b + 3 - c), deleteLine(a)]);
    await hoverLine(a);
  }
  // Two rules typed at one place, Enter and each character a version with no query between them
  // (86 versions), then a hover on the second: the engine's indexes are carried through all
  // those versions, not built again (they were, past 64 versions, until a document remembered
  // the steps of at least 1,024). Five places; the lines stay (the file is reopened below).
  const afterTyping: number[] = [];
  const typed = ['Disallow: /typed/one/and/a/longer/path/here/', 'Allow: /typed/one/and/a/longer/path/here/ok$'];
  for (let k = 0; k < 5; k++) {
    const line = rules[random(rules.length)];
    const published = s.diagnostics(uri, version + typed.reduce((n, r) => n + 1 + r.length, 0));
    for (const rule of typed) {
      await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: '\n' }] });
      for (let c = 0; c < rule.length; c++) {
        await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: [{ range: { start: { line, character: c }, end: { line, character: c } }, text: rule[c] }] });
      }
    }
    await published;
    const h0 = performance.now();
    await s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line, character: 12 } });
    afterTyping.push(performance.now() - h0);
  }
  // The warm hovers above are the first hundred after the open, when the code a hover runs is
  // still being compiled by the engine (their tail is that compiling, and the collections and
  // scheduling around it): the same hovers once the server has answered WARMING_HOVERS more.
  for (let k = 0; k < WARMING_HOVERS; k++) await hover();
  const compiled: number[] = [];
  for (let k = 0; k < COMPILED_HOVERS; k++) compiled.push(await hover());
  // The same file closed and opened again in this server, whose code is warm by now (an editor
  // reopening a file, or opening a second one): median of 3.
  const reopens: number[] = [];
  for (let r = 0; r < 3; r++) {
    await s.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
    t0 = performance.now();
    const again = s.diagnostics(uri, ++version);
    await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version, text } });
    await again;
    reopens.push(performance.now() - t0);
  }
  await s.close();
  const opens = [open, ...(await moreFirstOpens(text, 2))];
  return {
    didOpenToDiagnostics: round(percentile(opens, 50)),
    didOpenRuns: opens.map((x) => round(x)),
    openPhases: phases,
    didOpenAgainToDiagnostics: { median: round(percentile(reopens, 50)), runs: reopens.map((x) => round(x)) },
    diagnosticsOnOpen: first.diagnostics.length,
    payloadBytesOnOpen: openPayload,
    editToDiagnostics: summary(edits),
    lineAddedOrRemovedToDiagnostics: summary(lineEdits),
    twoCursorsFarApartToDiagnostics: summary(twoCursors),
    twoCursorsLinesFarApartToDiagnostics: summary(twoCursorLines),
    hoverAfterTwoCursorsLinesFarApart: summary(hoverAfterTwoCursorLines),
    hoverAfterTwoCursorsFarApart: summary(hoverAfterTwoCursors),
    diagnosticsAfterEdit: editCount,
    payloadBytesAfterEdit: editPayload,
    firstHover: round(firstHover),
    hover: summary(warm),
    hoverOnceCompiled: summary(compiled),
    hoverAfterEdit: summary(afterEdit),
    hoverAfterLineAddedOrRemoved: summary(afterLineEdit),
    hoverAfterTypingTwoRules: summary(afterTyping),
    memory: {
      baselineHeapMiB: round(heapBefore / 1048576),
      heapPerInputByteAfterOpen: round((heapOpen - heapBefore) / bytes),
      heapPerInputByteAfterHovers: round((heapHovered - heapBefore) / bytes),
      heapPerInputByteAfter1000EditsAndAHover: round((heapEdits - heapBefore) / bytes),
    },
  };
}

/**
 * What any language server pays to open this file, measured the same way as ours: didOpen →
 * diagnostics through a server on the same library that analyses nothing (floorServer.ts), the
 * first open of a fresh process, median of 3. What our didOpen figure adds to it is the analysis.
 */
/**
 * didOpen → diagnostics through three fresh floor servers of `kind` (floorServer.ts), each the
 * first open of its process: their median, the runs, and what the last one published.
 */
async function floorOpens(text: string, kind: FloorKind, peerModule?: string): Promise<{ didOpenToDiagnostics: number; runs: number[]; published: string }> {
  const runs: number[] = [];
  let published = '';
  for (let r = 0; r < 3; r++) {
    const { ms, message } = await floorOpen(text, kind, undefined, peerModule);
    runs.push(ms);
    published = message;
  }
  return { didOpenToDiagnostics: round(percentile(runs, 50)), runs: runs.map((x) => round(x)), published };
}

async function transportFloor(text: string): Promise<Figures> {
  const { didOpenToDiagnostics, runs } = await floorOpens(text, 'transport');
  // HOVERS hovers on rule lines, as the push run's warm hovers (their answer about as long as ours).
  const rules = ruleLines(parseDocument('file:///floor/robots.txt', 1, text));
  const hovers = await floorHovers(text, HOVERS, () => ({ line: rules[random(rules.length)], character: 12 }));
  return { didOpenToDiagnostics, runs, hover: summary(hovers) };
}

/**
 * The least any server answering the diagnostics can take to open this file, measured the
 * same way: the transport floor's server that also finds every line's field and the rules
 * repeated in the file, and nothing else (floorServer.ts, `scan`); first open of a fresh process,
 * median of 3. Its ratio to the peer's parse is the best the didOpen goal's ratio could be.
 */
function scanFloor(text: string): Promise<Figures> {
  return floorOpens(text, 'scan');
}

/**
 * The same open through a server built on the peer (floorServer.ts, `peer`): robots-parser parses
 * the text on didOpen, and nothing else is done; first open of a fresh process, median of 3. Our
 * open beside it is like with like: what a user waits for in either server.
 */
function peerServer(text: string, peerModule: string): Promise<Figures> {
  return floorOpens(text, 'peer', peerModule);
}

async function lspPull(text: string, bytes: number, heapBefore: number): Promise<Figures> {
  const s = await startServer(true);
  const uri = 'file:///bench/robots.txt';
  const pull = (previousResultId?: string): Promise<{ kind: string; resultId?: string; items?: Diagnostic[] }> =>
    s.conn.sendRequest('textDocument/diagnostic', { textDocument: { uri }, ...(previousResultId ? { previousResultId } : {}) });
  let t0 = performance.now();
  await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text } });
  const first = await pull();
  const open = performance.now() - t0;
  t0 = performance.now();
  const again = await pull(first.resultId);
  const unchanged = performance.now() - t0;
  const doc = parseDocument(uri, 1, text);
  const rules = ruleLines(doc);
  // A person reaches for a hover a moment after the file opens: by then the server has built what
  // it asks (prepareAnswersSteps, after 400 ms of quiet). The first hover after a 1.5 s pause, and
  // the heap then (the push run's firstHover is the one sent right after the diagnostics).
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const heapPrepared = await s.heap();
  t0 = performance.now();
  await s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: rules[random(rules.length)], character: 12 } });
  const firstHoverAfterPause = performance.now() - t0;
  const times: number[] = [];
  let resultId = first.resultId;
  let kinds = new Set<string>();
  for (let k = 0; k < 50; k++) {
    const line = rules[random(rules.length)];
    const at = { line, character: 8 };
    t0 = performance.now();
    await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: k + 2 }, contentChanges: [{ range: { start: at, end: at }, text: 'x' }] });
    const r = await pull(resultId);
    times.push(performance.now() - t0);
    resultId = r.resultId;
    kinds = kinds.add(r.kind);
  }
  await s.close();
  return {
    didOpenToDiagnostics: round(open),
    firstHoverAfterPause: round(firstHoverAfterPause),
    heapPerInputByteAfterOpenAndPause: round((heapPrepared - heapBefore) / bytes),
    repeatedPull: { ms: round(unchanged), kind: again.kind },
    editToDiagnostics: summary(times),
    editReportKinds: [...kinds],
  };
}

/**
 * Code actions as VS Code asks for them (issue 13): the refactorings listed on a rule line (titles
 * only: conversions are resolved when picked), then `codeAction/resolve` of the first conversion
 * (one line converted and its verdicts checked). Median of the listings, each resolve.
 */
async function lspCodeActions(text: string): Promise<Figures> {
  const s = await startServer(false, {
    textDocument: { codeAction: { dataSupport: true, resolveSupport: { properties: ['edit'] }, codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor.rewrite'] } } } },
    workspace: { workspaceEdit: { documentChanges: true, changeAnnotationSupport: {} } },
  });
  const uri = 'file:///bench/robots.txt';
  const opened = s.diagnostics(uri, 1);
  await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text } });
  await opened;
  const rules = ruleLines(parseDocument(uri, 1, text));
  const listings: number[] = [];
  const resolves: { title: string; ms: number; edit: boolean }[] = [];
  // A hover on the open file right after each resolve: the conversion's verification edited it
  // into a version of its own, which took the indexes the hover reads.
  const hoversAfter: number[] = [];
  for (let k = 0; k < 5; k++) {
    const line = rules[random(rules.length)];
    let t0 = performance.now();
    const actions: { title: string; kind?: string; edit?: unknown }[] = await s.conn.sendRequest('textDocument/codeAction', {
      textDocument: { uri }, range: { start: { line, character: 0 }, end: { line, character: 0 } }, context: { diagnostics: [], triggerKind: 1 },
    });
    listings.push(performance.now() - t0);
    const first = actions.find((a) => a.kind === 'refactor.rewrite');
    if (!first || k > 3) continue;
    t0 = performance.now();
    const resolved: { title: string; edit?: unknown } = await s.conn.sendRequest('codeAction/resolve', first);
    resolves.push({ title: resolved.title, ms: round(performance.now() - t0), edit: resolved.edit !== undefined });
    t0 = performance.now();
    await s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: rules[random(rules.length)], character: 12 } });
    hoversAfter.push(round(performance.now() - t0));
  }
  await s.close();
  return { codeAction: summary(listings), resolve: resolves, hoverAfterResolve: hoversAfter };
}

// ---------------------------------------------------------------------------------------------
// The service in process

function timeEach(n: number, run: (k: number) => unknown): { p50: number; p95: number; n: number } {
  run(-1);
  const times: number[] = [];
  for (let k = 0; k < n; k++) {
    const t0 = performance.now();
    run(k);
    times.push(performance.now() - t0);
  }
  return summary(times);
}

function service(text: string): Figures {
  const doc = parseDocument('file:///bench/robots.txt', 1, text);
  const rules = ruleLines(doc);
  doValidation(doc);
  const agents = ['Googlebot', 'GPTBot', '*', 'Bingbot'];
  let t0 = performance.now();
  explain(doc, { agent: 'Googlebot', path: '/' });
  const firstExplain = performance.now() - t0;
  const explainQuery = timeEach(200, (k) => {
    const line = doc.lines[rules[random(rules.length)]];
    const d = line.directive;
    const p = d.kind === 'rule' ? line.text.slice(d.pattern.start, d.pattern.end).replace(/[*$]/g, '') || '/' : '/';
    explain(doc, { agent: agents[Math.abs(k) % agents.length], path: p, usage: k % 2 ? 'index' : 'crawl' });
  });
  const completion = timeEach(50, () => doComplete(doc, { line: rules[random(rules.length)], character: 3 }));
  const full = timeEach(5, () => getSemanticTokens(doc));
  const visible = timeEach(50, () => {
    const start = random(doc.lines.length);
    getSemanticTokensRange(doc, { start: { line: start, character: 0 }, end: { line: start + 60, character: 0 } });
  });
  // A delta after a one-character edit, against the previous full result.
  let prev = getSemanticTokens(doc);
  let current = doc;
  let deltaEdits = 0;
  const delta = timeEach(20, (k) => {
    const line = rules[random(rules.length)];
    current = updateDocument(current, [{ range: { start: { line, character: 8 }, end: { line, character: 8 } }, text: 'x' }], k + 10);
    const next = getSemanticTokens(current);
    deltaEdits = semanticTokensDelta(prev.data, next.data).length;
    prev = next;
  });
  t0 = performance.now();
  getModel(parseDocument('file:///bench/again.txt', 1, text));
  const parseAndModel = performance.now() - t0;
  return {
    parseAndModel: round(parseAndModel),
    firstExplain: round(firstExplain),
    explainQuery,
    completion,
    semanticTokensFull: full,
    semanticTokensRange60Lines: visible,
    semanticTokensFullPlusDelta: { ...delta, editsInLastDelta: deltaEdits },
  };
}

/**
 * The costliest walk regionsChangedSince makes (syntax/document.ts): 2,048 lines added 20 lines
 * apart down a file of 60,000 rules, each its own step, then the regions since the first
 * version asked for, newest step first — every step before all the regions met so far, so each
 * moves them all (O(steps × regions) integer operations, 2 million).
 */
function regionWalkWorst(): Figures {
  const lines = ['User-agent: *'];
  for (let i = 0; i < 60_000; i++) lines.push(`Disallow: /p${i}/`);
  const start = parseDocument('file:///bench/walk.txt', 1, lines.join('\n'));
  serialOf(start);
  let doc = start;
  for (let k = 0; k < 2048; k++) {
    const line = 10 + 20 * k;
    doc = updateDocument(doc, [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: '\n' }], doc.version + 1);
  }
  const t0 = performance.now();
  const regions = regionsChangedSince(doc, start)?.length ?? 0;
  return { steps: 2048, regions, ms: round(performance.now() - t0) };
}

function corpusThroughput(fallback: string): Figures {
  // The corpus's real/ folder: $ROBOTS_ACAP_CORPUS/real, else the repository's sample.
  const env = process.env.ROBOTS_ACAP_CORPUS;
  const dir = env ? path.join(env, 'real') : path.join(ROOT, 'test/corpus/real');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.txt')).map((f) => path.join(dir, f)) : [];
  const texts = files.length ? files.map((f) => decodeUtf8(readFileSync(f)).text) : [fallback];
  const bytes = files.length ? files.reduce((n, f) => n + statSync(f).size, 0) : Buffer.byteLength(fallback);
  for (const t of texts.slice(0, 100)) doValidation(parseDocument('file:///warm', 1, t));
  const t0 = performance.now();
  let problems = 0;
  for (let i = 0; i < texts.length; i++) problems += doValidation(parseDocument(`file:///c/${i}`, 1, texts[i]), { maxProblems: 1e9 }).length;
  const ms = performance.now() - t0;
  return { files: texts.length, mb: round(bytes / 1e6), ms: round(ms), mbPerSecond: round(bytes / 1e6 / (ms / 1000)), problems, source: files.length ? dir : 'the bench file' };
}

async function main(): Promise<void> {
  const file = chooseFile();
  const peer = loadPeer(ROOT);
  const peerFigures = peer ? peerParse(peer.parse, file.text) : undefined;
  const peerCold = peer ? await peerColdParse(peer.module, file.text) : undefined;
  const heapBefore = await emptyServerHeap();
  const push = await lspPush(file.text, file.bytes, heapBefore);
  const pulled = await lspPull(file.text, file.bytes, heapBefore);
  const actions = await lspCodeActions(file.text);
  const floor = await transportFloor(file.text);
  const scanned = await scanFloor(file.text);
  const peerServed = peer ? await peerServer(file.text, peer.module) : undefined;
  const ratios = peerFigures
    ? {
      didOpenToDiagnostics: round((push.didOpenToDiagnostics as number) / peerFigures.median, 3),
      editToDiagnosticsP95: round((push.editToDiagnostics as { p95: number }).p95 / peerFigures.median, 3),
      hoverP95: round((push.hover as { p95: number }).p95 / peerFigures.median, 3),
      hoverOnceCompiledP95: round((push.hoverOnceCompiled as { p95: number }).p95 / peerFigures.median, 3),
      hoverAfterEditP95: round((push.hoverAfterEdit as { p95: number }).p95 / peerFigures.median, 3),
      hoverAfterLineAddedOrRemovedP95: round((push.hoverAfterLineAddedOrRemoved as { p95: number }).p95 / peerFigures.median, 3),
      lineAddedOrRemovedP95: round((push.lineAddedOrRemovedToDiagnostics as { p95: number }).p95 / peerFigures.median, 3),
      twoCursorsFarApartP95: round((push.twoCursorsFarApartToDiagnostics as { p95: number }).p95 / peerFigures.median, 3),
      hoverAfterTwoCursorsLinesFarApartP95: round((push.hoverAfterTwoCursorsLinesFarApart as { p95: number }).p95 / peerFigures.median, 3),
      firstHover: round((push.firstHover as number) / peerFigures.median, 3),
      codeActionP50: round((actions.codeAction as { p50: number }).p50 / peerFigures.median, 3),
      transportFloorDidOpen: round((floor.didOpenToDiagnostics as number) / peerFigures.median, 3),
      transportFloorHoverP95: round((floor.hover as { p95: number }).p95 / peerFigures.median, 3),
      scanFloorDidOpen: round((scanned.didOpenToDiagnostics as number) / peerFigures.median, 3),
      // Like with like, beside the goal's ratio (a cold open against the peer's warm parse): the
      // first open against the peer's first parse in a fresh process, and an open in a warm
      // server against its warm parse.
      didOpenToPeerColdParse: peerCold ? round((push.didOpenToDiagnostics as number) / peerCold.median, 3) : null,
      didOpenAgainToDiagnostics: round((push.didOpenAgainToDiagnostics as { median: number }).median / peerFigures.median, 3),
      didOpenToPeerServerOpen: peerServed ? round((push.didOpenToDiagnostics as number) / (peerServed.didOpenToDiagnostics as number), 3) : null,
      goals: { didOpenToDiagnostics: 1, editToDiagnosticsP95: 0.1, hoverP95: 0.05, hoverAfterEditP95: 0.1, codeActionP50: 1 },
    }
    : { note: 'robots-parser is not installed: `npm i robots-parser@3.0.1` in a folder outside the repository and set ROBOTS_ACAP_PEER to it' };
  const out = {
    machine: { cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, memoryGiB: round(os.totalmem() / 2 ** 30, 1), node: process.version, platform: `${os.platform()} ${os.release()}` },
    file: { name: file.name, bytes: file.bytes, lines: file.text.split('\n').length },
    peer: peerFigures ? { name: 'robots-parser@3.0.1', parseMs: peerFigures.median, runs: peerFigures.runs, coldParseMs: peerCold?.median, coldRuns: peerCold?.runs } : null,
    ratios,
    lsp: { push, pull: pulled, codeActions: actions, transportFloor: floor, scanFloor: scanned, peerServer: peerServed ?? null },
    service: service(file.text),
    regionWalkWorst: regionWalkWorst(),
    corpus: corpusThroughput(file.text),
    unit: 'ms unless named otherwise',
  };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
