/**
 * findDocumentLinks: Sitemap and License URLs, and ACAP-permissions-reference locators
 * (Part 1 §2.3.2). Nothing is fetched: a URL links to itself, and a locator links to whatever
 * the caller's `resolve` finds in the workspace (the server knows the workspace; the service
 * does not).
 */
import type { DocumentLink } from 'vscode-languageserver-types';
import type { RobotsDocument } from '../syntax/document';
import type { Span } from '../syntax/syntax';

/** An absolute http(s) URL with a host, and nothing after it: only such a value is a link. */
const HTTP_URL = /^https?:\/\/[^\s/?#]+[^\s]*$/i;

const TOOLTIP: Readonly<Record<string, string>> = {
  sitemap: 'Open the sitemap',
  license: 'Open the licence',
};

function link(line: number, span: Span, target: string, tooltip: string): DocumentLink {
  return { range: { start: { line, character: span.start }, end: { line, character: span.end } }, target, tooltip };
}

/**
 * Links of the document, in line order. `resolve` maps a permissions-reference locator (a path
 * relative to the site root, or a URI) to the URI of a file in the workspace, or to undefined.
 * A locator it cannot resolve that is itself an http(s) URL still links to that URL, like a
 * Sitemap; any other is left without a link.
 */
export function findDocumentLinks(doc: RobotsDocument, resolve?: (locator: string) => string | undefined): DocumentLink[] {
  const out: DocumentLink[] = [];
  const lines = doc.lines;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const f = line.field;
    if (!f?.fact) continue;
    const id = f.fact.id;
    const value = line.text.slice(f.value.start, f.value.end);
    if (id === 'sitemap' || id === 'license') {
      if (HTTP_URL.test(value)) out.push(link(i, f.value, value, TOOLTIP[id]));
    } else if (line.directive.kind === 'acap-reference') {
      const span = line.directive.locator;
      const locator = line.text.slice(span.start, span.end);
      if (!locator) continue;
      let target: string | undefined;
      try {
        target = resolve?.(locator);
      } catch {
        // A failing resolver costs this one link, never the others.
        target = undefined;
      }
      if (target) out.push(link(i, span, target, 'Open the referenced ACAP permissions'));
      else if (HTTP_URL.test(locator)) out.push(link(i, span, locator, 'Open the referenced ACAP permissions (not in the workspace)'));
    }
  }
  return out;
}
