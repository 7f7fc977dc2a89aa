/**
 * ACAP records (Part 1 §2.3): crawler lines and the fields that follow them, the permissions
 * reference, usage purposes and their sub-records, action requests (§2.6), a conventional group
 * written inside a record (§2.9.2), and fields that contradict or repeat each other in one
 * record (§2.4.5). Line checks read one line (O(n) in its length); the structure check reads the
 * model once per model (O(records + crawler and conventional lines + strays)); the record check
 * keeps its answer per record object, so an edit re-checks only the record it touched, and a long
 * section of it through an index kept between versions (SectionIndex): only the fields the edit
 * changed, and the fields of the same usage and pattern.
 */
import { ACTIONS } from '../../facts/facts';
import type { Directive } from '../../syntax/directives';
import { byPlace, type CodeRuns, type Finding, type FindingRun, type LocatedFinding, type RelatedLine } from '../../syntax/findings';
import type { DiagnosticCode } from '../../facts/codes';
import { closest, didYouMean } from '../../facts/suggest';
import type { LineNode, Span } from '../../syntax/syntax';
import { innerDollars, uriCharProblem } from '../../acap/values';
import { getModel, type AcapRecord, type RobotsModel } from '../../model/model';
import { insertAbove, removeLine, type Fix, type Topic } from '../rule';
import { lineAt, rangesChangedSince, serialOf, type RobotsDocument } from '../../syntax/document';
import { lowerBound } from '../../syntax/numbers';

const ACTION_NAMES = ACTIONS.map((a) => a.name);

function text(line: LineNode, span: Span): string {
  return line.text.slice(span.start, span.end);
}

/** ACAP-crawler: a name, or * (Part 1 §2.3.1). */
export function checkCrawlerName(line: LineNode, out: Finding[]): void {
  const f = line.field;
  if (!f) return;
  const value = f.value;
  const name = text(line, value);
  if (!name) out.push({ code: 'acap.empty-crawler-name', span: f.name, message: 'Name the crawler, or write * for any crawler (Part 1 §2.3.1).' });
  else if (name !== '*' && !/^[A-Za-z]/.test(name)) out.push({ code: 'acap.invalid-crawler-name', span: value, message: `A crawler name starts with a letter (Part 1 §3 crawler-name); ‘${name}’ may not be recognised.` });
}

/** ACAP-permissions-reference: one path or URI, not robots.txt itself (Part 1 §2.3.2). */
export function checkPermissionsReference(line: LineNode, out: Finding[]): void {
  const f = line.field;
  if (!f) return;
  const value = f.value;
  const v = text(line, value);
  const problem = !v ? 'Give the path or URI of the file of permissions'
    : /\s/.test(v) ? 'Give exactly one path or URI'
    // Part 1 §3 note: only resource path patterns may use the wildcards * and $.
    : /[*$]/.test(v) ? 'A permissions reference names one file: wildcards * and $ are not allowed'
    : uriCharProblem(v);
  if (problem) out.push({ code: 'acap.invalid-permissions-reference', span: v ? value : f.name, message: `${problem} (Part 1 §2.3.2).` });
  // Part 1 §2.3.2 forbids circular references; a reference to robots.txt itself is the plainest one.
  else if (/^(?:[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/]*)?\/robots\.txt$/i.test(v)) out.push({ code: 'acap.invalid-permissions-reference', span: value, message: 'A robots.txt may not refer to robots.txt itself: references must not be circular (Part 1 §2.3.2). Refer to a separate file such as /searchbot.txt.' });
}

