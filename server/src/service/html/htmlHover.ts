/**
 * Hover in HTML pages: what each META value and `the-acap:` class value means (Part 2 §2.2), and,
 * on a META tag's name, the page's effective permission: robots.txt and META combined
 * (interpretation §4), crawlers × usages, with the line that decides each cell. Like the
 * robots.txt hover's table, it answers a budget of crawlers and shows a few rows, and counts the rest.
 */
import type { Hover, Position } from 'vscode-languageserver-types';
import { CRAWLER_BY_TOKEN, describeCrawler } from '../facts/crawlers';
import type { RobotsDocument } from '../syntax/document';
import { QUALIFIER_BY_NAME } from '../facts/facts';
import { MAX_TABLE_ANSWERS, qualifierDoc, qualifiersShown, usageDoc } from '../features/hover';
import { DEFAULT_CRAWLERS, MATRIX_USAGES, matrixUsages } from '../engine/matrix';
import type { WorkspaceContext } from '../syntax/workspace';
import type { Profile } from '../engine/conventional';
import { CONVENTIONAL_BY_NAME, STANDARD_META_NAMES } from '../facts/htmlFacts';
import { explainPage, type PageExplanation } from './pagePermissions';
import type { HtmlPage, OffsetSpan } from './types';

export interface HtmlHoverContext extends WorkspaceContext {
  /** The site's robots.txt (the nearest ancestor folder holding one), if any. */
  readonly robots?: RobotsDocument;
  /** The page's path on the site. */
  readonly path?: string;
  readonly crawlers?: readonly string[];
  /** How robots.txt is read (decisions §1), as in a robots.txt's hover. Default rfc9309. */
  readonly profile?: Profile;
}

/** The AI-era values, which no standard defines (htmlFacts' AI_VALUES). */
const AI_MEANING: Readonly<Record<string, string>> = {
  noai: 'Asks AI crawlers not to use the page for AI training; not standardised, and few crawlers say they honour it.',
  noimageai: 'Asks AI crawlers not to use the page\'s images for AI training; not standardised.',
};

function within(span: OffsetSpan | undefined, offset: number): span is OffsetSpan {
  return span !== undefined && offset >= span.start && offset <= span.end && span.end > span.start;
}

function conventionalMeaning(value: string): string | undefined {
  const v = value.toLowerCase();
  const fact = CONVENTIONAL_BY_NAME.get(v);
  if (fact && !fact.value) return fact.acap ? `${fact.summary} ACAP: ${fact.acap.map((a) => `\`${a}\``).join(' and ')}.` : fact.summary;
  if (AI_MEANING[v]) return AI_MEANING[v];
  const m = /^(max-snippet|max-image-preview|max-video-preview|unavailable_after):(.*)$/.exec(v);
  if (!m) return undefined;
  switch (m[1]) {
    case 'max-snippet': return `Snippets of at most ${m[2]} characters (0: none, -1: no limit). ACAP: \`allow-present-snippet max-length=${m[2]}-chars\`.`;
    case 'max-image-preview': return `The largest image preview allowed: ${m[2]} (none, standard or large).`;
    case 'max-video-preview': return `Video previews of at most ${m[2]} seconds (0: a still image only, -1: no limit).`;
    default: return `Do not show the page in results after ${m[2]}.`;
  }
}


export function cell(e: PageExplanation, uri: string, robotsUri: string | undefined): string {
  if (e.decision.source === 'not-crawled' && e.usage !== 'crawl') return '–';
  const mark = e.allowed ? '✓' : '✗';
  const q = e.qualifiers.length ? ` ${qualifiersShown(e.qualifiers)}` : '';
  const at = e.decision.decidedBy[0];
  if (!at) return mark + q;
  const target = at.file === 'page' ? uri : robotsUri;
  return target ? `${mark} [${at.line}](${target}#L${at.line} "${at.file} line ${at.line}")${q}` : `${mark}${q}`;
}

/** Groups of crawlers a page's table shows (features/hover.ts' MAX_ROWS); the rest are counted. */
const MAX_ROWS = 10;
/** Names written in one row before the rest are counted (a row can gather every answered crawler). */
const MAX_NAMES = 12;

