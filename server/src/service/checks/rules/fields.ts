/**
 * Sitemaps and the other fields outside the rules: Sitemap (sitemaps.org), Crawl-delay, Host,
 * Clean-param, Noindex and License, and the value every field needs. Each check reads one line:
 * O(n) in its length.
 */
import type { Finding } from '../../syntax/findings';
import type { LineNode } from '../../syntax/syntax';
import { isAbsoluteUri } from '../../acap/values';
import type { Topic } from '../rule';

/** Whether the field has a value; if not, says what it needs. */
export function requireValue(line: LineNode, value: string, what: string, out: Finding[]): boolean {
  if (value) return true;
  const f = line.field;
  if (f) out.push({ code: 'rep.empty-value', span: f.name, message: `${f.fact?.name} needs ${what}.` });
  return false;
}

/** The value of a Sitemap, Crawl-delay, Host, Clean-param, Noindex or License line (`id` is its field's). */
export function checkOtherField(line: LineNode, id: string, value: string, out: Finding[]): void {
  const f = line.field;
  if (!f) return;
  switch (id) {
    case 'sitemap':
      if (requireValue(line, value, 'the absolute URL of a sitemap', out) && !/^https?:\/\/[^\s/]+/i.test(value)) {
        out.push({ code: 'rep.sitemap-not-absolute', span: f.value, message: `A Sitemap must be an absolute URL such as https://example.com/sitemap.xml (sitemaps.org); ‘${value}’ is not.` });
      }
      return;
    case 'crawl-delay':
      if (requireValue(line, value, 'a number of seconds', out) && !/^(\d+(\.\d*)?|\.\d+)$/.test(value)) {
        out.push({ code: 'rep.crawl-delay-not-number', span: f.value, message: `Crawl-delay is a number of seconds such as 10 or 0.5; crawlers ignore ‘${value}’.` });
      }
      return;
    case 'host':
      if (requireValue(line, value, 'a host name', out) && !/^(https?:\/\/)?[A-Za-z0-9.-]+(:\d+)?\/?$/i.test(value)) {
        out.push({ code: 'rep.invalid-host', span: f.value, message: `Host takes a host name with an optional scheme and port, such as www.example.com; ‘${value}’ is not one.` });
      }
      return;
    case 'clean-param':
      // Yandex's own sites write `Clean-param: &name`, so empty names between `&` are tolerated.
      if (requireValue(line, value, 'parameter names', out) && !/^&*[^\s&]+(?:&+[^\s&]+)*&*(?:\s+\S+)?$/.test(value)) {
        out.push({ code: 'rep.invalid-clean-param', span: f.value, message: 'Clean-param takes parameter names joined by & and an optional path prefix: `Clean-param: ref&sid /catalog/`.' });
      }
      return;
    case 'noindex':
      out.push({ code: 'rep.noindex-unsupported', span: f.name, message: 'Google stopped honouring Noindex in robots.txt on 2019-09-01. Use ACAP-disallow-index here, or a robots META tag or X-Robots-Tag header on the pages.' });
      return;
    case 'license':
      // RSL: a URL, or (issue 14) a path on this site, which the AI-use engine reads in the workspace.
      if (requireValue(line, value, 'the URL of a licence', out) && !isAbsoluteUri(value) && !value.startsWith('/')) {
        out.push({ code: 'rep.invalid-url', span: f.value, message: `License takes the URL of a licence document (absolute, or a path on this site starting with /); ‘${value}’ is neither.` });
      }
      return;
    default:
      return;
  }
}

export const topic: Topic = {
  topic: 'sitemaps and other fields',
  rules: [
    { codes: ['rep.empty-value'], stage: 'line', check: requireValue },
    { codes: ['rep.sitemap-not-absolute', 'rep.crawl-delay-not-number', 'rep.invalid-host', 'rep.invalid-clean-param', 'rep.noindex-unsupported', 'rep.invalid-url'], stage: 'line', check: checkOtherField },
  ],
};
