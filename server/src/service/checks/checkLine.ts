/**
 * The line stage of the pipeline: everything that can be said about one line from its text
 * alone, dispatched by what the line is to the checks of each topic (rules/). Results are cached
 * per LineNode; since an edit reuses every untouched LineNode, unchanged lines are never re-checked.
 * The order of the calls is the order of a line's findings at one place.
 */
import type { Directive } from '../syntax/directives';
import type { Finding } from '../syntax/findings';
import { LINE_MEMO, type LineNode } from '../syntax/syntax';
import { checkBom, checkCharacters, checkFieldName, checkUnknownField } from './rules/syntax';
import { checkGroupField, checkUserAgent } from './rules/groups';
import { checkRuleLine } from './rules/paths';
import { checkOtherField, requireValue } from './rules/fields';
import { checkContentSignal, checkContentUsage } from './rules/signals';
import { checkCrawlerName, checkPermissionsReference, checkRequest, checkUsagePurpose } from './rules/acapRecords';
import { checkPermission } from './rules/acapFields';
import { checkDefinition, checkIgnoreConventional, checkVersionComment } from './rules/acapDefinitions';

/** One shared answer for the many lines with nothing to say (no array per clean line). */
const NOTHING: readonly Finding[] = Object.freeze([]);

/** The line's own findings, computed once per line node (kept in its memo slot). O(line length) the first time, O(1) after. */
export function checkLine(line: LineNode): readonly Finding[] {
  let found = line[LINE_MEMO] as readonly Finding[] | undefined;
  if (!found) {
    scratch.length = 0;
    computeLineFindings(line, scratch);
    // A copy for the few lines with findings; the many clean lines share NOTHING.
    found = scratch.length ? scratch.slice() : NOTHING;
    (line as { [LINE_MEMO]?: unknown })[LINE_MEMO] = found;
  }
  return found;
}

/** One array reused for every line's findings while they are computed (no array per clean line). */
const scratch: Finding[] = [];

function computeLineFindings(line: LineNode, out: Finding[]): void {
  checkCharacters(line, out);
  checkBom(line, out);
  const d = line.directive;
  if (d.kind === 'acap-version') {
    checkVersionComment(line, out);
    return;
  }
  const f = line.field;
  if (!f) return;

  if (!f.fact) {
    checkUnknownField(line, out);
    return;
  }
  checkFieldName(line, out);
  if (f.fact.family === 'acap') {
    checkAcapDirective(line, d, out);
    return;
  }
  checkConventional(line, out);
}

/** An ACAP line, by its directive. */
function checkAcapDirective(line: LineNode, d: Directive, out: Finding[]): void {
  switch (d.kind) {
    case 'acap-crawler': return checkCrawlerName(line, out);
    case 'acap-reference': return checkPermissionsReference(line, out);
    case 'acap-purpose': return checkUsagePurpose(line, out);
    case 'acap-permission': return checkPermission(line, d, out);
    case 'acap-request': return checkRequest(line, d, out);
    case 'acap-qualified-usage':
    case 'acap-composite-usage':
    case 'acap-resource-set': return checkDefinition(line, d, out);
    case 'acap-ignore-conventional': return checkIgnoreConventional(line, out);
    default: return;
  }
}

/** A conventional line, by its field. */
function checkConventional(line: LineNode, out: Finding[]): void {
  const f = line.field;
  if (!f || !f.fact) return;
  const id = f.fact.id;
  // Rules (nearly every line of a large file) are read without a substring of their value.
  if (id === 'allow' || id === 'disallow') return checkRuleLine(line, out);
  const value = line.text.slice(f.value.start, f.value.end);
  switch (id) {
    case 'user-agent': return checkUserAgent(line, value, out);
    case 'sitemap':
    case 'crawl-delay':
    case 'host':
    case 'clean-param':
    case 'noindex':
    case 'license': return checkOtherField(line, id, value, out);
    case 'content-usage':
      if (requireValue(line, value, 'preferences such as train-ai=n', out)) checkContentUsage(line, f.value, out);
      return;
    case 'content-signal':
      if (requireValue(line, value, 'preferences such as search=yes, ai-train=no', out)) checkContentSignal(line, f.value, out);
      return;
    case 'robot-version':
      if (requireValue(line, value, 'a version such as 2.0.0', out)) checkGroupField(line, id, value, out);
      return;
    case 'visit-time':
      if (requireValue(line, value, 'two times, such as 0100-0645', out)) checkGroupField(line, id, value, out);
      return;
    case 'request-rate':
      if (requireValue(line, value, 'a rate such as 10/1m', out)) checkGroupField(line, id, value, out);
      return;
    default:
      return;
  }
}
