/** An explanation as a few lines of plain text (the CLI's output, the editor's details). */
import type { Explanation } from './permissions';

function where(d: { readonly line: number; readonly file?: string }): string {
  return `line ${d.line}${d.file ? ` of ${d.file}` : ''}`;
}

/** Lines a decision counted without listing them (LISTED_MAX). */
function more(n: number): string {
  return `${n.toLocaleString('en')} more ${n === 1 ? 'line' : 'lines'}, not listed`;
}

/**
 * A few lines a person reads: the verdict, the deciding lines (with their file when a
 * permissions reference led elsewhere), qualifiers and where each is written, the lines that
 * lost and why, where the profiles disagree, and the notes (lines crawlers cannot read, …).
 */
export function formatExplanation(e: Explanation): string {
  const verb = e.allowed ? 'may' : 'may not';
  const out: string[] = [];
  out.push(`${e.agent} ${verb} ${e.usage} ${e.path}${e.purpose ? ` for ${e.purpose}` : ''}  (${e.reading === 'acap' ? 'ACAP reading' : 'conventional reading'}, profile ${e.profile})`);
  if (e.qualifiers.length) {
    const from = (q: string): string => {
      const s = e.qualifierSources.filter((x) => x.qualifier === q).map(where);
      return s.length ? ` (from ${s.join(', ')})` : '';
    };
    out.push(`  with: ${e.qualifiers.map((q) => q + from(q)).join(', ')}`);
  }
  for (const d of e.decidedBy) out.push(`  ${where(d)}: ${d.text}`);
  out.push(`  ${e.decision.summary}`);
  if (e.crawl) out.push(`  ${e.crawl.summary}`);
  for (const c of e.decision.overridden) out.push(`  overridden: ${where(c)}: ${c.text}`);
  if (e.decision.omitted?.overridden) out.push(`  overridden: ${more(e.decision.omitted.overridden)}`);
  for (const d of [e.decision, ...(e.crawl ? [e.crawl] : [])]) {
    for (const l of d.losers) out.push(`  lost (${d.usage}): ${where(l)}: ${l.text} — ${l.why}`);
    if (d.omitted?.losers) out.push(`  lost (${d.usage}): ${more(d.omitted.losers)}`);
  }
  const profiles = Object.entries(e.profiles);
  if (profiles.some(([, v]) => v !== profiles[0][1])) {
    out.push(`  conventional crawl verdict differs by profile: ${profiles.map(([p, v]) => `${p} ${v ? 'allowed' : 'prohibited'}`).join(', ')}`);
  }
  for (const n of e.notes) out.push(`  note: ${n}`);
  return out.join('\n') + '\n';
}
