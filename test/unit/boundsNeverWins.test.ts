/**
 * The never-wins check (checks/rules/neverWins.ts, interpretation §3.3) finds each `*` or `$`
 * pattern's first opposite rival without reading every opposite pattern: the files below made it
 * compare every such field with every opposite pattern (8,000 pairs of fields took 15 s). Each
 * bound (test/unit/bounds.test.ts's convention: an explicit 10 s timeout on a file that took far
 * longer) also checks which fields are reported and against which line. Then the findings are
 * compared with the plain reading (every opposite field in order, every pattern of it) on random
 * files (fast-check).
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { doValidation, getModel, parseDocument, type RobotsModel } from '../../server/src/service';
import { checkNeverWins, competingFields, family, samplePath } from '../../server/src/service/checks/rules/neverWins';
import { lineAt } from '../../server/src/service/syntax/document';
import type { LocatedFinding } from '../../server/src/service/syntax/findings';
import { matchPattern } from '../../server/src/service/syntax/paths';

const BOUND = 10_000;
const ALL = { maxProblems: 1e9, maxHintsPerCode: 1e9 };
const HEAD = '##ACAP version=1.0\nACAP-crawler: b\n';

function lineOf(text: string, line: number): string {
  return text.split('\n')[line];
}

function validate(text: string, code: string) {
  return doValidation(parseDocument('file:///site/robots.txt', 1, text), ALL).filter((d) => d.code === code);
}

/** The numbers below `n` whose decimal form starts with `prefix`, ascending. */
function startingWith(n: number, prefix: string): number[] {
  return Array.from({ length: n }, (_, i) => i).filter((i) => String(i).startsWith(prefix));
}

