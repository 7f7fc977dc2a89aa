/**
 * The benches' floors: language servers on the same library as ours (vscode-languageserver), each
 * publishing one diagnostic, on the first line, for the version received, on every didOpen and
 * didChange, started with the same Node flags as ours (server/src/launch.ts). Timed like ours, they
 * bound from below what a figure of ours can be:
 *
 * - `transport` does nothing with the text: what any server built this way pays for a round
 *   trip (the client's writing of the message, the pipe, the server's reading, decoding and JSON
 *   parsing, the answer's way back). Whatever a figure of ours adds to it is the analysis.
 *   It answers a hover with a fixed answer of HOVER_ANSWER_CHARS characters (about the size of
 *   ours on a rule line of the largest real file), so that a hover's round trip has a floor too.
 * - `scan` (didOpen only) also does the least that any server answering issue 13's diagnostics
 *   must do with the text: find each line's end, its field name and value, and the rules repeated
 *   in the file (one map of patterns; the check the issue names). Line ends, colons and comments
 *   are found by the engine's own indexOf, each search resumed where the last one stopped, so
 *   the scan is linear and no character is read in JavaScript but around the separators. It
 *   checks nothing else and builds nothing to answer an edit or a hover with.
 * - `peer` (didOpen only) parses the text with the peer, robots-parser, and publishes what its
 *   parse answers for the site's root: a server built on the peer, as a robots.txt extension
 *   without analyses of its own could be. Our open beside it is like with like, each the first
 *   open of a fresh server; the goal's ratio sets a cold open beside the peer's warm parse.
 *
 * Not a test: nothing here asserts a time.
 */
import { spawn } from 'node:child_process';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { SERVER_NODE_ARGS } from '../../server/src/launch';
import { scratchFile } from './scratch';

export type FloorKind = 'transport' | 'scan' | 'peer';

/**
 * The `peer` floor's work on a didOpen: robots-parser's parse of the text (`robotsParser`, required
 * from the path the bench loaded it from), and its answer for the root, so that the parse is used.
 */
const PEER_PARSE = [
  'function peerParse(text) {',
  '  try {',
  "    const robots = robotsParser('https://example.com/robots.txt', text);",
  "    return robots.isAllowed('https://example.com/', 'Googlebot') ? 'the root is allowed' : 'the root is disallowed';",
  '  } catch (err) {',
  "    return 'the peer failed: ' + err;",
  '  }',
  '}',
];

/**
 * The `scan` floor's work on a didOpen, as the script's source: the count of rules that repeat
 * an earlier one (Allow and Disallow apart), in O(length) over native searches.
 */
export const SCAN = [
  'function scan(text) {',
  '  const allowed = new Map(), disallowed = new Map();',
  '  const n = text.length;',
  "  let repeats = 0, line = 0, start = 0, lf = text.indexOf('\\n'), colon = text.indexOf(':'), hash = text.indexOf('#');",
  '  while (start <= n) {',
  "    if (lf >= 0 && lf < start) lf = text.indexOf('\\n', start);",
  "    if (colon >= 0 && colon < start) colon = text.indexOf(':', start);",
  "    if (hash >= 0 && hash < start) hash = text.indexOf('#', start);",
  '    const end = lf < 0 ? n : lf;',
  '    const contentEnd = hash >= 0 && hash < end ? hash : end;',
  '    if (colon >= 0 && colon < contentEnd) {',
  '      let a = start;',
  '      while (a < colon && (text.charCodeAt(a) === 32 || text.charCodeAt(a) === 9)) a++;',
  '      const first = text.charCodeAt(a) | 32;',
  '      const rules = first === 97 && colon - a === 5 ? allowed : first === 100 && colon - a === 8 ? disallowed : undefined;',
  '      if (rules) {',
  '        let v = colon + 1;',
  '        while (v < contentEnd && (text.charCodeAt(v) === 32 || text.charCodeAt(v) === 9)) v++;',
  '        let w = contentEnd;',
  '        while (w > v && (text.charCodeAt(w - 1) === 32 || text.charCodeAt(w - 1) === 9 || text.charCodeAt(w - 1) === 13)) w--;',
  '        const pattern = text.slice(v, w);',
  '        if (rules.has(pattern)) repeats++;',
  '        else rules.set(pattern, line);',
  '      }',
  '    }',
  '    line++;',
  '    start = end + 1;',
  '  }',
  '  return repeats;',
  '}',
];

/** The length of the floor's answer to a hover. */
export const HOVER_ANSWER_CHARS = 750;

const scripts = new Map<string, string>();

/**
 * A floor server's script, written once per process and kind to the bench's scratch folder;
 * `peerModule` (kind `peer`): where robots-parser is.
 */
