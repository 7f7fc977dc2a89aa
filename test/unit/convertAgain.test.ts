/**
 * A conversion converts once: converting its output again adds nothing, and what it adds never
 * joins a crawler list of the file (a group's User-agent lines, RFC 9309 §2.2.1; a record's
 * ACAP-crawler lines, Part 1 §2.3). On generated files that mix groups, records, empty ones,
 * groups after the records and the file-level ACAP line (fast-check, fixed seeds).
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import type { TextEdit } from 'vscode-languageserver-types';
import { convertToAcap, convertToRep, type ConversionResult, type ConvertOptions } from '../../server/src/service/convert/convert';
import { explain } from '../../server/src/service/engine/permissions';
import { getModel } from '../../server/src/service/model/model';
import type { RobotsDocument } from '../../server/src/service/syntax/document';
import { doc } from './helpers';

const segment = fc.constantFrom('a', 'b', 'ab', 'A', 'x/', '*', '.css', '%61', 'a*b', '$');
const pattern = fc.tuple(fc.array(segment, { maxLength: 3 }), fc.boolean()).map(([s, anchored]) => '/' + s.join('') + (anchored ? '$' : ''));
const field = fc.tuple(fc.constantFrom('allow-crawl', 'disallow-crawl', 'disallow-crawl', 'disallow-other', 'allow-index', 'disallow-index'), pattern).map(([k, p]) => `ACAP-${k}: ${p}`);
const ruleLine = fc.tuple(fc.constantFrom('Allow', 'Disallow', 'Disallow', 'Crawl-delay', 'Sitemap'), fc.oneof(pattern, fc.constant(''))).map(([k, p]) => `${k}: ${p}`);
const crawler = fc.constantFrom('*', 'bot', 'Bot', 'other', 'MJ12bot', 'crawler', 'late');
// Groups and records may be empty (a crawler list the file leaves open), and come in any order:
// a group after a record is inside it for ACAP crawlers (Part 1 §2.3).
const group = fc.tuple(fc.array(crawler, { minLength: 1, maxLength: 2 }), fc.constantFrom(undefined, '2.0.0'), fc.array(ruleLine, { maxLength: 4 }))
  .map(([ns, v, rs]) => [...ns.map((n) => `User-agent: ${n}`), ...(v ? [`Robot-version: ${v}`] : []), ...rs].join('\n'));
const record = fc.tuple(fc.array(crawler, { minLength: 1, maxLength: 2 }), fc.array(field, { maxLength: 3 }), fc.boolean())
  .map(([ns, fs, sub]) => [...ns.map((n) => `ACAP-crawler: ${n}`), ...fs, ...(sub ? ['ACAP-usage-purpose: x', 'ACAP-disallow-crawl: /s'] : [])].join('\n'));
const files = fc.tuple(fc.array(fc.oneof(group, group, record, fc.constant('ACAP-ignore-conventional-records'), fc.constant('# c')), { minLength: 1, maxLength: 6 }), fc.boolean())
  .map(([parts, blank]) => parts.join(blank ? '\n\n' : '\n') + '\n');
const toAcapOptions = fc.record({ reading: fc.constantFrom('crawl' as const, 'index' as const), ignoreConventional: fc.boolean(), addVersion: fc.boolean() });

/** The warnings of a conversion to REP that says some verdicts may change: robots.txt 2.0.0, pairs it cannot rank, names it cannot address, its bounds. */
const LOSSY = /follows robots\.txt 2\.0\.0|no conventional pattern ranks it so|cannot be addressed by name|too many rules/;

/** Where each line of the text converted is in the result: the edits are insertions (a line moves down by the lines inserted above it, or at its start). */
function movedTo(edits: readonly TextEdit[]): (line: number) => number {
  const breaks = edits.map((e) => ({ line: e.range.start.line, character: e.range.start.character, n: e.newText.split('\n').length - 1 }));
  return (line) => line + breaks.reduce((sum, b) => sum + (b.line < line || (b.line === line && b.character === 0) ? b.n : 0), 0);
}

