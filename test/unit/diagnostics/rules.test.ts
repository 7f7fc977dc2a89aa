/**
 * The rules as data (checks/rules/<topic>.ts, gathered in checks/registry.ts): every code has one
 * topic that reports it, every fix lives in that topic's module and is reached through the one
 * table by code, and the pipeline's stages run exactly the checks the rules declare for them.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CODES } from '../../../server/src/service';
import { DOCUMENT_CHECKS, FIXES, OWNER, STRUCTURE_CHECKS, TOPIC_MODULES } from '../../../server/src/service/checks/registry';

const RULES_DIR = path.resolve(__dirname, '../../../server/src/service/checks/rules');
const KNOWN = new Set<string>(CODES.map((c) => c.code));

/** The codes a topic module writes into findings (`code: '…'`, both arms of a `code: x ? '…' : '…'`), before its table. */
function written(module: string): Set<string> {
  const source = readFileSync(path.join(RULES_DIR, `${module}.ts`), 'utf8');
  const body = source.slice(0, source.indexOf('export const topic'));
  const out = new Set<string>();
  for (const m of body.matchAll(/code:\s*(?:[\w.]+\s*\?\s*)?'([a-z0-9.-]+)'(?:\s*:\s*'([a-z0-9.-]+)')?/g)) {
    out.add(m[1]);
    if (m[2]) out.add(m[2]);
  }
  return out;
}

suite('diagnostic rules by topic', () => {
  test('every key of the fix table is a diagnostic code, and these codes have a fix of their own', () => {
    assert.deepEqual([...FIXES.keys()].filter((c) => !KNOWN.has(c)), []);
    // Pinned: a fix lost in a move, or one added without a test, shows here.
    assert.deepEqual([...FIXES.keys()].sort(), [
      'acap.definition-after-record', 'acap.directory-without-slash', 'acap.duplicate-field', 'acap.field-outside-record', 'acap.ignore-conventional-misplaced',
      'acap.ignore-conventional-value', 'acap.invalid-name', 'acap.missing-colon', 'acap.qualifier-on-local-usage', 'acap.qualifier-on-prohibition',
      'acap.space-for-hyphen', 'acap.star-pattern-never-wins', 'acap.version-malformed', 'acap.version-misplaced', 'acap.version-missing', 'acap.version-unknown',
      'rep.duplicate-rule', 'rep.empty-allow', 'rep.field-outside-group', 'rep.invalid-product-token', 'rep.missing-colon', 'rep.rule-outside-group',
      'syntax.bare-url', 'syntax.dash-lookalike', 'syntax.fullwidth-colon', 'text.bom', 'text.mangled-bom',
    ]);
  });

  test('every robots.txt, tdmrep.json and RSL code is reported by exactly one topic (page codes by html/)', () => {
    const declared = Object.values(TOPIC_MODULES).flatMap((t) => t.rules.flatMap((r) => r.codes));
    const twice = declared.filter((c, i) => declared.indexOf(c) !== i);
    assert.deepEqual(twice, []);
    assert.deepEqual(declared.filter((c) => !KNOWN.has(c)), []);
    // text.too-many-problems is the pipeline's own note (checks/validation.ts).
    const unowned = CODES.map((c) => c.code).filter((c) => !c.startsWith('meta.') && c !== 'text.too-many-problems' && !OWNER.has(c));
    assert.deepEqual(unowned, []);
  });

  test('a fix lives in the topic module whose rule reports its code, beside the check that writes it', () => {
    for (const [code, { module }] of FIXES) {
      assert.equal(OWNER.get(code), module, `${code}: fixed in ${module}, reported by ${OWNER.get(code)}`);
      const rule = TOPIC_MODULES[module].rules.find((r) => r.fixes?.[code]);
      assert.ok(rule?.codes.includes(code), `${code}: its fix is in a rule that does not report it`);
      assert.ok(written(module).has(code), `${code}: ${module}.ts has the fix but does not write the code`);
    }
  });

  test('topic modules write only declared codes; the few written by a helper of another topic are these', () => {
    const shared: string[] = [];
    for (const module of Object.keys(TOPIC_MODULES)) {
      for (const code of written(module)) {
        assert.ok(KNOWN.has(code), `${module}.ts writes ${code}, which CODES does not define`);
        assert.ok(OWNER.has(code as never), `${module}.ts writes ${code}, which no topic declares`);
        if (OWNER.get(code as never) !== module) shared.push(`${code} in ${module}`);
      }
    }
    // Readiness, a name's grammar and the `$` of a pattern are said alike wherever they occur.
    assert.deepEqual(shared.sort(), ['acap.dollar-not-last in acapRecords', 'acap.invalid-name in acapDefinitions', 'acap.not-ready in acapRecords']);
  });

  test('the structure and document stages run exactly the checks the rules declare for them', () => {
    const rules = Object.values(TOPIC_MODULES).flatMap((t) => t.rules);
    const of = (stage: string): Set<unknown> => new Set(rules.filter((r) => r.stage === stage).map((r) => r.check));
    assert.deepEqual(new Set(STRUCTURE_CHECKS), of('structure'));
    assert.deepEqual(new Set(DOCUMENT_CHECKS), of('document'));
    assert.equal(STRUCTURE_CHECKS.length + DOCUMENT_CHECKS.length, of('structure').size + of('document').size);
  });
});
