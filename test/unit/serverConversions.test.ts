/**
 * Conversion code actions through the built server (dist/server.js) over stdio: a client with
 * `resolveSupport` for `edit` gets them without edits and resolves the one it picks; stale and
 * invalid resolves; a client without resolve support gets the edits at once.
 */
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { createMessageConnection, ResponseError, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import type { CodeAction, TextDocumentEdit } from 'vscode-languageserver-protocol';
import { convertToAcap, parseDocument } from '../../server/src/service';

const SERVER = path.resolve(__dirname, '../../dist/server.js');
const URI = 'file:///site/robots.txt';
const TEXT = 'User-agent: *\nDisallow: /Private/\n\nUser-agent: GPTBot\nDisallow: /\n';

/** As VS Code announces it (vscode-languageclient 9). */
const RESOLVING = {
  textDocument: { codeAction: { dataSupport: true, resolveSupport: { properties: ['edit'] }, codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor.rewrite'] } } } },
  workspace: { workspaceEdit: { documentChanges: true, changeAnnotationSupport: { groupsOnLabel: true } } },
};
/** As Neovim 0.7 announces it: no resolve support. */
const EAGER = { textDocument: { codeAction: { codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor.rewrite'] } } } } };

interface Session {
  readonly conn: MessageConnection;
  readonly messages: string[];
  close(): Promise<void>;
}

async function start(capabilities: object): Promise<Session> {
  assert.ok(existsSync(SERVER), 'run `npm run build` first: dist/server.js is missing');
  const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
  const conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const messages: string[] = [];
  conn.onNotification('window/showMessage', (p: { message: string }) => { messages.push(p.message); });
  conn.onNotification('textDocument/publishDiagnostics', () => undefined);
  conn.onNotification('window/logMessage', () => undefined);
  conn.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => ({})));
  conn.onRequest('client/registerCapability', () => null);
  conn.listen();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities });
  await conn.sendNotification('initialized', {});
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'robots-txt', version: 1, text: TEXT } });
  return {
    conn, messages,
    close: async () => {
      await conn.sendRequest('shutdown');
      await conn.sendNotification('exit');
      conn.dispose();
      child.kill();
    },
  };
}

const codeActions = (s: Session, line: number): Promise<CodeAction[]> => s.conn.sendRequest('textDocument/codeAction', {
  textDocument: { uri: URI }, range: { start: { line, character: 2 }, end: { line, character: 2 } }, context: { diagnostics: [], only: ['refactor'] },
});

async function errorOf(p: Promise<unknown>): Promise<ResponseError<unknown>> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof ResponseError, String(err));
    return err;
  }
  assert.fail('expected an error response');
}

