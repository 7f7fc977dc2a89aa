/**
 * Hover for the AI-era signals: the AI-use table under a path's permission table (crawlers ×
 * ai-train, ai-input, search, each cell linked to its deciding line), the meaning of a
 * Content-Usage label or Content-Signal key, and how an ACAP usage bears on the AI uses.
 * Cost: one explainAiUse per crawler and use, each O(L + R), for at most MAX_CRAWLERS crawlers
 * (the ones asked for first, then those the file names): a hover stays bounded on a file that
 * names thousands (issue 12); `robots-acap table` and the permissions view list them all.
 */
import { AI_USES, type AiUse } from '../facts/crawlers';
import { ACAP_AI_MAPPING, CONTENT_SIGNAL_ALIASES, CONTENT_SIGNAL_KEY_BY_NAME, CONTENT_USAGE_LABEL_BY_NAME, OBSOLETE_USAGE_LABELS } from '../facts/signalFacts';
import type { RobotsDocument } from '../syntax/document';
import type { LineNode, Span } from '../syntax/syntax';
import { parseContentSignal, parseContentUsage } from '../syntax/signals';
import { aiAnswerKey, explainAiUse, type AiUseAnswer } from '../engine/aiUse';
import { crawlersNamed } from '../engine/matrix';
import { inOneRequest, type WorkspaceContext } from '../syntax/workspace';
import type { Profile } from '../engine/conventional';
import { finish, type Steps } from '../syntax/steps';

const MARK = { allowed: '✓', prohibited: '✗', unknown: '?' } as const;
const MAX_ROWS = 10;
/** Crawlers answered in a hover's AI table, besides `*`. */
const MAX_CRAWLERS = 24;
/** Names written in one row before the rest are counted. */
const MAX_NAMES = 12;

function cell(a: AiUseAnswer, uri: string): string {
  const line = a.decidedBy[0]?.line;
  // The mark is plain text and the line number the link, as in the permission table: a linked ✓
  // and a linked ✗ would render alike.
  return line !== undefined ? `${MARK[a.verdict]} [${line}](${uri}#L${line} "line ${line}")` : MARK[a.verdict];
}

/** The AI-use table for `path`: the file's crawlers and `crawlers`, rows that answer alike merged. */
export function aiUseTable(doc: RobotsDocument, path: string, crawlers: readonly string[], profile: Profile, ctx: WorkspaceContext): string {
  return finish(aiUseTableSteps(doc, path, crawlers, profile, ctx));
}

/** aiUseTable in steps: one pause per crawler's row (AI_USES answers each). */
export function* aiUseTableSteps(doc: RobotsDocument, path: string, crawlers: readonly string[], profile: Profile, context: WorkspaceContext): Steps<string> {
  // Every row asks for the site's tdmrep.json and licences: read once for the table (requestView).
  const ctx = inOneRequest(context);
  const every = [...new Map([...crawlers, ...crawlersNamed(doc, profile)].map((c) => [c.toLowerCase(), c])).values()];
  const all = every.slice(0, MAX_CRAWLERS);
  // Crawlers whose answers follow from one conventional verdict (aiAnswerKey) share their row:
  // on a file of one `*` group, every crawler of the table.
  const byKey = new Map<object, { cells: string[]; contradictions: number }>();
  const rowOf = (agent: string): { cells: string[]; contradictions: number } => {
    const key = aiAnswerKey(doc, { agent, path, profile });
    const known = key && byKey.get(key);
    if (known) return known;
    const answers = AI_USES.map((use: AiUse) => explainAiUse(doc, { agent, path, use, profile }, ctx));
    const row = { cells: answers.map((a) => cell(a, doc.uri)), contradictions: answers.reduce((n, a) => n + a.contradictions.length, 0) };
    if (key) byKey.set(key, row);
    return row;
  };
  // Rows merge crawlers whose cells and ‡ mark are alike: a crawler whose answers contradict
  // themselves keeps its mark even where its cells are another row's.
  const keyOf = (r: { cells: string[]; contradictions: number }): string => `${r.cells.join('|')}${r.contradictions ? '|‡' : ''}`;
  const star = rowOf('*');
  const starKey = keyOf(star);
  const rows: { names: string[]; cells: string[]; contradictions: number }[] = [];
  const rowByKey = new Map<string, (typeof rows)[number]>();
  const likeStar: string[] = [];
  for (const c of all) {
    yield;
    const r = rowOf(c);
    const key = keyOf(r);
    if (key === starKey) {
      likeStar.push(c);
      continue;
    }
    const same = rowByKey.get(key);
    if (same) same.names.push(c);
    else {
      const row = { names: [c], ...r };
      rows.push(row);
      rowByKey.set(key, row);
    }
  }
  const line = (names: string, r: { cells: string[]; contradictions: number }): string => `| ${names}${r.contradictions ? ' ‡' : ''} | ${r.cells.join(' | ')} |`;
  const others = likeStar.length ? ` (and ${likeStar.length > 4 ? `${likeStar.length} others` : likeStar.join(', ')})` : '';
  const names = (list: readonly string[]): string => (list.length > MAX_NAMES ? `${list.slice(0, MAX_NAMES).join(', ')} and ${list.length - MAX_NAMES} more` : list.join(', '));
  const body = [...rows.slice(0, MAX_ROWS).map((r) => line(names(r.names), r)), line(`\\* any other${others}`, star)];
  const parts = [
    `**AI uses of \`${path}\`** — Content-Usage, Content-Signal, control tokens (Google-Extended, Applebot-Extended) and ACAP, most restrictive first`,
    `| crawler | ${AI_USES.join(' | ')} |\n|---|${AI_USES.map(() => ':-:').join('|')}|\n${body.join('\n')}`,
    '✓ allowed · ✗ prohibited · ? no line speaks on it' + (rows.some((r) => r.contradictions) || star.contradictions ? ' · ‡ the file contradicts itself here (`explain --usage` names the lines)' : ''),
  ];
  if (rows.length > MAX_ROWS) parts.push(`${rows.length - MAX_ROWS} more groups of crawlers not shown.`);
  if (every.length > all.length) parts.push(`${every.length - all.length} more crawlers the file names are not answered here: \`robots-acap table --agent NAME\` or the permissions view answers for each.`);
  return parts.join('\n\n');
}

