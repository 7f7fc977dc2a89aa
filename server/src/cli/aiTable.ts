/**
 * The AI-use columns of `robots-acap table`: crawlers × ai-train, ai-input, search, each cell the
 * verdict (yes / no / ?) and its first deciding line; crawlers that answer alike share a row.
 */
import { AI_USES, crawlersNamed, explainAiUse, inOneRequest, type WorkspaceContext, type Profile, type RobotsDocument } from '../service';

export function formatAiTable(doc: RobotsDocument, path: string, crawlers: readonly string[], profile: Profile, context: WorkspaceContext): string {
  // Every cell asks for the site's tdmrep.json and licences: read once for the table.
  const ctx = inOneRequest(context);
  const all = [...new Map([...crawlersNamed(doc, profile), ...crawlers, '*'].map((c) => [c.toLowerCase(), c])).values()];
  const rows = new Map<string, { names: string[]; cells: string[] }>();
  for (const agent of all) {
    const cells = AI_USES.map((use) => {
      const a = explainAiUse(doc, { agent, path, use, profile }, ctx);
      const word = a.verdict === 'allowed' ? 'yes' : a.verdict === 'prohibited' ? 'no' : '?';
      return `${word}${a.decidedBy[0] ? ` L${a.decidedBy[0].line}` : ''}${a.contradictions.length ? ' ‡' : ''}`;
    });
    const key = cells.join('|');
    const row = rows.get(key);
    if (row) row.names.push(agent);
    else rows.set(key, { names: [agent], cells });
  }
  const head = ['AI uses', ...AI_USES];
  const body = [...rows.values()].map((r) => [r.names.join(', '), ...r.cells]);
  const widths = head.map((_, k) => body.reduce((w, row) => Math.max(w, row[k].length), head[k].length));
  const fmt = (row: string[]): string => row.map((cell, k) => cell.padEnd(widths[k])).join('  ').trimEnd();
  const out = [fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(fmt), '  ? no line speaks on it; ‡ the file contradicts itself (explain --usage names the lines)'];
  return out.join('\n');
}
