/**
 * RSL licence files (syntax/rsl.ts says what the product is sure of in RSL 1.0 and what it
 * reads): well-formed XML, the root <rsl> in its namespace, each <content>'s url pattern and
 * <license>, the usage tokens of <permits>/<prohibits type="usage">. Its problems become findings
 * of the typed codes, which the pipeline (validation.ts) caps and converts. O(n) in the text.
 */
import type { DiagnosticCode } from '../../facts/codes';
import { parseRsl, RSL_NAMESPACE } from '../../syntax/rsl';
import type { Topic } from '../rule';
import type { OffsetFinding } from './tdmrep';

/** Whether `text` looks like an RSL licence (its namespace appears in the first 4 KiB). */
export function isRslText(text: string): boolean {
  return text.slice(0, 4096).includes(RSL_NAMESPACE);
}

/** The findings of an RSL licence file. */
export function rslFindings(text: string): OffsetFinding[] {
  return parseRsl(text).problems.map((p) => ({ ...p, code: p.code as DiagnosticCode }));
}

export const topic: Topic = {
  topic: 'RSL',
  rules: [
    { codes: ['rsl.invalid-xml', 'rsl.wrong-namespace', 'rsl.missing-content-url', 'rsl.invalid-content-url', 'rsl.missing-license', 'rsl.unknown-usage'], stage: 'file', check: rslFindings },
  ],
};
