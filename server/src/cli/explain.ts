/**
 * robots-acap explain ROBOTS.TXT --agent NAME --path PATH_OR_URL [--usage U] [--purpose P]
 *   [--profile rfc9309|google|koster1996] [--reading acap|conventional] [--format text|json]
 * robots-acap explain ROBOTS.TXT --queries FILE.json [--format json]
 *
 * Who may do what, and which line decides. `--queries` takes an array of
 * {agent, path, usage?, purpose?, profile?, reading?} and answers each, in order: a query that
 * cannot be answered gets `{error, query}` in its place (the others are still answered; exit 1),
 * and a global `--profile` or `--reading` is the default of every query that names none.
 */
import { explain, explainDefault, facts, formatExplanation, type Explanation, type OtherReading, type Profile, type Query, type Reading } from '../service';
import * as path from 'node:path';
import { explainPage, formatPageExplanation, parseHtml } from '../service';
import { parseOptions, profileOption, readDocument, readText, relativeNames, UsageError, workspaceOf, type CliIO } from './io';
import { aiUseArgument, runExplainAi } from './explainAi';

function checkQuery(q: Query, where: string): void {
  if (typeof q.agent !== 'string' || q.agent.trim() === '') throw new UsageError(`${where}: an agent is required`);
  if (typeof q.path !== 'string') throw new UsageError(`${where}: a path or URL is required`);
  if (q.usage !== undefined && !facts.USAGE_BY_NAME.has(String(q.usage).toLowerCase())) {
    throw new UsageError(`${where}: unknown usage ‘${q.usage}’ (one of ${facts.USAGES.map((u) => u.name).join(', ')})`);
  }
  profileOption(q.profile, where);
  if (q.reading !== undefined && q.reading !== 'acap' && q.reading !== 'conventional') throw new UsageError(`${where}: reading must be acap or conventional`);
}

/** A query that cannot be answered, in its place in the answers. */
interface QueryError {
  readonly error: string;
  readonly query: unknown;
}

function readQueries(io: CliIO, file: string, defaults: Partial<Query>): (Query | QueryError)[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readText(io, file).text);
  } catch (err) {
    if (err instanceof SyntaxError) throw new UsageError(`${file} is not valid JSON: ${err.message}`);
    throw err;
  }
  if (!Array.isArray(parsed)) throw new UsageError(`${file} must hold an array of {agent, path, usage?, purpose?, profile?}`);
  return parsed.map((q: unknown, i): Query | QueryError => {
    if (!q || typeof q !== 'object' || Array.isArray(q)) return { error: `${file}[${i}] is not an object`, query: q };
    const o = q as Record<string, unknown>;
    const query: Query = {
      ...defaults,
      agent: String(o.agent ?? ''),
      path: typeof o.path === 'string' ? o.path : (undefined as unknown as string),
      ...(o.usage !== undefined ? { usage: String(o.usage) } : {}),
      ...(o.purpose !== undefined ? { purpose: String(o.purpose) } : {}),
      ...(o.profile !== undefined ? { profile: String(o.profile) as Profile } : {}),
      ...(o.reading !== undefined ? { reading: String(o.reading) as Reading } : {}),
    };
    try {
      checkQuery(query, `${file}[${i}]`);
    } catch (err) {
      if (err instanceof UsageError) return { error: err.message, query: q };
      throw err;
    }
    return query;
  });
}

