/**
 * The `google` profile: Google's robots.txt parser and matcher (google/robotstxt, robots.cc),
 * reproduced rule for rule so that all 145 cases of its test suite hold. Facts carried over:
 * keys are recognised by prefix and with common typos; a missing colon is accepted when the line
 * has exactly two words; lines are cut at 16,663 bytes and at a NUL; the first `*` group and
 * named groups are kept apart; `/index.htm…` allows also imply the directory; the longest
 * matching pattern wins, Allow on ties; a matching named group, even empty, hides `*` rules.
 */
import type { RobotsDocument } from './document';
import { googleEscapePattern, matchPattern } from './paths';
import type { LineNode } from './syntax';

type GoogleKey = 'user-agent' | 'allow' | 'disallow' | 'sitemap' | 'unknown';

export interface GoogleLine {
  readonly line: number;
  readonly key: GoogleKey;
  /** The value as Google uses it: comment and whitespace stripped, escaped for allow/disallow. */
  readonly value: string;
}

/** robots.cc: the buffer holds 2083 * 8 bytes, one of them the terminating NUL. */
const MAX_LINE_BYTES = 2083 * 8 - 1;

const SPACE = /[ \t\n\v\f\r]/;

function stripSpace(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && SPACE.test(s[a])) a++;
  while (b > a && SPACE.test(s[b - 1])) b--;
  return s.slice(a, b);
}

function cutToBytes(text: string, max: number): string {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? 4 : 3;
    if (bytes + size > max) return text.slice(0, i);
    bytes += size;
    if (size === 4) i++;
  }
  return text;
}

function keyOf(key: string): GoogleKey {
  const k = key.toLowerCase();
  if (k.startsWith('user-agent') || k.startsWith('useragent') || k.startsWith('user agent')) return 'user-agent';
  if (k.startsWith('allow')) return 'allow';
  if (['disallow', 'dissallow', 'dissalow', 'disalow', 'diasllow', 'disallaw'].some((p) => k.startsWith(p))) return 'disallow';
  if (k.startsWith('sitemap') || k.startsWith('site-map')) return 'sitemap';
  return 'unknown';
}

/** One line as Google reads it, or undefined when Google finds no key and value in it. */
export function googleReadLine(node: LineNode, index: number): GoogleLine | undefined {
  let text = index === 0 && node.bom ? node.text.slice(1) : node.text;
  if (text.length * 3 > MAX_LINE_BYTES) text = cutToBytes(text, MAX_LINE_BYTES);
  const nul = text.indexOf('\0');
  if (nul >= 0) text = text.slice(0, nul);
  const hash = text.indexOf('#');
  if (hash >= 0) text = text.slice(0, hash);
  const line = stripSpace(text);
  let sep = line.indexOf(':');
  if (sep < 0) {
    // A forgotten colon: whitespace separates key and value when there are exactly two words.
    const ws = line.search(/[ \t]/);
    if (ws < 0) return undefined;
    const rest = line.slice(ws).replace(/^[ \t]+/, '');
    if (/[ \t]/.test(rest)) return undefined;
    sep = ws;
  }
  const key = stripSpace(line.slice(0, sep));
  if (key.length === 0) return undefined;
  const value = stripSpace(line.slice(sep + 1));
  const k = keyOf(key);
  return { line: index, key: k, value: k === 'user-agent' || k === 'sitemap' ? value : googleEscapePattern(value) };
}

const linesCache = new WeakMap<RobotsDocument, readonly GoogleLine[]>();

/** Every line Google reads as a key and value, cached per document. */
export function googleLines(doc: RobotsDocument): readonly GoogleLine[] {
  let out = linesCache.get(doc);
  if (!out) {
    const list: GoogleLine[] = [];
    doc.lines.forEach((node, i) => {
      if (node.kind !== 'field') return;
      const g = googleReadLine(node, i);
      if (g) list.push(g);
    });
    out = list;
    linesCache.set(doc, out);
  }
  return out;
}

/** The product token Google reads from a User-agent value: its leading [A-Za-z_-] characters. */
export function googleExtractAgent(value: string): string {
  const m = /^[A-Za-z_-]*/.exec(value);
  return m ? m[0] : '';
}

export interface GoogleMatch {
  /** Length of the matching pattern (Google's priority), -1 when nothing matched. */
  readonly priority: number;
  readonly line: number;
}