/** ACAP-usage-purpose: one name or URI pattern (Part 1 §2.3.3). */
export function checkUsagePurpose(line: LineNode, out: Finding[]): void {
  const f = line.field;
  if (!f) return;
  const value = f.value;
  const v = text(line, value);
  if (!v) out.push({ code: 'acap.invalid-usage-purpose', span: f.name, message: 'Give a usage purpose: a service name or a URI pattern (Part 1 §2.3.3).' });
  else if (/\s/.test(v)) out.push({ code: 'acap.invalid-usage-purpose', span: value, message: 'One usage purpose per line; add another ACAP-usage-purpose line for each further purpose (Part 1 §2.3.3).' });
  // Part 1 §3: a name starts with a letter, and so does a URI's scheme.
  else if (/["'<>\\^`{|}]/.test(v) || !/^[A-Za-z]/.test(v)) out.push({ code: 'acap.invalid-usage-purpose', span: value, message: `‘${v}’ is neither a name nor a URI pattern (Part 1 §2.3.3).` });
  // Part 1 §2.8: * and $ mean the same in usage purpose patterns as in resource path patterns.
  for (const at of innerDollars(v)) {
    out.push({ code: 'acap.dollar-not-last', span: { start: value.start + at, end: value.start + at + 1 }, message: '‘$’ may only be the last character of a pattern, where it anchors the end (Part 1 §2.8).' });
  }
}

/** ACAP-request-…: a known action on one resource path (Part 1 §2.6). */
export function checkRequest(line: LineNode, d: Extract<Directive, { kind: 'acap-request' }>, out: Finding[]): void {
  const f = line.field;
  if (!f) return;
  const action = text(line, d.action).toLowerCase();
  if (!ACTION_NAMES.includes(action)) {
    const near = closest(action, ACTION_NAMES);
    out.push({ code: 'acap.unknown-action', span: d.action.start < d.action.end ? d.action : f.name, message: `‘${action}’ is not an action request: use ACAP-request-take-down or ACAP-request-re-crawl (Part 1 §2.6).${didYouMean(near)}`, replacement: near });
  }
  out.push({ code: 'acap.not-ready', span: f.name, message: 'Action requests are not ready for implementation (Part 1 §2.6): crawlers will not act on them.' });
  if (!d.target) out.push({ code: 'acap.invalid-request-target', span: f.name, message: 'Give the path of the one resource the request is for (Part 1 §2.6).' });
  else {
    const t = text(line, d.target);
    if (/[*$]/.test(t) || d.extra.length > 0) out.push({ code: 'acap.invalid-request-target', span: d.extra.length ? { start: d.target.start, end: d.extra[d.extra.length - 1].end } : d.target, message: 'An action request locates a single resource: one path, without wildcards (Part 1 §2.6).' });
    else if (!t.startsWith('/')) out.push({ code: 'acap.invalid-request-target', span: d.target, message: `The target is a path relative to the site root, starting with ‘/’ (Part 1 §2.6).`, replacement: /^[A-Za-z][A-Za-z0-9+.-]*:/.test(t) ? undefined : '/' + t });
  }
}

/**
 * What the shape of the records says (Part 1 §2.3): crawler lines apart, a record with no field,
 * purposes with no field after them, a conventional group inside a record (§2.9.2, once, at the
 * first), and the ACAP lines the model left out of every record.
 */
export function checkRecordStructure(model: RobotsModel, out: LocatedFinding[]): void {
  // Lines are read one by one: the version's line array is made on first read, O(lines) for a
  // file whose edits never ask for it (0.4 ms a line added on the largest real file, which has no record).
  const doc = model.document;
  const nameAt = (i: number): Span => lineAt(doc, i).field?.name ?? { start: 0, end: 0 };
  let warnedGroup = false;
  for (const record of model.records) {
    const c = record.crawlers;
    for (let k = 1; k < c.length; k++) {
      if (c[k] !== c[k - 1] + 1) {
        out.push({ line: c[k], code: 'acap.crawler-lines-apart', span: nameAt(c[k]), message: `This crawler joins the record of line ${record.startLine + 1}: crawler lines separated only by comments or blank lines form one record (Part 1 §2.3), so both get the fields that follow. If they need different policies, give the first its own fields.` });
      }
    }
    if (!warnedGroup) {
      const ua = record.conventional.find((i) => lineAt(doc, i).field?.fact?.placement === 'group-start');
      if (ua !== undefined) {
        warnedGroup = true;
        out.push({ line: ua, code: 'acap.conventional-after-acap', span: nameAt(ua), message: `Conventional groups should come before all ACAP records (Part 1 §2.9, "strongly recommended"). An ACAP record runs to the next ACAP-crawler line (Part 1 §2.3), so a crawler that reads ACAP takes this group for lines inside the record of line ${record.startLine + 1} and ignores them, and ACAP fields below it still belong to that record. Move the group above the first ACAP record.` });
      }
    }
    if (record.general.length === 0 && record.subRecords.length === 0 && record.reference === undefined) {
      const first = c[0];
      out.push({ line: first, code: 'acap.empty-record', span: nameAt(first), message: 'This ACAP record has no permission, prohibition or permissions reference after its crawler lines (Part 1 §2.3), so it says nothing.' });
    }
    // Only the last sub-record can lack fields: a purpose after fields starts a new one.
    const last = record.subRecords[record.subRecords.length - 1];
    if (last && last.fields.length === 0) {
      for (const p of last.purposes) {
        out.push({ line: p, code: 'acap.purpose-without-permission', span: nameAt(p), message: 'A usage purpose must be followed by at least one permission or prohibition for that purpose (Part 1 §2.3).' });
      }
    }
  }
  // Strays and records are both in line order: the record a stray stands in is found by walking.
  let k = -1;
  for (const s of model.strays) {
    while (k + 1 < model.records.length && model.records[k + 1].startLine < s.line) k++;
    const record = k >= 0 ? model.records[k] : undefined;
    const i = s.line;
    const name = nameAt(i);
    switch (s.kind) {
      case 'no-record': {
        const line = lineAt(doc, i);
        const f = line.field;
        const written = f?.fact?.isPrefix ? text(line, name) : f?.fact?.name;
        out.push({ line: i, code: 'acap.field-outside-record', span: name, message: `${written} stands before any ACAP-crawler line, so it addresses no crawler and is ignored (Part 1 §2.3). Add an ACAP-crawler line above it.` });
        break;
      }
      case 'after-reference':
        if (record) out.push({ line: i, code: 'acap.field-after-permissions-reference', span: name, message: `Nothing may follow ACAP-permissions-reference in a record (Part 1 §2.3); the crawlers of line ${record.startLine + 1} take their permissions from line ${(record.reference ?? i) + 1}'s file. Start a new record for these fields.` });
        break;
      case 'misplaced-reference':
        out.push({ line: i, code: 'acap.misplaced-permissions-reference', span: name, message: 'ACAP-permissions-reference must directly follow the crawler lines and be the record\'s only field (Part 1 §2.3). Move it into a record of its own.' });
        break;
      case 'request-in-purposes':
        out.push({ line: i, code: 'acap.request-in-sub-record', span: name, message: 'Action requests may not stand in a usage-purpose sub-record (Part 1 §2.3); move it above the first ACAP-usage-purpose of the record.' });
        break;
      default:
        break;
    }
  }
}

/**
 * What a record section has said so far of one usage and pattern: the last line of each kind,
 * the last of each kind with no qualifier, and the last of each kind with each set of qualifiers.
 */
interface Said {
  allow: number;
  disallow: number;
  plainAllow: number;
  plainDisallow: number;
  qualified: Map<string, number> | undefined;
}

const newSaid = (): Said => ({ allow: -1, disallow: -1, plainAllow: -1, plainDisallow: -1, qualified: undefined });

type Permission = Extract<Directive, { kind: 'acap-permission' }>;

/** The permission a section checks on `line`: one of a standard usage, with a resource. */
function checked(line: LineNode): Permission | undefined {
  const d = line.directive;
  return d.kind === 'acap-permission' && d.usage && !d.usage.local && d.resource ? d : undefined;
}

/** The pattern a field is compared by (ACAP patterns compare case-insensitively, Part 1 §2.8). */
function patternOf(line: LineNode, d: Permission): string {
  return line.text.slice(d.resource!.start, d.resource!.end).toLowerCase();
}

/** The field's qualifiers as one key, sorted: '' for none. */
function qualifiersOf(line: LineNode, d: Permission): string {
  const text = line.text;
  return d.qualifiers.length === 0 ? '' : d.qualifiers.map((q) => (q.value ? `${text.slice(q.name.start, q.name.end)}=${text.slice(q.value.start, q.value.end)}` : text.slice(q.span.start, q.span.end)).toLowerCase()).sort().join(' ');
}

const CONTRADICTORY = { code: 'acap.contradictory-fields' } as const;
const DUPLICATE = { code: 'acap.duplicate-field' } as const;
const STAR_WITH_NAMED = { code: 'acap.star-with-named-crawler' } as const;

/**
 * A field that contradicts or repeats an earlier one of its section (`prev`, its line), its
 * message and related line made when read: every field of a record of 227,949 fields repeats
 * another, and the validation shows the first hundred (the hint cap). O(1) to make.
 */
class SectionFinding implements LocatedFinding {
  constructor(
    readonly code: typeof CONTRADICTORY.code | typeof DUPLICATE.code,
    readonly line: number,
    readonly span: Span,
    readonly prev: number,
    private readonly prevSpan: Span,
    /** For a contradiction: the usage, and whether the field allows (the earlier one then prohibits). */
    private readonly usage: string,
    private readonly allow: boolean,
  ) {}

  get message(): string {
    return this.code === DUPLICATE.code
      ? `Line ${this.prev + 1} already says the same; this line can be removed.`
      : `Line ${this.prev + 1} ${this.allow ? 'prohibits' : 'permits'} ${this.usage} for the same pattern; with equal patterns a crawler cannot choose, so the usage is prohibited (Part 1 §2.4.5). Remove one of the two.`;
  }

  get related(): readonly RelatedLine[] {
    return [{ line: this.prev, span: this.prevSpan, message: this.code === DUPLICATE.code ? 'the same field' : 'the opposite field' }];
  }
}

/**
 * Field `i` (`line`, its permission `d`, its qualifiers' key) against what its section said
 * before of the same usage and pattern (`said`, then updated): a field of the opposite kind
 * before it, and one saying the same. O(1).
 */
function sayField(doc: RobotsDocument, i: number, line: LineNode, d: Permission, qualifiers: string, said: Said, out: LocatedFinding[]): void {
  const usage = d.usage!.name;
  const prev = d.allow ? said.disallow : said.allow;
  const span = line.field?.name ?? NO_SPAN;
  if (prev >= 0) out.push(new SectionFinding(CONTRADICTORY.code, i, span, prev, lineAt(doc, prev).field?.name ?? span, usage, d.allow));
  const same = qualifiers === '' ? undefined : `${d.allow ? 'allow' : 'disallow'} ${qualifiers}`;
  const dup = same === undefined ? (d.allow ? said.plainAllow : said.plainDisallow) : (said.qualified?.get(same) ?? -1);
  if (dup >= 0) out.push(new SectionFinding(DUPLICATE.code, i, span, dup, lineAt(doc, dup).field?.name ?? span, usage, d.allow));
  if (d.allow) said.allow = i;
  else said.disallow = i;
  if (same !== undefined) (said.qualified ??= new Map()).set(same, i);
  else if (d.allow) said.plainAllow = i;
  else said.plainDisallow = i;
}
const NO_SPAN: Span = Object.freeze({ start: 0, end: 0 });

/**
 * Allow and disallow of one usage for one pattern in one record section (Part 1 §2.4.5, last
 * paragraph), and a field that says what an earlier one said. O(fields), one look-up of the usage
 * and one of the pattern a field (by their own strings, no key written for them), and the
 * qualifiers sorted only on fields that have some: a record of 42,577 fields (the largest real
 * file converted to ACAP) spent most of each keystroke's validation writing four keys a field.
 * A section checked again (its record edited) is checked through a SectionIndex.
 */
function checkSection(doc: RobotsDocument, fieldLines: readonly number[], out: LocatedFinding[]): void {
  if (fieldLines.length >= INDEXED_FROM) {
    const index = sectionIndexes.get(fieldLines);
    if (index?.update(doc, fieldLines)) {
      index.findings(out);
      return;
    }
    if (index || checkedOnce.has(fieldLines)) {
      const built = new SectionIndex(doc, fieldLines);
      sectionIndexes.set(fieldLines, built);
      built.findings(out);
      return;
    }
    checkedOnce.add(fieldLines);
  }
  const seen = new Map<string, Map<string, Said>>();
  for (const i of fieldLines) {
    const line = lineAt(doc, i);
    const d = checked(line);
    if (!d) continue;
    const pattern = patternOf(line, d);
    let byPattern = seen.get(d.usage!.name);
    if (!byPattern) seen.set(d.usage!.name, (byPattern = new Map()));
    let said = byPattern.get(pattern);
    if (!said) byPattern.set(pattern, (said = newSaid()));
    sayField(doc, i, line, d, qualifiersOf(line, d), said, out);
  }
}

/** From this many fields on, a section checked a second time is checked through a SectionIndex. */
const INDEXED_FROM = 64;
/**
 * Fields changed beyond which a SectionIndex is built again instead of updated: each field re-read
 * moves in its bucket at O(bucket), so an edit that rewrites most of a section (Replace All, a
 * formatter) cost changed fields × bucket size (the session's review: 2.8 s for 100,000 identical
 * fields rewritten, where building is O(fields)).
 */
const REREAD_MAX = 256;
/** Sections (by their line array) checked once: the second check builds their index. */
const checkedOnce = new WeakSet<readonly number[]>();
/**
 * Each long section's index, by its line array: a record carried over from one version to the
 * next (model.ts, carryOver: typing in a field) keeps its sections' arrays, line numbers and all.
 */
const sectionIndexes = new WeakMap<readonly number[], SectionIndex>();

/** A field's place in its section's buckets. */
interface Keyed {
  readonly usage: string;
  readonly pattern: string;
  readonly qualifiers: string;
}

/**
 * A long section's check kept between versions: each field's line node and key, the fields
 * bucketed by usage and pattern (positions ascending), and each field's findings. An edit re-reads
 * the fields on the lines it changed (rangesChangedSince; every node compared when the versions
 * are not in one line of edits), moves them between buckets, and checks again only the buckets
 * they left or joined: a field's findings depend on the fields before it in its bucket only.
 * O(fields) to build (the plain check plus a key a field), then O(log fields + changed fields ×
 * bucket size) an edit, at most REREAD_MAX changed fields (past them it is built again), and
 * O(fields) integer reads to list the findings. Typing in a record of
 * 42,577 fields checked every field again on each keystroke (19 ms of it, in a CPU profile).
 * Holds line nodes, not a document: it names the version it answers by serial number.
 */
class SectionIndex {
  private serial: number;
  private readonly nodes: (LineNode | undefined)[];
  private readonly keys: (Keyed | undefined)[];
  private readonly buckets = new Map<string, Map<string, number[]>>();
  private readonly found: (readonly LocatedFinding[] | undefined)[];

  constructor(doc: RobotsDocument, lines: readonly number[]) {
    const n = lines.length;
    this.serial = serialOf(doc);
    this.nodes = new Array<LineNode | undefined>(n);
    this.keys = new Array<Keyed | undefined>(n);
    this.found = new Array<readonly LocatedFinding[] | undefined>(n);
    const touched = new Set<number[]>();
    for (let k = 0; k < n; k++) this.read(k, lineAt(doc, lines[k]), touched);
    for (const bucket of touched) this.settle(doc, lines, bucket);
  }

  /**
   * Re-read the fields on the lines changed since the version indexed, and check their buckets
   * again. False, with nothing changed, when more than REREAD_MAX fields changed: the caller builds
   * the index again.
   */
  update(doc: RobotsDocument, lines: readonly number[]): boolean {
    const serial = serialOf(doc);
    if (serial === this.serial) return true;
    const changed: number[] = [];
    const ranges = rangesChangedSince(doc, this.serial) ?? [{ from: 0, to: Infinity }];
    for (const r of ranges) {
      for (let k = lowerBound(lines, r.from); k < lines.length && lines[k] < r.to; k++) {
        if (lineAt(doc, lines[k]) === this.nodes[k]) continue;
        if (changed.length >= REREAD_MAX) return false;
        changed.push(k);
      }
    }
    const touched = new Set<number[]>();
    for (const k of changed) this.read(k, lineAt(doc, lines[k]), touched);
    for (const bucket of touched) this.settle(doc, lines, bucket);
    this.serial = serial;
    return true;
  }

  /** Every field's findings, in line order. O(fields). */
  findings(out: LocatedFinding[]): void {
    for (const list of this.found) if (list) for (const f of list) out.push(f);
  }

  /** Field `k` is on `node` now: out of its old bucket, into its new one, both to be checked again. */
  private read(k: number, node: LineNode, touched: Set<number[]>): void {
    if (node === this.nodes[k]) return;
    this.nodes[k] = node;
    this.found[k] = undefined;
    const old = this.keys[k];
    if (old) {
      const bucket = this.buckets.get(old.usage)!.get(old.pattern)!;
      bucket.splice(lowerBound(bucket, k), 1);
      touched.add(bucket);
      if (bucket.length === 0) this.buckets.get(old.usage)!.delete(old.pattern);
    }
    const d = checked(node);
    const key = d ? { usage: d.usage!.name, pattern: patternOf(node, d), qualifiers: qualifiersOf(node, d) } : undefined;
    this.keys[k] = key;
    if (!key) return;
    let byPattern = this.buckets.get(key.usage);
    if (!byPattern) this.buckets.set(key.usage, (byPattern = new Map()));
    let bucket = byPattern.get(key.pattern);
    if (!bucket) byPattern.set(key.pattern, (bucket = []));
    // Positions come in ascending order when the index is built (a push); an edit inserts.
    if (bucket.length === 0 || bucket[bucket.length - 1] < k) bucket.push(k);
    else bucket.splice(lowerBound(bucket, k), 0, k);
    touched.add(bucket);
  }

  /** The findings of every field of `bucket`, in its order. O(bucket). */
  private settle(doc: RobotsDocument, lines: readonly number[], bucket: readonly number[]): void {
    const said = newSaid();
    for (const k of bucket) {
      const node = this.nodes[k]!;
      const out: LocatedFinding[] = [];
      sayField(doc, lines[k], node, checked(node)!, this.keys[k]!.qualifiers, said, out);
      this.found[k] = out.length ? out : undefined;
    }
  }
}

/**
 * A record's findings, kept per record object: a version carried over from the previous one
 * shares every record the edit did not touch (getModel), so only the edited record is checked
 * again. O(fields of the changed records) per edit.
 */
const recordMemos = new WeakMap<AcapRecord, readonly LocatedFinding[]>();
const NO_FINDINGS: readonly LocatedFinding[] = Object.freeze([]);

function recordFindings(doc: RobotsDocument, r: AcapRecord): readonly LocatedFinding[] {
  // One crawler and at most one field per section: nothing to find, and nothing to keep (150,000
  // such records made 150,000 lists, maps and keys, and as many entries of the memo).
  // O(sub-records).
  if (r.crawlers.length === 1 && r.general.length < 2 && r.subRecords.every((s) => s.fields.length < 2)) return NO_FINDINGS;
  const known = recordMemos.get(r);
  if (known) return known;
  const out: LocatedFinding[] = [];
  const names = r.crawlers.map((c) => lineAt(doc, c).text.slice(lineAt(doc, c).field?.value.start ?? 0, lineAt(doc, c).field?.value.end ?? 0));
  if (names.length > 1 && names.includes('*')) {
    const at = r.crawlers[names.indexOf('*')];
    out.push({
      line: at, code: STAR_WITH_NAMED.code, span: lineAt(doc, at).field?.value ?? { start: 0, end: 0 },
      message: names.every((n) => n === '*')
        ? 'ACAP-crawler: * appears more than once in this record; keep one (Part 1 §2.3.1).'
        : 'ACAP-crawler: * must be the only crawler of its record (Part 1 §2.3.1). Give the named crawlers a record of their own.',
    });
  }
  checkSection(doc, r.general, out);
  for (const s of r.subRecords) checkSection(doc, s.fields, out);
  recordMemos.set(r, out);
  return out;
}

export function checkRecords(model: RobotsModel, out: LocatedFinding[]): void {
  // Lines are read one by one (lineAt): a version after an edit never makes its lines array here.
  for (const r of model.records) for (const f of recordFindings(model.document, r)) out.push(f);
}

/**
 * checkRecords' codes, in the order of its findings at one place: a field that contradicts one
 * field and repeats another gets the contradiction first (sayField).
 */
const RECORD_CODES: readonly DiagnosticCode[] = [STAR_WITH_NAMED.code, CONTRADICTORY.code, DUPLICATE.code];

/** A record's findings split by code (RECORD_CODES' order), each list in place order; kept per findings array. */
const splits = new WeakMap<readonly LocatedFinding[], readonly FindingRun[] | undefined>();

function splitByCode(found: readonly LocatedFinding[]): readonly FindingRun[] | undefined {
  if (splits.has(found)) return splits.get(found);
  const lists = RECORD_CODES.map((): LocatedFinding[] => []);
  let out: FindingRun[] | undefined = [];
  for (const f of found) {
    const c = RECORD_CODES.indexOf(f.code);
    if (c < 0) {
      out = undefined;
      break;
    }
    lists[c].push(f);
  }
  if (out) {
    for (const list of lists) {
      list.sort(byPlace);
      out.push({ length: list.length, at: (k) => list[k] });
    }
  }
  splits.set(found, out);
  return out;
}

/**
 * checkRecords' findings code by code (RunCheck), one run per record that has findings of the
 * code, records in line order: a validation that shows the first 100 repeated fields reads those
 * and counts the others, where listing, sorting and capping the 12,895 of a 1.27 MB file of 41
 * records was half of each keystroke's validation. O(records) after each record's findings are
 * split once (O(its findings)); undefined if a finding's code is not one of RECORD_CODES.
 */
export function recordFindingRuns(model: RobotsModel): CodeRuns[] | undefined {
  const runs = RECORD_CODES.map((): FindingRun[] => []);
  for (const r of model.records) {
    const found = recordFindings(model.document, r);
    if (found.length === 0) continue;
    const split = splitByCode(found);
    if (!split) return undefined;
    split.forEach((run, c) => {
      if (run.length > 0) runs[c].push(run);
    });
  }
  return RECORD_CODES.map((code, c) => ({ code, runs: runs[c] }));
}


/**
 * `ACAP-crawler: *` above a field that stands before any record — not offered when an ACAP
 * definition comes between that field and the first record: the line added would start the first
 * record above the definition, and a definition after the first record defines nothing (Part 1
 * §2.7), so a resource set or local usage the records use would be lost. O(definitions).
 */
const addStarCrawler: Fix = (doc, d) => {
  const line = d.range.start.line;
  const model = getModel(doc);
  const first = model.records.length ? model.records[0].startLine : Infinity;
  if (model.definitions.some((x) => x.line > line && x.line < first)) return [];
  return insertAbove('Add ‘ACAP-crawler: *’ above', 'ACAP-crawler: *')(doc, d);
};

export const topic: Topic = {
  topic: 'ACAP records',
  rules: [
    { codes: ['acap.empty-crawler-name', 'acap.invalid-crawler-name'], stage: 'line', check: checkCrawlerName },
    { codes: ['acap.invalid-permissions-reference'], stage: 'line', check: checkPermissionsReference },
    { codes: ['acap.invalid-usage-purpose'], stage: 'line', check: checkUsagePurpose },
    { codes: ['acap.unknown-action', 'acap.invalid-request-target'], stage: 'line', check: checkRequest },
    {
      codes: ['acap.crawler-lines-apart', 'acap.conventional-after-acap', 'acap.empty-record', 'acap.purpose-without-permission', 'acap.field-outside-record', 'acap.field-after-permissions-reference', 'acap.misplaced-permissions-reference', 'acap.request-in-sub-record'],
      stage: 'structure', check: checkRecordStructure,
      fixes: { 'acap.field-outside-record': addStarCrawler },
    },
    { codes: ['acap.star-with-named-crawler', 'acap.contradictory-fields', 'acap.duplicate-field'], stage: 'document', check: checkRecords, fixes: { 'acap.duplicate-field': removeLine } },
  ],
};
