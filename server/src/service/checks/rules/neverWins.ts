/**
 * Fields that can never win where they were meant to (interpretation §3.3, §3.10).
 *
 * Part 1 §2.4.5 ranks patterns character by character: a `/` is narrower than a `*` in the same
 * place, and a `*` narrower than a `$`. So a pattern that starts with `*` (`*.html$`) never beats
 * an opposite field whose pattern starts with `/` and matches the same paths — the author of
 * `*.html$` almost always meant `/*.html$` — and `/page$` never beats an opposite `/page*`.
 * `ACAP-disallow-other` for the whole site with no field speaking on crawl prohibits crawl itself
 * (nothing else speaks on it), and every usage depends on crawl: the whole site is closed.
 *
 * Fields compete within one tier (interpretation §3.1), so they are compared within a bucket:
 * the general fields of the records for one set of crawlers, or one purpose sub-record.
 *
 * Cost: O(n) to bucket; per bucket of b fields with u usages, O(b × u) to list the opposite fields
 * of each kind and usage. A list is indexed once, when a pattern first asks of it: O(F) for the
 * `*` question (its patterns, F characters, each compiled once, and an automaton of their
 * literals), O(K log K) key comparisons for the `$` one (its K distinct keys sorted). Then each
 * of the s patterns that start with `*` or end with `$` is one query. For `*`, its sample path of
 * n characters is looked up at every length some key or wildcard head has (at most √(2F) lengths:
 * O(n·√F)) and scanned once for the wildcard keys' literals (O(n + literals found)); only the
 * wildcard keys whose longest literal the path holds are matched (O(n·p) each at worst,
 * matchCompiled), in field order, stopping at the first that matches or that comes after a match
 * already found. Those matches are counted against one budget per document (STAR_BUDGET): past
 * it the remaining `*` patterns are left unchecked, and one finding says how many
 * (acap.never-wins-unchecked). For `$`, two binary searches and a range minimum, O(n log K).
 * Asking every opposite pattern instead cost O(s × F): 8,000 `*q<i>` fields beside 8,000 opposite
 * `/z<i>` took 15 s; beside `/*z<i>`, whose heads are all `/`, filing by head alone took 2.1 s.
 */
import { namesResourceSet, USAGE_BY_NAME } from '../../facts/facts';
import type { LocatedFinding } from '../../syntax/findings';
import { modelLineage, resourceSetPatterns, type AcapRecord, type RobotsModel } from '../../model/model';
import { lineAt, type RobotsDocument } from '../../syntax/document';
import { lowerBoundBy } from '../../syntax/numbers';
import { compilePattern, matchCompiled, type CompiledPattern } from '../../syntax/paths';
import { Needles } from '../../syntax/needles';
import type { LineNode, Span } from '../../syntax/syntax';
import { replaceWith, type Topic } from '../rule';

/** A field as the check reads it (exported for the test's plain reading of the check). */
export interface Field {
  readonly line: number;
  readonly allow: boolean;
  readonly usage: string;
  /** Lower-cased patterns, with the span of the one written on the line (not from a resource set). */
  readonly patterns: readonly { readonly key: string; readonly text: string; readonly span: Span | undefined }[];
}

export function family(a: string, b: string): boolean {
  const base = (u: string): string => USAGE_BY_NAME.get(u)?.base ?? u;
  return a === b || base(a) === b || a === base(b);
}

function fieldOf(model: RobotsModel, i: number): Field | undefined {
  const doc = model.document;
  const line = lineAt(doc, i);
  const d = line.directive;
  if (d.kind !== 'acap-permission' || !d.usage || d.usage.local || !d.resource) return undefined;
  const spec = line.text.slice(d.resource.start, d.resource.end);
  if (namesResourceSet(spec)) {
    const texts = resourceSetPatterns(model, spec);
    return texts && { line: i, allow: d.allow, usage: d.usage.name, patterns: texts.map((text) => ({ key: text.toLowerCase(), text, span: undefined })) };
  }
  return { line: i, allow: d.allow, usage: d.usage.name, patterns: [{ key: spec.toLowerCase(), text: spec, span: d.resource }] };
}

