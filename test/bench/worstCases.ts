/**
 * The worst cases of issue 12, measured through the real server (dist/server.js) over stdio:
 * one fresh server per case, the document opened, one request timed, then a cheap request to
 * show the server still answers. Prints figures; not a test (timings depend on the machine).
 *
 * Then the code actions (issues 12, 13) on the files where conversions were slowest, as an
 * editor that resolves actions when picked (VS Code) and one that cannot (Neovim): the listing
 * (`textDocument/codeAction`), and `codeAction/resolve` of every conversion listed (max and
 * each), printed as one JSON object after the table. `--json` prints only that object.
 *
 *   npm run build && npx tsx test/bench/worstCases.ts [--timeout SECONDS] [--only TEXT] [--json]
 *
 * With ROBOTS_ACAP_CORPUS set, the code actions are measured on its largest real file too.
 */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { letters, longAllowsBesideRecords, longPatternPair, manyStarRules, nestedPatterns, reportedCases, sameCrawlerRecords, type WorstCase } from './pathological';
import { RESOLVING_CAPABILITIES, startServer } from './lspClient';

function arg(name: string): string | undefined {
  const k = process.argv.indexOf(name);
  return k >= 0 ? process.argv[k + 1] : undefined;
}

const timeoutMs = Number(arg('--timeout') ?? 60) * 1000;
/** The corpus (ROBOTS_ACAP_CORPUS), for its largest real file. */
const corpus = process.env.ROBOTS_ACAP_CORPUS;
const only = arg('--only');
const jsonOnly = process.argv.includes('--json');

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

interface ActionCase { readonly name: string; readonly text: string; readonly line: number }

/** Where conversions cost the most: the fuzzer's 430-group file, and the generated worst cases. */
function actionCases(): ActionCase[] {
  const fixture = path.resolve(__dirname, '../fixtures/fuzz/robots-slow-code-actions-430-groups.txt');
  const groups = 1000;
  return [
    { name: 'fuzz fixture robots-slow-code-actions-430-groups.txt', text: readFileSync(fixture, 'utf8'), line: 2 },
    { name: 'fuzz fixture, a line in the middle', text: readFileSync(fixture, 'utf8'), line: 864 },
    { name: manyStarRules(100, 100).name, text: manyStarRules(100, 100).text, line: 1 },
    { name: longPatternPair(4000).name, text: longPatternPair(4000).text, line: 1 },
    { name: nestedPatterns(2500, 20_000).name, text: nestedPatterns(2500, 20_000).text, line: 1 },
    { name: longAllowsBesideRecords(4000, 12, 100_000).name, text: longAllowsBesideRecords(4000, 12, 100_000).text, line: 1 },
    { name: `code actions among ${groups} groups of their own crawlers`, text: Array.from({ length: groups }, (_, i) => `User-agent: bot${letters(i)}\nDisallow: /p${i}/*\nAllow: /p${i}/ok$\n`).join('\n'), line: 1 },
    // The largest files: every rule of the file converted, and verified.
    ...(corpus ? [{ name: 'the largest real file (xuexi.cn.txt, one group of 47,000 rules)', text: readFileSync(path.join(corpus, 'real/xuexi.cn.txt'), 'utf8'), line: 1 }] : []),
    { name: 'one ACAP record naming 48,000 crawlers', text: `##ACAP version=1.0\n${Array.from({ length: 48_000 }, (_, i) => `ACAP-crawler: bot${i}`).join('\n')}\nACAP-disallow-crawl: /x\n`, line: 1 },
    { name: sameCrawlerRecords(150_000, 'textDocument/hover').name.replace('hover among', 'code actions among'), text: sameCrawlerRecords(150_000, 'textDocument/hover').text, line: 4 },
  ];
}

const ms = (n: number): number => Number(n.toFixed(1));

/** One case: the listing as each kind of client asks for it, and every conversion resolved. */
async function actionFigures(c: ActionCase): Promise<Record<string, unknown>> {
  const uri = 'file:///site/robots.txt';
  const params = { textDocument: { uri }, range: { start: { line: c.line, character: 0 }, end: { line: c.line, character: 0 } }, context: { diagnostics: [], only: ['refactor'] } };
  const out: Record<string, unknown> = { name: c.name, kib: ms(c.text.length / 1024), line: c.line };
  const lazy = await startServer({}, RESOLVING_CAPABILITIES);
  try {
    await lazy.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text: c.text } });
    // The diagnostics an editor pulls on open come first, as in an editor.
    const opened = await lazy.request('textDocument/diagnostic', { textDocument: { uri } }, timeoutMs);
    const listed = await lazy.request<{ title: string; kind?: string; edit?: unknown }[]>('textDocument/codeAction', params, timeoutMs);
    const conversions = (listed.result ?? []).filter((a) => a.kind === 'refactor.rewrite');
    const resolved: { title: string; ms: number; edit: boolean; error?: string }[] = [];
    for (const a of conversions) {
      const r = await lazy.request<{ title: string; edit?: unknown }>('codeAction/resolve', a, timeoutMs);
      resolved.push({ title: r.result?.title ?? a.title, ms: r.timedOut ? Infinity : ms(r.elapsed), edit: r.result?.edit !== undefined, ...(r.error ? { error: r.error.message } : {}) });
    }
    out.openToDiagnostics = ms(opened.elapsed);
    out.codeAction = { ms: listed.timedOut ? Infinity : ms(listed.elapsed), conversions: conversions.length, withEdits: conversions.filter((a) => a.edit !== undefined).length };
    out.resolve = { maxMs: Math.max(0, ...resolved.map((r) => r.ms)), each: resolved };
  } finally {
    await lazy.close();
  }
  // A client without resolve support: the bounded eager listing.
  const eager = await startServer();
  try {
    await eager.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text: c.text } });
    await eager.request('textDocument/diagnostic', { textDocument: { uri } }, timeoutMs);
    const r = await eager.request<unknown[]>('textDocument/codeAction', params, timeoutMs);
    out.codeActionWithoutResolve = { ms: r.timedOut ? Infinity : ms(r.elapsed), actions: r.result?.length ?? 0 };
  } finally {
    await eager.close();
  }
  return out;
}

async function main(): Promise<void> {
  if (!jsonOnly) {
    console.log(`worst cases through ${'dist/server.js'} (time limit ${timeoutMs / 1000} s per request)`);
    for (const c of reportedCases()) {
      if (only && !c.name.includes(only)) continue;
      await run(c);
    }
  }
  const actions: Record<string, unknown>[] = [];
  for (const c of actionCases()) if (!only || c.name.includes(only)) actions.push(await actionFigures(c));
  console.log(JSON.stringify({ codeActions: actions, unit: 'ms', note: 'through dist/server.js over stdio; one fresh server per case and kind of client' }, null, 2));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
