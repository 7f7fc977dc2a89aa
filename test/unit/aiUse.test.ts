/**
 * The AI-use engine (issue 14, point 1): ai-train, ai-input and search per (crawler, path), from
 * Content-Usage, Content-Signal, control tokens, ACAP and crawling itself, most restrictive
 * first, with the deciding lines, the signals and the contradictions; and `explain --usage` in
 * the CLI. Fixtures: test/fixtures/ai (Cloudflare's managed block, the aipref attach draft).
 */
import * as assert from 'node:assert/strict';
import { runCli } from './kit/cli';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { ACAP_AI_MAPPING, AI_USES, aiUseOf, evaluateConventional, explainAiUse, parseDocument, updateDocument, type AiUse, type AiUseAnswer, type Profile } from '../../server/src/service';
import { googleExtractAgent, googleSectionLines } from '../../server/src/service/engine/google';
import { doc } from './helpers';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'ai');
const fixture = (name: string): string => readFileSync(path.join(FIXTURES, name), 'utf8');
const ask = (text: string, agent: string, p: string, use: AiUse): AiUseAnswer => explainAiUse(doc(text), { agent, path: p, use });
const verdict = (text: string, agent: string, p: string, use: AiUse, profile?: Profile): [string, number[]] => {
  const a = explainAiUse(doc(text), { agent, path: p, use, ...(profile ? { profile } : {}) });
  return [a.verdict, a.decidedBy.map((d) => d.line)];
};
const lines = (...ls: string[]): string => ls.join('\n');

suite('AI uses: Cloudflare\'s managed block', () => {
  const cf = fixture('cloudflare-managed.robots.txt');
  test('GPTBot may not train on /blog/x: its group refuses crawling (line 36)', () => {
    const a = ask(cf, 'GPTBot', '/blog/x', 'ai-train');
    assert.deepEqual([a.verdict, a.decidedBy.map((d) => d.text)], ['prohibited', ['Disallow: /']]);
    assert.equal(a.decidedBy[0].line, 36);
    assert.equal(a.crawl.allowed, false);
  });
  test('Googlebot: ai-train refused by Content-Signal (14) and Google-Extended (33); ai-input by Google-Extended alone; search allowed', () => {
    assert.deepEqual(verdict(cf, 'Googlebot', '/blog/x', 'ai-train'), ['prohibited', [14, 33]]);
    assert.deepEqual(verdict(cf, 'Googlebot', '/blog/x', 'ai-input'), ['prohibited', [33]]);
    assert.deepEqual(verdict(cf, 'Googlebot', '/blog/x', 'search'), ['allowed', [14]]);
  });
  test('Bingbot: ai-train refused, search allowed, ai-input unknown (a missing key neither grants nor restricts)', () => {
    assert.deepEqual(verdict(cf, 'Bingbot', '/', 'ai-train'), ['prohibited', [14]]);
    assert.deepEqual(verdict(cf, 'Bingbot', '/', 'search'), ['allowed', [14]]);
    assert.deepEqual(verdict(cf, 'Bingbot', '/', 'ai-input'), ['unknown', []]);
  });
  test('Applebot: Applebot-Extended governs ai-train only', () => {
    assert.deepEqual(verdict(cf, 'Applebot', '/', 'ai-train'), ['prohibited', [14, 21]]);
    assert.deepEqual(verdict(cf, 'Applebot', '/', 'ai-input'), ['unknown', []]);
  });
  test('asking about Google-Extended answers for Googlebot, with a note', () => {
    const a = ask(cf, 'Google-Extended', '/', 'ai-input');
    assert.equal(a.verdict, 'prohibited');
    assert.match(a.notes.join(' '), /control token/);
  });
  test('JSON carries signals with vocabulary, line, text and meaning', () => {
    const a = ask(cf, 'Googlebot', '/', 'ai-train');
    const s = a.signals.find((x) => x.vocabulary === 'content-signal');
    assert.deepEqual(s && [s.line, s.text, s.says, s.decides], [14, 'Content-signal: search=yes,ai-train=no,use=reference', 'prohibited', true]);
    assert.ok(a.signals.some((x) => x.vocabulary === 'control-token' && x.line === 33 && /Google-Extended/.test(x.meaning)));
  });
});