/** Each crawler list (a group's User-agent lines, a record's ACAP-crawler lines) as a sorted list of line numbers. */
function crawlerLists(d: RobotsDocument): string[] {
  const m = getModel(d);
  return [...m.groups.map((g) => `group ${[...g.agents].sort((a, b) => a - b).join(',')}`), ...m.records.map((r) => `record ${[...r.crawlers].sort((a, b) => a - b).join(',')}`)];
}

/** The file's crawler lists are the result's lists of its lines: nothing inserted joined one, and none was split. */
function assertListsKept(text: string, r: ConversionResult): void {
  const to = movedTo(r.edits);
  const before = crawlerLists(doc(text)).map((l) => l.replace(/\d+/g, (n) => String(to(Number(n)))));
  const after = new Set(crawlerLists(doc(r.text)));
  for (const list of before) assert.ok(after.has(list), `${list} is no longer a crawler list of its own:\n${text}\n---\n${r.text}`);
}

suite('a conversion converts once', () => {
  test('to ACAP: converted again, nothing is added; the file\'s crawler lists stay as they were (property)', function () {
    this.timeout(300_000);
    // Before, a file ending in a record of crawler lines followed by a group (inside the record
    // for ACAP) converted again on 5 of 300 files here: the records appended joined that record.
    fc.assert(fc.property(files, toAcapOptions, (text, options: ConvertOptions) => {
      const first = convertToAcap(doc(text), options);
      assertListsKept(text, first);
      const second = convertToAcap(doc(first.text), options);
      assert.deepEqual(second.edits, [], `converted again:\n${text}\n${JSON.stringify(options)}\n---\n${first.text}\n---\n${second.text}`);
    }), { numRuns: 300, seed: 1 });
  });

  test('to REP: converted again, nothing is added unless the first said what it could not express; the file\'s crawler lists stay as they were (property)', function () {
    this.timeout(300_000);
    // Before, the groups inserted joined User-agent lines whose group had no rule above the ACAP
    // records (a Sitemap line, or the group's rules after the records, left it open), and on 7 of
    // 288 files of convertToRepAgain.test.ts's seed a second conversion repaired what the first
    // broke; a path that only an exact pattern (`/a$`) matched could not be ranked at all (1 of
    // 290 with seed 1); a file with no record to convert got groups, again at each conversion.
    // A group that follows robots.txt 2.0.0, which the groups written join, is said beforehand
    // and may still leave work to a second conversion (convertToRepAgain.test.ts: only for a gain).
    fc.assert(fc.property(files, (text) => {
      const first = convertToRep(doc(text));
      assertListsKept(text, first);
      const second = convertToRep(doc(first.text));
      if (second.edits.length === 0) return;
      assert.ok(first.warnings.some((w) => LOSSY.test(w)), `converted again, though the first conversion said it kept every verdict:\n${text}\n---\n${first.text}\n---\n${second.text}`);
    }), { numRuns: 300, seed: 1 });
  });

  test('to REP: a group\'s line for one exact path is outranked by a Disallow of that path with any tail, where the record prohibits all of them', () => {
    // `Allow: /a$` (3 octets) decides `/a` conventionally against any Disallow of 3 octets or
    // fewer (RFC 9309 §2.2.2: Allow on a tie), and `/a$` has no longer spelling. `/a**` matches
    // `/a` and what follows it, all of which the `*` record prohibits: it outranks the Allow.
    // Before, the conversion warned that no conventional pattern ranks it so, and with an
    // `Allow: /a` beside it a second conversion wrote three more lines that happened to.
    const text = 'User-agent: *\nAllow: /a\nAllow: /a$\n\nACAP-ignore-conventional-records\n\nACAP-crawler: *\nACAP-disallow-crawl: /\n\nACAP-crawler: *\n';
    const r = convertToRep(doc(text));
    assert.match(r.text, /\nUser-agent: \*\nDisallow: \/\n# [^\n]*\nDisallow: \/a\*\n# [^\n]*\nDisallow: \/a\*\*\n/);
    assert.ok(!r.warnings.some((w) => w.includes('no conventional pattern ranks it so')), r.warnings.join('\n'));
    for (const path of ['/a', '/ab', '/b']) assert.equal(explain(doc(r.text), { agent: 'someone', path, reading: 'conventional' }).allowed, false, path);
    assert.deepEqual(convertToRep(doc(r.text)).edits, []);
  });
});
