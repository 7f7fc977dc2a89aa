/**
 * The built server (dist/server.js) driven over stdio by a plain JSON-RPC client, as any LSP
 * client would: push diagnostics for clients without pull support, pull diagnostics for those
 * with it, incremental edits, per-code settings, and survival of hostile documents.
 */
import * as assert from 'node:assert/strict';
import { fork, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CancellationTokenSource, createMessageConnection, StreamMessageReader, StreamMessageWriter, type Message, type MessageConnection, type ResponseMessage,
} from 'vscode-jsonrpc/node';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { Writable } from 'node:stream';
import { FrameWriter } from '../../server/src/lsp/framing';

const SERVER = path.resolve(__dirname, '../../dist/server.js');

interface Session {
  readonly conn: MessageConnection;
  readonly child: ChildProcess;
  /** What the server wrote to stderr so far. */
  readonly stderr: () => string;
  /** Every publishDiagnostics notification so far. */
  readonly published: () => readonly PublishDiagnosticsParams[];
  /** The messages of window/logMessage so far. */
  readonly logs: () => readonly string[];
  /** Resolves with the next diagnostics published for `uri` that satisfy `accept`. */
  nextDiagnostics(uri: string, accept?: (p: PublishDiagnosticsParams) => boolean): Promise<PublishDiagnosticsParams>;
  close(): Promise<void>;
}

