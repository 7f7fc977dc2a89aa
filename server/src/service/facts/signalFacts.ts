/**
 * The AI-era usage vocabularies that robots.txt files speak besides REP and ACAP, as data:
 * the IETF aipref vocabulary (Content-Usage), Cloudflare's Content Signals (Content-Signal), the
 * extension directives seen in the wild, and how ACAP's usages bear on the AI uses.
 * Checks, the AI-use engine, hover and completion all read this module.
 */
import type { AiUse } from './crawlers';
import { FIELD_ALIASES } from './facts';

/** A Content-Usage label of the IETF aipref vocabulary (draft-ietf-aipref-vocab -05 … -08). */
export interface UsageLabelFact {
  readonly label: string;
  readonly use: AiUse;
  readonly summary: string;
}

export const CONTENT_USAGE_LABELS: readonly UsageLabelFact[] = [
  { label: 'train-ai', use: 'ai-train', summary: 'Training AI models (foundation model production).' },
  { label: 'search', use: 'search', summary: 'Search: building a search index and pointing people to the content.' },
];

export const CONTENT_USAGE_LABEL_BY_NAME: ReadonlyMap<string, UsageLabelFact> = new Map(CONTENT_USAGE_LABELS.map((l) => [l.label, l]));

/**
 * Labels still deployed that the vocabulary no longer has. The drafts -05 to -08 define only
 * `train-ai` and `search`; the product is sure of that, less sure of the exact draft that dropped
 * each older label, and the messages say so rather than cite a number it cannot vouch for.
 */
export interface ObsoleteLabelFact {
  readonly label: string;
  /** The current label that says the most similar thing, if any. */
  readonly instead: string | undefined;
  readonly history: string;
}

export const OBSOLETE_USAGE_LABELS: ReadonlyMap<string, ObsoleteLabelFact> = new Map([
  { label: 'train-genai', instead: 'train-ai', history: 'Generative AI training, a sub-category of AI training in the early vocabulary drafts; folded into train-ai' },
  { label: 'ai-use', instead: undefined, history: 'AI use, a category of the early vocabulary drafts; removed, with no current equivalent (Content-Signal\'s ai-input is the nearest)' },
  { label: 'bots', instead: undefined, history: 'automated processing, the top-level category of the early drafts; removed (the working group deferred a top-level preference in 2025)' },
  { label: 'all', instead: undefined, history: 'automated processing, the top-level category of the early drafts; removed (the working group deferred a top-level preference in 2025)' },
  { label: 'ai-output', instead: undefined, history: 'AI output, a category proposed in 2025 for content shown in AI answers; not adopted' },
  { label: 'ai', instead: 'train-ai', history: 'a shorthand never in the vocabulary' },
  { label: 'genai', instead: 'train-ai', history: 'a shorthand never in the vocabulary' },
  { label: 'inference', instead: undefined, history: 'a proposed category for using content at inference time; not adopted (Content-Signal\'s ai-input is the nearest)' },
  { label: 'tdm', instead: undefined, history: 'text and data mining, the EU DSM Directive\'s term used by TDMRep, never an aipref label' },
].map((f) => [f.label, f]));

/** A Content-Signal key (Cloudflare's Content Signals Policy). */
export interface SignalKeyFact {
  readonly key: string;
  readonly use: AiUse | undefined;
  readonly summary: string;
  /** The values it takes. */
  readonly values: readonly string[];
}

export const CONTENT_SIGNAL_KEYS: readonly SignalKeyFact[] = [
  { key: 'search', use: 'search', values: ['yes', 'no'], summary: 'Building a search index and providing search results (links and short excerpts); not AI-generated summaries.' },
  { key: 'ai-input', use: 'ai-input', values: ['yes', 'no'], summary: 'Inputting content into AI models at answer time: retrieval-augmented generation, grounding, generative search answers.' },
  { key: 'ai-train', use: 'ai-train', values: ['yes', 'no'], summary: 'Training or fine-tuning AI models.' },
  { key: 'use', use: undefined, values: ['immediate', 'reference', 'full'], summary: 'How content may be used once collected (immediate, reference, full), written by Cloudflare-managed files; recognised, it grants or restricts none of the three uses by itself.' },
];

export const CONTENT_SIGNAL_KEY_BY_NAME: ReadonlyMap<string, SignalKeyFact> = new Map(CONTENT_SIGNAL_KEYS.map((k) => [k.key, k]));

/** Field names read as Content-Signal, besides its own (the lexer's FIELD_ALIASES). */
export const CONTENT_SIGNAL_ALIASES: readonly string[] = [...FIELD_ALIASES].filter(([, id]) => id === 'content-signal').map(([alias]) => alias);

/** Directives seen in the wild that no crawler is documented to act on: recognised, explained, not errors. */
export const EXTENSION_FIELDS: ReadonlyMap<string, { readonly name: string; readonly summary: string }> = new Map([
  ['llm-policy', { name: 'LLM-Policy', summary: 'points at a page stating the site\'s policy for large language models' }],
  ['agentmap', { name: 'Agentmap', summary: 'points at a map of the site for AI agents' }],
].map(([k, v]) => [k as string, v as { name: string; summary: string }]));

/**
 * ACAP and the AI uses (the product's decision; README "AI usage signals"). ACAP 1.x predates AI
 * training and answer engines; none of its usages names them. The reading is:
 *   search   ← `index` (Part 1 §2.5.3): a search engine indexes; ACAP-allow-index / -disallow-index
 *              speak on it directly.
 *   ai-input ← `present` (Part 1 §2.5.5): an AI answer presents the content in a derived form, so
 *              ACAP-disallow-present refuses it; an allow-present does not grant it, since ACAP's
 *              present-* forms (snippet, thumbnail, current copy…) are not generated answers.
 *              Otherwise it is an `other` usage.
 *   ai-train ← `other` (Part 1 §2.5.6): no ACAP usage is training (`preserve` keeps a copy for
 *              an archive, which a model does not), so training is a usage "other" than those
 *              defined: ACAP-disallow-other refuses it, ACAP-allow-other permits it.
 *   all      ← `crawl` (Part 1 §2.5.1; guide §2.4): every use needs crawl.
 * No equivalent: present-* qualifiers (max-length, time-limit) and usage purposes have no AI-use
 * counterpart; Content-Signal's `use=` has no ACAP counterpart.
 */
export interface AcapAiMapping {
  readonly use: AiUse;
  /** ACAP usages whose prohibition refuses the AI use. */
  readonly refusedBy: readonly string[];
  /** ACAP usages whose permission grants it. */
  readonly grantedBy: readonly string[];
  readonly why: string;
}

export const ACAP_AI_MAPPING: readonly AcapAiMapping[] = [
  { use: 'search', refusedBy: ['crawl', 'index'], grantedBy: ['index'], why: 'a search engine indexes: ACAP\'s index usage (Part 1 §2.5.3)' },
  { use: 'ai-input', refusedBy: ['crawl', 'present', 'other'], grantedBy: ['other'], why: 'an AI answer presents the content in a derived form (present, Part 1 §2.5.5) and is otherwise a usage other than those ACAP defines (other, §2.5.6)' },
  { use: 'ai-train', refusedBy: ['crawl', 'other'], grantedBy: ['other'], why: 'no ACAP usage is training, so it is a usage other than those defined (other, Part 1 §2.5.6)' },
];
