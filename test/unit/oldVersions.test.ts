/**
 * An edited document's earlier versions are not kept alive by the caches carried across edits.
 * A cache kept per group outlives the version it last answered whenever its group is carried over
 * untouched, and three of them held that version, with every analysis of it: each group's
 * duplicate-rule index (a generated 1 MB file of 2,000 groups, typed in and hovered 300 times,
 * kept 50 versions and 53 MB more heap), each group's rule index (the engine's), and each group's
 * list of Content-Usage and Content-Signal lines (AI use). They now name the version by its serial
 * number. What is kept per URI (one version each, to move a cache to the next) is bounded apart.
 *
 * Versions are watched through WeakRefs, counted after collections in later tasks
 * (kit/collect.ts).
 */
import * as assert from 'node:assert/strict';
import { doComplete, doHover, doValidation, explain, explainAiUse, getCodeActions, getSemanticTokens, parseDocument, updateDocument, type RobotsDocument } from '../../server/src/service';
import { aliveAfterCollections, heapAfterCollectionsMiB } from './kit/collect';
import { MemoryWorkspace } from './memoryWorkspace';
import { indexAdds } from './helpers';

/** The crawler of group `g`: a product token of letters (RFC 9309 §2.2.1), `botaa`, `botba`... */
const crawler = (g: number): string => `bot${String.fromCharCode(97 + (g % 26), 97 + Math.floor(g / 26))}`;

/** Lines a group takes: its User-agent line, ten rules, and a Content-Usage line. */
const STRIDE = 12;

/** `groups` groups, one crawler each; group `g` starts at line g × STRIDE, its rules next. */
function manyGroups(groups: number): string {
  const out: string[] = [];
  for (let g = 0; g < groups; g++) {
    out.push(`User-agent: ${crawler(g)}`);
    // The tenth rule repeats the first, so that each group's duplicate-rule index has a finding.
    for (let r = 0; r < 10; r++) out.push(`Disallow: /g${g}/${r % 9}/`);
    out.push(`Content-Usage: train-ai=${g % 2 ? 'y' : 'n'}`);
  }
  return out.join('\n') + '\n';
}

/** A character typed in the path of the fifth rule of group `g` (not one repeated). */
function typeIn(doc: RobotsDocument, g: number): RobotsDocument {
  const at = { line: g * STRIDE + 5, character: 12 };
  return updateDocument(doc, [{ range: { start: at, end: at }, text: 'x' }], doc.version + 1);
}

/**
 * Earlier versions a document may keep alive: the caches that move their answer to the next
 * version keep, per URI, the version they last answered (one each, and only some are asked).
 */
const PER_URI = 3;

suite('earlier versions of an edited document are let go', () => {
  test('typing in 90 groups one after another, each version validated: no group\'s duplicate-rule index keeps the version it was edited in', async () => {
    let doc = parseDocument('file:///site/robots.txt', 1, manyGroups(200));
    doValidation(doc);
    const versions: WeakRef<RobotsDocument>[] = [];
    for (let g = 0; g < 90; g++) {
      doc = typeIn(doc, g);
      // The rule the group repeats (its tenth) is still found, through the index carried across the
      // versions (the first 100 repeated rules are listed: the hint cap).
      const repeated = doValidation(doc).filter((d) => d.code === 'rep.duplicate-rule').map((d) => d.range.start.line);
      assert.ok(repeated.includes(10) && repeated.includes(g * STRIDE + 10), `repeated rules on lines ${repeated.slice(0, 5).join(', ')}…`);
      versions.push(new WeakRef(doc));
    }
    // The latest version is `doc`; every earlier one may go.
    const kept = await aliveAfterCollections(versions.slice(0, -1), PER_URI);
    assert.ok(kept <= PER_URI, `${kept} of 89 earlier versions kept alive`);
    assert.equal(doc.version, 91);
  });

  test('a crawler asked about at each version while another group is typed in: no rule index keeps the version it was asked in', async () => {
    let doc = parseDocument('file:///site/robots.txt', 1, manyGroups(200));
    doValidation(doc);
    const versions: WeakRef<RobotsDocument>[] = [];
    for (let k = 0; k < 60; k++) {
      // Group k's rules are indexed at this version, then the file is typed in elsewhere (group 150).
      const answer = explain(doc, { agent: crawler(k), path: `/g${k}/1/` });
      assert.equal(answer.allowed, false);
      assert.equal(answer.decidedBy[0]?.line, k * STRIDE + 3); // 1-based
      versions.push(new WeakRef(doc));
      doc = typeIn(doc, 150);
      doValidation(doc);
    }
    const kept = await aliveAfterCollections(versions, PER_URI);
    assert.ok(kept <= PER_URI, `${kept} of 60 earlier versions kept alive`);
  });

  test('AI use asked for one crawler after another while another group is typed in: no group\'s list of preference lines keeps the version it was asked in', async () => {
    let doc = parseDocument('file:///site/robots.txt', 1, manyGroups(200));
    const versions: WeakRef<RobotsDocument>[] = [];
    for (let k = 0; k < 60; k++) {
      const answer = explainAiUse(doc, { agent: crawler(k), path: '/open/', use: 'ai-train' });
      // Group k's own Content-Usage line answers (train-ai=n in even groups, y in odd ones).
      assert.equal(answer.verdict, k % 2 ? 'allowed' : 'prohibited', `${crawler(k)}: ${answer.verdict}`);
      versions.push(new WeakRef(doc));
      doc = typeIn(doc, 150);
    }
    const kept = await aliveAfterCollections(versions, PER_URI);
    assert.ok(kept <= PER_URI, `${kept} of 60 earlier versions kept alive`);
  });

  test('every kind of request at random places while lines are typed, added and removed: at most a few versions kept, one per cache that moves its answer to the next', async () => {
    let doc = parseDocument('file:///site/robots.txt', 1, manyGroups(200) + 'ACAP-crawler: *\nACAP-disallow-crawl: /private/\n');
    let seed = 3;
    const random = (n: number): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) % n;
    const versions: WeakRef<RobotsDocument>[] = [];
    for (let k = 0; k < 300; k++) {
      const line = random(200 * STRIDE);
      const change = [
        { range: { start: { line, character: 0 }, end: { line, character: 0 } }, text: 'Disallow: /new/\n' },
        { range: { start: { line, character: 0 }, end: { line: line + 1, character: 0 } }, text: '' },
        { range: { start: { line, character: 3 }, end: { line, character: 3 } }, text: 'x' },
      ][random(3)];
      doc = updateDocument(doc, [change], doc.version + 1);
      versions.push(new WeakRef(doc));
      const diagnostics = doValidation(doc);
      const at = { line: random(200 * STRIDE), character: 12 };
      [
        () => doHover(doc, at),
        () => explain(doc, { agent: crawler(random(200)), path: `/g${random(200)}/1/` }),
        () => explainAiUse(doc, { agent: crawler(random(200)), path: '/g3/1/', use: 'ai-train' }),
        () => getCodeActions(doc, { start: at, end: at }, diagnostics),
        () => getSemanticTokens(doc),
        () => doComplete(doc, at),
      ][random(6)]();
    }
    const kept = await aliveAfterCollections(versions.slice(0, -1), 2 * PER_URI);
    assert.ok(kept <= 2 * PER_URI, `${kept} of 299 earlier versions kept alive`);
  });
});

