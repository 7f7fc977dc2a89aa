/**
 * The `google` profile against Google's own test suite: every allow/disallow expectation of
 * google/robotstxt's robots_test.cc (145 cases), its URL path extraction cases and its pattern
 * escaping cases, read from test/data/google-robotstxt-cases.json.
 * Test data: Copyright 2019 Google LLC, Apache-2.0 (see NOTICE).
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { googleEvaluate, googleReadLine, googleReadText, googleSectionLines } from '../../server/src/service/engine/google';
import { explain, parseDocument } from '../../server/src/service';
import { googleEscapePattern, pathOfUrl } from '../../server/src/service/syntax/paths';

interface Case { id: string; robotstxt: string; userAgents: string[]; url: string; allowed: boolean }
const data = JSON.parse(readFileSync(path.resolve(__dirname, '../data/google-robotstxt-cases.json'), 'utf8')) as {
  cases: Case[];
  getPathParamsQueryCases: { input: string; expected: string }[];
  maybeEscapePatternCases: { input: string; expected: string }[];
};

suite('google profile: Google robots_test.cc', () => {
  test('the corpus holds all 145 cases', () => assert.equal(data.cases.length, 145));

  for (const c of data.cases) {
    test(`${c.id}: ${c.userAgents[0]} ${c.url} is ${c.allowed ? 'allowed' : 'disallowed'}`, () => {
      const doc = parseDocument('file:///robots.txt', 1, c.robotstxt);
      // Google's matcher takes the agent and the URL exactly as given (the caller escapes).
      const verdict = googleEvaluate(doc, c.userAgents[0], pathOfUrl(c.url));
      assert.equal(verdict.allowed, c.allowed);
    });
  }

  test('the engine under the google profile agrees on every case with an ASCII URL and a plain agent', () => {
    let compared = 0;
    for (const c of data.cases) {
      // The engine reads a token from the agent (interpretation §1) and percent-encodes non-ASCII
      // paths, as a crawler's request would; cases that test those inputs are Google-internal.
      if (/[^\x20-\x7e]/.test(c.url) || /[\s/]/.test(c.userAgents[0])) continue;
      const doc = parseDocument('file:///robots.txt', 1, c.robotstxt);
      const e = explain(doc, { agent: c.userAgents[0], path: c.url, profile: 'google', reading: 'conventional' });
      assert.equal(e.allowed, c.allowed, c.id);
      compared++;
    }
    assert.ok(compared >= 140, `compared ${compared}`);
  });

  for (const c of data.getPathParamsQueryCases) {
    test(`path of ${JSON.stringify(c.input)} is ${c.expected}`, () => assert.equal(pathOfUrl(c.input), c.expected));
  }
  for (const c of data.maybeEscapePatternCases) {
    test(`pattern ${JSON.stringify(c.input)} escapes to ${c.expected}`, () => assert.equal(googleEscapePattern(c.input), c.expected));
  }
});

suite('google profile: the lines that shape sections', () => {
  // The sections read only the lines whose key's first two characters can begin User-agent,
  // Allow or Disallow; this checks that filter never drops a line Google would read as one.
  const piece = fc.constantFrom('user-agent', 'User Agent', 'USERAGENT', 'allow', 'ALLOW', 'Disallow', 'dissalow', 'diasllow', 'Sitemap', 'ACAP-crawler', 'ACAP-allow-crawl',
    'us', 'al', 'di', 'u', 'a', 'd', 'İ', 'dİsallow', '\u212a', '\ufeff', ':', ' ', '\t', '\v', '\f', '\r', '\0', '#', '*', '/x', 'bot', 'é');
  const line = fc.array(piece, { maxLength: 6 }).map((p) => p.join(''));

  test('a line is kept exactly when Google reads it as User-agent, Allow or Disallow', () => {
    fc.assert(fc.property(fc.array(line, { minLength: 1, maxLength: 12 }), (lines) => {
      const doc = parseDocument('file:///robots.txt', 1, lines.join('\n'));
      const expected = doc.lines.flatMap((node, i) => {
        const read = node.kind === 'field' ? googleReadLine(node, i) : undefined;
        return read && (read.key === 'user-agent' || read.key === 'allow' || read.key === 'disallow') ? [read] : [];
      });
      assert.deepEqual(googleSectionLines(doc), expected);
    }), { numRuns: 3000 });
  });

  test('a line read off the lexer\'s node reads as Google reads its text', () => {
    // googleReadLine takes the lexer's name and value for plain User-agent, Allow and Disallow
    // lines; googleReadText reads every line from its text alone, as robots.cc does.
    const value = fc.array(fc.constantFrom('/x', '/a:b', '*', '$', '%2f', '%7E', 'é', ' ', '\t', ':', '#c', 'bot', '\0'), { maxLength: 5 }).map((p) => p.join(''));
    const name = fc.constantFrom('User-agent', 'user-agent', 'USER-AGENT', 'Allow', 'allow', 'Disallow', 'DISALLOW', 'useragent', 'Allowed', 'Disallow ', ' Allow', '\tDisallow', 'dissalow', 'Sitemap');
    const sep = fc.constantFrom(':', ': ', ' :', ' : ', '\t:\t', ' ', '');
    const text = fc.tuple(fc.constantFrom('', '\ufeff'), name, sep, value).map(([bom, n, c, v]) => bom + n + c + v);
    fc.assert(fc.property(fc.array(text, { minLength: 1, maxLength: 6 }), (lines) => {
      const doc = parseDocument('file:///robots.txt', 1, lines.join('\n'));
      doc.lines.forEach((node, i) => assert.deepEqual(googleReadLine(node, i), googleReadText(node, i), JSON.stringify(node.text)));
    }), { numRuns: 3000 });
    // The byte limit: a plain line over it is cut, so it is read from its text.
    const long = parseDocument('file:///robots.txt', 1, `Disallow: /${'a'.repeat(20000)}`);
    assert.deepEqual(googleReadLine(long.lines[0], 0), googleReadText(long.lines[0], 0));
    assert.equal(googleReadLine(long.lines[0], 0)?.value.length, 2083 * 8 - 1 - 'Disallow: '.length);
  });
});
