/**
 * The diagnostics pipeline, one for every kind of file. Findings come from the rules of each
 * topic (rules/, gathered in registry.ts) in three stages for a robots.txt — line findings
 * (cached per line node, checkLine.ts), structure findings (per model, carried over with it),
 * document findings (every validation, each check keeping its own answers) — and from the checks
 * of HTML pages (html/), tdmrep.json and RSL files. All of them go through the same end:
 * `toDiagnostics` applies the severity each code is set to, the per-code hint cap with its
 * summary note, the maxProblems cap with its note, and turns each finding into an LSP Diagnostic.
 */
import { Diagnostic, DiagnosticSeverity, DiagnosticTag, type DiagnosticRelatedInformation, type Position, type Range } from 'vscode-languageserver-types';
import { checkLine } from './checkLine';
import { CODE_BY_NAME, type DiagnosticCode, type SeverityName, type SeveritySetting } from '../facts/codes';
import type { WorkspaceContext } from '../syntax/workspace';
import { lineAt, lineCount, settleEdit, type RobotsDocument } from '../syntax/document';
import { byPlace, type CodeRuns, type Finding, type FindingRun, type LocatedFinding } from '../syntax/findings';
import { getModel, modelLineage, settleChain, settleModel, type RobotsModel } from '../model/model';
import { DOCUMENT_CHECKS, RUN_CHECKS, STRUCTURE_CHECKS } from './registry';
import type { DiagnosticData } from './rule';
import { readAsLocalUsage } from './rules/acapDefinitions';
import { readWithVersion } from './rules/qualifiers';
import { tdmrepFindings, type OffsetFinding } from './rules/tdmrep';
import { rslFindings } from './rules/rsl';
import { finish, type Steps } from '../syntax/steps';

export type { DiagnosticData } from './rule';

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

export const SOURCE = 'robots-acap';

/** A line's finding placed on its line, without an object spread (profile: ~1 µs each, 20× a literal). */
function locate(f: Finding, line: number): LocatedFinding {
  if (f.related !== undefined) return { code: f.code, span: f.span, message: f.message, replacement: f.replacement, related: f.related, line };
  return f.replacement === undefined ? { code: f.code, span: f.span, message: f.message, line } : { code: f.code, span: f.span, message: f.message, replacement: f.replacement, line };
}

/**
 * Line `i`'s own findings, read in the light of the file's definitions (a local usage written
 * without parentheses) and declared version (a qualifier 1.1 may define), appended to `out`.
 */
function lineFindings(model: RobotsModel, i: number, out: LocatedFinding[]): void {
  const line = lineAt(model.document, i);
  const found = checkLine(line);
  // Indexed, not for-of: run for every line of a file just opened, mostly before V8 has compiled
  // it, where for-of makes an iterator per line even for the many lines with nothing to say.
  for (let k = 0; k < found.length; k++) {
    const located = locate(found[k], i);
    out.push(readAsLocalUsage(model, line, located) ?? readWithVersion(model, located) ?? located);
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

/** Whether `doc` was validated (its every line checked and its line findings kept). O(1). */
export function wasValidated(doc: RobotsDocument): boolean {
  return lineState.has(doc);
}

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
    out = finish(everyLineFindings(model, Infinity));
  }
  lineState.set(doc, out);
  return out;
}

/** Every line's findings, in line order, pausing after every `every` lines. O(lines). */
function* everyLineFindings(model: RobotsModel, every: number): Steps<LocatedFinding[]> {
  const out: LocatedFinding[] = [];
  const n = lineCount(model.document);
  for (let i = 0; i < n; i++) {
    lineFindings(model, i, out);
    if ((i + 1) % every === 0) yield;
  }
  return out;
}

/**
 * allLineFindings of a document never edited, in steps of `every` lines (each line checked and
 * its findings placed in the one pass), so that a host validating a large file just opened gives
 * way between them; the list is kept as allLineFindings keeps it. A document edited, or validated
 * already, is left to allLineFindings (which patches or reads back its list). Run to its end, it
 * leaves what allLineFindings would have made: O(lines).
 */
export function* freshLineFindingsSteps(doc: RobotsDocument, every: number): Steps<void> {
  if (doc.edit || lineState.has(doc)) return;
  lineState.set(doc, yield* everyLineFindings(getModel(doc), every));
}

/** The structure findings of each model analysed. */
const structureMemo = new WeakMap<RobotsModel, readonly LocatedFinding[]>();

/**
 * The findings of the structure stage. A model carried over after an edit (same structure, line
 * numbers and line roles, see getModel) has the previous model's findings: O(1). Otherwise the
 * structure checks run: O(records + groups' members + strays + definitions).
 */
