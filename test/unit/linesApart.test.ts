/**
 * Lines added or removed at several places far apart — Enter typed with two cursors, every line
 * matching a search deleted at once — change a version in a few regions (regionsChangedSince),
 * each with lines of its own before and after it. The caches an answer reads (the groups' rule
 * indexes, Google's sections, the crawler names, the preference and License lines of AI use) are
 * moved through those regions, reading their lines only: they were moved through one region, the
 * hull from the first place to the last, so a hover after Enter with two cursors 45,000 lines
 * apart in the largest real file read every line between them again (66–146 ms in process).
 * Whatever the places and however the versions were asked, the answers are those of the same text
 * opened afresh. No timing is asserted here (see test/bench).
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { crawlersNamed, doHover, doValidation, documentText, explain, explainAiUse, parseDocument, PROFILES, updateDocument, type ContentChange, type RobotsDocument } from '../../server/src/service';
import { carryLinesThrough, movedLine, regionsChangedSince, serialOf, type LineRegion } from '../../server/src/service/syntax/document';
import { applyToLines, askCost, assertRegions, assertTight, deleteLine, enterAt, indexAdds, oneGroup, regionsByNodes, typeAt, withUri } from './helpers';

/** Where line `i` of the earlier version is now, by walking every region (movedLine's reference). */
function movedBySpec(regions: readonly LineRegion[], i: number): number | undefined {
  let delta = 0;
  for (const r of regions) {
    if (i >= r.oldFrom && i < r.oldTo) return undefined;
    if (r.oldTo <= i) delta += r.newTo - r.newFrom - (r.oldTo - r.oldFrom);
  }
  return i + delta;
}

