/** Definition, references, highlights and rename of ACAP names, with `|` marking the cursor (STYLE.md). */
import * as assert from 'node:assert/strict';
import type { Location, Position, TextEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import { parseDocument, splitLines, type RobotsDocument } from '../../server/src/service/syntax/document';
import { findDefinition, findDocumentHighlights, findReferences } from '../../server/src/service/features/navigation';
import type { WorkspaceContext } from '../../server/src/service';
import { MemoryWorkspace } from './memoryWorkspace';
import { explain, referencedDocuments, referencingDocuments } from '../../server/src/service';

const referencedAndReferring = (doc: RobotsDocument, ctx: WorkspaceContext): string =>
  `${referencedDocuments(ctx.workspace, doc).length} ${referencingDocuments(ctx.workspace, doc).length}`;
import { doRename, prepareRename } from '../../server/src/service/features/rename';
import { cursor } from './helpers';
import { positionAt } from './kit/positions';

const HOME = 'file:///site/robots.txt';

/** The document and the position of the `|` in `textWithBar`. */
function at(textWithBar: string, uri = HOME): { doc: RobotsDocument; pos: Position; text: string } {
  const { text, offset } = cursor(textWithBar);
  return { doc: parseDocument(uri, 1, text), pos: positionAt(text, offset), text };
}

const file = (uri: string): string => uri.slice(uri.lastIndexOf('/') + 1);

/** A location as `file:LINE:COL text-covered` (1-based), reading the text from `docs`. */
function show(docs: readonly RobotsDocument[], loc: { uri?: string; range: Location['range'] }, uri = loc.uri ?? HOME): string {
  const d = docs.find((x) => x.uri === uri);
  assert.ok(d, `no document ${uri}`);
  const { start, end } = loc.range;
  assert.equal(start.line, end.line, 'a name lies on one line');
  return `${file(uri)}:${start.line + 1}:${start.character + 1} ${d.lines[start.line].text.slice(start.character, end.character)}`;
}

function offsetAt(text: string, p: Position): number {
  let offset = 0;
  const lines = splitLines(text);
  for (let i = 0; i < p.line; i++) offset += lines[i].text.length + lines[i].eol.length;
  return offset + p.character;
}

function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => offsetAt(text, b.range.start) - offsetAt(text, a.range.start));
  let out = text;
  for (const e of sorted) out = out.slice(0, offsetAt(out, e.range.start)) + e.newText + out.slice(offsetAt(out, e.range.end));
  return out;
}

/** The text of `uri` after the rename (unchanged if the edit does not touch it). */
function renamed(edit: WorkspaceEdit | null, uri: string, text: string): string {
  assert.ok(edit?.changes, 'expected an edit');
  return applyEdits(text, edit.changes[uri] ?? []);
}

const SITE = [
  'ACAP-resource-set: images *.gif *.jpg',
  'ACAP-qualified-usage: cache present-currentcopy time-limit=7-days',
  'ACAP-composite-usage: basic crawl (cache)',
  'ACAP-crawler: *',
  'ACAP-allow-(basic): the-acap:resource-set:images',
  'ACAP-allow-(Cache): /news/',
  'ACAP-disallow-index: the-acap:resource-set:IMAGES',
].join('\n');

/** SITE with the first `from` replaced by `to` (which carries the cursor). */
function site(from: string, to: string): string {
  assert.ok(SITE.includes(from), from);
  return SITE.replace(from, to);
}

function defs(textWithBar: string, ctx?: WorkspaceContext, others: readonly RobotsDocument[] = []): string[] {
  const { doc, pos } = at(textWithBar);
  return findDefinition(doc, pos, ctx).map((l) => show([doc, ...others], l));
}

function refs(textWithBar: string, includeDeclaration = true, ctx?: WorkspaceContext, others: readonly RobotsDocument[] = []): string[] {
  const { doc, pos } = at(textWithBar);
  return findReferences(doc, pos, includeDeclaration, ctx).map((l) => show([doc, ...others], l));
}

