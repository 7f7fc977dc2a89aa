/**
 * doValidation in steps (issue 12 point 2), for a host that must stay responsive while a large
 * file is validated: every line's own checks run first, LINES_PER_STEP lines a step (they are
 * cached on the line nodes, so doValidation then only reads them back), then the rest of the
 * validation runs in one last step: the model (built once per version), the checks between
 * lines and the caps. The result is doValidation's, exactly.
 *
 * Cost: O(lines) in steps of LINES_PER_STEP lines (after an edit, O(edited lines)) (a line already checked costs one cache
 * look-up), then doValidation's own cost with its line checks done. On a 5 MB file the last step
 * is about a third of the whole.
 */
import type { Diagnostic } from 'vscode-languageserver-types';
import { lineAt, lineCount, type RobotsDocument } from '../syntax/document';
import { checkLine } from '../checks/checkLine';
import { peekModel } from '../model/model';
import { doValidation, type ValidationSettings } from '../checks/validation';
import type { Steps } from '../syntax/steps';

/** Lines checked between two pauses: a few milliseconds of work. */
export const LINES_PER_STEP = 2000;

export function* doValidationSteps(doc: RobotsDocument, settings: ValidationSettings = {}): Steps<Diagnostic[]> {
  // After an edit of an analysed version only the edited lines are new nodes (every other line
  // was checked with that version): O(edited lines), and the lines array is not made.
  const edit = doc.edit && peekModel(doc.edit.previous) ? doc.edit : undefined;
  const from = edit ? edit.from : 0;
  const to = edit ? edit.newEnd : lineCount(doc);
  for (let i = from; i < to; i++) {
    checkLine(lineAt(doc, i));
    if ((i - from) % LINES_PER_STEP === LINES_PER_STEP - 1) yield;
  }
  yield;
  return doValidation(doc, settings);
}
