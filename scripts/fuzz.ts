/**
 * `npm run fuzz`: fast-check over the whole stack with generated pathological inputs (many `*`,
 * many `$`, huge groups, many records, values padded with spaces, long lines, odd characters,
 * HTML pages with thousands of class words), then random LSP message sequences sent to the real
 * server over stdio (open, change, close, hover, completion, code actions, diagnostics,
 * cancellation, and parameters of the wrong type). A document fails when a call throws, gives an
 * insane answer or takes longer than the budget; a sequence fails when the server dies or leaves
 * a request unanswered. Every failure is saved as a named fixture in test/fixtures/fuzz/, which
 * test/unit/fuzzFixtures.test.ts replays.
 *
 *   npm run fuzz                         a bounded run (20 s), as CI calls it
 *   npm run fuzz -- --seconds 3600       a long run on demand
 *   options: --seed N, --budget MS (per call; default 10000, the unit tests' bound: it catches
 *   pathological growth, not a loaded machine; --budget 1000 holds the 1 s goal on an idle one),
 *   --shrink (shrink a failing document first: slow, the whole stack runs per candidate),
 *   --no-lsp, --no-service, --no-conversions (no conversions, neither code actions nor whole-file:
 *   to fuzz the rest while a conversion finding is open), --heap (the heap after each batch of the
 *   in-process half, after a full collection: run as `node --expose-gc --import tsx scripts/fuzz.ts`)
 *
 * The LSP half needs the built server: `npm run build` first (the npm script does it).
 */
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { exerciseHtml, exerciseRobots } from '../test/bench/stack';
import { startServer, type ServerSession } from '../test/bench/lspClient';
import { REQUESTS, replay, type Step } from '../test/bench/lspSequence';

function arg(name: string): string | undefined {
  const k = process.argv.indexOf(name);
  return k >= 0 ? process.argv[k + 1] : undefined;
}

const seconds = Number(arg('--seconds') ?? 20);
const seed = Number(arg('--seed') ?? Date.now() % 2 ** 31);
const budgetMs = Number(arg('--budget') ?? 10_000);
const shrink = process.argv.includes('--shrink');
const withLsp = !process.argv.includes('--no-lsp');
const withService = !process.argv.includes('--no-service');
const conversions = !process.argv.includes('--no-conversions');
const heapTrace = process.argv.includes('--heap');
const FIXTURES = path.resolve(__dirname, '../test/fixtures/fuzz');
/** Documents stay under this size: the bound is promised for files under 1 MB. */
const MAX_DOC = 900_000;
/** Runs per fc.check of the in-process half (see serviceRun). */
const BATCH = 25;

// ---------------------------------------------------------------------------------------------
// Generated documents

const FIELD_NAMES = [
  'User-agent', 'Disallow', 'Allow', 'Sitemap', 'Crawl-delay', 'Visit-time', 'Request-rate', 'Robot-version', 'Content-Usage',
  'Content-Signal', 'Clean-param', 'Host', 'Noindex', 'ACAP-crawler', 'ACAP-allow-crawl', 'ACAP-disallow-crawl', 'ACAP-allow-index',
  'ACAP-disallow-index', 'ACAP-allow-present', 'ACAP-allow-present-snippet', 'ACAP-disallow-other', 'ACAP-allow-(basic)',
  'ACAP-resource-set', 'ACAP-qualified-usage', 'ACAP-composite-usage', 'ACAP-usage-purpose', 'ACAP-permissions-reference',
  'ACAP-ignore-conventional-records', 'ACAP-request-crawl', 'user agent', 'Dissallow', 'ACAP-allow-', 'X',
];
const ATOMS = ['/', 'a', 'b', '*', '$', '%', '%2F', '%7e', 'é', '😀', ' ', '\t', '-', ':', '=', '(', ')', '.', '?', '#', 'the-acap:resource-set:', 'news'];
const QUALIFIERS = ['time-limit=', 'max-length=', 'must-use-resource=', 'prohibited-modification=', 'must-include=', 'required-context='];

const big = (max: number): fc.Arbitrary<number> => fc.oneof(fc.nat(20), fc.nat(max));

