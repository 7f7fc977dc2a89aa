/**
 * Completion in HTML pages (Part 2 §2.2, §3): in a META `name`, `robots` and crawler names; in a
 * META `content`, `ACAP ` and the conventional values, then `allow-`/`disallow-`, usage types,
 * the qualifiers valid for the usage (META allows `location=`), and their values; in a `class`
 * value, `the-acap:allow-…` / `the-acap:disallow-…`. Items replace exactly the word being typed.
 */
import { CompletionItemKind, InsertTextFormat, type CompletionItem, type CompletionList, type Position } from 'vscode-languageserver-types';
import { CRAWLERS } from '../facts/crawlers';
import { factDoc, QUALIFIER_BY_NAME, qualifiersFor, USAGES } from '../facts/facts';
import { AI_VALUES, CONVENTIONAL_VALUES } from '../facts/htmlFacts';
import type { HtmlPage, OffsetSpan, Word } from './types';

/** The conventional values crawlers still read (`key:` for those that take a value), then the AI-era ones. */
const CONVENTIONAL_ENTRIES: readonly { label: string; kind: CompletionItemKind; doc?: string }[] = [
  ...CONVENTIONAL_VALUES.filter((v) => !v.retired).map((v) => ({ label: v.value ? `${v.name}:` : v.name, kind: CompletionItemKind.Value, doc: v.summary })),
  ...AI_VALUES.map((v) => ({ label: v, kind: CompletionItemKind.Value })),
];

function inside(span: OffsetSpan | undefined, offset: number): span is OffsetSpan {
  return span !== undefined && offset >= span.start && offset <= span.end;
}

/** The word being typed: from the last space (or comma) before the cursor to the cursor. */
function wordBefore(text: string, start: number, offset: number): { from: number; word: string } {
  let from = offset;
  while (from > start && !/[\s,]/.test(text[from - 1])) from--;
  return { from, word: text.slice(from, offset) };
}

function items(page: HtmlPage, from: number, to: number, entries: readonly { label: string; insert?: string; kind: CompletionItemKind; doc?: string; snippet?: boolean }[]): CompletionList {
  const range = { start: page.positionAt(from), end: page.positionAt(to) };
  return {
    isIncomplete: false,
    items: entries.map((e, i): CompletionItem => ({
      label: e.label,
      kind: e.kind,
      sortText: String(i).padStart(4, '0'),
      textEdit: { range, newText: e.insert ?? e.label },
      ...(e.snippet ? { insertTextFormat: InsertTextFormat.Snippet } : {}),
      ...(e.doc ? { documentation: { kind: 'markdown', value: e.doc } } : {}),
    })),
  };
}

function usageEntries(prefix: string): { label: string; kind: CompletionItemKind; doc: string }[] {
  return USAGES.map((u) => ({ label: `${prefix}${u.name}`, kind: CompletionItemKind.Function, doc: factDoc(u.summary, u.spec, u.readiness) }));
}

function contentCompletion(page: HtmlPage, content: Word, offset: number): CompletionList {
  const { from, word } = wordBefore(page.text, content.span.start, offset);
  const before = page.text.slice(content.span.start, from).trim();
  const words = before.split(/\s+/).filter(Boolean);
  const end = offset;
  if (words.length === 0) {
    return items(page, from, end, [
      { label: 'ACAP ', kind: CompletionItemKind.Keyword, doc: 'Starts an ACAP permission or prohibition (Part 2 §2.2.1).' },
      ...CONVENTIONAL_ENTRIES,
    ]);
  }
  if (words[0].toUpperCase() !== 'ACAP') return items(page, from, end, CONVENTIONAL_ENTRIES);
  const verb = words.slice(1).find((w) => /^(dis)?allow-/i.test(w));
  if (!verb) {
    if (/^(dis)?allow-/i.test(word) || words.length === 1) {
      return items(page, from, end, [
        ...usageEntries('allow-'), ...usageEntries('disallow-'),
        ...(words.length === 1 ? [{ label: 'version 1.1', kind: CompletionItemKind.Keyword, doc: 'Declares ACAP 1.1, needed when 1.1 features are used (Part 2 §2.2.7).' }] : []),
      ]);
    }
    return items(page, from, end, [...usageEntries('allow-'), ...usageEntries('disallow-')]);
  }
  if (/^disallow-/i.test(verb)) return items(page, from, end, []);
  const usage = verb.slice('allow-'.length).toLowerCase();
  const eq = word.indexOf('=');
  if (eq > 0) {
    const q = QUALIFIER_BY_NAME.get(word.slice(0, eq).toLowerCase());
    if (!q) return items(page, from, end, []);
    return items(page, from + eq + 1, end, q.values.map((v) => {
      const snippet = /^N-/.test(v) ? `\${1:10}${v.slice(1)}` : v === 'until-YYYY-MM-DD' ? 'until-${1:YYYY-MM-DD}' : undefined;
      return { label: v, insert: snippet ?? v, kind: CompletionItemKind.Value, snippet: snippet !== undefined };
    }));
  }
  const used = new Set(words.filter((w) => w.includes('=')).map((w) => w.slice(0, w.indexOf('=')).toLowerCase()));
  return items(page, from, end, qualifiersFor(usage, true)
    .filter((q) => q.repeatable || !used.has(q.name))
    .map((q) => ({ label: `${q.name}=`, kind: CompletionItemKind.Property, doc: q.summary })));
}

export function doHtmlComplete(page: HtmlPage, position: Position): CompletionList {
  const offset = page.offsetAt(position);
  for (const meta of page.metas) {
    if (inside(meta.name.span, offset)) {
      const { from } = wordBefore(page.text, meta.name.span.start, offset);
      return items(page, from, offset, [
        { label: 'robots', kind: CompletionItemKind.Value, doc: 'Addresses every crawler (Part 2 §2.2.1).' },
        ...CRAWLERS.map((c) => ({ label: c.token, kind: CompletionItemKind.Value, doc: `${c.operator}; ${c.purpose}` })),
      ]);
    }
    if (meta.content && inside(meta.content.span, offset)) return contentCompletion(page, meta.content, offset);
  }
  for (const value of page.classValues ?? []) {
    if (!inside(value.span, offset)) continue;
    const { from, word } = wordBefore(page.text, value.span.start, offset);
    if (!word.toLowerCase().startsWith('the-acap:') && !'the-acap:'.startsWith(word.toLowerCase())) return items(page, from, offset, []);
    return items(page, from, offset, [
      ...USAGES.map((u) => ({ label: `the-acap:allow-${u.name}`, kind: CompletionItemKind.Value, doc: `Permits ${u.name} of this element (Part 2 §2.2.5).` })),
      ...USAGES.map((u) => ({ label: `the-acap:disallow-${u.name}`, kind: CompletionItemKind.Value, doc: `Prohibits ${u.name} of this element (Part 2 §2.2.5).` })),
    ]);
  }
  return { isIncomplete: false, items: [] };
}
