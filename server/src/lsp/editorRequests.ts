/**
 * The editor requests both servers answer alike — the Node server (server.ts) and the one in a
 * web worker (browserServer.ts): code actions and their resolution, navigation and rename,
 * outline, folding, selection ranges, links, semantic tokens (full, delta, range), inlay hints
 * and formatting. Each answers from the language service; what differs between the two servers
 * is what they read beyond the open documents (the host's `context`) and how a request is
 * guarded (the host's `guard`: the Node server's also answers cancellations and documents
 * changed under a request).
 */
import {
  CodeActionTriggerKind, ErrorCodes, LSPErrorCodes, MessageType, ResponseError, ShowMessageNotification,
  type CancellationToken, type ClientCapabilities, type CodeAction, type Connection,
} from 'vscode-languageserver';
import {
  conversionDataProblem, doRename, findDefinition, findDocumentHighlights, findDocumentLinks, findDocumentSymbols, findReferences, folderOf, format,
  getCodeActions, getConversionActions, getFoldingRanges, getHtmlCodeActions, getInlayHints, getSelectionRanges, getSemanticTokens, getSemanticTokensRange,
  listConversionActions, prepareRename, resolveConversionAction, resolveLocator, semanticTokensDelta,
  type ConversionData, type EditForm, type ResolvedConversion, type RobotsDocument, type WorkspaceContext,
} from '../service';
import type { DocumentStore } from './documentStore';

type Guard = <P extends { textDocument?: { uri: string } }, R>(name: string, fallback: R, handler: (params: P, token: CancellationToken) => R | Promise<R>) => (params: P, token: CancellationToken) => Promise<R>;

export interface EditorHost {
  readonly documents: DocumentStore;
  readonly guard: Guard;
  /** What navigation, rename and links read beyond the document: the workspace, or nothing. */
  readonly context: WorkspaceContext;
  readonly logFailure: (what: string, err: unknown) => void;
}

/**
 * How the client takes conversion actions. One that can resolve an action's edit later (LSP 3.16
 * `resolveSupport` naming `edit`: VS Code, VS Code for the Web, code-server) gets them listed
 * without edits, at O(log groups + lines converted) (listConversionActions), and
 * `codeAction/resolve` converts and verifies only the one picked: one conversion plus at most 200
 * verdict checks; its edit names the document version and carries the verification as a change
 * annotation (needsConfirmation when a verdict changes, so VS Code previews it). Other clients
 * (Neovim, Helix...) get the edits while listing, bounded (getConversionActions: the cursor's
 * line and group, whole-file conversions only in small files) and kept per document version and
 * range.
 */
interface ConversionClient {
  readonly resolve: boolean;
  readonly disabledSupport: boolean;
  readonly form: EditForm;
}

function conversionClientOf(caps: ClientCapabilities): ConversionClient {
  const ca = caps.textDocument?.codeAction;
  const we = caps.workspace?.workspaceEdit;
  return {
    resolve: ca?.resolveSupport?.properties?.includes('edit') === true && ca.dataSupport !== false,
    disabledSupport: ca?.disabledSupport === true,
    form: { documentChanges: we?.documentChanges === true, changeAnnotations: we?.documentChanges === true && we.changeAnnotationSupport !== undefined },
  };
}

/** Conversions listed or resolved, kept per document version: at most this many each. */
const MAX_CONVERSIONS_PER_DOCUMENT = 32;

/** Keep `value` under `key` in a map bounded to MAX_CONVERSIONS_PER_DOCUMENT (oldest out first). */
function keep<V>(map: Map<string, V>, key: string, value: V): V {
  if (map.size >= MAX_CONVERSIONS_PER_DOCUMENT) map.delete(map.keys().next().value as string);
  map.set(key, value);
  return value;
}

/** What the host tells the requests: the client's capabilities, and documents closed. */
export interface EditorRequests {
  /** The client's capabilities, from the initialize request (before any code action is asked). */
  initialize(caps: ClientCapabilities): void;
  /** `uri` was closed: what was kept for it (its last semantic tokens) is dropped. */
  closed(uri: string): void;
}

