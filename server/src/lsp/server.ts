/**
 * The language server: wires LSP requests to the language service and keeps one parsed
 * document per open file. Runs over IPC from VS Code and over stdio (`--stdio`) for any client.
 *
 * The server keeps its own document store rather than vscode-languageserver's TextDocuments,
 * because the incremental parser needs the edits themselves, not only the resulting text.
 *
 * Under load (issue 12): every request's parameters are checked before it runs (validate.ts);
 * a request cancelled while queued is answered RequestCancelled at once, and a running one yields
 * once before its work and answers RequestCancelled when cancelled meanwhile; a request whose
 * document changed under it answers ContentModified (pull diagnostics: ServerCancelled with a
 * retrigger). Results that cost the most (conversions) are kept per document version, so a burst
 * of identical requests costs one computation each. Documents past MAX_DOCUMENT_CHARS are not
 * parsed (documentStore.ts). Everything kept for a document is dropped when it closes.
 */
import {
  createConnection, DiagnosticRefreshRequest, ErrorCodes, LSPErrorCodes, ResponseError, DidChangeConfigurationNotification, ProposedFeatures,
  StreamMessageReader, TextDocumentSyncKind, type CancellationToken, type Connection, type ConnectionOptions, type Diagnostic,
  type InitializeParams, type InitializeResult, type Message, type RequestMessage, type ResponseMessage,
} from 'vscode-languageserver/node';
import { SERVER_NAME, SERVER_VERSION } from '../version';
import { DocumentStore } from './documentStore';
import { Settings } from './settings';
import {
  doComplete, explain, facts, siteOfPage, requestView, type PageSite, type Workspace,
} from '../service';
import { doHoverSteps, doValidationSteps, prepareAnswersSteps, type Steps } from '../service';
import { ExplainAnyRequest } from '../protocol';
import { aiUseOf, explainAiUse, explainPageAiUse, formatAiUse } from '../service';
import { registerViewRequests } from './viewRequests';
import { registerDiffRequest } from './diffRequest';
import { registerEditorRequests } from './editorRequests';
import { EMPTY_REPORT, PullResults } from './pullResults';
import { linkDocs } from './docsLinks';
import { canRegisterAll, dynamicRegistrations, staticCapabilities } from './capabilities';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { NodeWorkspace } from '../host/nodeWorkspace';
import { doHtmlComplete, doHtmlHover, explainPage, formatExplanation, formatPageExplanation, pageNotices, validateHtml } from '../service';
import { FrameWriter, FramingFilter } from './framing';
import { counted, CountingReader } from './countingReader';
import { degradedDiagnostic, sideDiagnostics } from './fileDiagnostics';
import { IDLE_AFTER_MS, PREPARE_AFTER_MS, PREPARE_AFTER_OPEN_MS, SLICE_MS } from './timing';
import { paramsProblem } from './validate';

/** Where a request with bad parameters goes instead of its handler, to be answered InvalidParams. */
const INVALID_PARAMS = '$/robotsAcap/invalidParams';

/**
 * Messages read from the client and handed on (to a handler, or answered without one), and the
 * requests not answered yet: when stdin ends, the process exits once both are done (see below).
 * A `$/cancelRequest` is counted apart: the library acts on most of them as it reads them,
 * without handing them on.
 */
const traffic = { read: 0, cancels: 0, handled: 0, open: new Set<number | string>() };
/**
 * When the last message was read from the client (performance.now()): idle work waits
 * IDLE_AFTER_MS after it, so a message's way through the server (read, dispatched, handled,
 * answered: a turn of the event loop each) is not interleaved with slices of it. Any message
 * counts, for any document, `$/cancelRequest` included: messages coming less than IDLE_AFTER_MS
 * apart (typing in another file) put the preparation off for as long as they come.
 */
let lastReceived = -Infinity;

