/**
 * The VS Code client for the web (vscode.dev, code-server's browser extension host): the same
 * language service runs in a web worker (dist/browser/server.js, built for the browser), so
 * every feature that needs no file system works the same. startup.ts does the rest of start-up.
 */
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import { CLIENT_ID, CLIENT_NAME, startClient, stopClient } from './startup';

export function activate(context: vscode.ExtensionContext): Promise<void> {
  return startClient(context, async (options) => {
    const main = vscode.Uri.joinPath(context.extensionUri, 'dist', 'browser', 'server.js');
    // The project compiles without the DOM library: take the browser's classes from the global scope.
    type WorkerLike = ConstructorParameters<typeof LanguageClient>[3];
    const web = globalThis as unknown as {
      Worker: new (url: string) => WorkerLike;
      Blob: new (parts: unknown[], options: { type: string }) => unknown;
      URL: { createObjectURL(blob: unknown): string };
    };
    // A worker cannot be created from a remote extension's URI (code-server, a remote workspace:
    // "Creating workers from remote extensions is currently not supported"): read the script
    // through the file system API and start the worker from a blob.
    const worker = /^https?$/.test(main.scheme)
      ? new web.Worker(main.toString(true))
      : new web.Worker(web.URL.createObjectURL(new web.Blob([await vscode.workspace.fs.readFile(main)], { type: 'application/javascript' })));
    return new LanguageClient(CLIENT_ID, CLIENT_NAME, options, worker);
  });
}

export const deactivate = stopClient;
