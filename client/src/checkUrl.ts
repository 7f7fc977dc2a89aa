/**
 * The "Check a URL" command: asks for a path or URL (pre-filled from the pattern under the cursor,
 * or the page's own path on an HTML page), a crawler, a usage and an optional purpose, sends
 * `robotsAcap/explain`, shows the verdict, and reveals the deciding line.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { ExplainRequest, QueryOptionsRequest, type ExplainResult, type QueryOptions } from '../../server/src/protocol';

const output = (): vscode.OutputChannel => (channel ??= vscode.window.createOutputChannel('robots.txt + ACAP: Check a URL'));
let channel: vscode.OutputChannel | undefined;

async function pickCrawler(options: QueryOptions): Promise<string | undefined> {
  const other = 'Another crawler…';
  const picked = await vscode.window.showQuickPick(['*', ...options.crawlers, other], { title: 'Crawler (product token)', placeHolder: '* means a crawler no record names' });
  if (picked !== other) return picked;
  return vscode.window.showInputBox({ title: 'Crawler', prompt: 'A product token such as Googlebot, or a whole User-Agent string' });
}

/** A query given to the command instead of asking for it (keybindings, tests, other extensions). */
export interface CheckUrlArgs {
  readonly agent: string;
  readonly path: string;
  readonly usage?: string;
  readonly purpose?: string;
}

async function ask(options: QueryOptions): Promise<CheckUrlArgs | undefined> {
  const path = await vscode.window.showInputBox({ title: 'Check a URL', prompt: 'A path or URL on this site', value: options.path || '/', ignoreFocusOut: true });
  if (path === undefined) return undefined;
  const agent = await pickCrawler(options);
  if (!agent) return undefined;
  const usage = await vscode.window.showQuickPick(options.usages.map((u) => ({ label: u.name, description: u.summary })), { title: 'Usage', placeHolder: 'crawl' });
  if (!usage) return undefined;
  const purpose = await vscode.window.showInputBox({ title: 'Usage purpose (optional)', prompt: 'A service name or URI, or leave empty' });
  if (purpose === undefined) return undefined;
  return { agent, path, usage: usage.label, ...(purpose.trim() ? { purpose: purpose.trim() } : {}) };
}

const CHECKABLE = new Set(['robots-txt', 'html']);

/**
 * Answers for the robots.txt or HTML page in the active editor (or `uri`); returns the answer,
 * selects the deciding line and shows the verdict.
 */
export async function checkUrl(client: BaseLanguageClient, uri?: vscode.Uri, given?: CheckUrlArgs): Promise<ExplainResult | undefined> {
  const editor = vscode.window.activeTextEditor;
  const document = uri ? await vscode.workspace.openTextDocument(uri) : editor?.document;
  if (!document || !CHECKABLE.has(document.languageId)) {
    void vscode.window.showWarningMessage('Open a robots.txt or an HTML page first: "Check a URL" answers for the file in the active editor.');
    return undefined;
  }
  const textDocument = { uri: document.uri.toString() };
  let query = given;
  if (!query) {
    const position = editor?.document === document ? { line: editor.selection.active.line, character: editor.selection.active.character } : undefined;
    const options = await client.sendRequest(QueryOptionsRequest, { textDocument, ...(position ? { position } : {}) });
    if (!options) return undefined;
    query = await ask(options);
  }
  if (!query) return undefined;
  const answer = await client.sendRequest(ExplainRequest, { textDocument, query });
  if (!answer) {
    void vscode.window.showErrorMessage('The language server gave no answer; see its output for details.');
    return undefined;
  }
  output().appendLine(answer.text);
  const first = answer.decidedBy[0];
  const line = first?.line;
  // A page's answer may be decided by robots.txt.
  const targetUri = first && 'file' in first && first.file !== 'page' && answer.robotsUri ? vscode.Uri.parse(answer.robotsUri) : document.uri;
  const verdict = `${answer.agent} ${answer.allowed ? 'may' : 'may not'} ${answer.usage} ${answer.path}${answer.qualifiers.length ? ` (${answer.qualifiers.join(' ')})` : ''}${line ? ` — line ${line}` : ' — no line speaks on it'}`;
  if (line) {
    const target = await vscode.workspace.openTextDocument(targetUri);
    const shown = await vscode.window.showTextDocument(target, { preserveFocus: false });
    const range = target.lineAt(line - 1).range;
    shown.selection = new vscode.Selection(range.start, range.end);
    shown.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }
  // Not awaited: the answer is returned at once; the message offers the details.
  void vscode.window.showInformationMessage(verdict, 'Details').then((choice) => {
    if (choice === 'Details') output().show(true);
  });
  return answer;
}
