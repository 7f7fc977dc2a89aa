/**
 * The worst cases of issue 12, measured through the real server (dist/server.js) over stdio:
 * one fresh server per case, the document opened, one request timed, then a cheap request to
 * show the server still answers. Prints figures; not a test (timings depend on the machine).
 *
 *   npm run build && npx tsx test/bench/worstCases.ts [--timeout SECONDS] [--only TEXT]
 */
import { reportedCases, type WorstCase } from './pathological';
import { startServer } from './lspClient';

function arg(name: string): string | undefined {
  const k = process.argv.indexOf(name);
  return k >= 0 ? process.argv[k + 1] : undefined;
}

const timeoutMs = Number(arg('--timeout') ?? 60) * 1000;
const only = arg('--only');

function paramsOf(c: WorstCase, uri: string): unknown {
  const position = { line: c.line, character: c.character };
  switch (c.method) {
    case 'textDocument/hover':
    case 'textDocument/completion':
      return { textDocument: { uri }, position };
    case 'textDocument/codeAction':
      return { textDocument: { uri }, range: { start: position, end: position }, context: { diagnostics: [], only: ['refactor'] } };
    case 'textDocument/diagnostic':
      return { textDocument: { uri } };
  }
}

function describe(result: unknown): string {
  if (result === null || result === undefined) return 'null';
  const r = result as { items?: unknown[]; isIncomplete?: boolean; contents?: { value?: string } };
  if (Array.isArray(result)) return `${result.length} items`;
  if (r.items) return `${r.items.length} items${r.isIncomplete ? ', incomplete' : ''}`;
  if (r.contents?.value) return `${r.contents.value.length} chars`;
  return 'answer';
}

async function run(c: WorstCase): Promise<void> {
  const s = await startServer();
  const uri = c.languageId === 'html' ? 'file:///site/page.html' : 'file:///site/robots.txt';
  try {
    await s.notify('textDocument/didOpen', { textDocument: { uri, languageId: c.languageId, version: 1, text: c.text } });
    const r = await s.request(c.method, paramsOf(c, uri), timeoutMs);
    const after = r.timedOut ? undefined : await s.request('textDocument/documentSymbol', { textDocument: { uri } }, timeoutMs);
    const took = r.timedOut ? `> ${(timeoutMs / 1000).toFixed(0)} s (timed out)` : `${r.elapsed.toFixed(0)} ms`;
    const what = r.error ? `error ${r.error.code}: ${r.error.message.slice(0, 80)}` : r.timedOut ? '' : describe(r.result);
    const alive = s.exited() ? 'server died' : after && !after.timedOut ? 'still answers' : '';
    console.log(`${c.name.padEnd(52)} ${(c.text.length / 1024).toFixed(0).padStart(6)} KiB  ${took.padStart(22)}  ${what.padEnd(22)} ${alive.padEnd(14)} ${c.reported ? `(reported: ${c.reported})` : ''}`);
  } finally {
    await s.close();
  }
}

async function main(): Promise<void> {
  console.log(`worst cases through ${'dist/server.js'} (time limit ${timeoutMs / 1000} s per request)`);
  for (const c of reportedCases()) {
    if (only && !c.name.includes(only)) continue;
    await run(c);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
