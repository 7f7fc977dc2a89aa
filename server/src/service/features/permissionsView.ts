/**
 * The data of the permissions view (issue 15): for one path, every crawler the file names and the
 * configured main crawlers × every usage the file speaks about, in both readings — a crawler that
 * reads ACAP and one that reads only conventional records (interpretation §3.6) — once with no
 * usage purpose and once per purpose the file's sub-records name (Part 1 §2.3.3). Crawlers that
 * answer alike share a row. Plain JSON, so any client can render it.
 *
 * Cost: (crawlers + 1) × usages × 2 readings × (purposes + 1) engine answers, at most
 * MAX_VIEW_ANSWERS beyond the configured crawlers' (the file's crawlers past it are counted, not
 * answered); purposes are capped at MAX_PURPOSES. Rows are grouped through a map by their answers.
 */
import type { CodeLens } from 'vscode-languageserver-types';
import type { RobotsDocument } from '../syntax/document';
import { getModel } from '../model/model';
import { inOneRequest } from '../syntax/workspace';
import { explain, type Explanation, type Reading } from '../engine/permissions';

/** What the engine needs from outside the document (its context parameter, whatever its name). */
type Context = NonNullable<Parameters<typeof explain>[2]>;
import { crawlersNamed, crawlersWithin, DEFAULT_CRAWLERS, defaultReading, matrixUsages } from '../engine/matrix';
import type { Profile } from '../engine/conventional';
import { representativePath } from './hover';

export interface ViewVerdict {
  readonly allowed: boolean;
  /** 1-based deciding line, if a line decided. */
  readonly line: number | undefined;
  readonly qualifiers: readonly string[];
}

export interface ViewCell {
  /** What a crawler that reads ACAP may do. */
  readonly acap: ViewVerdict;
  /** What a crawler that reads only the conventional records may do. */
  readonly conventional: ViewVerdict;
}

export interface ViewRow {
  readonly crawlers: readonly string[];
  /** The reading these crawlers use by default (the knowledge base's readsAcap fact, issue 15). */
  readonly reading: Reading;
  readonly cells: readonly ViewCell[];
}

export interface ViewSection {
  /** undefined: no usage purpose given. */
  readonly purpose: string | undefined;
  readonly rows: readonly ViewRow[];
}

export interface PermissionsView {
  readonly uri: string;
  readonly path: string;
  readonly profile: Profile;
  /** Whether the file has ACAP records (else both readings agree). */
  readonly acap: boolean;
  readonly usages: readonly string[];
  readonly sections: readonly ViewSection[];
  /** Crawlers the file names that the view did not answer (past MAX_VIEW_ANSWERS); absent when none. */
  readonly crawlersNotShown?: number;
}

const MAX_PURPOSES = 4;

/**
 * Engine answers one view asks for, about half a second on this machine. `*` and the configured
 * crawlers always get their rows; the crawlers the file names get rows in file order while the
 * budget lasts, and the others are counted (`robots-acap table` answers every one). A file of
 * 40,000 groups asked for 480,000 answers.
 */
export const MAX_VIEW_ANSWERS = 20_000;

/** Usage purposes the file's sub-records name, first spelling kept (Part 1 §2.3.3). */
export function purposesNamed(doc: RobotsDocument): string[] {
  const out = new Map<string, string>();
  for (const line of doc.lines) {
    const d = line.directive;
    if (d.kind !== 'acap-purpose' || d.pattern.end <= d.pattern.start) continue;
    const p = line.text.slice(d.pattern.start, d.pattern.end);
    if (!out.has(p.toLowerCase())) out.set(p.toLowerCase(), p);
  }
  return [...out.values()];
}

function verdict(e: Explanation): ViewVerdict {
  return { allowed: e.allowed, line: e.decidedBy[0]?.line, qualifiers: e.qualifiers };
}

export interface ViewOptions {
  readonly crawlers?: readonly string[];
  readonly profile?: Profile;
}

export function permissionsView(doc: RobotsDocument, path: string, options: ViewOptions = {}, context: Context = {}): PermissionsView {
  // Every answer reads the files the document refers to: once for the view (requestView).
  const ctx = inOneRequest(context);
  const profile = options.profile ?? 'rfc9309';
  const acap = getModel(doc).records.length > 0;
  const usages = acap ? matrixUsages(doc) : ['crawl'];
  const purposes = [undefined, ...purposesNamed(doc).slice(0, MAX_PURPOSES)];
  const { answered: crawlers, left: notShown } = crawlersWithin(crawlersNamed(doc, profile), options.crawlers ?? DEFAULT_CRAWLERS, usages.length * 2 * purposes.length, MAX_VIEW_ANSWERS);
  const sections = purposes.map((purpose): ViewSection => {
    type Row = { crawlers: string[]; reading: Reading; cells: ViewCell[] };
    const rows: Row[] = [];
    // Rows by their key: a search of every row per crawler was quadratic (40,000 groups: 22 s).
    const byKey = new Map<string, Row>();
    for (const agent of [...crawlers, '*']) {
      const reading = defaultReading(doc, agent).reading;
      const cells = usages.map((usage): ViewCell => {
        const q = { agent, usage, path, profile, ...(purpose ? { purpose } : {}) };
        const a = explain(doc, { ...q, reading: 'acap' }, ctx);
        const c = explain(doc, { ...q, reading: 'conventional' }, ctx);
        return { acap: verdict(a), conventional: verdict(c) };
      });
      const key = reading + JSON.stringify(cells);
      const same = byKey.get(key);
      if (same) same.crawlers.push(agent);
      else {
        const row: Row = { crawlers: [agent], reading, cells };
        rows.push(row);
        byKey.set(key, row);
      }
    }
    return { purpose, rows };
  });
  return { uri: doc.uri, path, profile, acap, usages, sections, ...(notShown ? { crawlersNotShown: notShown } : {}) };
}

/**
 * A lens above each conventional group and ACAP record: the permissions view for a path its
 * first pattern matches (`/` when it has none). `command` is the client's command id.
 */
export function getPermissionLenses(doc: RobotsDocument, command: string): CodeLens[] {
  const model = getModel(doc);
  const firstPattern = (lines: readonly number[]): string => {
    for (const l of lines) {
      const node = doc.lines[l];
      const d = node.directive;
      const span = d.kind === 'rule' ? d.pattern : d.kind === 'acap-permission' && d.resource ? d.resource : undefined;
      const p = span ? node.text.slice(span.start, span.end) : '';
      if (p.startsWith('/') || p.startsWith('*')) return representativePath(p);
    }
    return '/';
  };
  const lens = (line: number, members: readonly number[]): CodeLens => {
    const path = firstPattern(members);
    return {
      range: { start: { line, character: 0 }, end: { line, character: 0 } },
      command: { title: `Who may do what on ${path}`, command, arguments: [doc.uri, path] },
    };
  };
  const out = [
    ...model.groups.map((g) => lens(g.startLine, g.members)),
    ...model.records.map((r) => lens(r.startLine, r.general)),
  ];
  return out.sort((a, b) => a.range.start.line - b.range.start.line);
}

