/**
 * The note on what Lighthouse's robots.txt audit reports (issue 14, point 3): its safelist of
 * fields, a rule before any User-agent, an invalid Sitemap URL, pattern shape; one note per file.
 */
import * as assert from 'node:assert/strict';
import { doValidation, type Diagnostic } from '../../server/src/service';
import { doc } from './helpers';

const note = (text: string): Diagnostic | undefined => doValidation(doc(text)).find((d) => d.code === 'rep.lighthouse-audit');

suite('Lighthouse robots.txt audit note', () => {
  test('a plain REP file passes: no note', () => {
    assert.equal(note('User-agent: *\nDisallow: /private/\nCrawl-delay: 5\nSitemap: https://example.com/sitemap.xml\n'), undefined);
  });
  test('a Disallow before any User-agent: No user-agent specified, on that line', () => {
    const n = note('Disallow: /x\nUser-agent: *\nAllow: /\n');
    assert.equal(n?.range.start.line, 0);
    assert.match(n?.message ?? '', /line 1: No user-agent specified/);
  });
  test('unknown directives (ACAP, Content-Usage) and content-signal before Lighthouse 13; one note listing them', () => {
    const ds = doValidation(doc('User-agent: *\nDisallow:\nContent-Signal: ai-train=no\nContent-Usage: train-ai=n\n\nACAP-crawler: *\nACAP-disallow-crawl: /x\n')).filter((d) => d.code === 'rep.lighthouse-audit');
    assert.equal(ds.length, 1);
    assert.equal(ds[0].range.start.line, 2);
    assert.match(ds[0].message, /line 3: Unknown directive \(before Lighthouse 13\); line 4: Unknown directive; line 6: Unknown directive; line 7: Unknown directive/);
  });
  test('an invalid Sitemap URL; a $ not last; a pattern without / or *', () => {
    assert.match(note('User-agent: *\nSitemap: /sitemap.xml\n')?.message ?? '', /line 2: Invalid sitemap URL/);
    assert.match(note('User-agent: *\nDisallow: /a$b\n')?.message ?? '', /"\$" should be used only at the end/);
    assert.match(note('User-agent: *\nDisallow: private\n')?.message ?? '', /Pattern should either be empty/);
  });
  test('more than five flagged lines are counted, not listed', () => {
    assert.match(note('User-agent: *\n' + 'Foo: 1\n'.repeat(8))?.message ?? '', /and 3 more/);
  });
});
