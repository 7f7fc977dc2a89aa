/**
 * A page's effective permission: the site's robots.txt combined with the page's META tags and
 * class attributes (ACAP Part 2 §2.2; docs/decisions.md §4).
 *
 * - robots.txt decides first whether the page is crawled at all: a crawler it forbids to crawl
 *   never reads the page, so no META tag can matter (and the answer names the robots.txt line).
 * - META tags override robots.txt for this page (Part 2 §2.2.8). A tag named for the crawler beats
 *   `robots` for the usage types it speaks on (§2.2.1); the more specific usage beats its base;
 *   allow and disallow of one usage for one addressee is a prohibition (§2.2.8).
 * - Conventional values count with their ACAP meaning where one exists (noindex → disallow-index,
 *   nofollow → disallow-follow, noarchive → disallow-present-currentcopy, nosnippet →
 *   disallow-present-snippet, max-snippet:N → allow-present-snippet max-length=N-chars).
 * - Class permissions apply to their elements; a crawler that cannot process element-level
 *   permissions treats the usage as prohibited for the whole page (§2.2.6): both are reported.
 * - Every usage but crawl also needs crawl (interpretation §3.5).
 */
import type { RobotsDocument } from '../syntax/document';
import { USAGE_BY_NAME } from '../facts/facts';
import { matchPattern } from '../syntax/paths';
import { agentToken, explain, relevantUsages, type Explanation } from '../engine/permissions';
import type { WorkspaceContext } from '../syntax/workspace';
import type { Profile } from '../engine/conventional';
import { conventionalAcap } from './metaContent';
import type { HtmlPage, MetaTag, OffsetSpan } from './types';

export interface PageQuery {
  readonly agent: string;
  readonly usage?: string;
  /** The page's path on the site (relative to the folder of the site's robots.txt). */
  readonly path: string;
  readonly purpose?: string;
  /** How robots.txt's conventional groups are read (decisions §1): the user's profile. Default rfc9309. */
  readonly profile?: Profile;
}

export interface PageRef {
  readonly file: 'robots.txt' | 'page';
  /** 1-based line. */
  readonly line: number;
  readonly text: string;
}

/** One statement a META tag makes about a usage. */
export interface Statement {
  readonly meta: MetaTag;
  readonly named: boolean;
  readonly allow: boolean;
  readonly usage: string;
  readonly purpose: string | undefined;
  readonly qualifiers: readonly string[];
  /** For a conventional value, the value itself (`noindex`). */
  readonly conventional: string | undefined;
}

export interface PageDecision {
  readonly usage: string;
  readonly allowed: boolean;
  /** Where the decision came from. */
  readonly source: 'meta' | 'robots.txt' | 'not-crawled';
  readonly qualifiers: readonly string[];
  readonly decidedBy: readonly PageRef[];
  readonly summary: string;
}

export interface PageExplanation {
  readonly agent: string;
  readonly usage: string;
  readonly path: string;
  readonly allowed: boolean;
  readonly qualifiers: readonly string[];
  readonly decidedBy: readonly PageRef[];
  readonly decision: PageDecision;
  readonly crawl: PageDecision | undefined;
  /** robots.txt's answer for this usage, when there is a robots.txt. */
  readonly robots: Explanation | undefined;
  /** Elements whose class permissions speak on this usage (Part 2 §2.2.5). */
  readonly elements: readonly { readonly line: number; readonly element: string; readonly allow: boolean }[];
  readonly notes: readonly string[];
}

function lineOf(page: HtmlPage, span: OffsetSpan): number {
  return page.positionAt(span.start).line + 1;
}

function tagText(page: HtmlPage, meta: MetaTag): string {
  return page.text.slice(meta.tag.start, meta.tag.end).replace(/\s+/g, ' ');
}

/** The statements of one META tag, as its addressee reads them (`named`: a tag for one crawler). */
export function statementsOf(meta: MetaTag, out: Statement[]): void {
  const named = meta.nameLower !== 'robots';
  const m = meta.meaning;
  if (m.kind === 'acap-permission' && m.usage && !m.usage.local && USAGE_BY_NAME.has(m.usage.name)) {
    const qualifiers = m.allow ? m.qualifiers.filter((q) => q.value !== undefined).map((q) => `${q.name}=${q.value}`) : [];
    out.push({ meta, named, allow: m.allow, usage: m.usage.name, purpose: m.purpose?.text.toLowerCase(), qualifiers, conventional: undefined });
  } else if (m.kind === 'conventional') {
    for (const w of m.values) {
      const v = w.text.toLowerCase();
      for (const e of conventionalAcap(v)) out.push({ meta, named, allow: e.allow, usage: e.usage, purpose: undefined, qualifiers: e.qualifiers, conventional: v });
    }
  }
}

