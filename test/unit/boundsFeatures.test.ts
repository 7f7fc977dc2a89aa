/**
 * Cost bounds of two editor features, held on generated worst cases (the convention of
 * bounds.test.ts: the explicit 10 s timeout is the bound, the old behaviour fails it by far), each
 * with the answer checked.
 *
 * - purpose completion: the spellings seen were searched again for every ACAP-usage-purpose line
 *   (purposes × purpose lines) and the list was not capped;
 * - the outline: every group inside a record looked through all of its sub-records twice
 *   (groups × sub-records).
 *
 * Then both against the logic they replaced, on small generated files (fast-check): the outline
 * against the former outlineBlocks, kept below as a reference; purpose completion against a plain
 * case-insensitive first-spelling dedupe and the cap.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { CompletionList, DocumentSymbol } from 'vscode-languageserver-types';
import { doComplete, findDocumentSymbols, getModel, parseDocument } from '../../server/src/service';
import { outlineBlocks, type Block } from '../../server/src/service/features/symbols';
import type { Group, RobotsModel } from '../../server/src/service/model/model';
import { letters } from '../bench/pathological';

const BOUND = 10_000;

const doc = (text: string) => parseDocument('file:///site/robots.txt', 1, text);

/** Completion at the end of line `lineNo` of `text`. */
function completeLast(text: string, lineNo: number): CompletionList {
  const d = doc(text);
  return doComplete(d, { line: lineNo, character: d.lines[lineNo].text.length });
}

/** `n` sub-records with purposes p0…p(n-1), then an empty ACAP-usage-purpose line (the audit's file). */
function manyPurposes(n: number, typed = ''): { text: string; line: number } {
  const subs = Array.from({ length: n }, (_, i) => `ACAP-usage-purpose: p${i}\nACAP-disallow-index: /a\n`).join('');
  return { text: `##ACAP version=1.0\nACAP-crawler: b\n${subs}ACAP-usage-purpose: ${typed}\n`, line: 2 + 2 * n };
}

const names = (symbols: readonly DocumentSymbol[] | undefined): string[] => (symbols ?? []).map((s) => s.name);

