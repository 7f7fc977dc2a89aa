/**
 * Quick fixes for diagnostics whose fix is mechanical: the diagnostic carries the text that should
 * replace its range (a did-you-mean, a missing colon, hyphens for spaces, a trailing slash...),
 * so the fix is an edit of exactly that range. Titles say what the fix does.
 */
import { CodeActionKind, type CodeAction, type Diagnostic, type Range, type TextEdit } from 'vscode-languageserver-types';
import { crossVocabularyActions } from './aiActions';
import { getModel } from '../model/model';
import type { RobotsDocument } from '../syntax/document';
import { SOURCE, type DiagnosticData } from '../checks/validation';
import { googleProductToken } from '../checks/checkLine';

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
  'acap.star-pattern-never-wins': (r) => `Start the pattern with ‘/’: ‘${r}’`,
  'acap.ignore-conventional-value': () => 'Remove the colon and value',
  'acap.version-malformed': (r) => `Write ‘${r}’`,
  'acap.version-unknown': (r) => `Declare ACAP version ${r}`,
  'acap.invalid-name': (r) => (r === '' ? 'Remove the text after the parenthesis' : `Write ‘${r}’`),
  'rep.invalid-product-token': (r) => `Write the product token ‘${r}’ (drop the version)`,
};

/** Products of a User-Agent string that are browsers' or engines', never a crawler's own token. */
const BROWSER_PRODUCTS = new Set(['mozilla', 'applewebkit', 'chrome', 'safari', 'gecko', 'khtml', 'version', 'mobile', 'firefox', 'edg', 'like']);

/**
 * The choices for a User-agent value that is not a product token and whose shortening would
 * address another crawler (`Mail.RU_Bot`, `The Intraformant`): Google's reading, and the crawlers
 * a whole User-Agent string names. None is preferred: which crawler the group is for is the
 * publisher's choice (RFC 9309 §2.2.1). Linear in the value's length.
 */
