/**
 * The kind a conversion's check gives each verdict it finds changed (BreakKind, convert/verify.ts):
 * the cause named is the one that changed the verdict. Each kind is said differently to the user
 * (the code action's title, the CLI's report) and tells whether another conversion could help.
 */
import * as assert from 'node:assert/strict';
import { convertToAcap, convertToRep, verifyConversion, type BrokenVerdict } from '../../server/src/service/convert/convert';
import { conversionsAt, resolveConversionAction, VERDICTS_ANNOTATION } from '../../server/src/service/convert/actions';
import { doc } from './helpers';

/** The kinds found for `path` (every crawler, every reading), sorted and unique. */
function kindsAt(broken: readonly BrokenVerdict[], path: string, agent?: string): string[] {
  return [...new Set(broken.filter((b) => b.path === path && (agent === undefined || b.agent === agent)).map((b) => b.kind))].sort();
}

suite('conversion check: the kind of each changed verdict', () => {
  test('to ACAP: a verdict an ACAP record already in the file decides is "existing-acap", not letter case', () => {
    // `ACAP-allow-crawl: /p/` was in the file; the conversion adds `ACAP-disallow-crawl: /p` to
    // the `*` record, and the narrower field allows `/p/extra` for ACAP crawlers, whose pattern
    // matches it in its own letter case. That `/P/EXTRA` is allowed conventionally (no line
    // matches it) made the check call this a difference of letter case, which no conversion can
    // avoid; it is the record already there.
    const text = 'User-agent: *\nDisallow: /p\n\nACAP-crawler: *\nACAP-allow-crawl: /p/\n';
    const r = convertToAcap(doc(text));
    assert.deepEqual(kindsAt(r.verification.broken, '/p/extra'), ['existing-acap'], JSON.stringify(r.verification.broken));
    assert.deepEqual(kindsAt(r.verification.broken, '/p/'), ['existing-acap']);
    // `/P` is prohibited for ACAP crawlers only because ACAP ignores letter case: still "case".
    assert.deepEqual(kindsAt(r.verification.broken, '/P'), ['case']);
    assert.ok(r.warnings.some((w) => w.startsWith('The file already has ACAP records (line 4)')), r.warnings.join('\n'));
    // The editor's change annotation names both causes.
    const d = doc(text);
    const data = conversionsAt(d, 1).find((c) => c.conversion === 'file');
    assert.ok(data);
    const edit = resolveConversionAction(d, data, { documentChanges: true, changeAnnotations: true }).action.edit;
    assert.match(edit?.changeAnnotations?.[VERDICTS_ANNOTATION]?.label ?? '', /^Conversion changes \d+ of \d+ verdicts: (letter case, ACAP records|ACAP records, letter case)$/);
  });

  test('to ACAP: a change at a path whose own casing a line spells is the conversion\'s, not letter case; the other casing\'s is', () => {
    // `ACAP-disallow-index: /` alone (an index field written without the line that beats it)
    // prohibits indexing /shop/, which `Allow: /shop/` lets conventional crawlers crawl. /SHOP/
    // is refused by `Disallow: /`, which matches /shop/ too: it spells no casing of /shop/, so
    // the change there is no difference of letter case (the check called it one). At /SHOP/, a
    // conversion that keeps /shop/ must change the verdict, `Allow: /shop/` spelling /shop/ only:
    // that one is letter case.
    const before = 'User-agent: *\nAllow: /shop/\nDisallow: /\n';
    const wrong = verifyConversion(doc(before), doc(`${before}\nACAP-crawler: *\nACAP-disallow-index: /\n`), { usage: 'index', maxChecks: 1000 });
    assert.deepEqual(kindsAt(wrong.broken, '/shop/'), ['ranking'], JSON.stringify(wrong.broken));
    const right = verifyConversion(doc(before), doc(`${before}\nACAP-crawler: *\nACAP-disallow-index: /\nACAP-allow-index: /shop/\n`), { usage: 'index', maxChecks: 1000 });
    assert.deepEqual(kindsAt(right.broken, '/shop/'), []);
    assert.deepEqual(kindsAt(right.broken, '/SHOP/'), ['case'], JSON.stringify(right.broken));
  });

  test('to ACAP: an existing record line that matches only in another letter case is still "case"', () => {
    // `/P/` matches `/p/x` only because ACAP ignores letter case (Part 1 §2.8).
    const r = convertToAcap(doc('User-agent: *\nDisallow: /p\n\nACAP-crawler: *\nACAP-allow-crawl: /P/\n'));
    assert.deepEqual(kindsAt(r.verification.broken, '/p/extra'), ['case'], JSON.stringify(r.verification.broken));
  });

  test('to REP: a crawler whose ACAP-crawler name no User-agent line can address is "name", not ranking', () => {
    // `User-agent: MJ12bot` would name the crawler `MJ` (RFC 9309 §2.2.1; decisions §1), so no
    // group is written for MJ12bot: conventional crawlers called MJ12bot read the `*` group. That
    // is no question of how the two formats rank patterns.
    const text = 'ACAP-crawler: MJ12bot\nACAP-disallow-crawl: /\n\nACAP-crawler: *\nACAP-disallow-crawl: /x\n';
    const r = convertToRep(doc(text));
    assert.ok(r.edits.length > 0, r.warnings.join('\n'));
    const mj = r.verification.broken.filter((b) => b.agent === 'MJ12bot');
    assert.ok(mj.length > 0);
    assert.deepEqual(kindsAt(mj, '/'), ['name'], JSON.stringify(mj));
    assert.deepEqual(kindsAt(mj, '/extra'), ['name']);
    assert.ok(!r.verification.broken.some((b) => b.kind === 'ranking'), JSON.stringify(r.verification.broken));
    assert.match(mj.find((b) => b.path === '/')?.why ?? '', /MJ12bot.*‘MJ’/);
    // The crawler the file does not name keeps every verdict but letter case.
    assert.deepEqual(r.verification.broken.filter((b) => b.agent !== 'MJ12bot').map((b) => b.kind), ['case']);
  });

  test('to REP: a crawler that a User-agent line addresses, whose lines rank otherwise than its fields, is "ranking"', () => {
    // Written naively, `Allow: /a/` loses to the longer `Disallow: /*.css$` conventionally on
    // `/a/x.css` (RFC 9309 §2.2.2), where the narrower `/a/` wins for ACAP (Part 1 §2.4.5).
    const before = 'ACAP-crawler: bot\nACAP-allow-crawl: /a/\nACAP-disallow-crawl: /*.css$\n';
    const naive = 'User-agent: bot\nAllow: /a/\nDisallow: /*.css$\n\n' + before;
    const v = verifyConversion(doc(before), doc(naive), { direction: 'to-rep' });
    assert.deepEqual(kindsAt(v.broken, '/a/x.css', 'bot'), ['ranking'], JSON.stringify(v.broken));
  });
});
