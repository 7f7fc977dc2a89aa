/**
 * Completion, with `|` marking the cursor (STYLE.md): items are found by label, and checked by
 * applying their edit to the text and comparing the whole result.
 */
import * as assert from 'node:assert/strict';
import { CompletionItemKind, CompletionItemTag, InsertTextFormat, type CompletionItem, type CompletionList, type Position, type TextEdit } from 'vscode-languageserver-types';
import { doComplete, type CompletionContextInfo } from '../../server/src/service/features/completion';
import { CRAWLERS, CRAWLER_PURPOSES, type CrawlerPurpose } from '../../server/src/service/facts/crawlers';
import { parseDocument } from '../../server/src/service/syntax/document';
import { field, formatSpec, qualifiersFor, USAGES, USED_RESOURCE_TYPES, ACTIONS } from '../../server/src/service/facts/facts';
import { cursor } from './helpers';
import { lineStarts, offsetAt, positionAt } from './kit/positions';

/** The text a snippet inserts when every placeholder keeps its default. */
function expandSnippet(s: string): string {
  return s.replace(/\$\{\d+:([^}]*)\}/g, '$1').replace(/\$\d+/g, '');
}

function applyItem(text: string, item: CompletionItem): string {
  const main = item.textEdit as TextEdit;
  assert.ok(main && 'range' in main, `${item.label} has a textEdit with a range`);
  const newText = item.insertTextFormat === InsertTextFormat.Snippet ? expandSnippet(main.newText) : main.newText;
  const edits = [{ range: main.range, newText }, ...(item.additionalTextEdits ?? [])]
    .sort((a, b) => offsetAt(text, b.range.start) - offsetAt(text, a.range.start));
  let out = text;
  for (const e of edits) out = out.slice(0, offsetAt(out, e.range.start)) + e.newText + out.slice(offsetAt(out, e.range.end));
  return out;
}

interface Result {
  readonly text: string;
  readonly list: CompletionList;
  readonly labels: string[];
  /** The one item labelled `label`. */
  item(label: string): CompletionItem;
  /** The whole text after choosing `label`. */
  apply(label: string): string;
}

function complete(textWithBar: string, context?: CompletionContextInfo): Result {
  const { text, offset } = cursor(textWithBar);
  const position = positionAt(text, offset);
  const list = doComplete(parseDocument('file:///site/robots.txt', 1, text), position, context);
  checkRanges(text, position, list);
  const item = (label: string): CompletionItem => {
    const found = list.items.filter((i) => i.label === label);
    assert.equal(found.length, 1, `one item labelled ${label} among ${list.items.map((i) => i.label).join(', ')}`);
    return found[0];
  };
  return { text, list, labels: list.items.map((i) => i.label), item, apply: (label) => applyItem(text, item(label)) };
}

/** Every edit replaces exactly the word at the cursor: on its line, around the cursor, never half a word. */
function checkRanges(text: string, position: Position, list: CompletionList): void {
  const lineText = text.slice(lineStarts(text)[position.line]).split(/\r\n|\r|\n/)[0];
  // Incomplete only while a field name is typed (completionRetrigger.test.ts).
  if (list.isIncomplete) assert.match(lineText.slice(0, position.character), /^\s*[A-Za-z][^\s:]*$|^\s*$/);
  for (const i of list.items) {
    const r = (i.textEdit as TextEdit).range;
    assert.equal(r.start.line, position.line, `${i.label}: same line`);
    assert.equal(r.end.line, position.line, `${i.label}: same line`);
    assert.ok(r.start.character <= position.character && position.character <= r.end.character, `${i.label}: range holds the cursor`);
    assert.ok(!/[A-Za-z0-9_.]/.test(lineText[r.start.character - 1] ?? ''), `${i.label}: no half word before`);
    assert.ok(!/[A-Za-z0-9_.]/.test(lineText[r.end.character] ?? ''), `${i.label}: no half word after`);
    assert.equal(typeof i.sortText, 'string');
    assert.equal(typeof i.filterText, 'string');
  }
}

