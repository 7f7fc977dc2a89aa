/**
 * Cross-vocabulary code actions (issue 14, point 4): on an ACAP record, write the Content-Signal
 * and Content-Usage lines that say its AI stance; on a Content-Signal or Content-Usage line, write
 * the ACAP record that says the same. Both follow the ACAP → AI mapping of facts/signalFacts.ts
 * (ACAP_AI_MAPPING) and say in their titles what cannot be kept.
 *
 * ACAP → preferences: the lines go into the conventional group that the record's crawler
 * already has (`User-agent: X`, or `*` for `ACAP-crawler: *`), never into a new group, because a
 * new group without rules would change what that crawler may crawl (RFC 9309 §2.2.1: one group
 * per crawler). Without such a group no action is offered.
 * Preferences → ACAP: a new record for each of the group's crawlers, at the end of the file
 * (ACAP records come after the conventional groups, Part 1 §2.9).
 * Cost: O(lines of the record or group) per request.
 */
import { CodeActionKind, type CodeAction, type Range } from 'vscode-languageserver-types';
import type { AiUse } from '../facts/crawlers';
import { CONTENT_SIGNAL_ALIASES } from '../facts/signalFacts';
import { getModel, resourceSetPatterns, type AcapRecord, type Group } from '../model/model';
import type { RobotsDocument } from '../syntax/document';
import { greatestOf } from '../syntax/numbers';
import { parseContentSignal, parseContentUsage } from '../syntax/signals';

type Stance = Map<AiUse, boolean>;

/** What each ACAP usage says on the AI uses (facts/signalFacts.ts ACAP_AI_MAPPING, made edits). */
const FROM_ACAP: Readonly<Record<string, { readonly refuses: readonly AiUse[]; readonly grants: readonly AiUse[] }>> = {
  crawl: { refuses: ['search', 'ai-input', 'ai-train'], grants: [] },
  index: { refuses: ['search'], grants: ['search'] },
  present: { refuses: ['ai-input'], grants: [] },
  other: { refuses: ['ai-input', 'ai-train'], grants: ['ai-input', 'ai-train'] },
};

function fieldName(doc: RobotsDocument, line: number): string {
  const n = doc.lines[line];
  return n.field ? n.text.slice(n.field.name.start, n.field.name.end).toLowerCase() : '';
}

function valueOf(doc: RobotsDocument, line: number): string {
  const n = doc.lines[line];
  return n.field ? n.text.slice(n.field.value.start, n.field.value.end).trim() : '';
}

/** The document's line end, found once per version: every action asked it, a pass over the file each. */
const eols = new WeakMap<RobotsDocument, string>();
function eol(doc: RobotsDocument): string {
  let e = eols.get(doc);
  if (e === undefined) eols.set(doc, (e = doc.lines.some((l) => l.eol === '\r\n') ? '\r\n' : '\n'));
  return e;
}

function touches(range: Range, start: number, end: number): boolean {
  return range.start.line <= end && range.end.line >= start;
}

/** The stance of an ACAP record, by path (`` for the whole site), and what it cannot carry. */
function recordStance(doc: RobotsDocument, r: AcapRecord): { byPath: Map<string, Stance>; lost: string[] } {
  const byPath = new Map<string, Stance>();
  const lost: string[] = [];
  // A set: looking each line up in its sub-record's list made a purpose of 160,000 fields take 9 s.
  const inPurpose = new Set(r.subRecords.flatMap((s) => s.fields));
  for (const line of [...r.general, ...inPurpose]) {
    const d = doc.lines[line].directive;
    if (d.kind !== 'acap-permission') continue;
    const usage = d.usage?.name ?? 'all';
    const written = d.resource ? doc.lines[line].text.slice(d.resource.start, d.resource.end) : '/';
    const map = usage === 'all' ? FROM_ACAP.crawl : FROM_ACAP[usage];
    if (!map || d.usage?.local) {
      lost.push(`line ${line + 1} (${usage}: no AI-use equivalent)`);
      continue;
    }
    const paths = pathsOf(doc, written);
    if (!paths) {
      lost.push(`line ${line + 1} (${written} names no paths)`);
      continue;
    }
    if (d.qualifiers.length > 0) lost.push(`line ${line + 1}'s qualifiers`);
    if (inPurpose.has(line)) lost.push(`line ${line + 1}'s usage purpose`);
    for (const path of paths) {
      const key = path === '/' || path === '' ? '' : path;
      const stance = byPath.get(key) ?? new Map<AiUse, boolean>();
      for (const use of d.allow ? map.grants : map.refuses) {
        // Most restrictive: a refusal is never overwritten by a permission.
        if (stance.get(use) !== false) stance.set(use, d.allow);
      }
      byPath.set(key, stance);
    }
    if (d.allow && usage === 'present') lost.push(`line ${line + 1} (allow-present grants no AI use)`);
  }
  return { byPath, lost };
}