suite('lines added or removed far apart: moved region by region', () => {
  test('Enter with two cursors far apart: two regions of their own, not the lines between them', () => {
    const start = parseDocument('file:///apart/robots.txt', 1, oneGroup(2000));
    serialOf(start);
    let doc = start;
    // As VS Code sends a keystroke typed with two cursors: the later position first.
    for (let c = 0; c < 3; c++) doc = updateDocument(doc, [enterAt(1500 + 2 * c), enterAt(500 + c)], doc.version + 1);
    const regions = regionsChangedSince(doc, start);
    assert.deepEqual(regions, [{ oldFrom: 500, oldTo: 500, newFrom: 500, newTo: 503 }, { oldFrom: 1500, oldTo: 1500, newFrom: 1503, newTo: 1506 }]);
    assert.equal(movedLine(regions!, 499), 499);
    assert.equal(movedLine(regions!, 500), 503, 'the line Enter was typed at the start of moved down');
    assert.equal(movedLine(regions!, 1499), 1502);
    assert.equal(movedLine(regions!, 1500), 1506);
    for (const i of [0, 499, 500, 1000, 1499, 1500, 2000]) assert.equal(doc.lines[movedLine(regions!, i)!], start.lines[i], `line ${i}`);
  });

  test('lines deleted at three places in one change: three regions, each the line it removed', () => {
    const start = parseDocument('file:///apart/robots.txt', 1, oneGroup(3000));
    serialOf(start);
    // Deleted last first, as an editor sends a multi-cursor Delete Line.
    const doc = updateDocument(start, [deleteLine(2500), deleteLine(1500), deleteLine(100)], 2);
    const regions = regionsChangedSince(doc, start)!;
    assert.deepEqual(regions.map((r) => [r.oldFrom, r.oldTo, r.newFrom, r.newTo]), [[100, 101, 100, 100], [1500, 1501, 1499, 1499], [2500, 2501, 2498, 2498]]);
    assert.equal(movedLine(regions, 1500), undefined, 'a line removed has no place');
    assert.equal(movedLine(regions, 2999), 2996);
    // A line added back where one was removed joins that region, and regions that meet merge.
    const back = updateDocument(doc, [{ range: { start: { line: 100, character: 0 }, end: { line: 100, character: 0 } }, text: 'Allow: /x\n' }], 3);
    assert.deepEqual(regionsChangedSince(back, start)![0], { oldFrom: 100, oldTo: 101, newFrom: 100, newTo: 101 });
    const met = updateDocument(back, [deleteLine(101)], 4);
    assert.deepEqual(regionsChangedSince(met, start)![0], { oldFrom: 100, oldTo: 102, newFrom: 100, newTo: 101 });
    // 65 places apart, each typed after a query long before: 65 regions, not their hull.
    let many = start;
    for (let k = 0; k < 65; k++) many = updateDocument(many, [enterAt(10 + k * 40)], many.version + 1);
    // Each Enter 40 lines below the last, counted in the text it was typed into.
    const apart = regionsChangedSince(many, start)!;
    assert.equal(apart.length, 65);
    assert.deepEqual(apart[0], { oldFrom: 10, oldTo: 10, newFrom: 10, newTo: 11 });
    assert.deepEqual(apart[64], { oldFrom: 2506, oldTo: 2506, newFrom: 2570, newTo: 2571 });
    for (let i = 0; i < start.lines.length; i++) assert.equal(many.lines[movedLine(apart, i)!], start.lines[i], `line ${i}`);
  });

  test('a list of line numbers carried through regions: those outside moved, the regions\' new lines read again', () => {
    const regions: LineRegion[] = [{ oldFrom: 10, oldTo: 12, newFrom: 10, newTo: 15 }, { oldFrom: 50, oldTo: 52, newFrom: 53, newTo: 53 }];
    assert.deepEqual(carryLinesThrough([1, 11, 30, 50, 51, 60], regions, (i) => i === 12), [1, 12, 33, 61]);
    assert.deepEqual(carryLinesThrough([1, 11, 30, 50, 51, 60], regions, () => true, 0, 12), [1, 10, 11, 33, 61], 'only the new lines within [start, end) are read');
    assert.deepEqual(carryLinesThrough([5], [], () => true), [5]);
  });

  test('after Enter or Delete Line with two cursors 1,500 lines apart, or at 20 places, the queries file a handful of index entries and read a handful of lines', () => {
    const text = ['User-agent: *', ...Array.from({ length: 2000 }, (_, i) => `${i % 4 ? 'Disallow' : 'Allow'}: /d${i}/p${i % 9}.html`), 'Content-Usage: train-ai=n', 'License: /license.xml', ''].join('\n');
    let doc = parseDocument('file:///apart/large.txt', 1, text);
    const ask = (d: RobotsDocument): unknown => [
      ...PROFILES.map((profile) => { const v = explain(d, { agent: 'GPTBot', path: '/d700/p7.html', profile }); return [v.allowed, v.decidedBy.map((x) => x.line)]; }),
      explainAiUse(d, { agent: 'GPTBot', path: '/d700/p7.html', use: 'ai-train' }),
      doHover(d, { line: 700, character: 12 }),
    ];
    ask(doc);
    const events: ContentChange[][] = [
      [enterAt(1800), enterAt(300)],
      [{ range: { start: { line: 1801, character: 0 }, end: { line: 1801, character: 0 } }, text: 'Disallow: /new/\n' }, { range: { start: { line: 301, character: 0 }, end: { line: 301, character: 0 } }, text: 'Allow: /new/ok\n' }],
      [deleteLine(1802), deleteLine(302)],
      [deleteLine(1500), deleteLine(1000), deleteLine(20)],
      // Every line matching a search deleted at once: 20 places, 90 lines apart.
      Array.from({ length: 20 }, (_, k) => deleteLine(1900 - 90 * k)),
    ];
    for (const changes of events) {
      doc = updateDocument(doc, changes, doc.version + 1);
      doValidation(doc);
      const { adds, reads, got } = askCost(doc, () => ask(doc));
      const where = JSON.stringify(changes);
      // Every reading's index (rfc9309's, Google's...) files the new rules and no other.
      assert.ok(adds <= 16, `${adds} index entries filed after ${where}`);
      assert.ok(reads <= 200, `${reads} lines read after ${where}`);
      assert.deepEqual(got, withUri(ask(parseDocument('file:///fresh/large.txt', 1, documentText(doc))), 'file:///fresh/large.txt', 'file:///apart/large.txt'), where);
    }
  });

  test('lines deleted at 40 places 40 lines apart (one region of 1,561 lines) in a group of 8,000 rules: the queries re-file that region\'s rules, not the group\'s', () => {
    let doc = parseDocument('file:///apart/near.txt', 1, oneGroup(8000));
    doValidation(doc);
    const ask = (d: RobotsDocument): unknown => [...PROFILES.map((profile) => explain(d, { agent: 'GPTBot', path: '/p700/', profile }).allowed), doHover(d, { line: 700, character: 12 })];
    ask(doc);
    // Places within 64 lines of each other are one run, so one region: [1440, 3001).
    doc = updateDocument(doc, Array.from({ length: 40 }, (_, k) => deleteLine(3000 - 40 * k)), 2);
    doValidation(doc);
    const { adds, reads, got } = askCost(doc, () => ask(doc));
    // Building the index again filed 15,920 entries and read 28,510 lines.
    assert.ok(adds <= 2 * 1561, `${adds} index entries filed`);
    assert.ok(reads <= 8 * 1561, `${reads} lines read`);
    assert.deepEqual(got, withUri(ask(parseDocument('file:///fresh/near.txt', 1, documentText(doc))), 'file:///fresh/near.txt', 'file:///apart/near.txt'));
  });

  test('keystrokes at 200 places with no query between, then a line added: the next query re-files the rules typed in, not the group\'s', () => {
    let doc = parseDocument('file:///apart/scattered.txt', 1, oneGroup(8000));
    doValidation(doc);
    const ask = (d: RobotsDocument): unknown => [...PROFILES.map((profile) => explain(d, { agent: 'GPTBot', path: '/p7000/', profile }).allowed), doHover(d, { line: 700, character: 12 })];
    ask(doc);
    // As the bench types: a character in a rule's path, each keystroke validated, none queried.
    for (let k = 0; k < 200; k++) {
      doc = updateDocument(doc, [typeAt(20 + 37 * k)], doc.version + 1);
      doValidation(doc);
    }
    doc = updateDocument(doc, [enterAt(7500)], doc.version + 1);
    doValidation(doc);
    const { adds, reads, got } = askCost(doc, () => ask(doc));
    // Past 64 places the versions differed in one region, their hull (lines 20 to 7,500), and
    // each reading's index of the group was built again: 16,000 entries filed, 45,646 lines read.
    assert.ok(adds <= 2 * 200, `${adds} index entries filed`);
    assert.ok(reads <= 8 * 200, `${reads} lines read`);
    assert.deepEqual(got, withUri(ask(parseDocument('file:///fresh/scattered.txt', 1, documentText(doc))), 'file:///fresh/scattered.txt', 'file:///apart/scattered.txt'));
  });

  test('Enter, then Delete Line on the new blank line, without a query between: the versions differ in no line, and the next query files no index entry', () => {
    let doc = parseDocument('file:///apart/undone.txt', 1, oneGroup(8000));
    doValidation(doc);
    const ask = (d: RobotsDocument): unknown => [...PROFILES.map((profile) => explain(d, { agent: 'GPTBot', path: '/p700/', profile }).allowed), doHover(d, { line: 700, character: 12 })];
    ask(doc);
    // Each validated, as the server does, so each has its own model (the members are new arrays).
    doc = updateDocument(doc, [enterAt(3000)], 2);
    doValidation(doc);
    doc = updateDocument(doc, [deleteLine(3000)], 3);
    doValidation(doc);
    let got: unknown;
    // Building the group's index again filed 8,000 entries (40 ms of a hover on the largest real file).
    const adds = indexAdds(() => { got = ask(doc); });
    assert.equal(adds, 0, `${adds} index entries filed`);
    assert.deepEqual(got, withUri(ask(parseDocument('file:///fresh/undone.txt', 1, documentText(doc))), 'file:///fresh/undone.txt', 'file:///apart/undone.txt'));
  });

  test('a rule added between two User-agent lines at two places starts a group at each (Google\'s sections are not moved then)', () => {
    const lines = ['User-agent: *', 'User-agent: GPTBot', 'Disallow: /b/', ...Array.from({ length: 300 }, (_, i) => `# pad ${i}`), 'User-agent: Bingbot', 'User-agent: ClaudeBot', 'Disallow: /c/'];
    let doc = parseDocument('file:///apart/robots.txt', 1, `${lines.join('\n')}\n`);
    const ask = (d: RobotsDocument): unknown => ['GPTBot', 'ClaudeBot', 'Bingbot'].map((agent) => PROFILES.map((profile) => {
      const v = explain(d, { agent, path: '/a', profile });
      return [v.allowed, v.decidedBy.map((x) => x.line)];
    }));
    ask(doc);
    const addAt = (line: number): ContentChange => ({ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: 'Allow: /a\n' });
    doc = updateDocument(doc, [addAt(304), addAt(1)], 2);
    assert.deepEqual(ask(doc), ask(parseDocument('file:///fresh/robots.txt', 1, documentText(doc))));
  });

  test('rules deleted at two places, one event each, leave a section without rules: Google joins it to the next (read before it in the new text, after it in the old)', () => {
    // The regions are applied in line order: before the second, the text is the new one, in
    // which the first region removed the group's other rule (an independent review's case).
    let doc = parseDocument('file:///apart/robots.txt', 1, 'User-agent: a\nDisallow: /x\n# c\nDisallow: /y\nUser-agent: b\nDisallow: /z\n');
    const ask = (d: RobotsDocument): boolean => explain(d, { agent: 'a', path: '/z', profile: 'google' }).allowed;
    assert.equal(ask(doc), true);
    doc = updateDocument(doc, [deleteLine(3)], 2);
    doc = updateDocument(doc, [deleteLine(1)], 3);
    assert.equal(documentText(doc), 'User-agent: a\n# c\nUser-agent: b\nDisallow: /z\n');
    assert.equal(ask(doc), false, 'a and b are one group now: Disallow: /z is theirs');
    assert.equal(ask(doc), ask(parseDocument('file:///fresh/robots.txt', 1, documentText(doc))));
  });

  test('a crawler named at two places far apart: the names the table lists have both, where no name was before', () => {
    let doc = parseDocument('file:///apart/robots.txt', 1, oneGroup(2000));
    const names = (d: RobotsDocument): unknown => PROFILES.map((profile) => crawlersNamed(d, profile));
    names(doc);
    const group = (line: number, name: string): ContentChange => ({ range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: `\nUser-agent: ${name}\nDisallow: /x/\n` });
    doc = updateDocument(doc, [group(2001, 'ClaudeBot'), group(1000, 'Bingbot')], 2);
    const now = names(doc);
    assert.deepEqual(now, names(parseDocument('file:///fresh/robots.txt', 1, documentText(doc))));
    assert.ok(JSON.stringify(now).includes('claudebot') || JSON.stringify(now).includes('ClaudeBot'), JSON.stringify(now));
  });

  const KINDS = ['type', 'enter', 'delete the line', 'join with the next', 'add a rule', 'add a group'] as const;
  interface Place {
    readonly line: number;
    readonly at: number;
    readonly kind: (typeof KINDS)[number];
  }
  const place: fc.Arbitrary<Place> = fc.record({ line: fc.nat(2000), at: fc.nat(20), kind: fc.constantFrom(...KINDS) });

  /** The change at `p` to the text `lines` (updated in place as the change does it). */
  function change(lines: string[], p: Place): ContentChange {
    const line = p.line % lines.length;
    const end = lines[line].length;
    let c: ContentChange;
    switch (p.kind) {
      case 'type': c = { range: { start: { line, character: Math.min(p.at, end) }, end: { line, character: Math.min(p.at, end) } }, text: 'x' }; break;
      case 'enter': c = enterAt(line); break;
      case 'delete the line': c = deleteLine(line); break;
      // A rule the queries below match (between two User-agent lines, it starts a group).
      case 'add a rule': c = { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: p.at % 2 ? 'Disallow: /b/\n' : 'Allow: /a\n' }; break;
      // A crawler named nowhere else: the names a hover lists change.
      case 'add a group': c = { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: 'User-agent: ClaudeBot\nDisallow: /a/\n' }; break;
      default: c = { range: { start: { line, character: end }, end: { line: line + 1, character: 0 } }, text: '' };
    }
    applyToLines(lines, c);
    return c;
  }

  test('outside the regions, every line of the earlier version is the very node it was, where movedLine says; the regions sorted, apart, at most one per change since', () => {
    const events = fc.array(fc.array(place, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 12 });
    fc.assert(fc.property(events, fc.nat(11), fc.boolean(), (evs, from, analysed) => {
      let doc = parseDocument('file:///apart/robots.txt', 1, oneGroup(600));
      const versions: RobotsDocument[] = [doc];
      for (const e of evs) {
        const lines = documentText(doc).split('\n');
        doc = updateDocument(doc, e.map((p) => change(lines, p)), doc.version + 1);
        if (analysed) doValidation(doc);
        versions.push(doc);
      }
      const older = versions[Math.min(from, versions.length - 1)];
      serialOf(older);
      const regions = regionsChangedSince(doc, older);
      if (older === doc) return;
      assert.ok(regions, 'within the steps remembered');
      assert.ok(regions.length <= evs.slice(Math.min(from, versions.length - 1)).reduce((n, e) => n + e.length, 0), `${regions.length} regions`);
      assertTight(regions, regionsByNodes(doc, older));
      assertRegions(doc, older, regions);
      for (let i = 0; i < older.lines.length; i++) assert.equal(movedLine(regions, i), movedBySpec(regions, i), `line ${i}`);
    }), { numRuns: 200, seed: 13 });
  });

  // Lines of every kind the moved caches read: groups and their rules, Google's sections, ACAP
  // records, the preference and License lines of AI use.
  const LINES = [
    'User-agent: *', 'User-agent: GPTBot', 'Allow: /a', 'Disallow: /a', 'Disallow: /b', 'Disallow: /b/*', 'Allow: /b/c$', '', '# note',
    'Content-Usage: train-ai=n', 'Content-Usage: /b train-ai=y', 'Content-Signal: search=yes, ai-train=no', 'License: https://example.com/license.xml',
    'ACAP-crawler: *', 'ACAP-disallow-crawl: /a', 'ACAP-allow-index: /b', 'Crawl-delay: 1',
  ];
  const text = fc.array(fc.constantFrom(...LINES), { minLength: 200, maxLength: 500 }).map((lines) => `${lines.join('\n')}\n`);
  const QUERIES: readonly [string, string][] = [['GPTBot', '/a'], ['GPTBot', '/b/c'], ['Googlebot', '/b/x'], ['ClaudeBot', '/a/b']];

  test('after lines added or removed at several places, every verdict, AI-use answer and hover is the same text\'s opened afresh', () => {
    // An event: two to four places a keystroke (a cursor each), asked after or not.
    const event = fc.record({ places: fc.array(place, { minLength: 2, maxLength: 4 }), asked: fc.boolean() });
    fc.assert(fc.property(text, fc.array(event, { minLength: 1, maxLength: 10 }), (start, events) => {
      let doc = parseDocument('file:///apart/robots.txt', 1, start);
      doValidation(doc);
      // Every cache built for the first version, so that the later ones move it.
      for (const profile of PROFILES) explain(doc, { agent: 'GPTBot', path: '/a', profile });
      explainAiUse(doc, { agent: 'GPTBot', path: '/a', use: 'ai-train' });
      doHover(doc, { line: 0, character: 3 });
      for (const e of events) {
        const lines = documentText(doc).split('\n');
        // The places of an event, last first: each change's position reads the text before it.
        const places = e.places.slice().sort((a, b) => (b.line % lines.length) - (a.line % lines.length));
        const changes = places.map((p) => change(lines, p));
        doc = updateDocument(doc, changes, doc.version + 1);
        if (!e.asked) continue;
        const where = JSON.stringify(changes);
        const fresh = parseDocument('file:///fresh/robots.txt', 1, documentText(doc));
        for (const [agent, path] of QUERIES) {
          for (const profile of PROFILES) {
            const a = explain(doc, { agent, path, profile });
            const b = explain(fresh, { agent, path, profile });
            assert.deepEqual([a.allowed, a.decidedBy.map((d) => d.line)], [b.allowed, b.decidedBy.map((d) => d.line)], `${profile} ${agent} ${path} ${where}`);
          }
          const a = explainAiUse(doc, { agent, path, use: 'ai-train' });
          const b = withUri(explainAiUse(fresh, { agent, path, use: 'ai-train' }), 'file:///fresh/robots.txt', 'file:///apart/robots.txt');
          assert.deepEqual(a, b, `AI use ${agent} ${path} ${where}`);
        }
        for (const c of changes) {
          const at = { line: Math.min(c.range!.start.line, doc.lines.length - 1), character: 9 };
          assert.deepEqual(doHover(doc, at), withUri(doHover(fresh, at), 'file:///fresh/robots.txt', 'file:///apart/robots.txt'), `hover ${at.line} ${where}`);
        }
      }
      const fresh = parseDocument('file:///fresh/robots.txt', 1, documentText(doc));
      assert.deepEqual(doValidation(doc), withUri(doValidation(fresh), 'file:///fresh/robots.txt', 'file:///apart/robots.txt'));
    }), { numRuns: 120, seed: 29 });
  });
});
