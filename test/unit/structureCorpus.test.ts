/**
 * Every structure feature (outline, folding, selection ranges, links, semantic tokens, inlay
 * hints) over the real-world corpus, the specifications' examples, robots.txt-shaped noise and a
 * 47,000-line ACAP file: nothing throws, every range lies inside the document, and ranges nest
 * as LSP requires.
 */
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CORPUS, MIN_FILES, corpusFiles } from './corpus';
import fc from 'fast-check';
import type { DocumentSymbol, Position, Range, SelectionRange } from 'vscode-languageserver-types';
import { decodeUtf8 } from '../../server/src/cli/decode';
import { parseDocument, type RobotsDocument } from '../../server/src/service/syntax/document';
import { getFoldingRanges } from '../../server/src/service/features/folding';
import { getInlayHints } from '../../server/src/service/features/inlayHints';
import { findDocumentLinks } from '../../server/src/service/features/links';
import { getSelectionRanges } from '../../server/src/service/features/selectionRanges';
import { getSemanticTokens, getSemanticTokensRange, semanticTokensLegend } from '../../server/src/service/features/semanticTokens';
import { findDocumentSymbols } from '../../server/src/service/features/symbols';

const SPEC = path.resolve(__dirname, '../fixtures/spec');

function filesOf(dir: string): string[] {
  return readdirSync(dir).filter((f) => f.endsWith('.txt')).map((f) => path.join(dir, f));
}

function before(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.character <= b.character);
}

function holds(outer: Range, inner: Range): boolean {
  return before(outer.start, inner.start) && before(inner.end, outer.end);
}

function checkPosition(doc: RobotsDocument, p: Position, what: string): void {
  assert.ok(Number.isInteger(p.line) && p.line >= 0 && p.line < doc.lines.length, `${what}: line ${p.line} outside the document`);
  assert.ok(Number.isInteger(p.character) && p.character >= 0 && p.character <= doc.lines[p.line].text.length, `${what}: character ${p.character} outside line ${p.line}`);
}

function checkRange(doc: RobotsDocument, r: Range, what: string): void {
  checkPosition(doc, r.start, what);
  checkPosition(doc, r.end, what);
  assert.ok(before(r.start, r.end), `${what}: range ends before it starts`);
}

function checkSymbols(doc: RobotsDocument, symbols: readonly DocumentSymbol[], parent?: DocumentSymbol): void {
  for (const s of symbols) {
    assert.ok(s.name.length > 0, 'symbol names are never empty (VS Code rejects them)');
    checkRange(doc, s.range, `symbol ${s.name}`);
    assert.ok(holds(s.range, s.selectionRange), `symbol ${s.name}: selection range outside its range`);
    if (parent) assert.ok(holds(parent.range, s.range), `symbol ${s.name} outside its parent ${parent.name}`);
    checkSymbols(doc, s.children ?? [], s);
  }
}

/** Runs every feature and checks its invariants; `file` names the document in messages. */
function checkAll(doc: RobotsDocument, file: string): void {
  const last = doc.lines.length - 1;
  checkSymbols(doc, findDocumentSymbols(doc));

  const folds = getFoldingRanges(doc);
  const open: { startLine: number; endLine: number }[] = [];
  for (const f of folds) {
    assert.ok(f.startLine < f.endLine && f.endLine <= last, `${file}: fold ${f.startLine}-${f.endLine}`);
    assert.notEqual(doc.lines[f.endLine].kind, 'blank', `${file}: fold ${f.startLine}-${f.endLine} ends on a blank line`);
    while (open.length && open[open.length - 1].endLine < f.startLine) open.pop();
    const outer = open[open.length - 1];
    assert.ok(!outer || (outer.startLine < f.startLine && f.endLine <= outer.endLine), `${file}: fold ${f.startLine}-${f.endLine} crosses ${outer?.startLine}-${outer?.endLine}`);
    open.push(f);
  }

  // One position per line (its middle), plus one past the end.
  const positions: Position[] = doc.lines.map((l, line) => ({ line, character: l.text.length >> 1 }));
  positions.push({ line: last + 5, character: 3 });
  const selections = getSelectionRanges(doc, positions);
  assert.equal(selections.length, positions.length, `${file}: one selection range per position`);
  for (const s of selections) {
    for (let r: SelectionRange | undefined = s; r; r = r.parent) {
      checkRange(doc, r.range, `${file}: selection range`);
      if (r.parent) assert.ok(holds(r.parent.range, r.range) && JSON.stringify(r.parent.range) !== JSON.stringify(r.range), `${file}: parent does not strictly hold its child`);
    }
  }

  for (const l of findDocumentLinks(doc, (locator) => `file:///site${locator}`)) {
    checkRange(doc, l.range, `${file}: link`);
    assert.ok(l.target, `${file}: link without target`);
  }

  for (const data of [getSemanticTokens(doc).data, getSemanticTokensRange(doc, { start: { line: 0, character: 0 }, end: { line: last, character: 0 } }).data]) {
    let line = 0;
    let char = 0;
    let end = 0;
    for (let i = 0; i < data.length; i += 5) {
      if (data[i] > 0) end = 0;
      line += data[i];
      char = data[i] === 0 ? char + data[i + 1] : data[i + 1];
      assert.ok(data[i + 2] > 0 && char >= end, `${file}:${line + 1}: empty or overlapping token`);
      end = char + data[i + 2];
      checkRange(doc, { start: { line, character: char }, end: { line, character: end } }, `${file}: token`);
      assert.ok(data[i + 3] < semanticTokensLegend.tokenTypes.length && data[i + 4] < 1 << semanticTokensLegend.tokenModifiers.length, `${file}: token outside the legend`);
    }
  }

  for (const h of getInlayHints(doc, { start: { line: 0, character: 0 }, end: { line: last + 10, character: 0 } })) {
    checkPosition(doc, h.position, `${file}: inlay hint`);
    assert.ok(typeof h.label === 'string' && h.label.length <= 60, `${file}: inlay hint too long: ${String(h.label)}`);
  }
}

