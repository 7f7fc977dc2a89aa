/** Quick fixes: each is applied to the text and the whole result compared. */
import * as assert from 'node:assert/strict';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getCodeActions } from '../../server/src/service/features/codeActions';
import { doValidation, parseDocument } from '../../server/src/service';

/** Apply the quick fix for `code` (the only one, or the one titled `title`) and return the text. */
function fix(text: string, code: string, title?: string): string {
  const doc = parseDocument('file:///site/robots.txt', 1, text);
  const diagnostic = doValidation(doc).find((d) => d.code === code);
  assert.ok(diagnostic, `no ${code} for:\n${text}`);
  const actions = getCodeActions(doc, diagnostic.range, [diagnostic]);
  const action = title ? actions.find((a) => a.title === title) : actions[0];
  assert.ok(action, `no quick fix ${title ?? ''} for ${code}; got ${actions.map((a) => a.title).join(', ')}`);
  assert.equal(action.kind, 'quickfix');
  const edits = action.edit?.changes?.['file:///site/robots.txt'] ?? [];
  return TextDocument.applyEdits(TextDocument.create('file:///site/robots.txt', 'robots-txt', 1, text), edits);
}

suite('quick fixes', () => {
  test('missing colon (the specification\'s own example 5.8)', () => {
    assert.equal(fix('ACAP-crawler: *\nACAP-allow-present-snippet /news/ max-length=20-words\n', 'acap.missing-colon', 'Add the missing colon'),
      'ACAP-crawler: *\nACAP-allow-present-snippet: /news/ max-length=20-words\n');
    assert.equal(fix('User-agent: *\nDisallow /x\n', 'rep.missing-colon'), 'User-agent: *\nDisallow: /x\n');
  });
  test('a space for a hyphen (the guide\'s annex)', () => {
    assert.equal(fix('ACAP-crawler: *\nACAP-allow preserve: / time-limit=100-days\n', 'acap.space-for-hyphen', 'Write ‘ACAP-allow-preserve’ with hyphens'),
      'ACAP-crawler: *\nACAP-allow-preserve: / time-limit=100-days\n');
  });
  test('did-you-mean for usages, values, fields, qualifiers and actions', () => {
    assert.equal(fix('ACAP-crawler: *\nACAP-allow-present-links: /n/\n', 'acap.unknown-usage'), 'ACAP-crawler: *\nACAP-allow-present-link: /n/\n');
    assert.equal(fix('ACAP-crawler: *\nACAP-allow-preserve: /n/ time-limit=until-recrawl\n', 'acap.invalid-qualifier-value'), 'ACAP-crawler: *\nACAP-allow-preserve: /n/ time-limit=until-recrawled\n');
    assert.equal(fix('User-agent: *\nDissallow: /x\n', 'syntax.misspelt-field'), 'User-agent: *\nDisallow: /x\n');
    assert.equal(fix('ACAP-crawler: *\nACAP-allow-index: / time-limt=3-days\n', 'acap.unknown-qualifier'), 'ACAP-crawler: *\nACAP-allow-index: / time-limit=3-days\n');
    assert.equal(fix('ACAP-crawler: *\nACAP-request-takedown: /x\n', 'acap.unknown-action'), 'ACAP-crawler: *\nACAP-request-take-down: /x\n');
    assert.equal(fix('ACAP-crawler: *\nACAP-allow-index-snippet: /\n', 'acap.invalid-usage-combination'), 'ACAP-crawler: *\nACAP-allow-present-snippet: /\n');
  });
  test('a misspelt qualifier is matched only against the qualifiers the usage takes and the line does not already have', () => {
    const offered = (text: string): string[] => {
      const doc = parseDocument('file:///site/robots.txt', 1, text);
      const d = doValidation(doc).find((x) => x.code === 'acap.unknown-qualifier');
      assert.ok(d, text);
      assert.doesNotMatch(d.message, /Did you mean/i, text);
      return getCodeActions(doc, d.range, [d]).map((a) => a.title);
    };
    // Crawl takes no qualifier: `time-limit` would be an error there (found by a property hunt).
    assert.deepEqual(offered('ACAP-crawler: *\nACAP-allow-crawl: / time-limt=3-days\n'), []);
    // time-limit may occur once: a second one would be a duplicate-qualifier error.
    assert.deepEqual(offered('ACAP-crawler: *\nACAP-allow-index: / time-limt=3-days time-limit=until-recrawled\n'), []);
  });
  test('`ACAP-crawler: *` is not offered above a field when a definition follows it before the first record', () => {
    // The new line would start the first record, and a definition after it defines nothing (Part 1
    // §2.7): bot's prohibition of the set `rs` would be lost (found by a property hunt).
    const titles = (text: string): string[] => {
      const doc = parseDocument('file:///site/robots.txt', 1, text);
      const d = doValidation(doc).find((x) => x.code === 'acap.field-outside-record');
      assert.ok(d, text);
      return getCodeActions(doc, d.range, [d]).map((a) => a.title);
    };
    assert.deepEqual(titles('ACAP-allow-crawl: /\nACAP-resource-set: rs /a/\nACAP-crawler: bot\nACAP-disallow-crawl: the-acap:resource-set:rs\n'), []);
    assert.deepEqual(titles('ACAP-qualified-usage: cache preserve time-limit=3-days\nACAP-allow-crawl: /\nACAP-crawler: bot\nACAP-allow-(cache): /\n'), ['Add ‘ACAP-crawler: *’ above']);
    assert.deepEqual(titles('ACAP-allow-crawl: /\nACAP-crawler: bot\nACAP-resource-set: rs /a/\n'), ['Add ‘ACAP-crawler: *’ above']);
  });
  test('a definition after the first record moves above the definitions that use it, and not where it would repeat a name', () => {
    // Moved just above the record, `cache` landed below the composite that uses it: a
    // definition-order error (Part 1 §2.7; found by a property hunt).
    const text = 'ACAP-composite-usage: basic crawl (cache)\nACAP-crawler: bot\nACAP-allow-(basic): /\nACAP-qualified-usage: cache preserve time-limit=3-days\n';
    const moved = fix(text, 'acap.definition-after-record');
    assert.equal(moved, 'ACAP-qualified-usage: cache preserve time-limit=3-days\nACAP-composite-usage: basic crawl (cache)\nACAP-crawler: bot\nACAP-allow-(basic): /\n');
    assert.deepEqual(doValidation(parseDocument('file:///site/robots.txt', 2, moved)).filter((d) => d.severity === 1).map((d) => d.code), []);
    // The name is defined above the record already: moving would make it a duplicate, so no move.
    const twice = 'ACAP-resource-set: rs /a/\nACAP-crawler: bot\nACAP-disallow-crawl: the-acap:resource-set:rs\nACAP-resource-set: rs /b/\n';
    const doc = parseDocument('file:///site/robots.txt', 1, twice);
    const d = doValidation(doc).find((x) => x.code === 'acap.definition-after-record');
    assert.ok(d);
    assert.deepEqual(getCodeActions(doc, d.range, [d]).map((a) => a.title).filter((t) => t.startsWith('Move')), []);
  });
  test('a value written against a known field name: the fix adds the colon, and keeps the value', () => {
    // The did-you-mean and missing-colon fixes dropped `/x` and `*`, or put the colon after the
    // value (found by a property hunt).
    assert.equal(fix('User-agent: *\nDisallow/x\n', 'syntax.misspelt-field'), 'User-agent: *\nDisallow: /x\n');
    assert.equal(fix('User-agent*\nDisallow: /x\n', 'syntax.misspelt-field'), 'User-agent: *\nDisallow: /x\n');
    assert.equal(fix('ACAP-crawler*\nACAP-disallow-crawl: /x\n', 'acap.unknown-field'), 'ACAP-crawler: *\nACAP-disallow-crawl: /x\n');
    assert.equal(fix('ACAP-crawler: *\nACAP-disallow-crawl/private/\n', 'acap.missing-colon'), 'ACAP-crawler: *\nACAP-disallow-crawl: /private/\n');
  });
  test('a local usage written without its parentheses', () => {
    assert.equal(fix('ACAP-qualified-usage: cache preserve time-limit=3-days\nACAP-crawler: *\nACAP-allow-cache: /\n', 'acap.unknown-usage'),
      'ACAP-qualified-usage: cache preserve time-limit=3-days\nACAP-crawler: *\nACAP-allow-(cache): /\n');
  });
  test('a trailing slash for a directory; a path for a URL', () => {
    assert.equal(fix('ACAP-crawler: *\nACAP-disallow-crawl: /private\n', 'acap.directory-without-slash'), 'ACAP-crawler: *\nACAP-disallow-crawl: /private/\n');
    assert.equal(fix('User-agent: *\nDisallow: https://example.com/a/\n', 'rep.path-not-absolute'), 'User-agent: *\nDisallow: /a/\n');
  });
  test('byte-order marks, fullwidth colons, bare sitemap URLs, product tokens', () => {
    assert.equal(fix('\ufeffUser-agent: *\nDisallow: /\n', 'text.bom'), 'User-agent: *\nDisallow: /\n');
    assert.equal(fix('Sitemap\uff1ahttps://e.com/s.xml\n', 'syntax.fullwidth-colon'), 'Sitemap:https://e.com/s.xml\n');
    assert.equal(fix('https://e.com/sitemap.xml\n', 'syntax.bare-url'), 'Sitemap: https://e.com/sitemap.xml\n');
    assert.equal(fix('User-agent: Googlebot/2.1\nDisallow: /x\n', 'rep.invalid-product-token'), 'User-agent: Googlebot\nDisallow: /x\n');
  });
  test('the version comment and ACAP-ignore-conventional-records', () => {
    assert.equal(fix('## ACAP version 1.0\nACAP-crawler: *\nACAP-allow-crawl: /\n', 'acap.version-malformed'), '##ACAP version=1.0\nACAP-crawler: *\nACAP-allow-crawl: /\n');
    assert.equal(fix('ACAP-ignore-conventional-records: yes\nACAP-crawler: *\nACAP-allow-crawl: /\n', 'acap.ignore-conventional-value'), 'ACAP-ignore-conventional-records\nACAP-crawler: *\nACAP-allow-crawl: /\n');
  });
  test('no fix offered without a mechanical one, nor for a stale range', () => {
    const doc = parseDocument('file:///site/robots.txt', 1, 'ACAP-crawler: *\nACAP-allow-index: the-acap:resource-set:nope\n');
    const d = doValidation(doc).find((x) => x.code === 'acap.undefined-resource-set');
    assert.ok(d);
    assert.deepEqual(getCodeActions(doc, d.range, [d]), []);
    const stale = { ...d, code: 'acap.unknown-usage', data: { replacement: 'x' }, range: { start: { line: 1, character: 200 }, end: { line: 1, character: 210 } } };
    assert.deepEqual(getCodeActions(doc, stale.range, [stale]), []);
  });

  test('move a definition above the first record (the guide\'s restated example 4.4)', () => {
    assert.equal(fix('ACAP-crawler: *\nACAP-disallow-crawl: /\nACAP-resource-set: images /a/*.gif$\nACAP-crawler: b\nACAP-disallow-index: the-acap:resource-set:images\n', 'acap.definition-after-record'),
      'ACAP-resource-set: images /a/*.gif$\nACAP-crawler: *\nACAP-disallow-crawl: /\nACAP-crawler: b\nACAP-disallow-index: the-acap:resource-set:images\n');
  });
  test('add the version comment; move a misplaced one', () => {
    assert.equal(fix('ACAP-crawler: *\r\nACAP-allow-crawl: /\r\n', 'acap.version-missing'), '##ACAP version=1.0\r\nACAP-crawler: *\r\nACAP-allow-crawl: /\r\n');
    assert.equal(fix('# site\n##ACAP version=1.0\nACAP-crawler: *\nACAP-allow-crawl: /\n', 'acap.version-misplaced'), '##ACAP version=1.0\n# site\nACAP-crawler: *\nACAP-allow-crawl: /\n');
  });
  test('move ACAP-ignore-conventional-records above the definitions', () => {
    assert.equal(fix('ACAP-resource-set: s /a/\nACAP-ignore-conventional-records\nACAP-crawler: *\nACAP-allow-crawl: the-acap:resource-set:s\n', 'acap.ignore-conventional-misplaced'),
      'ACAP-ignore-conventional-records\nACAP-resource-set: s /a/\nACAP-crawler: *\nACAP-allow-crawl: the-acap:resource-set:s\n');
  });
  test('remove qualifiers from a prohibition and from a local usage', () => {
    assert.equal(fix('ACAP-crawler: *\nACAP-disallow-index: /a/ time-limit=3-days\n', 'acap.qualifier-on-prohibition'), 'ACAP-crawler: *\nACAP-disallow-index: /a/\n');
    assert.equal(fix('ACAP-qualified-usage: c preserve time-limit=3-days\nACAP-crawler: *\nACAP-allow-(c): / time-limit=4-days\n', 'acap.qualifier-on-local-usage'), 'ACAP-qualified-usage: c preserve time-limit=3-days\nACAP-crawler: *\nACAP-allow-(c): /\n');
  });
  test('remove a duplicate rule, a duplicate field, an empty Allow (also as the last line)', () => {
    assert.equal(fix('User-agent: *\nDisallow: /a\nDisallow: /a\nAllow: /b\n', 'rep.duplicate-rule'), 'User-agent: *\nDisallow: /a\nAllow: /b\n');
    assert.equal(fix('ACAP-crawler: *\nACAP-allow-index: /a/\nACAP-allow-index: /a/', 'acap.duplicate-field'), 'ACAP-crawler: *\nACAP-allow-index: /a/');
    assert.equal(fix('User-agent: *\nDisallow: /a\nAllow:\n', 'rep.empty-allow'), 'User-agent: *\nDisallow: /a\n');
  });
  test('add the missing User-agent or ACAP-crawler line', () => {
    assert.equal(fix('Disallow: /a\n', 'rep.rule-outside-group'), 'User-agent: *\nDisallow: /a\n');
    assert.equal(fix('ACAP-allow-crawl: /\n', 'acap.field-outside-record'), 'ACAP-crawler: *\nACAP-allow-crawl: /\n');
  });
});