function highlights(textWithBar: string): string[] {
  const { doc, pos } = at(textWithBar);
  return findDocumentHighlights(doc, pos).map((h) => `${h.kind === 2 ? 'read' : h.kind === 3 ? 'write' : '?'} ${show([doc], h)}`);
}

suite('navigation: resource sets', () => {
  test('definition from the definition itself', () => {
    assert.deepEqual(defs(site('set: images', 'set: ima|ges')), ['robots.txt:1:20 images']);
  });

  test('definition from the-acap:resource-set:NAME, whatever the case of the name', () => {
    assert.deepEqual(defs(site('resource-set:images', 'resource-set:im|ages')), ['robots.txt:1:20 images']);
    assert.deepEqual(defs(site('resource-set:IMAGES', 'resource-set:IMAGES|')), ['robots.txt:1:20 images']);
  });

  test('references from the definition, with and without the declaration', () => {
    const text = site('set: images', 'set: |images');
    assert.deepEqual(refs(text), ['robots.txt:1:20 images', 'robots.txt:5:43 images', 'robots.txt:7:44 IMAGES']);
    assert.deepEqual(refs(text, false), ['robots.txt:5:43 images', 'robots.txt:7:44 IMAGES']);
  });

  test('highlights from a reference: the definition written, the uses read', () => {
    assert.deepEqual(highlights(site('resource-set:IMAGES', 'resource-set:IMA|GES')), [
      'write robots.txt:1:20 images', 'read robots.txt:5:43 images', 'read robots.txt:7:44 IMAGES',
    ]);
  });

  test('the prefix the-acap:resource-set: and a path are no names', () => {
    for (const text of [site('index: the-acap:', 'index: the-|acap:'), site('resource-set:IMAGES', 'resource-set|:IMAGES'), site('/news/', '/ne|ws/'), site('*.gif', '*.g|if')]) {
      assert.deepEqual(defs(text), [], text);
      assert.deepEqual(refs(text), [], text);
      assert.deepEqual(highlights(text), [], text);
      const { doc, pos } = at(text);
      assert.equal(prepareRename(doc, pos), null, text);
      assert.equal(doRename(doc, pos, 'x', undefined), null, text);
    }
  });

  test('a definition placed after the first record still answers, since nothing else defines the name (Part 1 §2.7)', () => {
    const text = 'ACAP-crawler: *\nACAP-allow-index: the-acap:resource-set:la|te\nACAP-resource-set: late /late/';
    assert.deepEqual(defs(text), ['robots.txt:3:20 late']);
    assert.deepEqual(refs(text), ['robots.txt:3:20 late', 'robots.txt:2:41 late']);
  });

  test('a duplicate definition: uses go to the first, the second has only itself', () => {
    const text = 'ACAP-resource-set: a /a/\nACAP-resource-set: A /b/\nACAP-crawler: *\nACAP-allow-index: the-acap:resource-set:|a';
    assert.deepEqual(defs(text), ['robots.txt:1:20 a']);
    assert.deepEqual(refs('ACAP-resource-set: a /a/\nACAP-resource-set: |A /b/\nACAP-crawler: *\nACAP-allow-index: the-acap:resource-set:a'), ['robots.txt:2:20 A']);
  });

  test('an undefined name: no definition, its uses in this file highlighted', () => {
    const text = 'ACAP-crawler: *\nACAP-allow-index: the-acap:resource-set:no|ne\nACAP-allow-crawl: the-acap:resource-set:None';
    assert.deepEqual(defs(text), []);
    assert.deepEqual(highlights(text), ['read robots.txt:2:41 none', 'read robots.txt:3:41 None']);
  });
});

