/**
 * The lexer shares the spans of common shapes, and the rule directives over them, between lines
 * (syntax/span.ts): lines of the same shape hold the same frozen objects, lines of other shapes
 * their own, and every span still says where its part of its own line is.
 */
import * as assert from 'node:assert/strict';
import { parseDocument } from '../../server/src/service';

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
});
