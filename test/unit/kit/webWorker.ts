/**
 * The web worker's server (dist/browser/server.js) run as VS Code for the Web runs it, with what
 * a web worker offers and nothing of Node: `self` with postMessage and onmessage; `require`,
 * `process`, `Buffer`, `module` undefined in its scope. Messages go both ways as JSON-RPC objects.
 */
import * as assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';

/** The built bundle; ROBOTS_ACAP_WEB_SERVER names another build (the web bench compares before and after). */
export const BROWSER_SERVER = process.env.ROBOTS_ACAP_WEB_SERVER ?? path.resolve(__dirname, '../../../dist/browser/server.js');
/** How long `diagnostics` waits: far more than any validation here takes. */
const WAIT_MS = 20_000;

const WEB_WORKER_SHIM = `
const { parentPort, workerData } = require('node:worker_threads');
const code = require('node:fs').readFileSync(workerData, 'utf8');
let handler;
const self = { postMessage: (m) => parentPort.postMessage(m), addEventListener: () => {}, removeEventListener: () => {}, close: () => {} };
Object.defineProperty(self, 'onmessage', { set(f) { handler = f; }, get() { return handler; } });
parentPort.on('message', (data) => handler && handler({ data }));
new Function('self', 'globalThis', 'require', 'process', 'Buffer', 'module', 'exports', code)(self, Object.assign(Object.create(globalThis), self), undefined, undefined, undefined, undefined, undefined);
`;

export interface Published {
  readonly uri: string;
  readonly version?: number;
  readonly diagnostics: { code?: string; message: string; range: unknown }[];
}

export interface WebServer {
  /** What the server announced in its initialize result. */
  readonly capabilities: Record<string, unknown>;
  request<T = unknown>(method: string, params: unknown): Promise<{ result?: T; error?: { code: number; message: string } }>;
  notify(method: string, params: unknown): void;
  /** A message as given, unchecked (a request id the client should not reuse, say). */
  send(message: object): void;
  /** The registrations the server asked for (client/registerCapability), in order. */
  readonly registrations: { method: string; registerOptions?: { documentSelector?: unknown } }[];
  /** Every publishDiagnostics so far, in order. */
  readonly published: Published[];
  /**
   * The first publishDiagnostics for `uri` with at least `version` (any, when not given), already
   * received or to come; rejected after WAIT_MS without one.
   */
  diagnostics(uri: string, version?: number): Promise<Published>;
  /** Errors of the worker and messages it logged as errors. */
  readonly errors: string[];
  /** The other messages it logged (window/logMessage), in order. */
  readonly logs: string[];
  close(): Promise<void>;
}

/**
 * Start the worker and initialize it with `capabilities` and `initializationOptions`. `settings`
 * answers its settings requests (workspace/configuration), after `settingsDelayMs`.
 */
export async function startWebServer(capabilities: object = {}, settings: unknown = {}, settingsDelayMs = 0, initializationOptions: object = {}): Promise<WebServer> {
  assert.ok(existsSync(BROWSER_SERVER), 'npm run build first (dist/browser/server.js)');
  const worker = new Worker(WEB_WORKER_SHIM, { eval: true, workerData: BROWSER_SERVER });
  const errors: string[] = [];
  const logs: string[] = [];
  const published: Published[] = [];
  const registrations: WebServer['registrations'] = [];
  const answers = new Map<number, (m: { result?: unknown; error?: { code: number; message: string } }) => void>();
  const waiting: { uri: string; version: number; resolve: (p: Published) => void }[] = [];
  worker.on('error', (e) => errors.push(String(e)));
  worker.on('message', (m: { id?: number; method?: string; params?: unknown; result?: unknown; error?: { code: number; message: string } }) => {
    if (typeof m.id === 'number' && answers.has(m.id) && m.method === undefined) {
      answers.get(m.id)?.(m);
      answers.delete(m.id);
    } else if (m.method === 'textDocument/publishDiagnostics') {
      const p = m.params as Published;
      published.push(p);
      for (let i = waiting.length - 1; i >= 0; i--) {
        if (waiting[i].uri === p.uri && (p.version ?? 0) >= waiting[i].version) waiting.splice(i, 1)[0].resolve(p);
      }
    } else if (m.method === 'window/logMessage') {
      const { type, message } = m.params as { type: number; message: string };
      if (type === 1) errors.push(message);
      else logs.push(message);
    } else if (typeof m.id === 'number' && m.method === 'workspace/configuration') {
      const answer = { jsonrpc: '2.0', id: m.id, result: (m.params as { items: unknown[] }).items.map(() => settings) };
      setTimeout(() => worker.postMessage(answer), settingsDelayMs);
    } else if (typeof m.id === 'number' && m.method === 'client/registerCapability') {
      registrations.push(...(m.params as { registrations: WebServer['registrations'] }).registrations);
      worker.postMessage({ jsonrpc: '2.0', id: m.id, result: null });
    }
  });
  let next = 0;
  const request: WebServer['request'] = (method, params) => new Promise((resolve) => {
    const id = ++next;
    answers.set(id, resolve as never);
    worker.postMessage({ jsonrpc: '2.0', id, method, params });
  });
  const notify = (method: string, params: unknown): void => worker.postMessage({ jsonrpc: '2.0', method, params });
  const init = await request<{ capabilities: Record<string, unknown> }>('initialize', { processId: null, rootUri: null, capabilities, initializationOptions });
  assert.ok(init.result, JSON.stringify(init.error));
  notify('initialized', {});
  return {
    capabilities: init.result.capabilities,
    request,
    notify,
    send: (message) => worker.postMessage(message),
    registrations,
    published,
    errors,
    logs,
    diagnostics: (uri, version = 0) => {
      const known = published.find((p) => p.uri === uri && (p.version ?? 0) >= version);
      if (known) return Promise.resolve(known);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no diagnostics of ${uri} at version ${version} or later in ${WAIT_MS} ms; published: ${JSON.stringify(published.map((p) => [p.uri, p.version]))}`)), WAIT_MS);
        waiting.push({ uri, version, resolve: (p) => { clearTimeout(timer); resolve(p); } });
      });
    },
    close: async () => {
      await worker.terminate();
    },
  };
}
