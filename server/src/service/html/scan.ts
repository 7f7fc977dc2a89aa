/**
 * The robots-related parts of an HTML page, found with htmlparser2's Tokenizer (a real HTML
 * tokenizer reporting raw offsets): every `<meta name=…>` with its `content`, whether it is in
 * the head, and every element's `class` words, with the `the-acap:` permissions among them
 * (Part 2 §2.2, §2.2.5, §3). Offsets are those of the source text; attribute values are kept as
 * written (entities are not decoded), so every span points at exactly what the author typed.
 *
 * The tokenizer treats the contents of `<script>`, `<style>`, `<title>`, `<textarea>` and `<xmp>`
 * as text and comments as comments, so tags inside them are never seen. It never throws on
 * malformed input: an unclosed tag at the end of the page is simply not reported.
 */
import { QuoteType, Tokenizer } from 'htmlparser2';
import type { Position } from 'vscode-languageserver-types';
import { CLASS_ALLOW_PREFIX, CLASS_DISALLOW_PREFIX, CLASS_PREFIX } from '../facts/htmlFacts';
import { parseMetaContent } from './metaContent';
import type { ClassPermission, HtmlPage, HtmlUsage, MetaTag, OffsetSpan, Word } from './types';
import { isHtmlSpace, wordsIn } from './words';

interface Attr {
  readonly name: string;
  readonly nameSpan: OffsetSpan;
  /** The value's raw span (quotes excluded); empty at the name's end when there is no `=`. */
  readonly value: OffsetSpan;
}

/**
 * Where the HTML parser would put an element (HTML Living Standard §13.2.6 insertion modes,
 * reduced to what matters here): before the head, in it, after it, or in the body.
 */
type Mode = 'before-head' | 'in-head' | 'after-head' | 'in-body';

/** Elements the "in head" insertion mode keeps in the head (§13.2.6.4.4). */
const HEAD_ELEMENTS = new Set(['base', 'basefont', 'bgsound', 'link', 'meta', 'noframes', 'script', 'style', 'template', 'title', 'noscript']);
/** Elements that, after `</head>`, are still put into the head (§13.2.6.4.6); `noscript` is not. */
const AFTER_HEAD_ELEMENTS = new Set(['base', 'basefont', 'bgsound', 'link', 'meta', 'noframes', 'script', 'style', 'template', 'title']);
/** Elements whose content the tokenizer reads as text (it never reports tags inside them). */
const RAW_TEXT = new Set(['script', 'style', 'title', 'textarea', 'xmp']);

/** Offsets at which lines start; CR, LF and CRLF each end a line (as LSP counts them). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    } else if (c === 10) {
      starts.push(i + 1);
    }
  }
  return starts;
}

function int(n: number): number {
  return Number.isFinite(n) ? Math.max(0, Math.floor(n)) : 0;
}

/** `positionAt` and `offsetAt` over a line-start table, clamped as LSP clients expect. */
function positions(text: string): Pick<HtmlPage, 'positionAt' | 'offsetAt'> {
  const starts = lineStarts(text);
  /** End of line `line`'s content, before its end-of-line characters. */
  const contentEnd = (line: number): number => {
    if (line + 1 >= starts.length) return text.length;
    let end = starts[line + 1];
    if (text.charCodeAt(end - 1) === 10) end--;
    if (end > starts[line] && text.charCodeAt(end - 1) === 13) end--;
    return end;
  };
  return {
    positionAt(offset: number): Position {
      const o = Math.min(int(offset), text.length);
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if (starts[mid] <= o) lo = mid;
        else hi = mid - 1;
      }
      return { line: lo, character: o - starts[lo] };
    },
    offsetAt(position: Position): number {
      const line = int(position.line);
      if (line >= starts.length) return text.length;
      return Math.min(starts[line] + int(position.character), contentEnd(line));
    },
  };
}

/** The usage after `the-acap:allow-` / `the-acap:disallow-` in a class word (Part 2 §3). */
function classUsage(word: Word, prefixLength: number): HtmlUsage | undefined {
  const start = word.span.start + prefixLength;
  const rest = word.text.slice(prefixLength);
  if (rest.length === 0) return undefined;
  if (rest.startsWith('(')) {
    const inner = rest.endsWith(')') ? rest.slice(1, -1) : rest.slice(1);
    return { name: inner.toLowerCase(), local: true, span: { start, end: word.span.end } };
  }
  return { name: rest.toLowerCase(), local: false, span: { start, end: word.span.end } };
}

/** A class word that misspells the `the-acap:` prefix of a permission (`the-acap-allow-index`). */
export function isNearClassPrefix(lower: string): boolean {
  return /^(?:the[-_.]?acap|acap)[-_:.]+(?:dis)?allow/.test(lower) && !lower.startsWith(CLASS_PREFIX);
}

