/**
 * The diagnostics both servers give a document without parsing it as robots.txt: one too large to
 * read, and the files beside the site's robots.txt (a TDMRep property file, an RSL licence).
 */
import type { Diagnostic } from 'vscode-languageserver';
import { doRslValidation, doTdmrepValidation, isRslText, MAX_DOCUMENT_LINES, severityOf, SOURCE } from '../service';
import { MAX_DOCUMENT_CHARS, type Oversize, type SideLanguage } from './documentStore';
import type { ServerSettings } from './settings';

/** The one diagnostic of a document too large to parse: the limit it passes, characters or lines. */
export function degradedDiagnostic(size: Oversize, s: ServerSettings): Diagnostic[] {
  const severity = severityOf('text.too-large', s);
  if (severity === undefined) return [];
  const past = size.characters > MAX_DOCUMENT_CHARS
    ? `${size.characters.toLocaleString('en')} characters, more than the ${MAX_DOCUMENT_CHARS.toLocaleString('en')}`
    : `${size.lines.toLocaleString('en')} lines, more than the ${MAX_DOCUMENT_LINES.toLocaleString('en')}`;
  return [{
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity, source: SOURCE, code: 'text.too-large',
    message: `This file has ${past} the language server reads: it is shown with colouring only, without diagnostics, hovers or completion. Crawlers read at most 500 KiB (RFC 9309 §2.5); split the file or shorten it.`,
  }];
}

/**
 * A TDMRep property file's diagnostics, or an RSL licence's (other XML gets none). Both validators
 * are linear, and past the size limit nothing is read.
 */
export function sideDiagnostics(side: { readonly language: SideLanguage; readonly text: string }, s: ServerSettings): Diagnostic[] {
  if (side.text.length > MAX_DOCUMENT_CHARS) return [];
  if (side.language === 'tdmrep') return doTdmrepValidation(side.text, s);
  return isRslText(side.text) ? doRslValidation(side.text, s) : [];
}
