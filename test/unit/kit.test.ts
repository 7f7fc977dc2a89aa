/** The test kit itself (test/unit/kit/): fixtures, annotations, positions, multi-file fixtures. */
import * as assert from 'node:assert/strict';
import { findDefinition } from '../../server/src/service';
import { applyEdits, expectDiagnostics, FixtureWorkspace, offsetAt, parseFixture, positionAt, textOf } from './kit';

suite('test kit', () => {
  suite('positions', () => {
    test('LF, CRLF and lone CR each end a line', () => {
      const text = 'a\nbc\r\nd\re';
      assert.deepEqual([0, 2, 3, 4, 6, 7, 8, 9].map((o) => positionAt(text, o)), [
        { line: 0, character: 0 }, { line: 1, character: 0 }, { line: 1, character: 1 }, { line: 1, character: 2 },
        { line: 2, character: 0 }, { line: 2, character: 1 }, { line: 3, character: 0 }, { line: 3, character: 1 },
      ]);
    });
    test('offsetAt is the inverse of positionAt outside a CRLF', () => {
      const text = 'User-agent: *\r\nDisallow: /\rAllow: /a\n\n# end';
      for (let o = 0; o <= text.length; o++) {
        if (text[o - 1] === '\r' && text[o] === '\n') continue;
        assert.equal(offsetAt(text, positionAt(text, o)), o, `offset ${o}`);
      }
    });
    test('edits apply against the original text, whatever their order', () => {
      const text = 'ab\ncd';
      const edits = [
        { range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } }, newText: 'AA' },
        { range: { start: { line: 1, character: 1 }, end: { line: 1, character: 2 } }, newText: '' },
      ];
      assert.equal(applyEdits(text, edits), 'AAb\nc');
      assert.equal(applyEdits(text, [...edits].reverse()), 'AAb\nc');
      assert.equal(textOf(text, edits[0].range), 'a');
    });
  });

  suite('fixtures', () => {
    test('annotations are taken out of the text with the line break before them, and point at the line above, with # counting as a caret at column 0', () => {
      const f = parseFixture([
        'User-agent: *',
        'Disallow: private/',
        '#         ^^^^^^^^ warning rep.path-not-absolute',
        '#^^^^^^^ hint x.y',
        '# ^ error a.b',
        'Allow: /',
      ].join('\n'));
      assert.equal(f.main.text, 'User-agent: *\nDisallow: private/\nAllow: /');
      assert.deepEqual(f.main.annotations.map((a) => [textOf(f.main.text, a.range), a.severity, a.code]), [
        ['private/', 'warning', 'rep.path-not-absolute'],
        ['Disallow', 'hint', 'x.y'],
        ['s', 'error', 'a.b'],
      ]);
    });
    test('the | cursor is taken out and located, line ends kept', () => {
      const f = parseFixture('User-agent: *\r\nDisallow: /pri|vate/\r\n');
      assert.equal(f.main.text, 'User-agent: *\r\nDisallow: /private/\r\n');
      assert.deepEqual(f.cursor?.position, { line: 1, character: 14 });
      assert.equal(f.cursor?.offset, 29);
      assert.equal(parseFixture('a|b', { cursor: false }).main.text, 'a|b');
      assert.equal(parseFixture('a\nb\n#^ hint x.y').main.text, 'a\nb');
      assert.equal(parseFixture('a\nb\n#^ hint x.y\n').main.text, 'a\nb\n');
      const f2 = parseFixture('a\n#^ hint x.y\nb|c');
      assert.deepEqual([f2.main.text, f2.cursor?.offset], ['a\nbc', 3]);
    });
    test('#- sections make several files, each with its own annotations', () => {
      const f = parseFixture(`
        #- /robots.txt
        ACAP-crawler: bot
        ACAP-permissions-reference: /acap/bot.txt
        #- /acap/bot.txt
        ACAP-crawler: bot
        ACAP-allow-crawl: /|
        #^^^^^^^^^^^^^^^^ error a.b

      `.replace('/|\n', '/\n'));
      assert.deepEqual(f.files.map((x) => [x.path, x.uri, x.text]), [
        ['/robots.txt', 'file:///site/robots.txt', 'ACAP-crawler: bot\nACAP-permissions-reference: /acap/bot.txt\n'],
        ['/acap/bot.txt', 'file:///site/acap/bot.txt', 'ACAP-crawler: bot\nACAP-allow-crawl: /\n'],
      ]);
      assert.deepEqual(f.file('/acap/bot.txt').annotations.map((a) => a.range), [{ start: { line: 1, character: 0 }, end: { line: 1, character: 17 } }]);
      assert.deepEqual(Object.keys(f.filesByUri), ['file:///site/robots.txt', 'file:///site/acap/bot.txt']);
    });
    test('malformed fixtures fail loudly', () => {
      assert.throws(() => parseFixture('#  ^^ warning'), /looks like an annotation/);
      assert.throws(() => parseFixture('#  ^^ warning rep.x'), /needs a line above/);
      assert.throws(() => parseFixture('a|b|c'), /at most one/);
      assert.throws(() => parseFixture('x\n#- /robots.txt\ny'), /before the first/);
      assert.throws(() => parseFixture('#- /a.txt\nx\n#- /a.txt\ny'), /same path/);
    });
  });

  suite('diagnostics from annotations', () => {
    test('a fixture whose annotations are right passes', () => {
      expectDiagnostics(`
        User-agent: *
        Disallow: private/
        #         ^^^^^^^^ warning rep.path-not-absolute
      `);
    });
    test('a wrong range, a wrong severity, a missing or an extra annotation fails', () => {
      assert.throws(() => expectDiagnostics('User-agent: *\nDisallow: private/\n#          ^^^^^^^ warning rep.path-not-absolute'));
      assert.throws(() => expectDiagnostics('User-agent: *\nDisallow: private/\n#         ^^^^^^^^ error rep.path-not-absolute'));
      assert.throws(() => expectDiagnostics('User-agent: *\nDisallow: private/\nDisallow: x/\n#         ^ warning rep.path-not-absolute'));
      assert.throws(() => expectDiagnostics('User-agent: *\nDisallow: /private/\n#         ^^^^^^^^^ warning rep.path-not-absolute'));
      assert.throws(() => expectDiagnostics('User-agent: *\nDisallow: private/', { codes: ['rep.path-not-absolute'] }));
    });
  });

  suite('multi-file fixtures as the service context', () => {
    const SITE = `
      #- /robots.txt
      ACAP-resource-set: news /news/
      ACAP-crawler: bot
      ACAP-permissions-reference: /acap/bot.txt
      #- /acap/bot.txt
      ACAP-crawler: bot
      ACAP-allow-index: the-acap:resource-set:news
      #- /other.txt
      ACAP-crawler: bot
      ACAP-permissions-reference: ../../acap/bot.txt
    `;
    test('references resolve inside the site only, never to a URL or above the site', () => {
      const ws = new FixtureWorkspace(parseFixture(SITE));
      const from = ws.doc('/robots.txt');
      assert.equal(ws.resolve('/acap/bot.txt', from), '/acap/bot.txt');
      assert.equal(ws.resolve('acap/./bot.txt?x=1', from), '/acap/bot.txt');
      assert.equal(ws.resolve('../acap/bot.txt', from), undefined);
      assert.equal(ws.resolve('https://example.com/acap/bot.txt', from), undefined);
      assert.equal(ws.resolve('/missing.txt', from), undefined);
      assert.deepEqual(ws.referencing(ws.doc('/acap/bot.txt')).map((d) => d.uri), ['file:///site/robots.txt']);
      assert.deepEqual(ws.referencedBy(ws.doc('/other.txt')), []);
    });
    test('a name defined in the referring file is defined in the referenced one', () => {
      expectDiagnostics(SITE, { codes: ['acap.undefined-resource-set'] });
      expectDiagnostics(SITE.replace(/#- \/robots\.txt[^#]*/, ''), { codes: 'annotated' });
      assert.throws(() => expectDiagnostics(SITE.replace(/#- \/robots\.txt[^#]*/, ''), { codes: ['acap.undefined-resource-set'] }));
    });
    test('navigation reaches the definition in the referring file', () => {
      const f = parseFixture(SITE.replace('resource-set:news', 'resource-set:ne|ws'));
      const ws = new FixtureWorkspace(f);
      assert.ok(f.cursor);
      const defs = findDefinition(ws.doc(f.cursor.file.path), f.cursor.position, ws.context());
      assert.deepEqual(defs.map((l) => `${l.uri} ${l.range.start.line}:${l.range.start.character}`), ['file:///site/robots.txt 0:19']);
    });
  });
});