suite('bounds: editor features (completion, outline)', () => {
  test('purpose completion among 50,000 distinct purposes (was 84 s, and listed all 50,000)', function () {
    this.timeout(BOUND);
    const { text, line } = manyPurposes(50_000);
    const list = completeLast(text, line);
    // The first MAX_PURPOSES in document order, and the list says it was cut.
    assert.equal(list.isIncomplete, true);
    assert.equal(list.items.length, 200);
    assert.deepEqual(list.items.slice(0, 3).map((i) => i.label), ['p0', 'p1', 'p2']);
    assert.equal(list.items[199].label, 'p199');
    assert.deepEqual(list.items.slice(0, 2).map((i) => i.detail), ['usage purpose, line 3', 'usage purpose, line 5']);
    // sortText keeps document order (past 9,999 items its 4 digits would not).
    const sorted = [...list.items].sort((a, b) => (a.sortText! < b.sortText! ? -1 : 1));
    assert.equal(sorted.map((i) => i.label).join(' '), list.items.map((i) => i.label).join(' '));
  });

  test('purpose completion among 50,000 purposes: what is typed picks those it starts', function () {
    this.timeout(BOUND);
    const { text, line } = manyPurposes(50_000, 'P4999');
    const list = completeLast(text, line);
    assert.equal(list.isIncomplete, true);
    // Case-insensitively, in document order: p4999 then p49990…p49999.
    assert.deepEqual(list.items.map((i) => i.label), ['p4999', ...Array.from({ length: 10 }, (_, k) => `p4999${k}`)]);
  });

  test('outline of a record with 40,000 sub-records among 120,000 groups (was 24 s)', function () {
    this.timeout(BOUND);
    const n = 40_000;
    // Groups before the sub-records, one inside each sub-record, and groups after them; a group
    // before the record and a Sitemap after it.
    const before = Array.from({ length: n }, (_, i) => `User-agent: x${letters(i)}\nDisallow: /x\n`).join('');
    const subs = Array.from({ length: n }, (_, i) => `ACAP-usage-purpose: p${i}\nUser-agent: y${letters(i)}\nDisallow: /y\nACAP-disallow-index: /a\n`).join('');
    const after = Array.from({ length: n }, (_, i) => `User-agent: w${letters(i)}\nDisallow: /w\nDisallow: /v\n`).join('');
    const text = `User-agent: *\nDisallow: /private\n##ACAP version=1.0\nACAP-crawler: b\nACAP-disallow-crawl: /q\n${before}${subs}${after}Sitemap: https://e.test/s.xml\n`;
    const symbols = findDocumentSymbols(doc(text));
    assert.deepEqual(names(symbols), ['*', 'b', 'Sitemap']);
    const record = symbols[1];
    assert.equal(record.range.start.line, 3);
    assert.equal(record.range.end.line, 4 + 2 * n + 4 * n + 3 * n);
    const children = record.children ?? [];
    assert.equal(children.length, 3 * n);
    // The groups before, as they are.
    assert.deepEqual(names(children.slice(0, 3)), ['xa', 'xb', 'xc']);
    assert.equal(children[n - 1].name, `x${letters(n - 1)}`);
    assert.equal(children[0].detail, '1 rule');
    assert.deepEqual([children[0].range.start.line, children[0].range.end.line], [5, 6]);
    // Each sub-record, with the group that starts inside it.
    const sub = children[n];
    assert.equal(sub.name, 'p0');
    assert.equal(sub.detail, 'purpose · 1 field');
    assert.deepEqual([sub.range.start.line, sub.range.end.line], [5 + 2 * n, 8 + 2 * n]);
    assert.deepEqual(names(sub.children), ['ya']);
    assert.deepEqual([sub.children![0].range.start.line, sub.children![0].range.end.line], [6 + 2 * n, 7 + 2 * n]);
    assert.deepEqual(names(children[2 * n - 1].children), [`y${letters(n - 1)}`]);
    assert.ok(children.slice(n, 2 * n).every((s, i) => s.name === `p${i}` && s.children?.length === 1));
    // The groups after, each with its two rules.
    assert.deepEqual(names(children.slice(2 * n, 2 * n + 2)), ['wa', 'wb']);
    assert.equal(children[3 * n - 1].name, `w${letters(n - 1)}`);
    assert.equal(children[3 * n - 1].detail, '2 rules');
    assert.ok(children.slice(2 * n).every((g) => !g.children?.length));
  });
});

// ---------------------------------------------------------------------------------------------
// Purpose completion against a plain dedupe and the cap

const CAP = 200;

/** A file of ACAP-usage-purpose lines (some followed by a field), one of them the cursor's, its value replaced by `typed`. */
function purposeFile(patterns: readonly string[], fieldAfter: readonly boolean[], cursorAt: number, typed: string) {
  const lines = ['##ACAP version=1.0', 'ACAP-crawler: b'];
  const entries: { pattern: string; line: number }[] = [];
  let cursorLine = -1;
  patterns.forEach((p, i) => {
    if (i === cursorAt) {
      cursorLine = lines.length;
      lines.push(`ACAP-usage-purpose: ${typed}`);
    } else {
      entries.push({ pattern: p, line: lines.length });
      lines.push(`ACAP-usage-purpose: ${p}`);
    }
    if (fieldAfter[i]) lines.push('ACAP-disallow-index: /a');
  });
  if (cursorLine < 0) {
    cursorLine = lines.length;
    lines.push(`ACAP-usage-purpose: ${typed}`);
  }
  return { text: lines.join('\n') + '\n', cursorLine, entries };
}

