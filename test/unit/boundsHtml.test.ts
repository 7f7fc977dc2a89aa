/**
 * Cost bounds of the HTML side, held on generated worst cases (the convention of bounds.test.ts:
 * the explicit 10 s timeout is the bound, the old behaviour fails it by far), each with the answer
 * checked.
 *
 * - hover on a META name: the page table grouped its rows by searching every group with freshly
 *   joined cells (crawlers × groups), every crawler's answer scanned every META tag (crawlers ×
 *   usages × tags), and the table had a row for every crawler the page names;
 * - explainPage read every META tag of the page for every answer (queries × tags);
 * - quick fixes: the META tag a diagnostic sits on was searched from the first tag, per diagnostic.
 *
 * Then the new code against the logic it replaced, on small generated pages (fast-check): the
 * page table against the former pageTable, the statements against the former scan of every tag,
 * the quick fixes' tag against the former search; both kept below as references.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { CodeAction, Diagnostic } from 'vscode-languageserver-types';
import { doHtmlHover, explainPage, getHtmlCodeActions, pageTable, parseDocument, parseHtml, validateHtml, type HtmlHoverContext } from '../../server/src/service';
import { DEFAULT_CRAWLERS, MATRIX_USAGES, matrixUsages } from '../../server/src/service/engine/matrix';
import { STANDARD_META_NAMES } from '../../server/src/service/facts/htmlFacts';
import { cell } from '../../server/src/service/html/htmlHover';
import { metaStatements, statementsOf, type Statement } from '../../server/src/service/html/pagePermissions';
import type { HtmlPage, MetaTag } from '../../server/src/service/html/types';

const BOUND = 10_000;
const URI = 'file:///site/page.html';

/** A page of `n` META tags, one a line from line 1 (0-based), `tag(i)` each. */
function pageOf(n: number, tag: (i: number) => string): HtmlPage {
  return parseHtml(URI, '<!doctype html><html><head><title>t</title>\n' + Array.from({ length: n }, (_, i) => `${tag(i)}\n`).join('') + '</head><body>x</body></html>\n');
}

const namedTag = (i: number): string => `<meta name="bot${i}" content="noindex">`;
const robotsTag = (i: number): string => `<meta name="robots" content="${i % 2 ? 'noindex' : 'index'}, max-snippet:${i}">`;

function hoverText(page: HtmlPage, line: number, character: number, ctx: HtmlHoverContext = {}): string {
  const h = doHtmlHover(page, { line, character }, ctx);
  return h ? (h.contents as { value: string }).value : '';
}

/** The table's body rows (after the header and its rule). */
function rows(md: string): string[] {
  return md.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| crawler |'));
}

const ALL_YES = '| ✓ | ✓ | ✓ | ✓ | ✓ | ✓ |';
const botRow = (i: number): string => `| bot${i} | ✓ | ✓ | ✗ [${i + 2}](${URI}#L${i + 2} "page line ${i + 2}") | ✓ | ✓ | ✓ |`;

