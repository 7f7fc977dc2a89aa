/** Definitions visible across ACAP-permissions-reference (Part 1 §2.4.1.3, §2.7). */
import * as assert from 'node:assert/strict';
import { doValidation, parseDocument } from '../../server/src/service';

const referring = parseDocument('file:///site/robots.txt', 1, 'ACAP-resource-set: news /news/\nACAP-qualified-usage: cache preserve time-limit=3-days\nACAP-crawler: bot\nACAP-permissions-reference: /bot.txt\n');
const codes = (text: string, withContext: boolean): string[] => doValidation(
  parseDocument('file:///site/bot.txt', 1, text),
  withContext ? { referencingDocuments: () => [referring] } : {},
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
    let asked = 0;
    doValidation(parseDocument('file:///site/bot.txt', 1, 'ACAP-crawler: bot\nACAP-allow-crawl: /\n'), { referencingDocuments: () => { asked++; return [referring]; } });
    assert.equal(asked, 0);
  });
});
