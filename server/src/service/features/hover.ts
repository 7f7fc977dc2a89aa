/**
 * doHover: what the thing under the cursor means, and for paths and crawlers, who may do what.
 *
 * - a path pattern (Allow/Disallow, an ACAP resource specification, a pattern of a resource set):
 *   a table, for a path the pattern matches, of crawlers × usages, each cell linked to its line;
 * - a crawler name (User-agent, ACAP-crawler): the lines that address it and its verdicts at `/`;
 * - a field name, usage type, qualifier or its value: what it means, quoting the spec section.
 * Kept short: crawlers that answer alike share a row; qualifiers become footnotes.
 */
import type { Hover, Position } from 'vscode-languageserver-types';
import { ACTIONS, formatSpec, namesResourceSet, QUALIFIER_BY_NAME, readinessNote, RESOURCE_SET_PREFIX, USAGE_BY_NAME, type FieldFact, type QualifierFact } from '../facts/facts';
import { lineAt, type RobotsDocument } from '../syntax/document';
import { getModel } from '../model/model';
import { agentToken, explain, type Explanation } from '../engine/permissions';
import { inOneRequest, type WorkspaceContext } from '../syntax/workspace';
import { AI_USES, CRAWLER_BY_TOKEN, describeCrawler } from '../facts/crawlers';
import { explainAiUse } from '../engine/aiUse';
import { crawlersNamed, crawlersWithin, DEFAULT_CRAWLERS, explainDefault, matrixUsages, permissionMatrixSteps, profileWords, type MatrixCell, type MatrixRow } from '../engine/matrix';
import { conventionalView, evaluateConventional, prepareGroupRules, PROFILES, type Profile } from '../engine/conventional';
import { prepareGoogleSections } from '../engine/google';
import type { LineNode, Span } from '../syntax/syntax';
import { acapAiNote, aiUseTableSteps, signalHover } from './aiHover';
import { finish, type Steps } from '../syntax/steps';

export interface HoverSettings {
  /** Crawlers always shown in tables, besides those named in the file. */
  readonly crawlers?: readonly string[];
  readonly profile?: Profile;
}


function within(span: Span | undefined, ch: number): boolean {
  return span !== undefined && ch >= span.start && ch <= span.end && span.end > span.start;
}

function rangeOf(line: number, span: Span) {
  return { start: { line, character: span.start }, end: { line, character: span.end } };
}

function fieldDoc(fact: FieldFact): string {
  return `**${fact.isPrefix ? fact.name + '…' : fact.name}** — ${fact.summary}\n\n*${formatSpec(fact.spec)}*${readinessNote(fact.readiness)}`;
}

/** Hover documentation of a usage type; HTML hover shows the same. */
export function usageDoc(name: string): string | undefined {
  const u = USAGE_BY_NAME.get(name);
  if (!u) return undefined;
  const base = u.base !== u.name ? ` Derived from \`present\`: a permission or prohibition for \`present\` also speaks on it, but one naming \`${u.name}\` wins on the same pattern.` : '';
  return `**${u.name}** (usage type) — ${u.summary}${base}\n\n${acapAiNote(u.name)}\n\n*${formatSpec(u.spec)}*${readinessNote(u.readiness)}`;
}