/** Parse an HTML page into the robots-related model. Never throws. */
export function parseHtml(uri: string, text: string): HtmlPage {
  const metas: MetaTag[] = [];
  const classes: ClassPermission[] = [];
  const strayClasses: Word[] = [];
  const ids: Word[] = [];
  const classWords: Word[] = [];
  const classValues: Word[] = [];
  let head: OffsetSpan | undefined;

  let mode: Mode = 'before-head';
  let raw: string | undefined;
  let tagName = '';
  let tagStart = 0;
  let attrs: Attr[] = [];
  let pending: { name: string; nameSpan: OffsetSpan; start: number; end: number } | undefined;

  const firstAttr = (name: string): Attr | undefined => attrs.find((a) => a.name === name);
  const word = (span: OffsetSpan): Word => ({ text: text.slice(span.start, span.end), span });

  const finishTag = (end: number, selfClosing: boolean): void => {
    const tag: OffsetSpan = { start: tagStart, end };
    // Where the parser puts this element (§13.2.6.4.2 - .6): `inHead` for META tags, the mode
    // after it for class attributes (`<body class>` and an element that implies the body are in it).
    let inHead = false;
    if (tagName === 'html') {
      // The root element changes nothing.
    } else if (tagName === 'head') {
      if (mode === 'before-head') {
        mode = 'in-head';
        head = tag;
      }
    } else if (tagName === 'body' || tagName === 'frameset') {
      mode = 'in-body';
    } else if (mode === 'before-head' || mode === 'in-head') {
      if (HEAD_ELEMENTS.has(tagName)) {
        mode = 'in-head';
        inHead = true;
      } else {
        mode = 'in-body';
      }
    } else if (mode === 'after-head') {
      if (AFTER_HEAD_ELEMENTS.has(tagName)) inHead = true;
      else mode = 'in-body';
    }

    if (tagName === 'meta') {
      const name = firstAttr('name');
      if (name) {
        const content = firstAttr('content');
        const contentWord = content ? word(content.value) : undefined;
        const nameWord = word(name.value);
        metas.push({
          name: nameWord,
          nameLower: nameWord.text.toLowerCase(),
          content: contentWord,
          meaning: contentWord ? parseMetaContent(contentWord) : { kind: 'other' },
          tag,
          inHead,
          spelling: {
            tagName: text.slice(tagStart + 1, tagStart + 1 + tagName.length),
            nameAttr: text.slice(name.nameSpan.start, name.nameSpan.end),
            contentAttr: content ? text.slice(content.nameSpan.start, content.nameSpan.end) : 'content',
            selfClosing,
          },
        });
      }
    }
    const id = firstAttr('id');
    if (id && id.value.end > id.value.start) ids.push(word(id.value));
    const cls = firstAttr('class');
    if (cls) {
      classValues.push(word(cls.value));
      const inBody = mode === 'in-body';
      for (const w of wordsIn(text, cls.value.start, cls.value.end)) {
        classWords.push(w);
        const lower = w.text.toLowerCase();
        // Part 2 §3: the literal prefixes are case-insensitive, as ABNF strings are (RFC 2234 §2.3).
        if (lower.startsWith(CLASS_ALLOW_PREFIX)) {
          classes.push({ allow: true, usage: classUsage(w, CLASS_ALLOW_PREFIX.length), word: w, element: tagName, tag, inBody });
        } else if (lower.startsWith(CLASS_DISALLOW_PREFIX)) {
          classes.push({ allow: false, usage: classUsage(w, CLASS_DISALLOW_PREFIX.length), word: w, element: tagName, tag, inBody });
        } else if (lower.startsWith(CLASS_PREFIX) || isNearClassPrefix(lower)) {
          strayClasses.push(w);
        }
      }
    }
    if (RAW_TEXT.has(tagName) && !selfClosing) raw = tagName;
  };

  const tokenizer = new Tokenizer({ decodeEntities: false }, {
    onopentagname(start, end) {
      tagName = text.slice(start, end).toLowerCase();
      tagStart = start - 1;
      attrs = [];
      pending = undefined;
    },
    onattribname(start, end) {
      pending = { name: text.slice(start, end).toLowerCase(), nameSpan: { start, end }, start: -1, end: -1 };
    },
    onattribdata(start, end) {
      if (!pending) return;
      if (pending.start < 0) pending.start = start;
      pending.end = end;
    },
    onattribend(quote) {
      if (!pending) return;
      const p = pending;
      const value = quote === QuoteType.NoValue || p.start < 0 ? { start: p.nameSpan.end, end: p.nameSpan.end } : { start: p.start, end: p.end };
      attrs.push({ name: p.name, nameSpan: p.nameSpan, value });
      pending = undefined;
    },
    onopentagend(end) {
      finishTag(end + 1, false);
    },
    onselfclosingtag(end) {
      finishTag(end + 1, true);
    },
    onclosetag(start, end) {
      const name = text.slice(start, end).toLowerCase();
      if (raw === name) raw = undefined;
      // §13.2.6.4.4: `</head>` ends the head; `</body>` or `</html>` before the body imply it.
      if (name === 'head' && (mode === 'in-head' || mode === 'before-head')) mode = 'after-head';
      else if ((name === 'body' || name === 'html') && mode !== 'in-body') mode = 'in-body';
    },
    ontext(start, end) {
      if (raw !== undefined || mode === 'in-body') return;
      // Text other than whitespace (or a byte-order mark) starts the body (§13.2.6.4.4 "anything else").
      for (let i = start; i < end; i++) {
        const c = text.charCodeAt(i);
        if (!isHtmlSpace(c) && c !== 0xfeff) {
          mode = 'in-body';
          return;
        }
      }
    },
    oncomment() { /* comments hide what they contain */ },
    oncdata() { /* CDATA sections (foreign content) */ },
    ondeclaration() { /* <!DOCTYPE …> */ },
    onprocessinginstruction() { /* <?xml …?> */ },
    onattribentity() { /* entities are not decoded: values keep their raw offsets */ },
    ontextentity() { /* idem */ },
    onend() { /* nothing pending matters: an unfinished tag is not a tag */ },
  });
  try {
    tokenizer.write(text);
    tokenizer.end();
  } catch {
    // The tokenizer is total over strings; should it ever throw, keep what was found so far.
  }

  return { uri, text, metas, classes, strayClasses, ids, classWords, classValues, head, ...positions(text) };
}