async function start(capabilities: object, configuration: unknown = {}): Promise<Session> {
  assert.ok(existsSync(SERVER), 'run `npm run build` first: dist/server.js is missing');
  const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => { stderr += d.toString('utf8'); });
  const conn = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  const waiting: { uri: string; accept: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  const published: PublishDiagnosticsParams[] = [];
  conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    published.push(p);
    const i = waiting.findIndex((w) => w.uri === p.uri && w.accept(p));
    if (i >= 0) waiting.splice(i, 1)[0].resolve(p);
  });
  conn.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => configuration));
  conn.onRequest('client/registerCapability', () => null);
  conn.onRequest('workspace/diagnostic/refresh', () => null);
  const logs: string[] = [];
  conn.onNotification('window/logMessage', (p: { message: string }) => { logs.push(p.message); });
  conn.listen();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities });
  await conn.sendNotification('initialized', {});
  return {
    conn,
    child,
    stderr: () => stderr,
    published: () => published,
    logs: () => logs,
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

  test('push mode with workspace/configuration: the settings asked on open apply; an edit and a hover sent right after the open read the opened text', async () => {
    const s = await start(
      { textDocument: { synchronization: {} }, workspace: { configuration: true } },
      { diagnostics: { 'acap.version-missing': 'off' } },
    );
    try {
      const uri = 'file:///site/c.robots.txt';
      const edited = s.nextDiagnostics(uri, (p) => p.version === 2);
      // No await between them: the edit reaches the server before anything has read the document.
      void s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text: 'ACAP-crawler: *\nACAP-allow-presnt: /\nACAP-allow-snipet: /\n' } });
      void s.conn.sendNotification('textDocument/didChange', {
        textDocument: { uri, version: 2 },
        contentChanges: [{ range: { start: { line: 1, character: 15 }, end: { line: 1, character: 15 } }, text: 'e' }],
      });
      const hover = await s.conn.sendRequest<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 12 } });
      assert.match(hover?.contents.value ?? '', /present/, `the hover reads the edited line: ${JSON.stringify(hover)}`);
      const after = await edited;
      // Line 2 is now `ACAP-allow-present: /`; line 3 is still unknown; the missing version comment is switched off by the settings.
      assert.deepEqual(after.diagnostics.map((d) => [d.code, d.range.start.line]), [['acap.unknown-usage', 2]]);
      assert.ok(!s.published().some((p) => p.diagnostics.some((d) => d.code === 'acap.version-missing')), 'no diagnostics were published without the settings');
    } finally {
      await s.close();
    }
  });

  test('push mode: settings that come after the server went on without them (3 s) make the diagnostics again', async () => {
    const s = await start({ textDocument: { synchronization: {} }, workspace: { configuration: true } });
    try {
      // A client slow to answer: the settings come 3.5 s after they were asked.
      s.conn.onRequest('workspace/configuration', async (params: { items: unknown[] }) => {
        await new Promise((resolve) => setTimeout(resolve, 3500));
        return params.items.map(() => ({ diagnostics: { 'acap.version-missing': 'off' } }));
      });
      const uri = 'file:///site/slow/robots.txt';
      const first = s.nextDiagnostics(uri);
      const second = s.nextDiagnostics(uri, (p) => !p.diagnostics.some((d) => d.code === 'acap.version-missing'));
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text: 'ACAP-crawler: *\nACAP-allow-crawl: /\n' } });
      assert.deepEqual(codesOf((await first).diagnostics), ['acap.version-missing'], 'the defaults, while the settings had not come');
      assert.deepEqual(codesOf((await second).diagnostics), [], 'the settings, once they came');
    } finally {
      await s.close();
    }
  });

  test('pull mode: settings that come after a pull went on without them (3 s) refresh the diagnostics, and the next pull is not answered "unchanged"', async () => {
    const s = await start({ textDocument: { diagnostic: { dynamicRegistration: false } }, workspace: { configuration: true, diagnostics: { refreshSupport: true } } });
    try {
      // A client slow to answer: the settings come 3.5 s after they were asked.
      s.conn.onRequest('workspace/configuration', async (params: { items: unknown[] }) => {
        await new Promise((resolve) => setTimeout(resolve, 3500));
        return params.items.map(() => ({ diagnostics: { 'acap.version-missing': 'off' } }));
      });
      let refreshed: () => void = () => undefined;
      const refresh = new Promise<void>((resolve) => { refreshed = resolve; });
      s.conn.onRequest('workspace/diagnostic/refresh', () => {
        refreshed();
        return null;
      });
      const uri = 'file:///site/slow-pull/robots.txt';
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text: 'ACAP-crawler: *\nACAP-allow-crawl: /\n' } });
      const first = await s.conn.sendRequest<{ kind: string; items: Diagnostic[]; resultId: string }>('textDocument/diagnostic', { textDocument: { uri } });
      assert.deepEqual(codesOf(first.items), ['acap.version-missing'], 'the defaults, while the settings had not come');
      await refresh;
      const again = await s.conn.sendRequest<{ kind: string; items?: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri }, previousResultId: first.resultId });
      assert.equal(again.kind, 'full', JSON.stringify(again));
      assert.deepEqual(codesOf(again.items ?? []), [], 'the settings, once they came');
    } finally {
      await s.close();
    }
  });

  test('a document replaced whole before anything read it: the diagnostics are the new text\'s', async () => {
    const s = await start({ textDocument: { synchronization: {} } });
    try {
      const uri = 'file:///site/d.robots.txt';
      const replaced = s.nextDiagnostics(uri, (p) => p.version === 2);
      void s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text: 'ACAP-crawler: *\nACAP-allow-presnt: /\n' } });
      void s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: 'User-agent: *\nDisallow /x\n' }] });
      const after = await replaced;
      assert.deepEqual(after.diagnostics.map((d) => [d.code, d.range.start.line]), [['rep.missing-colon', 1]]);
      assert.ok(!s.published().some((p) => p.version === 1), 'the first text, replaced before it was read, is not diagnosed');
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
      // Short, but of more lines than the server parses (600,000 line ends: 0.6 MB).
      const tall = 'tall:///lines.robots.txt';
      const gotTall = s.nextDiagnostics(tall);
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: tall, languageId: 'robots-txt', version: 1, text: 'User-agent: *\n' + '\n'.repeat(600_000) } });
      assert.deepEqual((await gotTall).diagnostics.map((d) => [d.code, /600,002 lines, more than the 262,144/.test(d.message)]), [['text.too-large', true]]);
      assert.equal(await s.conn.sendRequest('textDocument/hover', { textDocument: { uri: tall }, position: { line: 0, character: 3 } }), null);
    } finally {
      await s.close();
    }
  });

  test('robotsAcap/explain answers AI uses through the AI-use engine (issue 14)', async () => {
    const s = await start({ textDocument: { synchronization: {} } });
    try {
      const uri = 'file:///site/robots.txt';
      const opened = s.nextDiagnostics(uri);
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text: 'User-agent: *\nContent-Signal: search=yes, ai-train=no\nAllow: /\n' } });
      await opened;
      type Ai = { verdict: string; decidedBy: { line: number }[]; signals: { vocabulary: string }[]; text: string } | null;
      const train = await s.conn.sendRequest<Ai>('robotsAcap/explain', { textDocument: { uri }, query: { agent: 'ClaudeBot', path: '/a', usage: 'ai-train' } });
      assert.deepEqual([train?.verdict, train?.decidedBy.map((d) => d.line)], ['prohibited', [2]]);
      assert.ok(train?.signals.some((x) => x.vocabulary === 'content-signal'));
      assert.match(train?.text ?? '', /may not train AI models on \/a/);
      const search = await s.conn.sendRequest<Ai>('robotsAcap/explain', { textDocument: { uri }, query: { agent: 'ClaudeBot', path: '/a', usage: 'search' } });
      assert.equal(search?.verdict, 'allowed');
      const input = await s.conn.sendRequest<Ai>('robotsAcap/explain', { textDocument: { uri }, query: { agent: 'ClaudeBot', path: '/a', usage: 'ai-input' } });
      assert.equal(input?.verdict, 'unknown');
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


/** LSP error codes the server answers with (LSP 3.17). */
const INVALID_PARAMS = -32602;
const INTERNAL_ERROR = -32603;
const REQUEST_CANCELLED = -32800;
const CONTENT_MODIFIED = -32801;
const SERVER_CANCELLED = -32802;

/** The error code a request is answered with, or 'ok'. */
async function outcome(p: Promise<unknown>): Promise<number | 'ok'> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return (err as { code?: number }).code ?? -1;
  }
}

/** One base-protocol frame. */
function frame(message: object): string {
  const body = JSON.stringify(message);
  return `Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`;
}

/** `answer`, or undefined after `ms`: a server out of step fails a test instead of holding it. */
function within<T>(answer: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([answer, new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms))]);
}

/** The server over raw stdio: frames are written as given, messages read as they come. */
function raw(): { child: ChildProcess; write: (text: string) => void; response: (id: number) => Promise<ResponseMessage>; stderr: () => string } {
  const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => { stderr += d.toString('utf8'); });
  const got = new Map<number, ResponseMessage>();
  const waiting = new Map<number, (m: ResponseMessage) => void>();
  new StreamMessageReader(child.stdout!).listen((m: Message) => {
    const r = m as ResponseMessage;
    if (typeof r.id !== 'number' || !('result' in r || 'error' in r)) return;
    const w = waiting.get(r.id);
    if (w) w(r);
    else got.set(r.id, r);
  });
  return {
    child,
    write: (text) => child.stdin!.write(text),
    response: (id) => new Promise((resolve) => {
      const r = got.get(id);
      if (r) resolve(r);
      else waiting.set(id, resolve);
    }),
    stderr: () => stderr,
  };
}

