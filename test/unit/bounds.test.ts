/**
 * Issue 12: a cost bound for every algorithm, held on generated worst cases. Each test runs one
 * request on a file that took tens of seconds to minutes before (the figure is in its name) and
 * checks that the answer is sane. The explicit 10 s timeout is the bound: the old behaviour
 * fails it by far, the bounded one needs a fraction of it (test/bench/worstCases.ts prints the
 * figures through the real server).
 */
import * as assert from 'node:assert/strict';
import {
  convertToAcap, convertToRep, crawlersNamed, diffRobots, doComplete, doHover, doValidation, explain, explainAiUse, formatExplanation, findDocumentSymbols, getCodeActions, getConversionActions, matchPattern, parseDocument, parseHtml, permissionMatrix, validateHtml,
  type RobotsDocument,
} from '../../server/src/service';
import { intersect, toFull, MAX_INTERSECT_TAIL } from '../../server/src/service/convert/verify';
import { toggleIgnore } from './kit/ignoreLine';
import { LISTED_MAX } from '../../server/src/service/engine/permissions';
import { DEFAULT_CRAWLERS, permissionsView } from '../../server/src/service';
import { MAX_VIEW_ANSWERS } from '../../server/src/service/features/permissionsView';
import { runCli } from './kit/cli';
import {
  brokenTwinFields, letters, longAllowsBesideRecords, longPatternPair, manyClasses, manyGroupsHover, manyRecordsHover, manyResourceSets, manyStarRules, nestedPatterns, paddedValues, paddedVisitTime, recordsWithPurposes, sameCrawlerRecords, starsHover,
  type WorstCase,
} from '../bench/pathological';

const BOUND = 10_000;

function docOf(c: WorstCase): RobotsDocument {
  return parseDocument('file:///site/robots.txt', 1, c.text);
}

function hoverText(c: WorstCase): string {
  const h = doHover(docOf(c), { line: c.line, character: c.character });
  const contents = h?.contents;
  return contents && typeof contents === 'object' && 'value' in contents ? contents.value : '';
}

function codeActions(c: WorstCase): string[] {
  const at = { line: c.line, character: c.character };
  return getConversionActions(docOf(c), { start: at, end: at }).map((a) => a.title);
}

