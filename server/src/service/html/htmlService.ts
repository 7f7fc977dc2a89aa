/**
 * The HTML side of the language service (ACAP Part 2), as the server uses it: diagnostics
 * (validateHtml, and pageNotices that combine the page with the site's robots.txt), hover,
 * completion and quick fixes.
 */
import { CodeActionKind, DiagnosticSeverity, type CodeAction, type Diagnostic, type Range } from 'vscode-languageserver-types';
import type { RobotsDocument } from '../syntax/document';
import { explain } from '../engine/permissions';
import type { WorkspaceContext } from '../syntax/workspace';
import type { Profile } from '../engine/conventional';
import { severityOf, SOURCE, type ValidationSettings } from '../checks/validation';
import type { HtmlPage, MetaTag } from './types';

export { parseHtml } from './scan';
export { validateHtml } from './htmlValidation';
export { doHtmlHover, pageTable, type HtmlHoverContext } from './htmlHover';
export { doHtmlComplete } from './htmlCompletion';
export { explainPage, type PageExplanation, type PageQuery } from './pagePermissions';
import type { PageExplanation } from './pagePermissions';

/** A page's answer as a few lines of text (the CLI's output, the editor's details). */
export function formatPageExplanation(e: PageExplanation): string {
  const out = [`${e.agent} ${e.allowed ? 'may' : 'may not'} ${e.usage} ${e.path}  (robots.txt and the page's META tags)`];
  if (e.qualifiers.length) out.push(`  with: ${e.qualifiers.join(' ')}`);
  // One line may decide both the usage and crawl: name it once.
  for (const d of new Map(e.decidedBy.map((x) => [`${x.file}:${x.line}`, x])).values()) out.push(`  ${d.file} line ${d.line}: ${d.text}`);
  out.push(`  ${e.decision.summary}`);
  if (e.crawl) out.push(`  ${e.crawl.summary}`);
  for (const n of e.notes) out.push(`  note: ${n}`);
  return out.join('\n') + '\n';
}

/**
 * A META tag addressed to crawlers that robots.txt forbids to crawl the page is never read
 * (interpretation §4): say so on the tag, with the deciding robots.txt line. robots.txt is read
 * under the settings' profile (decisions §1; default rfc9309), as the page's other answers are.
 */
export function pageNotices(page: HtmlPage, robots: RobotsDocument | undefined, path: string, settings: ValidationSettings & { readonly profile?: Profile } = {}, ctx: WorkspaceContext = {}): Diagnostic[] {
  const severity = severityOf('meta.never-read', settings);
  if (!robots || severity === undefined) return [];
  const out: Diagnostic[] = [];
  for (const meta of page.metas) {
    const m = meta.meaning;
    if (m.kind === 'other' || !meta.content) continue;
    const agent = meta.nameLower === 'robots' ? '*' : meta.name.text;
    const e = explain(robots, { agent, path, ...(settings.profile ? { profile: settings.profile } : {}) }, ctx);
    if (e.allowed) continue;
    const line = e.decidedBy[0];
    const who = agent === '*' ? 'crawlers without a group of their own' : agent;
    out.push({
      range: { start: page.positionAt(meta.name.span.start), end: page.positionAt(meta.name.span.end) },
      severity: severity as DiagnosticSeverity,
      code: 'meta.never-read',
      source: SOURCE,
      message: `robots.txt forbids ${who} to crawl ${path}${line ? ` (robots.txt line ${line.line}: ${line.text})` : ''}, so ${agent === '*' ? 'they' : 'it'} never read${agent === '*' ? '' : 's'} this tag (Part 2 §2.2.8; interpretation §4).`,
      ...(line ? { relatedInformation: [{ location: { uri: robots.uri, range: { start: { line: line.line - 1, character: 0 }, end: { line: line.line - 1, character: line.text.length } } }, message: 'the deciding robots.txt line' }] } : {}),
    });
  }
  return out;
}

interface HtmlDiagnosticData {
  readonly replacement?: string;
  /** A META tag to add after the one the diagnostic is on (its ACAP equivalent, `ACAP version 1.1`...). */
  readonly addMeta?: string;
}

/**
 * The first META tag whose `<meta …>` holds `offset` (either end included), by a binary search:
 * page.metas is in page order and tags do not overlap (the scanner makes them one after another),
 * so their ends ascend too and the first tag ending at or after `offset` is the only candidate.
 * O(log M) in META tags.
 */
function metaAt(page: HtmlPage, offset: number): MetaTag | undefined {
  const metas = page.metas;
  let lo = 0;
  let hi = metas.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (metas[mid].tag.end < offset) lo = mid + 1;
    else hi = mid;
  }
  const meta = metas[lo];
  return meta !== undefined && meta.tag.start <= offset ? meta : undefined;
}

/**
 * Quick fixes for a page: replace a value (a misspelt usage...), or add a META tag after this one.
 * Cost: O(D · log M) for D diagnostics among M META tags (each finds its tag by metaAt; searching
 * the tags from the first made 48,000 diagnostics of 32,000 tags take 3 s, 150,000 of 100,000 77 s).
 */
export function getHtmlCodeActions(page: HtmlPage, range: Range, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const d of diagnostics) {
    if (d.source !== SOURCE) continue;
    if (d.range.end.line < range.start.line || d.range.start.line > range.end.line) continue;
    const data = d.data as HtmlDiagnosticData | undefined;
    if (data?.replacement !== undefined) {
      actions.push({
        title: data.replacement === '' ? 'Remove it' : `Replace with ‘${data.replacement}’`,
        kind: CodeActionKind.QuickFix, diagnostics: [d], isPreferred: true,
        edit: { changes: { [page.uri]: [{ range: d.range, newText: data.replacement }] } },
      });
    }
    if (data?.addMeta !== undefined) {
      const at = page.offsetAt(d.range.start);
      const meta = metaAt(page, at);
      // Without a tag to follow (a page-level diagnostic), the new tag goes after the first META.
      const after = meta ?? page.metas[0];
      if (!after) continue;
      const end = page.positionAt(after.tag.end);
      const lineStart = page.offsetAt({ line: page.positionAt(after.tag.start).line, character: 0 });
      const indent = /^[ \t]*/.exec(page.text.slice(lineStart, after.tag.start))?.[0] ?? '';
      actions.push({
        title: `Add ${data.addMeta}`,
        kind: CodeActionKind.QuickFix, diagnostics: [d],
        edit: { changes: { [page.uri]: [{ range: { start: end, end }, newText: `\n${indent}${data.addMeta}` }] } },
      });
    }
  }
  return actions;
}
