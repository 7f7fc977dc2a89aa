/**
 * AI uses from the site's other files (issue 14, point 1, "in the workspace"): W3C TDMRep's
 * /.well-known/tdmrep.json checked and read by the AI-use engine, before the page's META (§3.1),
 * always through the Workspace port. Fixtures: test/fixtures/ai/tdmrep-site (after the TDMRep
 * report's §3.3 example).
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CODES, doRslValidation, doTdmrepValidation, explainAiUse, explainPageAiUse, parseDocument, parseHtml } from '../../server/src/service';
import { MemoryWorkspace } from './memoryWorkspace';

const SITE = path.join(__dirname, '..', 'fixtures', 'ai', 'tdmrep-site');
const TDM = readFileSync(path.join(SITE, '.well-known', 'tdmrep.json'), 'utf8');
const ROBOTS = readFileSync(path.join(SITE, 'robots.txt'), 'utf8');
const robots = parseDocument('file:///site/robots.txt', 0, ROBOTS);
const ws = (tdm = TDM): MemoryWorkspace => new MemoryWorkspace({ 'file:///site/robots.txt': ROBOTS, 'file:///site/.well-known/tdmrep.json': tdm });
const codes = (text: string): string[] => doTdmrepValidation(text).map((d) => String(d.code));

suite('TDMRep: tdmrep.json validation', () => {
  test('the fixture (the report\'s example shape) gives no diagnostics', () => {
    assert.deepEqual(doTdmrepValidation(TDM), []);
  });
  test('not JSON, not an array', () => {
    assert.deepEqual(codes('[{"location": "/",}]'), ['tdmrep.invalid-json']);
    assert.deepEqual(codes('{"location": "/", "tdm-reservation": 1}'), ['tdmrep.not-an-array']);
  });
  test('a rule: not an object, no location, a location that is a URL, a $ not last', () => {
    assert.deepEqual(codes('[1]'), ['tdmrep.invalid-rule']);
    assert.deepEqual(codes('[{"tdm-reservation": 1}]'), ['tdmrep.missing-location']);
    const d = doTdmrepValidation('[{"location": "https://a.example/x", "tdm-reservation": 1}]');
    assert.deepEqual(d.map((x) => x.code), ['tdmrep.invalid-location']);
    assert.match(d[0].message, /without the scheme and host/);
    assert.deepEqual(d[0].range, { start: { line: 0, character: 14 }, end: { line: 0, character: 35 } });
    assert.deepEqual(codes('[{"location": "/a$b", "tdm-reservation": 1}]'), ['tdmrep.invalid-location']);
  });
  test('tdm-reservation: missing, a string "1" (says to drop the quotes), 2, true', () => {
    assert.deepEqual(codes('[{"location": "/"}]'), ['tdmrep.invalid-reservation']);
    const d = doTdmrepValidation('[{"location": "/", "tdm-reservation": "1"}]');
    assert.deepEqual(d.map((x) => x.code), ['tdmrep.invalid-reservation']);
    assert.match(d[0].message, /number 1, without quotes/);
    assert.deepEqual(codes('[{"location": "/", "tdm-reservation": 2}]'), ['tdmrep.invalid-reservation']);
    assert.deepEqual(codes('[{"location": "/", "tdm-reservation": true}]'), ['tdmrep.invalid-reservation']);
  });
  test('tdm-policy not a URL; a policy beside reservation 0; an unknown member with a did-you-mean', () => {
    assert.deepEqual(codes('[{"location": "/", "tdm-reservation": 1, "tdm-policy": "see our terms"}]'), ['tdmrep.invalid-policy']);
    assert.deepEqual(codes('[{"location": "/", "tdm-reservation": 0, "tdm-policy": "https://a.example/p.json"}]'), ['tdmrep.policy-without-reservation']);
    const d = doTdmrepValidation('[{"location": "/", "tdm_reservation": 1}]');
    assert.deepEqual(d.map((x) => x.code), ['tdmrep.unknown-member', 'tdmrep.invalid-reservation']);
    assert.match(d[0].message, /Did you mean ‘tdm-reservation’/);
  });
  test('a rule after one for every path never applies (first match wins)', () => {
    assert.deepEqual(codes('[{"location": "/", "tdm-reservation": 0}, {"location": "/images/", "tdm-reservation": 1}]'), ['tdmrep.unreachable-rule']);
  });
  test('deep nesting is refused, not a stack overflow', () => {
    assert.deepEqual(codes('['.repeat(100000)), ['tdmrep.invalid-json']);
  });
});

suite('TDMRep: explainAiUse reads the site\'s tdmrep.json (first matching rule)', () => {
  test('/images/a.png: rule 1 reserves rights, so ai-train is prohibited, decided by tdmrep.json line 2', () => {
    const a = explainAiUse(robots, { agent: 'ClaudeBot', path: '/images/a.png', use: 'ai-train' }, { workspace: ws() });
    assert.equal(a.verdict, 'prohibited');
    assert.deepEqual(a.decidedBy.map((d) => [d.line, d.file]), [[2, 'file:///site/.well-known/tdmrep.json']]);
    const s = a.signals.find((x) => x.vocabulary === 'tdmrep');
    assert.match(s?.meaning ?? '', /rule 1 .*tdm-reservation 1.*policy\.json/);
  });
  test('/about: the catch-all rule 3 does not reserve, so ai-train is allowed', () => {
    const a = explainAiUse(robots, { agent: 'ClaudeBot', path: '/about', use: 'ai-train' }, { workspace: ws() });
    assert.deepEqual([a.verdict, a.decidedBy.map((d) => d.line)], ['allowed', [11]]);
  });
  test('the first matching rule wins, not the most specific', () => {
    const first = '[{"location": "/", "tdm-reservation": 0}, {"location": "/news/", "tdm-reservation": 1}]';
    assert.equal(explainAiUse(robots, { agent: 'X', path: '/news/a', use: 'ai-train' }, { workspace: ws(first) }).verdict, 'allowed');
  });
  test('a reservation contradicted by Content-Usage: train-ai=y is reported; the most restrictive applies', () => {
    const d = parseDocument('file:///site/robots.txt', 0, 'User-agent: *\nContent-Usage: train-ai=y\n');
    const a = explainAiUse(d, { agent: 'X', path: '/news/a', use: 'ai-train' }, { workspace: ws() });
    assert.equal(a.verdict, 'prohibited');
    assert.match(a.contradictions[0]?.message ?? '', /Line 2 allows ai-train and line 7 of file:\/\/\/site\/.well-known\/tdmrep.json refuses it/);
  });
  test('only ai-train; other uses and no workspace leave it unread', () => {
    const w = ws();
    explainAiUse(robots, { agent: 'X', path: '/images/a', use: 'search' }, { workspace: w });
    assert.deepEqual(w.reads, []);
    assert.equal(explainAiUse(robots, { agent: 'X', path: '/images/a', use: 'ai-train' }).verdict, 'unknown');
  });
  test('where GPTBot may not crawl, the file decides nothing', () => {
    const a = explainAiUse(robots, { agent: 'GPTBot', path: '/private/x', use: 'ai-train' }, { workspace: ws() });
    assert.deepEqual(a.decidedBy.map((d) => d.line), [5]);
    assert.ok(a.signals.some((s) => s.vocabulary === 'tdmrep' && !s.decides));
  });
});

suite('TDMRep: the file comes before the page\'s META (TDMRep §3.1)', () => {
  const page = (p: string, reservation: string) => parseHtml(`file:///site${p}`, `<html><head>\n<meta name="tdm-reservation" content="${reservation}">\n</head></html>`);
  test('a matching rule (reservation 0) outranks the page\'s tdm-reservation 1', () => {
    const a = explainPageAiUse(robots, page('/about.html', '1'), { agent: 'X', path: '/about.html', use: 'ai-train' }, { workspace: ws() });
    assert.equal(a.verdict, 'allowed');
    assert.ok(a.signals.some((s) => s.vocabulary === 'html-meta' && !s.decides && /comes first/.test(s.meaning)));
  });
  test('without a matching rule the META speaks', () => {
    const onlyImages = '[{"location": "/images/", "tdm-reservation": 1}]';
    const a = explainPageAiUse(robots, page('/about.html', '1'), { agent: 'X', path: '/about.html', use: 'ai-train' }, { workspace: ws(onlyImages) });
    assert.deepEqual([a.verdict, a.decidedBy.map((d) => d.line)], ['prohibited', [2]]);
  });
});

suite('TDMRep and RSL codes: coverage', () => {
  test('every tdmrep.* and rsl.* code is produced by a sample here', () => {
    const rsl = doRslValidation;
    const samples = ['[', '{}', '[1]', '[{"tdm-reservation": 1}]', '[{"location": "x", "tdm-reservation": 2}]', '[{"location": "/", "tdm-reservation": 0, "tdm-policy": "https://a.example/p"}, {"location": "/a", "tdm-reservation": 1, "tdm-policy": "x", "tdm": 1}]'];
    const xml = ['<a', '<rsl/>', '<rsl xmlns="https://rslstandard.org/rsl"><content url="x"></content><content><license><permits type="usage">eat</permits></license></content></rsl>'];
    const seen = new Set([...samples.flatMap((t) => doTdmrepValidation(t)), ...xml.flatMap((t) => rsl(t))].map((d) => String(d.code)));
    assert.deepEqual(CODES.map((c) => c.code).filter((c) => (c.startsWith('tdmrep.') || c.startsWith('rsl.')) && !seen.has(c)), []);
  });
});