/**
 * The paths a permission's resource stands for: a path itself, or the patterns of the resource
 * set `the-acap:resource-set:NAME` names, each of which becomes a line of its own; undefined for
 * a set the model does not define and for any other `the-acap:` resource.
 */
function pathsOf(doc: RobotsDocument, written: string): readonly string[] | undefined {
  if (!written.toLowerCase().startsWith('the-acap:')) return [written];
  const patterns = resourceSetPatterns(getModel(doc), written);
  return patterns?.length ? patterns : undefined;
}

/** The conventional group the record's crawlers read, or undefined. */
function groupFor(doc: RobotsDocument, r: AcapRecord): Group | undefined {
  const byAgent = groupsByAgent(doc);
  let first: Group | undefined;
  for (const l of r.crawlers) {
    const g = byAgent.get(valueOf(doc, l).toLowerCase());
    if (g && (!first || g.startLine < first.startLine)) first = g;
  }
  return first;
}

/**
 * The first group naming each User-agent value, lower-cased, once per version: every record's
 * action searched every group (12,000 groups and records: 6 s).
 */
const agentGroups = new WeakMap<RobotsDocument, Map<string, Group>>();
function groupsByAgent(doc: RobotsDocument): Map<string, Group> {
  let byAgent = agentGroups.get(doc);
  if (!byAgent) {
    byAgent = new Map();
    for (const g of getModel(doc).groups) for (const a of g.agents) {
      const name = valueOf(doc, a).toLowerCase();
      if (!byAgent.has(name)) byAgent.set(name, g);
    }
    agentGroups.set(doc, byAgent);
  }
  return byAgent;
}

function acapToPreferences(doc: RobotsDocument, r: AcapRecord): CodeAction | undefined {
  const { byPath, lost } = recordStance(doc, r);
  const group = groupFor(doc, r);
  if (!group || byPath.size === 0) return undefined;
  const lines: string[] = [];
  let inputOnly = false;
  for (const [path, stance] of byPath) {
    const prefix = path ? `${path} ` : '';
    const signal = (['search', 'ai-input', 'ai-train'] as const).filter((u) => stance.has(u)).map((u) => `${u}=${stance.get(u) ? 'yes' : 'no'}`);
    const usage = (['train-ai', 'search'] as const).map((l) => [l, l === 'train-ai' ? 'ai-train' : 'search'] as const).filter(([, u]) => stance.has(u)).map(([l, u]) => `${l}=${stance.get(u) ? 'y' : 'n'}`);
    if (signal.length) lines.push(`Content-Signal: ${prefix}${signal.join(', ')}`);
    if (usage.length) lines.push(`Content-Usage: ${prefix}${usage.join(', ')}`);
    if (stance.has('ai-input')) inputOnly = true;
  }
  if (lines.length === 0) return undefined;
  if (inputOnly) lost.push('ai-input in Content-Usage (the aipref vocabulary has no such label)');
  // Not Math.max(...): a group of 160,000 rules passed the engine's argument limit.
  const at = greatestOf(group.members, greatestOf(group.agents)) + 1;
  const nl = eol(doc);
  const title = `Write this ACAP record's AI stance as Content-Signal / Content-Usage lines in the group of line ${group.startLine + 1}${lost.length ? ` — not kept: ${[...new Set(lost)].join('; ')}` : ''}`;
  // A group that ends the file on a line without a line end: the position after it is outside
  // the text (found by npm run fuzz), so the lines go after its last character, a line end first.
  const edit = at < doc.lines.length
    ? { range: { start: { line: at, character: 0 }, end: { line: at, character: 0 } }, newText: lines.map((l) => l + nl).join('') }
    : { range: { start: { line: at - 1, character: doc.lines[at - 1].text.length }, end: { line: at - 1, character: doc.lines[at - 1].text.length } }, newText: lines.map((l) => nl + l).join('') };
  return { title, kind: CodeActionKind.RefactorRewrite, edit: { changes: { [doc.uri]: [edit] } } };
}