suite('language server: conversion actions resolved when picked', () => {
  test('a client that resolves gets titles without edits, then the edit of the one it picks', async () => {
    const s = await start(RESOLVING);
    try {
      const actions = await codeActions(s, 1);
      const conversions = actions.filter((a) => a.kind === 'refactor.rewrite');
      assert.ok(conversions.length >= 4, actions.map((a) => a.title).join('\n'));
      for (const a of conversions) assert.equal(a.edit, undefined, a.title);
      const first = conversions.find((a) => a.title === 'Convert this Disallow to ACAP-disallow-crawl');
      assert.ok(first);
      const resolved: CodeAction = await s.conn.sendRequest('codeAction/resolve', first);
      const change = resolved.edit?.documentChanges?.[0] as TextDocumentEdit;
      assert.deepEqual(change.textDocument, { uri: URI, version: 1 });
      const expected = convertToAcap(parseDocument(URI, 1, TEXT), { reading: 'crawl', lines: { start: 1, end: 1 }, verify: { maxChecks: 100 } });
      assert.deepEqual(change.edits.map((e) => ({ range: e.range, newText: e.newText })), expected.edits);
      // Letter case (interpretation §5): the preview is asked for, and the title says so.
      const note = resolved.edit?.changeAnnotations?.['robotsAcap.verdicts'];
      assert.equal(note?.needsConfirmation, true);
      assert.match(note?.label ?? '', /changes \d+ of \d+ verdicts: letter case/);
      assert.match(resolved.title, /^Convert this Disallow to ACAP-disallow-crawl \(changes \d+ of \d+ verdicts: letter case\)$/);
    } finally {
      await s.close();
    }
  });

  test('a stale resolve: the lines changed, so no edit and a message; after an edit elsewhere, the current text is converted', async () => {
    const s = await start(RESOLVING);
    try {
      const [first] = (await codeActions(s, 1)).filter((a) => a.kind === 'refactor.rewrite');
      // An edit below (line 4): the action's line is the same, the version is not.
      await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri: URI, version: 2 }, contentChanges: [{ range: { start: { line: 4, character: 11 }, end: { line: 4, character: 11 } }, text: 'x' }] });
      const again: CodeAction = await s.conn.sendRequest('codeAction/resolve', first);
      assert.equal((again.edit?.documentChanges?.[0] as TextDocumentEdit).textDocument.version, 2);
      // The line itself edited: nothing applied, and the user is told.
      await s.conn.sendNotification('textDocument/didChange', { textDocument: { uri: URI, version: 3 }, contentChanges: [{ range: { start: { line: 1, character: 18 }, end: { line: 1, character: 18 } }, text: 'x' }] });
      const stale: CodeAction = await s.conn.sendRequest('codeAction/resolve', first);
      assert.equal(stale.edit, undefined);
      await s.conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri: URI } });
      assert.ok(s.messages.some((m) => /changed since this conversion was offered/.test(m)), s.messages.join('\n'));
    } finally {
      await s.close();
    }
  });

  test('robotsAcap/convert (the palette\'s whole-file conversion): with no edit, the notice says why', async () => {
    const s = await start(RESOLVING);
    try {
      const none = await s.conn.sendRequest('robotsAcap/convert', { textDocument: { uri: URI }, to: 'rep' }) as { edits: unknown[]; notice?: string };
      assert.deepEqual(none.edits, []);
      assert.match(none.notice ?? '', /^There is no ACAP record to convert\./);
      const some = await s.conn.sendRequest('robotsAcap/convert', { textDocument: { uri: URI }, to: 'acap' }) as { edits: unknown[]; notice?: string };
      assert.ok(some.edits.length > 0);
      assert.equal(some.notice, undefined);
    } finally {
      await s.close();
    }
  });

  test('invalid data answers InvalidParams, never an internal error', async () => {
    const s = await start(RESOLVING);
    try {
      const [first] = (await codeActions(s, 1)).filter((a) => a.kind === 'refactor.rewrite');
      const bad: unknown[] = [
        { ...first, data: { ...(first.data as object), conversion: 'everything' } },
        { ...first, data: 'x' },
        { ...first, data: { ...(first.data as object), uri: 'file:///not/open.txt' } },
        { title: 'no data, no edit' },
        { data: first.data },
      ];
      for (const action of bad) {
        const err = await errorOf(s.conn.sendRequest('codeAction/resolve', action));
        assert.equal(err.code, -32602, `${JSON.stringify(action)}: ${err.message}`);
      }
      // The server still answers.
      const ok: CodeAction = await s.conn.sendRequest('codeAction/resolve', first);
      assert.ok(ok.edit);
    } finally {
      await s.close();
    }
  });

  test('a client without resolve support gets the edits while listing', async () => {
    const s = await start(EAGER);
    try {
      const conversions = (await codeActions(s, 1)).filter((a) => a.kind === 'refactor.rewrite');
      assert.ok(conversions.length >= 4, conversions.map((a) => a.title).join('\n'));
      for (const a of conversions) {
        assert.ok((a.edit?.changes?.[URI] ?? []).length > 0, a.title);
        assert.match(a.title, /\((keeps all \d+|changes \d+ of \d+) verdicts/);
      }
    } finally {
      await s.close();
    }
  });
});
