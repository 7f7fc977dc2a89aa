/** What the webviews share: a script nonce, and revealing a line of a document. */
import * as vscode from 'vscode';

export function nonce(): string {
  let s = '';
  for (let i = 0; i < 24; i++) s += 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 62)];
  return s;
}

/** Open `uri` beside the view and select its 1-based `line`. */
export async function reveal(uri: vscode.Uri, line: number): Promise<void> {
  const doc = await vscode.workspace.openTextDocument(uri);
  const editor = await vscode.window.showTextDocument(doc, { viewColumn: vscode.ViewColumn.One });
  const range = doc.lineAt(Math.min(doc.lineCount - 1, Math.max(0, line - 1))).range;
  editor.selection = new vscode.Selection(range.start, range.end);
  editor.revealRange(range, vscode.TextEditorRevealType.InCenterIfOutsideViewport);
}
