/**
 * `/.well-known/tdmrep.json` (W3C TDMRep Community Group final report, §3.3 "TDM property
 * file"): a JSON array of rules, each an object with `location` (a path pattern), `tdm-reservation`
 * (0: text and data mining rights not reserved, 1: reserved) and an optional `tdm-policy` (a URL
 * to the policy, meaningful with reservation 1). The first rule whose location matches a path
 * applies (§3.3). The report sets the priority of its three carriers as file → HTTP header →
 * HTML META (§3.1): the file, when it has a matching rule, speaks before a page's META.
 *
 * Locations are read with robots.txt's pattern syntax (`*` any sequence, a final `$` the end,
 * otherwise a prefix), which is how the report describes them; it is the product's reading where
 * the report's examples (`/images/*`, `*`) leave prefix matching implicit.
 *
 * The JSON is read by a small scanner of our own that keeps offsets (JSON.parse does not), so
 * findings point at the value they are about. Cost: O(n) in the text, depth at most MAX_DEPTH.
 */
import { matchPattern, normalizePercent } from './paths';

export type JsonValue =
  | { readonly kind: 'object'; readonly start: number; readonly end: number; readonly members: readonly JsonMember[] }
  | { readonly kind: 'array'; readonly start: number; readonly end: number; readonly items: readonly JsonValue[] }
  | { readonly kind: 'string'; readonly start: number; readonly end: number; readonly value: string }
  | { readonly kind: 'number'; readonly start: number; readonly end: number; readonly value: number; readonly raw: string }
  | { readonly kind: 'literal'; readonly start: number; readonly end: number; readonly value: boolean | null };

export interface JsonMember {
  readonly key: string;
  readonly keyStart: number;
  readonly keyEnd: number;
  readonly value: JsonValue;
}

export type JsonParse = { readonly ok: true; readonly value: JsonValue } | { readonly ok: false; readonly at: number; readonly reason: string };

const MAX_DEPTH = 32;

class JsonError extends Error {
  constructor(readonly at: number, readonly reason: string) {
    super(reason);
  }
}

/** RFC 8259 JSON with offsets. Never throws. O(n); nesting deeper than MAX_DEPTH is refused. */
export function parseJson(text: string): JsonParse {
  let i = 0;
  const ws = (): void => {
    while (i < text.length && (text[i] === ' ' || text[i] === '\t' || text[i] === '\n' || text[i] === '\r' || text[i] === '\uFEFF')) i++;
  };
  const fail = (reason: string): never => {
    throw new JsonError(i, reason);
  };
  const str = (): { value: string; start: number; end: number } => {
    const start = i++;
    let out = '';
    while (i < text.length && text[i] !== '"') {
      const c = text[i];
      if (c < ' ') fail('a control character inside a string');
      if (c === '\\') {
        const e = text[i + 1];
        const simple: Record<string, string> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
        if (e in simple) {
          out += simple[e];
          i += 2;
        } else if (e === 'u' && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) {
          out += String.fromCharCode(parseInt(text.slice(i + 2, i + 6), 16));
          i += 6;
        } else fail('an invalid escape in a string');
      } else {
        out += c;
        i++;
      }
    }
    if (i >= text.length) fail('a string that is not closed');
    i++;
    return { value: out, start, end: i };
  };
  const value = (depth: number): JsonValue => {
    if (depth > MAX_DEPTH) fail(`nesting deeper than ${MAX_DEPTH}`);
    ws();
    const start = i;
    const c = text[i];
    if (c === '{') {
      i++;
      const members: JsonMember[] = [];
      ws();
      if (text[i] === '}') return { kind: 'object', start, end: ++i, members };
      for (;;) {
        ws();
        if (text[i] !== '"') fail('a member name (a string) expected');
        const k = str();
        ws();
        if (text[i] !== ':') fail('‘:’ expected after a member name');
        i++;
        members.push({ key: k.value, keyStart: k.start, keyEnd: k.end, value: value(depth + 1) });
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === '}') return { kind: 'object', start, end: ++i, members };
        fail('‘,’ or ‘}’ expected');
      }
    }
    if (c === '[') {
      i++;
      const items: JsonValue[] = [];
      ws();
      if (text[i] === ']') return { kind: 'array', start, end: ++i, items };
      for (;;) {
        items.push(value(depth + 1));
        ws();
        if (text[i] === ',') { i++; continue; }
        if (text[i] === ']') return { kind: 'array', start, end: ++i, items };
        fail('‘,’ or ‘]’ expected');
      }
    }
    if (c === '"') {
      const s = str();
      return { kind: 'string', start: s.start, end: s.end, value: s.value };
    }
    const num = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 64));
    if (num) {
      i += num[0].length;
      return { kind: 'number', start, end: i, value: Number(num[0]), raw: num[0] };
    }
    for (const [word, v] of [['true', true], ['false', false], ['null', null]] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return { kind: 'literal', start, end: i, value: v };
      }
    }
    return fail(i >= text.length ? 'the text ends where a value is expected' : 'a value expected');
  };
  try {
    const v = value(0);
    ws();
    if (i < text.length) fail('text after the value');
    return { ok: true, value: v };
  } catch (e) {
    if (e instanceof JsonError) return { ok: false, at: e.at, reason: e.reason };
    throw e;
  }
}

