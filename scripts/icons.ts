/**
 * Draws media/icon.png (the extension icon, 128×128) from media/icon.svg with headless Chromium
 * (the same one the end-to-end tests use). `npx tsx scripts/icons.ts`; the PNG is committed.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { launchChromium } from '../test/e2e/codeServer';

async function main(): Promise<void> {
  const root = path.resolve(__dirname, '..');
  const svg = readFileSync(path.join(root, 'media/icon.svg'), 'utf8');
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await page.screenshot({ path: path.join(root, 'media/icon.png'), omitBackground: true, clip: { x: 0, y: 0, width: 128, height: 128 } });
  } finally {
    await browser.close();
  }
}

main().catch((err: unknown) => { console.error(err); process.exitCode = 1; });
