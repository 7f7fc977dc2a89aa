/**
 * robots-acap explain ROBOTS.TXT --agent NAME --path PATH_OR_URL [--usage U] [--purpose P]
 *   [--profile rfc9309|google|koster1996] [--reading acap|conventional] [--format text|json]
 * robots-acap explain ROBOTS.TXT --queries FILE.json [--format json]
 *
 * Who may do what, and which line decides. `--queries` takes an array of
 * {agent, path, usage?, purpose?, profile?, reading?} and answers each, in order.
 */
import { explain, facts, formatExplanation, PROFILES, type Profile, type Query, type Reading } from '../service';
import * as path from 'node:path';
import { explainPage, formatPageExplanation, parseHtml } from '../service';
import { parseOptions, readDocument, readText, referenceResolver, UsageError, type CliIO } from './io';

function checkQuery(q: Query, where: string): void {
  if (typeof q.agent !== 'string' || q.agent.trim() === '') throw new UsageError(`${where}: an agent is required`);
  if (typeof q.path !== 'string') throw new UsageError(`${where}: a path or URL is required`);
  if (q.usage !== undefined && !facts.USAGE_BY_NAME.has(String(q.usage).toLowerCase())) {
    throw new UsageError(`${where}: unknown usage ‘${q.usage}’ (one of ${facts.USAGES.map((u) => u.name).join(', ')})`);
  }
  if (q.profile !== undefined && !PROFILES.includes(q.profile)) throw new UsageError(`${where}: unknown profile ‘${q.profile}’ (one of ${PROFILES.join(', ')})`);
  if (q.reading !== undefined && q.reading !== 'acap' && q.reading !== 'conventional') throw new UsageError(`${where}: reading must be acap or conventional`);
}

function readQueries(io: CliIO, file: string): Query[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readText(io, file).text);
  } catch (err) {
    if (err instanceof SyntaxError) throw new UsageError(`${file} is not valid JSON: ${err.message}`);
    throw err;
  }
  if (!Array.isArray(parsed)) throw new UsageError(`${file} must hold an array of {agent, path, usage?, purpose?, profile?}`);
  return parsed.map((q: unknown, i) => {
    if (!q || typeof q !== 'object') throw new UsageError(`${file}[${i}] is not an object`);
    const o = q as Record<string, unknown>;
    const query: Query = {
      agent: String(o.agent ?? ''),
      path: typeof o.path === 'string' ? o.path : (undefined as unknown as string),
      ...(o.usage !== undefined ? { usage: String(o.usage) } : {}),
      ...(o.purpose !== undefined ? { purpose: String(o.purpose) } : {}),
      ...(o.profile !== undefined ? { profile: String(o.profile) as Profile } : {}),
      ...(o.reading !== undefined ? { reading: String(o.reading) as Reading } : {}),
    };
    checkQuery(query, `${file}[${i}]`);
    return query;
  });
}

export function runExplain(args: readonly string[], io: CliIO): number {
  const { options, positional } = parseOptions(args, {
    agent: 'value', path: 'value', usage: 'value', purpose: 'value', profile: 'value', reading: 'value', format: 'value', queries: 'value', html: 'value',
  });
  if (positional.length !== 1) throw new UsageError('explain needs exactly one robots.txt file');
  const format = options.get('format')?.[0] ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not ‘${format}’`);
  const one = (name: string): string | undefined => options.get(name)?.[0];

  let queries: Query[];
  const queriesFile = one('queries');
  if (queriesFile !== undefined) {
    for (const name of ['agent', 'path', 'usage', 'purpose', 'profile', 'reading']) {
      if (options.has(name)) throw new UsageError(`--${name} cannot be combined with --queries`);
    }
    queries = readQueries(io, queriesFile);
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
  const ctx = { resolveReference: referenceResolver(io) };
  const htmlFile = one('html');
  if (htmlFile !== undefined) {
    // The META-aware verdict for a page (Part 2 §2.2.8; interpretation §4). Its path defaults to
    // where the page lies relative to the robots.txt's folder.
    const page = parseHtml(htmlFile, readText(io, htmlFile).text);
    const defaultPath = '/' + path.relative(path.dirname(path.resolve(positional[0])), path.resolve(htmlFile)).split(path.sep).join('/');
    const answers = queries.map((q) => explainPage(doc, page, { agent: q.agent, path: queriesFile === undefined && one('path') === undefined ? defaultPath : q.path, ...(q.usage ? { usage: q.usage } : {}), ...(q.purpose ? { purpose: q.purpose } : {}) }, ctx));
    if (format === 'json') io.out(JSON.stringify(queriesFile !== undefined ? answers : answers[0], null, 2) + '\n');
    else io.out(answers.map(formatPageExplanation).join('\n'));
    return 0;
  }
  const answers = queries.map((q) => explain(doc, q, ctx));
  if (format === 'json') {
    io.out(JSON.stringify(queriesFile !== undefined ? answers : answers[0], null, 2) + '\n');
  } else {
    io.out(answers.map(formatExplanation).join('\n'));
  }
  return 0;
}
