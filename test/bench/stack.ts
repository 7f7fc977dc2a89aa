/**
 * One document through the whole language service — parser, validation, engine and explanation,
 * hover, completion, quick fixes, conversion both ways, formatting; for HTML: the scanner,
 * validation, hover, completion and the page's explanation — at a fixed sample of positions,
 * each call timed. Returns what went wrong: a throw, an insane answer, or a call over its time
 * budget. Shared by the fuzzer (scripts/fuzz.ts) and the replay of its regression fixtures
 * (test/unit/fuzzFixtures.test.ts), so a saved failure is replayed exactly as it was found.
 */
import type { Diagnostic, Position, Range, TextEdit } from 'vscode-languageserver-types';
import {
  convertToAcap, convertToRep, doComplete, doHover, doHtmlComplete, doHtmlHover, doValidation, explain, explainPage, format,
  getCodeActions, getConversionActions, listConversionActions, parseDocument, parseHtml, validateHtml, type RobotsDocument,
} from '../../server/src/service';

export interface StackOptions {
  /** A call slower than this (ms) is a failure. */
  readonly budgetMs?: number;
  /** How many positions to probe (spread over the document). */
  readonly positions?: number;
  /** Conversions too (getConversionActions, convertToAcap, convertToRep); default true. */
  readonly conversions?: boolean;
}

export interface StackReport {
  readonly problems: string[];
  /** The slowest call and its time. */
  readonly slowest: { readonly what: string; readonly ms: number };
}

/** Runs `f`, noting a throw or a call over budget in `problems`; returns its result (undefined on a throw). */
function timed<T>(what: string, problems: string[], slowest: { what: string; ms: number }, budget: number, f: () => T): T | undefined {
  const t0 = performance.now();
  try {
    return f();
  } catch (err) {
    problems.push(`${what} threw: ${err instanceof Error ? (err.stack ?? err.message).split('\n').slice(0, 4).join(' | ') : String(err)}`);
    return undefined;
  } finally {
    const ms = performance.now() - t0;
    if (ms > slowest.ms) { slowest.ms = ms; slowest.what = what; }
    if (ms > budget) problems.push(`${what} took ${ms.toFixed(0)} ms (budget ${budget} ms)`);
  }
}

function lineLengths(text: string): number[] {
  return text.split(/\r\n|\r|\n/).map((l) => l.length);
}

function rangeInside(r: Range, lengths: readonly number[]): boolean {
  const ok = (p: Position): boolean => p.line >= 0 && p.line < lengths.length && p.character >= 0 && p.character <= lengths[p.line];
  return ok(r.start) && ok(r.end) && (r.start.line < r.end.line || (r.start.line === r.end.line && r.start.character <= r.end.character));
}

/** Up to `n` positions spread over the lines, each at the start, inside and at the end of its line. */
function samplePositions(lengths: readonly number[], n: number): Position[] {
  const out: Position[] = [];
  const step = Math.max(1, Math.floor(lengths.length / Math.max(1, Math.floor(n / 3))));
  for (let line = 0; line < lengths.length && out.length < n; line += step) {
    const len = lengths[line];
    for (const character of new Set([0, Math.min(len, 12), Math.floor(len / 2), len])) out.push({ line, character });
  }
  return out.slice(0, n);
}

const AGENTS = ['Googlebot', 'GPTBot', '*', 'unnamed-crawler', 'bot1'];