suite('bounds: the never-wins check (interpretation §3.3)', () => {
  test('20,000 fields of *q<i> beside 20,000 opposite /z<i> (8,000 took 15 s, quadratic)', function () {
    this.timeout(BOUND);
    const n = 20_000;
    const fields = Array.from({ length: n }, (_, i) => `ACAP-allow-crawl: *q${i}\nACAP-disallow-crawl: /z${i}\n${i === n / 2 ? 'ACAP-disallow-crawl: /xq71\n' : ''}`);
    const text = HEAD + fields.join('') + 'ACAP-disallow-crawl: /xq7\n';
    const star = validate(text, 'acap.star-pattern-never-wins');
    // `*q7…` reads `/xq7…`: beaten by the last line's `/xq7` (0-based 2n + 3), or, for `*q71…`,
    // first by `/xq71` (0-based n + 4), which comes earlier in the record.
    const last = 2 * n + 3;
    const expected = startingWith(n, '7').map((i) => [2 + 2 * i + (i > n / 2 ? 1 : 0), String(i).startsWith('71') ? n + 4 : last]);
    assert.equal(expected.length, 1111);
    const found = star.map((d) => [d.range.start.line, d.relatedInformation?.[0].location.range.start.line]).sort((a, b) => Number(a[0]) - Number(b[0]));
    assert.deepEqual(found, expected);
    const d7 = star.find((d) => d.range.start.line === 2 + 2 * 7);
    assert.match(d7?.message ?? '', /^‘\*q7’ can never win against line 40004 \(‘\/xq7’\)/);
    assert.equal(validate(text, 'acap.dollar-never-wins').length, 0);
  });

  test('20,000 fields of *q<i> beside 20,000 opposite /*z<i>, all under the head `/` (8,000 took 2.1 s on every keystroke, quadratic)', function () {
    this.timeout(BOUND);
    const n = 20_000;
    const text = HEAD + Array.from({ length: n }, (_, i) => `ACAP-allow-crawl: *q${i}\nACAP-disallow-crawl: /*z${i}\n`).join('') + 'ACAP-disallow-crawl: /*q7\nACAP-disallow-crawl: /*x*q7*z\n';
    const star = validate(text, 'acap.star-pattern-never-wins');
    // `*q7…` reads `/xq7…`, which holds `q7` but no `z`: only `/*q7` (0-based 2n + 2) matches it.
    const found = star.map((d) => [d.range.start.line, d.relatedInformation?.[0].location.range.start.line]).sort((a, b) => Number(a[0]) - Number(b[0]));
    assert.deepEqual(found, startingWith(n, '7').map((i) => [2 + 2 * i, 2 * n + 2]));
  });

  test('opposite wildcards whose longest literal every sample holds: the check stops at its limit and says how many it left', function () {
    this.timeout(BOUND);
    // `*zzzzzzz<i>` reads `/xzzzzzzz<i>`, which holds every `/*<j>*zzzzzzz`'s longest literal and
    // matches none of them (no digit comes before the z's): 8,000 such fields took 2.5 s.
    const n = 8_000;
    const text = HEAD + 'ACAP-disallow-crawl: /*zzzzzzz7\n' + Array.from({ length: n }, (_, i) => `ACAP-allow-crawl: *zzzzzzz${i}\nACAP-disallow-crawl: /*${i}*zzzzzzz\n`).join('');
    const all = doValidation(parseDocument('file:///site/robots.txt', 1, text), ALL);
    const left = all.filter((d) => d.code === 'acap.never-wins-unchecked');
    assert.equal(left.length, 1);
    const from = left[0].range.start.line;
    // On a `*` field's pattern; it and every later `*` field are counted, and none of them is reported.
    assert.match(lineOf(text, from), /^ACAP-allow-crawl: \*zzzzzzz\d+$/);
    assert.equal(left[0].range.start.character, 'ACAP-allow-crawl: '.length);
    const later = (2 * n + 3 - from) / 2;
    assert.ok(Number.isInteger(later) && later > 1 && later < n, `${later} fields left`);
    assert.match(left[0].message, new RegExp(`^This pattern and ${later - 1} more starting with ‘\\*’ were not checked`));
    const star = all.filter((d) => d.code === 'acap.star-pattern-never-wins').map((d) => d.range.start.line);
    assert.ok(star.every((l) => l < from));
    // Before the limit, the fields `/*zzzzzzz7` beats (i starting with 7) are reported as ever.
    const checked = (from - 3) / 2;
    assert.deepEqual(star, startingWith(checked, '7').map((i) => 3 + 2 * i));
    assert.ok(star.length > 0);
  });

  test('past the limit, a `*` pattern whose answer needs no wildcard match is still checked', function () {
    this.timeout(BOUND);
    const n = 8_000;
    // The same exhausting record, then another crawler's `*.pdf` beside its `/`: a literal key,
    // found by the sample's prefixes, with no wildcard to match.
    const text = HEAD + Array.from({ length: n }, (_, i) => `ACAP-allow-crawl: *zzzzzzz${i}\nACAP-disallow-crawl: /*${i}*zzzzzzz\n`).join('') + 'ACAP-crawler: c\nACAP-disallow-crawl: /\nACAP-allow-crawl: *.pdf\n';
    const all = doValidation(parseDocument('file:///site/robots.txt', 1, text), ALL);
    assert.equal(all.filter((d) => d.code === 'acap.never-wins-unchecked').length, 1);
    const last = 2 + 2 * n + 2;
    assert.deepEqual(all.filter((d) => d.code === 'acap.star-pattern-never-wins' && d.range.start.line === last).map((d) => d.relatedInformation?.[0].location.range.start.line), [last - 1]);
  });

  test('40,000 fields of /q<i>$ beside 40,000 opposite /z<i> (8,000 took 0.8 s, quadratic)', function () {
    this.timeout(BOUND);
    const n = 40_000;
    const text = HEAD + Array.from({ length: n }, (_, i) => `ACAP-allow-crawl: /q${i}$\nACAP-disallow-crawl: /z${i}\n`).join('') + 'ACAP-disallow-crawl: /q39999*.pdf\nACAP-disallow-crawl: /q5*\nACAP-disallow-crawl: /q5*x\n';
    const dollar = validate(text, 'acap.dollar-never-wins');
    // `/q5$` loses to `/q5*` (the first of the two extending it); `/q39999$` to `/q39999*.pdf`.
    const found = dollar.map((d) => [d.range.start.line, d.relatedInformation?.[0].location.range.start.line]).sort((a, b) => Number(a[0]) - Number(b[0]));
    assert.deepEqual(found, [[2 + 2 * 5, 2 * n + 3], [2 + 2 * 39_999, 2 * n + 2]]);
    assert.equal(validate(text, 'acap.star-pattern-never-wins').length, 0);
  });

  test('20,000 fields of *q<i> beside one opposite resource set of 20,000 patterns (4,000 took 0.85 s, quadratic)', function () {
    this.timeout(BOUND);
    const n = 20_000;
    const set = Array.from({ length: n }, (_, i) => (i === n / 2 ? '/xq7' : `/z${i}`)).join(' ');
    const text = `##ACAP version=1.0\nACAP-resource-set: z ${set}\nACAP-crawler: b\nACAP-disallow-crawl: the-acap:resource-set:z\n` + Array.from({ length: n }, (_, i) => `ACAP-allow-crawl: *q${i}\n`).join('');
    const star = validate(text, 'acap.star-pattern-never-wins');
    // A pattern of a set has no span on the field's line: the whole line is named.
    assert.deepEqual(star.map((d) => d.range.start.line).sort((a, b) => a - b), startingWith(n, '7').map((i) => 4 + i));
    assert.ok(star.every((d) => d.relatedInformation?.[0].location.range.start.line === 3 && d.relatedInformation[0].location.range.end.character === 'ACAP-disallow-crawl: the-acap:resource-set:z'.length));
    assert.ok(star.every((d) => d.message.includes('against line 4 (‘/xq7’)')));
  });
});

