/** Issue 15, defect 6: the permission table shows every usage the file speaks about. */
import * as assert from 'node:assert/strict';
import { doHover, parseDocument, permissionMatrix } from '../../server/src/service';

const URI = 'file:///site/robots.txt';

suite('permission table columns (defect 6)', () => {
  const text = [
    'ACAP-qualified-usage: old present-oldcopy time-limit=30-days',
    'ACAP-composite-usage: thumbs present-thumbnail (old)',
    'ACAP-crawler: *',
    'ACAP-disallow-present-currentcopy: /news/',
    'ACAP-allow-present-original: /news/',
    'ACAP-allow-(thumbs): /news/',
    '',
  ].join('\n');

  test('rules on cached copies and originals get columns, with local usages expanded', () => {
    const m = permissionMatrix(parseDocument(URI, 1, text), '/news/a', [], 'rfc9309');
    for (const u of ['crawl', 'index', 'present', 'present-original', 'present-currentcopy', 'present-oldcopy', 'present-thumbnail']) {
      assert.ok(m.usages.includes(u), `${u} in ${m.usages.join(', ')}`);
    }
    // In the facts' order: crawl first, present-* after present.
    assert.equal(m.usages[0], 'crawl');
    assert.ok(m.usages.indexOf('present') < m.usages.indexOf('present-original'));
    const col = m.usages.indexOf('present-currentcopy');
    assert.equal(m.star.cells[col].allowed, false);
    assert.equal(m.star.cells[col].line, 4);
  });

  test('the hover table shows those columns, and the crawler hover names them', () => {
    const doc = parseDocument(URI, 1, text);
    const h = doHover(doc, { line: 3, character: 38 });
    const v = h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
    assert.match(v.split('\n').find((l) => l.startsWith('| crawler')) ?? '', /present-currentcopy/);
    const c = doHover(doc, { line: 2, character: 14 });
    const cv = c && typeof c.contents === 'object' && 'value' in c.contents ? c.contents.value : '';
    assert.match(cv, /present-currentcopy ✓/); // at `/`, which no line of this file restricts
  });

  test('near miss: a file speaking about no extra usage keeps the usual six columns', () => {
    const m = permissionMatrix(parseDocument(URI, 1, 'ACAP-crawler: *\nACAP-disallow-index: /x/\n'), '/x/', [], 'rfc9309');
    assert.deepEqual(m.usages, ['crawl', 'follow', 'index', 'preserve', 'present', 'present-snippet']);
  });
});