/** What the list should be: the first spelling of each purpose (case-insensitively), in order; past CAP, those starting with what is typed, at most CAP, and incomplete. */
function expectedPurposes(entries: readonly { pattern: string; line: number }[], typed: string) {
  const firsts: { pattern: string; line: number }[] = [];
  for (const e of entries) {
    if (e.pattern === '') continue;
    if (!firsts.some((f) => f.pattern.toLowerCase() === e.pattern.toLowerCase())) firsts.push(e);
  }
  const many = firsts.length > CAP;
  const listed = (many ? firsts.filter((f) => f.pattern.toLowerCase().startsWith(typed.toLowerCase())) : firsts).slice(0, CAP);
  return { isIncomplete: many, items: listed.map((f) => ({ label: f.pattern, detail: `usage purpose, line ${f.line + 1}` })) };
}

function actualPurposes(text: string, cursorLine: number) {
  const list = completeLast(text, cursorLine);
  const sorted = [...list.items].sort((a, b) => (a.sortText! < b.sortText! ? -1 : a.sortText! > b.sortText! ? 1 : 0));
  assert.equal(sorted.map((i) => i.label).join(' '), list.items.map((i) => i.label).join(' '), 'sortText keeps the order');
  for (const i of list.items) assert.equal((i.textEdit as { newText: string }).newText, i.label);
  return { isIncomplete: list.isIncomplete, items: list.items.map((i) => ({ label: i.label, detail: i.detail })) };
}

interface Purposes {
  readonly isIncomplete: boolean;
  readonly items: readonly { readonly label: string; readonly detail: string | undefined }[];
}

/** The two lists are the same; when not, the first item that differs is reported, not a diff of 200 items. */
function samePurposes(actual: Purposes, expected: Purposes, what = ''): void {
  assert.equal(actual.isIncomplete, expected.isIncomplete, `isIncomplete ${what}`);
  const k = actual.items.findIndex((a, i) => a.label !== expected.items[i]?.label || a.detail !== expected.items[i]?.detail);
  if (k >= 0) assert.deepEqual(actual.items[k], expected.items[k], `item ${k} ${what}`);
  assert.equal(actual.items.length, expected.items.length, `number of items ${what}`);
}