suite('AI uses: Content-Usage', () => {
  const attach = fixture('aipref-attach.robots.txt');
  test('the attach draft\'s example: longest path wins (/ai-ok/ y over the file-wide n)', () => {
    assert.deepEqual(verdict(attach, 'AnyBot', '/ai-ok/page', 'ai-train'), ['allowed', [7]]);
    assert.deepEqual(verdict(attach, 'AnyBot', '/other', 'ai-train'), ['prohibited', [6]]);
    const a = ask(attach, 'AnyBot', '/ai-ok/page', 'ai-train');
    assert.ok(a.signals.some((s) => s.line === 6 && !s.decides && /longer path on line 7/.test(s.meaning)));
  });
  test('no preference applies where crawling is refused', () => {
    const a = ask(lines('User-Agent: *', 'Disallow: /never/', 'Content-Usage: /never/ train-ai=y'), 'AnyBot', '/never/x', 'ai-train');
    assert.deepEqual([a.verdict, a.decidedBy.map((d) => d.line)], ['prohibited', [2]]);
    assert.equal(a.contradictions.length, 1);
    assert.match(a.contradictions[0].message, /may not fetch/);
  });
  test('conflicting lines on one path: the most restrictive', () => {
    assert.deepEqual(verdict(lines('User-agent: *', 'Content-Usage: /a/ train-ai=y', 'Content-Usage: /a/ train-ai=n'), 'X', '/a/b', 'ai-train'), ['prohibited', [3]]);
  });
  test('a repeated key: the last wins', () => {
    assert.deepEqual(verdict(lines('User-agent: *', 'Content-Usage: train-ai=n, train-ai=y'), 'X', '/', 'ai-train'), ['allowed', [2]]);
  });
  test('a parse failure makes the whole line unknown: Train-AI=n and train-ai=n search=y say nothing', () => {
    assert.deepEqual(verdict(lines('User-agent: *', 'Content-Usage: Train-AI=n'), 'X', '/', 'ai-train'), ['unknown', []]);
    assert.deepEqual(verdict(lines('User-agent: *', 'Content-Usage: train-ai=n search=y'), 'X', '/', 'search'), ['unknown', []]);
    const a = ask(lines('User-agent: *', 'Content-Usage: Train-AI=n'), 'X', '/', 'ai-train');
    assert.match(a.signals.find((s) => s.line === 2)?.meaning ?? '', /void/);
  });
  test('only y and n count; parameters are ignored', () => {
    assert.deepEqual(verdict(lines('User-agent: *', 'Content-Usage: train-ai=yes'), 'X', '/', 'ai-train'), ['unknown', []]);
    assert.deepEqual(verdict(lines('User-agent: *', 'Content-Usage: train-ai=n;why="x"'), 'X', '/', 'ai-train'), ['prohibited', [2]]);
  });
  test('a named group replaces * for its crawler, preferences included (RFC 9309 §2.2.1)', () => {
    const t = lines('User-agent: *', 'Content-Usage: train-ai=n', '', 'User-agent: GoodBot', 'Allow: /', 'Content-Usage: train-ai=y');
    assert.deepEqual(verdict(t, 'GoodBot', '/', 'ai-train'), ['allowed', [6]]);
    assert.deepEqual(verdict(t, 'OtherBot', '/', 'ai-train'), ['prohibited', [2]]);
  });
  test('contradiction: Content-Usage train-ai=y beside Content-Signal ai-train=no in one group', () => {
    const a = ask(lines('User-agent: *', 'Content-Usage: train-ai=y', 'Content-Signal: ai-train=no'), 'X', '/', 'ai-train');
    assert.equal(a.verdict, 'prohibited');
    assert.deepEqual(a.contradictions.map((c) => c.lines), [[2, 3]]);
  });
  test('contradiction: ai-train=yes where Google-Extended is disallowed', () => {
    const a = ask(lines('User-agent: *', 'Content-Signal: ai-train=yes', '', 'User-agent: Google-Extended', 'Disallow: /'), 'Googlebot', '/x', 'ai-train');
    assert.deepEqual([a.verdict, a.decidedBy.map((d) => d.line), a.contradictions.map((c) => c.lines)], ['prohibited', [5], [[2, 5]]]);
  });
  test('Content-Signal with a path prefix, and the Content-Signals alias', () => {
    const t = lines('User-agent: *', 'Content-Signal: /blog/ ai-input=no', 'Content-Signals: search=no');
    assert.deepEqual(verdict(t, 'X', '/blog/a', 'ai-input'), ['prohibited', [2]]);
    assert.deepEqual(verdict(t, 'X', '/shop/a', 'ai-input'), ['unknown', []]);
    assert.deepEqual(verdict(t, 'X', '/shop/a', 'search'), ['prohibited', [3]]);
  });
});

