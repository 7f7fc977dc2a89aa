/**
 * Issue 14 point 5, the editor half of `robots-acap diff`: the `robotsAcap/diff` request (the
 * server's handler, registered as the servers do it), the client's page for its answer and its
 * reading of git HEAD through VS Code's git extension (stand-ins here); and
 * issue 11 D7, one client start-up for the desktop and web entries.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { ResponseError, type CancellationToken } from 'vscode-languageserver';
import { parseDocument, type RobotsDocument } from '../../server/src/service';
import { registerDiffRequest, type DiffConnection } from '../../server/src/lsp/diffRequest';
import { DiffRequest, type DiffParams, type DiffResult } from '../../server/src/protocol';
import { MAX_DOCUMENT_CHARS } from '../../server/src/lsp/documentStore';
import { renderDiff } from '../../client/src/diffHtml';
import { headText, type GitApi, type GitExtensionHandle } from '../../client/src/gitHead';

const ROOT = path.resolve(__dirname, '../..');
const URI = 'file:///site/robots.txt';

const SAVED = [
  'User-agent: *',
  'Allow: /',
  '',
].join('\n');

const EDITED = [
  'User-agent: GPTBot',
  'Disallow: /private/',
  'Content-Signal: ai-train=no',
  '',
  'User-agent: *',
  'Allow: /',
  '',
].join('\n');

const NEVER: CancellationToken = { isCancellationRequested: false, onCancellationRequested: () => ({ dispose: () => undefined }) };

/** The handler as a server registers it, over the given open documents and settings. */
function handlerFor(open: readonly RobotsDocument[], settings: { crawlers?: readonly string[] } = {}): (p: DiffParams) => Promise<DiffResult | null> {
  let registered: ((p: DiffParams, t: CancellationToken) => Promise<DiffResult | null>) | undefined;
  let method = '';
  const connection: DiffConnection = {
    onRequest: (type, handler) => {
      method = type.method;
      registered = handler;
    },
  };
  registerDiffRequest(connection, {
    documents: { get: (uri) => open.find((d) => d.uri === uri) },
    settings: { forDocument: () => Promise.resolve(settings) },
    guard: (_name, _fallback, h) => async (p, t) => h(p, t),
  });
  assert.equal(method, DiffRequest.method);
  assert.ok(registered);
  const h = registered;
  return (p) => h(p, NEVER);
}

