/**
 * getSelectionRanges ("expand selection"): from the token under the cursor outwards — a part of a
 * value (a qualifier's name or value, a usage, a pattern), the whole value or field name, the
 * field, the whole line, a run of comments or a block of definitions, the sub-record, the record
 * or group (Part 1 §2.3), the document. Each range strictly holds the one before, as LSP requires.
 */
import type { Position, Range, SelectionRange } from 'vscode-languageserver-types';
import type { RobotsDocument } from '../syntax/document';
import type { QualifierSyntax, UsageRef } from '../syntax/directives';
import { isDefinitionLine, lineRuns, type LineRun } from './folding';
import { getModel } from '../model/model';
import { blockAt, outlineBlocks } from './symbols';
import type { LineNode, Span } from '../syntax/syntax';

function usageSpans(u: UsageRef | undefined): Span[] {
  return u ? [u.span, u.nameSpan] : [];
}

function qualifierSpans(qs: readonly QualifierSyntax[]): Span[] {
  const out: Span[] = [];
  for (const q of qs) {
    out.push(q.span, q.name);
    if (q.value) out.push(q.value);
  }
  return out;
}

/** `the-acap:resource-set:NAME` (Part 1 §2.4.4): the name after the last colon is a unit too. */
function resourceSpans(line: LineNode, r: Span | undefined): Span[] {
  if (!r) return [];
  const colon = line.text.lastIndexOf(':', r.end - 1);
  return colon >= r.start && colon + 1 < r.end ? [r, { start: colon + 1, end: r.end }] : [r];
}

/** Every meaningful span of one line, in no particular order; those not holding the cursor are dropped later. */
function lineSpans(line: LineNode): Span[] {
  const out: Span[] = [];
  if (line.comment) out.push(line.comment);
  const f = line.field;
  if (!f) {
    const d = line.directive;
    if (d.kind === 'acap-version' && d.version) out.push(d.version);
    return out;
  }
  out.push(f.name, f.value, { start: f.name.start, end: Math.max(f.name.end, f.value.end) });
  if (f.suffix) out.push(f.suffix);
  const d = line.directive;
  switch (d.kind) {
    case 'acap-permission':
      out.push(...usageSpans(d.usage), ...resourceSpans(line, d.resource), ...qualifierSpans(d.qualifiers));
      break;
    case 'acap-request':
      if (d.target) out.push(d.target);
      out.push(d.action, ...d.extra);
      break;
    case 'acap-qualified-usage':
      if (d.name) out.push(d.name);
      out.push(...usageSpans(d.usage), ...qualifierSpans(d.qualifiers));
      break;
    case 'acap-composite-usage':
      if (d.name) out.push(d.name);
      for (const m of d.members) out.push(...usageSpans(m));
      break;
    case 'acap-resource-set':
      if (d.name) out.push(d.name);
      for (const p of d.patterns) out.push(p);
      break;
    default:
      break;
  }
  return out;
}

function holds(outer: Range, inner: Range): boolean {
  const startsBefore = outer.start.line < inner.start.line || (outer.start.line === inner.start.line && outer.start.character <= inner.start.character);
  const endsAfter = outer.end.line > inner.end.line || (outer.end.line === inner.end.line && outer.end.character >= inner.end.character);
  return startsBefore && endsAfter;
}

function same(a: Range, b: Range): boolean {
  return a.start.line === b.start.line && a.start.character === b.start.character && a.end.line === b.end.line && a.end.character === b.end.character;
}

function runAt(runs: readonly LineRun[], line: number): LineRun | undefined {
  let lo = 0;
  let hi = runs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (runs[mid].startLine <= line) lo = mid + 1;
    else hi = mid;
  }
  const r = runs[lo - 1];
  return r && r.endLine >= line ? r : undefined;
}

/** A finite, non-negative integer, whatever a client sent. */
function int(n: number): number {
  return Number.isNaN(n) ? 0 : Math.max(0, Math.min(Math.floor(n), Number.MAX_SAFE_INTEGER));
}

/** One selection range per position, in order; positions past the end are clamped to it. */
export function getSelectionRanges(doc: RobotsDocument, positions: readonly Position[]): SelectionRange[] {
  const lines = doc.lines;
  const last = lines.length - 1;
  const blocks = outlineBlocks(getModel(doc));
  // Runs are found in one pass, only when asked for, however many positions there are.
  let runs: ReturnType<typeof lineRuns> | undefined;
  const lineRange = (s: number, e: number): Range => ({ start: { line: s, character: 0 }, end: { line: e, character: lines[e].text.length } });

  return positions.map((p) => {
    const ln = Math.min(int(p.line), last);
    const line = lines[ln];
    const ch = int(p.line) > last ? line.text.length : Math.min(int(p.character), line.text.length);

    const ranges: Range[] = lineSpans(line)
      .filter((s) => s.end > s.start && s.start <= ch && ch <= s.end)
      .sort((a, b) => a.end - a.start - (b.end - b.start))
      .map((s) => ({ start: { line: ln, character: s.start }, end: { line: ln, character: s.end } }));
    ranges.push(lineRange(ln, ln));
    if (line.kind !== 'field' || isDefinitionLine(line)) {
      runs ??= lineRuns(lines);
      const comment = line.kind === 'comment' ? runAt(runs.comments, ln) : undefined;
      if (comment) ranges.push(lineRange(comment.startLine, comment.endLine));
      const defs = runAt(runs.definitions, ln);
      if (defs) ranges.push(lineRange(defs.startLine, defs.endLine));
    }
    const block = blockAt(blocks, ln);
    if (block) {
      const sub = blockAt(block.children, ln);
      if (sub) ranges.push(lineRange(sub.startLine, sub.endLine));
      ranges.push(lineRange(block.startLine, block.endLine));
    }
    ranges.push(lineRange(0, last));

    // Keep each range only if it strictly holds the one kept before it; build inside out.
    const kept: Range[] = [];
    for (const r of ranges) {
      const prev = kept[kept.length - 1];
      if (!prev || (holds(r, prev) && !same(r, prev))) kept.push(r);
    }
    let result: SelectionRange | undefined;
    for (let i = kept.length - 1; i >= 0; i--) result = result ? { range: kept[i], parent: result } : { range: kept[i] };
    return result as SelectionRange;
  });
}