/** Hover documentation of a qualifier; HTML hover shows the same. */
export function qualifierDoc(q: QualifierFact): string {
  const uses = q.uses.map((u) => `${u.usages.length > 6 ? 'present and every present-* type' : u.usages.join(', ')} (${formatSpec(u.spec)}${u.readiness !== 'ready' ? `, ${u.readiness}` : ''})`).join('; ');
  const values = q.values.length ? `\n\nValues: ${q.values.map((v) => `\`${v}\``).join(', ')}` : '';
  return `**${q.name}** (qualifier) — ${q.summary}\n\nQualifies: ${uses}.${q.repeatable ? ' May be repeated.' : ' At most once per permission.'}${q.metaOnly ? ' META tags only.' : ''}${values}`;
}

/** A path that a pattern matches: wildcards filled in, the end anchor dropped. */
export function representativePath(pattern: string): string {
  let p = pattern.replace(/\$$/, '').replace(/\*/g, 'x');
  if (!p.startsWith('/')) p = '/' + p;
  return p;
}

const COLUMN_TITLE: Readonly<Record<string, string>> = { 'present-snippet': 'snippet' };
const MAX_ROWS = 10;
/** Names written in one row before the rest are counted (a row can gather thousands). */
const MAX_NAMES = 12;

function crawlerNames(list: readonly string[]): string {
  return list.length > MAX_NAMES ? `${list.slice(0, MAX_NAMES).join(', ')} and ${list.length - MAX_NAMES} more` : list.join(', ');
}
const MAX_PURPOSE_SECTIONS = 3;

/** The footnote of a cell whose readings differ: `GPTBot reads conventional records only: ✗ by line 3; ACAP would say ✓ by line 12`. */
function readingNote(names: string, c: MatrixCell): string | undefined {
  if (!c.other) return undefined;
  const by = (allowed: boolean, line: number | undefined): string => `${allowed ? '✓' : '✗'}${line !== undefined ? ` by line ${line}` : ''}`;
  const own = c.reading === 'acap' ? 'reads ACAP' : 'reads conventional records only';
  const other = c.other.reading === 'acap' ? 'ACAP' : 'conventional records';
  return `${names} ${own}: ${c.needsCrawl ? '✗ (needs crawl)' : by(c.allowed, c.line)}; ${other} would say ${by(c.other.allowed, c.other.line)}`;
}

function markdownCell(c: MatrixCell, uri: string, notes: string[], names = ''): string {
  // ‡ marks a cell where the crawler's reading and the other reading differ (issue 15).
  const readingMark = (): string => {
    const note = readingNote(names, c);
    if (!note) return '';
    let k = notes.indexOf(note);
    if (k < 0) k = notes.push(note) - 1;
    return `‡⁽${k + 1}⁾`;
  };
  if (c.needsCrawl) return `–${readingMark()}`;
  const mark = c.allowed ? '✓' : '✗';
  let footnote = '';
  if (c.qualifiers.length) {
    const text = qualifiersShown(c.qualifiers);
    let k = notes.indexOf(text);
    if (k < 0) k = notes.push(text) - 1;
    footnote = `⁽${k + 1}⁾`;
  }
  const mark2 = readingMark();
  // The mark stays plain text (link text renders in the link colour, ✓ and ✗ alike); the line number is the link.
  return c.line !== undefined ? `${mark}${footnote}${mark2} [${c.line}](${uri}#L${c.line} "line ${c.line}")` : `${mark}${footnote}${mark2}`;
}

/** Qualifiers a table's cell or footnote writes before it counts the others (`explain` lists them all). */
const MAX_QUALIFIERS_SHOWN = 4;

/**
 * A cell's qualifiers as a table shows them: the first MAX_QUALIFIERS_SHOWN, then how many more.
 * A page of 8,000 robots META tags, each with its own max-snippet, gave `*`'s snippet cell all
 * 8,000 (a hover of 175 KB). O(shown).
 */
export function qualifiersShown(qualifiers: readonly string[]): string {
  const more = qualifiers.length - MAX_QUALIFIERS_SHOWN;
  const shown = qualifiers.slice(0, MAX_QUALIFIERS_SHOWN).join(' ');
  return more > 0 ? `${shown} and ${more.toLocaleString('en')} more` : shown;
}

/**
 * Engine answers a hover's table may ask for (issue 12): `*` and the listed crawlers always get
 * their rows, and crawlers the file names get theirs, in file order, while this lasts — about
 * 1,200 names in a conventional file, 100 in an ACAP file of six columns, 25 with three purpose
 * sections. The table shows MAX_ROWS rows of MAX_NAMES names; the crawlers past the budget are
 * counted and the hover says so. `robots-acap table` and the permissions view answer them all.
 */
export const MAX_TABLE_ANSWERS = 1200;

/**
 * The crawlers × usages table for `path`, as Markdown. Cost: permissionMatrix with at most
 * MAX_TABLE_ANSWERS engine answers (more only when the listed crawlers alone need more) and
 * MAX_PURPOSE_SECTIONS purposes, plus aiUseTable's bound and one explain for the bullets; the
 * Markdown is O(MAX_ROWS × MAX_NAMES × usages) per section.
 */