/** A value built to hurt: long runs of `*`, `$` or spaces, repeated atoms, odd characters. */
const value: fc.Arbitrary<string> = fc.oneof(
  fc.array(fc.constantFrom(...ATOMS), { maxLength: 40 }).map((a) => a.join('')),
  fc.tuple(fc.constantFrom('/', '/a', ''), fc.constantFrom('*', '$', '*a', 'a*', '$*', '/*', ' '), big(5000), fc.constantFrom('', 'x', '$', '*', '0645'))
    .map(([head, unit, n, tail]) => head + unit.repeat(n) + tail),
  fc.tuple(fc.constantFrom('0100', '1/5s', 'a=yes', 'until-', '10', 'http://a'), big(60_000), fc.constantFrom('x', '0645', '-0645', ',b=no', 'b'))
    .map(([head, n, tail]) => head + ' '.repeat(n) + tail),
  fc.tuple(fc.array(fc.constantFrom(...ATOMS), { maxLength: 6 }), fc.constantFrom(...QUALIFIERS), fc.string({ maxLength: 30 }))
    .map(([p, q, v]) => `/${p.join('')} ${q}${v}`),
  fc.string({ unit: 'binary', maxLength: 80 }),
);

const line: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(fc.constantFrom(...FIELD_NAMES), fc.constantFrom(': ', ':', ' ', ':\t'), value).map(([n, s, v]) => n + s + v) },
  { weight: 1, arbitrary: fc.constantFrom('', '# comment', '##ACAP version=1.0', '##ACAP version=9', '\u00a0', '\ufeffUser-agent: *') },
  { weight: 1, arbitrary: value },
);

/** Lines, and blocks repeated up to thousands of times (huge groups, many groups and records). */
const robotsText: fc.Arbitrary<string> = fc.array(
  fc.oneof(
    { weight: 4, arbitrary: line.map((l) => [l]) },
    { weight: 1, arbitrary: fc.tuple(fc.array(line, { minLength: 1, maxLength: 4 }), big(4000)).map(([block, n]) => Array.from({ length: n }, (_, i) => block.map((l) => l.replace(/\bbot\b/, `bot${i}`))).flat()) },
    { weight: 1, arbitrary: big(4000).map((n) => Array.from({ length: n }, (_, i) => `User-agent: bot${i}\nDisallow: /p${i % 7}/*`)) },
    { weight: 1, arbitrary: big(3000).map((n) => Array.from({ length: n }, (_, i) => `ACAP-crawler: bot${i}\nACAP-disallow-crawl: /p${i}/`)) },
  ),
  { maxLength: 30 },
).map((blocks) => blocks.flat().join(pickEol(blocks.length)).slice(0, MAX_DOC));

function pickEol(n: number): string {
  return ['\n', '\r\n', '\r'][n % 3];
}

const classWord = fc.constantFrom('the-acap:allow-index', 'the-acap:disallow-index', 'the-acap:allow-(x)', 'the-acap:disallow-', 'the-acap-allow-index', 'x', 'the-acap:');
const htmlText: fc.Arbitrary<string> = fc.tuple(
  fc.array(value, { maxLength: 4 }),
  fc.tuple(fc.array(classWord, { maxLength: 20 }), big(20_000)),
  fc.string({ maxLength: 200 }),
).map(([metas, [words, times], junk]) => {
  const classes = Array.from({ length: Math.max(1, times) }, (_, i) => words[i % Math.max(1, words.length)] ?? 'x').join(' ');
  return `<!doctype html><html><head>${metas.map((m) => `<meta name="robots" content="${m.replace(/"/g, '')}">`).join('')}</head><body><div class="${classes}">${junk}</div></body></html>`.slice(0, MAX_DOC);
});

// ---------------------------------------------------------------------------------------------
// Fixtures

function save(kind: string, problem: string, content: string, ext: string): string {
  mkdirSync(FIXTURES, { recursive: true });
  // `doHover 3:4 took 5000 ms …` → `slow-dohover`, `explain … threw: …` → `throws-explain`.
  const first = problem.split('\n')[0];
  const fn = first.split(' ')[0].replace(/[^A-Za-z0-9-]+/g, '').toLowerCase();
  const what = / took \d+ ms/.test(first) ? `slow-${fn}` : / threw/.test(first) ? `throws-${fn}` : first.replace(/[^A-Za-z0-9]+/g, '-').toLowerCase().slice(0, 40);
  const name = `${kind}-${what}-${createHash('sha1').update(content).digest('hex').slice(0, 8)}.${ext}`;
  writeFileSync(path.join(FIXTURES, name), content);
  return name;
}

