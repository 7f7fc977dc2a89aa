/**
 * `npm run bench:shapes`: issue 13's second table — files of other shapes than the largest real
 * one, measured through the built server (dist/server.js --stdio) as an editor drives it, each
 * figure a ratio to robots-parser's parse of the same text in the same run. Prints one JSON
 * object; asserts nothing (the figures depend on the machine).
 *
 * Per shape: didOpen → diagnostics (complete, pushed) and the first hover after the server
 * starts (median of 3 fresh servers); typing (one-character edits → diagnostics) p95; a hover
 * right after an edit p95, once the server has answered a hundred hovers as in `npm run bench`
 * (forty after an edit each, then sixty without, then the forty timed: their p95 is the second
 * slowest, where the main bench's is the sixth of a hundred), and apart the
 * first forty the server answers, each right after an edit (`hoverAfterEditFirstFortyP95`: many
 * are still compiling the hover's code, and the first builds the indexes); invoked code actions (conversions listed, resolved when picked, as
 * VS Code asks) p50; and on small files (≤ 50 KB) every request a client sends while editing
 * (hover, completion, code actions, symbols, folding, semantic tokens, inlay hints, links), p95,
 * against one frame (16 ms). With each shape, the floor: the same open and typing through a
 * server on the same library that analyses nothing (floorServer.ts), what no analysis can remove.
 * And the server's heap per input byte (above a server with no document, after a full collection)
 * once the file is open, after the requests above (the indexes a hover builds are made, and the
 * server's code for every request compiled: most of it on small files), and after 1,000 keystrokes
 * in all (a character typed, then deleted) with a hover after every tenth.
 *
 * The shapes are generated (deterministic): N groups of real crawler names, each with its own
 * rules in the forms real files use (directory prefixes, `*` query patterns, `$` ends, Allow
 * carve-outs), comments, and Sitemap lines. ROBOTS_ACAP_PEER names a folder where
 * `npm i robots-parser@3.0.1` was run (the ratios need it). `--runs N` changes the 3.
 */
import * as os from 'node:os';
import { performance } from 'node:perf_hooks';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { loadPeer, percentile, round, type Peer } from './benchFile';
import { floorOpen, floorTyping } from './floorServer';
import { startServer, type ServerSession } from './lspClient';

const FRAME_MS = 16;
/** Keystrokes in all on the server typed in, the requests' included, before its heap is read again. */
const MEMORY_EDITS = 1000;
const runsArg = process.argv.indexOf('--runs');
const FRESH_RUNS = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 3;

/** `acap`: the groups written as ACAP records (acapShaped), where edits and hovers go to ACAP fields. */
interface Shape { readonly name: string; readonly bytes: number; readonly groups: number; readonly acap?: boolean }
/**
 * The shapes of issue 13's table (sizes and group counts), plus a small hand-sized file, and the
 * largest of them written in ACAP: what a publisher who converted such a file edits.
 */
const SHAPES: readonly Shape[] = [
  { name: '5 KB, 4 groups', bytes: 5_000, groups: 4 },
  { name: '50 KB, 18 groups', bytes: 50_000, groups: 18 },
  { name: '200 KB, 58 groups', bytes: 200_000, groups: 58 },
  { name: '1 MB, 41 groups', bytes: 1_000_000, groups: 41 },
  { name: '1 MB, 41 ACAP records', bytes: 1_000_000, groups: 41, acap: true },
];

/**
 * A shaped file's groups as ACAP records (Part 1 §2.3): each User-agent line an ACAP-crawler
 * line, each Disallow and Allow line the crawl field that says the same; comments and Sitemap
 * lines as they are.
 */
export function acapShaped(text: string): string {
  return text.replace(/^User-agent:/gm, 'ACAP-crawler:').replace(/^Disallow:/gm, 'ACAP-disallow-crawl:').replace(/^Allow:/gm, 'ACAP-allow-crawl:');
}

const AGENTS = ['Googlebot', 'Bingbot', 'GPTBot', 'CCBot', 'Google-Extended', 'ClaudeBot', 'PerplexityBot', 'Applebot', 'YandexBot', 'Baiduspider', 'DuckDuckBot', 'facebookexternalhit', 'Twitterbot', 'AhrefsBot', 'SemrushBot', 'MJ12bot', 'Slurp', 'Amazonbot'];
const WORDS = ['news', 'archive', 'search', 'user', 'account', 'checkout', 'cart', 'api', 'static', 'media', 'tag', 'category', 'print', 'amp', 'feed', 'login', 'admin', 'tmp', 'private', 'drafts'];

