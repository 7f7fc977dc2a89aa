/**
 * Verdicts of the permission engine on every robots.txt example of the ACAP implementation guide
 * (seed 002) that states an intent, and on Part 1's §2.1 introduction example (seed 000).
 *
 * Every expectation is derived from the guide's prose, docs/decisions.md §1-3 and
 * Part 1 §2.4.5 / §2.9 — never from running the engine. Where the guide's stated intent and
 * docs/decisions.md / Part 1 disagree, the test follows docs/decisions.md / Part 1 and its name
 * says what the guide's prose expects. Where an example contains a genuine mistake (an invalid
 * line), crawlers ignore that line, and the test name says so.
 *
 * Readings chosen where docs/decisions.md leaves room (see the report that came with this file):
 *  - `decidedBy` (§3.5 "the explanation names both lines"): when the usage is allowed, or crawl is
 *    allowed, it lists the usage's own deciding line(s) and the crawl line(s); when crawl is
 *    prohibited it lists the crawl line(s), plus the usage's own line(s) only if they prohibit
 *    too — a permission for a usage that cannot happen (guide §2.4) decides nothing.
 *  - equal candidates that agree (an ACAP field and a conventional line on the same pattern with
 *    the same verdict) all decide, so both lines are listed.
 *  - the path of a URL is everything after the host, query included, fragment excluded (guide
 *    §2.3 "the part of the web address that follows the host name"; RFC 9309 §2.2.2).
 *  - a definition placed inside a record (example 4.4 restated) is invalid (Part 1 §2.2, §2.7:
 *    definitions "must precede all ACAP records") and so ignored, like every invalid line.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { explain, parseDocument, type Explanation, type Reading, type Reason, type RobotsDocument, type TierName } from '../../server/src/service';

const DIR = path.resolve(__dirname, '../fixtures/spec');

interface Fixture {
  readonly file: string;
  readonly doc: RobotsDocument;
  readonly lines: readonly string[];
}

/** A fixture from test/fixtures/spec, optionally edited line for line (the edit must apply). */
function load(file: string, edit?: { readonly from: string; readonly to: string }): Fixture {
  let text = readFileSync(path.join(DIR, file), 'utf8');
  if (edit) {
    assert.ok(text.includes(edit.from), `${file} no longer contains ${JSON.stringify(edit.from)}`);
    text = text.replace(edit.from, edit.to);
  }
  return { file, doc: parseDocument(`file:///spec/${file}`, 1, text), lines: text.split(/\r?\n/) };
}

interface Case {
  readonly agent: string;
  readonly usage: string;
  readonly path: string;
  readonly allowed: boolean;
  /** The expected decidedBy lines (1-based), in any order. */
  readonly lines: readonly number[];
  readonly note: string;
  readonly purpose?: string;
  readonly reading?: Reading;
  /** Exact qualifiers; [] unless given. */
  readonly qualifiers?: readonly string[];
  /** The reason of the usage's own decision. */
  readonly reason?: Reason;
  /** The tier of the usage's own decision. */
  readonly tier?: TierName;
  /** Conventional lines reported as overridden by the usage's own decision. */
  readonly overridden?: readonly number[];
  /** Every candidate (line) of the deciding tier of the usage's own decision. */
  readonly candidates?: readonly number[];
}

type Extra = Partial<Pick<Case, 'purpose' | 'reading' | 'qualifiers' | 'reason' | 'tier' | 'overridden' | 'candidates'>>;

function v(agent: string, usage: string, p: string, allowed: boolean, lines: readonly number[], note: string, extra: Extra = {}): Case {
  return { agent, usage, path: p, allowed, lines, note, ...extra };
}

function ask(fx: Fixture, c: Pick<Case, 'agent' | 'usage' | 'path' | 'purpose' | 'reading'>): Explanation {
  return explain(fx.doc, {
    agent: c.agent, path: c.path, usage: c.usage,
    ...(c.purpose !== undefined ? { purpose: c.purpose } : {}),
    ...(c.reading !== undefined ? { reading: c.reading } : {}),
  });
}

const byNumber = (a: number, b: number): number => a - b;

function check(fx: Fixture, c: Case): void {
  const e = ask(fx, c);
  const why = `\n  ${e.decision.summary}${e.crawl ? `\n  ${e.crawl.summary}` : ''}\n  decidedBy: ${JSON.stringify(e.decidedBy)}`;
  assert.equal(e.allowed, c.allowed, `allowed${why}`);
  assert.deepEqual([...e.qualifiers], [...(c.qualifiers ?? [])], `qualifiers${why}`);
  assert.deepEqual(e.decidedBy.map((r) => r.line).sort(byNumber), [...c.lines].sort(byNumber), `decidedBy lines${why}`);
  for (const r of e.decidedBy) {
    const source = fx.lines[r.line - 1] ?? '';
    assert.ok(r.text.length > 0 && source.includes(r.text), `decidedBy line ${r.line} text ${JSON.stringify(r.text)} is not the fixture's ${JSON.stringify(source)}`);
  }
  if (c.reason !== undefined) assert.equal(e.decision.reason, c.reason, `reason${why}`);
  if (c.tier !== undefined) assert.equal(e.decision.tier, c.tier, `tier${why}`);
  if (c.overridden !== undefined) assert.deepEqual(e.decision.overridden.map((o) => o.line).sort(byNumber), [...c.overridden].sort(byNumber), `overridden${why}`);
  if (c.candidates !== undefined) assert.deepEqual(e.decision.candidates.map((o) => o.line).sort(byNumber), [...c.candidates].sort(byNumber), `candidates${why}`);
}

function title(c: Case): string {
  const purpose = c.purpose !== undefined ? ` for purpose ${c.purpose}` : '';
  const reading = c.reading !== undefined ? ` (${c.reading} reading)` : '';
  const quals = c.qualifiers && c.qualifiers.length > 0 ? ` [${c.qualifiers.join(' ')}]` : '';
  return `${c.agent} ${c.allowed ? 'may' : 'may not'} ${c.usage} ${c.path}${purpose}${reading}${quals} — ${c.note}`;
}

function verdicts(fx: Fixture, cases: readonly Case[]): void {
  for (const c of cases) test(title(c), () => check(fx, c));
}

