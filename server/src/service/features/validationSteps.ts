/**
 * doValidation in steps (issue 12 point 2), for a host that must stay responsive while a large
 * file is validated: every line's own checks run first, LINES_PER_STEP lines a step (they are
 * cached on the line nodes, so doValidation then only reads them back), then the rest of the
 * validation runs in one last step: the checks between lines and the caps. A file just opened
 * has its line stage made in those steps whole (freshLineFindingsSteps: the model first, then
 * each line checked and its findings placed in one pass), which doValidation then reads back. The
 * result is doValidation's, exactly.
 *
 * Cost: O(lines) in steps of LINES_PER_STEP lines (after an edit, O(edited lines)) (a line already checked costs one cache
 * look-up), then doValidation's own cost with its line checks done. On a 5 MB file the last step
 * is about a third of the whole.
 */
import type { Diagnostic } from 'vscode-languageserver-types';
import { lineAt, lineCount, type DocumentEdit, type RobotsDocument } from '../syntax/document';
import { checkLine } from '../checks/checkLine';
import { settleChain } from '../model/model';
import { doValidation, freshLineFindingsSteps, wasValidated, type ValidationSettings } from '../checks/validation';
import type { Steps } from '../syntax/steps';

/** Lines checked between two pauses: a few milliseconds of work. */
export const LINES_PER_STEP = 2000;

export function* doValidationSteps(doc: RobotsDocument, settings: ValidationSettings = {}): Steps<Diagnostic[]> {
  // After an edit of a validated version only the edited lines are new nodes (every other line
  // was checked with that version): O(edited lines), and the lines array is not made. Through a
  // chain of versions never validated (DocumentEdit), the region of each, in its own version, as
  // validation will read them (settleChain decides first).
  settleChain(doc);
  if (!doc.edit) {
    // Just opened (or validated and asked again, which costs nothing here): the line stage in
    // steps, one pass over the lines. Checking every line first, then placing its findings in a
    // second pass, the first validation of the largest real file in a cold process took 43-48 ms,
    // and 40-46 ms so (five processes each, alternating).
    yield* freshLineFindingsSteps(doc, LINES_PER_STEP);
    yield;
    return doValidation(doc, settings);
  }
  const regions: { readonly doc: RobotsDocument; readonly from: number; readonly to: number }[] = [];
  for (let d: RobotsDocument | undefined = doc; d;) {
    const edit: DocumentEdit | undefined = d.edit;
    if (!edit) {
      // Never edited, or validated and asked again: every line of it (a line checked already
      // costs a look-up).
      regions.push({ doc: d, from: 0, to: lineCount(d) });
      break;
    }
    regions.push({ doc: d, from: edit.from, to: edit.newEnd });
    d = wasValidated(edit.previous) ? undefined : edit.previous;
  }
  let checked = 0;
  for (const { doc: d, from, to } of regions) {
    for (let i = from; i < to; i++) {
      checkLine(lineAt(d, i));
      if (++checked % LINES_PER_STEP === 0) yield;
    }
  }
  yield;
  return doValidation(doc, settings);
}
