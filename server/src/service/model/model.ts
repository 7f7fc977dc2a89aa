/**
 * The model of a robots.txt: conventional groups, ACAP definitions and records with their
 * sub-records, file-level lines; built in one pass over the line nodes' directives (no string
 * work: lines were lexed once and are reused across edits), and cached per document.
 *
 * Two readings share one file (Part 1 §2.9.2): conventional crawlers see User-agent groups and
 * ignore ACAP lines; ACAP crawlers see ACAP records and ignore conventional lines inside them.
 * The model keeps both, and records where they collide so validation can say so.
 */
import type { RobotsDocument } from '../syntax/document';
import type { LocatedFinding } from '../syntax/findings';
import type { LineNode } from '../syntax/syntax';

export interface Group {
  /** Lines of the User-agent fields that open the group. */
  readonly agents: number[];
  /** Lines of the fields that belong to the group (rules, Crawl-delay, the 1996 fields...). */
  readonly members: number[];
  readonly startLine: number;
  endLine: number;
}

export interface SubRecord {
  /** ACAP-usage-purpose lines. */
  readonly purposes: number[];
  /** Permission and prohibition lines. */
  readonly fields: number[];
}

export interface AcapRecord {
  /** ACAP-crawler lines. */
  readonly crawlers: number[];
  /** Fields for no particular purpose: permissions, prohibitions, action requests (Part 1 §2.3). */
  readonly general: number[];
  readonly subRecords: SubRecord[];
  /** The ACAP-permissions-reference line, if the record refers elsewhere (Part 1 §2.3.2). */
  reference: number | undefined;
  /**
   * Conventional lines (User-agent, Allow, Disallow...) inside the record: a record runs to the
   * next ACAP-crawler line or the end of the file, not to a User-agent line (Part 1 §2.3), so ACAP
   * crawlers ignore these lines (Part 1 §2.9.2) while conventional crawlers read them as groups.
   */
  readonly conventional: number[];
  readonly startLine: number;
  endLine: number;
}

export type DefinitionKind = 'resource-set' | 'qualified-usage' | 'composite-usage';

export interface Definition {
  readonly kind: DefinitionKind;
  readonly line: number;
  /** Lower-cased: ACAP names are case-insensitive (Part 1 §3). */
  readonly name: string;
  /** After the first ACAP record, where crawlers do not read definitions (Part 1 §2.7). */
  readonly misplaced: boolean;
}

export interface RobotsModel {
  readonly document: RobotsDocument;
  readonly groups: readonly Group[];
  readonly records: readonly AcapRecord[];
  readonly definitions: readonly Definition[];
  /** First definition of each resource set name (misplaced definitions define nothing). */
  readonly resourceSets: ReadonlyMap<string, Definition>;
  /** First definition of each local usage name (qualified and composite share one namespace). */
  readonly localUsages: ReadonlyMap<string, Definition>;
  /** Lines of ACAP-ignore-conventional-records. */
  readonly ignoreConventional: readonly number[];
  /** Lines of `##ACAP version=` comments. */
  readonly versionLines: readonly number[];
  /** The declared ACAP version (first version comment), if any. */
  readonly acapVersion: string | undefined;
  /** Problems that need more than one line to see. */
  readonly findings: readonly LocatedFinding[];
}

const cache = new WeakMap<RobotsDocument, RobotsModel>();

export function getModel(doc: RobotsDocument): RobotsModel {
  let m = cache.get(doc);
  if (!m) {
    m = carryOver(doc) ?? rebuild(doc);
    cache.set(doc, m);
  }
  return m;
}

/** The model of `doc` if it was built already (never builds one). */
export function peekModel(doc: RobotsDocument): RobotsModel | undefined {
  return cache.get(doc);
}

/**
 * Whether the model reads two versions of a line alike: same kind, same known field at the same
 * name span (findings point at it), and for the lines whose text the model keeps (definitions,
 * the version comment, written prefix names), the same text. A rule whose path changed, or a
 * comment or unknown field edited, keeps its role. O(1) but for those text comparisons.
 */
