/** A problem found in a page, before severity settings turn it into an LSP Diagnostic. */
import type { DiagnosticCode } from '../facts/codes';
import type { MetaTag, OffsetSpan } from './types';

export interface HtmlFinding {
  readonly code: DiagnosticCode;
  readonly span: OffsetSpan;
  readonly message: string;
  /** The text that should replace `span`, when the fix is evident (did-you-mean, a hyphen...). */
  readonly replacement?: string;
  /** A META tag (or several, one per line) to add after the tag the finding is on. */
  readonly addMeta?: string;
  readonly related?: readonly { readonly span: OffsetSpan; readonly message: string }[];
}

export type Out = HtmlFinding[];

/** The crawler a META tag addresses, compared case-insensitively (`robots`: every crawler). */
export function addressee(meta: MetaTag): string {
  return meta.nameLower.trim();
}

/**
 * A META tag written like `meta` (same tag and attribute spelling, `/>` if it used one), addressed
 * to the same name, with `content`.
 */
export function companionTag(meta: MetaTag | undefined, name: string, content: string): string {
  const s = meta?.spelling ?? { tagName: 'meta', nameAttr: 'name', contentAttr: 'content', selfClosing: false };
  return `<${s.tagName} ${s.nameAttr}="${name}" ${s.contentAttr}="${content}"${s.selfClosing ? ' />' : '>'}`;
}
