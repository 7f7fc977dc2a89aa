/**
 * Every META tag and class example of ACAP Part 2 (seed 001) and of the implementation guide
 * (seed 002), as a page, checked against the diagnostics the specifications call for. The pages
 * and the expected `LINE CODE` lists live in test/fixtures/html/ (manifest.json says where each
 * example comes from and which OCR noise was removed). Expectations come from the
 * specifications, not from the tool: a failure here means the tool and the specification disagree.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CODE_BY_NAME } from '../../server/src/service/facts/codes';
import { validateHtml } from '../../server/src/service/html/htmlValidation';
import { parseHtml } from '../../server/src/service/html/scan';

interface HtmlExample {
  readonly file: string;
  readonly source: string;
  readonly ocrFixes: readonly string[];
  readonly expected: readonly string[];
}

const DIR = path.resolve(__dirname, '../fixtures/html');
const MANIFEST = JSON.parse(readFileSync(path.join(DIR, 'manifest.json'), 'utf8')) as HtmlExample[];

function read(file: string): string {
  return readFileSync(path.join(DIR, file), 'utf8');
}

/** The diagnostics of a page as a sorted set of `LINE CODE` strings (1-based lines). */
function reported(file: string): string[] {
  const page = parseHtml(`file:///examples/${file}`, read(file));
  return [...new Set(validateHtml(page).map((d) => `${d.range.start.line + 1} ${String(d.code)}`))].sort();
}

suite('Specification examples (Part 2 and implementation guide META tags)', () => {
  suite('manifest', () => {
    test('lists every page exactly once, and every listed page exists', () => {
      const onDisk = readdirSync(DIR).filter((f) => f.endsWith('.html')).sort();
      const listed = MANIFEST.map((e) => e.file);
      assert.equal(new Set(listed).size, listed.length, 'a page is listed twice');
      assert.deepEqual([...listed].sort(), onDisk);
    });

    test('every expectation is `LINE CODE` with a known meta.* code and a line inside its page', () => {
      for (const e of MANIFEST) {
        const lineCount = read(e.file).split(/\r?\n/).length;
        assert.equal(new Set(e.expected).size, e.expected.length, `${e.file}: an expectation is listed twice`);
        assert.ok(e.source.length > 0 && Array.isArray(e.ocrFixes), `${e.file}: source and ocrFixes are required`);
        for (const x of e.expected) {
          const m = /^(\d+) (meta\.\S+)$/.exec(x);
          assert.ok(m, `${e.file}: malformed expectation ${JSON.stringify(x)}`);
          const line = Number(m[1]);
          assert.ok(line >= 1 && line <= lineCount, `${e.file}: line ${line} is outside the page`);
          assert.ok(CODE_BY_NAME.has(m[2]), `${e.file}: unknown diagnostic code ${m[2]}`);
        }
      }
    });

    test('has every Part 2 example and every META example of the guide', () => {
      const part2 = MANIFEST.filter((e) => e.file.startsWith('part2-')).map((e) => e.file.split('-')[1]);
      for (const section of ['2.1', '2.2.1', '2.2.2', '2.2.3.1', '2.2.3.2', '2.2.5', '2.2.7', '2.2.9.1']) {
        assert.ok(part2.includes(section), `Part 2 §${section} has no page`);
      }
      const guide = MANIFEST.filter((e) => e.file.startsWith('guide-')).map((e) => e.file.replace(/^guide-|\.html$/g, ''));
      assert.deepEqual(guide.sort(), ['annexA.2.2-persgroep', 'ex4.12', 'ex4.2', 'ex4.6', 'ex4.9', 'ex5.10', 'ex5.11', 'ex5.3', 'ex5.6', 'ex5.9']);
    });

    test('the OCR noise named in the brief is gone from the pages', () => {
      for (const e of MANIFEST) {
        const text = read(e.file);
        assert.doesNotMatch(text, /SearchBotl|extract:1d:|[\u201C\u201D\u2014]/, e.file);
      }
    });
  });

  suite('diagnostics equal the expectations', () => {
    for (const e of MANIFEST) {
      test(`${e.file} (${e.source})`, () => {
        assert.deepEqual(reported(e.file), [...e.expected].sort());
      });
    }
  });
});
