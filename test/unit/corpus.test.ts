/**
 * Real-world files (the corpus of ./corpus.ts: the repository's sample, or ROBOTS_ACAP_CORPUS): every file parses and
 * validates without an exception, and parsing is lossless — the lines give back the decoded text
 * exactly, and each line's tokens cover every character once, in order, with only whitespace
 * between the named parts.
 */
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { decodeUtf8 } from '../../server/src/cli/decode';
import { documentText, doValidation, lineTokens, parseDocument } from '../../server/src/service';
import { CORPUS, MIN_FILES, corpusFiles } from './corpus';


suite('corpus', () => {
  suiteSetup(function () {
    assert.ok(existsSync(CORPUS.dir), `corpus not found at ${CORPUS.dir}`);
  });

  for (const dir of ['real', 'acap-real'] as const) {
    test(`every file of ${dir}/ parses losslessly and validates`, function () {
      this.timeout(120_000);
      const files = corpusFiles(dir);
      assert.ok(files.length >= MIN_FILES[dir], `expected the whole ${dir} corpus, found ${files.length} files`);
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
