/**
 * Paths and path patterns: taking the path out of a URL, normalising percent-encoding, matching
 * patterns with `*` and `$`, and ACAP's narrowest-scope comparison (Part 1 §2.4.5).
 */
import { ownString, StringMemo } from './ownString';

/**
 * The path, parameters and query of a URL, as Google's parser takes them (robots.cc
 * GetPathParamsQuery; its 19 cases are in the project's tests): no scheme or host, no fragment,
 * and always starting with `/`. A bare path passes through unchanged.
 */
export function pathOfUrl(url: string): string {
  let searchStart = 0;
  if (url.startsWith('//')) searchStart = 2;
  const earlyPath = firstOf(url, '/?;', searchStart);
  let protocolEnd = url.indexOf('://', searchStart);
  if (earlyPath >= 0 && (protocolEnd < 0 || earlyPath < protocolEnd)) protocolEnd = -1;
  protocolEnd = protocolEnd < 0 ? searchStart : protocolEnd + 3;
  const pathStart = firstOf(url, '/?;', protocolEnd);
  if (pathStart < 0) return '/';
  const hash = url.indexOf('#', searchStart);
  if (hash >= 0 && hash < pathStart) return '/';
  const pathEnd = hash < 0 ? url.length : hash;
  const path = url.slice(pathStart, pathEnd);
  return url[pathStart] === '/' ? path : '/' + path;
}

function firstOf(s: string, chars: string, from: number): number {
  for (let i = from; i < s.length; i++) if (chars.includes(s[i])) return i;
  return -1;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;
const HEX = '0123456789ABCDEF';

function encodeUtf8(ch: string): string {
  let out = '';
  for (const b of new TextEncoder().encode(ch)) out += '%' + HEX[b >> 4] + HEX[b & 15];
  return out;
}

/**
 * Percent-encoding normalised for comparison (RFC 9309 §2.2.2; Koster 1996 §3.2.2's table):
 * characters outside US-ASCII are encoded as UTF-8, escapes of unreserved characters are
 * decoded (`%7E` is `~`), other escapes keep their meaning with upper-case hex (`%2f` is `%2F`,
 * never `/`). `*` and `$` are left alone, so patterns normalise the same way as paths.
 */
export function normalizePercent(s: string): string {
  if (s.length < LONG) return percentForm(s, true);
  // A long path is normalised once: a conversion's verification asks every crawler about the
  // same probe paths, and a 50,000-character one was read again by every query (723 MB in all).
  let out = normalizedLong.get(s);
  if (out === undefined) {
    out = percentForm(s, true);
    // An own copy: a path sliced from a document (returned as its own form when nothing needs
    // encoding) would keep the document's text alive.
    normalizedLong.set(s, ownString(out), s.length + out.length);
  }
  return out;
}

/** From this length a path's normalised form is kept (normalizedLong). */
const LONG = 256;
/** Long paths and their forms kept, by the string; at most 4 Mi characters in all. */
const normalizedLong = new StringMemo<string>(4 * 1024 * 1024);

/** Only characters outside US-ASCII percent-encoded (as UTF-8); everything else as given. */
export function encodeNonAscii(s: string): string {
  if (!/[\u0080-\uffff]/.test(s)) return s;
  let out = '';
  for (const ch of s) out += ch.charCodeAt(0) >= 0x80 ? encodeUtf8(ch) : ch;
  return out;
}

/** Google's MaybeEscapePattern: encode bytes >= 0x80 as %XX, upper-case existing escapes. */
export function googleEscapePattern(s: string): string {
  return percentForm(s, false);
}

/** Non-ASCII encoded, escapes upper-cased, and (for RFC 9309) escapes of unreserved characters decoded. */
function percentForm(s: string, decodeUnreserved: boolean): string {
  // Fast path: plain ASCII without escapes (almost every real path and pattern).
  if (!/[%\u0080-\uffff]/.test(s)) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (c === '%' && /^[0-9A-Fa-f]{2}$/.test(s.slice(i + 1, i + 3))) {
      const ch = String.fromCharCode(parseInt(s.slice(i + 1, i + 3), 16));
      out += decodeUnreserved && UNRESERVED.test(ch) ? ch : '%' + s.slice(i + 1, i + 3).toUpperCase();
      i += 2;
    } else if (c.charCodeAt(0) >= 0x80) {
      const char = String.fromCodePoint(s.codePointAt(i) ?? 0);
      out += encodeUtf8(char);
      i += char.length - 1;
    } else {
      out += c;
    }
  }
  return out;
}

