/**
 * A hover's table and AI-use table ask the engine hundreds of questions (crawlers × usages ×
 * readings) and show a few parts of each answer: they ask for those parts alone
 * (permissions.ts explainVerdict, explainDecision, conventionalProfiles) instead of whole
 * explanations. Over random files mixing conventional groups with ACAP records — qualifiers,
 * purposes, local usages, resource sets, unreadable fields, crawlers that read ACAP by default and
 * crawlers that do not, the ignore line — each part equals the same part of explain()'s answer,
 * and every cell of the table equals the cell made from explainDefault's whole answers, as the
 * table made them before. Through ACAP-permissions-reference too, while the referring file's
 * definitions are typed over and its comments typed in (the referenced records are compiled per
 * referring version and carried while its definitions read the same: acapRules.ts compileRecords).
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { explain, explainDefault, parseDocument, permissionMatrix, updateDocument, type MatrixCell, type Query } from '../../server/src/service';
import { conventionalProfiles, explainDecision, explainVerdict } from '../../server/src/service/engine/permissions';
import { MemoryWorkspace } from './memoryWorkspace';

const PATTERNS = ['/', '/a', '/a/', '/a/*.htm', '/*.pdf$', '/b$', 'the-acap:resource-set:docs'];
const PATHS = ['/', '/a', '/a/x', '/a/x.htm', '/b', '/b/c', '/q.pdf', '/docs/1', '/c', '/d'];
const USAGES = ['crawl', 'index', 'follow', 'preserve', 'present', 'present-snippet', 'other', '(snip)'];
const QUALIFIERS = ['', ' max-length=20', ' time-limit=7-days'];
const CRAWLERS = ['bot', '*', 'GPTBot', 'Googlebot'];

const field = fc.record({ allow: fc.boolean(), usage: fc.constantFrom(...USAGES), pattern: fc.constantFrom(...PATTERNS), qualifier: fc.constantFrom(...QUALIFIERS), broken: fc.nat({ max: 15 }) })
  // One in sixteen is unreadable (its colon missing): it decides nothing, but may be noted.
  .map((f) => `ACAP-${f.allow ? 'allow' : 'disallow'}-${f.usage}${f.broken === 0 ? ' ' : ': '}${f.pattern}${f.allow ? f.qualifier : ''}`);
const record = fc.record({
  crawler: fc.constantFrom(...CRAWLERS),
  fields: fc.array(field, { minLength: 1, maxLength: 6 }),
  purpose: fc.option(fc.record({ name: fc.constantFrom('news', 'ads'), fields: fc.array(field, { minLength: 1, maxLength: 2 }) }), { nil: undefined }),
}).map((r) => [`ACAP-crawler: ${r.crawler}`, ...r.fields, ...(r.purpose ? [`ACAP-usage-purpose: ${r.purpose.name}`, ...r.purpose.fields] : [])].join('\n'));
const group = fc.record({
  // `bot/2.0` and `mybot` name bot for some profiles only (Google reads the token before `/`, Koster a substring).
  agents: fc.subarray([...CRAWLERS, 'bot/2.0', 'mybot'], { minLength: 1, maxLength: 2 }),
  // `/%61` is `/a` under rfc9309 only (it normalises percent-encoding, Google compares as given).
  rules: fc.array(fc.record({ allow: fc.boolean(), path: fc.constantFrom('/', '/a', '/a/x', '/%61', '/c', '/d', '/*.pdf$', '/b') }), { maxLength: 3 }),
}).map((g) => [...g.agents.map((a) => `User-agent: ${a}`), ...g.rules.map((r) => `${r.allow ? 'Allow' : 'Disallow'}: ${r.path}`)].join('\n'));
const file = fc.record({ groups: fc.array(group, { maxLength: 3 }), ignore: fc.boolean(), records: fc.array(record, { maxLength: 6 }) })
  .map((f) => [
    ...f.groups.map((g) => `${g}\n`),
    '##ACAP version=1.0',
    'ACAP-resource-set: docs /docs/ /a/x',
    'ACAP-qualified-usage: snip present-snippet max-length=40',
    ...(f.ignore ? ['ACAP-ignore-conventional-records'] : []),
    ...f.records,
  ].join('\n') + '\n');
const query = fc.record({
  agent: fc.constantFrom(...CRAWLERS, 'other'),
  path: fc.constantFrom(...PATHS),
  usage: fc.constantFrom(...USAGES.filter((u) => u !== 'other' && !u.startsWith('('))),
  purpose: fc.option(fc.constantFrom('news', 'ads'), { nil: undefined }),
  reading: fc.option(fc.constantFrom('acap' as const, 'conventional' as const), { nil: undefined }),
  profile: fc.constantFrom('rfc9309' as const, 'google' as const, 'koster1996' as const),
});

/** The cell the table made from explainDefault's whole answers (matrix.ts before explainVerdict). */
function cellFromWhole(text: string, agent: string, usage: string, path: string, purpose: string | undefined, crawlRefused: boolean): MatrixCell {
  const d = explainDefault(parseDocument('file:///site/robots.txt', 1, text), { agent, usage, path, profile: 'rfc9309', ...(purpose ? { purpose } : {}) });
  const e = d.answer;
  const other = d.other ? { other: d.other } : {};
  if (crawlRefused && usage !== 'crawl') return { allowed: false, line: undefined, qualifiers: [], needsCrawl: true, reading: e.reading, ...other };
  return { allowed: e.allowed, line: e.decision.winners[0]?.line, qualifiers: e.qualifiers, needsCrawl: false, reading: e.reading, ...other };
}

