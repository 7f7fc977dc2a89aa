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

  test('inside checks/, imports point down: rule.ts ← rules/ ← checkLine.ts, registry.ts ← validation.ts', async function () {
    this.timeout(60_000);
    const topicFile = 'server/src/service/checks/rules/probe.ts';
    // A topic module may not import the pipeline that runs it, nor the table that gathers it.
    const upward = await importErrors(eslint, topicFile, "import { doValidation } from '../validation';\nexport const x = doValidation;\n");
    assert.equal(upward.length, 1, upward.join('\n'));
    assert.match(upward[0], /imports point down only/);
    assert.equal((await importErrors(eslint, topicFile, "import { FIXES } from '../registry';\nexport const x = FIXES;\n")).length, 1);
    assert.equal((await importErrors(eslint, topicFile, "import { checkLine } from '../checkLine';\nexport const x = checkLine;\n")).length, 1);
    assert.equal((await importErrors(eslint, 'server/src/service/checks/rule.ts', "import { topic } from './rules/groups';\nexport const x = topic;\n")).length, 1);
    assert.equal((await importErrors(eslint, 'server/src/service/checks/registry.ts', "import { doValidation } from './validation';\nexport const x = doValidation;\n")).length, 1);
    // The service's own floors still hold in the sub-folder.
    assert.equal((await importErrors(eslint, topicFile, "import { explain } from '../../engine/permissions';\nexport const x = explain;\n")).length, 1);
    // Downward and sideways among topics: accepted.
    assert.deepEqual(await importErrors(eslint, topicFile, "import { action } from '../rule';\nimport { topic } from './groups';\nimport { getModel } from '../../model/model';\nexport const x = [action, topic, getModel];\n"), []);
    assert.deepEqual(await importErrors(eslint, 'server/src/service/checks/validation.ts', "import { FIXES } from './registry';\nimport { topic } from './rules/groups';\nexport const x = [FIXES, topic];\n"), []);
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

  test('the VS Code client imports only the protocol types, never the service (issue 11 point 8)', () => {
    const files = sources('client/src');
    assert.ok(files.length > 3, `expected the client's sources, found ${files.length}`);
    const imports = files.flatMap((f) => [...readFileSync(path.join(ROOT, f), 'utf8').matchAll(/^import\s[^;]*?from\s+'([^']+)'/gm)].map((m) => ({ file: f, from: m[1] })));
    const fromServer = imports.filter((i) => i.from.includes('server/'));
    assert.ok(fromServer.length > 0, 'the client shares the protocol with the server');
    assert.deepEqual(fromServer.filter((i) => !/^(\.\.\/)+server\/src\/protocol$/.test(i.from)), []);
    // protocol.ts itself takes only types from the service: they are erased from the client's bundle.
    const protocol = readFileSync(path.join(ROOT, 'server/src/protocol.ts'), 'utf8');
    const serviceImports = [...protocol.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'(\.\/service[^']*)'/gm)];
    assert.ok(serviceImports.length > 0);
    assert.deepEqual(serviceImports.filter((m) => !m[1]).map((m) => m[0]), []);
  });

  test('nothing in the product opens a network connection (no fetch, no http, https, net, tls, dgram, WebSocket)', () => {
    const files = [...sources('server/src'), ...sources('client/src')];
    assert.ok(files.length > 50, `expected the product's sources, found ${files.length}`);
    const network = /\bfetch\s*\(|XMLHttpRequest|WebSocket|from '(node:)?(http|https|http2|net|tls|dgram)'|require\('(node:)?(http|https|http2|net|tls|dgram)'\)/;
    const offenders = files.filter((f) => network.test(readFileSync(path.join(ROOT, f), 'utf8')));
    assert.deepEqual(offenders, []);
  });
});