function structureFindings(model: RobotsModel): readonly LocatedFinding[] {
  let found = structureMemo.get(model);
  if (found) return found;
  const lin = modelLineage(model);
  found = lin && !lin.rebuilt ? structureMemo.get(lin.previous) : undefined;
  if (!found) {
    const out: LocatedFinding[] = [];
    for (const check of STRUCTURE_CHECKS) check(model, out);
    found = out;
  }
  structureMemo.set(model, found);
  return found;
}

/**
 * All findings of a document, in line order, before severities are applied: the line stage's,
 * the structure stage's (carried over when an edit keeps the model), then the document stage's
 * (which keep their answers per record and their duplicate-rule index per group across versions).
 */
export function collectFindings(doc: RobotsDocument, ctx: WorkspaceContext = {}): LocatedFinding[] {
  return gather(doc, ctx).findings;
}

/** How many findings of `code` the caller reads, the rest only counted (undefined: all of them). */
type Wanted = (code: DiagnosticCode) => number | undefined;

/**
 * collectFindings, where a check that answers in runs (RUN_CHECKS) and whose code `wanted` limits
 * gives only its first findings in text order, with the number it has in `totals`. The largest
 * real file has 4,486 repeated rules and a generated 1 MB file 12,895: listing, merging and
 * capping them all was most of a keystroke's validation; now O(groups + the findings read).
 */
function gather(doc: RobotsDocument, ctx: WorkspaceContext, wanted?: Wanted): { findings: LocatedFinding[]; totals?: Map<DiagnosticCode, number> } {
  // A version chained after one never validated (changes far apart, see DocumentEdit): that one is
  // validated first, so that this one patches its answers for its own region only, unless the
  // chain is cheaper as one region (settleChain).
  settleChain(doc);
  const previous = doc.edit?.previous;
  if (previous?.edit && !lineState.has(previous)) gather(previous, ctx, wanted);
  const model = getModel(doc);
  const lineRun = allLineFindings(model);
  const rest: LocatedFinding[] = structureFindings(model).slice();
  let totals: Map<DiagnosticCode, number> | undefined;
  for (const check of DOCUMENT_CHECKS) {
    const inRuns = wanted && RUN_CHECKS.get(check);
    const byCode = inRuns ? inRuns.runs(model) : undefined;
    if (!wanted || !byCode || !takeRuns(byCode, wanted, rest, (totals ??= new Map()))) check(model, rest, ctx);
  }
  const findings = inPlaceOrder(lineRun, rest);
  // Every analysis has been carried over to this version: let the previous one go.
  settleModel(model);
  settleEdit(doc);
  return { findings, totals };
}

/**
 * The first `want` findings of `runs` appended to `out`, and how many the runs hold; undefined
 * (nothing appended) if the runs do not follow each other in line order, so that their first
 * findings are not the file's first. O(runs + want).
 */
export function firstOfRuns(runs: readonly FindingRun[], want: number, out: LocatedFinding[]): number | undefined {
  return inLineOrder(runs) ? takeFirst(runs, want, out) : undefined;
}

/** The first `want` findings of `runs` appended to `out`, and how many the runs hold. O(runs + want). */
function takeFirst(runs: readonly FindingRun[], want: number, out: LocatedFinding[]): number {
  let total = 0;
  for (const run of runs) {
    for (let k = 0; k < run.length && total + k < want; k++) out.push(run.at(k));
    total += run.length;
  }
  return total;
}

/** Whether each run ends on a line before the next one starts. O(runs). */
function inLineOrder(runs: readonly FindingRun[]): boolean {
  for (let r = 1; r < runs.length; r++) if (runs[r - 1].at(runs[r - 1].length - 1).line >= runs[r].at(0).line) return false;
  return true;
}

/**
 * A run check's findings appended to `out` code by code: all of a code `wanted` does not limit,
 * the first ones of a code it limits, their number then in `totals`. False, with nothing appended,
 * when some code's runs are not in line order. O(runs + the findings appended).
 */
function takeRuns(byCode: readonly CodeRuns[], wanted: Wanted, out: LocatedFinding[], totals: Map<DiagnosticCode, number>): boolean {
  if (!byCode.every((c) => inLineOrder(c.runs))) return false;
  for (const { code, runs } of byCode) {
    const want = wanted(code);
    const total = takeFirst(runs, want ?? Infinity, out);
    if (want !== undefined) totals.set(code, total);
  }
  return true;
}

/**
 * `first` then `then`, stably sorted by place (line, then column) — what sorting their
 * concatenation gives. The line stage's findings (nearly all of them) are in place order already
 * unless one line has two findings out of column order: then they are merged with the other
 * stages' (sorted on their own), O(n + m log m); otherwise the whole is sorted, O((n + m) log).
 */
