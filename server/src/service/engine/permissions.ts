/**
 * The permission engine: may crawler C use path P for usage U (for purpose X)? With the
 * qualifiers that travel with a permission and a trace of every line that took part.
 *
 * Implements ../shared/docs/interpretation.md §1-3 and Part 1 §2.4.5 and §2.9:
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
import { evaluateConventional, conventionalRuleMatches, PROFILES, type ConventionalVerdict, type Profile, type RuleLine } from './conventional';
import type { RobotsDocument } from '../syntax/document';
import { USAGE_BY_NAME } from '../facts/facts';
import { getModel } from '../model/model';
import { compareScope, matchPattern, narrowestOf, normalizePercent, pathOfUrl } from '../syntax/paths';

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
}

export type Reason =
  | 'narrowest'            // one candidate has the narrowest scope
  | 'acap-over-conventional' // identical patterns: the ACAP field beats the conventional line (Part 1 §2.9.2)
  | 'specific-usage'       // identical patterns: present-snippet beats present
  | 'tie-prohibited'       // identical patterns allow and disallow: prohibited (Part 1 §2.4.5)
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
  /** The conventional crawl verdict under every profile, to show where readings disagree. */
  readonly profiles: Readonly<Record<Profile, boolean>>;
  readonly notes: readonly string[];
}

/** Options that need the world outside the document (the workspace). */
export interface EngineContext {
  /** A file named by ACAP-permissions-reference, from the workspace only; never fetched. */
  readonly resolveReference?: (locator: string, from: RobotsDocument) => RobotsDocument | undefined;
}

/** The product token of an agent: the part before the first `/` or space (interpretation §1). */
export function agentToken(agent: string): string {
  return agent.trim().split(/[\s/]/)[0] ?? '';
}

/** The pattern of a conventional rule line, as written. */
function conventionalPattern(doc: RobotsDocument, line: number): string {
  const node = doc.lines[line];
  const d = node.directive;
  return d.kind === 'rule' ? node.text.slice(d.pattern.start, d.pattern.end) : node.field ? node.text.slice(node.field.value.start, node.field.value.end) : '';
}