/** Register the requests on `connection`. */
export function registerEditorRequests(connection: Connection, host: EditorHost): EditorRequests {
  const { documents, guard, context } = host;
  const robots = (uri: string): RobotsDocument | undefined => documents.get(uri);
  let client: ConversionClient = { resolve: false, disabledSupport: false, form: {} };

  const listed = new WeakMap<RobotsDocument, Map<string, CodeAction[]>>();
  const conversionActions = (doc: RobotsDocument, range: Parameters<typeof getConversionActions>[1]): CodeAction[] => {
    if (client.resolve) return listConversionActions(doc, range);
    let byRange = listed.get(doc);
    if (!byRange) listed.set(doc, (byRange = new Map()));
    const key = `${range.start.line}:${range.start.character}-${range.end.line}:${range.end.character}`;
    return byRange.get(key) ?? keep(byRange, key, getConversionActions(doc, range, { disabledSupport: client.disabledSupport }));
  };

  connection.onCodeAction(guard('textDocument/codeAction', [], (params) => {
    const page = documents.page(params.textDocument.uri);
    if (page) return getHtmlCodeActions(page, params.range, params.context.diagnostics);
    const doc = robots(params.textDocument.uri);
    if (!doc) return [];
    const fixes = getCodeActions(doc, params.range, params.context.diagnostics);
    // Conversions run the engine over many probe paths: offer them when the user asks for code
    // actions (or for refactorings), not on every automatic lightbulb request.
    const only = params.context.only;
    const wantsRefactor = only ? only.some((k) => k.startsWith('refactor')) : params.context.triggerKind !== CodeActionTriggerKind.Automatic;
    return wantsRefactor ? [...fixes, ...conversionActions(doc, params.range)] : fixes;
  }));

  /** Resolved conversions per document version, so a repeated resolve costs nothing. */
  const resolvedConversions = new WeakMap<RobotsDocument, Map<string, ResolvedConversion>>();
  connection.onCodeActionResolve(guard<CodeAction & { textDocument?: undefined }, CodeAction>('codeAction/resolve', { title: '' }, (action) => {
    const invalid = (why: string): ResponseError<void> => new ResponseError(ErrorCodes.InvalidParams, `codeAction/resolve: ${why}`);
    if (typeof action !== 'object' || action === null || typeof action.title !== 'string') throw invalid('params must be a code action with a title');
    // Quick fixes come with their edits: nothing to resolve.
    if (action.data === undefined) {
      if (action.edit !== undefined || action.command !== undefined) return action;
      throw invalid('the action carries no data to resolve');
    }
    const problem = conversionDataProblem(action.data);
    if (problem) throw invalid(problem);
    const data = action.data as ConversionData;
    const doc = robots(data.uri);
    if (!doc) throw invalid(`${data.uri} is not open`);
    let byKey = resolvedConversions.get(doc);
    if (!byKey) resolvedConversions.set(doc, (byKey = new Map()));
    const key = JSON.stringify(data);
    let resolved = byKey.get(key);
    if (!resolved) {
      try {
        resolved = keep(byKey, key, resolveConversionAction(doc, data, client.form));
      } catch (err) {
        // A failed conversion says so, rather than answering an action that does nothing.
        host.logFailure('codeAction/resolve', err);
        throw new ResponseError(LSPErrorCodes.RequestFailed, `The conversion failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    // No edit (nothing to convert, or the document changed meanwhile): say why, as applying it does nothing.
    if (resolved.notice) connection.sendNotification(ShowMessageNotification.type, { type: MessageType.Info, message: resolved.notice }).catch(() => undefined);
    return resolved.action;
  }));

  connection.onDefinition(guard('textDocument/definition', [], (params) => {
    const doc = robots(params.textDocument.uri);
    return doc ? findDefinition(doc, params.position, context) : [];
  }));

  connection.onReferences(guard('textDocument/references', [], (params) => {
    const doc = robots(params.textDocument.uri);
    return doc ? findReferences(doc, params.position, params.context.includeDeclaration, context) : [];
  }));

  connection.onDocumentHighlight(guard('textDocument/documentHighlight', [], (params) => {
    const doc = robots(params.textDocument.uri);
    return doc ? findDocumentHighlights(doc, params.position, context) : [];
  }));

  connection.onPrepareRename(guard('textDocument/prepareRename', null, (params) => {
    const doc = robots(params.textDocument.uri);
    return doc ? prepareRename(doc, params.position) : null;
  }));

  connection.onRenameRequest(guard('textDocument/rename', null, (params) => {
    const doc = robots(params.textDocument.uri);
    if (!doc) return null;
    try {
      return doRename(doc, params.position, params.newName, context);
    } catch (err) {
      // A refused rename says why (an invalid or colliding name), as an error the client shows.
      throw new ResponseError(ErrorCodes.InvalidRequest, err instanceof Error ? err.message : String(err));
    }
  }));

  connection.onDocumentSymbol(guard('textDocument/documentSymbol', [], (params) => {
    const doc = robots(params.textDocument.uri);
    return doc ? findDocumentSymbols(doc) : [];
  }));

  connection.onFoldingRanges(guard('textDocument/foldingRange', [], (params) => {
    const doc = robots(params.textDocument.uri);
    return doc ? getFoldingRanges(doc) : [];
  }));

  connection.onSelectionRanges(guard('textDocument/selectionRange', [], (params) => {
    const doc = robots(params.textDocument.uri);
    return doc ? getSelectionRanges(doc, params.positions) : [];
  }));

  connection.onDocumentLinks(guard('textDocument/documentLink', [], (params) => {
    const doc = robots(params.textDocument.uri);
    if (!doc) return [];
    // A permissions reference links to its file when that file can be read inside the site.
    const site = folderOf(doc.uri);
    return findDocumentLinks(doc, (locator) => {
      const uri = resolveLocator(locator, site);
      return uri && context.workspace?.readRobots(uri, site) ? uri : undefined;
    });
  }));

  // Semantic tokens: the last full result per document, so the next request can be answered with
  // the edits from it (`full/delta`: a keystroke changes one line's tokens, not the file's).
  const lastTokens = new Map<string, { readonly resultId: string; readonly data: readonly number[] }>();
  let tokenResults = 0;
  const tokensWithId = (uri: string, doc: RobotsDocument): { resultId: string; data: number[] } => {
    const { data } = getSemanticTokens(doc);
    const resultId = `${doc.version}.${++tokenResults}`;
    lastTokens.set(uri, { resultId, data });
    return { resultId, data };
  };

  connection.languages.semanticTokens.on(guard('textDocument/semanticTokens/full', { data: [] }, (params) => {
    const doc = robots(params.textDocument.uri);
    return doc ? tokensWithId(params.textDocument.uri, doc) : { data: [] };
  }));

  connection.languages.semanticTokens.onDelta(guard('textDocument/semanticTokens/full/delta', { data: [] }, (params) => {
    const uri = params.textDocument.uri;
    const doc = robots(uri);
    if (!doc) return { data: [] };
    const before = lastTokens.get(uri);
    const after = tokensWithId(uri, doc);
    if (!before || before.resultId !== params.previousResultId) return after;
    return { resultId: after.resultId, edits: semanticTokensDelta(before.data, after.data) };
  }));

  connection.languages.semanticTokens.onRange(guard('textDocument/semanticTokens/range', { data: [] }, (params) => {
    const doc = robots(params.textDocument.uri);
    return doc ? getSemanticTokensRange(doc, params.range) : { data: [] };
  }));

  connection.languages.inlayHint.on(guard('textDocument/inlayHint', [], (params) => {
    const doc = robots(params.textDocument.uri);
    return doc ? getInlayHints(doc, params.range) : [];
  }));

  connection.onDocumentFormatting(guard('textDocument/formatting', [], (params) => {
    const doc = robots(params.textDocument.uri);
    return doc ? format(doc, params.options) : [];
  }));

  connection.onDocumentRangeFormatting(guard('textDocument/rangeFormatting', [], (params) => {
    const doc = robots(params.textDocument.uri);
    return doc ? format(doc, params.options, params.range) : [];
  }));

  return {
    initialize: (caps) => { client = conversionClientOf(caps); },
    closed: (uri) => { lastTokens.delete(uri); },
  };
}