export interface GoogleVerdict {
  readonly allowed: boolean;
  /** Which rules decided: the named group's, the `*` group's, or none (allowed by silence). */
  readonly source: 'specific' | 'global' | 'none';
  /** The deciding line, when a rule decided. */
  readonly line: number | undefined;
  /** A named group matched (so `*` rules were not consulted). */
  readonly specificAgentSeen: boolean;
  readonly best: { readonly allow: GoogleMatch; readonly disallow: GoogleMatch };
  /** User-agent and Allow/Disallow lines Google attributes to this crawler's groups and to `*`. */
  readonly specificLines: { readonly agents: readonly number[]; readonly rules: readonly number[] };
  readonly globalLines: { readonly agents: readonly number[]; readonly rules: readonly number[] };
}

const NONE: GoogleMatch = { priority: -1, line: -1 };

/**
 * Google's verdict for `agent` (compared as given, case-insensitively, with the token Google
 * extracts from each User-agent value) on `path` (already percent-encoded, as Google expects).
 */
export function googleEvaluate(lines: readonly GoogleLine[], agent: string, path: string): GoogleVerdict {
  const a = agent.toLowerCase();
  let seenGlobal = false;
  let seenSpecific = false;
  let everSeenSpecific = false;
  let seenSeparator = false;
  const allow = { specific: NONE, global: NONE };
  const disallow = { specific: NONE, global: NONE };
  const specificLines = { agents: [] as number[], rules: [] as number[] };
  const globalLines = { agents: [] as number[], rules: [] as number[] };

  const record = (isAllow: boolean, priority: number, line: number): void => {
    const slot = isAllow ? allow : disallow;
    if (seenSpecific) {
      if (slot.specific.priority < priority) slot.specific = { priority, line };
    } else if (slot.global.priority < priority) {
      slot.global = { priority, line };
    }
  };

  const handleAllow = (value: string, line: number): void => {
    if (matchPattern(value, path)) {
      record(true, value.length, line);
      return;
    }
    // `Allow: /dir/index.htm…` also allows `/dir/` itself.
    const slash = value.lastIndexOf('/');
    if (slash >= 0 && value.slice(slash).startsWith('/index.htm')) {
      const directory = value.slice(0, slash + 1) + '$';
      if (matchPattern(directory, path)) record(true, directory.length, line);
    }
  };

  for (const g of lines) {
    switch (g.key) {
      case 'user-agent': {
        if (seenSeparator) {
          seenSpecific = seenGlobal = seenSeparator = false;
        }
        const v = g.value;
        if (v.length >= 1 && v[0] === '*' && (v.length === 1 || SPACE.test(v[1]))) {
          seenGlobal = true;
          globalLines.agents.push(g.line);
        } else if (googleExtractAgent(v).toLowerCase() === a) {
          everSeenSpecific = seenSpecific = true;
          specificLines.agents.push(g.line);
        }
        break;
      }
      case 'allow':
      case 'disallow':
        if (!seenGlobal && !seenSpecific) break;
        seenSeparator = true;
        (seenSpecific ? specificLines : globalLines).rules.push(g.line);
        if (g.key === 'allow') handleAllow(g.value, g.line);
        else if (matchPattern(g.value, path)) record(false, g.value.length, g.line);
        break;
      default:
        break;
    }
  }

  if (allow.specific.priority > 0 || disallow.specific.priority > 0) {
    const dis = disallow.specific.priority > allow.specific.priority;
    return { allowed: !dis, source: 'specific', line: dis ? disallow.specific.line : allow.specific.line, specificAgentSeen: true, best: { allow: allow.specific, disallow: disallow.specific }, specificLines, globalLines };
  }
  if (everSeenSpecific) {
    return { allowed: true, source: 'none', line: undefined, specificAgentSeen: true, best: { allow: allow.specific, disallow: disallow.specific }, specificLines, globalLines };
  }
  if (allow.global.priority > 0 || disallow.global.priority > 0) {
    const dis = disallow.global.priority > allow.global.priority;
    return { allowed: !dis, source: 'global', line: dis ? disallow.global.line : allow.global.line, specificAgentSeen: false, best: { allow: allow.global, disallow: disallow.global }, specificLines, globalLines };
  }
  return { allowed: true, source: 'none', line: undefined, specificAgentSeen: false, best: { allow: allow.global, disallow: disallow.global }, specificLines, globalLines };
}