// ---------------------------------------------------------------------------------------------
// The plain reading: the check as it was written before its index (every opposite field in
// order, every pattern of it), kept here as the reference; how fields are read and bucketed
// (competingFields) is the check's own.

function pairwise(model: RobotsModel): LocatedFinding[] {
  const out: LocatedFinding[] = [];
  if (model.records.length === 0) return out;
  const doc = model.document;
  for (const bucket of competingFields(model)) {
    for (const a of bucket) {
      for (const p of a.patterns) {
        if (!p.span || !(p.key.startsWith('*') || p.key.endsWith('$'))) continue;
        const opposite = bucket.filter((b) => b.allow !== a.allow && family(a.usage, b.usage));
        if (p.key.startsWith('*')) {
          const sample = samplePath(p.key);
          const rival = opposite.find((b) => b.patterns.some((q) => q.key.startsWith('/') && matchPattern(q.key, sample)));
          if (rival) {
            const q = rival.patterns.find((x) => x.key.startsWith('/') && matchPattern(x.key, sample));
            out.push({
              line: a.line, code: 'acap.star-pattern-never-wins', span: p.span, replacement: '/' + p.text,
              message: `‘${p.text}’ can never win against line ${rival.line + 1} (‘${q?.text}’): Part 1 §2.4.5 compares patterns character by character, and a leading ‘*’ is broader than ‘/’, so line ${rival.line + 1} decides every path both match. Write ‘/${p.text}’ to make this the narrower pattern.`,
              related: [{ line: rival.line, span: rival.patterns.find((x) => x === q)?.span ?? { start: 0, end: lineAt(doc, rival.line).text.length }, message: 'the field that always wins' }],
            });
            continue;
          }
        }
        if (p.key.endsWith('$')) {
          const stem = p.key.slice(0, -1) + '*';
          const rival = opposite.find((b) => b.patterns.some((q) => q.key.startsWith(stem)));
          if (rival) {
            const q = rival.patterns.find((x) => x.key.startsWith(stem));
            out.push({
              line: a.line, code: 'acap.dollar-never-wins', span: p.span,
              message: `‘${p.text}’ can never win against line ${rival.line + 1} (‘${q?.text}’): Part 1 §2.4.5 counts ‘$’ broader than any character, even ‘*’, so line ${rival.line + 1} decides ‘${p.text.slice(0, -1)}’ too. Narrow line ${rival.line + 1} (for example ‘${p.text.slice(0, -1)}?*’ or a longer literal) if this line is meant to decide that path.`,
              related: [{ line: rival.line, span: q?.span ?? { start: 0, end: lineAt(doc, rival.line).text.length }, message: 'the field that always wins' }],
            });
          }
        }
      }
    }
  }
  return out;
}

