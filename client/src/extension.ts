/**
 * The VS Code client for the desktop: starts the language server over IPC. Everything the
 * extension knows lives in the server's language service; common.ts registers the commands.
 */
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import { clientOptions, registerFeatures } from './common';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const module = vscode.Uri.joinPath(context.extensionUri, 'dist', 'server.js').fsPath;
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6011'] } },
  };
  const started = new LanguageClient('robotsAcap', 'robots.txt + ACAP', serverOptions, clientOptions(context));
  client = started;
  registerFeatures(context, started);
  await started.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
