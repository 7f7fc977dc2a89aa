/**
 * The robots.txt + ACAP language service: pure functions over parsed documents, taking and
 * returning LSP types. It imports neither `vscode` nor Node built-ins, so the LSP server, the
 * CLI, the tests and a web worker can all use it as it is.
 */
export { parseDocument, updateDocument, documentText, splitLines, type RobotsDocument, type ContentChange, type ParseStats } from './document';
export { doValidation, collectFindings, severityOf, DEFAULT_MAX_PROBLEMS, SOURCE, type ValidationSettings, type DiagnosticData } from './validation';
export { getModel, type RobotsModel, type Group, type AcapRecord, type SubRecord, type Definition } from './model';
export { lineTokens, type LineNode, type Span } from './syntax';
export { CODES, CODE_BY_NAME, type DiagnosticCode, type SeverityName, type SeveritySetting, type CodeFact } from './codes';
export * as facts from './facts';