/**
 * Page answers (explainPage calls) a page's table may ask for. Each asks robots.txt at most twice,
 * so the table asks the engine no more than the robots.txt hover's table (MAX_TABLE_ANSWERS). `*`,
 * the listed crawlers and the hovered tag's crawler always get their rows; crawlers the page's
 * META tags name get theirs, in page order, while this lasts — 90 with the six usual columns. The
 * others are counted and the hover says so; `robots-acap explain --html` answers each.
 */
export const MAX_PAGE_ANSWERS = MAX_TABLE_ANSWERS / 2;

/** A row's crawlers: the first MAX_NAMES (the hovered one among them), the count of the others, then any other crawler. */
function rowNames(agents: readonly string[], hovered: string | undefined): string {
  // `*` is the last crawler asked, so the last of its row.
  const star = agents[agents.length - 1] === '*';
  const names = star ? agents.slice(0, -1) : agents;
  let shown = names.slice(0, MAX_NAMES);
  const own = hovered === undefined ? undefined : names.find((a) => a.toLowerCase() === hovered);
  if (own !== undefined && !shown.includes(own)) shown = [...shown.slice(0, MAX_NAMES - 1), own];
  const more = names.length - shown.length;
  if (more === 0) return [...shown, ...(star ? ['\\* any other'] : [])].join(', ');
  return star ? `${shown.join(', ')}, ${more} more and \\* any other` : `${shown.join(', ')} and ${more} more`;
}

/**
 * The page's effective permission, crawlers × usages; `hovered` is the META name under the
 * cursor, whose crawler always gets its row. Cost: at most max(MAX_PAGE_ANSWERS, (listed + 2) ×
 * usages) explainPage calls (each bounded there), plus O(M) in META tags to list the names;
 * crawlers answered alike share a row through a map by their cells (O(answered × usages)); the
 * Markdown is O(MAX_ROWS × MAX_NAMES × usages) with the hovered crawler's and `*`'s rows.
 */
export function pageTable(page: HtmlPage, ctx: HtmlHoverContext, hovered?: string): string {
  const path = ctx.path ?? '/';
  // META names such as tdm-reservation or description address no crawler: they are not rows.
  const named = page.metas.map((m) => m.name.text).filter((n) => n.toLowerCase() !== 'robots' && /^[A-Za-z]/.test(n) && !STANDARD_META_NAMES.includes(n.toLowerCase()));
  const listed = ctx.crawlers ?? DEFAULT_CRAWLERS;
  const crawlers = [...new Map([...named, ...listed, '*'].map((c) => [c.toLowerCase(), c])).values()];
  const usages = ctx.robots ? matrixUsages(ctx.robots) : MATRIX_USAGES;
  // `*`, the listed crawlers and the hovered one always; of the others (named by the page), the first the budget pays for.
  const own = hovered?.toLowerCase();
  const always = new Set([...listed.map((c) => c.toLowerCase()), '*']);
  if (own !== undefined && named.some((n) => n.toLowerCase() === own)) always.add(own);
  let budget = Math.max(0, Math.floor(MAX_PAGE_ANSWERS / usages.length) - always.size);
  const answered = crawlers.filter((c) => always.has(c.toLowerCase()) || budget-- > 0);
  // Crawlers answered alike share a row: grouped through a map by the joined cells, not a search of every row.
  const grouped: { agents: string[]; cells: string[]; pinned: boolean }[] = [];
  const byCells = new Map<string, (typeof grouped)[number]>();
  for (const agent of answered) {
    const cells = usages.map((usage) => cell(explainPage(ctx.robots, page, { agent, usage, path, ...(ctx.profile ? { profile: ctx.profile } : {}) }, ctx), page.uri, ctx.robots?.uri));
    const key = cells.join('|');
    let g = byCells.get(key);
    if (g) g.agents.push(agent);
    else {
      grouped.push((g = { agents: [agent], cells, pinned: false }));
      byCells.set(key, g);
    }
    if (agent === '*' || agent.toLowerCase() === own) g.pinned = true;
  }
  // The first groups, and always those of the hovered crawler and of any other crawler.
  const shown = grouped.filter((g, i) => i < MAX_ROWS || g.pinned);
  const header = `| crawler | ${usages.map((u) => (u === 'present-snippet' ? 'snippet' : u)).join(' | ')} |\n|---|${usages.map(() => ':-:').join('|')}|`;
  const body = shown.map((g) => `| ${rowNames(g.agents, own)} | ${g.cells.join(' | ')} |`).join('\n');
  const source = ctx.robots ? `robots.txt and this page's META tags` : `this page's META tags (no robots.txt found for the site)`;
  const counted = [
    ...(grouped.length > shown.length ? [`${grouped.length - shown.length} more groups of crawlers not shown.`] : []),
    ...(answered.length < crawlers.length ? [`${crawlers.length - answered.length} more crawlers this page's META tags name are not answered here (a hover answers the first ${answered.length}): \`robots-acap explain robots.txt --html PAGE --agent NAME\` answers each.`] : []),
  ];
  return `**Who may use this page (\`${path}\`)** — ${source}\n\n${header}\n${body}\n\n${counted.map((c) => `${c}\n\n`).join('')}– never read: robots.txt forbids crawling the page.`;
}

