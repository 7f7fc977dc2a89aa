/**
 * Facts about HTML META tags that the ACAP specifications do not hold: the conventional robots
 * META vocabulary that crawlers document, how it maps to ACAP usages
 * (docs/decisions.md §4), the AI-era names and values, and the standard HTML META
 * names that are not crawler names. Parsing, validation, permissions, hover and completion read
 * this module; nothing else repeats these lists.
 */

/** A conventional robots META value (Google's, Bing's and the 1996 robotstxt.org vocabulary). */
export interface ConventionalValueFact {
  /** Lower-cased, without any `:value`. */
  readonly name: string;
  /** `key:value` directives say what follows the colon. */
  readonly value?: 'integer' | 'image-preview' | 'date';
  /** The ACAP prohibitions or permissions that say the same (docs/decisions.md §4). */
  readonly acap?: readonly string[];
  readonly summary: string;
  /** No crawler reads it any more; completion does not offer it. */
  readonly retired?: true;
}

export const CONVENTIONAL_VALUES: readonly ConventionalValueFact[] = [
  { name: 'all', summary: 'No restrictions (the default).' },
  { name: 'index', summary: 'The page may be indexed (the default).' },
  { name: 'follow', summary: 'Links on the page may be followed (the default).' },
  { name: 'noindex', acap: ['disallow-index'], summary: 'Do not show the page in search results.' },
  { name: 'nofollow', acap: ['disallow-follow'], summary: 'Do not follow the links on the page.' },
  // Google documents `none` as equivalent to `noindex, nofollow`.
  { name: 'none', acap: ['disallow-index', 'disallow-follow'], summary: 'Equivalent to noindex, nofollow.' },
  { name: 'noarchive', acap: ['disallow-present-currentcopy'], summary: 'Do not show a cached copy of the page.' },
  { name: 'nocache', summary: 'Bing\'s synonym of noarchive.' },
  { name: 'nosnippet', acap: ['disallow-present-snippet'], summary: 'Do not show a text snippet or video preview.' },
  { name: 'noimageindex', summary: 'Do not index the images on the page.' },
  { name: 'notranslate', summary: 'Do not offer a translation of the page in search results.' },
  { name: 'indexifembedded', summary: 'Index the page\'s content when it is embedded in another page through an iframe, despite noindex.' },
  { name: 'nositelinkssearchbox', summary: 'Do not show a sitelinks search box (retired by Google).', retired: true },
  { name: 'noodp', summary: 'Do not use the Open Directory Project description (the directory closed in 2017).', retired: true },
  { name: 'noydir', summary: 'Do not use the Yahoo! Directory description (the directory closed in 2014).', retired: true },
  { name: 'max-snippet', value: 'integer', summary: 'At most N characters of text snippet; 0 for none, -1 for no limit.' },
  { name: 'max-image-preview', value: 'image-preview', summary: 'The largest image preview: none, standard or large.' },
  { name: 'max-video-preview', value: 'integer', summary: 'At most N seconds of video preview; 0 for a still image, -1 for no limit.' },
  { name: 'unavailable_after', value: 'date', summary: 'Do not show the page in search results after this date and time (RFC 822, RFC 850 or ISO 8601).' },
];

export const CONVENTIONAL_BY_NAME: ReadonlyMap<string, ConventionalValueFact> = new Map(CONVENTIONAL_VALUES.map((v) => [v.name, v]));

/** Values of `max-image-preview:` (Google). */
export const IMAGE_PREVIEW_VALUES: readonly string[] = ['none', 'standard', 'large'];

/**
 * AI-era values some sites add to robots META tags. No standard defines them; they are
 * recognised so that they are not reported as typos.
 */
export const AI_VALUES: readonly string[] = ['noai', 'noimageai'];

/** TDMRep (W3C Community Group report): `tdm-reservation` is 0 or 1, `tdm-policy` a URL. */
export const TDM_RESERVATION = 'tdm-reservation';
export const TDM_POLICY = 'tdm-policy';

