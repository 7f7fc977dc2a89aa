/**
 * The language server in a web worker (VS Code for the Web): the pure language service with no
 * file system, so everything that reads the workspace (other sites' files, the site's folders,
 * ACAP-permissions-reference files) answers from the open documents only. Capabilities are
 * announced statically, for the documents the client sends (robots.txt and HTML pages).
 */
import {
  BrowserMessageReader, BrowserMessageWriter, createConnection, TextDocumentSyncKind, type CancellationToken,
} from 'vscode-languageserver/browser';
import {
  doComplete, doHover, doValidation, findDocumentSymbols, format, getCodeActions, getConversionActions, getFoldingRanges, getInlayHints,
  getSemanticTokens, getSemanticTokensRange, semanticTokensLegend, findDefinition, findReferences, findDocumentHighlights,
  doHtmlComplete, doHtmlHover, getHtmlCodeActions, validateHtml, explain, explainPage, formatExplanation, formatPageExplanation, facts, doTdmrepValidation, doRslValidation, isRslText,
} from '../service';
import { DocumentStore, MAX_DOCUMENT_CHARS } from './documentStore';
import { Settings } from './settings';
import { ExplainRequest } from '../protocol';
import { registerViewRequests } from './viewRequests';
import { registerDiffRequest } from './diffRequest';
import { COMPLETION_TRIGGERS } from './capabilities';
import { linkDocs } from './docsLinks';

let docsUri: string | undefined;

declare const self: object;
const connection = createConnection(new BrowserMessageReader(self as never), new BrowserMessageWriter(self as never));
const documents = new DocumentStore();
const settings = new Settings(connection);
const engineContext = {};
// No file system in a web worker: navigation sees the document itself (a Workspace over the open
// documents would let it see the others).
const none = {};

function guard<P extends { textDocument?: { uri: string } }, R>(name: string, fallback: R, handler: (params: P, token: CancellationToken) => R | Promise<R>) {
  return async (params: P, token: CancellationToken): Promise<R> => {
    try {
      return await handler(params, token);
    } catch (err) {
      connection.console.error(`${name} failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      return fallback;
    }
  };
}

connection.onInitialize((params) => {
  settings.setCanPull(params.capabilities.workspace?.configuration === true);
  const init = params.initializationOptions as { docsUri?: unknown } | undefined;
  docsUri = typeof init?.docsUri === 'string' ? init.docsUri : undefined;
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      hoverProvider: true,
      completionProvider: { triggerCharacters: COMPLETION_TRIGGERS },
      codeActionProvider: true,
      definitionProvider: true,
      referencesProvider: true,
      documentHighlightProvider: true,
      documentSymbolProvider: true,
      foldingRangeProvider: true,
      semanticTokensProvider: { legend: semanticTokensLegend, full: true, range: true },
      inlayHintProvider: true,
      codeLensProvider: { resolveProvider: false },
      documentFormattingProvider: true,
    },
    serverInfo: { name: 'robots-acap (web)' },
  };
});

async function publish(uri: string): Promise<void> {
  const s = await settings.forDocument(uri);
  const page = documents.page(uri);
  const doc = documents.get(uri);
  const side = documents.side(uri);
  // tdmrep.json and RSL licences as the Node server reads them (other XML gets nothing).
  const sideDiagnostics = side && side.text.length <= MAX_DOCUMENT_CHARS
    ? side.language === 'tdmrep' ? doTdmrepValidation(side.text, s) : isRslText(side.text) ? doRslValidation(side.text, s) : []
    : undefined;
  const diagnostics = sideDiagnostics ?? (page ? validateHtml(page, s) : doc ? doValidation(doc, s) : undefined);
  if (diagnostics) await connection.sendDiagnostics({ uri, diagnostics: linkDocs(diagnostics, docsUri) });
}

connection.onDidOpenTextDocument((p) => {
  documents.open(p.textDocument.uri, p.textDocument.version, p.textDocument.text, p.textDocument.languageId);
  void publish(p.textDocument.uri);
});
connection.onDidChangeTextDocument((p) => {
  documents.change(p.textDocument.uri, p.textDocument.version, p.contentChanges);
  void publish(p.textDocument.uri);
});
connection.onDidCloseTextDocument((p) => {
  documents.close(p.textDocument.uri);
  void connection.sendDiagnostics({ uri: p.textDocument.uri, diagnostics: [] });
});
connection.onDidChangeConfiguration((p) => {
  settings.changed(p.settings);
  for (const uri of documents.uris()) void publish(uri);
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
connection.onCodeAction(guard('codeAction', [], (p) => {
  const page = documents.page(p.textDocument.uri);
  if (page) return getHtmlCodeActions(page, p.range, p.context.diagnostics);
  const doc = documents.get(p.textDocument.uri);
  return doc ? [...getCodeActions(doc, p.range, p.context.diagnostics), ...getConversionActions(doc, p.range)] : [];
}));
connection.onDefinition(guard('definition', [], (p) => {
  const doc = documents.get(p.textDocument.uri);
  return doc ? findDefinition(doc, p.position, none) : [];
}));
connection.onReferences(guard('references', [], (p) => {
  const doc = documents.get(p.textDocument.uri);
  return doc ? findReferences(doc, p.position, p.context.includeDeclaration, none) : [];
}));
connection.onDocumentHighlight(guard('highlight', [], (p) => {
  const doc = documents.get(p.textDocument.uri);
  return doc ? findDocumentHighlights(doc, p.position, none) : [];
}));
connection.onDocumentSymbol(guard('symbols', [], (p) => {
  const doc = documents.get(p.textDocument.uri);
  return doc ? findDocumentSymbols(doc) : [];
}));
connection.onFoldingRanges(guard('folding', [], (p) => {
  const doc = documents.get(p.textDocument.uri);
  return doc ? getFoldingRanges(doc) : [];
}));
connection.languages.semanticTokens.on(guard('semanticTokens', { data: [] }, (p) => {
  const doc = documents.get(p.textDocument.uri);
  return doc ? getSemanticTokens(doc) : { data: [] };
}));
connection.languages.semanticTokens.onRange(guard('semanticTokens/range', { data: [] }, (p) => {
  const doc = documents.get(p.textDocument.uri);
  return doc ? getSemanticTokensRange(doc, p.range) : { data: [] };
}));
connection.languages.inlayHint.on(guard('inlayHint', [], (p) => {
  const doc = documents.get(p.textDocument.uri);
  return doc ? getInlayHints(doc, p.range) : [];
}));
connection.onDocumentFormatting(guard('formatting', [], (p) => {
  const doc = documents.get(p.textDocument.uri);
  return doc ? format(doc, p.options) : [];
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
