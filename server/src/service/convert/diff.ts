/**
 * What changed between two versions of a robots.txt, as verdicts rather than text: for every
 * crawler either file names, the knowledge base's main crawlers and `*`, on probe paths made
 * from both files' patterns (verify.ts probePaths), each crawl verdict and each AI-use verdict
 * (ai-train, ai-input, search) that differs, with the lines responsible in each version.
 * Cost: O(A · P · 4) engine evaluations for A crawlers and P ≤ maxProbes paths.
 */
import { AI_USES } from '../facts/crawlers';
import type { RobotsDocument } from '../syntax/document';
import { parseContentSignal, parseContentUsage } from '../syntax/signals';
import { fieldPatterns } from '../engine/acapRules';
import { explainAiUse } from '../engine/aiUse';
import type { Profile } from '../engine/conventional';
import { crawlersNamed, DEFAULT_CRAWLERS } from '../engine/matrix';
import { explain, type LineRef } from '../engine/permissions';
import { probePaths } from './verify';

export type DiffQuestion = 'crawl' | 'ai-train' | 'ai-input' | 'search';

export interface VerdictFlip {
  /** The crawlers for which this verdict flips alike (same lines on both sides). */
  readonly agents: readonly string[];
  readonly path: string;
  readonly question: DiffQuestion;
  /** `allowed`, `prohibited` or (AI uses) `unknown`. */
  readonly before: string;
  readonly after: string;
  readonly beforeLines: readonly LineRef[];
  readonly afterLines: readonly LineRef[];
}

export interface RobotsDiff {
  readonly agents: readonly string[];
  readonly paths: readonly string[];
  readonly flips: readonly VerdictFlip[];
}

export interface DiffOptions {
  readonly crawlers?: readonly string[];
  readonly profile?: Profile;
  readonly maxProbes?: number;
}

/** Every path pattern of a file: rules, Content-Usage / Content-Signal paths, ACAP resource patterns. */
function patternsOf(doc: RobotsDocument): string[] {
  const out: string[] = [];
  for (const line of doc.lines) {
    const d = line.directive;
    const f = line.field;
    if (d.kind === 'rule') out.push(line.text.slice(d.pattern.start, d.pattern.end));
    else if (f?.fact?.id === 'content-usage') {
      const p = parseContentUsage(line.text, f.value).path;
      if (p) out.push(line.text.slice(p.start, p.end));
    } else if (f?.fact?.id === 'content-signal') {
      const p = parseContentSignal(line.text, f.value).path;
      if (p) out.push(line.text.slice(p.start, p.end));
    }
  }
  // Pushed one by one: a resource set of 300,000 patterns passed the engine's argument limit as a spread.
  for (const p of fieldPatterns(doc)) out.push(p);
  return out;
}

interface Verdict {
  readonly says: string;
  readonly lines: readonly LineRef[];
}

function verdicts(doc: RobotsDocument, agent: string, path: string, profile: Profile): Record<DiffQuestion, Verdict> {
  const crawl = explain(doc, { agent, path, usage: 'crawl', profile });
  const out = { crawl: { says: crawl.allowed ? 'allowed' : 'prohibited', lines: crawl.decidedBy } } as Record<DiffQuestion, Verdict>;
  for (const use of AI_USES) {
    const a = explainAiUse(doc, { agent, path, use, profile });
    out[use] = { says: a.verdict, lines: a.decidedBy };
  }
  return out;
}

/** The verdicts that flip between `before` and `after`. */
export function diffRobots(before: RobotsDocument, after: RobotsDocument, options: DiffOptions = {}): RobotsDiff {
  const profile = options.profile ?? 'rfc9309';
  const agents = [...new Map([...crawlersNamed(before, profile), ...crawlersNamed(after, profile), ...(options.crawlers ?? DEFAULT_CRAWLERS), '*'].map((c) => [c.toLowerCase(), c])).values()];
  const paths = probePaths([...patternsOf(before), ...patternsOf(after)], options.maxProbes ?? 100).paths;
  const flips: VerdictFlip[] = [];
  const byKey = new Map<string, VerdictFlip & { agents: string[] }>();
  for (const path of paths) {
    for (const agent of agents) {
      const b = verdicts(before, agent, path, profile);
      const a = verdicts(after, agent, path, profile);
      for (const q of ['crawl', ...AI_USES] as DiffQuestion[]) {
        if (b[q].says === a[q].says) continue;
        const key = [path, q, b[q].says, a[q].says, b[q].lines.map((l) => l.line).join(','), a[q].lines.map((l) => l.line).join(',')].join('\u0000');
        const same = byKey.get(key);
        if (same) same.agents.push(agent);
        else {
          const flip = { agents: [agent], path, question: q, before: b[q].says, after: a[q].says, beforeLines: b[q].lines, afterLines: a[q].lines };
          byKey.set(key, flip);
          flips.push(flip);
        }
      }
    }
  }
  return { agents, paths, flips };
}

/** The diff as text: one flip per line, grouped by crawler. */
export function formatDiff(d: RobotsDiff, oldName: string, newName: string): string {
  if (d.flips.length === 0) return `No verdict changes (${d.agents.length} crawlers × ${d.paths.length} probe paths × crawl and AI uses).\n`;
  const refs = (ls: readonly LineRef[], file: string): string => (ls.length ? ls.map((l) => `${file}:${l.line} ${l.text}`).join('; ') : 'no line');
  const out: string[] = [];
  for (const f of d.flips) out.push(`${f.agents.join(', ')}: ${f.question} ${f.path}: ${f.before} → ${f.after}  (was ${refs(f.beforeLines, oldName)}; now ${refs(f.afterLines, newName)})`);
  out.push(`${d.flips.length} verdict${d.flips.length > 1 ? 's' : ''} changed (${d.agents.length} crawlers × ${d.paths.length} probe paths).`);
  return out.join('\n') + '\n';
}
