/**
 * `robotsAcap/diff` (issue 14, point 5): the verdicts that flip between another version of an
 * open robots.txt (the client sends its text: the file on disk, git HEAD) and the open buffer —
 * the same answer as `robots-acap diff OLD NEW`, computed by the language service
 * (convert/diff.ts). Cost: one parse of the old text, O(n) in its length, then diffRobots'
 * O(A · P · 4) engine evaluations.
 */
import { ErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';
import { diffRobots, formatDiff, MAX_DOCUMENT_LINES, parseDocument, tooManyLines, type Profile, type RobotsDocument } from '../service';
import { DiffRequest, type DiffParams, type DiffResult } from '../protocol';
import { MAX_DOCUMENT_CHARS } from './documentStore';

type Guard = <P extends { textDocument?: { uri: string } }, R>(name: string, fallback: R, handler: (params: P, token: CancellationToken) => R | Promise<R>) => (params: P, token: CancellationToken) => Promise<R>;

export interface DiffHost {
  readonly documents: { get(uri: string): RobotsDocument | undefined };
  readonly settings: { forDocument(uri: string): Promise<{ readonly crawlers?: readonly string[]; readonly profile?: Profile }> };
  readonly guard: Guard;
}

/** What the server needs of its connection here (a test passes a stand-in). */
export interface DiffConnection {
  onRequest(type: typeof DiffRequest, handler: (params: DiffParams, token: CancellationToken) => Promise<DiffResult | null>): unknown;
}

/** The answer for one request; null when the document is not an open robots.txt. */
export async function answerDiff(host: Omit<DiffHost, 'guard'>, params: DiffParams, token?: CancellationToken): Promise<DiffResult | null> {
  if (typeof params.oldText !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, 'robotsAcap/diff needs oldText, the other version of the file');
  if (params.oldText.length > MAX_DOCUMENT_CHARS) throw new ResponseError(ErrorCodes.InvalidParams, `the other version is larger than ${MAX_DOCUMENT_CHARS} characters`);
  if (tooManyLines(params.oldText)) throw new ResponseError(ErrorCodes.InvalidParams, `the other version has more than ${MAX_DOCUMENT_LINES} lines`);
  const doc = host.documents.get(params.textDocument.uri);
  if (!doc || token?.isCancellationRequested) return null;
  const s = await host.settings.forDocument(doc.uri);
  const before = parseDocument(`${doc.uri}#${params.oldLabel ?? 'before'}`, 0, params.oldText);
  const d = diffRobots(before, doc, { ...(s.crawlers ? { crawlers: s.crawlers } : {}), ...(s.profile ? { profile: s.profile } : {}) });
  const name = doc.uri.slice(doc.uri.lastIndexOf('/') + 1) || 'robots.txt';
  return { ...d, text: formatDiff(d, `${name} (${params.oldLabel ?? 'before'})`, `${name} (editor)`) };
}

export function registerDiffRequest(connection: DiffConnection, host: DiffHost): void {
  connection.onRequest(DiffRequest, host.guard('robotsAcap/diff', null, (params: DiffParams, token) => answerDiff(host, params, token)));
}
