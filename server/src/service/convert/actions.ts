/**
 * Conversions as code actions (refactor.rewrite): on a conventional Allow/Disallow line, convert
 * that line, its group or the whole file to ACAP — a Disallow with both readings, crawl (the
 * default) and index (Part 1 §2.5.1 note); on an ACAP record, add the conventional equivalent for
 * crawlers that do not read ACAP. Every conversion is checked by the engine (interpretation §5)
 * and the user is told what it keeps.
 *
 * Lazily, in two steps (LSP `codeAction/resolve`, issues 12 and 13): listing the actions costs
 * O(log groups + log records + lines converted) on the model the diagnostics already built — a
 * title and `data` (ConversionData: uri, version, which conversion, which lines, a digest of
 * them) per action, no edit. Only the action the user picks is converted and verified
 * (resolveConversionAction): one conversion (O(file) plus refine()'s bounded pair search) and at
 * most 200 verdict checks (VERIFY: 100 (agent, path) pairs, each read in at most two readings
 * after); to REP, where that sample shows no gain over the file's own groups, a wider reading of
 * up to 10,000 pairs decides whether anything is written (convert.ts gainOf). The verification reaches the user in the resolved edit (for clients with
 * `documentChanges` and `changeAnnotationSupport`, as VS Code): a change annotation whose label
 * says how many verdicts were checked and kept and which kinds change, with a few examples as its
 * description, and `needsConfirmation` when any verdict changes, so VS Code shows the refactoring
 * preview before applying it; the resolved title says the same, for clients that show it. The
 * edit names the document version it was computed for.
 *
 * Eagerly (getConversionActions), for clients that cannot resolve an edit later (LSP 3.16
 * `resolveSupport` without `edit`): each action is converted and verified while listing, so the
 * listing is bounded instead: the cursor's line and group (at most three conversions, only in
 * groups of at most MAX_GROUP_MEMBERS members), whole-file conversions only up to
 * EAGER_FILE_LINES lines (past it they are listed disabled when the client shows that, saying
 * why and where to convert instead).
 */
import { CodeActionKind, type AnnotatedTextEdit, type CodeAction, type Range, type TextEdit, type WorkspaceEdit } from 'vscode-languageserver-types';
import { convertToAcap, convertToRep, noEditReason, type ConversionResult, type ConvertOptions } from './convert';
import type { BreakKind, BrokenVerdict } from './verify';
import type { RobotsDocument } from '../syntax/document';
import { getModel, type AcapRecord, type Group } from '../model/model';

/** What a kind of changed verdict means, in a few words for a title (the CLI's report gives each one). */
const BREAK_WORDS: Readonly<Record<BreakKind, string>> = {
  'case': 'letter case', 'robot-version-2': 'robots.txt 2.0.0', 'ranking': 'precedence', 'existing-acap': 'ACAP records', 'space': 'spaces in paths', 'name': 'crawler names',
};

/**
 * Editor actions check a bounded sample of verdicts: at most 100 (agent, path) pairs (a hard bound,
 * verify.ts pathQuota), each read in at most two readings after the conversion, so at most 200
 * verdicts checked; the CLI checks more.
 */
const VERIFY: ConvertOptions['verify'] = { maxChecks: 100 };
/** Whole-file conversions of larger files are left to `robots-acap convert` and the command palette. */
export const MAX_LINES_FOR_FILE_ACTIONS = 5000;
/** Clients that cannot resolve get whole-file conversions computed while listing only up to this size. */
export const EAGER_FILE_LINES = 500;
/**
 * Groups of more members are not offered "Convert this group": refine() compares the group's
 * rules pairwise, within its own bounds but seconds past a few thousand rules; `robots-acap
 * convert` handles them. A conversion of one line costs O(file) (the verification reads the
 * whole file's patterns and builds the engine's indexes for the result) and is offered in any
 * group when resolved on demand, but computed while listing only in groups up to this size.
 */
export const MAX_GROUP_MEMBERS = 1000;

