/**
 * A language status item for robots.txt: how the file is read (ACAP records or conventional
 * groups only), the conventional profile, and the declared ACAP version.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { StatusRequest } from '../../server/src/protocol';
import { statusText } from './statusText';

export function registerStatus(context: vscode.ExtensionContext, client: BaseLanguageClient): void {
  const item = vscode.languages.createLanguageStatusItem('robotsAcap.status', { language: 'robots-txt' });
  item.name = 'robots.txt + ACAP';
  item.command = { title: 'Profile', command: 'workbench.action.openSettings', arguments: ['robotsAcap.profile'] };
  context.subscriptions.push(item);
  let pending: ReturnType<typeof setTimeout> | undefined;
  const update = (): void => {
    const doc = vscode.window.activeTextEditor?.document;
    if (!doc || doc.languageId !== 'robots-txt') return;
    void client.sendRequest(StatusRequest, { textDocument: { uri: doc.uri.toString() } }).then((s) => {
      if (!s) return;
      const { text, detail } = statusText(s);
      item.text = text;
      item.detail = detail;
    }, () => undefined);
  };
  // After a pause in typing, not on every keystroke.
  const soon = (): void => {
    if (pending) clearTimeout(pending);
    pending = setTimeout(update, 300);
  };
  context.subscriptions.push(
    vscode.window.onDidChangeActiveTextEditor(update),
    vscode.workspace.onDidChangeTextDocument((e) => { if (e.document === vscode.window.activeTextEditor?.document) soon(); }),
    vscode.workspace.onDidChangeConfiguration((e) => { if (e.affectsConfiguration('robotsAcap')) soon(); }),
  );
  update();
}
