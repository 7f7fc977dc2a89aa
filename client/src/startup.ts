/**
 * The client's start-up, once for the desktop (Node) and the web (browser) entry alike: each
 * entry only creates its flavour of LanguageClient (extension.ts: the server over IPC;
 * browserExtension.ts: the server in a web worker) and hands it here. This registers what the
 * client adds besides the language server's own features — the commands, the permissions and
 * verdict-diff views, the language status item — starts the client, and stops it.
 * It talks to the server only through the custom requests of server/src/protocol.ts.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';
import { checkUrl, type CheckUrlArgs } from './checkUrl';
import { showPermissions, SHOW_PERMISSIONS } from './permissionsView';
import { registerStatus } from './status';
import { CONVERSIONS, convert } from './convert';
import { DIFF_WITH_HEAD, DIFF_WITH_SAVED, diffVerdicts } from './diffView';

/** The client's id and name (its output channel, its settings section's trace key). */
export const CLIENT_ID = 'robotsAcap';
export const CLIENT_NAME = 'robots.txt + ACAP';

/** robots.txt files, and HTML pages for their robots META tags and ACAP class values (ACAP Part 2). */
export function clientOptions(context: vscode.ExtensionContext): LanguageClientOptions {
  return {
    // robots.txt and pages; beside them a TDMRep property file, and XML (the server checks only
    // the XML that is an RSL licence).
    documentSelector: [{ language: 'robots-txt' }, { language: 'html' }, { language: 'json', pattern: '**/.well-known/tdmrep.json' }, { language: 'xml' }],
    // Diagnostic codes link to their documentation, shipped with the extension.
    initializationOptions: { docsUri: vscode.Uri.joinPath(context.extensionUri, 'docs', 'diagnostics.md').toString() },
  };
}

function registerFeatures(context: vscode.ExtensionContext, client: BaseLanguageClient): void {
  context.subscriptions.push(
    vscode.commands.registerCommand('robotsAcap.checkUrl', (uri?: vscode.Uri, query?: CheckUrlArgs) => checkUrl(client, uri, query)),
    vscode.commands.registerCommand(SHOW_PERMISSIONS, (uri?: string | vscode.Uri, path?: string) => showPermissions(client, uri, path)),
    ...CONVERSIONS.map((c) => vscode.commands.registerCommand(c.command, (uri?: vscode.Uri, confirmed?: boolean) => convert(client, c.params, uri, confirmed === true))),
    vscode.commands.registerCommand(DIFF_WITH_SAVED, (uri?: vscode.Uri) => diffVerdicts(client, 'saved', uri)),
    vscode.commands.registerCommand(DIFF_WITH_HEAD, (uri?: vscode.Uri) => diffVerdicts(client, 'HEAD', uri)),
  );
  registerStatus(context, client);
}

let running: BaseLanguageClient | undefined;

/** The whole start-up: `create` makes the entry's LanguageClient from the shared options. */
export async function startClient(context: vscode.ExtensionContext, create: (options: LanguageClientOptions) => BaseLanguageClient | Promise<BaseLanguageClient>): Promise<void> {
  const client = await create(clientOptions(context));
  running = client;
  registerFeatures(context, client);
  await client.start();
}

export async function stopClient(): Promise<void> {
  const client = running;
  running = undefined;
  await client?.stop();
}