export function doHtmlHover(page: HtmlPage, position: Position, ctx: HtmlHoverContext = {}): Hover | null {
  const offset = page.offsetAt(position);
  const at = (span: OffsetSpan, value: string): Hover => ({ contents: { kind: 'markdown', value }, range: { start: page.positionAt(span.start), end: page.positionAt(span.end) } });
  for (const meta of page.metas) {
    if (within(meta.name.span, offset)) {
      const n = meta.nameLower;
      const who = n === 'robots' ? 'Addresses every crawler (Part 2 §2.2.1).' : `Addresses the crawler ${meta.name.text}, and beats \`robots\` for it (Part 2 §2.2.1).`;
      const known = CRAWLER_BY_TOKEN.get(n);
      return at(meta.name.span, [who, known ? describeCrawler(known) : '', pageTable(page, ctx, meta.name.text)].filter(Boolean).join('\n\n'));
    }
    const m = meta.meaning;
    if (!meta.content || !within(meta.content.span, offset)) continue;
    if (m.kind === 'acap-permission') {
      if (within(m.usage?.span, offset) && m.usage) {
        const doc = usageDoc(m.usage.name);
        if (doc) return at(m.usage.span, `${m.allow ? 'Permits' : 'Prohibits'} a usage of this page.\n\n${doc}`);
      }
      for (const q of m.qualifiers) {
        const fact = QUALIFIER_BY_NAME.get(q.name);
        if (fact && within(q.span, offset)) return at(q.span, qualifierDoc(fact));
      }
      if (m.purpose && within(m.purpose.span, offset)) return at(m.purpose.span, `**Usage purpose** \`${m.purpose.text}\` — the statement applies only to services matching this pattern (Part 2 §2.2.2).`);
    } else if (m.kind === 'acap-version') {
      return at(meta.content.span, '**ACAP version 1.1** — says which ACAP version this page\'s tags follow; required when 1.1 features are used, which a 1.0 crawler ignores (Part 2 §2.2.7).');
    } else if (m.kind === 'conventional') {
      for (const w of m.values) {
        const meaning = within(w.span, offset) ? conventionalMeaning(w.text) : undefined;
        if (meaning) return at(w.span, `**${w.text}** (robots META) — ${meaning}`);
      }
    }
  }
  for (const c of page.classes) {
    if (!within(c.word.span, offset)) continue;
    const doc = c.usage ? usageDoc(c.usage.name) : undefined;
    return at(c.word.span, `**${c.word.text}** — ${c.allow ? 'permits' : 'prohibits'} a usage of this \`<${c.element}>\` only (Part 2 §2.2.5). A crawler that cannot process element-level permissions treats the usage as prohibited for the whole page (Part 2 §2.2.6).${doc ? `\n\n${doc}` : ''}`);
  }
  return null;
}
