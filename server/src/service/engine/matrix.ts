/**
 * Who may do what on one path: crawlers × usages, with crawlers that answer alike grouped, and
 * crawlers that answer like `*` folded into its row. The hover and the CLI's `table` render it.
 */
import { PROFILES, type Profile } from './conventional';
import { lineAt, lineCount, type RobotsDocument } from '../syntax/document';
import { getModel } from '../model/model';
import { USAGES } from '../facts/facts';
import type { UsageRef } from '../syntax/directives';
import { agentToken, conventionalProfiles, explain, explainVerdicts, type Explanation, type Query, type Reading, type Verdict } from './permissions';
import type { WorkspaceContext } from '../syntax/workspace';
import { CRAWLER_BY_TOKEN } from '../facts/crawlers';
import { finish, type Steps } from '../syntax/steps';
import type { LineNode } from '../syntax/syntax';
import { CarriedAnswers, type Unchanged } from './carried';
import { googleExtractAgent, googleReadLine, googleReadsUserAgent, googleSections } from './google';

/**
 * The reading a crawler uses by default (issue 15): a file without ACAP records has only the
 * conventional one; a crawler in the knowledge base reads ACAP only when its `readsAcap` fact says
 * so (no crawler is documented to today); a crawler the knowledge base does not know, and `*`,
 * get the ACAP reading the file was written for (Part 1 §2.9.2). O(1) after the model is built.
 */
export function defaultReading(doc: RobotsDocument, agent: string): { readonly reading: Reading; readonly why: string } {
  if (getModel(doc).records.length === 0) return { reading: 'conventional', why: 'the file has no ACAP records' };
  const token = agentToken(agent);
  const fact = CRAWLER_BY_TOKEN.get(token.toLowerCase());
  if (!fact) return { reading: 'acap', why: `${token === '*' ? 'any other crawler' : token} is not in the crawler knowledge base, so it is taken to read the ACAP records the file has` };
  return fact.readsAcap
    ? { reading: 'acap', why: `${fact.token} is documented to read ACAP (crawler knowledge base, checked ${fact.checked})` }
    : { reading: 'conventional', why: `${fact.token} is not documented to read ACAP, so it reads the conventional records only (crawler knowledge base, checked ${fact.checked})` };
}

/** A verdict in the reading a crawler does not use, with the lines that decide it. */
export interface OtherReading {
  readonly reading: Reading;
  readonly allowed: boolean;
  /** 1-based deciding line of the usage itself, if a line decided. */
  readonly line: number | undefined;
  readonly decidedBy: readonly { readonly line: number; readonly text: string; readonly file?: string }[];
  readonly qualifiers: readonly string[];
}

/** An answer in the crawler's default reading, why that reading, and the other reading's answer where it differs. */
export interface DefaultAnswer {
  readonly answer: Explanation;
  readonly readingWhy: string;
  readonly other: OtherReading | undefined;
}

/** What defaultAnswers needs of an answer: its reading, verdict, deciding lines and qualifiers. */
type ReadingAnswer = Pick<Explanation, 'reading' | 'allowed' | 'decidedBy' | 'qualifiers'>;

/**
 * `ask` in the crawler's own reading (defaultReading), and in the other one when the file has ACAP
 * records, that other answer kept only where its verdict differs (qualifiers travel only with the
 * ACAP reading: conventional records have none). Two answers at most.
 */
function defaultAnswers<A extends ReadingAnswer>(doc: RobotsDocument, query: Omit<Query, 'reading'>, ask: (q: Query) => A): { answer: A; readingWhy: string; other: OtherReading | undefined } {
  const { reading, why } = defaultReading(doc, query.agent);
  // Queries written out, not spread (see evaluateConventional): a hover table asks hundreds.
  const inReading = (r: Reading): Query => ({ agent: query.agent, usage: query.usage, path: query.path, purpose: query.purpose, profile: query.profile, reading: r });
  const answer = ask(inReading(reading));
  if (getModel(doc).records.length === 0) return { answer, readingWhy: why, other: undefined };
  return { answer, readingWhy: why, other: otherReading(answer, ask(inReading(reading === 'acap' ? 'conventional' : 'acap'))) };
}

/** The other reading's answer `alt`, where its verdict differs from `answer`'s. */
function otherReading(answer: ReadingAnswer, alt: ReadingAnswer): OtherReading | undefined {
  return alt.allowed !== answer.allowed ? { reading: alt.reading, allowed: alt.allowed, line: alt.decidedBy[0]?.line, decidedBy: alt.decidedBy, qualifiers: alt.qualifiers } : undefined;
}

