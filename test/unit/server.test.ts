/**
 * The built server (dist/server.js) driven over stdio by a plain JSON-RPC client, as any LSP
 * client would: push diagnostics for clients without pull support, pull diagnostics for those
 * with it, incremental edits, per-code settings, and survival of hostile documents.
 */
import * as assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import {
  createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection,
} from 'vscode-jsonrpc/node';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';

const SERVER = path.resolve(__dirname, '../../dist/server.js');

interface Session {
  readonly conn: MessageConnection;
  readonly child: ChildProcess;
  /** Resolves with the next diagnostics published for `uri` that satisfy `accept`. */
  nextDiagnostics(uri: string, accept?: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams>;
  close(): Promise<void>;
}

async function start(capabilities: object, configuration: unknown = {}): Promise<Session> {
  assert.ok(existsSync(SERVER), 'run `npm run build` first: dist/server.js is missing');
  const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const conn = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const waiting: { uri: string; accept: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    const i = waiting.findIndex((w) => w.uri === p.uri && w.accept(p));
    if (i >= 0) waiting.splice(i, 1)[0].resolve(p);
  });
  conn.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => configuration));
  conn.onRequest('client/registerCapability', () => null);
  conn.onRequest('workspace/diagnostic/refresh', () => null);
  conn.onNotification('window/logMessage', () => undefined);
  conn.listen();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities });
  await conn.sendNotification('initialized', {});
  return {
    conn,
    child,
    nextDiagnostics: (uri, accept = () => true) => new Promise((resolve) => waiting.push({ uri, accept, resolve })),
    close: async () => {
      await conn.sendRequest('shutdown');
      await conn.sendNotification('exit');
      conn.dispose();
      child.kill();
    },
  };
}

const codesOf = (ds: readonly Diagnostic[]): string[] => ds.map((d) => String(d.code)).sort();

