/**
 * robots-acap table ROBOTS.TXT [--path P]... [--agent A]... [--profile NAME] [--format text|json]
 *
 * For each path, who may do what: crawlers (those the file names, plus --agent or the usual
 * search and AI crawlers) × usages, each cell the verdict and the line that decides.
 */
import { DEFAULT_CRAWLERS, permissionMatrix, profileWords, type Matrix, type MatrixCell, type MatrixRow } from '../service';
import { parseOptions, profileOption, readDocument, relativeNames, UsageError, workspaceOf, type CliIO } from './io';
import { formatAiTable } from './aiTable';
import { escapeName } from './formats';

const TITLE: Readonly<Record<string, string>> = { 'present-snippet': 'snippet' };

function cellText(c: MatrixCell, notes: string[]): string {
  if (c.needsCrawl) return c.other ? `- / ${c.other.reading === 'acap' ? 'ACAP' : 'conv.'} ${c.other.allowed ? 'yes' : 'no'}${c.other.line !== undefined ? ` L${c.other.line}` : ''}` : '-';
  let text = `${c.allowed ? 'yes' : 'no'}${c.line !== undefined ? ` L${c.line}` : ''}`;
  // Where the readings differ, both verdicts, each with its deciding line (issue 15).
  if (c.other) text += ` / ${c.other.reading === 'acap' ? 'ACAP' : 'conv.'} ${c.other.allowed ? 'yes' : 'no'}${c.other.line !== undefined ? ` L${c.other.line}` : ''}`;
  if (c.qualifiers.length) {
    const q = c.qualifiers.join(' ');
    let k = notes.indexOf(q);
    if (k < 0) k = notes.push(q) - 1;
    text += ` [${k + 1}]`;
  }
  return text;
}

/** A row whose answers depend on the reading names the one its crawlers use: `(conventional)` or `(ACAP)`. */
function readingMark(m: Matrix, r: MatrixRow): string {
  return m.acap && r.readingsDiffer ? ` (${r.reading === 'acap' ? 'ACAP' : 'conventional'})` : '';
}

export function formatMatrix(m: Matrix): string {
  const notes: string[] = [];
  const head = ['crawler', ...m.usages.map((u) => TITLE[u] ?? u)];
  const starName = `* (any other${m.star.crawlers.length ? `, e.g. ${m.star.crawlers.slice(0, 3).join(', ')}` : ''})`;
  const rowsOf = (rows: readonly MatrixRow[], star: MatrixRow, prefix: string): string[][] => [
    ...rows.map((r) => [prefix + r.crawlers.join(', ') + readingMark(m, r) + (r.profilesDisagree ? ' †' : ''), ...r.cells.map((c) => cellText(c, notes))]),
    [prefix + starName + readingMark(m, star) + (star.profilesDisagree ? ' †' : ''), ...star.cells.map((c) => cellText(c, notes))],
  ];
  // Purpose rows (Part 1 §2.3.3): the verdicts with that usage purpose given.
  const body = [...rowsOf(m.rows, m.star, ''),
    ...m.purposeRows.flatMap((p) => [[`purpose ${p.purpose}:`, ...m.usages.map(() => '')], ...rowsOf(p.rows, p.star, '  ')])];
  // A loop, not Math.max(...): one argument per row passes the engine's limit on a file naming 150,000 crawlers.
  const widths = head.map((_, k) => body.reduce((w, row) => Math.max(w, row[k].length), head[k].length));
  const fmt = (row: string[]): string => row.map((cell, k) => cell.padEnd(widths[k])).join('  ').trimEnd();
  const out = [fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(fmt)];
  notes.forEach((n, i) => out.push(`  [${i + 1}] ${n}`));
  if ([...m.rows, m.star].some((r) => r.cells.some((c) => c.needsCrawl))) out.push('  - needs crawl, which is refused');
  for (const r of m.rows) if (r.profilesDisagree) out.push(`  † ${r.crawlers.join(', ')}: ${profileWords(r.profiles)} crawling here`);
  if (m.star.profilesDisagree) out.push(`  † * (any other): ${profileWords(m.star.profiles)} crawling here`);
  if (m.acap && [...m.rows, m.star].some((r) => r.cells.some((c) => c.other))) out.push('  A / B: the crawler\'s own reading, then the other reading where it differs (a crawler reads ACAP only when the crawler knowledge base says so)');
  const left = purposesLeftOut(m);
  if (left) out.push(left);
  return out.join('\n');
}

