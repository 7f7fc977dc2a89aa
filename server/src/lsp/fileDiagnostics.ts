/**
 * The diagnostics both servers give a document without parsing it as robots.txt: one too large to
 * read, and the files beside the site's robots.txt (a TDMRep property file, an RSL licence).
 */
import type { Diagnostic } from 'vscode-languageserver';
import { doRslValidation, doTdmrepValidation, isRslText, severityOf, SOURCE } from '../service';
import { MAX_DOCUMENT_CHARS, type SideLanguage } from './documentStore';
import type { ServerSettings } from './settings';

/** The one diagnostic of a document too large to parse. */
export function degradedDiagnostic(size: number, s: ServerSettings): Diagnostic[] {
  const severity = severityOf('text.too-large', s);
  if (severity === undefined) return [];
  return [{
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity, source: SOURCE, code: 'text.too-large',
    message: `This file has ${size.toLocaleString('en')} characters, more than the ${MAX_DOCUMENT_CHARS.toLocaleString('en')} the language server reads: it is shown with colouring only, without diagnostics, hovers or completion. Crawlers read at most 500 KiB (RFC 9309 §2.5); split the file or shorten it.`,
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
