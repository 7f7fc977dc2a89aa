/**
 * Every robots.txt example of ACAP Part 1 (seed 000) and of the implementation guide (seed 002),
 * checked against the diagnostics the specifications call for. The fixtures and the expected
 * `LINE CODE` lists live in test/fixtures/spec/ (manifest.json says where each example comes
 * from and which OCR noise was removed). Expectations come from the specifications, not from
 * the tool: a failure here means the tool and the specification disagree.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CODE_BY_NAME, doValidation } from '../../server/src/service';
import { doc } from './helpers';

interface SpecExample {
  readonly file: string;
  readonly source: string;
  readonly ocrFixes: readonly string[];
  readonly expected: readonly string[];
}

const DIR = path.resolve(__dirname, '../fixtures/spec');
const MANIFEST = JSON.parse(readFileSync(path.join(DIR, 'manifest.json'), 'utf8')) as SpecExample[];

function read(file: string): string {
  return readFileSync(path.join(DIR, file), 'utf8');
}

/** The diagnostics of `text` as a sorted set of `LINE CODE` strings (1-based lines). */
function reported(text: string): string[] {
  const set = new Set(doValidation(doc(text)).map((d) => `${d.range.start.line + 1} ${String(d.code)}`));
  return [...set].sort();
}

suite('Specification examples (Part 1 and implementation guide)', () => {
  suite('manifest', () => {
    test('lists every fixture exactly once, and every listed fixture exists', () => {
      const onDisk = readdirSync(DIR).filter((f) => f.endsWith('.robots.txt')).sort();
      const listed = MANIFEST.map((e) => e.file);
      assert.equal(new Set(listed).size, listed.length, 'a fixture is listed twice');
      assert.deepEqual([...listed].sort(), onDisk);
    });

    test('every expectation is `LINE CODE` with a known code and a line inside its file', () => {
      for (const e of MANIFEST) {
        const lineCount = read(e.file).split(/\r?\n/).length;
        assert.equal(new Set(e.expected).size, e.expected.length, `${e.file}: an expectation is listed twice`);
        assert.ok(e.source.length > 0 && Array.isArray(e.ocrFixes), `${e.file}: source and ocrFixes are required`);
        for (const x of e.expected) {
          const m = /^(\d+) (\S+)$/.exec(x);
          assert.ok(m, `${e.file}: malformed expectation ${JSON.stringify(x)}`);
          const line = Number(m[1]);
          assert.ok(line >= 1 && line <= lineCount, `${e.file}: line ${line} is outside the file`);
          assert.ok(CODE_BY_NAME.has(m[2]), `${e.file}: unknown diagnostic code ${m[2]}`);
        }
      }
    });

    test('has the Part 1 and guide examples', () => {
      assert.ok(MANIFEST.filter((e) => e.file.startsWith('part1-')).length >= 30);
      assert.ok(MANIFEST.filter((e) => e.file.startsWith('guide-')).length >= 37);
    });
  });

  suite('diagnostics equal the expectations', () => {
    for (const e of MANIFEST) {
      test(`${e.file} (${e.source})`, () => {
        assert.deepEqual(reported(read(e.file)), [...e.expected].sort());
      });
    }
  });
});
