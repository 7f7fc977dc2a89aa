/**
 * `npm run bench:web`: the web worker's server (dist/browser/server.js, VS Code for the Web) run
 * in a web-worker sandbox (test/unit/kit/webWorker.ts) on generated files of two shapes, as VS
 * Code drives it: didOpen → diagnostics; the first hover sent right after them (in a fresh
 * server) and one sent after a pause of 1.5 s (by when the server has built what it asks); code
 * actions on a rule line, as the lightbulb asks (automatic) and as the user asks (invoked), p50
 * and max of 5; forty one-character edits sent together → the diagnostics of the last, with how
 * many validations were published for them; and with a client that pulls, the first pull, a pull
 * after an edit in a comment (answered "unchanged") and one after a line that adds a finding.
 * Prints one JSON object; asserts nothing.
 * ROBOTS_ACAP_WEB_SERVER names another build of the bundle (to compare before and after).
 */
import * as os from 'node:os';
import { performance } from 'node:perf_hooks';
import { ruleLines as ruleLinesOf, shapedFile } from './shapes';
import { startWebServer, type WebServer } from '../unit/kit/webWorker';

const URI = 'file:///site/robots.txt';
/** What VS Code announces for code actions, workspace edits and diagnostics. */
const VS_CODE = {
  textDocument: { codeAction: { dataSupport: true, resolveSupport: { properties: ['edit'] }, codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor.rewrite'] } } } },
  workspace: { workspaceEdit: { documentChanges: true, changeAnnotationSupport: { groupsOnLabel: true } } },
};
const SHAPES = [{ name: '200 KB, 58 groups', bytes: 200_000, groups: 58 }, { name: '1 MB, 41 groups', bytes: 1_000_000, groups: 41 }];

const round = (n: number): number => Number(n.toFixed(2));
/** Line numbers of rules with a path of four characters or more (the shapes bench's edit places). */
const ruleLines = (text: string): number[] => ruleLinesOf(text).map((r) => r.line);
function stats(values: readonly number[]): { p50: number; max: number } {
  const s = [...values].sort((a, b) => a - b);
  return { p50: round(s[Math.floor(s.length / 2)]), max: round(s[s.length - 1]) };
}

async function timed(f: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
}

/**
 * Until the diagnostics of `version` are published, or `count` publications after the first
 * `from` (a build from before the server said which version it published).
 */
async function published(server: WebServer, version: number, from: number, count: number): Promise<void> {
  const done = (): boolean => server.published.slice(from).some((p) => (p.version ?? 0) >= version) || server.published.length - from >= count;
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 1));
}

async function open(server: WebServer, text: string): Promise<number> {
  const from = server.published.length;
  return timed(async () => {
    server.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'robots-txt', version: 1, text } });
    await published(server, 1, from, 1);
  });
}

/** A hover on a rule line, timed. */
function hover(server: WebServer, line: number): Promise<number> {
  return timed(() => server.request('textDocument/hover', { textDocument: { uri: URI }, position: { line, character: 12 } }));
}

/** The first hover sent right after the first diagnostics, in a fresh server. */
async function firstHover(text: string): Promise<number> {
  const server = await startWebServer(VS_CODE);
  try {
    await open(server, text);
    return round(await hover(server, ruleLines(text)[0]));
  } finally {
    await server.close();
  }
}

async function pushed(text: string): Promise<Record<string, unknown>> {
  const server = await startWebServer(VS_CODE);
  try {
    const didOpenToDiagnostics = round(await open(server, text));
    const rules = ruleLines(text);
    // A person reaches for a hover a moment after the file opens: by then the server has built
    // what a hover asks (idle work).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const firstHoverAfterAPause = round(await hover(server, rules[0]));
    const codeActions: Record<string, unknown> = {};
    for (const [name, triggerKind] of [['automatic', 2], ['invoked', 1]] as const) {
      const times: number[] = [];
      for (let k = 0; k < 5; k++) {
        const line = rules[(k * 7919) % rules.length];
        const range = { start: { line, character: 3 }, end: { line, character: 3 } };
        times.push(await timed(() => server.request('textDocument/codeAction', { textDocument: { uri: URI }, range, context: { diagnostics: [], triggerKind } })));
      }
      codeActions[name] = stats(times);
    }
    const before = server.published.length;
    const line = rules[Math.floor(rules.length / 2)];
    const BURST = 40;
    const burst = await timed(async () => {
      for (let k = 0; k < BURST; k++) {
        const at = { line, character: 8 + k };
        server.notify('textDocument/didChange', { textDocument: { uri: URI, version: 2 + k }, contentChanges: [{ range: { start: at, end: at }, text: 'z' }] });
      }
      await published(server, BURST + 1, before, BURST);
    });
    return { didOpenToDiagnostics, firstHoverAfterAPause, codeActions, burstOf40Edits: { toLastDiagnostics: round(burst), validationsPublished: server.published.length - before } };
  } finally {
    await server.close();
  }
}

async function pulled(text: string): Promise<Record<string, unknown>> {
  const server = await startWebServer({ ...VS_CODE, textDocument: { ...VS_CODE.textDocument, diagnostic: {} } });
  try {
    server.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'robots-txt', version: 1, text } });
    const pull = async (previousResultId?: string): Promise<{ ms: number; kind: string; resultId?: string; bytes: number }> => {
      const t0 = performance.now();
      const r = await server.request<{ kind: string; resultId?: string }>('textDocument/diagnostic', { textDocument: { uri: URI }, previousResultId });
      return { ms: round(performance.now() - t0), kind: r.result?.kind ?? 'error', resultId: r.result?.resultId, bytes: JSON.stringify(r.result ?? r.error).length };
    };
    const first = await pull();
    // Words typed in the first line, a comment; then a line that is no field added after it.
    const first0 = text.slice(0, text.indexOf('\n'));
    const edit = (version: number, at: { line: number; character: number }, inserted: string): void => {
      server.notify('textDocument/didChange', { textDocument: { uri: URI, version }, contentChanges: [{ range: { start: at, end: at }, text: inserted }] });
    };
    edit(2, { line: 0, character: first0.length }, ' (edited)');
    const comment = await pull(first.resultId);
    edit(3, { line: 0, character: first0.length + ' (edited)'.length }, '\nnot a field');
    const finding = await pull(comment.resultId);
    const strip = ({ resultId: _id, ...rest }: { resultId?: string }): object => rest;
    return { first: strip(first), afterAnEditInAComment: strip(comment), afterAFindingAdded: strip(finding) };
  } finally {
    await server.close();
  }
}

async function main(): Promise<void> {
  const shapes: Record<string, unknown>[] = [];
  for (const shape of SHAPES) {
    const text = shapedFile(shape.bytes, shape.groups);
    shapes.push({ shape: shape.name, bytes: text.length, firstHoverRightAfterOpening: await firstHover(text), push: await pushed(text), pull: await pulled(text) });
  }
  const out = {
    machine: { cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, node: process.version },
    server: process.env.ROBOTS_ACAP_WEB_SERVER ?? 'dist/browser/server.js',
    shapes,
    unit: 'ms unless named otherwise',
  };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
