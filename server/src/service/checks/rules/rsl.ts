/**
 * doRslValidation: the checks of an RSL licence file (syntax/rsl.ts says what the product is sure
 * of in RSL 1.0 and what it reads): well-formed XML, the root <rsl> in its namespace, each
 * <content>'s url pattern and <license>, the usage tokens of <permits>/<prohibits type="usage">.
 * O(n) in the text.
 */
import type { Diagnostic, DiagnosticSeverity } from 'vscode-languageserver-types';
import type { DiagnosticCode } from '../facts/codes';
import { parseRsl, RSL_NAMESPACE } from '../syntax/rsl';
import { positionsOf } from './tdmrep';
import { capDiagnostics, SOURCE, type ValidationSettings } from './validation';

/** Whether `text` looks like an RSL licence (its namespace appears in the first 4 KiB). */
export function isRslText(text: string): boolean {
  return text.slice(0, 4096).includes(RSL_NAMESPACE);
}

/** The diagnostics of an RSL licence file. */
export function doRslValidation(text: string, settings: ValidationSettings = {}): Diagnostic[] {
  const at = positionsOf(text);
  const findings = parseRsl(text).problems.map((p) => ({ ...p, code: p.code as DiagnosticCode }));
  return capDiagnostics(findings, settings, (f, severity: DiagnosticSeverity) => ({ range: { start: at(f.start), end: at(Math.max(f.end, f.start)) }, severity, code: f.code, source: SOURCE, message: f.message }));
}
