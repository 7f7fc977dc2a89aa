/**
 * What a user sees: the packaged VSIX installed into code-server, robots.txt opened through
 * Quick Open, the warning squiggle, a real mouse hover over a path, and a screenshot saved under
 * .e2e/screenshots (git-ignored) for a person to look at.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { CODE_SERVER, launchChromium, ROOT, sandbox, startCodeServer } from './codeServer';

interface Tally { passed: number; failed: number }

export async function runUiSmoke(): Promise<Tally> {
  const results: [string, boolean][] = [];
  const check = (name: string, ok: boolean): void => {
    results.push([name, ok]);
    console.log(`  ${ok ? '✔' : '✗'} ${name}`);
  };
  const box = sandbox('ui');
  const vsix = path.join(ROOT, 'dist/robots-acap.vsix');
  execFileSync('npm', ['run', 'package', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  check('the VSIX is packaged', existsSync(vsix));
  const installed = execFileSync(CODE_SERVER, ['--install-extension', vsix, '--extensions-dir', box.extensions], { env: box.env, encoding: 'utf8' });
  check('code-server installs the VSIX', /successfully installed/i.test(installed));

  const server = await startCodeServer(box);
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(`${server.url}/?folder=${encodeURIComponent(box.workspace)}`);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60000 });
    // Open the file as a person would: Quick Open, type its name, Enter.
    await page.locator('.monaco-workbench .part.editor').waitFor();
    await page.keyboard.press('Control+P');
    const quickOpen = page.locator('.quick-input-widget input');
    await quickOpen.waitFor();
    await quickOpen.fill('robots.txt');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'robots.txt' }).first().waitFor();
    await page.keyboard.press('Enter');
    const line = page.locator('.monaco-editor .view-line', { hasText: 'Disallow: /archive/' }).first();
    await line.waitFor({ timeout: 30000 });
    check('robots.txt opens in the editor', true);
    // The server's diagnostics reach the editor: line 17's product token gets a warning squiggle.
    await page.locator('.monaco-editor .squiggly-warning').first().waitFor({ timeout: 60000 });
    check('a warning squiggle appears', true);
    const pathToken = line.locator('span > span', { hasText: '/archive/' }).first();
    await pathToken.hover();
    const hover = page.locator('.monaco-hover', { hasText: 'Who may use' }).first();
    await hover.waitFor({ state: 'visible', timeout: 30000 });
    // The hover fades in: wait until it and its container are fully opaque before the screenshot.
    // (Evaluated in the page, so written as a string: this project does not type-check DOM code.)
    await page.waitForFunction(`(() => {
      const el = document.querySelector('.monaco-hover');
      for (let e = el; e; e = e.parentElement) if (Number(getComputedStyle(e).opacity) < 1) return false;
      return el !== null;
    })()`);
    const text = await hover.innerText();
    check('hovering a path with the mouse shows the crawler table', /GPTBot, CCBot, Google-Extended/.test(text));
    const dir = path.join(ROOT, '.e2e/screenshots');
    mkdirSync(dir, { recursive: true });
    const shot = path.join(dir, 'hover.png');
    await page.screenshot({ path: shot });
    check(`screenshot saved: ${shot}`, existsSync(shot));
  } catch (err) {
    check(`the UI responds (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`, false);
  } finally {
    await browser.close();
    server.stop();
  }
  const passed = results.filter(([, ok]) => ok).length;
  return { passed, failed: results.length - passed };
}
