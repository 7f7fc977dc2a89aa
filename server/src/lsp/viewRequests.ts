/**
 * The requests behind the VS Code views (issue 15): what "Check a URL" offers, the permissions
 * view, the language status item, whole-file conversions and the CodeLens that opens the view.
 * Each answers from the language service; the client renders only.
 */
import { CodeLensRequest, type CancellationToken, type Connection } from 'vscode-languageserver';
import {
  convertToAcap, convertToRep, DEFAULT_CRAWLERS, facts, getModel, getPermissionLenses, noEditReason, permissionsView, representativePath,
  type RobotsDocument,
} from '../service';
import { ConvertRequest, PermissionsRequest, QueryOptionsRequest, StatusRequest, type QueryOptions } from '../protocol';
import type { DocumentStore } from './documentStore';
import type { Settings } from './settings';

/** The client command the CodeLens runs (client/src/permissionsView.ts registers it). */
export const SHOW_PERMISSIONS_COMMAND = 'robotsAcap.showPermissions';

type Guard = <P extends { textDocument?: { uri: string } }, R>(name: string, fallback: R, handler: (params: P, token: CancellationToken) => R | Promise<R>) => (params: P, token: CancellationToken) => Promise<R>;

export interface ViewHost {
  readonly documents: DocumentStore;
  readonly settings: Settings;
  readonly engineContext: NonNullable<Parameters<typeof permissionsView>[3]>;
  readonly guard: Guard;
  /** The path of an HTML page on its site (the server's workspace knowledge). */
  readonly pagePath?: (uri: string, siteRoot: string | undefined) => string;
}

/** The pattern under the cursor, as a path it matches; undefined when the cursor is on none. */
export function pathAtCursor(doc: RobotsDocument, line: number, character: number): string | undefined {
  const node = doc.lines[line];
  if (!node) return undefined;
  const d = node.directive;
  const spans = d.kind === 'rule' ? [d.pattern] : d.kind === 'acap-permission' && d.resource ? [d.resource] : d.kind === 'acap-resource-set' ? d.patterns : [];
  const span = spans.find((s) => character >= s.start && character <= s.end && s.end > s.start);
  const p = span ? node.text.slice(span.start, span.end) : undefined;
  return p && (p.startsWith('/') || p.startsWith('*')) ? representativePath(p) : undefined;
}

export function registerViewRequests(connection: Connection, host: ViewHost): void {
  const { documents, settings, engineContext, guard } = host;

  connection.onRequest(QueryOptionsRequest, guard('robotsAcap/queryOptions', null, async (params): Promise<QueryOptions | null> => {
    const uri = params.textDocument.uri;
    const s = await settings.forDocument(uri);
    const usages = facts.USAGES.filter((u) => u.name !== 'other').map((u) => ({ name: u.name, summary: u.summary }));
    const crawlers = [...(s.crawlers ?? DEFAULT_CRAWLERS)];
    if (documents.page(uri)) return { usages, crawlers, path: host.pagePath?.(uri, s.siteRoot) ?? '' };
    const doc = documents.get(uri);
    if (!doc) return null;
    const at = params.position ? pathAtCursor(doc, params.position.line, params.position.character) : undefined;
    return { usages, crawlers, path: at ?? '/' };
  }));

  connection.onRequest(PermissionsRequest, guard('robotsAcap/permissions', null, async (params, token) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc || token.isCancellationRequested || typeof params.path !== 'string') return null;
    const s = await settings.forDocument(doc.uri);
    return permissionsView(doc, params.path || '/', { crawlers: s.crawlers, profile: s.profile }, engineContext);
  }));

  connection.onRequest(StatusRequest, guard('robotsAcap/status', null, async (params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return null;
    const s = await settings.forDocument(doc.uri);
    const model = getModel(doc);
    return {
      profile: s.profile ?? 'rfc9309', reading: model.records.length > 0 ? 'acap' as const : 'conventional' as const,
      acapVersion: model.acapVersion, groups: model.groups.length, records: model.records.length,
    };
  }));

  connection.onRequest(ConvertRequest, guard('robotsAcap/convert', null, (params) => {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return null;
    const r = params.to === 'rep'
      ? convertToRep(doc, {})
      : convertToAcap(doc, { reading: params.reading ?? 'crawl', addVersion: true, ignoreConventional: params.ignoreConventional === true });
    const v = r.verification;
    const notice = noEditReason(r);
    return {
      edits: r.edits, checked: v.checked,
      changed: v.broken.map((b) => `${b.agent} ${b.path}: ${b.before ? 'allowed' : 'prohibited'} before, ${b.after ? 'allowed' : 'prohibited'} after (${b.why})`),
      ...(notice ? { notice } : {}),
    };
  }));

  connection.onRequest(CodeLensRequest.type, guard('textDocument/codeLens', [], (params) => {
    const doc = documents.get(params.textDocument.uri);
    return doc ? getPermissionLenses(doc, SHOW_PERMISSIONS_COMMAND) : [];
  }));
}
