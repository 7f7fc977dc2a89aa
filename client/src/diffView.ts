/**
 * "Compare Verdicts with the Saved File" and "… with Git HEAD" (issue 14 point 5, the VS Code
 * half of `robots-acap diff OLD NEW`): the client reads the other version — the file on disk
 * through VS Code's file system, or git HEAD through VS Code's own git extension (never a
 * process of its own, never the network) — and the server answers which crawl and AI-use
 * verdicts flip (`robotsAcap/diff`); a webview lists them, each now-deciding line one click away.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { DiffRequest, type DiffResult } from '../../server/src/protocol';
import { renderDiff } from './diffHtml';
import { nonce, reveal } from './panel';
import { headText, type GitExtension } from './gitHead';

export const DIFF_WITH_SAVED = 'robotsAcap.diffWithSaved';
export const DIFF_WITH_HEAD = 'robotsAcap.diffWithHead';

export type DiffSource = 'saved' | 'HEAD';

/** What the command gives back (for tests and other extensions): the answer, or why there is none. */
export type DiffOutcome = DiffResult | { readonly unavailable: string };

let panel: vscode.WebviewPanel | undefined;
let shown: vscode.Uri | undefined;

/** The other version's text, or why it cannot be had. */
async function otherVersion(doc: vscode.TextDocument, source: DiffSource): Promise<string | { unavailable: string }> {
  if (doc.isUntitled) return { unavailable: 'This robots.txt has never been saved: there is no other version to compare with.' };
  if (source === 'HEAD') return headText(vscode.extensions.getExtension<GitExtension>('vscode.git'), doc.uri, vscode.workspace.asRelativePath(doc.uri));
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(doc.uri));
  } catch (err) {
    return { unavailable: `The saved file cannot be read (${err instanceof Error ? err.message : String(err)}).` };
  }
}

/** The command: compare the editor's robots.txt (`uri`, else the active editor) with `source`. */
export async function diffVerdicts(client: BaseLanguageClient, source: DiffSource, uri?: vscode.Uri): Promise<DiffOutcome | undefined> {
  const doc = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
  if (!doc || doc.languageId !== 'robots-txt') {
    void vscode.window.showWarningMessage('Open a robots.txt first.');
    return undefined;
  }
  const label = source === 'HEAD' ? 'git HEAD' : 'the saved file';
  const old = await otherVersion(doc, source);
  if (typeof old !== 'string') {
    void vscode.window.showInformationMessage(old.unavailable);
    return old;
  }
  const diff = await client.sendRequest(DiffRequest, { textDocument: { uri: doc.uri.toString() }, oldText: old, oldLabel: source === 'HEAD' ? 'HEAD' : 'saved' });
  if (!diff) {
    void vscode.window.showWarningMessage('The language server does not have this robots.txt open.');
    return undefined;
  }
  shown = doc.uri;
  if (!panel) {
    panel = vscode.window.createWebviewPanel('robotsAcap.diff', 'Verdict changes', { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true }, { enableScripts: true });
    panel.onDidDispose(() => { panel = undefined; });
    panel.webview.onDidReceiveMessage((m: { line?: number }) => {
      if (shown && typeof m.line === 'number') void reveal(shown, m.line);
    });
  }
  const file = vscode.workspace.asRelativePath(doc.uri);
  panel.title = `Verdict changes: ${label} → editor`;
  panel.webview.html = renderDiff(diff, file, label, nonce(), panel.webview.cspSource);
  panel.reveal(undefined, true);
  if (diff.flips.length === 0) void vscode.window.showInformationMessage(`No verdict changes between ${label} and the editor.`);
  return diff;
}