/** A deterministic file of about `bytes` bytes in `groups` groups (mulberry32, fixed seed). */
export function shapedFile(bytes: number, groups: number): string {
  let s = bytes ^ groups;
  const next = (n: number): number => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
  const word = (): string => WORDS[next(WORDS.length)];
  const rule = (): string => {
    switch (next(6)) {
      case 0: return `Disallow: /${word()}/`;
      case 1: return `Disallow: /${word()}/*?${word()}=`;
      case 2: return `Disallow: /*.${['pdf', 'json', 'xml', 'php'][next(4)]}$`;
      case 3: return `Allow: /${word()}/${word()}/`;
      case 4: return `Disallow: /${word()}/${next(100000).toString(16)}/${word()}.html`;
      default: return `Disallow: /${word()}-${next(1000)}/*/${word()}`;
    }
  };
  const perGroup = Math.max(1, Math.round(bytes / groups / 28));
  const out: string[] = ['# Generated for the shapes benchmark'];
  for (let g = 0; g < groups; g++) {
    out.push('');
    if (g % 5 === 0) out.push(`# Section ${g}`);
    const agents = g === groups - 1 ? ['*'] : [AGENTS[g % AGENTS.length] + (g >= AGENTS.length ? `-${g}` : '')];
    if (next(3) === 0 && g !== groups - 1) agents.push(AGENTS[next(AGENTS.length)] + `-x${g}`);
    for (const a of agents) out.push(`User-agent: ${a}`);
    for (let r = 0; r < perGroup; r++) out.push(rule());
  }
  out.push('', 'Sitemap: https://www.example.com/sitemap.xml');
  return `${out.join('\n')}\n`;
}

/** The peer's parse for these small files: median of 15 after 3 warm-ups (a single parse of 5 KB is a tenth of a millisecond). */
function peerParse(peer: Peer, text: string): number {
  for (let i = 0; i < 3; i++) peer('https://example.com/robots.txt', text);
  const runs: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t0 = performance.now();
    peer('https://example.com/robots.txt', text);
    runs.push(performance.now() - t0);
  }
  return percentile(runs, 50);
}

/** Push diagnostics (no `diagnostic` capability), code actions resolved when picked (as VS Code). */
const CAPABILITIES = {
  textDocument: {
    synchronization: {},
    hover: { contentFormat: ['markdown'] },
    completion: { completionItem: { snippetSupport: true } },
    codeAction: { dataSupport: true, resolveSupport: { properties: ['edit'] }, codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'refactor', 'refactor.rewrite'] } } },
  },
  workspace: { configuration: true, workspaceEdit: { documentChanges: true, changeAnnotationSupport: {} } },
};

interface Session { readonly s: ServerSession; diagnostics(version: number): Promise<PublishDiagnosticsParams> }
const URI = 'file:///bench/robots.txt';

async function open(text: string, nodeArgs: readonly string[] = []): Promise<{ session: Session; ms: number }> {
  const s = await startServer({}, CAPABILITIES, nodeArgs);
  const waiting: { version: number; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  s.conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    for (let i = waiting.length - 1; i >= 0; i--) if ((p.version ?? 0) >= waiting[i].version) waiting.splice(i, 1)[0].resolve(p);
  });
  const session: Session = { s, diagnostics: (version) => new Promise((resolve) => waiting.push({ version, resolve })) };
  const t0 = performance.now();
  const first = session.diagnostics(1);
  await s.notify('textDocument/didOpen', { textDocument: { uri: URI, languageId: 'robots-txt', version: 1, text } });
  await first;
  return { session, ms: performance.now() - t0 };
}

/**
 * Lines holding a rule or an ACAP crawl field, with their lengths: where edits and hovers go. `at`
 * is the character an edit goes before: the 12th of a rule (in its path), the third of an ACAP
 * field's path.
 */
