/**
 * The model of the robots-related parts of an HTML page (ACAP Part 2): its META tags in the head
 * and its `class` attributes in the body, with every value's offsets in the page, and the typed
 * meaning of each META `content` and each `the-acap:` class value.
 *
 * Offsets are UTF-16 offsets into the page text; `HtmlPage.positionAt` turns them into LSP
 * positions.
 */
import type { Position } from 'vscode-languageserver-types';

/** A half-open range [start, end) of UTF-16 offsets in the page. */
export interface OffsetSpan {
  readonly start: number;
  readonly end: number;
}

/** One word of a META `content` value or of a class attribute, as written. */
export interface Word {
  readonly text: string;
  readonly span: OffsetSpan;
}

/** A usage named in META or class (Part 2 §3: `allow-` / `disallow-` + usage; classes may name a `(local)` usage). */
export interface HtmlUsage {
  /** Lower-cased usage name without parentheses, e.g. `present-snippet`. */
  readonly name: string;
  readonly local: boolean;
  readonly span: OffsetSpan;
}

export interface HtmlQualifier {
  /** Lower-cased qualifier name. */
  readonly name: string;
  /** The value as written, or undefined when there was no `=`. */
  readonly value: string | undefined;
  readonly span: OffsetSpan;
  readonly nameSpan: OffsetSpan;
  readonly valueSpan: OffsetSpan | undefined;
}

/** The meaning of one META `content` value. */
export type MetaContent =
  /** `ACAP version 1.1` (Part 2 §2.2.7). `stray`: words after the version number. */
  | { readonly kind: 'acap-version'; readonly version: Word | undefined; readonly stray?: readonly Word[] }
  /** `ACAP [purpose] allow-|disallow-usage [qualifiers]` (Part 2 §2.2.3, §2.2.4, §3). */
  | {
      readonly kind: 'acap-permission';
      readonly allow: boolean;
      readonly purpose: Word | undefined;
      readonly usage: HtmlUsage | undefined;
      readonly qualifiers: readonly HtmlQualifier[];
      /** `the-acap:idlist:|classlist:|taglist:` element sets (Part 2 §3 element-set), if any. */
      readonly elementSets: readonly Word[];
      /** Words that fit nowhere. */
      readonly stray: readonly Word[];
    }
  /** Conventional robots META values: `noindex, nofollow`, `max-snippet:50`... (comma or space separated). */
  | { readonly kind: 'conventional'; readonly values: readonly Word[] }
  /**
   * Anything else (e.g. `ACAP` with nothing after it, or a misspelt `ACAP`). `reason` says which
   * (`acap-alone`: the token and nothing else; `misspelt-acap`: `ACAP:`, `Acap-allow-index`...;
   * `no-permission`: `ACAP` followed by words that are neither `version` nor `allow-`/`disallow-`),
   * and `words` are the content's whitespace-separated words, for diagnostics and fixes.
   */
  | { readonly kind: 'other'; readonly reason?: OtherReason; readonly words?: readonly Word[] };

export type OtherReason = 'acap-alone' | 'misspelt-acap' | 'no-permission';

/** A `<meta>` element with a `name` attribute. */
export interface MetaTag {
  /** The `name` attribute value as written, and lower-cased. */
  readonly name: Word;
  readonly nameLower: string;
  /** The `content` attribute value (undefined when the attribute is missing). */
  readonly content: Word | undefined;
  readonly meaning: MetaContent;
  /** The whole tag `<meta ...>`. */
  readonly tag: OffsetSpan;
  /**
   * How the tag was written, so a suggested companion tag can match it (`<META NAME=… CONTENT=…>`):
   * the tag name and the `name`/`content` attribute names as written, and whether it ended `/>`.
   */
  readonly spelling?: { readonly tagName: string; readonly nameAttr: string; readonly contentAttr: string; readonly selfClosing: boolean };
  /** Inside `<head>` (Part 2 §2.2: META tags belong in the page header). */
  readonly inHead: boolean;
}

/** One `the-acap:allow-…` / `the-acap:disallow-…` class value (Part 2 §2.2.5, §3). */
export interface ClassPermission {
  readonly allow: boolean;
  readonly usage: HtmlUsage | undefined;
  readonly word: Word;
  /** The element's tag name, lower-cased. */
  readonly element: string;
  /** The element's opening tag. */
  readonly tag: OffsetSpan;
  readonly inBody: boolean;
}

export interface HtmlPage {
  readonly uri: string;
  readonly text: string;
  readonly metas: readonly MetaTag[];
  readonly classes: readonly ClassPermission[];
  /**
   * Class words starting with `the-acap:` that are not a permission or prohibition, and near
   * misses of the prefix that name one (`the-acap-allow-index`, `acap:allow-index`).
   */
  readonly strayClasses: readonly Word[];
  /** Every `id` attribute value (`the-acap:extract:id:NAME` names one, Part 1 §2.5.3.2). */
  readonly ids?: readonly Word[];
  /** Every word of every `class` attribute (`the-acap:extract:class:NAME` names one). */
  readonly classWords?: readonly Word[];
  /** The explicit `<head …>` start tag, if the page has one (where a new META tag may go). */
  readonly head?: OffsetSpan;
  /** Every `class` attribute value (quotes excluded), for completion inside it. */
  readonly classValues?: readonly Word[];
  positionAt(offset: number): Position;
  offsetAt(position: Position): number;
}
