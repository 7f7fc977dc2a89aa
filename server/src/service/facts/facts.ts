/**
 * The one table of language facts: every field, usage type, used resource type, qualifier and
 * value grammar the product knows, with readiness and the specification section for each.
 * Validation, hover and completion read this module; nothing else repeats these facts.
 *
 * Spec references name the specifications listed in docs/specifications.md:
 *   "Part 1"  ACAP Part 1, robots.txt extensions, Implementation Version 1.0 (corrected), 2007
 *   "Part 2"  ACAP Part 2, META tag extensions, Implementation Version 1.1, 2009
 *   "Guide"   Guide to implementation of ACAP 1.1, 2009
 *   "Koster 1996"  norobots-rfc draft 2 ("A Method for Web Robots Control")
 *   "robots.txt 2.0.0"  the 1996 mailing-list proposal (Robot-version, Visit-time, ...)
 *   "RFC 9309"  the Robots Exclusion Protocol, 2022
 */

/** ready: ready for general use; prior-arrangement: amber spot; not-ready: red spot (Part 1, 1.1). */
export type Readiness = 'ready' | 'prior-arrangement' | 'not-ready';

export interface SpecRef {
  readonly doc: 'Part 1' | 'Part 2' | 'Guide' | 'Koster 1996' | 'robots.txt 2.0.0' | 'RFC 9309' | 'Google' | 'Yandex' | 'sitemaps.org' | 'IETF aipref' | 'Content Signals' | 'RSL' | 'TDMRep';
  readonly section: string;
}

export function formatSpec(ref: SpecRef): string {
  return ref.section ? `${ref.doc} §${ref.section}` : ref.doc;
}

/** The warning hover and completion add to a fact's documentation when it is not ready (Part 1 §1.1). */
export function readinessNote(r: Readiness): string {
  return r === 'not-ready' ? '\n\n⚠ Not yet ready for implementation (red spot, Part 1 §1.1).'
    : r === 'prior-arrangement' ? '\n\n⚠ Honoured only by prior arrangement (amber spot, Part 1 §1.1).' : '';
}

/** A fact's documentation: its summary, where the specification says it, and its readiness. */
export function factDoc(summary: string, spec: SpecRef, readiness: Readiness): string {
  return `${summary}\n\n*${formatSpec(spec)}*${readinessNote(readiness)}`;
}

// ---------------------------------------------------------------------------------------------
// Fields

/**
 * Where a field may stand:
 * - group-start / group-member: conventional records (User-agent groups)
 * - global: anywhere, belongs to no group (Sitemap, Host)
 * - acap-file: file-level ACAP fields that must precede ACAP records (definitions, ignore flag)
 * - acap-record-start / acap-record-member: inside ACAP records (Part 1, 2.3)
 */
export type FieldPlacement = 'group-start' | 'group-member' | 'global' | 'acap-file' | 'acap-record-start' | 'acap-record-member';

export type FieldFamily = 'rep' | 'rep96' | 'extension' | 'acap';

export type FieldId =
  | 'user-agent' | 'allow' | 'disallow'
  | 'sitemap' | 'crawl-delay' | 'host' | 'clean-param' | 'noindex' | 'content-usage' | 'content-signal' | 'license'
  | 'robot-version' | 'visit-time' | 'request-rate' | 'comment'
  | 'acap-crawler' | 'acap-permissions-reference' | 'acap-usage-purpose'
  | 'acap-allow' | 'acap-disallow' | 'acap-request'
  | 'acap-qualified-usage' | 'acap-composite-usage' | 'acap-resource-set'
  | 'acap-ignore-conventional-records';

export interface FieldFact {
  readonly id: FieldId;
  /** Canonical spelling, as the specification writes it. For the ACAP families, the prefix. */
  readonly name: string;
  readonly family: FieldFamily;
  readonly placement: FieldPlacement;
  /** ACAP-allow-, ACAP-disallow- and ACAP-request- are prefixes: the usage or action follows. */
  readonly isPrefix?: boolean;
  /** Takes no colon and no value (ACAP-ignore-conventional-records). */
  readonly noValue?: boolean;
  readonly readiness: Readiness;
  readonly summary: string;
  readonly spec: SpecRef;
}

