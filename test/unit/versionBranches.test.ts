/**
 * Versions that branch: a conversion's verification edits the open version into a version of its
 * own (the converted text), asks it hundreds of questions, and drops it; the editor's next version
 * is made from the open one, not from the converted one. The caches a query reads are moved from
 * version to version through the lines that changed between them (regionsChangedSince), kept one
 * per URI: the converted version took them, and the open version, and the next one the editor
 * sent, could not follow it back, so the next hover built every reading's index of the group
 * again (74–90 ms on the largest real file, in process, after every conversion resolved). The
 * regions between two versions of one lineage now go through their nearest common version.
 * No timing is asserted here (see test/bench).
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { documentText, doHover, doValidation, explain, explainAiUse, listConversionActions, parseDocument, PROFILES, resolveConversionAction, updateDocument, type ContentChange, type RobotsDocument } from '../../server/src/service';
import { regionsChangedSince, serialOf } from '../../server/src/service/syntax/document';
import { applyToLines, askCost, assertRegions, assertTight, deleteLine, enterAt, oneGroup, regionsByNodes, typeAt, withUri } from './helpers';

suite('versions that branch: regions through their common version', () => {
  test('a version and one made from it, asked either way round: the same regions, old and new swapped', () => {
    const open = parseDocument('file:///branch/robots.txt', 1, oneGroup(2000));
    serialOf(open);
    const converted = updateDocument(open, [typeAt(1500), enterAt(700), deleteLine(100)], 2);
    // A serial number alone names no version whose steps can be read: only an earlier one is found.
    assert.equal(regionsChangedSince(open, serialOf(converted)), undefined);
    const forward = regionsChangedSince(converted, open)!;
    assert.deepEqual(forward.map((r) => [r.oldFrom, r.oldTo, r.newFrom, r.newTo]), [[100, 101, 100, 100], [700, 700, 699, 700], [1500, 1501, 1500, 1501]]);
    const back = regionsChangedSince(open, converted);
    assert.deepEqual(back, forward.map((r) => ({ oldFrom: r.newFrom, oldTo: r.newTo, newFrom: r.oldFrom, newTo: r.oldTo })));
    assertRegions(open, converted, back!);
  });

  test('two versions made from one (a conversion\'s, then the editor\'s next): the regions go through it', () => {
    const open = parseDocument('file:///branch/robots.txt', 1, oneGroup(2000));
    const converted = updateDocument(open, [enterAt(1200), typeAt(300)], 2);
    let next = open;
    for (const c of [typeAt(900), enterAt(50), deleteLine(1700)]) next = updateDocument(next, [c], next.version + 1);
    const regions = regionsChangedSince(next, converted)!;
    assertRegions(next, converted, regions);
    assert.deepEqual(regions.map((r) => [r.oldFrom, r.oldTo, r.newFrom, r.newTo]), [[50, 50, 50, 51], [300, 301, 301, 302], [900, 901, 901, 902], [1200, 1201, 1201, 1201], [1700, 1701, 1700, 1700]]);
    assertRegions(converted, next, regionsChangedSince(converted, next)!);
  });

  test('versions of different documents, or past the steps remembered, have no regions', () => {
    const a = parseDocument('file:///branch/robots.txt', 1, oneGroup(10));
    const b = parseDocument('file:///branch/robots.txt', 1, oneGroup(10));
    assert.equal(regionsChangedSince(updateDocument(a, [typeAt(3)], 2), updateDocument(b, [typeAt(3)], 2)), undefined);
    // A branch whose common version with the other is past the 2,048 steps a version keeps.
    let far = a;
    for (let k = 0; k < 2100; k++) far = updateDocument(far, [typeAt(3, 0)], far.version + 1);
    const near = updateDocument(a, [typeAt(5)], 2);
    assert.equal(regionsChangedSince(far, near), undefined);
    assert.equal(regionsChangedSince(near, far), undefined);
    const recent = updateDocument(far, [typeAt(7)], far.version + 1);
    assert.deepEqual(regionsChangedSince(recent, far), [{ oldFrom: 7, oldTo: 8, newFrom: 7, newTo: 8 }], 'within the steps, as before');
  });

  const KINDS = ['type', 'enter', 'delete the line', 'add a rule'] as const;
  const place = fc.record({ line: fc.nat(400), at: fc.nat(20), kind: fc.constantFrom(...KINDS) });
  type Place = { line: number; at: number; kind: (typeof KINDS)[number] };

  /** The change at `p` to the text `lines` (updated in place as the change does it). */
  function change(lines: string[], p: Place): ContentChange {
    const line = p.line % lines.length;
    const end = lines[line].length;
    let c: ContentChange;
    switch (p.kind) {
      case 'type': c = typeAt(line, Math.min(p.at, end)); break;
      case 'enter': c = enterAt(line); break;
      case 'delete the line': c = deleteLine(line); break;
      default: c = { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: 'Allow: /a\n' };
    }
    applyToLines(lines, c);
    return c;
  }

  /** `doc` edited event by event (each event some changes at once), with every version made. */
  function branch(doc: RobotsDocument, events: readonly (readonly Place[])[]): RobotsDocument[] {
    const out = [doc];
    for (const e of events) {
      const lines = documentText(doc).split('\n');
      doc = updateDocument(doc, e.map((p) => change(lines, p)), doc.version + 1);
      out.push(doc);
    }
    return out;
  }

  test('any two versions of a tree of edits: outside the regions, every line is the very node it was, where movedLine says', () => {
    const events = fc.array(fc.array(place, { minLength: 1, maxLength: 4 }), { minLength: 0, maxLength: 8 });
    fc.assert(fc.property(events, events, events, fc.nat(8), fc.nat(8), (trunk, left, right, l, r) => {
      const versions = branch(parseDocument('file:///branch/robots.txt', 1, oneGroup(400)), trunk);
      const fork = versions[versions.length - 1];
      const a = branch(fork, left);
      const b = branch(fork, right);
      for (const [x, y] of [[a[Math.min(l, a.length - 1)], b[Math.min(r, b.length - 1)]], [versions[Math.min(l, versions.length - 1)], b[b.length - 1]], [a[a.length - 1], versions[0]]]) {
        const regions = regionsChangedSince(x, y);
        assert.ok(regions, 'within the steps remembered');
        assertRegions(x, y, regions);
        assertTight(regions, regionsByNodes(x, y));
      }
    }), { seed: 20261129, numRuns: 150 });
  });

  const ask = (d: RobotsDocument): unknown => [...PROFILES.map((profile) => explain(d, { agent: 'GPTBot', path: '/p700/', profile }).allowed), doHover(d, { line: 701, character: 12 })];
  const fresh = (d: RobotsDocument): unknown => withUri(ask(parseDocument('file:///fresh/robots.txt', 1, documentText(d))), 'file:///fresh/robots.txt', d.uri);
  type Data = Parameters<typeof resolveConversionAction>[1];
  /** The first conversion offered on `line`, resolved, as the editor's next version would apply it (its last edit first). */
  const resolveAt = (d: RobotsDocument, line: number): ContentChange[] => {
    const action = listConversionActions(d, { start: { line, character: 0 }, end: { line, character: 0 } })[0];
    assert.ok(action, 'a conversion is offered on a rule line');
    const edit = resolveConversionAction(d, action.data as Data).action.edit;
    const edits = edit?.changes?.[d.uri] ?? edit?.documentChanges?.flatMap((c) => ('edits' in c ? c.edits : [])) ?? [];
    assert.ok(edits.length > 0, 'the conversion edits the file');
    return [...edits].sort((x, y) => y.range.start.line - x.range.start.line || y.range.start.character - x.range.start.character).map((e) => ({ range: e.range, text: e.newText }));
  };
  /**
   * What asking `d` costs: the index entries filed and the lines read by the engine's answers (in
   * each profile, and on AI use), then all of `ask`'s answers. (The hover's table lists the usages
   * of a file's ACAP records, every line read, the first time a version with records is asked.)
   */
  const cost = (d: RobotsDocument): { adds: number; reads: number; got: unknown } => {
    const { adds, reads } = askCost(d, () => {
      for (const profile of PROFILES) explain(d, { agent: 'GPTBot', path: '/p700/', profile });
      explainAiUse(d, { agent: 'GPTBot', path: '/p700/', use: 'ai-train' });
    });
    return { adds, reads, got: ask(d) };
  };

  test('a conversion resolved, then the open version asked: the indexes come back from the converted version, no line is read again', () => {
    // Each version the editor sends is validated before it is asked, as the server does.
    const doc = parseDocument('file:///branch/robots.txt', 1, oneGroup(8000));
    doValidation(doc);
    ask(doc);
    resolveAt(doc, 4001);
    // Before, the open version read its 8,000 rule lines again (8,011 reads).
    const { adds, reads, got } = cost(doc);
    assert.ok(adds <= 40, `${adds} index entries filed`);
    assert.ok(reads <= 200, `${reads} lines read`);
    assert.deepEqual(got, fresh(doc));
  });

  test('a conversion resolved, then the editor\'s version with it applied, asked first: the indexes move across, from one branch to the other', () => {
    // Each version the editor sends is validated before it is asked, as the server does.
    const doc = parseDocument('file:///branch/robots.txt', 1, oneGroup(8000));
    doValidation(doc);
    ask(doc);
    const next = updateDocument(doc, resolveAt(doc, 4001), 2);
    doValidation(next);
    // Before, 16,052 lines were read: the group's rule indexes were built again.
    const { adds, reads, got } = cost(next);
    assert.ok(adds <= 40, `${adds} index entries filed`);
    assert.ok(reads <= 400, `${reads} lines read`);
    assert.deepEqual(got, fresh(next));
    // And a second conversion, resolved on that version, then the open one asked again.
    resolveAt(next, 6001);
    const again = cost(doc);
    assert.ok(again.adds <= 40 && again.reads <= 400, `${again.adds} index entries filed, ${again.reads} lines read`);
    assert.deepEqual(again.got, fresh(doc));
  });

  test('two keystrokes typed into one version, each making a version of its own, asked in turn: the rule indexes move between the siblings', () => {
    // The groups keep their structure: the second version patches the entries the first one took.
    // Each version the editor sends is validated before it is asked, as the server does.
    const doc = parseDocument('file:///branch/robots.txt', 1, oneGroup(8000));
    doValidation(doc);
    ask(doc);
    const one = updateDocument(doc, [typeAt(4001)], 2);
    doValidation(one);
    ask(one);
    const other = updateDocument(doc, [typeAt(6001)], 2);
    doValidation(other);
    // Before, every member of the group was compared with the version asked last (32,025 reads).
    const { adds, reads, got } = cost(other);
    assert.ok(adds <= 40, `${adds} index entries filed`);
    assert.ok(reads <= 200, `${reads} lines read`);
    assert.deepEqual(got, fresh(other));
  });
});