suite('Permission verdicts of the Part 1 and implementation-guide examples', () => {
  suite('Part 1 §2.1 introduction: conventional records, definitions, * and a named crawler', () => {
    const fx = load('part1-2.1-intro.robots.txt');
    verdicts(fx, [
      v('OtherBot', 'crawl', '/public/a.htm', false, [5, 30], '"crawlers in general are prohibited": ACAP-disallow-crawl / and the * group\'s Disallow: / agree on the same pattern', { tier: 'star' }),
      v('OtherBot', 'index', '/news/story.htm', false, [5, 30], 'index depends on crawl (interpretation §3.5)'),
      v('named-crawler', 'crawl', '/public/a.htm', true, [9, 35], 'the composite (basic-usages) expands to crawl; its resource set matches by /public/, the same pattern as its conventional Allow: /public/', { tier: 'named' }),
      v('named-crawler', 'index', '/news/story.htm', true, [11, 35], 'index is a member of (basic-usages); crawl by the set and Allow: /news/'),
      v('named-crawler', 'present', '/promotion/offer.htm', true, [10, 35], 'present is a member of (basic-usages)'),
      v('named-crawler', 'present-snippet', '/news/story.htm', true, [11, 35], 'present-snippet falls back on its base usage present from the composite (interpretation §3.2)'),
      v('named-crawler', 'preserve', '/public/a.htm', true, [9, 35], 'the ACAP-allow-(cache) line is commented out, so preserve is silent and silence is permission (guide §1.3)', { reason: 'silence' }),
      v('named-crawler', 'crawl', '/index.html', true, [8], 'the resource set leaves out /index.html, but the named conventional group\'s Allow: /index.html is a crawl candidate of the named tier (interpretation §3.6)', { tier: 'named' }),
      v('named-crawler', 'crawl', '/private/a.htm', false, [30], 'the named record does not speak on /private/, so the * record\'s disallow applies (the * conventional group does not apply to a crawler with its own group)', { tier: 'star' }),
      v('NAMED-CRAWLER', 'crawl', '/public/a.htm', true, [9, 35], 'crawler names compare case-insensitively (interpretation §1)'),
      v('Named-Crawler', 'index', '/private/a.htm', false, [30], 'index outside the set needs crawl, which the * record prohibits'),
    ]);
  });

  suite('guide example 1.1: prohibit all crawlers from crawling', () => {
    const fx = load('guide-ex1.1.robots.txt');
    verdicts(fx, [
      v('SearchBot1', 'crawl', '/', false, [5, 9], 'the ACAP field and the conventional line say the same on /'),
      v('AnyBot', 'crawl', '/news/a.htm', false, [5, 9], 'everything is prohibited'),
      v('AnyBot', 'index', '/news/a.htm', false, [5, 9], 'index depends on crawl (guide §2.4)'),
      v('AnyBot', 'crawl', '/news/a.htm', false, [5], 'a conventional crawler reads only Disallow: /', { reading: 'conventional' }),
    ]);
  });

  suite('guide example 1.2: restrict all crawlers to /index.html', () => {
    const fx = load('guide-ex1.2.robots.txt');
    verdicts(fx, [
      v('AnyBot', 'crawl', '/', true, [9, 17], 'the root by /$ (narrower than /)'),
      v('AnyBot', 'crawl', '/index.html', true, [10, 18], 'the one page by /index.html$'),
      v('AnyBot', 'crawl', '/index.htm', false, [7, 16], 'any other page is prohibited by /'),
      v('AnyBot', 'crawl', '/index.html.bak', false, [7, 16], '$ anchors the end, so /index.html$ does not match'),
      v('AnyBot', 'crawl', '/news/a.htm', false, [7, 16], 'prohibited generally'),
      v('AnyBot', 'crawl', '/INDEX.HTML', true, [18], 'ACAP matching is case-insensitive (Part 1 §2.8) but conventional matching is not (interpretation §2), so only line 18 matches'),
      v('AnyBot', 'index', '/index.html', true, [10, 18], 'index is silent and crawl is allowed'),
    ]);
  });

  suite('guide example 1.3: permit only SearchBot1 and SearchBot2', () => {
    const fx = load('guide-ex1.3.robots.txt');
    verdicts(fx, [
      // Under rfc9309 a User-agent value names its product token (interpretation §1, RFC 9309
      // §2.2.1): `User-agent: SearchBot1` names SearchBot, so the crawler SearchBot1 falls to `*`
      // conventionally, and its ACAP record (ACAP-crawler names the crawler as written) decides.
      v('SearchBot1', 'crawl', '/news/a.htm', true, [19], 'the named ACAP record allows /', { tier: 'named' }),
      v('SearchBot2', 'crawl', '/news/a.htm', true, [19], 'the record names both crawlers'),
      v('searchbot2', 'crawl', '/', true, [19], 'names compare case-insensitively'),
      v('OtherBot', 'crawl', '/news/a.htm', false, [6, 15], 'all others are prohibited', { tier: 'star' }),
      v('SearchBot', 'crawl', '/news/a.htm', true, [11], 'the conventional group of `User-agent: SearchBot1` names SearchBot (its product token), and its Allow: / is the named tier\'s candidate', { tier: 'named' }),
      v('SearchBot1', 'index', '/news/a.htm', true, [19], 'index is silent, crawl is allowed'),
      v('SearchBot1', 'crawl', '/news/a.htm', false, [6], 'a conventional crawler named SearchBot1 is not named by `User-agent: SearchBot1` (its product token is SearchBot) and reads the * group', { reading: 'conventional' }),
      v('SearchBot', 'crawl', '/news/a.htm', true, [11], 'the group names the product token SearchBot (rfc9309)', { reading: 'conventional' }),
    ]);
  });

  suite('guide example 1.4: prohibit SearchBot1 and SearchBot2', () => {
    const fx = load('guide-ex1.4.robots.txt');
    verdicts(fx, [
      v('SearchBot1', 'crawl', '/', false, [16], 'the named ACAP record disallows / (the group `User-agent: SearchBot1` names SearchBot under rfc9309)', { tier: 'named' }),
      v('SearchBot2', 'crawl', '/news/a.htm', false, [16], 'both crawlers are named'),
      v('OtherBot', 'crawl', '/news/a.htm', true, [11, 19], 'every other crawler is permitted', { tier: 'star' }),
      v('SearchBot1', 'present', '/news/a.htm', false, [16], 'present depends on crawl'),
      v('OtherBot', 'present', '/news/a.htm', true, [11, 19], 'present is silent, crawl is allowed'),
      v('SearchBot', 'crawl', '/news/a.htm', false, [7], 'a conventional crawler SearchBot reads the group `User-agent: SearchBot1`, whose product token is SearchBot (rfc9309)', { reading: 'conventional' }),
      v('OtherBot', 'crawl', '/news/a.htm', true, [11], 'a conventional crawler with another name reads the * group', { reading: 'conventional' }),
    ]);
  });

  suite('guide example 1.5: only ACAP-enabled crawlers may crawl', () => {
    const fx = load('guide-ex1.5.robots.txt');
    verdicts(fx, [
      v('AnyBot', 'crawl', '/news/a.htm', true, [12], 'ACAP-allow-crawl: / beats Disallow: / on the identical pattern (Part 1 §2.9.2, interpretation §3.6)', { reason: 'acap-over-conventional', overridden: [7] }),
      v('AnyBot', 'crawl', '/', true, [12], 'the root too', { overridden: [7] }),
      v('AnyBot', 'index', '/news/a.htm', true, [12], 'index is silent, crawl is allowed'),
      v('AnyBot', 'crawl', '/news/a.htm', false, [7], 'a crawler that reads only conventional records is prohibited', { reading: 'conventional' }),
    ]);
  });

  suite('guide example 1.6: ACAP-ignore-conventional-records', () => {
    const fx = load('guide-ex1.6.robots.txt');
    verdicts(fx, [
      v('AnyBot', 'crawl', '/news/a.htm', true, [14], 'the conventional Disallow: / is not even a candidate (Part 1 §2.9.1)', { overridden: [], candidates: [14] }),
      v('AnyBot', 'index', '/news/a.htm', true, [14], 'index is silent, crawl is allowed'),
      v('AnyBot', 'crawl', '/news/a.htm', false, [5], 'a conventional crawler still reads Disallow: /', { reading: 'conventional' }),
    ]);
  });

  suite('guide example 2.1: SearchBot1 may not crawl for news.* and images.*', () => {
    const fx = load('guide-ex2.1.robots.txt');
    verdicts(fx, [
      v('SearchBot1', 'crawl', '/news/a.htm', false, [12], 'the purpose sub-record of the named record matches news.*', { purpose: 'news.example.com', tier: 'named-purpose' }),
      v('SearchBot1', 'crawl', '/', false, [12], 'images.* matches too', { purpose: 'images.example.com' }),
      v('SearchBot1', 'crawl', '/a.htm', false, [12], 'purpose patterns match case-insensitively (Part 1 §2.8)', { purpose: 'NEWS.Example.com' }),
      v('SearchBot1', 'crawl', '/a.htm', true, [6], 'no sub-record matches sports.*, so the * record\'s general allow applies', { purpose: 'sports.example.com', tier: 'star' }),
      v('SearchBot1', 'crawl', '/a.htm', false, [12], 'news.* matches any purpose starting with news.', { purpose: 'news.x' }),
      v('SearchBot1', 'crawl', '/a.htm', true, [6], '"news" has no dot, so news.* does not match it', { purpose: 'news' }),
      v('SearchBot1', 'crawl', '/a.htm', true, [6], 'with no purpose only the general tiers count (interpretation §3.1)', { tier: 'star' }),
      v('OtherBot', 'crawl', '/a.htm', true, [6], '"this restriction does not apply to any other crawler"', { purpose: 'news.example.com' }),
      v('SearchBot1', 'index', '/a.htm', false, [12], 'index depends on crawl, prohibited for this purpose', { purpose: 'news.example.com' }),
      v('SearchBot1', 'index', '/a.htm', true, [6], 'index for another purpose: crawl allowed', { purpose: 'sports.example.com' }),
    ]);
  });

  suite('guide example 2.2: crawl only for the sports service', () => {
    const fx = load('guide-ex2.2.robots.txt');
    verdicts(fx, [
      v('AnyBot', 'crawl', '/a.htm', true, [8], 'purpose-specific fields always override general ones (guide §2.2)', { purpose: 'sports', tier: 'star-purpose' }),
      v('SearchBot1', 'crawl', '/a.htm', true, [8], 'a named crawler with no record of its own gets the * sub-record', { purpose: 'sports' }),
      v('AnyBot', 'crawl', '/a.htm', true, [8], 'purpose matching is case-insensitive', { purpose: 'SPORTS' }),
      v('AnyBot', 'crawl', '/a.htm', false, [6], 'another purpose gets the general prohibition', { purpose: 'news', tier: 'star' }),
      v('AnyBot', 'crawl', '/a.htm', false, [6], 'no purpose: the general prohibition'),
      v('AnyBot', 'index', '/a.htm', true, [8], 'index is silent, crawl allowed for sports', { purpose: 'sports' }),
      v('AnyBot', 'index', '/a.htm', false, [6], 'index without a purpose needs crawl, which is prohibited'),
    ]);
  });

  suite('guide example 3.1: ACAP crawlers may crawl all but /nocrawl/', () => {
    const fx = load('guide-ex3.1.robots.txt');
    verdicts(fx, [
      v('AnyBot', 'crawl', '/news/a.htm', true, [13], 'ACAP-allow-crawl: / beats the conventional Disallow: / on the identical pattern (Part 1 §2.9.2)', { reason: 'acap-over-conventional', overridden: [6] }),
      v('AnyBot', 'crawl', '/nocrawl/secret.htm', false, [17], '/nocrawl/ is the narrowest scope (Part 1 §2.4.5)', { reason: 'narrowest' }),
      v('AnyBot', 'crawl', '/NOCRAWL/secret.htm', false, [17], 'ACAP matching is case-insensitive'),
      v('AnyBot', 'crawl', '/nocrawl', true, [13], '/nocrawl/ ends with a slash (guide §2.3 NOTE) so it does not match /nocrawl itself'),
      v('AnyBot', 'index', '/news/a.htm', true, [13], '"explicitly permitted to crawl and index the site as a whole"'),
      v('AnyBot', 'index', '/nocrawl/a.htm', false, [17], 'index depends on crawl'),
      v('AnyBot', 'crawl', '/news/a.htm', false, [6], '"only crawlers that can interpret ACAP are permitted"', { reading: 'conventional' }),
    ]);
  });

  suite('guide example 3.2: only the home page and three directories', () => {
    const fx = load('guide-ex3.2.robots.txt');
    verdicts(fx, [
      v('AnyBot', 'crawl', '/', true, [13, 36], 'the root by /$'),
      v('AnyBot', 'crawl', '/index.html', true, [14, 38], 'the home page'),
      v('AnyBot', 'crawl', '/index.html.bak', false, [9, 32], '/index.html$ is anchored'),
      v('AnyBot', 'crawl', '/public/docs/a.pdf', true, [17, 41], 'the public directory and sub-directories'),
      v('AnyBot', 'crawl', '/promotion/x.htm', true, [20, 44], 'the promotion directory'),
      v('AnyBot', 'crawl', '/news/2009/a.htm', true, [24, 48], 'the news directory'),
      v('AnyBot', 'crawl', '/private/a.htm', false, [9, 32], '"otherwise is not permitted to crawl the site"'),
      v('AnyBot', 'crawl', '/publicity.htm', false, [9, 32], '/public/ needs the slash'),
      v('AnyBot', 'crawl', '/PUBLIC/a.htm', true, [41], 'the ACAP field matches case-insensitively; the conventional Allow: /public/ does not'),
    ]);
  });

  suite('guide example 3.2 restated with the resource set "permitted"', () => {
    const fx = load('guide-ex3.2b-resource-set.robots.txt');
    verdicts(fx, [
      v('AnyBot', 'crawl', '/', true, [13, 36], 'the set matches / by its narrowest pattern /$'),
      v('AnyBot', 'crawl', '/index.html', true, [14], 'the conventional /index.html$ is narrower than the set\'s /index.html (Part 1 §2.4.5: the shorter pattern ran out)'),
      v('AnyBot', 'crawl', '/index.html.bak', true, [36], 'the set lists /index.html without $, so unlike example 3.2 it also permits /index.html.bak'),
      v('AnyBot', 'crawl', '/news/a.htm', true, [24, 36], 'the set by /news/'),
      v('AnyBot', 'crawl', '/private/a.htm', false, [9, 32], 'outside the set'),
    ]);
  });

  suite('guide example 3.3: specific files and file types', () => {
    const fx = load('guide-ex3.3.robots.txt');
    verdicts(fx, [
      v('AnyBot', 'crawl', '/public/a.htm', true, [18, 35], 'HTML files in /public by /public/*.htm$'),
      v('AnyBot', 'crawl', '/public/a.html', true, [20, 36], 'and by /public/*.html$'),
      v('AnyBot', 'crawl', '/public/2009/b.htm', true, [18, 35], '* spans sub-directories'),
      v('AnyBot', 'crawl', '/public/a.pdf', false, [9, 27], 'not an HTML file'),
      v('AnyBot', 'crawl', '/public/a.htm.bak', false, [9, 27], '$ anchors the extension'),
      v('AnyBot', 'crawl', '/other/a.htm', false, [9, 27], 'HTML outside /public'),
      v('AnyBot', 'crawl', '/', true, [13, 30], 'the root'),
      v('AnyBot', 'crawl', '/index.html', true, [14, 32], 'the home page'),
    ]);
  });

  suite('guide example 4.1: no following links in /public/catalog/', () => {
    const fx = load('guide-ex4.1.robots.txt');
    verdicts(fx, [
      v('AnyBot', 'crawl', '/public/catalog/item.htm', true, [18], 'crawling /public is permitted'),
      v('AnyBot', 'follow', '/public/catalog/item.htm', false, [18, 19], 'following links in /public/catalog is prohibited (crawl allowed, so both lines are named)'),
      v('AnyBot', 'follow', '/public/a.htm', true, [18], 'follow is silent elsewhere in /public', { reason: 'silence' }),
      v('AnyBot', 'follow', '/private/a.htm', false, [7, 13], 'follow depends on crawl'),
      v('AnyBot', 'crawl', '/', true, [16], '"access to /public/ via the root"'),
      v('AnyBot', 'crawl', '/private/a.htm', false, [7, 13], 'prohibited generally'),
    ]);
  });

  suite('guide example 4.3: index /public/ only, ACAP-disallow-other', () => {
    const fx = load('guide-ex4.3.robots.txt');
    verdicts(fx, [
      v('AnyBot', 'crawl', '/public/a.htm', true, [18], 'crawl is explicitly permitted, so disallow-other does not touch it'),
      v('AnyBot', 'index', '/public/a.htm', true, [18, 19], 'index is explicitly permitted'),
      v('AnyBot', 'preserve', '/public/a.htm', false, [18, 20], 'nothing speaks on preserve and ACAP-disallow-other matches (interpretation §3.4)', { reason: 'disallow-other' }),
      v('AnyBot', 'present', '/public/a.htm', false, [18, 20], '"other usages are explicitly prohibited"', { reason: 'disallow-other' }),
      v('AnyBot', 'present-snippet', '/public/a.htm', false, [18, 20], 'present-snippet is another usage not permitted', { reason: 'disallow-other' }),
      v('AnyBot', 'follow', '/public/a.htm', false, [18, 20], 'follow is not explicitly permitted either', { reason: 'disallow-other' }),
      v('AnyBot', 'index', '/private/a.htm', false, [6, 13], 'silent on index outside /public, but crawl is prohibited'),
      v('AnyBot', 'index', '/', true, [16], 'the root is crawlable by /$ and nothing prohibits indexing it — the guide\'s prose ("only resources in /public can be indexed") expects otherwise'),
    ]);
  });

  suite('guide example 4.4: SearchBot1 may not index image files (named record overrides * only where it speaks)', () => {
    const fx = load('guide-ex4.4.robots.txt');
    verdicts(fx, [
      v('SearchBot1', 'crawl', '/', true, [18], 'the root', { tier: 'named' }),
      v('SearchBot1', 'crawl', '/TEXTS/photo.gif', true, [19], 'images may be crawled'),
      v('SearchBot1', 'index', '/TEXTS/chapter1.htm', true, [19, 21], 'texts may be indexed'),
      v('SearchBot1', 'index', '/TEXTS/photo.gif', false, [19, 23], '/TEXTS/*.gif$ is narrower than /TEXTS/'),
      v('SearchBot1', 'index', '/TEXTS/img/p.png', false, [19, 25], 'png in a sub-directory'),
      v('SearchBot1', 'index', '/TEXTS/x.jpg', false, [19, 27], 'jpg'),
      v('SearchBot1', 'index', '/texts/PHOTO.GIF', false, [19, 23], 'ACAP matching is case-insensitive'),
      v('SearchBot1', 'index', '/TEXTS/photo.gif.htm', true, [19, 21], '$ anchors the image extension'),
      v('SearchBot1', 'present', '/TEXTS/photo.gif', true, [19], 'only index is prohibited for images'),
      v('SearchBot1', 'crawl', '/other.htm', false, [6, 12], 'the named record is silent on /other.htm, so the * record still applies (guide 4.4, interpretation §1)', { tier: 'star' }),
      v('SearchBot1', 'index', '/other.htm', false, [6, 12], 'index needs crawl'),
      v('OtherBot', 'crawl', '/TEXTS/chapter1.htm', false, [6, 12], 'other crawlers are prohibited generally'),
    ]);
  });

  suite('guide example 4.4 restated with the resource set "images"', () => {
    const fx = load('guide-ex4.4b-resource-set.robots.txt');
    verdicts(fx, [
      v('SearchBot1', 'index', '/TEXTS/chapter1.htm', true, [20, 22], 'texts may be indexed'),
      v('SearchBot1', 'index', '/TEXTS/photo.gif', true, [20, 22], 'the definition on line 13 stands inside the * record (a genuine mistake: definitions must precede all records, Part 1 §2.2/§2.7), so it is ignored and line 24 names an undefined set — the guide intends images to be unindexable'),
      v('SearchBot1', 'crawl', '/other.htm', false, [6, 12], 'the * record still applies where the named one is silent'),
    ]);
  });

  suite('guide example 4.5: SearchBot1 may index only HTML in /TEXTS/', () => {
    const fx = load('guide-ex4.5.robots.txt');
    verdicts(fx, [
      v('SearchBot1', 'index', '/TEXTS/page.html', true, [17, 19], '/TEXTS/*.html is narrower than /TEXTS/'),
      v('SearchBot1', 'index', '/TEXTS/page.htm', false, [17, 18], '.htm is not .html'),
      v('SearchBot1', 'index', '/TEXTS/photo.gif', false, [17, 18], 'prohibited from indexing any other content'),
      v('SearchBot1', 'index', '/TEXTS/page.html.orig', true, [17, 19], '/TEXTS/*.html has no $, so it matches as a prefix'),
      v('SearchBot1', 'crawl', '/TEXTS/photo.gif', true, [17], 'crawling /TEXTS/ is permitted'),
      v('OtherBot', 'index', '/TEXTS/page.html', false, [6, 12], 'other crawlers may not crawl'),
    ]);
  });

  suite('guide example 4.7: SearchBot1 may index but not preserve /public/', () => {
    const fx = load('guide-ex4.7.robots.txt');
    verdicts(fx, [
      v('SearchBot1', 'index', '/public/a.htm', true, [17, 18], 'index is permitted'),
      v('SearchBot1', 'preserve', '/public/a.htm', false, [17, 19], 'preserve is prohibited'),
      v('SearchBot1', 'present-snippet', '/public/a.htm', true, [17], 'present is silent (the guide\'s remark that snippets usually come from caches is practice, not a rule)'),
      v('SearchBot1', 'preserve', '/other.htm', false, [6, 12], 'outside /public crawl is prohibited by the * record'),
      v('OtherBot', 'preserve', '/public/a.htm', false, [6, 12], 'other crawlers may not crawl'),
    ]);
  });

  suite('guide example 4.8: SearchBot1 may cache only HTML pages in /public/', () => {
    const fx = load('guide-ex4.8.robots.txt');
    verdicts(fx, [
      v('SearchBot1', 'preserve', '/public/a.htm', true, [16, 19], '/public/*.htm$ is narrower than /public/'),
      v('SearchBot1', 'preserve', '/public/a.html', true, [16, 20], '/public/*.html$'),
      v('SearchBot1', 'preserve', '/public/sub/page.htm', true, [16, 19], 'in sub-directories too'),
      v('SearchBot1', 'preserve', '/public/logo.png', false, [16, 18], '"may not cache other content (e.g. images)"'),
      v('SearchBot1', 'index', '/public/logo.png', true, [16, 17], 'images may still be indexed'),
      v('SearchBot1', 'crawl', '/public/logo.png', true, [16], 'and crawled'),
    ]);
  });

  suite('guide example 4.10: snippets, thumbnails and links of HTML in /news/ only', () => {
    const fx = load('guide-ex4.10.robots.txt');
    verdicts(fx, [
      v('SearchBot1', 'present-snippet', '/news/a.htm', true, [17, 23], '/news/*.htm$ is narrower than the disallow-present /news/'),
      v('SearchBot1', 'present-thumbnail', '/news/a.htm', true, [17, 24], 'thumbnails of .htm'),
      v('SearchBot1', 'present-snippet', '/news/a.html', true, [17, 28], 'snippets of .html'),
      v('SearchBot1', 'present-thumbnail', '/news/a.html', true, [17, 29], 'thumbnails of .html'),
      v('SearchBot1', 'present-currentcopy', '/news/a.htm', false, [17, 21], '"not permitted to present cached copies"'),
      v('SearchBot1', 'present-original', '/news/a.htm', false, [17, 21], '"or original copies"'),
      v('SearchBot1', 'present', '/news/a.htm', false, [17, 21], 'present-* fields are no candidates for present itself'),
      v('SearchBot1', 'present-link', '/news/a.htm', false, [17, 21], 'line 26 says present-links, which is no usage type (a genuine mistake), so it is ignored — the guide intends links to be permitted'),
      v('SearchBot1', 'present-snippet', '/news/a.pdf', false, [17, 21], 'not an HTML page'),
      v('SearchBot1', 'index', '/news/a.pdf', true, [17, 18], 'index /news/'),
      v('SearchBot1', 'preserve', '/news/a.htm', true, [17, 19], 'preserve /news/'),
      v('OtherBot', 'present-snippet', '/news/a.htm', false, [6, 12], 'other crawlers may not crawl'),
    ]);
  });

  suite('guide example 4.11: every presentation but thumbnails (more specific usage wins a tie)', () => {
    const fx = load('guide-ex4.11.robots.txt');
    verdicts(fx, [
      v('SearchBot1', 'present-thumbnail', '/news/a.htm', false, [17, 21], 'same pattern as allow-present /news/: present-thumbnail beats present (interpretation §3.3)', { reason: 'specific-usage' }),
      v('SearchBot1', 'present-snippet', '/news/a.htm', true, [17, 20], 'snippets fall under allow-present'),
      v('SearchBot1', 'present', '/news/a.htm', true, [17, 20], 'present itself'),
      v('SearchBot1', 'present-currentcopy', '/news/a.htm', true, [17, 20], 'cached copies'),
      v('SearchBot1', 'present-oldthumbnail', '/news/a.htm', true, [17, 20], 'only present-thumbnail is prohibited, present-oldthumbnail is another usage — the guide\'s prose ("except for thumbnails") may expect otherwise'),
      v('SearchBot1', 'index', '/news/a.htm', true, [17, 18], 'index'),
      v('OtherBot', 'present', '/news/a.htm', false, [6, 12], 'other crawlers may not crawl'),
    ]);
  });

  suite('guide example 4.13: only the original of HTML pages in /news/ (narrowest scope)', () => {
    const fx = load('guide-ex4.13.robots.txt');
    verdicts(fx, [
      v('AnyBot', 'present-original', '/news/a.htm', true, [18, 26], '/news/*.htm$ is narrower than /news/'),
      v('AnyBot', 'present-original', '/news/a.html', true, [18, 27], '/news/*.html$'),
      v('AnyBot', 'present-original', '/news/a.pdf', false, [18, 25], 'disallow-present-original beats allow-present on the same pattern', { reason: 'specific-usage' }),
      v('AnyBot', 'present-currentcopy', '/news/a.htm', false, [18, 23], 'no cached copies', { reason: 'specific-usage' }),
      v('AnyBot', 'present-oldcopy', '/news/a.htm', false, [18, 24], 'no old copies', { reason: 'specific-usage' }),
      v('AnyBot', 'present-snippet', '/news/a.htm', true, [18, 22], 'snippets fall under allow-present /news/ (the prose "original version only" is about copies)'),
      v('AnyBot', 'index', '/news/a.pdf', true, [18, 20], 'index /news/'),
      v('AnyBot', 'preserve', '/news/a.htm', true, [18, 21], 'preserve /news/'),
      v('AnyBot', 'crawl', '/news/a.htm', true, [18], '/news/ is narrower than the two / lines'),
      v('AnyBot', 'present-original', '/sport/a.htm', false, [6, 13], 'outside /news crawl is prohibited'),
      v('SearchBot1', 'present-original', '/news/a.htm', true, [18, 26], 'the record addresses all crawlers'),
    ]);
  });

  suite('guide example 4.14: only SearchBot1 may use /archive/, and not old copies', () => {
    const fx = load('guide-ex4.14.robots.txt');
    verdicts(fx, [
      v('SearchBot1', 'crawl', '/archive/2001/a.htm', true, [16], 'ACAP-allow-crawl: /archive/ "overrides conventional policy" Disallow: /archive/', { tier: 'named' }),
      v('SearchBot1', 'present-currentcopy', '/archive/2001/a.htm', true, [16, 21], 'present-currentcopy is "implied" by allow-present'),
      v('SearchBot1', 'present-oldcopy', '/archive/2001/a.htm', false, [16, 23], 'present-oldcopy beats present on the same pattern', { reason: 'specific-usage' }),
      v('SearchBot1', 'preserve', '/archive/2001/a.htm', true, [16], 'preserve is "implied" (silence)', { reason: 'silence' }),
      v('SearchBot1', 'index', '/archive/2001/a.htm', true, [16], 'index is "implied" (silence)'),
      v('SearchBot1', 'crawl', '/news/a.htm', true, [5], 'the named record is silent on /news/, so the conventional Allow: / of the * group decides', { tier: 'star' }),
      v('OtherBot', 'crawl', '/archive/2001/a.htm', false, [7], 'all other crawlers are prohibited from /archive'),
      v('OtherBot', 'crawl', '/news/a.htm', true, [5], 'and allowed elsewhere'),
      v('OtherBot', 'present', '/archive/2001/a.htm', false, [7], 'present depends on crawl'),
      v('OtherBot', 'crawl', '/ARCHIVE/2001/a.htm', true, [5], 'conventional matching is case-sensitive (interpretation §2), so Disallow: /archive/ does not match'),
      v('SearchBot1', 'crawl', '/archive/2001/a.htm', false, [7], 'a crawler that reads only conventional records is prohibited', { reading: 'conventional' }),
    ]);
  });

  suite('guide example 5.1: SearchBot1 may index and preserve /index.html until re-crawled', () => {
    const fx = load('guide-ex5.1.robots.txt');
    verdicts(fx, [
      v('SearchBot1', 'index', '/index.html', true, [18, 20], 'the time limit travels with the permission', { qualifiers: ['time-limit=until-recrawled'] }),
      v('SearchBot1', 'preserve', '/index.html', true, [18, 22], 'preserve until re-crawled', { qualifiers: ['time-limit=until-recrawled'] }),
      v('SearchBot1', 'present', '/index.html', true, [18], 'the title says "presented until recrawled" but no present line exists, so present is allowed without qualifiers'),
      v('SearchBot1', 'crawl', '/index.html', true, [18], 'crawl /index.html$'),
      v('SearchBot1', 'crawl', '/', true, [16], 'the root'),
      v('SearchBot1', 'crawl', '/news/a.htm', false, [12], 'the named record prohibits everything else', { tier: 'named' }),
      v('SearchBot1', 'index', '/index.html.bak', false, [12], 'allow-index /index.html matches, but crawl (/index.html$) does not, so the crawl prohibition alone decides'),
      v('OtherBot', 'index', '/index.html', false, [6], 'no ACAP record addresses other crawlers; the conventional Disallow: / applies'),
    ]);
  });

  suite('guide example 5.2: all crawlers may index and preserve /serial/ until 2008-03-01', () => {
    const fx = load('guide-ex5.2.robots.txt');
    verdicts(fx, [
      v('AnyBot', 'index', '/serial/ep1.htm', true, [16, 18], 'index until the date', { qualifiers: ['time-limit=until-2008-03-01'] }),
      v('AnyBot', 'preserve', '/serial/ep1.htm', true, [16, 19], 'preserve until the date', { qualifiers: ['time-limit=until-2008-03-01'] }),
      v('SearchBot1', 'index', '/serial/ep1.htm', true, [16, 18], 'any crawler', { qualifiers: ['time-limit=until-2008-03-01'] }),
      v('AnyBot', 'present', '/serial/ep1.htm', true, [16], 'present is silent and unqualified'),
      v('AnyBot', 'crawl', '/news/a.htm', false, [6], 'the ACAP record has no disallow-crawl: the conventional Disallow: / is a crawl candidate of the * tier (interpretation §3.6)'),
      v('AnyBot', 'index', '/news/a.htm', false, [6], 'index depends on crawl'),
      v('AnyBot', 'crawl', '/', true, [14], 'the root by /$'),
    ]);
  });

  suite('guide example 5.4: SpecialBot1 may index and preserve /current/ for 14 days', () => {
    const fx = load('guide-ex5.4.robots.txt');
    verdicts(fx, [
      v('SpecialBot1', 'index', '/current/a.htm', true, [18, 20], 'index for 14 days', { qualifiers: ['time-limit=14-days'] }),
      v('SpecialBot1', 'preserve', '/current/a.htm', true, [18, 22], 'preserve for 14 days', { qualifiers: ['time-limit=14-days'] }),
      v('SpecialBot1', 'crawl', '/old/a.htm', false, [12], 'everything else is prohibited'),
      v('OtherBot', 'index', '/current/a.htm', false, [6], 'other crawlers get the conventional Disallow: /'),
    ]);
  });

  suite('guide example 5.5: index /articles/ by the element with class "abstract"', () => {
    const fx = load('guide-ex5.5.robots.txt');
    verdicts(fx, [
      v('SearchBot1', 'index', '/articles/a.htm', true, [17, 19], 'must-use-resource travels with the permission', { qualifiers: ['must-use-resource=the-acap:extract:class:abstract'] }),
      v('SearchBot1', 'crawl', '/articles/a.htm', true, [17], 'crawl /articles/'),
      v('SearchBot1', 'index', '/other.htm', false, [12], 'crawl prohibited elsewhere'),
      v('OtherBot', 'index', '/articles/a.htm', false, [5], 'other crawlers get the conventional Disallow: /'),
    ]);
  });

  suite('guide example 5.7: index /articles/ by the META tag "index-text"', () => {
    const fx = load('guide-ex5.7.robots.txt');
    verdicts(fx, [
      v('SearchBot1', 'index', '/articles/a.htm', true, [18, 20], 'must-use-resource travels with the permission', { qualifiers: ['must-use-resource=the-acap:extract:meta:index-text'] }),
      v('SearchBot1', 'index', '/other.htm', false, [13], 'crawl prohibited elsewhere'),
      v('OtherBot', 'index', '/articles/a.htm', false, [6], 'other crawlers get the conventional Disallow: /'),
    ]);
  });

  suite('guide example 5.8 as printed: snippets of /news/ at most 20 words', () => {
    const fx = load('guide-ex5.8.robots.txt');
    verdicts(fx, [
      v('AnyBot', 'present-snippet', '/news/a.htm', true, [16], 'line 22 lacks its colon (a genuine mistake), so it is ignored: snippets are allowed by silence, without the max-length=20-words the guide intends'),
      v('AnyBot', 'index', '/news/a.htm', true, [16], 'index is "implied"'),
      v('AnyBot', 'crawl', '/sport/a.htm', false, [6], 'outside /news the conventional Disallow: / applies'),
      v('AnyBot', 'crawl', '/', true, [14], 'the root'),
    ]);
  });

  suite('guide example 5.8 with the colon of line 22 restored', () => {
    const fx = load('guide-ex5.8.robots.txt', { from: 'ACAP-allow-present-snippet /news/', to: 'ACAP-allow-present-snippet: /news/' });
    verdicts(fx, [
      v('AnyBot', 'present-snippet', '/news/a.htm', true, [16, 22], 'the max-length travels with the snippet permission', { qualifiers: ['max-length=20-words'] }),
      v('AnyBot', 'present', '/news/a.htm', true, [16], 'a present-snippet permission says nothing about present in general'),
      v('AnyBot', 'present-thumbnail', '/news/a.htm', true, [16], 'nor about thumbnails'),
      v('AnyBot', 'present-snippet', '/sport/a.htm', false, [6], 'outside /news crawl is prohibited'),
    ]);
  });

  suite('guide example 5.11: present cached copies without format changes', () => {
    const fx = load('guide-ex5.11.robots.txt');
    verdicts(fx, [
      v('AnyBot', 'present-currentcopy', '/report.pdf', true, [13, 20], 'the qualifier travels', { qualifiers: ['prohibited-modification=format'] }),
      v('AnyBot', 'present', '/report.pdf', true, [13], 'present is "implied", unqualified'),
      v('AnyBot', 'present-snippet', '/report.pdf', true, [13], 'snippets are unqualified'),
      v('AnyBot', 'crawl', '/report.pdf', true, [13], 'ACAP-allow-crawl: / beats the conventional Disallow: /', { reason: 'acap-over-conventional', overridden: [6] }),
      v('AnyBot', 'index', '/report.pdf', true, [13], 'index is "implied"'),
    ]);
  });

  suite('guide example 5.12: HTML only, cached copies without style changes (Part 1 §2.4.5 vs the guide)', () => {
    const fx = load('guide-ex5.12.robots.txt');
    verdicts(fx, [
      v('AnyBot', 'crawl', '/', true, [13], '/$ is narrower than /'),
      v('AnyBot', 'crawl', '/a.htm', false, [6, 10], 'by Part 1 §2.4.5 / is narrower than *.htm$ (* against /), so disallow-crawl / wins — the guide\'s prose expects HTML to be crawlable', { reason: 'narrowest', tier: 'star' }),
      v('AnyBot', 'crawl', '/news/b.html', false, [6, 10], '/ is narrower than *.html$ — the guide\'s prose expects it crawlable'),
      v('AnyBot', 'present-currentcopy', '/a.htm', false, [6, 10], 'crawl is prohibited, so the qualified permission of line 16 is moot — the guide\'s prose expects it allowed with prohibited-modification=style'),
      v('AnyBot', 'index', '/a.htm', false, [6, 10], 'index needs crawl — the guide\'s prose expects HTML indexable'),
      v('AnyBot', 'crawl', '/a.pdf', false, [6, 10], 'non-HTML is prohibited (guide and Part 1 agree)'),
    ]);
  });

  suite('guide example 5.13: present without translation', () => {
    const fx = load('guide-ex5.13.robots.txt');
    verdicts(fx, [
      v('AnyBot', 'present', '/a.htm', true, [14, 20], 'the qualifier travels', { qualifiers: ['prohibited-modification=translation'] }),
      v('AnyBot', 'present-snippet', '/a.htm', true, [14, 20], 'a present-* usage inherits the base permission with its qualifiers', { qualifiers: ['prohibited-modification=translation'] }),
      v('AnyBot', 'present-currentcopy', '/a.htm', true, [14, 20], 'and so does currentcopy', { qualifiers: ['prohibited-modification=translation'] }),
      v('AnyBot', 'index', '/a.htm', true, [14], 'index is "implied", unqualified'),
      v('AnyBot', 'crawl', '/a.htm', true, [14], 'crawl generally'),
    ]);
  });

  suite('guide example 5.14: present without end-user annotations', () => {
    const fx = load('guide-ex5.14.robots.txt');
    verdicts(fx, [
      v('AnyBot', 'present', '/a.htm', true, [14, 20], 'the qualifier travels', { qualifiers: ['prohibited-modification=annotation'] }),
      v('AnyBot', 'present-original', '/a.htm', true, [14, 20], 'inherited by present-original', { qualifiers: ['prohibited-modification=annotation'] }),
      v('AnyBot', 'preserve', '/a.htm', true, [14], 'preserve is "implied", unqualified'),
    ]);
  });

  suite('guide example 5.15: cached copies, but not in a frame of the aggregator', () => {
    const fx = load('guide-ex5.15.robots.txt');
    verdicts(fx, [
      v('AnyBot', 'present-currentcopy', '/a.htm', true, [14, 21], 'the context restriction travels', { qualifiers: ['prohibited-context=within-user-frame'] }),
      v('AnyBot', 'present-original', '/a.htm', true, [14], 'the restriction is on currentcopy only'),
      v('AnyBot', 'present', '/a.htm', true, [14], 'present is "implied", unqualified'),
    ]);
  });

  suite('guide example 5.16 as printed: its ACAP lines stand outside any record', () => {
    const fx = load('guide-ex5.16.robots.txt');
    verdicts(fx, [
      v('AnyBot', 'crawl', '/a.htm', false, [6], 'the example has no ACAP-crawler line (a genuine mistake), so lines 9 and 19 are invalid and ignored and the conventional Disallow: / decides — the guide intends crawling allowed'),
      v('AnyBot', 'present-original', '/a.htm', false, [6], 'the framed presentation the guide intends is prohibited with crawl'),
      v('AnyBot', 'crawl', '/a.htm', false, [6], 'an ACAP crawler finds no ACAP record and follows the conventional one', { reading: 'acap' }),
    ]);
  });

  suite('guide example 5.16 with line 7 made `ACAP-crawler: *`', () => {
    const fx = load('guide-ex5.16.robots.txt', { from: '# permit to crawl content generally', to: 'ACAP-crawler: *' });
    verdicts(fx, [
      v('AnyBot', 'crawl', '/a.htm', true, [9], 'ACAP-allow-crawl: / beats Disallow: / on the identical pattern', { overridden: [6] }),
      v('AnyBot', 'present-original', '/a.htm', true, [9, 19], 'the required context travels with present-original', { qualifiers: ['required-context=within-original-frame'] }),
      v('AnyBot', 'present-currentcopy', '/a.htm', true, [9], 'other presentations are unqualified'),
    ]);
  });

  suite('guide annex A.2.1 (De Persgroep): ignore-conventional, a purpose sub-record, and two broken lines', () => {
    const fx = load('guide-annexA.2.1-persgroep.robots.txt');
    const exalead = 'http://acap2.exalead.com';
    verdicts(fx, [
      v('AnyBot', 'crawl', '/nieuws/a.htm', true, [19], 'ACAP-ignore-conventional-records: Disallow: / is no candidate', { candidates: [19] }),
      v('AnyBot', 'crawl', '/site/menu.htm', false, [23], '"not allowed to crawl the non-content directories"'),
      v('AnyBot', 'index', '/nieuws/a.htm', true, [19, 21], 'index /'),
      v('AnyBot', 'index', '/site/menu.htm', false, [23], 'allow-index / is moot where crawl is prohibited'),
      v('AnyBot', 'preserve', '/nieuws/a.htm', true, [19], 'line 25 (`ACAP-allow preserve:`, space for hyphen) is invalid and ignored, so preserve is allowed by silence without the 100-day limit the comment intends'),
      v('AnyBot', 'present-currentcopy', '/nieuws/a.htm', false, [19, 27], '"not allowed to display preserved (cached) copies"'),
      v('AnyBot', 'present-snippet', '/nieuws/a.htm', true, [19], 'snippets are silent'),
      v('ExaBotAcapl2', 'index', '/nieuws/a.htm', false, [19, 34], '"not allowed to index the news section" for its service', { purpose: exalead, tier: 'named-purpose' }),
      v('ExaBotAcapl2', 'index', '/sport/a.htm', true, [19, 35], '"allowed to index the sports section"', { purpose: exalead }),
      v('ExaBotAcapl2', 'present-snippet', '/sport/a.htm', true, [19], 'line 36 (`ACAP-allow present-snippet:`) is invalid and ignored, so no max-length=150-chars travels — the comment intends the limit', { purpose: exalead }),
      v('ExaBotAcapl2', 'present-currentcopy', '/sport/a.htm', false, [19, 27], 'the sub-record is silent on present, so the * record\'s prohibition applies', { purpose: exalead }),
      v('ExaBotAcapl2', 'index', '/economie/a.htm', true, [19, 21], 'the sub-record is silent on this path, so the * record\'s allow-index applies', { purpose: exalead }),
      v('ExaBotAcapl2', 'index', '/nieuws/a.htm', true, [19, 21], 'without a purpose only the general tiers count (interpretation §3.1)'),
      v('exabotacapl2', 'crawl', '/site/menu.htm', false, [23], 'the sub-record says nothing on crawl', { purpose: exalead }),
      v('AnyBot', 'crawl', '/nieuws/a.htm', false, [11], 'conventional crawlers read Disallow: /', { reading: 'conventional' }),
    ]);
  });

  suite('the query layer: URLs, User-Agent strings, case', () => {
    const fx411 = load('guide-ex4.11.robots.txt');
    const fx413 = load('guide-ex4.13.robots.txt');
    const url = 'https://example.com/news/a.htm?x=1#frag';

    const same = (a: Explanation, b: Explanation): void => {
      assert.equal(a.allowed, b.allowed);
      assert.deepEqual(a.qualifiers, b.qualifiers);
      assert.deepEqual(a.decidedBy, b.decidedBy);
      assert.equal(a.path, b.path);
    };

    test('a full URL gives the same answer as its path (query kept, fragment dropped)', () => {
      for (const usage of ['crawl', 'present', 'present-thumbnail', 'index']) {
        const a = ask(fx411, { agent: 'SearchBot1', usage, path: url });
        const b = ask(fx411, { agent: 'SearchBot1', usage, path: '/news/a.htm?x=1' });
        same(a, b);
        assert.equal(a.path, '/news/a.htm?x=1');
      }
      check(fx411, v('SearchBot1', 'present-thumbnail', url, false, [17, 21], ''));
      check(fx411, v('SearchBot1', 'crawl', url, true, [17], ''));
      check(fx411, v('SearchBot1', 'crawl', 'http://example.com:8080/news/a.htm', true, [17], ''));
      check(fx411, v('SearchBot1', 'crawl', 'https://example.com/other/a.htm#/news/', false, [6, 12], ''));
    });

    test('the query is part of the matched path, so /news/*.htm$ does not match /news/a.htm?x=1 (guide §2.3, RFC 9309 §2.2.2)', () => {
      check(fx413, v('AnyBot', 'present-original', url, false, [18, 25], ''));
      check(fx413, v('AnyBot', 'present-original', 'https://example.com/news/a.htm#frag', true, [18, 26], ''));
    });

    test('a full User-Agent string: the crawler is the known product token or the one after `compatible;`, else the part before the first / or space (interpretation §1)', () => {
      const mozilla = ask(fx411, { agent: 'Mozilla/5.0 (compatible; SearchBot1/2.1)', usage: 'crawl', path: '/news/a.htm' });
      assert.equal(mozilla.agent, 'SearchBot1');
      check(fx411, v('Mozilla/5.0 (compatible; SearchBot1/2.1)', 'crawl', '/news/a.htm', true, [17], ''));
      const bot = ask(fx411, { agent: 'SearchBot1/2.1', usage: 'crawl', path: '/news/a.htm' });
      assert.equal(bot.agent, 'SearchBot1');
      check(fx411, v('SearchBot1/2.1', 'crawl', '/news/a.htm', true, [17], ''));
      check(fx411, v('SearchBot1 (+http://searchbot.example/)', 'present-thumbnail', '/news/a.htm', false, [17, 21], ''));
    });

    test('crawler names compare case-insensitively', () => {
      check(fx411, v('searchbot1', 'crawl', '/news/a.htm', true, [17], ''));
      check(fx411, v('SEARCHBOT1', 'present-snippet', '/news/a.htm', true, [17, 20], ''));
    });

    test('ACAP path matching is case-insensitive: /NEWS/ is /news/ (Part 1 §2.8)', () => {
      check(fx411, v('SearchBot1', 'crawl', '/NEWS/a.htm', true, [17], ''));
      check(fx411, v('SearchBot1', 'present-thumbnail', '/NEWS/A.HTM', false, [17, 21], ''));
      check(fx411, v('SearchBot1', 'present', '/News/a.htm', true, [17, 20], ''));
    });
  });
});
