/**
 * The VS Code client: starts the language server over IPC for robots.txt documents. Everything
 * the extension knows lives in the server's language service.
 */
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { ExtensionContext } from 'vscode';
import { LanguageClient, TransportKind, type LanguageClientOptions, type ServerOptions } from 'vscode-languageclient/node';
import { checkUrl, type CheckUrlArgs } from './checkUrl';

let client: LanguageClient | undefined;

export async function activate(context: ExtensionContext): Promise<void> {
  const module = context.asAbsolutePath(path.join('dist', 'server.js'));
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6011'] } },
  };
  const clientOptions: LanguageClientOptions = {
    // HTML pages for their robots META tags and ACAP class values (ACAP Part 2); the server
    // registers only diagnostics, hover, completion and quick fixes for them, beside VS Code's
    // own HTML support.
    documentSelector: [{ language: 'robots-txt' }, { language: 'html' }],
  };
  const started = new LanguageClient('robotsAcap', 'robots.txt + ACAP', serverOptions, clientOptions);
  client = started;
  context.subscriptions.push(vscode.commands.registerCommand('robotsAcap.checkUrl', (uri?: vscode.Uri, query?: CheckUrlArgs) => checkUrl(started, uri, query)));
  await started.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
