/**
 * The model of a robots.txt: conventional groups, ACAP definitions and records with their
 * sub-records, file-level lines; built in one pass over the line nodes' directives (no string
 * work: lines were lexed once and are reused across edits), and cached per document.
 *
 * Two readings share one file (Part 1 §2.9.2): conventional crawlers see User-agent groups and
 * ignore ACAP lines; ACAP crawlers see ACAP records and ignore conventional lines inside them.
 * The model keeps both, and records where they collide and which lines belong to nothing; what
 * that means for crawlers is said by the checks (checks/rules/), not here: the model builds
 * structure only.
 */
import { carryLines, chainOf, flattenChain, lineAt, lineCount, type RobotsDocument } from '../syntax/document';
import { addFrom, lowerBound } from '../syntax/numbers';
import type { LineNode } from '../syntax/syntax';
import { namesResourceSet, RESOURCE_SET_PREFIX } from '../facts/facts';

export interface Group {
  /** Lines of the User-agent fields that open the group. */
  readonly agents: number[];
  /** Lines of the fields that belong to the group (rules, Crawl-delay, the 1996 fields...). */
  readonly members: number[];
  /**
   * The members a group may hold once, Robot-version and Visit-time (robots.txt 2.0.0 proposal),
   * so that their checks read these lines instead of every member after each edit.
   */
  readonly onceFields: number[];
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

/**
 * A line the structure leaves out, and why: a group member before any User-agent line (and
 * outside any ACAP record), an ACAP record field before any ACAP-crawler line, a field after a
 * record's ACAP-permissions-reference, a permissions reference after other fields, an action
 * request in a usage-purpose sub-record (Part 1 §2.3), an ACAP definition after the first record
 * (§2.7, named or not).
 */
export interface Stray {
  readonly line: number;
  readonly kind: 'no-group' | 'no-record' | 'after-reference' | 'misplaced-reference' | 'request-in-purposes' | 'late-definition';
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
  /** Lines the structure leaves out, in line order. */
  readonly strays: readonly Stray[];
}

const cache = new WeakMap<RobotsDocument, RobotsModel>();

export function getModel(doc: RobotsDocument): RobotsModel {
  let m = cache.get(doc);
  if (!m) {
    // A version chained after one never validated (changes far apart, see DocumentEdit): that one
    // first, so that this one is carried over from it, unless the chain is cheaper as one region
    // (settleChain). Depth at most the chain's links.
    settleChain(doc);
    const previous = doc.edit?.previous;
    if (previous?.edit && !cache.has(previous)) getModel(previous);
    m = carryOver(doc) ?? shiftOver(doc) ?? rebuild(doc);
    cache.set(doc, m);
  }
  return m;
}

/**
 * What analysing one link of a chain costs besides its own lines, in lines read again: a
 * validation's fixed part, 0.2–0.3 ms on the largest real file (one group) where reading a line
 * again costs about 0.3 µs, plus a line's worth for each group and record (a file of 26,000 groups
 * took about 3 ms a link).
 */
const LINK_LINES = 1024;

/**
 * What a link that adds or removes lines costs besides, in lines read again per line of the
 * file: the model's line numbers after it move (shiftOver), and the duplicate-rule index of its
 * group with them (O(members) each). On the largest real file, 40 lines deleted 1,150 apart took
 * 71–98 ms to validate as 40 links and 38–58 ms as one region of 46,000 lines (in process, after
 * a first round): about 2 ms a link, of which LINK_LINES says 0.3. With ACAP records before the
 * link, the model is built again (a line a line).
 */
const SHIFT_LINES_PER_LINE = 1 / 32;

/**
 * Decide how `doc`'s chain of versions never validated (DocumentEdit) is analysed: link by link
 * (each link's lines), or joined into one region from its first version (the lines between the
 * links too) when the lines it would read besides the links' own cost less than the links would
 * (LINK_LINES, and the groups and records of the chain's first version's model, and for a link
 * that adds or removes lines SHIFT_LINES_PER_LINE of the file's lines; joined when it has none).
 * Two cursors 45,000 lines apart in a file of one group: two links, typing or pressing Enter.
 * Eight cursors 100 lines apart in a file of 26,000 groups: one region (link by link, a
 * keystroke took four times as long); 40 lines deleted far apart in the largest real file: one
 * region. O(links).
 */
export function settleChain(doc: RobotsDocument): void {
  const chain = chainOf(doc);
  if (!chain) return;
  const { joined } = chain;
  const first = cache.get(joined.previous);
  const between = Math.max(joined.oldEnd, joined.newEnd) - joined.from - chain.linkLines;
  const shifting = chain.shifts * lineCount(doc) * (first && first.records.length > 0 ? 1 : SHIFT_LINES_PER_LINE);
  if (!first || between <= chain.links * (LINK_LINES + first.groups.length + first.records.length) + shifting) flattenChain(doc, chain);
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
  // Read line by line (lineAt): carrying a model over never makes a version's lines array.
  for (let i = from; i < to; i++) if (!sameRole(lineAt(edit.previous, i), lineAt(doc, i))) return undefined;
  const touches = (start: number, end: number): boolean => start < to && end >= from;
  const groups = prev.groups.map((g) => (touches(g.startLine, g.endLine) ? { ...g } : g));
  const records = prev.records.map((r) => (touches(r.startLine, r.endLine) ? { ...r } : r));
  const model: RobotsModel = { ...prev, document: doc, groups, records };
  lineage.set(model, { previous: prev, from, to, oldTo: to, rebuilt: false });
  return model;
}

/** What a line is to the model's state machine (buildModel), for shiftOver. */
function lineRole(line: LineNode): 'neutral' | 'member' | 'other' {
  if (line.directive.kind === 'acap-version') return 'other';
  const fact = line.field?.fact;
  // Lines of no known field (blank, comments, unknown names) and file-wide fields (Sitemap...)
  // are passed over by buildModel: they join nothing and end nothing.
  if (!fact || fact.placement === 'global') return 'neutral';
  return fact.placement === 'group-member' ? 'member' : 'other';
}

/**
 * The model after an edit that added or removed lines, made from the previous version's instead
 * of from every line, when the edited lines (before and after the edit) are only rules and other
 * group members, or lines the model passes over (blank, comments, unknown fields, Sitemap), in
 * a group that has a member before them, and no ACAP record has started before them: the
 * edit then changes that group's members and moves every later line by the same count, and
 * nothing else (buildModel would read every other line as before). Every group and record is a
 * new object, as after a rebuild (`ModelLineage.rebuilt`); the arrays of the groups before the
 * edited one are shared, as carryOver shares them. O(edited lines + groups + members and record
 * lines after the edit), against buildModel's O(lines) and the version's line array it makes:
 * on the largest real file (one group of 47,000 rules), in process, 0.65–0.74 ms median against
 * 1.8–2.1 ms for building it.
 * Lines replaced one for one come here when carryOver cannot keep the model (a role changed: the
 * first letter typed on a blank line, a rule's field name completed); every line then keeps its
 * number. Undefined when the edit is of any other kind.
 */
function shiftOver(doc: RobotsDocument): RobotsModel | undefined {
  const edit = doc.edit;
  if (!edit) return undefined;
  const prev = cache.get(edit.previous);
  const from = edit.from;
  const oldTo = edit.oldEnd;
  const to = edit.newEnd;
  if (!prev) return undefined;
  if (prev.records.length > 0 && prev.records[0].startLine < from) return undefined;
  const added: number[] = [];
  let members = false;
  for (let i = from; i < oldTo; i++) {
    const role = lineRole(lineAt(edit.previous, i));
    if (role === 'other') return undefined;
    members ||= role === 'member';
  }
  for (let i = from; i < to; i++) {
    const role = lineRole(lineAt(doc, i));
    if (role === 'other') return undefined;
    if (role === 'member') added.push(i);
  }
  // The group the edited lines fall in: the last one opened before them.
  let at = -1;
  for (let lo = 0, hi = prev.groups.length - 1; lo <= hi;) {
    const mid = (lo + hi) >> 1;
    if (prev.groups[mid].startLine < from) {
      at = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  const edited = at >= 0 ? prev.groups[at] : undefined;
  if (members || added.length > 0) {
    // With no member before the edit, one added there would decide whether the next
    // User-agent line opens a group or joins this one; before any group, members are strays.
    if (!edited || edited.members.length === 0 || edited.members[0] >= from) return undefined;
  }
  const delta = to - oldTo;
  const move = (n: number): number => (n >= oldTo ? n + delta : n);
  const moveAll = (list: readonly number[]): number[] => list.map(move);
  const groups = prev.groups.map((g, k): Group => {
    if (k < at) return { ...g };
    if (k > at) return { agents: moveAll(g.agents), members: moveAll(g.members), onceFields: moveAll(g.onceFields), startLine: g.startLine + delta, endLine: g.endLine + delta };
    // The edited group: its members before the edit, those the edit wrote, those after it moved.
    // Its User-agent lines come before its first member (another starts a new group), but may
    // follow the edited lines when it has no member yet and they are blank lines or comments.
    // One copy, whose members after the edit are moved in place: pushed one by one, 47,000
    // members took most of a millisecond; sliced around the edit and concatenated (three copies),
    // 0.5 ms at the median and 2 ms at the 95th percentile, against 0.26 and 0.35 ms so (in a
    // scratch benchmark of 400 moves of 47,000 members). When the edit adds as many members as it
    // removes (none, for a blank line added or removed), they are written over in that copy.
    const a = lowerBound(g.members, from);
    const b = lowerBound(g.members, oldTo);
    let kept: number[];
    let moved: number;
    if (added.length === b - a) {
      kept = g.members.slice();
      for (let j = 0; j < added.length; j++) kept[a + j] = added[j];
      moved = b;
    } else {
      kept = g.members.slice(0, a).concat(added, g.members.slice(b));
      moved = a + added.length;
    }
    addFrom(kept, moved, delta);
    const onceFields = carryLines(g.onceFields, edit, (i) => isOnceField(lineAt(doc, i)));
    const agents = moveAll(g.agents);
    return { agents, members: kept, onceFields, startLine: g.startLine, endLine: kept.length > 0 ? kept[kept.length - 1] : agents[agents.length - 1] };
  });
  const records = prev.records.map((r): AcapRecord => ({
    crawlers: moveAll(r.crawlers),
    general: moveAll(r.general),
    subRecords: r.subRecords.map((x) => ({ purposes: moveAll(x.purposes), fields: moveAll(x.fields) })),
    reference: r.reference === undefined ? undefined : r.reference + delta,
    conventional: moveAll(r.conventional),
    startLine: r.startLine + delta,
    endLine: r.endLine + delta,
  }));
  const movedDefinitions = prev.definitions.some((d) => d.line >= oldTo);
  const definitions = movedDefinitions ? prev.definitions.map((d) => (d.line >= oldTo ? { ...d, line: d.line + delta } : d)) : prev.definitions;
  const named = movedDefinitions ? indexDefinitions(definitions) : { resourceSets: prev.resourceSets, localUsages: prev.localUsages };
  const model: RobotsModel = {
    document: doc,
    groups,
    records,
    definitions,
    resourceSets: named.resourceSets,
    localUsages: named.localUsages,
    ignoreConventional: moveAll(prev.ignoreConventional),
    versionLines: moveAll(prev.versionLines),
    acapVersion: prev.acapVersion,
    strays: prev.strays.map((x) => (x.line >= oldTo ? { line: x.line + delta, kind: x.kind } : x)),
  };
  lineage.set(model, { previous: prev, from, to, oldTo, rebuilt: true });
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

/** A field a group may hold once (Group.onceFields). */
function isOnceField(line: LineNode): boolean {
  const id = line.field?.fact?.id;
  return id === 'robot-version' || id === 'visit-time';
}

type RecordPhase = 'crawlers' | 'general' | 'reference' | 'purposes' | 'sub-body';

function nameOf(line: LineNode): string {
  const d = line.directive;
  if ((d.kind === 'acap-resource-set' || d.kind === 'acap-qualified-usage' || d.kind === 'acap-composite-usage') && d.name) {
    return line.text.slice(d.name.start, d.name.end).toLowerCase();
  }
  return '';
}

/** A record while buildModel reads it: its lists are replaced when their first item comes (withItem). */
type RecordBuilding = { -readonly [K in keyof AcapRecord]: AcapRecord[K] };

/**
 * The empty lists a record starts with, shared (frozen) until a line comes: most records lack one
 * list or another, and 150,000 records of one field held 300,000 empty arrays besides a list
 * grown by push for each single field (buildModel held 376 bytes a record in a sampling heap
 * profile of that file).
 */
const NO_LINES = Object.freeze([]) as readonly number[] as number[];
const NO_SUBRECORDS = Object.freeze([]) as readonly SubRecord[] as SubRecord[];

/** `list` with `item` added: a list of its own, exactly one long, for the first item. O(1) amortized. */
function withItem<T>(list: T[], item: T): T[] {
  if (list.length === 0) return [item];
  list.push(item);
  return list;
}

function buildModel(doc: RobotsDocument): RobotsModel {
  const lines = doc.lines;
  const groups: Group[] = [];
  const records: AcapRecord[] = [];
  const definitions: Definition[] = [];
  const ignoreConventional: number[] = [];
  const versionLines: number[] = [];
  const strays: Stray[] = [];

  let group: Group | undefined;
  let groupHasMembers = false;
  let record: RecordBuilding | undefined;
  let phase: RecordPhase = 'crawlers';
  let sub: SubRecord | undefined;

  const closeRecord = (): void => {
    record = undefined;
    sub = undefined;
  };

  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const d = line.directive;
    if (d.kind === 'acap-version') versionLines.push(i);
    const f = line.field;
    if (!f || !f.fact) continue;
    const fact = f.fact;

    switch (fact.placement) {
      case 'group-start': {
        // Part 1 §2.3: an ACAP record ends at the next ACAP-crawler line or the end of the file,
        // so a User-agent line does not end it: for ACAP crawlers this group is conventional
        // lines inside the record (ignored), and ACAP fields after it still belong to the record.
        if (record) {
          record.conventional = withItem(record.conventional, i);
          record.endLine = i;
        }
        if (group && !groupHasMembers) {
          group.agents.push(i);
          group.endLine = i;
        } else {
          group = { agents: [i], members: [], onceFields: [], startLine: i, endLine: i };
          groups.push(group);
          groupHasMembers = false;
        }
        break;
      }
      case 'group-member': {
        if (record) {
          record.conventional = withItem(record.conventional, i);
          record.endLine = i;
        }
        if (!group) {
          if (!record) strays.push({ line: i, kind: 'no-group' });
          break;
        }
        group.members.push(i);
        if (isOnceField(line)) group.onceFields.push(i);
        group.endLine = i;
        groupHasMembers = true;
        break;
      }
      case 'global':
        break;
      case 'acap-file': {
        if (fact.id === 'acap-ignore-conventional-records') {
          ignoreConventional.push(i);
          break;
        }
        const kind: DefinitionKind = fact.id === 'acap-resource-set' ? 'resource-set' : fact.id === 'acap-qualified-usage' ? 'qualified-usage' : 'composite-usage';
        if (records.length > 0) strays.push({ line: i, kind: 'late-definition' });
        const n = nameOf(line);
        if (n) definitions.push({ kind, line: i, name: n, misplaced: records.length > 0 });
        break;
      }
      case 'acap-record-start': {
        if (record && phase === 'crawlers') {
          record.crawlers.push(i);
          record.endLine = i;
          break;
        }
        closeRecord();
        record = { crawlers: [i], general: NO_LINES, subRecords: NO_SUBRECORDS, reference: undefined, conventional: NO_LINES, startLine: i, endLine: i };
        records.push(record);
        phase = 'crawlers';
        break;
      }
      case 'acap-record-member': {
        if (!record) {
          strays.push({ line: i, kind: 'no-record' });
          break;
        }
        record.endLine = i;
        if (phase === 'reference') {
          strays.push({ line: i, kind: 'after-reference' });
          break;
        }
        if (fact.id === 'acap-permissions-reference') {
          if (phase !== 'crawlers') {
            strays.push({ line: i, kind: 'misplaced-reference' });
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
            record.subRecords = withItem(record.subRecords, sub);
            phase = 'purposes';
          }
          break;
        }
        if (phase === 'purposes' || phase === 'sub-body') {
          if (fact.id === 'acap-request') {
            strays.push({ line: i, kind: 'request-in-purposes' });
            break;
          }
          sub?.fields.push(i);
          phase = 'sub-body';
        } else {
          record.general = withItem(record.general, i);
          phase = 'general';
        }
        break;
      }
    }
  }
  closeRecord();

  const { resourceSets, localUsages } = indexDefinitions(definitions);
  const firstVersion = versionLines.length ? lines[versionLines[0]] : undefined;
  const vd = firstVersion?.directive;
  const acapVersion = vd && vd.kind === 'acap-version' && vd.version ? firstVersion.text.slice(vd.version.start, vd.version.end) : undefined;

  return { document: doc, groups, records, definitions, resourceSets, localUsages, ignoreConventional, versionLines, acapVersion, strays };
}

/**
 * The first definition of each name (Part 1 §3: "No two qualified or composite usages may share
 * the same name"; a later one defines nothing, and the checks report it). O(definitions).
 */
function indexDefinitions(definitions: readonly Definition[]): {
  resourceSets: Map<string, Definition>;
  localUsages: Map<string, Definition>;
} {
  const resourceSets = new Map<string, Definition>();
  const localUsages = new Map<string, Definition>();
  for (const def of definitions) {
    if (def.misplaced) continue;
    const table = def.kind === 'resource-set' ? resourceSets : localUsages;
    if (!table.has(def.name)) table.set(def.name, def);
  }
  return { resourceSets, localUsages };
}

/**
 * The patterns, as written, of the resource set that `spec` (`the-acap:resource-set:NAME`, any
 * case) names, by its first definition before the records (Part 1 §2.7.3); undefined when `spec`
 * names no set the model defines. O(the set's patterns).
 */
export function resourceSetPatterns(model: RobotsModel, spec: string): string[] | undefined {
  if (!namesResourceSet(spec)) return undefined;
  const def = model.resourceSets.get(spec.slice(RESOURCE_SET_PREFIX.length).toLowerCase());
  if (!def) return undefined;
  const line = lineAt(model.document, def.line);
  const d = line.directive;
  return d.kind === 'acap-resource-set' ? d.patterns.map((p) => line.text.slice(p.start, p.end)) : undefined;
}

export function nameSpan(line: LineNode): { start: number; end: number } {
  const d = line.directive;
  return 'name' in d && d.name && typeof d.name === 'object' ? d.name : { start: 0, end: line.text.length };
}
