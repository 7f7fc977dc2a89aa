/**
 * Quick fixes, dispatched by the diagnostic's code through the rules' table (checks/registry.ts):
 * each fix lives beside the rule that reports its code. A code without a fix of its own whose
 * diagnostic carries the text that should replace its range (a did-you-mean...) gets the edit of
 * exactly that range. Titles say what the fix does.
 */
import type { CodeAction, Diagnostic, Range } from 'vscode-languageserver-types';
import { crossVocabularyActions } from './aiActions';
import type { RobotsDocument } from '../syntax/document';
import type { DiagnosticCode } from '../facts/codes';
import { SOURCE } from '../checks/validation';
import { FIXES } from '../checks/registry';
import { replaceWith } from '../checks/rule';

/** The fix of a code that has none of its own: its replacement, if it carries one. */
const REPLACE = replaceWith();

function rangeContains(outer: Range, inner: Range): boolean {
  const before = (a: Range['start'], b: Range['start']): boolean => a.line < b.line || (a.line === b.line && a.character <= b.character);
  return before(outer.start, inner.end) && before(inner.start, outer.end);
}

/** Code actions for `range`, from the diagnostics the client sends back (`context.diagnostics`). */
export function getCodeActions(doc: RobotsDocument, range: Range, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const actions: CodeAction[] = [];
  for (const d of diagnostics) {
    if (d.source !== SOURCE || !rangeContains(d.range, range) && !rangeContains(range, d.range)) continue;
    // The document may have changed since the diagnostic: only fix a line that still exists.
    if (d.range.start.line >= doc.lines.length) continue;
    const fix = FIXES.get(String(d.code) as DiagnosticCode)?.fix ?? REPLACE;
    for (const a of fix(doc, d)) actions.push(a);
  }
  // Cross-vocabulary rewrites (issue 14): not tied to a diagnostic, offered where the cursor is.
  // One by one: 160,000 lines in the range passed the engine's argument limit as a spread.
  for (const a of crossVocabularyActions(doc, range)) actions.push(a);
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