function lineRef(doc: RobotsDocument, line: number): LineRef {
  return { line: line + 1, text: doc.lines[line].text.trim() };
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

function fieldCandidate(field: AcapField, tier: TierName, key: string): Candidate {
  const ref = lineRef(field.doc, field.line);
  const pattern = field.patterns.find((p) => p.key === key)?.text ?? key;
  return {
    ...ref, source: 'acap', allow: field.allow, usage: field.usage, tier, pattern,
    ...(field.resourceSet ? { resourceSet: field.resourceSet } : {}),
    ...(field.via ? { via: field.via } : {}),
    qualifiers: field.qualifiers,
  };
}

/** Part 1 §2.4.5 and interpretation §3.3: the winners among the candidates of one tier. */
function resolve(scored: readonly Scored[], usage: string): { allowed: boolean; reason: Reason; winners: Candidate[]; overridden: Candidate[] } {
  // Those no other candidate is narrower than (Part 1 §2.4.5), in O(total key length): narrowestOf.
  let top = narrowestOf(scored, (c) => c.key);
  const agree = (list: readonly Scored[]): boolean => list.every((c) => c.candidate.allow === list[0].candidate.allow);
  if (agree(top)) {
    const acapFirst = [...top].sort((a, b) => (a.candidate.source === 'acap' ? 0 : 1) - (b.candidate.source === 'acap' ? 0 : 1));
    return { allowed: top[0].candidate.allow, reason: 'narrowest', winners: acapFirst.map((c) => c.candidate), overridden: [] };
  }
  let overridden: Candidate[] = [];
  // Part 1 §2.9.2: on the same pattern the ACAP field wins and the conventional line is ignored.
  if (top.some((c) => c.candidate.source === 'acap') && top.some((c) => c.candidate.source === 'conventional')) {
    overridden = top.filter((c) => c.candidate.source === 'conventional').map((c) => c.candidate);
    top = top.filter((c) => c.candidate.source === 'acap');
    if (agree(top)) return { allowed: top[0].candidate.allow, reason: 'acap-over-conventional', winners: top.map((c) => c.candidate), overridden };
  }
  // interpretation §3.3: the more specific usage (present-snippet over present) wins.
  const specific = top.filter((c) => c.candidate.usage === usage);
  if (specific.length > 0 && specific.length < top.length && agree(specific)) {
    return { allowed: specific[0].candidate.allow, reason: 'specific-usage', winners: specific.map((c) => c.candidate), overridden };
  }
  const pool = specific.length > 0 ? specific : top;
  // Part 1 §2.4.5, last paragraph: undecidable conflicts are prohibitions.
  return { allowed: false, reason: 'tie-prohibited', winners: pool.filter((c) => !c.candidate.allow).map((c) => c.candidate), overridden };
}

interface Setting {
  readonly doc: RobotsDocument;
  /** The path for ACAP matching: normalised and lower-cased (Part 1 §2.8). */
  readonly path: string;
  /** The path as the URL gave it, for conventional lines under the active profile. */
  readonly rawPath: string;
  readonly tiers: readonly Tier[];
  /** Conventional rule lines that are crawl candidates, with the tier they join (interpretation §3.6). */
  readonly conventional: { readonly tier: TierName; readonly rules: readonly RuleLine[] } | undefined;
  readonly profile: Profile;
  /** Notes gathered while deciding (lines crawlers cannot read). */
  readonly notes: Set<string>;
}

function decide(s: Setting, usage: string): Decision {
  const usages = relevantUsages(usage);
  for (const tier of s.tiers) {
    const scored: Scored[] = [];
    for (const field of tier.fields) {
      if (!usages.includes(field.usage)) continue;
      const key = narrowestMatch(field, s.path);
      if (key === undefined) continue;
      if (field.broken) {
        // Crawlers cannot read the line; say what its author meant, and let it decide nothing.
        s.notes.add(`Line ${field.line + 1} would ${field.allow ? 'permit' : 'prohibit'} ${field.usage} here${field.qualifiers.length ? ` (${field.qualifiers.join(' ')})` : ''}, but it ${field.broken}, so crawlers ignore it.`);
        continue;
      }
      scored.push({ candidate: fieldCandidate(field, tier.name, key), key });
    }
    if (usage === 'crawl' && s.conventional && s.conventional.tier === tier.name) {
      for (const rule of s.conventional.rules) {
        if (!conventionalRuleMatches(rule, s.rawPath, s.profile)) continue;
        const ref = lineRef(s.doc, rule.line);
        scored.push({ candidate: { ...ref, source: 'conventional', allow: rule.allow, usage: 'crawl', tier: tier.name, pattern: rule.pattern, qualifiers: [] }, key: patternKey(rule.pattern) });
      }
    }
    if (scored.length === 0) continue;
    const r = resolve(scored, usage);
    const qualifiers = r.allowed ? [...new Set(r.winners.flatMap((w) => w.qualifiers))] : [];
    return { usage, allowed: r.allowed, reason: r.reason, tier: tier.name, winners: r.winners, candidates: scored.map((c) => c.candidate), overridden: r.overridden, qualifiers, summary: summarise(usage, r.allowed, r.reason, tier.name, r.winners, r.overridden) };
  }
  // interpretation §3.4: no candidate anywhere. ACAP-disallow-other prohibits, else silence permits.
  for (const tier of s.tiers) {
    for (const field of tier.fields) {
      if (field.usage !== 'other' || field.allow || field.broken) continue;
      const key = narrowestMatch(field, s.path);
      if (key === undefined) continue;
      const w = fieldCandidate(field, tier.name, key);
      return { usage, allowed: false, reason: 'disallow-other', tier: tier.name, winners: [w], candidates: [], overridden: [], qualifiers: [], summary: `${usage}: prohibited — nothing speaks on it, and line ${w.line} prohibits every usage not explicitly permitted (ACAP-disallow-other)` };
    }
  }
  return { usage, allowed: true, reason: 'silence', tier: undefined, winners: [], candidates: [], overridden: [], qualifiers: [], summary: `${usage}: allowed — no line speaks on it, and silence is permission (guide §1.3)` };
}

const TIER_WORDS: Record<TierName, string> = {
  'named-purpose': 'the purpose sub-records naming this crawler',
  'star-purpose': 'the purpose sub-records for any crawler',
  named: 'the records naming this crawler',
  star: 'the records for any crawler (*)',
};

function summarise(usage: string, allowed: boolean, reason: Reason, tier: TierName, winners: readonly Candidate[], overridden: readonly Candidate[]): string {
  const verdict = allowed ? 'allowed' : 'prohibited';
  const at = winners.map((w) => `line ${w.line}`).join(' and ');
  switch (reason) {
    case 'narrowest': return `${usage}: ${verdict} by ${at}, the narrowest matching pattern in ${TIER_WORDS[tier]} (Part 1 §2.4.5)`;
    case 'acap-over-conventional': return `${usage}: ${verdict} by ${at}; the conventional line${overridden.length > 1 ? 's' : ''} ${overridden.map((o) => o.line).join(', ')} with the same pattern ${overridden.length > 1 ? 'are' : 'is'} overridden (Part 1 §2.9.2)`;
    case 'specific-usage': return `${usage}: ${verdict} by ${at}, which names ${usage} itself and beats ${USAGE_BY_NAME.get(usage)?.base} on the same pattern`;
    case 'tie-prohibited': return `${usage}: prohibited — ${at} ${winners.length > 1 ? 'tie' : 'ties'} with a permission on the same pattern, and an undecidable conflict is a prohibition (Part 1 §2.4.5)`;
    default: return `${usage}: ${verdict}`;
  }
}

/** The records that apply to the crawler, following permissions references into the workspace. */
function applicableRecords(doc: RobotsDocument, token: string, ctx: EngineContext, notes: string[]): { named: CompiledRecord[]; star: CompiledRecord[] } {
  const t = token.toLowerCase();
  const named: CompiledRecord[] = [];
  // Through the index (recordIndex): a look-up, not a scan of every record.
  const index = recordIndex(compileRecords(doc));
  const star: CompiledRecord[] = [...index.star];
  for (const r of index.byCrawler.get(t) ?? []) {
    if (r.reference) {
      // Part 1 §2.3.2: the referenced file's permissions apply to this record's crawlers.
      const target = ctx.resolveReference?.(r.reference.locator, doc);
      if (!target) {
        notes.push(`Line ${r.reference.line + 1} refers this crawler to ${r.reference.locator}, which is not in the workspace (references are never fetched); its permissions are unknown here.`);
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

/** Answer a query about a document. */
export function explain(doc: RobotsDocument, query: Query, ctx: EngineContext = {}): Explanation {
  const model = getModel(doc);
  const token = agentToken(query.agent);
  const usage = (query.usage ?? 'crawl').toLowerCase();
  const profile = query.profile ?? 'rfc9309';
  const rawPath = pathOfUrl(query.path.trim() || '/');
  const path = normalizePercent(rawPath);
  const purpose = query.purpose?.trim() || undefined;
  const reading: Reading = query.reading ?? (model.records.length > 0 ? 'acap' : 'conventional');
  const notes: string[] = [];
  if (!USAGE_BY_NAME.has(usage)) throw new RangeError(`unknown usage ‘${usage}’`);

  const conventional = evaluateConventional(doc, token, rawPath, profile);
  const profiles = Object.fromEntries(PROFILES.map((p) => [p, p === profile ? conventional.allowed : evaluateConventional(doc, token, rawPath, p).allowed])) as Record<Profile, boolean>;
  const ignored = model.ignoreConventional.length > 0;

  if (reading === 'conventional') {
    const decidedBy = conventional.line !== undefined ? [lineRef(doc, conventional.line)] : [];
    const crawlCandidate: Candidate[] = conventional.line !== undefined
      ? [{ ...lineRef(doc, conventional.line), source: 'conventional', allow: conventional.allowed, usage: 'crawl', tier: conventional.named ? 'named' : 'star', pattern: conventionalPattern(doc, conventional.line), qualifiers: [] }]
      : [];
    const crawlDecision: Decision = { usage: 'crawl', allowed: conventional.allowed, reason: 'conventional', tier: undefined, winners: crawlCandidate, candidates: crawlCandidate, overridden: [], qualifiers: [], summary: `crawl: ${conventional.allowed ? 'allowed' : 'prohibited'} — ${conventional.why}` };
    if (usage !== 'crawl') notes.push(`Conventional robots.txt only speaks about crawling; ${usage} follows the crawl verdict (some crawlers read Disallow as "do not index", Part 1 §2.5.1 note).`);
    const decision: Decision = usage === 'crawl' ? crawlDecision : { ...crawlDecision, usage, summary: `${usage}: ${conventional.allowed ? 'allowed' : 'prohibited'} — it depends on crawl, and ${conventional.why}` };
    return {
      agent: token, usage, path, purpose, profile, reading, allowed: conventional.allowed, qualifiers: [], decidedBy,
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
  const setting: Setting = {
    doc, path: path.toLowerCase(), rawPath, tiers, profile, notes: new Set(),
    conventional: ignored ? undefined : { tier: conventional.named ? 'named' : 'star', rules: conventional.rules() },
  };
  if (ignored) notes.push(`Line ${model.ignoreConventional[0] + 1} tells ACAP crawlers to ignore the conventional records (Part 1 §2.9.1).`);
  if (named.length === 0 && star.length === 0) notes.push('No ACAP record addresses this crawler.');

  const decision = decide(setting, usage);
  const crawl = usage === 'crawl' ? undefined : decide(setting, 'crawl');
  notes.push(...setting.notes);
  const allowed = decision.allowed && (crawl?.allowed ?? true);
  const lines = new Map<number, LineRef>();
  const add = (d: Decision | undefined): void => d?.winners.forEach((w) => lines.set(w.line, { line: w.line, text: w.text }));
  if (crawl && !crawl.allowed) {
    add(crawl);
    if (!decision.allowed) add(decision);
  } else {
    add(decision);
    add(crawl);
  }
  // Each winner's field by its line, through one map: O(fields + winners), not a search per winner.
  const fieldAt = new Map<number, AcapField>();
  for (const t of tiers) for (const f of t.fields) if (f.doc === doc && !fieldAt.has(f.line + 1)) fieldAt.set(f.line + 1, f);
  const unknown = [...new Set(decision.winners.flatMap((w) => fieldAt.get(w.line)?.unknownQualifiers ?? []))];
  if (allowed && unknown.length) notes.push(`The permission carries ${unknown.join(', ')}, which ACAP 1.0 does not define: a crawler that does not understand a qualifier treats the permission as a prohibition (interpretation §3.7).`);
  if (crawl && !crawl.allowed) notes.push(`${usage} depends on crawl, which is prohibited (guide §2.4).`);
  if (!ignored && conventional.allowed !== (crawl ?? decision).allowed && conventional.line !== undefined && usage === 'crawl') {
    notes.push(`A crawler that reads only conventional records gets the opposite answer: ${conventional.why}.`);
  }

  return {
    agent: token, usage, path, purpose, profile, reading, allowed,
    qualifiers: allowed ? decision.qualifiers : [],
    decidedBy: [...lines.values()],
    decision, crawl,
    records: [...named.map((r) => ({ line: r.record.startLine + 1, named: true, ...(r.doc !== doc ? { file: r.doc.uri } : {}) })), ...star.map((r) => ({ line: r.record.startLine + 1, named: false }))],
    conventional: conventionalSummary(conventional, ignored),
    profiles,
    notes,
  };
}
