/**
 * The language server in a web worker (VS Code for the Web): the pure language service with no
 * file system, so everything that reads the workspace (other sites' files, the site's folders,
 * ACAP-permissions-reference files) answers from the open documents only. It announces the Node
 * server's capabilities statically, for the documents the client sends (robots.txt and HTML
 * pages), and answers the requests both share through editorRequests.ts; hover, completion and
 * diagnostics are its own: pushed once per burst of edits, or pulled with result ids when the
 * client pulls (pullResults.ts).
 */
import {
  BrowserMessageReader, BrowserMessageWriter, createConnection, DiagnosticRefreshRequest, LSPErrorCodes, ResponseError, TextDocumentSyncKind,
  type CancellationToken, type Diagnostic, type Message,
} from 'vscode-languageserver/browser';
import {
  doComplete, doHover, doValidation, doHtmlComplete, doHtmlHover, validateHtml, explain, explainPage, formatExplanation, formatPageExplanation, facts,
  prepareAnswersSteps,
} from '../service';
import { DocumentStore } from './documentStore';
import { counted, CountingReader } from './countingReader';
import { degradedDiagnostic, sideDiagnostics } from './fileDiagnostics';
import { IDLE_AFTER_MS, PREPARE_AFTER_MS, PREPARE_AFTER_OPEN_MS, SLICE_MS } from './timing';
import { Settings } from './settings';
import { ExplainRequest } from '../protocol';
import { registerViewRequests } from './viewRequests';
import { registerDiffRequest } from './diffRequest';
import { canRegisterAll, dynamicRegistrations, staticCapabilities } from './capabilities';
import { registerEditorRequests } from './editorRequests';
import { EMPTY_REPORT, PullResults } from './pullResults';
import { linkDocs } from './docsLinks';

let docsUri: string | undefined;

/**
 * Messages read from the page and not yet handed to their handlers. The library hands them on one
 * per task; validation after an edit waits while any are queued, so that the edits of a burst
 * read together are validated once, at the newest text (schedulePublish). `$/cancelRequest` is
 * counted on neither side: the library acts on some as it reads them and hands the others on.
 * A count, not a certainty: a request read while another of the same id is queued replaces it,
 * and one message is then counted twice and handed on once (schedulePublish sees the queue stall).
 */
let queued = 0;
/** Messages handed to their handlers so far (`$/cancelRequest` aside): while it grows, the queue drains. */
let handled = 0;
/** When the last message was read (performance.now()): idle work waits IDLE_AFTER_MS after it. */
let lastReceived = -Infinity;

declare const self: object;
// The page's reader, counting what it reads into `queued` (an error, read as nothing, is no message).
const reader = new CountingReader(new BrowserMessageReader(self as never), (message) => {
  if (message === undefined) return;
  lastReceived = performance.now();
  if (counted(message)) queued++;
});
const connection = createConnection(reader, new BrowserMessageWriter(self as never), {
  messageStrategy: {
    handleMessage(message: Message, next: (message: Message) => void): void {
      if (counted(message)) {
        queued = Math.max(0, queued - 1);
        handled++;
      }
      next(message);
    },
  },
});
const documents = new DocumentStore();
// Settings that came after diagnostics went on without them: the diagnostics are made again.
const settings = new Settings(connection, (uri) => {
  if (pullDiagnostics) void connection.sendRequest(DiagnosticRefreshRequest.type).catch(() => undefined);
  else if (documents.has(uri)) schedulePublish(uri);
});
const engineContext = {};

/**
 * Run a request handler: a failure is logged and answered with `fallback`, so one bad document
 * never takes the server down; an error meant for the client (a refused rename, invalid code
 * action data, a pull overtaken by an edit) is answered as that error.
 */
function guard<P extends { textDocument?: { uri: string } }, R>(name: string, fallback: R, handler: (params: P, token: CancellationToken) => R | Promise<R>) {
  return async (params: P, token: CancellationToken): Promise<R> => {
    try {
      return await handler(params, token);
    } catch (err) {
      if (err instanceof ResponseError) throw err;
      logFailure(name, err);
      return fallback;
    }
  };
}