function floorScript(kind: FloorKind, peerModule = ''): string {
  let script = scripts.get(kind + peerModule);
  if (script) return script;
  if (kind === 'peer') {
    if (!peerModule) throw new Error('the peer floor needs robots-parser (ROBOTS_ACAP_PEER)');
    require.resolve(peerModule);
  }
  // One file per script: a second peer module must not overwrite the first one's.
  script = scratchFile(`floor-${kind}-${scripts.size}.cjs`, [
    `const { createConnection, ProposedFeatures, TextDocumentSyncKind } = require(${JSON.stringify(require.resolve('vscode-languageserver/node'))});`,
    'const connection = createConnection(ProposedFeatures.all);',
    'connection.onInitialize(() => ({ capabilities: { textDocumentSync: TextDocumentSyncKind.Incremental, hoverProvider: true } }));',
    `const answer = { contents: { kind: 'markdown', value: ${JSON.stringify('x'.repeat(HOVER_ANSWER_CHARS))} } };`,
    'connection.onHover(() => answer);',
    "const publish = ({ uri, version }, message) => connection.sendDiagnostics({ uri, version, diagnostics: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, message }] });",
    ...(kind === 'scan'
      ? [...SCAN, "connection.onDidOpenTextDocument(({ textDocument }) => publish(textDocument, `${scan(textDocument.text)} rules repeated`));"]
      : kind === 'peer'
        ? [`const robotsParser = require(${JSON.stringify(peerModule)});`, ...PEER_PARSE, 'connection.onDidOpenTextDocument(({ textDocument }) => publish(textDocument, peerParse(textDocument.text)));']
        : ["connection.onDidOpenTextDocument(({ textDocument }) => publish(textDocument, 'floor'));"]),
    "connection.onDidChangeTextDocument(({ textDocument }) => publish(textDocument, 'floor'));",
    'connection.listen();',
  ].join('\n'));
  scripts.set(kind + peerModule, script);
  return script;
}

export interface Floor {
  readonly conn: MessageConnection;
  /** Resolves with the first diagnostics published for `uri` at `version` or later. */
  diagnostics(uri: string, version: number): Promise<string>;
  close(): Promise<void>;
}

/** A fresh floor server, initialised. */
export async function startFloor(kind: FloorKind = 'transport', peerModule?: string): Promise<Floor> {
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, floorScript(kind, peerModule), '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdin?.on('error', () => undefined);
  let stderr = '';
  child.stderr?.on('data', (b: Buffer) => { stderr = (stderr + b.toString()).slice(-2000); });
  const conn = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const waiting: { uri: string; version: number; resolve: (message: string) => void }[] = [];
  conn.onNotification('textDocument/publishDiagnostics', (p: { uri: string; version?: number; diagnostics: { message: string }[] }) => {
    for (let i = waiting.length - 1; i >= 0; i--) {
      if (waiting[i].uri === p.uri && (p.version ?? 0) >= waiting[i].version) waiting.splice(i, 1)[0].resolve(p.diagnostics[0]?.message ?? '');
    }
  });
  conn.listen();
  // A server that dies (a script that throws as it loads) ends the bench with its exit status,
  // not a wait for an answer that never comes.
  const died = new Promise<never>((_, reject) => {
    child.once('exit', (code, signal) => {
      // Node's report of an uncaught error: where, the line, a caret, then the error itself.
      const lines = stderr.split('\n');
      const error = lines.find((l) => /^\w*Error\b/.test(l)) ?? lines.find((l) => l.trim()) ?? '';
      reject(new Error(`the ${kind} floor server exited (${signal ?? code}): ${error} (${lines[0]})`));
    });
  });
  // Its exit at close is expected: only a wait raced against it hears of it.
  died.catch(() => undefined);
  await Promise.race([conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} }), died]);
  await conn.sendNotification('initialized', {});
  return {
    conn,
    diagnostics: (uri, version) => Promise.race([new Promise<string>((resolve) => waiting.push({ uri, version, resolve })), died]),
    close: async () => {
      // A server that died meanwhile answers nothing (its exit ends the wait), and a connection
      // closed with it refuses to send: either way it is closed, and the open's error stands.
      try {
        await Promise.race([conn.sendRequest('shutdown'), died]);
        await conn.sendNotification('exit');
      } catch {
        // gone already
      }
      conn.dispose();
      child.kill();
    },
  };
}

/**
 * didOpen → diagnostics through a fresh floor server of `kind`: the first open of the process, and
 * the message it published.
 */
export async function floorOpen(text: string, kind: FloorKind = 'transport', uri = 'file:///floor/robots.txt', peerModule?: string): Promise<{ readonly ms: number; readonly message: string }> {
  const floor = await startFloor(kind, peerModule);
  try {
    const published = floor.diagnostics(uri, 1);
    const t0 = performance.now();
    await floor.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text } });
    const message = await published;
    return { ms: performance.now() - t0, message };
  } finally {
    await floor.close();
  }
}

/**
 * A floor server with `text` open, then `count` steps one after another, each timed (a step is
 * one request or edit, awaited to its answer or diagnostics).
 */
async function timedWithOpen(text: string, uri: string, count: number, step: (floor: Floor, k: number) => Promise<void>): Promise<number[]> {
  const floor = await startFloor();
  try {
    const opened = floor.diagnostics(uri, 1);
    await floor.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text } });
    await opened;
    const times: number[] = [];
    for (let k = 0; k < count; k++) {
      const t0 = performance.now();
      await step(floor, k);
      times.push(performance.now() - t0);
    }
    return times;
  } finally {
    await floor.close();
  }
}

/**
 * One-character edits → diagnostics through a floor server that has `text` open: the time of
 * each, for edits at the positions `at` gives.
 */
export function floorTyping(text: string, edits: number, at: () => { line: number; character: number }, uri = 'file:///floor/robots.txt'): Promise<number[]> {
  return timedWithOpen(text, uri, edits, async (floor, k) => {
    const version = k + 2;
    const p = at();
    const published = floor.diagnostics(uri, version);
    await floor.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range: { start: p, end: p }, text: 'x' }] });
    await published;
  });
}

/**
 * Hovers through a transport floor server that has `text` open: the round trip of each, at the
 * positions `at` gives, one after another (the server answers each with the same fixed text).
 */
export function floorHovers(text: string, hovers: number, at: () => { line: number; character: number }, uri = 'file:///floor/robots.txt'): Promise<number[]> {
  return timedWithOpen(text, uri, hovers, async (floor) => {
    await floor.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: at() });
  });
}
