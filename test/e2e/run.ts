/**
 * `npm run test:e2e`: the product in real clients.
 *   1. The mocha suite of test/e2e/suite inside a real VS Code extension host: code-server driven
 *      by headless Chromium here (no VS Code downloads on these machines), or VS Code itself via
 *      @vscode/test-electron with E2E_CLIENT=electron where it can be downloaded.
 *   2. Neovim's built-in LSP client against dist/server.js --stdio (test/e2e/nvim).
 *   3. A UI smoke test a person can look at: the packaged VSIX in code-server, a real mouse hover,
 *      screenshots under media/screenshots, then the same extension in the web worker host.
 * Ends with one `N passed, N failed` line. `-- --only host|neovim|ui` runs one part.
 */
import { execFileSync } from 'node:child_process';
import { format } from 'node:util';
import * as path from 'node:path';
import { codeServerVersion, launchChromium, ROOT, sandbox, startCodeServer } from './codeServer';
import { runNeovim } from './nvim';
import { runUiSmoke } from './uiSmoke';

interface Tally { passed: number; failed: number }

const SUITE = path.join(ROOT, 'out/e2e/suite/index.js');

function countFrom(lines: readonly string[]): Tally | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = /^(\d+) passed, (\d+) failed/.exec(lines[i].trim());
    if (m) return { passed: Number(m[1]), failed: Number(m[2]) };
  }
  return undefined;
}

async function extensionHostInCodeServer(): Promise<Tally> {
  const box = sandbox('suite');
  const server = await startCodeServer(box);
  const browser = await launchChromium();
  const lines: string[] = [];
  try {
    const page = await browser.newPage();
    const exit = new Promise<number>((resolve) => {
      void page.exposeFunction('codeAutomationExit', (code: number) => resolve(code));
    });
    await page.exposeFunction('codeAutomationLog', (_type: string, args: unknown[]) => {
      // Format as console.log would (mocha's reporter passes printf-style arguments).
      const text = format(...(Array.isArray(args) ? args : [args]));
      for (const l of text.split('\n')) {
        lines.push(l);
        process.stdout.write(`  | ${l}\n`);
      }
    });
    const remote = (p: string): string => `vscode-remote://127.0.0.1:${server.port}${p}`;
    const payload = JSON.stringify([['extensionDevelopmentPath', remote(ROOT)], ['extensionTestsPath', remote(SUITE)]]);
    await page.goto(`${server.url}/?folder=${encodeURIComponent(box.workspace)}&payload=${encodeURIComponent(payload)}`);
    const timeout = new Promise<number>((resolve) => setTimeout(() => resolve(-1), 240000).unref());
    const code = await Promise.race([exit, timeout]);
    if (code === -1) lines.push('timed out waiting for the extension host to finish');
    const tally = countFrom(lines) ?? { passed: 0, failed: 1 };
    if (code !== 0 && tally.failed === 0) tally.failed = 1;
    return tally;
  } finally {
    await browser.close();
    server.stop();
  }
}

async function extensionHostInElectron(): Promise<Tally> {
  const { runTests } = await import('@vscode/test-electron');
  const box = sandbox('electron');
  try {
    await runTests({ extensionDevelopmentPath: ROOT, extensionTestsPath: SUITE, launchArgs: [box.workspace, '--disable-extensions', `--user-data-dir=${box.userData}`] });
    return { passed: 1, failed: 0 };
  } catch {
    return { passed: 0, failed: 1 };
  }
}

async function main(): Promise<void> {
  execFileSync(process.execPath, [path.join(ROOT, 'esbuild.mjs'), '--e2e'], { cwd: ROOT, stdio: 'inherit' });
  const electron = process.env.E2E_CLIENT === 'electron';
  const total: Tally = { passed: 0, failed: 0 };
  const add = (name: string, t: Tally): void => {
    total.passed += t.passed;
    total.failed += t.failed;
    console.log(`${name}: ${t.passed} passed, ${t.failed} failed`);
  };

  // `--only host|neovim|ui` runs one part (to reproduce a failure without the other two).
  const at = process.argv.indexOf('--only');
  const only = at >= 0 ? process.argv[at + 1] : undefined;
  if (only !== undefined && !['host', 'neovim', 'ui'].includes(only)) throw new Error(`--only takes host, neovim or ui, not ${only}`);
  const part = (name: string): boolean => only === undefined || only === name;
  if (part('host')) {
    console.log(electron ? 'client: VS Code (downloaded by @vscode/test-electron)' : `client: code-server ${codeServerVersion()} (the VS Code workbench and extension host) in headless Chromium`);
    add('extension host', await (electron ? extensionHostInElectron() : extensionHostInCodeServer()));
  }
  if (part('neovim')) {
    console.log('client: Neovim (built-in LSP client), dist/server.js --stdio');
    add('neovim', await runNeovim());
  }
  if (!electron && part('ui')) {
    console.log('client: code-server with the packaged VSIX, driven by a real mouse');
    add('ui smoke', await runUiSmoke());
  }
  console.log(`\n${total.passed} passed, ${total.failed} failed`);
  process.exitCode = total.failed > 0 ? 1 : 0;
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack ?? err.message : String(err));
  console.log('\n0 passed, 1 failed');
  process.exitCode = 1;
});
