/**
 * Real-world files (../shared/corpus, not copied into the project): every file parses and
 * validates without an exception, and parsing is lossless — the lines give back the decoded text
 * exactly, and each line's tokens cover every character once, in order, with only whitespace
 * between the named parts.
 */
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { decodeUtf8 } from '../../server/src/cli/decode';
import { documentText, doValidation, lineTokens, parseDocument } from '../../server/src/service';

const CORPUS = path.resolve(__dirname, '../../../shared/corpus');

function corpusFiles(dir: string): string[] {
  const full = path.join(CORPUS, dir);
  return readdirSync(full).filter((f) => f.endsWith('.txt') && f !== 'SOURCES.md').map((f) => path.join(full, f));
}

suite('corpus', () => {
  suiteSetup(function () {
    // The corpus lives beside the checkout (../shared); CI provides it. Say so loudly if absent.
    assert.ok(existsSync(CORPUS), `corpus not found at ${CORPUS}`);
  });

  for (const dir of ['real', 'acap-real']) {
    test(`every file of ${dir}/ parses losslessly and validates`, () => {
      const files = corpusFiles(dir);
      assert.ok(files.length >= (dir === 'real' ? 2000 : 5), `expected the whole ${dir} corpus, found ${files.length} files`);
      for (const file of files) {
        const { text } = decodeUtf8(readFileSync(file));
        const doc = parseDocument(file, 1, text);
        assert.equal(documentText(doc), text, `${file}: not lossless`);
        for (let i = 0; i < doc.lines.length; i++) {
          const line = doc.lines[i];
          const tokens = lineTokens(line);
          let at = 0;
          for (const t of tokens) {
            assert.equal(t.start, at, `${file}:${i + 1}: gap before ${t.kind}`);
            assert.ok(t.end > t.start, `${file}:${i + 1}: empty token`);
            if (t.kind === 'whitespace') assert.match(line.text.slice(t.start, t.end), /^[ \t]+$/, `${file}:${i + 1}`);
            at = t.end;
          }
          assert.equal(at, line.text.length, `${file}:${i + 1}: tokens do not reach the end of the line`);
        }
        const diagnostics = doValidation(doc);
        assert.ok(Array.isArray(diagnostics));
      }
    });
  }
});
