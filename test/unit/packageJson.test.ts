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
    assert.deepEqual(pkg.activationEvents.slice(0, 3), ['onLanguage:robots-txt', 'onLanguage:html', 'onCommand:robotsAcap.checkUrl']);
    // Every contributed command activates the extension (views.test.ts checks the client registers each).
    for (const c of pkg.contributes.commands) assert.ok(pkg.activationEvents.includes(`onCommand:${c.command}`), c.command);
    assert.equal(pkg.contributes.grammars[0].scopeName, 'text.robots-txt');
  });

  test('the CLI is the package bin', () => {
    assert.equal(pkg.bin['robots-acap'], './dist/cli.js');
  });

  test('the VSIX holds only what the extension needs (vsce ls)', function () {
    this.timeout(90000); // vsce starts slowly on a loaded machine
    const root = path.resolve(__dirname, '../..');
    const vsce = path.join(root, 'node_modules/@vscode/vsce/vsce');
    // The user README (README.vsix.md), not the developers'; the licences of what the bundles hold.
    const r = spawnSync(process.execPath, [vsce, 'ls', '--no-dependencies', '--readme-path', 'README.vsix.md'], { cwd: root, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    const files = r.stdout.split('\n').map((l) => l.trim()).filter(Boolean).filter((f) => !f.startsWith('media/screenshots/')).sort();
    assert.deepEqual(files, [
      'LICENSE', 'README.vsix.md', 'ThirdPartyNotices.txt', 'dist/browser/extension.js', 'dist/browser/server.js', 'dist/extension.js', 'dist/server.js',
      'docs/diagnostics.md', 'language-configuration.json', 'media/file-icon.svg', 'media/icon.png',
      'media/walkthrough/check.md', 'media/walkthrough/convert.md', 'media/walkthrough/open.md', 'package.json',
      'snippets/robots-txt.json', 'syntaxes/acap-html.injection.tmLanguage.json', 'syntaxes/robots-txt.tmLanguage.json',
    ]);
    assert.match(pkg.scripts.package, /--readme-path README\.vsix\.md/);
  });
});