const RECORD = 'ACAP-crawler: *\n';
const PATHS: CompletionContextInfo = { workspacePaths: ['/news/2024/story.html', '/img/logo.png', 'not-rooted.txt'] };
const TRIGGER = 'editor.action.triggerSuggest';

suite('completion: field names', () => {
  test('an empty file offers group starts, ACAP-crawler, definitions and the ignore flag, not rules or record members', () => {
    const r = complete('|');
    for (const l of ['User-agent', 'ACAP-crawler', 'Sitemap', 'ACAP-resource-set', 'ACAP-qualified-usage', 'ACAP-composite-usage', 'ACAP-ignore-conventional-records']) {
      assert.ok(r.labels.includes(l), l);
    }
    for (const l of ['Allow', 'Disallow', 'ACAP-allow-', 'ACAP-disallow-', 'ACAP-usage-purpose']) assert.ok(!r.labels.includes(l), l);
    assert.equal(r.apply('User-agent'), 'User-agent: ');
    assert.equal(r.item('User-agent').command?.command, TRIGGER);
    // Part 1 §2.9.1: a field with no colon and no value.
    assert.equal(r.apply('ACAP-ignore-conventional-records'), 'ACAP-ignore-conventional-records');
    assert.equal(r.apply('ACAP-resource-set'), 'ACAP-resource-set: ');
  });

  test('documentation, kind and tags come from facts.ts', () => {
    const r = complete(`${RECORD}|`);
    const req = r.item('ACAP-request-');
    assert.deepEqual(req.tags, [CompletionItemTag.Deprecated]);
    assert.equal(req.kind, CompletionItemKind.Keyword);
    const doc = (req.documentation as { value: string }).value;
    assert.ok(doc.includes(field('acap-request').summary));
    assert.ok(doc.includes(formatSpec(field('acap-request').spec)));
    assert.equal(r.item('ACAP-allow-').tags, undefined);
    assert.equal(complete('User-agent: *\n|').item('Disallow').kind, CompletionItemKind.Property);
  });

  test('a partial name is replaced whole, with `: ` after it', () => {
    assert.equal(complete('User-agent: *\nDis|').apply('Disallow'), 'User-agent: *\nDisallow: ');
    assert.equal(complete('user-agent: *\ndis|').apply('Disallow'), 'user-agent: *\nDisallow: ');
  });

  test('mid-word: the whole name is replaced and an existing colon kept', () => {
    assert.equal(complete('User-agent: *\nDis|allow: /x').apply('Allow'), 'User-agent: *\nAllow: /x');
    // A missing colon before a value gets just the colon.
    assert.equal(complete('User-agent: *\nDisalow| /x').apply('Disallow'), 'User-agent: *\nDisallow: /x');
  });

  test('Allow and Disallow only after a User-agent', () => {
    const r = complete('User-agent: *\nDisallow: /private/\n|');
    for (const l of ['Allow', 'Disallow', 'Crawl-delay', 'User-agent', 'ACAP-crawler', 'ACAP-resource-set']) assert.ok(r.labels.includes(l), l);
    assert.ok(!r.labels.includes('ACAP-allow-'));
    assert.ok(!complete('Sitemap: https://example.com/s.xml\n|').labels.includes('Disallow'));
  });

  test('inside an ACAP record: record members; no definitions, ignore flag, User-agent or rules after the first record (Part 1 §2.7, §2.9.1)', () => {
    const r = complete(`${RECORD}ACAP-allow-crawl: /\n|`);
    for (const l of ['ACAP-allow-', 'ACAP-disallow-', 'ACAP-usage-purpose', 'ACAP-request-', 'ACAP-crawler', 'Sitemap']) assert.ok(r.labels.includes(l), l);
    for (const l of ['ACAP-resource-set', 'ACAP-qualified-usage', 'ACAP-composite-usage', 'ACAP-ignore-conventional-records', 'User-agent', 'Allow', 'Disallow']) {
      assert.ok(!r.labels.includes(l), l);
    }
    assert.ok(!r.labels.includes('ACAP-permissions-reference'), 'a reference only right after the crawler lines');
    assert.ok(complete(`${RECORD}|`).labels.includes('ACAP-permissions-reference'));
  });

  test('a prefix is inserted as it is and asks for the usage at once', () => {
    const r = complete(`${RECORD}ACAP-a|`);
    assert.equal(r.apply('ACAP-allow-'), `${RECORD}ACAP-allow-`);
    assert.equal(r.item('ACAP-allow-').command?.command, TRIGGER);
    // Rewriting the prefix of a complete field keeps its usage.
    assert.equal(complete(`${RECORD}ACAP-al|low-index: /`).apply('ACAP-disallow-'), `${RECORD}ACAP-disallow-index: /`);
    // Not where the kept name would be an error with the new prefix (found by a property hunt): a
    // prohibition names no local usage (Part 1 §2.4.2), an action request no usage.
    assert.equal(complete(`${RECORD}ACAP-al|low-(snip): /x`).apply('ACAP-disallow-'), `${RECORD}ACAP-disallow-: /x`);
    assert.equal(complete(`${RECORD}ACAP-al|low-index: /x`).apply('ACAP-request-'), `${RECORD}ACAP-request-: /x`);
    assert.equal(complete(`${RECORD}ACAP-disal|low-(snip): /x`).apply('ACAP-allow-'), `${RECORD}ACAP-allow-(snip): /x`);
  });

  test('no value offered between the colon and a value already written (it would become a second value)', () => {
    assert.deepEqual(complete(`${RECORD}ACAP-allow-index: /a/\nACAP-allow-follow:| /f`).labels, []);
    assert.deepEqual(complete('User-agent: *\nDisallow: /a/\nDisallow:| /f').labels, []);
    assert.ok(complete('User-agent: *\nDisallow: /a/\nDisallow: |').labels.length > 0, 'an empty value still gets paths');
  });

  test('the ignore flag comes before definitions, once', () => {
    const r = complete('ACAP-resource-set: a /a/\n|');
    assert.ok(r.labels.includes('ACAP-qualified-usage'));
    assert.ok(!r.labels.includes('ACAP-ignore-conventional-records'));
    assert.ok(!complete('ACAP-ignore-conventional-records\n|').labels.includes('ACAP-ignore-conventional-records'));
  });

  test('nothing after a permissions reference; no requests in a sub-record (Part 1 §2.3)', () => {
    const ref = complete('ACAP-crawler: a\nACAP-permissions-reference: /a.txt\n|');
    assert.ok(ref.labels.includes('ACAP-crawler'));
    assert.ok(!ref.labels.includes('ACAP-allow-'));
    const sub = complete(`${RECORD}ACAP-usage-purpose: news\nACAP-allow-index: /\n|`);
    assert.ok(sub.labels.includes('ACAP-allow-'));
    assert.ok(!sub.labels.includes('ACAP-request-'));
  });

  test('a User-agent line ends the ACAP record', () => {
    const r = complete(`${RECORD}ACAP-allow-crawl: /\nUser-agent: x\n|`);
    assert.ok(r.labels.includes('Disallow'));
    assert.ok(!r.labels.includes('ACAP-allow-'));
  });

  test('CRLF documents', () => {
    assert.equal(complete('User-agent: *\r\nDis|\r\nAllow: /').apply('Disallow'), 'User-agent: *\r\nDisallow: \r\nAllow: /');
    assert.equal(complete(`ACAP-crawler: *\r\nACAP-allow-|\r\n`).apply('index'), 'ACAP-crawler: *\r\nACAP-allow-index: \r\n');
  });

  test('before the first word, in a comment, or past the end: nothing', () => {
    assert.deepEqual(complete('| Disallow: /').labels, []);
    assert.deepEqual(complete('User-agent: * # GPT|').labels, []);
    const list = doComplete(parseDocument('file:///r.txt', 1, 'User-agent: *'), { line: 5, character: 0 });
    assert.deepEqual(list, { isIncomplete: false, items: [] });
  });

  test('at every position of awkward lines: no throw, and every edit replaces just the word at the cursor', () => {
    const lines = ['\uFEFFUser-agent: *', 'ACAP allow preserve: /x', 'ACAP-allow-(x)junk: / a=b =c', 'ACAP-allow-present-: the-acap:resource-set:', 'Disallow /a:b # c:d',
      'ACAP-qualified-usage: q present time-limit = 3-days', 'ACAP-crawler:', ':', '  \t ', '##ACAP version=1.0 x', 'ACAP‐allow‐index: /', 'ACAP-request-take-down: /a /b'];
    const text = lines.join('\r\n');
    for (let offset = 0; offset <= text.length; offset++) {
      if (text[offset - 1] === '\r' && text[offset] === '\n') continue;
      complete(text.slice(0, offset) + '|' + text.slice(offset), PATHS);
    }
  });

  test('a blank line before a comment', () => {
    assert.equal(complete('|# note').apply('User-agent'), 'User-agent: # note');
  });
});

