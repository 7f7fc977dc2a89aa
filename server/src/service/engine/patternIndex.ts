/**
 * An index of path patterns that finds the ones matching a path without comparing the path with
 * every pattern: literal patterns (no `*`, no final `$`) match exactly when they are a prefix of
 * the path, so the path's prefixes are looked up; patterns ending in `$` without `*` match when
 * equal to the path; patterns with `*` are filed under their literal head (what precedes the
 * first `*`), so only those whose head starts the path are matched, each compiled once. Real
 * files are almost all literal (the largest corpus file has 47,000 patterns). The same index also
 * answers Koster's reading, where every character is literal: its literal patterns are the same
 * keys, so only the few `$` and `*` patterns are filed a second time (under their full text).
 *
 * Memory: one map entry per distinct key, holding the item itself when it is alone under its key
 * (the common case) and an array only for repeated keys.
 *
 * Costs, for a path of n characters: building is O(total pattern length); a query costs O(n·√F)
 * for the prefix look-ups (see PrefixMap) plus O(n·p) for each wildcard pattern whose head starts
 * the path (matchCompiled), plus the size of the answer.
 */
import { compilePattern, matchCompiled, type CompiledPattern } from '../syntax/paths';
import { ownString } from '../syntax/ownString';

/**
 * Items filed under strings, found by every key that is a prefix of a path. Only the lengths some
 * key has are looked up: k distinct lengths cost k look-ups, and k distinct lengths need keys
 * totalling k²/2 characters, so k ≤ √(2F) for keys totalling F characters. A look-up is made only
 * when a filter of the keys' hashes (PrefixFilter) lets the prefix through: a hover's table asks
 * one path of every group's indexes (on a generated 1 MB file of 41 groups, 150 queries and 1,300
 * look-ups per hover, most of them for prefixes no key has), so once the filter is made a query
 * costs O(k) bit tests (each prefix's hash in O(1) from the last) and a look-up of O(n) per prefix
 * that a key has or that the filter lets through (keys sharing head, length and last unit; or
 * at most about one in sixteen others, with sixteen bits or more a key).
 */
class PrefixMap<T extends object> {
  /** The item filed under a key, or the items when several are (never an array item: T is not one). */
  private readonly map = new Map<string, T | T[]>();
  /** How many keys have each length; the sorted lengths are rebuilt after a change, O(k log k). */
  private readonly keysOfLength = new Map<number, number>();
  private lengths: number[] = [];
  private sorted = true;
  private readonly filter = new PrefixFilter();

  add(key: string, item: T): void {
    const list = this.map.get(key);
    if (list !== undefined) {
      if (Array.isArray(list)) list.push(item);
      else this.map.set(key, [list, item]);
      return;
    }
    this.map.set(key, item);
    this.keysOfLength.set(key.length, (this.keysOfLength.get(key.length) ?? 0) + 1);
    this.sorted = false;
    this.filter.add(key, this.map);
  }

  /** Forget the first item filed under `key` that `which` picks. O(items under that key). */
  remove(key: string, which: (item: T) => boolean): void {
    const list = this.map.get(key);
    if (list === undefined) return;
    if (Array.isArray(list)) {
      const k = list.findIndex(which);
      if (k < 0) return;
      list.splice(k, 1);
      if (list.length === 1) this.map.set(key, list[0]);
      return;
    }
    if (!which(list)) return;
    this.map.delete(key);
    const left = (this.keysOfLength.get(key.length) ?? 1) - 1;
    if (left > 0) this.keysOfLength.set(key.length, left);
    else this.keysOfLength.delete(key.length);
    this.sorted = false;
    this.filter.removed(this.map);
  }

  /** Every item whose key is a prefix of `path` (shorter keys first), appended to `out`. */
  prefixesOf(path: string, out: T[]): void {
    if (this.map.size === 0) return;
    if (!this.sorted) {
      this.lengths = [...this.keysOfLength.keys()].sort((a, b) => a - b);
      this.sorted = true;
    }
    const filter = this.filter.ready() ? this.filter : undefined;
    let head = FNV_OFFSET;
    let headLength = 0;
    let lookUps = 0;
    for (const len of this.lengths) {
      if (len > path.length) break;
      if (filter) {
        // The lengths ascend: the hash of the first HEAD units is extended, never read again.
        while (headLength < len && headLength < HEAD) head = Math.imul(head ^ path.charCodeAt(headLength++), FNV_PRIME);
        if (!filter.mayHave(finishHash(head, len, path.charCodeAt(len - 1)))) continue;
      }
      lookUps++;
      const hit = this.map.get(len === path.length ? path : path.slice(0, len));
      if (hit === undefined) continue;
      if (Array.isArray(hit)) for (const item of hit) out.push(item);
      else out.push(hit);
    }
    if (!filter) this.filter.spent(lookUps, this.map);
  }
}

