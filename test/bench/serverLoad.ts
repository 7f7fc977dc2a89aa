/**
 * The server under load, measured from outside as an attacker with an ordinary client would
 * (issue 12): a 100 MB didOpen, 1,000 documents opened and closed five times, a burst of 10,000
 * requests. Prints figures; asserts nothing (timings belong in scripts, not unit tests).
 *
 *   npx tsx test/bench/serverLoad.ts [path/to/server.js] [open|churn|burst]...
 *   BENCH_NODE_ARGS=--expose-gc npx tsx test/bench/serverLoad.ts churn   (adds the heap after GC)
 *   BENCH_BURST=2000 ... burst   (another burst size; BENCH_NODE_ARGS=--cpu-prof to see where it goes)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { SERVER_NODE_ARGS } from '../../server/src/launch';

const args = process.argv.slice(2);
const server = path.resolve(args.find((a) => a.endsWith('.js')) ?? path.join(__dirname, '../../dist/server.js'));
const wanted = args.filter((a) => !a.endsWith('.js'));
const run = (name: string): boolean => wanted.length === 0 || wanted.includes(name);

function memory(pid: number): { rss: number; peak: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string): number => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
  } catch {
    return { rss: -1, peak: -1 };
  }
}

interface Session { conn: MessageConnection; pid: number; alive: () => boolean; stop: () => Promise<void> }

async function start(): Promise<Session> {
  // BENCH_NODE_ARGS: flags for the server's node (`--cpu-prof`, `--expose-gc`...).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...SERVER_NODE_ARGS, ...nodeArgs, server, '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
  let alive = true;
  child.on('exit', () => { alive = false; });
  const conn = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  conn.onNotification('textDocument/publishDiagnostics', () => undefined);
  conn.onNotification('window/logMessage', () => undefined);
  conn.onRequest('client/registerCapability', () => null);
  conn.onError(() => undefined);
  conn.listen();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: { textDocument: { diagnostic: {} } } });
  await conn.sendNotification('initialized', {});
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  // A clean exit (shutdown, exit) lets --cpu-prof write its profile.
  const stop = async (): Promise<void> => {
    if (alive) {
      await Promise.race([conn.sendRequest('shutdown').then(() => conn.sendNotification('exit')), new Promise((r) => setTimeout(r, 10_000))]).catch(() => undefined);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    conn.dispose();
    child.kill();
  };
  return { conn, pid: child.pid!, alive: () => alive, stop };
}

const EXAMPLE = readFileSync(path.join(__dirname, '../../examples/site/robots.txt'), 'utf8');

/** Answers a hover within `ms`, or says it did not. */
async function responsive(s: Session, uri: string, ms: number): Promise<string> {
  const t0 = Date.now();
  const answer = Promise.race([
    s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } }).then(() => `answered in ${Date.now() - t0} ms`, (e: Error) => `error ${e.message.slice(0, 80)}`),
    new Promise<string>((r) => setTimeout(() => r(`no answer within ${ms} ms`), ms)),
  ]);
  return answer;
}

async function bigOpen(): Promise<void> {
  const s = await start();
  const line = 'Disallow: /a/very/long/path/segment/that/repeats/' + 'x'.repeat(50) + '\n';
  const text = 'User-agent: *\n' + line.repeat(Math.ceil((100 * 1024 * 1024) / line.length));
  const uri = 'file:///bench/huge/robots.txt';
  const t0 = Date.now();
  await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text } });
  const report = await Promise.race([
    s.conn.sendRequest<{ items: { code: string }[] }>('textDocument/diagnostic', { textDocument: { uri } }).then((r) => `${r.items.length} diagnostics (${[...new Set(r.items.map((d) => d.code))].join(', ')})`, (e: Error) => `error ${e.message}`),
    new Promise<string>((r) => setTimeout(() => r('no diagnostics within 180 s'), 180_000)),
  ]);
  const took = Date.now() - t0;
  const m = memory(s.pid);
  const after = s.alive() ? await responsive(s, uri, 30_000) : 'server died';
  console.log(`100 MB didOpen: ${report} after ${took} ms; peak RSS ${m.peak} MB, RSS ${m.rss} MB; a hover then: ${after}`);
  await s.stop();
}