const options: ConnectionOptions = {
  connectionStrategy: {
    // A request cancelled before it started is answered at once, without running it.
    cancelUndispatched: (message: Message): ResponseMessage | undefined => {
      traffic.handled++;
      const request = message as RequestMessage;
      return { jsonrpc: '2.0', id: request.id, error: { code: LSPErrorCodes.RequestCancelled, message: `${request.method} cancelled` } };
    },
  },
  messageStrategy: {
    handleMessage(message: Message, next: (message: Message) => void): void {
      if (counted(message)) traffic.handled++;
      // A body that is no JSON object (`null`, a number, a list) is no message: reading its method
      // threw, and the exception ended the process.
      if (message === null || typeof message !== 'object' || Array.isArray(message)) {
        log(`a message that is not a JSON object ignored: ${JSON.stringify(message)?.slice(0, 100)}`);
        return;
      }
      const m = message as Partial<RequestMessage>;
      if (typeof m.method === 'string') {
        if (m.id !== undefined && m.id !== null) traffic.open.add(m.id);
        const problem = paramsProblem(m.method, m.params);
        if (problem) {
          if (m.id === undefined) {
            // A notification cannot be answered: say why it was dropped.
            log(`${m.method} ignored: ${problem}`);
            return;
          }
          next({ ...m, method: INVALID_PARAMS, params: { method: m.method, problem } } as RequestMessage);
          return;
        }
      }
      next(message);
    },
  },
};

/**
 * Over stdio, a filter keeps the framing in step whatever the client sends, and each message
 * leaves in one write (framing.ts).
 */
const stdio = process.argv.includes('--stdio');
/** What the server reads: stdin through the framing filter. */
const input = stdio ? process.stdin.pipe(new FramingFilter((why) => log(`malformed message header: ${why}`))) : undefined;
/** Messages passed on by the filter: the reader decodes them a turn of the event loop each. */
const framed = (): number => input?.frames ?? 0;
/** What the server writes over stdio: stdout, each message in one write. */
const output = input
  ? new FrameWriter(process.stdout, (sent) => {
    if (!('method' in sent)) traffic.open.delete((sent as ResponseMessage).id ?? '');
    if (MARKS && !('method' in sent)) mark(`answered ${(sent as ResponseMessage).id}`);
  })
  : undefined;
const connection: Connection = input && output
  ? createConnection(
    ProposedFeatures.all,
    new CountingReader(new StreamMessageReader(input), (message) => {
      lastReceived = performance.now();
      if (MARKS) mark(`read ${(message as Partial<RequestMessage> | undefined)?.method ?? 'response'} ${(message as Partial<RequestMessage> | undefined)?.id ?? ''}`);
      if (counted(message)) traffic.read++;
      else traffic.cancels++;
    }, false),
    output,
    options,
  )
  : createConnection(ProposedFeatures.all, options);
/** Whether the client asked for shutdown: every exit of the server's own says so in its status. */
let shutdown = false;
connection.onShutdown(() => { shutdown = true; });
/** Exit as LSP's `exit` does: status 0 after a shutdown request, 1 without one. */
const leave = (): never => process.exit(shutdown ? 0 : 1);

/**
 * The client can hear nothing more: it closed the server's stdout (the first write after fails,
 * EPIPE) or, over IPC, disconnected. Every answer, notification and log message would fail, and
 * the connection, closed, throws at each send (an uncaught "Connection is closed" from a handler
 * ended the process), so the server exits here, before anything else runs, rather than finish
 * work nobody will read; pending requests, timers and idle work end with it. The status is the
 * one LSP gives an exit, 0 after a shutdown request and 1 without: a client lost without one is
 * no orderly end, and one that asked and then closed its end sees the same 0 as after `exit`.
 */
function unheard(why: string): void {
  log(`${why}: exiting`);
  leave();
}

/** How long, at most, the server goes on answering what it read once stdin has ended. */
const DRAIN_MS = 2000;

