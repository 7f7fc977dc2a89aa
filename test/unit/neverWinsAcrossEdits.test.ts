/**
 * The never-wins check (interpretation §3.3, §3.10) keeps each bucket's answer with its model and
 * gives it again to the next version when the bucket's lines are the very nodes on the same
 * lines (typing in one record of many no longer reads them all). Checked here against the same
 * text parsed afresh under another URI, after every edit: typing in a record, in another record
 * of the same crawlers (one bucket), in a resource set a field names (the bucket's patterns are
 * written elsewhere), lines added and removed; and at random.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { doValidation, parseDocument, updateDocument, type ContentChange, type RobotsDocument } from '../../server/src/service';
import { withUri } from './helpers';

const URI = 'file:///edited/robots.txt';
const FRESH = 'file:///fresh/robots.txt';
const CODES = new Set(['acap.star-pattern-never-wins', 'acap.dollar-never-wins', 'acap.never-wins-unchecked', 'acap.disallow-other-blocks-site']);

/** The never-wins findings of `doc`, and those of its text parsed afresh, comparable. */
function both(doc: RobotsDocument): [unknown, unknown] {
  const pick = (d: ReturnType<typeof doValidation>) => d.filter((x) => CODES.has(String(x.code)));
  const fresh = pick(doValidation(parseDocument(FRESH, 1, doc.lines.map((l) => l.text + l.eol).join(''))));
  return [pick(doValidation(doc)), withUri(fresh, FRESH, URI)];
}

/** Records of their own crawlers, each with a `$` and a `*` pattern that lose, and two records of GPTBot. */
function records(n: number): string {
  const out = ['ACAP-resource-set: docs /docs/ /docs/a$', ''];
  for (let k = 0; k < n; k++) out.push(`ACAP-crawler: bot${String.fromCharCode(97 + (k % 26))}${k}`, `ACAP-allow-crawl: /p${k}$`, `ACAP-disallow-crawl: /p${k}*`, `ACAP-allow-index: *.x${k}`, `ACAP-disallow-index: /q${k}.x${k}`, '');
  out.push('ACAP-crawler: GPTBot', 'ACAP-allow-crawl: /g$', '', 'ACAP-crawler: GPTBot', 'ACAP-disallow-crawl: /h*', 'ACAP-disallow-crawl: the-acap:resource-set:docs', '');
  return out.join('\n');
}

function edit(doc: RobotsDocument, change: ContentChange): RobotsDocument {
  return updateDocument(doc, [change], doc.version + 1);
}

const at = (line: number, character: number, text: string, end = character): ContentChange => ({ range: { start: { line, character }, end: { line, character: end } }, text });

