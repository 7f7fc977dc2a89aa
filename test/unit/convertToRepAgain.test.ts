/**
 * Converting to REP a file that was converted to REP already: the groups are not written again
 * unless they leave fewer verdicts differing between the two readings than the file's own groups.
 * Some pairs no conventional pattern can express (the warnings name their lines), so the file's
 * self-check fails however often it is converted: before, each conversion of the output appended
 * another copy of the groups (on small generated files, 116 of 291 converted files were converted
 * again, 71 of them without a verdict gained; since the fixes tested in convertAgain.test.ts,
 * none with this seed).
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { convertToRep, verifyConversion, type ConversionResult } from '../../server/src/service/convert/convert';
import { explain } from '../../server/src/service/engine/permissions';
import { doc } from './helpers';

const COMPLETE = { direction: 'to-rep', maxChecks: 1e6, maxPaths: 1e5, sharedAgentPaths: 1e5, countBefore: true } as const;

/**
 * Every crawler on every probe path of both files: the (crawler, path) pairs whose verdict in
 * either reading of `after` differs from `before`'s ACAP verdict, letter case aside, and, on the
 * same pairs, those whose two readings in `before` itself differ.
 */
function differing(before: string, after: string): { after: number; before: number } {
  const v = verifyConversion(doc(before), doc(after), COMPLETE);
  return { after: new Set(v.broken.filter((b) => b.kind !== 'case').map((b) => `${b.agent} ${b.path}`)).size, before: v.differedBefore ?? NaN };
}

function nothingToConvert(r: ConversionResult): boolean {
  return r.edits.length === 0 && r.warnings.some((w) => w.startsWith('Nothing to convert'));
}

// Small files: groups, maybe ACAP-ignore-conventional-records, records, and maybe a group after
// them (inside the last record, Part 1 §2.3); patterns with wildcards, `$`, letter case and
// percent-encoding, and crawler names that are not product tokens (`MJ12bot` names `MJ`).
const segment = fc.constantFrom('a', 'b', 'ab', 'A', 'x/', '*', '.css', '%61', 'a*b', '$');
const pattern = fc.tuple(fc.array(segment, { maxLength: 3 }), fc.boolean()).map(([s, anchored]) => '/' + s.join('') + (anchored ? '$' : ''));
const field = fc.tuple(fc.constantFrom('allow-crawl', 'disallow-crawl', 'disallow-crawl', 'disallow-other', 'allow-index'), pattern).map(([k, p]) => `ACAP-${k}: ${p}`);
const ruleLine = fc.tuple(fc.constantFrom('Allow', 'Disallow', 'Disallow'), fc.oneof(pattern, fc.constant(''))).map(([k, p]) => `${k}: ${p}`);
const crawler = fc.constantFrom('*', 'bot', 'Bot', 'other', 'MJ12bot', 'crawler');
const group = fc.tuple(fc.array(crawler, { minLength: 1, maxLength: 2 }), fc.array(ruleLine, { maxLength: 4 }))
  .map(([ns, rs]) => [...ns.map((n) => `User-agent: ${n}`), ...rs].join('\n'));
const record = fc.tuple(fc.array(crawler, { minLength: 1, maxLength: 2 }), fc.array(field, { maxLength: 6 }))
  .map(([ns, fs]) => [...ns.map((n) => `ACAP-crawler: ${n}`), ...fs].join('\n'));
const files = fc.tuple(fc.array(group, { maxLength: 3 }), fc.boolean(), fc.array(record, { minLength: 1, maxLength: 4 }), fc.boolean())
  .map(([gs, ignore, rs, late]) => [...gs, ...(ignore ? ['ACAP-ignore-conventional-records'] : []), ...rs, ...(late ? ['User-agent: late\nDisallow: /late'] : [])].join('\n\n') + '\n');