suite('language server: protocol hygiene (issue 12 point 5)', () => {
  test('every handler answers wrong parameter types with InvalidParams, never an internal error, and keeps answering', async () => {
    const s = await start({ textDocument: { synchronization: {}, diagnostic: {} } });
    try {
      const uri = 'file:///site/robots.txt';
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text: 'User-agent: *\nDisallow: /x\n' } });
      const td = { uri };
      const pos = { line: 0, character: 0 };
      const range = { start: pos, end: pos };
      const probes: [string, unknown][] = [
        ['textDocument/hover', null], ['textDocument/hover', {}], ['textDocument/hover', { textDocument: td, position: { line: 'x', character: 0 } }],
        ['textDocument/hover', { textDocument: { uri: 42 }, position: pos }], ['textDocument/hover', { textDocument: td, position: { line: -1, character: 0 } }],
        ['textDocument/hover', { textDocument: td, position: { line: 1.5, character: 0 } }], ['textDocument/hover', [1, 2]],
        ['textDocument/completion', { textDocument: td, position: null }], ['textDocument/definition', { textDocument: td }],
        ['textDocument/references', { textDocument: td, position: pos }], ['textDocument/references', { textDocument: td, position: pos, context: { includeDeclaration: 'yes' } }],
        ['textDocument/documentHighlight', { textDocument: 'x', position: pos }], ['textDocument/prepareRename', { textDocument: td, position: 'start' }],
        ['textDocument/rename', { textDocument: td, position: pos, newName: 7 }], ['textDocument/codeAction', { textDocument: td, range }],
        ['textDocument/codeAction', { textDocument: td, range, context: { diagnostics: 'all' } }], ['textDocument/codeAction', { textDocument: td, range: { start: pos }, context: { diagnostics: [] } }],
        ['textDocument/documentSymbol', { textDocument: null }], ['textDocument/foldingRange', {}], ['textDocument/selectionRange', { textDocument: td, positions: [pos, 'x'] }],
        ['textDocument/documentLink', { textDocument: [] }], ['textDocument/semanticTokens/full', { textDocument: {} }], ['textDocument/semanticTokens/range', { textDocument: td, range: null }],
        ['textDocument/inlayHint', { textDocument: td }], ['textDocument/formatting', { textDocument: td, options: { tabSize: '4', insertSpaces: true } }],
        ['textDocument/rangeFormatting', { textDocument: td, range, options: {} }], ['textDocument/diagnostic', { textDocument: td, previousResultId: 3 }],
        ['robotsAcap/explain', { textDocument: td, query: { agent: 1, path: '/' } }], ['robotsAcap/explain', { textDocument: td }],
        ['codeAction/resolve', null], ['codeAction/resolve', { data: 1 }],
      ];
      const got = await Promise.all(probes.map(([method, params]) => outcome(s.conn.sendRequest(method, params))));
      const wrong = probes.map(([method, params], i) => `${method} ${JSON.stringify(params)} → ${got[i]}`).filter((_, i) => got[i] !== INVALID_PARAMS);
      assert.deepEqual(wrong, [], 'each probe is answered InvalidParams');
      assert.ok(!got.includes(INTERNAL_ERROR));
      // Malformed notifications are dropped, not half-applied.
      await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: { line: 'a' } }, text: 'X' }] });
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: 'file:///site/b.robots.txt', languageId: 'robots-txt', version: 1 } });
      await s.conn.sendNotification('workspace/didChangeConfiguration', null);
      const hover = await s.conn.sendRequest<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: td, position: { line: 1, character: 11 } });
      assert.match(hover?.contents.value ?? '', /Who may use `\/x`/, 'the document is unchanged and the server answers');
      assert.match(s.stderr(), /textDocument\/didChange ignored: params\.contentChanges\[0\]\.range\.start\.line must be a whole number/);
      assert.match(s.stderr(), /workspace\/didChangeConfiguration ignored: params must be an object/);
    } finally {
      await s.close();
    }
  });

  test('a malformed Content-Length is reported and skipped; the next message is answered', async () => {
    const r = raw();
    try {
      r.write('Content-Type: application/json\r\n\r\n{"jsonrpc":"2.0","id":98,"method":"shutdown"}');
      r.write('Content-Length: abc\r\n\r\n{"jsonrpc":"2.0","id":99,"method":"shutdown"}');
      r.write('Content-Length: 99999999999999\r\n\r\n{}');
      // A body that is no JSON object is no message: it is logged, and the server lives on.
      r.write('Content-Length: 4\r\n\r\nnull');
      r.write('Content-Length: 2\r\n\r\n[]');
      r.write(frame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));
      const init = await r.response(1);
      assert.ok(init.result, 'initialize answered');
      assert.match(r.stderr(), /malformed message header: a Content-Length that is not a number: "abc"/);
      assert.match(r.stderr(), /malformed message header: a header without Content-Length/);
      assert.match(r.stderr(), /malformed message header: a Content-Length of 99999999999999 bytes/);
      assert.match(r.stderr(), /a message that is not a JSON object ignored: null/);
      r.write(frame({ jsonrpc: '2.0', id: 2, method: 'shutdown' }));
      assert.ok('result' in (await r.response(2)));
    } finally {
      r.child.kill();
    }
  });

  test('stray bytes between messages and headers in other forms leave the reading in step: every request is answered', async () => {
    const r = raw();
    try {
      r.write(frame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));
      await r.response(1);
      const body = (id: number): string => JSON.stringify({ jsonrpc: '2.0', id, method: 'shutdown' });
      const len = (id: number): number => Buffer.byteLength(body(id));
      // Each of these once left the library's reader out of step for good: nothing more was answered.
      r.write('\r\n');
      r.write(frame({ jsonrpc: '2.0', id: 2, method: 'shutdown' }));
      r.write('garbage\r\n');
      r.write(frame({ jsonrpc: '2.0', id: 3, method: 'shutdown' }));
      r.write(`Content-Length : ${len(4)}\r\n\r\n${body(4)}`);
      r.write(` Content-Length: ${len(5)}\r\nX\r\n\r\n${body(5)}`);
      r.write(`Content-Length: ${len(6)}\r\r\n\r\n${body(6)}`);
      // Junk glued to the next header: that message is read, not skipped with the junk.
      r.write(`garbage${frame({ jsonrpc: '2.0', id: 7, method: 'shutdown' })}`);
      // Bounded: a reader out of step answers nothing, and the test must fail rather than wait.
      for (const id of [2, 3, 4, 5, 6, 7]) assert.ok(await within(r.response(id), 5000), `request ${id} answered`);
      assert.match(r.stderr(), /malformed message header: a header without Content-Length: "garbageContent-Length/);
    } finally {
      r.child.kill();
    }
  });

  test('a client that never answers the settings request still gets its hovers, with the default settings', async () => {
    const r = raw();
    try {
      const uri = 'file:///site/robots.txt';
      r.write(frame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: { workspace: { configuration: true } } } }));
      await r.response(1);
      r.write(frame({ jsonrpc: '2.0', method: 'initialized', params: {} }));
      r.write(frame({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'robots-txt', version: 1, text: 'User-agent: *\nDisallow: /a\n' } } }));
      r.write(frame({ jsonrpc: '2.0', id: 2, method: 'textDocument/hover', params: { textDocument: { uri }, position: { line: 1, character: 11 } } }));
      // Bounded: a hover held for the answer would never come.
      const hover = await within(r.response(2), 10_000);
      assert.match(JSON.stringify(hover?.result ?? null), /Who may use/);
    } finally {
      r.child.kill();
    }
  });

  test('each message leaves in one write: header and body together, the length counted in UTF-8 bytes', async () => {
    const writes: string[] = [];
    const out = new Writable({ write(chunk: Buffer, _enc, done) { writes.push(chunk.toString('utf8')); done(); } });
    const writer = new FrameWriter(out);
    const msg = { jsonrpc: '2.0', method: 'window/logMessage', params: { type: 3, message: 'Crawlers: Yandex — 検索, 🤖' } } as const;
    await writer.write(msg);
    await writer.write({ jsonrpc: '2.0', id: 7, result: null } as ResponseMessage);
    assert.equal(writes.length, 2, 'one write per message');
    const [header, body] = writes[0].split('\r\n\r\n');
    assert.equal(header, `Content-Length: ${Buffer.byteLength(body, 'utf8')}`);
    assert.notEqual(Buffer.byteLength(body, 'utf8'), body.length, 'the message has characters of more than one byte');
    assert.deepEqual(JSON.parse(body), msg);
    assert.equal(writes[1], 'Content-Length: 38\r\n\r\n{"jsonrpc":"2.0","id":7,"result":null}');
    // A message that cannot be serialised is refused through the promise and onError; the next one is written.
    const errors: Error[] = [];
    writer.onError(([err]) => errors.push(err));
    const cyclic: { self?: unknown } = {};
    cyclic.self = cyclic;
    await assert.rejects(writer.write({ jsonrpc: '2.0', id: 8, result: cyclic } as ResponseMessage), TypeError);
    assert.equal(errors.length, 1);
    await writer.write({ jsonrpc: '2.0', id: 9, result: 1 } as ResponseMessage);
    assert.equal(writes.length, 3);
  });

  test('the server exits when its stdin ends, once what it read is answered: 0 after a shutdown request, 1 without', async () => {
    const exitCode = (child: ChildProcess): Promise<number | null> => new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    const plain = raw();
    const plainExit = exitCode(plain.child);
    plain.write(frame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));
    await plain.response(1);
    plain.child.stdin!.end();
    assert.equal(await plainExit, 1);
    const polite = raw();
    const politeExit = exitCode(polite.child);
    polite.write(frame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));
    await polite.response(1);
    polite.write(frame({ jsonrpc: '2.0', id: 2, method: 'shutdown' }));
    await polite.response(2);
    polite.child.stdin!.end();
    assert.equal(await politeExit, 0);
    // Written at once and stdin closed right after: what was read is handled and answered first.
    const hasty = raw();
    const hastyExit = exitCode(hasty.child);
    const uri = 'file:///site/robots.txt';
    hasty.write(frame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));
    hasty.write(frame({ jsonrpc: '2.0', method: 'initialized', params: {} }));
    hasty.write(frame({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'robots-txt', version: 1, text: 'User-agent: *\nDisallow: /a\n' } } }));
    for (const id of [2, 3, 4]) hasty.write(frame({ jsonrpc: '2.0', id, method: 'textDocument/hover', params: { textDocument: { uri }, position: { line: 1, character: 11 } } }));
    hasty.write(frame({ jsonrpc: '2.0', id: 5, method: 'shutdown' }));
    hasty.child.stdin!.end();
    assert.equal(await hastyExit, 0);
    for (const id of [1, 2, 3, 4, 5]) assert.ok(await within(hasty.response(id), 1000), `request ${id} answered`);
  });

  test('the server exits when the client closes its stdout, with no uncaught error: 1 without a shutdown request, 0 after one', async () => {
    const uri = 'file:///site/robots.txt';
    const hover = (id: number): string => frame({ jsonrpc: '2.0', id, method: 'textDocument/hover', params: { textDocument: { uri }, position: { line: 1, character: 11 } } });
    /** Open a document, close the server's stdout, then send what makes it write: an edit (its diagnostics) and a hover. */
    const closeOutput = async (shutdownFirst: boolean): Promise<{ code: number | null | undefined; stderr: string }> => {
      const r = raw();
      const exit = new Promise<number | null>((resolve) => r.child.on('exit', (code) => resolve(code)));
      try {
        r.write(frame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));
        await r.response(1);
        r.write(frame({ jsonrpc: '2.0', method: 'initialized', params: {} }));
        r.write(frame({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'robots-txt', version: 1, text: 'User-agent: *\nDisallow: /a\n' } } }));
        r.write(hover(2));
        await r.response(2);
        if (shutdownFirst) {
          r.write(frame({ jsonrpc: '2.0', id: 3, method: 'shutdown' }));
          await r.response(3);
        }
        r.child.stdout!.destroy();
        r.write(frame({ jsonrpc: '2.0', method: 'textDocument/didChange', params: { textDocument: { uri, version: 2 }, contentChanges: [{ text: 'User-agent: *\nDisallow: /b\n' }] } }));
        r.write(hover(4));
        // Bounded: a server that does not notice would hold the test.
        return { code: await within(exit, 5000), stderr: r.stderr() };
      } finally {
        r.child.kill();
      }
    };
    for (const shutdownFirst of [false, true]) {
      const { code, stderr } = await closeOutput(shutdownFirst);
      assert.doesNotMatch(stderr, /^\s+at /m, 'no stack trace');
      assert.match(stderr, /the client closed the server's output/);
      assert.equal(code, shutdownFirst ? 0 : 1);
    }
  });

  test('a client that closes the server\'s stderr loses its log, not the server: a malformed header is logged into the closed pipe and the next request is answered', async () => {
    const r = raw();
    const exit = new Promise<number | null>((resolve) => r.child.on('exit', (code) => resolve(code)));
    try {
      r.write(frame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));
      await r.response(1);
      r.child.stderr!.destroy();
      // The filter logs the header it refuses (to stderr) and reads on.
      r.write('Content-Length: nope\r\n\r\n');
      r.write(frame({ jsonrpc: '2.0', id: 2, method: 'shutdown' }));
      assert.ok(await within(r.response(2), 5000), 'the request after the logged header is answered');
      assert.equal(await within(exit, 300), undefined, 'still running');
    } finally {
      r.child.kill();
    }
  });

  test('over IPC (as VS Code runs it), the server exits when the client disconnects: 1 without a shutdown request, with no uncaught error', async () => {
    const child = fork(SERVER, ['--node-ipc'], { stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
    let stderr = '';
    child.stderr!.on('data', (d: Buffer) => { stderr += d.toString('utf8'); });
    const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const initialized = new Promise<void>((resolve) => child.on('message', (m: ResponseMessage) => { if (m.id === 1) resolve(); }));
      // The client's process id, as VS Code's client gives it: the library then watches that process, which lives on.
      child.send({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: process.pid, rootUri: null, capabilities: { workspace: { configuration: true } } } });
      await initialized;
      child.send({ jsonrpc: '2.0', method: 'initialized', params: {} });
      // Its settings request is never answered: the disconnect comes while the server waits for it.
      const uri = 'file:///site/robots.txt';
      child.send({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'robots-txt', version: 1, text: 'User-agent: *\nDisallow: /a\n' } } });
      await new Promise<void>((resolve) => child.send({ jsonrpc: '2.0', id: 2, method: 'textDocument/hover', params: { textDocument: { uri }, position: { line: 1, character: 11 } } }, () => resolve()));
      child.disconnect();
      assert.equal(await within(exit, 5000), 1);
      assert.doesNotMatch(stderr, /^\s+at /m, 'no stack trace');
    } finally {
      child.kill();
    }
  });

  test('pull diagnostics: a result id is never reused for different text, even with the same version number', async () => {
    const s = await start({ textDocument: { diagnostic: {} } });
    try {
      const uri = 'file:///site/robots.txt';
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text: 'User-agent: *\nDisallow: /x\n' } });
      const first = await s.conn.sendRequest<{ kind: string; items: Diagnostic[]; resultId: string }>('textDocument/diagnostic', { textDocument: { uri } });
      assert.deepEqual([first.kind, first.items.length], ['full', 0]);
      await s.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text: 'Disallow: /x\n' } });
      const second = await s.conn.sendRequest<{ kind: string; items: Diagnostic[]; resultId: string }>('textDocument/diagnostic', { textDocument: { uri }, previousResultId: first.resultId });
      assert.equal(second.kind, 'full');
      assert.deepEqual(codesOf(second.items), ['rep.rule-outside-group']);
      await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: 1 }, contentChanges: [{ text: 'User-agent: *\nDisallow: /x\n' }] });
      const third = await s.conn.sendRequest<{ kind: string; items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri }, previousResultId: second.resultId });
      assert.deepEqual([third.kind, third.items.length], ['full', 0], 'a change that reuses the version number still changes the id');
    } finally {
      await s.close();
    }
  });
});

