/**
 * The web worker's server (VS Code for the Web) answers the editor requests as the Node server
 * does (issue 13): the same capabilities; conversions listed without edits and resolved when
 * picked; semantic tokens by delta; and a burst of edits validated once, at the newest text,
 * rather than once per keystroke. Run on the built bundle in a web-worker sandbox (kit/webWorker.ts).
 */
import * as assert from 'node:assert/strict';
import { doHover, doValidation, getSemanticTokens, parseDocument } from '../../server/src/service';
import { staticCapabilities } from '../../server/src/lsp/capabilities';
import { MAX_DOCUMENT_CHARS } from '../../server/src/lsp/documentStore';
import { startWebServer, type WebServer } from './kit/webWorker';

const URI = 'file:///site/robots.txt';
const FILE = 'User-agent: *\nDisallow: /private/\nAllow: /private/ok/\n\nUser-agent: GPTBot\nDisallow: /\n';
/** What VS Code announces for code actions and workspace edits (LSP 3.16 resolve support). */
const VS_CODE = {
  textDocument: { codeAction: { dataSupport: true, resolveSupport: { properties: ['edit'] }, codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor.rewrite'] } } } },
  workspace: { workspaceEdit: { documentChanges: true, changeAnnotationSupport: { groupsOnLabel: true } } },
};

/** Every feature registered dynamically, as VS Code's client does. */
const DYNAMIC = Object.fromEntries(['hover', 'completion', 'codeAction', 'definition', 'references', 'documentHighlight', 'rename', 'documentSymbol', 'foldingRange',
  'selectionRange', 'documentLink', 'semanticTokens', 'inlayHint', 'formatting', 'rangeFormatting'].map((f) => [f, { dynamicRegistration: true }]));

interface Action {
  title: string;
  kind?: string;
  data?: unknown;
  edit?: { documentChanges?: { edits: unknown[] }[]; changes?: Record<string, unknown[]> };
}

/** Apply semantic-token edits (LSP SemanticTokensEdit) to `data`. */
function applyEdits(data: readonly number[], edits: readonly { start: number; deleteCount: number; data?: number[] }[]): number[] {
  const out = [...data];
  // Each edit's start refers to the old data: apply them from the last one back.
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out.splice(e.start, e.deleteCount, ...(e.data ?? []));
  return out;
}

async function withServer(capabilities: object, body: (server: WebServer) => Promise<void>, settings: unknown = {}, settingsDelayMs = 0, initializationOptions: object = {}): Promise<void> {
  const server = await startWebServer(capabilities, settings, settingsDelayMs, initializationOptions);
  try {
    await body(server);
    assert.deepEqual(server.errors, []);
  } finally {
    await server.close();
  }
}

suite('the web worker server answers as the Node server', () => {
  test('it announces the Node server\'s capabilities (rename, selection ranges, links, token deltas, resolvable code actions, range formatting)', () => withServer({}, async (server) => {
    const { textDocumentSync, ...rest } = server.capabilities;
    assert.ok(textDocumentSync);
    assert.deepEqual(rest, JSON.parse(JSON.stringify(staticCapabilities(false))));
  }));

  test('conversions are listed without edits, only when asked for, and resolved when picked', () => withServer(VS_CODE, async (server) => {
    server.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'robots-txt', version: 1, text: FILE } });
    await server.diagnostics(URI, 1);
    const range = { start: { line: 1, character: 2 }, end: { line: 1, character: 2 } };
    // The lightbulb's automatic request: quick fixes only, no conversion run.
    const automatic = await server.request<Action[]>('textDocument/codeAction', { textDocument: { uri: URI }, range, context: { diagnostics: [], triggerKind: 2 } });
    assert.deepEqual(automatic.result?.filter((a) => a.kind === 'refactor.rewrite'), []);
    const invoked = await server.request<Action[]>('textDocument/codeAction', { textDocument: { uri: URI }, range, context: { diagnostics: [], triggerKind: 1 } });
    const conversions = invoked.result?.filter((a) => a.kind === 'refactor.rewrite') ?? [];
    assert.equal(conversions[0]?.title, 'Convert this Disallow to ACAP-disallow-crawl');
    for (const a of conversions) {
      assert.equal(a.edit, undefined, `${a.title}: listed without its edit`);
      assert.ok(a.data, `${a.title}: carries what resolve needs`);
    }
    const resolved = await server.request<Action>('codeAction/resolve', conversions[0]);
    assert.match(resolved.result?.title ?? '', /^Convert this Disallow to ACAP-disallow-crawl \((keeps all \d+|changes \d+ of \d+) verdicts/);
    const edits = resolved.result?.edit?.documentChanges?.[0]?.edits ?? [];
    assert.ok(edits.length > 0, JSON.stringify(resolved));
    assert.match(JSON.stringify(edits), /ACAP-disallow-crawl: \/private\//);
  }));

  test('semantic tokens: after an edit, a delta from the previous result gives the new tokens', () => withServer({}, async (server) => {
    server.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'robots-txt', version: 1, text: FILE } });
    const full = await server.request<{ resultId: string; data: number[] }>('textDocument/semanticTokens/full', { textDocument: { uri: URI } });
    assert.ok(full.result?.resultId, JSON.stringify(full));
    assert.deepEqual(full.result.data, getSemanticTokens(parseDocument(URI, 1, FILE)).data);
    const insert = '# a comment\nCrawl-delay: 5\n';
    server.notify('textDocument/didChange', { textDocument: { uri: URI, version: 2 }, contentChanges: [{ range: { start: { line: 3, character: 0 }, end: { line: 3, character: 0 } }, text: insert }] });
    const delta = await server.request<{ resultId: string; edits?: { start: number; deleteCount: number; data?: number[] }[]; data?: number[] }>(
      'textDocument/semanticTokens/full/delta', { textDocument: { uri: URI }, previousResultId: full.result.resultId });
    assert.ok(delta.result?.edits, `a delta, not the whole data: ${JSON.stringify(delta)}`);
    assert.notEqual(delta.result.resultId, full.result.resultId);
    const edited = FILE.split('\n');
    edited.splice(3, 0, '# a comment', 'Crawl-delay: 5');
    assert.deepEqual(applyEdits(full.result.data, delta.result.edits), getSemanticTokens(parseDocument(URI, 2, edited.join('\n'))).data);
    // A stale result id gets the whole data.
    const stale = await server.request<{ data?: number[] }>('textDocument/semanticTokens/full/delta', { textDocument: { uri: URI }, previousResultId: 'nope' });
    assert.ok(stale.result?.data);
  }));

  test('a burst of edits read together is validated once, at the newest text', () => withServer({}, async (server) => {
    server.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'robots-txt', version: 1, text: FILE } });
    await server.diagnostics(URI, 1);
    const before = server.published.length;
    // Forty edits at the end of line 2 (`Allow: /private/ok/` + `zz…`), the last a new line that is no field.
    const BURST = 40;
    for (let k = 0; k < BURST; k++) {
      const at = { line: 2, character: 'Allow: /private/ok/'.length + k };
      server.notify('textDocument/didChange', { textDocument: { uri: URI, version: 2 + k }, contentChanges: [{ range: { start: at, end: at }, text: k === BURST - 1 ? '\nnot a field' : 'z' }] });
    }
    const last = await server.diagnostics(URI, BURST + 1);
    const runs = server.published.slice(before).filter((p) => p.uri === URI);
    // Read together, they are handed on one per task: one validation once all are, or two where
    // the worker read them in two batches.
    assert.ok(runs.length <= 2, `${runs.length} validations for ${BURST} edits`);
    assert.equal(runs[runs.length - 1].version, BURST + 1);
    const text = FILE.replace('Allow: /private/ok/', `Allow: /private/ok/${'z'.repeat(BURST - 1)}\nnot a field`);
    assert.deepEqual(last.diagnostics.map((d) => d.code), doValidation(parseDocument(URI, BURST + 1, text), {}).map((d) => d.code));
    assert.ok(last.diagnostics.some((d) => d.code === 'syntax.not-a-field'), 'the last edit\'s finding is there');
  }));

  test('a client that pulls diagnostics gets them with result ids: "unchanged" when an edit leaves them as they were, nothing pushed', () => withServer({ textDocument: { diagnostic: {} } }, async (server) => {
    assert.deepEqual(server.capabilities.diagnosticProvider, { interFileDependencies: false, workspaceDiagnostics: false });
    const text = 'User-agent: *\nDisallow: /private\nDisalow: /typo/\n';
    server.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'robots-txt', version: 1, text } });
    type Report = { kind: string; resultId?: string; items?: { code?: string }[] };
    const pull = async (previousResultId?: string): Promise<Report> => {
      const r = await server.request<Report>('textDocument/diagnostic', { textDocument: { uri: URI }, previousResultId });
      assert.ok(r.result, JSON.stringify(r.error));
      return r.result;
    };
    const first = await pull();
    assert.equal(first.kind, 'full');
    assert.ok(first.resultId);
    assert.deepEqual(first.items?.map((d) => d.code), doValidation(parseDocument(URI, 1, text), {}).map((d) => d.code));
    assert.ok((first.items ?? []).length > 0, 'the misspelled field is reported');
    assert.deepEqual(await pull(first.resultId), { kind: 'unchanged', resultId: first.resultId });
    // A comment added at the end leaves the diagnostics as they were.
    const end = { line: 3, character: 0 };
    server.notify('textDocument/didChange', { textDocument: { uri: URI, version: 2 }, contentChanges: [{ range: { start: end, end }, text: '# the end\n' }] });
    assert.deepEqual(await pull(first.resultId), { kind: 'unchanged', resultId: first.resultId });
    // A line that is no field adds one.
    server.notify('textDocument/didChange', { textDocument: { uri: URI, version: 3 }, contentChanges: [{ range: { start: end, end }, text: 'not a field\n' }] });
    const third = await pull(first.resultId);
    assert.equal(third.kind, 'full');
    assert.notEqual(third.resultId, first.resultId);
    assert.ok(third.items?.some((d) => d.code === 'syntax.not-a-field'), JSON.stringify(third.items));
    // One more round trip: a push scheduled by the last edit would have been written before its answer.
    await server.request('textDocument/foldingRange', { textDocument: { uri: URI } });
    assert.deepEqual(server.published.filter((p) => p.uri === URI), [], 'nothing pushed to a client that pulls');
  }));

  test('an error meant for the client is answered as that error (invalid code action data), not as an empty result', () => withServer(VS_CODE, async (server) => {
    server.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'robots-txt', version: 1, text: FILE } });
    const r = await server.request('codeAction/resolve', { title: 'Convert', data: { conversion: 'nonsense' } });
    assert.equal(r.result, undefined, JSON.stringify(r));
    assert.equal(r.error?.code, -32602);
    assert.match(r.error?.message ?? '', /^codeAction\/resolve: /);
  }));

  test('a client that registers capabilities (VS Code) gets each for its documents: HTML no rename or formatting, TDMRep files and XML diagnostics only', () => withServer(
    { textDocument: { ...DYNAMIC, diagnostic: { dynamicRegistration: true } } },
    async (server) => {
      assert.equal(server.capabilities.hoverProvider, undefined, 'nothing announced for every document');
      // A request answered after `initialized` was read: the registration is asked by then.
      await server.request('textDocument/foldingRange', { textDocument: { uri: URI } });
      const selectors = new Map(server.registrations.map((r) => [r.method, JSON.stringify(r.registerOptions?.documentSelector)]));
      assert.equal(selectors.get('textDocument/rename'), JSON.stringify([{ language: 'robots-txt' }]));
      assert.equal(selectors.get('textDocument/rangeFormatting'), JSON.stringify([{ language: 'robots-txt' }]));
      assert.equal(selectors.get('textDocument/hover'), JSON.stringify([{ language: 'robots-txt' }, { language: 'html' }]));
      assert.match(selectors.get('textDocument/diagnostic') ?? '', /tdmrep\.json.*"xml"/);
    },
  ));

  test('a request that reuses the id of one still queued does not hold validation up for good', () => withServer({}, async (server) => {
    server.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'robots-txt', version: 1, text: FILE } });
    await server.diagnostics(URI, 1);
    // Two requests with one id, read together: the library keeps the second in place of the
    // first, so one message read is never handed on.
    for (let k = 0; k < 2; k++) server.send({ jsonrpc: '2.0', id: 9999, method: 'textDocument/foldingRange', params: { textDocument: { uri: URI } } });
    const at = { line: 5, character: 'Disallow: /'.length };
    for (const version of [2, 3]) {
      server.notify('textDocument/didChange', { textDocument: { uri: URI, version }, contentChanges: [{ range: { start: at, end: at }, text: 'x' }] });
      const published = await server.diagnostics(URI, version);
      assert.equal(published.version, version);
    }
  }));

  test('a document past the size the server reads gets the one diagnostic that says so, as from the Node server', () => withServer({}, async (server) => {
    const text = `User-agent: *\n${'Disallow: /x\n'.repeat(Math.ceil((MAX_DOCUMENT_CHARS + 1000) / 12))}`;
    server.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'robots-txt', version: 1, text } });
    const published = await server.diagnostics(URI, 1);
    assert.deepEqual(published.diagnostics.map((d) => d.code), ['text.too-large']);
    assert.match(published.diagnostics[0].message, /more than the [\d,]+ the language server reads/);
  }));

  test('settings that come after diagnostics went on without them (3 s) make the diagnostics again', () => withServer({ workspace: { configuration: true } }, async (server) => {
    server.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'robots-txt', version: 1, text: 'ACAP-crawler: *\nACAP-allow-crawl: /\n' } });
    const first = await server.diagnostics(URI, 1);
    assert.deepEqual(first.diagnostics.map((d) => d.code), ['acap.version-missing'], 'the defaults, while the settings had not come');
    const before = server.published.length;
    // The settings come 3.5 s after they were asked; the server went on after 3 s.
    const deadline = Date.now() + 10_000;
    while (server.published.length === before && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    assert.ok(server.published.length > before, 'the diagnostics were made again once the settings came');
    assert.deepEqual(server.published[before].diagnostics.map((d) => d.code), [], 'the settings, once they came');
  }, { diagnostics: { 'acap.version-missing': 'off' } }, 3500));

  test('once a document is quiet, what a hover will ask is built ahead (idle work), and the hover then answers as it would have', () => withServer({}, async (server) => {
    server.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'robots-txt', version: 1, text: FILE } });
    await server.diagnostics(URI, 1);
    const deadline = Date.now() + 10_000;
    while (!server.logs.includes(`@idle done ${URI}`) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.ok(server.logs.includes(`@idle done ${URI}`), `prepared after the open: ${JSON.stringify(server.logs)}`);
    const position = { line: 1, character: 12 };
    const hover = await server.request<{ contents: { value: string } }>('textDocument/hover', { textDocument: { uri: URI }, position });
    assert.deepEqual(hover.result, JSON.parse(JSON.stringify(doHover(parseDocument(URI, 1, FILE), position))));
    // An edit: prepared again for the new text once it is quiet.
    const at = { line: 5, character: 'Disallow: /'.length };
    server.notify('textDocument/didChange', { textDocument: { uri: URI, version: 2 }, contentChanges: [{ range: { start: at, end: at }, text: 'x' }] });
    await server.diagnostics(URI, 2);
    const again = Date.now() + 10_000;
    while (server.logs.filter((l) => l === `@idle done ${URI}`).length < 2 && Date.now() < again) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(server.logs.filter((l) => l === `@idle done ${URI}`).length, 2, JSON.stringify(server.logs));
  }, {}, 0, { marks: true }));
});
