/**
 * The "Check a URL" command: asks for a path or URL, a crawler, a usage and an optional purpose,
 * sends `robotsAcap/explain`, shows the verdict, and reveals the deciding line.
 */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { ExplainRequest } from '../../server/src/protocol';
import { facts, DEFAULT_CRAWLERS, formatExplanation, type Explanation } from '../../server/src/service';

const output = (): vscode.OutputChannel => (channel ??= vscode.window.createOutputChannel('robots.txt + ACAP: Check a URL'));
let channel: vscode.OutputChannel | undefined;

async function pickCrawler(): Promise<string | undefined> {
  const configured = vscode.workspace.getConfiguration('robotsAcap').get<string[]>('crawlers') ?? [...DEFAULT_CRAWLERS];
  const other = 'Another crawler…';
  const picked = await vscode.window.showQuickPick(['*', ...configured, other], { title: 'Crawler (product token)', placeHolder: '* means a crawler no record names' });
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

async function ask(): Promise<CheckUrlArgs | undefined> {
  const path = await vscode.window.showInputBox({ title: 'Check a URL', prompt: 'A path or URL on this site', value: '/', ignoreFocusOut: true });
  if (path === undefined) return undefined;
  const agent = await pickCrawler();
  if (!agent) return undefined;
  const usage = await vscode.window.showQuickPick(facts.USAGES.map((u) => ({ label: u.name, description: u.summary })), { title: 'Usage', placeHolder: 'crawl' });
  if (!usage) return undefined;
  const purpose = await vscode.window.showInputBox({ title: 'Usage purpose (optional)', prompt: 'A service name or URI, or leave empty' });
  if (purpose === undefined) return undefined;
  return { agent, path, usage: usage.label, ...(purpose.trim() ? { purpose: purpose.trim() } : {}) };
}

/**
 * Answers for the robots.txt in the active editor (or `uri`); returns the explanation, selects
 * the deciding line and shows the verdict.
 */
export async function checkUrl(client: LanguageClient, uri?: vscode.Uri, given?: CheckUrlArgs): Promise<Explanation | undefined> {
  const editor = vscode.window.activeTextEditor;
  const document = uri ? await vscode.workspace.openTextDocument(uri) : editor?.document;
  if (!document || document.languageId !== 'robots-txt') {
    void vscode.window.showWarningMessage('Open a robots.txt first: "Check a URL" answers for the robots.txt in the active editor.');
    return undefined;
  }
  const query = given ?? (await ask());
  if (!query) return undefined;
  const answer = await client.sendRequest(ExplainRequest, { textDocument: { uri: document.uri.toString() }, query });
  if (!answer) {
    void vscode.window.showErrorMessage('The language server gave no answer; see its output for details.');
    return undefined;
  }
  output().appendLine(formatExplanation(answer));
  const line = answer.decidedBy[0]?.line;
  const verdict = `${answer.agent} ${answer.allowed ? 'may' : 'may not'} ${answer.usage} ${answer.path}${answer.qualifiers.length ? ` (${answer.qualifiers.join(' ')})` : ''}${line ? ` — line ${line}` : ' — no line speaks on it'}`;
  if (line) {
    const target = await vscode.window.showTextDocument(document, { preserveFocus: false });
    const range = document.lineAt(line - 1).range;
    target.selection = new vscode.Selection(range.start, range.end);
    target.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  }
  // Not awaited: the answer is returned at once; the message offers the details.
  void vscode.window.showInformationMessage(verdict, 'Details').then((choice) => {
    if (choice === 'Details') output().show(true);
  });
  return answer;
}
