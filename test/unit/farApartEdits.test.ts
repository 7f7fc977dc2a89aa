/**
 * Changes far apart — typing with two cursors, or a few replacements across a file — are applied
 * as versions of their own, each the edit of the next (a chain, syntax/document.ts DocumentEdit),
 * so that an analysis reads the lines each run of nearby changes touched, not every line between
 * the first and the last change, unless those lines cost less than the links (settleChain). The
 * chain is bounded (at most 64 versions never validated, a single event's too), and a version of it
 * answers as the same text opened afresh, whether it was analysed after every event, after some,
 * or only at the end. No timing is asserted here (see test/bench).
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { collectFindings, doHover, doValidation, doValidationSteps, documentText, explain, finish, getModel, parseDocument, PROFILES, updateDocument, type ContentChange, type RobotsDocument } from '../../server/src/service';
import { modelLineage } from '../../server/src/service/model/model';
import { wasValidated } from '../../server/src/service/checks/validation';
import { LINES_PER_STEP } from '../../server/src/service/features/validationSteps';
import { carryLinesIn, rangesChangedSince, serialOf } from '../../server/src/service/syntax/document';
import { applyToLines, typeAt, withUri } from './helpers';

/** Versions never analysed that `doc`'s edit chains, itself included. */
function links(doc: RobotsDocument): number {
  let n = 0;
  for (let d: RobotsDocument | undefined = doc; d?.edit; d = d.edit.previous) n++;
  return n;
}

/** One group of `rules` rules, each of its own path, then a second group. */
function bigFile(rules: number): string {
  const lines = ['User-agent: *'];
  for (let i = 0; i < rules; i++) lines.push(`Disallow: /p${i}/`);
  lines.push('', 'User-agent: GPTBot', 'Disallow: /');
  return `${lines.join('\n')}\n`;
}

/** `groups` groups of two lines each (a crawler and its rule). */
function manyGroups(groups: number): string {
  const lines: string[] = [];
  for (let i = 0; i < groups; i++) lines.push(`User-agent: bot${i}`, `Disallow: /p${i}/`);
  return `${lines.join('\n')}\n`;
}