suite('bounds: generated worst cases (issue 12)', () => {
  test('hover on a Disallow of 10,000 * (was 50 s)', function () {
    this.timeout(BOUND);
    const text = hoverText(starsHover(10_000));
    assert.match(text, /Who may use `\/x{10000}`/);
    assert.match(text, /\| \\\* any other/);
  });

  test('hover on a Disallow of 30,000 * (was over 3 minutes)', function () {
    this.timeout(BOUND);
    assert.match(hoverText(starsHover(30_000)), /Who may use/);
  });

  test('matching: 5,000 stars against 100,000 characters, no backtracking', function () {
    this.timeout(BOUND);
    const path = '/' + 'a'.repeat(100_000);
    const stars = '/' + 'a*'.repeat(5000);
    assert.equal(matchPattern(stars, path), true);
    assert.equal(matchPattern(stars + 'b', path), false);
    assert.equal(matchPattern(stars + 'a$', path), true);
    assert.equal(matchPattern('/' + '*a'.repeat(5000) + 'b$', path), false);
  });

  test('code actions on 100 rules of 100 * each (was minutes and GBs)', function () {
    this.timeout(BOUND);
    const titles = codeActions(manyStarRules(100, 100));
    assert.ok(titles.some((t) => t.startsWith('Convert the file to ACAP')), titles.join('\n'));
  });

  test('code actions on two 4,000-character patterns with one head (was minutes and GBs)', function () {
    this.timeout(BOUND);
    const titles = codeActions(longPatternPair(4000));
    assert.ok(titles.some((t) => t.startsWith('Convert this Disallow to ACAP-disallow-crawl')), titles.join('\n'));
  });

  test('conversion to REP beside Allow lines of 100,000 characters, verified (was 35 s)', function () {
    this.timeout(BOUND);
    const c = longAllowsBesideRecords(4000, 12, 100_000);
    const result = convertToRep(docOf(c));
    // Verified over the probe paths the long pattern gives (`bot0`… name the crawler `bot` in a
    // User-agent line, which the warnings say); the long Allow lines are kept.
    assert.ok((result.verification?.checked ?? 0) >= 1000, JSON.stringify(result.verification));
    assert.deepEqual(result.verification?.broken, []);
    assert.equal(result.text?.split('\n').filter((l) => l.length > 100_000).length, 12);
  });

  test('intersection: past its bound a pair is reported (undefined), never computed at length', function () {
    this.timeout(BOUND);
    const head = '/' + 'h'.repeat(4000);
    // The common head is set aside: long heads with short tails are still settled.
    assert.deepEqual(intersect(toFull(head + 'a*z'), toFull(head + 'ab')), [head + 'ab*z*']);
    const tail = 'a*'.repeat(MAX_INTERSECT_TAIL);
    assert.equal(intersect(toFull(head + tail), toFull(head + 'a' + 'b*'.repeat(MAX_INTERSECT_TAIL))), undefined);
    assert.equal(intersect(toFull('/' + 'a'.repeat(4000) + '*'), toFull('/' + 'a*'.repeat(2000))), undefined);
  });

  test('Visit-time padded with 100,000 spaces (was 14–28 s)', function () {
    this.timeout(BOUND);
    const codes = doValidation(docOf(paddedVisitTime(100_000))).map((d) => String(d.code));
    assert.deepEqual(codes, ['rep.visit-time-invalid']);
  });

  test('every value field padded with 100,000 spaces', function () {
    this.timeout(BOUND);
    const codes = doValidation(docOf(paddedValues(100_000)), { maxProblems: 1e6 }).map((d) => String(d.code));
    for (const code of ['rep.request-rate-invalid', 'rep.invalid-preference']) assert.ok(codes.includes(code), codes.join(' '));
  });

  test('hover among 3,000 groups with their own agents (was 17 s)', function () {
    this.timeout(BOUND);
    const text = hoverText(manyGroupsHover(3000));
    // bota is the one crawler its line refuses; the others answered and the 8 default crawlers
    // answer like `*` (names of letters only: RFC 9309 reads `bot0` as `bot`). The table's budget
    // (MAX_TABLE_ANSWERS, one answer per crawler here) answers the first 1,191 the file names
    // besides `*` and the 8 listed, and says how many it left out.
    assert.match(text, /\| bota \| ✗ \[2\]/);
    assert.match(text, /any other \(and 1198 others\)/);
    assert.match(text, /1809 more crawlers the file names are not answered here \(a hover answers the first 1199\)/);
  });

  test('the permission matrix without limits answers every crawler the file names (the CLI table, the permissions view)', function () {
    this.timeout(BOUND);
    const m = permissionMatrix(docOf(manyGroupsHover(3000)), '/p0/', [], 'rfc9309');
    assert.equal(m.unanswered, 0);
    assert.equal(m.rows.reduce((n, r) => n + r.crawlers.length, m.star.crawlers.length), 3000);
  });

  test('hover among 3,000 groups that each decide for their own crawler (rows grouped by key)', function () {
    this.timeout(BOUND);
    const c: WorstCase = { ...manyGroupsHover(3000), character: 10, text: Array.from({ length: 3000 }, (_, i) => `User-agent: bot${letters(i)}\nDisallow: /\n`).join('\n') };
    const text = hoverText(c);
    // 1,191 crawlers answered, each with a row of its own; 10 shown.
    assert.match(text, /1181 more groups of crawlers not shown/);
    assert.match(text, /1809 more crawlers the file names are not answered here/);
  });

  test('hover among 5,000 ACAP records with their own crawlers', function () {
    this.timeout(BOUND);
    const text = hoverText(manyRecordsHover(5000));
    assert.match(text, /\| bota \| ✗ \[3\]/);
    // Six columns in two readings: 1,200 answers pay for 100 rows, `*` and the 8 listed among them.
    assert.match(text, /4909 more crawlers the file names are not answered here \(a hover answers the first 99\)/);
  });

  test('hover among 1,000 records with 4 purposes each: 3 purpose sections, and the budget shared by them', function () {
    this.timeout(BOUND);
    const text = hoverText(recordsWithPurposes(1000, 4));
    // 6 columns × (1 + 3 purpose sections) × 2 readings = 48 answers a crawler: 25 rows, `*` and the 8 listed among them.
    assert.match(text, /984 more crawlers the file names are not answered here \(a hover answers the first 24\)/);
    assert.equal(text.match(/For purpose `purpose\d`/g)?.length, 3);
    assert.match(text, /1 more purposes not shown/);
    // The first crawler still has its row: its record refuses the hovered path.
    assert.match(text, /\| bota[ |]/);
  });

  test('explain with 20,000 candidates of one pattern (narrowest and their fields without comparing every pair)', function () {
    this.timeout(BOUND);
    const doc = parseDocument('file:///site/robots.txt', 1, '##ACAP version=1.0\nACAP-crawler: *\n' + 'ACAP-disallow-crawl: /\n'.repeat(20_000) + 'ACAP-allow-crawl: /a\n');
    const tied = explain(doc, { agent: 'x', path: '/b' });
    // All 20,000 decide; the first LISTED_MAX are listed, and the rest counted.
    assert.equal(tied.allowed, false);
    assert.deepEqual(tied.decision.winners.map((w) => w.line), Array.from({ length: LISTED_MAX }, (_, k) => k + 3));
    assert.deepEqual(tied.decision.omitted, { winners: 20_000 - LISTED_MAX, candidates: 20_000 - LISTED_MAX, overridden: 0, losers: 0 });
    assert.match(tied.decision.summary, new RegExp(`line 102 and ${(20_000 - LISTED_MAX).toLocaleString('en')} more lines, the narrowest`));
    assert.equal(tied.decidedBy.length, LISTED_MAX);
    const narrow = explain(doc, { agent: 'x', path: '/a' });
    assert.equal(narrow.allowed, true);
    assert.equal(narrow.decision.losers.length, LISTED_MAX);
    assert.equal(narrow.decision.omitted?.losers, 20_000 - LISTED_MAX);
    assert.match(formatExplanation(narrow), /lost \(crawl\): 19,900 more lines, not listed/);
  });

  test('tied winners past the listed ones still give their qualifiers and say where they are written (interpretation §3.3)', () => {
    const fields = Array.from({ length: 150 }, (_, k) => `ACAP-allow-present-snippet: /${k === 149 ? ' max-length=20-words' : ''}`);
    const doc = parseDocument('file:///site/robots.txt', 1, `##ACAP version=1.0\nACAP-crawler: *\n${fields.join('\n')}\n`);
    const e = explain(doc, { agent: 'x', path: '/p', usage: 'present-snippet' });
    assert.equal(e.allowed, true);
    assert.equal(e.decision.winners.length, LISTED_MAX);
    assert.equal(e.decision.omitted?.winners, 150 - LISTED_MAX);
    assert.deepEqual(e.qualifiers, ['max-length=20-words']);
    assert.deepEqual(e.qualifierSources, [{ qualifier: 'max-length=20-words', line: 152 }]);
  });

  test('hover among 20,000 ACAP records naming one crawler (every query listed all 20,000 tied fields: 1 s a hover; 155,000 records, 7 s)', function () {
    this.timeout(BOUND);
    const c = sameCrawlerRecords(20_000, 'textDocument/hover');
    const doc = parseDocument('file:///site/robots.txt', 1, c.text);
    const h = doHover(doc, { line: c.line, character: c.character });
    const text = h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '';
    assert.match(text, /\| b \(ACAP\) \| ✓‡⁽1⁾ \[6\]/);
    assert.ok(text.length < 5000, `${text.length} characters`);
  });

  test('40,000 unreadable fields beside 40,000 readable ones on one path (each was compared with every candidate: 8,000 pairs took 1 s, quadratic)', function () {
    this.timeout(BOUND);
    const c = brokenTwinFields(40_000);
    const doc = parseDocument('file:///site/robots.txt', 1, c.text);
    const e = explain(doc, { agent: 'b', path: '/x' });
    assert.equal(e.allowed, true);
    assert.equal(e.decision.omitted?.winners, 40_000 - LISTED_MAX);
    // Every unreadable field ties with the readable ones, so each would have spoken: the first
    // LISTED_MAX are named, the others counted in one note.
    const unreadable = e.notes.filter((n) => /^Line \d+ would permit crawl here, but it is missing the colon/.test(n));
    assert.equal(unreadable.length, LISTED_MAX);
    assert.equal(unreadable[0], 'Line 3 would permit crawl here, but it is missing the colon after its field name, so crawlers ignore it.');
    assert.ok(e.notes.includes(`39,900 more lines that crawlers cannot read would have spoken on crawl here; the first ${LISTED_MAX} are named.`), e.notes.slice(-3).join('\n'));
    assert.match(hoverText(c), /\| b \| ✓ \[4\]/);
  });

  test('a table among 60,000 crawlers of one group (Google\'s lines for each crawler filtered every agent of the section: 20,000 took 2.9 s, quadratic)', function () {
    this.timeout(BOUND);
    const doc = parseDocument('file:///site/robots.txt', 1, Array.from({ length: 60_000 }, (_, i) => `User-agent: b${letters(i)}\n`).join('') + 'Disallow: /x\n');
    const m = permissionMatrix(doc, '/x', DEFAULT_CRAWLERS, 'rfc9309');
    // Every named crawler is refused /x in all three profiles; any other crawler may crawl it.
    assert.equal(m.unanswered, 0);
    assert.deepEqual(m.rows.map((r) => [r.crawlers.length, r.profilesDisagree, r.cells[0].allowed]), [[60_000, false, false]]);
    assert.equal(m.star.cells[0].allowed, true);
    const e = explain(doc, { agent: `b${letters(31_000)}`, path: '/x', profile: 'google' });
    assert.deepEqual([e.allowed, e.decidedBy.map((d) => d.line)], [false, [60_001]]);
  });

  test('the permissions view among 40,000 groups (each crawler\'s row was searched for among the rows: 22 s); past its budget the file\'s crawlers are counted, not answered', function () {
    this.timeout(BOUND);
    const doc = parseDocument('file:///site/robots.txt', 1, Array.from({ length: 40_000 }, (_, i) => `User-agent: b${letters(i)}\nDisallow: /\n`).join('\n'));
    const v = permissionsView(doc, '/x');
    // No ACAP: one usage, two readings, one section: MAX_VIEW_ANSWERS / 2 answers, less * and the configured crawlers.
    const answered = MAX_VIEW_ANSWERS / 2 - 1 - DEFAULT_CRAWLERS.length;
    assert.equal(v.crawlersNotShown, 40_000 - answered);
    // Each named crawler is refused by its own group's line, so each has a row; the others share one.
    const rows = v.sections[0].rows;
    assert.equal(rows.length, answered + 1);
    assert.deepEqual([rows[0].crawlers, rows[0].cells[0].conventional], [[`b${letters(0)}`], { allowed: false, line: 2, qualifiers: [] }]);
    assert.deepEqual(rows[rows.length - 1].crawlers, [...DEFAULT_CRAWLERS, '*']);
  });

  test('robots-acap table of 8,000 usage purposes (each purpose read every sub-record, and every purpose made a section: 32 s); the first 50 are shown, the rest named as left out', function () {
    this.timeout(BOUND);
    const text = '##ACAP version=1.0\nACAP-crawler: b\n' + Array.from({ length: 8000 }, (_, i) => `ACAP-usage-purpose: p${i}\nACAP-disallow-index: /a${i}\n`).join('');
    const text1 = runCli(['table', 'robots.txt', '--path', '/a7/x'], { 'robots.txt': text });
    assert.equal(text1.code, 0, text1.err);
    assert.match(text1.out, /7,950 more usage purposes not shown \(a table shows the first 50\)/);
    assert.equal((text1.out.match(/^purpose p\d+:/gm) ?? []).length, 50);
    const json = runCli(['table', 'robots.txt', '--path', '/a7/x', '--format', 'json'], { 'robots.txt': text });
    const m = (JSON.parse(json.out) as { matrices: { purposes: unknown[]; purposesNotShown: string[] }[] }).matrices[0];
    assert.equal(m.purposes.length, 50);
    assert.deepEqual([m.purposesNotShown.length, m.purposesNotShown[0]], [7950, 'p50']);
  });

  test('explain on a path of 100,000 characters (prefix look-ups only at lengths some pattern has)', function () {
    this.timeout(BOUND);
    const doc = parseDocument('file:///site/robots.txt', 1, 'User-agent: *\nDisallow: /a\nAllow: /ab\n');
    for (const profile of ['rfc9309', 'google', 'koster1996'] as const) {
      assert.equal(explain(doc, { agent: 'x', path: '/a' + 'x'.repeat(100_000), profile }).allowed, false, profile);
      // The longest match allows; Koster's first match in file order disallows.
      assert.equal(explain(doc, { agent: 'x', path: '/ab' + 'x'.repeat(100_000), profile }).allowed, profile !== 'koster1996', profile);
    }
  });

  test('AI uses among 150,000 Content-Usage lines of one group: the first 10,000 are read, and the answer says so (a spread of them threw; a hover took 15 s)', function () {
    this.timeout(BOUND);
    const doc = parseDocument('file:///site/robots.txt', 1, 'User-agent: *\nDisallow: /a/x\nContent-Usage: /a/b train-ai=y\n' + 'Content-Usage: /a train-ai=n\n'.repeat(150_000));
    const a = explainAiUse(doc, { agent: 'GPTBot', path: '/a/b', use: 'ai-train' });
    // The longest path decides: line 3, /a/b, among the lines read.
    assert.equal(a.verdict, 'allowed');
    assert.deepEqual(a.decidedBy.map((d) => d.line), [3]);
    assert.ok(a.notes.some((n) => /150001 Content-Usage and Content-Signal lines: only the first 10000 were read/.test(n)), a.notes.join('\n'));
    // The hover's table asks every crawler's three AI uses of the group.
    const h = doHover(doc, { line: 1, character: 12 });
    assert.match(h && typeof h.contents === 'object' && 'value' in h.contents ? h.contents.value : '', /AI uses of `\/a\/x`/);
  });

  test('validation of 155,000 ACAP records for one crawler (the never-wins check listed every field\'s opposite fields again: 3 minutes)', function () {
    this.timeout(BOUND);
    const doc = parseDocument('file:///site/robots.txt', 1, '##ACAP version=1.0\n' + 'ACAP-crawler:b\nACAP-allow-crawl:/\n'.repeat(155_000) + 'ACAP-crawler:b\nACAP-disallow-crawl:*.pdf\n');
    const ds = doValidation(doc, {});
    // The last record's `*.pdf` loses to the `/` of every earlier record for the same crawler: the first one is named.
    const star = ds.filter((d) => d.code === 'acap.star-pattern-never-wins');
    assert.equal(star.length, 1);
    assert.equal(star[0].range.start.line, 310_002);
    assert.equal(star[0].relatedInformation?.[0].location.range.start.line, 2);
  });

  test('155,000 ACAP records: the first ACAP line is found by a loop (Math.min over a spread of every record threw)', function () {
    this.timeout(BOUND);
    const records = 'ACAP-crawler:b\nACAP-allow-crawl:/\n'.repeat(155_000);
    const ignoring = toggleIgnore(parseDocument('file:///site/robots.txt', 1, `User-agent: *\nDisallow: /a\n\n${records}`));
    assert.equal(ignoring.lines[3].text, 'ACAP-ignore-conventional-records', 'inserted above the first record');
    // The quick fix of a misplaced ACAP-ignore-conventional-records moves it above the first record.
    const doc = parseDocument('file:///site/robots.txt', 1, `${records}ACAP-ignore-conventional-records\n`);
    const d = doValidation(doc, {}).find((x) => x.code === 'acap.ignore-conventional-misplaced');
    assert.ok(d, 'the misplaced directive is reported');
    const fix = getCodeActions(doc, d.range, [d]).find((a) => a.title.startsWith('Move it above'));
    assert.ok(fix, 'the move is offered');
  });

  test('found by a hunt on 2026-11-26: arguments of unbounded count, and lists searched inside loops over them', function () {
    this.timeout(BOUND);
    const at = (line: number) => ({ start: { line, character: 0 }, end: { line, character: 0 } });
    // An AI-stance action after a group of 160,000 rules (Math.max over a spread threw).
    const rules = 'User-agent: b\n' + 'Disallow: /x\n'.repeat(160_000);
    const stance = parseDocument('file:///site/robots.txt', 1, `${rules}\n##ACAP version=1.0\nACAP-crawler: b\nACAP-disallow-index: /\n`);
    assert.ok(getCodeActions(stance, at(160_003), []).some((a) => /AI stance/.test(a.title)));
    // The outline of a purpose block after 200,000 lines (Math.max over a spread threw).
    const outline = parseDocument('file:///site/robots.txt', 1, '##ACAP version=1.0\nACAP-crawler: b\nUser-agent: x\n' + 'Disallow: /a\n'.repeat(200_000) + 'ACAP-usage-purpose: p\nDisallow: /z\nACAP-disallow-index: /\n');
    assert.ok(findDocumentSymbols(outline).length > 0);
    // 20,000 records each disallowing other (every record compared with every other: 94 s).
    const other = doValidation(parseDocument('file:///site/robots.txt', 1, '##ACAP version=1.0\n' + 'ACAP-crawler: b\nACAP-disallow-other: /\n'.repeat(20_000)), { maxHintsPerCode: 1_000_000, maxProblems: 1_000_000 });
    assert.equal(other.filter((d) => d.code === 'acap.disallow-other-blocks-site').length, 20_000);
    // Two 40,000-character names one letter apart (the whole edit-distance table: 20 s).
    const name = 'a'.repeat(40_000);
    const typo = doValidation(parseDocument('file:///site/robots.txt', 1, `##ACAP version=1.0\nACAP-qualified-usage: ${name} crawl\nACAP-crawler: b\nACAP-allow-(${name.slice(1)}b): /\n`));
    assert.equal(typo.find((d) => d.code === 'acap.undefined-local-usage')?.message.includes('Did you mean'), true, 'one edit apart');
    // 192,000 User-agent lines of one group, asked for an AI use (each looked up in the list: 13 s).
    const agents = parseDocument('file:///site/robots.txt', 1, 'User-agent: b\n'.repeat(192_000) + 'Disallow: /a\nContent-Usage: train-ai=n\n');
    assert.equal(explainAiUse(agents, { agent: 'b', path: '/', use: 'ai-train' }).verdict, 'prohibited');
    // And through Google's sections, which list the crawler's sections and not its lines.
    assert.equal(explainAiUse(agents, { agent: 'b', path: '/', use: 'ai-train', profile: 'google' }).verdict, 'prohibited');
    // The names under google: one pass over Google's User-agent lines, one reading per new token.
    assert.deepEqual(crawlersNamed(agents, 'google'), ['b']);
    // 26,000 groups, each named on a line only Google reads: 26,000 tokens, each line read once more.
    const letters = (i: number): string => i.toString(26).replace(/./g, (c) => String.fromCharCode(97 + parseInt(c, 26)));
    const googleOnly = parseDocument('file:///site/robots.txt', 1, Array.from({ length: 26_000 }, (_, i) => `useragent: x${letters(i)}\nDisallow: /${i}\n`).join(''));
    assert.equal(crawlersNamed(googleOnly, 'google').length, 26_000);
  });

  test('found by the same hunt: lists searched per line of a purpose, per record, per META word', function () {
    this.timeout(BOUND);
    const at = (line: number) => ({ start: { line, character: 0 }, end: { line, character: 0 } });
    // One purpose of 160,000 fields (each looked up in its sub-record's list: 9 s).
    const purpose = parseDocument('file:///site/robots.txt', 1, 'User-agent: b\nDisallow: /x\n\n##ACAP version=1.0\nACAP-crawler: b\nACAP-usage-purpose: p\n' + 'ACAP-disallow-index: /a\n'.repeat(160_000));
    assert.ok(getCodeActions(purpose, at(4), []).some((a) => /AI stance/.test(a.title) && /usage purpose/.test(a.title)));
    // 12,000 groups and as many records, each action searching every group (6 s).
    const n = 12_000;
    const paired = parseDocument('file:///site/robots.txt', 1, Array.from({ length: n }, (_, i) => `User-agent: b${letters(i)}\nDisallow: /a\n`).join('') + '##ACAP version=1.0\n' + Array.from({ length: n }, (_, i) => `ACAP-crawler: b${letters(i)}\nACAP-disallow-index: /a\n`).join(''));
    const actions = getCodeActions(paired, { start: { line: 0, character: 0 }, end: { line: 4 * n, character: 0 } }, []);
    assert.ok(actions.some((a) => /in the group of line 1\b/.test(a.title)));
    // 20,000 META tags, each word looking for its ACAP equivalent among every tag (37 s).
    const html = '<!doctype html><html><head><title>t</title>' + Array.from({ length: 20_000 }, (_, i) => `<meta name="bot${i}" content="noindex, nofollow, noarchive">\n`).join('') + '</head><body>x</body></html>\n';
    assert.ok(validateHtml(parseHtml('file:///site/page.html', html)).some((d) => d.code === 'meta.conventional-equivalent'));
  });

  test('conversions and a diff among thousands of fields, rules, patterns and crawler names (each rule compared with every other, every field with every probe: 2–23 s)', function () {
    this.timeout(BOUND);
    const doc = (text: string): RobotsDocument => parseDocument('file:///site/robots.txt', 1, text);
    // A record of 48,000 crawler names (each name searched in the record's list, and its group's names copied per name: 23 s).
    const tokens = convertToRep(doc(`##ACAP version=1.0\n${Array.from({ length: 48_000 }, (_, i) => `ACAP-crawler: bot${letters(i)}`).join('\n')}\nACAP-disallow-crawl: /x\n`));
    assert.ok(tokens.edits.length > 0);
    assert.ok(explain(parseDocument('file:///site/robots.txt', 2, tokens.text), { agent: `bot${letters(47_999)}`, path: '/x', reading: 'conventional' }).allowed === false);
    // The same names with digits: each User-agent line would name the crawler `bot` (RFC 9309 §2.2.1),
    // which the records leave allowed, so no group is written; the warnings stay bounded.
    const names = convertToRep(doc(`##ACAP version=1.0\n${Array.from({ length: 48_000 }, (_, i) => `ACAP-crawler: bot${i}`).join('\n')}\nACAP-disallow-crawl: /x\n`));
    assert.equal(names.edits.length, 0);
    assert.ok(names.withheld && names.withheld.wouldDiffer >= names.withheld.differing, JSON.stringify(names.withheld));
    assert.ok(names.warnings.some((w) => w.startsWith('Nothing to convert: the groups a conversion would add would leave')), names.warnings.join('\n'));
    assert.ok(names.warnings.length < 30, `${names.warnings.length} warnings`);
    assert.ok(names.warnings.includes('47,980 more ACAP-crawler values name another crawler\'s product token on a User-agent line, so conventional crawlers called by them cannot be addressed by name, and no group is written for them.'), names.warnings.join('\n'));
    // One record of 8,000 fields (rivals found among every rule for each rule: 6.8 s).
    const fields = convertToRep(doc(`##ACAP version=1.0\nACAP-crawler: *\n${Array.from({ length: 8_000 }, (_, i) => `ACAP-${i % 2 ? 'allow' : 'disallow'}-crawl: /p${i}`).join('\n')}\n`));
    // The check reads the written lines' paths first, with their other casings: only those differ.
    assert.deepEqual(fields.verification?.broken.filter((b) => b.kind !== 'case'), []);
    // A group of 10,000 distinct rules (every probe's answer read every field: 2.4 s).
    const rules = convertToAcap(doc(`User-agent: *\n${Array.from({ length: 10_000 }, (_, i) => `${i % 2 ? 'Allow' : 'Disallow'}: /p${i}`).join('\n')}\n`));
    assert.equal(rules.verification?.broken.length, 0);
    // A resource set of 5,000 patterns, allowed then disallowed (every pattern matched per probe: 10 s).
    const set = `ACAP-resource-set: s ${Array.from({ length: 5_000 }, (_, i) => `/p${i}/`).join(' ')}`;
    const flips = diffRobots(doc(`##ACAP version=1.0\n${set}\nACAP-crawler: *\nACAP-allow-crawl: the-acap:resource-set:s\n`), doc(`##ACAP version=1.0\n${set}\nACAP-crawler: *\nACAP-disallow-crawl: the-acap:resource-set:s\n`)).flips;
    assert.ok(flips.length > 0 && flips.every((f) => f.question !== 'crawl' || (f.before === 'allowed' && f.after === 'prohibited')));
  });

  test('to ACAP, a group of 2,500 patterns that extend one another beside 20,000 others (was 31 s)', function () {
    this.timeout(BOUND);
    // Every nested pair meets; ranking two of them reads their common start, so a long pair
    // counts as more than one toward refine()'s limit, and the limit reached is not tried again
    // with fewer rules added (that ends at the same pair).
    const r = convertToAcap(docOf(nestedPatterns(2500, 20_000)));
    assert.ok(r.warnings.some((w) => w.includes('too many rules to compare every pair')), r.warnings.join('\n'));
    assert.deepEqual(r.verification?.broken.filter((b) => b.kind !== 'case'), []);
    assert.ok(r.edits.length > 0);
  });

  test('to REP, 480 records beside a `*` record of 480 fields (each target pruned every `*` field against every other: 15 s)', function () {
    this.timeout(BOUND);
    const n = 480;
    const text = '##ACAP version=1.0\nACAP-crawler: *\n' + Array.from({ length: n }, (_, i) => `ACAP-${i % 2 ? 'allow' : 'disallow'}-crawl: /s${i}`).join('\n') + '\n\n' + Array.from({ length: n }, (_, i) => `ACAP-crawler: b${letters(i)}\nACAP-disallow-crawl: /p${i}\n`).join('\n');
    const r = convertToRep(parseDocument('file:///site/robots.txt', 1, text), { verify: { maxChecks: 100 } });
    const after = parseDocument('file:///site/robots.txt', 2, r.text);
    // Each named crawler gets its own prohibition and the `*` record's, which it is not excused from.
    for (const [agent, path, allowed] of [['ba', '/p0', false], ['ba', '/s0', false], ['ba', '/s1', true], ['bc', '/p2', false], ['bc', '/p0', true], ['someone', '/s2', false], ['someone', '/p2', true]] as const) {
      assert.equal(explain(after, { agent, path, reading: 'conventional' }).allowed, allowed, `${agent} ${path}`);
    }
  });

  test('"did you mean" for at most 200 undefined names a validation, and every one still reported', function () {
    this.timeout(BOUND);
    const letters2 = (i: number): string => String.fromCharCode(97 + Math.floor(i / 26) % 26) + String.fromCharCode(97 + (i % 26));
    const n = 600;
    const doc = parseDocument('file:///site/robots.txt', 1, '##ACAP version=1.0\n' + Array.from({ length: n }, (_, i) => `ACAP-qualified-usage: u${letters2(i)}zzzz crawl\n`).join('') + 'ACAP-crawler: b\n' + Array.from({ length: n }, (_, i) => `ACAP-allow-(u${letters2(i)}zzzy): /\n`).join(''));
    const undefinedNames = doValidation(doc, { maxHintsPerCode: 1_000_000, maxProblems: 1_000_000 }).filter((d) => d.code === 'acap.undefined-local-usage');
    assert.equal(undefinedNames.length, n);
    assert.equal(undefinedNames.filter((d) => /Did you mean ‘u[a-z]{2}zzzz’/.test(d.message)).length, 200);
  });

  test('completion among 30,000 resource sets: at most 200, incomplete, filtered by what is typed (100,000 took 16 s)', function () {
    this.timeout(BOUND);
    const c = manyResourceSets(30_000);
    const typed = 'the-acap:resource-set:s29999';
    const doc = parseDocument('file:///site/robots.txt', 1, `${c.text}ACAP-allow-crawl: ${typed}\n`);
    const all = doComplete(doc, { line: c.line, character: c.character });
    assert.equal(all.isIncomplete, true);
    assert.ok(all.items.length <= 200 + 10, `${all.items.length} items`);
    const labels = doComplete(doc, { line: c.line + 1, character: c.character + typed.length }).items.map((i) => i.label);
    assert.deepEqual(labels.filter((l) => l.startsWith('the-acap:')), [typed]);
  });

  test('40,000 the-acap: classes on one element (20,000 took 11 s)', function () {
    this.timeout(BOUND);
    const page = parseHtml('file:///site/page.html', manyClasses(40_000).text);
    const contradictions = validateHtml(page, { maxProblems: 1e6 }).filter((d) => d.code === 'meta.contradictory');
    assert.equal(contradictions.length, 1);
  });
});