suite('completion: usages and actions', () => {
  const DEFS = 'ACAP-qualified-usage: My-Snip present-snippet max-length=20-words\nACAP-composite-usage: bundle index (my-snip)\n';

  test('after ACAP-allow-: every usage type, with `: `', () => {
    const r = complete(`${RECORD}ACAP-allow-|`);
    for (const u of USAGES) assert.ok(r.labels.includes(u.name), u.name);
    assert.equal(r.apply('present-snippet'), `${RECORD}ACAP-allow-present-snippet: `);
    assert.equal(r.item('present-snippet').command?.command, TRIGGER);
    assert.deepEqual(r.item('present-link').tags, [CompletionItemTag.Deprecated]);
  });

  test('local usages in parentheses for permissions (Part 1 §2.4.1.3)', () => {
    const r = complete(`${DEFS}${RECORD}ACAP-allow-|`);
    assert.equal(r.apply('(My-Snip)'), `${DEFS}${RECORD}ACAP-allow-(My-Snip): `);
    assert.equal(r.apply('(bundle)'), `${DEFS}${RECORD}ACAP-allow-(bundle): `);
    const paren = complete(`${DEFS}${RECORD}ACAP-allow-(m|`);
    assert.deepEqual(paren.labels.sort(), ['(My-Snip)', '(bundle)']);
    assert.equal(paren.item('(My-Snip)').filterText, '(My-Snip)');
    assert.equal(paren.apply('(My-Snip)'), `${DEFS}${RECORD}ACAP-allow-(My-Snip): `);
  });

  test('no local usages after ACAP-disallow- (Part 1 §2.4.2)', () => {
    const r = complete(`${DEFS}${RECORD}ACAP-disallow-|`);
    assert.ok(r.labels.includes('index'));
    assert.ok(!r.labels.some((l) => l.startsWith('(')));
  });

  test('definitions after the first record define nothing, so are not offered (Part 1 §2.7)', () => {
    const r = complete(`${RECORD}ACAP-allow-crawl: /\nACAP-qualified-usage: late index time-limit=3-days\nACAP-allow-|`);
    assert.ok(!r.labels.includes('(late)'));
  });

  test('after present-: only the used resource types', () => {
    const r = complete(`${RECORD}ACAP-allow-present-|`);
    assert.deepEqual([...r.labels].sort(), [...USED_RESOURCE_TYPES].sort());
    assert.equal(r.apply('snippet'), `${RECORD}ACAP-allow-present-snippet: `);
    assert.deepEqual(r.item('link').tags, [CompletionItemTag.Deprecated]);
    assert.deepEqual([...complete(`${RECORD}ACAP-disallow-Present-|`).labels].sort(), [...USED_RESOURCE_TYPES].sort());
  });

  test('mid-word: the whole usage is replaced, the colon kept', () => {
    assert.equal(complete(`${RECORD}ACAP-allow-present-sni|ppet: /news/`).apply('thumbnail'), `${RECORD}ACAP-allow-present-thumbnail: /news/`);
    assert.equal(complete(`${RECORD}ACAP-allow-ind|ex: /`).apply('preserve'), `${RECORD}ACAP-allow-preserve: /`);
    assert.equal(complete(`${RECORD}ACAP-allow-ind| /x`).apply('index'), `${RECORD}ACAP-allow-index: /x`);
  });

  test('after ACAP-request-: the actions, not ready (Part 1 §2.6)', () => {
    const r = complete(`${RECORD}ACAP-request-|`);
    assert.deepEqual(r.labels, ACTIONS.map((a) => a.name));
    assert.equal(r.apply('take-down'), `${RECORD}ACAP-request-take-down: `);
    assert.deepEqual(r.item('re-crawl').tags, [CompletionItemTag.Deprecated]);
  });

  test('in definitions: the usage of a qualified usage, the members of a composite one', () => {
    assert.equal(complete('ACAP-qualified-usage: short pres|').apply('present-snippet'), 'ACAP-qualified-usage: short present-snippet');
    const comp = complete(`${DEFS}ACAP-composite-usage: more index |`);
    assert.ok(comp.labels.includes('(My-Snip)'));
    assert.ok(!comp.labels.includes('(bundle)'), 'composites name only qualified usages (§2.7.2)');
    assert.equal(comp.apply('follow'), `${DEFS}ACAP-composite-usage: more index follow`);
  });
});