suite('the never-wins check across edits', () => {
  test('typing in one record, in a record of the same crawlers, in a resource set a field names, lines added and removed: the findings of a fresh parse', () => {
    let doc = parseDocument(URI, 1, records(30));
    const lineOf = (text: string): number => doc.lines.findIndex((l) => l.text === text);
    const steps: ((d: RobotsDocument) => ContentChange)[] = [
      // The `$` pattern of record 3 stops losing (its rival `/p3*` becomes `/z3*`), then loses again.
      () => at(lineOf('ACAP-disallow-crawl: /p3*'), 22, 'z', 23),
      () => at(lineOf('ACAP-disallow-crawl: /z3*'), 22, 'p', 23),
      // The resource set a GPTBot field names gets `/g*`, which GPTBot's `/g$` loses to, then not.
      (d) => at(0, 0, 'ACAP-resource-set: docs /docs/ /g*', d.lines[0].text.length),
      (d) => at(0, 0, 'ACAP-resource-set: docs /docs/ /docs/a$', d.lines[0].text.length),
      // GPTBot's second record (one bucket with its first) gets a rival for `/g$`.
      () => at(lineOf('ACAP-disallow-crawl: /h*'), 22, 'g', 23),
      // Lines added above every record, and removed again.
      () => at(1, 0, '# a comment\nACAP-crawler: bota0\nACAP-allow-crawl: /p0*\n'),
      () => ({ range: { start: { line: 1, character: 0 }, end: { line: 4, character: 0 } }, text: '' }),
      // A `*` pattern typed in the last record.
      () => at(lineOf('ACAP-allow-crawl: /g$'), 18, '*'),
    ];
    let findings = 0;
    const counts: number[] = [(both(doc)[0] as unknown[]).length];
    for (const step of steps) {
      doc = edit(doc, step(doc));
      const [got, want] = both(doc);
      assert.deepEqual(got, want);
      findings += (got as unknown[]).length;
      counts.push((got as unknown[]).length);
    }
    // Each of the first five steps takes a finding away or brings one.
    assert.deepEqual(counts.slice(1, 6).map((n, k) => n - counts[k]), [-1, 1, 1, -1, 1], counts.join(', '));
    assert.ok(findings > 8 * 25, `${findings} findings: the ‘$’ fields of every record lose as written`);
  });

  test('a usage typed over in one record of many: the record blocked by ACAP-disallow-other, then not, as in a fresh parse', () => {
    let doc = parseDocument(URI, 1, [records(20), 'ACAP-crawler: lonebot', 'ACAP-disallow-index: /', 'ACAP-disallow-present: /', ''].join('\n'));
    const line = doc.lines.findIndex((l) => l.text === 'ACAP-disallow-index: /');
    const blocked = (d: RobotsDocument): number[] => (both(d)[0] as { code: string; range: { start: { line: number } } }[]).filter((x) => x.code === 'acap.disallow-other-blocks-site').map((x) => x.range.start.line);
    assert.deepEqual(blocked(doc), []);
    // `index` typed over as `other`: the record now prohibits everything, crawl included.
    doc = edit(doc, at(line, 14, 'other', 19));
    assert.deepEqual(blocked(doc), [line]);
    assert.deepEqual(both(doc)[0], both(doc)[1]);
    // And back.
    doc = edit(doc, at(line, 14, 'index', 19));
    assert.deepEqual(blocked(doc), []);
    assert.deepEqual(both(doc)[0], both(doc)[1]);
  });

  test('a crawler\'s name typed into another record\'s, and back: the two records compete in one bucket, then not, as in a fresh parse', () => {
    // The model is carried over (a value typed), but the buckets are not the previous version's.
    let doc = parseDocument(URI, 1, [records(20), 'ACAP-crawler: GPTBo', 'ACAP-disallow-crawl: /g*', ''].join('\n'));
    const line = doc.lines.findIndex((l) => l.text === 'ACAP-crawler: GPTBo');
    const dollar = doc.lines.findIndex((l) => l.text === 'ACAP-allow-crawl: /g$');
    const losing = (d: RobotsDocument): boolean => (both(d)[0] as { code: string; range: { start: { line: number } } }[]).some((x) => x.code === 'acap.dollar-never-wins' && x.range.start.line === dollar);
    assert.equal(losing(doc), false);
    doc = edit(doc, at(line, 19, 't'));
    assert.equal(losing(doc), true, 'GPTBot\'s `/g$` now loses to `/g*` of its other record');
    assert.deepEqual(both(doc)[0], both(doc)[1]);
    doc = edit(doc, at(line, 19, '', 20));
    assert.equal(losing(doc), false);
    assert.deepEqual(both(doc)[0], both(doc)[1]);
  });

  test('random edits of records that share crawlers and name resource sets: the findings of a fresh parse after each', () => {
    const LINES = [
      '', 'ACAP-crawler: *', 'ACAP-crawler: GPTBot', 'ACAP-crawler: bot', 'ACAP-allow-crawl: /a$', 'ACAP-disallow-crawl: /a*', 'ACAP-allow-index: *.pdf',
      'ACAP-disallow-index: /x.pdf', 'ACAP-disallow-crawl: the-acap:resource-set:s', 'ACAP-resource-set: s /a$ /b*', 'ACAP-usage-purpose: ai-training',
      'ACAP-allow-present: /p$', 'ACAP-disallow-present: /p*', 'ACAP-disallow-other: /', 'ACAP-allow-crawl: /', 'User-agent: *', 'Allow: /x',
    ];
    const TYPED = ['', '*', '$', 'a', '/', '\n', ...LINES.map((l) => l + '\n')];
    fc.assert(fc.property(
      fc.array(fc.constantFrom(...LINES), { minLength: 1, maxLength: 24 }),
      // `quiet`: the version is not validated, so that the next validation's edited region spans
      // several edits (the never-wins check takes its buckets across that region).
      fc.array(fc.record({ line: fc.nat(30), char: fc.nat(30), cut: fc.nat(3), text: fc.constantFrom(...TYPED), quiet: fc.boolean() }), { maxLength: 12 }),
      (lines, edits) => {
        let doc = parseDocument(URI, 1, lines.join('\n'));
        doValidation(doc);
        for (const e of edits) {
          const line = Math.min(e.line, doc.lines.length - 1);
          const start = Math.min(e.char, doc.lines[line].text.length);
          doc = edit(doc, at(line, start, e.text, Math.min(start + e.cut, doc.lines[line].text.length)));
          if (e.quiet) continue;
          const [got, want] = both(doc);
          assert.deepEqual(got, want);
        }
        const [got, want] = both(doc);
        assert.deepEqual(got, want);
      },
    ), { numRuns: 300, seed: 23 });
  });
});
