/**
 * Issue 12 point 2, through the built server (dist/server.js) over stdio: long work (the
 * validation of a multi-megabyte file, a hover's permission table over thousands of crawlers)
 * runs in slices that yield to the event loop, so other requests are answered meanwhile and a
 * `$/cancelRequest` stops it, answered RequestCancelled (-32800). The assertions are on the order
 * and kind of answers, never on timings.
 */
import * as assert from 'node:assert/strict';
import { CancellationTokenSource } from 'vscode-jsonrpc/node';
import { startServer, type ServerSession } from '../bench/lspClient';
import { letters, manyGroupsHover } from '../bench/pathological';

const REQUEST_CANCELLED = -32800;

/** Settles with 'ok' or the error code, and remembers when it settled. */
function track(p: Promise<unknown>): { readonly outcome: Promise<number | 'ok'>; settled: () => boolean } {
  let done = false;
  const outcome = p.then(() => 'ok' as const, (err: unknown) => (err as { code?: number }).code ?? -1).finally(() => { done = true; });
  return { outcome, settled: () => done };
}

/** About 3 MB of records and groups, each crawler its own: a validation of seconds if run at once. */
function bigText(): string {
  const parts = ['##ACAP version=1.0'];
  let size = 0;
  for (let i = 0; size < 3_000_000; i++) {
    const block = `ACAP-crawler: bot${letters(i)}\nACAP-disallow-crawl: /p${i}/*x\nACAP-allow-index: /q${i % 50}/ time-limit=5\nUser-agent: bot${letters(i)}\nDisallow: /p${i % 7}/\n`;
    parts.push(block);
    size += block.length;
  }
  return parts.join('\n');
}

const SMALL = 'file:///site/small/robots.txt';
const BIG = 'file:///site/big/robots.txt';

async function open(s: ServerSession, uri: string, text: string): Promise<void> {
  await s.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text } });
}