// ---------------------------------------------------------------------------------------------
// The service, in-process

/** The heap after a full collection, when the fuzzer runs with --expose-gc. */
function retainedMiB(): string {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return '(run node with --expose-gc)';
  gc();
  return `${Math.round(process.memoryUsage().heapUsed / 2 ** 20)} MiB`;
}

/** `slowest`: the slowest call, and the document it was made on (kept to be written out at the end). */
interface Tally { runs: number; failures: string[]; slowest: { what: string; ms: number; text: string; ext: string } }

function serviceRun(ms: number): Tally {
  const tally: Tally = { runs: 0, failures: [], slowest: { what: '', ms: 0, text: '', ext: 'txt' } };
  const check = (kind: 'robots' | 'html', text: string, robots?: string): boolean => {
    tally.runs++;
    const r = kind === 'robots' ? exerciseRobots(text, { budgetMs, positions: 12, conversions }) : exerciseHtml(text, robots, { budgetMs, positions: 12 });
    if (r.slowest.ms > tally.slowest.ms) tally.slowest = { ...r.slowest, text, ext: kind === 'robots' ? 'txt' : 'html' };
    if (r.problems.length) throw new Error(r.problems.slice(0, 5).join('\n'));
    return true;
  };
  const problemOf = (details: { errorInstance?: unknown }): string => (details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance));
  // In batches of BATCH runs, each with its own seed (seed + batch number): one fc.check of a
  // million runs keeps what it generated (for replay and shrinking) until it ends, and over a
  // long run those 100 KB–1 MB documents reached the 4 GB heap limit in the fuzzer itself.
  const batches = <T extends unknown[]>(share: number, property: fc.IProperty<T>, found: (r: fc.RunDetails<T>, batchSeed: number) => void): void => {
    const until = Date.now() + ms * share;
    for (let b = 0; Date.now() < until; b++) {
      const batchSeed = seed + b;
      const r = fc.check(property, { seed: batchSeed, numRuns: BATCH, markInterruptAsFailure: false, endOnFailure: !shrink, interruptAfterTimeLimit: Math.max(1, until - Date.now()) });
      if (r.failed) {
        found(r, batchSeed);
        return;
      }
      if (heapTrace) console.log(`batch ${b}: ${tally.runs} documents, heap ${retainedMiB()}`);
    }
  };
  batches(0.75, fc.property(robotsText, (t) => check('robots', t)), (robots, batchSeed) => {
    if (!robots.counterexample) return;
    const name = save('robots', problemOf(robots), robots.counterexample[0], 'txt');
    tally.failures.push(`robots: ${problemOf(robots).split('\n')[0]} (saved as test/fixtures/fuzz/${name}; seed ${batchSeed})`);
  });
  batches(0.25, fc.property(htmlText, fc.option(robotsText, { nil: undefined }), (h, r) => check('html', h, r)), (html, batchSeed) => {
    if (!html.counterexample) return;
    const [page, site] = html.counterexample;
    const name = save('html', problemOf(html), page, 'html');
    // The site's robots.txt beside the page, under the same name (fuzzFixtures.test.ts reads both).
    if (site !== undefined) writeFileSync(path.join(FIXTURES, name.replace(/\.html$/, '.robots.txt')), site);
    tally.failures.push(`html: ${problemOf(html).split('\n')[0]} (saved as test/fixtures/fuzz/${name}; seed ${batchSeed})`);
  });
  return tally;
}

// ---------------------------------------------------------------------------------------------
// The server, over stdio

