/** A problem found in one line, before severity settings turn it into an LSP Diagnostic. */
import type { DiagnosticCode } from '../facts/codes';
import type { Span } from './syntax';

export interface RelatedLine {
  readonly line: number;
  readonly span: Span;
  readonly message: string;
}

export interface Finding {
  readonly code: DiagnosticCode;
  /** Line-relative range. */
  readonly span: Span;
  readonly message: string;
  /** The text that should replace `span`, when the fix is evident (did-you-mean, missing colon). */
  readonly replacement?: string;
  readonly related?: readonly RelatedLine[];
}

/** A finding placed on a line of the document (cross-line checks produce these directly). */
export interface LocatedFinding extends Finding {
  readonly line: number;
}

/**
 * Findings in line order, each made when read: a check with thousands of findings of one code
 * (repeated rules) lets a validation that shows only the first few read those and count the
 * rest. Read it before the next version is analysed: it answers from its check's current state.
 */
export interface FindingRun {
  readonly length: number;
  at(k: number): LocatedFinding;
}

/** Findings in place order: by line, then by where in the line. */
export function byPlace(a: LocatedFinding, b: LocatedFinding): number {
  return a.line - b.line || a.span.start - b.span.start;
}

/** A check's findings of one code, as runs that follow each other in line order. */
export interface CodeRuns {
  readonly code: DiagnosticCode;
  readonly runs: readonly FindingRun[];
}
