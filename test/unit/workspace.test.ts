/**
 * Robots files the server reads from disk (ACAP-permissions-reference targets, a page's site
 * robots.txt): open documents win, a file is parsed once per modification, and a changed file
 * is read again.
 */
import * as assert from 'node:assert/strict';
import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DocumentStore } from '../../server/src/lsp/documentStore';
import { parseDocument } from '../../server/src/service';
import { referenceResolver } from '../../server/src/host/workspace';

suite('workspace: robots files from disk', () => {
  let root: string;
  setup(() => {
    root = mkdtempSync(path.join(tmpdir(), 'robots-ws-'));
  });
  teardown(() => rmSync(root, { recursive: true, force: true }));

  test('parsed once while unchanged, read again once changed, open documents first', () => {
    const from = parseDocument(pathToFileURL(path.join(root, 'robots.txt')).toString(), 1, 'ACAP-permissions-reference: /more.txt\n');
    const file = path.join(root, 'more.txt');
    writeFileSync(file, 'User-agent: *\nDisallow: /a\n');
    const documents = new DocumentStore();
    const resolve = referenceResolver(documents);

    const first = resolve('/more.txt', from);
    assert.ok(first);
    assert.equal(resolve('/more.txt', from), first, 'an unchanged file is not parsed again');

    writeFileSync(file, 'User-agent: *\nDisallow: /abc\nAllow: /\n');
    utimesSync(file, new Date(), new Date(Date.now() + 5000));
    const second = resolve('/more.txt', from);
    assert.ok(second && second !== first);
    assert.match(second.lines.map((l) => l.text).join('\n'), /Disallow: \/abc/);

    documents.open(pathToFileURL(file).toString(), 3, 'User-agent: *\nDisallow: /open\n');
    assert.match(resolve('/more.txt', from)?.lines.map((l) => l.text).join('\n') ?? '', /\/open/);

    rmSync(file);
    documents.close(pathToFileURL(file).toString());
    assert.equal(resolve('/more.txt', from), undefined, 'a deleted file resolves to nothing');
  });
});