export function runExplain(args: readonly string[], io: CliIO): number {
  // AI usages (ai-train, ai-input, search) have their own engine: explainAi.ts.
  const aiUse = aiUseArgument(args);
  if (aiUse) return runExplainAi(args, aiUse, io);
  const { options, positional } = parseOptions(args, {
    agent: 'value', path: 'value', usage: 'value', purpose: 'value', profile: 'value', reading: 'value', format: 'value', queries: 'value', html: 'value',
  });
  if (positional.length !== 1) throw new UsageError('explain needs exactly one robots.txt file');
  const format = options.get('format')?.[0] ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not ‘${format}’`);
  const one = (name: string): string | undefined => options.get(name)?.[0];

  let queries: (Query | QueryError)[];
  const queriesFile = one('queries');
  if (queriesFile !== undefined) {
    for (const name of ['agent', 'path', 'usage', 'purpose']) {
      if (options.has(name)) throw new UsageError(`--${name} cannot be combined with --queries`);
    }
    // A global --profile (or --reading) is the default of every query that names none.
    const defaults: Partial<Query> = {
      ...(one('profile') !== undefined ? { profile: one('profile') as Profile } : {}),
      ...(one('reading') !== undefined ? { reading: one('reading') as Reading } : {}),
    };
    checkQuery({ agent: 'defaults', path: '/', ...defaults }, 'options');
    queries = readQueries(io, queriesFile, defaults);
  } else {
    const agent = one('agent');
    const pathArg = one('path') ?? (one('html') !== undefined ? '/' : undefined);
    if (agent === undefined || pathArg === undefined) throw new UsageError('explain needs --agent NAME and --path PATH_OR_URL (or --queries FILE.json)');
    const query: Query = {
      agent, path: pathArg,
      ...(one('usage') !== undefined ? { usage: one('usage') } : {}),
      ...(one('purpose') !== undefined ? { purpose: one('purpose') } : {}),
      ...(one('profile') !== undefined ? { profile: one('profile') as Profile } : {}),
      ...(one('reading') !== undefined ? { reading: one('reading') as Reading } : {}),
    };
    checkQuery(query, 'query');
    queries = [query];
  }

  const doc = readDocument(io, positional[0]);
  const ctx = { workspace: workspaceOf(io) };
  const htmlFile = one('html');
  if (htmlFile !== undefined) {
    // The META-aware verdict for a page (Part 2 §2.2.8; interpretation §4). Its path defaults to
    // where the page lies relative to the robots.txt's folder.
    const page = parseHtml(htmlFile, readText(io, htmlFile).text);
    const defaultPath = '/' + path.relative(path.dirname(path.resolve(positional[0])), path.resolve(htmlFile)).split(path.sep).join('/');
    const answers = queries.map((q) => isError(q) ? q : answer(q, () => explainPage(doc, page, { agent: q.agent, path: queriesFile === undefined && one('path') === undefined ? defaultPath : q.path, ...(q.usage ? { usage: q.usage } : {}), ...(q.purpose ? { purpose: q.purpose } : {}), ...(q.profile ? { profile: q.profile } : {}) }, ctx)));
    if (format === 'json') io.out(relativeNames(JSON.stringify(queriesFile !== undefined ? answers : answers[0], null, 2) + '\n', positional[0]));
    else io.out(relativeNames(answers.map((a) => (isError(a) ? formatError(a) : formatPageExplanation(a))).join('\n'), positional[0]));
    return exitStatus(answers);
  }
  // Without --reading, each crawler is answered in its own reading (the crawler knowledge base's
  // readsAcap fact, issue 15), and the answer says why and what the other reading says where it
  // differs (JSON: the added fields readingWhy and otherReading). --reading still forces one.
  const answers = queries.map((q) => (isError(q) ? q : answer(q, (): Explanation & { readingWhy?: string; otherReading?: OtherReading } => {
    if (q.reading !== undefined) return explain(doc, q, ctx);
    const d = explainDefault(doc, q, ctx);
    return { ...d.answer, readingWhy: d.readingWhy, ...(d.other ? { otherReading: d.other } : {}) };
  })));
  if (format === 'json') {
    io.out(relativeNames(JSON.stringify(queriesFile !== undefined ? answers : answers[0], null, 2) + '\n', positional[0]));
  } else {
    io.out(relativeNames(answers.map((a) => (isError(a) ? formatError(a) : formatExplanation(a) + readingText(a))).join('\n'), positional[0]));
  }
  return exitStatus(answers);
}

/** The reading lines of a default answer: why this reading, and the other reading's verdict where it differs. */
function readingText(a: { readonly reading: Reading; readonly readingWhy?: string; readonly otherReading?: OtherReading }): string {
  const out: string[] = [];
  if (a.readingWhy) out.push(`  reading: ${a.reading === 'acap' ? 'ACAP' : 'conventional'} — ${a.readingWhy}`);
  const o = a.otherReading;
  if (o) {
    const lines = o.decidedBy.map((d) => `line ${d.line}${d.file ? ` of ${d.file}` : ''}`);
    out.push(`  ${o.reading === 'acap' ? 'ACAP' : 'conventional'} reading would say: ${o.allowed ? 'allowed' : 'prohibited'}${lines.length ? ` by ${lines.join(', ')}` : ''}${o.qualifiers.length ? ` with ${o.qualifiers.join(', ')}` : ''}`);
  }
  return out.length ? out.join('\n') + '\n' : '';
}

function isError(x: unknown): x is QueryError {
  return typeof x === 'object' && x !== null && 'error' in x;
}

/** One answer, or the error that stopped it, in its place. */
function answer<T>(q: Query, f: () => T): T | QueryError {
  try {
    return f();
  } catch (err) {
    if (err instanceof RangeError) return { error: err.message, query: q };
    throw err;
  }
}

function formatError(e: QueryError): string {
  return `error: ${e.error}\n`;
}

/**
 * Exit status: 0 when every answer allows, 1 when some answer prohibits, 2 when a query could not
 * be answered (its error object stands in its place; usage errors are 2 as well, in main.ts).
 */
function exitStatus(answers: readonly ({ readonly allowed: boolean } | QueryError)[]): number {
  if (answers.some(isError)) return 2;
  return answers.every((a) => !isError(a) && a.allowed) ? 0 : 1;
}
