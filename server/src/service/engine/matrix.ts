/**
 * Who may do what on one path: crawlers × usages, with crawlers that answer alike grouped, and
 * crawlers that answer like `*` folded into its row. The hover and the CLI's `table` render it.
 */
import type { Profile } from './conventional';
import type { RobotsDocument } from '../syntax/document';
import { getModel } from '../model/model';
import { agentToken, explain, type EngineContext, type Explanation } from './permissions';

/** Major search and AI crawlers (their published product tokens). */
export const DEFAULT_CRAWLERS: readonly string[] = ['Googlebot', 'Bingbot', 'GPTBot', 'ClaudeBot', 'CCBot', 'Google-Extended', 'Applebot-Extended', 'PerplexityBot'];

/** The usages shown for an ACAP file; a conventional file speaks only about crawl. */
export const MATRIX_USAGES: readonly string[] = ['crawl', 'follow', 'index', 'preserve', 'present', 'present-snippet'];

export interface MatrixCell {
  readonly allowed: boolean;
  /** 1-based deciding line, if a line decided. */
  readonly line: number | undefined;
  readonly qualifiers: readonly string[];
  /** Refused only because crawling is (interpretation §3.5). */
  readonly needsCrawl: boolean;
}

export interface MatrixRow {
  readonly crawlers: readonly string[];
  readonly cells: readonly MatrixCell[];
  /** The conventional readings (rfc9309, google, koster1996) disagree on crawl. */
  readonly profilesDisagree: boolean;
}

export interface Matrix {
  readonly path: string;
  readonly acap: boolean;
  readonly profile: Profile;
  readonly usages: readonly string[];
  /** Crawlers that answer differently from `*`, grouped by identical rows. */
  readonly rows: readonly MatrixRow[];
  /** The row for any other crawler, and the listed crawlers that answer the same. */
  readonly star: MatrixRow;
}

/** Crawler names the file addresses (User-agent and ACAP-crawler values), first spelling kept. */
export function crawlersNamed(doc: RobotsDocument): string[] {
  const out = new Map<string, string>();
  for (const line of doc.lines) {
    const d = line.directive;
    const value = d.kind === 'user-agent' ? line.text.slice(d.agent.start, d.agent.end) : d.kind === 'acap-crawler' ? line.text.slice(d.name.start, d.name.end) : '';
    const name = agentToken(value);
    if (name && name !== '*' && !out.has(name.toLowerCase())) out.set(name.toLowerCase(), name);
  }
  return [...out.values()];
}

/** The cell names the line that decided the usage itself (none when silence permits it). */
function cellOf(e: Explanation, crawlRefused: boolean): MatrixCell {
  // Refused for want of crawl: what the usage's own lines say does not matter, so cells alike.
  if (crawlRefused && e.usage !== 'crawl') return { allowed: false, line: undefined, qualifiers: [], needsCrawl: true };
  return { allowed: e.allowed, line: e.decision.winners[0]?.line, qualifiers: e.qualifiers, needsCrawl: false };
}

function key(cells: readonly MatrixCell[]): string {
  return cells.map((c) => `${c.allowed}:${c.line}:${c.qualifiers.join(' ')}:${c.needsCrawl}`).join('|');
}

export function permissionMatrix(doc: RobotsDocument, path: string, crawlers: readonly string[], profile: Profile, ctx: EngineContext = {}): Matrix {
  const acap = getModel(doc).records.length > 0;
  const usages = acap ? MATRIX_USAGES : ['crawl'];
  const rowOf = (agent: string): { cells: MatrixCell[]; disagree: boolean } => {
    const answers = usages.map((usage) => explain(doc, { agent, usage, path, profile }, ctx));
    const refused = !answers[0].allowed;
    const p = answers[0].profiles;
    return { cells: answers.map((e) => cellOf(e, refused)), disagree: !(p.rfc9309 === p.google && p.google === p.koster1996) };
  };
  const star = rowOf('*');
  const starKey = key(star.cells);
  const rows: { crawlers: string[]; cells: MatrixCell[]; profilesDisagree: boolean }[] = [];
  const likeStar: string[] = [];
  const rowByKey = new Map<string, (typeof rows)[number]>();
  const all = [...new Map([...crawlersNamed(doc), ...crawlers].map((c) => [c.toLowerCase(), c])).values()];
  for (const c of all) {
    const r = rowOf(c);
    const k = key(r.cells);
    if (k === starKey && r.disagree === star.disagree) {
      likeStar.push(c);
      continue;
    }
    // Rows by their key, so that grouping is O(crawlers), not a search of every row per crawler.
    const same = rowByKey.get(`${k}|${r.disagree}`);
    if (same) same.crawlers.push(c);
    else {
      const row = { crawlers: [c], cells: r.cells, profilesDisagree: r.disagree };
      rows.push(row);
      rowByKey.set(`${k}|${r.disagree}`, row);
    }
  }
  return {
    path, acap, profile, usages, rows,
    star: { crawlers: likeStar, cells: star.cells, profilesDisagree: star.disagree },
  };
}