suite('language server: under load (issue 12 point 2)', () => {
  test('a request cancelled before it runs is answered RequestCancelled; the server answers the next one', async () => {
    const r = raw();
    try {
      r.write(frame({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } }));
      await r.response(1);
      const uri = 'file:///site/robots.txt';
      r.write(frame({ jsonrpc: '2.0', method: 'initialized', params: {} }) + frame({ jsonrpc: '2.0', method: 'textDocument/didOpen', params: { textDocument: { uri, languageId: 'robots-txt', version: 1, text: 'User-agent: *\nDisallow: /x\n' } } }));
      // Request and cancellation in one write: the request is still queued when the cancellation is read.
      const hover = { textDocument: { uri }, position: { line: 1, character: 11 } };
      r.write(frame({ jsonrpc: '2.0', id: 2, method: 'textDocument/hover', params: hover }) + frame({ jsonrpc: '2.0', method: '$/cancelRequest', params: { id: 2 } }));
      assert.equal((await r.response(2)).error?.code, REQUEST_CANCELLED);
      r.write(frame({ jsonrpc: '2.0', id: 3, method: 'textDocument/hover', params: hover }));
      assert.ok((await r.response(3)).result);
    } finally {
      r.child.kill();
    }
  });

  test('a request whose document changes while it waits: ContentModified, and ServerCancelled asking to pull again for diagnostics', async () => {
    const s = await start({ textDocument: { diagnostic: {} }, workspace: { configuration: true } });
    try {
      const change = async (uri: string, version: number): Promise<void> => {
        await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text: 'User-agent: *\nDisallow: /y\n' }] });
      };
      let edit: (() => Promise<void>) | undefined;
      // The server asks for settings before answering; the user types meanwhile.
      s.conn.onRequest('workspace/configuration', async (params: { items: unknown[] }) => {
        await edit?.();
        return params.items.map(() => ({}));
      });
      const hovered = 'file:///site/a/robots.txt';
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: hovered, languageId: 'robots-txt', version: 1, text: 'User-agent: *\nDisallow: /x\n' } });
      edit = () => change(hovered, 2);
      assert.equal(await outcome(s.conn.sendRequest('textDocument/hover', { textDocument: { uri: hovered }, position: { line: 1, character: 11 } })), CONTENT_MODIFIED);
      const pulled = 'file:///site/b/robots.txt';
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: pulled, languageId: 'robots-txt', version: 1, text: 'User-agent: *\nDisallow: /x\n' } });
      edit = () => change(pulled, 2);
      const err = await s.conn.sendRequest('textDocument/diagnostic', { textDocument: { uri: pulled } }).then(() => undefined, (e: { code: number; data?: unknown }) => e);
      assert.deepEqual([err?.code, err?.data], [SERVER_CANCELLED, { retriggerRequest: true }]);
      edit = undefined;
      const again = await s.conn.sendRequest<{ kind: string }>('textDocument/diagnostic', { textDocument: { uri: pulled } });
      assert.equal(again.kind, 'full', 'pulled again, it answers');
    } finally {
      await s.close();
    }
  });

  test('a burst of 2,000 requests, every other one cancelled: each is answered or cancelled, none fails, the server lives', async () => {
    const s = await start({ textDocument: { synchronization: {}, diagnostic: {} } });
    try {
      const uri = 'file:///site/robots.txt';
      const text = 'User-agent: *\nDisallow: /private/\nACAP-crawler: *\nACAP-disallow-index: /drafts/\n';
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text } });
      const methods = ['textDocument/hover', 'textDocument/completion', 'textDocument/documentHighlight', 'textDocument/definition'];
      const all = Array.from({ length: 2000 }, (_, i) => {
        const source = new CancellationTokenSource();
        const p = outcome(s.conn.sendRequest(methods[i % methods.length], { textDocument: { uri }, position: { line: i % 4, character: 3 } }, source.token));
        if (i % 2) source.cancel();
        return p;
      });
      const got = await Promise.all(all);
      const tally = new Map<string, number>();
      for (const g of got) tally.set(String(g), (tally.get(String(g)) ?? 0) + 1);
      assert.deepEqual([...tally.keys()].filter((k) => k !== 'ok' && k !== String(REQUEST_CANCELLED)), [], JSON.stringify([...tally]));
      assert.ok((tally.get(String(REQUEST_CANCELLED)) ?? 0) > 0, 'cancelled requests are answered RequestCancelled');
      assert.ok(got.filter((_, i) => i % 2 === 0).every((g) => g === 'ok'), 'requests not cancelled are answered');
      const hover = await s.conn.sendRequest<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 12 } });
      assert.match(hover?.contents.value ?? '', /private/);
    } finally {
      await s.close();
    }
  });

  test('past the size limit a document is not parsed: one diagnostic says why, requests get nothing; an edit back under the limit parses it', async () => {
    const s = await start({ textDocument: { diagnostic: {} } });
    try {
      const uri = 'file:///site/huge/robots.txt';
      const line = 'Disallow: /a/very/long/path/segment/that/repeats/' + 'x'.repeat(50) + '\n';
      const count = Math.ceil((6 * 1024 * 1024) / line.length);
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text: 'User-agent: *\n' + line.repeat(count) } });
      const report = await s.conn.sendRequest<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } });
      assert.deepEqual(codesOf(report.items), ['text.too-large']);
      assert.match(report.items[0].message, /more than the 5,242,880 the language server reads/);
      assert.equal(await s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 12 } }), null);
      assert.deepEqual(await s.conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri } }), []);
      // Delete all but the first two rule lines.
      await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: { line: 3, character: 0 }, end: { line: count + 1, character: 0 } }, text: '' }] });
      const after = await s.conn.sendRequest<{ items: Diagnostic[] }>('textDocument/diagnostic', { textDocument: { uri } });
      assert.deepEqual(codesOf(after.items), ['rep.duplicate-rule']);
      const hover = await s.conn.sendRequest<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 12 } });
      assert.ok(hover);
    } finally {
      await s.close();
    }
  });
});

