/**
 * Checking a conversion between conventional records and ACAP records (convert.ts): the verdicts
 * before and after, on probe paths made from the file's own patterns, for every crawler the file
 * names and one it does not. Also the pattern algebra both need: the intersection of two path
 * patterns, which tells whether two rules can ever compete for one path and gives the paths where
 * they do.
 *
 * The references are the engine's answers (permissions.ts, conventional.ts), never a re-derivation:
 *   to ACAP:  conventional crawler before (RFC 9309) = ACAP crawler after, with the conventional
 *             records read and with ACAP-ignore-conventional-records (interpretation §5);
 *   to REP:   ACAP crawler before (crawl) = conventional crawler after, and = ACAP crawler after.
 */
import { lineAt, type RobotsDocument } from '../syntax/document';
import { conventionalView, evaluateConventional, productToken, rfcMatches, valueToken, type ConventionalVerdict } from '../engine/conventional';
import { getModel } from '../model/model';
import { normalizePercent, matchPattern, pathOfUrl } from '../syntax/paths';
import { ownString } from '../syntax/ownString';
import { compileRecords, fieldPatterns, recordIndex } from '../engine/acapRules';
import { agentToken, allowedAs, explain, explainReadAs, type Explanation, type ReadAs } from '../engine/permissions';

// ---------------------------------------------------------------------------------------------
// Pattern algebra. A robots pattern (`/a*z`, `/x$`) matches a path prefix unless it ends with `$`
// (RFC 9309 §2.2.3; Part 1 §2.8). As a "full" glob it must match the whole path: `/a*z` is
// `/a*z*`, `/x$` is `/x`. Full globs intersect cleanly.

/** The full glob of a (normalised) robots pattern. */
export function toFull(pattern: string): string {
  const body = pattern.endsWith('$') ? pattern.slice(0, -1) : pattern + '*';
  return body.replace(/\*{2,}/g, '*');
}

/** The robots pattern of a full glob (the shortest spelling). */
export function fromFull(full: string): string {
  const f = full.replace(/\*{2,}/g, '*');
  if (!f.endsWith('*')) return f + '$';
  const s = f.replace(/\*+$/, '');
  if (s === '') return '*';
  // A literal `$` at the end would read as the anchor: keep the star after it.
  return s.endsWith('$') ? s + '*' : s;
}

function allStars(s: string, from: number): boolean {
  for (let i = from; i < s.length; i++) if (s[i] !== '*') return false;
  return true;
}

/** The literal head of a full glob (before its first `*`). */
function head(s: string): string {
  const k = s.indexOf('*');
  return k < 0 ? s : s.slice(0, k);
}

/**
 * The literal head of a robots pattern's full glob, head(toFull(pattern)), without making the
 * glob: what precedes its first `*`, or, without one, the pattern less an ending `$`. O(length).
 */
export function patternHead(pattern: string): string {
  const k = pattern.indexOf('*');
  if (k >= 0) return pattern.slice(0, k);
  return pattern.endsWith('$') ? pattern.slice(0, -1) : pattern;
}

/**
 * Whether two literal heads allow a common path: one is a prefix of the other. Rules whose heads
 * do not are never compared by refine(), and neither are the rules it adds for them, whose heads
 * extend theirs (a glob inside another starts with the other's head). O(shorter head).
 */
export function headsMeet(a: string, b: string): boolean {
  return a.length <= b.length ? b.startsWith(a) : a.startsWith(b);
}

/**
 * Literal heads, each with the ids of its rules, answering which of them meet another head
 * (headsMeet) without reading the others. The distinct heads are kept sorted, each with the
 * nearest head before it that is its prefix (`parent`). A head h meets the heads that start with
 * it, a run from h's place in the order, and the heads that are proper prefixes of it: those are
 * all prefixes of the greatest head below h (every string between such a prefix and h starts
 * with it), that head's chain of parents once cut to the length the two share.
 * O(n log n) comparisons to build, memory O(n); per question O(|h| log n), plus the heads
 * returned, plus the parents skipped on the way down to the shared length (at most the depth of
 * nested heads, which a file of S characters keeps under √(2S)).
 */
export class HeadIndex {
  private readonly heads: string[] = [];
  private readonly ids: number[][] = [];
  private readonly parent: Int32Array;

  constructor(heads: readonly string[], ids: readonly number[] = heads.map((_, k) => k)) {
    const order = ids.map((_, k) => k).sort((x, y) => (heads[x] < heads[y] ? -1 : heads[x] > heads[y] ? 1 : ids[x] - ids[y]));
    for (const k of order) {
      const last = this.heads.length - 1;
      if (last >= 0 && this.heads[last] === heads[k]) this.ids[last].push(ids[k]);
      else { this.heads.push(heads[k]); this.ids.push([ids[k]]); }
    }
    // The chain of prefixes of the head at hand, shortest first: a stack over the sorted heads.
    this.parent = new Int32Array(this.heads.length);
    const chain: number[] = [];
    this.heads.forEach((h, k) => {
      while (chain.length && !h.startsWith(this.heads[chain[chain.length - 1]])) chain.pop();
      this.parent[k] = chain.length ? chain[chain.length - 1] : -1;
      chain.push(k);
    });
  }

  /** Whether some head meets `h`. */
  meets(h: string): boolean {
    const p = this.lowerBound(h);
    if (p < this.heads.length && this.heads[p].startsWith(h)) return true;
    return this.prefixBelow(p, h).k >= 0;
  }

  /**
   * Appends to `out` the ids below `below` of the heads that meet `h`, each head's ids ascending,
   * the heads in no useful order. Returns the work done besides the ids appended, for the
   * caller's limits: the parents skipped, and the ids at or above `below` read and left out,
   * eight to one (each is a read, not a comparison).
   */
  meeting(h: string, out: number[], below = Infinity): number {
    let work = 0;
    let later = 0;
    const p = this.lowerBound(h);
    // The heads that start with h run from p to the first that does not: found by halving, not
    // by reading each (a head of the run may be long).
    const end = this.firstFailing(p, (x) => x.startsWith(h));
    const take = (ids: readonly number[]): void => {
      let n = 0;
      while (n < ids.length && ids[n] < below) out.push(ids[n++]);
      later += ids.length - n;
    };
    for (let k = p; k < end; k++) take(this.ids[k]);
    const prefix = this.prefixBelow(p, h);
    work += prefix.skipped;
    for (let k = prefix.k; k >= 0; k = this.parent[k]) take(this.ids[k]);
    return work + ((later + 7) >> 3);
  }