export const FIELDS: readonly FieldFact[] = [
  { id: 'user-agent', name: 'User-agent', family: 'rep', placement: 'group-start', readiness: 'ready',
    summary: 'Starts a group of rules and names the crawler (product token) they apply to; `*` addresses every crawler without a group of its own.',
    spec: { doc: 'RFC 9309', section: '2.2.1' } },
  { id: 'allow', name: 'Allow', family: 'rep', placement: 'group-member', readiness: 'ready',
    summary: 'Allows crawling of paths matching the pattern. Under RFC 9309 the longest matching rule wins and Allow wins ties.',
    spec: { doc: 'RFC 9309', section: '2.2.2' } },
  { id: 'disallow', name: 'Disallow', family: 'rep', placement: 'group-member', readiness: 'ready',
    summary: 'Forbids crawling of paths matching the pattern. An empty value disallows nothing. Some crawlers read it as "do not index" (Part 1, 2.5.1 note).',
    spec: { doc: 'RFC 9309', section: '2.2.2' } },
  { id: 'sitemap', name: 'Sitemap', family: 'extension', placement: 'global', readiness: 'ready',
    summary: 'The absolute URL of a sitemap. Belongs to no group.',
    spec: { doc: 'sitemaps.org', section: '' } },
  { id: 'crawl-delay', name: 'Crawl-delay', family: 'extension', placement: 'group-member', readiness: 'ready',
    summary: 'Seconds to wait between requests. Honoured by Bing and Yandex, ignored by Google.',
    spec: { doc: 'RFC 9309', section: '2.2.4' } },
  { id: 'host', name: 'Host', family: 'extension', placement: 'global', readiness: 'ready',
    summary: 'The preferred mirror host (Yandex, now retired). Belongs to no group.',
    spec: { doc: 'Yandex', section: '' } },
  { id: 'clean-param', name: 'Clean-param', family: 'extension', placement: 'global', readiness: 'ready',
    summary: 'Query parameters that do not change the content: `Clean-param: p1&p2 [/path-prefix]` (Yandex).',
    spec: { doc: 'Yandex', section: '' } },
  { id: 'noindex', name: 'Noindex', family: 'extension', placement: 'group-member', readiness: 'ready',
    summary: 'An unofficial rule that Google stopped honouring on 2019-09-01. Use `ACAP-disallow-index` or a robots META tag instead.',
    spec: { doc: 'Google', section: '' } },
  { id: 'content-usage', name: 'Content-Usage', family: 'extension', placement: 'group-member', readiness: 'ready',
    summary: 'AI-usage preferences from the IETF aipref drafts: `Content-Usage: [path] key=y|n, ...`.',
    spec: { doc: 'IETF aipref', section: '' } },
  { id: 'content-signal', name: 'Content-Signal', family: 'extension', placement: 'group-member', readiness: 'ready',
    summary: 'Content Signals preferences: `Content-Signal: [path] search=yes, ai-input=no, ai-train=no`.',
    spec: { doc: 'Content Signals', section: '' } },
  { id: 'license', name: 'License', family: 'extension', placement: 'global', readiness: 'ready',
    summary: 'The absolute URL of a machine-readable licence (RSL).',
    spec: { doc: 'RSL', section: '' } },
  { id: 'robot-version', name: 'Robot-version', family: 'rep96', placement: 'group-member', readiness: 'ready',
    summary: 'The robots.txt version a group follows (`2.0.0` turns on explicit and wildcard match strings). Must follow the User-agent lines immediately; one per group.',
    spec: { doc: 'robots.txt 2.0.0', section: 'Robot-version' } },
  { id: 'visit-time', name: 'Visit-time', family: 'rep96', placement: 'group-member', readiness: 'ready',
    summary: 'The hours (UTC) between which the crawler may visit, e.g. `Visit-time: 0100-0645`. One per group.',
    spec: { doc: 'robots.txt 2.0.0', section: 'Visit-time' } },
  { id: 'request-rate', name: 'Request-rate', family: 'rep96', placement: 'group-member', readiness: 'ready',
    summary: 'At most N documents per time unit, optionally between two times: `Request-rate: 10/1m 0600-0845`.',
    spec: { doc: 'robots.txt 2.0.0', section: 'Request-rate' } },
  { id: 'comment', name: 'Comment', family: 'rep96', placement: 'group-member', readiness: 'ready',
    summary: 'A remark the crawler is encouraged to pass back to its operator.',
    spec: { doc: 'robots.txt 2.0.0', section: 'Comment' } },
  { id: 'acap-crawler', name: 'ACAP-crawler', family: 'acap', placement: 'acap-record-start', readiness: 'ready',
    summary: 'Starts an ACAP record and names a crawler it addresses, or `*` for any crawler. Several lines address several crawlers; `*` must stand alone.',
    spec: { doc: 'Part 1', section: '2.3.1' } },
  { id: 'acap-permissions-reference', name: 'ACAP-permissions-reference', family: 'acap', placement: 'acap-record-member', readiness: 'ready',
    summary: 'Refers the record\'s crawlers to another file of ACAP permissions. Nothing else may follow it in the record.',
    spec: { doc: 'Part 1', section: '2.3.2' } },
  { id: 'acap-usage-purpose', name: 'ACAP-usage-purpose', family: 'acap', placement: 'acap-record-member', readiness: 'ready',
    summary: 'Starts a sub-record whose permissions apply only to usage purposes (services) matching the pattern.',
    spec: { doc: 'Part 1', section: '2.3.3' } },
  { id: 'acap-allow', name: 'ACAP-allow-', family: 'acap', placement: 'acap-record-member', isPrefix: true, readiness: 'ready',
    summary: 'Permits a usage of the resources matching the specification, optionally restricted by qualifiers.',
    spec: { doc: 'Part 1', section: '2.4.1' } },
  { id: 'acap-disallow', name: 'ACAP-disallow-', family: 'acap', placement: 'acap-record-member', isPrefix: true, readiness: 'ready',
    summary: 'Prohibits a usage of the resources matching the specification. Takes no qualifiers and no local usages.',
    spec: { doc: 'Part 1', section: '2.4.2' } },
  { id: 'acap-request', name: 'ACAP-request-', family: 'acap', placement: 'acap-record-member', isPrefix: true, readiness: 'not-ready',
    summary: 'Asks crawlers to take down or re-crawl one resource as soon as possible.',
    spec: { doc: 'Part 1', section: '2.6' } },
  { id: 'acap-qualified-usage', name: 'ACAP-qualified-usage', family: 'acap', placement: 'acap-file', readiness: 'ready',
    summary: 'Defines a name for a standard usage with qualifiers, used as `ACAP-allow-(name)`. Must precede all ACAP records.',
    spec: { doc: 'Part 1', section: '2.7.1' } },
  { id: 'acap-composite-usage', name: 'ACAP-composite-usage', family: 'acap', placement: 'acap-file', readiness: 'ready',
    summary: 'Defines a name for several usages permitted together, used as `ACAP-allow-(name)`. Must precede all ACAP records.',
    spec: { doc: 'Part 1', section: '2.7.2' } },
  { id: 'acap-resource-set', name: 'ACAP-resource-set', family: 'acap', placement: 'acap-file', readiness: 'ready',
    summary: 'Defines a named set of resource path patterns, used as `the-acap:resource-set:name`. Must precede all ACAP records.',
    spec: { doc: 'Part 1', section: '2.7.3' } },
  { id: 'acap-ignore-conventional-records', name: 'ACAP-ignore-conventional-records', family: 'acap', placement: 'acap-file', noValue: true, readiness: 'ready',
    summary: 'Tells crawlers that read ACAP to ignore the conventional User-agent groups. Place it before any ACAP definition.',
    spec: { doc: 'Part 1', section: '2.9.1' } },
];

