/**
 * The lexer shares the spans of common shapes, and the rule directives over them, between lines
 * (syntax/span.ts): lines of the same shape hold the same frozen objects, lines of other shapes
 * their own, and every span still says where its part of its own line is. Lines of ACAP share
 * what they say with earlier lines of the same text in one parse (syntax.ts, lexLine): each line
 * is still the node a fresh lexing makes.
 */
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { parseDocument } from '../../server/src/service';
import { lexLine, LINE_MEMO, SharedLines, type Eol } from '../../server/src/service/syntax/syntax';

suite('shared spans', () => {
  test('rules of the same shape share their spans and directive; others keep their own', () => {
    const long = `/${'x'.repeat(600)}`;
    const doc = parseDocument('file:///spans/robots.txt', 1, ['User-agent: *', 'Allow: /a/b', 'Allow: /c/d', 'Disallow: /c/d', `Allow: ${long}`, `Allow: ${long}`].join('\n'));
    const [, a, b, c, d, e] = doc.lines;
    assert.equal(a.directive, b.directive);
    assert.equal(a.field?.value, b.field?.value);
    assert.ok(Object.isFrozen(a.directive));
    assert.notEqual(c.directive, b.directive);
    assert.deepEqual(c.directive, { kind: 'rule', allow: false, pattern: { start: 10, end: 14 } });
    // Past column 512 the value span is a line's own (and so is its directive), still exact.
    assert.notEqual(d.field?.value, e.field?.value);
    assert.notEqual(d.directive, e.directive);
    assert.deepEqual(d.field?.value, { start: 7, end: 7 + long.length });
    for (const line of doc.lines) {
      const f = line.field!;
      const dir = line.directive;
      assert.equal(line.text.slice(f.value.start, f.value.end), line.text.split(': ')[1]);
      if (dir.kind === 'rule') assert.equal(dir.pattern, f.value);
    }
  });

  test('lines of ACAP with the same text share their field and directive, frozen; their own text and end of line stay theirs', () => {
    const doc = parseDocument('file:///spans/robots.txt', 1, ['##ACAP version=1.0', 'ACAP-crawler: b', 'ACAP-allow-crawl: /a time-limit=7-days', 'ACAP-crawler: b', 'ACAP-allow-crawl: /a time-limit=7-days', 'acap-ALLOW-crawl: /a time-limit=7-days'].join('\r\n'));
    const [, c1, f1, c2, f2, other] = doc.lines;
    assert.equal(c1.directive, c2.directive);
    assert.equal(f1.directive, f2.directive);
    assert.equal(f1.field, f2.field);
    assert.notEqual(f1, f2);
    assert.equal(f2.eol, '\r\n');
    assert.equal(f2.byteLength, f2.text.length + 2);
    assert.ok(Object.isFrozen(f1.directive) && Object.isFrozen(f1.field));
    const d = f1.directive;
    assert.ok(d.kind === 'acap-permission' && Object.isFrozen(d.usage) && Object.isFrozen(d.qualifiers) && Object.isFrozen(d.qualifiers[0].value));
    // Another spelling is another text: its own directive, which says the same.
    assert.notEqual(other.directive, f1.directive);
    assert.deepEqual(other.directive, f1.directive);
    // What a check writes on a line stays on that line.
    (f1 as { [LINE_MEMO]?: unknown })[LINE_MEMO] = ['a finding'];
    assert.equal(f2[LINE_MEMO], undefined);
  });

  test('a line of ACAP lexed again, from the memo, is the node a fresh lexing makes', () => {
    // The first line is never read from the memo (its byte-order mark is its own): lexed as a
    // first line, a text without one is lexed afresh, and must give the same node as a later line
    // read with the memo of its parse, whatever the end of the line it shares with.
    const name = fc.constantFrom('ACAP-crawler', 'ACAP-allow-crawl', 'acap-disallow-index', 'ACAP-allow-(mine)', 'ACAP allow present-snippet', 'ACAP–allow-follow', 'ACAP-usage-purpose', 'ACAP-qualified-usage', 'ACAP-resource-set', 'ACAP-permissions-reference', 'ACAP-request-crawl', 'ACAPx', 'acap');
    const value = fc.array(fc.constantFrom('/a', '/b/*.pdf$', 'the-acap:resource-set:s', 'time-limit=7-days', 'max-length = 20', 'x', '(u)', '#c', ' ', '\t', 'é', 'ＡＣＡＰ'), { maxLength: 5 }).map((xs) => xs.join(' '));
    const line = fc.tuple(fc.constantFrom('', ' ', '\t'), name, fc.constantFrom(':', ': ', ' : ', ' ', ''), value).map(([lead, n, sep, v]) => lead + n + sep + v);
    const eol = fc.constantFrom<Eol>('', '\n', '\r\n', '\r');
    fc.assert(fc.property(fc.array(fc.tuple(line, eol), { minLength: 1, maxLength: 12 }), fc.array(eol, { minLength: 12, maxLength: 12 }), (lines, again) => {
      const shared = new SharedLines();
      for (const [text, end] of [...lines, ...lines.map(([text], k): [string, Eol] => [text, again[k]])]) {
        const fromMemo = lexLine(text, end, false, shared);
        const fresh = lexLine(text, end, true);
        assert.deepStrictEqual(fromMemo, fresh, JSON.stringify([text, end]));
      }
    }), { numRuns: 300 });
  });

  test('ACAP prefix fields of one layout share their field syntax and usage reference, which still say where each part of its line is', () => {
    const doc = parseDocument('file:///spans/robots.txt', 1, ['##ACAP version=1.0', 'ACAP-crawler: b', 'ACAP-allow-crawl: /p1/', 'ACAP-allow-crawl: /p2/', 'ACAP-allow-index: /p3/'].join('\n'));
    const [, , a, b, c] = doc.lines;
    assert.equal(a.field, b.field);
    assert.ok(Object.isFrozen(a.field));
    assert.notEqual(a.directive, b.directive);
    assert.ok(a.directive.kind === 'acap-permission' && b.directive.kind === 'acap-permission' && c.directive.kind === 'acap-permission');
    assert.equal(a.directive.usage, b.directive.usage);
    assert.ok(Object.isFrozen(a.directive.usage) && Object.isFrozen(a.directive.qualifiers));
    assert.notEqual(c.directive.usage, a.directive.usage);
    assert.deepEqual(c.field, a.field);
    // Any layout, in any order: the name, the usage after the prefix and the value are the line's own.
    const names: [string, string][] = [['ACAP-allow-crawl', 'crawl'], ['ACAP-disallow-index', 'index'], ['acap-allow-present-snippet', 'present-snippet'], ['ACAP allow preserve', 'preserve'], ['ACAP  allow-(mine)', 'mine'], ['ACAP–allow-follow', 'follow'], ['ACAP-Allow-Present', 'present'],
      // One length, one repair, the usage at two places: the place is part of the key.
      ['ACAP  allow index', 'index'], ['ACAP allow follow', 'follow']];
    const line = fc.tuple(fc.constantFrom('', ' ', '\t'), fc.constantFrom(...names), fc.constantFrom(':', ' :', ': ', ':  ', '\t: '), fc.constantFrom('/a', '/p12/', '/x time-limit=7-days', '*'));
    fc.assert(fc.property(fc.array(line, { minLength: 1, maxLength: 20 }), (lines) => {
      const texts = lines.map(([lead, [name], sep, value]) => `${lead}${name}${sep}${value}`);
      const lexed = parseDocument('file:///spans/robots.txt', 1, ['##ACAP version=1.0', ...texts].join('\n')).lines.slice(1);
      lexed.forEach((l, k) => {
        const [, [name, usage], , value] = lines[k];
        const f = l.field!;
        const d = l.directive;
        assert.equal(l.text.slice(f.name.start, f.name.end), name, texts[k]);
        assert.equal(l.text.slice(f.value.start, f.value.end), value, texts[k]);
        assert.ok(d.kind === 'acap-permission' && d.usage?.name === usage && d.resource, texts[k]);
        assert.equal(l.text.slice(f.suffix!.start, f.suffix!.end).replace(/[()]/g, '').toLowerCase(), usage, texts[k]);
        // The directive's parts too: the usage's reference, the resource, the qualifiers.
        assert.equal(l.text.slice(d.usage.span.start, d.usage.span.end).replace(/[()]/g, '').toLowerCase(), usage, texts[k]);
        assert.equal(l.text.slice(d.usage.nameSpan.start, d.usage.nameSpan.end).toLowerCase(), usage, texts[k]);
        assert.equal(l.text.slice(d.resource.start, d.resource.end), value.split(' ')[0], texts[k]);
        assert.deepEqual(d.qualifiers.map((q) => l.text.slice(q.span.start, q.span.end)), value.split(' ').slice(1), texts[k]);
      });
    }), { numRuns: 300 });
  });
});