suite('bounds: HTML pages', () => {
  test('hover on a META name among 10,000 named META tags (was 23 s)', function () {
    this.timeout(BOUND);
    const page = pageOf(10_000, namedTag);
    const md = hoverText(page, 1, 13);
    assert.match(md, /^Addresses the crawler bot0, and beats `robots` for it/);
    const r = rows(md);
    // The first groups in page order, then the group of any other crawler; the rest counted.
    assert.deepEqual(r.slice(0, 10), Array.from({ length: 10 }, (_, i) => botRow(i)));
    assert.equal(r[10], `| ${DEFAULT_CRAWLERS.join(', ')}, \\* any other ${ALL_YES}`);
    assert.equal(r.length, 11);
    const answered = /(\d+) more crawlers this page's META tags name are not answered here \(a hover answers the first (\d+)\)/.exec(md);
    assert.ok(answered, md.slice(-800));
    // Every crawler is either answered or counted: the page's 10,000, the 8 listed, and *.
    assert.equal(Number(answered[1]) + Number(answered[2]), 10_000 + DEFAULT_CRAWLERS.length + 1);
    const answeredBots = Number(answered[2]) - DEFAULT_CRAWLERS.length - 1;
    assert.match(md, new RegExp(`\\n${answeredBots + 1 - 11} more groups of crawlers not shown\\.`));
    assert.ok(md.length < 5_000, `${md.length} characters`);
  });

  test('hover on the name of the last of 10,000 META tags: its own crawler\'s row is answered and shown', function () {
    this.timeout(BOUND);
    const page = pageOf(10_000, namedTag);
    const md = hoverText(page, 10_000, 13);
    assert.match(md, /^Addresses the crawler bot9999,/);
    const r = rows(md);
    assert.ok(r.includes(botRow(9999)), r.join('\n'));
    assert.deepEqual(r.slice(0, 10), Array.from({ length: 10 }, (_, i) => botRow(i)));
    assert.equal(r[r.length - 1], `| ${DEFAULT_CRAWLERS.join(', ')}, \\* any other ${ALL_YES}`);
    assert.equal(r.length, 12);
  });

  test('a row of many crawlers names the first few, counts the others and keeps any other crawler', function () {
    this.timeout(BOUND);
    // robots.txt forbids crawling: every crawler answers alike and shares one row.
    const robots = parseDocument('file:///site/robots.txt', 1, 'User-agent: *\nDisallow: /\n');
    const md = hoverText(pageOf(2_000, namedTag), 1, 13, { robots, path: '/page.html' });
    const r = rows(md);
    assert.equal(r.length, 1, r.join('\n'));
    const names = /^\| (.*?) \| ✗ \[2\]\(file:\/\/\/site\/robots\.txt#L2/.exec(r[0]);
    assert.ok(names, r[0]);
    const m = /^((?:bot\d+, ){12})(\d+) more and \\\* any other$/.exec(names[1]);
    assert.ok(m, names[1]);
    assert.equal(m[1], Array.from({ length: 12 }, (_, i) => `bot${i}, `).join(''));
    const answered = /(\d+) more crawlers this page's META tags name are not answered here \(a hover answers the first (\d+)\)/.exec(md);
    assert.ok(answered, md);
    assert.equal(Number(m[2]) + 12 + 1, Number(answered[2]), 'the row holds every answered crawler');
    assert.doesNotMatch(md, /more groups of crawlers not shown/);
  });

  test('a cell of many qualifiers names the first few and counts the others (8,000 max-snippet tags made a 175 KB hover)', function () {
    this.timeout(BOUND);
    // max-snippet:1 … 8,000 (max-snippet:0 would refuse snippets outright).
    const page = pageOf(8_000, (i) => `<meta name="robots" content="${i % 2 ? 'noindex' : 'index'}, max-snippet:${i + 1}">`);
    const text = hoverText(page, 1, 15);
    assert.ok(text.length < 4_000, `${text.length} characters`);
    // `*`'s snippet cell: the union of the page's max-length qualifiers, the first four written.
    assert.match(text, /✓ \[2\]\([^)]*\) max-length=1-chars max-length=2-chars max-length=3-chars max-length=4-chars and 7,996 more \|/);
    // The engine's answer keeps them all (the CLI's explain lists them).
    assert.equal(explainPage(undefined, page, { agent: '*', usage: 'present-snippet', path: '/' }).qualifiers.length, 8_000);
  });

  test('explainPage for each of 60,000 crawlers a page names, as a queries file asks (was 81 s)', function () {
    this.timeout(BOUND);
    const n = 60_000;
    const page = pageOf(n, namedTag);
    for (let i = 0; i < n; i++) {
      const e = explainPage(undefined, page, { agent: `Bot${i}`, usage: 'index', path: '/' });
      if (e.allowed || e.decidedBy[0]?.line !== i + 2) assert.fail(`bot${i}: ${JSON.stringify(e.decidedBy)}`);
    }
    assert.equal(explainPage(undefined, page, { agent: 'other', usage: 'index', path: '/' }).allowed, true);
  });

  test('quick fixes for every diagnostic of 100,000 robots META tags (was 77 s)', function () {
    this.timeout(BOUND);
    const n = 100_000;
    const page = pageOf(n, robotsTag);
    const diags = validateHtml(page, { maxProblems: 1e9 });
    const adds = diags.filter((d) => (d.data as { addMeta?: string } | undefined)?.addMeta !== undefined);
    assert.equal(adds.length, n + n / 2, 'a max-snippet on every tag, a noindex on every other');
    const actions = getHtmlCodeActions(page, { start: { line: 0, character: 0 }, end: { line: n + 2, character: 0 } }, diags);
    assert.equal(actions.length, adds.length);
    for (const a of actions) {
      const d = a.diagnostics?.[0] as Diagnostic;
      const i = d.range.start.line - 1;
      assert.equal(a.title, `Add ${(d.data as { addMeta: string }).addMeta}`);
      // After the diagnostic's own tag, which fills line i + 1.
      const end = { line: i + 1, character: robotsTag(i).length };
      const edit = a.edit?.changes?.[URI]?.[0];
      assert.deepEqual(edit?.range, { start: end, end }, a.title);
    }
    assert.equal(actions.filter((a) => /ACAP disallow-index/.test(a.title)).length, n / 2);
  });
});