export function sameRole(a: LineNode, b: LineNode): boolean {
  if (a.kind !== b.kind) return false;
  if (a.directive.kind === 'acap-version' || b.directive.kind === 'acap-version') return a.text === b.text;
  const fa = a.field;
  const fb = b.field;
  if (!fa || !fb) return fa === fb;
  if (fa.fact !== fb.fact) return false;
  if (!fa.fact) return true;
  if (fa.fact.placement === 'acap-file') return a.text === b.text;
  if (fa.name.start !== fb.name.start || fa.name.end !== fb.name.end) return false;
  return !fa.fact.isPrefix || a.text.slice(fa.name.start, fa.name.end) === b.text.slice(fb.name.start, fb.name.end);
}

/** A model made after an edit of an analysed version: which lines the edit replaced. */
export interface ModelLineage {
  readonly previous: RobotsModel;
  /** The edited lines are [from, to) in this version and [from, oldTo) in the previous one. */
  readonly from: number;
  readonly to: number;
  readonly oldTo: number;
  /**
   * False when the model was carried over (same structure and line numbers; `to === oldTo`);
   * true when it was built again, so groups and records are new objects and every line from
   * `oldTo` on moved by `to - oldTo`.
   */
  readonly rebuilt: boolean;
}

const lineage = new WeakMap<RobotsModel, ModelLineage>();

/**
 * How this model was carried over from the previous version's (undefined when it was built
 * afresh). Validation uses it to patch its own answers; `settleModel` drops it.
 */
export function modelLineage(model: RobotsModel): ModelLineage | undefined {
  return lineage.get(model);
}

/** Forget the previous version once every analysis has been carried over from it. */
export function settleModel(model: RobotsModel): void {
  lineage.delete(model);
}

/**
 * The previous version's model, reused when an edit replaced lines one for one and each new line
 * plays the role its old line did (`sameRole`): typing in a path, a comment or a value. The
 * structure is then the same, line numbers included, so groups and records away from the edit
 * are the very same objects (caches keyed by them stay valid), and those that hold an edited
 * line are shallow copies (new identity, so their caches are rebuilt). O(edited lines +
 * groups + records). Any other edit (a line added or removed, a field renamed) rebuilds.
 */
function carryOver(doc: RobotsDocument): RobotsModel | undefined {
  const edit = doc.edit;
  if (!edit) return undefined;
  const prev = cache.get(edit.previous);
  if (!prev || edit.oldEnd - edit.from !== edit.newEnd - edit.from) return undefined;
  const from = edit.from;
  const to = edit.newEnd;
  const oldLines = edit.previous.lines;
  const lines = doc.lines;
  for (let i = from; i < to; i++) if (!sameRole(oldLines[i], lines[i])) return undefined;
  const touches = (start: number, end: number): boolean => start < to && end >= from;
  const groups = prev.groups.map((g) => (touches(g.startLine, g.endLine) ? { ...g } : g));
  const records = prev.records.map((r) => (touches(r.startLine, r.endLine) ? { ...r } : r));
  const model: RobotsModel = { ...prev, document: doc, groups, records };
  lineage.set(model, { previous: prev, from, to, oldTo: to, rebuilt: false });
  return model;
}

/** A model built afresh (O(lines)), remembering the analysed version it follows, if any. */
function rebuild(doc: RobotsDocument): RobotsModel {
  const model = buildModel(doc);
  const edit = doc.edit;
  const prev = edit && cache.get(edit.previous);
  if (edit && prev) lineage.set(model, { previous: prev, from: edit.from, to: edit.newEnd, oldTo: edit.oldEnd, rebuilt: true });
  return model;
}

type RecordPhase = 'crawlers' | 'general' | 'reference' | 'purposes' | 'sub-body';

