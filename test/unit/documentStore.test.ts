/**
 * The server's store of open documents applies every LSP content change as the client does, in
 * each of its paths: robots.txt parsed incrementally, and the documents it keeps as text (HTML
 * pages, TDMRep and XML files, a robots.txt past the size limit), whose edits
 * vscode-languageserver-textdocument applies. That library's update assumes ranges within the
 * document: given a range past the end it left holes in its line table and then lost the whole
 * text (a hunt through the server found it on a robots.txt over the limit). Each change's range
 * is made well-formed first; this compares the stored text after random edits, ranges past the
 * end, CR, LF and CRLF included, with the text the edits make (fast-check).
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { DocumentStore, MAX_DOCUMENT_CHARS } from '../../server/src/lsp/documentStore';
import { documentText, MAX_DOCUMENT_LINES } from '../../server/src/service';

interface Pos { line: number; character: number }

/** The reference: a position past its line's end is the line's end, past the last line the text's end; breaks are CR, LF, CRLF. */
function offsetOf(text: string, p: Pos): number {
  const starts = [0];
  const ends: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== '\r' && c !== '\n') continue;
    ends.push(i);
    if (c === '\r' && text[i + 1] === '\n') i++;
    starts.push(i + 1);
  }
  ends.push(text.length);
  if (p.line >= starts.length) return text.length;
  return Math.min(starts[p.line] + p.character, ends[p.line]);
}

function apply(text: string, c: { range: { start: Pos; end: Pos }; text: string }): string {
  const a = offsetOf(text, c.range.start);
  const b = Math.max(a, offsetOf(text, c.range.end));
  return text.slice(0, a) + c.text + text.slice(b);
}

const changeArb = fc.record({
  range: fc.record({ start: fc.record({ line: fc.nat(8), character: fc.nat(6) }), end: fc.record({ line: fc.nat(8), character: fc.nat(6) }) }),
  text: fc.constantFrom('', 'x', '\r', '\n', '\r\n', 'ab\ncd', '<p>', '\r\r'),
}).map((c) => (c.range.end.line < c.range.start.line || (c.range.end.line === c.range.start.line && c.range.end.character < c.range.start.character) ? { ...c, range: { start: c.range.end, end: c.range.start } } : c));

