/**
 * Bounded payloads: thousands of hints of one kind summed up in one, pull diagnostics answered
 * "unchanged" when an edit leaves them as they were (result ids from their content), semantic
 * tokens sent as a delta that rebuilds the full result exactly.
 */
import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import {
  collectFindings, doValidation, getSemanticTokens, parseDocument, semanticTokensDelta, updateDocument, type RobotsDocument, type ValidationSettings,
} from '../../server/src/service';
import { firstOfRuns, placeLine, toDiagnostics } from '../../server/src/service/checks/validation';
import type { FindingRun, LocatedFinding } from '../../server/src/service/syntax/findings';

const SERVER = path.resolve(__dirname, '../../dist/server.js');

/** A group with `n` rules, each written twice: n duplicate-rule hints. */
function repeated(n: number): string {
  const rules = Array.from({ length: n }, (_, i) => `Disallow: /p${i}`);
  return `User-agent: *\n${rules.join('\n')}\n${rules.join('\n')}\n`;
}

/** The pipeline before repeated findings were read in runs: every finding listed, then capped. */
const capped = (doc: RobotsDocument, s: ValidationSettings) => toDiagnostics(collectFindings(doc, s), s, (f: LocatedFinding) => placeLine(doc.uri, f));

/**
 * `text` validated, then after each edit (`at` a line, `typed` what replaces its end, or the whole
 * line), as capping the whole list does; how many of those validations have a note about hidden
 * findings whose message matches `noted` (0 or more).
 */
function cappedThroughEdits(text: string, s: ValidationSettings, edits: readonly [number, string, boolean][], noted: RegExp): number {
  let doc = parseDocument('file:///cap/robots.txt', 1, text);
  assert.deepEqual(doValidation(doc, s), capped(doc, s));
  let notes = 0;
  for (const [at, typed, wholeLine] of edits) {
    const line = at % doc.lines.length;
    const end = wholeLine && line + 1 < doc.lines.length ? { line: line + 1, character: 0 } : { line, character: doc.lines[line].text.length };
    doc = updateDocument(doc, [{ range: { start: { line, character: wholeLine ? 0 : end.character }, end }, text: typed }], doc.version + 1);
    const got = doValidation(doc, s);
    assert.deepEqual(got, capped(doc, s));
    if (got.some((d) => d.code === 'text.too-many-problems' && noted.test(d.message))) notes++;
  }
  return notes;
}