/**
 * META names that crawlers document as addressing them, besides the product tokens of
 * crawlers.ts (Google's `googlebot-news`, Yahoo!'s `slurp`, Yandex's `yandex`...).
 */
export const ROBOTS_META_NAMES: readonly string[] = ['robots', 'googlebot-news', 'googlebot-image', 'msnbot', 'slurp', 'yandex', 'teoma'];

/**
 * Standard HTML META names and common non-robots ones (HTML Living Standard §4.2.5.1 and the
 * WHATWG MetaExtensions registry). ACAP content in a META of one of these names is read by no
 * crawler.
 */
export const STANDARD_META_NAMES: readonly string[] = [
  'application-name', 'author', 'description', 'generator', 'keywords', 'referrer', 'theme-color', 'color-scheme',
  'viewport', 'creator', 'publisher', 'google-site-verification', 'msvalidate.01', 'yandex-verification',
  'format-detection', 'copyright', 'rating', 'twitter:card', 'twitter:site',
  TDM_RESERVATION, TDM_POLICY,
];

/** The META tag that declares ACAP 1.1 (Part 2 §2.2.7). */
export const VERSION_META_CONTENT = 'ACAP version 1.1';

/** `the-acap:` class prefixes (Part 2 §3 class-attribute-permission / -prohibition). */
export const CLASS_ALLOW_PREFIX = 'the-acap:allow-';
export const CLASS_DISALLOW_PREFIX = 'the-acap:disallow-';
export const CLASS_PREFIX = 'the-acap:';

/** Element-set kinds of Part 2 §3 (`the-acap:idlist:a, b`). */
export const ELEMENT_SET_KINDS: readonly string[] = ['idlist', 'classlist', 'taglist'];

/**
 * What robots META values say on the AI uses (issue 14), for every crawler or only for the
 * operators that document the value: `noai`/`noimageai`/`noml` (conventions without a standard,
 * read as their authors meant them), `noindex` (search), Bing's `noarchive`/`nocache` (Bing says
 * they keep the page out of, or limit it in, Copilot answers), Amazon's `noarchive` (Amazonbot
 * says it then does not use the page for model training).
 */
export interface MetaAiFact {
  readonly value: string;
  /** Lower-cased product tokens the meaning is documented for; undefined: every crawler. */
  readonly crawlers: readonly string[] | undefined;
  readonly uses: readonly ('ai-train' | 'ai-input' | 'search')[];
  readonly meaning: string;
}

export const META_AI_VALUES: readonly MetaAiFact[] = [
  { value: 'noai', crawlers: undefined, uses: ['ai-train', 'ai-input'], meaning: 'asks that AI systems not use the page (a convention without a standard)' },
  { value: 'noml', crawlers: undefined, uses: ['ai-train'], meaning: 'asks that the page not be used for machine learning (a convention without a standard)' },
  { value: 'noindex', crawlers: undefined, uses: ['search'], meaning: 'keeps the page out of search results' },
  { value: 'none', crawlers: undefined, uses: ['search'], meaning: 'noindex, nofollow: keeps the page out of search results' },
  { value: 'noarchive', crawlers: ['bingbot'], uses: ['ai-input'], meaning: 'Bing documents that the page is then not used in Copilot (Bing Chat) answers' },
  { value: 'nocache', crawlers: ['bingbot'], uses: ['ai-input'], meaning: 'Bing documents that only the URL, title and snippet may then be used in Copilot answers' },
  { value: 'noarchive', crawlers: ['amazonbot'], uses: ['ai-train'], meaning: 'Amazon documents that Amazonbot then does not use the page for model training' },
];

/** `noimageai` speaks on the page's images only: reported, never a page verdict. */
export const IMAGE_ONLY_AI_VALUES: readonly string[] = ['noimageai'];