suite('the parts of an answer a table asks for', () => {
  test('explainVerdict, explainDecision and conventionalProfiles equal the same parts of explain()', function () {
    this.timeout(120_000);
    fc.assert(fc.property(file, fc.array(query, { minLength: 3, maxLength: 8 }), (text, queries) => {
      // One document asked in turn (its kept decisions shared by the three), one fresh per whole answer.
      const doc = parseDocument('file:///site/robots.txt', 1, text);
      for (const q of queries as Query[]) {
        const whole = explain(parseDocument('file:///site/robots.txt', 1, text), q);
        const where = JSON.stringify(q);
        assert.deepEqual(explainVerdict(doc, q), { reading: whole.reading, allowed: whole.allowed, line: whole.decision.winners[0]?.line, qualifiers: whole.qualifiers, decidedBy: whole.decidedBy }, where);
        assert.deepEqual(explainDecision(doc, q), whole.decision, where);
        assert.deepEqual(conventionalProfiles(doc, q.agent, q.path), whole.profiles, where);
      }
    }), { numRuns: 150, seed: 29 });
  });

  test('a crawler asked every usage in a row, as a table asks, gets the parts of a fresh whole answer for each', function () {
    this.timeout(120_000);
    // The ACAP setting of one crawler, path, purpose and profile is made once for the usages
    // asked in a row (permissions.ts acapSetting): each usage must still get its own answer, and
    // a question that differs in anything else a setting of its own.
    const usages = USAGES.filter((u) => u !== 'other' && !u.startsWith('('));
    const asked = fc.record({
      agent: fc.constantFrom(...CRAWLERS, 'other'),
      path: fc.constantFrom(...PATHS),
      purpose: fc.option(fc.constantFrom('news', 'ads'), { nil: undefined }),
      profile: fc.constantFrom('rfc9309' as const, 'google' as const, 'koster1996' as const),
    });
    fc.assert(fc.property(file, fc.array(asked, { minLength: 1, maxLength: 4 }), fc.boolean(), (text, questions, decisionsFirst) => {
      const doc = parseDocument('file:///site/robots.txt', 1, text);
      for (const a of questions) {
        for (const usage of usages) {
          const q: Query = { ...a, usage };
          const whole = explain(parseDocument('file:///site/robots.txt', 1, text), q);
          const where = JSON.stringify(q);
          const verdict = (): void => assert.deepEqual(explainVerdict(doc, q), { reading: whole.reading, allowed: whole.allowed, line: whole.decision.winners[0]?.line, qualifiers: whole.qualifiers, decidedBy: whole.decidedBy }, where);
          const decision = (): void => assert.deepEqual(explainDecision(doc, q), whole.decision, where);
          if (decisionsFirst) {
            decision();
            verdict();
          } else {
            verdict();
            decision();
          }
        }
      }
    }), { numRuns: 120, seed: 41 });
  });

  test('every cell of the table equals the cell made from whole answers', function () {
    this.timeout(120_000);
    fc.assert(fc.property(file, fc.constantFrom(...PATHS), (text, path) => {
      const m = permissionMatrix(parseDocument('file:///site/robots.txt', 1, text), path, ['GPTBot', 'Googlebot'], 'rfc9309');
      assert.equal(m.usages[0], 'crawl');
      const sections = [{ purpose: undefined as string | undefined, rows: m.rows, star: m.star }, ...m.purposeRows];
      for (const s of sections) {
        // A row's cells are its first crawler's (`*`'s in the last row); the others join it by the cells' key.
        for (const row of [...s.rows, s.star]) {
          const agent = row === s.star ? '*' : row.crawlers[0];
          const crawl = cellFromWhole(text, agent, 'crawl', path, s.purpose, false);
          const cells = m.usages.map((u) => (u === 'crawl' ? crawl : cellFromWhole(text, agent, u, path, s.purpose, !crawl.allowed)));
          assert.deepEqual(row.cells, cells, `${agent} on ${path}${s.purpose ? ` for ${s.purpose}` : ''}`);
        }
      }
    }), { numRuns: 100, seed: 31 });
  });
  test('through a permissions reference, as the referring file is edited: each part, and the whole answer, as a fresh reading gives them', function () {
    this.timeout(120_000);
    // Definitions the referenced file's fields use (Part 1 §2.7), or none, on the referring file's first line.
    const DEFS = ['ACAP-resource-set: docs /a/ /b$', 'ACAP-resource-set: docs /c*', 'ACAP-qualified-usage: snip present-snippet max-length=40', 'ACAP-composite-usage: both crawl index', '# none'];
    const TARGET = ['ACAP-allow-crawl: the-acap:resource-set:docs', 'ACAP-disallow-crawl: /a', 'ACAP-allow-(snip): /', 'ACAP-allow-(both): /c', 'ACAP-disallow-index: /b', 'ACAP-allow-present: /a/x'];
    // An edit: another definition over the first line, or a character typed in the comment line.
    const step = fc.oneof(fc.constantFrom(...DEFS), fc.constant(undefined));
    fc.assert(fc.property(fc.constantFrom(...DEFS), fc.array(fc.constantFrom(...TARGET), { minLength: 1, maxLength: 5 }), fc.array(step, { minLength: 1, maxLength: 6 }), (first, fields, steps) => {
      const files = { 'file:///site/bot.txt': ['ACAP-crawler: bot', ...fields, 'ACAP-crawler: *', ...fields.slice(0, 2)].join('\n') + '\n' };
      const workspace = new MemoryWorkspace(files);
      let doc = parseDocument('file:///site/robots.txt', 1, [first, '# comment', 'ACAP-crawler: bot', 'ACAP-permissions-reference: /bot.txt', 'ACAP-crawler: other', 'ACAP-allow-crawl: /'].join('\n') + '\n');
      const check = (): void => {
        // A fresh reading: the referring text parsed again, the referenced file read from a workspace of its own.
        const fresh = parseDocument(doc.uri, 1, doc.lines.map((l) => l.text + l.eol).join(''));
        const freshCtx = { workspace: new MemoryWorkspace(files) };
        for (const usage of ['crawl', 'index', 'present-snippet', 'present']) {
          for (const path of ['/a/x', '/b', '/c1', '/']) {
            const q: Query = { agent: 'bot', usage, path, reading: 'acap' };
            const whole = explain(fresh, q, freshCtx);
            const where = `${JSON.stringify(q)} in ${JSON.stringify(fresh.lines.map((l) => l.text))}`;
            assert.deepEqual(explain(doc, q, { workspace }), whole, where);
            assert.deepEqual(explainVerdict(doc, q, { workspace }), { reading: whole.reading, allowed: whole.allowed, line: whole.decision.winners[0]?.line, qualifiers: whole.qualifiers, decidedBy: whole.decidedBy }, where);
            assert.deepEqual(explainDecision(doc, q, { workspace }), whole.decision, where);
          }
        }
      };
      check();
      for (const def of steps) {
        const change = def === undefined
          ? { range: { start: { line: 1, character: 1 }, end: { line: 1, character: 1 } }, text: 'x' }
          : { range: { start: { line: 0, character: 0 }, end: { line: 0, character: doc.lines[0].text.length } }, text: def };
        doc = updateDocument(doc, [change], doc.version + 1);
        check();
      }
    }), { numRuns: 120, seed: 37 });
  });
});
