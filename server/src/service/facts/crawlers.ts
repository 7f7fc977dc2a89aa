/**
 * A small knowledge base of crawlers that robots.txt files name, for completion (and, later,
 * hover): each product token with its operator, what it crawls for, whether it honours
 * robots.txt, and the operator's page that says so.
 *
 * Only what the operators themselves document, or what is long established, is recorded; where
 * that is not known, `honoursRobotsTxt` or `source` is left undefined rather than guessed. The
 * `source` URLs are the pages the operators publish (often the one their User-Agent string points
 * to); nothing is ever fetched. Crawler names compare case-insensitively (Part 1 §2.3.1 note;
 * RFC 9309 §2.2.1).
 */

/** What a crawler gathers content for. */
export type CrawlerPurpose = 'search' | 'ai-training' | 'ai-search' | 'user-triggered' | 'archive' | 'seo' | 'other';

export interface CrawlerFact {
  /** The product token to write in `User-agent:` or `ACAP-crawler:`. */
  readonly token: string;
  readonly operator: string;
  readonly purpose: CrawlerPurpose;
  /** Whether the operator says it obeys robots.txt; undefined when that is not documented. */
  readonly honoursRobotsTxt: boolean | undefined;
  /** What else a publisher should know, in one sentence. */
  readonly note?: string;
  /** The operator's documentation page (a plain URL, never fetched); undefined when there is none. */
  readonly source: string | undefined;
}

const OPENAI = 'https://platform.openai.com/docs/bots';
const ANTHROPIC = 'https://support.anthropic.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler';
const PERPLEXITY = 'https://docs.perplexity.ai/guides/bots';
const APPLE = 'https://support.apple.com/en-us/119829';
const META = 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers/';

