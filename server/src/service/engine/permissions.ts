/**
 * The permission engine: may crawler C use path P for usage U (for purpose X)? With the
 * qualifiers that travel with a permission and a trace of every line that took part.
 *
 * Implements docs/decisions.md §1-3 and Part 1 §2.4.5 and §2.9:
 *   tiers, highest first: named sub-records matching X, `*` sub-records matching X, named general
 *   fields, `*` general fields; the first tier with a candidate decides (§3.1);
 *   candidates: fields for U and its base usage, local usages expanded, resource sets by their
 *   narrowest matching pattern, conventional Allow/Disallow lines as crawl candidates (§3.2, §3.6);
 *   winner: narrowest scope (Part 1 §2.4.5); on a tie ACAP beats a conventional line, the more
 *   specific usage beats its base, and allow against disallow is prohibited (§3.3);
 *   no candidate: ACAP-disallow-other prohibits, otherwise silence permits (§3.4);
 *   every usage but crawl also needs crawl (§3.5).
 *
 * Line numbers in explanations are 1-based, as people count them.
 */
import { compileRecords, patternKey, recordIndex, type AcapField, type CompiledRecord, type DefinitionScope } from './acapRules';
import { conventionalView, evaluateConventional, PROFILES, type ConventionalVerdict, type Profile } from './conventional';
import { CRAWLER_BY_TOKEN } from '../facts/crawlers';
import { lineAt, type RobotsDocument } from '../syntax/document';
import { USAGE_BY_NAME } from '../facts/facts';
import { getModel, type AcapRecord, type RobotsModel } from '../model/model';
import { compareScope, matchPattern, narrowestOf, normalizePercent, pathOfUrl } from '../syntax/paths';
import { resolveReference, type WorkspaceContext } from '../syntax/workspace';

export type Reading = 'acap' | 'conventional';
export type TierName = 'named-purpose' | 'star-purpose' | 'named' | 'star';

export interface Query {
  /** A product token (`GPTBot`) or a whole User-Agent string (its token is used, interpretation §1). */
  readonly agent: string;
  /** A usage type; default `crawl`. */
  readonly usage?: string;
  /** A path or a URL. */
  readonly path: string;
  readonly purpose?: string;
  readonly profile?: Profile;
  /** ACAP crawler or conventional crawler; default: `acap` when the file has ACAP records. */
  readonly reading?: Reading;
}

export interface LineRef {
  /** 1-based. */
  readonly line: number;
  readonly text: string;
  /** The file the line stands in, when it is not the one asked about (an ACAP-permissions-reference target, interpretation §3.8). */
  readonly file?: string;
}

/** Where a qualifier of a permission is written (the field, or a qualified usage's definition). */
export interface QualifierRef {
  readonly qualifier: string;
  /** 1-based. */
  readonly line: number;
  readonly file?: string;
}

/** A candidate that did not decide, and why (interpretation §3.1, §3.3, §3.6). */
export interface Loser extends LineRef {
  readonly allow: boolean;
  readonly pattern: string;
  readonly why: string;
}

export interface Candidate extends LineRef {
  readonly source: 'acap' | 'conventional';
  readonly allow: boolean;
  readonly usage: string;
  readonly tier: TierName;
  /** The pattern that matched (the narrowest, for a resource set). */
  readonly pattern: string;
  readonly resourceSet?: string;
  readonly via?: string;
  readonly qualifiers: readonly string[];
  /** Where each qualifier comes from. */
  readonly qualifierSources?: readonly QualifierRef[];
}

export type Reason =
  | 'narrowest'            // one candidate has the narrowest scope
  | 'acap-over-conventional' // identical patterns: the ACAP field beats the conventional line (Part 1 §2.9.2)
  | 'specific-usage'       // identical patterns: present-snippet beats present
  | 'tie-prohibited'       // identical patterns allow and disallow: prohibited (Part 1 §2.4.5)
  | 'unrankable'           // patterns §2.4.5 cannot rank, one allowing and one prohibiting: prohibited
  | 'disallow-other'       // no candidate, ACAP-disallow-other matches (guide example 4.3)
  | 'silence'              // no candidate: REP is permissive (guide §1.3)
  | 'conventional';        // the conventional reading decided

