/**
 * The permission engine's rule indexes, kept across edits, answer as indexes built afresh. After
 * each edit of a random sequence (fast-check), the conventional verdict under every profile —
 * rfc9309 and koster1996 through each group's compiled rules (patched for the edited lines),
 * google through Google's sections (patched per URI) — and the crawler names equal those of the
 * same text parsed from scratch, and so do the AI-use answers (a group's preference lines, kept
 * across edits; the `License:` lines it reads, listed per version and patched). Old versions
 * queried again answer as before.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import {
  PROFILES, crawlersNamed, explainAiUse, doValidation, documentText, evaluateConventional, parseDocument, updateDocument, agentToken,
  type RobotsDocument,
} from '../../server/src/service';
import { typingChange, typingEdits } from './helpers';

/** Groups with literal, `$` and `*` patterns, Google's index.htm reading, a 2.0.0 group, crawlers of two groups, ACAP. */
const BASE = [
  'Disallow: /before-any-group',
  'User-agent: Googlebot',
  'Disallow: /a',
  'Allow: /a/b',
  'Disallow: /*.pdf$',
  'Allow: /dir/index.html',
  'Disallow: /dir/',
  'Disallow: /a',
  '',
  'User-agent: *',
  'Disallow: /private',
  'Allow: /b$',
  'Disallow:',
  'Crawl-delay: 5',
  'Content-Usage: train-ai=n',
  'Content-Signal: /a ai-train=yes',
  '',
  'User-agent: Bingbot',
  'Robot-version: 2.0.0',
  'Allow: /x',
  'Disallow: /x/*',
  '',
  // A second group for Googlebot and for *: Google reads a crawler's sections together.
  'User-agent: Googlebot',
  'Allow: /private/g',
  'Disallow: /x/*.pdf',
  '',
  'User-agent: *',
  'Disallow: /b/',
  '',
  'ACAP-crawler: GPTBot',
  'ACAP-allow-crawl: /news/',
  'License: https://example.com/rsl.xml',
].join('\n');

/** What an edit may type: path characters, wildcards, whole lines, line breaks, colons. */
const TYPED = ['a', 'b', '/a', '/b', 'x', '*', '$', '', '\n', 'index.html', 'Allow: /b\n', 'Disallow: /a', '#', ' ', ':', 'User-agent: Bingbot\n', 'Bot', 'Content-Usage: train-ai=y', 'Content-Signal: ai-train=no', 'License: /rsl.xml', 'License: https://example.com/l.xml\n', 'L'];

const PATHS = ['/', '/a', '/a/b', '/ab', '/b', '/bx', '/x', '/x/y', '/dir/', '/dir/index.html', '/f.pdf', '/private/z', '/news/1', '/robots.txt', '/before-any-group'];
const AGENTS = ['Googlebot', 'Bingbot', 'GPTBot', 'OtherBot'];


const editArb = typingEdits(TYPED, 23);


/** Every verdict the indexes decide, as plain data. */
function answers(doc: RobotsDocument): unknown[] {
  const out: unknown[] = [];
  for (const profile of PROFILES) {
    for (const agent of AGENTS) {
      for (const path of PATHS) {
        const v = evaluateConventional(doc, agent, path, profile);
        out.push([profile, agent, path, v.allowed, v.line, v.scope, v.why, v.groupLines, v.rules().map((r) => [r.line, r.allow, r.pattern])]);
        // Under google through Google's sections, whose preference lists are kept across edits too.
        if (profile !== 'koster1996') out.push(explainAiUse(doc, { agent, path, use: 'ai-train', profile }));
      }
    }
  }
  return out;
}

/** The crawler names as a scan of every line finds them (the reference). */
function scannedNames(doc: RobotsDocument): string[] {
  const out = new Map<string, string>();
  for (const line of doc.lines) {
    const d = line.directive;
    const value = d.kind === 'user-agent' ? line.text.slice(d.agent.start, d.agent.end) : d.kind === 'acap-crawler' ? line.text.slice(d.name.start, d.name.end) : '';
    const name = agentToken(value);
    if (name && name !== '*' && !out.has(name.toLowerCase())) out.set(name.toLowerCase(), name);
  }
  return [...out.values()];
}

function fresh(doc: RobotsDocument): RobotsDocument {
  return parseDocument('file:///fresh/robots.txt', doc.version, documentText(doc));
}

suite('incremental rule indexes', () => {
  test('verdicts after each edit equal those of indexes built afresh', () => {
    fc.assert(
      fc.property(fc.array(editArb, { minLength: 1, maxLength: 20 }), fc.boolean(), (edits, validate) => {
        let doc = parseDocument('file:///indexes/robots.txt', 1, BASE);
        answers(doc);
        const versions: { doc: RobotsDocument; answers: unknown[] }[] = [];
        for (const e of edits) {
          doc = updateDocument(doc, [typingChange(doc, e)], doc.version + 1);
          // As the server does: validation carries the model over (and settles the edit) first.
          if (validate) doValidation(doc);
          const got = answers(doc);
          assert.deepEqual(got, answers(fresh(doc)));
          assert.deepEqual(crawlersNamed(doc), scannedNames(doc));
          versions.push({ doc, answers: got });
        }
        // An older version asked again is answered for its own text.
        const old = versions[Math.floor(versions.length / 2)];
        assert.deepEqual(answers(old.doc), old.answers);
      }),
      { numRuns: 150 },
    );
  });

  test('a License line typed or removed by an edit is read by the next AI-use answer (its list is patched per version)', () => {
    const rules = Array.from({ length: 200 }, (_, i) => `Disallow: /p${i}/`);
    let doc = parseDocument('file:///indexes/licence.txt', 1, ['User-agent: *', ...rules, 'License: /one.xml'].join('\n'));
    const licences = (d: RobotsDocument): string[] => explainAiUse(d, { agent: 'GPTBot', path: '/', use: 'ai-train' }).notes.filter((n) => n.includes('licence'));
    assert.equal(licences(doc).length, 1);
    // Line 5 becomes a License line, in place: the list of the previous version is patched.
    doc = updateDocument(doc, [{ range: { start: { line: 5, character: 0 }, end: { line: 5, character: 13 } }, text: 'License: /two.xml' }], 2);
    assert.deepEqual(licences(doc).map((n) => /line (\d+)/.exec(n)?.[1]), ['6', '202']);
    // And back: the line is a rule again.
    doc = updateDocument(doc, [{ range: { start: { line: 5, character: 0 }, end: { line: 5, character: 17 } }, text: 'Disallow: /p4/' }], 3);
    assert.deepEqual(licences(doc).map((n) => /line (\d+)/.exec(n)?.[1]), ['202']);
    assert.deepEqual(licences(doc), licences(fresh(doc)));
  });

  test('a path typed into one rule of a large group changes only that rule in every profile', () => {
    const rules = Array.from({ length: 300 }, (_, i) => `Disallow: /p${i}/`);
    let doc = parseDocument('file:///indexes/large.txt', 1, ['User-agent: *', ...rules].join('\n'));
    assert.equal(evaluateConventional(doc, 'X', '/p7/z', 'google').line, 8);
    doc = updateDocument(doc, [{ range: { start: { line: 8, character: 13 }, end: { line: 8, character: 13 } }, text: 'q' }], 2);
    for (const profile of PROFILES) {
      assert.equal(evaluateConventional(doc, 'X', '/p7/z', profile).line, undefined, profile);
      assert.equal(evaluateConventional(doc, 'X', '/p7q/z', profile).line, 8, profile);
      assert.equal(evaluateConventional(doc, 'X', '/p8/z', profile).line, 9, profile);
    }
  });
});