if (input && output) {
  output.onClose(() => unheard("the client closed the server's output"));
  // The client is gone when stdin ends: exit, as the library does for a stream it reads itself
  // (0 after a shutdown request, else 1), but only once the messages already read are handled
  // and their requests answered, for at most DRAIN_MS: a client that writes `shutdown` and
  // closes stdin at once is answered, and the status says it asked.
  let leaving = false;
  const gone = (): void => {
    if (leaving) return;
    leaving = true;
    const deadline = performance.now() + DRAIN_MS;
    const check = (): void => {
      const done = traffic.read + traffic.cancels >= framed() && traffic.handled >= traffic.read && traffic.open.size === 0;
      if (done || performance.now() > deadline) leave();
      else setTimeout(check, 5);
    };
    check();
  };
  // The filter's end, not stdin's: by then it has passed on every frame it will.
  input.on('end', gone);
  input.on('close', gone);
  // Nothing may write to stdout but the protocol.
  console.log = (...args: unknown[]) => connection.console.log(args.map(String).join(' '));
  console.info = console.log;
} else {
  // Over IPC (VS Code) the library closes nothing when the channel does: sends fail quietly, and
  // the server lived on for as long as the client's process did (the library watches its id).
  process.on('disconnect', () => unheard('the client disconnected'));
}

function log(text: string): void {
  // stderr works before the connection exists and when it is broken. When the client has closed
  // it, the line is lost (the 'error' below), never the server.
  process.stderr.write(`[robots-acap] ${text}\n`);
}
// A write to a stderr the client closed fails with EPIPE, emitted as an 'error' that, unheard,
// ended the process; the log is the only thing lost.
process.stderr.on('error', () => undefined);

/**
 * With ROBOTS_ACAP_PHASES=1 in its environment, the server writes to stderr when each phase of
 * opening a document ends, for a benchmark to split its didOpen → diagnostics from outside:
 * `@phase <name> <uri> <ms since the epoch>`, for `received` (the didOpen handler starts: the
 * message was read and decoded), `parsed`, `settings` (the client's answer to the settings
 * request was read) and `validated` (the diagnostics are about to be written); pull mode writes
 * the first three, for the first validation only. Nothing is written otherwise.
 */
const PHASES = process.env.ROBOTS_ACAP_PHASES === '1';
/**
 * With ROBOTS_ACAP_MARKS=1, for tests of the scheduling, it writes to stderr, in the order they
 * happen: `@read <method> <id>` as each message is read, `@answered <id>` as each answer is
 * written, `@slice idle` as each slice of idle work starts and `@idle done` as a piece of idle
 * work ends (not when it is dropped). Apart from PHASES: a benchmark
 * reading the phases would pay two writes more a request.
 */
const MARKS = process.env.ROBOTS_ACAP_MARKS === '1';
/** Documents opened whose first diagnostics are not written yet (only with PHASES). */
const opening = new Set<string>();
function phase(name: string, uri: string): void {
  if (PHASES && opening.has(uri)) process.stderr.write(`@phase ${name} ${uri} ${(performance.timeOrigin + performance.now()).toFixed(2)}\n`);
}
/** A scheduling mark (only with MARKS). */
function mark(text: string): void {
  if (MARKS) process.stderr.write(`@${text}\n`);
}

const documents = new DocumentStore();
// Settings that came after diagnostics went on without them: the diagnostics are made again.
const settings = new Settings(connection, (uri) => {
  if (pullDiagnostics) void connection.sendRequest(DiagnosticRefreshRequest.type).catch(() => undefined);
  else if (documents.has(uri)) schedulePush(uri);
});
/** The one workspace, with the open documents over the files on disk. */
const workspace = new NodeWorkspace({ get: (uri) => documents.get(uri), uris: () => documents.robotsUris() });

let pullDiagnostics = false;
/** Where docs/diagnostics.md is, for codeDescription links (the VS Code client says). */
let docsUri: string | undefined;
let canPullConfiguration = false;
let canRegisterConfiguration = false;
/** Register capabilities with document selectors after initialization (see capabilities.ts). */
let registerLater = false;

connection.onRequest(INVALID_PARAMS, (params: { method: string; problem: string }) => {
  throw new ResponseError(ErrorCodes.InvalidParams, `${params.method}: ${params.problem}`);
});

function cancelled(name: string): ResponseError<void> {
  return new ResponseError(LSPErrorCodes.RequestCancelled, `${name} cancelled`);
}

function contentModified(name: string): ResponseError<unknown> {
  return new ResponseError(LSPErrorCodes.ContentModified, `${name}: the document changed`);
}

/** Pull diagnostics overtaken by an edit: the client is asked to pull again (LSP 3.17). */
function serverCancelled(name: string): ResponseError<unknown> {
  return new ResponseError(LSPErrorCodes.ServerCancelled, `${name}: the document changed`, { retriggerRequest: true });
}

