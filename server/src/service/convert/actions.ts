/**
 * Conversions as code actions (refactor.rewrite): on a conventional Allow/Disallow line, convert
 * that line, its group or the whole file to ACAP — a Disallow with both readings, crawl (the
 * default) and index (Part 1 §2.5.1 note); on an ACAP record, add the conventional equivalent for
 * crawlers that do not read ACAP. Every title says whether the conversion keeps each crawl
 * verdict, as the engine checked it (interpretation §5).
 */
import { CodeActionKind, type CodeAction, type Range } from 'vscode-languageserver-types';
import { convertToAcap, convertToRep, type ConversionResult, type ConvertOptions } from './convert';
import type { BreakKind } from './verify';
import type { RobotsDocument } from '../syntax/document';
import { getModel } from '../model/model';

/** What a kind of changed verdict means, in a few words for a title (the CLI's report gives each one). */
const BREAK_WORDS: Readonly<Record<BreakKind, string>> = {
  'case': 'letter case', 'robot-version-2': 'robots.txt 2.0.0', 'ranking': 'precedence', 'existing-acap': 'ACAP records', 'space': 'spaces in paths',
};

function verdicts(r: ConversionResult): string {
  const v = r.verification;
  const changed = v.broken.length;
  if (changed === 0) return `keeps all ${v.checked} verdicts`;
  const kinds = [...new Set(v.broken.map((b) => BREAK_WORDS[b.kind] ?? 'precedence'))];
  return `changes ${changed} of ${v.checked} verdicts: ${kinds.join(', ')}`;
}

/**
 * A conversion as a refactoring. Never preferred: it rewrites several lines and may change
 * verdicts, so it is always the user's pick (and a preferred quick fix stays the only one).
 */
function asAction(doc: RobotsDocument, title: string, r: ConversionResult): CodeAction {
  return {
    title: `${title} (${verdicts(r)})`,
    kind: CodeActionKind.RefactorRewrite,
    edit: { changes: { [doc.uri]: r.edits } },
  };
}

/** Editor actions check a bounded sample of verdicts; the CLI checks more. */
const VERIFY: ConvertOptions['verify'] = { maxChecks: 200 };
/** Whole-file conversions of larger files are left to `robots-acap convert`, which can take seconds. */
const MAX_LINES_FOR_FILE_ACTIONS = 5000;

/** Conversion actions for the lines of `range`. */
export function getConversionActions(doc: RobotsDocument, range: Range): CodeAction[] {
  const model = getModel(doc);
  const line = range.start.line;
  const node = doc.lines[line];
  if (!node) return [];
  const out: CodeAction[] = [];
  const d = node.directive;
  const group = model.groups.find((g) => line >= g.startLine && line <= g.endLine);
  if (d.kind === 'rule' && group) {
    const one = { start: line, end: line };
    if (d.allow) {
      out.push(asAction(doc, 'Convert this Allow to ACAP-allow-crawl', convertToAcap(doc, { reading: 'crawl', lines: one, verify: VERIFY })));
    } else {
      out.push(asAction(doc, 'Convert this Disallow to ACAP-disallow-crawl', convertToAcap(doc, { reading: 'crawl', lines: one, verify: VERIFY })));
      out.push(asAction(doc, 'Convert this Disallow to ACAP-disallow-index', convertToAcap(doc, { reading: 'index', lines: one, verify: VERIFY })));
    }
  }
  if (group && (d.kind === 'rule' || d.kind === 'user-agent')) {
    const lines = { start: group.startLine, end: group.endLine };
    out.push(asAction(doc, 'Convert this group to ACAP', convertToAcap(doc, { reading: 'crawl', lines, verify: VERIFY })));
  }
  if (model.groups.length > 0 && doc.lines.length <= MAX_LINES_FOR_FILE_ACTIONS && (d.kind === 'rule' || d.kind === 'user-agent')) {
    out.push(asAction(doc, 'Convert the file to ACAP, keeping conventional records', convertToAcap(doc, { reading: 'crawl', addVersion: true, verify: VERIFY })));
    out.push(asAction(doc, 'Convert to ACAP that ignores conventional records', convertToAcap(doc, { reading: 'crawl', addVersion: true, ignoreConventional: true, verify: VERIFY })));
    out.push(asAction(doc, 'Convert the file to ACAP, Disallow read as "do not index"', convertToAcap(doc, { reading: 'index', addVersion: true, verify: VERIFY })));
  }
  const record = model.records.find((r) => line >= r.startLine && line <= r.endLine);
  if (record && doc.lines.length <= MAX_LINES_FOR_FILE_ACTIONS) out.push(asAction(doc, 'Add conventional lines for the ACAP crawl rules', convertToRep(doc, { verify: VERIFY })));
  // An action that changes nothing is no action.
  return out.filter((a) => (a.edit?.changes?.[doc.uri] ?? []).length > 0);
}