function nameOf(line: LineNode): string {
  const d = line.directive;
  if ((d.kind === 'acap-resource-set' || d.kind === 'acap-qualified-usage' || d.kind === 'acap-composite-usage') && d.name) {
    return line.text.slice(d.name.start, d.name.end).toLowerCase();
  }
  return '';
}

function buildModel(doc: RobotsDocument): RobotsModel {
  const lines = doc.lines;
  const groups: Group[] = [];
  const records: AcapRecord[] = [];
  const definitions: Definition[] = [];
  const ignoreConventional: number[] = [];
  const versionLines: number[] = [];
  const findings: LocatedFinding[] = [];

  let group: Group | undefined;
  let groupHasMembers = false;
  /** First line of each once-per-group field (Robot-version, Visit-time) in the current group. */
  let groupOnce = new Map<string, number>();
  let record: AcapRecord | undefined;
  let phase: RecordPhase = 'crawlers';
  let sub: SubRecord | undefined;
  let firstContentLine = -1;
  let warnedGroupAfterAcap = false;

  const closeRecord = (): void => {
    if (!record) return;
    if (phase === 'crawlers') {
      const first = record.crawlers[0];
      findings.push({ line: first, code: 'acap.empty-record', span: lines[first].field?.name ?? { start: 0, end: 0 }, message: 'This ACAP record has no permission, prohibition or permissions reference after its crawler lines (Part 1 §2.3), so it says nothing.' });
    } else if (phase === 'purposes' && sub) {
      for (const p of sub.purposes) {
        findings.push({ line: p, code: 'acap.purpose-without-permission', span: lines[p].field?.name ?? { start: 0, end: 0 }, message: 'A usage purpose must be followed by at least one permission or prohibition for that purpose (Part 1 §2.3).' });
      }
    }
    record = undefined;
    sub = undefined;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const d = line.directive;
    if (d.kind === 'acap-version') {
      if (firstContentLine >= 0 && versionLines.length === 0) {
        findings.push({ line: i, code: 'acap.version-misplaced', span: line.comment ?? { start: 0, end: line.text.length }, message: `Put the ACAP version comment first in the file, before line ${firstContentLine + 1} (Part 1 §2.9.3), so crawlers see it before anything else.` });
      }
      versionLines.push(i);
    }
    if (line.kind !== 'blank' && firstContentLine < 0) firstContentLine = i;
    const f = line.field;
    if (!f || !f.fact) continue;
    const fact = f.fact;
    const name = f.name;

    switch (fact.placement) {
      case 'group-start': {
        // Part 1 §2.3: an ACAP record ends at the next ACAP-crawler line or the end of the file,
        // so a User-agent line does not end it: for ACAP crawlers this group is conventional
        // lines inside the record (ignored), and ACAP fields after it still belong to the record.
        if (record) {
          record.conventional.push(i);
          record.endLine = i;
          if (!warnedGroupAfterAcap) {
            warnedGroupAfterAcap = true;
            findings.push({ line: i, code: 'acap.conventional-after-acap', span: name, message: `Conventional groups should come before all ACAP records (Part 1 §2.9, "strongly recommended"). An ACAP record runs to the next ACAP-crawler line (Part 1 §2.3), so a crawler that reads ACAP takes this group for lines inside the record of line ${record.startLine + 1} and ignores them, and ACAP fields below it still belong to that record. Move the group above the first ACAP record.` });
          }
        }
        if (group && !groupHasMembers) {
          group.agents.push(i);
          group.endLine = i;
        } else {
          group = { agents: [i], members: [], startLine: i, endLine: i };
          groups.push(group);
          groupHasMembers = false;
          groupOnce = new Map();
        }
        break;
      }
      case 'group-member': {
        if (record) {
          record.conventional.push(i);
          record.endLine = i;
        }
        // A group that started inside the record was reported once, at its User-agent line.
        if (record && !(group && group.startLine > record.startLine)) {
          const where = group ? `to the group of line ${group.startLine + 1}` : 'to no group (there is none before it)';
          findings.push({ line: i, code: 'rep.rule-in-acap-record', span: name, message: `This ${fact.name} line stands inside the ACAP record of line ${record.startLine + 1}: crawlers that read ACAP ignore it (Part 1 §2.9.2), others apply it ${where}. Move it above the ACAP records.` });
        }
        if (!group) {
          const isRule = fact.id === 'allow' || fact.id === 'disallow';
          if (!record) {
            findings.push({
              line: i, code: isRule ? 'rep.rule-outside-group' : 'rep.field-outside-group', span: name,
              message: `${fact.name} before any User-agent line belongs to no group, so crawlers ignore it (RFC 9309 §2.2). Add a User-agent line above it.`,
            });
          }
          break;
        }
        if (fact.id === 'robot-version' && groupHasMembers) {
          findings.push({ line: i, code: 'rep.robot-version-misplaced', span: name, message: 'Robot-version must immediately follow the User-agent lines of its group; otherwise robots assume version 1.0.0 (robots.txt 2.0.0 proposal).' });
        }
        if (fact.id === 'robot-version' || fact.id === 'visit-time') {
          const earlier = groupOnce.get(fact.id);
          if (earlier === undefined) groupOnce.set(fact.id, i);
          else {
            findings.push({ line: i, code: 'rep.duplicate-field', span: name, message: `Only one ${fact.name} is allowed per group; line ${earlier + 1} already has one (robots.txt 2.0.0 proposal).`, related: [{ line: earlier, span: lines[earlier].field?.name ?? { start: 0, end: 0 }, message: `first ${fact.name}` }] });
          }
        }
        group.members.push(i);
        group.endLine = i;
        groupHasMembers = true;
        break;
      }
      case 'global':
        break;
      case 'acap-file': {
        if (fact.id === 'acap-ignore-conventional-records') {
          if (definitions.length > 0 || records.length > 0) {
            findings.push({ line: i, code: 'acap.ignore-conventional-misplaced', span: name, message: `Place ACAP-ignore-conventional-records before any ACAP definition or record (Part 1 §2.9.1; ABNF §3), e.g. above line ${(definitions[0]?.line ?? records[0].startLine) + 1}.` });
          }
          ignoreConventional.push(i);
          break;
        }
        const kind: DefinitionKind = fact.id === 'acap-resource-set' ? 'resource-set' : fact.id === 'acap-qualified-usage' ? 'qualified-usage' : 'composite-usage';
        if (records.length > 0) {
          findings.push({ line: i, code: 'acap.definition-after-record', span: name, message: `Definitions must precede all ACAP records (Part 1 §2.7); move this line above the record of line ${records[0].startLine + 1}.` });
        }
        const n = nameOf(line);
        if (n) definitions.push({ kind, line: i, name: n, misplaced: records.length > 0 });
        break;
      }
      case 'acap-record-start': {
        if (record && phase === 'crawlers') {
          const prev = record.crawlers[record.crawlers.length - 1];
          if (prev !== i - 1) {
            findings.push({ line: i, code: 'acap.crawler-lines-apart', span: name, message: `This crawler joins the record of line ${record.startLine + 1}: crawler lines separated only by comments or blank lines form one record (Part 1 §2.3), so both get the fields that follow. If they need different policies, give the first its own fields.` });
          }
          record.crawlers.push(i);
          record.endLine = i;
          break;
        }
        closeRecord();
        record = { crawlers: [i], general: [], subRecords: [], reference: undefined, conventional: [], startLine: i, endLine: i };
        records.push(record);
        phase = 'crawlers';
        break;
      }
      case 'acap-record-member': {
        if (!record) {
          const written = f.fact.isPrefix ? line.text.slice(name.start, name.end) : fact.name;
          findings.push({
            line: i, code: 'acap.field-outside-record', span: name,
            message: `${written} stands before any ACAP-crawler line, so it addresses no crawler and is ignored (Part 1 §2.3). Add an ACAP-crawler line above it.`,
          });
          break;
        }
        record.endLine = i;
        if (phase === 'reference') {
          findings.push({ line: i, code: 'acap.field-after-permissions-reference', span: name, message: `Nothing may follow ACAP-permissions-reference in a record (Part 1 §2.3); the crawlers of line ${record.startLine + 1} take their permissions from line ${(record.reference ?? i) + 1}'s file. Start a new record for these fields.` });
          break;
        }
        if (fact.id === 'acap-permissions-reference') {
          if (phase !== 'crawlers') {
            findings.push({ line: i, code: 'acap.misplaced-permissions-reference', span: name, message: 'ACAP-permissions-reference must directly follow the crawler lines and be the record\'s only field (Part 1 §2.3). Move it into a record of its own.' });
            break;
          }
          record.reference = i;
          phase = 'reference';
          break;
        }
        if (fact.id === 'acap-usage-purpose') {
          if (phase === 'purposes' && sub) sub.purposes.push(i);
          else {
            sub = { purposes: [i], fields: [] };
            record.subRecords.push(sub);
            phase = 'purposes';
          }
          break;
        }
        if (phase === 'purposes' || phase === 'sub-body') {
          if (fact.id === 'acap-request') {
            findings.push({ line: i, code: 'acap.request-in-sub-record', span: name, message: 'Action requests may not stand in a usage-purpose sub-record (Part 1 §2.3); move it above the first ACAP-usage-purpose of the record.' });
            break;
          }
          sub?.fields.push(i);
          phase = 'sub-body';
        } else {
          record.general.push(i);
          phase = 'general';
        }
        break;
      }
    }
  }
  closeRecord();

  for (const g of groups) {
    if (g.members.length === 0) {
      const first = g.agents[0];
      findings.push({ line: first, code: 'rep.group-without-rules', span: lines[first].field?.name ?? { start: 0, end: 0 }, message: 'These User-agent lines have no rule after them, so the crawlers they name may crawl everything. Add Disallow or Allow lines, or remove the group.' });
    }
  }

  const { resourceSets, localUsages } = indexDefinitions(lines, definitions, findings);
  const firstVersion = versionLines.length ? lines[versionLines[0]] : undefined;
  const vd = firstVersion?.directive;
  const acapVersion = vd && vd.kind === 'acap-version' && vd.version ? firstVersion.text.slice(vd.version.start, vd.version.end) : undefined;

  return { document: doc, groups, records, definitions, resourceSets, localUsages, ignoreConventional, versionLines, acapVersion, findings };
}