suite('completion: resource specifications', () => {
  test('workspace paths and the folders above them', () => {
    const r = complete(`${RECORD}ACAP-allow-index: |`, PATHS);
    for (const l of ['/news/', '/news/2024/', '/news/2024/story.html', '/img/', '/img/logo.png']) assert.ok(r.labels.includes(l), l);
    assert.ok(!r.labels.includes('not-rooted.txt'));
    assert.equal(r.item('/img/').kind, CompletionItemKind.Folder);
    assert.equal(r.item('/img/logo.png').kind, CompletionItemKind.File);
    assert.equal(r.apply('/news/'), `${RECORD}ACAP-allow-index: /news/`);
  });

  test('defined resource sets (Part 1 §2.4.4)', () => {
    const text = `ACAP-resource-set: Images *.gif *.png\n${RECORD}ACAP-disallow-index: the-acap:r|`;
    const r = complete(text);
    assert.deepEqual(r.labels, ['the-acap:resource-set:Images']);
    assert.equal(r.apply('the-acap:resource-set:Images'), `ACAP-resource-set: Images *.gif *.png\n${RECORD}ACAP-disallow-index: the-acap:resource-set:Images`);
  });

  test('mid-word: only the resource is replaced', () => {
    assert.equal(complete(`${RECORD}ACAP-allow-index: /ne|ws/ time-limit=3-days`, PATHS).apply('/img/'), `${RECORD}ACAP-allow-index: /img/ time-limit=3-days`);
  });

  test('conventional rules and resource-set patterns take paths too', () => {
    assert.equal(complete('User-agent: *\nDisallow: /i|', PATHS).apply('/img/'), 'User-agent: *\nDisallow: /img/');
    assert.equal(complete('ACAP-resource-set: pics |', PATHS).apply('/img/'), 'ACAP-resource-set: pics /img/');
  });
});