suite('purpose completion: first spellings, capped (against a plain dedupe)', () => {
  const spelling = fc.tuple(
    fc.oneof(
      { arbitrary: fc.integer({ min: 0, max: 1000 }).map((i) => `p${i}`), weight: 4 },
      { arbitrary: fc.constantFrom('news', 'News', 'ads', 'http://news.search.*/*', 'P1', ''), weight: 1 },
    ),
    fc.boolean(),
  ).map(([p, upper]) => (upper ? p.toUpperCase() : p));

  test('random files of up to 500 purpose lines, the cursor on one of them or after them', function () {
    this.timeout(60_000);
    // Runs whose file names more purposes than the cap, and runs whose file names fewer: both kinds must be tried.
    const tried = { capped: 0, whole: 0 };
    fc.assert(
      fc.property(
        fc.array(spelling, { maxLength: 500, size: 'max' }),
        fc.array(fc.boolean(), { maxLength: 500, size: 'max' }),
        fc.nat(600),
        fc.constantFrom('', 'p', 'P1', 'p2', 'p10', 'n', 'x'),
        (patterns, fields, cursorAt, typed) => {
          const f = purposeFile(patterns, fields, cursorAt, typed);
          const expected = expectedPurposes(f.entries, typed);
          samePurposes(actualPurposes(f.text, f.cursorLine), expected);
          tried[expected.isIncomplete ? 'capped' : 'whole']++;
        },
      ),
      // No shrinking: a failure past the cap holds on hundreds of purposes, and shrinking them took minutes.
      { numRuns: 200, seed: 41, endOnFailure: true },
    );
    assert.ok(tried.capped >= 20 && tried.whole >= 20, JSON.stringify(tried));
  });

  test('at the cap: 200 purposes are all listed, 201 are cut and the list is incomplete', () => {
    for (const [n, typed] of [[199, ''], [200, ''], [200, 'p19'], [201, ''], [201, 'p19'], [201, 'P2'], [450, 'p1']] as const) {
      // Each purpose twice, the second time in capitals: one spelling each.
      const patterns = Array.from({ length: n }, (_, i) => `p${i}`).flatMap((p) => [p, p.toUpperCase()]);
      const f = purposeFile(patterns, patterns.map((_, i) => i % 3 === 0), -1, typed);
      const expected = expectedPurposes(f.entries, typed);
      samePurposes(actualPurposes(f.text, f.cursorLine), expected, `${n} ${typed}`);
      assert.equal(expected.isIncomplete, n > CAP);
      const starting = Array.from({ length: n }, (_, i) => `p${i}`).filter((p) => p.startsWith(typed.toLowerCase())).length;
      assert.equal(expected.items.length, n > CAP ? Math.min(CAP, starting) : n);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The outline against the former outlineBlocks

/** The former outlineBlocks, searching the sub-records for each group (its helpers written plainly). */
function referenceBlocks(model: RobotsModel): Block[] {
  const lastBelow = (xs: readonly number[], limit: number): number => {
    let best = -1;
    for (const x of xs) if (x < limit) best = x;
    return best;
  };
  const groupEnd = (g: Group): number => {
    const next = model.records.find((r) => r.startLine > g.startLine);
    if (!next || next.startLine > g.endLine) return g.endLine;
    const member = lastBelow(g.members, next.startLine);
    return member >= 0 ? member : Math.max(g.startLine, lastBelow(g.agents, next.startLine));
  };
  const clipTo = (b: Block, last: number): Block => {
    if (b.endLine <= last) return b;
    let endLine = b.startLine;
    for (const l of b.nameLines) if (l <= last && l > endLine) endLine = l;
    for (const l of b.fieldLines) if (l <= last && l > endLine) endLine = l;
    return { ...b, endLine, nameLines: b.nameLines.filter((l) => l <= endLine), fieldLines: b.fieldLines.filter((l) => l <= endLine) };
  };
  const groups: Block[] = model.groups.map((g) => {
    const endLine = groupEnd(g);
    const upTo = (xs: readonly number[]): number[] => (endLine >= g.endLine ? xs.slice() : xs.filter((l) => l <= endLine));
    return { kind: 'group', startLine: g.startLine, endLine, children: [], nameLines: upTo(g.agents), fieldLines: upTo(g.members) };
  });
  const out: Block[] = [];
  let k = 0;
  for (const r of model.records) {
    while (k < groups.length && groups[k].startLine < r.startLine) out.push(groups[k++]);
    const inner: Block[] = [];
    while (k < groups.length && groups[k].startLine <= r.endLine) inner.push(groups[k++]);
    const subs = r.subRecords.map((s) => {
      const startLine = s.purposes[0];
      const endLine = Math.max(s.purposes[s.purposes.length - 1], s.fields.length ? s.fields[s.fields.length - 1] : -1);
      return { kind: 'sub-record' as const, startLine, endLine, children: [] as Block[], nameLines: s.purposes, fieldLines: s.fields };
    });
    const loose: Block[] = [];
    for (const g of inner) {
      const host = subs.find((s) => g.startLine > s.startLine && g.startLine <= s.endLine);
      if (host) host.children.push(clipTo(g, host.endLine));
      else loose.push(clipTo(g, (subs.find((s) => s.startLine > g.startLine)?.startLine ?? Infinity) - 1));
    }
    const children = [...subs, ...loose].sort((a, b) => a.startLine - b.startLine);
    const fields = [...r.general, ...r.subRecords.flatMap((s) => s.fields)];
    if (r.reference !== undefined) fields.push(r.reference);
    out.push({ kind: 'record', startLine: r.startLine, endLine: r.endLine, children, nameLines: r.crawlers, fieldLines: fields });
  }
  while (k < groups.length) out.push(groups[k++]);
  out.sort((a, b) => a.startLine - b.startLine);
  return out;
}

const OUTLINE_LINES = [
  'ACAP-crawler: a', 'ACAP-crawler: b', 'User-agent: x', 'User-agent: y', 'Disallow: /z', 'Allow: /a', 'Crawl-delay: 1',
  'ACAP-usage-purpose: p', 'ACAP-usage-purpose: q', 'ACAP-disallow-index: /a', 'ACAP-allow-crawl: /', 'ACAP-request-crawl: /r',
  'ACAP-permissions-reference: /acap.txt', 'Sitemap: https://e.test/s.xml', 'ACAP-resource-set: s /a', '##ACAP version=1.0', '', '# c',
];

suite('outline blocks: one walk over groups and sub-records (against the former search)', () => {
  test('random files of up to 80 lines: the same blocks', function () {
    this.timeout(60_000);
    // Runs with a group inside a sub-record, beside sub-records, and cut short: each must be tried.
    const tried = { inside: 0, beside: 0, cut: 0 };
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...OUTLINE_LINES), { maxLength: 80, size: 'max' }), (ls) => {
        const model = getModel(doc(ls.join('\n') + '\n'));
        const blocks = outlineBlocks(model);
        assert.deepEqual(blocks, referenceBlocks(model));
        const records = blocks.filter((b) => b.kind === 'record' && b.children.some((c) => c.kind === 'sub-record'));
        if (records.some((r) => r.children.some((c) => c.children.length > 0))) tried.inside++;
        if (records.some((r) => r.children.some((c) => c.kind === 'group'))) tried.beside++;
        const inner = records.flatMap((r) => r.children.flatMap((c) => (c.kind === 'group' ? [c] : c.children)));
        if (inner.some((g) => g.endLine < model.groups.find((m) => m.startLine === g.startLine)!.endLine)) tried.cut++;
      }),
      { numRuns: 3000, seed: 43 },
    );
    assert.ok(tried.inside >= 100 && tried.beside >= 100 && tried.cut >= 100, JSON.stringify(tried));
  });

  test('enumerated: groups before, inside, between and after the sub-records of two records, some cut by the next sub-record', () => {
    // `late`: a Disallow after the purpose line joins the group above, which the sub-record then cuts.
    const sub = (p: string, inside: boolean, late: boolean) => [
      `ACAP-usage-purpose: ${p}`, ...(late ? ['Disallow: /late'] : []), ...(inside ? ['User-agent: in', 'Disallow: /i'] : []), 'ACAP-disallow-index: /a',
    ];
    const group = (a: string) => [`User-agent: ${a}`, 'Disallow: /g'];
    for (let mask = 0; mask < 256; mask++) {
      const bit = (b: number) => (mask & (1 << b)) !== 0;
      const record = (c: string, o: number) => [
        `ACAP-crawler: ${c}`, 'ACAP-allow-crawl: /',
        ...(bit(o) ? group('before') : []), ...sub('p', bit(o + 1), false), ...(bit(o + 2) ? group('between') : []),
        ...sub('q', false, bit(o + 3)), ...sub('r', true, false), ...group('after'),
      ];
      const text = [...record('a', 0), ...record('b', 4)].join('\n') + '\n';
      const model = getModel(doc(text));
      const blocks = outlineBlocks(model);
      assert.deepEqual(blocks, referenceBlocks(model), text);
      assert.equal(blocks.length, 2);
      // Every record: its three sub-records and loose groups; `in` groups inside their sub-records.
      for (const b of blocks) {
        assert.equal(b.children.filter((c) => c.kind === 'sub-record').length, 3);
        assert.ok(b.children.every((c) => c.children.every((g) => g.kind === 'group' && g.startLine > c.startLine && g.endLine <= c.endLine)));
      }
    }
  });
});