suite('navigation: local usages', () => {
  test('definition from ACAP-allow-(name)', () => {
    assert.deepEqual(defs(site('allow-(basic)', 'allow-(bas|ic)')), ['robots.txt:3:23 basic']);
  });

  test('a caret just inside the parentheses counts, the parentheses themselves do not', () => {
    assert.deepEqual(defs(site('allow-(basic)', 'allow-(|basic)')), ['robots.txt:3:23 basic']);
    assert.deepEqual(defs(site('allow-(basic)', 'allow-(basic|)')), ['robots.txt:3:23 basic']);
    assert.deepEqual(defs(site('allow-(basic)', 'allow-|(basic)')), []);
    assert.deepEqual(defs(site('allow-(basic)', 'allow-(basic)|:')), []);
  });

  test('from a qualified usage named inside a composite definition', () => {
    const text = site('crawl (cache)', 'crawl (ca|che)');
    assert.deepEqual(defs(text), ['robots.txt:2:23 cache']);
    assert.deepEqual(refs(text), ['robots.txt:2:23 cache', 'robots.txt:3:36 cache', 'robots.txt:6:13 Cache']);
    assert.deepEqual(highlights(text), ['write robots.txt:2:23 cache', 'read robots.txt:3:36 cache', 'read robots.txt:6:13 Cache']);
  });

  test('names are case-insensitive: (Cache) is cache', () => {
    assert.deepEqual(defs(site('(Cache)', '(C|ache)')), ['robots.txt:2:23 cache']);
    assert.deepEqual(refs(site('usage: cache', 'usage: CACHE|'), false), [
      'robots.txt:3:36 cache', 'robots.txt:6:13 Cache',
    ]);
  });

  test('from a composite definition\'s own name', () => {
    const text = site('usage: basic', 'usage: b|asic');
    assert.deepEqual(defs(text), ['robots.txt:3:23 basic']);
    assert.deepEqual(refs(text, false), ['robots.txt:5:13 basic']);
  });

  test('the standard usage of a permission and the field name are no names', () => {
    assert.deepEqual(defs(site('ACAP-disallow-index', 'ACAP-disallow-in|dex')), []);
    assert.deepEqual(defs(site('ACAP-allow-(basic)', 'ACAP-al|low-(basic)')), []);
    assert.deepEqual(defs(site('crawl (cache)', 'cra|wl (cache)')), []);
  });

  test('positions past the end of a line or of the document never throw', () => {
    const { doc } = at(SITE + '|');
    for (const pos of [{ line: 99, character: 0 }, { line: -1, character: 0 }, { line: 1.5, character: 0 }, { line: 0, character: -4 }, { line: 2, character: Number.NaN }]) {
      assert.deepEqual(findDefinition(doc, pos), [], JSON.stringify(pos));
      assert.deepEqual(findReferences(doc, pos, true), []);
      assert.deepEqual(findDocumentHighlights(doc, pos), []);
      assert.equal(prepareRename(doc, pos), null);
      assert.equal(doRename(doc, pos, 'x'), null);
    }
    // LSP: a character past the end of the line means the end of the line, here the end of a name.
    assert.deepEqual(findDefinition(doc, { line: 4, character: 999 }).map((l) => show([doc], l)), ['robots.txt:1:20 images']);
    assert.deepEqual(findDefinition(parseDocument(HOME, 1, ''), { line: 0, character: 5 }), []);
  });
});

