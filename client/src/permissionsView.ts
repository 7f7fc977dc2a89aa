/**
 * The permissions view: a webview table, for one path, of crawlers × every usage the file speaks
 * about, in both readings (a crawler that reads ACAP, one that reads only conventional records),
 * with one table per usage purpose the file names. Each verdict links to its deciding line. The
 * server computes the table (`robotsAcap/permissions`); this file only renders it.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { PermissionsRequest, QueryOptionsRequest, type PermissionsView } from '../../server/src/protocol';
import { renderView } from './viewHtml';
import { nonce, reveal } from './panel';

export const SHOW_PERMISSIONS = 'robotsAcap.showPermissions';

let panel: vscode.WebviewPanel | undefined;
let current: { uri: vscode.Uri; path: string } | undefined;

async function render(client: BaseLanguageClient, uri: vscode.Uri, path: string): Promise<PermissionsView | undefined> {
  const view = await client.sendRequest(PermissionsRequest, { textDocument: { uri: uri.toString() }, path });
  if (!view) {
    void vscode.window.showWarningMessage('Open the robots.txt first: the permissions view answers for an open robots.txt.');
    return undefined;
  }
  current = { uri, path: view.path };
  if (!panel) {
    panel = vscode.window.createWebviewPanel('robotsAcap.permissions', 'Permissions', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, { enableScripts: true });
    panel.onDidDispose(() => { panel = undefined; });
    panel.webview.onDidReceiveMessage((m: { path?: string; line?: number }) => {
      if (!current) return;
      if (typeof m.line === 'number') void reveal(current.uri, m.line);
      else if (typeof m.path === 'string') void render(client, current.uri, m.path);
    });
  }
  panel.title = `Permissions: ${view.path}`;
  panel.webview.html = renderView(view, nonce(), panel.webview.cspSource);
  panel.reveal(undefined, true);
  return view;
}

/** The command: for `uri` and `path` (the CodeLens gives both), or the active robots.txt and a path asked for. */
export async function showPermissions(client: BaseLanguageClient, uriArg?: string | vscode.Uri, pathArg?: string): Promise<PermissionsView | undefined> {
  const editor = vscode.window.activeTextEditor;
  const uri = typeof uriArg === 'string' ? vscode.Uri.parse(uriArg) : uriArg ?? editor?.document.uri;
  if (!uri) return undefined;
  let path = pathArg;
  if (path === undefined) {
    const position = editor && editor.document.uri.toString() === uri.toString() ? { line: editor.selection.active.line, character: editor.selection.active.character } : undefined;
    const options = await client.sendRequest(QueryOptionsRequest, { textDocument: { uri: uri.toString() }, ...(position ? { position } : {}) });
    path = await vscode.window.showInputBox({ title: 'Permissions for a path', prompt: 'A path or URL on this site', value: options?.path || '/' });
    if (path === undefined) return undefined;
  }
  return render(client, uri, path);
}