/** The conversions an action can stand for. */
export const CONVERSIONS = ['line-crawl', 'line-index', 'group', 'file', 'file-ignoring', 'file-index', 'to-rep'] as const;
export type ConversionKind = typeof CONVERSIONS[number];

/** What a listed action carries to its resolve: enough to redo it, and to tell that it went stale. */
export interface ConversionData {
  /** Tags the data as ours (other code actions carry none). */
  readonly robotsAcap: 'conversion';
  readonly uri: string;
  /** The document version the action was listed for. */
  readonly version: number;
  readonly conversion: ConversionKind;
  /** The line the action was asked for (0-based). */
  readonly line: number;
  /** The lines converted (0-based, inclusive): the rule's line, or its group's; absent for whole-file conversions. */
  readonly lines?: { readonly start: number; readonly end: number };
  /** FNV-1a of the text of `lines` (or of the asked line), so that a resolve after an edit can tell whether they changed. */
  readonly digest: string;
}

const TITLES: Readonly<Record<ConversionKind, string>> = {
  'line-crawl': 'Convert this Disallow to ACAP-disallow-crawl',
  'line-index': 'Convert this Disallow to ACAP-disallow-index',
  'group': 'Convert this group to ACAP',
  'file': 'Convert the file to ACAP, keeping conventional records',
  'file-ignoring': 'Convert to ACAP that ignores conventional records',
  'file-index': 'Convert the file to ACAP, Disallow read as "do not index"',
  'to-rep': 'Add conventional lines for the ACAP crawl rules',
};

function titleOf(doc: RobotsDocument, data: ConversionData): string {
  if (data.conversion === 'line-crawl') {
    const d = doc.lines[data.line]?.directive;
    if (d?.kind === 'rule' && d.allow) return 'Convert this Allow to ACAP-allow-crawl';
  }
  return TITLES[data.conversion];
}

/** FNV-1a over the texts of lines `start`..`end`. O(characters of those lines). */
function digestOf(doc: RobotsDocument, start: number, end: number): string {
  let h = 0x811c9dc5;
  let n = 0;
  for (let l = start; l <= end && l < doc.lines.length; l++) {
    const text = doc.lines[l].text;
    for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
    h = Math.imul(h ^ 10, 0x01000193);
    n += text.length + 1;
  }
  return `${(h >>> 0).toString(36)}.${n.toString(36)}`;
}

/** The span holding `line` in a list sorted by start and not overlapping. O(log n). */
function spanAt<T extends { readonly startLine: number; readonly endLine: number }>(spans: readonly T[], line: number): T | undefined {
  let lo = 0;
  let hi = spans.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const s = spans[mid];
    if (line < s.startLine) hi = mid - 1;
    else if (line > s.endLine) lo = mid + 1;
    else return s;
  }
  return undefined;
}

function recordAt(records: readonly AcapRecord[], line: number): AcapRecord | undefined {
  return spanAt(records, line);
}

function groupAt(groups: readonly Group[], line: number): Group | undefined {
  return spanAt(groups, line);
}

/**
 * The conversions that apply on `line`, as data, in the order they are offered; `eager` when each
 * will be computed while listing (then a line of a group over MAX_GROUP_MEMBERS offers none).
 * Cost: O(log groups + log records) lookups in the model, plus O(characters of the lines
 * converted) for the digests (at most MAX_GROUP_MEMBERS lines for a group).
 */