suite('open documents: every kind of document follows its edits', () => {
  for (const [kind, uri, languageId, start] of [
    ['an HTML page', 'file:///site/index.html', 'html', '<p>a</p>\r\nb\r'],
    ['a TDMRep file', 'file:///site/.well-known/tdmrep.json', 'json', '[]\n'],
    ['a robots.txt', 'file:///site/robots.txt', 'robots-txt', 'User-agent: *\nDisallow: /a\r'],
  ] as const) {
    test(`${kind}: the text after random edits, ranges past the end included, is the client's`, () => {
      fc.assert(
        fc.property(fc.array(fc.array(changeArb, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 6 }), (events) => {
          const store = new DocumentStore();
          store.open(uri, 1, start, languageId);
          let want: string = start;
          let version = 1;
          for (const changes of events) {
            store.change(uri, ++version, changes);
            for (const c of changes) want = apply(want, c);
            const robots = store.get(uri);
            const got = robots ? documentText(robots) : (store.side(uri)?.text ?? store.page(uri)?.text);
            assert.equal(got, want, JSON.stringify(events));
          }
        }),
        { numRuns: 400, seed: 5 },
      );
    });
  }

  test('a robots.txt past the size limit, edited past its end and then cut under the limit, is parsed as the client has it', () => {
    const store = new DocumentStore();
    const uri = 'file:///site/robots.txt';
    const big = `User-agent: *\n${'Disallow: /private/path/number/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n'.repeat(75_000)}\r`;
    assert.ok(big.length > MAX_DOCUMENT_CHARS);
    store.open(uri, 1, big, 'robots-txt');
    assert.deepEqual(store.degraded(uri), { characters: big.length, lines: 75_003 });
    const lines = 75_003;
    const past = { start: { line: lines + 1, character: 1 }, end: { line: lines + 2, character: 1 } };
    store.change(uri, 2, [{ range: past, text: '\r' }, { range: past, text: '' }]);
    store.change(uri, 3, [{ range: { start: { line: 2, character: 0 }, end: { line: lines, character: 0 } }, text: '' }]);
    const doc = store.get(uri);
    assert.ok(doc, 'parsed again under the limit');
    assert.equal(documentText(doc), 'User-agent: *\nDisallow: /private/path/number/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n');
  });

  test('a robots.txt of more lines than the limit, short as it is, is not parsed; one over it after an edit is kept as text, and one brought under it parsed again', () => {
    // Every line is a node and an analysis of its own, whatever its length: 5 MiB of line ends
    // (5.2 million lines) took 2.2 s to open and 571 MiB of heap.
    assert.equal(MAX_DOCUMENT_LINES, 262_144);
    const store = new DocumentStore();
    const uri = 'file:///site/robots.txt';
    const over = `User-agent: *\r\n${'\n'.repeat(MAX_DOCUMENT_LINES - 3)}\r#\r\n`;
    assert.ok(over.length < MAX_DOCUMENT_CHARS);
    store.open(uri, 1, over, 'robots-txt');
    assert.equal(store.get(uri), undefined, 'not parsed');
    assert.deepEqual(store.degraded(uri), { characters: over.length, lines: MAX_DOCUMENT_LINES + 1 });
    // One line fewer (the CR-only line removed): at the limit, parsed.
    store.change(uri, 2, [{ range: { start: { line: MAX_DOCUMENT_LINES - 2, character: 0 }, end: { line: MAX_DOCUMENT_LINES - 1, character: 0 } }, text: '' }]);
    const doc = store.get(uri);
    assert.ok(doc, 'parsed at the limit');
    assert.equal(store.degraded(uri), undefined);
    assert.equal(doc.lines.length, MAX_DOCUMENT_LINES);
    // A line added to the parsed document takes it past the limit again: kept as text, not parsed.
    store.change(uri, 3, [{ range: { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } }, text: 'Disallow: /a\n' }]);
    assert.equal(store.get(uri), undefined);
    assert.deepEqual(store.degraded(uri), { characters: over.length - 1 + 13, lines: MAX_DOCUMENT_LINES + 1 });
  });

  test('a robots.txt opened past the line limit and edited before anything read it is kept as text, with the edit', () => {
    // Its lines are counted by the parse that the edit runs first: it proves to be over the limit
    // there, and the edit then applies to the text.
    const store = new DocumentStore();
    const uri = 'file:///site/robots.txt';
    const over = `User-agent: *${'\n'.repeat(MAX_DOCUMENT_LINES)}`;
    store.open(uri, 1, over, 'robots-txt');
    const revision = store.revision(uri);
    store.change(uri, 2, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: '# x\n' }]);
    assert.notEqual(store.revision(uri), revision);
    assert.equal(store.get(uri), undefined, 'not parsed');
    assert.deepEqual(store.degraded(uri), { characters: over.length + 4, lines: MAX_DOCUMENT_LINES + 2 });
    assert.equal(store.version(uri), 2);
    // Asked first whether it is degraded, a document opened past the limit says so, and keeps its revision.
    store.open(uri, 3, over, 'robots-txt');
    const opened = store.revision(uri);
    assert.deepEqual(store.degraded(uri), { characters: over.length, lines: MAX_DOCUMENT_LINES + 1 });
    assert.equal(store.revision(uri), opened);
    assert.equal(store.get(uri), undefined);
  });

  test('the open robots.txt files listed for the workspace are those it can read, whichever request comes first', () => {
    // Listed before anything read it, one past the line limit would give a page a site with no
    // robots.txt read; asked of the store afterwards, none.
    const store = new DocumentStore();
    const over = 'file:///over/robots.txt';
    const under = 'file:///under/robots.txt';
    store.open(over, 1, `User-agent: *${'\n'.repeat(MAX_DOCUMENT_LINES)}`, 'robots-txt');
    store.open(under, 1, 'User-agent: *\nDisallow: /a\n', 'robots-txt');
    store.open('file:///under/page.html', 1, '<p>', 'html');
    assert.deepEqual(store.robotsUris(), [under]);
    assert.ok(store.degraded(over));
    assert.ok(store.get(under));
  });
});