// ——— the former logic, as references ———

/** The former pageTable: every crawler a row, grouped by a search of every group. */
function oldPageTable(page: HtmlPage, ctx: HtmlHoverContext): string {
  const path = ctx.path ?? '/';
  const named = page.metas.map((m) => m.name.text).filter((n) => n.toLowerCase() !== 'robots' && /^[A-Za-z]/.test(n) && !STANDARD_META_NAMES.includes(n.toLowerCase()));
  const crawlers = [...new Map([...named, ...(ctx.crawlers ?? DEFAULT_CRAWLERS), '*'].map((c) => [c.toLowerCase(), c])).values()];
  const usages = ctx.robots ? matrixUsages(ctx.robots) : MATRIX_USAGES;
  const rows = crawlers.map((agent) => {
    const cells = usages.map((usage) => cell(explainPage(ctx.robots, page, { agent, usage, path }, ctx), page.uri, ctx.robots?.uri));
    return { agent, cells };
  });
  const grouped: { agents: string[]; cells: string[] }[] = [];
  for (const r of rows) {
    const same = grouped.find((g) => g.cells.join('|') === r.cells.join('|'));
    if (same) same.agents.push(r.agent);
    else grouped.push({ agents: [r.agent], cells: r.cells });
  }
  const header = `| crawler | ${usages.map((u) => (u === 'present-snippet' ? 'snippet' : u)).join(' | ')} |\n|---|${usages.map(() => ':-:').join('|')}|`;
  const body = grouped.map((g) => `| ${g.agents.map((a) => (a === '*' ? '\\* any other' : a)).join(', ')} | ${g.cells.join(' | ')} |`).join('\n');
  const source = ctx.robots ? `robots.txt and this page's META tags` : `this page's META tags (no robots.txt found for the site)`;
  return `**Who may use this page (\`${path}\`)** — ${source}\n\n${header}\n${body}\n\n– never read: robots.txt forbids crawling the page.`;
}

/** The former statements: every META tag read for every crawler (each tag's statements read as the page reads them). */
function oldStatements(page: HtmlPage, token: string): unknown[] {
  const t = token.toLowerCase();
  const out: Statement[] = [];
  for (const meta of page.metas) {
    if (meta.nameLower === 'robots' || (meta.nameLower === t && t !== 'robots')) statementsOf(meta, out);
  }
  return out;
}

/** The former search for a diagnostic's tag. */
function oldTagAt(page: HtmlPage, at: number): MetaTag | undefined {
  return page.metas.find((m) => at >= m.tag.start && at <= m.tag.end);
}

// ——— small generated pages ———

const NAMES = ['robots', 'ROBOTS', 'GPTBot', 'gptbot', 'Googlebot', 'bot1', 'Bot1', 'CCBot', 'description', 'tdm-reservation', '1bad'];
const CONTENTS = [
  'noindex', 'nofollow, noarchive', 'index, max-snippet:5', 'max-snippet:0', 'nosnippet', 'noai', '', 'ACAP disallow-index', 'ACAP allow-index',
  'ACAP allow-present-snippet max-length=20-words', 'ACAP disallow-present', 'ACAP news.* disallow-index', 'ACAP version 1.1', 'ACAP allow-crawl location=http://x/', 'ACAP disallow-crawl', 'ACAP allow-follow',
];
const ROBOTS = [
  undefined,
  parseDocument('file:///site/robots.txt', 1, 'User-agent: *\nDisallow: /private/\n\nACAP-crawler: *\nACAP-allow-crawl: /\nACAP-disallow-index: /drafts/\n'),
  parseDocument('file:///site/robots.txt', 1, 'User-agent: GPTBot\nDisallow: /\n\nUser-agent: *\nAllow: /\n'),
];
const PATHS = ['/', '/private/a.html', '/drafts/x.html', '/news/a.html'];

