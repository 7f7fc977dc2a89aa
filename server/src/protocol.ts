/**
 * Custom LSP requests of this server, shared by the server and the VS Code client, and the Node
 * flags the client starts the server with. Any client can send the requests: they use plain
 * JSON. The client imports this file only (never the language service), so it stays thin and the
 * same client works with the browser build of the server; imports from the service here are
 * types only, erased from the bundle.
 */
import { RequestType } from 'vscode-languageserver-protocol';
import type { AiUseAnswer, Explanation, PageExplanation, PermissionsView, Query, RobotsDiff } from './service';

export type { PermissionsView, ViewCell, ViewRow, ViewSection, ViewVerdict } from './service';
/** The Node flags the client starts the server with (launch.ts says why). */
export { SERVER_NODE_ARGS } from './launch';

interface TextDocumentParams {
  readonly textDocument: { readonly uri: string };
}

export interface ExplainParams extends TextDocumentParams {
  readonly query: Query;
}

/** The engine's answer, with the same answer as a few lines of text (what the CLI prints). */
export type ExplainResult = (Explanation | PageExplanation) & {
  readonly text: string;
  /** For an HTML page: the robots.txt that applies, whose lines `decidedBy` may name. */
  readonly robotsUri?: string;
};

/**
 * `robotsAcap/explain`: the engine's answer for one query about an open robots.txt, or about an
 * open HTML page combined with its site's robots.txt (null if the document is not open).
 */
export const ExplainRequest = new RequestType<ExplainParams, ExplainResult | null, void>('robotsAcap/explain');

/**
 * The answer to `robotsAcap/explain` for an AI use (`usage`: `ai-train`, `ai-input` or `search`;
 * `train-ai` too): the AI-use engine's answer — `verdict` allowed / prohibited / unknown, the
 * deciding lines, `signals` and `contradictions` — with its text.
 */
export type AiExplainResult = AiUseAnswer & {
  readonly text: string;
  readonly robotsUri?: string;
};

/** The same request as the server answers it: either answer, by the usage asked. */
export const ExplainAnyRequest = new RequestType<ExplainParams, ExplainResult | AiExplainResult | null, void>('robotsAcap/explain');

/** What "Check a URL" offers: the usage types, the configured crawlers, and a path from the cursor. */
export interface QueryOptions {
  readonly usages: readonly { readonly name: string; readonly summary: string }[];
  readonly crawlers: readonly string[];
  /** A path the pattern under the cursor matches, or the page's own path; '/' otherwise. */
  readonly path: string;
}

export interface QueryOptionsParams extends TextDocumentParams {
  readonly position?: { readonly line: number; readonly character: number };
}

/** `robotsAcap/queryOptions`: what to offer when asking a crawler, usage and path. */
export const QueryOptionsRequest = new RequestType<QueryOptionsParams, QueryOptions | null, void>('robotsAcap/queryOptions');

export interface PermissionsParams extends TextDocumentParams {
  readonly path: string;
}

/** `robotsAcap/permissions`: crawlers × usages for one path, in both readings, per purpose. */
export const PermissionsRequest = new RequestType<PermissionsParams, PermissionsView | null, void>('robotsAcap/permissions');

/** What the language status item shows for a robots.txt. */
export interface DocumentStatus {
  readonly profile: string;
  /** How the file is read: ACAP records and conventional groups, or conventional groups only. */
  readonly reading: 'acap' | 'conventional';
  /** The declared ACAP version (`##ACAP version=`), if any. */
  readonly acapVersion: string | undefined;
  readonly groups: number;
  readonly records: number;
}

/** `robotsAcap/status`: the status of an open robots.txt (null if not open). */
export const StatusRequest = new RequestType<TextDocumentParams, DocumentStatus | null, void>('robotsAcap/status');

export interface ConvertParams extends TextDocumentParams {
  readonly to: 'acap' | 'rep';
  /** For `acap`: read Disallow as "do not crawl" (default) or as "do not index" (Part 1 §2.5.1 note). */
  readonly reading?: 'crawl' | 'index';
  readonly ignoreConventional?: boolean;
}

export interface ConvertResult {
  readonly edits: readonly { readonly range: { readonly start: { line: number; character: number }; readonly end: { line: number; character: number } }; readonly newText: string }[];
  readonly checked: number;
  /** Verdicts that the conversion changes, each said in a line. */
  readonly changed: readonly string[];
  /** With no edit: why (the conversion's "Nothing to convert", "Too large to verify" or "There is no ACAP record" warning). */
  readonly notice?: string;
}

/** `robotsAcap/convert`: a whole-file conversion, its edits and the verdicts it changes. */
export const ConvertRequest = new RequestType<ConvertParams, ConvertResult | null, void>('robotsAcap/convert');

export type { RobotsDiff, VerdictFlip, DiffQuestion, LineRef } from './service';

export interface DiffParams extends TextDocumentParams {
  /** The other version of the open robots.txt (the file on disk, git HEAD...): the "before". */
  readonly oldText: string;
  /** How to name that version in the answer's text (`saved`, `HEAD`); `before` when absent. */
  readonly oldLabel?: string;
}

/** Every crawl and AI-use verdict that flips from `oldText` to the open document, and the same as text (what `robots-acap diff` prints). */
export type DiffResult = RobotsDiff & { readonly text: string };

/** `robotsAcap/diff`: the verdicts that flip between another version of an open robots.txt and the open one (null if not open). */
export const DiffRequest = new RequestType<DiffParams, DiffResult | null, void>('robotsAcap/diff');