/** Names of definitions, with duplicates reported (Part 1 §3: "No two qualified or composite usages may share the same name"). */
function indexDefinitions(lines: readonly LineNode[], definitions: readonly Definition[], findings: LocatedFinding[]): {
  resourceSets: Map<string, Definition>;
  localUsages: Map<string, Definition>;
} {
  const resourceSets = new Map<string, Definition>();
  const localUsages = new Map<string, Definition>();
  for (const def of definitions) {
    if (def.misplaced) continue;
    const table = def.kind === 'resource-set' ? resourceSets : localUsages;
    const first = table.get(def.name);
    if (first) {
      const d = lines[def.line].directive;
      const span = 'name' in d && d.name ? d.name : { start: 0, end: lines[def.line].text.length };
      const what = def.kind === 'resource-set' ? 'resource set' : 'local usage (qualified and composite usages share one set of names)';
      findings.push({
        line: def.line, code: 'acap.duplicate-definition', span,
        message: `‘${def.name}’ is already defined as a ${what} on line ${first.line + 1}; names are case-insensitive (Part 1 §3). Rename one of them.`,
        related: [{ line: first.line, span: nameSpan(lines[first.line]), message: 'first definition' }],
      });
    } else {
      table.set(def.name, def);
    }
  }
  return { resourceSets, localUsages };
}

export function nameSpan(line: LineNode): { start: number; end: number } {
  const d = line.directive;
  return 'name' in d && d.name && typeof d.name === 'object' ? d.name : { start: 0, end: line.text.length };
}