const FIELD_BY_ID = new Map<FieldId, FieldFact>(FIELDS.map((f) => [f.id, f]));
export function field(id: FieldId): FieldFact {
  const fact = FIELD_BY_ID.get(id);
  if (!fact) throw new Error(`unknown field ${id}`);
  return fact;
}

/**
 * Other spellings read as a field, lower-cased, to the field's id: `Content-Signals`, which some
 * sites write for Content-Signal. Read as that field everywhere (its group, its value, the AI-use
 * engine), with a hint to write the field's own name (signal.alias).
 */
export const FIELD_ALIASES: ReadonlyMap<string, string> = new Map([['content-signals', 'content-signal']]);

/** Whole field names (not the ACAP prefixes) and their aliases, lower-cased, to their facts. */
export const FIELD_BY_NAME: ReadonlyMap<string, FieldFact> = new Map([
  ...FIELDS.filter((f) => !f.isPrefix).map((f) => [f.name.toLowerCase(), f] as const),
  ...[...FIELD_ALIASES].map(([alias, id]) => [alias, FIELDS.find((f) => f.id === id)!] as const),
]);

/** The field families written as a prefix and a suffix: ACAP-allow-, ACAP-disallow-, ACAP-request-. */
export const FIELD_PREFIXES: readonly FieldFact[] = FIELDS.filter((f) => f.isPrefix);

