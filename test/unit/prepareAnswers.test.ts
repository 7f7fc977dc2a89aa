/**
 * Issue 13: what a path's table asks of the engine is built once a document has been quiet
 * (prepareAnswersSteps), so the first hover finds it built. In process: after the steps, a
 * hover's table adds nothing to any pattern index, and answers exactly what it answers without
 * them. Through the built server: a hover after the quiet moment, and one sent while an edit
 * stops the preparation, answer what the service answers for that text, and nothing is logged
 * as failed. No timing is asserted.
 */
import * as assert from 'node:assert/strict';
import { doHoverSteps, finish, parseDocument, prepareAnswersSteps, updateDocument, type RobotsDocument } from '../../server/src/service';
import { indexAdds } from './helpers';
import { startServer } from '../bench/lspClient';

const hoverText = (doc: RobotsDocument, line: number, character: number): string => {
  const h = finish(doHoverSteps(doc, { line, character }));
  return (h?.contents as { value: string } | undefined)?.value ?? '';
};

const CONVENTIONAL = [
  'User-agent: Googlebot', 'Disallow: /private/', 'Allow: /private/open$', '',
  'User-agent: GPTBot', 'Disallow: /', '',
  'User-agent: *', 'Disallow: /*.pdf$', 'Allow: /shop/', 'Disallow: /shop/cart',
  ...Array.from({ length: 300 }, (_, i) => `Disallow: /archive/${i}/`), '',
].join('\n');

const ACAP = [
  'User-agent: *', 'Disallow: /tmp/', '',
  '##ACAP version=1.0',
  'ACAP-crawler: *', 'ACAP-disallow-crawl: /members/', 'ACAP-allow-index: /news/ time-limit=7-days', 'ACAP-disallow-present-snippet: /news/',
  'ACAP-crawler: ExampleBot', 'ACAP-allow-crawl: /members/', '',
  'Content-Usage: train-ai=n /news/', '',
].join('\n');