/** One rule of a tdmrep.json file, as far as it can be read. */
export interface TdmRule {
  /** 0-based position in the array. */
  readonly index: number;
  readonly start: number;
  readonly end: number;
  /** Undefined when missing or not a string. */
  readonly location: string | undefined;
  /** 0 or 1; undefined when missing or another value. */
  readonly reservation: 0 | 1 | undefined;
  readonly policy: string | undefined;
}

/** A problem with the file, by offset; the code is one of the `tdmrep.*` codes. */
export interface TdmProblem {
  readonly code: string;
  readonly start: number;
  readonly end: number;
  readonly message: string;
}

export interface TdmFile {
  readonly rules: readonly TdmRule[];
  readonly problems: readonly TdmProblem[];
}

/** The members §3.3 defines. */
const MEMBERS = ['location', 'tdm-reservation', 'tdm-policy'];

/** A tdm-policy is a URL: absolute http(s), or (the report allows it for a same-site policy) a path. */
function isPolicyUrl(s: string): boolean {
  return /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(s) || /^\/[^\s]*$/.test(s);
}

/** Read a tdmrep.json text: its rules and what is wrong with it. O(n) in the text. */
export function parseTdmrep(text: string): TdmFile {
  const parsed = parseJson(text);
  if (!parsed.ok) {
    return { rules: [], problems: [{ code: 'tdmrep.invalid-json', start: parsed.at, end: Math.min(text.length, parsed.at + 1), message: `This is not JSON (${parsed.reason}), so crawlers read no TDM rule from it.` }] };
  }
  const root = parsed.value;
  if (root.kind !== 'array') {
    return { rules: [], problems: [{ code: 'tdmrep.not-an-array', start: root.start, end: root.end, message: 'A tdmrep.json file is a JSON array of rules ([{"location": "/", "tdm-reservation": 1}]); this value is not an array, so it has no rule (TDMRep §3.3).' }] };
  }
  const rules: TdmRule[] = [];
  const problems: TdmProblem[] = [];
  // The first rule for every path, kept as the loop goes (not searched per rule: O(rules) in all).
  let catchAll: TdmRule | undefined;
  root.items.forEach((item, index) => {
    if (item.kind !== 'object') {
      problems.push({ code: 'tdmrep.invalid-rule', start: item.start, end: item.end, message: `Rule ${index + 1} is not an object with location and tdm-reservation; crawlers skip it.` });
      return;
    }
    const get = (k: string): JsonMember | undefined => [...item.members].reverse().find((m) => m.key === k);
    for (const m of item.members) {
      if (!MEMBERS.includes(m.key)) {
        const near = MEMBERS.find((k) => k.toLowerCase() === m.key.toLowerCase() || k.replace('tdm-', '') === m.key.toLowerCase().replace(/^tdm[-_]?/, ''));
        problems.push({ code: 'tdmrep.unknown-member', start: m.keyStart, end: m.keyEnd, message: `TDMRep defines location, tdm-reservation and tdm-policy; ‘${m.key}’ is ignored.${near ? ` Did you mean ‘${near}’?` : ''}` });
      }
    }
    const loc = get('location');
    let location: string | undefined;
    if (!loc) {
      problems.push({ code: 'tdmrep.missing-location', start: item.start, end: item.start + 1, message: `Rule ${index + 1} has no location, so it matches no path. Add "location": "/" for the whole site.` });
    } else if (loc.value.kind !== 'string') {
      problems.push({ code: 'tdmrep.invalid-location', start: loc.value.start, end: loc.value.end, message: 'A location is a string: a path pattern such as "/" or "/images/*".' });
    } else if (!/^[/*]/.test(loc.value.value)) {
      problems.push({ code: 'tdmrep.invalid-location', start: loc.value.start, end: loc.value.end, message: `The location ‘${loc.value.value}’ starts with neither / nor *, so it matches no path (a path pattern as in robots.txt).${/^https?:/i.test(loc.value.value) ? ' Write the path only, without the scheme and host.' : ''}` });
    } else {
      location = loc.value.value;
      const dollar = location.indexOf('$');
      if (dollar >= 0 && dollar !== location.length - 1) problems.push({ code: 'tdmrep.invalid-location', start: loc.value.start, end: loc.value.end, message: `A $ in ‘${location}’ that is not last matches only a literal $; it ends the pattern only as its last character.` });
    }
    const res = get('tdm-reservation');
    let reservation: 0 | 1 | undefined;
    if (!res) {
      problems.push({ code: 'tdmrep.invalid-reservation', start: item.start, end: item.start + 1, message: `Rule ${index + 1} has no tdm-reservation: write "tdm-reservation": 1 to reserve text and data mining rights, 0 not to.` });
    } else if (res.value.kind === 'number' && (res.value.value === 0 || res.value.value === 1) && !/[.eE]/.test(res.value.raw)) {
      reservation = res.value.value;
    } else {
      const v = res.value;
      const guess = v.kind === 'string' && (v.value === '0' || v.value === '1') ? ` Write the number ${v.value}, without quotes.` : v.kind === 'literal' && typeof v.value === 'boolean' ? ` Write ${v.value ? 1 : 0}.` : '';
      problems.push({ code: 'tdmrep.invalid-reservation', start: v.start, end: v.end, message: `tdm-reservation is the number 0 or 1; this value is unknown, so the rule reserves nothing a crawler can rely on.${guess}` });
    }
    const pol = get('tdm-policy');
    let policy: string | undefined;
    if (pol) {
      if (pol.value.kind !== 'string' || !isPolicyUrl(pol.value.value)) {
        problems.push({ code: 'tdmrep.invalid-policy', start: pol.value.start, end: pol.value.end, message: 'tdm-policy is the URL of a TDM policy (an absolute https URL, or a path on this site).' });
      } else {
        policy = pol.value.value;
        if (reservation === 0) problems.push({ code: 'tdmrep.policy-without-reservation', start: pol.value.start, end: pol.value.end, message: 'A tdm-policy beside "tdm-reservation": 0 says nothing: a policy offers licences for rights that are reserved (reservation 1).' });
      }
    }
    // §3.3: the first matching rule applies, so one after a rule for every path never does.
    const all = catchAll;
    if (all && location !== undefined) problems.push({ code: 'tdmrep.unreachable-rule', start: loc?.value.start ?? item.start, end: loc?.value.end ?? item.end, message: `Rule ${all.index + 1} (location ‘${all.location}’) matches every path and comes first, so this rule never applies (the first matching rule wins). Move it above rule ${all.index + 1}.` });
    const rule = { index, start: item.start, end: item.end, location, reservation, policy };
    if (!catchAll && (location === '/' || location === '*')) catchAll = rule;
    rules.push(rule);
  });
  return { rules, problems };
}

/** The first rule of `file` whose location matches `path` (already percent-normalised), §3.3. O(rules · pattern). */
export function tdmRuleFor(file: TdmFile, path: string): TdmRule | undefined {
  return file.rules.find((r) => r.location !== undefined && matchPattern(normalizePercent(r.location), path));
}

/** Where the file stands in a site whose root folder is `site` (ending in `/`). */
export const TDMREP_PATH = '.well-known/tdmrep.json';