/**
 * A path pattern prepared for matching: the literal runs between its `*`s (consecutive `*`s are
 * one), and whether a final `$` anchors the end. Built in O(p) for a pattern of p characters.
 */
export interface CompiledPattern {
  /** Literal runs: the first must start the path; with `*`s, the last must end it when anchored. */
  readonly segments: readonly string[];
  /** The pattern has at least one `*`. */
  readonly wild: boolean;
  /** A final `$`: the path must end where the pattern does. */
  readonly anchored: boolean;
}

/** Split `pattern` into its literal runs once, so that matching many paths never re-reads it. O(p). */
export function compilePattern(pattern: string): CompiledPattern {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  if (!body.includes('*')) return { segments: [body], wild: false, anchored };
  const parts = body.split('*');
  // Empty runs between stars (`**`) change nothing: keep only the first and the last run. Kept
  // in an array of their own length: a hover's indexes keep one per pattern with a `*` (16,000
  // on a generated 1 MB file), and `filter`'s answer has room for 17, 184 bytes for two runs.
  const kept = (s: string, k: number): boolean => s !== '' || k === 0 || k === parts.length - 1;
  const segments = parts.every(kept) ? parts : parts.filter(kept).slice();
  return { segments, wild: true, anchored };
}

/**
 * Does a compiled pattern match `path`? The first run must be a prefix of the path; every
 * further run is found at its leftmost place after the previous one (leftmost is always safe,
 * since a `*` before it absorbs anything, and it leaves the most room for the rest); the last run
 * of an anchored pattern must end the path. No backtracking: each run is searched once, from
 * where the previous one ended, so the cost is O(n·p) at worst for a path of n and a pattern of
 * p characters (the worst case of the string search itself), and O(n + p) for ordinary patterns.
 */
export function matchCompiled(c: CompiledPattern, path: string): boolean {
  const seg = c.segments;
  const first = seg[0];
  if (!c.wild) return c.anchored ? path === first : path.startsWith(first);
  if (!path.startsWith(first)) return false;
  let pos = first.length;
  const last = seg.length - 1;
  for (let k = 1; k < last; k++) {
    const at = path.indexOf(seg[k], pos);
    if (at < 0) return false;
    pos = at + seg[k].length;
  }
  const tail = seg[last];
  if (c.anchored) return path.length - tail.length >= pos && path.endsWith(tail);
  return tail === '' || path.indexOf(tail, pos) >= 0;
}

/**
 * Does `pattern` match `path`? `*` matches any run of characters; `$` at the very end anchors
 * the end of the path (elsewhere it is literal); everything else matches itself. Without `*`
 * or `$` this is a prefix test. Both arguments must already be normalised alike (and lower-cased
 * alike for the case-insensitive ACAP reading, Part 1 §2.8). Callers that match one pattern
 * against many paths compile it once with compilePattern. O(p + n·p) at worst, see matchCompiled.
 */
export function matchPattern(pattern: string, path: string): boolean {
  // Without a `*`, one literal run: a prefix test, or with a final `$` the whole path (as
  // matchCompiled reads it), with no memo to look the pattern up in. A look-up hashed every
  // pattern, and 150,000 fields of distinct paths, compiled again as they pushed each other out
  // of the memo, took most of a first hover's decision among them.
  if (!pattern.includes('*')) return pattern.endsWith('$') ? path.length === pattern.length - 1 && pattern.startsWith(path) : path.startsWith(pattern);
  let c = compiled.get(pattern);
  if (!c) {
    // Compiled from the memo's own copy: its segments are views into what they were cut from.
    const own = ownString(pattern);
    c = compilePattern(own);
    if (compiled.size >= MAX_COMPILED || compiledChars + pattern.length > MAX_COMPILED_CHARS) {
      compiled.clear();
      compiledChars = 0;
    }
    compiled.set(own, c);
    compiledChars += pattern.length;
  }
  return matchCompiled(c, path);
}