/**
 * `explain` without a forced reading (issue 15): the crawler's own reading, and the other one when
 * its verdict differs. Two engine answers at most.
 */
export function explainDefault(doc: RobotsDocument, query: Omit<Query, 'reading'>, ctx: WorkspaceContext = {}): DefaultAnswer {
  return defaultAnswers(doc, query, (q) => explain(doc, q, ctx));
}

/** A table's cell as the engine answers it: explainDefault's verdicts, lines and qualifiers (explainVerdict), without the rest of the two answers. */
interface CellAnswer {
  readonly answer: Verdict;
  readonly readingWhy: string;
  readonly other: OtherReading | undefined;
}

/**
 * The cells of one crawler's row, a CellAnswer for each of `usages`: the same as asking each
 * usage's answers in turn (defaultAnswers with explainVerdict), with each reading's question
 * read once for all the usages (explainVerdicts). Two engine questions at most.
 */
function rowAnswers(doc: RobotsDocument, query: Omit<Query, 'reading' | 'usage'>, usages: readonly string[], ctx: WorkspaceContext): CellAnswer[] {
  const { reading, why } = defaultReading(doc, query.agent);
  const inReading = (r: Reading): Omit<Query, 'usage'> => ({ agent: query.agent, path: query.path, purpose: query.purpose, profile: query.profile, reading: r });
  const answers = explainVerdicts(doc, inReading(reading), usages, ctx);
  if (getModel(doc).records.length === 0) return answers.map((answer) => ({ answer, readingWhy: why, other: undefined }));
  const alts = explainVerdicts(doc, inReading(reading === 'acap' ? 'conventional' : 'acap'), usages, ctx);
  return answers.map((answer, k) => ({ answer, readingWhy: why, other: otherReading(answer, alts[k]) }));
}

/** Major search and AI crawlers (their published product tokens). */
export const DEFAULT_CRAWLERS: readonly string[] = ['Googlebot', 'Bingbot', 'GPTBot', 'ClaudeBot', 'CCBot', 'Google-Extended', 'Applebot-Extended', 'PerplexityBot'];

/** The usages shown for an ACAP file; a conventional file speaks only about crawl. */
export const MATRIX_USAGES: readonly string[] = ['crawl', 'follow', 'index', 'preserve', 'present', 'present-snippet'];

/** matrixUsages' answer per version (a hover asks it once per table), and per URI across edits. */
const usagesCache = new WeakMap<RobotsDocument, readonly string[]>();
const usagesCarried = new CarriedAnswers<readonly string[]>();

/** The usage an ACAP field names, and whether it is a local one: `` when the line is no field (or names none). */
function usageOf(line: LineNode): string {
  const d = line.directive;
  return d.kind === 'acap-permission' && d.usage ? `${d.usage.local ? '(' : ''}${d.usage.name}` : '';
}

/** Where a line stands for the model, when that can change the columns (a definition, a record's start). */
function placementOf(line: LineNode): string | undefined {
  const placement = line.field?.fact?.placement;
  return placement === 'acap-file' || placement === 'acap-record-start' ? placement : undefined;
}

/**
 * What the columns depend on in the lines an edit replaced: the usages the fields name, the
 * definitions of local usages, and the ACAP-crawler lines, since a definition after the first
 * record defines nothing (Part 1 §2.7): a crawler line added above one takes its usage away.
 */
const USAGES_UNCHANGED: Unchanged = {
  line: (line) => usageOf(line) === '' && placementOf(line) === undefined,
  pair: (before, after) => usageOf(before) === usageOf(after) && placementOf(before) === placementOf(after)
    && (placementOf(before) !== 'acap-file' || before.text === after.text),
};

/**
 * The columns for `doc`: the usual six, and every other usage its ACAP fields speak about, local
 * usages expanded (Part 1 §2.4.1.3, §2.7), in the facts' order. `other` is no column: it speaks
 * through the other usages' cells (Part 1 §2.5.8). O(lines + members) once per version, reading
 * lines one by one (no lines array is made for an edited version).
 */
export function matrixUsages(doc: RobotsDocument): readonly string[] {
  let known = usagesCache.get(doc);
  if (!known) {
    known = usagesCarried.get(doc, USAGES_UNCHANGED);
    if (!known) usagesCarried.set(doc, (known = listUsages(doc)));
    usagesCache.set(doc, known);
  }
  return known;
}