/** A path the pattern matches: wildcards filled in, the end anchor dropped, a leading `/` added. */
export function samplePath(pattern: string): string {
  const p = pattern.replace(/\$$/, '').replace(/\*/g, 'x');
  return p.startsWith('/') ? p : '/' + p;
}

type Pattern = Field['patterns'][number];

/**
 * The opposite fields of one kind and usage in a bucket, asked for the first rival of a pattern:
 * the first field, in the bucket's order, with a pattern that decides (the first such pattern of
 * it). Every opposite pattern is numbered in that order (field, then its patterns), so the first
 * rival is the one of least number, and only the least number of each distinct key is kept. Each
 * question's index is made on its first use: most lists are asked only one of them, or none.
 */
class Rivals {
  /** By number: the field and its pattern. */
  private readonly owners: Field[] = [];
  private readonly patterns: Pattern[] = [];
  /** Each distinct key with its least number, in the order first met. */
  private readonly firstOf = new Map<string, number>();
  private starIndex: StarIndex | undefined;
  private dollarIndex: { readonly keys: string[]; readonly least: RangeMin } | undefined;

  constructor(fields: readonly Field[]) {
    for (const f of fields) {
      for (const q of f.patterns) {
        if (!this.firstOf.has(q.key)) this.firstOf.set(q.key, this.owners.length);
        this.owners.push(f);
        this.patterns.push(q);
      }
    }
  }

  /**
   * The first rival with a pattern that starts with `/` and matches `sample` (the `*` question),
   * or UNCHECKED when `budget` runs out before the answer is known.
   */
  firstMatching(sample: string, budget: Budget): [Field, Pattern] | undefined | typeof UNCHECKED {
    this.starIndex ??= new StarIndex(this.firstOf);
    const n = this.starIndex.least(sample, budget);
    return n === UNCHECKED ? UNCHECKED : n < 0 ? undefined : [this.owners[n], this.patterns[n]];
  }

  /**
   * The first rival with a pattern that starts with `stem` (the `$` question): the keys sorted,
   * those starting with `stem` are one run of them, found by two binary searches, and the least
   * number in that run is read from a RangeMin.
   */
  firstExtending(stem: string): [Field, Pattern] | undefined {
    if (!this.dollarIndex) {
      // Sorted by UTF-16 units, as `<` and startsWith compare.
      const keys = [...this.firstOf.keys()].sort();
      this.dollarIndex = { keys, least: new RangeMin(keys.map((k) => this.firstOf.get(k) ?? 0)) };
    }
    const { keys, least } = this.dollarIndex;
    // The keys starting with `stem` are at least `stem`, and every other key at least `stem` is
    // greater than all of them: they run from the first key not below `stem`.
    const from = firstWhere(keys, 0, (k) => k >= stem);
    const to = firstWhere(keys, from, (k) => !k.startsWith(stem));
    if (from === to) return undefined;
    const n = least.of(from, to);
    return [this.owners[n], this.patterns[n]];
  }
}

/**
 * The keys that start with `/`, read as matchPattern reads them (compilePattern: checks/ sits
 * beside engine/, so the engine's PatternIndex is not used here), asked for the least number of
 * one matching a path. A literal key matches when it is a prefix of the path, a key ending in `$`
 * without `*` when it equals the path. A wildcard key matches only if its literal head (what
 * precedes the first `*`) is a prefix of the path and the path contains every literal after it:
 * a key with no literal after its head (`/a*`, `/a*$`) matches every path its head starts, and is
 * looked up by the path's prefixes; any other is filed under the longest literal after its head,
 * and only those whose literal the path contains (one scan of the path for all of them, Needles)
 * are matched, each compiled once. Filed by head alone, every key under a head of `/` was matched
 * against every path: 8,000 `*q<i>` fields beside 8,000 opposite `/*z<i>` took 2.1 s on each
 * keystroke.
 */
class StarIndex {
  private readonly literal = new Prefixes<number>();
  private readonly exact = new Map<string, number>();
  /** Wildcard keys with no literal after their head: the least number under each head. */
  private readonly open = new Prefixes<number>();
  /** The other wildcard keys by their needle (Needles' number), each list in ascending number, so a scan stops at the first match. */
  private readonly wild: WildKey[][] = [];
  private readonly needles: Needles;