suite('structure features over real files and noise', () => {
  suiteSetup(function () {
    assert.ok(existsSync(CORPUS.dir), `corpus not found at ${CORPUS.dir}`);
  });

  test('every file of the real-world corpus', function () {
    this.timeout(120_000);
    const files = corpusFiles('real');
    assert.ok(files.length >= MIN_FILES.real, `expected the whole corpus, found ${files.length} files`);
    for (const file of files) checkAll(parseDocument(file, 1, decodeUtf8(readFileSync(file)).text), path.basename(file));
  });

  test('every ACAP file found in the wild and every example of the specifications', function () {
    this.timeout(60_000);
    const files = [...corpusFiles('acap-real'), ...filesOf(SPEC)];
    assert.ok(files.length >= 30, `expected the ACAP files, found ${files.length}`);
    for (const file of files) checkAll(parseDocument(file, 1, readFileSync(file, 'utf8')), path.basename(file));
  });

  test('robots.txt-shaped noise', function () {
    this.timeout(60_000);
    const piece = fc.constantFrom(
      'ACAP-', 'allow-', 'disallow-', 'request-', 'crawler', 'resource-set', 'qualified-usage', 'composite-usage', 'usage-purpose', 'permissions-reference',
      'present-', 'snippet', 'link', '(', ')', ':', ' ', '=', '#', '##ACAP version=', '\n', '\r', '\r\n', '*', '$', '/', 'the-acap:', 'resource-set:',
      'max-length', 'must-include-resource', '20-words', 'User-agent', 'Sitemap', 'http://', 'x', '\ufeff', '\u0000', '\ud800', 'é',
    );
    fc.assert(fc.property(fc.array(piece, { maxLength: 80 }), (parts) => checkAll(parseDocument('file:///r.txt', 1, parts.join('')), parts.join(''))), { numRuns: 1500 });
  });

  test('a 47,000-line ACAP file: every feature answers, inside the document (timings: npm run bench)', function () {
    this.timeout(60_000);
    const lines: string[] = ['##ACAP version=1.0'];
    for (let i = 0; i < 2000; i++) lines.push(`ACAP-resource-set: set${i} /a${i}/ /b${i}/*.gif$`, `ACAP-qualified-usage: q${i} present-snippet max-length=${i}-words`, `ACAP-composite-usage: c${i} crawl (q${i})`, '# definitions');
    for (let i = 0; lines.length < 47_000; i++) {
      lines.push(`# record ${i}`, `# about it`, `User-agent: bot${i}`, `Disallow: /x${i}`, `ACAP-crawler: bot${i}`, `ACAP-allow-(c${i % 2000}): the-acap:resource-set:set${i % 2000}`);
      lines.push(`ACAP-usage-purpose: p${i}`, `ACAP-allow-(q${i % 2000}): /p/ `, `ACAP-disallow-present-link: /*.pdf$`, '');
    }
    const doc = parseDocument('file:///big/robots.txt', 1, lines.join('\n'));
    checkAll(doc, 'big');
  });
});
