/**
 * The language server: wires LSP requests to the language service and keeps one parsed
 * document per open file. Runs over IPC from VS Code and over stdio (`--stdio`) for any client.
 *
 * The server keeps its own document store rather than vscode-languageserver's TextDocuments,
 * because the incremental parser needs the edits themselves, not only the resulting text.
 */
import {
  CodeActionTriggerKind, createConnection, DiagnosticRefreshRequest, ErrorCodes, ResponseError, DidChangeConfigurationNotification, DocumentDiagnosticReportKind, ProposedFeatures,
  TextDocumentSyncKind, type CancellationToken, type Connection, type Diagnostic, type DocumentDiagnosticReport,
  type InitializeParams, type InitializeResult,
} from 'vscode-languageserver/node';
import { SERVER_NAME, SERVER_VERSION } from '../version';
import { DocumentStore } from './documentStore';
import { Settings } from './settings';
import {
  doComplete, doHover, doRename, doValidation, getConversionActions, findDocumentLinks, findDocumentSymbols, getFoldingRanges, getInlayHints, getSelectionRanges,
  format, getSemanticTokens, getSemanticTokensRange, explain, facts, findDefinition, findDocumentHighlights, findReferences, getCodeActions, prepareRename,
  type NavigationContext, type RobotsDocument,
} from '../service';
import { ExplainRequest } from '../protocol';
import { registerViewRequests } from './viewRequests';
import { linkDocs } from './docsLinks';
import { canRegisterAll, dynamicRegistrations, staticCapabilities } from './capabilities';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { referenceResolver, referencedDocuments, referencingDocuments, resolveReferencePath, siteOfPage, sitePaths } from '../host/workspace';
import { doHtmlComplete, doHtmlHover, explainPage, formatExplanation, formatPageExplanation, getHtmlCodeActions, pageNotices, validateHtml } from '../service';

const connection: Connection = createConnection(ProposedFeatures.all);
const documents = new DocumentStore();
const settings = new Settings(connection);
const engineContext = { resolveReference: referenceResolver(documents) };

/** The workspace files on either side of this one's ACAP-permissions-reference links (Part 1 §2.7). */
function navigationContext(doc: RobotsDocument): NavigationContext {
  return { referencingDocuments: referencingDocuments(documents, doc), referencedDocuments: referencedDocuments(documents, doc) };
}

let pullDiagnostics = false;
/** Where docs/diagnostics.md is, for codeDescription links (the VS Code client says). */
let docsUri: string | undefined;
let canPullConfiguration = false;
let canRegisterConfiguration = false;
/** Register capabilities with document selectors after initialization (see capabilities.ts). */
let registerLater = false;

