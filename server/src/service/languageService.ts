/**
 * The robots.txt + ACAP language service: pure functions over parsed documents, taking and
 * returning LSP types. It imports neither `vscode` nor Node built-ins, so the LSP server, the
 * CLI, the tests and a web worker can all use it as it is.
 */
export { parseDocument, updateDocument, documentText, splitLines, type RobotsDocument, type ContentChange, type ParseStats } from './document';
export { doValidation, collectFindings, severityOf, DEFAULT_MAX_PROBLEMS, SOURCE, type ValidationSettings, type DiagnosticData } from './validation';
export { getModel, type RobotsModel, type Group, type AcapRecord, type SubRecord, type Definition } from './model';
export { lineTokens, type LineNode, type Span } from './syntax';
export { CODES, CODE_BY_NAME, SEVERITY_SETTINGS, type DiagnosticCode, type SeverityName, type SeveritySetting, type CodeFact } from './codes';
export * as facts from './facts';
export { explain, agentToken, type Query, type Explanation, type Decision, type Candidate, type LineRef, type Reading, type Reason, type TierName, type EngineContext } from './permissions';
export { PROFILES, evaluateConventional, type Profile } from './conventional';
export { pathOfUrl, normalizePercent, matchPattern, compareScope } from './paths';
export { doHover, permissionTable, representativePath, type HoverSettings } from './hover';
export { permissionMatrix, crawlersNamed, DEFAULT_CRAWLERS, MATRIX_USAGES, type Matrix, type MatrixRow, type MatrixCell } from './matrix';
export { formatExplanation } from './explainText';
export { getCodeActions } from './codeActions';
export { findDefinition, findReferences, findDocumentHighlights, type NavigationContext } from './navigation';
export { prepareRename, doRename } from './rename';
export { doComplete, type CompletionContextInfo } from './completion';
export { findDocumentSymbols } from './symbols';
export { getFoldingRanges } from './folding';
export { getSelectionRanges } from './selectionRanges';
export { findDocumentLinks } from './links';
export { semanticTokensLegend, getSemanticTokens, getSemanticTokensRange } from './semanticTokens';
export { getInlayHints } from './inlayHints';
export { format } from './formatting';
export { convertToAcap, convertToRep, verifyConversion, type ConversionResult, type ConvertOptions, type Verification, type BrokenVerdict, type BreakKind } from './convert';
export { getConversionActions } from './convertActions';
export { CRAWLERS, CRAWLER_BY_TOKEN, describeCrawler, type CrawlerFact } from './crawlers';
