/**
 * Every diagnostic the product reports: a stable code (also its settings key), a default
 * severity, the specification section it enforces and a one-line description for the settings UI.
 * Messages are written where the problem is found, with the specifics of the line.
 */
import type { SpecRef } from './facts';

export type SeverityName = 'error' | 'warning' | 'information' | 'hint';
export type SeveritySetting = SeverityName | 'off';

export interface CodeFact {
  readonly code: string;
  readonly severity: SeverityName;
  readonly spec: SpecRef;
  readonly description: string;
}

const P1 = (section: string): SpecRef => ({ doc: 'Part 1', section });
const RFC = (section: string): SpecRef => ({ doc: 'RFC 9309', section });
const R2 = (section: string): SpecRef => ({ doc: 'robots.txt 2.0.0', section });

export const CODES = [
  // --- text and file level -----------------------------------------------------------------
  { code: 'text.invalid-utf8', severity: 'warning', spec: RFC('2.3'), description: 'Bytes that are not valid UTF-8.' },
  { code: 'text.control-character', severity: 'warning', spec: RFC('2.2'), description: 'NUL or another control character in the text.' },
  { code: 'text.bom', severity: 'information', spec: RFC('2.2'), description: 'The file starts with a byte-order mark.' },
  { code: 'text.too-large', severity: 'warning', spec: RFC('2.5'), description: 'Content beyond 500 KiB, which crawlers may ignore.' },
  { code: 'text.too-many-problems', severity: 'information', spec: RFC('2.5'), description: 'More problems than the configured maximum; the rest are not shown.' },

  // --- every field -------------------------------------------------------------------------
  { code: 'syntax.not-a-field', severity: 'warning', spec: RFC('2.2'), description: 'A line that is neither a field, a comment nor blank.' },
  { code: 'syntax.fullwidth-colon', severity: 'warning', spec: RFC('2.2'), description: 'A fullwidth colon (：) where the field needs an ASCII colon.' },
  { code: 'syntax.bare-url', severity: 'warning', spec: RFC('2.2'), description: 'A URL on a line of its own, most likely a Sitemap line without its field name.' },
  { code: 'text.mangled-bom', severity: 'warning', spec: RFC('2.2'), description: 'A byte-order mark encoded twice (ï»¿), which hides the first field from crawlers.' },
  { code: 'syntax.unknown-field', severity: 'information', spec: RFC('2.2.4'), description: 'A field the product does not know; crawlers ignore it.' },
  { code: 'syntax.misspelt-field', severity: 'warning', spec: RFC('2.2.4'), description: 'A field name close to a known one; most crawlers ignore it.' },
  { code: 'rep.missing-colon', severity: 'warning', spec: RFC('2.2'), description: 'A conventional field without the colon after its name.' },

  // --- conventional REP --------------------------------------------------------------------
  { code: 'rep.rule-outside-group', severity: 'warning', spec: RFC('2.2'), description: 'A rule before any User-agent line, which crawlers ignore.' },
  { code: 'rep.empty-user-agent', severity: 'warning', spec: RFC('2.2.1'), description: 'A User-agent line with no product token.' },
  { code: 'rep.invalid-product-token', severity: 'warning', spec: RFC('2.2.1'), description: 'A User-agent value that is not a plain product token.' },
  { code: 'rep.product-token-digits', severity: 'hint', spec: RFC('2.2.1'), description: 'A product token with digits, which RFC 9309 parsers such as Google\'s cut short.' },
  { code: 'rep.path-not-absolute', severity: 'warning', spec: RFC('2.2.2'), description: 'An Allow or Disallow path that starts with neither / nor *.' },
  { code: 'rep.dollar-not-last', severity: 'warning', spec: RFC('2.2.3'), description: 'A $ that is not the last character of a pattern.' },
  { code: 'rep.empty-allow', severity: 'hint', spec: RFC('2.2.2'), description: 'An Allow line with no path, which allows nothing.' },
  { code: 'rep.sitemap-not-absolute', severity: 'warning', spec: { doc: 'sitemaps.org', section: '' }, description: 'A Sitemap value that is not an absolute http(s) URL.' },
  { code: 'rep.crawl-delay-not-number', severity: 'warning', spec: RFC('2.2.4'), description: 'A Crawl-delay that is not a non-negative number of seconds.' },
  { code: 'rep.invalid-host', severity: 'warning', spec: { doc: 'Yandex', section: '' }, description: 'A Host value that is not a host name with an optional scheme and port.' },
  { code: 'rep.invalid-clean-param', severity: 'warning', spec: { doc: 'Yandex', section: '' }, description: 'A Clean-param value that is not `p1&p2 [/path]`.' },
  { code: 'rep.noindex-unsupported', severity: 'information', spec: { doc: 'Google', section: '' }, description: 'Noindex in robots.txt, which Google no longer honours.' },
  { code: 'rep.invalid-preference', severity: 'warning', spec: { doc: 'IETF aipref', section: '' }, description: 'A Content-Usage or Content-Signal value that is not a list of key=value preferences.' },
  // AI-era usage signals (issue 14): test/unit/aiSignals.test.ts checks their coverage.
  { code: 'signal.obsolete-label', severity: 'warning', spec: { doc: 'IETF aipref', section: '' }, description: 'A Content-Usage label the aipref vocabulary no longer has (drafts -05 to -08 define train-ai and search); crawlers ignore it.' },
  { code: 'signal.unknown-label', severity: 'information', spec: { doc: 'IETF aipref', section: '' }, description: 'A Content-Usage label the aipref vocabulary does not define; crawlers ignore it.' },
  { code: 'signal.invalid-value', severity: 'warning', spec: { doc: 'IETF aipref', section: '' }, description: 'A preference whose value is not y or n (Content-Usage) or yes or no (Content-Signal): its preference is unknown.' },
  { code: 'signal.duplicate-key', severity: 'warning', spec: { doc: 'IETF aipref', section: '' }, description: 'The same label twice on one line; only the last counts (RFC 9651 §4.2.2).' },
  { code: 'signal.unknown-key', severity: 'warning', spec: { doc: 'Content Signals', section: '' }, description: 'A Content-Signal key other than search, ai-input, ai-train and use; crawlers ignore it.' },
  { code: 'signal.missing-comma', severity: 'warning', spec: { doc: 'Content Signals', section: '' }, description: 'Content-Signal preferences separated by spaces instead of commas.' },
  { code: 'signal.alias', severity: 'hint', spec: { doc: 'Content Signals', section: '' }, description: 'Content-Signals, read as Content-Signal; the policy writes the singular.' },
  { code: 'signal.extension-field', severity: 'information', spec: RFC('2.2.4'), description: 'An extension directive seen in the wild (LLM-Policy, Agentmap) that no major crawler is documented to act on.' },
  { code: 'path.html-entity', severity: 'warning', spec: RFC('2.2.2'), description: 'An HTML entity such as &amp; in a path: crawlers compare it literally, so it matches no URL.' },
  { code: 'path.non-ascii', severity: 'information', spec: RFC('2.2.2'), description: 'Unencoded non-ASCII characters in a path; RFC 9309 crawlers percent-encode them as UTF-8 before matching, older ones may not.' },
  { code: 'path.invalid-percent', severity: 'warning', spec: RFC('2.2.2'), description: 'A % not followed by two hexadecimal digits.' },
  { code: 'path.lowercase-percent', severity: 'hint', spec: RFC('2.2.2'), description: 'A percent escape with lower-case hexadecimal digits; upper case is the normal form (RFC 3986 §2.1).' },
  { code: 'path.double-star', severity: 'hint', spec: RFC('2.2.3'), description: 'Two * in a row, which match the same as one.' },
  { code: 'path.trailing-star', severity: 'hint', spec: RFC('2.2.3'), description: 'A * at the end of a pattern, which adds nothing: patterns match as prefixes.' },
  { code: 'rep.invalid-url', severity: 'warning', spec: { doc: 'RSL', section: '' }, description: 'A License value that is not an absolute URL.' },
  { code: 'rep.empty-value', severity: 'warning', spec: RFC('2.2'), description: 'A field that needs a value has none.' },
  { code: 'rep.group-without-rules', severity: 'hint', spec: RFC('2.2'), description: 'User-agent lines with no rule after them.' },
  { code: 'rep.rule-in-acap-record', severity: 'warning', spec: P1('2.9.2'), description: 'A conventional line inside an ACAP record: ACAP crawlers ignore it, others apply it to an earlier group.' },
  { code: 'rep.duplicate-rule', severity: 'hint', spec: RFC('2.2.2'), description: 'The same rule twice in one group.' },
  // the robots.txt 2.0.0 proposal (seed 004)
  { code: 'rep.field-outside-group', severity: 'warning', spec: R2('Robot-version'), description: 'A group-level field before any User-agent line.' },
  { code: 'rep.robot-version-misplaced', severity: 'warning', spec: R2('Robot-version'), description: 'Robot-version not immediately after the User-agent lines.' },
  { code: 'rep.robot-version-invalid', severity: 'warning', spec: R2('Robot-version'), description: 'Robot-version that is not MAJOR.MINOR.REVISION with major 1 or 2.' },
  { code: 'rep.robot-version-experimental', severity: 'information', spec: R2('Robot-version'), description: 'An odd (experimental) minor Robot-version.' },
  { code: 'rep.duplicate-field', severity: 'warning', spec: R2('Robot-version'), description: 'A field allowed once per group appears again.' },
  { code: 'rep.visit-time-invalid', severity: 'warning', spec: R2('Visit-time'), description: 'Visit-time that is not two times such as 0100-0645.' },
  { code: 'rep.request-rate-invalid', severity: 'warning', spec: R2('Request-rate'), description: 'Request-rate that is not N/time[s|m|h|d] with an optional time range.' },

  // --- ACAP fields and structure (Part 1 §2.3 - §2.9, ABNF §3) ----------------------------------
  { code: 'acap.missing-colon', severity: 'error', spec: P1('3'), description: 'An ACAP field without the colon after its name.' },
  { code: 'acap.space-for-hyphen', severity: 'error', spec: P1('3'), description: 'Spaces where an ACAP field name has hyphens.' },
  { code: 'syntax.scan-noise', severity: 'warning', spec: RFC('2.2.3'), description: 'A capital S at the end of a path where the end anchor $ was most likely meant (text copied from a scan or a PDF).' },
  { code: 'syntax.dash-lookalike', severity: 'error', spec: RFC('2.2'), description: 'A typographic dash where a field name has a hyphen; crawlers ignore the line.' },
  { code: 'acap.unknown-field', severity: 'warning', spec: P1('3'), description: 'A field starting ACAP- that ACAP does not define.' },
  { code: 'acap.unknown-usage', severity: 'error', spec: P1('2.5'), description: 'A usage type that ACAP does not define.' },
  { code: 'acap.invalid-usage-combination', severity: 'error', spec: P1('2.5'), description: 'A used resource type after a usage other than present.' },
  { code: 'acap.missing-usage', severity: 'error', spec: P1('2.4'), description: 'ACAP-allow- or ACAP-disallow- with no usage type.' },
  { code: 'acap.unknown-action', severity: 'error', spec: P1('2.6'), description: 'An action request other than take-down or re-crawl.' },
  { code: 'acap.missing-resource', severity: 'error', spec: P1('2.4.3'), description: 'A permission or prohibition with no resource specification.' },
  { code: 'acap.invalid-pattern', severity: 'error', spec: P1('2.8'), description: 'A resource path pattern that is not a relative URI reference.' },
  { code: 'acap.pattern-not-absolute', severity: 'warning', spec: P1('2.4.3'), description: 'A resource path pattern that starts with neither / nor *.' },
  { code: 'acap.dollar-not-last', severity: 'error', spec: P1('2.8'), description: 'A $ that is not the last character of a pattern.' },
  { code: 'acap.directory-without-slash', severity: 'hint', spec: P1('2.8'), description: 'A directory pattern without its trailing slash.' },
  { code: 'acap.unknown-qualifier', severity: 'error', spec: P1('2.5'), description: 'A qualifier ACAP 1.0 does not define.' },
  { code: 'acap.unknown-qualifier-1.1', severity: 'warning', spec: P1('2.5'), description: 'A qualifier ACAP 1.0 does not define, in a file declaring version 1.1.' },
  { code: 'acap.qualifier-not-valid-for-usage', severity: 'error', spec: P1('2.5'), description: 'A qualifier that may not qualify this usage type.' },
  { code: 'acap.invalid-qualifier-value', severity: 'error', spec: P1('2.5'), description: 'A qualifier value that does not follow its grammar.' },
  { code: 'acap.malformed-qualifier', severity: 'error', spec: P1('3'), description: 'A word after the resource specification that is not name=value.' },
  { code: 'acap.duplicate-qualifier', severity: 'error', spec: P1('2.5.5.2'), description: 'A qualifier that may occur once, repeated.' },
  { code: 'acap.qualifier-on-prohibition', severity: 'error', spec: P1('2.4.2'), description: 'Qualifiers on ACAP-disallow-.' },
  { code: 'acap.qualifier-on-local-usage', severity: 'error', spec: P1('2.4.1.3'), description: 'Qualifiers on a permission for a local usage.' },
  { code: 'acap.local-usage-in-prohibition', severity: 'error', spec: P1('2.4.2'), description: 'A local usage in ACAP-disallow-.' },
  { code: 'acap.meta-only-qualifier', severity: 'error', spec: { doc: 'Part 2', section: '2.2.9' }, description: 'A qualifier that only META tags may use.' },
  { code: 'acap.undefined-resource-set', severity: 'error', spec: P1('2.4.4'), description: 'A resource set that is not defined.' },
  { code: 'acap.undefined-local-usage', severity: 'error', spec: P1('2.4.1.3'), description: 'A local usage that is not defined.' },
  { code: 'acap.duplicate-definition', severity: 'error', spec: P1('3'), description: 'A name defined twice (case-insensitively).' },
  { code: 'acap.definition-after-record', severity: 'error', spec: P1('2.7'), description: 'A definition after the first ACAP record.' },
  { code: 'acap.definition-order', severity: 'error', spec: P1('2.7'), description: 'A definition that uses a qualified usage defined after it.' },
  { code: 'acap.invalid-definition', severity: 'error', spec: P1('2.7'), description: 'A definition missing its name, usage, qualifiers or patterns.' },
  { code: 'acap.invalid-name', severity: 'error', spec: P1('3'), description: 'A name that does not start with a letter or holds other than letters, digits, - _ .' },
  { code: 'acap.composite-member-not-qualified', severity: 'error', spec: P1('2.7.2'), description: 'A composite usage naming a local usage that is not a qualified usage.' },
  { code: 'acap.empty-crawler-name', severity: 'error', spec: P1('2.3.1'), description: 'ACAP-crawler with no name.' },
  { code: 'acap.invalid-crawler-name', severity: 'warning', spec: P1('3'), description: 'A crawler name that does not start with a letter.' },
  { code: 'acap.star-with-named-crawler', severity: 'error', spec: P1('2.3.1'), description: 'ACAP-crawler: * sharing a record with named crawlers.' },
  { code: 'acap.crawler-lines-apart', severity: 'hint', spec: P1('2.3'), description: 'ACAP-crawler lines separated only by comments or blank lines form one record.' },
  { code: 'acap.empty-record', severity: 'warning', spec: P1('2.3'), description: 'An ACAP record with no field after its crawler lines.' },
  { code: 'acap.field-outside-record', severity: 'error', spec: P1('2.3'), description: 'A permission, prohibition or purpose before any ACAP-crawler line.' },
  { code: 'acap.field-after-permissions-reference', severity: 'error', spec: P1('2.3'), description: 'A field after ACAP-permissions-reference in the same record.' },
  { code: 'acap.misplaced-permissions-reference', severity: 'error', spec: P1('2.3'), description: 'ACAP-permissions-reference that does not directly follow the crawler lines.' },
  { code: 'acap.invalid-permissions-reference', severity: 'error', spec: P1('2.3.2'), description: 'A permissions reference that is neither a path nor a URI.' },
  { code: 'acap.request-in-sub-record', severity: 'error', spec: P1('2.3'), description: 'An action request inside a usage-purpose sub-record.' },
  { code: 'acap.purpose-without-permission', severity: 'error', spec: P1('2.3'), description: 'ACAP-usage-purpose lines with no permission or prohibition after them.' },
  { code: 'acap.invalid-usage-purpose', severity: 'warning', spec: P1('2.3.3'), description: 'A usage purpose that is neither a name nor a URI pattern.' },
  { code: 'acap.invalid-request-target', severity: 'error', spec: P1('2.6'), description: 'An action request whose target is not one resource path.' },
  { code: 'acap.ignore-conventional-misplaced', severity: 'warning', spec: P1('2.9.1'), description: 'ACAP-ignore-conventional-records after definitions or records.' },
  { code: 'acap.ignore-conventional-value', severity: 'warning', spec: P1('2.9.1'), description: 'ACAP-ignore-conventional-records with a value.' },
  { code: 'acap.version-misplaced', severity: 'warning', spec: P1('2.9.3'), description: '##ACAP version= not at the start of the file.' },
  { code: 'acap.version-unknown', severity: 'warning', spec: P1('2.9.3'), description: 'An ACAP version this product does not know (it knows 1.0 and 1.1).' },
  { code: 'acap.version-malformed', severity: 'warning', spec: P1('2.9.3'), description: 'An ACAP version comment not written `##ACAP version=x.y`.' },
  { code: 'acap.version-missing', severity: 'hint', spec: P1('2.9.3'), description: 'ACAP records without a `##ACAP version=` comment.' },
  { code: 'acap.version-duplicate', severity: 'warning', spec: P1('2.9.3'), description: 'More than one `##ACAP version=` comment.' },
  { code: 'acap.conventional-after-acap', severity: 'warning', spec: P1('2.9.2'), description: 'A conventional group after ACAP records.' },
  { code: 'acap.contradictory-fields', severity: 'warning', spec: P1('2.4.5'), description: 'Allow and disallow of one usage for the same pattern in one record.' },
  { code: 'acap.star-pattern-never-wins', severity: 'warning', spec: P1('2.4.5'), description: 'A pattern starting with * against an opposite field starting with /: by the character-by-character method it can never be the narrower, so it never wins there.' },
  { code: 'acap.dollar-never-wins', severity: 'warning', spec: P1('2.4.5'), description: 'A pattern ending in $ against an opposite one with * at the same place: $ counts as broader, so it never wins there.' },
  { code: 'acap.never-wins-unchecked', severity: 'information', spec: P1('2.4.5'), description: 'Patterns starting with * that were not checked against the opposite fields (acap.star-pattern-never-wins): too many opposite wildcard patterns to compare within the check\'s limit.' },
  { code: 'acap.disallow-other-blocks-site', severity: 'warning', spec: P1('2.5.6'), description: 'ACAP-disallow-other for the whole site with no field on crawl: it prohibits crawl itself, and so every usage.' },
  { code: 'acap.duplicate-field', severity: 'hint', spec: P1('2.4'), description: 'The same field twice in one record.' },
  { code: 'acap.allow-other', severity: 'information', spec: P1('2.5.6'), description: 'ACAP-allow-other, for which there is no known use.' },
  { code: 'acap.not-ready', severity: 'information', spec: P1('1.1'), description: 'A feature marked not ready for implementation (red spot).' },
  { code: 'acap.prior-arrangement', severity: 'information', spec: P1('1.1'), description: 'A feature honoured only by prior arrangement (amber spot).' },

  // --- HTML (ACAP Part 2) ---
  // META tags and class attributes of HTML pages (server/src/service/html/). The codes of ACAP
  // content mirror the acap.* codes of robots.txt, so each can be set apart for pages.
  { code: 'meta.malformed-acap-token', severity: 'warning', spec: { doc: 'Part 2', section: '2.2.1' }, description: 'META content that is meant as ACAP but does not start with the token `ACAP` and a space; crawlers read it as conventional.' },
  { code: 'meta.invalid-acap-content', severity: 'error', spec: { doc: 'Part 2', section: '3' }, description: '`ACAP` followed by neither a permission, a prohibition nor `version 1.1`.' },
  { code: 'meta.missing-content', severity: 'warning', spec: { doc: 'Part 2', section: '2.2' }, description: 'A robots or crawler META tag without its required content attribute.' },
  { code: 'meta.invalid-name', severity: 'warning', spec: { doc: 'Part 2', section: '3' }, description: 'A robots or ACAP META tag whose name is neither robots nor a crawler name.' },
  { code: 'meta.outside-head', severity: 'warning', spec: { doc: 'Part 2', section: '2.2' }, description: 'A robots or ACAP META tag outside the page head.' },
  { code: 'meta.typographic-quote', severity: 'warning', spec: { doc: 'Part 2', section: '2.2' }, description: 'Typographic quotes (“ ”) where a META attribute needs straight quotes.' },
  { code: 'meta.unknown-usage', severity: 'error', spec: { doc: 'Part 2', section: '2.2.9' }, description: 'A usage type that ACAP does not define, in a META tag or a class value.' },
  { code: 'meta.invalid-usage-combination', severity: 'error', spec: { doc: 'Part 2', section: '2.2.9' }, description: 'A used resource type after a usage other than present.' },
  { code: 'meta.local-usage', severity: 'error', spec: { doc: 'Part 2', section: '3' }, description: 'A local usage `(name)` in a META tag or in a class prohibition.' },
  { code: 'meta.unknown-qualifier', severity: 'error', spec: { doc: 'Part 2', section: '2.2.9' }, description: 'A qualifier ACAP 1.0 does not define.' },
  { code: 'meta.unknown-qualifier-1.1', severity: 'warning', spec: { doc: 'Part 2', section: '2.2.9' }, description: 'A qualifier ACAP 1.0 does not define, in a page declaring version 1.1.' },
  { code: 'meta.qualifier-not-valid-for-usage', severity: 'error', spec: { doc: 'Part 2', section: '2.2.9' }, description: 'A qualifier that may not qualify this usage type.' },
  { code: 'meta.invalid-qualifier-value', severity: 'error', spec: { doc: 'Part 2', section: '2.2.9' }, description: 'A qualifier value that does not follow its grammar (location= needs an absolute URI).' },
  { code: 'meta.malformed-qualifier', severity: 'error', spec: { doc: 'Part 2', section: '3' }, description: 'A word after the usage that is not name=value.' },
  { code: 'meta.duplicate-qualifier', severity: 'error', spec: { doc: 'Part 2', section: '2.2.9' }, description: 'A qualifier that may occur once, repeated.' },
  { code: 'meta.qualifier-on-prohibition', severity: 'error', spec: { doc: 'Part 2', section: '2.2.4' }, description: 'Qualifiers on a disallow- prohibition.' },
  { code: 'meta.stray-word', severity: 'error', spec: { doc: 'Part 2', section: '3' }, description: 'A word that fits nowhere in ACAP content, such as a second permission or a second usage purpose.' },
  { code: 'meta.invalid-usage-purpose', severity: 'warning', spec: { doc: 'Part 2', section: '2.2.2' }, description: 'A usage purpose that is neither a name nor a URI pattern.' },
  { code: 'meta.invalid-element-set', severity: 'warning', spec: { doc: 'Part 2', section: '3' }, description: 'A the-acap:idlist:/classlist:/taglist: element set not written `a, b, c`.' },
  { code: 'meta.extract-target-missing', severity: 'warning', spec: P1('2.5.3.2'), description: 'A the-acap:extract: or the-acap:credit: id, class or META name that the page does not have.' },
  { code: 'meta.version-unknown', severity: 'warning', spec: { doc: 'Part 2', section: '2.2.7' }, description: 'An ACAP version META tag with a version other than 1.1.' },
  { code: 'meta.version-duplicate', severity: 'warning', spec: { doc: 'Part 2', section: '2.2.7' }, description: 'More than one ACAP version META tag for the same name.' },
  { code: 'meta.version-missing', severity: 'warning', spec: { doc: 'Part 2', section: '2.2.7' }, description: 'ACAP 1.1 features (element-level permissions) without an `ACAP version 1.1` META tag; crawlers that read 1.0 ignore them.' },
  { code: 'meta.contradictory', severity: 'warning', spec: { doc: 'Part 2', section: '2.2.8' }, description: 'Allow and disallow of one usage for the same crawler (or element): the usage is prohibited.' },
  { code: 'meta.not-ready', severity: 'information', spec: P1('1.1'), description: 'A feature marked not ready for implementation (red spot), in a META tag or class value.' },
  { code: 'meta.prior-arrangement', severity: 'information', spec: P1('1.1'), description: 'A feature honoured only by prior arrangement (amber spot), in a META tag.' },
  { code: 'meta.class-outside-body', severity: 'warning', spec: { doc: 'Part 2', section: '2.2.5' }, description: 'A the-acap: class value on an element outside the page body.' },
  { code: 'meta.unknown-class', severity: 'warning', spec: { doc: 'Part 2', section: '2.2.5' }, description: 'A the-acap: class value that is not the-acap:allow-USAGE or the-acap:disallow-USAGE.' },
  { code: 'meta.unknown-conventional-value', severity: 'information', spec: { doc: 'Google', section: 'robots meta tag' }, description: 'A robots META value the product does not know; crawlers ignore it.' },
  { code: 'meta.invalid-conventional-value', severity: 'warning', spec: { doc: 'Google', section: 'robots meta tag' }, description: 'A malformed max-snippet, max-image-preview, max-video-preview or unavailable_after value.' },
  { code: 'meta.conventional-equivalent', severity: 'information', spec: { doc: 'Part 2', section: '2.1' }, description: 'A conventional robots META value with an ACAP equivalent that the page does not state.' },
  { code: 'meta.ai-value', severity: 'information', spec: { doc: 'Google', section: 'robots meta tag' }, description: 'noai or noimageai: values that no standard defines and that Google\'s list of robots META values does not include.' },
  // SpecRef['doc'] has no entry for the W3C TDMRep report yet; the cast goes once facts.ts lists it.
  { code: 'meta.invalid-tdm', severity: 'warning', spec: { doc: 'TDMRep', section: '' }, description: 'A tdm-reservation META that is not 0 or 1, or a tdm-policy that is not an absolute URL.' },
  { code: 'meta.never-read', severity: 'information', spec: { doc: 'Part 2', section: '2.2.8' }, description: 'A META tag addressed to crawlers that robots.txt forbids to crawl the page, so they never read it.' },
  // W3C TDMRep /.well-known/tdmrep.json (issue 14): checks/rules/tdmrep.ts.
  { code: 'tdmrep.invalid-json', severity: 'error', spec: { doc: 'TDMRep', section: '3.3' }, description: 'A tdmrep.json file that is not JSON, so no rule can be read from it.' },
  { code: 'tdmrep.not-an-array', severity: 'error', spec: { doc: 'TDMRep', section: '3.3' }, description: 'A tdmrep.json file whose value is not an array of rules.' },
  { code: 'tdmrep.invalid-rule', severity: 'warning', spec: { doc: 'TDMRep', section: '3.3' }, description: 'A tdmrep.json rule that is not an object.' },
  { code: 'tdmrep.missing-location', severity: 'warning', spec: { doc: 'TDMRep', section: '3.3' }, description: 'A tdmrep.json rule without location, which matches no path.' },
  { code: 'tdmrep.invalid-location', severity: 'warning', spec: { doc: 'TDMRep', section: '3.3' }, description: 'A location that is not a path pattern starting with / or *.' },
  { code: 'tdmrep.invalid-reservation', severity: 'warning', spec: { doc: 'TDMRep', section: '3.3' }, description: 'A tdm-reservation missing or other than the number 0 or 1.' },
  { code: 'tdmrep.invalid-policy', severity: 'warning', spec: { doc: 'TDMRep', section: '3.3' }, description: 'A tdm-policy that is not a URL.' },
  { code: 'tdmrep.policy-without-reservation', severity: 'information', spec: { doc: 'TDMRep', section: '3.3' }, description: 'A tdm-policy beside tdm-reservation 0, where it offers nothing.' },
  { code: 'tdmrep.unknown-member', severity: 'warning', spec: { doc: 'TDMRep', section: '3.3' }, description: 'A member other than location, tdm-reservation and tdm-policy; it is ignored.' },
  { code: 'tdmrep.unreachable-rule', severity: 'warning', spec: { doc: 'TDMRep', section: '3.3' }, description: 'A rule after one for every path, which never applies (the first matching rule wins).' },
  // RSL licence files (issue 14): checks/rules/rsl.ts.
  { code: 'rsl.invalid-xml', severity: 'error', spec: { doc: 'RSL', section: '' }, description: 'An RSL licence file that is not well-formed XML (or holds a DTD), so no licence can be read.' },
  { code: 'rsl.wrong-namespace', severity: 'warning', spec: { doc: 'RSL', section: '' }, description: 'A licence file whose root is not <rsl> in the namespace https://rslstandard.org/rsl.' },
  { code: 'rsl.missing-content-url', severity: 'warning', spec: { doc: 'RSL', section: '' }, description: 'A <content> without url, or a licence without <content>: it applies to no page.' },
  { code: 'rsl.invalid-content-url', severity: 'warning', spec: { doc: 'RSL', section: '' }, description: 'A content url that is neither an http(s) URL nor a path pattern.' },
  { code: 'rsl.missing-license', severity: 'warning', spec: { doc: 'RSL', section: '' }, description: 'A <content> with no <license>.' },
  { code: 'rsl.unknown-usage', severity: 'warning', spec: { doc: 'RSL', section: '' }, description: 'A usage token other than all, ai-all, ai-train, ai-input, ai-index and search.' },
] as const satisfies readonly CodeFact[];

export type DiagnosticCode = (typeof CODES)[number]['code'];

export const CODE_BY_NAME: ReadonlyMap<string, CodeFact> = new Map(CODES.map((c) => [c.code, c]));

/** The severity levels a setting may choose, least severe first. */
export const SEVERITY_SETTINGS: readonly SeveritySetting[] = ['off', 'hint', 'information', 'warning', 'error'];
