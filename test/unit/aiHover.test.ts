/** Hover on AI-era signals (issue 14): the AI-use table, labels and keys, the ACAP mapping. `|` marks the cursor. */
import * as assert from 'node:assert/strict';
import { doHover, parseDocument } from '../../server/src/service';
import { cursor } from './helpers';

function hoverAt(textWithBar: string, settings = {}): string {
  const { text, offset } = cursor(textWithBar);
  const before = text.slice(0, offset);
  const line = before.split('\n').length - 1;
  const character = offset - (before.lastIndexOf('\n') + 1);
  const h = doHover(parseDocument('file:///site/robots.txt', 1, text), { line, character }, settings);
  return h ? (h.contents as { value: string }).value : '';
}

const BLOG = ['User-agent: *', 'Content-Signal: search=yes, ai-train=no', 'Allow: /blog/', '', 'User-agent: GPTBot', 'Disallow: /blog/'].join('\n');

suite('hover: AI uses', () => {
  test('may GPTBot train on /blog/x? The path hover\'s AI table answers ✗, linked to its Disallow line', () => {
    const md = hoverAt(BLOG.replace('Allow: /blog/', 'Allow: /bl|og/'), { crawlers: ['GPTBot', 'Bingbot'] });
    assert.match(md, /\*\*AI uses of `\/blog\/`\*\*/);
    assert.match(md, /\| crawler \| ai-train \| ai-input \| search \|/);
    assert.match(md, /\| GPTBot \| ✗ \[6\]\(file:\/\/\/site\/robots\.txt#L6 "line 6"\) \| ✗ \[6\]\(file:\/\/\/site\/robots\.txt#L6 "line 6"\) \| ✗ \[6\]/);
    assert.match(md, /\| \\\* any other \(and Bingbot\) \| ✗ \[2\]\(file:\/\/\/site\/robots\.txt#L2 "line 2"\) \| \? \| ✓ \[2\]\(file:\/\/\/site\/robots\.txt#L2 "line 2"\) \|/);
  });
  test('a contradiction is marked ‡', () => {
    const md = hoverAt(['User-agent: *', 'Content-Usage: train-ai=y', 'Content-Signal: ai-train=no', 'Disallow: /pr|ivate/'].join('\n'), { crawlers: [] });
    assert.match(md, /any other ‡/);
  });
  test('a crawler whose answers contradict themselves keeps its ‡ where its cells match another row', () => {
    // Googlebot's cells are `*`'s, but its ai-train answer contradicts itself (line 3 against
    // Google-Extended's group, line 6): merged into `*`'s row, the mark was lost (found by a property hunt).
    const md = hoverAt(['User-agent: *', 'Content-Signal: ai-train=no, ai-input=no', 'Disallow: /pri|vate/', '', 'User-agent: Google-Extended', 'Allow: /'].join('\n'), { crawlers: ['Googlebot'] });
    assert.match(md, /\| Googlebot[^|\n]* ‡ \|/);
  });
  test('on a Content-Usage label and a Content-Signal key: what it means', () => {
    assert.match(hoverAt('User-agent: *\nContent-Usage: tra|in-ai=n'), /\*\*train-ai\*\* \(aipref label → ai-train\)/);
    assert.match(hoverAt('User-agent: *\nContent-Usage: train-gen|ai=n'), /not in the aipref vocabulary/);
    assert.match(hoverAt('User-agent: *\nContent-Signal: search=yes, ai-in|put=no'), /\*\*ai-input\*\* \(Content Signals → ai-input\)/);
    assert.match(hoverAt('User-agent: *\nContent-Signal: use=ref|erence'), /\*\*use\*\*.*immediate/);
  });
  test('on an ACAP usage: how it bears on the AI uses', () => {
    assert.match(hoverAt('ACAP-crawler: *\nACAP-disallow-oth|er: /'), /AI uses: a prohibition of other refuses ai-input, ai-train; a permission of other grants ai-input, ai-train/);
    assert.match(hoverAt('ACAP-crawler: *\nACAP-disallow-ind|ex: /'), /a prohibition of index refuses search/);
    assert.match(hoverAt('ACAP-crawler: *\nACAP-allow-fol|low: /'), /follow has no AI-use equivalent/);
  });
  test('on a crawler name: the knowledge base entry with its AI control token and the date it was checked', () => {
    const md = hoverAt('User-agent: Google|bot\nDisallow: /x');
    assert.match(md, /\*\*Googlebot\*\* — Google; purpose: search engine/);
    assert.match(md, /Its AI use is governed by the \*\*Google-Extended\*\* token/);
    assert.match(md, /Checked \d{4}-\d{2}-\d{2}/);
    assert.match(hoverAt('User-agent: AI2B|ot\nDisallow: /'), /Checked 2026-08-22 \(from the ai\.robots\.txt list\)/);
  });
});
