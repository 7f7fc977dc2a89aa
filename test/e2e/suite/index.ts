/**
 * The end-to-end suite's entry: the `run()` contract of @vscode/test-electron's
 * extensionTestsPath, called inside a real extension host (VS Code or code-server). Runs the
 * mocha suites of this folder against the installed extension.
 */
import * as path from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 60000, reporter: path.resolve(__dirname, '../../../test/reporter.cjs') });
  mocha.addFile(path.resolve(__dirname, 'extension.test.js'));
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} end-to-end test${failures === 1 ? '' : 's'} failed`)) : resolve()));
  });
}
