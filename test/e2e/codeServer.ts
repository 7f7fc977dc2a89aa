/**
 * code-server (the real VS Code workbench and extension host) started on loopback in throwaway
 * folders, and headless Chromium driven by Playwright (README.md, "Testing in real editors").
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import * as path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

export const ROOT = path.resolve(__dirname, '../..');
export const CODE_SERVER = path.join(ROOT, '.tools/code-server/node_modules/.bin/code-server');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function codeServerVersion(): string {
  try {
    return JSON.parse(readFileSync(path.join(ROOT, '.tools/code-server/node_modules/code-server/package.json'), 'utf8')).version;
  } catch {
    return 'unknown';
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export interface Sandbox {
  readonly dir: string;
  readonly workspace: string;
  readonly userData: string;
  readonly extensions: string;
  readonly env: NodeJS.ProcessEnv;
}

/** Throwaway folders for one run; the workspace is a copy of the bundled example site. */
export function sandbox(name: string): Sandbox {
  const dir = path.join(ROOT, '.e2e', `${name}-${process.pid}`);
  rmSync(dir, { recursive: true, force: true });
  const workspace = path.join(dir, 'workspace');
  const userData = path.join(dir, 'user-data');
  const extensions = path.join(dir, 'extensions');
  for (const d of ['xdg-config', 'xdg-data', 'xdg-cache', 'tmp', 'user-data/User', 'extensions']) mkdirSync(path.join(dir, d), { recursive: true });
  cpSync(path.join(ROOT, 'examples/site'), workspace, { recursive: true });
  writeFileSync(path.join(userData, 'User/settings.json'), JSON.stringify({
    'telemetry.telemetryLevel': 'off', 'workbench.startupEditor': 'none', 'update.mode': 'none', 'extensions.autoUpdate': false,
    'chat.disableAIFeatures': true, 'security.workspace.trust.enabled': false, 'workbench.tips.enabled': false,
    'editor.hover.delay': 100, 'files.autoSave': 'off', 'git.enabled': false, 'git.openRepositoryInParentFolders': 'never',
  }, null, 2));
  writeFileSync(path.join(dir, 'config.yaml'), 'bind-addr: 127.0.0.1:0\nauth: none\ncert: false\n');
  const env = {
    ...process.env,
    XDG_CONFIG_HOME: path.join(dir, 'xdg-config'), XDG_DATA_HOME: path.join(dir, 'xdg-data'), XDG_CACHE_HOME: path.join(dir, 'xdg-cache'),
    TMPDIR: path.join(dir, 'tmp'),
  };
  return { dir, workspace, userData, extensions, env };
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  stop(): void;
}

/** Start code-server and resolve once it says it is listening (an event, not a timer). */
export async function startCodeServer(box: Sandbox): Promise<RunningServer> {
  if (!existsSync(CODE_SERVER)) throw new Error(`code-server is not installed: run scripts/e2e/install-tools.sh (${CODE_SERVER})`);
  const port = await freePort();
  const child: ChildProcess = spawn(CODE_SERVER, [
    '--bind-addr', `127.0.0.1:${port}`, '--auth', 'none', '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust',
    '--user-data-dir', box.userData, '--extensions-dir', box.extensions, '--config', path.join(box.dir, 'config.yaml'),
  ], { env: box.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const stop = (): void => {
    // The whole process group: extension hosts otherwise outlive the server.
    try { if (child.pid) process.kill(-child.pid, 'SIGKILL'); } catch { /* already gone */ }
  };
  await new Promise<void>((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => { stop(); reject(new Error(`code-server did not start:\n${log}`)); }, 60000);
    const onData = (chunk: Buffer): void => {
      log += chunk.toString();
      if (/HTTP server listening on/.test(log)) { clearTimeout(timer); resolve(); }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`code-server exited (${code}):\n${log}`)); });
  });
  return { url: `http://127.0.0.1:${port}`, port, stop };
}

/** Headless Chromium with the flags this closed network needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