  /** The longest head that is a proper prefix of `h` (-1: none), `p` being h's place in the order. */
  private prefixBelow(p: number, h: string): { k: number; skipped: number } {
    if (p === 0) return { k: -1, skipped: 0 };
    const y = this.heads[p - 1];
    let shared = 0;
    while (shared < y.length && shared < h.length && y.charCodeAt(shared) === h.charCodeAt(shared)) shared++;
    let k = p - 1;
    let skipped = 0;
    while (k >= 0 && this.heads[k].length > shared) { k = this.parent[k]; skipped++; }
    return { k, skipped };
  }

  /** The first place whose head is not below `h`. */
  private lowerBound(h: string): number {
    return this.firstFailing(0, (x) => x < h);
  }

  /**
   * The first place from `from` whose head fails `test`, which holds for a run of the sorted
   * heads from there and then for none after it. O(log n) tests.
   */
  private firstFailing(from: number, test: (head: string) => boolean): number {
    let lo = from;
    let hi = this.heads.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (test(this.heads[mid])) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** `specific` ⊆ `general` (a sufficient test: `general`'s stars absorb runs of `specific`). */
function subsumes(general: string, specific: string): boolean {
  return matchPattern(general + '$', specific);
}

const MAX_RESULTS = 12;
/** Steps of the search below; past it the pair is reported rather than settled. */
const MAX_STEPS = 1500;
/** Characters of the two globs after their common literal head; longer pairs are reported, not settled. */
export const MAX_INTERSECT_TAIL = 256;

/**
 * Full globs whose union is the set of paths both full globs match, or `undefined` when there
 * would be more than a handful, or the globs are too long to compare within the bounds (the
 * caller then reports the pair instead of guessing).
 * *X ∩ *Y = *(X ∩ *Y) ∪ *(*X ∩ Y); a star against a character either stays empty or eats it.
 *
 * Cost: the common literal head (h characters) is compared once and set aside; what remains (at
 * most MAX_INTERSECT_TAIL = t characters) is searched with a memo over positions (i, j), at most
 * MAX_STEPS steps, each building at most 2·MAX_RESULTS strings of at most t characters: O(h + t)
 * to start, O(MAX_STEPS · MAX_RESULTS · t) at most for the search, then O(MAX_RESULTS² · (h + t)²)
 * to drop covered results (subsumes). Memory O(MAX_STEPS · MAX_RESULTS · t), never (a·b).
 */
export function intersect(a: string, b: string): string[] | undefined {
  const ha = head(a);
  const hb = head(b);
  const n = Math.min(ha.length, hb.length);
  if (ha.slice(0, n) !== hb.slice(0, n)) return [];
  // The common literal head matches itself: set it aside and prefix it to every result.
  const common = a.slice(0, n);
  a = a.slice(n);
  b = b.slice(n);
  if (a.length + b.length > MAX_INTERSECT_TAIL) return undefined;
  const width = b.length + 1;
  const memo = new Map<number, string[] | undefined>();
  let work = 0; // bounded: beyond it the pair is reported rather than settled
  function go(i: number, j: number): string[] | undefined {
    const key = i * width + j;
    if (memo.has(key)) return memo.get(key);
    if (++work > MAX_STEPS) return undefined;
    let out: string[] | undefined;
    if (i === a.length) out = allStars(b, j) ? [''] : NONE;
    else if (j === b.length) out = allStars(a, i) ? [''] : NONE;
    else {
      const x = a[i];
      const y = b[j];
      if (x !== '*' && y !== '*') out = x === y ? prefixed(x, go(i + 1, j + 1)) : NONE;
      else if (x === '*' && y === '*') out = union(prefixed('*', go(i + 1, j)), prefixed('*', go(i, j + 1)));
      else if (x === '*') out = union(go(i + 1, j), prefixed(y, go(i, j + 1)));
      else out = union(go(i, j + 1), prefixed(x, go(i + 1, j)));
    }
    if (out) {
      work += out.length;
      if (out.length > MAX_RESULTS * 2) out = undefined;
    }
    memo.set(key, out);
    return out;
  }
  const tails = go(0, 0);
  if (!tails) return undefined;
  const all = common === '' ? tails : tails.map((s) => common + s);
  // Drop results another one covers (and later duplicates of equal ones).
  const kept = all.filter((s, k) => !all.some((t, m) => m !== k && subsumes(t, s) && (!subsumes(s, t) || m < k)));
  return kept.length > MAX_RESULTS ? undefined : kept;
}

const NONE: string[] = [];

/** Every string of `list` after `p` (a star before a star is one star). */
function prefixed(p: string, list: string[] | undefined): string[] | undefined {
  if (!list || list.length === 0) return list;
  const out = new Array<string>(list.length);
  for (let k = 0; k < list.length; k++) out[k] = p === '*' && list[k].startsWith('*') ? list[k] : p + list[k];
  return out;
}

function union(x: string[] | undefined, y: string[] | undefined): string[] | undefined {
  if (!x || !y) return undefined;
  if (x.length === 0) return y;
  if (y.length === 0) return x;
  const out = [...x];
  for (const s of y) if (!out.includes(s)) out.push(s);
  return out;
}

/**
 * intersect(), remembered by its two globs: one conversion refines the same pairs several times.
 * The memory is the module's for the server's lifetime, and globs are patterns of any length (a
 * fuzzed file holds 60,000-character ones), so it is bounded in characters as well as in answers:
 * past either bound it starts afresh. Keyed by the strings themselves, not by numbers given out
 * per string, so forgetting can never make an old number name a new glob.
 */
const MAX_INTERSECTIONS = 200_000;
const MAX_INTERSECTION_CHARS = 16_000_000;
const intersections = new Map<string, Map<string, string[] | undefined>>();
let intersectionCount = 0;
let intersectionChars = 0;
function cachedIntersect(a: string, b: string): string[] | undefined {
  let byB = intersections.get(a);
  if (byB?.has(b)) return byB.get(b);
  const r = intersect(a, b);
  const chars = a.length + b.length + (r ? r.reduce((n, s) => n + s.length, 0) : 0);
  if (intersectionCount >= MAX_INTERSECTIONS || intersectionChars + chars > MAX_INTERSECTION_CHARS) {
    intersections.clear();
    intersectionCount = 0;
    intersectionChars = 0;
    byB = undefined;
  }
  // The memo's own strings (ownString.ts): an answer's strings may be cut from the globs.
  if (!byB) intersections.set(ownString(a), (byB = new Map()));
  byB.set(ownString(b), r?.map(ownString));
  intersectionCount++;
  intersectionChars += chars;
  return r;
}

// ---------------------------------------------------------------------------------------------
// Refinement: making one precedence rule behave like another by adding rules for the paths
// where two rules compete and the target format would pick the wrong one.

export interface Rule<Id> {
  /** As emitted (percent-encoding normalised for added rules). */
  readonly pattern: string;
  readonly allow: boolean;
  /** Which rule of the source reading this one stands for: the source precedence compares these. */
  readonly id: Id;
  readonly kind: 'rule' | 'baseline' | 'existing' | 'virtual' | 'added';
  /** For added rules: the rule they must beat. */
  readonly over?: Rule<Id>;
  /** 0 for the rules given; an added rule is one deeper than the deeper of the pair it settles. */
  readonly depth?: number;
}

export interface Precedence<Id> {
  /** Source reading: does `a` decide over `b` where both match (they disagree)? */
  readonly wins: (a: Rule<Id>, b: Rule<Id>) => boolean;
  /** Target reading: does `a` decide over `b` where both match? */
  readonly beats: (a: Rule<Id>, b: Rule<Id>) => boolean;
  /** Spellings of the same pattern to try, plainest first (`/a`, `/a*`...). */
  readonly variants: (pattern: string) => string[];
  /**
   * Limits (beyond them refine() gives up and says so): rules added (400), pairs compared (4M, a
   * long pair counting as more: see refine()), intersections (3000).
   */
  readonly maxAdded?: number;
  readonly maxPairs?: number;
  readonly maxIntersections?: number;
  /** Settle pairs only between rules shallower than this (added rules compete with added rules...). */
  readonly maxDepth?: number;
  /**
   * Rules the target reading decides among themselves as the source does: the lines left in a
   * conventional group, which ACAP crawlers reading beside the records take as the group's one
   * verdict (interpretation §3.6). Two such rules are never compared, so n of them beside k others
   * cost O(n·k) pairs instead of O(n²).
   */
  readonly alike?: (r: Rule<Id>) => boolean;
  /**
   * Where no spelling of an exact path (`/a$`) lets the added rule beat the loser, try the path
   * with any tail (`/a`, `/a*`...), when the winner matches all of those paths. Sound for any
   * reading: the added rule still matches only paths of the winner's and stands for it, and
   * where it meets a third rule that pair is settled like any other. It can only help a reading
   * that ranks longer patterns first (RFC 9309 §2.2.2), where `/a**` outranks `Allow: /a$`.
   * Cost, only for a pair none of whose own spellings won: one subsumes() test of the two globs
   * and the variants of the wider pattern (padded: up to 65), each one `beats` call.
   */
  readonly widen?: boolean;
}

export interface Refined<Id> {
  readonly rules: Rule<Id>[];
  /** Pairs where no added rule could make the target agree: [winner, loser]. */
  readonly failures: [Rule<Id>, Rule<Id>][];
  readonly exhausted: boolean;
  /**
   * The limit of pairs ended the comparisons while the given rules were compared, before any
   * rule added (those come after them): with fewer rules added (maxDepth) they would end at the
   * same pair again. Ended among the added rules, fewer added ones may end within every limit.
   */
  readonly tooManyPairs: boolean;
}

/**
 * For every pair of disagreeing rules that can match one path, where the source reading lets `w`
 * decide and the target lets `l`: add rules for their common paths, with `w`'s verdict and
 * identity, spelled so that the target lets them beat `l`. Added rules join the comparison, so a
 * third rule that should beat `w` there beats the added rule too. Each added rule matches only
 * paths of `w`'s and stands for `w`, so the source reading of the whole set does not change.
 */
export function refine<Id>(start: readonly Rule<Id>[], p: Precedence<Id>): Refined<Id> {
  const rules = [...start];
  const spelled = new Map(rules.map((r) => [`${r.allow} ${r.pattern}`, r]));
  const failures: [Rule<Id>, Rule<Id>][] = [];
  let added = 0;
  let pairs = 0;
  let computed = 0;
  let exhausted = false;
  // Per rule: its full glob and its literal head (rules whose heads differ never meet).
  const fulls: string[] = [];
  const heads: string[] = [];
  const prepare = (r: Rule<Id>): void => {
    const f = toFull(normalizePercent(r.pattern));
    fulls.push(f);
    heads.push(head(f));
  };
  rules.forEach(prepare);
  // One pair: `a` (rule i) against an earlier rule j of the other verdict whose head meets its
  // own. True when the limit of intersections is reached, which ends the comparisons. Past the
  // limit of added rules `exhausted` is set: the current rule's remaining pairs are still
  // compared (and add nothing), then the outer loop stops.
  const compare = (i: number, j: number): boolean => {
    const a = rules[i];
    const b = rules[j];
    const [w, l, iw, il] = p.wins(a, b) ? [a, b, i, j] : p.wins(b, a) ? [b, a, j, i] : [undefined, undefined, 0, 0];
    if (!w || !l || p.beats(w, l)) return false;
    if (++computed > (p.maxIntersections ?? 3000)) return (exhausted = true);
    const both = cachedIntersect(fulls[iw], fulls[il]);
    if (both?.length === 0) return false;
    const depth = Math.max(w.depth ?? 0, l.depth ?? 0) + 1;
    if (both === undefined || depth > (p.maxDepth ?? Infinity)) { failures.push([w, l]); return false; }
    for (const f of both) {
      const beatsL = (v: string): boolean => p.beats({ ...w, pattern: v, kind: 'added' }, l);
      let pattern = p.variants(fromFull(f)).find(beatsL);
      // An exact path (`/a$`) has no longer spelling: the same path with any tail (`/a**`),
      // where `w` matches all of it, still stands for `w` there (see `widen`).
      if (pattern === undefined && p.widen && !f.endsWith('*') && subsumes(fulls[iw], f + '*')) pattern = p.variants(fromFull(f + '*')).find(beatsL);
      // A space cannot stand in a field value (ACAP splits values at spaces, Part 1 §3).
      const opposite = pattern === undefined ? undefined : spelled.get(`${!w.allow} ${pattern}`);
      const rule: Rule<Id> | undefined = pattern === undefined ? undefined : { pattern, allow: w.allow, id: w.id, kind: 'added', over: l, depth };
      if (!rule || /\s/.test(rule.pattern) || (opposite && !p.beats(rule, opposite))) { failures.push([w, l]); return false; }
      const present = spelled.get(`${w.allow} ${rule.pattern}`);
      // A conventional line is no field, and silence (virtual) is no line: neither stands for the rule.
      if (present && present.kind !== 'existing' && present.kind !== 'virtual') continue;
      if (added >= (p.maxAdded ?? 400)) { exhausted = true; return false; }
      spelled.set(`${w.allow} ${rule.pattern}`, rule);
      rules.push(rule);
      prepare(rule);
      added++;
    }
    return false;
  };
  // The rules each rule is compared with: the earlier rules of the other verdict whose heads meet
  // its own (those of no other head can match a path of it, nor can the rules added for them),
  // in rule order; a rule `alike` only with those that are not. The given rules are found
  // through an index of heads per verdict (0 Disallow, 1 Allow) and per `alike` (0 no, 1 yes),
  // so that a group of n rules whose heads do not meet costs O(n log n), not n² pairs; the added
  // rules (at most maxAdded) are read in a list. `pairs` counts a pair compared once, and once
  // more for every 8 characters of its shorter pattern (ranking two patterns, beats(), reads
  // their common start: about as long as a short pair's whole comparison); a later rule the
  // index hands over and that is left out counts an eighth. So maxPairs bounds the time, long
  // patterns or short: in process, 4,000,000 took 310 ms for 2,500 nested patterns
  // (test/bench/pathological.ts nestedPatterns) and 415 ms for 2,500 × 2,500 short patterns
  // that all meet (about 75 ns each), where the plain reading of every earlier pair stopped at
  // as many pairs.
  const given = rules.length;
  const maxPairs = p.maxPairs ?? 4_000_000;
  const classOf = (r: Rule<Id>): [number, number] => [r.allow ? 1 : 0, p.alike?.(r) === true ? 1 : 0];
  const byClass: number[][][] = [[[], []], [[], []]];
  rules.forEach((r, k) => {
    const [verdict, alike] = classOf(r);
    byClass[verdict][alike].push(k);
  });
  const indexes = byClass.map((c) => c.map((ids) => new HeadIndex(ids.map((k) => heads[k]), ids)));
  const addedOf: number[][][] = [[[], []], [[], []]];
  const meeting: number[] = [];
  let endedGiven = false;
  for (let i = 0; i < rules.length && !exhausted; i++) {
    const [verdict, alike] = classOf(rules[i]);
    meeting.length = 0;
    for (const other of alike ? [0] : [0, 1]) {
      pairs += indexes[1 - verdict][other].meeting(heads[i], meeting, i);
      if (i >= given) {
        for (const j of addedOf[1 - verdict][other]) if (headsMeet(heads[i], heads[j])) meeting.push(j);
        pairs += (addedOf[1 - verdict][other].length + 7) >> 3;
      }
    }
    meeting.sort((x, y) => x - y);
    const length = rules[i].pattern.length;
    for (const j of meeting) {
      if ((pairs += 1 + (Math.min(length, rules[j].pattern.length) >> 3)) > maxPairs) break;
      if (compare(i, j)) break;
    }
    if (pairs > maxPairs) {
      exhausted = true;
      endedGiven = i < given;
    }
    if (i >= given) addedOf[verdict][alike].push(i);
  }
  return { rules, failures, exhausted, tooManyPairs: endedGiven };
}

// ---------------------------------------------------------------------------------------------
// Probe paths

/** Paths that exercise a pattern: its wildcards filled, with an extra segment, its parent, other letter cases. */
function probesOf(pattern: string): string[][] {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  // A path starting `//` would read as a URL with a host (pathOfUrl): give it a first segment.
  const fix = (s: string): string => (s.startsWith('//') ? '/x' + s.slice(1) : s.startsWith('/') ? s : '/' + s);
  const fills = [fix(body.replace(/\*/g, '')), fix(body.replace(/\*/g, 'x'))];
  const extra = fills.map((f) => (anchored ? f + 'x' : f.endsWith('/') ? f + 'extra' : f + '/extra'));
  const parents = fills.map((f) => {
    const k = f.replace(/\/$/, '').lastIndexOf('/');
    return k >= 0 ? f.slice(0, k + 1) : '/';
  });
  const cases = fills.flatMap((f) => [f.toLowerCase(), f.toUpperCase()]);
  return [[fills[0]], [fills[1]], extra, parents, cases];
}

/** Patterns with a wildcard, and patterns of any kind, whose pairs probePaths intersects. */
const WILD = 60;
const OTHERS = 120;

/**
 * The first `count` distinct patterns (percent-encoding normalised, empty ones left out) and the
 * first `wildCount` of them with a `*`, read from `patterns` only as far as those need; past the
 * first `count`, a pattern without `*` is skipped unread. A conversion of one line of a file of
 * 47,000 rules normalised every one of them, twice, to use 200. O(patterns read).
 */
function distinctPatterns(patterns: Iterable<string>, count: number, wildCount: number): { uniq: string[]; wild: string[] } {
  const seen = new Set<string>();
  const uniq: string[] = [];
  const wild: string[] = [];
  for (const raw of patterns) {
    // Once `uniq` is full only wildcards count, and normalising neither adds nor drops a `*`.
    if (raw === '' || (uniq.length >= count && !raw.includes('*'))) continue;
    const p = normalizePercent(raw);
    if (seen.has(p)) continue;
    seen.add(p);
    if (uniq.length < count) uniq.push(p);
    if (wild.length < wildCount && p.includes('*')) wild.push(p);
    if (uniq.length >= count && wild.length >= wildCount) break;
  }
  return { uniq, wild };
}

export interface ProbeSet {
  readonly paths: readonly string[];
  /** Candidate paths before the limit. */
  readonly candidates: number;
}

/**
 * Up to `max` probe paths, by level so that every pattern gets its plainest probe before any gets
 * extras: `/`; each pattern with wildcards dropped; where two patterns compete; wildcards as `x`;
 * an extra segment; the parent; other letter cases; all those of the `focus` patterns first (a
 * conversion of some lines of a large file checks its own). `/robots.txt` is left out: RFC 9309 §2.2.2
 * always allows it to conventional crawlers, and every crawler fetches it whatever it says.
 */
export function probePaths(patterns: Iterable<string>, max = 200, focus: readonly string[] = []): ProbeSet {
  const { uniq, wild } = distinctPatterns(patterns, Math.max(max, OTHERS), WILD);
  // Every probe of the focus patterns (at most max of them) comes right after `/`.
  const first = [...new Set(focus.filter((p) => p !== '').map(normalizePercent))].slice(0, max).flatMap((p) => probesOf(p).flat());
  const levels: string[][] = [['/', ...first], [], [], [], [], [], []];
  for (const p of uniq.slice(0, max)) {
    const [plain, x, extra, parents, cases] = probesOf(p);
    levels[1].push(...plain);
    levels[3].push(...x);
    levels[4].push(...extra);
    levels[5].push(...parents);
    levels[6].push(...cases);
  }
  // Where two patterns, one with a wildcard, both match: the paths that decide which one wins.
  const others = uniq.slice(0, OTHERS);
  const fulls = new Map([...wild, ...others].map((p) => [p, toFull(p)]));
  let found = 0;
  let tried = 0;
  for (const a of wild) {
    for (const b of others) {
      if (found >= 40 || ++tried > 400) break;
      if (a === b) continue;
      const both = intersect(fulls.get(a) ?? a, fulls.get(b) ?? b);
      if (!both || both.length === 0) continue;
      found++;
      for (const f of both.slice(0, 2)) levels[2].push(...probesOf(fromFull(f))[1]);
    }
  }
  const all: string[] = [];
  const seen = new Set<string>();
  for (const level of levels) {
    for (const p of level) {
      if (p === '/robots.txt' || seen.has(p)) continue;
      seen.add(p);
      all.push(p);
    }
  }
  return { paths: all.slice(0, max), candidates: all.length };
}

// ---------------------------------------------------------------------------------------------
// Verification

/**
 * Why a verdict changed (attribute), which also says whether another conversion could keep it:
 * - `case`: ACAP matches patterns without regard to letter case (Part 1 §2.8), conventional
 *   crawlers do not; no conversion can keep such a verdict (interpretation §5);
 * - `existing-acap` (to ACAP): ACAP records that were in the file before take part in the verdict;
 *   the converted records combine with them, and the conversion does not change them;
 * - `name` (to REP): no User-agent line can address the crawler, as its ACAP-crawler name is not
 *   the product token a User-agent line names (`MJ12bot` names `MJ`, RFC 9309 §2.2.1,
 *   interpretation §1), so conventional crawlers of that name read another group;
 * - `robot-version-2`: a robots.txt 2.0.0 group, whose precedence the other format cannot fully
 *   express;
 * - `space`: a pattern with a space, which no ACAP value can hold (Part 1 §3);
 * - `ranking`: otherwise, the two formats rank patterns differently (longest match, RFC 9309
 *   §2.2.2; narrowest scope, Part 1 §2.4.5) and no pattern added settles the pair.
 */
export type BreakKind = 'case' | 'robot-version-2' | 'ranking' | 'existing-acap' | 'space' | 'name';

export interface BrokenVerdict {
  readonly agent: string;
  readonly path: string;
  readonly before: boolean;
  readonly after: boolean;
  readonly why: string;
  readonly kind: BreakKind;
  /** The line (1-based) that decides the verdict before the conversion, if a line does. */
  readonly line: number | undefined;
  /** Which reading after the conversion gave the other answer. */
  readonly mode: 'acap' | 'acap-ignoring-conventional' | 'conventional';
}

export interface Verification {
  readonly checked: number;
  readonly kept: number;
  readonly broken: readonly BrokenVerdict[];
  /**
   * With `countBefore` (to REP): of the (agent, path) pairs checked, how many the file before the
   * conversion already answers differently for conventional crawlers than for ACAP crawlers,
   * letter case aside: what its own groups get wrong, on the same pairs as `broken`.
   */
  readonly differedBefore?: number;
  readonly probes: { readonly paths: number; readonly candidates: number; readonly agents: number };
}

export interface VerifyOptions {
  /** `to-acap` (default): conventional before, ACAP after; `to-rep`: ACAP before, conventional after. */
  readonly direction?: 'to-acap' | 'to-rep';
  /** The usage an ACAP crawler is asked about after a to-ACAP conversion: `index` for the index reading. */
  readonly usage?: 'crawl' | 'index';
  readonly maxPaths?: number;
  /** Agents that share all their groups and records with an earlier one get this many paths. */
  readonly sharedAgentPaths?: number;
  /** Only these agents (a conversion of some groups checks their crawlers), plus an unnamed one. */
  readonly agents?: readonly string[];
  /** At most this many (agent, path) pairs (default 1000), a hard bound: agents of one signature share the paths (pathQuota). */
  readonly maxChecks?: number;
  /** To ACAP: the readings to check after (default both: with the conventional records, and ignoring them). */
  readonly modes?: readonly ('acap' | 'acap-ignoring-conventional')[];
  /** Check a crawler the files do not name (default true). */
  readonly includeUnnamed?: boolean;
  /** Patterns to probe first (a conversion of some lines: theirs), before the file's others, so a sample of a large file checks them. */
  readonly focus?: readonly string[];
  /**
   * To REP: also read each pair in the file before as conventional crawlers do, and count in
   * `Verification.differedBefore` those whose verdict differs from its ACAP one (letter case
   * aside). One more engine answer per pair, and the attribution of each that differs.
   */
  readonly countBefore?: boolean;
}

/**
 * The patterns of the rules, group by group in file order, made as they are read (probePaths
 * stops once it has the patterns it uses). O(1) each.
 */
function* conventionalPatterns(doc: RobotsDocument): Generator<string> {
  for (const g of getModel(doc).groups) {
    for (const m of g.members) {
      const line = lineAt(doc, m);
      const d = line.directive;
      if (d.kind === 'rule') yield line.text.slice(d.pattern.start, d.pattern.end);
    }
  }
}

/**
 * Agents named in either document, plus one unnamed: for each User-agent value both the crawler
 * the engine reads it as naming (its RFC 9309 §2.2.1 product token: `MJ12bot` names `MJ`,
 * interpretation §1) and the crawler whose name it spells (`MJ12bot`, which that group does not
 * address), so a conversion that names either one differently is caught; ACAP crawler names as
 * tokens. O(agent lines).
 */
function agentsOf(docs: readonly RobotsDocument[]): string[] {
  const seen = new Map<string, string>();
  // Each spelling read once: 150,000 records naming one crawler spell it 150,000 times.
  const spelled = new Set<string>();
  const add = (name: string): void => {
    if (spelled.has(name)) return;
    spelled.add(name);
    const t = valueToken(name.trim());
    if (t && t !== '*' && !seen.has(t.toLowerCase())) seen.set(t.toLowerCase(), t);
  };
  for (const doc of docs) {
    const model = getModel(doc);
    for (const g of model.groups) {
      for (const a of g.agents) {
        const d = doc.lines[a].directive;
        if (d.kind !== 'user-agent') continue;
        const value = doc.lines[a].text.slice(d.agent.start, d.agent.end);
        add(productToken(value));
        add(value);
      }
    }
    for (const r of model.records) for (const c of r.crawlers) { const d = doc.lines[c].directive; if (d.kind === 'acap-crawler') add(doc.lines[c].text.slice(d.name.start, d.name.end)); }
  }
  let unnamed = 'unnamed-crawler';
  for (let k = 2; seen.has(unnamed); k++) unnamed = `unnamed-crawler${k}`;
  return [...seen.values(), unnamed];
}

/**
 * What agents' verdicts depend on: the rules of the groups and the fields of the records naming
 * them (their text, not their place: groups and records alike answer alike).
 */
function signatures(docs: readonly RobotsDocument[], agents: readonly string[]): string[] {
  const parts = docs.map((doc) => {
    // Per token its one body, or a set of them once a second differs (insertion order kept): a
    // list searched per addition was quadratic in the distinct bodies of one crawler's records,
    // and a set per token made 150,000 sets for a record naming 48,000 crawlers. Groups and
    // records in maps of their own, so a look-up makes no prefixed key.
    const groups = new Map<string, Bodies>();
    const records = new Map<string, Bodies>();
    // The lines' trimmed texts joined by newlines, written as they are read (no list of them).
    const text = (...parts: readonly (readonly number[])[]): string => {
      let out: string | undefined;
      for (const lines of parts) {
        for (const m of lines) {
          const t = lineAt(doc, m).text.trim();
          out = out === undefined ? t : `${out}\n${t}`;
        }
      }
      return out ?? '';
    };
    for (const g of getModel(doc).groups) {
      // The group's text once, not once per agent line (20,000 agents of a group of 20,000 rules).
      const body = text(g.members);
      for (const a of g.agents) {
        const line = lineAt(doc, a);
        const d = line.directive;
        // The crawler the engine reads the value as naming (RFC 9309 §2.2.1 product token).
        if (d.kind === 'user-agent') addBody(groups, productToken(line.text.slice(d.agent.start, d.agent.end)).toLowerCase(), body);
      }
    }
    for (const r of getModel(doc).records) {
      const body = text(r.general, ...r.subRecords.flatMap((x) => [x.purposes, x.fields]), r.reference !== undefined ? [r.reference] : []);
      for (const c of r.crawlers) {
        const line = lineAt(doc, c);
        const d = line.directive;
        if (d.kind === 'acap-crawler') addBody(records, line.text.slice(d.name.start, d.name.end).toLowerCase(), body);
      }
    }
    return { groups, records };
  });
  return agents.map((agent) => {
    const t = agent.toLowerCase();
    let sig = '';
    for (const m of parts) sig += `${joinSet(m.groups.get(t))}\u0002${joinSet(m.records.get(t))}\u0003`;
    return sig;
  });
}

/** A token's one body, or the distinct bodies once a second differs, in the order they came. */
type Bodies = string | Set<string>;

function addBody(map: Map<string, Bodies>, token: string, body: string): void {
  const known = map.get(token);
  if (known === undefined) map.set(token, body);
  else if (typeof known !== 'string') known.add(body);
  else if (known !== body) map.set(token, new Set([known, body]));
}

/** The bodies of a token, joined; a lone body as it is (a crawler's records are nearly always alike). */
function joinSet(bodies: Bodies | undefined): string {
  if (bodies === undefined) return '';
  if (typeof bodies === 'string') return bodies;
  return [...bodies].join('\u0001');
}

function decisionOf(e: Explanation): Explanation['decision'] {
  return e.crawl && !e.crawl.allowed ? e.crawl : e.decision;
}

/** The file before a conversion, as attribute() reads it; each part made when first asked (verifyConversion). */
interface BeforeContext {
  readonly doc: RobotsDocument;
  /** The probe paths by their lower-case spelling. */
  readonly byLower: ReadonlyMap<string, readonly string[]>;
  /** To ACAP, the texts of the record lines the file had (recordLineTexts); absent in a file's check against itself. */
  readonly held: (() => ReadonlySet<string>) | undefined;
}

/**
 * The trimmed texts of the ACAP record lines of `doc` (crawler lines aside): a deciding field
 * with one of these texts after a conversion to ACAP was in the file before it. O(record lines).
 */
function recordLineTexts(doc: RobotsDocument): Set<string> {
  const out = new Set<string>();
  const add = (lines: readonly number[]): void => { for (const l of lines) out.add(lineAt(doc, l).text.trim()); };
  for (const r of getModel(doc).records) {
    add(r.general);
    for (const sub of r.subRecords) add(sub.fields);
  }
  return out;
}

/**
 * Is a deciding ACAP line one of the file's own from before the conversion (`held`:
 * recordLineTexts), or of a file its permissions reference names (no conversion writes there)?
 * A field the conversion wrote with the very text of one already there counts as already there:
 * it decides nothing the old one does not.
 */
function decidedByHeld(e: Explanation, held: ReadonlySet<string>): boolean {
  return decisionOf(e).winners.some((w) => w.source === 'acap' && (w.file !== undefined || held.has(w.text)));
}

/** Does the deciding ACAP line match the path only because ACAP ignores letter case (Part 1 §2.8)? */
function caseOnly(e: Explanation, path: string): boolean {
  const p = normalizePercent(pathOfUrl(path));
  return decisionOf(e).winners.some((w) => !rfcMatches(w.pattern, p));
}

/**
 * The engine's conventional verdict for a crawler that reads no ACAP, exactly as `explain` with
 * the conventional reading computes it: the agent's token (agentToken), the document as a
 * conventional parser reads it (conventionalView: a partial byte-order mark skipped), RFC 9309.
 */
function conventionalVerdict(doc: RobotsDocument, agent: string, path: string): ConventionalVerdict {
  return evaluateConventional(conventionalView(doc, false), agentToken(agent), pathOfUrl(path), 'rfc9309');
}

function conventionalAllowed(doc: RobotsDocument, agent: string, path: string): boolean {
  return conventionalVerdict(doc, agent, path).allowed;
}

/**
 * How many probe paths each agent gets, at most `maxChecks` (agent, path) pairs in all — a hard
 * bound, whatever the number of crawlers the file names. Agents alike answer alike: the first of
 * each signature gets an equal share of what the others leave, and the others `shared` paths each
 * from at most half the budget. With more signatures than the budget allows, the crawler the file
 * does not name (last) comes first, then the others in file order get one path (`/` first)
 * each until the budget is spent. O(agents).
 */
function pathQuota(sigs: readonly string[], paths: number, maxChecks: number, shared: number): number[] {
  const quota = new Array<number>(sigs.length).fill(0);
  const first = new Set<string>();
  const reps: number[] = [];
  const dups: number[] = [];
  for (const [k, s] of sigs.entries()) {
    if (first.has(s)) dups.push(k);
    else { first.add(s); reps.push(k); }
  }
  // The unnamed crawler (the last agent) is checked first when not every agent can be.
  const last = sigs.length - 1;
  const at = reps.indexOf(last);
  if (at > 0) reps.unshift(...reps.splice(at, 1));
  let budget = Math.max(0, maxChecks);
  const dupBudget = reps.length * shared < budget ? Math.min(dups.length * shared, Math.floor(budget / 2)) : 0;
  const share = Math.min(paths, Math.max(1, Math.floor((budget - dupBudget) / Math.max(1, reps.length))));
  for (const k of reps) {
    quota[k] = Math.min(share, budget);
    budget -= quota[k];
  }
  for (const k of dups) {
    quota[k] = Math.min(shared, paths, budget);
    budget -= quota[k];
  }
  return quota;
}

/**
 * The crawlers a check of every crawler read, and their signatures, per document after (with the
 * document before): a conversion reads the same pair again with wider limits (convert.ts
 * gainOf), and on 48,000 crawler names listing them and their signatures took 0.45 s.
 */
const crawlersRead = new WeakMap<RobotsDocument, { readonly before: RobotsDocument; readonly agents: readonly string[]; readonly sigs: readonly string[] }>();

/**
 * Verdicts before and after a conversion, on probe paths, for every crawler named and one unnamed
 * (as many as `maxChecks` allows: pathQuota). Cost: O(file) to list agents, signatures and probes
 * (probePaths: at most 400 bounded intersections), then at most maxChecks (agent, path) pairs,
 * each read before and in at most two readings after (one engine query each, on indexes built once
 * per document), and with `countBefore` once more as conventional crawlers read the file before.
 */
export function verifyConversion(before: RobotsDocument, after: RobotsDocument, options: VerifyOptions = {}): Verification {
  const direction = options.direction ?? 'to-acap';
  const usage = options.usage ?? 'crawl';
  const patterns = (function* (): Generator<string> {
    yield* conventionalPatterns(before);
    yield* fieldPatterns(before);
    yield* conventionalPatterns(after);
    yield* fieldPatterns(after);
  })();
  const probes = probePaths(patterns, options.maxPaths ?? 200, options.focus);
  const every = !options.agents && options.includeUnnamed !== false;
  const known = every ? crawlersRead.get(after) : undefined;
  const named = known?.before === before ? known.agents : agentsOf([before, after]);
  const unnamed = named[named.length - 1];
  const listed = options.agents ? options.agents.filter((a) => a !== unnamed) : named.slice(0, -1);
  const agents = options.includeUnnamed === false ? listed : [...listed, unnamed];
  const broken: BrokenVerdict[] = [];
  let checked = 0;
  const countBefore = direction === 'to-rep' && options.countBefore === true;
  let differedBefore = 0;
  const shared = options.sharedAgentPaths ?? 10;
  const byLower = new Map<string, string[]>();
  for (const p of probes.paths) byLower.set(p.toLowerCase(), [...(byLower.get(p.toLowerCase()) ?? []), p]);
  // The record lines of the file before, made once, when a verdict first needs them: O(record
  // lines). (The crawlers its records address, attribute() reads from the engine's record index,
  // kept per version, where asking the records per changed verdict was O(crawler lines) each.)
  let heldTexts: ReadonlySet<string> | undefined;
  const context: BeforeContext = {
    doc: before,
    byLower,
    // To ACAP, the lines of the records already in the file. A file checked against itself
    // (convert.ts's check that nothing is left to convert) has no lines but its own, and only
    // letter case can excuse a difference there: none are held.
    held: direction === 'to-acap' && before !== after ? () => (heldTexts ??= recordLineTexts(before)) : undefined,
  };

  const modes = options.modes ?? ['acap', 'acap-ignoring-conventional'];
  // To ACAP, the converted file is read both with and without ACAP-ignore-conventional-records,
  // whichever it has; to REP, as it is, by conventional crawlers and by ACAP crawlers.
  const readings: { mode: BrokenVerdict['mode']; as: ReadAs }[] = direction === 'to-acap'
    ? modes.map((mode) => ({ mode, as: { ignoreConventional: mode === 'acap-ignoring-conventional' } }))
    : [{ mode: 'conventional', as: {} }, { mode: 'acap', as: {} }];

  const sigs = known?.before === before ? known.sigs : signatures([before, after], agents);
  if (every) crawlersRead.set(after, { before, agents: named, sigs });
  const quota = pathQuota(sigs, probes.paths.length, options.maxChecks ?? 1000, shared);
  for (const [k, agent] of agents.entries()) {
    const paths = probes.paths.slice(0, quota[k]);
    for (const path of paths) {
      const ref = direction === 'to-acap'
        ? conventionalAllowed(before, agent, path)
        : allowedAs(before, { agent, path, reading: 'acap' }, {});
      if (countBefore && conventionalAllowed(before, agent, path) !== ref && attribute(context, agent, path, direction, undefined).kind !== 'case') differedBefore++;
      for (const { mode, as } of readings) {
        checked++;
        const query = { agent, path, usage: direction === 'to-acap' ? usage : 'crawl', reading: 'acap' } as const;
        const got = mode === 'conventional' ? conventionalAllowed(after, agent, path) : allowedAs(after, query, as);
        if (got === ref) continue;
        // The whole answer only for a verdict that changed, to say why.
        const e = mode === 'conventional' ? undefined : explainReadAs(after, query, as);
        broken.push({ agent, path, before: ref, after: got, mode, ...attribute(context, agent, path, direction, e) });
      }
    }
  }
  const probed = { paths: probes.paths.length, candidates: probes.candidates, agents: agents.length };
  return { checked, kept: checked - broken.length, broken, probes: probed, ...(countBefore ? { differedBefore } : {}) };
}

/**
 * Why a verdict changed (BreakKind), the first cause that holds, in this order. To ACAP: a space;
 * letter case where the deciding ACAP line matches the path only in another case; ACAP records
 * that were in the file (`held`: their lines, absent in a file's check against itself) where one
 * of their lines decides; letter case where another casing of the path gets another conventional
 * verdict (a wider test, which an old record's line deciding in the path's own casing does not
 * pass: the record, not the casing, changed it); a robots.txt 2.0.0 group; ACAP records for the
 * crawler or for `*` there before; otherwise ranking. To REP: letter case; a crawler no User-agent
 * line can address; a 2.0.0 group; ranking.
 */
function attribute(context: BeforeContext, agent: string, path: string, direction: 'to-acap' | 'to-rep', e: Explanation | undefined): { why: string; kind: BreakKind; line: number | undefined } {
  const { doc: before, byLower, held } = context;
  const conv = conventionalVerdict(before, agent, path);
  if (direction === 'to-acap') {
    const line = conv.line === undefined ? undefined : conv.line + 1;
    const decider = conv.line === undefined ? undefined : before.lines[conv.line];
    const pattern = decider?.directive.kind === 'rule' ? decider.text.slice(decider.directive.pattern.start, decider.directive.pattern.end) : '';
    if (/\s/.test(pattern)) return { kind: 'space', line, why: `line ${line} has a space in its pattern, which no ACAP value can hold, so it was not converted` };
    const acap = e ? decisionOf(e).summary : '';
    const cased = { kind: 'case', line, why: `ACAP matches patterns case-insensitively (Part 1 §2.8), conventional crawlers do not: ${conv.why}; ACAP: ${acap}` } as const;
    // Letter case first where it decides: no conversion can change it, in a 2.0.0 group or any other.
    if (e && caseOnly(e, path)) return cased;
    // A line of the records already there decides in the path's own casing: they changed it.
    if (e && held && decidedByHeld(e, held())) return { kind: 'existing-acap', line, why: `the ACAP records already in the file decide here: ${acap}` };
    // Another casing of the path with another verdict, decided by a line that spells that casing
    // (it does not match this path): ACAP reads both casings alike, and the verdict the file
    // gives in this path's own casing is the one a conversion cannot keep. A line that matches
    // this path too (`Disallow: /` beside `Allow: /shop/`, on /SHOP/) spells no casing of it:
    // the change at /shop/ is the conversion's, not letter case.
    const p = normalizePercent(pathOfUrl(path));
    const variants = [path.toLowerCase(), path.toUpperCase(), ...(byLower.get(path.toLowerCase()) ?? [])];
    const spelledOtherwise = (v: string): boolean => {
      const cv = conventionalVerdict(before, agent, v);
      if (cv.allowed === conv.allowed || cv.line === undefined) return false;
      const node = before.lines[cv.line];
      return node.directive.kind === 'rule' && !rfcMatches(node.text.slice(node.directive.pattern.start, node.directive.pattern.end), p);
    };
    if (variants.some(spelledOtherwise)) return cased;
    if (conv.version2) return { kind: 'robot-version-2', line, why: `the group for ${agent} follows robots.txt 2.0.0, whose precedence the ACAP fields written for it do not express here (${conv.why}; ACAP: ${acap})` };
    const records = recordIndex(compileRecords(before));
    if (records.star.length > 0 || records.byCrawler.has(agent.toLowerCase())) return { kind: 'existing-acap', line, why: `the ACAP records already in the file take part: ${acap}` };
    return { kind: 'ranking', line, why: `conventional: ${conv.why}; ACAP: ${acap}` };
  }
  const acap = explain(before, { agent, path, reading: 'acap' });
  const line = acap.decidedBy[0]?.line;
  if (caseOnly(acap, path)) return { kind: 'case', line, why: `ACAP matches patterns case-insensitively (Part 1 §2.8), conventional crawlers do not: ${acap.decision.summary}` };
  // A record names the crawler, but a User-agent line with its name names another (interpretation §1).
  const token = productToken(agent);
  if (token !== agent && recordIndex(compileRecords(before)).byCrawler.has(agent.toLowerCase())) {
    return { kind: 'name', line, why: `no User-agent line can address ${agent}: one with this name names the crawler ‘${token}’ (its product token, RFC 9309 §2.2.1), so conventional crawlers called ${agent} read another group; ACAP: ${acap.decision.summary}` };
  }
  if (conv.version2) return { kind: 'robot-version-2', line, why: `the group for ${agent} follows robots.txt 2.0.0, whose precedence the conventional lines written for it cannot fully express (${conv.why})` };
  return { kind: 'ranking', line, why: `ACAP before: ${acap.decision.summary}${e ? `; ACAP after: ${decisionOf(e).summary}` : ''}` };
}