suite('AI uses: the google profile reads the preferences of Google\'s groups', () => {
  test('a group only Google reads (`useragent`, which robots.cc takes for User-agent): its Content-Usage line speaks', () => {
    const t = lines('useragent: GPTBot', 'Content-Usage: train-ai=n', 'Disallow: /x');
    assert.equal(evaluateConventional(doc(t), 'GPTBot', '/x', 'google').allowed, false);
    assert.deepEqual(verdict(t, 'GPTBot', '/a', 'ai-train', 'google'), ['prohibited', [2]]);
    // RFC 9309 §2.2.1 knows no such field: no group, so nothing speaks for GPTBot.
    assert.deepEqual(verdict(t, 'GPTBot', '/a', 'ai-train', 'rfc9309'), ['unknown', []]);
  });
  test('a Content-Usage line between User-agent lines: Google reads one group, so it speaks for both crawlers', () => {
    const t = lines('User-agent: a', 'Content-Usage: train-ai=n', 'User-agent: b', 'Disallow: /x');
    assert.deepEqual(verdict(t, 'b', '/a', 'ai-train', 'google'), ['prohibited', [2]]);
    assert.deepEqual(verdict(t, 'a', '/a', 'ai-train', 'google'), ['prohibited', [2]]);
    // Under RFC 9309 the Content-Usage line is a member of a's group, which b's User-agent line does not join.
    assert.deepEqual(verdict(t, 'b', '/a', 'ai-train', 'rfc9309'), ['unknown', []]);
  });
  test('a rule only Google reads (`Dissallow`) ends its group: the next User-agent line opens another, with the preference', () => {
    const t = lines('User-agent: a', 'Dissallow: /y', 'User-agent: b', 'Content-Usage: train-ai=n');
    assert.deepEqual(verdict(t, 'a', '/a', 'ai-train', 'google'), ['unknown', []]);
    assert.deepEqual(verdict(t, 'b', '/a', 'ai-train', 'google'), ['prohibited', [4]]);
    assert.deepEqual(verdict(t, 'a', '/a', 'ai-train', 'rfc9309'), ['prohibited', [4]]);
  });
  test('a crawler Google\'s groups name does not read the * group\'s preferences; any other crawler does', () => {
    const t = lines('User-agent: *', 'Disallow: /x', 'Content-Signal: ai-train=no', '', 'user agent: GPTBot', 'Content-Usage: train-ai=y');
    assert.deepEqual(verdict(t, 'GPTBot', '/a', 'ai-train', 'google'), ['allowed', [6]]);
    assert.deepEqual(verdict(t, 'OtherBot', '/a', 'ai-train', 'google'), ['prohibited', [3]]);
    assert.deepEqual(verdict(t, 'GPTBot', '/a', 'ai-train', 'rfc9309'), ['prohibited', [3]]);
    // Without the rule, robots.cc reads one group for * and GPTBot, with both lines.
    assert.deepEqual(verdict(lines('User-agent: *', 'Content-Signal: ai-train=no', 'user agent: GPTBot', 'Content-Usage: train-ai=y'), 'GPTBot', '/a', 'ai-train', 'google'), ['prohibited', [2]]);
  });
  test('an earlier version asked again after a later one built Google\'s groups anew reads its own groups\' lines', () => {
    const v1 = parseDocument('file:///site/robots.txt', 1, lines('User-agent: GPTBot', 'Content-Usage: train-ai=n', 'Disallow: /x'));
    // Its crawl verdict keeps its groups; the next version, a User-agent line added, builds them anew.
    evaluateConventional(v1, 'GPTBot', '/a', 'google');
    const v2 = updateDocument(v1, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, text: 'User-agent: OtherBot\n' }], 2);
    const answer = (d: typeof v1): [string, number[]] => {
      const a = explainAiUse(d, { agent: 'GPTBot', path: '/a', use: 'ai-train', profile: 'google' });
      return [a.verdict, a.decidedBy.map((x) => x.line)];
    };
    assert.deepEqual(answer(v2), ['prohibited', [3]]);
    assert.deepEqual(answer(v1), ['prohibited', [2]]);
  });

  // Differential: the preference lines an answer reads are those of a reference reading of
  // Google's groups — robots.cc opens one at a User-agent line that follows a rule (or the first),
  // and no other key ends it — each running to the next group's first line.
  const PIECES = [
    'User-agent: GPTBot', 'useragent: GPTBot', 'User agent: a', 'User-agent: *', 'User-agent *', 'user-agent: a/1.0',
    'Disallow: /x', 'Dissallow: /y', 'Disallow /z', 'Allow: /q', 'Disallow:',
    'Content-Usage: train-ai=n', 'Content-Usage: /a train-ai=y', 'Content-Signal: /b ai-train=no', 'Content-Signals: ai-train=yes',
    'Sitemap: https://example.com/s.xml', 'Crawl-delay: 5', 'ACAP-crawler: *', 'ACAP-allow-crawl: /', '', '# c',
  ];
  /** Preference lines (0-based) whose path, if any, matches /a, in Google's groups for `agent`. */
  const reference = (text: string, agent: string): number[] => {
    const d = doc(text);
    const groups: { start: number; names: Set<string>; star: boolean }[] = [];
    let afterRule = false;
    for (const g of googleSectionLines(d)) {
      if (g.key === 'user-agent') {
        if (groups.length === 0 || afterRule) groups.push({ start: g.line, names: new Set(), star: false });
        afterRule = false;
        const cur = groups[groups.length - 1];
        if (/^\*(\s|$)/.test(g.value)) cur.star = true;
        else cur.names.add(googleExtractAgent(g.value).toLowerCase());
      } else if (groups.length > 0) afterRule = true;
    }
    const named = groups.some((g) => g.names.has(agent.toLowerCase()));
    const source = text.split('\n');
    const out: number[] = [];
    groups.forEach((g, k) => {
      if (named ? !g.names.has(agent.toLowerCase()) : !g.star) return;
      const end = k + 1 < groups.length ? groups[k + 1].start : source.length;
      for (let i = g.start; i < end; i++) if (/^content-(usage|signals?):/i.test(source[i]) && !source[i].includes(' /b ')) out.push(i + 1);
    });
    return out;
  };
  test('the preference lines read under google are those of Google\'s groups for the crawler', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 14 }), (ls) => {
      const text = lines(...ls);
      for (const agent of ['GPTBot', 'a', 'OtherBot']) {
        const a = explainAiUse(doc(text), { agent, path: '/a', use: 'ai-train', profile: 'google' });
        const read = a.signals.filter((s) => s.vocabulary === 'content-usage' || s.vocabulary === 'content-signal').map((s) => s.line);
        assert.deepEqual([...read].sort((x, y) => x - y), reference(text, agent), `${agent} in:\n${text}`);
      }
    }), { numRuns: 300 });
  });
});