/**
 * Run a request handler: yield once first (a $/cancelRequest that arrived meanwhile is seen),
 * answer RequestCancelled when cancelled, ContentModified when the document changed while the
 * request waited or ran, and on a failure log it and answer `fallback`, so one bad document
 * never takes the server down.
 */
function guard<P extends { textDocument?: { uri: string } }, R>(name: string, fallback: R, handler: (params: P, token: CancellationToken) => R | Promise<R>, changed = contentModified) {
  return async (params: P, token: CancellationToken): Promise<R> => {
    const uri = params.textDocument?.uri;
    const revision = uri === undefined ? undefined : documents.revision(uri);
    await new Promise((resolve) => setImmediate(resolve));
    if (token.isCancellationRequested) throw cancelled(name);
    if (uri !== undefined && documents.revision(uri) !== revision) throw changed(name);
    let result: R;
    try {
      result = await handler(params, token);
    } catch (err) {
      if (err instanceof ResponseError) throw err;
      logFailure(name, err);
      return fallback;
    }
    if (token.isCancellationRequested) throw cancelled(name);
    // A handler that waited (for settings) may have read a newer text than the request meant.
    if (uri !== undefined && documents.revision(uri) !== revision) throw changed(name);
    return result;
  };
}

function guardNotification<P>(name: string, handler: (params: P) => void | Promise<void>) {
  return async (params: P): Promise<void> => {
    try {
      await handler(params);
    } catch (err) {
      logFailure(name, err);
    }
  };
}


/**
 * Run `steps` in slices of SLICE_MS, yielding to the event loop between them (setImmediate);
 * after each pause `stop` says whether to give up, with the error to answer (RequestCancelled
 * for a cancelled request, ContentModified/ServerCancelled when the document changed or closed).
 * The generator is then closed, so nothing of the dropped work runs on. Cost: the steps' own,
 * plus one event-loop turn per slice.
 */
