/**
 * The rules of every topic in one table, keyed by code: which topic reports a code and the quick
 * fix it offers (`features/codeActions.ts` dispatches through FIXES), and the checks of the
 * structure and document stages in the order the pipeline runs them (validation.ts).
 */
import type { DiagnosticCode } from '../facts/codes';
import type { CodeRuns, LocatedFinding } from '../syntax/findings';
import type { WorkspaceContext } from '../syntax/workspace';
import type { RobotsModel } from '../model/model';
import type { Fix, Topic } from './rule';
import * as syntax from './rules/syntax';
import * as groups from './rules/groups';
import * as paths from './rules/paths';
import * as fields from './rules/fields';
import * as signals from './rules/signals';
import * as acapRecords from './rules/acapRecords';
import * as acapFields from './rules/acapFields';
import * as qualifiers from './rules/qualifiers';
import * as acapDefinitions from './rules/acapDefinitions';
import * as neverWins from './rules/neverWins';
import * as tdmrep from './rules/tdmrep';
import * as rsl from './rules/rsl';

/** Every topic module, by the name of its file in rules/. */
export const TOPIC_MODULES: Readonly<Record<string, Topic>> = {
  syntax: syntax.topic,
  groups: groups.topic,
  paths: paths.topic,
  fields: fields.topic,
  signals: signals.topic,
  acapRecords: acapRecords.topic,
  acapFields: acapFields.topic,
  qualifiers: qualifiers.topic,
  acapDefinitions: acapDefinitions.topic,
  neverWins: neverWins.topic,
  tdmrep: tdmrep.topic,
  rsl: rsl.topic,
};

export interface FixEntry {
  readonly fix: Fix;
  /** The topic module (file name in rules/) whose rule reports the code. */
  readonly module: string;
}

/** The quick fix of each code that has one of its own, with the module it lives in. O(rules) once. */
export const FIXES: ReadonlyMap<DiagnosticCode, FixEntry> = new Map(
  Object.entries(TOPIC_MODULES).flatMap(([module, t]) =>
    t.rules.flatMap((r) => Object.entries(r.fixes ?? {}).map(([code, fix]) => [code as DiagnosticCode, { fix: fix as Fix, module }] as const))),
);

/** The module that reports each code (a code may also be written by a helper another topic calls, e.g. acap.not-ready). */
export const OWNER: ReadonlyMap<DiagnosticCode, string> = new Map(
  Object.entries(TOPIC_MODULES).flatMap(([module, t]) => t.rules.flatMap((r) => r.codes.map((code) => [code, module] as const))),
);

export type StructureCheck = (model: RobotsModel, out: LocatedFinding[]) => void;
export type DocumentCheck = (model: RobotsModel, out: LocatedFinding[], ctx: WorkspaceContext) => void;

/**
 * Checks that read only the model, once per model (a model carried over after an edit keeps
 * their findings). Order matters only for findings at one place, which keep it: a User-agent line
 * inside a record gets acap.conventional-after-acap before rep.group-without-rules.
 */
export const STRUCTURE_CHECKS: readonly StructureCheck[] = [acapRecords.checkRecordStructure, groups.checkGroupStructure, acapDefinitions.checkDefinitionStructure];

/** Checks run on every validation (each keeps its own answers across versions where it can), after the structure's. */
export const DOCUMENT_CHECKS: readonly DocumentCheck[] = [
  acapDefinitions.checkDefinitionReferences, acapRecords.checkRecords, groups.checkDuplicateRules, acapDefinitions.checkVersionComments, syntax.checkSize, neverWins.checkNeverWins,
];

/**
 * A document check that can also give its findings code by code, each code's as runs (each in
 * line order, one after another): a validation that shows only the first few of a code (the hint
 * cap) reads those and counts the rest, instead of listing every one on every keystroke. Codes
 * come in the order the check gives findings at one place (so that sorting by place keeps it);
 * undefined when the check cannot answer so (it then lists its findings itself).
 */
export interface RunCheck {
  readonly runs: (model: RobotsModel) => readonly CodeRuns[] | undefined;
}

/** The document checks that can also answer in runs, by check. */
export const RUN_CHECKS: ReadonlyMap<DocumentCheck, RunCheck> = new Map<DocumentCheck, RunCheck>([
  [groups.checkDuplicateRules, { runs: (model) => [{ code: 'rep.duplicate-rule', runs: groups.duplicateRuleRuns(model) }] }],
  [acapRecords.checkRecords, { runs: acapRecords.recordFindingRuns }],
]);