export function conversionsAt(doc: RobotsDocument, line: number, eager = false): ConversionData[] {
  const node = doc.lines[line];
  if (!node) return [];
  const model = getModel(doc);
  const d = node.directive;
  const out: ConversionData[] = [];
  const base = { robotsAcap: 'conversion' as const, uri: doc.uri, version: doc.version, line };
  const group = d.kind === 'rule' || d.kind === 'user-agent' ? groupAt(model.groups, line) : undefined;
  const small = group !== undefined && group.members.length <= MAX_GROUP_MEMBERS;
  if (group && d.kind === 'rule' && (small || !eager)) {
    const one = { start: line, end: line };
    const digest = digestOf(doc, line, line);
    out.push({ ...base, conversion: 'line-crawl', lines: one, digest });
    if (!d.allow) out.push({ ...base, conversion: 'line-index', lines: one, digest });
  }
  if (group && small) out.push({ ...base, conversion: 'group', lines: { start: group.startLine, end: group.endLine }, digest: digestOf(doc, group.startLine, group.endLine) });
  const fileSized = doc.lines.length <= MAX_LINES_FOR_FILE_ACTIONS;
  if (model.groups.length > 0 && fileSized && (d.kind === 'rule' || d.kind === 'user-agent')) {
    const digest = digestOf(doc, line, line);
    for (const conversion of ['file', 'file-ignoring', 'file-index'] as const) out.push({ ...base, conversion, digest });
  }
  if (fileSized && recordAt(model.records, line)) out.push({ ...base, conversion: 'to-rep', digest: digestOf(doc, line, line) });
  return out;
}

/** A conversion as a refactoring, never preferred: it rewrites several lines and may change verdicts. */
function listed(doc: RobotsDocument, data: ConversionData): CodeAction {
  return { title: titleOf(doc, data), kind: CodeActionKind.RefactorRewrite, data };
}

/**
 * Conversion actions for the lines of `range` without their edits, each with ConversionData for
 * resolveConversionAction. O(log groups + log records + lines converted).
 */
export function listConversionActions(doc: RobotsDocument, range: Range): CodeAction[] {
  return conversionsAt(doc, range.start.line).map((data) => listed(doc, data));
}

/** Why `data` is not a ConversionData, or undefined when it is one. O(1). */
export function conversionDataProblem(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return 'data must be an object';
  const d = data as Record<string, unknown>;
  if (d.robotsAcap !== 'conversion') return 'data.robotsAcap must be "conversion"';
  if (typeof d.uri !== 'string' || d.uri === '') return 'data.uri must be a URI';
  const whole = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0x7fffffff;
  if (typeof d.version !== 'number' || !Number.isInteger(d.version)) return 'data.version must be a whole number';
  if (typeof d.conversion !== 'string' || !(CONVERSIONS as readonly string[]).includes(d.conversion)) return `data.conversion must be one of ${CONVERSIONS.join(', ')}`;
  if (!whole(d.line)) return 'data.line must be a whole number from 0';
  if (typeof d.digest !== 'string') return 'data.digest must be a string';
  const fileWide = d.conversion.startsWith('file') || d.conversion === 'to-rep';
  if (fileWide) return d.lines === undefined ? undefined : 'data.lines must be absent for a whole-file conversion';
  const lines = d.lines as Record<string, unknown> | undefined;
  if (typeof lines !== 'object' || lines === null || !whole(lines.start) || !whole(lines.end) || (lines.start as number) > (lines.end as number)) return 'data.lines must be { start, end } with 0 ≤ start ≤ end';
  return undefined;
}

/** The conversion itself: one convertToAcap or convertToRep, verified on at most VERIFY.maxChecks pairs. */
function convert(doc: RobotsDocument, data: ConversionData): ConversionResult {
  switch (data.conversion) {
    case 'line-crawl':
    case 'group':
      return convertToAcap(doc, { reading: 'crawl', lines: data.lines, verify: VERIFY });
    case 'line-index':
      return convertToAcap(doc, { reading: 'index', lines: data.lines, verify: VERIFY });
    case 'file':
      return convertToAcap(doc, { reading: 'crawl', addVersion: true, verify: VERIFY });
    case 'file-ignoring':
      return convertToAcap(doc, { reading: 'crawl', addVersion: true, ignoreConventional: true, verify: VERIFY });
    case 'file-index':
      return convertToAcap(doc, { reading: 'index', addVersion: true, verify: VERIFY });
    case 'to-rep':
      return convertToRep(doc, { verify: VERIFY });
  }
}

