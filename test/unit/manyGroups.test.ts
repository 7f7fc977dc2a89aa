/**
 * A crawler with many groups (issue 12 point 1): RFC 9309 §2.2.1 merges every group whose product
 * token is the crawler's, and `bot1` … `bot3900` all name `bot`. From eight groups on, the engine
 * answers through one merged index per token instead of asking each group's index; these tests
 * hold its verdicts to a reference written from the RFC's words, on both sides of that threshold,
 * and to the same verdicts after edits.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { explain, getConversionActions, parseDocument, updateDocument, type RobotsDocument } from '../../server/src/service';

/** The product token of a User-agent value (interpretation §1: letters, `_` and `-`, lower-cased). */
const tokenOf = (v: string): string => (/^[A-Za-z_-]*/.exec(v.trim())?.[0] ?? '').toLowerCase();

/** RFC 9309 §2.2.2 on a plain pattern (no `%`): `*` any run, a final `$` the end. */
function matches(pattern: string, path: string): boolean {
  const anchored = pattern.endsWith('$');
  const body = anchored ? pattern.slice(0, -1) : pattern;
  const re = new RegExp('^' + body.split('*').map((s) => s.replace(/[.+?^${}()|[\]\\/]/g, '\\$&')).join('.*') + (anchored ? '$' : ''));
  return re.test(path);
}

/**
 * The reference: the groups whose User-agent value's product token is the crawler's name, else the
 * `*` groups; the longest match, Allow on a tie.
 */
function reference(text: string, agent: string, path: string): { allowed: boolean; line: number | undefined } {
  const groups: { agents: string[]; rules: { allow: boolean; pattern: string; line: number }[] }[] = [];
  let open = false;
  text.split('\n').forEach((raw, i) => {
    const m = /^([A-Za-z-]+):\s*(.*)$/.exec(raw);
    if (!m) return;
    const field = m[1].toLowerCase();
    if (field === 'user-agent') {
      if (!open) groups.push({ agents: [], rules: [] });
      groups[groups.length - 1].agents.push(m[2]);
      open = true;
    } else if ((field === 'allow' || field === 'disallow') && groups.length) {
      groups[groups.length - 1].rules.push({ allow: field === 'allow', pattern: m[2], line: i + 1 });
      open = false;
    }
  });
  const t = agent.toLowerCase();
  let applying = groups.filter((g) => g.agents.some((a) => a !== '*' && tokenOf(a) === t));
  if (applying.length === 0) applying = groups.filter((g) => g.agents.includes('*'));
  let best: { allow: boolean; pattern: string; line: number } | undefined;
  for (const r of applying.flatMap((g) => g.rules)) {
    if (r.pattern === '' || !matches(r.pattern, path)) continue;
    if (!best || r.pattern.length > best.pattern.length || (r.pattern.length === best.pattern.length && ((r.allow && !best.allow) || (r.allow === best.allow && r.line < best.line)))) best = r;
  }
  return { allowed: best ? best.allow : true, line: best?.line };
}

const AGENT_NAMES = ['bot1', 'bot22', 'Bot', 'BOT-x', 'other7', 'other', '*', 'crawler_a'];
const PATTERNS = ['/', '/a', '/a/', '/a/b', '/b', '/*.html', '/a*b', '/a/$', '/b$', '/*', '/a/*/c', '/c'];
const PATHS = ['/', '/a', '/a/', '/a/b', '/a/b/c', '/a/x/c', '/b', '/b/', '/x.html', '/c'];

const fileOf = (groups: { agents: number[]; rules: [boolean, number][] }[]): string =>
  groups.map((g) => [...g.agents.map((a) => `User-agent: ${AGENT_NAMES[a]}`), ...g.rules.map(([allow, p]) => `${allow ? 'Allow' : 'Disallow'}: ${PATTERNS[p]}`)].join('\n')).join('\n\n') + '\n';

const groupsArb = fc.array(
  fc.record({ agents: fc.array(fc.nat(AGENT_NAMES.length - 1), { minLength: 1, maxLength: 2 }), rules: fc.array(fc.tuple(fc.boolean(), fc.nat(PATTERNS.length - 1)), { minLength: 1, maxLength: 3 }) }),
  { minLength: 1, maxLength: 24 },
);

function agree(doc: RobotsDocument, text: string): void {
  for (const agent of ['bot', 'Bot', 'bot1', 'other', 'crawler_a', 'nobody']) {
    for (const path of PATHS) {
      const e = explain(doc, { agent, path, profile: 'rfc9309', usage: 'crawl' });
      const want = reference(text, agent, path);
      assert.equal(e.conventional.allowed, want.allowed, `${agent} ${path}\n${text}`);
      assert.equal(e.conventional.line, want.line, `${agent} ${path} deciding line\n${text}`);
    }
  }
}

suite('a crawler with many groups (RFC 9309 §2.2.1 merging; issue 12)', () => {
  test('verdicts agree with the RFC reference, with few groups and with many (merged index)', () => {
    fc.assert(fc.property(groupsArb, (groups) => {
      const text = fileOf(groups);
      agree(parseDocument('file:///site/robots.txt', 1, text), text);
    }), { numRuns: 150 });
  });

  test('after edits that change rules in place, the merged answers follow the text', () => {
    fc.assert(fc.property(groupsArb, fc.array(fc.tuple(fc.nat(200), fc.nat(PATTERNS.length - 1)), { minLength: 1, maxLength: 5 }), (groups, edits) => {
      let text = fileOf(groups);
      let doc = parseDocument('file:///site/robots.txt', 1, text);
      agree(doc, text); // builds the merged indexes of the first version
      for (const [at, p] of edits) {
        const lines = text.split('\n');
        const ruleLines = lines.map((l, i) => [l, i] as const).filter(([l]) => /^(Allow|Disallow): /.test(l));
        const [line, i] = ruleLines[at % ruleLines.length];
        const start = line.indexOf(': ') + 2;
        doc = updateDocument(doc, [{ range: { start: { line: i, character: start }, end: { line: i, character: line.length } }, text: PATTERNS[p] }], doc.version + 1);
        lines[i] = line.slice(0, start) + PATTERNS[p];
        text = lines.join('\n');
        agree(doc, text);
      }
    }), { numRuns: 60 });
  });

  test('3,900 groups naming bot0 … bot3899 (all of product token bot): a verdict names the longest rule among all of them, and a conversion is offered', () => {
    const text = Array.from({ length: 3900 }, (_, i) => `User-agent: bot${i}\nDisallow: /p${i % 7}/${i === 2000 ? 'deep/' : ''}`).join('\n') + '\n';
    const doc = parseDocument('file:///site/robots.txt', 1, text);
    const e = explain(doc, { agent: 'bot', path: '/p5/deep/x', profile: 'rfc9309', usage: 'crawl' });
    assert.equal(e.conventional.allowed, false);
    assert.equal(e.conventional.line, 2 * 2000 + 2, 'the longest Disallow is in bot2000\'s group: all bot* groups merge');
    assert.equal(explain(doc, { agent: 'bot', path: '/p3/x', profile: 'rfc9309', usage: 'crawl' }).conventional.allowed, false);
    assert.equal(explain(doc, { agent: 'other', path: '/p5/deep/x', profile: 'rfc9309', usage: 'crawl' }).conventional.allowed, true);
    const actions = getConversionActions(doc, { start: { line: 1, character: 0 }, end: { line: 1, character: 0 } });
    assert.ok(actions.some((a) => /Convert this Disallow/.test(a.title)), actions.map((a) => a.title).join('\n'));
  });
});
