/**
 * The AI uses of one page: robots.txt's answer (engine/aiUse.ts) combined with the page's META
 * signals — `noai`, `noml`, `noindex`, the operators' documented `noarchive`/`nocache`, and
 * TDMRep's `tdm-reservation` (W3C TDMRep CG report: 1 reserves text and data mining rights, which
 * covers AI training; 0 does not). A `tdm-reservation` or `tdm-policy` META is a statement about
 * rights, not a META addressed to a crawler of that name. As with ACAP META tags (Part 2
 * §2.2.8), a crawler that robots.txt forbids to crawl the page never reads them.
 * Cost: O(M · V) in META tags and their values, plus one explainAiUse.
 */
import type { AiUse } from '../facts/crawlers';
import { IMAGE_ONLY_AI_VALUES, META_AI_VALUES, TDM_RESERVATION } from '../facts/htmlFacts';
import type { RobotsDocument } from '../syntax/document';
import { answeredFor, explainAiUse, type AiSignal, type AiUseAnswer, type AiVerdict } from '../engine/aiUse';
import { agentToken, queryPath } from '../engine/permissions';
import type { Profile } from '../engine/conventional';
import type { WorkspaceContext } from '../syntax/workspace';
import { normalizePercent } from '../syntax/paths';
import type { HtmlPage, MetaTag } from './types';

export interface PageAiQuery {
  readonly agent: string;
  readonly path: string;
  readonly use: AiUse;
  /**
   * How robots.txt is read (decisions §1), as for a robots.txt's own answers: the host passes the
   * user's `robotsAcap.profile` (or `--profile`). Default rfc9309.
   */
  readonly profile?: Profile;
}

function metaRef(page: HtmlPage, meta: MetaTag): { line: number; text: string } {
  return { line: page.positionAt(meta.tag.start).line + 1, text: page.text.slice(meta.tag.start, meta.tag.end) };
}

/** META statements on `use` addressed to `token` (or to every crawler). */
export function metaAiSignals(page: HtmlPage, token: string, use: AiUse): AiSignal[] {
  const t = token.toLowerCase();
  const out: AiSignal[] = [];
  for (const meta of page.metas) {
    const content = meta.content?.text.trim() ?? '';
    if (meta.nameLower === TDM_RESERVATION) {
      if (use !== 'ai-train' || (content !== '0' && content !== '1')) continue;
      out.push({ ...metaRef(page, meta), vocabulary: 'html-meta', use, says: content === '1' ? 'prohibited' : 'allowed', decides: true, meaning: `tdm-reservation=${content}: text and data mining rights are ${content === '1' ? 'reserved, which covers AI training' : 'not reserved'} (W3C TDMRep)` });
      continue;
    }
    if (meta.nameLower !== 'robots' && meta.nameLower !== t) continue;
    if (meta.meaning.kind !== 'conventional') continue;
    for (const w of meta.meaning.values) {
      const v = w.text.toLowerCase();
      if (IMAGE_ONLY_AI_VALUES.includes(v) && use === 'ai-train') {
        out.push({ ...metaRef(page, meta), vocabulary: 'html-meta', use, says: 'unknown', decides: false, meaning: `${v} speaks on the page's images only, not on the page` });
        continue;
      }
      for (const f of META_AI_VALUES) {
        if (f.value !== v || !f.uses.includes(use) || (f.crawlers && !f.crawlers.includes(t))) continue;
        out.push({ ...metaRef(page, meta), vocabulary: 'html-meta', use, says: 'prohibited', decides: true, meaning: `${meta.name.text}: ${v} — ${f.meaning}` });
      }
    }
  }
  return out;
}

/** robots.txt and the page's META tags, most restrictive first. */
export function explainPageAiUse(robots: RobotsDocument | undefined, page: HtmlPage, query: PageAiQuery, ctx: WorkspaceContext = {}): AiUseAnswer {
  const token = agentToken(query.agent);
  const base: AiUseAnswer = robots
    ? explainAiUse(robots, { agent: query.agent, path: query.path, use: query.use, ...(query.profile ? { profile: query.profile } : {}) }, ctx)
    : { agent: token, use: query.use, path: normalizePercent(queryPath(query.path)), profile: query.profile ?? 'rfc9309', verdict: 'unknown', decidedBy: [], signals: [], contradictions: [], crawl: { allowed: true, line: undefined, why: 'no robots.txt' }, notes: ['No robots.txt was found for this page.'], summary: '' };
  // W3C TDMRep §3.1: the site's tdmrep.json comes before the HTML META; a page's tdm-reservation
  // speaks only where the file has no matching rule.
  const fileSpoke = base.signals.some((s) => s.vocabulary === 'tdmrep');
  // A control token (Google-Extended) is answered for the crawler it governs, as robots.txt's
  // half is: the page's tags named for that crawler speak.
  const metas = metaAiSignals(page, answeredFor(token), query.use).map((m) => (fileSpoke && m.text.toLowerCase().includes(TDM_RESERVATION)
    ? { ...m, decides: false, meaning: `${m.meaning}; the site's tdmrep.json has a rule for this path and comes first (TDMRep §3.1), so this META is not read` }
    : m));
  if (!base.crawl.allowed) {
    return { ...base, signals: [...base.signals, ...metas.map((m) => ({ ...m, decides: false }))], notes: [...base.notes, ...(metas.length ? ['robots.txt forbids crawling this page, so its META tags are never read.'] : [])] };
  }
  const statements: { says: AiVerdict; ref: { line: number; text: string; file: string } }[] = [
    ...base.signals.filter((s) => s.decides && s.says !== 'unknown').map((s) => ({ says: s.says, ref: { line: s.line, text: s.text, file: s.file ?? 'robots.txt' } })),
    ...metas.filter((s) => s.decides).map((s) => ({ says: s.says, ref: { line: s.line, text: s.text, file: page.uri } })),
  ];
  const verdict: AiVerdict = statements.some((s) => s.says === 'prohibited') ? 'prohibited' : statements.some((s) => s.says === 'allowed') ? 'allowed' : 'unknown';
  const deciding = statements.filter((s) => s.says === verdict);
  const contradictions = [...base.contradictions];
  const yes = statements.filter((s) => s.says === 'allowed');
  const no = statements.filter((s) => s.says === 'prohibited');
  if (yes.length && no.length && metas.some((m) => m.decides)) {
    contradictions.push({ lines: [...yes, ...no].map((s) => s.ref.line), message: `${yes.map((s) => `${s.ref.file} line ${s.ref.line}`).join(', ')} allow${yes.length > 1 ? '' : 's'} ${query.use} and ${no.map((s) => `${s.ref.file} line ${s.ref.line}`).join(', ')} refuse${no.length > 1 ? '' : 's'} it; the most restrictive applies.` });
  }
  const decidedBy = deciding.map((s) => ({ line: s.ref.line, text: s.ref.text, file: s.ref.file }));
  const summary = verdict === 'unknown'
    ? `${token}: ${query.use} on ${base.path} is unknown — neither robots.txt nor the page's META tags speak on it`
    : `${token} ${verdict === 'allowed' ? 'may' : 'may not'} use ${base.path} for ${query.use}: ${decidedBy.map((d) => `${d.file === page.uri ? 'the page' : d.file === 'robots.txt' ? 'robots.txt' : d.file} line ${d.line}`).join(', ')}`;
  return { ...base, verdict, decidedBy, signals: [...base.signals, ...metas], contradictions, summary };
}
