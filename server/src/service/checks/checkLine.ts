/**
 * Everything that can be said about one line from its text alone: field names, separators,
 * conventional values, the 1996 fields, and (via checkAcap) ACAP values. Results are cached per
 * LineNode; since an edit reuses every untouched LineNode, unchanged lines are never re-checked.
 */
import { ACAP_VERSIONS, FIELDS, GOOGLE_ACCEPTED_TYPOS, field } from '../facts/facts';
import { checkAcapDirective, checkUnknownAcapField } from './checkAcap';
import type { Finding } from '../syntax/findings';
import { closest, didYouMean } from '../facts/suggest';
import { DASH_LOOKALIKES, type LineNode, type Span } from '../syntax/syntax';
import { innerDollars, isAbsoluteUri, scanNoise } from '../acap/values';
import { checkContentSignal, checkContentUsage, checkExtensionField, checkPathHygiene } from './checkSignals';

const cache = new WeakMap<LineNode, readonly Finding[]>();

/** One shared answer for the many lines with nothing to say (no array per clean line). */
const NOTHING: readonly Finding[] = Object.freeze([]);

export function checkLine(line: LineNode): readonly Finding[] {
  let found = cache.get(line);
  if (!found) {
    const computed = computeLineFindings(line);
    found = computed.length ? computed : NOTHING;
    cache.set(line, found);
  }
  return found;
}

const CONVENTIONAL_NAMES = FIELDS.filter((f) => f.family !== 'acap').map((f) => f.name);

function text(line: LineNode, span: Span): string {
  return line.text.slice(span.start, span.end);
}

function computeLineFindings(line: LineNode): Finding[] {
  const out: Finding[] = [];
  checkCharacters(line, out);
  if (line.bom) {
    out.push({ code: 'text.bom', span: { start: 0, end: 1 }, message: 'The file starts with a byte-order mark. Google and RFC 9309 parsers skip it, but older crawlers read it as part of the first field name; save the file as UTF-8 without BOM to be safe.', replacement: '' });
  }
  const d = line.directive;
  if (d.kind === 'acap-version') {
    checkVersionComment(line, out);
    return out;
  }
  const f = line.field;
  if (!f) return out;

  if (!f.fact) {
    checkUnknownField(line, out);
    return out;
  }
  const fact = f.fact;
  const written = text(line, f.name);
  if (f.repair === 'space-for-hyphen') {
    const fixed = written.replace(/[ \t]+/g, '-');
    out.push({ code: 'acap.space-for-hyphen', span: f.name, message: `‘${written}’ has a space where ACAP has a hyphen, so crawlers do not recognise the field (Part 1 §3). Write ‘${fixed}’.`, replacement: fixed });
  } else if (f.repair === 'dash-lookalike') {
    const fixed = written.replace(DASH_LOOKALIKES, '-');
    out.push({ code: 'syntax.dash-lookalike', span: f.name, message: `‘${written}’ contains a typographic dash where a hyphen belongs, so crawlers do not recognise the field. Write ‘${fixed}’.`, replacement: fixed });
  }
  if (f.separator !== 'colon' && !fact.noValue) {
    const acap = fact.family === 'acap';
    const named = fact.isPrefix ? written : fact.name;
    out.push({
      code: acap ? 'acap.missing-colon' : 'rep.missing-colon',
      span: f.name,
      message: acap
        ? `‘${named}’ needs a colon after the field name (Part 1 §3); without it crawlers ignore the line.`
        : `‘${named}’ needs a colon after the field name (RFC 9309 §2.2).${f.separator === 'whitespace' && fact.family === 'rep' ? ' Google accepts a space when the value is one word; other crawlers ignore the line.' : ''}`,
      replacement: written + ':',
    });
  }

  if (fact.family === 'acap') {
    checkAcapDirective(line, d, out);
    return out;
  }
  checkConventional(line, out);
  return out;
}

/** NUL and other control characters, and U+FFFD left by bytes that were not UTF-8. */
function checkCharacters(line: LineNode, out: Finding[]): void {
  const t = line.text;
  const ctl = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]/.exec(t);
  if (ctl) {
    const code = ctl[0].charCodeAt(0);
    out.push({ code: 'text.control-character', span: { start: ctl.index, end: ctl.index + 1 }, message: `Control character U+${code.toString(16).toUpperCase().padStart(4, '0')}${code === 0 ? ' (NUL)' : ''} in the text: robots.txt is plain UTF-8 text, and crawlers may stop reading or misread the line.` });
  }
  const bad = t.indexOf('\ufffd');
  if (bad >= 0) {
    out.push({ code: 'text.invalid-utf8', span: { start: bad, end: bad + 1 }, message: 'Bytes here are not valid UTF-8 (shown as U+FFFD). RFC 9309 §2.3 expects UTF-8; crawlers may misread this line. Re-save the file as UTF-8.' });
  }
}