suite('bounded payloads', () => {
  test('150 duplicate rules: the first 100 hints, then one hint saying 50 more, where they start', () => {
    const ds = doValidation(parseDocument('file:///p/robots.txt', 1, repeated(150)));
    const dups = ds.filter((d) => d.code === 'rep.duplicate-rule');
    assert.equal(dups.length, 100);
    assert.deepEqual(dups.map((d) => d.range.start.line), Array.from({ length: 100 }, (_, i) => 151 + i));
    const notes = ds.filter((d) => d.code === 'text.too-many-problems');
    assert.equal(notes.length, 1);
    assert.match(notes[0].message, /^50 more ‘rep\.duplicate-rule’ hints/);
    assert.equal(notes[0].range.start.line, 251, 'at the first hint not shown');
  });

  test('near miss: exactly 100 duplicate hints need no note; maxHintsPerCode and the note can be set', () => {
    assert.ok(!doValidation(parseDocument('file:///p/robots.txt', 1, repeated(100))).some((d) => d.code === 'text.too-many-problems'));
    const doc = parseDocument('file:///p/robots.txt', 1, repeated(150));
    assert.equal(doValidation(doc, { maxHintsPerCode: 1000 }).filter((d) => d.code === 'rep.duplicate-rule').length, 150);
    const quiet = doValidation(doc, { severities: { 'text.too-many-problems': 'off' } });
    assert.equal(quiet.length, 100);
  });

  test('the repeated rules past the hint cap are counted, not listed: validation answers as capping the whole list does', () => {
    // The reference: every finding listed, then capped (the pipeline before repeated rules were
    // read in runs). Files of a few groups whose rules repeat, with other hints, warnings and
    // errors among them; then edits, so that the groups' indexes are patched, not built.
    const rule = fc.constantFrom('Disallow: /a', 'Disallow: /b', 'Allow: /a', 'Disallow: /a*', 'Disallow: ', 'Disallow: /c$', 'Crawl-delay: x', 'Disalow: /a', '# note', '');
    const group = fc.tuple(fc.constantFrom('User-agent: *', 'User-agent: bot2/1.0', 'User-agent: Googlebot', ''), fc.array(rule, { maxLength: 12 }));
    const settings: fc.Arbitrary<ValidationSettings> = fc.record({
      maxHintsPerCode: fc.option(fc.nat({ max: 4 }), { nil: undefined }),
      maxProblems: fc.option(fc.nat({ max: 8 }), { nil: undefined }),
      severities: fc.record({
        'rep.duplicate-rule': fc.constantFrom('hint', 'warning', 'information', 'error', 'off'),
        'text.too-many-problems': fc.constantFrom('hint', 'off'),
      }),
    }) as fc.Arbitrary<ValidationSettings>;
    const edit = fc.tuple(fc.nat({ max: 60 }), fc.constantFrom('x', '\n', 'Disallow: /a\n', '/a', ''), fc.boolean());
    let runsWithNote = 0;
    fc.assert(
      fc.property(fc.array(group, { minLength: 1, maxLength: 4 }), settings, fc.array(edit, { maxLength: 4 }), (groups, s, edits) => {
        const text = groups.map(([agent, rules]) => [agent, ...rules].join('\n')).join('\n');
        runsWithNote += cappedThroughEdits(text, s, edits, /duplicate-rule/);
      }),
      { numRuns: 600, seed: 13 },
    );
    assert.ok(runsWithNote > 20, `the note about hidden repeated rules was reached ${runsWithNote} times`);
  });

  test('the repeated and contradictory ACAP fields past the hint cap are counted, not listed: validation answers as capping the whole list does', () => {
    // As above, for checkRecords' findings (acapRecords.ts recordFindingRuns): records whose
    // fields repeat and contradict each other, some of them long enough to be checked through a
    // section index (64 fields), a star beside a named crawler; then edits.
    const field = fc.constantFrom('ACAP-allow-crawl: /a', 'ACAP-disallow-crawl: /a', 'ACAP-allow-index: /b max-length=5', 'ACAP-allow-index: /b', 'ACAP-disallow-follow: /c$', 'ACAP-allow-crawl: /a*', 'ACAP-allow-crawl /x', '# note');
    const record = fc.tuple(fc.constantFrom('ACAP-crawler: *', 'ACAP-crawler: bot', 'ACAP-crawler: bot\nACAP-crawler: *'), fc.array(field, { maxLength: 10 }), fc.boolean(), fc.option(fc.array(field, { maxLength: 4 }), { nil: undefined }))
      .map(([crawler, fields, long, sub]) => [crawler, ...fields, ...(long ? Array.from({ length: 70 }, (_, k) => `ACAP-disallow-crawl: /p${k % 20}`) : []), ...(sub ? ['ACAP-usage-purpose: news', ...sub] : [])].join('\n'));
    const severity = fc.constantFrom('hint', 'warning', 'information', 'error', 'off');
    const settings: fc.Arbitrary<ValidationSettings> = fc.record({
      maxHintsPerCode: fc.option(fc.nat({ max: 4 }), { nil: undefined }),
      maxProblems: fc.option(fc.nat({ max: 8 }), { nil: undefined }),
      severities: fc.record({
        'acap.duplicate-field': severity,
        'acap.contradictory-fields': severity,
        'acap.star-with-named-crawler': severity,
        'text.too-many-problems': fc.constantFrom('hint', 'off'),
      }),
    }) as fc.Arbitrary<ValidationSettings>;
    const edit = fc.tuple(fc.nat({ max: 400 }), fc.constantFrom('x', '\n', 'ACAP-allow-crawl: /a\n', 'ACAP-disallow-crawl: /p3\n', '/a', ''), fc.boolean());
    let runsWithNote = 0;
    fc.assert(
      fc.property(fc.array(record, { minLength: 1, maxLength: 4 }), settings, fc.array(edit, { maxLength: 4 }), (records, s, edits) => {
        runsWithNote += cappedThroughEdits(`ACAP-allow-crawl: /early\n${records.join('\n')}\n`, s, edits, /acap\.(duplicate-field|contradictory-fields)/);
      }),
      { numRuns: 400, seed: 17 },
    );
    assert.ok(runsWithNote > 20, `the note about hidden ACAP fields was reached ${runsWithNote} times`);
  });

  test('firstOfRuns: the first findings of runs in line order and their number; nothing for runs out of order', () => {
    const at = (line: number): LocatedFinding => ({ line, code: 'rep.duplicate-rule', span: { start: 0, end: 8 }, message: '' });
    // A run that counts the findings it makes: only those read are made.
    let made = 0;
    const run = (...lines: number[]): FindingRun => ({ length: lines.length, at: (k) => (made++, at(lines[k])) });
    const out: LocatedFinding[] = [];
    assert.equal(firstOfRuns([run(2, 3), run(7), run(9, 10, 11)], 4, out), 6);
    assert.deepEqual(out.map((f) => f.line), [2, 3, 7, 9]);
    assert.ok(made <= 4 + 4, `${made} findings made for 4 read (and each run's ends)`);
    assert.equal(firstOfRuns([run(2, 8), run(7)], 4, out), undefined, 'a run starting before the previous one ends');
    assert.equal(out.length, 4, 'nothing appended');
    assert.equal(firstOfRuns([], 3, out), 0);
    assert.equal(firstOfRuns([run(1)], 0, out), 1);
    assert.equal(out.length, 4);
  });

  test('a semantic tokens delta applied to the previous data gives the new data', () => {
    const text = 'User-agent: *\nDisallow: /a*b$\n# note\nACAP-crawler: *\nACAP-allow-present-snippet: /news/ max-length=20-words\n';
    fc.assert(
      fc.property(fc.nat({ max: 5 }), fc.nat({ max: 40 }), fc.constantFrom('x', '*', '$', '\n', '#c', 'ACAP-allow-crawl: /', ' ', ''), fc.nat({ max: 3 }), (line, ch, typed, del) => {
        const before = parseDocument('file:///t/robots.txt', 1, text);
        const l = Math.min(line, before.lines.length - 1);
        const c = Math.min(ch, before.lines[l].text.length);
        const e = Math.min(c + del, before.lines[l].text.length);
        const after = updateDocument(before, [{ range: { start: { line: l, character: c }, end: { line: l, character: e } }, text: typed }], 2);
        const a = getSemanticTokens(before).data;
        const b = getSemanticTokens(after).data;
        const edits = semanticTokensDelta(a, b);
        const applied = [...a];
        for (const ed of [...edits].reverse()) applied.splice(ed.start, ed.deleteCount, ...(ed.data ?? []));
        assert.deepEqual(applied, b);
        assert.ok(edits.length <= 1);
        if (edits.length === 1) assert.equal(edits[0].start % 5, 0, 'whole tokens');
      }),
      { numRuns: 300, seed: 5 },
    );
    assert.deepEqual(semanticTokensDelta([1, 2, 3, 4, 5], [1, 2, 3, 4, 5]), []);
  });

  test('pull diagnostics over stdio: an edit in a comment leaves them unchanged and they are not re-sent', async () => {
    assert.ok(existsSync(SERVER), 'run `npm run build` first: dist/server.js is missing');
    const child = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const conn = createMessageConnection(new StreamMessageReader(child.stdout!), new StreamMessageWriter(child.stdin!));
    conn.onRequest('client/registerCapability', () => null);
    conn.onNotification('window/logMessage', () => undefined);
    conn.listen();
    try {
      await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: { textDocument: { diagnostic: {} } } });
      await conn.sendNotification('initialized', {});
      const uri = 'file:///pull/robots.txt';
      await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text: '# rules\nUser-agent: *\nDisallow: /a\nDisallow: /a\n' } });
      type Report = { kind: string; resultId?: string; items?: Diagnostic[] };
      const pull = (previousResultId?: string): Promise<Report> => conn.sendRequest('textDocument/diagnostic', { textDocument: { uri }, ...(previousResultId ? { previousResultId } : {}) });
      const first = await pull();
      assert.equal(first.kind, 'full');
      assert.deepEqual(first.items?.map((d) => d.code), ['rep.duplicate-rule']);
      await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: { line: 0, character: 7 }, end: { line: 0, character: 7 } }, text: ' here' }] });
      const second = await pull(first.resultId);
      assert.equal(second.kind, 'unchanged');
      assert.equal(second.resultId, first.resultId);
      // An edit that changes them: the full report, with another id.
      await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: 3 }, contentChanges: [{ range: { start: { line: 3, character: 11 }, end: { line: 3, character: 11 } }, text: 'b' }] });
      const third = await pull(second.resultId);
      assert.equal(third.kind, 'full');
      assert.deepEqual(third.items, []);
      assert.notEqual(third.resultId, first.resultId);
    } finally {
      await conn.sendRequest('shutdown');
      await conn.sendNotification('exit');
      conn.dispose();
      child.kill();
    }
  });
});