suite('rename', () => {
  test('prepareRename gives the name alone: no parentheses, no prefix', () => {
    const range = (text: string): string | undefined => {
      const { doc, pos } = at(text);
      const r = prepareRename(doc, pos);
      return r ? show([doc], { range: r }) : undefined;
    };
    assert.equal(range(site('(basic)', '(ba|sic)')), 'robots.txt:5:13 basic');
    assert.equal(range(site('resource-set:images', 'resource-set:images|')), 'robots.txt:5:43 images');
    assert.equal(range(site('set: images', 'set: |images')), 'robots.txt:1:20 images');
    assert.equal(range(site('ACAP-crawler: *', 'ACAP-crawler: |*')), undefined);
    assert.equal(range(site('ACAP-qualified-usage: cache present-currentcopy', 'ACAP-qualified-usage: cache present-curr|entcopy')), undefined);
  });

  test('a resource set, from a reference: the definition and every use, nothing else', () => {
    const { doc, pos, text } = at(site('resource-set:IMAGES', 'resource-set:IM|AGES'));
    assert.equal(renamed(doRename(doc, pos, 'pictures'), HOME, text), [
      'ACAP-resource-set: pictures *.gif *.jpg',
      'ACAP-qualified-usage: cache present-currentcopy time-limit=7-days',
      'ACAP-composite-usage: basic crawl (cache)',
      'ACAP-crawler: *',
      'ACAP-allow-(basic): the-acap:resource-set:pictures',
      'ACAP-allow-(Cache): /news/',
      'ACAP-disallow-index: the-acap:resource-set:pictures',
    ].join('\n'));
  });

  test('a qualified usage, from its definition: the composite member and the permission keep their parentheses', () => {
    const { doc, pos, text } = at(site('usage: cache', 'usage: cache|'));
    assert.equal(renamed(doRename(doc, pos, 'copy-7d'), HOME, text), [
      'ACAP-resource-set: images *.gif *.jpg',
      'ACAP-qualified-usage: copy-7d present-currentcopy time-limit=7-days',
      'ACAP-composite-usage: basic crawl (copy-7d)',
      'ACAP-crawler: *',
      'ACAP-allow-(basic): the-acap:resource-set:images',
      'ACAP-allow-(copy-7d): /news/',
      'ACAP-disallow-index: the-acap:resource-set:IMAGES',
    ].join('\n'));
  });

  test('spaces inside the parentheses and CRLF line ends are kept', () => {
    const { doc, pos, text } = at('ACAP-qualified-usage: c|ache present-currentcopy time-limit=7-days\r\nACAP-crawler: *\r\nACAP-allow-( cache ): /x/\r\n');
    assert.equal(renamed(doRename(doc, pos, 'kept'), HOME, text), 'ACAP-qualified-usage: kept present-currentcopy time-limit=7-days\r\nACAP-crawler: *\r\nACAP-allow-( kept ): /x/\r\n');
  });

  test('a change of case alone is a rename, not a collision', () => {
    const { doc, pos, text } = at(site('(Cache)', '(|Cache)'));
    assert.equal(renamed(doRename(doc, pos, 'CACHE'), HOME, text), SITE.replace('usage: cache', 'usage: CACHE').replace('(cache)', '(CACHE)').replace('(Cache)', '(CACHE)'));
  });

  test('refused for names outside the ACAP name grammar (Part 1 §3)', () => {
    const { doc, pos } = at(site('(basic)', '(ba|sic)'));
    assert.throws(() => doRename(doc, pos, '1st'), /‘1st’ is not a valid local usage name: start with a letter/);
    assert.throws(() => doRename(doc, pos, 'two words'), /not a valid local usage name/);
    assert.throws(() => doRename(doc, pos, 'a#b'), /not a valid local usage name/);
    assert.throws(() => doRename(doc, pos, ''), /Give a new name/);
    assert.throws(() => doRename(doc, pos, '(plain)'), /Give the name alone, ‘plain’/);
    const set = at(site('resource-set:images', 'resource-set:|images'));
    assert.throws(() => doRename(set.doc, set.pos, 'the-acap:resource-set:pics'), /Give the name alone, ‘pics’/);
  });

  test('refused when a qualified usage would take a composite usage\'s name: they share one namespace', () => {
    const { doc, pos } = at(site('crawl (cache)', 'crawl (|cache)'));
    assert.throws(() => doRename(doc, pos, 'Basic'), /‘Basic’ is already the name of a composite usage, on line 3; qualified and composite usages share one set of names/);
  });

  test('refused when another resource set has the name; a local usage\'s name is another namespace', () => {
    const text = 'ACAP-resource-set: a /a/\nACAP-resource-set: b /b/\nACAP-qualified-usage: c crawl\nACAP-crawler: *\nACAP-allow-index: the-acap:resource-set:|a';
    const { doc, pos } = at(text);
    assert.throws(() => doRename(doc, pos, 'B'), /‘B’ is already the name of a resource set, on line 2; names are case-insensitive/);
    assert.equal(renamed(doRename(doc, pos, 'c'), HOME, cursor(text).text), 'ACAP-resource-set: c /a/\nACAP-resource-set: b /b/\nACAP-qualified-usage: c crawl\nACAP-crawler: *\nACAP-allow-index: the-acap:resource-set:c');
  });

  test('refused when the new name is already used, even undefined: that use would change meaning', () => {
    const { doc, pos } = at(site('/news/', 'the-acap:resource-set:other').replace('set: images', 'set: |images'));
    assert.throws(() => doRename(doc, pos, 'OTHER'), /‘OTHER’ is already used on line 6; after the rename that use would mean this resource set/);
  });

  test('refused for a name defined nowhere', () => {
    const { doc, pos } = at('ACAP-crawler: *\nACAP-allow-(gh|ost): /');
    assert.deepEqual(prepareRename(doc, pos), { start: { line: 1, character: 12 }, end: { line: 1, character: 17 } });
    assert.throws(() => doRename(doc, pos, 'spirit'), /‘ghost’ is not defined in this file \(Part 1 §2\.4\.1\.3\)/);
  });
});

