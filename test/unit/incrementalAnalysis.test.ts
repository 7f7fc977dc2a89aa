/**
 * Incremental analysis equals a full analysis. After each edit of a random sequence (fast-check),
 * the findings of the document analysed version after version — the model carried over, line
 * findings patched, record findings and duplicate-rule indexes kept per group/record — are the
 * findings of the same text parsed and analysed from scratch. Re-analysing an older version, or
 * skipping versions (a burst of typing analysed once), gives the same answer too.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  collectFindings, doValidation, documentText, getModel, parseDocument, updateDocument, type RobotsDocument,
} from '../../server/src/service';
import { typingChange, typingEdits } from './helpers';
import { modelLineage, type RobotsModel } from '../../server/src/service/model/model';

/** A file with groups, repeated rules, ACAP definitions, records and sub-records, comments. */
const BASE = [
  '##ACAP version=1.0',
  'ACAP-resource-set: news /news/ /press/',
  'ACAP-qualified-usage: snip present-snippet max-length=20-words',
  '# conventional groups',
  'User-agent: Googlebot',
  'Disallow: /a',
  'Allow: /b',
  'Disallow: /a',
  'Allow: /c',
  'Disallow: /a',
  '',
  'User-agent: *',
  'Disallow: /private',
  'Allow: /b',
  'Allow: /b',
  'Crawl-delay: 5',
  '',
  'ACAP-crawler: *',
  'ACAP-allow-crawl: /news/',
  'ACAP-disallow-crawl: /news/',
  'ACAP-allow-(snip): the-acap:resource-set:news',
  'ACAP-usage-purpose: ai-training',
  'ACAP-disallow-index: /',
  'ACAP-disallow-index: /',
  '',
  'ACAP-crawler: GPTBot',
  'ACAP-allow-index: /x',
].join('\n');

/** What an edit may type: paths that repeat others, other fields, line breaks. */
const TYPED = ['a', 'b', '/a', '/b', 'x', '', '\n', 'Allow: /b\n', 'Disallow: /a', '#', ' ', 'User-agent: Bingbot\n', 'ACAP-allow-crawl: /news/', 'index', ':'];


const editArb = typingEdits(TYPED, 30);


/** A model's structure, without the document it was made for (versions differ in it only). */
function withoutDocument(model: RobotsModel): Omit<RobotsModel, 'document'> {
  return Object.fromEntries(Object.entries(model).filter(([k]) => k !== 'document')) as Omit<RobotsModel, 'document'>;
}

/** Findings of the same text analysed from scratch. */
function fresh(doc: RobotsDocument): ReturnType<typeof collectFindings> {
  return collectFindings(parseDocument('file:///fresh/robots.txt', doc.version, documentText(doc)));
}