suite('completion: qualifiers', () => {
  const labelsOf = (usage: string): string[] => qualifiersFor(usage).map((q) => q.name).sort();

  test('after the resource: the qualifiers of the usage, as `name=`', () => {
    const r = complete(`${RECORD}ACAP-allow-present-snippet: /news/ |`);
    assert.deepEqual([...r.labels].sort(), labelsOf('present-snippet'));
    assert.equal(r.apply('max-length'), `${RECORD}ACAP-allow-present-snippet: /news/ max-length=`);
    assert.equal(r.item('max-length').command?.command, TRIGGER);
  });

  test('max-length only for present-snippet and present-oldsnippet (Part 1 §2.5.5.2.3)', () => {
    assert.ok(complete(`${RECORD}ACAP-allow-present-oldsnippet: / |`).labels.includes('max-length'));
    assert.ok(!complete(`${RECORD}ACAP-allow-present: / |`).labels.includes('max-length'));
    assert.ok(!complete(`${RECORD}ACAP-allow-index: / |`).labels.includes('max-length'));
    assert.deepEqual(complete(`${RECORD}ACAP-allow-crawl: / |`).labels, []);
  });

  test('a qualifier already used is not offered again, except a repeatable one (Part 1 §2.5.5.2)', () => {
    const used = complete(`${RECORD}ACAP-allow-present-snippet: /news/ max-length=20-words |`);
    assert.ok(!used.labels.includes('max-length'));
    assert.ok(used.labels.includes('time-limit'));
    const mod = complete(`${RECORD}ACAP-allow-present: /p/ prohibited-modification=format |`);
    assert.ok(mod.labels.includes('prohibited-modification'));
    assert.equal(mod.apply('prohibited-modification'), `${RECORD}ACAP-allow-present: /p/ prohibited-modification=format prohibited-modification=`);
    assert.ok(!complete(`${RECORD}ACAP-allow-present: /p/ prohibited-modification=any |`).labels.includes('prohibited-modification'));
  });

  test('none for prohibitions (§2.4.2) and local usages (§2.4.1.3)', () => {
    assert.deepEqual(complete(`${RECORD}ACAP-disallow-present: / |`).labels, []);
    assert.deepEqual(complete(`ACAP-qualified-usage: q index time-limit=3-days\n${RECORD}ACAP-allow-(q): / |`).labels, []);
  });

  test('readiness: red spots deprecated, amber spots documented', () => {
    const present = complete(`${RECORD}ACAP-allow-present: / |`);
    assert.deepEqual(present.item('must-include-resource').tags, [CompletionItemTag.Deprecated]);
    const index = complete(`${RECORD}ACAP-allow-index: / |`).item('must-use-resource');
    assert.equal(index.tags, undefined);
    assert.match((index.documentation as { value: string }).value, /prior arrangement.*Part 1 §1\.1/);
  });

  test('in a qualified usage definition, after the usage', () => {
    const r = complete('ACAP-qualified-usage: short present-snippet time-limit=3-days |');
    assert.ok(!r.labels.includes('time-limit'));
    assert.equal(r.apply('max-length'), 'ACAP-qualified-usage: short present-snippet time-limit=3-days max-length=');
  });

  test('mid-word: renaming a qualifier keeps its value', () => {
    assert.equal(complete(`${RECORD}ACAP-allow-present-snippet: / tim|e=3-days`).apply('time-limit'), `${RECORD}ACAP-allow-present-snippet: / time-limit=3-days`);
  });
});