/**
 * Patterns compiled by matchPattern, remembered (a memo for the process's lifetime, emptied when
 * full): bounded in entries and in characters, since a pattern can be 100,000 characters long and
 * 4,096 of those would hold gigabytes.
 */
const compiled = new Map<string, CompiledPattern>();
const MAX_COMPILED = 4096;
const MAX_COMPILED_CHARS = 4_000_000;
let compiledChars = 0;

/**
 * Part 1 §2.4.5: which of two patterns has the narrower scope, compared character by character.
 * Returns a negative number when `a` is narrower, positive when `b` is, and 0 when the method
 * cannot tell (equal patterns, or different literal characters after a wildcard).
 */
export function compareScope(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    // "If one pattern contains a dollar sign where the other contains any other character
    // (including the asterisk), the other pattern has the narrower scope."
    if (x === '$') return 1;
    if (y === '$') return -1;
    // "If one pattern contains an asterisk where the other contains any other character except
    // the dollar sign, the other pattern has the narrower scope."
    if (x === '*') return 1;
    if (y === '*') return -1;
    return 0;
  }
  // "If one pattern has run out of characters, the other pattern has the narrower scope."
  return b.length - a.length;
}

/**
 * A test of whether one of `keys` is narrower than a given key under compareScope (Part 1
 * §2.4.5), without comparing it with every key: a few keys are compared pairwise, many are put in
 * a trie (O(total key length) to build, O(length of the key asked) per test). A key is beaten
 * exactly when, along its path, it ends at a node with children (a longer key extends it), or it
 * has `$` where another key goes on with any other character, or `*` where another has a literal
 * one; once its path leaves the trie, no key shares that prefix, and none of them is narrower.
 * The key asked need not be one of `keys`; a key is never narrower than itself.
 */
export function narrowerTest(keys: readonly string[]): (k: string) => boolean {
  const distinct = [...new Set(keys)];
  if (distinct.length <= 32) return (k) => distinct.some((d) => d !== k && compareScope(d, k) < 0);
  // Goto as one map from (node, UTF-16 unit) to node; per node: 1 any child, 2 a child other
  // than `$`, 4 a literal child (neither `$` nor `*`).
  const go = new Map<number, number>();
  const flags: number[] = [0];
  const edge = (node: number, c: number): number => node * 65536 + c;
  for (const k of distinct) {
    let node = 0;
    for (let i = 0; i < k.length; i++) {
      const c = k.charCodeAt(i);
      flags[node] |= 1 | (c !== 36 ? 2 : 0) | (c !== 36 && c !== 42 ? 4 : 0);
      let next = go.get(edge(node, c));
      if (next === undefined) {
        next = flags.push(0) - 1;
        go.set(edge(node, c), next);
      }
      node = next;
    }
  }
  return (k) => {
    let node = 0;
    for (let i = 0; i < k.length; i++) {
      const c = k.charCodeAt(i);
      if ((c === 36 && flags[node] & 2) || (c === 42 && flags[node] & 4)) return true;
      const next = go.get(edge(node, c));
      if (next === undefined) return false;
      node = next;
    }
    return (flags[node] & 1) !== 0;
  };
}

/**
 * The items that no other item beats under compareScope (Part 1 §2.4.5: the narrowest patterns;
 * several when they cannot be told apart), in their order: each item whose key no other key is
 * narrower than (narrowerTest), in O(total key length).
 */
export function narrowestOf<T>(items: readonly T[], key: (item: T) => string): T[] {
  const keys = [...new Set(items.map(key))];
  const beaten = narrowerTest(keys);
  const lost = new Set(keys.filter(beaten));
  return items.filter((item) => !lost.has(key(item)));
}