export function permissionTable(doc: RobotsDocument, path: string, settings: HoverSettings, ctx: WorkspaceContext): string {
  return finish(permissionTableSteps(doc, path, settings, ctx));
}

/** permissionTable in steps (one pause per crawler's row). */
export function* permissionTableSteps(doc: RobotsDocument, path: string, settings: HoverSettings, ctx: WorkspaceContext): Steps<string> {
  const m = yield* permissionMatrixSteps(doc, path, settings.crawlers ?? DEFAULT_CRAWLERS, settings.profile ?? 'rfc9309', ctx, { maxAnswers: MAX_TABLE_ANSWERS, maxPurposes: MAX_PURPOSE_SECTIONS });
  const notes: string[] = [];
  const header = `| crawler | ${m.usages.map((c) => COLUMN_TITLE[c] ?? c).join(' | ')} |\n|---|${m.usages.map(() => ':-:').join('|')}|`;
  const readingTag = (r: MatrixRow): string => (m.acap && r.readingsDiffer ? ` (${r.reading === 'acap' ? 'ACAP' : 'conv.'})` : '');
  const line = (names: string, r: MatrixRow, plain: string): string => `| ${names}${readingTag(r)}${r.profilesDisagree ? ' †' : ''} | ${r.cells.map((c) => markdownCell(c, doc.uri, notes, plain)).join(' | ')} |`;
  const others = (star: MatrixRow): string => star.crawlers.length ? ` (and ${star.crawlers.length > 4 ? `${star.crawlers.length} others` : star.crawlers.join(', ')})` : '';
  const table = (rows: readonly MatrixRow[], star: MatrixRow): string => {
    const lines = rows.slice(0, MAX_ROWS).map((r) => line(crawlerNames(r.crawlers), r, crawlerNames(r.crawlers)));
    lines.push(line(`\\* any other${others(star)}`, star, 'Any other crawler'));
    return `${header}\n${lines.join('\n')}`;
  };
  const all = [...m.rows, m.star];
  const general = table(m.rows, m.star);
  const parts = [
    `**Who may use \`${path}\`** — ${m.acap ? `each crawler in its own reading (ACAP only for crawlers the knowledge base says read it), conventional lines under ${m.profile}` : `conventional reading, profile ${m.profile}`}`,
    general,
  ];
  // Purpose sections (Part 1 §2.3.3; interpretation §3.1): the verdicts with that usage purpose given.
  for (const p of m.purposeRows.slice(0, MAX_PURPOSE_SECTIONS)) {
    const t = table(p.rows, p.star);
    parts.push(t === general ? `For purpose \`${p.purpose}\`: the same verdicts.` : `For purpose \`${p.purpose}\`:\n\n${t}`);
  }
  if (m.rows.length > MAX_ROWS) parts.push(`${m.rows.length - MAX_ROWS} more groups of crawlers not shown.`);
  if (m.unanswered) parts.push(`${m.unanswered} more crawlers the file names are not answered here (a hover answers the first ${m.rows.reduce((n, r) => n + r.crawlers.length, m.star.crawlers.length)}): \`robots-acap table\` or the permissions view answers for each.`);
  if (notes.length) parts.push(notes.map((n, i) => `⁽${i + 1}⁾ ${n}`).join('  \n'));
  if (all.some((r) => r.cells.some((c) => c.needsCrawl))) parts.push('– needs crawl, which is refused.');
  const disagree = all.filter((r) => r.profilesDisagree).map((r) => `${r === m.star ? '\\* any other' : crawlerNames(r.crawlers)}: ${profileWords(r.profiles)}`);
  if (disagree.length) parts.push(`† conventional readings disagree on crawling here — ${disagree.join('; ')}.`);
  // What a publisher needs to see beside the table: lines that lost and why, lines crawlers cannot read.
  const why = explanationBullets(explain(doc, { agent: '*', path, profile: m.profile }, ctx), doc.uri);
  if (why) parts.push(`For any crawler (\\*), crawl:\n${why}`);
  if (m.purposes.length > MAX_PURPOSE_SECTIONS) parts.push(`${m.purposes.length - MAX_PURPOSE_SECTIONS} more purposes not shown (\`robots-acap table\` lists them all).`);
  parts.push(yield* aiUseTableSteps(doc, path, settings.crawlers ?? DEFAULT_CRAWLERS, settings.profile ?? 'rfc9309', ctx));
  return parts.join('\n\n');
}