const smallText = fc.oneof(robotsText.map((t) => t.slice(0, 20_000)), fc.string({ maxLength: 300 }));
const JUNK_PARAMS: unknown[] = [null, 42, 'x', [], {}, { textDocument: null }, { textDocument: { uri: 7 } }, { textDocument: { uri: 'file:///site/0/robots.txt' }, position: 'here' },
  { textDocument: { uri: 'file:///site/0/robots.txt' }, position: { line: -1, character: 1e12 } }, { textDocument: { uri: 'file:///site/0/robots.txt' }, range: null, context: 5 },
  { textDocument: { uri: 'file:///site/0/robots.txt' }, query: { agent: 5, path: null } }, { textDocument: { uri: 'file:///site/0/robots.txt' }, position: { line: 0 } }];

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 2, arbitrary: fc.record({ op: fc.constant('open' as const), doc: fc.nat(3), languageId: fc.constantFrom('robots-txt' as const, 'html' as const), text: fc.oneof(smallText, htmlText.map((h) => h.slice(0, 20_000))) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('change' as const), doc: fc.nat(3), full: fc.boolean(), line: fc.nat(200), character: fc.nat(200), length: fc.nat(50), text: smallText.map((t) => t.slice(0, 2000)) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant('close' as const), doc: fc.nat(3) }) },
  { weight: 6, arbitrary: fc.record({ op: fc.constant('request' as const), doc: fc.nat(3), method: fc.constantFrom(...REQUESTS), line: fc.nat(300), character: fc.nat(300), cancel: fc.boolean() }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('junk' as const), doc: fc.nat(3), method: fc.constantFrom(...REQUESTS, 'textDocument/didOpen', 'workspace/symbol'), params: fc.constantFrom(...JUNK_PARAMS) }) },
);

async function lspRun(ms: number): Promise<{ sequences: number; messages: number; failures: string[]; errors: Map<number, number> }> {
  const result = { sequences: 0, messages: 0, failures: [] as string[], errors: new Map<number, number>() };
  let server: ServerSession = await startServer();
  const deadline = Date.now() + ms;
  const out = await fc.check(fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 40 }), async (steps) => {
    if (Date.now() > deadline) return true;
    if (server.exited()) server = await startServer();
    result.sequences++;
    const r = await replay(server, steps, budgetMs, { conversions });
    result.messages += r.messages;
    for (const [code, n] of r.errors) result.errors.set(code, (result.errors.get(code) ?? 0) + n);
    if (r.failures.length) {
      await server.close();
      server = await startServer();
      throw new Error(r.failures.slice(0, 5).join('\n'));
    }
    return true;
  }), { seed, numRuns: 1_000_000, interruptAfterTimeLimit: ms, markInterruptAsFailure: false, endOnFailure: !shrink });
  if (out.failed && out.counterexample) {
    const problem = out.errorInstance instanceof Error ? out.errorInstance.message : String(out.errorInstance);
    const name = save('lsp', problem.replace(/^step \d+ \w+ /, ''), JSON.stringify(out.counterexample[0], null, 1), 'json');
    result.failures.push(`lsp: ${problem.split('\n')[0]} (saved as test/fixtures/fuzz/${name}; seed ${seed})`);
  }
  await server.close();
  return result;
}

async function main(): Promise<void> {
  const started = Date.now();
  const share = withService && withLsp ? 0.6 : 1;
  console.log(`fuzz: ${seconds} s, seed ${seed}, budget ${budgetMs} ms per call${conversions ? '' : ', no conversions'}`);
  const failures: string[] = [];
  if (withService) {
    const t0 = Date.now();
    const s = serviceRun(seconds * 1000 * share);
    // The slowest call's document goes to the system's temporary folder, not to the fixtures: it
    // is no failure, only the first thing to look at when the figure grows.
    const slowest = path.join(os.tmpdir(), `robots-acap-fuzz-slowest.${s.slowest.ext}`);
    writeFileSync(slowest, s.slowest.text);
    console.log(`  service: ${s.runs} documents through the whole stack in ${((Date.now() - t0) / 1000).toFixed(0)} s; slowest call ${s.slowest.ms.toFixed(0)} ms (${s.slowest.what.slice(0, 60)}; its document, ${s.slowest.text.length.toLocaleString('en')} characters: ${slowest})`);
    failures.push(...s.failures);
  }
  if (withLsp) {
    const t0 = Date.now();
    const l = await lspRun(Math.max(1000, seconds * 1000 - (Date.now() - started)));
    const errs = [...l.errors].map(([code, n]) => `${n} × ${code}`).join(', ') || 'none';
    console.log(`  lsp: ${l.sequences} sequences, ${l.messages} messages to dist/server.js in ${((Date.now() - t0) / 1000).toFixed(0)} s; error answers: ${errs}`);
    failures.push(...l.failures);
  }
  const took = ((Date.now() - started) / 1000).toFixed(0);
  if (failures.length) {
    console.log(`FAILED after ${took} s:\n  ${failures.join('\n  ')}`);
    process.exit(1);
  }
  console.log(`no failure in ${took} s`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(2);
});
