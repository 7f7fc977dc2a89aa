/**
 * What Lighthouse's `robots-txt` SEO audit ("robots.txt is not valid") reports on this file: the
 * lines it flags and one note listing them, for a hover line or a report. Not a diagnostic: every
 * ACAP line fails that audit, so in this product's files it would be noise on every line. The audit's rules, as its source states them
 * (core/audits/seo/robots-txt.js): a line without a colon is "Syntax not understood"; a field
 * outside its safelist (user-agent, disallow, allow, sitemap, crawl-delay, clean-param, host,
 * request-rate, visit-time, noindex; Lighthouse 13 added content-signal) is "Unknown directive";
 * an Allow/Disallow before any User-agent is "No user-agent specified"; a Sitemap that is not an
 * http, https or ftp URL is "Invalid sitemap URL"; a pattern that is not empty and starts with
 * neither / nor * and a `$` not last are errors too. Any of them fails the whole audit, which is
 * why one note lists them all. Crawlers are not affected. Cost: O(n) in the file.
 */
import type { RobotsDocument } from '../syntax/document';

const SAFELIST = new Set(['user-agent', 'disallow', 'allow', 'sitemap', 'crawl-delay', 'clean-param', 'host', 'request-rate', 'visit-time', 'noindex']);
const LISTED_SINCE_13 = new Set(['content-signal']);
const SHOWN = 5;

/** Lighthouse's complaint about one line, or undefined. */
function flag(text: string, inGroup: boolean): string | undefined {
  const hash = text.indexOf('#');
  const line = (hash >= 0 ? text.slice(0, hash) : text).trim();
  if (line === '') return undefined;
  const colon = line.indexOf(':');
  if (colon < 0) return 'Syntax not understood';
  const name = line.slice(0, colon).trim().toLowerCase();
  const value = line.slice(colon + 1).trim();
  if (LISTED_SINCE_13.has(name)) return 'Unknown directive (before Lighthouse 13)';
  if (!SAFELIST.has(name)) return 'Unknown directive';
  if (name === 'sitemap') {
    try {
      if (!['http:', 'https:', 'ftp:'].includes(new URL(value).protocol)) return 'Invalid sitemap URL';
    } catch {
      return 'Invalid sitemap URL';
    }
  }
  if ((name === 'allow' || name === 'disallow') && !inGroup) return 'No user-agent specified';
  if (name === 'allow' || name === 'disallow') {
    if (value !== '' && !value.startsWith('/') && !value.startsWith('*')) return 'Pattern should either be empty, start with "/" or "*"';
    const dollar = value.indexOf('$');
    if (dollar >= 0 && dollar !== value.length - 1) return '"$" should be used only at the end of the pattern';
  }
  return undefined;
}

/** A line Lighthouse's audit flags (0-based) and its message. */
export interface LighthouseFlag {
  readonly line: number;
  readonly why: string;
}

/** Every line the audit flags, in order. */
export function lighthouseAudit(doc: RobotsDocument): LighthouseFlag[] {
  const flagged: LighthouseFlag[] = [];
  let inGroup = false;
  doc.lines.forEach((node, line) => {
    const why = flag(node.text, inGroup);
    if (/^\s*user-agent\s*:/i.test(node.text)) inGroup = true;
    if (why) flagged.push({ line, why });
  });
  return flagged;
}

/** The note for a hover or a report, or undefined when Lighthouse would pass the file. */
export function lighthouseNote(doc: RobotsDocument): string | undefined {
  const flagged = lighthouseAudit(doc);
  if (flagged.length === 0) return undefined;
  const list = flagged.slice(0, SHOWN).map((f) => `line ${f.line + 1}: ${f.why}`).join('; ');
  const more = flagged.length > SHOWN ? `; and ${flagged.length - SHOWN} more` : '';
  return `Lighthouse's robots.txt audit would fail this file ("robots.txt is not valid", a lower SEO score): ${list}${more}. Crawlers are not affected; the audit knows only the common REP fields.`;
}
