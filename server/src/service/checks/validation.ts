/**
 * doValidation: line findings (cached per line), structural findings (per model), cross-line
 * findings, turned into LSP diagnostics with the severity each code is set to.
 */
import { Diagnostic, DiagnosticSeverity, DiagnosticTag, type DiagnosticRelatedInformation } from 'vscode-languageserver-types';
import { checkLine } from './checkLine';
import { CODE_BY_NAME, type DiagnosticCode, type SeverityName, type SeveritySetting } from '../facts/codes';
import { crossChecks, type CrossFileContext } from './crossChecks';
import type { RobotsDocument } from '../syntax/document';
import type { LocatedFinding } from '../syntax/findings';
import { getModel } from '../model/model';

export interface ValidationSettings extends CrossFileContext {
  /** Severity per diagnostic code; codes not listed keep their default. */
  readonly severities?: Readonly<Record<string, SeveritySetting>>;
  /** At most this many diagnostics per document (a graceful limit for huge or binary files). */
  readonly maxProblems?: number;
}

export const DEFAULT_MAX_PROBLEMS = 1000;

const SEVERITY: Record<SeverityName, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** Data attached to each diagnostic, for code actions. */
export interface DiagnosticData {
  readonly replacement?: string;
}

export const SOURCE = 'robots-acap';

/** All findings of a document, in line order, before severities are applied. */
export function collectFindings(doc: RobotsDocument, ctx: CrossFileContext = {}): LocatedFinding[] {
  const model = getModel(doc);
  const out: LocatedFinding[] = [];
  const lines = doc.lines;
  const v11 = model.acapVersion === '1.1';
  for (let i = 0; i < lines.length; i++) {
    for (const f of checkLine(lines[i])) {
      // Part 1 §2.4.1.3: a locally-defined usage is always written in parentheses.
      if (f.code === 'acap.unknown-usage' && model.localUsages.has(lines[i].text.slice(f.span.start, f.span.end).toLowerCase())) {
        const name = lines[i].text.slice(f.span.start, f.span.end);
        out.push({ ...f, line: i, message: `‘${name}’ is a locally-defined usage, so write it in parentheses: ‘(${name})’ (Part 1 §2.4.1.3).`, replacement: `(${name})` });
      } else if (v11 && f.code === 'acap.unknown-qualifier') {
        // interpretation.md §3.7: in a 1.1 file an unknown qualifier may be one that 1.1 added.
        out.push({ ...f, line: i, code: 'acap.unknown-qualifier-1.1', message: `${f.message} The file declares ACAP 1.1, which may define it; a crawler that does not understand it treats the permission as a prohibition.` });
      } else {
        out.push({ ...f, line: i });
      }
    }
  }
  for (const f of model.findings) out.push(f);
  for (const f of crossChecks(model, ctx)) out.push(f);
  out.sort((a, b) => a.line - b.line || a.span.start - b.span.start);
  return out;
}

export function doValidation(doc: RobotsDocument, settings: ValidationSettings = {}): Diagnostic[] {
  return capDiagnostics(collectFindings(doc, settings), settings, (f, severity) => toDiagnostic(doc, f, severity));
}

/**
 * Findings to diagnostics at the severity each code is set to, at most `maxProblems`: over the
 * limit the most severe are kept (errors before hints), still in text order, only those are
 * converted, and a note says how many more there were. Shared by robots.txt and HTML pages.
 */
export function capDiagnostics<F extends { readonly code: DiagnosticCode }>(findings: readonly F[], settings: ValidationSettings, convert: (f: F, severity: DiagnosticSeverity) => Diagnostic): Diagnostic[] {
  const max = settings.maxProblems ?? DEFAULT_MAX_PROBLEMS;
  const severities = findings.map((f) => severityOf(f.code, settings));
  const shown = severities.filter((s) => s !== undefined).length;
  const keep = new Uint8Array(findings.length);
  let room = max;
  for (let level = DiagnosticSeverity.Error; level <= DiagnosticSeverity.Hint && room > 0; level++) {
    for (let k = 0; k < findings.length && room > 0; k++) {
      if (severities[k] === level) {
        keep[k] = 1;
        room--;
      }
    }
  }
  const out: Diagnostic[] = [];
  findings.forEach((f, k) => {
    if (keep[k]) out.push(convert(f, severities[k] as DiagnosticSeverity));
  });
  const noteSeverity = severityOf('text.too-many-problems', settings);
  if (shown > max && noteSeverity !== undefined) {
    const dropped = shown - max;
    out.push({
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      severity: noteSeverity,
      code: 'text.too-many-problems',
      source: SOURCE,
      message: `${dropped} more problem${dropped === 1 ? '' : 's'} not shown: at most ${max} ${max === 1 ? 'is' : 'are'} reported per file, the most severe first (setting robotsAcap.maxProblems).`,
    });
  }
  return out;
}

export function severityOf(code: DiagnosticCode, settings: ValidationSettings): DiagnosticSeverity | undefined {
  const set = settings.severities?.[code];
  const name = set ?? CODE_BY_NAME.get(code)?.severity ?? 'warning';
  return name === 'off' ? undefined : SEVERITY[name];
}

function toDiagnostic(doc: RobotsDocument, f: LocatedFinding, severity: DiagnosticSeverity): Diagnostic {
  const range = { start: { line: f.line, character: f.span.start }, end: { line: f.line, character: f.span.end } };
  const related: DiagnosticRelatedInformation[] | undefined = f.related?.map((r) => ({
    location: { uri: doc.uri, range: { start: { line: r.line, character: r.span.start }, end: { line: r.line, character: r.span.end } } },
    message: r.message,
  }));
  const diagnostic: Diagnostic = {
    range,
    severity,
    code: f.code,
    source: SOURCE,
    message: f.message,
  };
  if (related && related.length) diagnostic.relatedInformation = related;
  if (f.replacement !== undefined) diagnostic.data = { replacement: f.replacement } satisfies DiagnosticData;
  if (f.code === 'acap.not-ready' || f.code === 'rep.noindex-unsupported') diagnostic.tags = [DiagnosticTag.Deprecated];
  return diagnostic;
}
