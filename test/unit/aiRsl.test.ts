/**
 * RSL (issue 14, point 1, "in the workspace"): the `License:` directive (a URL, or a path on the
 * site), the licence file validated, and its permits/prohibits read by the AI-use engine through
 * the Workspace port (never fetched). Fixture: test/fixtures/ai/rsl-site (after RSL 1.0's examples).
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { doRslValidation, doValidation, explainAiUse, parseDocument, parseXml } from '../../server/src/service';
import { MemoryWorkspace } from './memoryWorkspace';

const SITE = path.join(__dirname, '..', 'fixtures', 'ai', 'rsl-site');
const LICENSE = readFileSync(path.join(SITE, 'license.xml'), 'utf8');
const ROBOTS = readFileSync(path.join(SITE, 'robots.txt'), 'utf8');
const robots = (text = ROBOTS) => parseDocument('file:///site/robots.txt', 0, text);
const ws = (licence = LICENSE): MemoryWorkspace => new MemoryWorkspace({ 'file:///site/robots.txt': ROBOTS, 'file:///site/license.xml': licence });
const codes = (text: string): string[] => doRslValidation(text).map((d) => String(d.code));
const wrap = (inner: string): string => `<rsl xmlns="https://rslstandard.org/rsl">${inner}</rsl>`;

suite('RSL: the licence file', () => {
  test('the fixture gives no diagnostics', () => {
    assert.deepEqual(doRslValidation(LICENSE), []);
  });
  test('not well-formed XML; a DOCTYPE is refused (no entity expansion)', () => {
    assert.deepEqual(codes('<rsl xmlns="https://rslstandard.org/rsl"><content url="/"></rsl>'), ['rsl.invalid-xml']);
    assert.deepEqual(codes('<!DOCTYPE rsl [<!ENTITY a "aaaa">]><rsl/>'), ['rsl.invalid-xml']);
    assert.equal(parseXml('<a>' + '<b>'.repeat(1000)).ok, false);
  });
  test('the root and its namespace; a prefixed root in the namespace is fine', () => {
    assert.deepEqual(codes('<rsl xmlns="https://example.com/rsl"><content url="/"><license/></content></rsl>'), ['rsl.wrong-namespace']);
    assert.deepEqual(codes('<r:rsl xmlns:r="https://rslstandard.org/rsl"><r:content url="/"><r:license><r:permits type="usage">all</r:permits></r:license></r:content></r:rsl>'), []);
  });
  test('content without url, a url that is no pattern, content without license', () => {
    assert.deepEqual(codes(wrap('<content><license/></content>')), ['rsl.missing-content-url']);
    assert.deepEqual(codes(wrap('<content url="articles"><license/></content>')), ['rsl.invalid-content-url']);
    assert.deepEqual(codes(wrap('<content url="/"></content>')), ['rsl.missing-license']);
  });
  test('usage tokens: an unknown one, with a did-you-mean for the draft label train-ai', () => {
    const d = doRslValidation(wrap('<content url="/"><license><prohibits type="usage">train-ai, search</prohibits></license></content>'));
    assert.deepEqual(d.map((x) => x.code), ['rsl.unknown-usage']);
    assert.match(d[0].message, /Did you mean ‘ai-train’/);
    assert.equal(d[0].range.start.character, 91);
  });
});

suite('RSL: License in robots.txt and the engine', () => {
  test('License: a /path is accepted; a bare word is not', () => {
    const c = (t: string) => doValidation(parseDocument('file:///site/robots.txt', 0, t)).map((d) => d.code);
    assert.ok(!c('License: /license.xml\n').includes('rep.invalid-url'));
    assert.ok(c('License: license\n').includes('rep.invalid-url'));
  });
  test('/articles/a: the licence prohibits ai-train, decided by license.xml line 9', () => {
    const a = explainAiUse(robots(), { agent: 'ClaudeBot', path: '/articles/a', use: 'ai-train' }, { workspace: ws() });
    assert.equal(a.verdict, 'prohibited');
    assert.deepEqual(a.decidedBy.map((d) => [d.line, d.file]), [[9, 'file:///site/license.xml']]);
    assert.match(a.signals.find((s) => s.vocabulary === 'rsl')?.meaning ?? '', /prohibits ‘ai-train’/);
  });
  test('/about: content "/" permits search and ai-input; ai-train is not among them, so it is not licensed', () => {
    const w = ws();
    assert.equal(explainAiUse(robots(), { agent: 'X', path: '/about', use: 'search' }, { workspace: w }).verdict, 'allowed');
    assert.equal(explainAiUse(robots(), { agent: 'X', path: '/about', use: 'ai-input' }, { workspace: w }).verdict, 'allowed');
    const t = explainAiUse(robots(), { agent: 'X', path: '/about', use: 'ai-train' }, { workspace: w });
    assert.equal(t.verdict, 'prohibited');
    assert.match(t.signals.find((s) => s.vocabulary === 'rsl')?.meaning ?? '', /permits only search, ai-input/);
  });
  test('all and ai-all speak on the AI uses', () => {
    const lic = wrap('<content url="/"><license><prohibits type="usage">ai-all</prohibits></license></content>');
    assert.equal(explainAiUse(robots(), { agent: 'X', path: '/', use: 'ai-input' }, { workspace: ws(lic) }).verdict, 'prohibited');
    assert.equal(explainAiUse(robots(), { agent: 'X', path: '/', use: 'search' }, { workspace: ws(lic) }).verdict, 'unknown');
  });
  test('a licence URL is never fetched: a note, and no read', () => {
    const w = ws();
    const a = explainAiUse(robots('User-agent: *\nAllow: /\nLicense: https://example.com/license.xml\n'), { agent: 'X', path: '/', use: 'ai-train' }, { workspace: w });
    assert.equal(a.verdict, 'unknown');
    assert.match(a.notes.join(' '), /never fetched/);
    assert.deepEqual(w.reads.filter((r) => !r.endsWith('tdmrep.json')), []);
  });
  test('a licence path outside the site resolves to nothing', () => {
    const a = explainAiUse(robots('User-agent: *\nLicense: /../secret.xml\n'), { agent: 'X', path: '/', use: 'ai-train' }, { workspace: ws() });
    assert.match(a.notes.join(' '), /cannot be read/);
  });
});
