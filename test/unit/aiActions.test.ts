/**
 * Cross-vocabulary code actions (issue 14, point 4): an ACAP record's AI stance as
 * Content-Signal / Content-Usage lines and the reverse, each saying what cannot be kept. Checked
 * by applying the edit and comparing the whole text.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { doValidation, explainAiUse, getCodeActions, type RobotsDocument } from '../../server/src/service';
import type { CodeAction, TextEdit } from 'vscode-languageserver-types';
import { doc } from './helpers';

const ACAP = readFileSync(path.join(__dirname, '..', 'fixtures', 'ai', 'acap-ai.robots.txt'), 'utf8');

function actionsAt(d: RobotsDocument, line: number): CodeAction[] {
  return getCodeActions(d, { start: { line, character: 0 }, end: { line, character: 0 } }, []).filter((a) => /^Write this/.test(a.title));
}

function apply(text: string, a: CodeAction, uri = 'file:///site/robots.txt'): string {
  const lines = text.split('\n');
  const offset = (p: { line: number; character: number }): number => lines.slice(0, p.line).reduce((n, l) => n + l.length + 1, 0) + p.character;
  const edits = [...(a.edit?.changes?.[uri] ?? [])].sort((x: TextEdit, y: TextEdit) => offset(y.range.start) - offset(x.range.start));
  let out = text;
  for (const e of edits) out = out.slice(0, offset(e.range.start)) + e.newText + out.slice(offset(e.range.end));
  return out;
}

suite('Cross-vocabulary actions: ACAP → Content-Signal / Content-Usage', () => {
  test('the record\'s stance goes into the * group, saying the snippet line is not kept', () => {
    const [a] = actionsAt(doc(ACAP), 4);
    assert.ok(a, 'an action on the ACAP record');
    assert.match(a.title, /not kept: line 7 \(present-snippet: no AI-use equivalent\); ai-input in Content-Usage/);
    const out = apply(ACAP, a);
    assert.equal(out, [
      'User-agent: *', 'Disallow: /private/', 'Content-Signal: search=yes, ai-input=no, ai-train=no', 'Content-Usage: train-ai=n, search=y', '',
      'ACAP-crawler: *', 'ACAP-disallow-other: /', 'ACAP-allow-index: /', 'ACAP-allow-present-snippet: / max-length=200', '',
    ].join('\n'));
    // The written lines give the same AI verdicts as the record.
    for (const use of ['ai-train', 'search', 'ai-input'] as const) {
      assert.equal(explainAiUse(doc(out), { agent: 'X', path: '/a', use }).verdict, explainAiUse(doc(ACAP), { agent: 'X', path: '/a', use }).verdict, use);
    }
  });
  test('a resource set is written as its patterns, one line each, not as the-acap:resource-set:NAME', () => {
    // Copied as a path, the reference made a Content-Signal line the validator reports and a
    // Content-Usage line it calls void (found by a property hunt).
    const text = 'ACAP-resource-set: images /img/ /pics/\nUser-agent: *\nDisallow: /x\n\nACAP-crawler: *\nACAP-disallow-crawl: the-acap:resource-set:images\n';
    const [a] = actionsAt(doc(text), 5);
    assert.ok(a, 'an action');
    const out = apply(text, a);
    assert.doesNotMatch(out, /Content-(Signal|Usage): the-acap/);
    assert.match(out, /^Content-Signal: \/img\/ /m);
    assert.match(out, /^Content-Signal: \/pics\/ /m);
    assert.deepEqual(doValidation(doc(out)).filter((d) => /signal|preference/.test(String(d.code))).map((d) => `${d.code}: ${d.message}`), []);
  });

  test('no group for the record\'s crawler: no action (a new group would change crawling)', () => {
    assert.deepEqual(actionsAt(doc('User-agent: *\nDisallow:\n\nACAP-crawler: GPTBot\nACAP-disallow-other: /\n'), 4), []);
  });
});

suite('Cross-vocabulary actions: Content-Signal / Content-Usage → ACAP', () => {
  test('Cloudflare\'s line: a record per crawler at the end, use=reference not kept', () => {
    const text = 'User-agent: *\nContent-Signal: search=yes, ai-train=no, use=reference\nAllow: /\n';
    const [a] = actionsAt(doc(text), 1);
    assert.match(a.title, /not kept: use=reference/);
    assert.equal(apply(text, a), text + '\nACAP-crawler: *\nACAP-allow-index: /\nACAP-disallow-other: /\n');
  });
  test('Content-Usage with a path; train-ai=n and ai-input=yes cannot both be kept', () => {
    const text = 'User-agent: CCBot\nContent-Usage: /blog/ train-ai=n\nDisallow: /x\n';
    const [a] = actionsAt(doc(text), 1);
    assert.equal(apply(text, a), text + '\nACAP-crawler: CCBot\nACAP-disallow-other: /blog/\n');
    const both = 'User-agent: *\nContent-Signal: ai-train=no, ai-input=yes\n';
    assert.match(actionsAt(doc(both), 1)[0].title, /not kept: ai-input=yes \(ACAP-disallow-other also refuses AI input\)/);
  });
  test('a void Content-Usage line offers nothing', () => {
    assert.deepEqual(actionsAt(doc('User-agent: *\nContent-Usage: Train-AI=n\n'), 1), []);
  });
});

suite('Cross-vocabulary actions: a group at the end of the file (found by npm run fuzz)', () => {
  test('the group\'s last line has no line end: the lines go after it, inside the text, the last line kept whole', () => {
    const text = 'ACAP-crawler: *\nACAP-disallow-other: /\n\nUser-agent: *\nDisallow: /private/';
    const [a] = actionsAt(doc(text), 1);
    assert.ok(a, 'an action on the ACAP record');
    const [e] = a.edit?.changes?.['file:///site/robots.txt'] ?? [];
    assert.deepEqual(e.range.start, { line: 4, character: 'Disallow: /private/'.length });
    const out = apply(text, a).split('\n');
    assert.deepEqual(out.slice(0, 5), text.split('\n'));
    assert.match(out[5], /^Content-Signal: /);
  });
});