// Patterns over a small alphabet, so that `*` and `$` patterns often meet an opposite rival: ones
// starting with `*` or `/` or a letter, some ending with `$`, upper case to tell key from text.
// The sample path of a `*` pattern fills each `*` with `x`, so `/x…` patterns are frequent.
const pattern = fc.tuple(
  fc.constantFrom('*', '/', '', '/*', '*/', '/x', '/X'),
  fc.string({ unit: fc.constantFrom('a', 'x', 'X', '/', '*', '$'), maxLength: 4 }),
  fc.constantFrom('', '', '$', '*', '*$'),
).map(([head, body, tail]) => head + body + tail).filter((p) => p.trim() !== '' && !/\s/.test(p));
const USAGES = ['crawl', 'index', 'present', 'present-snippet', 'present-thumbnail', 'other'];
const field = fc.record({ allow: fc.boolean(), usage: fc.constantFrom(...USAGES), pattern, set: fc.constantFrom(-1, -1, -1, 0, 1) });
const record = fc.record({
  crawlers: fc.subarray(['a', 'b', '*'], { minLength: 1 }),
  fields: fc.array(field, { maxLength: 40 }),
  purposes: fc.array(fc.array(field, { maxLength: 12 }), { maxLength: 2 }),
});

function fileOf(sets: readonly (readonly string[])[], records: readonly { crawlers: string[]; fields: { allow: boolean; usage: string; pattern: string; set: number }[]; purposes: { allow: boolean; usage: string; pattern: string; set: number }[][] }[]): string {
  const line = (f: { allow: boolean; usage: string; pattern: string; set: number }): string => `ACAP-${f.allow ? 'allow' : 'disallow'}-${f.usage}: ${f.set >= 0 ? `the-acap:resource-set:s${f.set}` : f.pattern}`;
  return [
    '##ACAP version=1.0',
    ...sets.map((s, k) => `ACAP-resource-set: s${k} ${s.join(' ')}`),
    ...records.flatMap((r) => [
      '',
      ...r.crawlers.map((c) => `ACAP-crawler: ${c}`),
      ...r.fields.map(line),
      ...r.purposes.flatMap((p, k) => [`ACAP-usage-purpose: p${k}`, ...p.map(line)]),
    ]),
  ].join('\n') + '\n';
}

function neverWins(model: RobotsModel): LocatedFinding[] {
  const out: LocatedFinding[] = [];
  checkNeverWins(model, out);
  return out.filter((f) => f.code !== 'acap.disallow-other-blocks-site');
}

suite('the never-wins check finds what reading every opposite pattern finds', () => {
  test('the same findings, in the same order, with the same rival, message and spans (random files)', () => {
    let reported = 0;
    fc.assert(
      fc.property(fc.array(fc.array(pattern, { minLength: 1, maxLength: 6 }), { minLength: 2, maxLength: 2 }), fc.array(record, { minLength: 1, maxLength: 4 }), (sets, records) => {
        const model = getModel(parseDocument('file:///site/robots.txt', 1, fileOf(sets, records)));
        const expected = pairwise(model);
        reported += expected.length;
        assert.deepEqual(neverWins(model), expected);
      }),
      { numRuns: 400, seed: 23 },
    );
    assert.ok(reported > 400, `only ${reported} findings in 400 files: the files rarely exercise the check`);
  });

  test('large buckets: hundreds of fields and set patterns of one crawler', () => {
    fc.assert(
      fc.property(fc.array(fc.array(pattern, { minLength: 1, maxLength: 60 }), { minLength: 2, maxLength: 2 }), fc.array(field, { minLength: 100, maxLength: 400 }), (sets, fields) => {
        const model = getModel(parseDocument('file:///site/robots.txt', 1, fileOf(sets, [{ crawlers: ['b'], fields, purposes: [] }])));
        assert.deepEqual(neverWins(model), pairwise(model));
      }),
      { numRuns: 60, seed: 29 },
    );
  });
});
