/**
 * The test fixture format: robots.txt text that reads as a file, with
 *
 * - `|` for the cursor (at most one in the whole fixture; off with `{ cursor: false }`);
 * - annotation lines under the line they describe, giving an expected diagnostic's range,
 *   severity and code (rust-analyzer's `//^^^ error: …`):
 *
 *       Disallow: private/
 *       #         ^^^^^^^^ warning rep.path-not-absolute
 *
 *   The carets stand under the characters of the range. A `#` directly followed by `^` is part of
 *   the underline, so `#^^^^^^^` marks a range that starts at column 0. An annotation describes
 *   the nearest line above it that is not an annotation. Annotation lines are comments, so the
 *   fixture is still a valid robots.txt, but they are taken out of the text the test runs on, each
 *   with the line break before it: line numbers, every other line and the end of the file are
 *   exactly as without them.
 * - `#- /path` lines that start the files of a multi-file fixture (the text before the first one
 *   must be blank); without them the fixture is one file, `/robots.txt`.
 *
 * A fixture that starts with a line break is dedented (see `dedent`), so fixtures can be written
 * as indented template literals.
 *
 * Cost: O(length of the fixture).
 */
import * as assert from 'node:assert/strict';
import type { Position, Range } from 'vscode-languageserver-types';
import type { SeverityName } from '../../../server/src/service';
import { positionAt } from './positions';

/** The folder every fixture path lives in, as a URI: `/robots.txt` is `file:///site/robots.txt`. */
export const SITE = 'file:///site';

export interface Annotation {
  readonly range: Range;
  readonly severity: SeverityName;
  readonly code: string;
  /** The annotation as written, for messages. */
  readonly source: string;
}

export interface FixtureFile {
  /** As written after `#-`, e.g. `/robots.txt`. */
  readonly path: string;
  readonly uri: string;
  /** The text without annotation lines and without the cursor. */
  readonly text: string;
  readonly annotations: readonly Annotation[];
}

export interface Fixture {
  readonly files: readonly FixtureFile[];
  /** The first file (the only one of a single-file fixture). */
  readonly main: FixtureFile;
  /** Where the `|` was, if there was one. */
  readonly cursor?: { readonly file: FixtureFile; readonly offset: number; readonly position: Position };
  /** The files by URI: the shape an in-memory workspace takes. */
  readonly filesByUri: Readonly<Record<string, string>>;
  file(path: string): FixtureFile;
}

export interface FixtureOptions {
  /** Treat `|` as the cursor (default true). */
  readonly cursor?: boolean;
  /** The path of a single-file fixture (default `/robots.txt`). */
  readonly path?: string;
}

const ANNOTATION = /^#( *)(\^+)\s+(error|warning|information|hint)\s+([a-z]+\.[a-z0-9.-]+)\s*$/;
const ALMOST_ANNOTATION = /^#\s*\^+\s/;
const SECTION = /^#- (\S+)\s*$/;

/** Split into lines with their line ends. */
function linesOf(text: string): { text: string; eol: string }[] {
  const out: { text: string; eol: string }[] = [];
  const re = /\r\n|\r|\n/g;
  let start = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    out.push({ text: text.slice(start, m.index), eol: m[0] });
    start = m.index + m[0].length;
  }
  if (start < text.length) out.push({ text: text.slice(start), eol: '' });
  return out;
}

/**
 * Remove the first line break, the last one with the indentation after it, and the indentation
 * common to every non-blank line. A dedented fixture ends without a line break; leave an empty
 * line before the closing backtick for one.
 */
export function dedent(text: string): string {
  if (!/^\r?\n/.test(text)) return text;
  const body = text.replace(/^\r?\n/, '').replace(/\r?\n[ \t]*$/, '');
  const indents = body.split('\n').filter((l) => l.trim() !== '').map((l) => /^[ \t]*/.exec(l)?.[0].length ?? 0);
  const cut = indents.length ? Math.min(...indents) : 0;
  return body.split('\n').map((l) => l.slice(Math.min(cut, /^[ \t]*/.exec(l)?.[0].length ?? 0))).join('\n');
}