/** RSS, and the heap after a full collection when the server runs with --expose-gc. */
async function figures(s: Session): Promise<string> {
  const m = await s.conn.sendRequest<{ collected: boolean; heapUsed: number; documents: number }>('$/robotsAcap/memory').catch(() => undefined);
  const heap = m?.collected ? `, heap after GC ${(m.heapUsed / 1048576).toFixed(1)} MB` : '';
  return `RSS ${memory(s.pid).rss} MB${heap}${m ? `, ${m.documents} open` : ''}`;
}

async function churn(): Promise<void> {
  const s = await start();
  const rounds: string[] = [`start: ${await figures(s)}`];
  for (let round = 1; round <= 5; round++) {
    for (let i = 0; i < 1000; i++) {
      const uri = `file:///bench/site${i}/robots.txt`;
      await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: round, text: EXAMPLE + `# ${round} ${i}\n` } });
      // Each document is used as an editor would: diagnostics and a hover.
      await s.conn.sendRequest('textDocument/diagnostic', { textDocument: { uri } });
      await s.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 3, character: 12 } });
    }
    for (let i = 0; i < 1000; i++) await s.conn.sendNotification('textDocument/didClose', { textDocument: { uri: `file:///bench/site${i}/robots.txt` } });
    await responsive(s, 'file:///none', 10_000);
    rounds.push(`round ${round}: ${await figures(s)}`);
  }
  console.log(`1,000 documents opened, used and closed 5 times: ${rounds.join('; ')}; peak RSS ${memory(s.pid).peak} MB`);
  await s.stop();
}

async function burst(): Promise<void> {
  const s = await start();
  const uri = 'file:///bench/burst/robots.txt';
  await s.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text: EXAMPLE } });
  const lines = EXAMPLE.split('\n').length;
  const t0 = Date.now();
  let answered = 0;
  let cancelled = 0;
  let failed = 0;
  const codes = new Map<number, number>();
  const all: Promise<void>[] = [];
  const total = Number(process.env.BENCH_BURST ?? 10_000);
  for (let i = 0; i < total; i++) {
    const methods = ['textDocument/hover', 'textDocument/completion', 'textDocument/documentHighlight', 'textDocument/codeAction', 'textDocument/diagnostic'];
    const method = methods[i % methods.length];
    const position = { line: i % lines, character: 12 };
    const params = method === 'textDocument/codeAction'
      ? { textDocument: { uri }, range: { start: position, end: position }, context: { diagnostics: [] } }
      : method === 'textDocument/diagnostic' ? { textDocument: { uri } } : { textDocument: { uri }, position };
    all.push(s.conn.sendRequest(method, params).then(
      () => { answered++; },
      (e: { code?: number }) => {
        codes.set(e.code ?? 0, (codes.get(e.code ?? 0) ?? 0) + 1);
        if (e.code === -32800 || e.code === -32802) cancelled++;
        else failed++;
      },
    ));
  }
  const done = await Promise.race([Promise.all(all).then(() => true), new Promise<boolean>((r) => setTimeout(() => r(false), 300_000))]);
  const took = Date.now() - t0;
  const after = s.alive() ? await responsive(s, uri, 30_000) : 'server died';
  console.log(`${total.toLocaleString('en')}-request burst: ${done ? 'all settled' : 'NOT all settled within 300 s'} in ${took} ms: ${answered} answered, ${cancelled} cancelled, ${failed} failed ${JSON.stringify(Object.fromEntries(codes))}; peak RSS ${memory(s.pid).peak} MB; a hover then: ${after}`);
  await s.stop();
}

void (async () => {
  console.log(`server: ${server}`);
  if (run('open')) await bigOpen();
  if (run('churn')) await churn();
  if (run('burst')) await burst();
  process.exit(0);
})();