const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 0x01000193;
/** The units of a key read by its filter hash, besides its length and last unit. */
const HEAD = 8;

/**
 * A key's filter hash: FNV-1a of its first HEAD units, its length and its last unit, mixed so
 * that the low bits (the filter's) depend on every bit. O(1) per key, so making a filter again
 * costs O(keys) whatever their length; keys that share all three share a bit.
 */
function keyHash(key: string): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < key.length && i < HEAD; i++) h = Math.imul(h ^ key.charCodeAt(i), FNV_PRIME);
  return finishHash(h, key.length, key.charCodeAt(key.length - 1));
}

/** The filter hash from the hash of the first HEAD units (or fewer), the length and the last unit (NaN, read as 0, for none). */
function finishHash(head: number, length: number, last: number): number {
  let h = Math.imul(Math.imul(head ^ length, FNV_PRIME) ^ last, FNV_PRIME);
  h = Math.imul(h ^ (h >>> 16), 0x45d9f3b);
  return h ^ (h >>> 16);
}

/**
 * One bit per filter hash of the keys of a PrefixMap (a Bloom filter with one hash function): a
 * clear bit says no key has that hash, so the prefix need not be looked up. Sixteen to thirty-two
 * bits a key. A removed key's bit stays set until the bits are made again, which happens when the
 * removed keys outnumber the live ones or the keys outgrow the bits: O(keys) then, O(1) amortised
 * per change.
 */
class PrefixFilter {
  /**
   * Made once the map's look-ups without it number an eighth of its keys, so that making it
   * (a short hash per key) costs in proportion to the look-ups already spent: a 47,000-key map
   * asked a handful of times does without, the map of a group asked by every hover gets one.
   */
  private bits: Int32Array | undefined;
  private mask = 0;
  /** Keys whose bits are set, removed ones included. */
  private counted = 0;
  private removedSince = 0;
  private lookUpsWithout = 0;

  add(key: string, keys: ReadonlyMap<string, unknown>): void {
    if (!this.bits) return;
    if (++this.counted * 16 > this.bits.length * 32) this.rebuild(keys);
    else this.set(keyHash(key));
  }

  removed(keys: ReadonlyMap<string, unknown>): void {
    if (this.bits && ++this.removedSince > Math.max(64, keys.size)) this.rebuild(keys);
  }

  /** Whether the bits are made (mayHave answers). */
  ready(): boolean {
    return this.bits !== undefined;
  }

  /** `n` look-ups made without the bits: they are made, in O(keys), once those add up to keys / 8. */
  spent(n: number, keys: ReadonlyMap<string, unknown>): void {
    this.lookUpsWithout += n;
    if (this.lookUpsWithout * 8 >= keys.size) this.rebuild(keys);
  }

  mayHave(hash: number): boolean {
    const b = hash & this.mask;
    return (this.bits![b >>> 5] & (1 << (b & 31))) !== 0;
  }

  private set(hash: number): void {
    const b = hash & this.mask;
    this.bits![b >>> 5] |= 1 << (b & 31);
  }

  private rebuild(keys: ReadonlyMap<string, unknown>): void {
    let size = 64;
    while (size < keys.size * 32) size *= 2;
    this.bits = new Int32Array(size >>> 5);
    this.mask = size - 1;
    for (const key of keys.keys()) this.set(keyHash(key));
    this.counted = keys.size;
    this.removedSince = 0;
  }
}

/** A wildcard pattern, compiled once, with every item filed under that same pattern. */
interface Wild<T> { readonly pattern: string; readonly compiled: CompiledPattern; readonly items: T[] }

export class PatternIndex<T extends object> {
  private readonly prefix = new PrefixMap<T>();
  private readonly exact = new Map<string, T[]>();
  /**
   * Wildcard patterns by their literal head, each distinct pattern once: a file that repeats
   * `Disallow: /*.pdf$` in every group, or a hundred times in one, matches it once per query,
   * not once per line (on a generated 1 MB file of 41 groups this was half of a hover's time).
   */
  private readonly wild = new PrefixMap<Wild<T>>();
  private readonly wildByPattern = new Map<string, Wild<T>>();
  /**
   * The `$` and `*` patterns again, under their whole text read literally (Koster); the literal
   * patterns are read literally from `prefix` itself.
   */
  private readonly literal = new PrefixMap<T>();
  /**
   * The last path asked of `matches` and of `literalMatches`, with its answer, until the index
   * changes: a hover's table asks one path of the same groups for every crawler that falls to
   * them and every profile (a hundred queries, one answer). The answer is shared, so read-only.
   */
  private lastMatches: { readonly path: string; readonly items: readonly T[] } | undefined;
  private lastLiteral: { readonly path: string; readonly items: readonly T[] } | undefined;