function listUsages(doc: RobotsDocument): string[] {
  const model = getModel(doc);
  const spoken = new Set(MATRIX_USAGES);
  const add = (u: UsageRef | undefined, depth: number): void => {
    if (!u) return;
    if (!u.local) {
      spoken.add(u.name);
      return;
    }
    const def = model.localUsages.get(u.name);
    if (!def || depth > 1) return;
    const d = lineAt(doc, def.line).directive;
    if (d.kind === 'acap-qualified-usage') add(d.usage, depth + 1);
    else if (d.kind === 'acap-composite-usage') for (const m of d.members) add(m, depth + 1);
  };
  const n = lineCount(doc);
  for (let i = 0; i < n; i++) {
    const d = lineAt(doc, i).directive;
    if (d.kind === 'acap-permission') add(d.usage, 0);
  }
  return USAGES.map((u) => u.name).filter((n) => n !== 'other' && spoken.has(n));
}

export interface MatrixCell {
  readonly allowed: boolean;
  /** 1-based deciding line, if a line decided. */
  readonly line: number | undefined;
  readonly qualifiers: readonly string[];
  /** Refused only because crawling is (interpretation §3.5). */
  readonly needsCrawl: boolean;
  /** The reading of this verdict: the crawler's own (defaultReading). */
  readonly reading: Reading;
  /** What the other reading says, where it differs. */
  readonly other?: OtherReading;
}

export interface MatrixRow {
  readonly crawlers: readonly string[];
  /**
   * The reading these crawlers use (defaultReading); that of the first crawler when the row's
   * crawlers read differently but no cell's verdict depends on it (`readingsDiffer` false).
   */
  readonly reading: Reading;
  /** Some cell of the row has another verdict in the other reading. */
  readonly readingsDiffer: boolean;
  /** Why, for the first crawler of the row. */
  readonly readingWhy: string;
  readonly cells: readonly MatrixCell[];
  /** The conventional readings (rfc9309, google, koster1996) disagree on crawl. */
  readonly profilesDisagree: boolean;
  /** The conventional crawl verdict under each profile, to say which says what. */
  readonly profiles: Readonly<Record<Profile, boolean>>;
}

export interface Matrix {
  readonly path: string;
  readonly acap: boolean;
  readonly profile: Profile;
  readonly usages: readonly string[];
  /** Crawlers that answer differently from `*`, grouped by identical rows. */
  readonly rows: readonly MatrixRow[];
  /** The row for any other crawler, and the listed crawlers that answer the same. */
  readonly star: MatrixRow;
  /**
   * Usage purposes of the file's purpose sub-records (as written): the table shows the general
   * verdicts, which those purposes may override (interpretation §3.1).
   */
  readonly purposes: readonly string[];
  /**
   * For each purpose the sub-records name: the rows with that purpose given (Part 1 §2.3.3,
   * interpretation §3.1); the first `maxPurposes` of them when limited.
   */
  readonly purposeRows: readonly PurposeRows[];
  /** Crawlers the file names that were not answered (past `maxAnswers`); 0 when unlimited. */
  readonly unanswered: number;
}

export interface PurposeRows {
  readonly purpose: string;
  readonly rows: readonly MatrixRow[];
  readonly star: MatrixRow;
}

/** Which profile says what, when they disagree: `rfc9309 allows, google prohibits, …`. */
export function profileWords(p: Readonly<Record<Profile, boolean>>): string {
  return PROFILES.map((x) => `${x} ${p[x] ? 'allows' : 'prohibits'}`).join(', ');
}

/**
 * Crawler names the file addresses (User-agent and ACAP-crawler values), first spelling kept, in
 * file order, each once whatever its letter case. Taken from the model's group and record openers
 * rather than a scan of every line: O(agent lines), which on a file of one group of 47,000 rules
 * is a few lines. Under `google` also the product tokens of the User-agent lines Google's parser
 * reads (decisions §1): it takes `useragent: FooBot` for one, which opens no RFC 9309 group, and
 * reads `User-agent: AB42bot` as naming AB; those lines are read from Google's sections, which a
 * google answer builds anyway (googleNamesOf). rfc9309 and koster1996 read the model's names.
 */
export function crawlersNamed(doc: RobotsDocument, profile: Profile = 'rfc9309'): readonly string[] {
  return profile === 'google' ? googleNamesOf(doc).named : namesOf(doc).named;
}

