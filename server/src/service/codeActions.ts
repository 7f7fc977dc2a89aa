/**
 * Quick fixes for diagnostics whose fix is mechanical: the diagnostic carries the text that should
 * replace its range (a did-you-mean, a missing colon, hyphens for spaces, a trailing slash...),
 * so the fix is an edit of exactly that range. Titles say what the fix does.
 */
import { CodeActionKind, type CodeAction, type Diagnostic, type Range } from 'vscode-languageserver-types';
import type { RobotsDocument } from './document';
import { SOURCE, type DiagnosticData } from './validation';

/** What a fix does, by diagnostic code, when "Replace with …" would say less. */
const TITLES: Readonly<Record<string, (replacement: string) => string>> = {
  'rep.missing-colon': () => 'Add the missing colon',
  'acap.missing-colon': () => 'Add the missing colon',
  'acap.space-for-hyphen': (r) => `Write ‘${r}’ with hyphens`,
  'syntax.dash-lookalike': (r) => `Write ‘${r}’ with hyphens`,
  'syntax.fullwidth-colon': () => 'Use an ASCII colon',
  'syntax.bare-url': () => 'Make it a Sitemap line',
  'text.bom': () => 'Remove the byte-order mark',
  'text.mangled-bom': () => 'Remove the double-encoded byte-order mark',
  'acap.directory-without-slash': (r) => `End the directory with ‘/’: ‘${r}’`,
  'acap.ignore-conventional-value': () => 'Remove the colon and value',
  'acap.version-malformed': (r) => `Write ‘${r}’`,
  'acap.version-unknown': (r) => `Declare ACAP version ${r}`,
  'acap.invalid-name': (r) => (r === '' ? 'Remove the text after the parenthesis' : `Write ‘${r}’`),
};

function rangeContains(outer: Range, inner: Range): boolean {
  const before = (a: Range['start'], b: Range['start']): boolean => a.line < b.line || (a.line === b.line && a.character <= b.character);
  return before(outer.start, inner.end) && before(inner.start, outer.end);
}

/** Code actions for `range`, from the diagnostics the client sends back (`context.diagnostics`). */
export function getCodeActions(doc: RobotsDocument, range: Range, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const d of diagnostics) {
    if (d.source !== SOURCE || !rangeContains(d.range, range) && !rangeContains(range, d.range)) continue;
    const data = d.data as DiagnosticData | undefined;
    if (data?.replacement === undefined) continue;
    const line = doc.lines[d.range.start.line];
    // The document may have changed since the diagnostic: only fix a range that still exists.
    if (!line || d.range.end.character > line.text.length) continue;
    const code = String(d.code);
    const title = TITLES[code]?.(data.replacement) ?? (data.replacement === '' ? 'Remove it' : `Replace with ‘${data.replacement}’`);
    actions.push({
      title,
      kind: CodeActionKind.QuickFix,
      diagnostics: [d],
      isPreferred: true,
      edit: { changes: { [doc.uri]: [{ range: d.range, newText: data.replacement }] } },
    });
  }
  return actions;
}