  constructor(entries: Iterable<{ readonly pattern: string; readonly item: T }>) {
    for (const { pattern, item } of entries) this.add(pattern, item);
  }

  /** Index one more item. O(pattern length): a wildcard pattern is compiled here, once. */
  add(pattern: string, item: T): void {
    this.lastMatches = this.lastLiteral = undefined;
    if (!pattern.includes('*') && !pattern.endsWith('$')) {
      this.prefix.add(pattern, item);
      return;
    }
    if (!pattern.includes('*')) push(this.exact, pattern.slice(0, -1), item);
    else {
      const known = this.wildByPattern.get(pattern);
      if (known) known.items.push(item);
      else {
        const compiled = compilePattern(pattern);
        const w: Wild<T> = { pattern, compiled, items: [item] };
        this.wildByPattern.set(pattern, w);
        this.wild.add(compiled.segments[0], w);
      }
    }
    this.literal.add(pattern, item);
  }

  /**
   * Forget `item`, indexed under `pattern` (compared by identity), so that an edited line's entry
   * is replaced instead of the index being rebuilt. O(items filed under the same key).
   */
  remove(pattern: string, item: T): void {
    this.removeWhere(pattern, (x) => x === item);
  }

  /** Forget the first item indexed under `pattern` that `which` picks; same cost as `remove`. */
  removeWhere(pattern: string, which: (item: T) => boolean): void {
    this.lastMatches = this.lastLiteral = undefined;
    if (!pattern.includes('*') && !pattern.endsWith('$')) {
      this.prefix.remove(pattern, which);
      return;
    }
    if (!pattern.includes('*')) pull(this.exact, pattern.slice(0, -1), which);
    else {
      const w = this.wildByPattern.get(pattern);
      const k = w ? w.items.findIndex(which) : -1;
      if (w && k >= 0) {
        w.items.splice(k, 1);
        if (w.items.length === 0) {
          this.wildByPattern.delete(pattern);
          this.wild.remove(w.compiled.segments[0], (x) => x === w);
        }
      }
    }
    this.literal.remove(pattern, which);
  }

  /** Every item whose pattern matches `path`, in no particular order. */
  matches(path: string): readonly T[] {
    if (this.lastMatches?.path === path) return this.lastMatches.items;
    const out: T[] = [];
    this.prefix.prefixesOf(path, out);
    const exact = this.exact.get(path);
    if (exact) for (const item of exact) out.push(item);
    const heads: Wild<T>[] = [];
    this.wild.prefixesOf(path, heads);
    for (const w of heads) if (matchCompiled(w.compiled, path)) for (const item of w.items) out.push(item);
    // Its own copy of the path: the index outlives the document the path may be cut from.
    this.lastMatches = { path: ownString(path), items: out };
    return out;
  }

  /**
   * Every item whose pattern, read with every character literal (Koster 1996: no wildcards), is
   * a prefix of `path`.
   */
  literalMatches(path: string): readonly T[] {
    if (this.lastLiteral?.path === path) return this.lastLiteral.items;
    const out: T[] = [];
    this.prefix.prefixesOf(path, out);
    this.literal.prefixesOf(path, out);
    this.lastLiteral = { path: ownString(path), items: out };
    return out;
  }
}

function push<T>(map: Map<string, T[]>, key: string, item: T): void {
  const list = map.get(key);
  if (list) list.push(item);
  else map.set(key, [item]);
}

function pull<T>(map: Map<string, T[]>, key: string, which: (item: T) => boolean): void {
  const list = map.get(key);
  if (!list) return;
  const k = list.findIndex(which);
  if (k < 0) return;
  if (list.length === 1) map.delete(key);
  else list.splice(k, 1);
}

/**
 * From this many groups (or Google's sections) on, a crawler's rules are queried through one
 * index of all of them. RFC 9309 §2.2.1 merges every group whose product token is the crawler's,
 * and a file can name thousands of them (`bot1` … `bot3900` all name `bot`): asking each group's
 * index costs O(groups) index queries per verdict, which conversions verifying dozens of verdicts
 * and hover tables asking one per crawler multiply. Below it, the per-group indexes, patched in
 * place across edits, answer directly, where a merged index is made per version and was built
 * again on the first query after every edit.
 */
export const MERGE_FROM = 8;