  /** `firstOf`: each distinct key with its least number, in ascending number. */
  constructor(firstOf: ReadonlyMap<string, number>) {
    const byNeedle = new Map<string, WildKey[]>();
    for (const [key, n] of firstOf) {
      if (!key.startsWith('/')) continue;
      const compiled = compilePattern(key);
      const head = compiled.segments[0];
      if (!compiled.wild) {
        if (!compiled.anchored) this.literal.set(head, n);
        else if (!this.exact.has(head)) this.exact.set(head, n);
        continue;
      }
      const needle = longestAfterHead(compiled.segments);
      if (needle === '') {
        if (this.open.get(head) === undefined) this.open.set(head, n);
        continue;
      }
      const list = byNeedle.get(needle);
      if (list) list.push({ compiled, head, n });
      else byNeedle.set(needle, [{ compiled, head, n }]);
    }
    this.needles = new Needles(byNeedle.keys());
    for (const w of this.needles.words) this.wild.push(byNeedle.get(w)!);
  }

  /** The least number of a key matching `path`, -1 if none does, or UNCHECKED if `budget` ran out first. */
  least(path: string, budget: Budget): number {
    let best = this.exact.get(path) ?? -1;
    const lower = (n: number): void => { if (best < 0 || n < best) best = n; };
    this.literal.prefixesOf(path, lower);
    this.open.prefixesOf(path, lower);
    let spent = false;
    this.needles.firsts(path, (w) => {
      for (const k of this.wild[w]) {
        if (best >= 0 && k.n >= best) break;
        // A match reads the path and the pattern at most a few times over (matchCompiled).
        budget.left -= path.length + k.compiled.segments.length;
        if (budget.left < 0) return (spent = true);
        if (path.startsWith(k.head) && matchCompiled(k.compiled, path)) {
          best = k.n;
          break;
        }
      }
      return false;
    });
    return spent ? UNCHECKED : best;
  }
}

/**
 * What the `*` question may spend in one check of a document: units of a path's length per
 * wildcard key matched against it. Keys whose longest literal every sample holds (`/*<i>*zzzz`
 * beside `*zzzz<i>`) are all matched against every sample, so past this budget a `*` pattern
 * whose answer needs such a match is left unchecked, and one finding says how many were
 * (acap.never-wins-unchecked); the look-ups that need none (exact, literal and open keys, the
 * scan for literals) still answer. 2²⁴ units: about a tenth of a second.
 */
const STAR_BUDGET = 1 << 24;
const UNCHECKED = -2;
interface Budget {
  left: number;
}

/** A wildcard key of StarIndex. */
interface WildKey {
  readonly compiled: CompiledPattern;
  readonly head: string;
  readonly n: number;
}

/** The longest literal after a compiled wildcard pattern's head (the first such, of equal lengths), or ``. */
function longestAfterHead(segments: readonly string[]): string {
  let longest = '';
  for (let k = 1; k < segments.length; k++) if (segments[k].length > longest.length) longest = segments[k];
  return longest;
}

/**
 * Values filed under strings, found by every key that is a prefix of a path: only the lengths
 * some key has are looked up, and k distinct lengths need keys totalling k²/2 characters, so a
 * path of n characters costs at most √(2F) look-ups of O(n) for keys totalling F characters.
 */
class Prefixes<T> {
  private readonly map = new Map<string, T>();
  private lengths: number[] | undefined = [];

  get(key: string): T | undefined {
    return this.map.get(key);
  }

  set(key: string, value: T): void {
    if (!this.map.has(key)) this.lengths = undefined;
    this.map.set(key, value);
  }

  /** `visit` each value whose key is a prefix of `path`. */
  prefixesOf(path: string, visit: (value: T) => void): void {
    if (this.map.size === 0) return;
    this.lengths ??= [...new Set([...this.map.keys()].map((k) => k.length))].sort((a, b) => a - b);
    for (const len of this.lengths) {
      if (len > path.length) break;
      const value = this.map.get(len === path.length ? path : path.slice(0, len));
      if (value !== undefined) visit(value);
    }
  }
}

