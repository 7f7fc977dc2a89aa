/**
 * The permission engine beyond the guide's examples: each profile difference, each tie-break,
 * each tier, permissions references, and invariants checked over random files (fast-check).
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { explain, parseDocument, type Profile, type Query, type RobotsDocument } from '../../server/src/service';
import { compareScope, matchPattern } from '../../server/src/service/syntax/paths';
import { MemoryWorkspace } from './memoryWorkspace';

const doc = (text: string, uri = 'file:///site/robots.txt'): RobotsDocument => parseDocument(uri, 1, text);
const allowed = (text: string, q: Query): boolean => explain(doc(text), q).allowed;
const byProfile = (text: string, agent: string, path: string): Record<Profile, boolean> => explain(doc(text), { agent, path, reading: 'conventional' }).profiles;

suite('profiles for conventional records', () => {
  test('rfc9309 and google: the longest match wins; koster1996: the first matching line', () => {
    const text = 'User-agent: *\nDisallow: /a\nAllow: /a/b\n';
    assert.deepEqual(byProfile(text, 'bot', '/a/b/c'), { rfc9309: true, google: true, koster1996: false });
  });

  test('rfc9309: Allow wins a tie of equal length; koster1996 takes the first line', () => {
    const text = 'User-agent: *\nDisallow: /a\nAllow: /a\n';
    assert.deepEqual(byProfile(text, 'bot', '/a'), { rfc9309: true, google: true, koster1996: false });
  });

  test('koster1996 picks the first record whose User-agent contains the token; rfc9309 needs the exact token', () => {
    const text = 'User-agent: Googlebot-News\nDisallow: /\n\nUser-agent: *\nAllow: /\n';
    assert.deepEqual(byProfile(text, 'Googlebot', '/x'), { rfc9309: true, google: true, koster1996: false });
  });

  test('koster1996 has no wildcards: * and $ are literal', () => {
    const text = 'User-agent: *\nDisallow: /*.pdf$\n';
    assert.deepEqual(byProfile(text, 'bot', '/a.pdf'), { rfc9309: false, google: false, koster1996: true });
    assert.deepEqual(byProfile(text, 'bot', '/*.pdf$'), { rfc9309: true, google: true, koster1996: false });
  });

  test('rfc9309 always allows /robots.txt', () => {
    const e = explain(doc('User-agent: *\nDisallow: /\n'), { agent: 'bot', path: '/robots.txt', reading: 'conventional' });
    assert.equal(e.allowed, true);
    assert.equal(e.profiles.google, false);
  });

  test('a product token with digits: rfc9309 and Google read the User-agent value as its leading letters (RFC 9309 §2.2.1); Koster matches a substring', () => {
    const text = 'User-agent: MJ12bot\nDisallow: /\n';
    assert.deepEqual(byProfile(text, 'MJ12bot', '/x'), { rfc9309: true, google: true, koster1996: false });
    assert.deepEqual(byProfile(text, 'MJ', '/x'), { rfc9309: false, google: false, koster1996: false }, 'the group names MJ');
  });

  test('Google: Allow of /dir/index.html also allows /dir/; RFC 9309 does not', () => {
    const text = 'User-agent: *\nAllow: /d/index.html\nDisallow: /\n';
    assert.deepEqual(byProfile(text, 'bot', '/d/'), { rfc9309: false, google: true, koster1996: false });
  });

  test('percent-encoding: %7E is ~ under rfc9309 (RFC 9309 §2.2.2), but Google compares as given', () => {
    const text = 'User-agent: *\nDisallow: /%7Ejoe/\n';
    assert.deepEqual(byProfile(text, 'bot', '/~joe/x'), { rfc9309: false, google: true, koster1996: false });
  });

  test('a rule without its colon: Google reads it, RFC 9309 and Koster parsers do not', () => {
    assert.deepEqual(byProfile('User-agent: *\nDisallow /x\n', 'bot', '/x'), { rfc9309: true, google: false, koster1996: true });
  });

  suite('robots.txt 2.0.0 precedence (seed 004) in groups with Robot-version: 2.0.0', () => {
    const alfred = 'User-agent: Alfred\nRobot-version: 2.0.0\nAllow: /blackhole/index.html\nAllow: /blackhole/info*\nDisallow: *.shtml\nDisallow: /blackhole/info99*\nDisallow: /blackhole/info8.html\n';
    const q = (path: string): boolean => allowed(alfred, { agent: 'Alfred', path, reading: 'conventional' });
    test('an explicit Allow names one exact path and beats every Disallow', () => assert.equal(q('/blackhole/index.html'), true));
    test('an explicit string is not a prefix', () => assert.equal(q('/blackhole/index.html.bak'), false));
    test('a Disallow beats a wildcard Allow', () => assert.equal(q('/blackhole/info99x'), false));
    test('a wildcard Allow admits what no Disallow refuses', () => assert.equal(q('/blackhole/info5.html'), true));
    test('with wildcard Allows present, a path matching none is refused', () => assert.equal(q('/elsewhere.html'), false));
    test('the same lines without Robot-version read as 1.0 prefixes', () => {
      const v1 = alfred.replace('Robot-version: 2.0.0\n', '');
      assert.equal(allowed(v1, { agent: 'Alfred', path: '/elsewhere.html', reading: 'conventional' }), true);
    });
    test('Google ignores Robot-version', () => assert.equal(explain(doc(alfred), { agent: 'Alfred', path: '/elsewhere.html', reading: 'conventional' }).profiles.google, true));
  });
});

suite('ACAP tie-breaks (Part 1 §2.4.5, interpretation §3.3)', () => {
  test('allow and disallow on the same pattern: prohibited', () => {
    const e = explain(doc('ACAP-crawler: *\nACAP-allow-index: /a/\nACAP-disallow-index: /a/\n'), { agent: 'bot', usage: 'index', path: '/a/x' });
    assert.equal(e.allowed, false);
    assert.equal(e.decision.reason, 'tie-prohibited');
    assert.deepEqual(e.decidedBy.map((d) => d.line), [3]);
  });

  test('on the same pattern the more specific usage wins (present-snippet over present)', () => {
    const text = 'ACAP-crawler: *\nACAP-disallow-present: /a/\nACAP-allow-present-snippet: /a/ max-length=20-words\n';
    const e = explain(doc(text), { agent: 'bot', usage: 'present-snippet', path: '/a/x' });
    assert.equal(e.allowed, true);
    assert.equal(e.decision.reason, 'specific-usage');
    assert.deepEqual(e.qualifiers, ['max-length=20-words']);
    assert.equal(explain(doc(text), { agent: 'bot', usage: 'present-thumbnail', path: '/a/x' }).allowed, false);
  });

  test('a narrower base-usage pattern still beats a broader specific one', () => {
    const text = 'ACAP-crawler: *\nACAP-allow-present-snippet: /a/\nACAP-disallow-present: /a/b/\n';
    assert.equal(allowed(text, { agent: 'bot', usage: 'present-snippet', path: '/a/b/c' }), false);
  });

  test('$ is broader than any character, * broader than any but $', () => {
    assert.ok(compareScope('/a/b*', '/a/b$') < 0);
    assert.ok(compareScope('/a/b$', '/a/b*') > 0);
    assert.ok(compareScope('/a/bc', '/a/b$') < 0);
    assert.ok(compareScope('/a/b$', '/a/bc') > 0);
    assert.ok(compareScope('/a/x', '/a/*') < 0);
    assert.ok(compareScope('/a/*', '/a/x') > 0);
    assert.ok(compareScope('/a/', '/a') < 0);
    assert.ok(compareScope('/a', '/a/') > 0);
    assert.equal(compareScope('/*a', '/*b'), 0);
  });

  test('an ACAP field beats a conventional line with the same pattern, which is reported as overridden (Part 1 §2.9.2)', () => {
    const e = explain(doc('User-agent: *\nDisallow: /a/\n\nACAP-crawler: *\nACAP-allow-crawl: /a/\n'), { agent: 'bot', path: '/a/x' });
    assert.equal(e.allowed, true);
    assert.equal(e.decision.reason, 'acap-over-conventional');
    assert.deepEqual(e.decision.overridden.map((c) => c.line), [2]);
  });

  test('a narrower conventional line beats a broader ACAP field (it is a crawl candidate, interpretation §3.6)', () => {
    const e = explain(doc('User-agent: *\nDisallow: /a/b/\n\nACAP-crawler: *\nACAP-allow-crawl: /a/\n'), { agent: 'bot', path: '/a/b/c' });
    assert.equal(e.allowed, false);
    assert.deepEqual(e.decidedBy.map((d) => d.line), [2]);
  });

  test('ACAP-ignore-conventional-records takes the conventional lines out', () => {
    const e = explain(doc('User-agent: *\nDisallow: /a/b/\nACAP-ignore-conventional-records\nACAP-crawler: *\nACAP-allow-crawl: /a/\n'), { agent: 'bot', path: '/a/b/c' });
    assert.equal(e.allowed, true);
    assert.equal(e.conventional.ignored, true);
  });
});

suite('ACAP tiers (interpretation §3.1)', () => {
  const text = [
    'ACAP-crawler: *', 'ACAP-allow-crawl: /', 'ACAP-disallow-index: /a/', 'ACAP-usage-purpose: news', 'ACAP-disallow-crawl: /n/',
    'ACAP-crawler: bot', 'ACAP-allow-index: /a/', 'ACAP-usage-purpose: news', 'ACAP-allow-crawl: /n/x',
  ].join('\n');
  test('a named record overrides * only where it speaks (guide 4.4)', () => {
    assert.equal(allowed(text, { agent: 'bot', usage: 'index', path: '/a/1' }), true);
    assert.equal(allowed(text, { agent: 'other', usage: 'index', path: '/a/1' }), false);
    assert.equal(allowed(text, { agent: 'bot', path: '/z' }), true, 'crawl: the named record is silent, * allows');
  });
  test('purpose sub-records outrank general fields, named before *', () => {
    const e = explain(doc(text), { agent: 'bot', path: '/n/x', purpose: 'news' });
    assert.equal(e.allowed, true);
    assert.equal(e.decision.tier, 'named-purpose');
    const other = explain(doc(text), { agent: 'other', path: '/n/x', purpose: 'news' });
    assert.equal(other.allowed, false);
    assert.equal(other.decision.tier, 'star-purpose');
  });
  test('without a purpose the sub-records do not count', () => {
    assert.equal(explain(doc(text), { agent: 'other', path: '/n/x' }).decision.tier, 'star');
  });
  test('purpose patterns use * and $ like paths, case-insensitively', () => {
    const t = 'ACAP-crawler: *\nACAP-usage-purpose: News.*\nACAP-disallow-crawl: /\n';
    assert.equal(allowed(t, { agent: 'b', path: '/', purpose: 'news.example' }), false);
    assert.equal(allowed(t, { agent: 'b', path: '/', purpose: 'sport' }), true);
  });
});

suite('dependence, silence and other (interpretation §3.4, §3.5)', () => {
  test('index needs crawl; the explanation names both lines', () => {
    const e = explain(doc('ACAP-crawler: *\nACAP-disallow-crawl: /p/\nACAP-allow-index: /p/\n'), { agent: 'b', usage: 'index', path: '/p/x' });
    assert.equal(e.allowed, false);
    assert.deepEqual(e.decidedBy.map((d) => d.line), [2]);
    assert.equal(e.decision.allowed, true);
    assert.equal(e.crawl?.allowed, false);
  });
  test('silence permits', () => assert.equal(explain(doc('ACAP-crawler: *\nACAP-allow-crawl: /\n'), { agent: 'b', usage: 'preserve', path: '/x' }).decision.reason, 'silence'));
  test('ACAP-disallow-other prohibits what nothing else speaks on', () => {
    const e = explain(doc('ACAP-crawler: *\nACAP-allow-crawl: /\nACAP-allow-index: /\nACAP-disallow-other: /\n'), { agent: 'b', usage: 'preserve', path: '/x' });
    assert.equal(e.allowed, false);
    assert.equal(e.decision.reason, 'disallow-other');
    assert.equal(allowed('ACAP-crawler: *\nACAP-allow-crawl: /\nACAP-allow-index: /\nACAP-disallow-other: /\n', { agent: 'b', usage: 'index', path: '/x' }), true);
  });
});

suite('expansions, qualifiers and references', () => {
  test('composite and qualified usages expand, with their qualifiers', () => {
    const text = 'ACAP-qualified-usage: snip present-snippet max-length=30-words\nACAP-composite-usage: basic crawl index (snip)\nACAP-crawler: *\nACAP-allow-(basic): /a/\n';
    const e = explain(doc(text), { agent: 'b', usage: 'present-snippet', path: '/a/x' });
    assert.deepEqual([e.allowed, e.qualifiers, e.decision.winners[0].via], [true, ['max-length=30-words'], '(basic) → (snip)']);
  });
  test('a resource set counts by its narrowest matching pattern', () => {
    const text = 'ACAP-resource-set: s /a/ /a/b/\nACAP-crawler: *\nACAP-allow-crawl: the-acap:resource-set:s\nACAP-disallow-crawl: /a/b\n';
    const e = explain(doc(text), { agent: 'b', path: '/a/b/c' });
    assert.equal(e.allowed, true);
    assert.equal(e.decision.winners[0].pattern, '/a/b/');
  });
  test('ACAP matching is case-insensitive, conventional matching is not', () => {
    assert.equal(allowed('ACAP-crawler: *\nACAP-disallow-crawl: /News/\n', { agent: 'b', path: '/news/x' }), false);
    assert.equal(allowed('User-agent: *\nDisallow: /News/\n', { agent: 'b', path: '/news/x' }), true);
  });
  test('a permissions reference is read from the workspace, never fetched', () => {
    const main = doc('ACAP-qualified-usage: cache preserve time-limit=until-recrawled\nACAP-crawler: bot\nACAP-permissions-reference: /bot.txt\nACAP-crawler: *\nACAP-allow-crawl: /\n');
    const workspace = new MemoryWorkspace({ 'file:///site/bot.txt': 'ACAP-crawler: bot\nACAP-disallow-crawl: /private/\nACAP-allow-(cache): /\n' });
    const ctx = { workspace };
    assert.equal(explain(main, { agent: 'bot', path: '/private/x' }, ctx).allowed, false);
    const preserve = explain(main, { agent: 'bot', usage: 'preserve', path: '/x' }, ctx);
    assert.deepEqual(preserve.qualifiers, ['time-limit=until-recrawled'], 'definitions of the referring file are visible (Part 1 §2.7)');
    assert.deepEqual(workspace.reads, ['file:///site/bot.txt', 'file:///site/bot.txt']);
    const missing = explain(main, { agent: 'bot', path: '/private/x' });
    assert.match(missing.notes.join(' '), /not in the workspace/);
  });
  test('a qualifier ACAP 1.0 does not define travels with a warning note', () => {
    const e = explain(doc('##ACAP version=1.1\nACAP-crawler: *\nACAP-allow-index: / best-before=2030\n'), { agent: 'b', usage: 'index', path: '/' });
    assert.equal(e.allowed, true);
    assert.match(e.notes.join(' '), /best-before=2030/);
  });
  test('a whole User-Agent string is read as its token; URLs as their paths', () => {
    const text = 'ACAP-crawler: SearchBot\nACAP-disallow-crawl: /a/\n';
    assert.equal(allowed(text, { agent: 'SearchBot/2.1 (+http://example.com)', path: 'https://example.com/a/b?x#y' }), false);
  });
});

// ------------------------------------------------------------------------------------------------
// Invariants over random ACAP files.

const PATTERNS = ['/', '/a', '/a/', '/a/b', '/a/b/', '/a/*', '/*.htm$', '/a/b$', '*.htm', '/a/x.htm', '/A/'];
const PATHS = ['/', '/a', '/a/', '/a/b', '/a/b/c', '/a/x.htm', '/b/y.htm', '/A/B'];
const USAGES = ['crawl', 'index', 'preserve', 'present', 'present-snippet', 'follow', 'other'];

const fieldArb = fc.record({ allow: fc.boolean(), usage: fc.constantFrom(...USAGES), pattern: fc.constantFrom(...PATTERNS) })
  .map((f) => `ACAP-${f.allow ? 'allow' : 'disallow'}-${f.usage}: ${f.pattern}`);
const recordArb = fc.record({ crawler: fc.constantFrom('*', 'bot', 'other'), fields: fc.array(fieldArb, { minLength: 1, maxLength: 6 }) });
const fileArb = fc.array(recordArb, { minLength: 1, maxLength: 4 });
const render = (records: { crawler: string; fields: string[] }[]): string => records.map((r) => [`ACAP-crawler: ${r.crawler}`, ...r.fields].join('\n')).join('\n') + '\n';
const queryArb = fc.record({ usage: fc.constantFrom(...USAGES), path: fc.constantFrom(...PATHS) });

suite('invariants of the ACAP reading (fast-check)', () => {
  test('a usage is never allowed where crawling is not (interpretation §3.5)', () => {
    fc.assert(fc.property(fileArb, queryArb, (records, q) => {
      const d = doc(render(records));
      const usage = explain(d, { agent: 'bot', ...q });
      const crawl = explain(d, { agent: 'bot', path: q.path });
      assert.ok(!usage.allowed || crawl.allowed);
    }), { numRuns: 400 });
  });

  test('the order of fields within a record does not matter (Part 1 §2.2)', () => {
    fc.assert(fc.property(fileArb, queryArb, fc.nat(), (records, q, seed) => {
      const shuffled = records.map((r, k) => ({ ...r, fields: [...r.fields].sort((a, b) => ((a.length * 31 + seed + k) % 7) - ((b.length * 17 + seed) % 7)) }));
      const a = explain(doc(render(records)), { agent: 'bot', ...q });
      const b = explain(doc(render(shuffled)), { agent: 'bot', ...q });
      assert.deepEqual([b.allowed, [...b.qualifiers].sort()], [a.allowed, [...a.qualifiers].sort()]);
    }), { numRuns: 400 });
  });

  test('records for other named crawlers never change this crawler\'s verdict', () => {
    fc.assert(fc.property(fileArb, fc.array(fieldArb, { minLength: 1, maxLength: 4 }), queryArb, (records, extra, q) => {
      const a = explain(doc(render(records)), { agent: 'bot', ...q });
      const b = explain(doc(render([...records, { crawler: 'someone-else', fields: extra }])), { agent: 'bot', ...q });
      assert.equal(b.allowed, a.allowed);
    }), { numRuns: 400 });
  });

  test('adding a prohibition of the queried usage with the winning permission\'s pattern, beside it, prohibits (Part 1 §2.4.5)', () => {
    fc.assert(fc.property(fileArb, queryArb, (records, q) => {
      const d = doc(render(records));
      const e = explain(d, { agent: 'bot', ...q });
      const w = e.decision.winners[0];
      if (!e.decision.allowed || !w || w.source !== 'acap') return;
      const lines = render(records).split('\n');
      // Of the queried usage: a prohibition of the base usage would lose to an equal specific permission.
      lines.splice(w.line, 0, `ACAP-disallow-${q.usage}: ${w.pattern}`);
      const after = explain(doc(lines.join('\n')), { agent: 'bot', ...q });
      assert.equal(after.decision.allowed, false);
    }), { numRuns: 400 });
  });

  test('splitting a record into two records for the same crawler changes nothing (interpretation §1: records merge)', () => {
    fc.assert(fc.property(recordArb, fc.nat({ max: 5 }), queryArb, (r, cut, q) => {
      const k = Math.min(cut + 1, r.fields.length);
      if (k >= r.fields.length) return;
      const one = render([r]);
      const two = render([{ crawler: r.crawler, fields: r.fields.slice(0, k) }, { crawler: r.crawler, fields: r.fields.slice(k) }]);
      assert.equal(explain(doc(two), { agent: 'bot', ...q }).allowed, explain(doc(one), { agent: 'bot', ...q }).allowed);
    }), { numRuns: 400 });
  });

  test('the pattern matcher agrees with a regular-expression reading of * and a final $', () => {
    fc.assert(fc.property(fc.stringMatching(/^[ab/*]{0,6}\$?$/), fc.stringMatching(/^[ab/]{0,8}$/), (pattern, path) => {
      const body = pattern.endsWith('$') ? pattern.slice(0, -1) : pattern;
      const re = new RegExp('^' + body.split('*').map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.*') + (pattern.endsWith('$') ? '$' : ''));
      assert.equal(matchPattern(pattern, path), re.test(path));
    }), { numRuns: 3000 });
  });
});

suite('decisions kept per document', () => {
  const TEXT = ['##ACAP version=1.0', 'ACAP-crawler: *', 'ACAP allow-crawl: /x', 'ACAP-allow-index: /', 'ACAP-disallow-crawl: /x/private', ''].join('\n');
  const fresh = (q: Query): ReturnType<typeof explain> => explain(parseDocument('file:///site/robots.txt', 1, TEXT), q);

  test('a kept decision answers as a new one, with the notes it added (a broken field\'s), whichever question came first', () => {
    const doc = parseDocument('file:///site/robots.txt', 1, TEXT);
    const questions: Query[] = [
      { agent: 'x', path: '/x/y', usage: 'index' },
      { agent: 'x', path: '/x/y' },
      { agent: 'x', path: '/x/private', usage: 'index' },
      { agent: 'x', path: '/x/y', usage: 'index' },
      { agent: 'y', path: '/x/y', usage: 'index', purpose: 'research' },
    ];
    for (const q of questions) assert.deepEqual(explain(doc, q), fresh(q), JSON.stringify(q));
    // The crawl decision was made while answering about index; its note comes with it when kept.
    assert.ok(explain(doc, { agent: 'x', path: '/x/y' }).notes.some((n) => /Line 3 would permit crawl here, but it has a space where ACAP has a hyphen/.test(n)));
  });

  test('purposes asked in turn among 40 records answer as on a fresh document (the tiers\' lists are kept per purpose)', () => {
    // 40 records of sub-records: past the count from which a tier's lists are found by usage.
    const records = Array.from({ length: 40 }, (_, k) => [
      `ACAP-crawler: ${k % 3 === 0 ? '*' : 'bot'}`, 'ACAP-allow-crawl: /',
      `ACAP-usage-purpose: ${['news', 'research', 'ads*'][k % 3]}`, `ACAP-${k % 2 ? 'allow' : 'disallow'}-${['index', 'present-snippet', 'crawl'][k % 3]}: /p${k % 5}/`,
    ]);
    const text = ['##ACAP version=1.0', ...records.flat(), ''].join('\n');
    const doc = parseDocument('file:///site/robots.txt', 1, text);
    const questions: Query[] = [];
    for (const path of ['/p1/a', '/p2/', '/p4/x', '/q']) {
      for (const purpose of ['news', 'research', 'adsense', 'none']) {
        for (const usage of ['index', 'present-snippet', 'crawl', 'present']) questions.push({ agent: 'bot', path, usage, purpose });
      }
    }
    for (const q of questions) assert.deepEqual(explain(doc, q), explain(parseDocument('file:///site/robots.txt', 1, text), q), JSON.stringify(q));
    // The purposes matter here: a question's answer differs with its purpose.
    const answers = new Set(['news', 'research', 'adsense', 'none'].map((purpose) => explain(doc, { agent: 'bot', path: '/p1/a', usage: 'index', purpose }).decision.summary));
    assert.ok(answers.size > 1, [...answers].join(' | '));
  });

  test('referenced files are read again: a crawler referred elsewhere is not kept', () => {
    const ws = new MemoryWorkspace({ 'file:///site/robots.txt': 'x', 'file:///site/acap.txt': '##ACAP version=1.0\nACAP-crawler: *\nACAP-disallow-crawl: /\n' });
    const doc = parseDocument('file:///site/robots.txt', 1, '##ACAP version=1.0\nACAP-crawler: bot\nACAP-permissions-reference: /acap.txt\n');
    assert.equal(explain(doc, { agent: 'bot', path: '/a' }, { workspace: ws }).allowed, false);
    ws.set('file:///site/acap.txt', '##ACAP version=1.0\nACAP-crawler: *\nACAP-allow-crawl: /\n');
    assert.equal(explain(doc, { agent: 'bot', path: '/a' }, { workspace: ws }).allowed, true);
  });
});

suite('resource sets named in a field', () => {
  test('the prefix in any letter case names the set; written elsewhere in the value, it is a path', () => {
    const text = (spec: string) => `##ACAP version=1.0\nACAP-resource-set: news /news/ /press/\nACAP-crawler: *\nACAP-disallow-crawl: ${spec}\n`;
    for (const spec of ['the-acap:resource-set:news', 'The-ACAP:Resource-Set:NEWS', 'THE-ACAP:RESOURCE-SET:news']) {
      assert.equal(allowed(text(spec), { agent: 'bot', path: '/press/a', reading: 'acap' }), false, spec);
      assert.equal(allowed(text(spec), { agent: 'bot', path: '/other', reading: 'acap' }), true, spec);
    }
    // Not at the start: a pattern like any other, which /press/a does not match.
    assert.equal(allowed(text('/x-the-acap:resource-set:news'), { agent: 'bot', path: '/press/a', reading: 'acap' }), true);
    assert.equal(allowed(text('/x-the-acap:resource-set:news'), { agent: 'bot', path: '/x-the-acap:resource-set:news', reading: 'acap' }), false);
  });
});