/**
 * Each page's statements by addressee (the lower-cased META name), each list in page order. A
 * page table asks explainPage crawlers × usages times, a queries file once per query: made once
 * per page, so that an answer reads the tags addressed to `robots` and to its crawler, not every
 * tag (asking each of 20,000 crawlers a page names took 2.5 s, each of 60,000 took 81 s).
 */
const statementsByName = new WeakMap<HtmlPage, ReadonlyMap<string, readonly Statement[]>>();

function statementIndex(page: HtmlPage): ReadonlyMap<string, readonly Statement[]> {
  let index = statementsByName.get(page);
  if (!index) {
    const made = new Map<string, Statement[]>();
    for (const meta of page.metas) {
      let list = made.get(meta.nameLower);
      if (!list) made.set(meta.nameLower, (list = []));
      statementsOf(meta, list);
    }
    statementsByName.set(page, (index = made));
  }
  return index;
}

/**
 * What the page's META tags say, addressed to `token` or to `robots`, as statements in page order
 * (metaDecision names the deciding tags in this order, the first in its summary). Cost: O(M · V) once per page in META tags
 * and their values, then O(R + T) per call in the statements of `robots` tags and of the token's.
 */
export function metaStatements(page: HtmlPage, token: string): readonly Statement[] {
  const index = statementIndex(page);
  const t = token.toLowerCase();
  const general = index.get('robots') ?? [];
  const own = t === 'robots' ? [] : index.get(t) ?? [];
  if (own.length === 0 || general.length === 0) return own.length ? own : general;
  // Merge the two lists by their tags' offsets (page.metas is in page order; no tag is in both).
  const out: Statement[] = [];
  let i = 0;
  let j = 0;
  while (i < general.length && j < own.length) out.push(general[i].meta.tag.start < own[j].meta.tag.start ? general[i++] : own[j++]);
  while (i < general.length) out.push(general[i++]);
  while (j < own.length) out.push(own[j++]);
  return out;
}

/** META's own decision for a usage, or undefined when no tag speaks on it. */
function metaDecision(page: HtmlPage, all: readonly Statement[], usage: string, purpose: string | undefined): PageDecision | undefined {
  const usages = relevantUsages(usage);
  const applies = (s: Statement): boolean => usages.includes(s.usage) && (s.purpose === undefined || (purpose !== undefined && matchPattern(s.purpose, purpose.toLowerCase())));
  const candidates = all.filter(applies);
  if (candidates.length === 0) return undefined;
  // A tag for this crawler beats `robots` (§2.2.1); a purpose-specific statement beats a general one.
  let pool = candidates.some((s) => s.named) ? candidates.filter((s) => s.named) : candidates;
  if (pool.some((s) => s.purpose !== undefined)) pool = pool.filter((s) => s.purpose !== undefined);
  // The more specific usage beats its base (present-snippet over present).
  if (pool.some((s) => s.usage === usage)) pool = pool.filter((s) => s.usage === usage);
  const allowed = pool.every((s) => s.allow);
  const deciding = allowed ? pool : pool.filter((s) => !s.allow);
  const decidedBy = [...new Map(deciding.map((s) => [s.meta.tag.start, { file: 'page' as const, line: lineOf(page, s.meta.tag), text: tagText(page, s.meta) }])).values()];
  const conflict = pool.some((s) => s.allow) && pool.some((s) => !s.allow);
  const who = pool[0].named ? `the META tag for ${pool[0].meta.name.text}` : 'the robots META tag';
  const summary = conflict
    ? `${usage}: prohibited — META tags both allow and disallow it for the same crawler, which is a prohibition (Part 2 §2.2.8)`
    : `${usage}: ${allowed ? 'allowed' : 'prohibited'} by ${who}${deciding[0].conventional ? ` (‘${deciding[0].conventional}’)` : ''} on line ${decidedBy[0].line}, which overrides robots.txt for this page (Part 2 §2.2.8)`;
  return { usage, allowed, source: 'meta', qualifiers: allowed ? [...new Set(pool.flatMap((s) => s.qualifiers))] : [], decidedBy, summary };
}

