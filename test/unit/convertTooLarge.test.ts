/**
 * Past what the check of a conversion to REP reads (at most 10,000 (crawler, path) pairs, and the
 * editor's first sample of 100), "Nothing to convert" is said only where it is so: where the pairs
 * read pass and others were not read, the conversion goes on; where it cannot tell whether the
 * groups it would write gain, it says the file is too large to verify, and writes nothing.
 */
import * as assert from 'node:assert/strict';
import { convertToRep, type ConversionResult } from '../../server/src/service/convert/convert';
import { conversionsAt, resolveConversionAction } from '../../server/src/service/convert/actions';
import { explain } from '../../server/src/service/engine/permissions';
import { runConvert } from '../../server/src/cli/convert';
import type { CliIO } from '../../server/src/cli/io';
import { doc } from './helpers';

/** Crawler names that are product tokens (letters only, RFC 9309 §2.2.1): `baaa`, `bbaa`… */
const name = (i: number): string => `b${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + (Math.floor(i / 26) % 26))}${String.fromCharCode(97 + Math.floor(i / 676))}`;

/**
 * `n` crawlers, each with a group and a record for its own path; the record's field for crawler
 * `i` is `field(i)` and its group's line `line(i)`.
 */
function file(n: number, line: (i: number) => string, field: (i: number) => string): string {
  const groups = Array.from({ length: n }, (_, i) => `User-agent: ${name(i)}\n${line(i)}\n`).join('\n');
  const records = Array.from({ length: n }, (_, i) => `ACAP-crawler: ${name(i)}\n${field(i)}\n`).join('\n');
  return `${groups}\n##ACAP version=1.0\n${records}`;
}

const nothing = (r: ConversionResult): boolean => r.warnings.some((w) => w.startsWith('Nothing to convert'));

function cli(text: string): { code: number; err: string } {
  let err = '';
  const io: CliIO = { out: () => undefined, err: (s) => { err += s; }, readFile: () => new TextEncoder().encode(text) };
  return { code: runConvert(['robots.txt', '--to', 'rep'], io, () => undefined), err };
}

suite('convert to REP: past what the check reads, never a false "Nothing to convert"', () => {
  // 200 crawlers whose groups say what their records say, but the last one's: 201 crawlers on 800
  // probe paths, of which the check reads 10,000 pairs, the first 49 or so paths of each crawler,
  // and none of them the last crawler's own `/p…`.
  const N = 200;
  const last = name(N - 1);
  const gap = file(N, (i) => (i === N - 1 ? 'Disallow: /other' : `Disallow: /p${name(i)}`), (i) => `ACAP-disallow-crawl: /p${name(i)}`);

  test('a file whose groups miss a record the check of the file does not reach is converted: its check reads the lines written first', () => {
    assert.equal(explain(doc(gap), { agent: last, path: `/p${last}`, reading: 'conventional' }).allowed, true);
    assert.equal(explain(doc(gap), { agent: last, path: `/p${last}`, reading: 'acap' }).allowed, false);
    for (const maxChecks of [100, 1000]) {
      const r = convertToRep(doc(gap), { verify: { maxChecks } });
      // It said: "Nothing to convert: its conventional groups already give conventional crawlers the crawl verdicts of its ACAP records."
      assert.equal(nothing(r), false, r.warnings.join('\n'));
      assert.equal(r.edits.length, 1, r.warnings.join('\n'));
      assert.match(r.edits[0].newText, new RegExp(`\nUser-agent: ${last}\nDisallow: /p${last}\n`));
      assert.equal(explain(doc(r.text), { agent: last, path: `/p${last}`, reading: 'conventional' }).allowed, false);
      // Converted, there is nothing left to write, and the answer says no more than that.
      const again = convertToRep(doc(r.text), { verify: { maxChecks } });
      assert.deepEqual(again.edits, []);
      assert.ok(again.warnings.includes('Nothing to convert: its conventional groups already have every line a conversion would write.'), again.warnings.join('\n'));
    }
  });

  test('where the groups written would change nothing on the pairs read, the answer is "Too large to verify", in the editor and the CLI', () => {
    // Every group says `/p…*` where its record says `/p…`: the same paths. A conversion writes
    // `Disallow: /p…` for each (a line of the record's pattern), which changes nothing, and the
    // one for the last crawler, which does, on pairs the check does not read.
    const neutral = file(N, (i) => (i === N - 1 ? 'Disallow: /other' : `Disallow: /p${name(i)}*`), (i) => `ACAP-disallow-crawl: /p${name(i)}`);
    const r = convertToRep(doc(neutral), { verify: { maxChecks: 100 } });
    assert.deepEqual(r.edits, []);
    assert.equal(nothing(r), false, r.warnings.join('\n'));
    const why = r.warnings.find((w) => w.startsWith('Too large to verify: '));
    assert.match(why ?? '', /^Too large to verify: the check reads at most 10,000 of the [\d,]+ \(crawler, path\) pairs of this file's 201 crawlers on its [\d,]+ probe paths; on the [\d,]+ it read, the groups a conversion would add would leave \d+ with verdicts differing between the two readings \(letter case aside\), and \d+ differ with the file's own groups, so whether they gain cannot be told, and they are not written\.$/, r.warnings.join('\n'));
    assert.ok(r.tooLarge && r.tooLarge.pairs <= 10_000 && r.tooLarge.of > r.tooLarge.pairs, JSON.stringify(r.tooLarge));
    // The editor's action.
    const d = doc(neutral);
    const data = conversionsAt(d, d.lines.findIndex((l) => l.text.startsWith('ACAP-crawler'))).find((c) => c.conversion === 'to-rep');
    assert.ok(data);
    const resolved = resolveConversionAction(d, data);
    assert.equal(resolved.action.edit, undefined);
    assert.match(resolved.action.title, /\(too large to verify\)$/);
    assert.equal(resolved.notice, why);
    // The CLI: not converted, and why.
    const c = cli(neutral);
    assert.equal(c.code, 1, c.err);
    assert.match(c.err, /^robots-acap: not converted: too large to verify \(/m);
    assert.doesNotMatch(c.err, /nothing to convert/i);
  });

  test('a file the check reads completely still has "Nothing to convert" when its groups say what its records say', () => {
    const small = file(5, (i) => `Disallow: /p${name(i)}`, (i) => `ACAP-disallow-crawl: /p${name(i)}`);
    const r = convertToRep(doc(small), { verify: { maxChecks: 100 } });
    assert.deepEqual(r.edits, []);
    assert.ok(nothing(r), r.warnings.join('\n'));
    assert.equal(r.tooLarge, undefined);
  });
});