suite('changes far apart: analysed region by region', () => {
  test('two cursors 6,000 lines apart: two versions chained, each with its own region, the model carried over for the second only', () => {
    let doc = parseDocument('file:///far/robots.txt', 1, bigFile(8000));
    doValidation(doc);
    // As VS Code sends a keystroke typed with two cursors: the later position first.
    doc = updateDocument(doc, [typeAt(6500, 12, 'x'), typeAt(500, 12, 'x')], 2);
    assert.equal(links(doc), 2);
    assert.deepEqual([doc.edit!.from, doc.edit!.newEnd], [500, 501], 'the last version is the second cursor\'s line');
    const first = doc.edit!.previous;
    assert.deepEqual([first.edit!.from, first.edit!.newEnd], [6500, 6501], 'the version before it is the first cursor\'s');
    const lineage = modelLineage(getModel(doc));
    assert.ok(lineage, 'carried over');
    assert.deepEqual([lineage.from, lineage.to], [500, 501], 'from the first cursor\'s version, over the second cursor\'s line only');
    assert.equal(lineage.previous, getModel(first), 'the version in between was analysed first');
    const fresh = parseDocument('file:///fresh/robots.txt', 1, documentText(doc));
    assert.deepEqual(collectFindings(doc), collectFindings(fresh));
    assert.equal(doc.edit, undefined, 'settled once analysed');
  });

  test('links that would cost more than the lines between them are joined into one region: cursors close together, or a file of many groups', () => {
    // 1,000 lines apart in a file of two groups: the lines between cost less than two links.
    let doc = parseDocument('file:///far/robots.txt', 1, bigFile(2000));
    doValidation(doc);
    doc = updateDocument(doc, [typeAt(1500, 12, 'x'), typeAt(500, 12, 'x')], 2);
    assert.equal(links(doc), 2, 'chained as made');
    let lineage = modelLineage(getModel(doc));
    assert.deepEqual([lineage?.from, lineage?.to], [500, 1501], 'analysed as one region');
    assert.equal(links(doc), 1);
    // Eight cursors 2,000 lines apart in a file of 9,000 groups: a link costs a pass over the
    // groups (in a file of one group, 14,000 lines between them would make links).
    doc = parseDocument('file:///far/robots.txt', 1, manyGroups(9000));
    doValidation(doc);
    doc = updateDocument(doc, [7, 6, 5, 4, 3, 2, 1, 0].map((k) => typeAt(101 + k * 2000, 11, 'x')), 2);
    assert.equal(links(doc), 8);
    lineage = modelLineage(getModel(doc));
    assert.deepEqual([lineage?.from, lineage?.to], [101, 14102], 'analysed as one region');
    const fresh = parseDocument('file:///fresh/robots.txt', 1, documentText(doc));
    assert.deepEqual(collectFindings(doc), collectFindings(fresh));
  });

  test('a link that adds or removes lines costs a move of every line number after it: at six places 1,300 lines apart, typing stays six links, deleting lines is joined', () => {
    const deleteLine = (line: number): ContentChange => ({ range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: '' });
    const places = [5, 4, 3, 2, 1, 0].map((k) => 300 + 1300 * k);
    // Two lines deleted 6,000 apart in a group of 8,000 rules: two links.
    let doc = parseDocument('file:///far/robots.txt', 1, bigFile(8000));
    doValidation(doc);
    doc = updateDocument(doc, [deleteLine(6500), deleteLine(500)], 2);
    let lineage = modelLineage(getModel(doc));
    assert.deepEqual([lineage?.from, lineage?.to, lineage?.oldTo], [500, 500, 501], 'the second link\'s line only');
    // Typing at six places: six links cost less than the 6,500 lines between them.
    doc = parseDocument('file:///far/robots.txt', 1, bigFile(8000));
    doValidation(doc);
    doc = updateDocument(doc, places.map((line) => typeAt(line, 12, 'x')), 2);
    assert.equal(links(doc), 6);
    lineage = modelLineage(getModel(doc));
    assert.deepEqual([lineage?.from, lineage?.to], [300, 301], 'the last link\'s line only');
    // A line deleted at each: six moves of 8,000 line numbers besides cost more than those lines.
    doc = parseDocument('file:///far/robots.txt', 1, bigFile(8000));
    doValidation(doc);
    doc = updateDocument(doc, places.map(deleteLine), 2);
    assert.equal(links(doc), 6, 'chained as made');
    lineage = modelLineage(getModel(doc));
    assert.deepEqual([lineage?.from, lineage?.oldTo], [300, 6801], 'analysed as one region');
    assert.deepEqual(collectFindings(doc), collectFindings(parseDocument('file:///fresh/robots.txt', 1, documentText(doc))));
  });

  test('a change that changes nothing does not make a link', () => {
    let doc = parseDocument('file:///far/robots.txt', 1, bigFile(8000));
    doValidation(doc);
    doc = updateDocument(doc, [typeAt(10, 12, 'x')], 2);
    doc = updateDocument(doc, [typeAt(6000, 12, '')], 3);
    assert.equal(links(doc), 1);
  });

  test('validated in steps though a model was made first (an outline asked for before the diagnostics)', () => {
    const doc = parseDocument('file:///far/robots.txt', 1, bigFile(5 * LINES_PER_STEP));
    getModel(doc);
    const steps = doValidationSteps(doc);
    let pauses = 0;
    while (!steps.next().done) pauses++;
    assert.ok(pauses >= 5, `${pauses} pauses`);
  });

  test('a file just opened is validated in steps, its line stage made in them, and the result is doValidation\'s', () => {
    // The line stage of a document never edited is made in the steps, one pass over the lines:
    // the last step then reads it back and checks no line again.
    const text = bigFile(5 * LINES_PER_STEP);
    const doc = parseDocument('file:///far/robots.txt', 1, text);
    const steps = doValidationSteps(doc, { maxHintsPerCode: 1_000_000 });
    let pauses = 0;
    let r = steps.next();
    for (; !r.done; r = steps.next()) pauses++;
    assert.ok(pauses >= 5, `${pauses} pauses`);
    assert.ok(wasValidated(doc));
    assert.deepEqual(r.value, doValidation(parseDocument('file:///far/robots.txt', 1, text), { maxHintsPerCode: 1_000_000 }));
    // Dropped half way (a cancelled request), then asked again: the same answer.
    const again = parseDocument('file:///far/robots.txt', 1, text);
    const cut = doValidationSteps(again);
    for (let k = 0; k < 3; k++) cut.next();
    cut.return([]);
    assert.equal(wasValidated(again), false);
    assert.deepEqual(finish(doValidationSteps(again)), doValidation(parseDocument('file:///far/robots.txt', 1, text)));
  });

  test('changes near each other stay one region', () => {
    let doc = parseDocument('file:///far/robots.txt', 1, bigFile(2000));
    doValidation(doc);
    doc = updateDocument(doc, [typeAt(540, 12, 'x'), typeAt(500, 12, 'x')], 2);
    assert.equal(links(doc), 1);
    assert.deepEqual([doc.edit!.from, doc.edit!.newEnd], [500, 541]);
  });

  test('keystrokes far apart with no analysis between them chain too, and nearby ones join the last link', () => {
    let doc = parseDocument('file:///far/robots.txt', 1, bigFile(2000));
    doValidation(doc);
    doc = updateDocument(doc, [typeAt(100, 12, 'a')], 2);
    doc = updateDocument(doc, [typeAt(101, 12, 'b')], 3);
    assert.equal(links(doc), 1, 'near: composed');
    doc = updateDocument(doc, [typeAt(1900, 12, 'c')], 4);
    assert.equal(links(doc), 2, 'far: chained');
    doc = updateDocument(doc, [typeAt(1901, 12, 'd')], 5);
    assert.equal(links(doc), 2, 'near the last link: composed with it');
    assert.deepEqual([doc.edit!.from, doc.edit!.newEnd], [1900, 1902]);
    const fresh = parseDocument('file:///fresh/robots.txt', 1, documentText(doc));
    assert.deepEqual(doValidation(doc), doValidation(fresh));
  });

  test('a replacement in 40 places far apart makes 40 versions, in 100 places 64, a burst at most 64, and validates as a fresh parse', () => {
    const replaceAt = (places: number): ContentChange[] => {
      const changes: ContentChange[] = [];
      for (let k = places - 1; k >= 0; k--) changes.push({ range: { start: { line: 1 + k * 75, character: 10 }, end: { line: 1 + k * 75, character: 12 } }, text: '/q' });
      return changes;
    };
    const hundred = updateDocument(parseDocument('file:///far/many.txt', 1, bigFile(8000)), replaceAt(100), 2);
    assert.equal(links(hundred), 64, 'the last version takes every change left');
    let doc = parseDocument('file:///far/robots.txt', 1, bigFile(8000));
    doValidation(doc);
    doc = updateDocument(doc, replaceAt(40), 2);
    assert.equal(links(doc), 40);
    // Keystrokes at three places far apart with no validation between them: the chain stops at 64.
    for (let k = 0; k < 30; k++) doc = updateDocument(doc, [typeAt(7000, 12, 'x'), typeAt(4000, 12, 'x'), typeAt(10, 12, 'x')], doc.version + 1);
    assert.equal(links(doc), 64);
    const fresh = parseDocument('file:///fresh/robots.txt', 1, documentText(doc));
    const steps = finish(doValidationSteps(doc));
    assert.deepEqual(steps, doValidation(fresh), 'validated in steps through the chain');
  });

  test('two cursors typing 20 keystrokes with no validation between them stay two regions a keystroke', () => {
    let doc = parseDocument('file:///far/robots.txt', 1, bigFile(8000));
    doValidation(doc);
    for (let k = 0; k < 20; k++) doc = updateDocument(doc, [typeAt(7000, 12, 'x'), typeAt(100, 12, 'x')], doc.version + 1);
    assert.equal(links(doc), 40);
    for (let d: RobotsDocument | undefined = doc; d?.edit; d = d.edit.previous) assert.ok(d.edit.newEnd - d.edit.from <= 1, `[${d.edit.from}, ${d.edit.newEnd})`);
    const fresh = parseDocument('file:///fresh/robots.txt', 1, documentText(doc));
    assert.deepEqual(doValidation(doc), doValidation(fresh));
  });

  test('the lines changed since an earlier version, as a few ranges apart: two cursors typing give two, not the lines between them', () => {
    const start = parseDocument('file:///far/robots.txt', 1, bigFile(2000));
    serialOf(start);
    let doc = start;
    for (let c = 0; c < 5; c++) doc = updateDocument(doc, [typeAt(1500, 12, 'x'), typeAt(500, 12, 'x')], doc.version + 1);
    assert.deepEqual(rangesChangedSince(doc, start), [{ from: 500, to: 501 }, { from: 1500, to: 1501 }]);
    assert.deepEqual(rangesChangedSince(doc, doc), []);
    // Ranges that touch are merged.
    doc = updateDocument(doc, [typeAt(501, 3, 'y')], doc.version + 1);
    assert.deepEqual(rangesChangedSince(doc, start), [{ from: 500, to: 502 }, { from: 1500, to: 1501 }]);
    // 65 places apart: 65 ranges, not their hull.
    let many = start;
    for (let k = 0; k < 65; k++) many = updateDocument(many, [typeAt(10 + k * 20, 12, 'x')], many.version + 1);
    assert.deepEqual(rangesChangedSince(many, start), Array.from({ length: 65 }, (_, k) => ({ from: 10 + k * 20, to: 11 + k * 20 })));
    // A line added: the ranges cannot say where lines moved (regionsChangedSince does).
    const added = updateDocument(doc, [typeAt(100, 0, '\n')], doc.version + 1);
    assert.equal(rangesChangedSince(added, start), undefined);
  });

  test('outside the ranges changed, every line is the very node it was; the ranges sorted, apart, at most one per change', () => {
    const typing = fc.array(fc.array(fc.record({ line: fc.nat(299), at: fc.nat(15), text: fc.constantFrom('x', '', 'ab'), cut: fc.nat(2) }), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 30 });
    fc.assert(fc.property(typing, fc.boolean(), (events, analysed) => {
      const start = parseDocument('file:///far/robots.txt', 1, bigFile(298));
      serialOf(start);
      let doc = start;
      for (const e of events) {
        // Typing over a line's characters only: every step replaces lines one for one.
        doc = updateDocument(doc, e.map((c) => ({ range: { start: { line: c.line, character: c.at }, end: { line: c.line, character: c.at + c.cut } }, text: c.text })), doc.version + 1);
        if (analysed) doValidation(doc);
      }
      const ranges = rangesChangedSince(doc, start);
      assert.ok(ranges, 'typing only: ranges');
      assert.ok(ranges.length <= events.reduce((n, e) => n + e.length, 0), `${ranges.length} ranges`);
      for (let k = 0; k < ranges.length; k++) {
        assert.ok(ranges[k].from < ranges[k].to);
        if (k > 0) assert.ok(ranges[k - 1].to < ranges[k].from, 'apart');
      }
      const inside = (i: number): boolean => ranges.some((r) => r.from <= i && i < r.to);
      for (let i = 0; i < doc.lines.length; i++) if (!inside(i)) assert.equal(doc.lines[i], start.lines[i], `line ${i}`);
    }), { numRuns: 200, seed: 5 });
  });

  test('typing at several places far apart, then asking: every verdict and hover as the same text opened afresh', () => {
    // Characters typed into rule paths (`Disallow: /p12/` → `Disallow: /p1x2/`) and field names,
    // at two or three lines far apart a keystroke, hovered or asked between some of the keystrokes:
    // the engine's caches follow the ranges typed over (rangesChangedSince), never the lines between.
    const keystroke = fc.array(fc.record({ line: fc.nat(299), at: fc.constantFrom(0, 3, 10, 11, 12), text: fc.constantFrom('x', '1', '*', '$', 'A') }), { minLength: 2, maxLength: 3 });
    fc.assert(fc.property(fc.array(fc.tuple(keystroke, fc.boolean()), { minLength: 1, maxLength: 12 }), (events) => {
      let doc = parseDocument('file:///edited/robots.txt', 1, bigFile(298));
      doValidation(doc);
      explain(doc, { agent: 'Googlebot', path: '/p1/', profile: 'google' });
      for (const [e, ask] of events) {
        const lines = e.map((c) => c.line).sort((a, b) => b - a);
        doc = updateDocument(doc, lines.map((line, k) => typeAt(line, e[k].at, e[k].text)), doc.version + 1);
        if (!ask) continue;
        const fresh = parseDocument('file:///fresh/robots.txt', 1, documentText(doc));
        for (const line of lines) {
          const text = doc.lines[line].text;
          const path = text.slice(text.indexOf('/'));
          for (const profile of PROFILES) {
            for (const agent of ['Googlebot', 'GPTBot']) {
              const a = explain(doc, { agent, path, profile });
              const b = explain(fresh, { agent, path, profile });
              assert.deepEqual([a.allowed, a.decidedBy.map((d) => d.line)], [b.allowed, b.decidedBy.map((d) => d.line)], `${profile} ${agent} ${path}`);
            }
          }
          assert.deepEqual(doHover(doc, { line, character: 11 }), withUri(doHover(fresh, { line, character: 11 }), 'file:///fresh/robots.txt', 'file:///edited/robots.txt'), `hover on ${line}`);
        }
      }
    }), { numRuns: 60, seed: 8 });
  });

  test('a list of line numbers carried through ranges: the numbers outside kept, the lines inside read again', () => {
    const ranges = [{ from: 10, to: 20 }, { from: 50, to: 51 }];
    assert.deepEqual(carryLinesIn([1, 12, 15, 30, 50, 60], ranges, (i) => i === 11 || i === 50), [1, 11, 30, 50, 60]);
    assert.deepEqual(carryLinesIn([1, 12, 15, 30, 50, 60], ranges, () => false), [1, 30, 60]);
    assert.deepEqual(carryLinesIn([1, 12, 15, 30, 50, 60], ranges, () => true, 0, 12), [1, 10, 11, 30, 60], 'only the lines of the ranges within [start, end) are read');
    assert.deepEqual(carryLinesIn([], [], () => true), []);
  });

  const LINES = [
    'User-agent: *', 'User-agent: GPTBot', 'Allow: /a', 'Allow: /a', 'Disallow: /a', 'Disallow: /b', 'Disallow: /b', '', '# note',
    'Sitemap: https://example.com/s.xml', 'Content-Usage: train-ai=n', 'ACAP-crawler: *', 'ACAP-disallow-crawl: /a', 'Crawl-delay: 1',
    'Disallow: /c/*', 'Allow: /c/d$',
  ];
  // LF only: the events below are written against the text's lines (the end-of-line kinds are
  // editRegions.test.ts's, one change at a time).
  const text = fc.array(fc.constantFrom(...LINES), { minLength: 100, maxLength: 400 }).map((lines) => `${lines.join('\n')}\n`);
  const KINDS = ['type', 'enter', 'delete the line', 'join with the next'] as const;
  interface Place {
    readonly line: number;
    readonly at: number;
    readonly kind: (typeof KINDS)[number];
    readonly typed: string;
  }
  const place: fc.Arbitrary<Place> = fc.record({ line: fc.nat(1000), at: fc.nat(20), kind: fc.constantFrom(...KINDS), typed: fc.constantFrom('x', 'Allow: /a', 'Disallow: /b\n', '') });
  /** An event: its changes, and whether the document is validated after it (else they pile up, never analysed). */
  const event = fc.record({ places: fc.array(place, { minLength: 1, maxLength: 12 }), analysed: fc.boolean() });

  /** The change at `p` to the text `lines` (updated in place as the change does it). */
  function change(lines: string[], p: Place): ContentChange {
    const line = p.line % lines.length;
    const end = lines[line].length;
    const at = Math.min(p.at, end);
    let c: ContentChange;
    switch (p.kind) {
      case 'type': c = typeAt(line, at, p.typed); break;
      case 'enter': c = typeAt(line, at, '\n'); break;
      case 'delete the line': c = { range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: '' }; break;
      default: c = { range: { start: { line, character: end }, end: { line: line + 1, character: 0 } }, text: '' };
    }
    applyToLines(lines, c);
    return c;
  }

  test('after every event of changes anywhere, analysed or not, the document answers as the same text opened afresh', () => {
    let chained = 0;
    fc.assert(fc.property(text, fc.array(event, { minLength: 1, maxLength: 8 }), (start, events) => {
      let doc = parseDocument('file:///edited/robots.txt', 1, start);
      doValidation(doc, {});
      for (const e of events) {
        const lines = documentText(doc).split('\n');
        const changes = e.places.map((p) => change(lines, p));
        doc = updateDocument(doc, changes, doc.version + 1);
        assert.ok(links(doc) <= 64, `${links(doc)} links`);
        if (links(doc) > 1) chained++;
        const where = `after ${JSON.stringify(changes)}`;
        assert.equal(documentText(doc), lines.join('\n'), where);
        if (!e.analysed) continue;
        const fresh = parseDocument('file:///fresh/robots.txt', 1, documentText(doc));
        assert.deepEqual(collectFindings(doc), collectFindings(fresh), where);
        assert.deepEqual(doValidation(doc, { maxHintsPerCode: 2 }), withUri(doValidation(fresh, { maxHintsPerCode: 2 }), 'file:///fresh/robots.txt', 'file:///edited/robots.txt'), where);
        for (const profile of PROFILES) {
          const a = explain(doc, { agent: 'GPTBot', path: '/c/d', profile });
          const b = explain(fresh, { agent: 'GPTBot', path: '/c/d', profile });
          assert.deepEqual([a.allowed, a.decidedBy.map((d) => d.line)], [b.allowed, b.decidedBy.map((d) => d.line)], `${profile} ${where}`);
        }
        const at = { line: changes[0].range!.start.line % doc.lines.length, character: 9 };
        assert.deepEqual(doHover(doc, at), withUri(doHover(fresh, at), 'file:///fresh/robots.txt', 'file:///edited/robots.txt'), where);
      }
      // Whatever piled up, the last version validates as a fresh parse.
      const fresh = parseDocument('file:///fresh/robots.txt', 1, documentText(doc));
      assert.deepEqual(finish(doValidationSteps(doc, {})), withUri(doValidation(fresh, {}), 'file:///fresh/robots.txt', 'file:///edited/robots.txt'));
    }), { numRuns: 150, seed: 41 });
    // The property held over chains, not only over single regions.
    assert.ok(chained > 100, `${chained} events chained`);
  });
});