function robotsDecision(robots: Explanation | undefined, usage: string): PageDecision {
  if (!robots) return { usage, allowed: true, source: 'robots.txt', qualifiers: [], decidedBy: [], summary: `${usage}: allowed — no robots.txt and no META tag speaks on it` };
  const d = usage === 'crawl' ? robots.crawl ?? robots.decision : robots.decision;
  const decidedBy = d.winners.map((w) => ({ file: 'robots.txt' as const, line: w.line, text: w.text }));
  return { usage, allowed: d.allowed, source: 'robots.txt', qualifiers: d.allowed ? d.qualifiers : [], decidedBy, summary: `${d.summary.replace(/^(\S+):/, '$1: (robots.txt)')}` };
}

/**
 * The page's effective permission for a crawler, usage and path. Cost: at most two engine answers
 * (crawl and the usage); O(M · V) once per page for metaStatements, then O((R + T) · log lines) to
 * read and decide on the R + T statements addressed to `robots` and to the crawler (a deciding
 * tag's line is a search of the line starts); O(C · log lines) for the page's C class permissions.
 */
export function explainPage(robots: RobotsDocument | undefined, page: HtmlPage, query: PageQuery, ctx: WorkspaceContext = {}): PageExplanation {
  const token = agentToken(query.agent);
  const usage = (query.usage ?? 'crawl').toLowerCase();
  if (!USAGE_BY_NAME.has(usage)) throw new RangeError(`unknown usage ‘${usage}’`);
  const notes: string[] = [];
  const robotsFor = (u: string): Explanation | undefined => (robots ? explain(robots, { agent: token, usage: u, path: query.path, ...(query.purpose ? { purpose: query.purpose } : {}), ...(query.profile ? { profile: query.profile } : {}) }, ctx) : undefined);
  const robotsCrawl = robotsFor('crawl');
  const robotsUsage = usage === 'crawl' ? robotsCrawl : robotsFor(usage);
  const elements = page.classes.filter((c) => c.usage && relevantUsages(usage).includes(c.usage.name)).map((c) => ({ line: lineOf(page, c.tag), element: c.element, allow: c.allow }));

  // A crawler robots.txt forbids to crawl never reads the page (interpretation §4).
  if (robotsCrawl && !robotsCrawl.allowed) {
    const decidedBy = robotsCrawl.decidedBy.map((d) => ({ file: 'robots.txt' as const, line: d.line, text: d.text }));
    const where = decidedBy[0] ? ` (robots.txt line ${decidedBy[0].line})` : '';
    notes.push(`robots.txt forbids ${token} to crawl ${query.path}${where}, so it never reads this page's META tags.`);
    const decision: PageDecision = { usage, allowed: false, source: 'not-crawled', qualifiers: [], decidedBy, summary: `${usage}: prohibited — robots.txt forbids crawling this page${where}, so no META tag is ever read` };
    return { agent: token, usage, path: query.path, allowed: false, qualifiers: [], decidedBy, decision, crawl: usage === 'crawl' ? undefined : decision, robots: robotsUsage, elements, notes };
  }

  const all = metaStatements(page, token);
  const decide = (u: string): PageDecision => metaDecision(page, all, u, query.purpose) ?? robotsDecision(u === usage ? robotsUsage : robotsCrawl, u);
  const decision = decide(usage);
  const crawl = usage === 'crawl' ? undefined : decide('crawl');
  const allowed = decision.allowed && (crawl?.allowed ?? true);
  if (crawl && !crawl.allowed) notes.push(`${usage} depends on crawl, which is prohibited for this page.`);
  if (elements.length) {
    const which = elements.map((e) => `<${e.element}> on line ${e.line} (${e.allow ? 'allowed' : 'prohibited'})`).join(', ');
    notes.push(`Class attributes speak on ${usage} for ${which}: they apply to those elements only. A crawler that cannot process element-level permissions treats ${usage} as prohibited for the whole page (Part 2 §2.2.6).`);
  }
  if (decision.source === 'meta' && all.some((s) => s.meta.meaning.kind === 'acap-permission' && s.meta.meaning.qualifiers.some((q) => q.name === 'location'))) {
    notes.push('A location= qualifier makes the permission hold only where the page is found at that URI (Part 2 §2.2.9.1).');
  }
  const decidedBy = [...decision.decidedBy, ...(crawl && (!crawl.allowed || decision.source !== 'meta') ? crawl.decidedBy : [])];
  return { agent: token, usage, path: query.path, allowed, qualifiers: allowed ? decision.qualifiers : [], decidedBy, decision, crawl, robots: robotsUsage, elements, notes };
}