function productTokenChoices(doc: RobotsDocument, d: Diagnostic): CodeAction[] {
  const node = doc.lines[d.range.start.line];
  const value = node.text.slice(d.range.start.character, d.range.end.character);
  const out: CodeAction[] = [];
  const seen = new Set<string>();
  const offer = (token: string, title: string): void => {
    if (!token || seen.has(token.toLowerCase())) return;
    seen.add(token.toLowerCase());
    out.push(action(title, doc, d, [{ range: d.range, newText: token }], false));
  };
  // A whole User-Agent string: `… (compatible; Googlebot/2.1; +http://…)` names Googlebot.
  for (const m of value.matchAll(/(?:^|[\s;(])([A-Za-z][A-Za-z_-]*)\/\d/g)) {
    if (!BROWSER_PRODUCTS.has(m[1].toLowerCase())) offer(m[1], `Write ‘${m[1]}’, the crawler this User-Agent string names`);
  }
  const google = googleProductToken(value);
  if (!BROWSER_PRODUCTS.has(google.toLowerCase())) offer(google, `Write ‘${google}’ as Google reads it (another crawler's token)`);
  return out;
}

function rangeContains(outer: Range, inner: Range): boolean {
  const before = (a: Range['start'], b: Range['start']): boolean => a.line < b.line || (a.line === b.line && a.character <= b.character);
  return before(outer.start, inner.end) && before(inner.start, outer.end);
}

function lineRange(doc: RobotsDocument, line: number): Range {
  // The whole line with its end-of-line, so removing it leaves no blank line behind.
  const last = doc.lines.length - 1;
  if (line < last) return { start: { line, character: 0 }, end: { line: line + 1, character: 0 } };
  // The last line has no end-of-line of its own: take the one before it.
  return line > 0
    ? { start: { line: line - 1, character: doc.lines[line - 1].text.length }, end: { line, character: doc.lines[line].text.length } }
    : { start: { line, character: 0 }, end: { line, character: doc.lines[line].text.length } };
}

function eolOf(doc: RobotsDocument): string {
  return doc.lines.find((l) => l.eol !== '')?.eol ?? '\n';
}

function action(title: string, doc: RobotsDocument, d: Diagnostic, edits: TextEdit[], preferred = true): CodeAction {
  return { title, kind: CodeActionKind.QuickFix, diagnostics: [d], isPreferred: preferred, edit: { changes: { [doc.uri]: edits } } };
}

/** Move line `from` to just before line `to` (an insertion and a deletion in one edit). */
function moveLine(doc: RobotsDocument, from: number, to: number): TextEdit[] {
  const text = doc.lines[from].text + eolOf(doc);
  return [{ range: { start: { line: to, character: 0 }, end: { line: to, character: 0 } }, newText: text }, { range: lineRange(doc, from), newText: '' }];
}

/** Fixes that need the document's structure, not only the diagnostic's own text. */
function structuralFixes(doc: RobotsDocument, d: Diagnostic): CodeAction[] {
  const model = getModel(doc);
  const line = d.range.start.line;
  const node = doc.lines[line];
  if (!node) return [];
  const eol = eolOf(doc);
  switch (String(d.code)) {
    case 'acap.definition-after-record': {
      const first = model.records[0]?.startLine;
      return first !== undefined && first < line ? [action('Move the definition above the first ACAP record', doc, d, moveLine(doc, line, first))] : [];
    }
    case 'acap.ignore-conventional-misplaced': {
      const firstAcap = Math.min(...model.definitions.map((x) => x.line), ...model.records.map((r) => r.startLine));
      return firstAcap < line ? [action('Move it above the ACAP definitions and records', doc, d, moveLine(doc, line, firstAcap))] : [];
    }
    case 'acap.version-missing':
      return [action('Add ‘##ACAP version=1.0’ at the start of the file', doc, d, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: `##ACAP version=1.0${eol}` }])];
    case 'acap.version-misplaced':
      return line > 0 ? [action('Move the version comment to the start of the file', doc, d, moveLine(doc, line, 0))] : [];
    case 'acap.qualifier-on-prohibition':
    case 'acap.qualifier-on-local-usage': {
      // The qualifiers and the whitespace before them.
      let start = d.range.start.character;
      while (start > 0 && /[ \t]/.test(node.text[start - 1])) start--;
      return [action('Remove the qualifiers', doc, d, [{ range: { start: { line, character: start }, end: d.range.end }, newText: '' }])];
    }
    case 'rep.duplicate-rule':
    case 'acap.duplicate-field':
    case 'rep.empty-allow':
      return [action('Remove this line', doc, d, [{ range: lineRange(doc, line), newText: '' }])];
    case 'rep.rule-outside-group':
    case 'rep.field-outside-group':
      return [action('Add ‘User-agent: *’ above', doc, d, [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: `User-agent: *${eol}` }], false)];
    case 'rep.invalid-product-token':
      return (d.data as DiagnosticData | undefined)?.replacement === undefined ? productTokenChoices(doc, d) : [];
    case 'acap.field-outside-record':
      return [action('Add ‘ACAP-crawler: *’ above', doc, d, [{ range: { start: { line, character: 0 }, end: { line, character: 0 } }, newText: `ACAP-crawler: *${eol}` }], false)];
    default:
      return [];
  }
}

/** Code actions for `range`, from the diagnostics the client sends back (`context.diagnostics`). */
export function getCodeActions(doc: RobotsDocument, range: Range, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const d of diagnostics) {
    if (d.source !== SOURCE || !rangeContains(d.range, range) && !rangeContains(range, d.range)) continue;
    if (d.range.start.line < doc.lines.length) actions.push(...structuralFixes(doc, d));
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
  // Cross-vocabulary rewrites (issue 14): not tied to a diagnostic, offered where the cursor is.
  actions.push(...crossVocabularyActions(doc, range));
  return onePreferred(actions);
}

/**
 * At most one action preferred, the first: VS Code applies a preferred fix without showing the
 * list only when it is the only one (auto-fix), so two would make neither automatic.
 */
export function onePreferred<T extends CodeAction>(actions: readonly T[]): T[] {
  let seen = false;
  return actions.map((a) => {
    if (!a.isPreferred) return a;
    if (!seen) {
      seen = true;
      return a;
    }
    return { ...a, isPreferred: false };
  });
}
