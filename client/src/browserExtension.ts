/**
 * The VS Code client for the web (vscode.dev, code-server's browser extension host): the same
 * language service runs in a web worker (dist/browser/server.js, built for the browser), so
 * every feature that needs no file system works the same.
 */
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import { clientOptions, registerFeatures } from './common';

let client: LanguageClient | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const main = vscode.Uri.joinPath(context.extensionUri, 'dist', 'browser', 'server.js');
  // The project compiles without the DOM library: take the browser's Worker from the global scope.
  const WorkerCtor = (globalThis as unknown as { Worker: new (url: string) => ConstructorParameters<typeof LanguageClient>[3] }).Worker;
  const worker = new WorkerCtor(main.toString(true));
  const started = new LanguageClient('robotsAcap', 'robots.txt + ACAP', clientOptions(context), worker);
  client = started;
  registerFeatures(context, started);
  await started.start();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
  client = undefined;
}
