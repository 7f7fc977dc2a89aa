/**
 * What the engine keeps per URI, between versions, to patch the next version's indexes instead of
 * building them again: Google's sections and the conventional groups' rule indexes (which hold the
 * last version, and so its text), where the crawler tokens first occur among the User-agent values, the `License:` lines, the compiled ACAP records, and the crawler names and usages of the hover's table. Everything else is kept per version and goes with it. An editor that closes
 * a document calls forgetDocument, so that a closed file's text does not outlive it (issue 12:
 * memory returns to its baseline after documents close).
 */
import { forgetCompiledRecords, forgetRecordIndex } from './acapRules';
import { forgetLicenseLines } from './aiUse';
import { forgetGoogleSections } from './google';
import { forgetGroupEntries } from './conventional';
import { forgetMatrixAnswers } from './matrix';

/** Forget the state kept for `uri` between its versions. O(1). */
export function forgetDocument(uri: string): void {
  forgetGoogleSections(uri);
  forgetGroupEntries(uri);
  forgetLicenseLines(uri);
  forgetCompiledRecords(uri);
  forgetRecordIndex(uri);
  forgetMatrixAnswers(uri);
}
