/**
 * Refresh the crawler knowledge base (server/src/service/facts/crawlers.json) from the public
 * ai.robots.txt list's `robots.json`, given as a file: nothing is fetched.
 *
 *   npx tsx scripts/refresh-crawlers.ts path/to/robots.json [--checked YYYY-MM-DD] [--commit SHA] [--dry-run]
 *
 * Entries with `"origin": "curated"` (search engines, control tokens and crawlers whose operator
 * documents more than the list says) are kept as they are; every other entry is rebuilt from the
 * list, dated `--checked` (default: today). The list's data is MIT-licensed (© 2024 ai.robots.txt);
 * NOTICE carries the attribution. Cost: O(n log n) in the number of entries (one sort).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { CRAWLER_PURPOSES, type CrawlerPurpose } from '../server/src/service';

const DATA = path.join(__dirname, '..', 'server', 'src', 'service', 'facts', 'crawlers.json');

interface ListEntry {
  readonly operator?: string;
  readonly respect?: string;
  readonly function?: string;
  readonly frequency?: string;
  readonly description?: string;
}

/** An entry of crawlers.json, as stored (null where a fact is not known). */
export interface StoredCrawler {
  token: string;
  operator: string;
  purpose: CrawlerPurpose;
  honoursRobotsTxt: boolean | null;
  aiControl: string;
  controls?: { crawlers: string[]; uses: string[] };
  readsAcap: boolean;
  source: string | null;
  checked: string;
  origin: 'curated' | 'ai.robots.txt';
  note: string | null;
}

export interface StoredTable {
  about: string;
  list: { name: string; license: string; commit: string | null; checked: string };
  crawlers: StoredCrawler[];
}

const LINK = /\[([^\]]*)\]\((https?:\/\/[^)\s]+)\)/;
const UNCLEAR = /^unclear|^no information|^unknown/i;

/** `[Yes](url)` → Yes; plain text unchanged. */
function linkText(s: string): string {
  const m = LINK.exec(s);
  return m ? s.replace(LINK, m[1]) : s;
}

function linkUrl(s: string | undefined): string | undefined {
  return s ? LINK.exec(s)?.[2] : undefined;
}

/** Yes / No / unclear, from the list's `respect` text. */
export function honours(respect: string | undefined): boolean | null {
  const t = linkText(respect ?? '').trim();
  if (/^yes\b/i.test(t)) return true;
  if (/^no\b/i.test(t)) return false;
  return null;
}

/**
 * The list's free-text `function` and `description`, read as one of the product's purposes. The
 * order matters: a user-triggered assistant that also searches is user-triggered.
 */
export function purposeOf(fn: string | undefined, description: string | undefined): CrawlerPurpose {
  const f = (fn ?? '').toLowerCase();
  const d = (description ?? '').toLowerCase();
  if (/assistant|agent|user-initiated|user initiated|on behalf of|prompts/.test(f)) return 'user-triggered';
  if (/search/.test(f)) return 'ai-answers';
  if (/train|scrap|dataset|data provider|llm|language model|machine learning|ai model/.test(f)) return 'ai-training';
  if (/user-initiated|on behalf of|when a user|user request/.test(d)) return 'user-triggered';
  if (/search/.test(d)) return 'ai-answers';
  if (/train|llm|language model|dataset/.test(d)) return 'ai-training';
  return 'other';
}

/** The description's first sentence, without the list's "More info can be found at" pointer. */
function noteOf(description: string | undefined): string | null {
  const d = (description ?? '').replace(/\s*More info can be found at \S+/i, '').replace(/\u2026/g, '…').trim();
  if (!d || UNCLEAR.test(d)) return null;
  const first = /^(.+?[.!?])(\s|$)/.exec(d)?.[1] ?? d;
  return first.length > 240 ? first.slice(0, 239) + '…' : first;
}

function sourceOf(e: ListEntry): string | null {
  return linkUrl(e.respect) ?? linkUrl(e.operator) ?? /https?:\/\/\S+[^\s.,)]/.exec(e.description ?? '')?.[0] ?? null;
}

function operatorOf(e: ListEntry): string {
  const o = linkText(e.operator ?? '').trim();
  return !o || UNCLEAR.test(o) ? 'not documented' : o.replace(/\.$/, '');
}

/** The list's entries as stored entries; curated tokens are skipped (they win). */
export function fromList(list: Readonly<Record<string, ListEntry>>, curated: ReadonlySet<string>, checked: string): StoredCrawler[] {
  const out: StoredCrawler[] = [];
  const seen = new Set<string>();
  for (const [token, e] of Object.entries(list)) {
    // The list spells some tokens twice (meta-externalfetcher, Meta-ExternalFetcher); names
    // compare case-insensitively, so the first spelling stands for both.
    if (curated.has(token.toLowerCase()) || seen.has(token.toLowerCase())) continue;
    seen.add(token.toLowerCase());
    out.push({
      token, operator: operatorOf(e), purpose: purposeOf(e.function, e.description), honoursRobotsTxt: honours(e.respect),
      aiControl: token, readsAcap: false, source: sourceOf(e), checked, origin: 'ai.robots.txt', note: noteOf(e.description),
    });
  }
  return out;
}

/** Curated entries kept, list entries rebuilt, sorted case-insensitively by token. */
export function refresh(table: StoredTable, list: Readonly<Record<string, ListEntry>>, checked: string, commit: string | null): StoredTable {
  const curated = table.crawlers.filter((c) => c.origin === 'curated');
  const tokens = new Set(curated.map((c) => c.token.toLowerCase()));
  const crawlers = [...curated, ...fromList(list, tokens, checked)]
    .sort((a, b) => a.token.toLowerCase().localeCompare(b.token.toLowerCase()));
  for (const c of crawlers) {
    if (!CRAWLER_PURPOSES.includes(c.purpose)) throw new Error(`${c.token}: unknown purpose ${c.purpose}`);
  }
  return { ...table, list: { ...table.list, commit, checked }, crawlers };
}

function main(argv: readonly string[]): number {
  const file = argv.find((a, i) => !a.startsWith('--') && !['--checked', '--commit'].includes(argv[i - 1] ?? ''));
  const opt = (name: string): string | undefined => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  if (!file) {
    process.stderr.write('usage: tsx scripts/refresh-crawlers.ts ROBOTS.JSON [--checked YYYY-MM-DD] [--commit SHA] [--dry-run]\n');
    return 2;
  }
  const checked = opt('--checked') ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(checked)) {
    process.stderr.write(`--checked must be YYYY-MM-DD, not ${checked}\n`);
    return 2;
  }
  const list = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ListEntry>;
  const table = JSON.parse(readFileSync(DATA, 'utf8')) as StoredTable;
  const next = refresh(table, list, checked, opt('--commit') ?? null);
  const text = JSON.stringify(next, null, 2) + '\n';
  if (argv.includes('--dry-run')) process.stdout.write(text);
  else writeFileSync(DATA, text);
  process.stderr.write(`${next.crawlers.length} crawlers (${next.crawlers.filter((c) => c.origin === 'curated').length} curated, ${Object.keys(list).length} in the list)\n`);
  return 0;
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
