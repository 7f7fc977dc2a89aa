/**
 * RSL (Really Simple Licensing) licence files: an XML document in the namespace
 * `https://rslstandard.org/rsl` whose root `<rsl>` holds `<content url="…">` elements, each with a
 * `<license>` whose `<permits type="usage">` / `<prohibits type="usage">` list usage tokens
 * (`all`, `ai-all`, `ai-train`, `ai-input`, `ai-index`, `search`) separated by spaces or commas.
 * A robots.txt points at it with `License: <url>`.
 *
 * What this module is sure of and what it is not: the namespace, the element names and the usage
 * tokens are those of RSL 1.0 as the product knows it (the tokens of earlier drafts differ); how a
 * `content@url` pattern is matched (the product reads it as a robots.txt pattern on the URL's
 * path, the longest match deciding) and whether a usage a `<permits>` list leaves out is refused
 * (the product says so: a permits list names all that the licence grants) are the product's
 * readings where it could not check the text of the standard.
 *
 * The XML is read by a small scanner of our own (no dependency): elements, attributes, text,
 * comments, CDATA and processing instructions; no DTD (a DOCTYPE is refused, so no entity can
 * expand). Cost: O(n) in the text; at most MAX_DEPTH nesting and MAX_ELEMENTS elements.
 */
import { matchPattern, normalizePercent, pathOfUrl } from './paths';

export const RSL_NAMESPACE = 'https://rslstandard.org/rsl';

/** RSL 1.0 usage tokens, and the AI uses each speaks on (`ai-index` has no equivalent among them). */
export const RSL_USAGE_TOKENS: ReadonlyMap<string, readonly ('ai-train' | 'ai-input' | 'search')[]> = new Map([
  ['all', ['ai-train', 'ai-input', 'search']],
  ['ai-all', ['ai-train', 'ai-input']],
  ['ai-train', ['ai-train']],
  ['ai-input', ['ai-input']],
  ['ai-index', []],
  ['search', ['search']],
] as const);

const MAX_DEPTH = 64;
const MAX_ELEMENTS = 10000;

export interface XmlElement {
  /** The local name (without a prefix). */
  readonly name: string;
  readonly prefix: string;
  readonly start: number;
  /** Offset of the end of the start tag. */
  readonly tagEnd: number;
  readonly attributes: ReadonlyMap<string, { readonly value: string; readonly start: number; readonly end: number }>;
  readonly children: XmlElement[];
  /** The text directly inside, entities decoded, with its first offset. */
  text: string;
  textStart: number;
}

export type XmlParse = { readonly ok: true; readonly root: XmlElement } | { readonly ok: false; readonly at: number; readonly reason: string };

const ENTITIES: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-z]+);/g, (all, e: string) => (e.startsWith('#x') ? String.fromCodePoint(parseInt(e.slice(2), 16)) : e.startsWith('#') ? String.fromCodePoint(parseInt(e.slice(1), 10)) : ENTITIES[e] ?? all));
}