suite('completion: qualifier values', () => {
  test('time-limit: until-recrawled, a dated snippet, N-days', () => {
    const r = complete(`${RECORD}ACAP-allow-index: / time-limit=|`);
    assert.deepEqual(r.labels, ['until-recrawled', 'until-YYYY-MM-DD', 'N-days']);
    assert.equal(r.apply('until-recrawled'), `${RECORD}ACAP-allow-index: / time-limit=until-recrawled`);
    const dated = r.item('until-YYYY-MM-DD');
    assert.equal(dated.insertTextFormat, InsertTextFormat.Snippet);
    assert.equal((dated.textEdit as TextEdit).newText, 'until-${1:YYYY-MM-DD}');
    assert.equal(r.apply('N-days'), `${RECORD}ACAP-allow-index: / time-limit=30-days`);
    assert.equal((r.item('N-days').textEdit as TextEdit).newText, '${1:30}-days');
  });

  test('mid-value: the value after `=` is replaced', () => {
    assert.equal(complete(`${RECORD}ACAP-allow-index: / time-limit=until-rec|rawl`).apply('until-recrawled'), `${RECORD}ACAP-allow-index: / time-limit=until-recrawled`);
  });

  test('blanks around `=` (ABNF §3)', () => {
    assert.equal(complete(`${RECORD}ACAP-allow-index: / time-limit= |`).apply('until-recrawled'), `${RECORD}ACAP-allow-index: / time-limit= until-recrawled`);
  });

  test('max-length: N-chars and N-words', () => {
    const r = complete(`${RECORD}ACAP-allow-present-snippet: / max-length=|`);
    assert.equal(r.apply('N-chars'), `${RECORD}ACAP-allow-present-snippet: / max-length=250-chars`);
    assert.equal(r.apply('N-words'), `${RECORD}ACAP-allow-present-snippet: / max-length=30-words`);
    assert.equal(r.item('N-words').insertTextFormat, InsertTextFormat.Snippet);
  });

  test('modification values, each once and `any` only alone (Part 1 §2.5.5.2.4)', () => {
    const r = complete(`${RECORD}ACAP-allow-present-currentcopy: / prohibited-modification=|`);
    assert.deepEqual(r.labels, ['any', 'format', 'style', 'translation', 'annotation']);
    const again = complete(`${RECORD}ACAP-allow-present-currentcopy: / prohibited-modification=format prohibited-modification=|`);
    assert.deepEqual(again.labels, ['style', 'translation', 'annotation']);
    assert.equal(again.apply('style'), `${RECORD}ACAP-allow-present-currentcopy: / prohibited-modification=format prohibited-modification=style`);
  });

  test('context values', () => {
    assert.equal(complete(`${RECORD}ACAP-allow-present-original: / required-context=|`).apply('within-original-frame'), `${RECORD}ACAP-allow-present-original: / required-context=within-original-frame`);
    assert.deepEqual(complete(`${RECORD}ACAP-allow-present-original: / prohibited-context=w|`).labels, ['within-user-frame']);
  });

  test('must-use-resource: extract forms and workspace paths (Part 1 §2.5.3.2)', () => {
    const r = complete(`${RECORD}ACAP-allow-index: /a/ must-use-resource=|`, PATHS);
    assert.ok(r.labels.includes('the-acap:extract:id:') && r.labels.includes('the-acap:extract:meta:'));
    assert.equal(r.apply('the-acap:extract:class:'), `${RECORD}ACAP-allow-index: /a/ must-use-resource=the-acap:extract:class:`);
    assert.equal(r.apply('/img/logo.png'), `${RECORD}ACAP-allow-index: /a/ must-use-resource=/img/logo.png`);
  });

  test('must-include-resource: credit forms; link is a red spot (Part 1 §2.5.5.2.5)', () => {
    const r = complete(`${RECORD}ACAP-allow-present: / must-include-resource=the-acap:c|`);
    assert.equal(r.apply('the-acap:credit:id:'), `${RECORD}ACAP-allow-present: / must-include-resource=the-acap:credit:id:`);
    assert.deepEqual(r.item('the-acap:link:').tags, [CompletionItemTag.Deprecated]);
    assert.equal(r.item('the-acap:credit:meta:').tags, undefined);
  });

  test('in a qualified usage definition', () => {
    assert.equal(complete('ACAP-qualified-usage: s present-snippet max-length=|').apply('N-chars'), 'ACAP-qualified-usage: s present-snippet max-length=250-chars');
  });

  test('no values for a qualifier the usage does not take, or an unknown one', () => {
    assert.deepEqual(complete(`${RECORD}ACAP-allow-index: / max-length=|`).labels, []);
    assert.deepEqual(complete(`${RECORD}ACAP-allow-index: / colour=|`).labels, []);
  });
});

