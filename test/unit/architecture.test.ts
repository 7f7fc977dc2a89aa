/**
 * The architecture's rules (ARCHITECTURE.md), checked: the linter refuses an upward or sideways
 * import between the service's layers, a Node built-in or `vscode` inside the service, and a deep
 * import of the service from a host; and nothing in the product opens a network connection.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ESLint } from 'eslint';

const ROOT = path.resolve(__dirname, '../..');

/** The `no-restricted-imports` messages ESLint gives `code` as if it were the file `file`. */
async function importErrors(eslint: ESLint, file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: false })
    .map(String)
    .filter((f) => f.endsWith('.ts'))
    .map((f) => path.join(dir, f));
}

suite('architecture', () => {
  let eslint: ESLint;
  suiteSetup(function () {
    this.timeout(60_000);
    eslint = new ESLint({ cwd: ROOT });
  });

  test('the linter refuses an upward import between layers (syntax/ importing features/)', async function () {
    this.timeout(60_000);
    const errors = await importErrors(eslint, 'server/src/service/syntax/upward.ts', "import { doHover } from '../features/hover';\nexport const x = doHover;\n");
    assert.equal(errors.length, 1, errors.join('\n'));
    assert.match(errors[0], /sits below or beside features/);
  });

  test('the linter refuses a sideways import on one floor (checks/ importing engine/) and accepts a downward one', async function () {
    this.timeout(60_000);
    assert.equal((await importErrors(eslint, 'server/src/service/checks/sideways.ts', "import { explain } from '../engine/permissions';\nexport const x = explain;\n")).length, 1);
    assert.deepEqual(await importErrors(eslint, 'server/src/service/checks/downward.ts', "import { getModel } from '../model/model';\nexport const x = getModel;\n"), []);
  });

  test('the linter keeps the service pure (no Node built-ins, no vscode)', async function () {
    this.timeout(60_000);
    assert.equal((await importErrors(eslint, 'server/src/service/features/impure.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n")).length, 1);
    assert.equal((await importErrors(eslint, 'server/src/service/model/impure.ts', "import * as vscode from 'vscode';\nexport const x = vscode;\n")).length, 1);
  });

  test('hosts reach the service only through its entry point', async function () {
    this.timeout(60_000);
    assert.equal((await importErrors(eslint, 'server/src/cli/deep.ts', "import { doHover } from '../service/features/hover';\nexport const x = doHover;\n")).length, 1);
    assert.deepEqual(await importErrors(eslint, 'server/src/cli/entry.ts', "import { doHover } from '../service';\nexport const x = doHover;\n"), []);
  });

  test('nothing in the product opens a network connection (no fetch, no http, https, net, tls, dgram, WebSocket)', () => {
    const files = [...sources('server/src'), ...sources('client/src')];
    assert.ok(files.length > 50, `expected the product's sources, found ${files.length}`);
    const network = /\bfetch\s*\(|XMLHttpRequest|WebSocket|from '(node:)?(http|https|http2|net|tls|dgram)'|require\('(node:)?(http|https|http2|net|tls|dgram)'\)/;
    const offenders = files.filter((f) => network.test(readFileSync(path.join(ROOT, f), 'utf8')));
    assert.deepEqual(offenders, []);
  });
});
