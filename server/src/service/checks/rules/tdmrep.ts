/**
 * doTdmrepValidation: the checks of a `/.well-known/tdmrep.json` file (W3C TDMRep §3.3) — its
 * shape (an array of objects), each rule's location pattern, tdm-reservation (0 or 1) and
 * tdm-policy (a URL), members it does not define, and rules that never apply because an earlier
 * one matches every path. The reading is syntax/tdmrep.ts's; this turns its problems into LSP
 * diagnostics with the severities the settings give the `tdmrep.*` codes. O(n) in the text.
 */
import { Diagnostic, type DiagnosticSeverity, type Position } from 'vscode-languageserver-types';
import type { DiagnosticCode } from '../facts/codes';
import { parseTdmrep } from '../syntax/tdmrep';
import { capDiagnostics, SOURCE, type ValidationSettings } from './validation';

/** Whether `uri` names a TDMRep property file (`…/.well-known/tdmrep.json`). */
export function isTdmrepFile(uri: string): boolean {
  return /(^|\/)\.well-known\/tdmrep\.json$/i.test(uri);
}

/** Line starts of `text`, for offset → position (O(n) once, O(log lines) per offset). */
export function positionsOf(text: string): (offset: number) => Position {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - starts[lo] };
  };
}

/** The diagnostics of a tdmrep.json text. */
export function doTdmrepValidation(text: string, settings: ValidationSettings = {}): Diagnostic[] {
  const at = positionsOf(text);
  const findings = parseTdmrep(text).problems.map((p) => ({ ...p, code: p.code as DiagnosticCode }));
  return capDiagnostics(findings, settings, (f, severity: DiagnosticSeverity) => ({ range: { start: at(f.start), end: at(Math.max(f.end, f.start)) }, severity, code: f.code, source: SOURCE, message: f.message }));
}