suite('completion: crawlers, purposes, version', () => {
  const REQUIRED = ['Googlebot', 'Google-Extended', 'Bingbot', 'GPTBot', 'ChatGPT-User', 'OAI-SearchBot', 'ClaudeBot', 'Claude-User', 'anthropic-ai',
    'CCBot', 'PerplexityBot', 'Perplexity-User', 'Applebot', 'Applebot-Extended', 'Bytespider', 'Amazonbot', 'Meta-ExternalAgent', 'FacebookBot',
    'DuckDuckBot', 'YandexBot', 'Baiduspider', 'ia_archiver', 'AhrefsBot', 'SemrushBot', 'MJ12bot', 'cohere-ai', 'Diffbot', 'Timpibot'];

  test('the knowledge base: every required crawler, well-formed', () => {
    const purposes: readonly CrawlerPurpose[] = CRAWLER_PURPOSES;
    const tokens = CRAWLERS.map((c) => c.token);
    for (const t of REQUIRED) assert.ok(tokens.includes(t), t);
    assert.equal(new Set(tokens.map((t) => t.toLowerCase())).size, tokens.length, 'tokens are unique');
    for (const c of CRAWLERS) {
      assert.ok(purposes.includes(c.purpose), c.token);
      assert.ok(c.source === undefined || /^https?:\/\/[^\s]+$/.test(c.source), c.token);
      assert.ok(c.operator.length > 0, c.token);
    }
  });

  test('User-agent: known crawlers and `*`, documented', () => {
    const r = complete('User-agent: |');
    for (const t of [...REQUIRED, '*']) assert.ok(r.labels.includes(t), t);
    assert.equal(r.apply('GPTBot'), 'User-agent: GPTBot');
    const doc = (r.item('GPTBot').documentation as { value: string }).value;
    assert.match(doc, /OpenAI; purpose: AI model training/);
    assert.match(doc, /robots\.txt: honours it/);
    assert.match(doc, /Source: <https:\/\/platform\.openai\.com\/docs\/bots>/);
    assert.match((r.item('Perplexity-User').documentation as { value: string }).value, /may not honour it/);
  });

  test('names already used in the file', () => {
    const r = complete('User-agent: MyBot/2.1\nDisallow: /\n\nACAP-crawler: |');
    assert.equal(r.apply('MyBot'), 'User-agent: MyBot/2.1\nDisallow: /\n\nACAP-crawler: MyBot');
  });

  test('ACAP-crawler: `*` stands alone, and a record does not name a crawler twice (Part 1 §2.3.1)', () => {
    const r = complete('ACAP-crawler: Googlebot\nACAP-crawler: |');
    assert.ok(!r.labels.includes('*'));
    assert.ok(!r.labels.includes('Googlebot'));
    assert.ok(r.labels.includes('Bingbot'));
    assert.ok(complete('ACAP-crawler: |').labels.includes('*'));
  });

  test('mid-word: the whole name is replaced', () => {
    assert.equal(complete('User-agent: GPT|Bot\nDisallow: /').apply('ClaudeBot'), 'User-agent: ClaudeBot\nDisallow: /');
  });

  test('usage purposes used elsewhere in the file (Part 1 §2.3.3)', () => {
    const text = `${RECORD}ACAP-usage-purpose: news\nACAP-allow-index: /\nACAP-usage-purpose: NEWS\nACAP-usage-purpose: |`;
    const r = complete(text);
    assert.deepEqual(r.labels, ['news']);
    assert.equal(r.apply('news'), text.replace('|', 'news'));
  });

  test('the ##ACAP version comment (Part 1 §2.9.3)', () => {
    const r = complete('##ACAP version=|\nUser-agent: *');
    assert.deepEqual([...r.labels].sort(), ['1.0', '1.1']);
    assert.equal(r.apply('1.0'), '##ACAP version=1.0\nUser-agent: *');
  });
});