/** A META tag, `<meta name=… content=…>` or one without content; then the next at once, after a space, a line, or other markup. */
const metaArb = fc.record({
  name: fc.constantFrom(...NAMES),
  content: fc.option(fc.constantFrom(...CONTENTS), { nil: undefined }),
  sep: fc.constantFrom('\n', '', ' ', '\n  ', '<title>t</title>\n', '<!-- c -->'),
});
const pageArb = fc.array(metaArb, { maxLength: 6 }).map((ms) => parseHtml(URI, `<html><head>\n${ms.map((m) => `<meta name="${m.name}"${m.content === undefined ? '' : ` content="${m.content}"`}>${m.sep}`).join('')}\n</head><body><p class="the-acap:disallow-index">x</p></body></html>`));
const ctxArb = fc.record({
  robots: fc.constantFrom(...ROBOTS),
  path: fc.constantFrom(...PATHS),
  crawlers: fc.option(fc.constantFrom(['GPTBot'], ['gptbot', 'Bot1'], [], ['CCBot', 'Googlebot', 'x']), { nil: undefined }),
}).map((c): HtmlHoverContext => ({ ...(c.robots ? { robots: c.robots } : {}), path: c.path, ...(c.crawlers ? { crawlers: c.crawlers } : {}) }));

suite('the page table and statements against the logic they replaced', () => {
  test('small pages: the same table as the former pageTable, whichever tag is hovered', function () {
    this.timeout(60_000);
    fc.assert(
      fc.property(pageArb, ctxArb, fc.nat(), (page, ctx, k) => {
        const old = oldPageTable(page, ctx);
        assert.equal(pageTable(page, ctx), old);
        const hovered = page.metas.length ? page.metas[k % page.metas.length].name.text : undefined;
        assert.equal(pageTable(page, ctx, hovered), old);
      }),
      { numRuns: 300 },
    );
  });

  test('small pages: the same statements as the former scan, in page order, for any token', () => {
    fc.assert(
      fc.property(pageArb, fc.constantFrom(...NAMES, '*', 'other', 'GPTBOT'), (page, token) => {
        assert.deepEqual(metaStatements(page, token), oldStatements(page, token));
      }),
      { numRuns: 500 },
    );
  });

  test('more groups than a hover shows: the former table\'s first groups and its any-other group, the rest counted', () => {
    const page = pageOf(30, namedTag);
    const old = rows(oldPageTable(page, {}));
    assert.equal(old.length, 31);
    const md = pageTable(page, {});
    assert.deepEqual(rows(md), [...old.slice(0, 10), old[30]]);
    assert.match(md, /\n20 more groups of crawlers not shown\./);
    assert.doesNotMatch(md, /not answered here/);
  });

  test('quick fixes: the same tag as the former search, at every offset of small pages', () => {
    fc.assert(
      fc.property(pageArb, (page) => {
        // A diagnostic at every offset of the page, asking for a tag after the one it sits on.
        const diags: Diagnostic[] = [];
        for (let o = 0; o <= page.text.length; o++) {
          const p = page.positionAt(o);
          diags.push({ range: { start: p, end: p }, message: 'x', source: 'robots-acap', code: 'meta.conventional-equivalent', data: { addMeta: '<meta name="x">' } });
        }
        const actions = getHtmlCodeActions(page, { start: { line: 0, character: 0 }, end: { line: 1e6, character: 0 } }, diags);
        const expected = diags.map((d) => oldTagAt(page, page.offsetAt(d.range.start)) ?? page.metas[0]).filter((m) => m !== undefined);
        assert.deepEqual(actions.map((a: CodeAction) => a.edit?.changes?.[URI]?.[0].range.start), expected.map((m) => page.positionAt(m.tag.end)));
        // Without a META tag there is nothing to follow: no action.
        assert.equal(actions.length, page.metas.length ? diags.length : 0);
      }),
      { numRuns: 200 },
    );
  });
});