/** Run a handler; on failure log it and answer `fallback` so one bad document never takes the server down. */
function guard<P, R>(name: string, fallback: R, handler: (params: P, token: CancellationToken) => R | Promise<R>) {
  return async (params: P, token: CancellationToken): Promise<R> => {
    try {
      return await handler(params, token);
    } catch (err) {
      if (err instanceof ResponseError) throw err;
      connection.console.error(`${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      return fallback;
    }
  };
}

function guardNotification<P>(name: string, handler: (params: P) => void | Promise<void>) {
  return async (params: P): Promise<void> => {
    try {
      await handler(params);
    } catch (err) {
      connection.console.error(`${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    }
  };
}

connection.onInitialize((params: InitializeParams): InitializeResult => {
  const caps = params.capabilities;
  pullDiagnostics = caps.textDocument?.diagnostic !== undefined;
  canPullConfiguration = caps.workspace?.configuration === true;
  canRegisterConfiguration = caps.workspace?.didChangeConfiguration?.dynamicRegistration === true;
  settings.setCanPull(canPullConfiguration);
  const initOptions = params.initializationOptions as { settings?: unknown; docsUri?: unknown } | undefined;
  if (initOptions?.settings !== undefined) settings.setPushed(initOptions.settings);
  docsUri = typeof initOptions?.docsUri === 'string' ? initOptions.docsUri : undefined;
  registerLater = canRegisterAll(caps);
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

/** Diagnostics for an open robots.txt or HTML page (undefined when it is not open). */
async function validate(uri: string): Promise<Diagnostic[] | undefined> {
  const s = await settings.forDocument(uri);
  const page = documents.page(uri);
  if (page) {
    const site = siteOfPage(documents, uri, s.siteRoot);
    return linkDocs([...validateHtml(page, s), ...pageNotices(page, site.robots, site.path, s)], docsUri);
  }
  const doc = documents.get(uri);
  // Files referring to this one are read only if a name is not defined here.
  return doc ? linkDocs(doValidation(doc, { ...s, referencingDocuments: () => referencingDocuments(documents, doc) }), docsUri) : undefined;
}

// Push mode: validate after the latest change of a burst, never an outdated version. Small files
// validate at once; very large ones wait for a pause in typing, in proportion to their size.
const pending = new Map<string, ReturnType<typeof setTimeout>>();
function schedulePush(uri: string): void {
  if (pullDiagnostics) return;
  const old = pending.get(uri);
  if (old) clearTimeout(old);
  const lines = documents.get(uri)?.lines.length ?? 0;
  const delay = Math.min(500, Math.floor(lines / 2000));
  pending.set(uri, setTimeout(() => {
    pending.delete(uri);
    void pushDiagnostics(uri);
  }, delay));
}

function logFailure(what: string, err: unknown): void {
  connection.console.error(`${what} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
}

async function pushDiagnostics(uri: string): Promise<void> {
  try {
    const version = documents.version(uri);
    const diagnostics = await validate(uri);
    if (!diagnostics || documents.version(uri) !== version) return; // changed meanwhile: the next run publishes
    await connection.sendDiagnostics({ uri, version, diagnostics });
  } catch (err) {
    logFailure(`diagnostics for ${uri}`, err);
  }
}

connection.onDidOpenTextDocument(guardNotification('didOpen', (params) => {
  documents.open(params.textDocument.uri, params.textDocument.version, params.textDocument.text, params.textDocument.languageId);
  schedulePush(params.textDocument.uri);
}));

connection.onDidChangeTextDocument(guardNotification('didChange', (params) => {
  documents.change(params.textDocument.uri, params.textDocument.version, params.contentChanges);
  schedulePush(params.textDocument.uri);
}));

connection.onDidCloseTextDocument(guardNotification('didClose', (params) => {
  documents.close(params.textDocument.uri);
  settings.forget(params.textDocument.uri);
  if (!pullDiagnostics) connection.sendDiagnostics({ uri: params.textDocument.uri, diagnostics: [] }).catch((err: unknown) => logFailure('clearing diagnostics', err));
}));

connection.onDidChangeConfiguration(guardNotification('didChangeConfiguration', (params) => {
  settings.changed(params.settings);
  if (pullDiagnostics) {
    void connection.sendRequest(DiagnosticRefreshRequest.type).catch(() => undefined);
  } else {
    for (const uri of documents.uris()) schedulePush(uri);
  }
}));

const EMPTY_REPORT: DocumentDiagnosticReport = { kind: DocumentDiagnosticReportKind.Full, items: [] };

connection.languages.diagnostics.on(guard('textDocument/diagnostic', EMPTY_REPORT, async (params, token) => {
  const uri = params.textDocument.uri;
  const version = documents.version(uri);
  if (version === undefined || token.isCancellationRequested) return EMPTY_REPORT;
  const resultId = `${version}:${settings.generation}`;
  if (params.previousResultId === resultId) return { kind: DocumentDiagnosticReportKind.Unchanged, resultId };
  const items = await validate(uri);
  // A request cancelled (or overtaken by an edit) while validating gets no stale answer.
  if (!items || token.isCancellationRequested || documents.version(uri) !== version) return EMPTY_REPORT;
  return { kind: DocumentDiagnosticReportKind.Full, resultId, items };
}));

connection.onHover(guard('textDocument/hover', null, async (params, token) => {
  const uri = params.textDocument.uri;
  if (token.isCancellationRequested) return null;
  const s = await settings.forDocument(uri);
  const page = documents.page(uri);
  if (page) {
    const site = siteOfPage(documents, uri, s.siteRoot);
    return doHtmlHover(page, params.position, { ...site, crawlers: s.crawlers, engine: engineContext });
  }
  const doc = documents.get(uri);
  return doc ? doHover(doc, params.position, s, engineContext) : null;
}));

connection.onCompletion(guard('textDocument/completion', null, (params, token) => {
  if (token.isCancellationRequested) return null;
  const page = documents.page(params.textDocument.uri);
  if (page) return doHtmlComplete(page, params.position);
  const doc = documents.get(params.textDocument.uri);
  return doc ? doComplete(doc, params.position, { workspacePaths: sitePaths(doc) }) : null;
}));

connection.onCodeAction(guard('textDocument/codeAction', [], (params, token) => {
  if (token.isCancellationRequested) return [];
  const page = documents.page(params.textDocument.uri);
  if (page) return getHtmlCodeActions(page, params.range, params.context.diagnostics);
  const doc = documents.get(params.textDocument.uri);
  if (!doc) return [];
  const fixes = getCodeActions(doc, params.range, params.context.diagnostics);
  // Conversions run the engine over many probe paths: offer them when the user asks for code
  // actions (or for refactorings), not on every automatic lightbulb request.
  const only = params.context.only;
  const wantsRefactor = only ? only.some((k) => k.startsWith('refactor')) : params.context.triggerKind !== CodeActionTriggerKind.Automatic;
  return wantsRefactor ? [...fixes, ...getConversionActions(doc, params.range)] : fixes;
}));

connection.onDefinition(guard('textDocument/definition', [], (params, token) => {
  const doc = documents.get(params.textDocument.uri);
  return !doc || token.isCancellationRequested ? [] : findDefinition(doc, params.position, navigationContext(doc));
}));

connection.onReferences(guard('textDocument/references', [], (params, token) => {
  const doc = documents.get(params.textDocument.uri);
  return !doc || token.isCancellationRequested ? [] : findReferences(doc, params.position, params.context.includeDeclaration, navigationContext(doc));
}));

connection.onDocumentHighlight(guard('textDocument/documentHighlight', [], (params, token) => {
  const doc = documents.get(params.textDocument.uri);
  return !doc || token.isCancellationRequested ? [] : findDocumentHighlights(doc, params.position, navigationContext(doc));
}));

connection.onPrepareRename(guard('textDocument/prepareRename', null, (params) => {
  const doc = documents.get(params.textDocument.uri);
  return doc ? prepareRename(doc, params.position) : null;
}));

connection.onRenameRequest(guard('textDocument/rename', null, (params) => {
  const doc = documents.get(params.textDocument.uri);
  if (!doc) return null;
  try {
    return doRename(doc, params.position, params.newName, navigationContext(doc));
  } catch (err) {
    // A refused rename says why (an invalid or colliding name), as an error the client shows.
    throw new ResponseError(ErrorCodes.InvalidRequest, err instanceof Error ? err.message : String(err));
  }
}));

connection.onDocumentSymbol(guard('textDocument/documentSymbol', [], (params) => {
  const doc = documents.get(params.textDocument.uri);
  return doc ? findDocumentSymbols(doc) : [];
}));

connection.onFoldingRanges(guard('textDocument/foldingRange', [], (params) => {
  const doc = documents.get(params.textDocument.uri);
  return doc ? getFoldingRanges(doc) : [];
}));

connection.onSelectionRanges(guard('textDocument/selectionRange', [], (params) => {
  const doc = documents.get(params.textDocument.uri);
  return doc ? getSelectionRanges(doc, params.positions) : [];
}));

connection.onDocumentLinks(guard('textDocument/documentLink', [], (params) => {
  const doc = documents.get(params.textDocument.uri);
  if (!doc) return [];
  // A permissions reference links to its file when that file is in the workspace.
  return findDocumentLinks(doc, (locator) => {
    const file = resolveReferencePath(locator, doc);
    return file && existsSync(file) ? pathToFileURL(file).toString() : undefined;
  });
}));

connection.languages.semanticTokens.on(guard('textDocument/semanticTokens/full', { data: [] }, (params) => {
  const doc = documents.get(params.textDocument.uri);
  return doc ? getSemanticTokens(doc) : { data: [] };
}));

connection.languages.semanticTokens.onRange(guard('textDocument/semanticTokens/range', { data: [] }, (params) => {
  const doc = documents.get(params.textDocument.uri);
  return doc ? getSemanticTokensRange(doc, params.range) : { data: [] };
}));

connection.languages.inlayHint.on(guard('textDocument/inlayHint', [], (params) => {
  const doc = documents.get(params.textDocument.uri);
  return doc ? getInlayHints(doc, params.range) : [];
}));

connection.onDocumentFormatting(guard('textDocument/formatting', [], (params) => {
  const doc = documents.get(params.textDocument.uri);
  return doc ? format(doc, params.options) : [];
}));

connection.onDocumentRangeFormatting(guard('textDocument/rangeFormatting', [], (params) => {
  const doc = documents.get(params.textDocument.uri);
  return doc ? format(doc, params.options, params.range) : [];
}));

connection.onRequest(ExplainRequest, guard('robotsAcap/explain', null, async (params, token) => {
  const q = params.query;
  if (typeof q?.agent !== 'string' || typeof q.path !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, 'query needs agent and path');
  if (q.usage !== undefined && !facts.USAGE_BY_NAME.has(q.usage.toLowerCase())) throw new ResponseError(ErrorCodes.InvalidParams, `unknown usage ‘${q.usage}’`);
  const uri = params.textDocument.uri;
  const s = await settings.forDocument(uri);
  const page = documents.page(uri);
  if (page && !token.isCancellationRequested) {
    const site = siteOfPage(documents, uri, s.siteRoot);
    const e = explainPage(site.robots, page, { ...q, path: q.path || site.path }, engineContext);
    return { ...e, text: formatPageExplanation(e), ...(site.robots ? { robotsUri: site.robots.uri } : {}) };
  }
  const doc = documents.get(uri);
  if (!doc || token.isCancellationRequested) return null;
  const e = explain(doc, { profile: s.profile, ...q }, engineContext);
  return { ...e, text: formatExplanation(e) };
}));

registerViewRequests(connection, { documents, settings, engineContext, guard, pagePath: (uri, root) => siteOfPage(documents, uri, root).path });

connection.listen();
