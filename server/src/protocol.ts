/**
 * Custom LSP requests of this server, shared by the server and the VS Code client. Any client
 * can send them: they use plain JSON.
 */
import { RequestType } from 'vscode-languageserver-protocol';
import type { Explanation, Query } from './service';

export interface ExplainParams {
  readonly textDocument: { readonly uri: string };
  readonly query: Query;
}

/** `robotsAcap/explain`: the engine's answer for one query about an open robots.txt (null if not open). */
export const ExplainRequest = new RequestType<ExplainParams, Explanation | null, void>('robotsAcap/explain');
