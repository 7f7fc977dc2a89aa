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

export const DIFF_WITH_SAVED = 'robotsAcap.diffWithSaved';
export const DIFF_WITH_HEAD = 'robotsAcap.diffWithHead';

export type DiffSource = 'saved' | 'HEAD';

/** What the command gives back (for tests and other extensions): the answer, or why there is none. */
export type DiffOutcome = DiffResult | { readonly unavailable: string };

/** The part of the git extension's API (extensions/git/src/api/git.d.ts, version 1) used here. */
interface GitRepository {
  show(ref: string, path: string): Promise<string>;
}
interface GitApi {
  readonly state?: 'uninitialized' | 'initialized';
  readonly onDidChangeState?: vscode.Event<string>;
  getRepository(uri: vscode.Uri): GitRepository | null;
}
interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

let panel: vscode.WebviewPanel | undefined;
let shown: vscode.Uri | undefined;

/** The text of `uri` at git HEAD, or why it cannot be had. */
async function headText(uri: vscode.Uri): Promise<string | { unavailable: string }> {
  const ext = vscode.extensions.getExtension<GitExtension>('vscode.git');
  if (!ext) return { unavailable: 'VS Code\'s git extension is not available here, so git HEAD cannot be read (nothing was run).' };
  const git = ext.isActive ? ext.exports : await ext.activate();
  if (!git?.enabled) return { unavailable: 'VS Code\'s git support is turned off (git.enabled), so git HEAD cannot be read (nothing was run).' };
  const api = git.getAPI(1);
  if (!api.getRepository(uri) && api.state === 'uninitialized' && api.onDidChangeState) {
    // The git extension is still discovering repositories: wait for it to say it is done.
    const onState = api.onDidChangeState;
    await new Promise<void>((resolve) => {
      const sub = onState(() => { sub.dispose(); resolve(); });
      setTimeout(() => { sub.dispose(); resolve(); }, 10000);
    });
  }
  const repo = api.getRepository(uri);
  if (!repo) return { unavailable: `${uri.fsPath} is not in a git repository that VS Code knows.` };
  try {
    return await repo.show('HEAD', uri.fsPath);
  } catch (err) {
    return { unavailable: `git HEAD has no ${vscode.workspace.asRelativePath(uri)} (${err instanceof Error ? err.message.split('\n')[0] : String(err)}).` };
  }
}

/** The other version's text, or why it cannot be had. */
async function otherVersion(doc: vscode.TextDocument, source: DiffSource): Promise<string | { unavailable: string }> {
  if (doc.isUntitled) return { unavailable: 'This robots.txt has never been saved: there is no other version to compare with.' };
  if (source === 'HEAD') return headText(doc.uri);
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
