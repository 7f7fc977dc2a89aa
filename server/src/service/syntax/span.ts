/**
 * The shapes a lexed line is made of: spans, separators and the field syntax. Kept apart from the
 * lexer so that `directives.ts` (which reads a field's value) and `syntax.ts` (which lexes the
 * line and calls it) depend on these types, not on each other.
 */
import type { FieldFact } from '../facts/facts';

export type Eol = '' | '\n' | '\r\n' | '\r';

/** A half-open range [start, end) of UTF-16 offsets within one line. */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/** Spans with both ends below these bounds are shared (see `span`). */
const SHARED_START = 32;
const SHARED_END = 512;
const sharedSpans: (Span | undefined)[] = [];

/**
 * The span [start, end), frozen. Spans of the common shapes (a field name at the start of the
 * line, a value starting before column 32 and ending before column 512) are shared by every
 * line that has them: a file of 47,000 `Allow:` lines then holds a few hundred span objects
 * instead of 94,000. Nothing may tell two equal spans apart by identity. O(1); at most 32 × 512
 * = 16,384 shared spans (about 0.7 MB, and at most two rule directives each), kept for the life
 * of the process.
 */
export function span(start: number, end: number): Span {
  if (start >= SHARED_START || end >= SHARED_END || start < 0 || end < 0) return { start, end };
  const k = start * SHARED_END + end;
  let out = sharedSpans[k];
  if (!out) sharedSpans[k] = out = Object.freeze({ start, end });
  return out;
}

export type Separator = 'colon' | 'whitespace' | 'none';

/** How the field name was resolved to a known field, when it was not written exactly. */
export type NameRepair =
  | 'exact'
  /** `ACAP-allow preserve`: spaces where the specification has hyphens (Guide annex A.2.1). */
  | 'space-for-hyphen'
  /** `User—agent`: a typographic dash for a hyphen. */
  | 'dash-lookalike'
  /** `Content-Signals`: another spelling read as the field (FIELD_ALIASES). */
  | 'alias';

export interface FieldSyntax {
  /** The field name as written (span excludes surrounding whitespace). */
  readonly name: Span;
  readonly separator: Separator;
  /** Offset of the colon when `separator` is 'colon'. */
  readonly colon: number;
  /** The value, trimmed, before any comment (may be empty: start === end). */
  readonly value: Span;
  /** The resolved field, if the name (possibly repaired) is one the product knows. */
  readonly fact: FieldFact | undefined;
  /** For ACAP-allow-/-disallow-/-request-: the part after the prefix (`present-snippet`, `(x)`). */
  readonly suffix: Span | undefined;
  readonly repair: NameRepair;
}

export type LineKind = 'blank' | 'comment' | 'field';