suite('convertToRep on its own output', () => {
  test('a second conversion that would gain no verdict says "Nothing to convert" and writes nothing', () => {
    // Found by the property below: the crawler `MJ12bot` cannot be addressed by name (a User-agent
    // line with its name names `MJ`), so its pairs differ however often the file is converted; the
    // second conversion appended groups again, leaving as many pairs differing.
    const text = 'User-agent: *\nAllow: \n\nACAP-crawler: *\nACAP-disallow-crawl: /a\n\nACAP-crawler: MJ12bot\nACAP-disallow-crawl: /\n';
    const first = convertToRep(doc(text));
    assert.ok(first.edits.length > 0, 'the first conversion writes groups');
    const second = convertToRep(doc(first.text));
    assert.equal(second.text, first.text);
    assert.ok(nothingToConvert(second), second.warnings.join('\n'));
    assert.ok(second.withheld && second.withheld.wouldDiffer >= second.withheld.differing && second.withheld.differing > 0, JSON.stringify(second.withheld));
    assert.ok(second.warnings.some((w) => /^Nothing to convert: the groups a conversion would add would leave \d+ of the \d+ \(crawler, path\) pairs checked with verdicts differing between the two readings \(letter case aside\), and \d+ differ with the file's own groups, so they are not written\.$/.test(w)), second.warnings.join('\n'));
  });

  test('names that read as another crawler\'s token get no group: nothing is written, and the pairs that differ are counted', () => {
    // `User-agent: bot1` names the crawler `bot` (RFC 9309 §2.2.1; interpretation §1). Written, such
    // lines gave `bot` the records' prohibition, in both readings, and addressed neither crawler.
    const text = '##ACAP version=1.0\nACAP-crawler: bot1\nACAP-crawler: bot2\nACAP-disallow-crawl: /x\n';
    assert.ok(differing(text, text).before > 0, 'the file\'s own reading differs');
    const r = convertToRep(doc(text));
    assert.ok(nothingToConvert(r), r.warnings.join('\n'));
    assert.deepEqual(r.withheld, { pairs: 12, differing: 4, wouldDiffer: 4 });
    assert.ok(r.warnings.some((w) => w.includes('names the crawler ‘bot’') && w.endsWith('and no group is written for it.')), r.warnings.join('\n'));
    // Nothing is written, so no warning speaks of a line added.
    assert.ok(!r.warnings.some((w) => w.includes('is added')), r.warnings.join('\n'));
  });

  test('a pair counts once, whichever readings differ: a conversion that fixes two crawlers and moves a third\'s verdicts in both readings is written', () => {
    // When it still wrote `User-agent: MJ12bot` (which names `MJ`, RFC 9309 §2.2.1), `MJ`'s two
    // pairs then differed for conventional and for ACAP crawlers: 4 verdicts, 2 pairs. Counted per
    // verdict, 6 before against 6 after refused the conversion; per pair it was 6 → 4 (found by
    // review). No group is written for `MJ12bot` now; the conversion still gains.
    const text = 'User-agent: *\nDisallow:\n\nACAP-crawler: MJ12bot\nACAP-crawler: bot\nACAP-crawler: other\nACAP-disallow-crawl: /a\n';
    const r = convertToRep(doc(text));
    assert.ok(r.edits.length > 0, r.warnings.join('\n'));
    assert.equal(r.withheld, undefined);
    const d = differing(text, r.text);
    assert.ok(d.after < d.before, `${d.before} → ${d.after}`);
    for (const agent of ['bot', 'other']) assert.equal(explain(doc(r.text), { agent, path: '/a', reading: 'conventional' }).allowed, false, agent);
  });

  test('converted, then converted again: nothing is written, or what is written leaves fewer verdicts differing (property)', function () {
    this.timeout(300_000);
    fc.assert(fc.property(files, (text) => {
      const first = convertToRep(doc(text));
      if (first.edits.length) {
        const d = differing(text, first.text);
        assert.ok(d.after < d.before, `the first conversion gains no verdict (${d.before} → ${d.after}):\n${text}`);
      }
      const second = convertToRep(doc(first.text));
      if (second.edits.length === 0) return;
      const d = differing(first.text, second.text);
      assert.ok(d.after < d.before, `converted again without a verdict gained (${d.before} → ${d.after}):\n${text}`);
    }), { numRuns: 150, seed: 20261127 });
  });
});