suite('cancellation and slices under load (issue 12 point 2)', () => {
  test('a burst of requests during a long validation is answered or cancelled, first; the validation, cancelled, frees the server', async function () {
    this.timeout(120_000);
    const s = await startServer();
    try {
      await open(s, SMALL, 'User-agent: *\nDisallow: /private/\n');
      await open(s, BIG, bigText());
      const source = new CancellationTokenSource();
      const pull = track(s.conn.sendRequest('textDocument/diagnostic', { textDocument: { uri: BIG } }, source.token));
      const methods = ['textDocument/hover', 'textDocument/documentSymbol', 'textDocument/completion', 'textDocument/documentHighlight'];
      const burst = Array.from({ length: 40 }, (_, i) => {
        const cancel = new CancellationTokenSource();
        const t = track(s.conn.sendRequest(methods[i % methods.length], { textDocument: { uri: SMALL }, position: { line: 1, character: 12 } }, cancel.token));
        if (i % 4 === 3) cancel.cancel();
        return t;
      });
      // The first request of the burst is answered while the validation still runs: it was sliced.
      assert.equal(await burst[0].outcome, 'ok');
      assert.equal(pull.settled(), false, 'the first request of the burst waited for the whole validation');
      source.cancel();
      assert.equal(await pull.outcome, REQUEST_CANCELLED);
      const outcomes = await Promise.all(burst.map((b) => b.outcome));
      assert.deepEqual(outcomes.filter((o) => o !== 'ok' && o !== REQUEST_CANCELLED), [], JSON.stringify(outcomes));
      assert.ok(outcomes.filter((_, i) => i % 4 !== 3).every((o) => o === 'ok'), 'requests not cancelled are answered');
      // The server answers the next requests, and a new pull of the big file completes.
      const hover = await s.conn.sendRequest<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri: SMALL }, position: { line: 1, character: 12 } });
      assert.match(hover?.contents.value ?? '', /private/);
      const report = await s.conn.sendRequest<{ kind: string; items: unknown[] }>('textDocument/diagnostic', { textDocument: { uri: BIG } });
      assert.equal(report.kind, 'full');
      assert.ok(report.items.length > 0);
      assert.equal(s.exited(), false);
    } finally {
      await s.close();
    }
  });

  test('an edit during a long validation stops it: the pull is answered ServerCancelled and the next one is for the new text', async function () {
    this.timeout(120_000);
    const s = await startServer();
    try {
      await open(s, SMALL, 'User-agent: *\n');
      await open(s, BIG, bigText());
      const pull = track(s.conn.sendRequest('textDocument/diagnostic', { textDocument: { uri: BIG } }));
      // A request answered first shows the validation is under way and sliced; then the user types.
      assert.equal(await track(s.conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri: SMALL } })).outcome, 'ok');
      assert.equal(pull.settled(), false);
      await s.notify('textDocument/didChange', { textDocument: { uri: BIG, version: 2 }, contentChanges: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: 'Disallow: /orphan\n' }] });
      assert.equal(await pull.outcome, -32802);
      const report = await s.conn.sendRequest<{ kind: string; items: { code: string; range: { start: { line: number } } }[] }>('textDocument/diagnostic', { textDocument: { uri: BIG } });
      // The first time-limit of `5` (not a time limit) was on line 3; the inserted line moved it to 4.
      assert.equal(report.items.find((d) => d.code === 'acap.invalid-qualifier-value')?.range.start.line, 4);
    } finally {
      await s.close();
    }
  });

  test('a long hover (3,000 listed crawlers) lets other requests through, and cancelled it frees the server', async function () {
    this.timeout(120_000);
    // Listed crawlers (the robotsAcap.crawlers setting) always get a row: 3,000 of them in an
    // ACAP file is 3,000 × 6 columns × 2 readings engine answers, asked for one row a step.
    const crawlers = Array.from({ length: 3000 }, (_, i) => `listed${letters(i)}`);
    const s = await startServer({ crawlers });
    try {
      await open(s, SMALL, 'User-agent: *\nDisallow: /private/\n');
      await open(s, BIG, '##ACAP version=1.0\nACAP-crawler: *\nACAP-disallow-crawl: /private/\nACAP-allow-index: /news/\n');
      const source = new CancellationTokenSource();
      const hover = track(s.conn.sendRequest('textDocument/hover', { textDocument: { uri: BIG }, position: { line: 2, character: 23 } }, source.token));
      assert.equal(await track(s.conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri: SMALL } })).outcome, 'ok');
      assert.equal(hover.settled(), false, 'the other request waited for the whole table');
      source.cancel();
      assert.equal(await hover.outcome, REQUEST_CANCELLED);
      const next = await s.conn.sendRequest<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri: SMALL }, position: { line: 1, character: 12 } });
      assert.match(next?.contents.value ?? '', /private/);
    } finally {
      await s.close();
    }
  });

  test('a hover asked while its file is being validated is answered first: the validation gives way to it', async function () {
    this.timeout(120_000);
    const s = await startServer();
    try {
      // 26,000 groups: the validation is a fraction of the first hover's work (the engine's
      // indexes), so taking turns slice by slice would publish the diagnostics first.
      const c = manyGroupsHover(26_000);
      await open(s, BIG, c.text);
      const pull = track(s.conn.sendRequest('textDocument/diagnostic', { textDocument: { uri: BIG } }));
      const hover = track(s.conn.sendRequest('textDocument/hover', { textDocument: { uri: BIG }, position: { line: c.line, character: c.character } }));
      assert.equal(await hover.outcome, 'ok');
      assert.equal(pull.settled(), false, 'the validation ran on while the hover was waited on');
      assert.equal(await pull.outcome, 'ok');
    } finally {
      await s.close();
    }
  });

  test('a keystroke, a diagnostic pull and a hover arriving together: the hover is answered before the validation, even one that fits in a slice', async function () {
    this.timeout(120_000);
    const s = await startServer();
    try {
      // 2,000 rules: the validation after a keystroke takes one slice, so only the order of the
      // work decides which answer leaves first. The three messages go in one write, so that the
      // server reads them at once; answers are told apart by their ids as they come out.
      const text = ['User-agent: *', ...Array.from({ length: 2000 }, (_, i) => `Disallow: /p${i}/x${i % 3}.html`)].join('\n');
      await open(s, BIG, text);
      await s.conn.sendRequest('textDocument/diagnostic', { textDocument: { uri: BIG } });
      await s.conn.sendRequest('textDocument/hover', { textDocument: { uri: BIG }, position: { line: 5, character: 12 } });
      const order: number[] = [];
      let seen = '';
      const answered = new Promise<void>((resolve) => {
        s.child.stdout!.on('data', (b: Buffer) => {
          seen += b.toString('latin1');
          for (const m of seen.matchAll(/"id":(900[12]),/g)) if (!order.includes(Number(m[1]))) order.push(Number(m[1]));
          if (order.length === 2) resolve();
        });
      });
      const frame = (message: object): string => {
        const body = JSON.stringify({ jsonrpc: '2.0', ...message });
        return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
      };
      s.child.stdin!.write(
        frame({ method: 'textDocument/didChange', params: { textDocument: { uri: BIG, version: 2 }, contentChanges: [{ range: { start: { line: 7, character: 12 }, end: { line: 7, character: 12 } }, text: 'z' }] } }) +
        frame({ id: 9001, method: 'textDocument/diagnostic', params: { textDocument: { uri: BIG } } }) +
        frame({ id: 9002, method: 'textDocument/hover', params: { textDocument: { uri: BIG }, position: { line: 9, character: 12 } } }),
      );
      await answered;
      assert.deepEqual(order, [9002, 9001], 'the hover (9002) is answered before the pull (9001)');
    } finally {
      await s.close();
    }
  });
});
