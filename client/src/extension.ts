/**
 * The VS Code client for the desktop: starts the language server over IPC. Everything the
 * extension knows lives in the server's language service; startup.ts does the rest of start-up.
 */
import * as vscode from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import { SERVER_NODE_ARGS } from '../../server/src/protocol';
import { CLIENT_ID, CLIENT_NAME, startClient, stopClient } from './startup';

export function activate(context: vscode.ExtensionContext): Promise<void> {
  const module = vscode.Uri.joinPath(context.extensionUri, 'dist', 'server.js').fsPath;
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc, options: { execArgv: [...SERVER_NODE_ARGS] } },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: [...SERVER_NODE_ARGS, '--nolazy', '--inspect=6011'] } },
  };
  return startClient(context, (options) => new LanguageClient(CLIENT_ID, CLIENT_NAME, serverOptions, options));
}

export const deactivate = stopClient;