/** Crawler names of ACAP-crawler lines, lower-cased (a crawler named there keeps a row of its own). */
function acapCrawlers(doc: RobotsDocument): ReadonlySet<string> {
  return namesOf(doc).acap;
}

interface Names {
  readonly named: readonly string[];
  readonly acap: ReadonlySet<string>;
}

/** Per version: a hover asks for the names twice (the table and its AI rows); per URI across edits. */
const namesCache = new WeakMap<RobotsDocument, Names>();
const namesCarried = new CarriedAnswers<Names>();

/** The names are read from the User-agent and ACAP-crawler lines only: an edit of no such line keeps them. */
const NAMES_UNCHANGED: Unchanged = {
  line: (line) => {
    const placement = line.field?.fact?.placement;
    return placement !== 'group-start' && placement !== 'acap-record-start';
  },
};

/** The names under google, per version and per URI across edits, apart from the model's. */
const googleNamesCache = new WeakMap<RobotsDocument, Names>();
const googleNamesCarried = new CarriedAnswers<Names>();

/**
 * Under google the names also come from the lines Google reads as User-agent: an edit that makes
 * one of `useragnt: FooBot` (no group start for the model) adds a name. O(line length) for a line
 * whose key begins `us`, O(1) for nearly every other (googleReadsUserAgent).
 */
const GOOGLE_NAMES_UNCHANGED: Unchanged = {
  line: (line, index) => NAMES_UNCHANGED.line(line, index) && !googleReadsUserAgent(line, index),
};

/** Forget the names and columns kept for `uri` (the document closed). */
export function forgetMatrixAnswers(uri: string): void {
  namesCarried.forget(uri);
  googleNamesCarried.forget(uri);
  usagesCarried.forget(uri);
}

/**
 * Both lists of names in one pass over the agent lines, in file order: O(agent lines). A
 * value is read into its token once per distinct spelling (150,000 `ACAP-crawler: b` lines are
 * one), and each list was a pass of its own.
 */
function namesOf(doc: RobotsDocument): Names {
  const cached = namesCache.get(doc) ?? namesCarried.get(doc, NAMES_UNCHANGED);
  if (cached) {
    namesCache.set(doc, cached);
    return cached;
  }
  const out = listNames(doc, []);
  namesCache.set(doc, out);
  namesCarried.set(doc, out);
  return out;
}

/**
 * namesOf under google: the model's names and, merged in file order, the tokens of the User-agent
 * lines of Google's sections (decisions §1). O(agent lines of either reading), plus one reading of
 * the first line of each token the model's names lack, for its spelling (the sections keep tokens
 * lower-cased): on 192,000 User-agent lines of one name, one pass over a list of 192,000 lines.
 * Google's sections are built once per version, and patched across edits (googleSections).
 */
function googleNamesOf(doc: RobotsDocument): Names {
  const cached = googleNamesCache.get(doc) ?? googleNamesCarried.get(doc, GOOGLE_NAMES_UNCHANGED);
  if (cached) {
    googleNamesCache.set(doc, cached);
    return cached;
  }
  const agents: { readonly token: string; readonly line: number }[] = [];
  // Sections follow each other in the file and list their User-agent lines in order: the list is
  // in line order. `*` lines are kept apart (globalLines) and name no crawler.
  for (const sec of googleSections(doc)) for (const a of sec.agents) agents.push(a);
  const out = listNames(doc, agents);
  googleNamesCache.set(doc, out);
  googleNamesCarried.set(doc, out);
  return out;
}

/**
 * The names of the model's User-agent and ACAP-crawler lines and, after each line's own, the
 * tokens of `google` (Google's User-agent lines, in line order; none for the other profiles) that
 * are not named yet, in file order. O(agent lines + google).
 */
