/**
 * The crawler knowledge base, for completion, hover and the tables: each product token with its
 * operator, what it crawls for, whether it is documented to honour robots.txt, the control token
 * that governs its AI use, whether it reads ACAP, the operator's page, and the date each fact was
 * last checked.
 *
 * The facts are data (crawlers.json, bundled by esbuild; this module stays pure). Entries of
 * origin `ai.robots.txt` come from the public ai.robots.txt list (MIT, see NOTICE) through
 * scripts/refresh-crawlers.ts; `curated` entries are kept by hand from the operators' pages. Where
 * a fact is not documented it is left undefined rather than guessed. Source URLs are never
 * fetched. Crawler names compare case-insensitively (Part 1 §2.3.1 note; RFC 9309 §2.2.1).
 */
import table from './crawlers.json';

/** What a crawler gathers content for. */
export type CrawlerPurpose = 'search' | 'ai-training' | 'ai-answers' | 'user-triggered' | 'control-token' | 'archive' | 'seo' | 'other';

export const CRAWLER_PURPOSES: readonly CrawlerPurpose[] = ['search', 'ai-training', 'ai-answers', 'user-triggered', 'control-token', 'archive', 'seo', 'other'];

/** The AI-era uses a publisher asks about (Content-Signal's keys; Content-Usage speaks on two). */
export type AiUse = 'ai-train' | 'ai-input' | 'search';
export const AI_USES: readonly AiUse[] = ['ai-train', 'ai-input', 'search'];

export interface CrawlerFact {
  /** The product token to write in `User-agent:` or `ACAP-crawler:`. */
  readonly token: string;
  readonly operator: string;
  readonly purpose: CrawlerPurpose;
  /** Whether the operator says it obeys robots.txt; undefined when that is not documented. */
  readonly honoursRobotsTxt: boolean | undefined;
  /** The product token whose group governs this crawler's AI use (Google-Extended for Googlebot; itself for most). */
  readonly aiControl: string;
  /** For a control token: the crawlers whose AI uses it governs, and which uses. */
  readonly controls?: { readonly crawlers: readonly string[]; readonly uses: readonly AiUse[] };
  /** Whether the operator documents that it reads ACAP; false for every crawler known today. */
  readonly readsAcap: boolean;
  /** What else a publisher should know, in one sentence. */
  readonly note?: string;
  /** The operator's documentation page (a plain URL, never fetched); undefined when there is none. */
  readonly source: string | undefined;
  /** When the facts were last checked (YYYY-MM-DD). */
  readonly checked: string;
  /** Where the facts come from: kept by hand, or the ai.robots.txt list. */
  readonly origin: 'curated' | 'ai.robots.txt';
}

interface Stored {
  readonly token: string;
  readonly operator: string;
  readonly purpose: string;
  readonly honoursRobotsTxt: boolean | null;
  readonly aiControl: string;
  readonly controls?: { readonly crawlers: readonly string[]; readonly uses: readonly string[] };
  readonly readsAcap: boolean;
  readonly source: string | null;
  readonly checked: string;
  readonly origin: string;
  readonly note: string | null;
}

function toFact(s: Stored): CrawlerFact {
  return {
    token: s.token,
    operator: s.operator,
    purpose: (CRAWLER_PURPOSES as readonly string[]).includes(s.purpose) ? s.purpose as CrawlerPurpose : 'other',
    honoursRobotsTxt: s.honoursRobotsTxt ?? undefined,
    aiControl: s.aiControl,
    ...(s.controls ? { controls: { crawlers: s.controls.crawlers, uses: s.controls.uses.filter((u): u is AiUse => (AI_USES as readonly string[]).includes(u)) } } : {}),
    readsAcap: s.readsAcap,
    ...(s.note ? { note: s.note } : {}),
    source: s.source ?? undefined,
    checked: s.checked,
    origin: s.origin === 'curated' ? 'curated' : 'ai.robots.txt',
  };
}

export const CRAWLERS: readonly CrawlerFact[] = (table.crawlers as readonly Stored[]).map(toFact);

/** Lower-cased product token to its fact. */
export const CRAWLER_BY_TOKEN: ReadonlyMap<string, CrawlerFact> = new Map(CRAWLERS.map((c) => [c.token.toLowerCase(), c]));

/** Lower-cased crawler token to the control token that governs some of its AI uses (Googlebot → Google-Extended). */
export const CONTROL_TOKEN_OF: ReadonlyMap<string, CrawlerFact> = new Map(
  CRAWLERS.flatMap((c) => (c.controls ? c.controls.crawlers.map((k) => [k.toLowerCase(), c] as const) : [])),
);

const PURPOSE_TEXT: Readonly<Record<CrawlerPurpose, string>> = {
  'search': 'search engine',
  'ai-training': 'AI model training',
  'ai-answers': 'AI search and answers',
  'user-triggered': 'fetches on a user\'s request',
  'control-token': 'a control token (no crawler of its own)',
  'archive': 'web archive',
  'seo': 'SEO and backlink analysis',
  'other': 'other',
};

export function purposeText(p: CrawlerPurpose): string {
  return PURPOSE_TEXT[p];
}

/** Days between two YYYY-MM-DD dates (b − a); NaN when either is not a date. */
function daysBetween(a: string, b: string): number {
  return (Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000;
}

/** Facts older than this are flagged in hover: operators rename and repurpose crawlers often. */
export const STALE_AFTER_DAYS = 365;

/**
 * A crawler described in Markdown: operator, purpose, robots.txt behaviour, AI control, ACAP,
 * source and the date checked. `today` (YYYY-MM-DD, default the clock's) flags old facts.
 */
export function describeCrawler(c: CrawlerFact, today: string = new Date().toISOString().slice(0, 10)): string {
  const robots = c.honoursRobotsTxt === undefined ? 'not documented' : c.honoursRobotsTxt ? 'honours it' : 'may not honour it';
  const control = c.controls
    ? `Governs ${c.controls.uses.join(' and ')} for ${c.controls.crawlers.join(', ')}: a group for **${c.token}** decides those uses, the crawlers' own groups decide crawling.`
    : c.aiControl.toLowerCase() !== c.token.toLowerCase() ? `Its AI use is governed by the **${c.aiControl}** token.` : '';
  const age = daysBetween(c.checked, today);
  const stale = age > STALE_AFTER_DAYS ? ` ⚠ Checked over a year ago (${Math.floor(age / 365)} year${age >= 730 ? 's' : ''}); operators rename and repurpose crawlers, so verify it.` : '';
  const parts = [
    `**${c.token}** — ${c.operator}; purpose: ${PURPOSE_TEXT[c.purpose]}.`,
    `robots.txt: ${robots}.${c.note ? ` ${c.note}` : ''}`,
    control,
    `ACAP: ${c.readsAcap ? 'documented to read it' : 'not documented to read it'}.`,
    c.source ? `Source: <${c.source}>` : 'Source: none published by the operator.',
    `Checked ${c.checked}${c.origin === 'ai.robots.txt' ? ' (from the ai.robots.txt list)' : ''}.${stale}`,
  ];
  return parts.filter(Boolean).join('\n\n');
}
