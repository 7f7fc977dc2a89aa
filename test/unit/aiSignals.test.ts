/**
 * AI-era usage signals in robots.txt (issue 14, points 1 and 3): Content-Usage read as the IETF
 * aipref attach draft says (RFC 9651 Dictionary; labels of vocabulary drafts -05 … -08),
 * Content-Signal as Cloudflare's policy says, the extension directives seen in the wild, and path
 * hygiene. Every signal.* and path.* code has a positive test and a near miss here.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { CODES, CODE_BY_NAME, doValidation, explain, explainAiUse, format, type DiagnosticData } from '../../server/src/service';
import { parseContentSignal, parseDictionary } from '../../server/src/service/syntax/signals';
import { doc } from './helpers';

const expected = new Set<string>();
const SEVERITY: Record<string, DiagnosticSeverity> = { error: 1, warning: 2, information: 3, hint: 4 };

/** `/café/x` as the engine compares it (percent-encoded). */
const normalizedCafe = '/caf%C3%A9/x';

function diagnostics(text: string): Diagnostic[] {
  return doValidation(doc(text));
}
function where(d: Diagnostic): string {
  return `${d.range.start.line + 1}:${d.range.start.character + 1} ${String(d.code)}`;
}
function listing(ds: readonly Diagnostic[]): string {
  return ds.map((d) => `  ${where(d)}  ${d.message}`).join('\n') || '  (none)';
}
function expectAt(text: string, at: string): Diagnostic {
  const code = at.split(' ')[1];
  expected.add(code);
  const ds = diagnostics(text);
  const d = ds.find((x) => where(x) === at);
  assert.ok(d, `expected ${at} for:\n${text}\ngot:\n${listing(ds)}`);
  assert.equal(d.severity, SEVERITY[CODE_BY_NAME.get(code)!.severity], `default severity of ${code}`);
  return d;
}
function expectNo(text: string, code: string): void {
  const bad = diagnostics(text).filter((d) => d.code === code);
  assert.equal(bad.length, 0, `expected no ${code} for:\n${text}\ngot:\n${listing(bad)}`);
}
/** No warning or error at all. */
function expectClean(text: string): void {
  const bad = diagnostics(text).filter((d) => d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning);
  assert.deepEqual(bad.map(where), [], listing(bad));
}
function fix(text: string, d: Diagnostic): string {
  const r = (d.data as DiagnosticData | undefined)?.replacement;
  assert.ok(r !== undefined, `a fix for ${where(d)}`);
  const line = text.split('\n')[d.range.start.line];
  return line.slice(0, d.range.start.character) + r + line.slice(d.range.end.character);
}
const ua = (...ls: string[]): string => ['User-agent: *', ...ls].join('\n');
const FIXTURES = path.join(__dirname, '..', 'fixtures', 'ai');

suite('RFC 9651 Dictionary (Content-Usage values)', () => {
  const parse = (s: string) => parseDictionary(s, 0, s.length);
  test('members, tokens, parameters, inner lists, surrounding spaces', () => {
    const r = parse('  train-ai=n;why="x", search=y, a=(b c);q=1, flag  ');
    assert.ok(r.ok);
    assert.deepEqual(r.members.map((m) => [m.key, m.kind, m.value]), [['train-ai', 'token', 'n'], ['search', 'token', 'y'], ['a', 'inner-list', '(b c)'], ['flag', 'boolean', '']]);
    assert.equal(r.members[0].params && 'x', 'x');
  });
  test('failures: upper-case key, missing comma, trailing comma, bad string', () => {
    for (const [s, reason] of [['Train-AI=n', 'keys are lower case'], ['train-ai=n search=y', 'a comma between preferences'], ['train-ai=n,', 'another preference after the comma'], ['a="x', 'a closing quote']]) {
      const r = parse(s);
      assert.equal(r.ok, false, s);
      assert.equal(!r.ok && r.reason, reason, s);
    }
  });
  test('an empty value is an empty dictionary', () => {
    const r = parse('   ');
    assert.ok(r.ok && r.members.length === 0);
  });
});