suite('incremental analysis', () => {
  test('findings after each edit equal a full analysis of the same text', () => {
    fc.assert(
      fc.property(fc.array(editArb, { minLength: 1, maxLength: 25 }), (edits) => {
        let doc = parseDocument('file:///inc/robots.txt', 0, BASE);
        collectFindings(doc);
        edits.forEach((e, k) => {
          doc = updateDocument(doc, [typingChange(doc, e)], k + 1);
          assert.deepEqual(collectFindings(doc), fresh(doc), `after edit ${k + 1}: ${JSON.stringify(e)}`);
        });
      }),
      { numRuns: 150, seed: 13 },
    );
  });

  test('bursts analysed once, several changes per event, and old versions re-analysed', () => {
    fc.assert(
      fc.property(fc.array(fc.array(editArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 12 }), fc.nat({ max: 2 }), (events, skip) => {
        let doc = parseDocument('file:///inc/robots.txt', 0, BASE);
        collectFindings(doc);
        const versions: RobotsDocument[] = [];
        events.forEach((changes, k) => {
          // Each change of an event applies to the text the previous one left.
          let scratch = doc;
          const resolved = changes.map((e) => {
            const c = typingChange(scratch, e);
            scratch = updateDocument(scratch, [c], -1);
            return c;
          });
          doc = updateDocument(doc, resolved, k + 1);
          versions.push(doc);
          // Analyse only every (skip+1)-th version, as a server does after a burst.
          if (k % (skip + 1) === 0) assert.deepEqual(collectFindings(doc), fresh(doc), `event ${k + 1}`);
        });
        assert.deepEqual(collectFindings(doc), fresh(doc));
        for (const v of versions) assert.deepEqual(collectFindings(v), fresh(v), `re-analysed version ${v.version}`);
      }),
      { numRuns: 100, seed: 10 },
    );
  });

  test('typing in a path keeps the model: untouched groups are the same objects, the edited one a copy', () => {
    const doc = parseDocument('file:///inc/robots.txt', 0, BASE);
    const before = getModel(doc);
    doValidation(doc);
    const line = BASE.split('\n').indexOf('Allow: /c');
    const next = updateDocument(doc, [{ range: { start: { line, character: 9 }, end: { line, character: 9 } }, text: 'x' }], 1);
    const after = getModel(next);
    assert.ok(modelLineage(after), 'carried over, not rebuilt');
    assert.equal(after.groups[1], before.groups[1], 'the group of User-agent: * is untouched');
    assert.notEqual(after.groups[0], before.groups[0], 'the edited group is a new object');
    assert.deepEqual(after.groups[0], before.groups[0]);
    collectFindings(next);
    assert.equal(modelLineage(after), undefined, 'the previous version is let go once analysed');
    assert.equal(next.edit, undefined);
  });

  test('regression: an emptied Allow, then a line added above it, is no duplicate of the next rule', () => {
    // The hash of an empty pattern once left the int32 range, so the index lost track of it.
    let doc = parseDocument('file:///inc/robots.txt', 0, BASE);
    collectFindings(doc);
    const line = BASE.split('\n').indexOf('Allow: /b', 12);
    for (const [ch, text] of [[5, '#'], [0, '\n']] as const) {
      doc = updateDocument(doc, [{ range: { start: { line, character: ch }, end: { line, character: ch } }, text }], doc.version + 1);
      assert.deepEqual(collectFindings(doc), fresh(doc));
    }
    assert.ok(!collectFindings(doc).some((f) => f.code === 'rep.duplicate-rule' && f.line === line + 1));
  });

  test('typing 1,500 new patterns into one group: past the id map\'s bound the index is built again, and the findings still equal a full analysis', () => {
    // Every keystroke interns a pattern the group never had; past 2 × rules + 1,024 of them the
    // duplicate index is made anew instead of patched (its memory stays linear in the group).
    let doc = parseDocument('file:///inc/robots.txt', 0, BASE);
    collectFindings(doc);
    const line = BASE.split('\n').indexOf('Allow: /c');
    for (let k = 0; k < 1500; k++) {
      const end = doc.lines[line].text.length;
      // A letter typed at the end; every 50th edit the path becomes `/b` (a repeated rule), and
      // the next edit starts a block of its own (`/b7-…`), so no pattern comes back.
      const block = Math.floor(k / 50);
      const replace = k % 50 === 49 ? 'b' : k % 50 === 0 && k > 0 ? `${block}-` : undefined;
      const change = replace === undefined
        ? { range: { start: { line, character: end }, end: { line, character: end } }, text: String.fromCharCode(0x61 + (k % 26)) }
        : { range: { start: { line, character: replace === 'b' ? 8 : end }, end: { line, character: end } }, text: replace };
      doc = updateDocument(doc, [change], k + 1);
      const found = collectFindings(doc);
      if (k % 50 === 49) {
        assert.deepEqual(found, fresh(doc), `after edit ${k + 1}`);
        assert.ok(found.some((f) => f.code === 'rep.duplicate-rule' && f.line === line), `line ${line} repeats Allow: /b after edit ${k + 1}`);
      }
    }
    assert.deepEqual(collectFindings(doc), fresh(doc));
  });

  test('lines added or removed: the model made from the previous version equals the model built from the text', () => {
    // Without the ACAP records, and with Sitemap lines and comments between groups: edits among
    // the groups move the later lines (shiftOver); elsewhere the model is built again.
    const conventional = [...BASE.split('\n').slice(3, 17), 'Sitemap: https://example.com/s.xml', '##ACAP version=1.0', '# end', 'User-agent: a', '', 'User-agent: b', 'Allow: /'].join('\n');
    // Groups of several User-agent lines with blank lines and comments among them, before their first rule.
    const agents = ['User-agent: a', '', '# c', 'User-agent: b', '', 'Disallow: /x', '', 'User-agent: c', '', 'User-agent: d'].join('\n');
    for (const base of [BASE, conventional, agents]) {
      fc.assert(
        fc.property(fc.array(editArb, { minLength: 1, maxLength: 25 }), (edits) => {
          let doc = parseDocument('file:///inc/robots.txt', 0, base);
          getModel(doc);
          edits.forEach((e, k) => {
            doc = updateDocument(doc, [typingChange(doc, e)], k + 1);
            assert.deepEqual(withoutDocument(getModel(doc)), withoutDocument(getModel(parseDocument('file:///fresh/robots.txt', k + 1, documentText(doc)))), `after edit ${k + 1}: ${JSON.stringify(e)}`);
          });
        }),
        { numRuns: 300, seed: 21 },
      );
    }
  });

  test('a rule line added or removed in a group moves the model: the groups before it keep their lines, later ones move', () => {
    const doc = parseDocument('file:///inc/robots.txt', 0, BASE);
    const before = getModel(doc);
    // A rule added to the * group (line 12), then removed again.
    const added = updateDocument(doc, [{ range: { start: { line: 13, character: 0 }, end: { line: 13, character: 0 } }, text: 'Disallow: /new\n' }], 1);
    const after = getModel(added);
    assert.equal(modelLineage(after)?.rebuilt, true, 'groups are new objects, as after a rebuild');
    assert.equal(after.groups[0].members, before.groups[0].members, 'the Googlebot group before the edit shares its lines');
    assert.deepEqual(after.groups[1].members, [12, 13, 14, 15, 16]);
    assert.deepEqual(after.records.map((r) => r.startLine), before.records.map((r) => r.startLine + 1));
    const removed = updateDocument(added, [{ range: { start: { line: 13, character: 0 }, end: { line: 14, character: 0 } }, text: '' }], 2);
    assert.deepEqual(withoutDocument(getModel(removed)), withoutDocument(before));

    // A rule written between two User-agent lines of a group with no rule yet: the second line
    // now opens a group of its own (RFC 9309 §2.1), which only reading the lines again finds.
    const agents = parseDocument('file:///inc/robots.txt', 0, 'User-agent: a\n\nUser-agent: b\nDisallow: /x\n');
    assert.deepEqual(getModel(agents).groups.map((g) => g.agents), [[0, 2]]);
    const split = updateDocument(agents, [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: 'Allow: /b\n' }], 1);
    assert.deepEqual(getModel(split).groups.map((g) => [g.agents, g.members]), [[[0], [1]], [[3], [4]]]);
  });

  test('Robot-version and Visit-time lines added or removed among rules: the fields a group holds once move with it', () => {
    // Their checks read only these lines of a group (Group.onceFields), so a moved model must list them as a fresh one does.
    let doc = parseDocument('file:///inc/robots.txt', 0, 'User-agent: a\nDisallow: /a\nDisallow: /b\nVisit-time: 0100-0200\n\nUser-agent: b\nVisit-time: 0300-0400\nDisallow: /c\n');
    collectFindings(doc);
    const steps: [number, number, string, string][] = [
      [2, 2, 'Robot-version: 2.0.0\n', 'a Robot-version added after a rule'],
      [3, 3, 'Visit-time: 0500-0600\n', 'a second Visit-time added'],
      [1, 1, 'Allow: /x\n', 'a rule added above them'],
      [3, 4, '', 'the Robot-version removed'],
      [9, 9, 'Robot-version: 2.0.0\n', 'a Robot-version added in the later group'],
    ];
    steps.forEach(([line, end, text, what], k) => {
      doc = updateDocument(doc, [{ range: { start: { line, character: 0 }, end: { line: end, character: 0 } }, text }], k + 1);
      assert.equal(modelLineage(getModel(doc))?.rebuilt, true, `${what}: the model moved, not carried over`);
      const f = parseDocument('file:///fresh/robots.txt', k + 1, documentText(doc));
      assert.deepEqual(getModel(doc).groups.map((g) => g.onceFields), getModel(f).groups.map((g) => g.onceFields), what);
      assert.deepEqual(collectFindings(doc), fresh(doc), what);
    });
    const codes = collectFindings(doc).map((x) => `${x.line}:${x.code}`);
    assert.ok(codes.includes('9:rep.robot-version-misplaced'), codes.join(' '));
    assert.ok(codes.includes('5:rep.duplicate-field'), codes.join(' '));
  });

  test('adding a line rebuilds the model; the findings still equal a full analysis', () => {
    const doc = parseDocument('file:///inc/robots.txt', 0, BASE);
    collectFindings(doc);
    const next = updateDocument(doc, [{ range: { start: { line: 6, character: 0 }, end: { line: 6, character: 0 } }, text: 'Disallow: /a\n' }], 1);
    assert.equal(modelLineage(getModel(next))?.rebuilt, true, 'built again, following the analysed version');
    const found = collectFindings(next);
    assert.deepEqual(found, fresh(next));
    assert.equal(found.filter((f) => f.code === 'rep.duplicate-rule').length, 4);
  });

  test('a rule repeats another of its kind and pattern however either is written; Allow and Disallow of one pattern never do', () => {
    // The duplicate index keys a rule written `Allow: ` + pattern by its line, any other by that
    // form made from its pattern: the keys of the two spellings must meet, and the kinds not.
    const spellings = (kind: 'Allow' | 'Disallow', pattern: string): string[] => [
      `${kind}: ${pattern}`, `${kind.toLowerCase()}:${pattern}`, `${kind} :  ${pattern}  `, `${kind}: ${pattern} # note`, `\t${kind}: ${pattern}`, `${kind.toUpperCase()}: ${pattern}`,
    ];
    fc.assert(
      fc.property(
        fc.array(fc.record({ allow: fc.boolean(), pattern: fc.constantFrom('', '/', '/a', '/a ', 'Disallow: /a', '/Allow: /a', '/ab'), spelling: fc.nat(5) }), { minLength: 1, maxLength: 12 }),
        (rules) => {
          const lines = rules.map((r) => spellings(r.allow ? 'Allow' : 'Disallow', r.pattern)[r.spelling]);
          const doc = parseDocument('file:///dup/robots.txt', 0, ['User-agent: *', ...lines].join('\n'));
          const repeated = collectFindings(doc).filter((f) => f.code === 'rep.duplicate-rule').map((f) => f.line);
          // What the rule says once read: its kind and its pattern, trimmed as the parser trims values.
          const said = lines.map((l, k) => `${rules[k].allow} ${l.replace(/#.*/, '').replace(/^[^:]*:/, '').trim()}`);
          const expected = said.flatMap((x, k) => (said.indexOf(x) < k ? [k + 1] : []));
          assert.deepEqual(repeated, expected, lines.join(' | '));
        },
      ),
      { numRuns: 300 },
    );
  });
});
