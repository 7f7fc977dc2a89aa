/**
 * robots-acap table ROBOTS.TXT [--path P]... [--agent A]... [--profile NAME]
 *
 * For each path, who may do what: crawlers (those the file names, plus --agent or the usual
 * search and AI crawlers) × usages, each cell the verdict and the line that decides.
 */
import { DEFAULT_CRAWLERS, PROFILES, permissionMatrix, type Matrix, type MatrixCell, type Profile } from '../service';
import { parseOptions, readDocument, referenceResolver, UsageError, type CliIO } from './io';
import { formatAiTable } from './aiTable';

const TITLE: Readonly<Record<string, string>> = { 'present-snippet': 'snippet' };

function cellText(c: MatrixCell, notes: string[]): string {
  if (c.needsCrawl) return '-';
  let text = `${c.allowed ? 'yes' : 'no'}${c.line !== undefined ? ` L${c.line}` : ''}`;
  if (c.qualifiers.length) {
    const q = c.qualifiers.join(' ');
    let k = notes.indexOf(q);
    if (k < 0) k = notes.push(q) - 1;
    text += ` [${k + 1}]`;
  }
  return text;
}

export function formatMatrix(m: Matrix): string {
  const notes: string[] = [];
  const head = ['crawler', ...m.usages.map((u) => TITLE[u] ?? u)];
  const starName = `* (any other${m.star.crawlers.length ? `, e.g. ${m.star.crawlers.slice(0, 3).join(', ')}` : ''})`;
  const body = [...m.rows.map((r) => [r.crawlers.join(', ') + (r.profilesDisagree ? ' †' : ''), ...r.cells.map((c) => cellText(c, notes))]),
    [starName + (m.star.profilesDisagree ? ' †' : ''), ...m.star.cells.map((c) => cellText(c, notes))]];
  const widths = head.map((_, k) => Math.max(head[k].length, ...body.map((row) => row[k].length)));
  const fmt = (row: string[]): string => row.map((cell, k) => cell.padEnd(widths[k])).join('  ').trimEnd();
  const out = [fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(fmt)];
  notes.forEach((n, i) => out.push(`  [${i + 1}] ${n}`));
  if ([...m.rows, m.star].some((r) => r.cells.some((c) => c.needsCrawl))) out.push('  - needs crawl, which is refused');
  if ([...m.rows, m.star].some((r) => r.profilesDisagree)) out.push('  † rfc9309, google and koster1996 disagree on crawl');
  return out.join('\n');
}

export const DEFAULT_TABLE_PATHS = ['/'];

export function runTable(args: readonly string[], io: CliIO): number {
  const { options, positional } = parseOptions(args, { path: 'list', agent: 'list', profile: 'value' });
  if (positional.length !== 1) throw new UsageError('table needs exactly one robots.txt file');
  const profile = (options.get('profile')?.[0] ?? 'rfc9309') as Profile;
  if (!PROFILES.includes(profile)) throw new UsageError(`unknown profile ‘${profile}’ (one of ${PROFILES.join(', ')})`);
  const doc = readDocument(io, positional[0]);
  const ctx = { resolveReference: referenceResolver(io) };
  const crawlers = options.get('agent') ?? DEFAULT_CRAWLERS;
  const paths = options.get('path') ?? DEFAULT_TABLE_PATHS;
  const blocks = paths.map((p) => {
    const m = permissionMatrix(doc, p, crawlers, profile, ctx);
    return `${m.path}  (${m.acap ? `ACAP reading; conventional lines under ${profile}` : `conventional reading, ${profile}`})\n${formatMatrix(m)}\n\n${formatAiTable(doc, p, crawlers, profile, ctx)}`;
  });
  io.out(`Who may do what — ${positional[0]}\n\n${blocks.join('\n\n')}\n`);
  return 0;
}