/** The whole robots.txt service on `text`. */
export function exerciseRobots(text: string, options: StackOptions = {}): StackReport {
  const budget = options.budgetMs ?? 3000;
  const problems: string[] = [];
  const slowest = { what: '', ms: 0 };
  const run = <T>(what: string, f: () => T): T | undefined => timed(what, problems, slowest, budget, f);
  const doc = run('parseDocument', () => parseDocument('file:///site/robots.txt', 1, text));
  if (!doc) return { problems, slowest };
  const lengths = lineLengths(text);
  if (doc.lines.length !== lengths.length) problems.push(`parseDocument: ${doc.lines.length} lines for ${lengths.length}`);
  const diagnostics = run('doValidation', () => doValidation(doc)) ?? [];
  for (const d of diagnostics) if (!rangeInside(d.range, lengths)) { problems.push(`doValidation: ${String(d.code)} has a range outside the text`); break; }
  const edits = (what: string, list: readonly TextEdit[] | undefined): void => {
    for (const e of list ?? []) if (!rangeInside(e.range, lengths)) { problems.push(`${what}: an edit outside the text`); break; }
  };
  for (const p of samplePositions(lengths, options.positions ?? 24)) {
    const at = `${p.line}:${p.character}`;
    const hover = run(`doHover ${at}`, () => doHover(doc, p));
    if (hover && hover.range && !rangeInside(hover.range, lengths)) problems.push(`doHover ${at}: range outside the text`);
    const list = run(`doComplete ${at}`, () => doComplete(doc, p));
    if (list && !list.items.every((i) => typeof i.label === 'string')) problems.push(`doComplete ${at}: an item without a label`);
    const range = { start: p, end: p };
    const onLine: Diagnostic[] = diagnostics.filter((d) => d.range.start.line === p.line);
    for (const a of run(`getCodeActions ${at}`, () => getCodeActions(doc, range, onLine)) ?? []) edits(`getCodeActions ${at}`, a.edit?.changes?.[doc.uri]);
    // Listed for a client that resolves them when picked (no edits), and converted at once for one that cannot.
    for (const a of run(`listConversionActions ${at}`, () => listConversionActions(doc, range)) ?? []) if (a.edit) problems.push(`listConversionActions ${at}: an edit in the listing`);
    if (options.conversions !== false) for (const a of run(`getConversionActions ${at}`, () => getConversionActions(doc, range)) ?? []) edits(`getConversionActions ${at}`, a.edit?.changes?.[doc.uri]);
  }
  const paths = ['/', '/a', '/private/x.html', '/' + 'x'.repeat(2000), ...representativePaths(doc)];
  for (const agent of AGENTS) {
    for (const path of paths) {
      for (const profile of ['rfc9309', 'google', 'koster1996'] as const) {
        const e = run(`explain ${agent} ${path.slice(0, 40)} ${profile}`, () => explain(doc, { agent, path, profile }));
        if (e && (typeof e.allowed !== 'boolean' || e.decidedBy.some((l) => l.line < 1 || l.line > lengths.length))) problems.push(`explain ${agent} ${path.slice(0, 40)}: insane answer`);
      }
    }
  }
  if (options.conversions !== false) {
    const acap = run('convertToAcap', () => convertToAcap(doc, { verify: { maxChecks: 200 } }));
    if (acap) {
      edits('convertToAcap', acap.edits);
      if (acap.verification.kept > acap.verification.checked) problems.push('convertToAcap: kept more verdicts than it checked');
    }
    const rep = run('convertToRep', () => convertToRep(doc, { verify: { maxChecks: 200 } }));
    if (rep) edits('convertToRep', rep.edits);
  }
  edits('format', run('format', () => format(doc, { tabSize: 4, insertSpaces: true })));
  return { problems, slowest };
}

/** A few paths the file's own patterns match (wildcards filled), as hover and conversion use. */
function representativePaths(doc: RobotsDocument): string[] {
  const out: string[] = [];
  for (const node of doc.lines) {
    const d = node.directive;
    if (d.kind !== 'rule') continue;
    const p = node.text.slice(d.pattern.start, d.pattern.end).replace(/\$$/, '').replace(/\*/g, 'x');
    out.push(p.startsWith('/') ? p : '/' + p);
    if (out.length >= 3) break;
  }
  return out;
}

/** The whole HTML side on `text`, with a robots.txt beside it when given. */
export function exerciseHtml(text: string, robotsText: string | undefined, options: StackOptions = {}): StackReport {
  const budget = options.budgetMs ?? 3000;
  const problems: string[] = [];
  const slowest = { what: '', ms: 0 };
  const run = <T>(what: string, f: () => T): T | undefined => timed(what, problems, slowest, budget, f);
  const page = run('parseHtml', () => parseHtml('file:///site/page.html', text));
  if (!page) return { problems, slowest };
  const robots = robotsText === undefined ? undefined : run('parseDocument', () => parseDocument('file:///site/robots.txt', 1, robotsText));
  const lengths = lineLengths(text);
  for (const d of run('validateHtml', () => validateHtml(page)) ?? []) if (!rangeInside(d.range, lengths)) { problems.push(`validateHtml: ${String(d.code)} outside the text`); break; }
  for (const p of samplePositions(lengths, options.positions ?? 24)) {
    const at = `${p.line}:${p.character}`;
    run(`doHtmlHover ${at}`, () => doHtmlHover(page, p, { robots, path: '/page.html' }));
    run(`doHtmlComplete ${at}`, () => doHtmlComplete(page, p));
  }
  for (const agent of AGENTS) {
    for (const usage of ['crawl', 'index', 'present-snippet']) {
      const e = run(`explainPage ${agent} ${usage}`, () => explainPage(robots, page, { agent, usage, path: '/page.html' }));
      if (e && typeof e.allowed !== 'boolean') problems.push(`explainPage ${agent} ${usage}: insane answer`);
    }
  }
  return { problems, slowest };
}
