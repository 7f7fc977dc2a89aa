/**
 * The robots.txt + ACAP language service: pure functions over parsed documents, taking and
 * returning LSP types. It imports neither `vscode` nor Node built-ins, so the LSP server, the
 * CLI, the tests and a web worker can all use it as it is.
 */
export { parseDocument, parseWithin, updateDocument, documentText, documentLength, lineAt, lineCount, splitLines, tooManyLines, MAX_DOCUMENT_LINES, type RobotsDocument, type ContentChange, type ParseStats } from './syntax/document';
export {
  folderOf, parentFolder, resolveLocator, resolveReference, referencedDocuments, referencingDocuments, sitePaths, siteOfPage, requestView, inOneRequest, TOO_MANY_LINES,
  type Workspace, type WorkspaceContext, type FileRead, type FileStat, type FileKind, type DirEntry, type PageSite,
} from './syntax/workspace';
export { doValidation, collectFindings, severityOf, DEFAULT_MAX_PROBLEMS, SOURCE, type ValidationSettings, type DiagnosticData } from './checks/validation';
export { getModel, type RobotsModel, type Group, type AcapRecord, type SubRecord, type Definition } from './model/model';
export { lineTokens, type LineNode, type Span } from './syntax/syntax';
export { CODES, CODE_BY_NAME, SEVERITY_SETTINGS, type DiagnosticCode, type SeverityName, type SeveritySetting, type CodeFact } from './facts/codes';
export * as facts from './facts/facts';
export { explain, agentToken, queryPath, type Query, type Explanation, type Decision, type Candidate, type LineRef, type Reading, type Reason, type TierName, type Loser, type QualifierRef } from './engine/permissions';
export { PROFILES, evaluateConventional, type Profile } from './engine/conventional';
export { forgetDocument } from './engine/forget';
export { pathOfUrl, normalizePercent, matchPattern, compareScope } from './syntax/paths';
export { doHover, permissionTable, representativePath, type HoverSettings } from './features/hover';
// Long work in steps, for hosts that pause and cancel it (issue 12).
export { doHoverSteps, permissionTableSteps, prepareAnswersSteps } from './features/hover';
export { doValidationSteps } from './features/validationSteps';
export { permissionMatrixSteps, type MatrixLimits } from './engine/matrix';
export { finish, type Steps } from './syntax/steps';
export { permissionMatrix, matrixUsages, crawlersNamed, profileWords, defaultReading, explainDefault, DEFAULT_CRAWLERS, MATRIX_USAGES, type Matrix, type MatrixRow, type MatrixCell, type OtherReading, type DefaultAnswer, type PurposeRows } from './engine/matrix';
export { formatExplanation } from './engine/explainText';
export { getCodeActions } from './features/codeActions';
export { findDefinition, findReferences, findDocumentHighlights } from './features/navigation';
export { prepareRename, doRename } from './features/rename';
export { doComplete, type CompletionContextInfo } from './features/completion';
export { findDocumentSymbols } from './features/symbols';
export { getFoldingRanges } from './features/folding';
export { getSelectionRanges } from './features/selectionRanges';
export { findDocumentLinks } from './features/links';
export { semanticTokensLegend, getSemanticTokens, getSemanticTokensRange } from './features/semanticTokens';
export { semanticTokensDelta } from './features/semanticTokens';
export { getInlayHints } from './features/inlayHints';
export { format } from './features/formatting';
export { convertToAcap, convertToRep, noEditReason, verifyConversion, type ConversionResult, type ConvertOptions, type Verification, type BrokenVerdict, type BreakKind } from './convert/convert';
export { getConversionActions } from './convert/actions';
export { listConversionActions, resolveConversionAction, conversionDataProblem, conversionEdits, EAGER_FILE_LINES, MAX_GROUP_MEMBERS, type ConversionData, type EditForm, type ResolvedConversion } from './convert/actions';
export { CRAWLERS, CRAWLER_BY_TOKEN, CRAWLER_PURPOSES, CONTROL_TOKEN_OF, AI_USES, STALE_AFTER_DAYS, describeCrawler, purposeText, type CrawlerFact, type CrawlerPurpose, type AiUse } from './facts/crawlers';
export { parseHtml, validateHtml, doHtmlHover, doHtmlComplete, explainPage, formatPageExplanation, pageNotices, getHtmlCodeActions, pageTable, type HtmlHoverContext, type PageExplanation, type PageQuery } from './html/htmlService';
export type { HtmlPage } from './html/types';
export { explainAiUse, formatAiUse, aiUseOf, type AiUseQuery, type AiUseAnswer, type AiSignal, type AiContradiction, type AiVerdict, type SignalVocabulary } from './engine/aiUse';
export { ACAP_AI_MAPPING, CONTENT_USAGE_LABELS, CONTENT_SIGNAL_KEYS, OBSOLETE_USAGE_LABELS, type AcapAiMapping } from './facts/signalFacts';
export { explainPageAiUse, metaAiSignals, type PageAiQuery } from './html/aiPage';
export { diffRobots, formatDiff, type RobotsDiff, type VerdictFlip, type DiffOptions, type DiffQuestion } from './convert/diff';
export { permissionsView, getPermissionLenses, purposesNamed, type PermissionsView, type ViewSection, type ViewRow, type ViewCell, type ViewVerdict } from './features/permissionsView';
export { doTdmrepValidation, doRslValidation } from './checks/validation';
export { isTdmrepFile } from './checks/rules/tdmrep';
export { parseTdmrep, tdmRuleFor, parseJson, TDMREP_PATH, type TdmFile, type TdmRule, type JsonValue } from './syntax/tdmrep';
export { isRslText } from './checks/rules/rsl';
export { parseRsl, parseXml, rslContentFor, rslSays, RSL_NAMESPACE, RSL_USAGE_TOKENS, type RslFile, type RslContent } from './syntax/rsl';
export { lighthouseAudit, lighthouseNote, type LighthouseFlag } from './checks/lighthouse';
