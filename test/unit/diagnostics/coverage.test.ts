/**
 * Last of the diagnostics suites: every code in CODES is expected by at least one positive test.
 *
 * The topic files are imported first, so that their suites are registered, and their tests run,
 * before this one whichever order mocha loads the files in (a module is loaded once: when mocha
 * reaches a topic file itself, it is already there). Run alone, this file runs them all.
 */
import * as assert from 'node:assert/strict';
import { CODES } from '../../../server/src/service';
import { expected } from '../kit/diagnostics';
import './text.test';
import './fields.test';
import './rep.test';
import './acap-fields.test';
import './qualifiers.test';
import './definitions.test';
import './records.test';
import './structure.test';
import './behaviour.test';

suite('coverage of CODES', () => {
  test('every diagnostic code has a positive test', () => {
    // meta.* codes concern HTML pages; test/unit/htmlValidation.test.ts checks their coverage.
    // signal.* and path.* (AI-era signals, path hygiene): test/unit/aiSignals.test.ts checks theirs.
    // tdmrep.* and rsl.* (files beside robots.txt): test/unit/aiWorkspace.test.ts and aiRsl.test.ts.
    const elsewhere = ['meta.', 'signal.', 'path.', 'tdmrep.', 'rsl.'];
    const missing = CODES.map((c) => c.code).filter((c) => !elsewhere.some((p) => c.startsWith(p)) && !expected.has(c));
    assert.deepEqual(missing, []);
  });
  test('no test expects a code that CODES does not define', () => {
    const known = new Set<string>(CODES.map((c) => c.code));
    assert.deepEqual([...expected].filter((c) => !known.has(c)), []);
  });
});