/** XML 1.0 elements of `text`, bounded; never throws. O(n). */
export function parseXml(text: string): XmlParse {
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  let count = 0;
  let i = 0;
  const fail = (at: number, reason: string): XmlParse => ({ ok: false, at, reason });
  while (i < text.length) {
    const lt = text.indexOf('<', i);
    const textEnd = lt < 0 ? text.length : lt;
    if (textEnd > i) {
      const chunk = text.slice(i, textEnd);
      const top = stack[stack.length - 1];
      if (top) {
        if (top.text === '' && chunk.trim() !== '') top.textStart = i + (chunk.length - chunk.trimStart().length);
        top.text += decode(chunk);
      } else if (chunk.trim() !== '' && chunk.trim() !== '\uFEFF') return fail(i, 'text outside the root element');
    }
    if (lt < 0) break;
    i = lt;
    const close = (end: string): number => {
      const j = text.indexOf(end, i);
      return j < 0 ? -1 : j + end.length;
    };
    if (text.startsWith('<!--', i)) {
      const j = close('-->');
      if (j < 0) return fail(i, 'a comment that is not closed');
      i = j;
    } else if (text.startsWith('<![CDATA[', i)) {
      const j = close(']]>');
      if (j < 0) return fail(i, 'a CDATA section that is not closed');
      const top = stack[stack.length - 1];
      if (top) top.text += text.slice(i + 9, j - 3);
      i = j;
    } else if (text.startsWith('<?', i)) {
      const j = close('?>');
      if (j < 0) return fail(i, 'a declaration that is not closed');
      i = j;
    } else if (text.startsWith('<!', i)) {
      return fail(i, 'a DOCTYPE or DTD, which a licence file does not need and which is not read');
    } else if (text.startsWith('</', i)) {
      const m = /^<\/([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)\s*>/.exec(text.slice(i, i + 256));
      if (!m) return fail(i, 'a malformed end tag');
      const top = stack.pop();
      const qname = top ? (top.prefix ? `${top.prefix}:${top.name}` : top.name) : '';
      if (!top || qname !== m[1]) return fail(i, top ? `</${m[1]}> closes <${qname}>` : `</${m[1]}> closes nothing`);
      i += m[0].length;
    } else {
      const m = /^<([A-Za-z_][\w.-]*)(?::([A-Za-z_][\w.-]*))?/.exec(text.slice(i, i + 256));
      if (!m) return fail(i, 'a ‘<’ that starts no tag (write &lt;)');
      if (++count > MAX_ELEMENTS) return fail(i, `more than ${MAX_ELEMENTS} elements`);
      if (stack.length >= MAX_DEPTH) return fail(i, `nesting deeper than ${MAX_DEPTH}`);
      if (!stack.length && root) return fail(i, 'a second root element');
      const start = i;
      i += m[0].length;
      const attributes = new Map<string, { value: string; start: number; end: number }>();
      const attr = /\s*([A-Za-z_][\w.:-]*)\s*=\s*("[^"<]*"|'[^'<]*')/y;
      for (;;) {
        attr.lastIndex = i;
        const a = attr.exec(text);
        if (!a) break;
        const valueStart = attr.lastIndex - a[2].length;
        attributes.set(a[1], { value: decode(a[2].slice(1, -1)), start: valueStart, end: attr.lastIndex });
        i = attr.lastIndex;
      }
      const end = /\s*(\/?)>/y;
      end.lastIndex = i;
      const e = end.exec(text);
      if (!e) return fail(i, `a malformed start tag <${m[0].slice(1)}>`);
      i = end.lastIndex;
      const el: XmlElement = { name: m[2] ?? m[1], prefix: m[2] ? m[1] : '', start, tagEnd: i, attributes, children: [], text: '', textStart: i };
      const parent = stack[stack.length - 1];
      if (parent) parent.children.push(el);
      else root = el;
      if (e[1] !== '/') stack.push(el);
    }
  }
  if (stack.length) return fail(text.length, `<${stack[stack.length - 1].name}> is not closed`);
  return root ? { ok: true, root } : fail(0, 'no root element');
}

/** One `<content>` of an RSL file: its URL pattern and the usage tokens its licences permit / prohibit. */
export interface RslContent {
  readonly url: string | undefined;
  readonly start: number;
  readonly permits: readonly string[] | undefined;
  readonly prohibits: readonly string[];
}

export interface RslProblem {
  readonly code: string;
  readonly start: number;
  readonly end: number;
  readonly message: string;
}

export interface RslFile {
  readonly contents: readonly RslContent[];
  readonly problems: readonly RslProblem[];
}

/** The namespace `el` is in, from the `xmlns` declarations on it and its ancestors. */
function namespaceOf(el: XmlElement, ancestors: readonly XmlElement[]): string | undefined {
  const key = el.prefix ? `xmlns:${el.prefix}` : 'xmlns';
  for (const e of [el, ...[...ancestors].reverse()]) {
    const v = e.attributes.get(key);
    if (v) return v.value;
  }
  return undefined;
}

function tokensOf(el: XmlElement): string[] {
  return el.text.split(/[\s,]+/).filter((t) => t !== '');
}

/** Read an RSL licence file: its contents and what is wrong with it. O(n). */
export function parseRsl(text: string): RslFile {
  const xml = parseXml(text);
  if (!xml.ok) return { contents: [], problems: [{ code: 'rsl.invalid-xml', start: xml.at, end: Math.min(text.length, xml.at + 1), message: `This is not well-formed XML (${xml.reason}), so no licence can be read from it.` }] };
  const root = xml.root;
  const problems: RslProblem[] = [];
  const ns = namespaceOf(root, []);
  if (root.name !== 'rsl' || ns !== RSL_NAMESPACE) {
    problems.push({ code: 'rsl.wrong-namespace', start: root.start, end: root.tagEnd, message: `An RSL file's root is <rsl xmlns="${RSL_NAMESPACE}">; this one is <${root.prefix ? root.prefix + ':' : ''}${root.name}>${ns ? ` in the namespace ${ns}` : ' in no namespace'}, so readers may not take it for a licence.` });
  }
  const contents: RslContent[] = [];
  for (const c of root.children.filter((x) => x.name === 'content')) {
    const url = c.attributes.get('url');
    if (!url || url.value.trim() === '') {
      problems.push({ code: 'rsl.missing-content-url', start: c.start, end: c.tagEnd, message: '<content> needs url="…": the pages it licenses (a URL or path pattern, such as "/" or "https://example.com/articles/*").' });
    } else if (!/^(https?:\/\/[^\s/]+)?[/*]/i.test(url.value.trim()) && !/^https?:\/\/[^\s/]+$/i.test(url.value.trim())) {
      problems.push({ code: 'rsl.invalid-content-url', start: url.start, end: url.end, message: `‘${url.value}’ is neither an http(s) URL nor a path starting with / or *, so it matches no page.` });
    }
    let permits: string[] | undefined;
    const prohibits: string[] = [];
    const licenses = c.children.filter((x) => x.name === 'license');
    if (licenses.length === 0) problems.push({ code: 'rsl.missing-license', start: c.start, end: c.tagEnd, message: '<content> has no <license>, so it neither permits nor prohibits any usage.' });
    for (const l of licenses) {
      for (const p of l.children.filter((x) => x.name === 'permits' || x.name === 'prohibits')) {
        if ((p.attributes.get('type')?.value ?? '') !== 'usage') continue;
        for (const t of tokensOf(p)) {
          if (!RSL_USAGE_TOKENS.has(t)) {
            const at = text.indexOf(t, p.textStart);
            const lower = RSL_USAGE_TOKENS.has(t.toLowerCase()) ? t.toLowerCase() : t === 'train-ai' ? 'ai-train' : undefined;
            problems.push({ code: 'rsl.unknown-usage', start: at, end: at + t.length, message: `‘${t}’ is not an RSL usage (all, ai-all, ai-train, ai-input, ai-index, search); readers ignore it.${lower ? ` Did you mean ‘${lower}’?` : ''}` });
            continue;
          }
          if (p.name === 'permits') (permits ??= []).push(t);
          else prohibits.push(t);
        }
      }
    }
    contents.push({ url: url?.value.trim(), start: c.start, permits, prohibits });
  }
  if (contents.length === 0 && problems.length === 0) problems.push({ code: 'rsl.missing-content-url', start: root.start, end: root.tagEnd, message: 'This licence has no <content url="…"> element, so it applies to no page.' });
  return { contents, problems };
}

/** The `<content>` whose url pattern matches `path` (percent-normalised), the longest pattern deciding. O(contents · pattern). */
export function rslContentFor(file: RslFile, path: string): RslContent | undefined {
  let best: RslContent | undefined;
  let bestLength = -1;
  for (const c of file.contents) {
    if (c.url === undefined) continue;
    const pattern = normalizePercent(/^https?:/i.test(c.url) ? pathOfUrl(c.url) || '/' : c.url);
    if (matchPattern(pattern, path) && pattern.length > bestLength) {
      best = c;
      bestLength = pattern.length;
    }
  }
  return best;
}

/** What an RSL content says on an AI use: prohibited, allowed, or undefined (silent). */
export function rslSays(c: RslContent, use: 'ai-train' | 'ai-input' | 'search'): { says: 'allowed' | 'prohibited'; token: string | undefined } | undefined {
  const speaks = (t: string): boolean => RSL_USAGE_TOKENS.get(t)?.includes(use) ?? false;
  const no = c.prohibits.find(speaks);
  if (no) return { says: 'prohibited', token: no };
  if (c.permits === undefined) return undefined;
  const yes = c.permits.find(speaks);
  return yes ? { says: 'allowed', token: yes } : { says: 'prohibited', token: undefined };
}