/** Typographic dashes that OCR and word processors put where a hyphen belongs. */
export const DASH_LOOKALIKE_CHARS = '\\u2010-\\u2015\\u2212';

// ---------------------------------------------------------------------------------------------
// Usage types (Part 1, 2.5)

export type BaseUsage = 'crawl' | 'follow' | 'index' | 'preserve' | 'present' | 'other';

export interface UsageFact {
  /** Full usage type name as written after ACAP-allow- (e.g. `present-snippet`). */
  readonly name: string;
  readonly base: BaseUsage;
  /** The used resource type for present-* (e.g. `snippet`). */
  readonly resourceType?: string;
  readonly readiness: Readiness;
  readonly summary: string;
  readonly spec: SpecRef;
}

export const USAGES: readonly UsageFact[] = [
  { name: 'crawl', base: 'crawl', readiness: 'ready', spec: { doc: 'Part 1', section: '2.5.1' },
    summary: 'Retrieve the resource. Every other usage depends on being allowed to crawl (Guide 2.4).' },
  { name: 'follow', base: 'follow', readiness: 'ready', spec: { doc: 'Part 1', section: '2.5.2' },
    summary: 'Follow the links found in the crawled resource.' },
  { name: 'index', base: 'index', readiness: 'ready', spec: { doc: 'Part 1', section: '2.5.3' },
    summary: 'Create index entries for the crawled resource.' },
  { name: 'preserve', base: 'preserve', readiness: 'ready', spec: { doc: 'Part 1', section: '2.5.4' },
    summary: 'Keep a persistent copy of the crawled resource (a search engine "cache" is a preserved copy).' },
  { name: 'present', base: 'present', readiness: 'ready', spec: { doc: 'Part 1', section: '2.5.5' },
    summary: 'Present the resource in any way: original, copies, snippets, thumbnails, links.' },
  { name: 'present-original', base: 'present', resourceType: 'original', readiness: 'ready', spec: { doc: 'Part 1', section: '2.5.5.1.1' },
    summary: 'Present the original, fetched live from the site at presentation time (typically in a frame).' },
  { name: 'present-currentcopy', base: 'present', resourceType: 'currentcopy', readiness: 'ready', spec: { doc: 'Part 1', section: '2.5.5.1.2' },
    summary: 'Present a preserved copy of the most recently crawled version (a "cached copy").' },
  { name: 'present-oldcopy', base: 'present', resourceType: 'oldcopy', readiness: 'ready', spec: { doc: 'Part 1', section: '2.5.5.1.3' },
    summary: 'Present a preserved copy of an older version (archives).' },
  { name: 'present-snippet', base: 'present', resourceType: 'snippet', readiness: 'ready', spec: { doc: 'Part 1', section: '2.5.5.1.4' },
    summary: 'Present a snippet generated from the most recently crawled version.' },
  { name: 'present-thumbnail', base: 'present', resourceType: 'thumbnail', readiness: 'ready', spec: { doc: 'Part 1', section: '2.5.5.1.5' },
    summary: 'Present a thumbnail image of the most recently crawled version.' },
  { name: 'present-oldsnippet', base: 'present', resourceType: 'oldsnippet', readiness: 'ready', spec: { doc: 'Part 1', section: '2.5.5.1.6' },
    summary: 'Present a snippet generated from an older version.' },
  { name: 'present-oldthumbnail', base: 'present', resourceType: 'oldthumbnail', readiness: 'ready', spec: { doc: 'Part 1', section: '2.5.5.1.7' },
    summary: 'Present a thumbnail of an older version.' },
  // Listed with the red-spot features by docs/decisions.md §3.7.
  { name: 'present-link', base: 'present', resourceType: 'link', readiness: 'not-ready', spec: { doc: 'Part 1', section: '2.5.5.1.8' },
    summary: 'Present a link to the resource on the crawled site.' },
  { name: 'other', base: 'other', readiness: 'ready', spec: { doc: 'Part 1', section: '2.5.6' },
    summary: 'Any usage other than those explicitly permitted; used for blanket prohibitions (`ACAP-disallow-other`).' },
];

export const USAGE_BY_NAME: ReadonlyMap<string, UsageFact> = new Map(USAGES.map((u) => [u.name, u]));

/** Used resource types; each is valid only after `present` (Part 1, 2.5; ABNF note on used-resource-type-name). */
export const USED_RESOURCE_TYPES: readonly string[] = USAGES.filter((u) => u.resourceType).map((u) => u.resourceType as string);

