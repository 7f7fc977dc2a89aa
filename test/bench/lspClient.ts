/**
 * A small LSP client for the built server (dist/server.js) over stdio, shared by the worst-case
 * benchmark (worstCases.ts) and the fuzzer (scripts/fuzz.ts): start it, send notifications and
 * requests with a time limit, and tell whether it is still alive.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { SERVER_NODE_ARGS } from '../../server/src/launch';

/** The built server; ROBOTS_ACAP_BENCH_SERVER names another build (to compare before and after). */
export const SERVER = process.env.ROBOTS_ACAP_BENCH_SERVER ?? path.resolve(__dirname, '../../dist/server.js');

/** A client that pulls diagnostics and asks for everything the server offers, statically. */
export const CAPABILITIES = {
  textDocument: {
    synchronization: {},
    diagnostic: { dynamicRegistration: false },
    hover: { contentFormat: ['markdown'] },
    completion: { completionItem: { snippetSupport: true } },
    codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor', 'refactor.rewrite'] } } },
  },
  workspace: { configuration: true },
};

/** The same, with code actions resolved when picked, as VS Code announces it (LSP 3.16 resolveSupport). */
export const RESOLVING_CAPABILITIES = {
  ...CAPABILITIES,
  textDocument: {
    ...CAPABILITIES.textDocument,
    codeAction: { ...CAPABILITIES.textDocument.codeAction, dataSupport: true, resolveSupport: { properties: ['edit'] } },
  },
  workspace: { ...CAPABILITIES.workspace, workspaceEdit: { documentChanges: true, changeAnnotationSupport: { groupsOnLabel: true } } },
};

export interface ServerSession {
  readonly conn: MessageConnection;
  readonly child: ChildProcess;
  /** Whether the process has exited. */
  exited(): boolean;
  /** Everything the server wrote to stderr (internal errors are logged there or as window/logMessage). */
  readonly errors: string[];
  notify(method: string, params: unknown): Promise<void>;
  /** The answer, or `{ timedOut: true }` after `ms`, or `{ error }` for an error response. */
  request<T = unknown>(method: string, params: unknown, ms: number): Promise<{ result?: T; error?: { code: number; message: string }; timedOut?: boolean; elapsed: number }>;
  close(): Promise<void>;
}

/** `nodeArgs`: flags for the server's node (`--expose-gc`, so that `$/robotsAcap/memory` collects first). */
export async function startServer(configuration: unknown = {}, capabilities: object = CAPABILITIES, nodeArgs: readonly string[] = []): Promise<ServerSession> {
  if (!existsSync(SERVER)) throw new Error('run `npm run build` first: dist/server.js is missing');
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...nodeArgs, SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let gone = false;
  child.on('exit', () => { gone = true; });
  const errors: string[] = [];
  child.stderr?.on('data', (b: Buffer) => errors.push(b.toString()));
  // A server that dies mid-write must not kill the client with EPIPE.
  child.stdin?.on('error', () => undefined);
  const conn = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
  conn.onRequest('workspace/configuration', (params: { items: unknown[] }) => params.items.map(() => configuration));
  conn.onRequest('client/registerCapability', () => null);
  conn.onRequest('workspace/diagnostic/refresh', () => null);
  conn.onNotification('window/logMessage', (p: { type: number; message: string }) => { if (p.type === 1) errors.push(p.message); });
  conn.onNotification('textDocument/publishDiagnostics', () => undefined);
  conn.onError(() => undefined);
  conn.listen();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities });
  await conn.sendNotification('initialized', {});
  const request: ServerSession['request'] = async (method, params, ms) => {
    const t0 = performance.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<'timeout'>((resolve) => { timer = setTimeout(() => resolve('timeout'), ms); });
    try {
      const r = await Promise.race([conn.sendRequest(method, params).then((result) => ({ result })), timeout]);
      const elapsed = performance.now() - t0;
      return r === 'timeout' ? { timedOut: true, elapsed } : { result: r.result as never, elapsed };
    } catch (err) {
      const e = err as { code?: number; message?: string };
      return { error: { code: e.code ?? 0, message: e.message ?? String(err) }, elapsed: performance.now() - t0 };
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    conn, child, errors,
    exited: () => gone,
    notify: (method, params) => conn.sendNotification(method, params),
    request,
    close: async () => {
      if (!gone) {
        await Promise.race([conn.sendRequest('shutdown').catch(() => undefined), new Promise((r) => setTimeout(r, 2000))]);
        await conn.sendNotification('exit').catch(() => undefined);
      }
      conn.dispose();
      if (!gone) child.kill('SIGKILL');
    },
  };
}