suite('answers prepared before the first hover (issue 13)', () => {
  for (const [name, text, line, character] of [
    ['a conventional file with named groups', CONVENTIONAL, 9, 10],
    ['a file with ACAP records and Content-Usage', ACAP, 6, 20],
  ] as const) {
    test(`${name}: after the steps a hover builds no index, and answers as without them`, () => {
      const cold = parseDocument(`file:///cold/${name.length}/robots.txt`, 1, text);
      let expected = '';
      const coldAdds = indexAdds(() => { expected = hoverText(cold, line, character); });
      // The spy sees what a first hover builds: without preparation, it builds indexes.
      assert.ok(coldAdds > 0, 'a first hover without preparation added no index entry: the spy is blind');

      const warm = parseDocument(`file:///warm/${name.length}/robots.txt`, 1, text);
      const steps = [...prepareAnswersSteps(warm)].length;
      assert.ok(steps > 3, `only ${steps} steps`);
      let answer = '';
      const warmAdds = indexAdds(() => { answer = hoverText(warm, line, character); });
      assert.equal(warmAdds, 0, 'the hover after preparation still built index entries');
      assert.equal(answer.replaceAll(warm.uri, 'URI'), expected.replaceAll(cold.uri, 'URI'));
      assert.match(answer, /Who may use/);
    });
  }

  test('a group of 10,000 rules is indexed 4,096 at most a step, in every reading, and answers as when built at once', () => {
    const text = ['User-agent: Googlebot', 'Disallow: /g/', '', 'User-agent: *', ...Array.from({ length: 10_000 }, (_, i) => `${i % 3 ? 'Allow' : 'Disallow'}: /d${i}/p${i % 7}.html`), ''].join('\n');
    const cold = parseDocument('file:///chunks/cold/robots.txt', 1, text);
    const expected = hoverText(cold, 500, 14);
    const warm = parseDocument('file:///chunks/warm/robots.txt', 1, text);
    const steps = prepareAnswersSteps(warm);
    const perStep: number[] = [];
    for (let done = false; !done;) perStep.push(indexAdds(() => { done = steps.next().done === true; }));
    // Every step but one adds nothing or a chunk (the one-piece build added 10,000 in one step).
    assert.ok(Math.max(...perStep) <= 4096, `a step added ${Math.max(...perStep)} index entries`);
    assert.ok(perStep.filter((n) => n > 0).length >= 6, `the rules were indexed in ${perStep.filter((n) => n > 0).length} steps`);
    let answer = '';
    assert.equal(indexAdds(() => { answer = hoverText(warm, 500, 14); }), 0);
    assert.equal(answer.replaceAll(warm.uri, 'URI'), expected.replaceAll(cold.uri, 'URI'));
    assert.match(answer, /\/d496\/p6\.html/);
  });

  test('an edited version is prepared from the last one: patched, not rebuilt', () => {
    const doc = parseDocument('file:///patched/robots.txt', 1, CONVENTIONAL);
    finish(prepareAnswersSteps(doc));
    // `Disallow: /archive/9/` becomes `Disallow: /archive/9x/` (a keystroke; a line added or
    // removed renumbers the groups' lines, and their indexes are built again).
    const edited = updateDocument(doc, [{ range: { start: { line: 20, character: 20 }, end: { line: 20, character: 20 } }, text: 'x' }], 2);
    assert.equal(edited.lines[20].text, 'Disallow: /archive/9x/');
    const adds = indexAdds(() => finish(prepareAnswersSteps(edited)));
    // The edited rule is filed again in the readings that file it: not 300 rules again.
    assert.ok(adds > 0 && adds < 10, `${adds} index entries added for a one-character edit`);
    const fresh = parseDocument('file:///patched/robots.txt', 2, edited.lines.map((l) => l.text + l.eol).join(''));
    assert.equal(hoverText(edited, 20, 14), hoverText(fresh, 20, 14));
    assert.match(hoverText(edited, 20, 14), /archive\/9x\//);
  });
});

suite('answers prepared by the server once a document is quiet (issue 13)', () => {
  test('hovers after the quiet moment, and during an edit that stops the preparation, answer what the service answers', async function () {
    this.timeout(60_000);
    const s = await startServer();
    const logged: string[] = [];
    s.conn.onNotification('window/logMessage', (p: { message: string }) => { logged.push(p.message); });
    try {
      const uri = 'file:///site/robots.txt';
      const big = CONVENTIONAL + Array.from({ length: 20_000 }, (_, i) => `Allow: /item/${i}/page.html`).join('\n') + '\n';
      await s.notify('textDocument/didOpen', { textDocument: { uri, languageId: 'robots-txt', version: 1, text: big } });
      const hover = async (line: number): Promise<string> => {
        const r = await s.request<{ contents: { value: string } } | null>('textDocument/hover', { textDocument: { uri }, position: { line, character: 12 } }, 30_000);
        assert.equal(r.error, undefined, JSON.stringify(r.error));
        return r.result?.contents.value ?? '';
      };
      await s.request('textDocument/diagnostic', { textDocument: { uri } }, 30_000);
      // Past the quiet moment (400 ms): the preparation has started or is done.
      await new Promise((resolve) => setTimeout(resolve, 600));
      const doc1 = parseDocument(uri, 1, big);
      assert.equal(await hover(400), hoverText(doc1, 400, 12));

      // An edit stops a preparation under way (the next one starts from the new text).
      const edited = big.replace('Disallow: /shop/cart', 'Allow: /shop/cart');
      await s.request('textDocument/diagnostic', { textDocument: { uri } }, 30_000);
      await new Promise((resolve) => setTimeout(resolve, 420));
      await s.notify('textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: edited }] });
      const doc2 = parseDocument(uri, 2, edited);
      assert.equal(await hover(10), hoverText(doc2, 10, 12));
      assert.equal(await hover(400), hoverText(doc2, 400, 12));
      await s.notify('textDocument/didClose', { textDocument: { uri } });
      await new Promise((resolve) => setTimeout(resolve, 500));
      assert.equal(s.exited(), false);
      assert.deepEqual(logged.filter((m) => /fail/i.test(m)), []);
      assert.deepEqual(s.errors.filter((e) => /error|fail/i.test(e)), []);
    } finally {
      await s.close();
    }
  });
});