export interface Decision {
  readonly usage: string;
  readonly allowed: boolean;
  readonly reason: Reason;
  readonly tier: TierName | undefined;
  /** The deciding lines (several when equal candidates agree or tie). */
  readonly winners: readonly Candidate[];
  /** Every candidate of the deciding tier. */
  readonly candidates: readonly Candidate[];
  /** Conventional lines beaten by an ACAP field on the same pattern. */
  readonly overridden: readonly Candidate[];
  /** Lines that matched and lost, each with the reason, including those of lower tiers set aside. */
  readonly losers: readonly Loser[];
  readonly qualifiers: readonly string[];
  readonly summary: string;
}

export interface Explanation {
  readonly agent: string;
  readonly usage: string;
  /** The path compared: from the URL, percent-encoding normalised. */
  readonly path: string;
  readonly purpose: string | undefined;
  readonly profile: Profile;
  readonly reading: Reading;
  readonly allowed: boolean;
  readonly qualifiers: readonly string[];
  readonly decidedBy: readonly LineRef[];
  /** The decision for the usage itself, and, for every usage but crawl, the crawl it depends on. */
  readonly decision: Decision;
  readonly crawl: Decision | undefined;
  /** ACAP records that apply: their first lines, and whether they name the crawler. */
  readonly records: readonly { readonly line: number; readonly named: boolean; readonly file?: string }[];
  /** The conventional crawl verdict under the active profile. */
  readonly conventional: { readonly allowed: boolean; readonly line: number | undefined; readonly why: string; readonly ignored: boolean };
  /** Where each qualifier of the answer is written. */
  readonly qualifierSources: readonly QualifierRef[];
  /** The conventional crawl verdict under every profile, to show where readings disagree. */
  readonly profiles: Readonly<Record<Profile, boolean>>;
  readonly notes: readonly string[];
}


/**
 * The product token of an agent (interpretation §1). A whole User-Agent string names the crawler
 * in one of its product tokens, not always the first: `Mozilla/5.0 (compatible; Googlebot/2.1;
 * +http://www.google.com/bot.html)` is Googlebot. So: a product token (`name/version`) that is a
 * known crawler; else the token after `compatible;`; else the part before the first `/` or space.
 * O(length of the string).
 */
