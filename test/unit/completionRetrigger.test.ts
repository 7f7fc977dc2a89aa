/**
 * Issue 15, defect 1: typing `ACAP-allow-` by hand must end with the usage types listed.
 *
 * VS Code (seen in code-server 4.100.3, .e2e typing run) keeps a list it has open while the user
 * types, trigger characters inside a word included; it asks the server again only when the list
 * was marked incomplete. This emulates that client: ask on the first letter, then again only
 * after an incomplete list.
 */
import * as assert from 'node:assert/strict';
import type { CompletionList } from 'vscode-languageserver-types';
import { doComplete, parseDocument } from '../../server/src/service';

function typeByHand(before: string, typed: string): CompletionList {
  let open: CompletionList | undefined;
  for (let i = 1; i <= typed.length; i++) {
    const text = before + typed.slice(0, i);
    if (open && !open.isIncomplete) continue;
    const lines = text.split('\n');
    open = doComplete(parseDocument('file:///site/robots.txt', i, text), { line: lines.length - 1, character: lines[lines.length - 1].length });
  }
  assert.ok(open);
  return open;
}

suite('completion while typing by hand (defect 1)', () => {
  const RECORD = 'ACAP-crawler: *\n';

  test('ACAP-allow- typed one character at a time lists the usage types', () => {
    const labels = typeByHand(RECORD, 'ACAP-allow-').items.map((i) => i.label);
    for (const u of ['crawl', 'index', 'present-snippet']) assert.ok(labels.includes(u), labels.join(', '));
    assert.ok(!labels.includes('ACAP-allow-'), 'the field names are gone');
  });

  test('ACAP-allow-present- goes on to the resource types', () => {
    const labels = typeByHand(RECORD, 'ACAP-allow-present-').items.map((i) => i.label);
    assert.ok(labels.includes('snippet'), labels.join(', '));
  });

  test('near miss: a value list is complete (no request per keystroke there)', () => {
    const text = 'User-agent: *\nDisallow: /a';
    assert.equal(doComplete(parseDocument('file:///site/robots.txt', 1, text), { line: 1, character: 12 }).isIncomplete, false);
  });
});