/** ACAP-request-<action> (Part 1, 2.6; all red spot). */
export const ACTIONS: readonly { readonly name: string; readonly summary: string; readonly spec: SpecRef }[] = [
  { name: 'take-down', summary: 'Erase all copies and index entries of the resource as soon as possible.', spec: { doc: 'Part 1', section: '2.6.1' } },
  { name: 're-crawl', summary: 'Re-crawl the resource as soon as possible.', spec: { doc: 'Part 1', section: '2.6.2' } },
];

// ---------------------------------------------------------------------------------------------
// Qualifiers (Part 1, 2.5.3 - 2.5.5.2.7; Part 2, 2.2.9)

/** The grammar a qualifier's value follows; validation dispatches on it. */
export type ValueGrammar =
  | 'time-limit'          // until-recrawled | until-YYYY-MM-DD | N-days
  | 'resource-uri'        // URI | the-acap:extract:(id|class|meta):name
  | 'length'              // N-chars | N-words
  | 'modification'        // any | format | style | translation | annotation
  | 'context-user-frame'  // within-user-frame
  | 'context-original-frame' // within-original-frame
  | 'include-uri'         // URI | the-acap:(credit|link):(id:x|class:x|meta:x|URI)
  | 'location-uri';       // absolute URI

export interface QualifierUse {
  /** Usage type names this qualifier may qualify. */
  readonly usages: readonly string[];
  readonly readiness: Readiness;
  readonly spec: SpecRef;
}

export interface QualifierFact {
  readonly name: string;
  readonly grammar: ValueGrammar;
  /** Whether the qualifier may occur more than once in one permission (Part 1, 2.5.5.2). */
  readonly repeatable: boolean;
  /** Only in META tags (Part 2); never in robots.txt. */
  readonly metaOnly?: boolean;
  /** Where it may be used; readiness can differ by usage (must-use-resource). */
  readonly uses: readonly QualifierUse[];
  readonly summary: string;
  /** Literal values, for completion and did-you-mean. */
  readonly values: readonly string[];
}

/** present and every present-* usage type. */
export const PRESENT_USAGES: readonly string[] = USAGES.filter((u) => u.base === 'present').map((u) => u.name);
const PRESENT_ALL = PRESENT_USAGES;
const PRESENT_WHOLE = ['present', 'present-original', 'present-currentcopy', 'present-oldcopy'];
const PRESENT_FRAMED = ['present-original', 'present-currentcopy', 'present-oldcopy'];

export const QUALIFIERS: readonly QualifierFact[] = [
  { name: 'time-limit', grammar: 'time-limit', repeatable: false,
    uses: [
      { usages: ['index'], readiness: 'ready', spec: { doc: 'Part 1', section: '2.5.3.1' } },
      { usages: ['preserve'], readiness: 'ready', spec: { doc: 'Part 1', section: '2.5.4.1' } },
      { usages: PRESENT_ALL, readiness: 'ready', spec: { doc: 'Part 1', section: '2.5.5.2.1' } },
    ],
    values: ['until-recrawled', 'until-YYYY-MM-DD', 'N-days'],
    summary: 'How long the usage is permitted: until the resource is re-crawled, until a date, or for a number of days.' },
  { name: 'must-use-resource', grammar: 'resource-uri', repeatable: false,
    uses: [
      { usages: ['index'], readiness: 'prior-arrangement', spec: { doc: 'Part 1', section: '2.5.3.2' } },
      { usages: PRESENT_ALL, readiness: 'not-ready', spec: { doc: 'Part 1', section: '2.5.5.2.2' } },
    ],
    values: ['the-acap:extract:id:', 'the-acap:extract:class:', 'the-acap:extract:meta:'],
    summary: 'Derive index entries (or the snippet or thumbnail) from this resource instead of the crawled one: a URI, or one element of the page.' },
  { name: 'max-length', grammar: 'length', repeatable: false,
    uses: [{ usages: ['present-snippet', 'present-oldsnippet'], readiness: 'ready', spec: { doc: 'Part 1', section: '2.5.5.2.3' } }],
    values: ['N-chars', 'N-words'],
    summary: 'The longest snippet allowed, in characters or words.' },
  { name: 'prohibited-modification', grammar: 'modification', repeatable: true,
    uses: [{ usages: PRESENT_WHOLE, readiness: 'ready', spec: { doc: 'Part 1', section: '2.5.5.2.4' } }],
    values: ['any', 'format', 'style', 'translation', 'annotation'],
    summary: 'A kind of modification not allowed when presenting. May repeat, except with `any`.' },
  { name: 'must-include-resource', grammar: 'include-uri', repeatable: false,
    uses: [{ usages: PRESENT_ALL, readiness: 'not-ready', spec: { doc: 'Part 1', section: '2.5.5.2.5' } }],
    values: ['the-acap:credit:id:', 'the-acap:credit:class:', 'the-acap:credit:meta:', 'the-acap:link:'],
    summary: 'Presentation must include this resource, e.g. a credit line (`the-acap:credit:...`).' },
  { name: 'prohibited-context', grammar: 'context-user-frame', repeatable: false,
    uses: [{ usages: PRESENT_FRAMED, readiness: 'ready', spec: { doc: 'Part 1', section: '2.5.5.2.6' } }],
    values: ['within-user-frame'],
    summary: 'Do not present the original or a preserved copy inside a frame added by the aggregator.' },
  { name: 'required-context', grammar: 'context-original-frame', repeatable: false,
    uses: [{ usages: PRESENT_FRAMED, readiness: 'ready', spec: { doc: 'Part 1', section: '2.5.5.2.7' } }],
    values: ['within-original-frame'],
    summary: 'Present the original or a preserved copy only within the frame the publisher uses.' },
  { name: 'location', grammar: 'location-uri', repeatable: false, metaOnly: true,
    uses: [{ usages: USAGES.map((u) => u.name), readiness: 'ready', spec: { doc: 'Part 2', section: '2.2.9.1' } }],
    values: [],
    summary: 'The permission applies only if the page is found at this URI (META tags only).' },
];