function parseAnnotation(line: string, target: number, where: string): Annotation | undefined {
  const m = ANNOTATION.exec(line);
  if (!m) {
    assert.ok(!ALMOST_ANNOTATION.test(line), `${where}: ‘${line}’ looks like an annotation but is not one (#  ^^^ SEVERITY family.code)`);
    return undefined;
  }
  const [, spaces, carets, severity, code] = m;
  const start = spaces === '' ? 0 : 1 + spaces.length;
  const length = spaces === '' ? 1 + carets.length : carets.length;
  return { range: { start: { line: target, character: start }, end: { line: target, character: start + length } }, severity: severity as SeverityName, code, source: line };
}

/** Parse a fixture. Throws (an assertion error) on a malformed one, so a typo cannot pass quietly. */
export function parseFixture(source: string, options: FixtureOptions = {}): Fixture {
  const useCursor = options.cursor ?? true;
  const all = linesOf(dedent(source));
  const sections: { path: string; lines: { text: string; eol: string }[] }[] = [];
  if (all.some((l) => SECTION.test(l.text))) {
    for (const l of all) {
      const m = SECTION.exec(l.text);
      if (m) sections.push({ path: m[1], lines: [] });
      else if (sections.length) sections[sections.length - 1].lines.push(l);
      else assert.equal(l.text.trim(), '', `text before the first #- section: ‘${l.text}’`);
    }
  } else {
    sections.push({ path: options.path ?? '/robots.txt', lines: all });
  }

  let cursor: { path: string; offset: number } | undefined;
  const files: FixtureFile[] = sections.map(({ path, lines }) => {
    assert.ok(path.startsWith('/'), `a fixture path starts with /: ${path}`);
    const kept: { text: string; eol: string }[] = [];
    const annotations: Annotation[] = [];
    let offset = 0;
    let cursorLine = -1;
    for (const l of lines) {
      const where = `${path}:${kept.length}`;
      const target = kept.length - 1;
      const a = parseAnnotation(l.text, target, where);
      if (a) {
        assert.ok(target >= 0, `${where}: an annotation needs a line above it`);
        assert.notEqual(target, cursorLine, `${where}: the annotated line holds the cursor; move one of them`);
        annotations.push(a);
        // The annotation takes its line break with it: the line above ends as the annotation did,
        // so a last line followed only by annotations still ends the file without a line break.
        offset += l.eol.length - kept[target].eol.length;
        kept[target] = { text: kept[target].text, eol: l.eol };
        continue;
      }
      let text = l.text;
      const bar = useCursor ? text.indexOf('|') : -1;
      if (bar >= 0) {
        assert.equal(cursor, undefined, `${where}: a fixture has at most one | cursor`);
        assert.equal(text.indexOf('|', bar + 1), -1, `${where}: a fixture has at most one | cursor`);
        cursor = { path, offset: offset + bar };
        cursorLine = kept.length;
        text = text.slice(0, bar) + text.slice(bar + 1);
      }
      kept.push({ text, eol: l.eol });
      offset += text.length + l.eol.length;
    }
    return { path, uri: SITE + path, text: kept.map((k) => k.text + k.eol).join(''), annotations };
  });

  const byPath = new Map(files.map((f) => [f.path, f]));
  assert.equal(byPath.size, files.length, 'two #- sections name the same path');
  const filesByUri: Record<string, string> = {};
  for (const f of files) filesByUri[f.uri] = f.text;
  const cursorFile = cursor && byPath.get(cursor.path);
  return {
    files,
    main: files[0],
    cursor: cursor && cursorFile ? { file: cursorFile, offset: cursor.offset, position: positionAt(cursorFile.text, cursor.offset) } : undefined,
    filesByUri,
    file(path: string): FixtureFile {
      const f = byPath.get(path);
      assert.ok(f, `no file ${path} in the fixture (${[...byPath.keys()].join(', ')})`);
      return f;
    },
  };
}
