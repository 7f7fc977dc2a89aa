/**
 * What the client adds besides the language server's own features, for the desktop (Node) and
 * the web (browser) client alike: commands, the permissions view and the language status item.
 * It talks to the server only through the custom requests of server/src/protocol.ts.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';
import { checkUrl, type CheckUrlArgs } from './checkUrl';
import { showPermissions, SHOW_PERMISSIONS } from './permissionsView';
import { registerStatus } from './status';
import { CONVERSIONS, convert } from './convert';

/** robots.txt files, and HTML pages for their robots META tags and ACAP class values (ACAP Part 2). */
export function clientOptions(context: vscode.ExtensionContext): LanguageClientOptions {
  return {
    documentSelector: [{ language: 'robots-txt' }, { language: 'html' }],
    // Diagnostic codes link to their documentation, shipped with the extension.
    initializationOptions: { docsUri: vscode.Uri.joinPath(context.extensionUri, 'docs', 'diagnostics.md').toString() },
  };
}

export function registerFeatures(context: vscode.ExtensionContext, client: BaseLanguageClient): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('robotsAcap.checkUrl', (uri?: vscode.Uri, query?: CheckUrlArgs) => checkUrl(client, uri, query)),
    vscode.commands.registerCommand(SHOW_PERMISSIONS, (uri?: string | vscode.Uri, path?: string) => showPermissions(client, uri, path)),
    ...CONVERSIONS.map((c) => vscode.commands.registerCommand(c.command, (uri?: vscode.Uri, confirmed?: boolean) => convert(client, c.params, uri, confirmed === true))),
  );
  registerStatus(context, client);
}
