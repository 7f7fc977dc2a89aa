/** A document with ACAP-ignore-conventional-records toggled, for the tests of reading a file as if it had it. */
import { getModel, updateDocument, type RobotsDocument } from '../../../server/src/service';
import { leastOf } from '../../../server/src/service/syntax/numbers';

const IGNORE = 'ACAP-ignore-conventional-records';

/**
 * The same document with ACAP-ignore-conventional-records added (before the first ACAP line) or
 * removed: what the conversions' verification once read, kept as the reference the tests compare
 * explain's ReadAs with (the verification reads the same document instead).
 */
export function toggleIgnore(doc: RobotsDocument): RobotsDocument {
  const model = getModel(doc);
  if (model.ignoreConventional.length) {
    const changes = [...model.ignoreConventional].reverse().map((i) => ({ range: { start: { line: i, character: 0 }, end: { line: i + 1, character: 0 } }, text: '' }));
    return updateDocument(doc, changes, doc.version + 1);
  }
  const first = leastOf(model.records.map((r) => r.startLine), leastOf(model.definitions.map((d) => d.line), doc.lines.length));
  const eol = doc.lines.find((l) => l.eol)?.eol ?? '\n';
  const last = doc.lines.length - 1;
  const change = first < doc.lines.length
    ? { range: { start: { line: first, character: 0 }, end: { line: first, character: 0 } }, text: IGNORE + eol }
    : { range: { start: { line: last, character: doc.lines[last].text.length }, end: { line: last, character: doc.lines[last].text.length } }, text: (doc.lines[last].text ? eol : '') + IGNORE + eol };
  return updateDocument(doc, [change], doc.version + 1);
}
