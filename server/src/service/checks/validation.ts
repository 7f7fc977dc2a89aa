/**
 * doValidation: line findings (cached per line), structural findings (per model), cross-line
 * findings, turned into LSP diagnostics with the severity each code is set to.
 */
import { Diagnostic, DiagnosticSeverity, DiagnosticTag, type DiagnosticRelatedInformation } from 'vscode-languageserver-types';
import { checkLine } from './checkLine';
import { CODE_BY_NAME, type DiagnosticCode, type SeverityName, type SeveritySetting } from '../facts/codes';
import { crossChecks } from './crossChecks';
import { neverWinsChecks } from './neverWins';
import type { WorkspaceContext } from '../syntax/workspace';
import { settleEdit, type RobotsDocument } from '../syntax/document';
import type { Finding, LocatedFinding } from '../syntax/findings';
import { getModel, modelLineage, settleModel, type RobotsModel } from '../model/model';

export interface ValidationSettings extends WorkspaceContext {
  /** Severity per diagnostic code; codes not listed keep their default. */
  readonly severities?: Readonly<Record<string, SeveritySetting>>;
  /** At most this many diagnostics per document (a graceful limit for huge or binary files). */
  readonly maxProblems?: number;
  /** At most this many hints of one code per document; the rest are summed up in one hint. */
  readonly maxHintsPerCode?: number;
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

/** A line's finding placed on its line, without an object spread (profile: ~1 µs each, 20× a literal). */
function locate(f: Finding, line: number): LocatedFinding {
  if (f.related !== undefined) return { code: f.code, span: f.span, message: f.message, replacement: f.replacement, related: f.related, line };
  return f.replacement === undefined ? { code: f.code, span: f.span, message: f.message, line } : { code: f.code, span: f.span, message: f.message, replacement: f.replacement, line };
}

/** Line `i`'s own findings, read in the light of the file's definitions and version, appended to `out`. */
function lineFindings(model: RobotsModel, i: number, out: LocatedFinding[]): void {
  const line = model.document.lines[i];
  for (const f of checkLine(line)) {
    // Part 1 §2.4.1.3: a locally-defined usage is always written in parentheses.
    if (f.code === 'acap.unknown-usage' && model.localUsages.has(line.text.slice(f.span.start, f.span.end).toLowerCase())) {
      const name = line.text.slice(f.span.start, f.span.end);
      out.push({ ...locate(f, i), message: `‘${name}’ is a locally-defined usage, so write it in parentheses: ‘(${name})’ (Part 1 §2.4.1.3).`, replacement: `(${name})` });
    } else if (model.acapVersion === '1.1' && f.code === 'acap.unknown-qualifier') {
      // docs/decisions.md §3.7: in a 1.1 file an unknown qualifier may be one that 1.1 added.
      out.push({ ...locate(f, i), code: 'acap.unknown-qualifier-1.1', message: `${f.message} The file declares ACAP 1.1, which may define it; a crawler that does not understand it treats the permission as a prohibition.` });
    } else {
      out.push(locate(f, i));
    }
  }
}

/** Whether two models read line findings alike: the same declared version and local usage names. */
function sameReading(a: RobotsModel, b: RobotsModel): boolean {
  if (a.acapVersion !== b.acapVersion || a.localUsages.size !== b.localUsages.size) return false;
  for (const name of a.localUsages.keys()) if (!b.localUsages.has(name)) return false;
  return true;
}

/** A line finding moved by `by` lines (a line was added or removed above it). */
function shifted(f: LocatedFinding, by: number): LocatedFinding {
  const moved = locate(f, f.line + by);
  return f.related ? { ...moved, related: f.related.map((r) => ({ ...r, line: r.line + by })) } : moved;
}

/** The line findings of each analysed version, in line order (what the next version patches). */
const lineState = new WeakMap<RobotsDocument, readonly LocatedFinding[]>();

/** First index of `list` (sorted by line) whose line is at least `line`; O(log n). */
function lowerBound(list: readonly LocatedFinding[], line: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid].line < line) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Every line's findings. After an edit that kept the model (see getModel), the previous
 * version's list is patched: the edited lines' findings are replaced and the rest reused as
 * they are — O(findings + edited lines) instead of a visit to every line. Otherwise every line
 * is visited (O(lines); each line's findings are cached on its node by checkLine).
 */
function allLineFindings(model: RobotsModel): readonly LocatedFinding[] {
  const doc = model.document;
  const known = lineState.get(doc);
  if (known) return known;
  const lin = modelLineage(model);
  const before = lin && lineState.get(lin.previous.document);
  let out: LocatedFinding[];
  if (lin && before && (!lin.rebuilt || sameReading(lin.previous, model))) {
    const a = lowerBound(before, lin.from);
    const b = lowerBound(before, lin.oldTo);
    const moved = lin.to - lin.oldTo;
    out = before.slice(0, a);
    for (let i = lin.from; i < lin.to; i++) lineFindings(model, i, out);
    for (let k = b; k < before.length; k++) out.push(moved === 0 ? before[k] : shifted(before[k], moved));
  } else {
    out = [];
    for (let i = 0; i < doc.lines.length; i++) lineFindings(model, i, out);
  }
  lineState.set(doc, out);
  return out;
}

/**
 * All findings of a document, in line order, before severities are applied. Structure-level
 * findings come from the model (carried over when an edit keeps it) and from crossChecks, which
 * keeps its answers per record and its duplicate-rule index per group across versions.
 */
export function collectFindings(doc: RobotsDocument, ctx: WorkspaceContext = {}): LocatedFinding[] {
  const model = getModel(doc);
  const out: LocatedFinding[] = allLineFindings(model).slice();
  for (const f of model.findings) out.push(f);
  for (const f of crossChecks(model, ctx)) out.push(f);
  for (const f of neverWinsChecks(model)) out.push(f);
  // Runs already in line order: the merge sort of V8 (TimSort) merges them in O(n log runs).
  out.sort((a, b) => a.line - b.line || a.span.start - b.span.start);
  // Every analysis has been carried over to this version: let the previous one go.
  settleModel(model);
  settleEdit(doc);
  return out;
}

export function doValidation(doc: RobotsDocument, settings: ValidationSettings = {}): Diagnostic[] {
  const { shown, notes } = capHints(collectFindings(doc, settings), settings);
  const out = capDiagnostics(shown, settings, (f, severity) => toDiagnostic(doc, f, severity));
  // The per-code notes go before capDiagnostics' own note, which stays last.
  const last = out.length > 0 && out[out.length - 1].code === 'text.too-many-problems' && out[out.length - 1].range.start.line === 0 ? out.pop() : undefined;
  for (const n of notes) out.push(n);
  if (last) out.push(last);
  return out;
}

/** Hints of one code shown per file before the rest are summed up in one note. */
export const DEFAULT_MAX_HINTS_PER_CODE = 100;

/**
 * At most `maxHintsPerCode` hints of each code (the first, in text order); the others become one
 * hint saying how many there were, where the first of them is. The largest real file has 4,486
 * duplicate-rule hints: sending them all on every keystroke cost ~400 KB of JSON each way, and
 * VS Code shows at most 1,000 per file anyway. O(findings).
 */
function capHints(findings: readonly LocatedFinding[], settings: ValidationSettings): { shown: LocatedFinding[]; notes: Diagnostic[] } {
  const max = settings.maxHintsPerCode ?? DEFAULT_MAX_HINTS_PER_CODE;
  const seen = new Map<string, number>();
  const firstHidden = new Map<string, LocatedFinding>();
  const shown: LocatedFinding[] = [];
  for (const f of findings) {
    if (severityOf(f.code, settings) !== DiagnosticSeverity.Hint) {
      shown.push(f);
      continue;
    }
    const n = (seen.get(f.code) ?? 0) + 1;
    seen.set(f.code, n);
    if (n <= max) shown.push(f);
    else if (n === max + 1) firstHidden.set(f.code, f);
  }
  const notes: Diagnostic[] = [];
  if (severityOf('text.too-many-problems', settings) === undefined) return { shown, notes };
  for (const [code, f] of firstHidden) {
    const hidden = (seen.get(code) ?? 0) - max;
    notes.push({
      range: { start: { line: f.line, character: f.span.start }, end: { line: f.line, character: f.span.end } },
      severity: DiagnosticSeverity.Hint,
      code: 'text.too-many-problems',
      source: SOURCE,
      message: `${hidden} more ‘${code}’ hint${hidden === 1 ? '' : 's'} from this line on not shown: at most ${max} hints of one kind are listed per file. Turn the code off in robotsAcap.diagnostics if they are expected.`,
    });
  }
  return { shown, notes };
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