export function agentToken(agent: string): string {
  const a = agent.trim();
  if (!/[\s/]/.test(a)) return a;
  for (const m of a.matchAll(/([A-Za-z][A-Za-z0-9_.-]*)\//g)) if (CRAWLER_BY_TOKEN.has(m[1].toLowerCase())) return m[1];
  const compatible = /\(\s*compatible\s*;\s*([^\s;/()]+)/i.exec(a);
  if (compatible) return compatible[1];
  return a.split(/[\s/]/)[0] ?? '';
}

/**
 * The path of a query: a URL with a scheme (`https://…`) or a network path (`//host/…`) gives
 * its path; anything else is a path, with `/` added when it lacks one, so `café/x` is `/café/x`
 * and never a host name. O(length).
 */
export function queryPath(input: string): string {
  const t = input.trim();
  if (t === '') return '/';
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(t) || t.startsWith('//')) return pathOfUrl(t);
  return pathOfUrl(t.startsWith('/') ? t : '/' + t);
}

/** The pattern of a conventional rule line, as written. */
function conventionalPattern(doc: RobotsDocument, line: number): string {
  const node = lineAt(doc, line);
  const d = node.directive;
  return d.kind === 'rule' ? node.text.slice(d.pattern.start, d.pattern.end) : node.field ? node.text.slice(node.field.value.start, node.field.value.end) : '';
}

/**
 * Line `line` of `doc`, naming its file when it is not the one asked about. Here and in the
 * candidates below objects are written out, never spread: in V8, spreads in what a hover table
 * asks for by the hundred made every answer survive the young generation's collections (see
 * evaluateConventional).
 */
function lineRef(doc: RobotsDocument, line: number, asked?: RobotsDocument): LineRef {
  const text = lineAt(doc, line).text.trim();
  return asked && asked !== doc ? { line: line + 1, text, file: doc.uri } : { line: line + 1, text };
}

/** The conventional group's verdict as a crawl candidate. */
function crawlCandidateOf(doc: RobotsDocument, line: number, allow: boolean, tier: TierName, pattern: string): Candidate {
  return { line: line + 1, text: lineAt(doc, line).text.trim(), source: 'conventional', allow, usage: 'crawl', tier, pattern, qualifiers: [] };
}

interface Tier {
  readonly name: TierName;
  readonly fields: readonly AcapField[];
}

/** Usages a field may speak on to be a candidate for `usage`: itself, and present for present-*. */
export function relevantUsages(usage: string): string[] {
  const fact = USAGE_BY_NAME.get(usage);
  return fact && fact.base !== usage ? [usage, fact.base] : [usage];
}

function purposeMatches(pattern: string, purpose: string): boolean {
  return matchPattern(pattern, purpose.toLowerCase());
}

/** The narrowest of the field's patterns that matches, or undefined. */
function narrowestMatch(field: AcapField, path: string): string | undefined {
  let best: string | undefined;
  for (const p of field.patterns) {
    if (!matchPattern(p.key, path)) continue;
    if (best === undefined || compareScope(p.key, best) < 0) best = p.key;
  }
  return best;
}

interface Scored {
  readonly candidate: Candidate;
  readonly key: string;
}

function fieldCandidate(field: AcapField, tier: TierName, key: string, asked: RobotsDocument): Candidate {
  const pattern = field.patterns.find((p) => p.key === key)?.text ?? key;
  const out: { -readonly [K in keyof Candidate]: Candidate[K] } = {
    line: field.line + 1, text: lineAt(field.doc, field.line).text.trim(), source: 'acap', allow: field.allow, usage: field.usage, tier, pattern,
    qualifiers: field.qualifiers,
    qualifierSources: field.qualifierSources.map((q) => (q.doc !== asked ? { qualifier: q.qualifier, line: q.line + 1, file: q.doc.uri } : { qualifier: q.qualifier, line: q.line + 1 })),
  };
  // Present only when they say something (answers are compared and printed as they are).
  if (field.doc !== asked) out.file = field.doc.uri;
  if (field.resourceSet) out.resourceSet = field.resourceSet;
  if (field.via) out.via = field.via;
  return out;
}

interface Resolved {
  readonly allowed: boolean;
  readonly reason: Reason;
  readonly winners: readonly Scored[];
  readonly overridden: readonly Scored[];
}

/** Part 1 §2.4.5 and interpretation §3.3: the winners among the candidates of one tier. */
function resolve(scored: readonly Scored[], usage: string): Resolved {
  // Those no other candidate is narrower than (Part 1 §2.4.5), in O(total key length): narrowestOf.
  let top = narrowestOf(scored, (c) => c.key);
  const agree = (list: readonly Scored[]): boolean => list.every((c) => c.candidate.allow === list[0].candidate.allow);
  if (agree(top)) {
    const acapFirst = [...top].sort((a, b) => (a.candidate.source === 'acap' ? 0 : 1) - (b.candidate.source === 'acap' ? 0 : 1));
    return { allowed: top[0].candidate.allow, reason: 'narrowest', winners: acapFirst, overridden: [] };
  }
  let overridden: Scored[] = [];
  // Part 1 §2.9.2: on the same pattern the ACAP field wins and the conventional line is ignored.
  const acapKeys = new Set(top.filter((c) => c.candidate.source === 'acap').map((c) => c.key));
  const beaten = top.filter((c) => c.candidate.source === 'conventional' && acapKeys.has(c.key));
  if (beaten.length) {
    overridden = beaten;
    top = top.filter((c) => !beaten.includes(c));
    if (agree(top)) return { allowed: top[0].candidate.allow, reason: 'acap-over-conventional', winners: top, overridden };
  }
  // interpretation §3.3: the more specific usage (present-snippet over present) wins.
  const specific = top.filter((c) => c.candidate.usage === usage);
  if (specific.length > 0 && specific.length < top.length && agree(specific)) {
    return { allowed: specific[0].candidate.allow, reason: 'specific-usage', winners: specific, overridden };
  }
  const pool = specific.length > 0 ? specific : top;
  // Part 1 §2.4.5, last paragraph: undecidable conflicts are prohibitions. Equal patterns are a
  // tie; different patterns the method cannot rank (`/*a` against `/*b`) are not "the same".
  const same = pool.every((c) => c.key === pool[0].key);
  return { allowed: false, reason: same ? 'tie-prohibited' : 'unrankable', winners: pool.filter((c) => !c.candidate.allow), overridden };
}

interface Setting {
  /** The document asked about. */
  readonly doc: RobotsDocument;
  /** The path for ACAP matching: normalised and lower-cased (Part 1 §2.8). */
  readonly path: string;
  readonly tiers: readonly Tier[];
  /**
   * The conventional crawl verdict, decided first by the profile's own rules, as one crawl
   * candidate in the tier of its group (interpretation §3.6).
   */
  readonly conventional: { readonly tier: TierName; readonly scored: Scored } | undefined;
  /** Notes gathered while deciding (lines crawlers cannot read). */
  readonly notes: Set<string>;
}

interface Broken {
  readonly field: AcapField;
  readonly key: string;
  readonly tier: number;
}

function describe(c: Candidate): string {
  return `line ${c.line}${c.file ? ` of ${c.file}` : ''} (${c.allow ? 'allows' : 'prohibits'} ${c.pattern})`;
}

/** Why a candidate of the deciding tier lost to the winners. */
function whyLost(c: Scored, r: Resolved, usage: string): string {
  const w = r.winners.find((x) => compareScope(x.key, c.key) < 0) ?? r.winners[0];
  if (!w) return 'it lost';
  const by = describe(w.candidate);
  if (compareScope(w.key, c.key) < 0) {
    const dollar = c.key.endsWith('$') && w.key.includes('*') ? '; a `$` counts as broader than any character, even `*`' : '';
    const conv = c.candidate.source === 'conventional' ? 'the conventional verdict is beaten: ' : '';
    return `${conv}${by} has the narrower pattern (Part 1 §2.4.5${dollar})`;
  }
  if (c.key === w.key) {
    if (r.reason === 'specific-usage') return `${by} names ${usage} itself, which beats ${c.candidate.usage} on the same pattern (interpretation §3.3)`;
    if (r.reason === 'tie-prohibited') return `it permits on the same pattern as ${by}, and an undecidable conflict is a prohibition (Part 1 §2.4.5)`;
    return `${by} has the same pattern`;
  }
  return `Part 1 §2.4.5's method cannot rank ${c.candidate.pattern} against ${w.candidate.pattern} (they differ after a wildcard), and an undecidable conflict is a prohibition`;
}

const TIER_WORDS: Record<TierName, string> = {
  'named-purpose': 'the purpose sub-records naming this crawler',
  'star-purpose': 'the purpose sub-records for any crawler',
  named: 'the records naming this crawler',
  star: 'the records for any crawler (*)',
};

/** The decision for one usage: O(fields × patterns per field + n² in the matching candidates). */
function decide(s: Setting, usage: string): Decision {
  const usages = relevantUsages(usage);
  const perTier: Scored[][] = [];
  const broken: Broken[] = [];
  s.tiers.forEach((tier, t) => {
    const scored: Scored[] = [];
    for (const field of tier.fields) {
      if (!usages.includes(field.usage)) continue;
      const key = narrowestMatch(field, s.path);
      if (key === undefined) continue;
      // Crawlers cannot read the line; it decides nothing, but the answer says what it would have done.
      if (field.broken) broken.push({ field, key, tier: t });
      else scored.push({ candidate: fieldCandidate(field, tier.name, key, s.doc), key });
    }
    if (usage === 'crawl' && s.conventional && s.conventional.tier === tier.name) scored.push(s.conventional.scored);
    perTier.push(scored);
  });
  const decided = perTier.findIndex((x) => x.length > 0);
  for (const b of broken) {
    const would = decided < 0 || b.tier < decided || (b.tier === decided && !perTier[decided].some((c) => compareScope(c.key, b.key) < 0));
    if (!would) continue;
    const f = b.field;
    const where = f.doc !== s.doc ? ` of ${f.doc.uri}` : '';
    s.notes.add(`Line ${f.line + 1}${where} would ${f.allow ? 'permit' : 'prohibit'} ${f.usage} here${f.qualifiers.length ? ` (${f.qualifiers.join(' ')})` : ''}, but ${f.broken}, so crawlers ignore it.`);
  }
  if (decided >= 0) {
    const tier = s.tiers[decided];
    const scored = perTier[decided];
    const r = resolve(scored, usage);
    const winners = r.winners.map((c) => c.candidate);
    const overridden = r.overridden.map((c) => c.candidate);
    const losers: Loser[] = [];
    const loser = (c: Candidate, why: string): Loser => ({ line: c.line, text: c.text, ...(c.file ? { file: c.file } : {}), allow: c.allow, pattern: c.pattern, why });
    // Sets, not includes(): 20,000 fields tied on one pattern are 20,000 winners, and looking
    // each candidate up in that list was quadratic (2 s an answer, a conversion's check 200 of them).
    const won = new Set(r.winners);
    const overriddenSet = new Set(r.overridden);
    for (const c of scored) {
      if (won.has(c)) continue;
      if (overriddenSet.has(c)) losers.push(loser(c.candidate, `the ACAP field ${describe(winners[0])} has the same pattern and overrides the conventional line (Part 1 §2.9.2)`));
      else losers.push(loser(c.candidate, whyLost(c, r, usage)));
    }
    for (let t = decided + 1; t < perTier.length; t++) {
      for (const c of perTier[t]) {
        losers.push(loser(c.candidate, `set aside: ${TIER_WORDS[tier.name]} speak on ${usage} here, and they override ${TIER_WORDS[s.tiers[t].name]} where they speak, even with a narrower pattern (interpretation §3.1)`));
      }
    }
    // interpretation §3.3: the qualifiers of every tied winner travel.
    const qualifiers = r.allowed ? [...new Set(winners.flatMap((w) => w.qualifiers))] : [];
    return { usage, allowed: r.allowed, reason: r.reason, tier: tier.name, winners, candidates: scored.map((c) => c.candidate), overridden, losers, qualifiers, summary: summarise(usage, r.allowed, r.reason, tier.name, winners, overridden) };
  }
  // interpretation §3.4: no candidate anywhere. ACAP-disallow-other prohibits, else silence permits.
  for (const tier of s.tiers) {
    for (const field of tier.fields) {
      if (field.usage !== 'other' || field.allow || field.broken) continue;
      const key = narrowestMatch(field, s.path);
      if (key === undefined) continue;
      const w = fieldCandidate(field, tier.name, key, s.doc);
      return { usage, allowed: false, reason: 'disallow-other', tier: tier.name, winners: [w], candidates: [], overridden: [], losers: [], qualifiers: [], summary: `${usage}: prohibited — nothing speaks on it, and line ${w.line} prohibits every usage not explicitly permitted (ACAP-disallow-other)` };
    }
  }
  return { usage, allowed: true, reason: 'silence', tier: undefined, winners: [], candidates: [], overridden: [], losers: [], qualifiers: [], summary: `${usage}: allowed — no line speaks on it, and silence is permission (guide §1.3)` };
}

function summarise(usage: string, allowed: boolean, reason: Reason, tier: TierName, winners: readonly Candidate[], overridden: readonly Candidate[]): string {
  const verdict = allowed ? 'allowed' : 'prohibited';
  const at = winners.map((w) => `line ${w.line}${w.file ? ` of ${w.file}` : ''}`).join(' and ');
  switch (reason) {
    case 'narrowest': return `${usage}: ${verdict} by ${at}, the narrowest matching pattern in ${TIER_WORDS[tier]} (Part 1 §2.4.5)`;
    case 'acap-over-conventional': return `${usage}: ${verdict} by ${at}; the conventional line${overridden.length > 1 ? 's' : ''} ${overridden.map((o) => o.line).join(', ')} with the same pattern ${overridden.length > 1 ? 'are' : 'is'} overridden (Part 1 §2.9.2)`;
    case 'specific-usage': return `${usage}: ${verdict} by ${at}, which names ${usage} itself and beats ${USAGE_BY_NAME.get(usage)?.base} on the same pattern`;
    case 'tie-prohibited': return `${usage}: prohibited — ${at} ${winners.length > 1 ? 'tie' : 'ties'} with a permission on the same pattern, and an undecidable conflict is a prohibition (Part 1 §2.4.5)`;
    case 'unrankable': return `${usage}: prohibited — ${at} and a permission have patterns that Part 1 §2.4.5's method cannot rank (they differ after a wildcard), and an undecidable conflict is a prohibition`;
    default: return `${usage}: ${verdict}`;
  }
}

/** The records that apply to the crawler, following permissions references into the workspace. */
function applicableRecords(doc: RobotsDocument, token: string, ctx: WorkspaceContext, notes: string[]): { named: CompiledRecord[]; star: CompiledRecord[] } {
  const t = token.toLowerCase();
  const named: CompiledRecord[] = [];
  // Through the index (recordIndex): a look-up, not a scan of every record.
  const index = recordIndex(compileRecords(doc));
  const star: CompiledRecord[] = [...index.star];
  for (const r of index.byCrawler.get(t) ?? []) {
    if (r.reference) {
      // Part 1 §2.3.2: the referenced file's permissions apply to this record's crawlers.
      const { document: target, problem } = resolveReference(ctx.workspace, r.reference.locator, doc);
      if (!target) {
        notes.push(`Line ${r.reference.line + 1} refers this crawler to ${r.reference.locator}, which is not in the workspace (${problem}; references are never fetched); its permissions are unknown here.`);
        continue;
      }
      const scope: DefinitionScope = { model: getModel(doc) };
      for (const rr of compileRecords(target, scope)) if (rr.star || rr.crawlers.includes(t)) named.push(rr);
      notes.push(`Line ${r.reference.line + 1} refers this crawler to ${r.reference.locator}; its records for this crawler count as naming it.`);
    } else named.push(r);
  }
  return { named, star };
}

function conventionalSummary(v: ConventionalVerdict, ignored: boolean): Explanation['conventional'] {
  return { allowed: v.allowed, line: v.line === undefined ? undefined : v.line + 1, why: v.why, ignored };
}

const holders = new WeakMap<RobotsModel, Map<number, AcapRecord>>();

/**
 * The ACAP record each conventional line inside a record stands in (Part 1 §2.3: a record runs to
 * the next ACAP-crawler line), built once per model in O(lines): explain asks for every query.
 */
function recordHolding(model: RobotsModel): Map<number, AcapRecord> {
  let out = holders.get(model);
  if (!out) {
    out = new Map();
    for (const r of model.records) for (const line of r.conventional) out.set(line, r);
    holders.set(model, out);
  }
  return out;
}

/** Answer a query about a document. */
export function explain(doc: RobotsDocument, query: Query, ctx: WorkspaceContext = {}): Explanation {
  const model = getModel(doc);
  const token = agentToken(query.agent);
  const usage = (query.usage ?? 'crawl').toLowerCase();
  const profile = query.profile ?? 'rfc9309';
  const rawPath = queryPath(query.path);
  const path = normalizePercent(rawPath);
  const purpose = query.purpose?.trim() || undefined;
  const reading: Reading = query.reading ?? (model.records.length > 0 ? 'acap' : 'conventional');
  const notes: string[] = [];
  if (!USAGE_BY_NAME.has(usage)) throw new RangeError(`unknown usage ‘${usage}’`);

  // The file as conventional crawlers read it (a partial BOM skipped, interpretation §1).
  const convDoc = conventionalView(doc, false);
  const conventional = evaluateConventional(convDoc, token, rawPath, profile);
  const profiles = Object.fromEntries(PROFILES.map((p) => [p, p === profile ? conventional.allowed : evaluateConventional(convDoc, token, rawPath, p).allowed])) as Record<Profile, boolean>;
  const ignored = model.ignoreConventional.length > 0;
  if (conventional.substring) notes.push(`koster1996: line ${conventional.substring.line + 1}'s User-agent ‘${conventional.substring.value.trim()}’ contains ‘${token}’, so its group applies (Koster 1996 §3.2.1 matches a substring; rfc9309 needs the exact token).`);
  for (const start of [...conventional.experimental].sort((a, b) => a - b)) {
    notes.push(`The group of line ${start + 1} has an experimental Robot-version (odd minor), so crawlers ignore it and use the default (robots.txt 2.0.0 proposal).`);
  }

  if (reading === 'conventional') {
    const decidedBy = conventional.line !== undefined ? [lineRef(doc, conventional.line)] : [];
    const crawlCandidate: Candidate[] = conventional.line !== undefined
      ? [crawlCandidateOf(doc, conventional.line, conventional.allowed, conventional.named ? 'named' : 'star', conventional.scope ?? conventionalPattern(doc, conventional.line))]
      : [];
    const crawlDecision: Decision = { usage: 'crawl', allowed: conventional.allowed, reason: 'conventional', tier: undefined, winners: crawlCandidate, candidates: crawlCandidate, overridden: [], losers: [], qualifiers: [], summary: `crawl: ${conventional.allowed ? 'allowed' : 'prohibited'} — ${conventional.why}` };
    if (usage !== 'crawl') notes.push(`Conventional robots.txt only speaks about crawling; ${usage} follows the crawl verdict (some crawlers read Disallow as "do not index", Part 1 §2.5.1 note).`);
    const decision: Decision = usage === 'crawl' ? crawlDecision : {
      usage, allowed: crawlDecision.allowed, reason: crawlDecision.reason, tier: crawlDecision.tier, winners: crawlDecision.winners, candidates: crawlDecision.candidates,
      overridden: crawlDecision.overridden, losers: crawlDecision.losers, qualifiers: crawlDecision.qualifiers,
      summary: `${usage}: ${conventional.allowed ? 'allowed' : 'prohibited'} — it depends on crawl, and ${conventional.why}`,
    };
    return {
      agent: token, usage, path, purpose, profile, reading, allowed: conventional.allowed, qualifiers: [], qualifierSources: [], decidedBy,
      decision, crawl: usage === 'crawl' ? undefined : crawlDecision,
      records: [], conventional: conventionalSummary(conventional, false), profiles, notes,
    };
  }

  const { named, star } = applicableRecords(doc, token, ctx, notes);
  const subFields = (records: CompiledRecord[]): AcapField[] => purpose
    ? records.flatMap((r) => r.subRecords.filter((s) => s.purposes.some((p) => purposeMatches(p.key, purpose))).flatMap((s) => s.fields))
    : [];
  const tiers: Tier[] = [
    { name: 'named-purpose', fields: subFields(named) },
    { name: 'star-purpose', fields: subFields(star) },
    { name: 'named', fields: named.flatMap((r) => r.general) },
    { name: 'star', fields: star.flatMap((r) => r.general) },
  ];
  // interpretation §3.6: the conventional group is decided first, as normal, by the profile's own
  // rules, without the conventional lines that stand inside ACAP records (ACAP readers ignore
  // them); that one verdict, with its deciding line's pattern, is one crawl candidate.
  const acapDoc = conventionalView(doc, true);
  const forAcap = ignored ? undefined : acapDoc === convDoc ? conventional : evaluateConventional(acapDoc, token, rawPath, profile);
  let conventionalCandidate: Setting['conventional'];
  if (forAcap && forAcap.line !== undefined && forAcap.scope !== undefined) {
    const tier: TierName = forAcap.named ? 'named' : 'star';
    const candidate = crawlCandidateOf(doc, forAcap.line, forAcap.allowed, tier, forAcap.scope);
    conventionalCandidate = { tier, scored: { candidate, key: patternKey(forAcap.scope) } };
  }
  const record = conventional.line === undefined ? undefined : recordHolding(model).get(conventional.line);
  if (!ignored && conventional.line !== undefined && record) {
    notes.push(`Line ${conventional.line + 1} (${lineAt(doc, conventional.line).text.trim()}) would ${conventional.allowed ? 'allow' : 'prohibit'} crawling here, but it stands inside the ACAP record of line ${(record?.startLine ?? 0) + 1} (a record runs to the next ACAP-crawler line, Part 1 §2.3), so crawlers that read ACAP ignore it (Part 1 §2.9.2).`);
  }
  const setting: Setting = { doc, path: path.toLowerCase(), tiers, notes: new Set(), conventional: conventionalCandidate };
  if (ignored) notes.push(`Line ${model.ignoreConventional[0] + 1} tells ACAP crawlers to ignore the conventional records (Part 1 §2.9.1).`);
  if (named.length === 0 && star.length === 0) notes.push('No ACAP record addresses this crawler.');

  const decision = decide(setting, usage);
  const crawl = usage === 'crawl' ? undefined : decide(setting, 'crawl');
  notes.push(...setting.notes);
  const allowed = decision.allowed && (crawl?.allowed ?? true);
  const lines = new Map<string, LineRef>();
  const add = (d: Decision | undefined): void => d?.winners.forEach((w) => lines.set(`${w.file ?? ''}#${w.line}`, { line: w.line, text: w.text, ...(w.file ? { file: w.file } : {}) }));
  if (crawl && !crawl.allowed) {
    add(crawl);
    if (!decision.allowed) add(decision);
  } else {
    add(decision);
    add(crawl);
  }
  // Each winner's field by its file and line, through one map: O(fields + winners), not a search per winner.
  const fieldAt = new Map<string, AcapField>();
  for (const t of tiers) for (const f of t.fields) {
    const k = `${f.doc.uri}#${f.line + 1}`;
    if (!fieldAt.has(k)) fieldAt.set(k, f);
  }
  const winnerFields = decision.winners.flatMap((w) => {
    const field = w.source === 'acap' ? fieldAt.get(`${w.file ?? doc.uri}#${w.line}`) : undefined;
    return field ? [field] : [];
  });
  const unknown = [...new Set(winnerFields.flatMap((f) => f.unknownQualifiers))];
  if (allowed && unknown.length) notes.push(`The permission carries ${unknown.join(', ')}, which ACAP 1.0 does not define: a crawler that does not understand a qualifier treats the permission as a prohibition (interpretation §3.7).`);
  for (const w of decision.winners) if (allowed && w.via) notes.push(`Line ${w.line} names the local usage ${w.via.split(' → ')[0]}, which expands to ${w.usage} through ${w.via}${w.qualifiers.length ? ` with ${w.qualifiers.join(' ')}` : ''} (Part 1 §2.7).`);
  if (crawl && !crawl.allowed) notes.push(`${usage} depends on crawl, which is prohibited (guide §2.4).`);
  if (!ignored && conventional.allowed !== (crawl ?? decision).allowed && conventional.line !== undefined && usage === 'crawl') {
    notes.push(`A crawler that reads only conventional records gets the opposite answer: ${conventional.why}.`);
  }
  const qualifierSources = allowed ? dedupeSources(decision.winners.flatMap((w) => w.qualifierSources ?? [])) : [];

  return {
    agent: token, usage, path, purpose, profile, reading, allowed,
    qualifiers: allowed ? decision.qualifiers : [],
    qualifierSources,
    decidedBy: [...lines.values()],
    decision, crawl,
    records: [...named.map((r) => ({ line: r.record.startLine + 1, named: true, ...(r.doc !== doc ? { file: r.doc.uri } : {}) })), ...star.map((r) => ({ line: r.record.startLine + 1, named: false }))],
    conventional: conventionalSummary(conventional, ignored),
    profiles,
    notes: [...new Set(notes)],
  };
}

function dedupeSources(list: readonly QualifierRef[]): QualifierRef[] {
  const seen = new Map<string, QualifierRef>();
  for (const q of list) seen.set(`${q.qualifier}@${q.file ?? ''}#${q.line}`, q);
  return [...seen.values()];
}
