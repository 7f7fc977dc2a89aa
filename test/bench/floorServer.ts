/**
 * The benches' floor: a language server on the same library as ours (vscode-languageserver) that
 * does nothing with the text. On every didOpen and didChange it publishes one diagnostic, on the
 * first line, for the version received. Timed like ours, it measures what any server built this
 * way pays for a round trip: the client's writing of the message, the pipe, the server's reading,
 * decoding and JSON parsing, and the answer's way back. Whatever a figure of ours adds to it is
 * the analysis (and keeping the text up to date). Not a test: nothing here asserts a time.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';

let script: string | undefined;

/** The floor server's script, written once per process to the temporary folder. */
function floorScript(): string {
  if (script) return script;
  script = path.join(os.tmpdir(), `robots-acap-bench-floor-${process.pid}.cjs`);
  writeFileSync(script, [
    `const { createConnection, ProposedFeatures, TextDocumentSyncKind } = require(${JSON.stringify(require.resolve('vscode-languageserver/node'))});`,
    'const connection = createConnection(ProposedFeatures.all);',
    'connection.onInitialize(() => ({ capabilities: { textDocumentSync: TextDocumentSyncKind.Incremental } }));',
    "const publish = ({ uri, version }) => connection.sendDiagnostics({ uri, version, diagnostics: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, message: 'floor' }] });",
    'connection.onDidOpenTextDocument(({ textDocument }) => publish(textDocument));',
    'connection.onDidChangeTextDocument(({ textDocument }) => publish(textDocument));',
    'connection.listen();',
  ].join('\n'));
  return script;
}

export interface Floor {
  readonly conn: MessageConnection;
  /** Resolves with the first diagnostics published for `uri` at `version` or later. */
  diagnostics(uri: string, version: number): Promise<void>;
  close(): Promise<void>;
}

/** A fresh floor server, initialised. */
export async function startFloor(): Promise<Floor> {
  const child = spawn(process.execPath, [floorScript(), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin?.on('error', () => undefined);
  const conn = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const waiting: { uri: string; version: number; resolve: () => void }[] = [];
  conn.onNotification('textDocument/publishDiagnostics', (p: { uri: string; version?: number }) => {
    for (let i = waiting.length - 1; i >= 0; i--) {
      if (waiting[i].uri === p.uri && (p.version ?? 0) >= waiting[i].version) waiting.splice(i, 1)[0].resolve();
    }
  });
  conn.listen();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
  await conn.sendNotification('initialized', {});
  return {
    conn,
    diagnostics: (uri, version) => new Promise((resolve) => waiting.push({ uri, version, resolve })),
    close: async () => {
      await conn.sendRequest('shutdown');
      await conn.sendNotification('exit');
      conn.dispose();
      child.kill();
    },
  };
}

/** didOpen → diagnostics through a fresh floor server: the first open of the process. */
export async function floorOpen(text: string, uri = 'file:///floor/robots.txt'): Promise<number> {
  const floor = await startFloor();
  try {
    const published = floor.diagnostics(uri, 1);
    const t0 = performance.now();
    await floor.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text } });
    await published;
    return performance.now() - t0;
  } finally {
    await floor.close();
  }
}

/**
 * One-character edits → diagnostics through a floor server that has `text` open: the time of
 * each, for edits at the positions `at` gives.
 */
export async function floorTyping(text: string, edits: number, at: () => { line: number; character: number }, uri = 'file:///floor/robots.txt'): Promise<number[]> {
  const floor = await startFloor();
  try {
    const opened = floor.diagnostics(uri, 1);
    await floor.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text } });
    await opened;
    const times: number[] = [];
    for (let version = 2; version < edits + 2; version++) {
      const p = at();
      const published = floor.diagnostics(uri, version);
      const t0 = performance.now();
      await floor.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range: { start: p, end: p }, text: 'x' }] });
      await published;
      times.push(performance.now() - t0);
    }
    return times;
  } finally {
    await floor.close();
  }
}