function listNames(doc: RobotsDocument, google: readonly { readonly token: string; readonly line: number }[]): Names {
  const model = getModel(doc);
  const agents: number[] = [];
  for (const g of model.groups) for (const a of g.agents) agents.push(a);
  const crawlers: number[] = [];
  for (const r of model.records) for (const c of r.crawlers) crawlers.push(c);
  const lines = mergeAscending(agents, crawlers);
  const named = new Map<string, string>();
  const acap = new Set<string>();
  const tokens = new Map<string, string>();
  const tokenOf = (value: string): string => {
    let t = tokens.get(value);
    if (t === undefined) tokens.set(value, (t = agentToken(value)));
    return t;
  };
  let k = 0;
  /** Google's tokens on lines up to `last`: a token already named keeps its spelling. */
  const googleUpTo = (last: number): void => {
    for (; k < google.length && google[k].line <= last; k++) {
      const { token, line } = google[k];
      // No token: a value that starts with neither a letter nor `-` or `_` (`User-agent: *bot`).
      if (token === '' || named.has(token)) continue;
      const read = googleReadLine(lineAt(doc, line), line);
      named.set(token, read ? googleExtractAgent(read.value) : token);
    }
  };
  for (const i of lines) {
    googleUpTo(i - 1);
    const line = lineAt(doc, i);
    const d = line.directive;
    const span = d.kind === 'user-agent' ? d.agent : d.kind === 'acap-crawler' ? d.name : undefined;
    const name = span ? tokenOf(line.text.slice(span.start, span.end)) : '';
    const lower = name.toLowerCase();
    if (d.kind === 'acap-crawler') acap.add(lower);
    if (name && name !== '*' && !named.has(lower)) named.set(lower, name);
    googleUpTo(i);
  }
  googleUpTo(Infinity);
  return { named: [...named.values()], acap };
}

/** Two ascending lists of line numbers as one, in O(a + b) (each is in file order already). */
function mergeAscending(a: readonly number[], b: readonly number[]): readonly number[] {
  if (b.length === 0) return a;
  if (a.length === 0) return b;
  const out = new Array<number>(a.length + b.length);
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < a.length && j < b.length) out[k++] = a[i] <= b[j] ? a[i++] : b[j++];
  while (i < a.length) out[k++] = a[i++];
  while (j < b.length) out[k++] = b[j++];
  return out;
}

/** The cell names the line that decided the usage itself (none when silence permits it). */
function cellOf(d: CellAnswer, usage: string, crawlRefused: boolean): MatrixCell {
  const v = d.answer;
  const other = d.other ? { other: d.other } : {};
  // Refused for want of crawl: what the usage's own lines say does not matter, so cells alike.
  if (crawlRefused && usage !== 'crawl') return { allowed: false, line: undefined, qualifiers: [], needsCrawl: true, reading: v.reading, ...other };
  return { allowed: v.allowed, line: v.line, qualifiers: v.qualifiers, needsCrawl: false, reading: v.reading, ...other };
}

function key(cells: readonly MatrixCell[]): string {
  // The reading separates rows only where it changes an answer: crawlers that answer alike in either reading share a row.
  const differ = cells.some((c) => c.other);
  return cells.map((c) => `${c.allowed}:${c.line}:${c.qualifiers.join(' ')}:${c.needsCrawl}:${differ ? c.reading : ''}:${c.other ? `${c.other.allowed}:${c.other.line}` : ''}`).join('|');
}

/** Bounds on a matrix's work (a hover's table; the CLI and the permissions view ask for all). */
export interface MatrixLimits {
  /**
   * Engine answers the matrix may ask for. `*` and the listed crawlers (settings, the defaults)
   * always get their rows; crawlers the file names get rows, in file order, while the budget
   * lasts (each costs usages × sections × readings answers). The others are counted in
   * `Matrix.unanswered`, not asked about.
   */
  readonly maxAnswers?: number;
  /** Purpose sections computed, in file order; `Matrix.purposes` still names every purpose. */
  readonly maxPurposes?: number;
}

/**
 * The crawlers a table answers, each name once (the listed spelling kept), in the order of `named`
 * then `listed`: the listed ones always; of the others the file names, in file order, those a
 * budget of `maxAnswers` engine answers pays for at `perCrawler` answers each, after `*` and the
 * listed ones (undefined: every one). `left` counts the others. O(named + listed). The hover's
 * table and the permissions view bound themselves so.
 */
export function crawlersWithin(named: readonly string[], listed: readonly string[], perCrawler: number, maxAnswers: number | undefined): { readonly answered: string[]; readonly left: number } {
  const every = [...new Map([...named, ...listed].map((c) => [c.toLowerCase(), c])).values()];
  const always = new Set(listed.map((c) => c.toLowerCase()));
  const room = maxAnswers === undefined ? named.length : Math.max(0, Math.floor(maxAnswers / perCrawler) - 1 - always.size);
  const kept = new Set<string>();
  for (const c of named) {
    if (kept.size >= room) break;
    if (!always.has(c.toLowerCase())) kept.add(c.toLowerCase());
  }
  const answered = every.filter((c) => always.has(c.toLowerCase()) || kept.has(c.toLowerCase()));
  return { answered, left: every.length - answered.length };
}