suite('AI uses: ACAP', () => {
  test('the mapping is stated for every AI use, and every use needs crawl', () => {
    assert.deepEqual(ACAP_AI_MAPPING.map((m) => m.use).sort(), [...AI_USES].sort());
    for (const m of ACAP_AI_MAPPING) assert.ok(m.refusedBy.includes('crawl'), m.use);
  });
  test('ACAP-disallow-other refuses ai-train and ai-input, not search', () => {
    const t = lines('ACAP-crawler: *', 'ACAP-allow-crawl: /', 'ACAP-allow-index: /', 'ACAP-disallow-other: /');
    assert.deepEqual(verdict(t, 'GPTBot', '/a', 'ai-train'), ['prohibited', [4]]);
    assert.deepEqual(verdict(t, 'GPTBot', '/a', 'ai-input'), ['prohibited', [4]]);
    assert.deepEqual(verdict(t, 'GPTBot', '/a', 'search'), ['allowed', [3]]);
    assert.match(ask(t, 'GPTBot', '/a', 'ai-train').notes.join(' '), /not documented to read ACAP/);
  });
  test('ACAP-disallow-present refuses ai-input; ACAP-disallow-index refuses search; allow-present grants nothing', () => {
    const t = lines('ACAP-crawler: *', 'ACAP-allow-present: /open/', 'ACAP-disallow-present: /paid/', 'ACAP-disallow-index: /paid/');
    assert.deepEqual(verdict(t, 'X', '/paid/a', 'ai-input'), ['prohibited', [3]]);
    assert.deepEqual(verdict(t, 'X', '/paid/a', 'search'), ['prohibited', [4]]);
    assert.deepEqual(verdict(t, 'X', '/open/a', 'ai-input'), ['unknown', []]);
    assert.ok(ask(t, 'X', '/open/a', 'ai-input').signals.some((s) => s.vocabulary === 'acap' && s.line === 2 && !s.decides));
  });
  test('ACAP-disallow-crawl refuses every AI use', () => {
    const t = lines('ACAP-crawler: *', 'ACAP-allow-other: /', 'ACAP-disallow-crawl: /private/');
    for (const use of AI_USES) assert.deepEqual(verdict(t, 'X', '/private/a', use), ['prohibited', [3]], use);
  });
  test('ACAP-allow-other grants ai-train', () => {
    assert.deepEqual(verdict(lines('ACAP-crawler: *', 'ACAP-allow-other: /'), 'X', '/', 'ai-train'), ['allowed', [2]]);
  });
});

