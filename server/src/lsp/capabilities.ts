/**
 * What the servers offer (the Node server and the one in a web worker), and for which documents.
 * robots.txt files get everything; HTML pages get only diagnostics, hover, completion and quick
 * fixes, so that VS Code's own HTML support (folding, formatting, symbols, links...) is never
 * displaced; a TDMRep file and XML (RSL licences) get diagnostics only. Clients that can register
 * capabilities dynamically (VS Code) get each one with a document selector; others get them
 * statically, for the documents they choose to send.
 */
import {
  BulkRegistration, CodeActionKind, CodeActionRequest, CodeLensRequest, CompletionRequest, DefinitionRequest, DocumentDiagnosticRequest,
  DocumentFormattingRequest, DocumentHighlightRequest, DocumentLinkRequest, DocumentRangeFormattingRequest, DocumentSymbolRequest,
  FoldingRangeRequest, HoverRequest, InlayHintRequest, ReferencesRequest, RenameRequest, SelectionRangeRequest, SemanticTokensRegistrationType,
  type ClientCapabilities, type DocumentSelector, type ServerCapabilities,
} from 'vscode-languageserver/node';
import { semanticTokensLegend } from '../service';

export const ROBOTS_SELECTOR: DocumentSelector = [{ language: 'robots-txt' }];
export const HTML_SELECTOR: DocumentSelector = [{ language: 'html' }];
const BOTH: DocumentSelector = [...ROBOTS_SELECTOR, ...HTML_SELECTOR];
/**
 * The files beside them that get diagnostics only: a site's TDMRep property file, and XML (an RSL
 * licence is checked, other XML gets none). The client sends them (client/src/startup.ts).
 */
export const SIDE_SELECTOR: DocumentSelector = [{ language: 'json', pattern: '**/.well-known/tdmrep.json' }, { language: 'xml' }];

export const COMPLETION_TRIGGERS = ['-', ':', '=', '(', '/', ' ', '"'];

/** Whether the client can register every capability below dynamically. */
export function canRegisterAll(caps: ClientCapabilities): boolean {
  const t = caps.textDocument;
  return [t?.hover, t?.completion, t?.codeAction, t?.definition, t?.references, t?.documentHighlight, t?.rename, t?.documentSymbol,
    t?.foldingRange, t?.selectionRange, t?.documentLink, t?.semanticTokens, t?.inlayHint, t?.formatting, t?.rangeFormatting]
    .every((c) => c?.dynamicRegistration === true);
}

/** The capabilities announced in the initialize result when they cannot be registered later. */
export function staticCapabilities(pullDiagnostics: boolean): ServerCapabilities {
  return {
    hoverProvider: true,
    completionProvider: { triggerCharacters: COMPLETION_TRIGGERS },
    // Conversions are listed without their edits and resolved when picked (editorRequests.ts).
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite], resolveProvider: true },
    definitionProvider: true,
    referencesProvider: true,
    documentHighlightProvider: true,
    renameProvider: { prepareProvider: true },
    documentSymbolProvider: true,
    foldingRangeProvider: true,
    selectionRangeProvider: true,
    documentLinkProvider: { resolveProvider: false },
    semanticTokensProvider: { legend: semanticTokensLegend, full: { delta: true }, range: true },
    inlayHintProvider: true,
    codeLensProvider: { resolveProvider: false },
    documentFormattingProvider: true,
    documentRangeFormattingProvider: true,
    ...(pullDiagnostics ? { diagnosticProvider: { interFileDependencies: false, workspaceDiagnostics: false } } : {}),
  };
}

/** The same capabilities, each for the documents it serves. */
export function dynamicRegistrations(pullDiagnostics: boolean): BulkRegistration {
  const r = BulkRegistration.create();
  r.add(HoverRequest.type, { documentSelector: BOTH });
  r.add(CompletionRequest.type, { documentSelector: BOTH, triggerCharacters: COMPLETION_TRIGGERS });
  r.add(CodeActionRequest.type, { documentSelector: BOTH, codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite], resolveProvider: true });
  // Pulled for the side files too: registered for robots.txt and HTML only, a client that pulls
  // never asked for a TDMRep file's or an RSL licence's diagnostics.
  if (pullDiagnostics) r.add(DocumentDiagnosticRequest.type, { documentSelector: [...BOTH, ...SIDE_SELECTOR], interFileDependencies: false, workspaceDiagnostics: false });
  r.add(DefinitionRequest.type, { documentSelector: ROBOTS_SELECTOR });
  r.add(ReferencesRequest.type, { documentSelector: ROBOTS_SELECTOR });
  r.add(DocumentHighlightRequest.type, { documentSelector: ROBOTS_SELECTOR });
  r.add(RenameRequest.type, { documentSelector: ROBOTS_SELECTOR, prepareProvider: true });
  r.add(DocumentSymbolRequest.type, { documentSelector: ROBOTS_SELECTOR });
  r.add(FoldingRangeRequest.type, { documentSelector: ROBOTS_SELECTOR });
  r.add(SelectionRangeRequest.type, { documentSelector: ROBOTS_SELECTOR });
  r.add(DocumentLinkRequest.type, { documentSelector: ROBOTS_SELECTOR, resolveProvider: false });
  r.add(SemanticTokensRegistrationType.type, { documentSelector: ROBOTS_SELECTOR, legend: semanticTokensLegend, full: { delta: true }, range: true });
  r.add(InlayHintRequest.type, { documentSelector: ROBOTS_SELECTOR });
  r.add(CodeLensRequest.type, { documentSelector: ROBOTS_SELECTOR, resolveProvider: false });
  r.add(DocumentFormattingRequest.type, { documentSelector: ROBOTS_SELECTOR });
  r.add(DocumentRangeFormattingRequest.type, { documentSelector: ROBOTS_SELECTOR });
  return r;
}