/** `keeps all 40 verdicts`, or `changes 3 of 40 verdicts: letter case` (without the kinds when `kinds` is false). */
function verdicts(r: ConversionResult, kinds = true): string {
  const v = r.verification;
  const changed = v.broken.length;
  if (changed === 0) return `keeps all ${v.checked} verdicts`;
  const words = [...new Set(v.broken.map((b) => BREAK_WORDS[b.kind] ?? 'precedence'))];
  return `changes ${changed} of ${v.checked} verdicts${kinds ? `: ${words.join(', ')}` : ''}`;
}

/** Titles are kept short for menus; the change annotation's label names every kind of change. */
const MAX_TITLE = 100;

/** The resolved title: what the check found, its kinds of change left out where they would make it longer than MAX_TITLE. */
function resolvedTitle(base: string, r: ConversionResult): string {
  const full = `${base} (${verdicts(r)})`;
  return full.length <= MAX_TITLE ? full : `${base} (${verdicts(r, false)})`;
}

const MODE_WORDS: Readonly<Record<BrokenVerdict['mode'], string>> = {
  'acap': 'ACAP crawler', 'acap-ignoring-conventional': 'ACAP crawler ignoring conventional records', 'conventional': 'conventional crawler',
};

/** A few changed verdicts, as the CLI says them, for the annotation's description. */
function examples(broken: readonly BrokenVerdict[]): string {
  const say = (b: BrokenVerdict): string => `${b.agent} ${b.path}: ${b.before ? 'allowed' : 'prohibited'} before, ${b.after ? 'allowed' : 'prohibited'} after (${MODE_WORDS[b.mode]})`;
  return broken.slice(0, 3).map(say).join('; ') + (broken.length > 3 ? `; and ${broken.length - 3} more` : '');
}

/** The id of the one change annotation of a conversion's edit. */
export const VERDICTS_ANNOTATION = 'robotsAcap.verdicts';

/** How the client takes a WorkspaceEdit (LSP `workspace.workspaceEdit` client capabilities). */
export interface EditForm {
  /** `documentChanges`: the edit names the document version it was computed for, and the client refuses it for another. */
  readonly documentChanges?: boolean;
  /** `changeAnnotationSupport`: the edits carry the verification as a change annotation (needs documentChanges). */
  readonly changeAnnotations?: boolean;
}

/**
 * The edit of a conversion. With documentChanges, one TextDocumentEdit for the version converted
 * (a client refuses it for any other text) whose edits carry one change annotation saying what
 * the engine found: its label how many verdicts were checked and kept (`Conversion keeps all 40
 * verdicts checked`), its description up to three changed ones, and needsConfirmation when any
 * verdict changes, so that VS Code shows the refactoring preview first. Else plain `changes`.
 */
function editOf(doc: RobotsDocument, r: ConversionResult, form: EditForm): WorkspaceEdit {
  if (!form.documentChanges) return { changes: { [doc.uri]: r.edits } };
  const textDocument = { uri: doc.uri, version: doc.version };
  if (!form.changeAnnotations) return { documentChanges: [{ textDocument, edits: r.edits }] };
  const edits: AnnotatedTextEdit[] = r.edits.map((e) => ({ ...e, annotationId: VERDICTS_ANNOTATION }));
  const changed = r.verification.broken.length > 0;
  return {
    documentChanges: [{ textDocument, edits }],
    changeAnnotations: {
      [VERDICTS_ANNOTATION]: {
        label: `Conversion ${verdicts(r)}${changed ? '' : ' checked'}`,
        needsConfirmation: changed,
        ...(changed ? { description: examples(r.verification.broken) } : {}),
      },
    },
  };
}

/** The text edits of a conversion action's edit, in either form. */
export function conversionEdits(edit: WorkspaceEdit | undefined, uri: string): TextEdit[] {
  if (!edit) return [];
  if (edit.changes?.[uri]) return edit.changes[uri];
  return (edit.documentChanges ?? []).flatMap((c) => ('textDocument' in c && c.textDocument.uri === uri ? c.edits.map((e) => ({ range: e.range, newText: e.newText })) : []));
}