/**
 * Cost: (answered crawlers + 1) × usages × (computed purposes + 1) × 2 engine answers (the second
 * reading only in a file with ACAP records): at most max(`maxAnswers`, (listed + 1) × that
 * product) when limited, with computed purposes ≤ `maxPurposes`; plus O(lines) for the columns and
 * O(agent lines × log + records) to list the names and purposes (under google, Google's
 * User-agent lines too: crawlersNamed). Grouping rows is O(answered crawlers) through a map by key.
 */
export function permissionMatrix(doc: RobotsDocument, path: string, crawlers: readonly string[], profile: Profile, ctx: WorkspaceContext = {}, limits: MatrixLimits = {}): Matrix {
  return finish(permissionMatrixSteps(doc, path, crawlers, profile, ctx, limits));
}

/** permissionMatrix in steps: one pause after each crawler's row (a few engine answers each). */
export function* permissionMatrixSteps(doc: RobotsDocument, path: string, crawlers: readonly string[], profile: Profile, ctx: WorkspaceContext = {}, limits: MatrixLimits = {}): Steps<Matrix> {
  const model = getModel(doc);
  const acap = model.records.length > 0;
  const usages = acap ? matrixUsages(doc) : ['crawl'];
  // A crawler named only in ACAP records keeps a row of its own: the publisher wrote a record for it.
  const ownRow: ReadonlySet<string> = acap ? acapCrawlers(doc) : new Set<string>();
  const named = crawlersNamed(doc, profile);
  const purposes = [...new Set(model.records.flatMap((r) => r.subRecords.flatMap((s) => s.purposes.map((l) => {
    const f = lineAt(doc, l).field;
    return f ? lineAt(doc, l).text.slice(f.value.start, f.value.end).trim() : '';
  })))).values()].filter((x) => x !== '');
  const sections = 1 + Math.min(purposes.length, limits.maxPurposes ?? purposes.length);
  const { answered: all, left: unanswered } = crawlersWithin(named, crawlers, usages.length * sections * (acap ? 2 : 1), limits.maxAnswers);
  function* section(purpose: string | undefined): Steps<{ rows: MatrixRow[]; star: MatrixRow }> {
    type Row = { crawlers: string[]; cells: MatrixCell[]; profilesDisagree: boolean; profiles: Record<Profile, boolean>; reading: Reading; readingWhy: string; readingsDiffer: boolean };
    const rowOf = (agent: string): Row => {
      const answers = rowAnswers(doc, { agent, path, profile, ...(purpose ? { purpose } : {}) }, usages, ctx);
      const refused = !answers[0].answer.allowed;
      const p = conventionalProfiles(doc, agent, path);
      const cells = answers.map((d, k) => cellOf(d, usages[k], refused));
      return { crawlers: [agent], cells, readingsDiffer: cells.some((c) => c.other !== undefined), profilesDisagree: !(p.rfc9309 === p.google && p.google === p.koster1996), profiles: { ...p }, reading: answers[0].answer.reading, readingWhy: answers[0].readingWhy };
    };
    const pkey = (p: Readonly<Record<Profile, boolean>>): string => PROFILES.map((x) => p[x]).join();
    const star = rowOf('*');
    const starKey = key(star.cells) + pkey(star.profiles);
    const rows: Row[] = [];
    // Rows by their key, so that grouping is O(crawlers), not a search of every row per crawler.
    const rowByKey = new Map<string, Row>();
    const likeStar: string[] = [];
    for (const c of all) {
      yield;
      const r = rowOf(c);
      const k = key(r.cells) + pkey(r.profiles);
      if (k === starKey && !ownRow.has(c.toLowerCase())) {
        likeStar.push(c);
        continue;
      }
      const same = rowByKey.get(k);
      if (same) same.crawlers.push(c);
      else {
        rows.push(r);
        rowByKey.set(k, r);
      }
    }
    return { rows, star: { ...star, crawlers: likeStar } };
  }
  const general = yield* section(undefined);
  const purposeRows: PurposeRows[] = [];
  for (const purpose of purposes.slice(0, limits.maxPurposes ?? purposes.length)) purposeRows.push({ purpose, ...(yield* section(purpose)) });
  return {
    path, acap, profile, usages, rows: general.rows,
    star: general.star,
    purposes,
    purposeRows,
    unanswered,
  };
}
