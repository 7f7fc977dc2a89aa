/**
 * robots-acap explain ROBOTS.TXT --agent NAME --path PATH_OR_URL --usage ai-train|ai-input|search
 *   [--profile rfc9309|google|koster1996] [--html PAGE.html] [--format text|json]
 *
 * The AI usages, answered by the service's AI-use engine from every signal of the file
 * (Content-Usage, Content-Signal, control tokens, ACAP). Kept apart from explain.ts, which
 * dispatches here when --usage names an AI use (`train-ai`, the aipref label, is read as ai-train).
 */
import { aiUseOf, explainAiUse, explainPageAiUse, formatAiUse, parseHtml, type AiUse } from '../service';
import { parseOptions, profileOption, readDocument, readText, relativeNames, UsageError, workspaceOf, type CliIO } from './io';

/** The AI use named by `--usage` in args, if any: then explain.ts hands the command to runExplainAi. */
export function aiUseArgument(args: readonly string[]): AiUse | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const v = a === '--usage' ? args[i + 1] : a.startsWith('--usage=') ? a.slice('--usage='.length) : undefined;
    if (v !== undefined) return aiUseOf(v);
  }
  return undefined;
}

export function runExplainAi(args: readonly string[], use: AiUse, io: CliIO): number {
  const { options, positional } = parseOptions(args, { agent: 'value', path: 'value', usage: 'value', profile: 'value', format: 'value', html: 'value' });
  if (positional.length !== 1) throw new UsageError('explain needs exactly one robots.txt file');
  const one = (name: string): string | undefined => options.get(name)?.[0];
  const format = one('format') ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not ‘${format}’`);
  const agent = one('agent');
  const path = one('path');
  if (agent === undefined || path === undefined) throw new UsageError('explain needs --agent NAME and --path PATH_OR_URL');
  const profile = profileOption(one('profile'));
  const doc = readDocument(io, positional[0]);
  const ctx = { workspace: workspaceOf(io) };
  const html = one('html');
  const query = { agent, path, use, ...(profile ? { profile } : {}) };
  // With --html, the page's META signals join robots.txt's (noai, noml, tdm-reservation…).
  const answer = html !== undefined
    ? explainPageAiUse(doc, parseHtml(html, readText(io, html).text), query, ctx)
    : explainAiUse(doc, query, ctx);
  io.out(relativeNames(format === 'json' ? JSON.stringify(answer, null, 2) + '\n' : formatAiUse(answer), positional[0]));
  // As explain's other answers: 1 when the use is prohibited; an unknown use (no signal speaks on
  // it) is not a prohibition.
  return answer.verdict === 'prohibited' ? 1 : 0;
}