function checkVersionComment(line: LineNode, out: Finding[]): void {
  const d = line.directive;
  if (d.kind !== 'acap-version' || !line.comment) return;
  const version = d.version ? text(line, d.version) : '';
  if (!d.wellFormed) {
    const fixed = `##ACAP version=${version || '1.0'}`;
    out.push({ code: 'acap.version-malformed', span: line.comment, message: `Write the ACAP version comment exactly as ‘${fixed}’ (Part 1 §2.9.3).`, replacement: fixed });
  } else if (!ACAP_VERSIONS.includes(version)) {
    out.push({ code: 'acap.version-unknown', span: d.version ?? line.comment, message: `ACAP version ‘${version}’ is not one this product knows (${ACAP_VERSIONS.join(', ')})${version.startsWith('0.') ? '; 0.x were pilot versions that predate the specification' : ''} (Part 1 §2.9.3).`, replacement: '1.0' });
  }
}

function checkUnknownField(line: LineNode, out: Finding[]): void {
  const f = line.field;
  if (!f) return;
  if (checkExtensionField(line, out)) return;
  const written = text(line, f.name);
  const lower = written.toLowerCase();
  if (written.startsWith('\u00ef\u00bb\u00bf')) {
    out.push({ code: 'text.mangled-bom', span: { start: f.name.start, end: f.name.start + 3 }, message: 'These characters (ï»¿) are a byte-order mark that was encoded twice; crawlers read them as part of the field name and ignore the line. Remove them and save the file as UTF-8 without BOM.', replacement: '' });
    return;
  }
  const wide = line.text.indexOf('\uff1a', f.name.start);
  if (wide >= 0 && (f.separator !== 'colon' || wide < f.colon)) {
    const before = line.text.slice(f.name.start, wide).trim();
    if (FIELDS.some((x) => x.name.toLowerCase() === before.toLowerCase())) {
      out.push({ code: 'syntax.fullwidth-colon', span: { start: wide, end: wide + 1 }, message: `‘${before}’ is followed by a fullwidth colon (：); crawlers only accept the ASCII colon, so they ignore the line.`, replacement: ':' });
      return;
    }
  }
  if ((lower === 'http' || lower === 'https') && f.separator === 'colon' && line.text.startsWith('//', f.colon + 1)) {
    out.push({ code: 'syntax.bare-url', span: { start: f.name.start, end: f.value.end }, message: 'A URL on its own line is not a field, so crawlers ignore it. If it is a sitemap, write ‘Sitemap: ’ before it.', replacement: `Sitemap: ${line.text.slice(f.name.start, f.value.end)}` });
    return;
  }
  if (lower.startsWith('acap')) {
    checkUnknownAcapField(line, f.name, out);
    return;
  }
  const googleTypo = GOOGLE_ACCEPTED_TYPOS.get(lower.replace(/[ \t]+/g, ' '));
  if (googleTypo) {
    const name = field(googleTypo).name;
    out.push({ code: 'syntax.misspelt-field', span: f.name, message: `Google reads ‘${written}’ as ${name}, but other crawlers ignore the line. Write ‘${name}’.`, replacement: name });
    return;
  }
  const near = closest(written, CONVENTIONAL_NAMES);
  if (near) {
    out.push({ code: 'syntax.misspelt-field', span: f.name, message: `‘${written}’ is not a known field, so crawlers ignore the line.${didYouMean(near)}`, replacement: near });
    return;
  }
  // A name with quotes, angle brackets, `=` or slashes is not a field name but pasted markup or prose.
  if (f.separator !== 'colon' || /[<>"'=/\\(){}[\];,]/.test(written)) {
    out.push({ code: 'syntax.not-a-field', span: { start: f.name.start, end: f.value.end }, message: 'This line is not a field (`Name: value`), a comment or blank; crawlers ignore it. Start comments with #.' });
    return;
  }
  out.push({ code: 'syntax.unknown-field', span: f.name, message: `‘${written}’ is not a field this product knows; crawlers that do not know it ignore the line.` });
}

const VERSION = /^(\d+)\.(\d+)\.(\d+)$/;
const TIME = String.raw`(?:([01]?\d|2[0-3]):?([0-5]\d))`;
// Two times separated by `-` (spaces around it allowed) or by spaces alone. The two
// alternatives cannot both match one run of spaces in more than one way, so a failing value costs
// O(n): the old `\s*[-\s]\s*` split a run of n spaces in O(n²) ways (100,000 spaces took 20 s).
const TIME_RANGE = new RegExp(String.raw`^${TIME}(?:\s*-\s*|\s+)${TIME}$`);
const RATE = /^(\d+)\s*\/\s*(\d+)\s*([smhd]?)$/i;

/** `/2.1`, `/5.0 (compatible)`: a version (and comment) after a product token, which crawlers never match on (RFC 9309 §2.2.1). */
export function isVersionSuffix(rest: string): boolean {
  return /^\/[0-9][0-9A-Za-z.+_-]*(\s*\([^()/]*\))?$/.test(rest);
}

/** Google's product-token reading: the longest prefix of [A-Za-z_-] (robots.cc ExtractUserAgent). */
export function googleProductToken(agent: string): string {
  const m = /^[A-Za-z_-]*/.exec(agent);
  return m ? m[0] : '';
}

function checkConventional(line: LineNode, out: Finding[]): void {
  const f = line.field;
  const d = line.directive;
  if (!f || !f.fact) return;
  const value = text(line, f.value);
  const requireValue = (what: string): boolean => {
    if (value) return true;
    out.push({ code: 'rep.empty-value', span: f.name, message: `${f.fact?.name} needs ${what}.` });
    return false;
  };
  switch (f.fact.id) {
    case 'user-agent': {
      if (!value) {
        out.push({ code: 'rep.empty-user-agent', span: f.name, message: 'Name a crawler (its product token, such as Googlebot), or * for all crawlers (RFC 9309 §2.2.1).' });
      } else if (/^[A-Za-z_-][A-Za-z0-9_-]*$/.test(value) && /\d/.test(value)) {
        out.push({ code: 'rep.product-token-digits', span: f.value, message: `RFC 9309 product tokens have no digits (§2.2.1), and Google's parser reads ‘${value}’ as ‘${googleProductToken(value)}’. Crawlers that compare whole names, usually including this one, still recognise it.` });
      } else if (value !== '*' && !/^[A-Za-z_-]+$/.test(value)) {
        const token = googleProductToken(value);
        // Only dropping a version (`Googlebot/2.1`) keeps the crawler addressed; any other
        // shortening (`Mail.RU_Bot` → `Mail`) names another crawler, so the quick fixes offer it
        // as a choice, never as the fix (codeActions.ts).
        const versionOnly = token !== '' && isVersionSuffix(value.slice(token.length));
        out.push({
          code: 'rep.invalid-product-token', span: f.value,
          message: !token
            ? `‘${value}’ is not a product token (letters, ‘-’ and ‘_’ only, RFC 9309 §2.2.1); Google matches no crawler with it.`
            : versionOnly
              ? `‘${value}’ is a product token with a version (RFC 9309 §2.2.1 allows letters, ‘-’ and ‘_’ only). Crawlers send ‘${token}’ as their token; write ‘${token}’.`
              : `‘${value}’ is not a product token (letters, ‘-’ and ‘_’ only, RFC 9309 §2.2.1). Google's parser reads ‘${token}’ and applies this group to a crawler whose token is ‘${token}’; crawlers that compare the whole value match only ‘${value}’. Keep it if the group is meant for ‘${value}’.`,
          replacement: versionOnly ? token : undefined,
        });
      }
      return;
    }
    case 'allow':
    case 'disallow': {
      if (d.kind !== 'rule') return;
      if (!value) {
        if (d.allow) out.push({ code: 'rep.empty-allow', span: f.name, message: 'An empty Allow allows nothing and can be removed (an empty Disallow is what allows everything).' });
        return;
      }
      if (/^https?:\/\//i.test(value)) {
        const path = value.replace(/^https?:\/\/[^/]*/i, '') || '/';
        out.push({ code: 'rep.path-not-absolute', span: f.value, message: `Rules take a path relative to the site root, not a URL (RFC 9309 §2.2.2). Did you mean ‘${path}’?`, replacement: path });
      } else if (!value.startsWith('/') && !value.startsWith('*')) {
        out.push({ code: 'rep.path-not-absolute', span: f.value, message: `‘${value}’ starts with neither ‘/’ nor ‘*’, so it matches no URL path (RFC 9309 §2.2.2). Did you mean ‘/${value}’?`, replacement: `/${value}` });
      }
      const noise = scanNoise(value, f.value);
      if (noise) out.push(noise);
      for (const at of innerDollars(value)) {
        out.push({ code: 'rep.dollar-not-last', span: { start: f.value.start + at, end: f.value.start + at + 1 }, message: '‘$’ anchors the end of the path only as the last character; elsewhere Google reads it as a literal $ (RFC 9309 §2.2.3).' });
      }
      checkPathHygiene(line, f.value, out);
      return;
    }
    case 'sitemap':
      if (requireValue('the absolute URL of a sitemap') && !/^https?:\/\/[^\s/]+/i.test(value)) {
        out.push({ code: 'rep.sitemap-not-absolute', span: f.value, message: `A Sitemap must be an absolute URL such as https://example.com/sitemap.xml (sitemaps.org); ‘${value}’ is not.` });
      }
      return;
    case 'crawl-delay':
      if (requireValue('a number of seconds') && !/^(\d+(\.\d*)?|\.\d+)$/.test(value)) {
        out.push({ code: 'rep.crawl-delay-not-number', span: f.value, message: `Crawl-delay is a number of seconds such as 10 or 0.5; crawlers ignore ‘${value}’.` });
      }
      return;
    case 'host':
      if (requireValue('a host name') && !/^(https?:\/\/)?[A-Za-z0-9.-]+(:\d+)?\/?$/i.test(value)) {
        out.push({ code: 'rep.invalid-host', span: f.value, message: `Host takes a host name with an optional scheme and port, such as www.example.com; ‘${value}’ is not one.` });
      }
      return;
    case 'clean-param':
      // Yandex's own sites write `Clean-param: &name`, so empty names between `&` are tolerated.
      if (requireValue('parameter names') && !/^&*[^\s&]+(?:&+[^\s&]+)*&*(?:\s+\S+)?$/.test(value)) {
        out.push({ code: 'rep.invalid-clean-param', span: f.value, message: 'Clean-param takes parameter names joined by & and an optional path prefix: `Clean-param: ref&sid /catalog/`.' });
      }
      return;
    case 'noindex':
      out.push({ code: 'rep.noindex-unsupported', span: f.name, message: 'Google stopped honouring Noindex in robots.txt on 2019-09-01. Use ACAP-disallow-index here, or a robots META tag or X-Robots-Tag header on the pages.' });
      return;
    case 'content-usage':
      if (requireValue('preferences such as train-ai=n')) checkContentUsage(line, f.value, out);
      return;
    case 'content-signal':
      if (requireValue('preferences such as search=yes, ai-train=no')) checkContentSignal(line, f.value, out);
      return;
    case 'license':
      // RSL: a URL, or (issue 14) a path on this site, which the AI-use engine reads in the workspace.
      if (requireValue('the URL of a licence') && !isAbsoluteUri(value) && !value.startsWith('/')) {
        out.push({ code: 'rep.invalid-url', span: f.value, message: `License takes the URL of a licence document (absolute, or a path on this site starting with /); ‘${value}’ is neither.` });
      }
      return;
    case 'robot-version': {
      if (!requireValue('a version such as 2.0.0')) return;
      const m = VERSION.exec(value);
      if (!m || (m[1] !== '1' && m[1] !== '2')) {
        out.push({ code: 'rep.robot-version-invalid', span: f.value, message: `Robot-version is MAJOR.MINOR.REVISION with major 1 or 2, such as 2.0.0; ‘${value}’ is not.`, replacement: /^2(\.0)?$/.test(value) ? '2.0.0' : undefined });
      } else if (Number(m[2]) % 2 === 1) {
        out.push({ code: 'rep.robot-version-experimental', span: f.value, message: `An odd minor version (${value}) marks an experimental standard; robots should ignore this group and use the default.` });
      }
      return;
    }
    case 'visit-time':
      if (requireValue('two times, such as 0100-0645') && !TIME_RANGE.test(value)) {
        out.push({ code: 'rep.visit-time-invalid', span: f.value, message: `Visit-time takes two UTC times, such as 0100-0645 or 01:00 06:45; ‘${value}’ is not that.` });
      }
      return;
    case 'request-rate': {
      if (!requireValue('a rate such as 10/1m')) return;
      const [rate, ...times] = value.split(/\s+/);
      const okRate = RATE.test(rate);
      const okTimes = times.length === 0 || TIME_RANGE.test(times.join(' '));
      if (!okRate || !okTimes) {
        out.push({ code: 'rep.request-rate-invalid', span: f.value, message: `Request-rate is documents/time with an optional unit s, m, h or d and an optional time range: 10/60, 20/1h, 1/5s 0600-0845. ‘${value}’ is not that.` });
      }
      return;
    }
    default:
      return;
  }
}