suite('navigation across files (Part 1 §2.3.2, §2.7)', () => {
  // /robots.txt defines what /searchbot.txt, which it refers to, uses.
  const REFERRING_URI = 'file:///site/robots.txt';
  const REFERRED_URI = 'file:///site/searchbot.txt';
  const REFERRING = [
    'ACAP-resource-set: news /news/ /today/',
    'ACAP-qualified-usage: cache present-currentcopy time-limit=7-days',
    'ACAP-crawler: searchbot',
    'ACAP-permissions-reference: /searchbot.txt',
    'ACAP-crawler: *',
    'ACAP-allow-(cache): /archive/',
  ].join('\n');
  const REFERRED = [
    'ACAP-crawler: searchbot',
    'ACAP-allow-(Cache): the-acap:resource-set:news',
    'ACAP-allow-index: the-acap:resource-set:news',
  ].join('\n');
  const referring = parseDocument(REFERRING_URI, 1, REFERRING);
  const referred = parseDocument(REFERRED_URI, 1, REFERRED);
  /** The site on disk: both files, as the workspace gives them. */
  const siteWith = (files: Record<string, string> = {}, open: string[] = []): WorkspaceContext =>
    ({ workspace: new MemoryWorkspace({ [REFERRING_URI]: REFERRING, [REFERRED_URI]: REFERRED, ...files }, open) });

  /** Cursor in the referenced file, which the referring file's definitions reach. */
  function inReferred(textWithBar: string): { doc: RobotsDocument; pos: Position; text: string; ctx: WorkspaceContext } {
    return { ...at(textWithBar, REFERRED_URI), ctx: siteWith() };
  }

  /** Cursor in the referring file, whose definitions the referenced file uses. */
  function inReferring(textWithBar: string): { doc: RobotsDocument; pos: Position; text: string; ctx: WorkspaceContext } {
    return { ...at(textWithBar, REFERRING_URI), ctx: siteWith() };
  }

  test('a local usage used here resolves in the file that refers to this one', () => {
    const { doc, pos, ctx } = inReferred(REFERRED.replace('(Cache)', '(Cac|he)'));
    assert.deepEqual(findDefinition(doc, pos, ctx).map((l) => show([doc, referring], l)), ['robots.txt:2:23 cache']);
    // Without the context there is nothing to go to.
    assert.deepEqual(findDefinition(doc, pos), []);
  });

  test('a resource set likewise; references reach back into the defining file', () => {
    const { doc, pos, ctx } = inReferred(REFERRED.replace('set:news\nACAP-allow-index', 'set:ne|ws\nACAP-allow-index'));
    assert.deepEqual(findDefinition(doc, pos, ctx).map((l) => l.uri), [REFERRING_URI]);
    assert.deepEqual(findReferences(doc, pos, true, ctx).map((l) => show([doc, referring], l)), [
      'robots.txt:1:20 news', 'searchbot.txt:2:43 news', 'searchbot.txt:3:41 news',
    ]);
    assert.deepEqual(findDocumentHighlights(doc, pos, ctx).map((h) => `${h.kind} ${show([doc], h, REFERRED_URI)}`), [
      '2 searchbot.txt:2:43 news', '2 searchbot.txt:3:41 news',
    ]);
  });

  test('references of a definition include the uses in the files it refers to', () => {
    const { doc, pos, ctx } = inReferring(REFERRING.replace('usage: cache', 'usage: ca|che'));
    assert.deepEqual(findReferences(doc, pos, false, ctx).map((l) => show([doc, referred], l)), ['robots.txt:6:13 cache', 'searchbot.txt:2:13 Cache']);
  });

  test('a referenced file that defines the name itself keeps its own meaning', () => {
    const own = parseDocument(REFERRED_URI, 1, 'ACAP-qualified-usage: cache present-snippet max-length=20-words\n' + REFERRED);
    const { doc, pos } = at(REFERRING.replace('usage: cache', 'usage: |cache'), REFERRING_URI);
    assert.deepEqual(findReferences(doc, pos, false, siteWith({ [REFERRED_URI]: own.lines.map((l) => l.text).join('\n') })).map((l) => show([doc, own], l)), ['robots.txt:6:13 cache']);
  });

  test('a name defined nowhere is followed in this file only', () => {
    const { doc, pos } = at('ACAP-crawler: searchbot\nACAP-permissions-reference: /searchbot.txt\nACAP-crawler: *\nACAP-allow-(gh|ost): /', REFERRING_URI);
    const other = parseDocument(REFERRED_URI, 1, 'ACAP-crawler: *\nACAP-allow-(ghost): /');
    // A file it refers to and a file that refers to it both use the name too.
    const ctx = siteWith({ [REFERRED_URI]: 'ACAP-crawler: *\nACAP-allow-(ghost): /', 'file:///site/up.robots.txt': 'ACAP-crawler: b\nACAP-permissions-reference: /robots.txt\nACAP-crawler: *\nACAP-allow-(ghost): /' });
    assert.equal(referencedAndReferring(doc, ctx), '1 1', 'both files are in scope');
    assert.deepEqual(findReferences(doc, pos, true, ctx).map((l) => show([doc, other], l)), ['robots.txt:4:13 ghost']);
  });

  test('rename refused where another referring file defines the new name: the uses here could resolve there', () => {
    // An open document that is no robots.txt by name still counts when it refers here.
    const ctx = siteWith({ 'file:///site/other.txt': 'ACAP-qualified-usage: copy crawl\nACAP-crawler: searchbot\nACAP-permissions-reference: /searchbot.txt' }, ['file:///site/other.txt']);
    const { doc, pos } = at(REFERRED.replace('(Cache)', '(|Cache)'), REFERRED_URI);
    assert.throws(() => doRename(doc, pos, 'copy', ctx), /‘copy’ is already the name of a qualified usage, on line 1 of file:\/\/\/site\/other\.txt/);
    assert.ok(doRename(doc, pos, 'copy2', ctx));
  });

  test('rename from a use in the referenced file edits both files', () => {
    const { doc, pos, ctx } = inReferred(REFERRED.replace('set:news\nACAP-allow-index', 'set:n|ews\nACAP-allow-index'));
    const edit = doRename(doc, pos, 'fresh', ctx);
    assert.deepEqual(Object.keys(edit?.changes ?? {}).sort(), [REFERRING_URI, REFERRED_URI]);
    assert.equal(renamed(edit, REFERRING_URI, REFERRING), REFERRING.replace('set: news', 'set: fresh'));
    assert.equal(renamed(edit, REFERRED_URI, REFERRED), REFERRED.replaceAll('set:news', 'set:fresh'));
  });

  test('rename from the definition edits the referenced file too, and is refused where the new name is defined there', () => {
    const { doc, pos, ctx } = inReferring(REFERRING.replace('usage: cache', 'usage: cache|'));
    const edit = doRename(doc, pos, 'copy', ctx);
    assert.equal(renamed(edit, REFERRING_URI, REFERRING), REFERRING.replace('usage: cache', 'usage: copy').replace('(cache)', '(copy)'));
    assert.equal(renamed(edit, REFERRED_URI, REFERRED), REFERRED.replace('(Cache)', '(copy)'));
    assert.throws(() => doRename(doc, pos, 'COPY', siteWith({ [REFERRED_URI]: REFERRED + '\nACAP-composite-usage: copy crawl' })), /‘COPY’ is already the name of a composite usage, on line 4 of file:\/\/\/site\/searchbot\.txt/);
  });
});