export function ruleLines(text: string): { line: number; length: number; at: number }[] {
  const out: { line: number; length: number; at: number }[] = [];
  text.split('\n').forEach((l, line) => {
    if (/^(Dis)?allow: \/.{4}/i.test(l)) out.push({ line, length: l.length, at: Math.min(l.length, 12) });
    else if (/^ACAP-(dis)?allow-crawl: \/.{4}/i.test(l)) out.push({ line, length: l.length, at: Math.min(l.length, l.indexOf(': /') + 4) });
  });
  return out;
}

async function timed(send: () => Promise<{ timedOut?: boolean; error?: unknown }>): Promise<number> {
  const t0 = performance.now();
  await send();
  return performance.now() - t0;
}

async function measure(shape: Shape, peer: Peer | undefined): Promise<Record<string, unknown>> {
  const shaped = shapedFile(shape.bytes, shape.groups);
  const text = shape.acap ? acapShaped(shaped) : shaped;
  const rules = ruleLines(text);
  let pick = 0;
  const at = (): { line: number; character: number } => {
    const r = rules[(pick = (pick * 7919 + 104729) % rules.length)];
    return { line: r.line, character: r.at };
  };
  const hover = (s: ServerSession): Promise<number> => timed(() => s.request('textDocument/hover', { textDocument: { uri: URI }, position: at() }, 60000));

  // Fresh servers: didOpen → diagnostics, then the first hover.
  const opens: number[] = [];
  const firstHovers: number[] = [];
  for (let k = 0; k < FRESH_RUNS; k++) {
    const { session, ms } = await open(text);
    opens.push(ms);
    firstHovers.push(await hover(session.s));
    await session.s.close();
  }

  // The server that is typed in runs with --expose-gc: its heap is read after a full collection.
  const heap = async (): Promise<number> => ((await s.request<{ heapUsed: number }>('$/robotsAcap/memory', null, 60000)).result?.heapUsed ?? NaN);
  const baseline = await (async () => {
    const bare = await startServer({}, CAPABILITIES, ['--expose-gc']);
    const r = (await bare.request<{ heapUsed: number }>('$/robotsAcap/memory', null, 60000)).result?.heapUsed ?? NaN;
    await bare.close();
    return r;
  })();
  const { session } = await open(text, ['--expose-gc']);
  const { s } = session;
  const heapOpen = await heap();
  let version = 1;
  const edit = async (): Promise<void> => {
    const p = at();
    await s.notify('textDocument/didChange', { textDocument: { uri: URI, version: ++version }, contentChanges: [{ range: { start: p, end: p }, text: 'x' }] });
  };
  const typing: number[] = [];
  for (let k = 0; k < 60; k++) {
    const t0 = performance.now();
    const published = session.diagnostics(version + 1);
    await edit();
    await published;
    typing.push(performance.now() - t0);
  }
  // A hover right after an edit: first on a server that has answered none, then, as the main
  // bench times it, once it has answered hovers (its code compiled, the indexes made).
  const hoverAfterEdit = async (): Promise<number[]> => {
    const times: number[] = [];
    for (let k = 0; k < 40; k++) {
      const published = session.diagnostics(version + 1);
      await edit();
      times.push(await hover(s));
      await published;
    }
    return times;
  };
  const afterEditFirst = await hoverAfterEdit();
  for (let k = 0; k < 60; k++) await hover(s);
  const afterEdit = await hoverAfterEdit();
  const actions: number[] = [];
  for (let k = 0; k < 5; k++) {
    const p = at();
    actions.push(await timed(() => s.request('textDocument/codeAction', { textDocument: { uri: URI }, range: { start: p, end: p }, context: { diagnostics: [], triggerKind: 1 } }, 60000)));
  }

  // Small files: every request an editor sends while the user works, against one frame.
  let perRequest: Record<string, number> | undefined;
  if (shape.bytes <= 50_000) {
    const doc = { textDocument: { uri: URI } };
    const requests: Record<string, () => unknown> = {
      hover: () => ({ ...doc, position: at() }),
      completion: () => ({ ...doc, position: at() }),
      'codeAction (automatic)': () => { const p = at(); return { ...doc, range: { start: p, end: p }, context: { diagnostics: [], triggerKind: 2 } }; },
      documentSymbol: () => doc,
      foldingRange: () => doc,
      'semanticTokens/full': () => doc,
      inlayHint: () => { const p = at(); return { ...doc, range: { start: { line: p.line, character: 0 }, end: { line: p.line + 60, character: 0 } } }; },
      documentLink: () => doc,
    };
    const method = (name: string): string => `textDocument/${name.split(' ')[0]}`;
    perRequest = {};
    for (const [name, params] of Object.entries(requests)) {
      const times: number[] = [];
      for (let k = 0; k < 40; k++) {
        // As while typing: an edit, then the request.
        if (k % 4 === 0) await edit();
        times.push(await timed(() => s.request(method(name), params(), 60000)));
      }
      perRequest[name] = round(percentile(times, 95));
    }
  }
  // With the engine's indexes built for hover and the code of every request compiled.
  const heapAsked = await heap();
  // Up to 1,000 keystrokes in all, a hover after every tenth (the state of a long session): a
  // character typed at a rule line, then deleted, so that the text keeps its size (`at` comes back
  // to a few lines often, and on a small file they grew by hundreds of characters).
  while (version - 1 < MEMORY_EDITS) {
    const p = at();
    for (const change of [{ range: { start: p, end: p }, text: 'x' }, { range: { start: p, end: { line: p.line, character: p.character + 1 } }, text: '' }]) {
      const published = session.diagnostics(version + 1);
      await s.notify('textDocument/didChange', { textDocument: { uri: URI, version: ++version }, contentChanges: [change] });
      if ((version - 1) % 10 === 0) await hover(s);
      await published;
    }
  }
  const heapEdited = await heap();
  await s.close();
  const inputBytes = Buffer.byteLength(text);
  const perInputByte = (h: number): number => round((h - baseline) / inputBytes, 1);

  // The same open and typing through a server that analyses nothing (floorServer.ts).
  const floorOpens: number[] = [];
  for (let k = 0; k < FRESH_RUNS; k++) floorOpens.push((await floorOpen(text, 'transport', URI)).ms);
  const floorTimes = await floorTyping(text, 60, at, URI);
  const floor = { didOpenToDiagnostics: percentile(floorOpens, 50), typingP95: percentile(floorTimes, 95) };

  const peerMs = peer ? peerParse(peer, text) : undefined;
  const figures = {
    didOpenToDiagnostics: percentile(opens, 50),
    typingP95: percentile(typing, 95),
    hoverAfterEditP95: percentile(afterEdit, 95),
    hoverAfterEditFirstFortyP95: percentile(afterEditFirst, 95),
    firstHover: percentile(firstHovers, 50),
    invokedCodeActionsP50: percentile(actions, 50),
  };
  const ratios = peerMs === undefined ? undefined : Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, round(v / peerMs, 3)]));
  return {
    shape: shape.name,
    bytes: Buffer.byteLength(text),
    lines: text.split('\n').length,
    peerParseMs: peerMs === undefined ? null : round(peerMs, 3),
    ms: Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, round(v)])),
    ratios: ratios ?? 'robots-parser is not installed: set ROBOTS_ACAP_PEER',
    floor: {
      ms: Object.fromEntries(Object.entries(floor).map(([k, v]) => [k, round(v)])),
      ...(peerMs === undefined ? {} : { ratios: Object.fromEntries(Object.entries(floor).map(([k, v]) => [k, round(v / peerMs, 3)])) }),
    },
    ...(perRequest ? { everyRequestP95Ms: perRequest, withinOneFrame: Object.values(perRequest).every((v) => v <= FRAME_MS) } : {}),
    heapPerInputByte: { afterOpen: perInputByte(heapOpen), afterTheRequests: perInputByte(heapAsked), [`after${MEMORY_EDITS}Keystrokes`]: perInputByte(heapEdited) },
  };
}

async function main(): Promise<void> {
  const peer = loadPeer()?.parse;
  const shapes = [];
  for (const shape of SHAPES) shapes.push(await measure(shape, peer));
  const out = {
    machine: { cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, node: process.version, loadAverage: os.loadavg().map((l) => round(l, 1)) },
    peer: peer ? 'robots-parser@3.0.1 (median of 15 parses after 3 warm-ups)' : null,
    goals: { didOpenToDiagnostics: 1, typingP95: 0.1, hoverAfterEditP95: 0.1, invokedCodeActionsP50: 1, smallFilesEveryRequestP95Ms: FRAME_MS },
    shapes,
    unit: 'ms unless named otherwise',
  };
  process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