/**
 * What a path's table will ask of the engine, built before anyone asks (issue 13). The first
 * hover on a path built the rule indexes of every reading it shows (RFC 9309's, Google's,
 * Koster's; ACAP's per usage): 115–200 ms through the server on the largest real file, one group
 * of 47,000 rules. A host runs these steps once a document has been quiet for a moment; a hover
 * then finds the indexes built, and a hover that comes first builds what it needs itself, as
 * before, after which these steps find it done.
 *
 * Each step asks one reading of one crawler about `/` and drops the answer: what stays is what
 * a hover would have left, the indexes of this version, kept as long as the version is. The
 * next version patches them where its lines carry over (an edit within lines), as a hover
 * would. No file is read (no workspace): a permissions reference is followed when a hover asks.
 * Steps: for each view of the document (conventional, and as ACAP crawlers read it), its large
 * groups' and Google sections' indexes, 4,096 rules or lines a step (prepareGroupRules,
 * prepareGoogleSections), then the three profiles; one per ACAP usage of the table, one per AI
 * use, then one per crawler the table answers (bounded as the table is, MAX_TABLE_ANSWERS). A
 * step that builds an index of a smaller group or section, or lists a version's signals, costs
 * O(what it reads); the others are look-ups.
 */
export function* prepareAnswersSteps(doc: RobotsDocument, settings: HoverSettings = {}): Steps<void> {
  const profile = settings.profile ?? 'rfc9309';
  const acap = getModel(doc).records.length > 0;
  for (const view of new Set(acap ? [conventionalView(doc, false), conventionalView(doc, true)] : [conventionalView(doc, false)])) {
    // The largest pieces first, in steps of their own: a group's or a section's thousands of rules.
    yield* prepareGroupRules(view);
    yield* prepareGoogleSections(view);
    for (const p of PROFILES) {
      yield;
      evaluateConventional(view, '*', '/', p);
    }
  }
  if (acap) {
    for (const usage of matrixUsages(doc)) {
      yield;
      explain(doc, { agent: '*', usage, path: '/', profile, reading: 'acap' });
    }
  }
  // The AI-use table's signals (Content-Usage, Content-Signal, RSL lines), listed once per version.
  for (const use of AI_USES) {
    yield;
    explainAiUse(doc, { agent: '*', path: '/', use, profile });
  }
  const usages = acap ? matrixUsages(doc).length * 2 : 1;
  for (const agent of crawlersWithin(crawlersNamed(doc, profile), settings.crawlers ?? DEFAULT_CRAWLERS, usages, MAX_TABLE_ANSWERS).answered) {
    yield;
    explainDefault(doc, { agent, usage: 'crawl', path: '/', profile });
  }
}

const MAX_BULLETS = 5;

/** The lines that lost and the notes of an answer, as a few Markdown bullets (at most five). */
export function explanationBullets(e: Explanation, uri: string): string {
  const link = (line: number, file?: string): string => `[line ${line}](${file ?? uri}#L${line})`;
  const bullets = [
    ...(e.crawl ?? e.decision).losers.map((l) => `- ${link(l.line, l.file)} \`${l.text}\` lost: ${l.why}`),
    ...e.notes.map((n) => `- ${n}`),
  ];
  if (bullets.length > MAX_BULLETS) bullets.splice(MAX_BULLETS, bullets.length, `- … and ${bullets.length - MAX_BULLETS} more (\`robots-acap explain\` lists them all)`);
  return bullets.join('\n');
}