suite('language server over stdio', () => {
  test('push mode: diagnostics on open and after an incremental edit', async () => {
    const s = await start({ textDocument: { synchronization: {} } });
    try {
      const uri = 'file:///site/robots.txt';
      const opened = s.nextDiagnostics(uri);
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text: 'User-agent: *\nDisallow: /private\nACAP-crawler: *\nACAP-allow-present-links: /news/\n' } });
      const first = await opened;
      assert.deepEqual(codesOf(first.diagnostics), ['acap.unknown-usage', 'acap.version-missing']);
      assert.equal(first.version, 1);
      const unknown = first.diagnostics.find((d) => d.code === 'acap.unknown-usage');
      assert.deepEqual(unknown?.range, { start: { line: 3, character: 11 }, end: { line: 3, character: 24 } });

      // Fix the usage with an incremental edit: delete the `s` of `present-links`.
      const fixed = s.nextDiagnostics(uri, (p) => p.version === 2);
      await s.conn.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: 2 },
        contentChanges: [{ range: { start: { line: 3, character: 23 }, end: { line: 3, character: 24 } }, text: '' }],
      });
      const after = await fixed;
      assert.deepEqual(codesOf(after.diagnostics), ['acap.not-ready', 'acap.version-missing']);
    } finally {
      await s.close();
    }
  });

  test('pull mode: textDocument/diagnostic with per-code settings from workspace/configuration', async () => {
    const s = await start(
      { textDocument: { diagnostic: { dynamicRegistration: false } }, workspace: { configuration: true } },
      { diagnostics: { 'acap.version-missing': 'off', 'acap.unknown-usage': 'warning' } },
    );
    try {
      const uri = 'file:///site/b.robots.txt';
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text: 'ACAP-crawler: *\nACAP-allow-presnt: /\n' } });
      const report = await s.conn.sendRequest<{ kind: string; items: Diagnostic[]; resultId: string }>('textDocument/diagnostic', { textDocument: { uri } });
      assert.equal(report.kind, 'full');
      assert.deepEqual(codesOf(report.items), ['acap.unknown-usage']);
      assert.equal(report.items[0].severity, 2, 'severity set to warning by the setting');
      assert.match(report.items[0].message, /Did you mean ‘present’\?/);
      const again = await s.conn.sendRequest<{ kind: string }>('textDocument/diagnostic', { textDocument: { uri }, previousResultId: report.resultId });
      assert.equal(again.kind, 'unchanged');
    } finally {
      await s.close();
    }
  });

  test('survives hostile documents and keeps answering', async () => {
    const s = await start({ textDocument: { synchronization: {} } });
    try {
      const junk = 'junk:///binary.robots.txt';
      const big = 'big:///large.robots.txt';
      const bytes = Array.from({ length: 200_000 }, (_, i) => String.fromCharCode((i * 7919) % 256)).join('');
      const gotJunk = s.nextDiagnostics(junk);
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: junk, languageId: 'robots-txt', version: 1, text: bytes } });
      assert.ok((await gotJunk).diagnostics.length <= 1001, 'problem count is capped');
      // An edit whose range lies far past the end of the document is clamped, not lost.
      const gotEdit = s.nextDiagnostics(junk, (p) => p.version === 2);
      await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri: junk, version: 2 }, contentChanges: [{ range: { start: { line: 999999, character: 5 }, end: { line: 999999, character: 9 } }, text: '\nUser-agent: *\n' }] });
      await gotEdit;
      const gotBig = s.nextDiagnostics(big);
      const line = 'Disallow: /a/very/long/path/segment/that/repeats/' + 'x'.repeat(50) + '\n';
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: big, languageId: 'robots-txt', version: 1, text: 'User-agent: *\n' + line.repeat(Math.ceil((8 * 1024 * 1024) / line.length)) } });
      const bigDiagnostics = (await gotBig).diagnostics;
      assert.ok(bigDiagnostics.some((d) => d.code === 'text.too-large'));
    } finally {
      await s.close();
    }
  });

  test('hover and robotsAcap/explain answer over the wire', async () => {
    const s = await start({ textDocument: { synchronization: {}, hover: { contentFormat: ['markdown'] } } });
    try {
      const uri = 'file:///site/robots.txt';
      const opened = s.nextDiagnostics(uri);
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text: 'User-agent: *\nDisallow: /private/\n' } });
      await opened;
      const hover = await s.conn.sendRequest<{ contents: { kind: string; value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 12 } });
      assert.equal(hover?.contents.kind, 'markdown');
      assert.match(hover?.contents.value ?? '', /Who may use `\/private\/`/);
      const answer = await s.conn.sendRequest<{ allowed: boolean; decidedBy: { line: number }[] } | null>('robotsAcap/explain', { textDocument: { uri }, query: { agent: 'Bingbot', path: '/private/a' } });
      assert.equal(answer?.allowed, false);
      assert.deepEqual(answer?.decidedBy.map((d) => d.line), [2]);
      await assert.rejects(s.conn.sendRequest('robotsAcap/explain', { textDocument: { uri }, query: { agent: 'Bingbot', path: '/', usage: 'eat' } }), /unknown usage/);
      const pastEnd = await s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 4000, character: 9 } });
      assert.equal(pastEnd, null);
    } finally {
      await s.close();
    }
  });

  test('definition, references, rename and completion over the wire', async () => {
    const s = await start({ textDocument: { synchronization: {}, completion: { completionItem: { snippetSupport: true } }, rename: { prepareSupport: true } } });
    try {
      const uri = 'file:///site/robots.txt';
      const text = [
        'ACAP-resource-set: news /news/ /sport/',
        'ACAP-qualified-usage: cache preserve time-limit=until-recrawled',
        'ACAP-composite-usage: basic crawl index (cache)',
        'ACAP-crawler: *',
        'ACAP-allow-(basic): the-acap:resource-set:news',
        'ACAP-disallow-index: the-acap:resource-set:NEWS',
        'ACAP-allow-',
      ].join('\n');
      const opened = s.nextDiagnostics(uri);
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text } });
      await opened;
      type Loc = { uri: string; range: { start: { line: number; character: number } } };
      const def = await s.conn.sendRequest<Loc[]>('textDocument/definition', { textDocument: { uri }, position: { line: 5, character: 44 } });
      assert.deepEqual(def.map((l) => [l.range.start.line, l.range.start.character]), [[0, 19]]);
      const refs = await s.conn.sendRequest<Loc[]>('textDocument/references', { textDocument: { uri }, position: { line: 0, character: 20 }, context: { includeDeclaration: true } });
      assert.deepEqual(refs.map((l) => l.range.start.line).sort(), [0, 4, 5]);
      const qualified = await s.conn.sendRequest<Loc[]>('textDocument/definition', { textDocument: { uri }, position: { line: 2, character: 42 } });
      assert.deepEqual(qualified.map((l) => l.range.start.line), [1], 'a qualified usage named inside a composite definition');
      const edit = await s.conn.sendRequest<{ changes: Record<string, { range: { start: { line: number; character: number } }; newText: string }[]> }>('textDocument/rename', { textDocument: { uri }, position: { line: 1, character: 23 }, newName: 'keep' });
      assert.deepEqual(edit.changes[uri].map((e) => [e.range.start.line, e.range.start.character, e.newText]).sort(), [[1, 22, 'keep'], [2, 41, 'keep']]);
      await assert.rejects(s.conn.sendRequest('textDocument/rename', { textDocument: { uri }, position: { line: 1, character: 23 }, newName: 'basic' }), /basic/);
      const list = await s.conn.sendRequest<{ items: { label: string }[] }>('textDocument/completion', { textDocument: { uri }, position: { line: 6, character: 11 } });
      const labels = list.items.map((i) => i.label);
      for (const l of ['index', 'present-snippet', '(basic)', '(cache)']) assert.ok(labels.includes(l), `completion offers ${l}: ${labels.join(', ')}`);
    } finally {
      await s.close();
    }
  });
});