export const QUALIFIER_BY_NAME: ReadonlyMap<string, QualifierFact> = new Map(QUALIFIERS.map((q) => [q.name, q]));

/** The use of `qualifier` with `usage`, or undefined when the qualifier may not qualify it. */
export function qualifierUse(qualifier: QualifierFact, usage: string): QualifierUse | undefined {
  return qualifier.uses.find((u) => u.usages.includes(usage));
}

/** Qualifiers that may qualify `usage` (in robots.txt unless `meta`). */
export function qualifiersFor(usage: string, meta = false): QualifierFact[] {
  return QUALIFIERS.filter((q) => (meta || !q.metaOnly) && qualifierUse(q, usage) !== undefined);
}

/** Roles in `the-acap:ROLE:...` of must-include-resource (Part 1, 2.5.5.2.5); `link` is red spot. */
export const INCLUDE_ROLES: readonly { readonly name: string; readonly readiness: Readiness }[] = [
  { name: 'credit', readiness: 'ready' },
  { name: 'link', readiness: 'not-ready' },
];

/** Element selectors in `the-acap:extract:KIND:name` (Part 1, 2.5.3.2). */
export const EXTRACT_KINDS: readonly string[] = ['id', 'class', 'meta'];

/** `##ACAP version=` values the product knows (Part 1, 2.9.3; Part 2, 2.2.7). */
export const ACAP_VERSIONS: readonly string[] = ['1.0', '1.1'];

/** The resource-set URI prefix (Part 1, 2.4.4). */
export const RESOURCE_SET_PREFIX = 'the-acap:resource-set:';
/** RESOURCE_SET_PREFIX at the start, in any letter case (the prefix holds no character special to a regular expression). */
const RESOURCE_SET_HEAD = new RegExp(`^${RESOURCE_SET_PREFIX}`, 'i');

/**
 * Does a resource specification name a resource set (RESOURCE_SET_PREFIX, in any letter case)?
 * O(prefix length): no lower-cased copy of the value, which every field of a file read made before.
 */
export function namesResourceSet(spec: string): boolean {
  return RESOURCE_SET_HEAD.test(spec);
}

/**
 * Misspellings of field names that Google's parser accepts as the real field (google/robotstxt
 * robots.cc, `KeyIsUserAgent`, `KeyIsAllow`, `KeyIsDisallow`, `KeyIsSitemap`). Facts, not code.
 */
export const GOOGLE_ACCEPTED_TYPOS: ReadonlyMap<string, FieldId> = new Map<string, FieldId>([
  ['useragent', 'user-agent'], ['user agent', 'user-agent'],
  ['dissallow', 'disallow'], ['dissalow', 'disallow'], ['disalow', 'disallow'], ['diasllow', 'disallow'], ['disallaw', 'disallow'],
  ['site-map', 'sitemap'],
]);

/** RFC 9309 §2.5: crawlers must parse at least the first 500 KiB. Google stops there. */
export const PARSE_LIMIT_BYTES = 500 * 1024;