suite('Content-Usage', () => {
  test('the attach draft\'s example validates clean (path form, y and n)', () => {
    expectClean(readFileSync(path.join(FIXTURES, 'aipref-attach.robots.txt'), 'utf8'));
  });
  test('Train-AI=n: a parse failure voids the line, with the lower-case fix', () => {
    const t = ua('Content-Usage: Train-AI=n');
    const d = expectAt(t, '2:16 rep.invalid-preference');
    assert.match(d.message, /whole line is void/);
    assert.equal(fix(t, d), 'Content-Usage: train-ai=n');
  });
  test('train-ai=n search=y: a missing comma voids the line, with the fix', () => {
    const t = ua('Content-Usage: /blog/ train-ai=n search=y');
    const d = expectAt(t, '2:23 rep.invalid-preference');
    assert.equal(fix(t, d), 'Content-Usage: /blog/ train-ai=n, search=y');
  });
  test('a bare key is not a preference', () => {
    expectAt(ua('Content-Usage: train-ai'), '2:16 rep.invalid-preference');
  });
  test('signal.invalid-value: only the tokens y and n count', () => {
    const t = ua('Content-Usage: train-ai=yes');
    const d = expectAt(t, '2:25 signal.invalid-value');
    assert.equal(fix(t, d), 'Content-Usage: train-ai=y');
    expectAt(ua('Content-Usage: search="y"'), '2:23 signal.invalid-value');
    expectAt(ua('Content-Usage: search=N'), '2:23 signal.invalid-value');
    expectNo(ua('Content-Usage: train-ai=n, search=y'), 'signal.invalid-value');
  });
  test('parameters are legal and ignored', () => {
    expectClean(ua('Content-Usage: train-ai=n;reason="policy", search=y'));
  });
  test('signal.duplicate-key: the last wins, the earlier is flagged', () => {
    expectAt(ua('Content-Usage: train-ai=y, train-ai=n'), '2:16 signal.duplicate-key');
    expectNo(ua('Content-Usage: train-ai=y, search=n'), 'signal.duplicate-key');
  });
  test('signal.obsolete-label: train-genai → train-ai; bots, all, ai-use, tdm … without equivalent', () => {
    const t = ua('Content-Usage: train-genai=n');
    const d = expectAt(t, '2:16 signal.obsolete-label');
    assert.equal(fix(t, d), 'Content-Usage: train-ai=n');
    for (const label of ['ai', 'genai', 'ai-use', 'bots', 'all', 'ai-output', 'tdm', 'inference']) {
      expectAt(ua(`Content-Usage: ${label}=n`), '2:16 signal.obsolete-label');
    }
    expectNo(ua('Content-Usage: train-ai=n'), 'signal.obsolete-label');
  });
  test('signal.unknown-label: did-you-mean for a near miss', () => {
    const t = ua('Content-Usage: train_ai=n');
    const d = expectAt(t, '2:16 signal.unknown-label');
    assert.equal(fix(t, d), 'Content-Usage: train-ai=n');
    expectAt(ua('Content-Usage: frobnicate=n'), '2:16 signal.unknown-label');
    expectNo(ua('Content-Usage: search=n'), 'signal.unknown-label');
  });
});

suite('Content-Signal', () => {
  test('Cloudflare\'s managed block validates without a warning (use=reference included)', () => {
    expectClean(readFileSync(path.join(FIXTURES, 'cloudflare-managed.robots.txt'), 'utf8'));
    expectClean(ua('Content-Signal: search=yes,ai-train=no,use=reference'));
    expectClean(ua('Content-Signal: search=yes, ai-input=no, ai-train=no'));
    expectClean(ua('Content-Signal: /blog/ ai-train=no'));
    expectClean(ua('Content-Signal: use=immediate'));
  });
  test('signal.unknown-key: misspelt keys with did-you-mean', () => {
    const t = ua('Content-Signal: search=yes, ai-trian=no');
    const d = expectAt(t, '2:29 signal.unknown-key');
    assert.equal(fix(t, d), 'Content-Signal: search=yes, ai-train=no');
    expectNo(ua('Content-Signal: ai-input=no'), 'signal.unknown-key');
  });
  test('signal.invalid-value: yes or no; use takes immediate, reference or full', () => {
    const t = ua('Content-Signal: ai-train=n');
    assert.equal(fix(t, expectAt(t, '2:26 signal.invalid-value')), 'Content-Signal: ai-train=no');
    expectAt(ua('Content-Signal: use=refrence'), '2:21 signal.invalid-value');
    expectNo(ua('Content-Signal: ai-train=No'), 'signal.invalid-value');
  });
  test('signal.missing-comma', () => {
    expectAt(ua('Content-Signal: search=yes ai-train=no'), '2:27 signal.missing-comma');
    const p = parseContentSignal('search=yes ai-train=no', { start: 0, end: 22 });
    assert.deepEqual(p.pairs.map((x) => [x.key, x.value]), [['search', 'yes'], ['ai-train', 'no']]);
    expectNo(ua('Content-Signal: search=yes, ai-train=no'), 'signal.missing-comma');
  });
  test('rep.invalid-preference: a word that is not key=value', () => {
    expectAt(ua('Content-Signal: search'), '2:17 rep.invalid-preference');
  });
  test('signal.alias: Content-Signals is read as Content-Signal, its value checked', () => {
    const t = ua('Content-Signals: search=yes, ai-train=no');
    assert.equal(fix(t, expectAt(t, '2:1 signal.alias')), 'Content-Signal: search=yes, ai-train=no');
    expectNo(t, 'syntax.misspelt-field');
    expectAt(ua('Content-Signals: ai-trian=no'), '2:18 signal.unknown-key');
    expectNo(ua('Content-Signal: search=yes'), 'signal.alias');
  });
  test('a path without a leading slash is a path, as for explain (never a host name)', () => {
    // `private/x` was read as a URL with the host `private`: answered for /x (found by a property hunt).
    const d = doc('User-agent: *\nDisallow: /private/\n');
    const a = explainAiUse(d, { agent: 'FooBot', path: 'private/x', use: 'search' });
    assert.equal(a.path, '/private/x');
    assert.equal(a.verdict, 'prohibited');
    assert.equal(explainAiUse(d, { agent: 'FooBot', path: 'café/x', use: 'search' }).path, normalizedCafe);
  });
  test('Content-Signals is a member of its group, as Content-Signal is: it ends the User-agent lines above it', () => {
    // Read as an unknown field, it joined nothing and ended nothing, so the group of `*` merged with
    // GPTBot's and FooBot lost the whole site; and GPTBot's line spoke for every crawler (found by
    // a property hunt).
    const merged = 'User-agent: *\nContent-Signals: search=yes, ai-train=no\n\nUser-agent: GPTBot\nDisallow: /\n';
    for (const profile of ['rfc9309', 'koster1996'] as const) assert.equal(explain(doc(merged), { agent: 'FooBot', path: '/x', profile, reading: 'conventional' }).allowed, true, profile);
    const other = 'User-agent: GPTBot\nContent-Signals: ai-train=no\n\nUser-agent: *\nAllow: /\n';
    assert.equal(explainAiUse(doc(other), { agent: 'FooBot', path: '/x', use: 'ai-train' }).verdict, 'unknown');
    assert.equal(explainAiUse(doc(other), { agent: 'GPTBot', path: '/x', use: 'ai-train' }).verdict, 'prohibited');
    // The formatter keeps the name as written: the hint's fix is the one that changes it.
    assert.equal(format(doc('User-agent: *\ncontent-signals:   search=yes\n'), { tabSize: 2, insertSpaces: true }).map((e) => e.newText).join('').includes('Content-Signal:'), false);
  });
});