/** How an ACAP usage bears on the AI uses (the product's mapping), for the usage's hover. */
export function acapAiNote(usage: string): string {
  const refuses = ACAP_AI_MAPPING.filter((m) => m.refusedBy.includes(usage)).map((m) => m.use);
  const grants = ACAP_AI_MAPPING.filter((m) => m.grantedBy.includes(usage)).map((m) => m.use);
  if (!refuses.length && !grants.length) return `AI uses: ${usage} has no AI-use equivalent (ACAP predates AI training and answers).`;
  const parts: string[] = [];
  if (refuses.length) parts.push(`a prohibition of ${usage} refuses ${refuses.join(', ')}`);
  if (grants.length) parts.push(`a permission of ${usage} grants ${grants.join(', ')}`);
  return `AI uses: ${parts.join('; ')}. ${ACAP_AI_MAPPING.filter((m) => refuses.includes(m.use) || grants.includes(m.use)).map((m) => `${m.use}: ${m.why}.`).join(' ')}`;
}

/** Hover on a Content-Usage label or a Content-Signal key. */
export function signalHover(line: LineNode, ch: number): { span: Span; value: string } | undefined {
  const f = line.field;
  if (!f || f.separator !== 'colon' || ch < f.value.start || ch > f.value.end) return undefined;
  const name = line.text.slice(f.name.start, f.name.end).toLowerCase();
  const inside = (s: Span): boolean => ch >= s.start && ch <= s.end;
  if (name === 'content-usage') {
    const cu = parseContentUsage(line.text, f.value);
    for (const m of cu.dict.members) {
      if (!inside(m.keySpan) && !inside(m.valueSpan)) continue;
      const label = CONTENT_USAGE_LABEL_BY_NAME.get(m.key);
      const old = OBSOLETE_USAGE_LABELS.get(m.key);
      const value = label
        ? `**${label.label}** (aipref label → ${label.use}) — ${label.summary} \`y\` allows, \`n\` refuses; anything else is unknown.\n\n*IETF aipref vocabulary, drafts -05 … -08*`
        : old ? `**${m.key}** — not in the aipref vocabulary: ${old.history}.` : `**${m.key}** — not an aipref label; crawlers ignore it.`;
      return { span: { start: m.keySpan.start, end: m.valueSpan.end }, value };
    }
    if (!cu.dict.ok) return { span: cu.prefs, value: `Not an RFC 9651 Dictionary (${cu.dict.reason}): the whole line is void.` };
    return undefined;
  }
  if (name === 'content-signal' || CONTENT_SIGNAL_ALIASES.includes(name)) {
    const cs = parseContentSignal(line.text, f.value);
    for (const p of cs.pairs) {
      if (!inside(p.keySpan) && !inside(p.valueSpan)) continue;
      const k = CONTENT_SIGNAL_KEY_BY_NAME.get(p.key);
      const value = k
        ? `**${k.key}** (Content Signals${k.use ? ` → ${k.use}` : ''}) — ${k.summary} Values: ${k.values.map((v) => `\`${v}\``).join(', ')}. A missing key neither grants nor restricts.\n\n*Content Signals Policy*`
        : `**${p.key}** — not a Content-Signal key (search, ai-input, ai-train, use); crawlers ignore it.`;
      return { span: { start: p.keySpan.start, end: Math.max(p.keySpan.end, p.valueSpan.end) }, value };
    }
  }
  return undefined;
}