suite('a composite usage\'s members are the usages of the file that defines it (Part 1 §2.7)', () => {
  // /robots.txt defines `c` from its own `q`; /searchbot.txt, which it refers to, defines another
  // `q` and uses `(c)`. The engine read `(c)`'s member in the file using it (B's `q`: index),
  // while go to definition and rename read it in the file writing it (A's `q`: preserve), so a
  // rename in either file flipped searchbot's verdicts (found by a property hunt).
  const A_URI = 'file:///site/robots.txt';
  const B_URI = 'file:///site/searchbot.txt';
  const A = 'ACAP-qualified-usage: q preserve time-limit=7-days\nACAP-composite-usage: c (q)\nACAP-crawler: searchbot\nACAP-permissions-reference: /searchbot.txt\n';
  const B = 'ACAP-qualified-usage: q index time-limit=2-days\nACAP-crawler: searchbot\nACAP-disallow-index: /\nACAP-allow-(c): /a\n';
  const verdicts = (a: string, b: string): string => {
    const ctx: WorkspaceContext = { workspace: new MemoryWorkspace({ [A_URI]: a, [B_URI]: b }) };
    const doc = parseDocument(A_URI, 1, a);
    return ['index', 'preserve'].map((usage) => {
      const e = explain(doc, { agent: 'searchbot', path: '/a', usage, reading: 'acap' }, ctx);
      return `${usage} ${e.allowed} ${e.qualifiers.join(' ')}`;
    }).join('; ');
  };

  test('the engine expands `(c)` with A\'s `q`, where go to definition goes', () => {
    assert.equal(verdicts(A, B), 'index false ; preserve true time-limit=7-days');
    const ctx: WorkspaceContext = { workspace: new MemoryWorkspace({ [A_URI]: A, [B_URI]: B }) };
    const doc = parseDocument(A_URI, 1, A);
    assert.deepEqual(findDefinition(doc, { line: 1, character: 25 }, ctx).map((l) => `${l.uri} ${l.range.start.line}`), [`${A_URI} 0`]);
  });

  test('renaming either `q` keeps every verdict', () => {
    const before = verdicts(A, B);
    for (const [uri, text, line] of [[B_URI, B, 0], [A_URI, A, 0]] as const) {
      const ctx: WorkspaceContext = { workspace: new MemoryWorkspace({ [A_URI]: A, [B_URI]: B }) };
      const edit = doRename(parseDocument(uri, 1, text), { line, character: 23 }, 'zed', ctx);
      assert.ok(edit, uri);
      assert.equal(verdicts(renamed(edit, A_URI, A), renamed(edit, B_URI, B)), before, uri);
    }
  });
});