export const DEFAULT_TABLE_PATHS = ['/'];

/**
 * Purpose sections a table computes, in file order; the others are named as left out. Each costs
 * crawlers × usages × 2 engine answers: a file of 8,000 purposes made a table of 8,000 sections
 * (half a million answers, tens of seconds). `robots-acap explain --purpose P` asks any one.
 */
export const MAX_TABLE_PURPOSES = 50;

/** The line that says how many purposes a table left out, if it left any. */
function purposesLeftOut(m: Matrix): string | undefined {
  const left = m.purposes.length - m.purposeRows.length;
  return left > 0 ? `  ${left.toLocaleString('en')} more usage purpose${left === 1 ? '' : 's'} not shown (a table shows the first ${MAX_TABLE_PURPOSES}); \`robots-acap explain --purpose P\` asks about any of them` : undefined;
}

/**
 * A matrix as JSON: per path, the reading, and per row of crawlers (the last row is `*`, any
 * other crawler, with the listed crawlers that answer like it) each usage's cell.
 */
export function matrixJson(m: Matrix): unknown {
  // Fields added for issue 15 (row `reading`, `readingWhy`; cell `reading`, `other`; `purposes`); the old ones keep their meaning.
  const row = (r: MatrixRow, star: boolean): unknown => ({
    crawlers: star ? ['*', ...r.crawlers] : r.crawlers,
    reading: r.reading,
    readingsDiffer: r.readingsDiffer,
    readingWhy: r.readingWhy,
    profilesDisagree: r.profilesDisagree,
    cells: Object.fromEntries(m.usages.map((u, k) => [u, r.cells[k]])),
  });
  return {
    path: m.path, reading: m.acap ? 'acap' : 'conventional', profile: m.profile, usages: m.usages, rows: [...m.rows.map((r) => row(r, false)), row(m.star, true)],
    purposes: m.purposeRows.map((p) => ({ purpose: p.purpose, rows: [...p.rows.map((r) => row(r, false)), row(p.star, true)] })),
    // Present only when purposes were left out (MAX_TABLE_PURPOSES).
    ...(m.purposes.length > m.purposeRows.length ? { purposesNotShown: m.purposes.slice(m.purposeRows.length) } : {}),
  };
}

export function runTable(args: readonly string[], io: CliIO): number {
  const { options, positional } = parseOptions(args, { path: 'list', agent: 'list', profile: 'value', format: 'value' });
  const format = options.get('format')?.[0] ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not ‘${format}’`);
  if (positional.length !== 1) throw new UsageError('table needs exactly one robots.txt file');
  const profile = profileOption(options.get('profile')?.[0]) ?? 'rfc9309';
  const doc = readDocument(io, positional[0]);
  const ctx = { workspace: workspaceOf(io) };
  const crawlers = options.get('agent') ?? DEFAULT_CRAWLERS;
  const paths = options.get('path') ?? DEFAULT_TABLE_PATHS;
  if (format === 'json') {
    io.out(relativeNames(JSON.stringify({ file: positional[0], matrices: paths.map((p) => matrixJson(permissionMatrix(doc, p, crawlers, profile, ctx, { maxPurposes: MAX_TABLE_PURPOSES }))) }, null, 2) + '\n', positional[0]));
    return 0;
  }
  const blocks = paths.map((p) => {
    const m = permissionMatrix(doc, p, crawlers, profile, ctx, { maxPurposes: MAX_TABLE_PURPOSES });
    return `${m.path}  (${m.acap ? `each crawler in its own reading; conventional lines under ${profile}` : `conventional reading, ${profile}`})\n${formatMatrix(m)}\n\n${formatAiTable(doc, p, crawlers, profile, ctx)}`;
  });
  io.out(`Who may do what — ${escapeName(positional[0])}\n\n${relativeNames(blocks.join('\n\n'), positional[0])}\n`);
  return 0;
}
