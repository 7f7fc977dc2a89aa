/**
 * Palette commands for the whole-file conversions (the code actions offer them per line and
 * group): the server converts and checks every verdict; this asks before applying a conversion
 * that changes any.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
import { ConvertRequest, type ConvertParams } from '../../server/src/protocol';

export const CONVERSIONS: readonly { readonly command: string; readonly params: Omit<ConvertParams, 'textDocument'> }[] = [
  { command: 'robotsAcap.convertToAcap', params: { to: 'acap', reading: 'crawl' } },
  { command: 'robotsAcap.convertToAcapIndex', params: { to: 'acap', reading: 'index' } },
  { command: 'robotsAcap.convertToAcapIgnoringConventional', params: { to: 'acap', reading: 'crawl', ignoreConventional: true } },
  { command: 'robotsAcap.convertToRep', params: { to: 'rep' } },
];

export async function convert(client: BaseLanguageClient, params: Omit<ConvertParams, 'textDocument'>, uri?: vscode.Uri, confirmed = false): Promise<boolean> {
  const doc = uri ? await vscode.workspace.openTextDocument(uri) : vscode.window.activeTextEditor?.document;
  if (!doc || doc.languageId !== 'robots-txt') {
    void vscode.window.showWarningMessage('Open a robots.txt first.');
    return false;
  }
  const r = await client.sendRequest(ConvertRequest, { textDocument: { uri: doc.uri.toString() }, ...params });
  if (!r || r.edits.length === 0) {
    void vscode.window.showInformationMessage(r?.notice ?? 'Nothing to convert.');
    return false;
  }
  if (r.changed.length && !confirmed) {
    const details = r.changed.slice(0, 5).join('\n');
    const choice = await vscode.window.showWarningMessage(`This conversion changes ${r.changed.length} of ${r.checked} verdicts checked.`, { modal: true, detail: details }, 'Convert anyway');
    if (choice !== 'Convert anyway') return false;
  }
  const edit = new vscode.WorkspaceEdit();
  for (const e of r.edits) edit.replace(doc.uri, new vscode.Range(e.range.start.line, e.range.start.character, e.range.end.line, e.range.end.character), e.newText);
  return vscode.workspace.applyEdit(edit);
}
