/**
 * Contradictory and repeated fields of a record section (Part 1 §2.4.5, last paragraph) against a
 * plain reading: every field compared by its usage, lower-cased pattern, kind and sorted
 * qualifiers written out as one key, the last earlier field of each key named. The check looks
 * usages and patterns up by their own strings instead (a record of 42,577 fields spent most of a
 * keystroke's validation writing the keys); random records, qualifiers included, give the same
 * findings. A long section checked again after an edit is checked through an index kept between
 * versions (SectionIndex): after every edit of a random sequence it gives the same findings too.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { doValidation, getModel, lineAt, parseDocument, updateDocument, type RobotsDocument } from '../../server/src/service';

/** The findings the plain reading gives: line, code and the related line, in the check's order. */
function reference(doc: RobotsDocument): [number, string, number][] {
  const out: [number, string, number][] = [];
  const section = (lines: readonly number[]): void => {
    const seen = new Map<string, number>();
    for (const i of lines) {
      const line = lineAt(doc, i);
      const d = line.directive;
      if (d.kind !== 'acap-permission' || !d.usage || d.usage.local || !d.resource) continue;
      const key = `${d.usage.name} ${line.text.slice(d.resource.start, d.resource.end).toLowerCase()}`;
      const qualifiers = d.qualifiers.map((q) => (q.value ? `${line.text.slice(q.name.start, q.name.end)}=${line.text.slice(q.value.start, q.value.end)}` : line.text.slice(q.span.start, q.span.end)).toLowerCase()).sort().join(' ');
      const self = `${d.allow ? 'allow' : 'disallow'} ${qualifiers}`;
      const prev = seen.get(`${key} ${d.allow ? 'disallow' : 'allow'}`);
      if (prev !== undefined) out.push([i, 'acap.contradictory-fields', prev]);
      const dup = seen.get(`${key} ${self}`);
      if (dup !== undefined) out.push([i, 'acap.duplicate-field', dup]);
      seen.set(`${key} ${d.allow ? 'allow' : 'disallow'}`, i);
      seen.set(`${key} ${self}`, i);
    }
  };
  for (const r of getModel(doc).records) {
    section(r.general);
    for (const s of r.subRecords) section(s.fields);
  }
  return out.sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
}

function found(doc: RobotsDocument): [number, string, number][] {
  return doValidation(doc, { maxProblems: 100_000, maxHintsPerCode: 100_000 })
    .filter((d) => d.code === 'acap.contradictory-fields' || d.code === 'acap.duplicate-field')
    .map((d): [number, string, number] => [d.range.start.line, String(d.code), d.relatedInformation?.[0]?.location.range.start.line ?? -1])
    .sort((a, b) => a[0] - b[0] || a[1].localeCompare(b[1]));
}

const FIELDS = [
  'ACAP-allow-crawl: /a', 'ACAP-disallow-crawl: /a', 'ACAP-allow-crawl: /A', 'ACAP-disallow-crawl: /b', 'ACAP-allow-index: /a',
  'ACAP-allow-present-snippet: /a max-length=10-words', 'ACAP-allow-present-snippet: /a MAX-LENGTH=10-words', 'ACAP-disallow-present-snippet: /a max-length=10-words',
  'ACAP-allow-present-snippet: /a max-length=20-words', 'ACAP-allow-present-snippet: /a', 'ACAP-allow-preserve: /a time-limit=3-days must-use-resource',
  'ACAP-allow-preserve: /a must-use-resource time-limit=3-days', 'ACAP-allow-(mine): /a', 'ACAP-usage-purpose: ai-training', 'ACAP-crawler: bot', 'ACAP-crawler: *', '',
];

suite('contradictory and repeated ACAP fields', () => {
  test('random records, with qualifiers in any order and letter case, local usages and purposes: the plain reading\'s findings', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...FIELDS), { maxLength: 30 }), (lines) => {
      const doc = parseDocument('file:///site/robots.txt', 1, ['ACAP-qualified-usage: mine index', 'ACAP-crawler: *', ...lines].join('\n'));
      assert.deepEqual(found(doc), reference(doc));
    }), { numRuns: 600, seed: 31 });
  });

  test('long sections edited line by line (typing, a field replaced by another, one turned into a purpose or a crawler line), validated after each edit: the plain reading\'s findings', () => {
    const field = fc.constantFrom(...FIELDS.filter((f) => f.startsWith('ACAP-allow') || f.startsWith('ACAP-disallow')));
    const edit = fc.record({ line: fc.nat(200), replace: fc.constantFrom(...FIELDS, 'ACAP-allow-crawl: /a x', '#'), typed: fc.constantFrom('', 'a', '/', 'A', ' ', '-'), at: fc.nat(40) });
    fc.assert(fc.property(fc.array(field, { minLength: 64, maxLength: 160 }), fc.array(field, { minLength: 0, maxLength: 80 }), fc.array(edit, { minLength: 1, maxLength: 10 }), (general, purposed, edits) => {
      const lines = ['ACAP-qualified-usage: mine index', 'ACAP-crawler: *', ...general, 'ACAP-usage-purpose: ai-training', ...purposed];
      let doc = parseDocument('file:///site/robots.txt', 1, lines.join('\n'));
      assert.deepEqual(found(doc), reference(doc));
      for (const e of edits) {
        const line = 2 + (e.line % (lines.length - 2));
        const text = doc.lines[line].text;
        // Typing in the line, or the whole line written over (the line count kept: the model is carried over while the line keeps its role).
        const change = e.typed
          ? { range: { start: { line, character: Math.min(e.at, text.length) }, end: { line, character: Math.min(e.at, text.length) } }, text: e.typed }
          : { range: { start: { line, character: 0 }, end: { line, character: text.length } }, text: e.replace };
        doc = updateDocument(doc, [change], doc.version + 1);
        assert.deepEqual(found(doc), reference(doc), JSON.stringify(change));
      }
    }), { numRuns: 150, seed: 7 });
  });

  test('a record of 2,000 fields, each pattern said twice and once the other way', () => {
    const lines = ['ACAP-crawler: *'];
    for (let k = 0; k < 2000; k++) lines.push(`ACAP-allow-crawl: /p${k % 700}`, k % 3 ? `ACAP-disallow-crawl: /p${k % 500}` : `ACAP-allow-crawl: /P${k % 700}`);
    const doc = parseDocument('file:///site/robots.txt', 1, lines.join('\n'));
    const want = reference(doc);
    assert.ok(want.length > 2000, `${want.length} findings`);
    assert.deepEqual(found(doc), want);
  });
});