suite('robotsAcap/diff: the verdicts that flip between another version and the editor', () => {
  const edited = parseDocument(URI, 3, EDITED);

  test('an edit that refuses GPTBot training and a folder flips those verdicts, each with the line responsible on both sides', async () => {
    const r = await handlerFor([edited])({ textDocument: { uri: URI }, oldText: SAVED, oldLabel: 'saved' });
    assert.ok(r);
    const train = r.flips.find((f) => f.question === 'ai-train' && f.path === '/');
    assert.ok(train, r.text);
    assert.deepEqual([train.agents, train.before, train.after], [['GPTBot'], 'unknown', 'prohibited']);
    assert.deepEqual(train.afterLines.map((l) => [l.line, l.text]), [[3, 'Content-Signal: ai-train=no']]);
    const crawl = r.flips.find((f) => f.question === 'crawl' && f.path === '/private/');
    assert.ok(crawl, r.text);
    assert.deepEqual([crawl.before, crawl.after], ['allowed', 'prohibited']);
    assert.deepEqual(crawl.beforeLines.map((l) => l.text), ['Allow: /']);
    assert.deepEqual(crawl.afterLines.map((l) => l.text), ['Disallow: /private/']);
    // Only GPTBot's verdicts change: the other crawlers still read `User-agent: *`.
    assert.deepEqual([...new Set(r.flips.flatMap((f) => f.agents))], ['GPTBot']);
    assert.match(r.text, /^GPTBot: ai-train \/: unknown → prohibited {2}\(was no line; now robots\.txt \(editor\):3 Content-Signal: ai-train=no\)$/m);
    assert.match(r.text, /robots\.txt \(saved\):2 Allow: \//);
  });

  test('the same text on both sides: no verdict changes', async () => {
    const r = await handlerFor([edited])({ textDocument: { uri: URI }, oldText: EDITED, oldLabel: 'HEAD' });
    assert.ok(r);
    assert.deepEqual(r.flips, []);
    assert.match(r.text, /^No verdict changes \(\d+ crawlers × \d+ probe paths/);
  });

  test('the configured crawlers are asked about too', async () => {
    const saved = parseDocument(URI, 1, 'User-agent: ExampleBot\nDisallow: /x\n');
    const r = await handlerFor([saved], { crawlers: ['Zedbot'] })({ textDocument: { uri: URI }, oldText: 'User-agent: *\nDisallow: /x\n' });
    assert.ok(r);
    assert.ok(r.agents.includes('Zedbot'), r.agents.join(', '));
    assert.ok(r.flips.some((f) => f.agents.includes('Zedbot') && f.question === 'crawl' && f.before === 'prohibited' && f.after === 'allowed'), r.text);
  });

  test('a document the server does not have open: null', async () => {
    assert.equal(await handlerFor([edited])({ textDocument: { uri: 'file:///other/robots.txt' }, oldText: SAVED }), null);
  });

  test('no old text, or one over the document size cap or line cap: an invalid-params error, not a crash', async () => {
    const h = handlerFor([edited]);
    await assert.rejects(h({ textDocument: { uri: URI } } as unknown as DiffParams), (e: unknown) => e instanceof ResponseError && /oldText/.test(e.message));
    await assert.rejects(h({ textDocument: { uri: URI }, oldText: 'x'.repeat(MAX_DOCUMENT_CHARS + 1) }), ResponseError);
    await assert.rejects(h({ textDocument: { uri: URI }, oldText: '\n'.repeat(300_000) }), (e: unknown) => e instanceof ResponseError && /more than 262144 lines/.test(e.message));
  });
});

suite('the verdict-diff view', () => {
  test('flips grouped by path and crawlers: verdicts on both sides, old lines as text, the editor\'s lines as links; text escaped', async () => {
    const r = await handlerFor([parseDocument(URI, 3, EDITED)])({ textDocument: { uri: URI }, oldText: SAVED });
    assert.ok(r);
    const html = renderDiff({ ...r, flips: [...r.flips, { ...r.flips[0], path: '/<x>' }] }, 'robots.txt', 'the saved file', 'N0NCE', 'vscode-resource:');
    assert.match(html, /<h3><code>\/<\/code> · GPTBot<\/h3>\n<ul><li><b>AI training \(ai-train\)<\/b>: <span class="unknown">unknown<\/span> → <span class="no">prohibited<\/span>\n<div class="lines"><span class="side">was<\/span> <span class="none">no line \(the default\)<\/span><\/div><div class="lines"><span class="side">now<\/span> <a href="#" data-line="3"/);
    // One heading per path and crawlers: /private/'s crawl and AI-use flips stand under one.
    assert.equal(html.match(/<h3><code>\/private\/<\/code> · GPTBot<\/h3>/g)?.length, 1);
    assert.ok(r.flips.filter((f) => f.path === '/private/').length > 1);
    assert.match(html, /<span class="ln">2<\/span> <code>Allow: \/<\/code>/);
    assert.ok(html.includes('/&#60;x&#62;') && !html.includes('/<x>'));
    assert.match(html, /script-src 'nonce-N0NCE'/);
    assert.match(html, /\d+ verdicts change/);
  });

  test('no flips: says so', () => {
    const html = renderDiff({ agents: ['*', 'GPTBot'], paths: ['/'], flips: [], text: '' }, 'robots.txt', 'git HEAD', 'N', 'c');
    assert.match(html, /No verdict changes between git HEAD and the editor \(2 crawlers × 1 probe paths/);
    assert.ok(!html.includes('<h3>'));
  });
});

suite('git HEAD through VS Code\'s git extension', () => {
  const uri = { fsPath: '/site/robots.txt' } as unknown as Parameters<typeof headText>[1];
  const handle = (enabled: boolean, api: GitApi): GitExtensionHandle & { activated: number } => {
    const h = {
      activated: 0, isActive: false, exports: undefined,
      activate: () => { h.activated++; return Promise.resolve({ enabled, getAPI: () => api }); },
    };
    return h;
  };
  const repo = (show: (ref: string, p: string) => Promise<string>): GitApi => ({ state: 'initialized', getRepository: () => ({ show }) });

  test('the file at HEAD, asked of the repository by ref and path', async () => {
    const asked: string[] = [];
    const ext = handle(true, repo((ref, p) => { asked.push(`${ref} ${p}`); return Promise.resolve('User-agent: *\n'); }));
    assert.equal(await headText(ext, uri, 'robots.txt'), 'User-agent: *\n');
    assert.deepEqual([asked, ext.activated], [['HEAD /site/robots.txt'], 1]);
  });

  test('no git extension, git turned off, no repository, a file not at HEAD: each said, nothing run', async () => {
    const none = await headText(undefined, uri, 'robots.txt');
    assert.match(typeof none === 'string' ? '' : none.unavailable, /git extension is not available/);
    let shown = 0;
    const off = await headText(handle(false, repo(() => { shown++; return Promise.resolve(''); })), uri, 'robots.txt');
    assert.match(typeof off === 'string' ? '' : off.unavailable, /git support is turned off/);
    assert.equal(shown, 0);
    const outside = await headText(handle(true, { state: 'initialized', getRepository: () => null }), uri, 'robots.txt');
    assert.match(typeof outside === 'string' ? '' : outside.unavailable, /robots\.txt is not in a git repository/);
    const missing = await headText(handle(true, repo(() => Promise.reject(new Error('fatal: path not in HEAD\nmore')))), uri, 'robots.txt');
    assert.equal(typeof missing === 'string' ? '' : missing.unavailable, 'git HEAD has no robots.txt (fatal: path not in HEAD).');
  });

  test('while the git extension is still discovering repositories, waits for its state change, not a timer', async () => {
    let found = false;
    let fire: (() => void) | undefined;
    const api: GitApi = {
      state: 'uninitialized',
      onDidChangeState: (listener) => { fire = () => listener('initialized'); return { dispose: () => { fire = undefined; } }; },
      getRepository: () => (found ? { show: () => Promise.resolve('Disallow: /\n') } : null),
    };
    const pending = headText(handle(true, api), uri, 'robots.txt');
    // Let activation settle, then the extension finds the repository and says so.
    await new Promise((resolve) => setImmediate(resolve));
    assert.ok(fire, 'it listens for the state change');
    found = true;
    fire();
    assert.equal(await pending, 'Disallow: /\n');
    assert.equal(fire, undefined, 'the listener is disposed');
  });
});

suite('one client start-up (issue 11 D7)', () => {
  const read = (f: string): string => readFileSync(path.join(ROOT, 'client/src', f), 'utf8');

  test('each entry only creates its LanguageClient and hands it to the shared start-up', () => {
    for (const entry of ['extension.ts', 'browserExtension.ts']) {
      const text = read(entry);
      assert.match(text, /return startClient\(context, /, entry);
      assert.match(text, /new LanguageClient\(CLIENT_ID, CLIENT_NAME, /, entry);
      assert.match(text, /export const deactivate = stopClient;/, entry);
      for (const registration of ['registerCommand', 'createLanguageStatusItem', 'createWebviewPanel', 'registerStatus', 'clientOptions(']) assert.ok(!text.includes(registration), `${entry} does ${registration} itself`);
    }
  });

  test('commands are registered in one module only', () => {
    const registering = readdirSync(path.join(ROOT, 'client/src')).filter((f) => read(f).includes('registerCommand('));
    assert.deepEqual(registering, ['startup.ts']);
  });
});
