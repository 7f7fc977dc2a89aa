/**
 * A file's text at git HEAD through VS Code's own git extension (its API, version 1:
 * extensions/git/src/api/git.d.ts) — never a git process of our own, never the network. No
 * VS Code API is called here (the extension is passed in): unit-tested with stand-ins.
 */
import type * as vscode from 'vscode';

/** The part of the git extension's API used here. */
export interface GitRepository {
  show(ref: string, path: string): Promise<string>;
}
export interface GitApi {
  readonly state?: 'uninitialized' | 'initialized';
  readonly onDidChangeState?: (listener: (state: string) => unknown) => { dispose(): unknown };
  getRepository(uri: vscode.Uri): GitRepository | null;
}
export interface GitExtension {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}
/** `vscode.extensions.getExtension('vscode.git')`, as far as it is used. */
export interface GitExtensionHandle {
  readonly isActive: boolean;
  readonly exports: GitExtension | undefined;
  activate(): Thenable<GitExtension | undefined>;
}

export type HeadText = string | { readonly unavailable: string };

/** How long to wait for the git extension to finish discovering repositories. */
export const DISCOVERY_WAIT_MS = 10000;

/** The text of `uri` (shown to the user as `name`) at HEAD, or why it cannot be had. */
export async function headText(ext: GitExtensionHandle | undefined, uri: vscode.Uri, name: string): Promise<HeadText> {
  if (!ext) return { unavailable: 'VS Code\'s git extension is not available here, so git HEAD cannot be read (nothing was run).' };
  const git = ext.isActive ? ext.exports : await ext.activate();
  if (!git?.enabled) return { unavailable: 'VS Code\'s git support is turned off (git.enabled), so git HEAD cannot be read (nothing was run).' };
  const api = git.getAPI(1);
  if (!api.getRepository(uri) && api.state === 'uninitialized' && api.onDidChangeState) {
    // The git extension is still discovering repositories: wait for it to say it is done.
    const onState = api.onDidChangeState;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => { sub.dispose(); resolve(); }, DISCOVERY_WAIT_MS);
      const sub = onState(() => { clearTimeout(timer); sub.dispose(); resolve(); });
    });
  }
  const repo = api.getRepository(uri);
  if (!repo) return { unavailable: `${name} is not in a git repository that VS Code knows.` };
  try {
    return await repo.show('HEAD', uri.fsPath);
  } catch (err) {
    return { unavailable: `git HEAD has no ${name} (${err instanceof Error ? err.message.split('\n')[0] : String(err)}).` };
  }
}