/** The first index from `from` where `test` holds, `test` being false then true along `list`. O(log length). */
function firstWhere(list: readonly string[], from: number, test: (s: string) => boolean): number {
  let lo = from;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (test(list[mid])) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/** The least of a run of numbers: a segment tree, O(k) to build for k numbers, O(log k) a run. */
class RangeMin {
  private readonly size: number;
  private readonly tree: Int32Array;

  constructor(values: readonly number[]) {
    this.size = values.length;
    this.tree = new Int32Array(2 * this.size);
    for (let i = 0; i < this.size; i++) this.tree[this.size + i] = values[i];
    for (let i = this.size - 1; i > 0; i--) this.tree[i] = Math.min(this.tree[2 * i], this.tree[2 * i + 1]);
  }

  /** The least of the numbers at [from, to), which must not be empty. */
  of(from: number, to: number): number {
    let least = Infinity;
    for (let l = from + this.size, r = to + this.size; l < r; l >>>= 1, r >>>= 1) {
      if (l & 1) least = Math.min(least, this.tree[l++]);
      if (r & 1) least = Math.min(least, this.tree[--r]);
    }
    return least;
  }
}

/**
 * The fields that compete (interpretation §3.1), bucket by bucket: the general fields of the
 * records for one set of crawlers, or one purpose sub-record's (bucketLines), buckets with no
 * field left out. O(fields). Exported for the test's plain reading of the check.
 */
export function competingFields(model: RobotsModel): Field[][] {
  return [...bucketLines(model).values()].map((lines) => fieldsOf(model, lines)).filter((bucket) => bucket.length > 0);
}

/**
 * The lines of each bucket, by the bucket's key, in the order the records first name it: the
 * general lines of the records for one set of crawlers (`general` and the sorted names), or one
 * purpose sub-record's. The lines only: a bucket's fields are read when it is checked. O(lines
 * of the records).
 */
function bucketLines(model: RobotsModel): Map<string, number[]> {
  const buckets = new Map<string, number[]>();
  const put = (key: string, lines: readonly number[]): void => {
    const b = buckets.get(key);
    if (b) for (const i of lines) b.push(i);
    else buckets.set(key, lines.slice());
  };
  model.records.forEach((r, k) => {
    const who = r.crawlers.map((l) => crawlerNameAt(model, l)).sort().join(' ');
    put(`general ${who}`, r.general);
    r.subRecords.forEach((s, n) => put(`sub ${k}.${n}`, s.fields));
  });
  return buckets;
}

/** The fields of `lines` (those that are fields), in order. */
function fieldsOf(model: RobotsModel, lines: readonly number[]): Field[] {
  const out: Field[] = [];
  for (const i of lines) {
    const f = fieldOf(model, i);
    if (f) out.push(f);
  }
  return out;
}

/** The crawler an ACAP-crawler line names, lower-cased. */
function crawlerNameAt(model: RobotsModel, l: number): string {
  const line = lineAt(model.document, l);
  return line.field ? line.text.slice(line.field.value.start, line.field.value.end).trim().toLowerCase() : '';
}

/**
 * Whether any field could be reported: a pattern written on a permission or prohibition line
 * that starts with `*` or ends with `$` (those of resource sets never lose here: the check reports
 * the line that wrote the pattern), or a general ACAP-disallow-other. O(fields), reading each
 * line's directive and two characters: the buckets and their rivals, made for every version,
 * took 6 ms per keystroke on a file of 5,000 records that has neither.
 */
function anyCandidate(model: RobotsModel): boolean {
  const doc = model.document;
  const candidate = (i: number, general: boolean): boolean => {
    const line = lineAt(doc, i);
    const d = line.directive;
    if (d.kind !== 'acap-permission' || !d.resource || d.resource.end <= d.resource.start) return false;
    if (general && !d.allow && d.usage?.name === 'other') return true;
    const first = line.text.charCodeAt(d.resource.start);
    const last = line.text.charCodeAt(d.resource.end - 1);
    return first === 42 /* * */ || last === 36 /* $ */;
  };
  for (const r of model.records) {
    for (const i of r.general) if (candidate(i, true)) return true;
    for (const sub of r.subRecords) for (const i of sub.fields) if (candidate(i, false)) return true;
  }
  return false;
}

/**
 * What a bucket of a version found, kept with its model for the next version's same bucket: its
 * lines and their nodes, its findings, and the `*` budget it spent. A bucket whose lines are the
 * same nodes on the same lines in the next version finds the same, and is not read again (typing
 * in one record of 41, with `$` patterns in each, read them all: 32 ms of each keystroke's
 * validation of a 1 MB file, in process). Not kept when a field names a resource set (its
 * patterns are written elsewhere) or a `*` pattern was left unchecked (the answer depends on the
 * budget the buckets before it left).
 */
interface BucketAnswer {
  readonly lines: readonly number[];
  readonly nodes: readonly LineNode[];
  readonly findings: readonly LocatedFinding[];
  readonly spent: number;
}

const bucketAnswers = new WeakMap<RobotsModel, Map<string, BucketAnswer>>();

/** Whether `lines` are the very nodes `kept` answered for, on the same lines. O(lines). */
function sameBucket(doc: RobotsDocument, lines: readonly number[], kept: BucketAnswer): boolean {
  if (lines.length !== kept.lines.length) return false;
  for (let k = 0; k < lines.length; k++) if (lines[k] !== kept.lines[k] || lineAt(doc, lines[k]) !== kept.nodes[k]) return false;
  return true;
}

/** Whether line `i` is a field whose resource names a resource set. */
function namesSetAt(doc: RobotsDocument, i: number): boolean {
  const line = lineAt(doc, i);
  const d = line.directive;
  return d.kind === 'acap-permission' && d.resource !== undefined && namesResourceSet(line.text.slice(d.resource.start, d.resource.end));
}

/** The buckets' lines of each model checked (bucketLines), for a version carried over from it. */
const bucketsOf = new WeakMap<RobotsModel, Map<string, number[]>>();

/**
 * The buckets' lines of `model`, and, for a version carried over after typing (model.ts,
 * carryOver: the same records on the same lines, those the edit touched copied), whether a bucket
 * is the previous version's untouched. When no record the edit touched changed its crawlers'
 * names, the buckets are the previous version's, line for line, and a bucket is untouched when
 * none of its lines (ascending) is in the edited region: O(records) to compare the records and
 * O(log lines) a bucket, where building the buckets and comparing their lines node by node read
 * every field of every record on each keystroke (1 ms of it in a file of 41 records of 800
 * fields, in a CPU profile). Otherwise the buckets are built (O(lines of the records)) and
 * `untouched` is undefined.
 */
function bucketsFor(model: RobotsModel): { buckets: Map<string, number[]>; untouched?: (lines: readonly number[]) => boolean } {
  const lin = modelLineage(model);
  const earlier = lin && !lin.rebuilt ? bucketsOf.get(lin.previous) : undefined;
  if (lin && earlier && sameCrawlerNames(lin.previous, model)) {
    bucketsOf.set(model, earlier);
    const { from, to } = lin;
    return { buckets: earlier, untouched: (lines) => { const k = lowerBoundBy(lines, from, (i) => i); return k === lines.length || lines[k] >= to; } };
  }
  const buckets = bucketLines(model);
  bucketsOf.set(model, buckets);
  return { buckets };
}

/** Whether each record of `after`, carried over from `before`, names the same crawlers (the records the edit copied are read; the others are the very objects). O(records + the copied ones' crawler lines). */
function sameCrawlerNames(before: RobotsModel, after: RobotsModel): boolean {
  if (before.records.length !== after.records.length) return false;
  return after.records.every((r, k) => {
    const b = before.records[k];
    return r === b || (r.crawlers.length === b.crawlers.length && r.crawlers.every((l, n) => crawlerNameAt(after, l) === crawlerNameAt(before, b.crawlers[n])));
  });
}

export function checkNeverWins(model: RobotsModel, out: LocatedFinding[]): void {
  if (model.records.length === 0 || !anyCandidate(model)) return;
  const doc = model.document;
  const crawlerName = (l: number): string => crawlerNameAt(model, l);
  const budget: Budget = { left: STAR_BUDGET };
  /** The first `*` pattern left unchecked, and how many were. */
  let unchecked: { line: number; span: Span; count: number } | undefined;
  const previous = modelLineage(model)?.previous;
  const before = previous && bucketAnswers.get(previous);
  const answers = new Map<string, BucketAnswer>();
  const { buckets, untouched } = bucketsFor(model);
  for (const [key, lines] of buckets) {
    const kept = before?.get(key);
    if (kept && kept.spent <= budget.left && (untouched ? kept.lines === lines && untouched(lines) : sameBucket(doc, lines, kept))) {
      for (const f of kept.findings) out.push(f);
      budget.left -= kept.spent;
      answers.set(key, kept);
      continue;
    }
    const bucket = fieldsOf(model, lines);
    const found: LocatedFinding[] = [];
    const budgetBefore = budget.left;
    let left = false;
    // The opposite fields of each kind and usage, listed and indexed once per bucket when a
    // pattern that could lose asks: listing them for every field made a record of 155,000 fields
    // take minutes, and reading every opposite pattern for every such field made 8,000 take 15 s.
    const opposites = new Map<string, Rivals>();
    const oppositeOf = (a: Field): Rivals => {
      const key = `${a.allow ? 'allow' : 'disallow'} ${a.usage}`;
      let rivals = opposites.get(key);
      if (!rivals) opposites.set(key, (rivals = new Rivals(bucket.filter((b) => b.allow !== a.allow && family(a.usage, b.usage)))));
      return rivals;
    };
    for (const a of bucket) {
      for (const p of a.patterns) {
        if (!p.span || !(p.key.startsWith('*') || p.key.endsWith('$'))) continue;
        const opposite = oppositeOf(a);
        if (p.key.startsWith('*')) {
          const match = opposite.firstMatching(samplePath(p.key), budget);
          if (match === UNCHECKED) {
            left = true;
            if (unchecked) unchecked.count++;
            else unchecked = { line: a.line, span: p.span, count: 1 };
          } else if (match) {
            const [rival, q] = match;
            found.push({
              line: a.line, code: 'acap.star-pattern-never-wins', span: p.span, replacement: '/' + p.text,
              message: `‘${p.text}’ can never win against line ${rival.line + 1} (‘${q.text}’): Part 1 §2.4.5 compares patterns character by character, and a leading ‘*’ is broader than ‘/’, so line ${rival.line + 1} decides every path both match. Write ‘/${p.text}’ to make this the narrower pattern.`,
              related: [{ line: rival.line, span: q.span ?? { start: 0, end: lineAt(doc, rival.line).text.length }, message: 'the field that always wins' }],
            });
            continue;
          }
        }
        if (p.key.endsWith('$')) {
          const match = opposite.firstExtending(p.key.slice(0, -1) + '*');
          if (match) {
            const [rival, q] = match;
            found.push({
              line: a.line, code: 'acap.dollar-never-wins', span: p.span,
              message: `‘${p.text}’ can never win against line ${rival.line + 1} (‘${q.text}’): Part 1 §2.4.5 counts ‘$’ broader than any character, even ‘*’, so line ${rival.line + 1} decides ‘${p.text.slice(0, -1)}’ too. Narrow line ${rival.line + 1} (for example ‘${p.text.slice(0, -1)}?*’ or a longer literal) if this line is meant to decide that path.`,
              related: [{ line: rival.line, span: q.span ?? { start: 0, end: lineAt(doc, rival.line).text.length }, message: 'the field that always wins' }],
            });
          }
        }
      }
    }
    for (const f of found) out.push(f);
    if (!left && !lines.some((i) => namesSetAt(doc, i))) {
      answers.set(key, { lines, nodes: lines.map((i) => lineAt(doc, i)), findings: found, spent: budgetBefore - budget.left });
    }
  }
  bucketAnswers.set(model, answers);
  if (unchecked) {
    out.push({
      line: unchecked.line, code: 'acap.never-wins-unchecked', span: unchecked.span,
      message: `${unchecked.count === 1 ? 'This pattern was' : `This pattern and ${unchecked.count - 1} more starting with ‘*’ were`} not checked against the opposite fields (acap.star-pattern-never-wins): their opposite wildcard patterns are too many to compare with each within the check's limit.`,
    });
  }
  checkDisallowOther(model, crawlerName, out);
}

/**
 * Whether each record (by object) prohibits `other` in its general fields. A version carried over
 * after typing shares every record the edit did not touch (model.ts, carryOver), so a keystroke
 * reads the fields of the record it touched only: every field of every record was read on each
 * keystroke to find none (half of the never-wins check's time in a file of 41 records of 850
 * fields each, in a CPU profile).
 */
const prohibitsOther = new WeakMap<AcapRecord, boolean>();

function recordProhibitsOther(doc: RobotsDocument, r: AcapRecord): boolean {
  const known = prohibitsOther.get(r);
  if (known !== undefined) return known;
  const found = r.general.some((i: number) => { const d = lineAt(doc, i).directive; return d.kind === 'acap-permission' && !d.allow && d.usage?.name === 'other'; });
  prohibitsOther.set(r, found);
  return found;
}

/** interpretation §3.10: `ACAP-disallow-other` over the whole site, and nothing speaks on crawl. */
function checkDisallowOther(model: RobotsModel, crawlerName: (l: number) => string, out: LocatedFinding[]): void {
  const doc = model.document;
  const speaksOnCrawl = (i: number): boolean => {
    const d = lineAt(doc, i).directive;
    return d.kind === 'acap-permission' && d.usage !== undefined && !d.usage.local && d.usage.name === 'crawl';
  };
  if (!model.records.some((r) => recordProhibitsOther(doc, r))) return;
  // Conventional Allow lines are crawl candidates too (interpretation §3.6), unless ignored.
  const hidden = new Set(model.records.flatMap((r) => r.conventional));
  const conventionalAllows = model.ignoreConventional.length === 0 && model.groups.some((g) => g.members.some((m) => {
    const d = lineAt(doc, m).directive;
    return d.kind === 'rule' && d.allow && !hidden.has(m);
  }));
  if (conventionalAllows) return;
  // The crawler names of the records that speak on crawl (or refer to another file): a record is
  // answered when one of its names, or `*`, is among them. Once, O(records × crawlers): comparing
  // every record with every other took 94 s for 20,000 records.
  const speaking = new Set<string>();
  for (const x of model.records) if (x.reference !== undefined || x.general.some(speaksOnCrawl)) for (const c of x.crawlers) speaking.add(crawlerName(c));
  for (const r of model.records) {
    if (!recordProhibitsOther(doc, r)) continue;
    const names = new Set(r.crawlers.map(crawlerName));
    if (speaking.has('*') || [...names].some((n) => speaking.has(n)) || r.reference !== undefined || r.general.some(speaksOnCrawl)) continue;
    for (const i of r.general) {
      const d = lineAt(doc, i).directive;
      if (d.kind !== 'acap-permission' || d.allow || d.usage?.name !== 'other' || !d.resource) continue;
      const spec = lineAt(doc, i).text.slice(d.resource.start, d.resource.end);
      if (!['/', '*', '/*'].includes(spec)) continue;
      out.push({
        line: i, code: 'acap.disallow-other-blocks-site', span: d.resource,
        message: `With no field on crawl for ${[...names].join(', ')}, ACAP-disallow-other: ${spec} prohibits crawl itself (guide example 4.3), and every usage depends on crawl (guide §2.4): these crawlers may do nothing anywhere on the site. Add ACAP-allow-crawl: / to the record if they may crawl.`,
      });
    }
  }
}


export const topic: Topic = {
  topic: 'fields that never win',
  rules: [
    {
      codes: ['acap.star-pattern-never-wins', 'acap.dollar-never-wins', 'acap.never-wins-unchecked', 'acap.disallow-other-blocks-site'], stage: 'document', check: checkNeverWins,
      fixes: { 'acap.star-pattern-never-wins': replaceWith((r) => `Start the pattern with ‘/’: ‘${r}’`) },
    },
  ],
};