suite('AI uses: names', () => {
  test('train-ai (the aipref label) is read as ai-train', () => {
    assert.equal(aiUseOf('train-ai'), 'ai-train');
    assert.equal(aiUseOf('Search'), 'search');
    assert.equal(aiUseOf('index'), undefined);
  });
});

suite('cli: explain --usage ai-train|ai-input|search', () => {
  const run = runCli;
  const cf = fixture('cloudflare-managed.robots.txt');
  test('text names every deciding line', () => {
    const r = run(['explain', 'robots.txt', '--agent', 'Googlebot', '--path', '/blog/x', '--usage', 'train-ai'], { 'robots.txt': cf });
    assert.equal(r.code, 1, r.err); // prohibited
    assert.match(r.out, /^Googlebot may not train AI models on \/blog\/x: decided by lines 14, 33/);
    assert.match(r.out, /line 14: Content-signal: search=yes,ai-train=no,use=reference/);
    assert.match(r.out, /line 33: Disallow: \//);
  });
  test('JSON has verdict, decidedBy, signals and contradictions', () => {
    const r = run(['explain', 'robots.txt', '--agent', 'Bingbot', '--path', 'https://example.com/', '--usage', 'search', '--format', 'json'], { 'robots.txt': cf });
    const j = JSON.parse(r.out) as AiUseAnswer;
    assert.deepEqual([j.verdict, j.decidedBy.map((d) => d.line), Array.isArray(j.signals), j.contradictions], ['allowed', [14], true, []]);
  });
  test('other usages still go to the ACAP engine', () => {
    const r = run(['explain', 'robots.txt', '--agent', 'GPTBot', '--path', '/', '--usage', 'index'], { 'robots.txt': cf });
    assert.equal(r.err, '');
    assert.equal(r.code, /may not/.test(r.out) ? 1 : 0, r.out);
    assert.doesNotMatch(r.out, /AI models/);
  });
  test('table adds the AI-use columns, crawlers that answer alike in one row', () => {
    const r = run(['table', 'robots.txt', '--path', '/blog/x', '--agent', 'Googlebot', '--agent', 'Bingbot'], { 'robots.txt': cf });
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^AI uses +ai-train +ai-input +search$/m);
    assert.match(r.out, /^Google-Extended, Googlebot +no L14 +no L33 +yes L14$/m);
    assert.match(r.out, /^GPTBot +no L36 +no L36 +no L36$/m);
  });
});
