/**
 * What Lighthouse's robots.txt audit reports (issue 14, point 3): its safelist of fields, a rule
 * before any User-agent, an invalid Sitemap URL, pattern shape; one note listing them.
 */
import * as assert from 'node:assert/strict';
import { lighthouseAudit, lighthouseNote } from '../../server/src/service';
import { doc } from './helpers';

const audit = (text: string): string[] => lighthouseAudit(doc(text)).map((f) => `${f.line + 1}: ${f.why}`);

suite('Lighthouse robots.txt audit', () => {
  test('a plain REP file passes', () => {
    assert.deepEqual(audit('User-agent: *\nDisallow: /private/\nCrawl-delay: 5\nSitemap: https://example.com/sitemap.xml\n'), []);
    assert.equal(lighthouseNote(doc('User-agent: *\nDisallow:\n')), undefined);
  });
  test('a Disallow before any User-agent: No user-agent specified', () => {
    assert.deepEqual(audit('Disallow: /x\nUser-agent: *\nAllow: /\n'), ['1: No user-agent specified']);
  });
  test('unknown directives (ACAP, Content-Usage); content-signal only before Lighthouse 13', () => {
    assert.deepEqual(audit('User-agent: *\nDisallow:\nContent-Signal: ai-train=no\nContent-Usage: train-ai=n\n\nACAP-crawler: *\nACAP-disallow-crawl: /x\n'),
      ['3: Unknown directive (before Lighthouse 13)', '4: Unknown directive', '6: Unknown directive', '7: Unknown directive']);
  });
  test('an invalid Sitemap URL; a $ not last; a pattern without / or *; a line without a colon', () => {
    assert.deepEqual(audit('User-agent: *\nSitemap: /sitemap.xml\nDisallow: /a$b\nDisallow: private\njunk\n'),
      ['2: Invalid sitemap URL', '3: "$" should be used only at the end of the pattern', '4: Pattern should either be empty, start with "/" or "*"', '5: Syntax not understood']);
  });
  test('the note lists five lines and counts the rest', () => {
    assert.match(lighthouseNote(doc('User-agent: *\n' + 'Foo: 1\n'.repeat(8))) ?? '', /line 2: Unknown directive;.*line 6: Unknown directive; and 3 more/);
  });
});
