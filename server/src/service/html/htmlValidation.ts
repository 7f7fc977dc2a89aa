/**
 * validateHtml: the diagnostics of an HTML page's robots META tags and `the-acap:` class values
 * (ACAP Part 2), through the same pipeline end as robots.txt (checks/validation.ts toDiagnostics):
 * stable codes (codes.ts), per-code severity settings, the per-code hint cap, the maxProblems cap
 * (most severe first) and `data.replacement` for fixes. A finding may also carry `data.addMeta`:
 * a META tag to add after the tag it is on.
 */
import type { Diagnostic } from 'vscode-languageserver-types';
import { toDiagnostics, type DiagnosticData, type Placed, type ValidationSettings } from '../checks/validation';
import { checkClasses } from './checkClasses';
import { checkConventional, checkTdm, isConventionalToken } from './checkConventional';
import { checkMetaName, checkOther, checkPermission, checkQuotes, checkVersion, isKnownRobotsName } from './checkMeta';
import { STANDARD_META_NAMES, TDM_POLICY, TDM_RESERVATION, VERSION_META_CONTENT } from '../facts/htmlFacts';
import { addressee, companionTag, type HtmlFinding, type Out } from './htmlFindings';
import type { HtmlPage, MetaTag } from './types';

/** Data attached to each page diagnostic, for code actions. */
export interface HtmlDiagnosticData extends DiagnosticData {
  /** A META tag (or several, one per line) to add after the tag the diagnostic is on. */
  readonly addMeta?: string;
}

/** ACAP content: the token, or what is meant as it (Part 2 §2.2.1). */
function isAcapMeta(meta: MetaTag): boolean {
  const m = meta.meaning;
  return m.kind === 'acap-version' || m.kind === 'acap-permission' || (m.kind === 'other' && m.reason !== undefined);
}

/**
 * Whether a conventional META tag speaks to crawlers: named robots or after a known crawler or
 * one the page addresses in ACAP, or holding nothing but robots values. A `description` or
 * `viewport` tag is never one.
 */
function isRobotsMeta(meta: MetaTag, acapNames: ReadonlySet<string>): boolean {
  const name = addressee(meta);
  if (isKnownRobotsName(name) || acapNames.has(name)) return true;
  if (STANDARD_META_NAMES.includes(name)) return false;
  const m = meta.meaning;
  return m.kind === 'conventional' && m.values.length > 0 && m.values.every((v) => isConventionalToken(v.text));
}

/** All findings of a page, in text order, before severities are applied. */
export function collectHtmlFindings(page: HtmlPage): HtmlFinding[] {
  const out: Out = [];
  const acapMetas = page.metas.filter(isAcapMeta);
  const acapNames = new Set(acapMetas.map(addressee));
  const versions = page.metas.filter((m) => m.meaning.kind === 'acap-version');
  const v11 = versions.some((m) => m.meaning.kind === 'acap-version' && m.meaning.version?.text === '1.1');

  for (const meta of page.metas) {
    const name = addressee(meta);
    if (checkQuotes(meta, out)) continue;
    if (name === TDM_RESERVATION || name === TDM_POLICY) {
      checkTdm(meta, out);
      continue;
    }
    const acap = isAcapMeta(meta);
    const robots = !acap && isRobotsMeta(meta, acapNames);
    if (!acap && !robots) continue;
    checkMetaName(meta, out);
    if (!meta.inHead) {
      out.push({ code: 'meta.outside-head', span: meta.name.span, message: 'Robots and ACAP META tags belong in the page head (Part 2 §2.2); crawlers may not read one in the body. Move it into <head>.' });
    }
    if (!meta.content) {
      out.push({ code: 'meta.missing-content', span: meta.name.span, message: 'A robots META tag needs a content attribute, e.g. content="ACAP allow-index" (Part 2 §2.2: content is the one required attribute).' });
      continue;
    }
    const m = meta.meaning;
    switch (m.kind) {
      case 'acap-version': checkVersion(meta, m.version, m.stray ?? [], out); break;
      case 'acap-permission': checkPermission(page, meta, m, v11, out); break;
      case 'other': checkOther(meta, m, out); break;
      case 'conventional': checkConventional(meta, m.values, page.metas, out); break;
    }
  }

  checkConflicts(acapMetas, out);
  checkVersions(page, versions, v11, out);
  checkClasses(page, out);
  out.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
  return out;
}

