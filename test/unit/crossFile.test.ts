/** Definitions visible across ACAP-permissions-reference (Part 1 §2.4.1.3, §2.7). */
import * as assert from 'node:assert/strict';
import { doValidation, parseDocument } from '../../server/src/service';
import { MemoryWorkspace } from './memoryWorkspace';

const REFERRING = 'ACAP-resource-set: news /news/\nACAP-qualified-usage: cache preserve time-limit=3-days\nACAP-crawler: bot\nACAP-permissions-reference: /bot.txt\n';
const codes = (text: string, withContext: boolean): string[] => doValidation(
  parseDocument('file:///site/bot.txt', 1, text),
  withContext ? { workspace: new MemoryWorkspace({ 'file:///site/robots.txt': REFERRING, 'file:///site/bot.txt': text }) } : {},
).map((d) => String(d.code));

suite('definitions from a file that refers to this one', () => {
  const text = 'ACAP-crawler: bot\nACAP-allow-(cache): the-acap:resource-set:news\n';
  test('without the referring file, the names are undefined', () => {
    assert.deepEqual(codes(text, false).sort(), ['acap.undefined-local-usage', 'acap.undefined-resource-set', 'acap.version-missing']);
  });
  test('with it, a permission may use its local usages and resource sets', () => {
    assert.deepEqual(codes(text, true), ['acap.version-missing']);
  });
  test('a composite usage\'s members must still be defined in the same file (Part 1 §2.7.2)', () => {
    assert.ok(codes('ACAP-composite-usage: both crawl (cache)\nACAP-crawler: bot\nACAP-allow-(both): /\n', true).includes('acap.undefined-local-usage'));
  });
  test('the referring files are read only when a name is missing', () => {
    const workspace = new MemoryWorkspace({ 'file:///site/robots.txt': REFERRING });
    doValidation(parseDocument('file:///site/bot.txt', 1, 'ACAP-crawler: bot\nACAP-allow-crawl: /\n'), { workspace });
    assert.deepEqual([workspace.reads, workspace.listings], [[], []]);
    doValidation(parseDocument('file:///site/bot.txt', 1, 'ACAP-crawler: bot\nACAP-allow-(cache): /\n'), { workspace });
    assert.deepEqual(workspace.reads, ['file:///site/robots.txt'], 'asked once a name is missing');
  });
});
