/**
 * Hover in HTML pages: what each META value and `the-acap:` class value means (Part 2 §2.2), and,
 * on a META tag's name, the page's effective permission: robots.txt and META combined
 * (interpretation §4), crawlers × usages, with the line that decides each cell.
 */
import type { Hover, Position } from 'vscode-languageserver-types';
import { CRAWLER_BY_TOKEN, describeCrawler } from '../facts/crawlers';
import type { RobotsDocument } from '../syntax/document';
import { QUALIFIER_BY_NAME } from '../facts/facts';
import { qualifierDoc, usageDoc } from '../features/hover';
import { DEFAULT_CRAWLERS, MATRIX_USAGES, matrixUsages } from '../engine/matrix';
import type { WorkspaceContext } from '../syntax/workspace';
import { CONVENTIONAL_BY_NAME, STANDARD_META_NAMES } from '../facts/htmlFacts';
import { explainPage, type PageExplanation } from './pagePermissions';
import type { HtmlPage, OffsetSpan } from './types';

export interface HtmlHoverContext extends WorkspaceContext {
  /** The site's robots.txt (the nearest ancestor folder holding one), if any. */
  readonly robots?: RobotsDocument;
  /** The page's path on the site. */
  readonly path?: string;
  readonly crawlers?: readonly string[];
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


function cell(e: PageExplanation, uri: string, robotsUri: string | undefined): string {
  if (e.decision.source === 'not-crawled' && e.usage !== 'crawl') return '–';
  const mark = e.allowed ? '✓' : '✗';
  const q = e.qualifiers.length ? ` ${e.qualifiers.join(' ')}` : '';
  const at = e.decision.decidedBy[0];
  if (!at) return mark + q;
  const target = at.file === 'page' ? uri : robotsUri;
  return target ? `${mark} [${at.line}](${target}#L${at.line} "${at.file} line ${at.line}")${q}` : `${mark}${q}`;
}

/** The page's effective permission, crawlers × usages. */
export function pageTable(page: HtmlPage, ctx: HtmlHoverContext): string {
  const path = ctx.path ?? '/';
  // META names such as tdm-reservation or description address no crawler: they are not rows.
  const named = page.metas.map((m) => m.name.text).filter((n) => n.toLowerCase() !== 'robots' && /^[A-Za-z]/.test(n) && !STANDARD_META_NAMES.includes(n.toLowerCase()));
  const crawlers = [...new Map([...named, ...(ctx.crawlers ?? DEFAULT_CRAWLERS), '*'].map((c) => [c.toLowerCase(), c])).values()];
  const usages = ctx.robots ? matrixUsages(ctx.robots) : MATRIX_USAGES;
  const rows = crawlers.map((agent) => {
    const cells = usages.map((usage) => cell(explainPage(ctx.robots, page, { agent, usage, path }, ctx), page.uri, ctx.robots?.uri));
    return { agent, cells };
  });
  // Crawlers answered alike share a row.
  const grouped: { agents: string[]; cells: string[] }[] = [];
  for (const r of rows) {
    const same = grouped.find((g) => g.cells.join('|') === r.cells.join('|'));
    if (same) same.agents.push(r.agent);
    else grouped.push({ agents: [r.agent], cells: r.cells });
  }
  const header = `| crawler | ${usages.map((u) => (u === 'present-snippet' ? 'snippet' : u)).join(' | ')} |\n|---|${usages.map(() => ':-:').join('|')}|`;
  const body = grouped.map((g) => `| ${g.agents.map((a) => (a === '*' ? '\\* any other' : a)).join(', ')} | ${g.cells.join(' | ')} |`).join('\n');
  const source = ctx.robots ? `robots.txt and this page's META tags` : `this page's META tags (no robots.txt found for the site)`;
  return `**Who may use this page (\`${path}\`)** — ${source}\n\n${header}\n${body}\n\n– never read: robots.txt forbids crawling the page.`;
}

export function doHtmlHover(page: HtmlPage, position: Position, ctx: HtmlHoverContext = {}): Hover | null {
  const offset = page.offsetAt(position);
  const at = (span: OffsetSpan, value: string): Hover => ({ contents: { kind: 'markdown', value }, range: { start: page.positionAt(span.start), end: page.positionAt(span.end) } });
  for (const meta of page.metas) {
    if (within(meta.name.span, offset)) {
      const n = meta.nameLower;
      const who = n === 'robots' ? 'Addresses every crawler (Part 2 §2.2.1).' : `Addresses the crawler ${meta.name.text}, and beats \`robots\` for it (Part 2 §2.2.1).`;
      const known = CRAWLER_BY_TOKEN.get(n);
      return at(meta.name.span, [who, known ? describeCrawler(known) : '', pageTable(page, ctx)].filter(Boolean).join('\n\n'));
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