/**
 * Part 2 §2.2.8: a permission and a prohibition of one usage, addressed to the same crawler (or
 * both to robots) with the same usage purpose, conflict, and the usage is prohibited.
 */
function checkConflicts(metas: readonly MetaTag[], out: Out): void {
  const seen = new Map<string, MetaTag>();
  for (const meta of metas) {
    const m = meta.meaning;
    if (m.kind !== 'acap-permission' || !m.usage || m.usage.local) continue;
    const key = (allow: boolean): string => `${addressee(meta)}\u0000${m.purpose?.text.toLowerCase() ?? ''}\u0000${m.usage?.name}\u0000${allow}`;
    const other = seen.get(key(!m.allow));
    if (other) {
      const o = other.meaning;
      const otherSpan = o.kind === 'acap-permission' && o.usage ? o.usage.span : other.name.span;
      out.push({
        code: 'meta.contradictory', span: m.usage.span,
        message: `Both ‘allow-${m.usage.name}’ and ‘disallow-${m.usage.name}’ are addressed to ${addressee(meta) === 'robots' ? 'every crawler (robots)' : meta.name.text.trim()}${m.purpose ? ` for ${m.purpose.text}` : ''}: conflicting tags mean the usage is prohibited (Part 2 §2.2.8). Remove the one you do not mean.`,
        related: [{ span: otherSpan, message: `the conflicting ${m.allow ? 'prohibition' : 'permission'}` }],
      });
    }
    if (!seen.has(key(m.allow))) seen.set(key(m.allow), meta);
  }
}

/** Part 2 §2.2.7: one version tag per addressee, and 1.1 features need one saying 1.1. */
function checkVersions(page: HtmlPage, versions: readonly MetaTag[], v11: boolean, out: Out): void {
  const first = new Map<string, MetaTag>();
  for (const meta of versions) {
    const before = first.get(addressee(meta));
    if (!before) {
      first.set(addressee(meta), meta);
      continue;
    }
    out.push({
      code: 'meta.version-duplicate', span: meta.content?.span ?? meta.name.span,
      message: 'Declare the ACAP version once (Part 2 §2.2.7): crawlers cannot tell which version tag to follow.',
      related: [{ span: before.content?.span ?? before.name.span, message: 'the first version tag' }],
    });
  }
  const elementLevel = page.classes.filter((c) => c.inBody);
  if (v11 || elementLevel.length === 0) return;
  const n = elementLevel.length;
  const anchor = page.metas.find((m) => m.inHead);
  out.push({
    code: 'meta.version-missing', span: elementLevel[0].word.span,
    message: `${n === 1 ? 'This page has an element-level permission' : `This page has ${n} element-level permissions`}, whose interpretation (with its fallback, Part 2 §2.2.6) is an ACAP 1.1 feature; without a version tag a crawler reads the page as ACAP 1.0 and ignores ${n === 1 ? 'it' : 'them'} (§2.2.7). Add <meta name="robots" content="${VERSION_META_CONTENT}"> to the head.`,
    addMeta: companionTag(anchor, 'robots', VERSION_META_CONTENT),
  });
}

/** The diagnostics of a page: every finding at the severity its code is set to, at most maxProblems. */
export function validateHtml(page: HtmlPage, settings: ValidationSettings = {}): Diagnostic[] {
  return toDiagnostics(collectHtmlFindings(page), settings, (f) => placeInPage(page, f));
}

/** A page finding placed: its offsets as positions, its related places in the same page. */
function placeInPage(page: HtmlPage, f: HtmlFinding): Placed {
  return {
    range: { start: page.positionAt(f.span.start), end: page.positionAt(f.span.end) },
    related: f.related?.map((r) => ({
      location: { uri: page.uri, range: { start: page.positionAt(r.span.start), end: page.positionAt(r.span.end) } },
      message: r.message,
    })),
  };
}