suite('a file read through ACAP-permissions-reference keeps nothing per query', () => {
  /** A referring robots.txt, and the file it sends `bot` to: `fields` rules, one per path. */
  function site(fields: number): { main: RobotsDocument; workspace: MemoryWorkspace } {
    // The last field names a resource set that only the referring file may define (Part 1 §2.7).
    const target = ['ACAP-crawler: bot', ...Array.from({ length: fields }, (_, k) => `ACAP-disallow-crawl: /p${k}/`), 'ACAP-disallow-crawl: the-acap:resource-set:s'].join('\n') + '\n';
    const main = parseDocument('file:///site/robots.txt', 1, 'ACAP-crawler: bot\nACAP-permissions-reference: /bot.txt\nACAP-crawler: *\nACAP-allow-crawl: /\n# end\n');
    return { main, workspace: new MemoryWorkspace({ 'file:///site/bot.txt': target }) };
  }

  test('the same question asked 400 times of one version: the referenced records are compiled once, not once per query', () => {
    const { main, workspace } = site(2_000);
    const ask = (): boolean => explain(main, { agent: 'bot', path: '/p1999/x' }, { workspace }).allowed;
    assert.equal(ask(), false);
    const before = heapAfterCollectionsMiB();
    for (let k = 0; k < 400; k++) assert.equal(ask(), false);
    const grown = heapAfterCollectionsMiB() - before;
    // Compiled again for each query, the 2,000 fields kept about 0.5 MiB a query (200 MiB here).
    assert.ok(grown < 16, `the heap grew by ${grown.toFixed(1)} MiB over 400 queries`);
  });

  test('the referring file typed in where its definitions are not: the referenced records are not compiled and indexed again', () => {
    const { main, workspace } = site(2_000);
    const ask = (d: RobotsDocument): boolean => explain(d, { agent: 'bot', path: '/p1999/x' }, { workspace }).allowed;
    let doc = main;
    assert.equal(ask(doc), false);
    for (let k = 0; k < 5; k++) {
      doc = updateDocument(doc, [{ range: { start: { line: 4, character: 5 }, end: { line: 4, character: 5 } }, text: 'x' }], doc.version + 1);
      let allowed = true;
      // Compiled again for each version of the referring file, the 2,000 patterns were indexed again.
      const adds = indexAdds(() => { allowed = ask(doc); });
      assert.equal(allowed, false);
      assert.equal(adds, 0, `keystroke ${k + 1}: ${adds} index entries filed`);
    }
    // A definition typed in the referring file: the records are compiled in its new scope, where
    // the referenced file's last field prohibits /q/.
    const q = (d: RobotsDocument): boolean => explain(d, { agent: 'bot', path: '/q/x' }, { workspace }).allowed;
    assert.equal(q(doc), true);
    doc = updateDocument(doc, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: 'ACAP-resource-set: s /q/\n' }], doc.version + 1);
    assert.equal(q(doc), false);
  });

  test('the referring file typed in and asked after each keystroke: its earlier versions are let go', async () => {
    const { main, workspace } = site(50);
    let doc = main;
    const versions: WeakRef<RobotsDocument>[] = [];
    for (let k = 0; k < 60; k++) {
      // A comment typed: the referring file's model is carried over (a new object), its definitions the same.
      doc = updateDocument(doc, [{ range: { start: { line: 4, character: 5 }, end: { line: 4, character: 5 } }, text: 'x' }], doc.version + 1);
      assert.equal(explain(doc, { agent: 'bot', path: `/p${k % 50}/` }, { workspace }).allowed, false);
      versions.push(new WeakRef(doc));
    }
    const kept = await aliveAfterCollections(versions.slice(0, -1), PER_URI);
    assert.ok(kept <= PER_URI, `${kept} of 59 earlier versions kept alive`);
  });
});
