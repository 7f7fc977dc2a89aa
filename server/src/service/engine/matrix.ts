/**
 * Who may do what on one path: crawlers × usages, with crawlers that answer alike grouped, and
 * crawlers that answer like `*` folded into its row. The hover and the CLI's `table` render it.
 */
import { PROFILES, type Profile } from './conventional';
import type { RobotsDocument } from '../syntax/document';
import { getModel } from '../model/model';
import { USAGES } from '../facts/facts';
import type { UsageRef } from '../syntax/directives';
import { agentToken, explain, type Explanation } from './permissions';
import type { WorkspaceContext } from '../syntax/workspace';

/** Major search and AI crawlers (their published product tokens). */
export const DEFAULT_CRAWLERS: readonly string[] = ['Googlebot', 'Bingbot', 'GPTBot', 'ClaudeBot', 'CCBot', 'Google-Extended', 'Applebot-Extended', 'PerplexityBot'];

/** The usages shown for an ACAP file; a conventional file speaks only about crawl. */
export const MATRIX_USAGES: readonly string[] = ['crawl', 'follow', 'index', 'preserve', 'present', 'present-snippet'];

/**
 * The columns for `doc`: the usual six, and every other usage its ACAP fields speak about, local
 * usages expanded (Part 1 §2.4.1.3, §2.7), in the facts' order. `other` is no column: it speaks
 * through the other usages' cells (Part 1 §2.5.8). O(lines + members).
 */
export function matrixUsages(doc: RobotsDocument): string[] {
  const model = getModel(doc);
  const spoken = new Set(MATRIX_USAGES);
  const add = (u: UsageRef | undefined, depth: number): void => {
    if (!u) return;
    if (!u.local) {
      spoken.add(u.name);
      return;
    }
    const def = model.localUsages.get(u.name);
    if (!def || depth > 1) return;
    const d = doc.lines[def.line].directive;
    if (d.kind === 'acap-qualified-usage') add(d.usage, depth + 1);
    else if (d.kind === 'acap-composite-usage') for (const m of d.members) add(m, depth + 1);
  };
  for (const line of doc.lines) {
    const d = line.directive;
    if (d.kind === 'acap-permission') add(d.usage, 0);
  }
  return USAGES.map((u) => u.name).filter((n) => n !== 'other' && spoken.has(n));
}

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
  /** The conventional crawl verdict under each profile, to say which says what. */
  readonly profiles: Readonly<Record<Profile, boolean>>;
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
  /**
   * Usage purposes of the file's purpose sub-records (as written): the table shows the general
   * verdicts, which those purposes may override (interpretation §3.1).
   */
  readonly purposes: readonly string[];
}

/** Which profile says what, when they disagree: `rfc9309 allows, google prohibits, …`. */
export function profileWords(p: Readonly<Record<Profile, boolean>>): string {
  return PROFILES.map((x) => `${x} ${p[x] ? 'allows' : 'prohibits'}`).join(', ');
}

/** Crawler names of ACAP-crawler lines, lower-cased. */
function acapCrawlers(doc: RobotsDocument): Set<string> {
  const out = new Set<string>();
  for (const line of doc.lines) {
    const d = line.directive;
    if (d.kind === 'acap-crawler') out.add(agentToken(line.text.slice(d.name.start, d.name.end)).toLowerCase());
  }
  return out;
}

/**
 * Crawler names the file addresses (User-agent and ACAP-crawler values), first spelling kept, in
 * file order. Taken from the model's group and record openers rather than a scan of every line:
 * O(agent lines × log), which on a file of one group of 47,000 rules is a few lines.
 */
export function crawlersNamed(doc: RobotsDocument): string[] {
  const model = getModel(doc);
  const lines: number[] = [];
  for (const g of model.groups) for (const a of g.agents) lines.push(a);
  for (const r of model.records) for (const c of r.crawlers) lines.push(c);
  lines.sort((a, b) => a - b);
  const out = new Map<string, string>();
  for (const i of lines) {
    const line = doc.lines[i];
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

export function permissionMatrix(doc: RobotsDocument, path: string, crawlers: readonly string[], profile: Profile, ctx: WorkspaceContext = {}): Matrix {
  const acap = getModel(doc).records.length > 0;
  const usages = acap ? matrixUsages(doc) : ['crawl'];
  const rowOf = (agent: string): { cells: MatrixCell[]; disagree: boolean; profiles: Record<Profile, boolean> } => {
    const answers = usages.map((usage) => explain(doc, { agent, usage, path, profile }, ctx));
    const refused = !answers[0].allowed;
    const p = answers[0].profiles;
    return { cells: answers.map((e) => cellOf(e, refused)), disagree: !(p.rfc9309 === p.google && p.google === p.koster1996), profiles: { ...p } };
  };
  const pkey = (p: Readonly<Record<Profile, boolean>>): string => PROFILES.map((x) => p[x]).join();
  const star = rowOf('*');
  const starKey = key(star.cells) + pkey(star.profiles);
  const rows: { crawlers: string[]; cells: MatrixCell[]; profilesDisagree: boolean; profiles: Record<Profile, boolean> }[] = [];
  const likeStar: string[] = [];
  // A crawler named only in ACAP records keeps a row of its own: the publisher wrote a record for it.
  const ownRow = acap ? acapCrawlers(doc) : new Set<string>();
  const rowByKey = new Map<string, (typeof rows)[number]>();
  const all = [...new Map([...crawlersNamed(doc), ...crawlers].map((c) => [c.toLowerCase(), c])).values()];
  for (const c of all) {
    const r = rowOf(c);
    const k = key(r.cells) + pkey(r.profiles);
    if (k === starKey && !ownRow.has(c.toLowerCase())) {
      likeStar.push(c);
      continue;
    }
    // Rows by their key, so that grouping is O(crawlers), not a search of every row per crawler.
    const rk = k + pkey(r.profiles);
    const same = rowByKey.get(rk);
    if (same) same.crawlers.push(c);
    else {
      const row = { crawlers: [c], cells: r.cells, profilesDisagree: r.disagree, profiles: r.profiles };
      rows.push(row);
      rowByKey.set(rk, row);
    }
  }
  const model = getModel(doc);
  const purposes = [...new Set(model.records.flatMap((r) => r.subRecords.flatMap((s) => s.purposes.map((l) => {
    const f = doc.lines[l].field;
    return f ? doc.lines[l].text.slice(f.value.start, f.value.end).trim() : '';
  })))).values()].filter((x) => x !== '');
  return {
    path, acap, profile, usages, rows,
    star: { crawlers: likeStar, cells: star.cells, profilesDisagree: star.disagree, profiles: star.profiles },
    purposes,
  };
}