async function runSteps<T>(steps: Steps<T>, stop: () => ResponseError<unknown> | undefined, priority: 'waited on' | 'background' | 'idle' = 'waited on'): Promise<T> {
  if (priority === 'waited on') waitedOn++;
  /** A turn of the event loop, then (background work) a wait while a request someone waits on runs; then `stop`. */
  const check = (): void => {
    const why = stop();
    if (why) {
      steps.return(undefined as T);
      throw why;
    }
  };
  const giveWay = async (): Promise<void> => {
    await new Promise((resolve) => setImmediate(resolve));
    // Background work gives way while a request someone waits on runs (a hover on a file still
    // being validated answers in its own time, not in twice its time).
    if (priority === 'background') while (waitedOn > 0) await new Promise<void>((resolve) => parked.push(resolve));
    // Idle work (what a hover will ask, built ahead) gives way so too, and waits, besides, until
    // no such request has been answered and no message read for IDLE_AFTER_MS: while someone
    // hovers or completes, a slice of it would hold up the next request by up to a slice, and a
    // request that came while it ran took a slice at each turn of its way (a pull of unchanged
    // diagnostics 100 ms after the largest real file opened: 71–100 ms, where 1 ms otherwise).
    // It asks `stop` before every wait: work for a document closed or edited meanwhile ends
    // there, rather than waiting (and holding the document) for as long as requests keep coming.
    while (priority === 'idle') {
      check();
      if (waitedOn > 0) {
        await new Promise<void>((resolve) => parked.push(resolve));
        continue;
      }
      const wait = Math.max(lastAnswered, lastReceived) + IDLE_AFTER_MS - performance.now();
      if (wait <= 0) break;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
    check();
  };
  try {
    // Background work lets the messages already received go first: the connection dispatches them
    // one per turn of the event loop, and a hover sent right after a keystroke was answered only
    // after that keystroke's validation and its published diagnostics.
    if (priority !== 'waited on') await giveWay();
    let until = performance.now() + SLICE_MS;
    if (MARKS && priority === 'idle') mark('slice idle');
    for (;;) {
      const r = steps.next();
      if (r.done) {
        if (MARKS && priority === 'idle') mark('idle done');
        return r.value;
      }
      if (performance.now() < until) continue;
      await giveWay();
      until = performance.now() + SLICE_MS;
      if (MARKS && priority === 'idle') mark('slice idle');
    }
  } finally {
    if (priority === 'waited on') endWaited();
  }
}

/** Which scheduled resumption is the newest: only it resumes parked work. */
let resumeTurn = 0;

/** When a request someone waited on was last answered (performance.now()). */
let lastAnswered = -Infinity;

/**
 * One request someone waited on is done. Parked work resumes two turns of the event loop later:
 * the connection writes the answer in a turn of its own after the handler returns, and work
 * resumed sooner ran its slice (up to 15 ms) before the answer left (hover after an edit of a
 * 1 MB file: 2.4 ms median between the answer and the client, 11 ms at worst). A request that
 * starts and ends meanwhile schedules a newer resumption, which waits for its answer in turn.
 */
function endWaited(): void {
  lastAnswered = performance.now();
  if (--waitedOn > 0) return;
  const turn = ++resumeTurn;
  setImmediate(() => setImmediate(() => {
    if (waitedOn === 0 && turn === resumeTurn) for (const resume of parked.splice(0)) resume();
  }));
}

/**
 * guard() for a request someone waits on while typing (hover, completion): background work parks
 * from the moment it is received, through guard's turn of the event loop, until its handler
 * starts; the handler's own sliced work (runSteps) holds it from there. Not while the handler
 * waits for the client (settings not cached yet): a client slow to answer must not hold every
 * document's validation.
 */
function waitedGuard<P extends { textDocument?: { uri: string } }, R>(name: string, fallback: R, handler: (params: P, token: CancellationToken) => R | Promise<R>) {
  return async (params: P, token: CancellationToken): Promise<R> => {
    waitedOn++;
    let held = true;
    const release = (): void => {
      if (!held) return;
      held = false;
      endWaited();
    };
    try {
      return await guard(name, fallback, (p: P, t: CancellationToken) => {
        release();
        return handler(p, t);
      })(params, token);
    } finally {
      release();
    }
  };
}

/**
 * Sliced requests that a person waits on (hover) running now, and the background work
 * (validation) parked until they are done. Each waited-on request is bounded (a hover's table has
 * a budget), so the background waits at most that long per request.
 */
let waitedOn = 0;
const parked: (() => void)[] = [];

/** Stop when the request is cancelled, or when the document changed or closed since `revision`. */
function stopWhen(name: string, token: CancellationToken | undefined, uri: string, revision: number | undefined, changed = contentModified): () => ResponseError<unknown> | undefined {
  return () => (token?.isCancellationRequested ? cancelled(name) : documents.revision(uri) !== revision ? changed(name) : undefined);
}

/** Problems with files around the documents (a site robots.txt that is a FIFO...), said once each. */
const warned = new Set<string>();
function warnOnce(problem: string): void {
  if (warned.has(problem) || warned.size > 1000) return;
  warned.add(problem);
  connection.console.warn(problem);
}

function logFailure(what: string, err: unknown): void {
  connection.console.error(`${what} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
}

connection.onInitialize((params: InitializeParams): InitializeResult => {
  const caps = params.capabilities ?? {};
  pullDiagnostics = caps.textDocument?.diagnostic !== undefined;
  canPullConfiguration = caps.workspace?.configuration === true;
  canRegisterConfiguration = caps.workspace?.didChangeConfiguration?.dynamicRegistration === true;
  settings.setCanPull(canPullConfiguration);
  const initOptions = params.initializationOptions as { settings?: unknown; docsUri?: unknown } | undefined;
  if (initOptions?.settings !== undefined) settings.setPushed(initOptions.settings);
  docsUri = typeof initOptions?.docsUri === 'string' ? initOptions.docsUri : undefined;
  registerLater = canRegisterAll(caps);
  editor.initialize(caps);
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      ...(registerLater ? {} : staticCapabilities(pullDiagnostics)),
    },
    serverInfo: { name: SERVER_NAME, version: SERVER_VERSION },
  };
});

connection.onInitialized(guardNotification('initialized', async () => {
  if (registerLater) await connection.client.register(dynamicRegistrations(pullDiagnostics));
  if (canRegisterConfiguration) {
    await connection.client.register(DidChangeConfigurationNotification.type, { section: 'robotsAcap' });
  }
}));

/** The site root a setting names, as a folder URI. */
function configuredRoot(siteRoot: string | undefined): string | undefined {
  return siteRoot ? pathToFileURL(path.resolve(siteRoot)).href.replace(/\/?$/, '/') : undefined;
}

/**
 * An HTML page's site (its robots.txt and path), found through a view of the files made for this
 * one request (requestView), and that view, through which the request's answers read the rest.
 */
function pageSite(uri: string, siteRoot: string | undefined): { readonly site: PageSite; readonly view: Workspace } {
  const view = requestView(workspace);
  return { site: siteOfPage(view, uri, configuredRoot(siteRoot)), view };
}

/**
 * Diagnostics for an open robots.txt or HTML page (undefined when it is not open). A robots.txt is
 * validated in slices (doValidationSteps): a cancelled pull, an edit or a close stops it (with a
 * ResponseError) instead of finishing work nobody will read.
 */
async function validate(uri: string, token?: CancellationToken): Promise<Diagnostic[] | undefined> {
  if (!documents.has(uri)) return undefined;
  const revision = documents.revision(uri);
  const asked = settings.forDocument(uri);
  if (documents.parsePending(uri)) {
    // A document just opened: the settings request (a round trip to the client, 4.5-14 ms after
    // the parse with the bench's fresh client) leaves in a turn of the event loop of its own (the
    // connection writes from setImmediate), and the parse runs while the client answers, not
    // before the request.
    await new Promise((resolve) => setImmediate(resolve));
    documents.get(uri);
    phase('parsed', uri);
  }
  const s = await asked;
  phase('settings', uri);
  // Pull mode publishes nothing itself: the marks of this document end here.
  if (pullDiagnostics) opening.delete(uri);
  const side = documents.side(uri);
  if (side) return linkDocs(sideDiagnostics(side, s), docsUri);
  const size = documents.degraded(uri);
  if (size !== undefined) return degradedDiagnostic(size, s);
  const page = documents.page(uri);
  if (page) {
    const { site, view } = pageSite(uri, s.siteRoot);
    if (site.problem) warnOnce(site.problem);
    return linkDocs([...validateHtml(page, s), ...pageNotices(page, site.robots, site.path, s, { workspace: view })], docsUri);
  }
  const doc = documents.get(uri);
  if (!doc) return undefined;
  // Files referring to this one are read only if a name is not defined here.
  const diagnostics = await runSteps(doValidationSteps(doc, { ...s, workspace }), stopWhen('textDocument/diagnostic', token, uri, revision, serverCancelled), 'background');
  // Soon after the first diagnostics of a document just opened (nobody is typing in it yet), else
  // once it is quiet.
  schedulePrepare(uri, revision, opened.delete(uri) ? PREPARE_AFTER_OPEN_MS : PREPARE_AFTER_MS);
  return linkDocs(diagnostics, docsUri);
}

const preparing = new Map<string, NodeJS.Timeout>();
/** Documents opened whose first validation has not ended yet (and not edited since). */
const opened = new Set<string>();

/**
 * Once `uri` has stayed at `revision` for `after` ms, build the indexes a hover's table asks for
 * (the first hover on the largest real file built them itself: 115–200 ms). Run as idle work in
 * slices (runSteps): requests someone waits on go first, and an edit or a close stops it at its
 * next step (a step builds at most one reading's index). After an edit within lines it
 * patches what the previous version had built.
 */
function schedulePrepare(uri: string, revision: number | undefined, after: number): void {
  cancelPrepare(uri);
  const timer = setTimeout(() => {
    preparing.delete(uri);
    const doc = documents.revision(uri) === revision ? documents.get(uri) : undefined;
    if (!doc) return;
    void (async () => {
      const s = await settings.forDocument(uri);
      await runSteps(prepareAnswersSteps(doc, s), stopWhen('preparing answers', undefined, uri, revision), 'idle');
    })().catch((err: unknown) => {
      if (!(err instanceof ResponseError)) logFailure(`preparing answers for ${uri}`, err);
    });
  }, after);
  // Never what keeps the process alive.
  timer.unref();
  preparing.set(uri, timer);
}

function cancelPrepare(uri: string): void {
  clearTimeout(preparing.get(uri));
  preparing.delete(uri);
}

// Push mode: validate as soon as the event loop is free, with no debounce: analysis after an
// edit is incremental (a keystroke re-reads the lines it touched), so a small edit never waits.
// One run per document is queued at a time; a run publishes only if no edit came meanwhile.
const pending = new Map<string, NodeJS.Immediate>();
function schedulePush(uri: string): void {
  if (pullDiagnostics || pending.has(uri)) return;
  pending.set(uri, setImmediate(() => {
    pending.delete(uri);
    void pushDiagnostics(uri);
  }));
}

function cancelPush(uri: string): void {
  const old = pending.get(uri);
  if (old) clearImmediate(old);
  pending.delete(uri);
}

async function pushDiagnostics(uri: string): Promise<void> {
  try {
    const revision = documents.revision(uri);
    const version = documents.version(uri);
    const diagnostics = await validate(uri);
    if (!diagnostics || documents.revision(uri) !== revision) return; // changed meanwhile: the next run publishes
    phase('validated', uri);
    opening.delete(uri);
    await connection.sendDiagnostics({ uri, version, diagnostics });
  } catch (err) {
    // Stopped by an edit or a close: the run the edit scheduled publishes (a close publishes nothing).
    if (err instanceof ResponseError) return;
    logFailure(`diagnostics for ${uri}`, err);
  }
}

connection.onDidOpenTextDocument(guardNotification('didOpen', (params) => {
  const { uri, version, text, languageId } = params.textDocument;
  if (PHASES) opening.add(uri);
  phase('received', uri);
  if (!documents.open(uri, version, text, languageId)) {
    opening.delete(uri);
    return;
  }
  opened.add(uri);
  // Asked now, so that the request is on its way before the document is parsed (validate).
  void settings.forDocument(uri);
  schedulePush(uri);
}));

connection.onDidChangeTextDocument(guardNotification('didChange', (params) => {
  const uri = params.textDocument.uri;
  if (!documents.has(uri)) return;
  opened.delete(uri);
  documents.change(uri, params.textDocument.version, params.contentChanges);
  schedulePush(uri);
}));

connection.onDidCloseTextDocument(guardNotification('didClose', (params) => {
  const uri = params.textDocument.uri;
  const wasOpen = documents.has(uri);
  opening.delete(uri);
  opened.delete(uri);
  documents.close(uri);
  settings.forget(uri);
  cancelPush(uri);
  cancelPrepare(uri);
  pulls.forget(uri);
  editor.closed(uri);
  if (wasOpen && !pullDiagnostics) connection.sendDiagnostics({ uri, diagnostics: [] }).catch((err: unknown) => logFailure('clearing diagnostics', err));
}));

connection.onDidChangeConfiguration(guardNotification('didChangeConfiguration', (params) => {
  settings.changed(params.settings);
  workspace.clear();
  if (pullDiagnostics) {
    void connection.sendRequest(DiagnosticRefreshRequest.type).catch(() => undefined);
  } else {
    for (const uri of documents.uris()) schedulePush(uri);
  }
}));

connection.onDidChangeWatchedFiles(guardNotification('didChangeWatchedFiles', () => workspace.clear()));

// Pull diagnostics, answered "unchanged" when the client has them already (pullResults.ts).
const pulls = new PullResults();

connection.languages.diagnostics.on(guard('textDocument/diagnostic', EMPTY_REPORT, (params, token) => {
  const uri = params.textDocument.uri;
  const compute = async (): Promise<Diagnostic[] | undefined> => {
    const items = await validate(uri, token);
    if (token.isCancellationRequested) throw cancelled('textDocument/diagnostic');
    return items;
  };
  // Overtaken by an edit while validating: the client is asked to pull again rather than answered stale.
  return pulls.answer(uri, params.previousResultId, (u) => documents.revision(u), settings.generation, compute, () => serverCancelled('textDocument/diagnostic'));
}, serverCancelled));

connection.onHover(waitedGuard('textDocument/hover', null, async (params, token) => {
  const uri = params.textDocument.uri;
  const revision = documents.revision(uri);
  const s = await settings.forDocument(uri);
  const page = documents.page(uri);
  if (page) {
    // One view of the files for the site's robots.txt and every answer from it (requestView).
    const { site, view } = pageSite(uri, s.siteRoot);
    return doHtmlHover(page, params.position, { robots: site.robots, path: site.path, crawlers: s.crawlers, profile: s.profile, workspace: view });
  }
  const doc = documents.get(uri);
  // A path's table is asked for in slices (one crawler's row a step): cancellable, and other requests interleave.
  return doc ? runSteps(doHoverSteps(doc, params.position, s, { workspace }), stopWhen('textDocument/hover', token, uri, revision)) : null;
}));

connection.onCompletion(waitedGuard('textDocument/completion', null, (params) => {
  const page = documents.page(params.textDocument.uri);
  if (page) return doHtmlComplete(page, params.position);
  const doc = documents.get(params.textDocument.uri);
  // The site's paths are listed only when a path is being completed.
  return doc ? doComplete(doc, params.position, { workspace }) : null;
}));

// Code actions, navigation, rename, outline, folding, links, semantic tokens, inlay hints and
// formatting: answered alike by the web worker's server (editorRequests.ts).
const editor = registerEditorRequests(connection, { documents, guard, context: { workspace }, logFailure });

connection.onRequest(ExplainAnyRequest, guard('robotsAcap/explain', null, async (params, token) => {
  const q = params.query;
  // AI uses (issue 14): ai-train, ai-input, search — answered by the AI-use engine, from every signal.
  const ai = q.usage !== undefined ? aiUseOf(q.usage) : undefined;
  if (ai) {
    const uri = params.textDocument.uri;
    const s = await settings.forDocument(uri);
    const page = documents.page(uri);
    if (page && !token.isCancellationRequested) {
      const { site, view } = pageSite(uri, s.siteRoot);
      // The site's robots.txt read under the user's profile, as a robots.txt's own answer below.
      const a = explainPageAiUse(site.robots, page, { agent: q.agent, path: q.path || site.path, use: ai, profile: q.profile ?? s.profile }, { workspace: view });
      return { ...a, text: formatAiUse(a), ...(site.robots ? { robotsUri: site.robots.uri } : {}) };
    }
    const doc = documents.get(uri);
    if (!doc || token.isCancellationRequested) return null;
    const a = explainAiUse(doc, { agent: q.agent, path: q.path, use: ai, profile: q.profile ?? s.profile }, { workspace });
    return { ...a, text: formatAiUse(a) };
  }
  if (q.usage !== undefined && !facts.USAGE_BY_NAME.has(q.usage.toLowerCase())) throw new ResponseError(ErrorCodes.InvalidParams, `unknown usage ‘${q.usage}’`);
  const uri = params.textDocument.uri;
  const s = await settings.forDocument(uri);
  const page = documents.page(uri);
  if (page && !token.isCancellationRequested) {
    const { site, view } = pageSite(uri, s.siteRoot);
    const e = explainPage(site.robots, page, { ...q, path: q.path || site.path, profile: q.profile ?? s.profile }, { workspace: view });
    return { ...e, text: formatPageExplanation(e), ...(site.robots ? { robotsUri: site.robots.uri } : {}) };
  }
  const doc = documents.get(uri);
  if (!doc || token.isCancellationRequested) return null;
  const e = explain(doc, { profile: s.profile, ...q }, { workspace });
  return { ...e, text: formatExplanation(e) };
}));

registerViewRequests(connection, { documents, settings, engineContext: { workspace }, guard, pagePath: (uri, root) => siteOfPage(workspace, uri, configuredRoot(root)).path });
registerDiffRequest(connection, { documents, settings, guard });

/**
 * Memory figures for measurements (test/bench/serverLoad.ts): the heap after a full collection
 * when node runs with --expose-gc, so what documents leave behind after they close can be seen.
 */
connection.onRequest('$/robotsAcap/memory', () => {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const m = process.memoryUsage();
  return { collected: gc !== undefined, rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal, documents: documents.uris().length };
});

connection.listen();