function inPlaceOrder(first: readonly LocatedFinding[], then: LocatedFinding[]): LocatedFinding[] {
  let sorted = true;
  for (let i = 1; i < first.length && sorted; i++) sorted = byPlace(first[i - 1], first[i]) <= 0;
  if (!sorted) {
    const all = first.concat(then);
    all.sort(byPlace);
    return all;
  }
  // Usually in place order already (the duplicate-rule findings come sorted): checked in one pass
  // before sorting, which copies the array.
  let thenSorted = true;
  for (let i = 1; i < then.length && thenSorted; i++) thenSorted = byPlace(then[i - 1], then[i]) <= 0;
  if (!thenSorted) then.sort(byPlace);
  const out = new Array<LocatedFinding>(first.length + then.length);
  let i = 0;
  let j = 0;
  let k = 0;
  // Ties go to `first`, as a stable sort of first ++ then keeps them.
  while (i < first.length && j < then.length) out[k++] = byPlace(first[i], then[j]) <= 0 ? first[i++] : then[j++];
  while (i < first.length) out[k++] = first[i++];
  while (j < then.length) out[k++] = then[j++];
  return out;
}

/** The diagnostics of a robots.txt. */
export function doValidation(doc: RobotsDocument, settings: ValidationSettings = {}): Diagnostic[] {
  // Of a code shown as hints only the first maxHintsPerCode are listed, and the next one is where
  // the note about the rest goes: one more is read; of a code turned off, none.
  const severity = severitiesOf(settings);
  const max = settings.maxHintsPerCode ?? DEFAULT_MAX_HINTS_PER_CODE;
  const wanted: Wanted = (code) => {
    const s = severity(code);
    return s === undefined ? 0 : s === DiagnosticSeverity.Hint ? max + 1 : undefined;
  };
  const { findings, totals } = gather(doc, settings, wanted);
  return toDiagnostics(findings, settings, (f) => placeLine(doc.uri, f), totals);
}