function preferencesToAcap(doc: RobotsDocument, line: number, group: Group): CodeAction | undefined {
  const n = doc.lines[line];
  const f = n.field;
  if (!f) return undefined;
  const name = fieldName(doc, line);
  const stance: Stance = new Map();
  let path = '/';
  const lost: string[] = [];
  if (name === 'content-usage') {
    const cu = parseContentUsage(n.text, f.value);
    if (!cu.dict.ok) return undefined;
    if (cu.path) path = n.text.slice(cu.path.start, cu.path.end);
    for (const m of cu.dict.members) {
      const use: AiUse | undefined = m.key === 'train-ai' ? 'ai-train' : m.key === 'search' ? 'search' : undefined;
      if (use && m.kind === 'token' && (m.value === 'y' || m.value === 'n')) stance.set(use, m.value === 'y');
    }
  } else if (name === 'content-signal' || CONTENT_SIGNAL_ALIASES.includes(name)) {
    const cs = parseContentSignal(n.text, f.value);
    if (cs.path) path = n.text.slice(cs.path.start, cs.path.end);
    for (const p of cs.pairs) {
      if ((p.key === 'search' || p.key === 'ai-input' || p.key === 'ai-train') && (p.value === 'yes' || p.value === 'no')) stance.set(p.key, p.value === 'yes');
      if (p.key === 'use') lost.push(`use=${p.value} (no ACAP counterpart)`);
    }
  } else return undefined;
  if (stance.size === 0) return undefined;
  const fields: string[] = [];
  if (stance.has('search')) fields.push(`ACAP-${stance.get('search') ? 'allow' : 'disallow'}-index: ${path}`);
  const train = stance.get('ai-train');
  const input = stance.get('ai-input');
  if (train === false || input === false) {
    // ACAP-disallow-other refuses both; a refused ai-input alone is refused by disallow-present.
    if (train === false) fields.push(`ACAP-disallow-other: ${path}`);
    if (input === false && train !== false) fields.push(`ACAP-disallow-present: ${path}`);
    if (train === false && input === true) lost.push('ai-input=yes (ACAP-disallow-other also refuses AI input)');
    if (input === false && train !== false) lost.push('that ACAP-disallow-present also refuses snippets and thumbnails in search results');
    if (input === false && train === true) lost.push('ai-train=yes (no ACAP usage grants training without AI input)');
  } else if (train === true || input === true) {
    fields.push(`ACAP-allow-other: ${path}`);
    if (train !== input) lost.push(`that ACAP-allow-other grants ${train ? 'ai-input' : 'ai-train'} too`);
  }
  const agents = group.agents.map((a) => valueOf(doc, a)).filter((a) => a !== '');
  const nl = eol(doc);
  const lastText = doc.lines[doc.lines.length - 1]?.text ?? '';
  const lead = lastText.trim() === '' ? '' : nl;
  const record = `${lead}${nl}${agents.map((a) => `ACAP-crawler: ${a}${nl}`).join('')}${fields.map((x) => x + nl).join('')}`;
  const end = doc.lines.length - 1;
  const pos = { line: end, character: lastText.length };
  const title = `Write this line's AI preferences as an ACAP record${lost.length ? ` — not kept: ${lost.join('; ')}` : ''}`;
  return { title, kind: CodeActionKind.RefactorRewrite, edit: { changes: { [doc.uri]: [{ range: { start: pos, end: pos }, newText: record }] } } };
}

/** The cross-vocabulary actions for the lines `range` touches. */
export function crossVocabularyActions(doc: RobotsDocument, range: Range): CodeAction[] {
  const model = getModel(doc);
  const out: CodeAction[] = [];
  for (const r of model.records) {
    if (!touches(range, r.startLine, r.endLine)) continue;
    const a = acapToPreferences(doc, r);
    if (a) out.push(a);
  }
  for (const g of model.groups) {
    for (const m of g.members) {
      if (!touches(range, m, m)) continue;
      const a = preferencesToAcap(doc, m, g);
      if (a) out.push(a);
    }
  }
  return out;
}