function logFailure(what: string, err: unknown): void {
  connection.console.error(`${what} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
}

// Code actions (conversions listed without edits, resolved when picked), navigation, rename,
// outline, folding, links, semantic tokens with deltas, inlay hints and formatting, as the Node
// server answers them. No file system in a web worker: navigation sees the document itself.
const editor = registerEditorRequests(connection, { documents, guard, context: {}, logFailure });

/** Whether the client pulls diagnostics (LSP 3.17): then nothing is pushed. */
let pullDiagnostics = false;

/** Whether the client registers the capabilities, each for its documents, once initialized. */
let registerLater = false;

connection.onInitialize((params) => {
  settings.setCanPull(params.capabilities.workspace?.configuration === true);
  const init = params.initializationOptions as { docsUri?: unknown; marks?: unknown } | undefined;
  docsUri = typeof init?.docsUri === 'string' ? init.docsUri : undefined;
  marks = init?.marks === true;
  pullDiagnostics = params.capabilities.textDocument?.diagnostic !== undefined;
  registerLater = canRegisterAll(params.capabilities);
  editor.initialize(params.capabilities);
  return {
    // The Node server's: registered for the documents each serves, or announced for all.
    capabilities: { textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental }, ...(registerLater ? {} : staticCapabilities(pullDiagnostics)) },
    serverInfo: { name: 'robots-acap (web)' },
  };
});

connection.onInitialized(() => {
  if (registerLater) connection.client.register(dynamicRegistrations(pullDiagnostics)).catch((err: unknown) => logFailure('registering the capabilities', err));
});

/** The diagnostics of `uri` as it is now, with `s`; undefined when it is not open or gets none. */
function diagnosticsOf(uri: string, s: Awaited<ReturnType<Settings['forDocument']>>): Diagnostic[] | undefined {
  const page = documents.page(uri);
  const doc = documents.get(uri);
  const side = documents.side(uri);
  const size = documents.degraded(uri);
  const diagnostics = side ? sideDiagnostics(side, s) : size !== undefined ? degradedDiagnostic(size, s) : page ? validateHtml(page, s) : doc ? doValidation(doc, s) : undefined;
  return diagnostics && linkDocs(diagnostics, docsUri);
}

async function publish(uri: string): Promise<void> {
  const revision = documents.revision(uri);
  const s = await settings.forDocument(uri);
  // Edited or closed while the settings were asked for: the run for the newer text publishes.
  if (revision === undefined || documents.revision(uri) !== revision) return;
  const diagnostics = diagnosticsOf(uri, s);
  if (!diagnostics) return;
  schedulePrepare(uri);
  await connection.sendDiagnostics({ uri, version: documents.version(uri), diagnostics });
}

// Pull diagnostics, answered "unchanged" when the client has them already (pullResults.ts).
const pulls = new PullResults();
connection.languages.diagnostics.on(guard('textDocument/diagnostic', EMPTY_REPORT, (params) => {
  const uri = params.textDocument.uri;
  // Edited while the settings were asked for: the client is asked to pull again for the newer text.
  return pulls.answer(uri, params.previousResultId, (u) => documents.revision(u), settings.generation, async () => {
    const items = diagnosticsOf(uri, await settings.forDocument(uri));
    schedulePrepare(uri);
    return items ?? [];
  }, () => new ResponseError(LSPErrorCodes.ServerCancelled, 'textDocument/diagnostic: the document changed', { retriggerRequest: true }));
}));

/**
 * Validation after an edit runs once the messages already read have been handled (the rest of a
 * burst of edits, a request), once per document however many edits came meanwhile: a burst of
 * typing queues one validation, of the newest text, not one per keystroke. No debounce: with
 * nothing queued it runs a task later. It waits a task at a time while messages are queued and
 * being handed on; when none has been handed on for STALLED_TASKS tasks, the count is one the
 * library's queue left behind (see `queued`): it starts again from nothing, and validation runs.
 * At most MAX_WAITS tasks in all, however fast messages keep coming.
 */
const pending = new Map<string, ReturnType<typeof setTimeout>>();
const STALLED_TASKS = 4;
const MAX_WAITS = 1000;
function schedulePublish(uri: string): void {
  if (pullDiagnostics || pending.has(uri)) return;
  let waits = 0;
  let stalled = 0;
  let seen = handled;
  const run = (): void => {
    if (queued > 0) {
      stalled = handled === seen ? stalled + 1 : 0;
      seen = handled;
      if (stalled < STALLED_TASKS && waits++ < MAX_WAITS) {
        pending.set(uri, setTimeout(run, 0));
        return;
      }
      if (stalled >= STALLED_TASKS) queued = 0;
    }
    pending.delete(uri);
    publish(uri).catch((err: unknown) => logFailure(`diagnostics of ${uri}`, err));
  };
  pending.set(uri, setTimeout(run, 0));
}

/**
 * What a hover will ask, built once a document has been quiet for a moment (prepareAnswersSteps,
 * as the Node server does): PREPARE_AFTER_OPEN_MS after the first diagnostics of a document just
 * opened, PREPARE_AFTER_MS after those of an edit (longer than the pause between keystrokes).
 * It runs as idle work, in slices of SLICE_MS, each once no message has been read for
 * IDLE_AFTER_MS, so a request never waits behind more than a slice; an edit or a close stops it
 * at its next step. On the largest real file a first hover otherwise builds
 * the engine's indexes itself (about 100 ms).
 */
const preparing = new Map<string, ReturnType<typeof setTimeout>>();
/** Documents opened whose first diagnostics have not been made yet (and not edited since). */
const opened = new Set<string>();
/** Whether the client asked for scheduling marks (initializationOptions.marks, for tests). */
let marks = false;

function schedulePrepare(uri: string): void {
  cancelPrepare(uri);
  const revision = documents.revision(uri);
  if (revision === undefined || !documents.get(uri)) return;
  const after = opened.delete(uri) ? PREPARE_AFTER_OPEN_MS : PREPARE_AFTER_MS;
  preparing.set(uri, setTimeout(() => {
    preparing.delete(uri);
    prepare(uri, revision).catch((err: unknown) => logFailure(`preparing answers for ${uri}`, err));
  }, after));
}

function cancelPrepare(uri: string): void {
  clearTimeout(preparing.get(uri));
  preparing.delete(uri);
}

async function prepare(uri: string, revision: number): Promise<void> {
  const stale = (): boolean => documents.revision(uri) !== revision;
  const doc = documents.get(uri);
  if (!doc || stale()) return;
  const steps = prepareAnswersSteps(doc, await settings.forDocument(uri));
  try {
    for (;;) {
      // Idle: no message read for IDLE_AFTER_MS. The library hands each on within a few tasks of
      // reading it, so a count of queued messages left by then is one it left behind (see `queued`).
      for (;;) {
        if (stale()) return;
        const wait = lastReceived + IDLE_AFTER_MS - performance.now();
        if (wait <= 0) break;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
      queued = 0;
      const until = performance.now() + SLICE_MS;
      for (;;) {
        if (steps.next().done) {
          if (marks) connection.console.log(`@idle done ${uri}`);
          return;
        }
        if (performance.now() >= until) break;
      }
    }
  } finally {
    steps.return(undefined);
  }
}

connection.onDidOpenTextDocument((p) => {
  documents.open(p.textDocument.uri, p.textDocument.version, p.textDocument.text, p.textDocument.languageId);
  opened.add(p.textDocument.uri);
  schedulePublish(p.textDocument.uri);
});
connection.onDidChangeTextDocument((p) => {
  documents.change(p.textDocument.uri, p.textDocument.version, p.contentChanges);
  opened.delete(p.textDocument.uri);
  schedulePublish(p.textDocument.uri);
});
connection.onDidCloseTextDocument((p) => {
  const uri = p.textDocument.uri;
  clearTimeout(pending.get(uri));
  pending.delete(uri);
  cancelPrepare(uri);
  opened.delete(uri);
  documents.close(uri);
  settings.forget(uri);
  editor.closed(uri);
  pulls.forget(uri);
  if (!pullDiagnostics) void connection.sendDiagnostics({ uri, diagnostics: [] });
});
connection.onDidChangeConfiguration((p) => {
  settings.changed(p.settings);
  if (pullDiagnostics) void connection.sendRequest(DiagnosticRefreshRequest.type).catch(() => undefined);
  else for (const uri of documents.uris()) schedulePublish(uri);
});

connection.onHover(guard('hover', null, async (p) => {
  const s = await settings.forDocument(p.textDocument.uri);
  const page = documents.page(p.textDocument.uri);
  if (page) return doHtmlHover(page, p.position, { crawlers: s.crawlers });
  const doc = documents.get(p.textDocument.uri);
  return doc ? doHover(doc, p.position, s, engineContext) : null;
}));
connection.onCompletion(guard('completion', null, (p) => {
  const page = documents.page(p.textDocument.uri);
  if (page) return doHtmlComplete(page, p.position);
  const doc = documents.get(p.textDocument.uri);
  return doc ? doComplete(doc, p.position) : null;
}));
connection.onRequest(ExplainRequest, guard('robotsAcap/explain', null, async (p) => {
  const q = p.query;
  if (typeof q?.agent !== 'string' || typeof q.path !== 'string') return null;
  if (q.usage !== undefined && !facts.USAGE_BY_NAME.has(q.usage.toLowerCase())) return null;
  const page = documents.page(p.textDocument.uri);
  if (page) {
    const e = explainPage(undefined, page, { ...q, path: q.path || '/' }, engineContext);
    return { ...e, text: formatPageExplanation(e) };
  }
  const doc = documents.get(p.textDocument.uri);
  if (!doc) return null;
  const s = await settings.forDocument(doc.uri);
  const e = explain(doc, { profile: s.profile, ...q }, engineContext);
  return { ...e, text: formatExplanation(e) };
}));

registerViewRequests(connection, { documents, settings, engineContext, guard });
registerDiffRequest(connection, { documents, settings, guard });

connection.listen();