export const CRAWLERS: readonly CrawlerFact[] = [
  { token: 'Googlebot', operator: 'Google', purpose: 'search', honoursRobotsTxt: true,
    source: 'https://developers.google.com/search/docs/crawling-indexing/googlebot' },
  { token: 'Google-Extended', operator: 'Google', purpose: 'ai-training', honoursRobotsTxt: true,
    note: 'A control token only, with no User-Agent string of its own: Googlebot does the crawling, and this token decides whether the content may be used for Gemini models.',
    source: 'https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers#google-extended' },
  { token: 'Bingbot', operator: 'Microsoft', purpose: 'search', honoursRobotsTxt: true,
    source: 'https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0' },
  { token: 'GPTBot', operator: 'OpenAI', purpose: 'ai-training', honoursRobotsTxt: true, source: OPENAI },
  { token: 'OAI-SearchBot', operator: 'OpenAI', purpose: 'ai-search', honoursRobotsTxt: true,
    note: 'Finds pages to show in ChatGPT search results; it is not used for training.', source: OPENAI },
  { token: 'ChatGPT-User', operator: 'OpenAI', purpose: 'user-triggered', honoursRobotsTxt: false,
    note: 'Fetches pages when a ChatGPT user asks; OpenAI says robots.txt rules may not apply to such requests.', source: OPENAI },
  { token: 'ClaudeBot', operator: 'Anthropic', purpose: 'ai-training', honoursRobotsTxt: true, source: ANTHROPIC },
  { token: 'Claude-User', operator: 'Anthropic', purpose: 'user-triggered', honoursRobotsTxt: true,
    note: 'Fetches pages when a Claude user asks.', source: ANTHROPIC },
  { token: 'anthropic-ai', operator: 'Anthropic', purpose: 'ai-training', honoursRobotsTxt: undefined,
    note: 'An older token that Anthropic\'s current documentation no longer lists; ClaudeBot is the one it names.', source: ANTHROPIC },
  { token: 'CCBot', operator: 'Common Crawl', purpose: 'archive', honoursRobotsTxt: true,
    note: 'Builds Common Crawl\'s open web corpus, which is widely used to train AI models.', source: 'https://commoncrawl.org/ccbot' },
  { token: 'PerplexityBot', operator: 'Perplexity', purpose: 'ai-search', honoursRobotsTxt: true,
    note: 'Finds pages to show and link in Perplexity\'s answers; Perplexity says it is not used to train models.', source: PERPLEXITY },
  { token: 'Perplexity-User', operator: 'Perplexity', purpose: 'user-triggered', honoursRobotsTxt: false,
    note: 'Fetches pages when a Perplexity user asks; Perplexity says it generally ignores robots.txt for such requests.', source: PERPLEXITY },
  { token: 'Applebot', operator: 'Apple', purpose: 'search', honoursRobotsTxt: true,
    note: 'Feeds Siri, Spotlight and Safari suggestions.', source: APPLE },
  { token: 'Applebot-Extended', operator: 'Apple', purpose: 'ai-training', honoursRobotsTxt: true,
    note: 'A control token only: Applebot does the crawling, and this token decides whether the content may train Apple\'s generative models.', source: APPLE },
  { token: 'Bytespider', operator: 'ByteDance', purpose: 'other', honoursRobotsTxt: undefined,
    note: 'ByteDance publishes no documentation for it.', source: undefined },
  { token: 'Amazonbot', operator: 'Amazon', purpose: 'other', honoursRobotsTxt: true,
    note: 'Used to improve Amazon\'s products and services, such as Alexa\'s answers.', source: 'https://developer.amazon.com/amazonbot' },
  { token: 'Meta-ExternalAgent', operator: 'Meta', purpose: 'ai-training', honoursRobotsTxt: true,
    note: 'Crawls for uses such as training AI models and improving products by indexing content.', source: META },
  { token: 'FacebookBot', operator: 'Meta', purpose: 'ai-training', honoursRobotsTxt: true,
    note: 'Documented as crawling public pages to improve language models for speech recognition.', source: META },
  { token: 'DuckDuckBot', operator: 'DuckDuckGo', purpose: 'search', honoursRobotsTxt: true,
    source: 'https://duckduckgo.com/duckduckgo-help-pages/results/duckduckbot' },
  { token: 'YandexBot', operator: 'Yandex', purpose: 'search', honoursRobotsTxt: true, source: 'https://yandex.com/bots' },
  { token: 'Baiduspider', operator: 'Baidu', purpose: 'search', honoursRobotsTxt: true, source: 'https://www.baidu.com/search/spider.html' },
  { token: 'ia_archiver', operator: 'Alexa Internet (Amazon)', purpose: 'archive', honoursRobotsTxt: undefined,
    note: 'Alexa\'s crawler, whose crawls long fed the Internet Archive; Alexa was retired in 2022.', source: 'http://www.alexa.com/site/help/webmasters' },
  { token: 'AhrefsBot', operator: 'Ahrefs', purpose: 'seo', honoursRobotsTxt: true, source: 'https://ahrefs.com/robot' },
  { token: 'SemrushBot', operator: 'Semrush', purpose: 'seo', honoursRobotsTxt: true, source: 'https://www.semrush.com/bot/' },
  { token: 'MJ12bot', operator: 'Majestic', purpose: 'seo', honoursRobotsTxt: true, source: 'https://mj12bot.com/' },
  { token: 'cohere-ai', operator: 'Cohere', purpose: 'other', honoursRobotsTxt: undefined,
    note: 'Cohere publishes no documentation for it.', source: undefined },
  { token: 'Diffbot', operator: 'Diffbot', purpose: 'other', honoursRobotsTxt: undefined,
    note: 'Extracts structured data from pages for Diffbot\'s knowledge graph and APIs.', source: 'https://www.diffbot.com/' },
  { token: 'Timpibot', operator: 'Timpi', purpose: 'search', honoursRobotsTxt: undefined,
    note: 'Crawls for Timpi\'s decentralised search index.', source: undefined },
];

/** Lower-cased product token to its fact. */
export const CRAWLER_BY_TOKEN: ReadonlyMap<string, CrawlerFact> = new Map(CRAWLERS.map((c) => [c.token.toLowerCase(), c]));

const PURPOSE_TEXT: Readonly<Record<CrawlerPurpose, string>> = {
  'search': 'search engine',
  'ai-training': 'AI model training',
  'ai-search': 'AI search and answers',
  'user-triggered': 'fetches on a user\'s request',
  'archive': 'web archive',
  'seo': 'SEO and backlink analysis',
  'other': 'other',
};

/** A crawler described in Markdown: operator, purpose, robots.txt behaviour and source. */
export function describeCrawler(c: CrawlerFact): string {
  const robots = c.honoursRobotsTxt === undefined ? 'not documented' : c.honoursRobotsTxt ? 'honours it' : 'may not honour it';
  const parts = [
    `**${c.token}** — ${c.operator}; purpose: ${PURPOSE_TEXT[c.purpose]}.`,
    `robots.txt: ${robots}.${c.note ? ` ${c.note}` : ''}`,
    c.source ? `Source: <${c.source}>` : 'Source: none published by the operator.',
  ];
  return parts.join('\n\n');
}