function crawlerPolicy(doc: RobotsDocument, name: string, settings: HoverSettings, ctx: WorkspaceContext): string {
  const profile = settings.profile ?? 'rfc9309';
  const model = getModel(doc);
  const acap = model.records.length > 0;
  const usages = acap ? matrixUsages(doc) : ['crawl'];
  // Each crawler in its own reading (issue 15), the other reading named where it differs.
  const defaults = usages.map((usage) => explainDefault(doc, { agent: name, usage, path: '/', profile }, ctx));
  const answers = defaults.map((d) => d.answer);
  const first = answers[0];
  const parts: string[] = [];
  const known = CRAWLER_BY_TOKEN.get(name.toLowerCase());
  if (known) parts.push(describeCrawler(known));
  const conv = first.conventional;
  parts.push(`**${name.replace(/[\\`*_[\]<>]/g, '\\$&')}** at \`/\`: ${answers.map((e) => `${COLUMN_TITLE[e.usage] ?? e.usage} ${e.allowed ? '✓' : '✗'}${e.decidedBy[0] ? ` ([line ${e.decidedBy[0].line}](${doc.uri}#L${e.decidedBy[0].line}))` : ''}`).join(' · ')}`);
  if (acap) parts.push(`${first.reading === 'acap' ? 'ACAP' : 'Conventional'} reading: ${defaults[0].readingWhy}.`);
  const differ = defaults.filter((d) => d.other).map((d) => `${COLUMN_TITLE[d.answer.usage] ?? d.answer.usage} ${d.other?.allowed ? '✓' : '✗'}${d.other?.line !== undefined ? ` by line ${d.other.line}` : ''}`);
  if (differ.length) parts.push(`The ${first.reading === 'acap' ? 'conventional' : 'ACAP'} reading would say: ${differ.join(' · ')}.`);
  parts.push(`Conventional crawlers: ${conv.allowed ? 'may' : 'may not'} crawl \`/\` — ${conv.why}.`);
  if (acap) {
    const e = first.reading === 'acap' ? first : explain(doc, { agent: name, path: '/', profile, reading: 'acap' }, ctx);
    const recs = e.records.map((r) => `line ${r.line}${r.file ? ` of ${r.file}` : ''}${r.named ? '' : ' (*)'}`);
    const more = e.recordsOmitted ? ` and ${e.recordsOmitted.toLocaleString('en')} more` : '';
    parts.push(recs.length ? `ACAP records that apply: ${recs.join(', ')}${more}.` : 'No ACAP record applies.');
  }
  const why = explanationBullets(first, doc.uri);
  if (why) parts.push(why);
  return parts.join('\n\n');
}

/** What is under the cursor and what to say about it. */
export function doHover(doc: RobotsDocument, position: Position, settings: HoverSettings = {}, ctx: WorkspaceContext = {}): Hover | null {
  return finish(doHoverSteps(doc, position, settings, ctx));
}

/**
 * doHover in steps: a path's table pauses after each crawler's row (permissionTableSteps); every
 * other hover is one step (a crawler's policy: usages × 2 + 1 engine answers).
 */
