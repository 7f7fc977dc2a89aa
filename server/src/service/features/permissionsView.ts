/**
 * The data of the permissions view (issue 15): for one path, every crawler the file names and the
 * configured main crawlers × every usage the file speaks about, in both readings — a crawler that
 * reads ACAP and one that reads only conventional records (interpretation §3.6) — once with no
 * usage purpose and once per purpose the file's sub-records name (Part 1 §2.3.3). Crawlers that
 * answer alike share a row. Plain JSON, so any client can render it.
 *
 * Cost: (crawlers + 1) × usages × 2 readings × (purposes + 1) engine answers; purposes are capped
 * at MAX_PURPOSES.
 */
import type { CodeLens } from 'vscode-languageserver-types';
import type { RobotsDocument } from '../syntax/document';
import { getModel } from '../model/model';
import { explain, type Explanation, type Reading } from '../engine/permissions';

/** What the engine needs from outside the document (its context parameter, whatever its name). */
type Context = NonNullable<Parameters<typeof explain>[2]>;
import { crawlersNamed, DEFAULT_CRAWLERS, defaultReading, matrixUsages } from '../engine/matrix';
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
}

const MAX_PURPOSES = 4;

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

export function permissionsView(doc: RobotsDocument, path: string, options: ViewOptions = {}, ctx: Context = {}): PermissionsView {
  const profile = options.profile ?? 'rfc9309';
  const acap = getModel(doc).records.length > 0;
  const usages = acap ? matrixUsages(doc) : ['crawl'];
  const crawlers = [...new Map([...crawlersNamed(doc), ...(options.crawlers ?? DEFAULT_CRAWLERS)].map((c) => [c.toLowerCase(), c])).values()];
  const purposes = [undefined, ...purposesNamed(doc).slice(0, MAX_PURPOSES)];
  const sections = purposes.map((purpose): ViewSection => {
    const rows: { crawlers: string[]; reading: Reading; cells: ViewCell[]; key: string }[] = [];
    for (const agent of [...crawlers, '*']) {
      const reading = defaultReading(doc, agent).reading;
      const cells = usages.map((usage): ViewCell => {
        const q = { agent, usage, path, profile, ...(purpose ? { purpose } : {}) };
        const a = explain(doc, { ...q, reading: 'acap' }, ctx);
        const c = explain(doc, { ...q, reading: 'conventional' }, ctx);
        return { acap: verdict(a), conventional: verdict(c) };
      });
      const key = reading + JSON.stringify(cells);
      const same = rows.find((r) => r.key === key);
      if (same) same.crawlers.push(agent);
      else rows.push({ crawlers: [agent], reading, cells, key });
    }
    return { purpose, rows: rows.map(({ crawlers: c, reading, cells }) => ({ crawlers: c, reading, cells })) };
  });
  return { uri: doc.uri, path, profile, acap, usages, sections };
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

