/**
 * W3C TDMRep `/.well-known/tdmrep.json` files (TDMRep §3.3): their shape (an array of objects),
 * each rule's location pattern, tdm-reservation (0 or 1) and tdm-policy (a URL), members it does
 * not define, and rules that never apply because an earlier one matches every path. The reading
 * is syntax/tdmrep.ts's; this gives its problems as findings of the typed codes, which the
 * pipeline (validation.ts) caps and converts like any other. O(n) in the text.
 */
import type { DiagnosticCode } from '../../facts/codes';
import { parseTdmrep } from '../../syntax/tdmrep';
import type { Topic } from '../rule';

/** A finding in a file read as one text: offsets into it. */
export interface OffsetFinding {
  readonly code: DiagnosticCode;
  readonly start: number;
  readonly end: number;
  readonly message: string;
}

/** Whether `uri` names a TDMRep property file (`…/.well-known/tdmrep.json`). */
export function isTdmrepFile(uri: string): boolean {
  return /(^|\/)\.well-known\/tdmrep\.json$/i.test(uri);
}

/** The findings of a tdmrep.json text. */
export function tdmrepFindings(text: string): OffsetFinding[] {
  return parseTdmrep(text).problems.map((p) => ({ ...p, code: p.code as DiagnosticCode }));
}

export const topic: Topic = {
  topic: 'TDMRep',
  rules: [
    {
      codes: ['tdmrep.invalid-json', 'tdmrep.not-an-array', 'tdmrep.invalid-rule', 'tdmrep.missing-location', 'tdmrep.invalid-location', 'tdmrep.invalid-reservation', 'tdmrep.invalid-policy', 'tdmrep.policy-without-reservation', 'tdmrep.unknown-member', 'tdmrep.unreachable-rule'],
      stage: 'file', check: tdmrepFindings,
    },
  ],
};
