/** An explanation as a few lines of plain text (the CLI's output, the editor's details). */
import type { Explanation } from './permissions';

/** A few lines a person reads: the verdict, the deciding lines, qualifiers, the trace. */
export function formatExplanation(e: Explanation): string {
  const verb = e.allowed ? 'may' : 'may not';
  const out: string[] = [];
  out.push(`${e.agent} ${verb} ${e.usage} ${e.path}${e.purpose ? ` for ${e.purpose}` : ''}  (${e.reading === 'acap' ? 'ACAP reading' : 'conventional reading'}, profile ${e.profile})`);
  if (e.qualifiers.length) out.push(`  with: ${e.qualifiers.join(' ')}`);
  for (const d of e.decidedBy) out.push(`  line ${d.line}: ${d.text}`);
  out.push(`  ${e.decision.summary}`);
  if (e.crawl) out.push(`  ${e.crawl.summary}`);
  for (const c of e.decision.overridden) out.push(`  overridden: line ${c.line}: ${c.text}`);
  const profiles = Object.entries(e.profiles);
  if (profiles.some(([, v]) => v !== profiles[0][1])) {
    out.push(`  conventional crawl verdict differs by profile: ${profiles.map(([p, v]) => `${p} ${v ? 'allowed' : 'prohibited'}`).join(', ')}`);
  }
  for (const n of e.notes) out.push(`  note: ${n}`);
  return out.join('\n') + '\n';
}