suite('language server: its languages and its site (issue 15 points 8 and 9)', () => {
  test('Markdown, PHP and XHTML buffers get nothing; robots.txt under a plain-text id and HTML do', async () => {
    const s = await start({ textDocument: { synchronization: {}, hover: {} } });
    try {
      const text = 'User-agent: *\nDisallow: /x\nnot a field\n';
      for (const [uri, languageId] of [['file:///p/README.md', 'markdown'], ['file:///p/index.php', 'php'], ['file:///p/a.xhtml', 'xhtml'], ['file:///p/notes.txt', 'plaintext']]) {
        await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
        assert.equal(await s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 1, character: 11 } }), null, uri);
      }
      const robots = 'file:///p/robots.txt';
      const got = s.nextDiagnostics(robots);
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: robots, languageId: 'plaintext', version: 1, text } });
      assert.deepEqual(codesOf((await got).diagnostics), ['syntax.not-a-field']);
      const page = 'file:///p/page.html';
      const gotPage = s.nextDiagnostics(page);
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: page, languageId: 'html', version: 1, text: '<html><head><meta name="robots" content="ACAP allow-indx"></head></html>\n' } });
      assert.ok((await gotPage).diagnostics.length > 0);
      assert.deepEqual(s.published().filter((p) => p.diagnostics.length && p.uri !== robots && p.uri !== page), [], 'no diagnostics for the other languages');
    } finally {
      await s.close();
    }
  });

  test('a TDMRep tdmrep.json and an RSL licence are checked; other JSON and XML get nothing (issue 14)', async () => {
    const s = await start({ textDocument: { synchronization: {}, hover: {} } });
    try {
      const tdm = 'file:///p/.well-known/tdmrep.json';
      const gotTdm = s.nextDiagnostics(tdm);
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: tdm, languageId: 'json', version: 1, text: '[{"location": "/", "tdm_reservation": 1}]' } });
      assert.deepEqual(codesOf((await gotTdm).diagnostics), ['tdmrep.invalid-reservation', 'tdmrep.unknown-member']);
      // An edit that makes it valid clears the diagnostics.
      const fixed = s.nextDiagnostics(tdm);
      await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri: tdm, version: 2 }, contentChanges: [{ text: '[{"location": "/", "tdm-reservation": 1}]' }] });
      assert.deepEqual(codesOf((await fixed).diagnostics), []);
      assert.equal(await s.conn.sendRequest('textDocument/hover', { textDocument: { uri: tdm }, position: { line: 0, character: 3 } }), null);
      const rsl = 'file:///p/license.xml';
      const gotRsl = s.nextDiagnostics(rsl);
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: rsl, languageId: 'xml', version: 1, text: '<rsl xmlns="https://rslstandard.org/rsl"><content><license/></content></rsl>\n' } });
      assert.deepEqual(codesOf((await gotRsl).diagnostics), ['rsl.missing-content-url']);
      const other = ['file:///p/pom.xml', 'file:///p/package.json', 'file:///p/tdmrep.json'];
      for (const [uri, languageId] of [[other[0], 'xml'], [other[1], 'json'], [other[2], 'json']]) {
        await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text: languageId === 'xml' ? '<project><x/></project>\n' : '{"location": 5}' } });
      }
      // A request after the opens: every diagnostic they caused has been published by now.
      await s.conn.sendRequest('textDocument/hover', { textDocument: { uri: tdm }, position: { line: 0, character: 0 } });
      assert.deepEqual(s.published().filter((p) => other.includes(p.uri) && p.diagnostics.length), [], 'no diagnostics for other JSON and XML');
    } finally {
      await s.close();
    }
  });

  test('definition across a permissions reference on disk, from the referenced file, with sibling sites beside it', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'robots-server-'));
    const s = await start({ textDocument: { synchronization: {} } });
    try {
      for (let i = 0; i < 60; i++) {
        mkdirSync(path.join(root, `site${i}`, 'acap'), { recursive: true });
        writeFileSync(path.join(root, `site${i}`, 'robots.txt'), `ACAP-resource-set: news${i} /news/\nACAP-crawler: bot\nACAP-permissions-reference: /acap/bot.txt\n`);
        writeFileSync(path.join(root, `site${i}`, 'acap', 'bot.txt'), `ACAP-crawler: bot\nACAP-allow-index: the-acap:resource-set:news${i}\n`);
      }
      const uri = pathToFileURL(path.join(root, 'site7', 'acap', 'bot.txt')).href;
      const opened = s.nextDiagnostics(uri);
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text: 'ACAP-crawler: bot\nACAP-allow-index: the-acap:resource-set:news7\n' } });
      assert.deepEqual(codesOf((await opened).diagnostics), ['acap.version-missing'], 'news7 is defined by the file that refers here');
      const def = await s.conn.sendRequest<{ uri: string; range: { start: { line: number } } }[]>('textDocument/definition', { textDocument: { uri }, position: { line: 1, character: 42 } });
      assert.deepEqual(def.map((l) => [l.uri, l.range.start.line]), [[pathToFileURL(path.join(root, 'site7', 'robots.txt')).href, 0]]);
    } finally {
      await s.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

suite('language server: the profile setting', () => {
  test('a page\'s answers (AI use, crawl) read its site\'s robots.txt under the profile of the settings, as a robots.txt\'s do', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'robots-profile-'));
    // `useragent` opens a group for Google's parser only: its Content-Usage line speaks under google.
    writeFileSync(path.join(root, 'robots.txt'), 'useragent: GPTBot\nContent-Usage: train-ai=n\nDisallow: /x\n');
    const s = await start({ textDocument: { synchronization: {} }, workspace: { configuration: true } }, { robotsAcap: { profile: 'google' } });
    try {
      const page = pathToFileURL(path.join(root, 'a.html')).href;
      const opened = s.nextDiagnostics(page);
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: page, languageId: 'html', version: 1, text: '<html><head></head></html>\n' } });
      await opened;
      type Ai = { profile: string; verdict: string; decidedBy: { line: number }[] } | null;
      const ask = (profile?: string): Promise<Ai> => s.conn.sendRequest<Ai>('robotsAcap/explain', { textDocument: { uri: page }, query: { agent: 'GPTBot', path: '/a.html', usage: 'ai-train', ...(profile ? { profile } : {}) } });
      const a = await ask();
      assert.deepEqual([a?.profile, a?.verdict, a?.decidedBy.map((d) => d.line)], ['google', 'prohibited', [2]]);
      // A profile in the query comes first, as for a robots.txt.
      const rfc = await ask('rfc9309');
      assert.deepEqual([rfc?.profile, rfc?.verdict], ['rfc9309', 'unknown']);
      // The page's crawl answer too (explainPage): Google reads the Disallow for GPTBot.
      const crawl = await s.conn.sendRequest<{ allowed: boolean } | null>('robotsAcap/explain', { textDocument: { uri: page }, query: { agent: 'GPTBot', path: '/x' } });
      assert.equal(crawl?.allowed, false);
    } finally {
      await s.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

suite('language server: the workspace boundary (issue 12 point 3)', () => {
  test('a FIFO, /dev/zero and a symlink out of the site as reference targets, and a FIFO as a page\'s site robots.txt: refused with a reason, nothing hangs', async function () {
    const root = mkdtempSync(path.join(tmpdir(), 'robots-boundary-'));
    const s = await start({ textDocument: { synchronization: {} } });
    try {
      mkdirSync(path.join(root, 'site'));
      mkdirSync(path.join(root, 'other'));
      // Skipped only where no FIFO can be made (no mkfifo, or a file system without them): nothing to refuse.
      if (spawnSync('mkfifo', [path.join(root, 'site', 'fifo.txt')]).status !== 0) this.skip();
      spawnSync('mkfifo', [path.join(root, 'other', 'robots.txt')]);
      symlinkSync('/dev/zero', path.join(root, 'site', 'zero.txt'));
      symlinkSync('/proc/self/environ', path.join(root, 'site', 'env.txt'));
      const uri = pathToFileURL(path.join(root, 'site', 'robots.txt')).href;
      const text = ['fifo', 'zero', 'env'].map((n) => `ACAP-crawler: ${n}bot\nACAP-permissions-reference: /${n}.txt\n`).join('') + 'ACAP-crawler: *\nACAP-allow-crawl: /\n';
      const opened = s.nextDiagnostics(uri);
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text } });
      await opened;
      const notes = async (agent: string): Promise<string> => (await s.conn.sendRequest<{ notes: string[] }>('robotsAcap/explain', { textDocument: { uri }, query: { agent, path: '/' } })).notes.join(' ');
      assert.match(await notes('fifobot'), /it is a FIFO, not a regular file/);
      assert.match(await notes('zerobot'), /leads outside the site folder/);
      assert.match(await notes('envbot'), /leads outside the site folder/);
      const page = pathToFileURL(path.join(root, 'other', 'p.html')).href;
      const gotPage = s.nextDiagnostics(page);
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: page, languageId: 'html', version: 1, text: '<html><head><meta name="robots" content="ACAP allow-indx"></head></html>\n' } });
      assert.ok((await gotPage).diagnostics.length > 0, 'the page is checked without its site robots.txt');
      assert.ok(s.logs().some((l) => /other\/robots\.txt is not read: it is a FIFO, not a regular file/.test(l)), s.logs().join('\n'));
    } finally {
      await s.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