suite('extension directives seen in the wild', () => {
  test('LLM-Policy and Agentmap are information, not misspelt fields', () => {
    expectAt('LLM-Policy: https://example.com/llm-policy', '1:1 signal.extension-field');
    expectAt(ua('Agentmap: /agentmap.json'), '2:1 signal.extension-field');
    expectNo('LLM-Policy: https://example.com/llm-policy', 'syntax.unknown-field');
    expectNo('Sitemap: https://example.com/s.xml', 'signal.extension-field');
  });
});

suite('path hygiene', () => {
  test('path.html-entity: &amp; copied from a web page, fixed', () => {
    const t = ua('Disallow: /search?q=a&amp;page=2');
    assert.equal(fix(t, expectAt(t, '2:22 path.html-entity')), 'Disallow: /search?q=a&page=2');
    expectNo(ua('Disallow: /search?q=a&page=2'), 'path.html-entity');
  });
  test('path.non-ascii: suggests the UTF-8 percent-encoding', () => {
    const t = ua('Disallow: /café/');
    assert.equal(fix(t, expectAt(t, '2:15 path.non-ascii')), 'Disallow: /caf%C3%A9/');
    expectNo(ua('Disallow: /caf%C3%A9/'), 'path.non-ascii');
  });
  test('path.invalid-percent and path.lowercase-percent', () => {
    expectAt(ua('Disallow: /100%/'), '2:15 path.invalid-percent');
    expectAt(ua('Disallow: /a%zz'), '2:13 path.invalid-percent');
    const t = ua('Disallow: /caf%c3%a9/');
    assert.equal(fix(t, expectAt(t, '2:15 path.lowercase-percent')), 'Disallow: /caf%C3%a9/');
    expectNo(ua('Disallow: /a%2Fb'), 'path.lowercase-percent');
    expectNo(ua('Disallow: /a%2Fb'), 'path.invalid-percent');
  });
  test('path.double-star and path.trailing-star', () => {
    expectAt(ua('Disallow: /a/**/b'), '2:14 path.double-star');
    const t = ua('Disallow: /private/*');
    assert.equal(fix(t, expectAt(t, '2:20 path.trailing-star')), 'Disallow: /private/');
    expectNo(ua('Disallow: /*.pdf$'), 'path.trailing-star');
    expectNo(ua('Disallow: *'), 'path.trailing-star');
  });
  test('preference paths get the same hygiene', () => {
    expectAt(ua('Content-Usage: /a&amp;b train-ai=n'), '2:18 path.html-entity');
  });
});

suite('coverage of signal.* and path.* codes', () => {
  test('every one has a positive test above', () => {
    const missing = CODES.map((c) => c.code).filter((c) => (c.startsWith('signal.') || c.startsWith('path.')) && !expected.has(c));
    assert.deepEqual(missing, []);
  });
});