export function* doHoverSteps(doc: RobotsDocument, position: Position, settings: HoverSettings = {}, context: WorkspaceContext = {}): Steps<Hover | null> {
  // One state of the files for the whole answer, each read once (requestView).
  const ctx = inOneRequest(context);
  const line: LineNode | undefined = lineAt(doc, position.line);
  if (!line) return null;
  const ch = position.character;
  const d = line.directive;
  const f = line.field;
  const at = (span: Span, value: string): Hover => ({ contents: { kind: 'markdown', value }, range: rangeOf(position.line, span) });

  if (d.kind === 'acap-version' && line.comment && within(line.comment, ch)) {
    return at(line.comment, '**##ACAP version=** — says that the file holds ACAP records and which version of ACAP they follow (1.0 or 1.1).\n\n*Part 1 §2.9.3*');
  }
  if (!f || !f.fact) return null;
  const fact = f.fact;

  if (fact.isPrefix && f.suffix && within(f.suffix, ch)) {
    if (fact.id === 'acap-request') {
      const action = ACTIONS.find((a) => a.name === line.text.slice(f.suffix!.start, f.suffix!.end).toLowerCase());
      if (action) return at(f.suffix, `**${action.name}** (action request) — ${action.summary}\n\n*${formatSpec(action.spec)}*${readinessNote('not-ready')}`);
    } else if (d.kind === 'acap-permission' && d.usage) {
      if (d.usage.local) {
        const def = getModel(doc).localUsages.get(d.usage.name);
        if (def) return at(d.usage.span, `**(${d.usage.name})** — a locally-defined ${def.kind.replace('-', ' ')}, defined on [line ${def.line + 1}](${doc.uri}#L${def.line + 1}):\n\n\`${lineAt(doc, def.line).text.trim()}\``);
      } else {
        const u = usageDoc(d.usage.name);
        if (u) return at(d.usage.span, u);
      }
    }
  }
  if (within(f.name, ch)) return at(f.name, fieldDoc(fact));

  // Qualifiers and their values.
  if (d.kind === 'acap-permission' || d.kind === 'acap-qualified-usage') {
    for (const q of d.qualifiers) {
      if (!within(q.span, ch)) continue;
      const fq = QUALIFIER_BY_NAME.get(line.text.slice(q.name.start, q.name.end).toLowerCase());
      if (fq) return at(q.span, qualifierDoc(fq));
    }
  }
  // Usage types in definitions.
  if (d.kind === 'acap-qualified-usage' && d.usage && within(d.usage.span, ch)) {
    const u = usageDoc(d.usage.name);
    if (u) return at(d.usage.span, u);
  }
  if (d.kind === 'acap-composite-usage') {
    for (const m of d.members) if (within(m.span, ch) && !m.local) {
      const u = usageDoc(m.name);
      if (u) return at(m.span, u);
    }
  }

  // Content-Usage labels and Content-Signal keys.
  const signal = signalHover(line, ch);
  if (signal) return at(signal.span, signal.value);

  // Paths: a table of who may use a path the pattern matches.
  function* table(span: Span, pattern: string, title = ''): Steps<Hover> {
    const path = representativePath(pattern);
    const intro = title ? `${title}\n\n` : '';
    return at(span, intro + (yield* permissionTableSteps(doc, path, settings, ctx)) + (path !== pattern ? `\n\n*\`${path}\` stands for the paths \`${pattern}\` matches.*` : ''));
  }
  if (d.kind === 'rule' && within(d.pattern, ch)) {
    const pattern = line.text.slice(d.pattern.start, d.pattern.end);
    return pattern ? yield* table(d.pattern, pattern) : at(d.pattern, 'An empty Disallow disallows nothing.');
  }
  if (d.kind === 'acap-permission' && d.resource && within(d.resource, ch)) {
    const spec = line.text.slice(d.resource.start, d.resource.end);
    if (namesResourceSet(spec)) {
      const name = spec.slice(RESOURCE_SET_PREFIX.length).toLowerCase();
      const def = getModel(doc).resourceSets.get(name);
      if (!def) return null;
      const dd = lineAt(doc, def.line).directive;
      const first = dd.kind === 'acap-resource-set' ? dd.patterns[0] : undefined;
      const title = `**the-acap:resource-set:${name}** — defined on [line ${def.line + 1}](${doc.uri}#L${def.line + 1}): \`${lineAt(doc, def.line).text.trim()}\``;
      return first ? yield* table(d.resource, lineAt(doc, def.line).text.slice(first.start, first.end), title) : at(d.resource, title);
    }
    return yield* table(d.resource, spec);
  }
  if (d.kind === 'acap-resource-set') {
    for (const p of d.patterns) if (within(p, ch)) return yield* table(p, line.text.slice(p.start, p.end));
  }

  // Crawler names.
  if (d.kind === 'user-agent' && within(d.agent, ch)) {
    const v = line.text.slice(d.agent.start, d.agent.end);
    const token = v === '*' ? '*' : agentToken(v);
    return token ? at(d.agent, crawlerPolicy(doc, token, settings, ctx)) : null;
  }
  if (d.kind === 'acap-crawler' && within(d.name, ch)) {
    const v = agentToken(line.text.slice(d.name.start, d.name.end));
    return v ? at(d.name, crawlerPolicy(doc, v, settings, ctx)) : null;
  }
  return null;
}