/** A resolved conversion: the action (with its edit when there is one) and, without one, why. */
export interface ResolvedConversion {
  readonly action: CodeAction;
  /** Said to the user when the action has no edit (nothing to convert, too large to verify, or the document changed). */
  readonly notice?: string;
}

/** Whether `data`, listed for an older version of `doc`, still stands for the same lines. O(lines converted). */
function stillApplies(doc: RobotsDocument, data: ConversionData): ConversionData | undefined {
  const now = conversionsAt(doc, data.line).find((c) => c.conversion === data.conversion);
  if (!now) return undefined;
  // Whole-file conversions convert the file as it is now; a line or group conversion only the
  // same lines with the same text.
  if (data.lines === undefined) return now;
  const same = now.lines !== undefined && now.lines.start === data.lines.start && now.lines.end === data.lines.end && now.digest === data.digest;
  return same ? now : undefined;
}

/**
 * The edit of a listed conversion (`data` checked with conversionDataProblem), computed now:
 * one conversion and its verification (at most VERIFY.maxChecks agent-path pairs). A resolve for
 * an older version of the document converts the current text when the action still stands for
 * the same lines with the same text (whole-file conversions: the whole file as it is), else it
 * answers with no edit and a notice — never an edit computed for another text.
 */
export function resolveConversionAction(doc: RobotsDocument, data: ConversionData, form: EditForm = {}): ResolvedConversion {
  const current = doc.version === data.version && data.uri === doc.uri ? data : stillApplies(doc, data);
  if (!current) {
    return {
      action: listed(doc, data),
      notice: 'The file changed since this conversion was offered: ask for code actions again (Ctrl+.).',
    };
  }
  const r = convert(doc, current);
  // No edit: nothing changes, so the title names no verdict changed (the notice says why).
  const none = r.tooLarge ? 'too large to verify' : 'nothing to convert';
  const action: CodeAction = { title: r.edits.length ? resolvedTitle(titleOf(doc, current), r) : `${titleOf(doc, current)} (${none})`, kind: CodeActionKind.RefactorRewrite, data: current };
  if (r.edits.length === 0) return { action, notice: noEditReason(r) ?? 'Nothing to convert.' };
  return { action: { ...action, edit: editOf(doc, r, form) } };
}

export interface EagerOptions {
  /** Whole-file conversions beyond EAGER_FILE_LINES lines are listed disabled when the client shows that (LSP `disabledSupport`), else left out. */
  readonly disabledSupport?: boolean;
}

/**
 * Conversion actions with their edits, for clients that cannot resolve one later: every listed
 * action converted and verified now, so the listing is bounded: the cursor's line and group (at
 * most three conversions, only in a group of at most MAX_GROUP_MEMBERS members), whole-file
 * conversions (three, plus one to conventional lines) only in files of at most EAGER_FILE_LINES
 * lines; each conversion verified on at most VERIFY.maxChecks pairs. Titles say what the
 * verification found; an action that would change nothing is left out.
 */
export function getConversionActions(doc: RobotsDocument, range: Range, options: EagerOptions = {}): CodeAction[] {
  const out: CodeAction[] = [];
  for (const data of conversionsAt(doc, range.start.line, true)) {
    const fileWide = data.lines === undefined;
    if (fileWide && doc.lines.length > EAGER_FILE_LINES) {
      if (options.disabledSupport) {
        out.push({
          ...listed(doc, data), data: undefined,
          disabled: { reason: `This file has ${doc.lines.length.toLocaleString('en')} lines: whole-file conversions are prepared in the editor up to ${EAGER_FILE_LINES} lines when the editor cannot ask for them later (codeAction/resolve). Run \`robots-acap convert\` instead.` },
        });
      }
      continue;
    }
    const { action } = resolveConversionAction(doc, data);
    if ((action.edit?.changes?.[doc.uri] ?? []).length > 0) out.push(action);
  }
  return out;
}