/** A robots.txt finding placed: its line and span, and its related lines in the same file. */
export function placeLine(uri: string, f: LocatedFinding): Placed {
  return {
    range: { start: { line: f.line, character: f.span.start }, end: { line: f.line, character: f.span.end } },
    related: f.related?.map((r) => ({
      location: { uri, range: { start: { line: r.line, character: r.span.start }, end: { line: r.line, character: r.span.end } } },
      message: r.message,
    })),
  };
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

/** Findings of a file read as one text (tdmrep.json, RSL), through the same end as robots.txt's. */
function offsetDiagnostics(text: string, findings: readonly OffsetFinding[], settings: ValidationSettings): Diagnostic[] {
  const at = positionsOf(text);
  return toDiagnostics(findings, settings, (f) => ({ range: { start: at(f.start), end: at(Math.max(f.end, f.start)) } }));
}

/** The diagnostics of a tdmrep.json text. */
export function doTdmrepValidation(text: string, settings: ValidationSettings = {}): Diagnostic[] {
  return offsetDiagnostics(text, tdmrepFindings(text), settings);
}

/** The diagnostics of an RSL licence file. */
export function doRslValidation(text: string, settings: ValidationSettings = {}): Diagnostic[] {
  return offsetDiagnostics(text, rslFindings(text), settings);
}

/** What the pipeline needs of a finding, wherever it was found. */
export interface PipelineFinding {
  readonly code: DiagnosticCode;
  readonly message: string;
  /** The text that should replace the finding's range (its quick fix's data). */
  readonly replacement?: string;
  /** A META tag to add after the tag the finding is on (pages only). */
  readonly addMeta?: string;
}

/** Where a finding goes in its document, and the places it relates to. */
export interface Placed {
  readonly range: Range;
  readonly related?: DiagnosticRelatedInformation[];
}

/** Codes whose diagnostics are tagged deprecated (the editor strikes them through). */
const DEPRECATED: ReadonlySet<string> = new Set(['acap.not-ready', 'rep.noindex-unsupported', 'meta.not-ready']);

/**
 * The one end of the pipeline, for robots.txt, HTML pages, tdmrep.json and RSL files alike:
 * findings (in text order) to diagnostics at the severity each code is set to, at most
 * `maxHintsPerCode` hints of one code and `maxProblems` in all, each cap summed up in a note.
 * `place` gives a finding's range; it is called only for the findings shown (and the first of
 * each code hidden). `totals` has the number of findings of each code given only up to its first
 * hidden one (see gather). O(findings).
 */
export function toDiagnostics<F extends PipelineFinding>(findings: readonly F[], settings: ValidationSettings, place: (f: F) => Placed, totals?: ReadonlyMap<string, number>): Diagnostic[] {
  const { shown, notes } = capHints(findings, settings, place, totals);
  const { diagnostics, note } = capProblems(shown, settings, (f, severity) => toDiagnostic(f, severity, place(f)));
  // The per-code notes go before the maxProblems note, which stays last.
  for (const n of notes) diagnostics.push(n);
  if (note) diagnostics.push(note);
  return diagnostics;
}

/** Hints of one code shown per file before the rest are summed up in one note. */
export const DEFAULT_MAX_HINTS_PER_CODE = 100;

/**
 * At most `maxHintsPerCode` hints of each code (the first, in text order); the others become one
 * hint saying how many there were, where the first of them is. The largest real file has 4,486
 * duplicate-rule hints: sending them all on every keystroke cost ~400 KB of JSON each way, and
 * VS Code shows at most 1,000 per file anyway. O(findings).
 */
function capHints<F extends PipelineFinding>(findings: readonly F[], settings: ValidationSettings, place: (f: F) => Placed, totals?: ReadonlyMap<string, number>): { shown: F[]; notes: Diagnostic[] } {
  const max = settings.maxHintsPerCode ?? DEFAULT_MAX_HINTS_PER_CODE;
  const seen = new Map<string, number>();
  const firstHidden = new Map<string, F>();
  const shown: F[] = [];
  const severity = severitiesOf(settings);
  for (const f of findings) {
    if (severity(f.code) !== DiagnosticSeverity.Hint) {
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
    // A code whose findings were read only up to the first hidden one was counted where it was found.
    const hidden = (totals?.get(code) ?? seen.get(code) ?? 0) - max;
    notes.push({
      range: place(f).range,
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
 * converted, and a note says how many more there were.
 */
function capProblems<F extends PipelineFinding>(findings: readonly F[], settings: ValidationSettings, convert: (f: F, severity: DiagnosticSeverity) => Diagnostic): { diagnostics: Diagnostic[]; note: Diagnostic | undefined } {
  const max = settings.maxProblems ?? DEFAULT_MAX_PROBLEMS;
  const severity = severitiesOf(settings);
  const severities = findings.map((f) => severity(f.code));
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
  const diagnostics: Diagnostic[] = [];
  findings.forEach((f, k) => {
    if (keep[k]) diagnostics.push(convert(f, severities[k] as DiagnosticSeverity));
  });
  const noteSeverity = severityOf('text.too-many-problems', settings);
  if (shown <= max || noteSeverity === undefined) return { diagnostics, note: undefined };
  const dropped = shown - max;
  return {
    diagnostics,
    note: {
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      severity: noteSeverity,
      code: 'text.too-many-problems',
      source: SOURCE,
      message: `${dropped} more problem${dropped === 1 ? '' : 's'} not shown: at most ${max} ${max === 1 ? 'is' : 'are'} reported per file, the most severe first (setting robotsAcap.maxProblems).`,
    },
  };
}

/**
 * severityOf for one run over many findings, each code looked up once: a file with thousands of
 * findings of a few codes asked the settings and the code table once per finding, per keystroke.
 */
function severitiesOf(settings: ValidationSettings): (code: DiagnosticCode) => DiagnosticSeverity | undefined {
  const known = new Map<DiagnosticCode, DiagnosticSeverity | undefined>();
  return (code) => {
    if (known.has(code)) return known.get(code);
    const s = severityOf(code, settings);
    known.set(code, s);
    return s;
  };
}

export function severityOf(code: DiagnosticCode, settings: ValidationSettings): DiagnosticSeverity | undefined {
  const set = settings.severities?.[code];
  const name = set ?? CODE_BY_NAME.get(code)?.severity ?? 'warning';
  return name === 'off' ? undefined : SEVERITY[name];
}

/** One finding as an LSP Diagnostic: its fix's data (`replacement`, `addMeta`) and tags. */
function toDiagnostic(f: PipelineFinding, severity: DiagnosticSeverity, placed: Placed): Diagnostic {
  const diagnostic: Diagnostic = { range: placed.range, severity, code: f.code, source: SOURCE, message: f.message };
  if (placed.related && placed.related.length) diagnostic.relatedInformation = placed.related;
  if (f.replacement !== undefined || f.addMeta !== undefined) {
    const data: { replacement?: string; addMeta?: string } = {};
    if (f.replacement !== undefined) data.replacement = f.replacement;
    if (f.addMeta !== undefined) data.addMeta = f.addMeta;
    diagnostic.data = data satisfies DiagnosticData;
  }
  if (DEPRECATED.has(f.code)) diagnostic.tags = [DiagnosticTag.Deprecated];
  return diagnostic;
}
