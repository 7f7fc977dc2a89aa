/** The extension manifest agrees with the language service. */
import * as assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { settingsProperties } from '../../scripts/settingsSchema';

const pkg = JSON.parse(readFileSync(path.resolve(__dirname, '../../package.json'), 'utf8'));

suite('package.json', () => {
  test('settings list every diagnostic code with its default severity (run `npx tsx scripts/settingsSchema.ts --write` after changing codes)', () => {
    assert.deepEqual(pkg.contributes.configuration.properties, settingsProperties());
  });

  test('the language claims robots.txt files only, never every .txt file', () => {
    const [lang] = pkg.contributes.languages;
    assert.equal(lang.id, 'robots-txt');
    assert.deepEqual(lang.filenames, ['robots.txt']);
    assert.deepEqual(lang.filenamePatterns, ['*.robots.txt']);
    assert.equal(lang.extensions, undefined);
    assert.deepEqual(pkg.activationEvents, ['onLanguage:robots-txt', 'onLanguage:html', 'onCommand:robotsAcap.checkUrl']);
    assert.equal(pkg.contributes.grammars[0].scopeName, 'text.robots-txt');
  });

  test('the CLI is the package bin', () => {
    assert.equal(pkg.bin['robots-acap'], './dist/cli.js');
  });

  test('the VSIX holds only what the extension needs (vsce ls)', () => {
    const root = path.resolve(__dirname, '../..');
    const vsce = path.join(root, 'node_modules/@vscode/vsce/vsce');
    const r = spawnSync(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: root, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const files = r.stdout.split('\n').map((l) => l.trim()).filter(Boolean).sort();
    assert.deepEqual(files, [
      'LICENSE', 'README.md', 'dist/extension.js', 'dist/server.js', 'language-configuration.json', 'package.json',
      'snippets/robots-txt.json', 'syntaxes/acap-html.injection.tmLanguage.json', 'syntaxes/robots-txt.tmLanguage.json',
    ]);
  });
});
