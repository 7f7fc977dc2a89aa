/**
 * getFoldingRanges: conventional groups, ACAP records (which run to the next ACAP-crawler line and
 * so hold the groups written after them) and their sub-records (Part 1 §2.3), blocks
 * of ACAP definitions (Part 1 §2.7), and runs of two or more comment lines.
 *
 * Every range starts and ends on a line of its own kind (a field, a definition, a comment), so
 * trailing blank lines are never folded away, and the ranges nest properly: groups and records
 * never overlap (see `outlineBlocks`), and a run of comments or definitions holds no other field,
 * so it lies wholly inside or wholly outside any group or record.
 */
import { FoldingRangeKind, type FoldingRange } from 'vscode-languageserver-types';
import type { RobotsDocument } from '../syntax/document';
import { getModel } from '../model/model';
import { outlineBlocks, type Block } from './symbols';
import type { LineNode } from '../syntax/syntax';

/** A run of lines [startLine, endLine], both included. */
export interface LineRun {
  readonly startLine: number;
  readonly endLine: number;
}

export function isDefinitionLine(line: LineNode): boolean {
  return line.field?.fact?.placement === 'acap-file' && line.field.fact.id !== 'acap-ignore-conventional-records';
}

/**
 * Runs of two or more whole-line comments (a blank line ends a run), and blocks of two or more
 * definitions with only comments and blank lines between them; both in document order.
 */
export function lineRuns(lines: readonly LineNode[]): { comments: LineRun[]; definitions: LineRun[] } {
  const comments: LineRun[] = [];
  const definitions: LineRun[] = [];
  let commentStart = -1;
  let defStart = -1;
  let defLast = -1;
  let defCount = 0;
  const endDefinitions = (): void => {
    if (defCount >= 2) definitions.push({ startLine: defStart, endLine: defLast });
    defStart = -1;
    defCount = 0;
  };
  for (let i = 0; i <= lines.length; i++) {
    const line = lines[i] as LineNode | undefined;
    const isComment = line?.kind === 'comment';
    if (isComment && commentStart < 0) commentStart = i;
    if (!isComment && commentStart >= 0) {
      if (i - 1 > commentStart) comments.push({ startLine: commentStart, endLine: i - 1 });
      commentStart = -1;
    }
    if (line && isDefinitionLine(line)) {
      if (defStart < 0) defStart = i;
      defLast = i;
      defCount++;
    } else if (!line || line.kind === 'field') {
      endDefinitions();
    }
  }
  return { comments, definitions };
}

/** Folding ranges, sorted by start line. */
export function getFoldingRanges(doc: RobotsDocument): FoldingRange[] {
  const out: FoldingRange[] = [];
  const add = (startLine: number, endLine: number, kind?: string): void => {
    if (endLine > startLine) out.push(kind ? { startLine, endLine, kind } : { startLine, endLine });
  };
  const addBlock = (b: Block): void => {
    add(b.startLine, b.endLine);
    b.children.forEach(addBlock);
  };
  outlineBlocks(getModel(doc)).forEach(addBlock);
  const runs = lineRuns(doc.lines);
  for (const r of runs.definitions) add(r.startLine, r.endLine);
  for (const r of runs.comments) add(r.startLine, r.endLine, FoldingRangeKind.Comment);
  return out.sort((a, b) => a.startLine - b.startLine);
}
