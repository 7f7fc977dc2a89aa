/**
 * Formatting: fixtures before and after (edits applied, whole text compared), what it must leave
 * alone, range formatting, minimal edits, and that it never changes meaning — on every
 * specification example, on the whole real-world corpus and on random robots.txt-like text.
 *
 * "Meaning" is judged here independently of formatting.ts's own safety check: each line's field,
 * separator, directive kind and the text of every part of the directive (agents, patterns, usage
 * names, resource specifications, qualifiers), compared after parsing both texts again.
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CORPUS, MIN_FILES, corpusFiles } from './corpus';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { FormattingOptions, Range, TextEdit } from 'vscode-languageserver-types';
import { decodeUtf8 } from '../../server/src/cli/decode';
import { format } from '../../server/src/service/features/formatting';
import { doValidation, facts, parseDocument, type LineNode, type RobotsDocument } from '../../server/src/service';

const OPTIONS: FormattingOptions = { tabSize: 4, insertSpaces: true };
const SPEC = path.resolve(__dirname, '../fixtures/spec');

function parse(text: string): RobotsDocument {
  return parseDocument('file:///site/robots.txt', 1, text);
}

function apply(text: string, edits: readonly TextEdit[]): string {
  return TextDocument.applyEdits(TextDocument.create('file:///site/robots.txt', 'robots-txt', 1, text), [...edits]);
}

function formatted(text: string, range?: Range): string {
  return apply(text, format(parse(text), OPTIONS, range));
}

/**
 * The parts of a directive as text: spans become the text they cover; standard usage names and
 * qualifier names compare case-insensitively, as ACAP names are (Part 1 §3).
 */
function partsOf(line: LineNode, value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => partsOf(line, v));
  if (value === null || typeof value !== 'object') return value;
  const o = value as Record<string, unknown>;
  if (Object.keys(o).length === 2 && typeof o.start === 'number' && typeof o.end === 'number') return line.text.slice(o.start, o.end);
  if (o.local === false) return { usage: o.name };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) out[k] = partsOf(line, v);
  // A qualifier: { span, name, value }. Its span's text includes the whitespace around `=`.
  if ('span' in o && 'value' in o && 'name' in o && o.value !== undefined) {
    delete out.span;
    out.name = String(out.name).toLowerCase();
  }
  if ('action' in out) out.action = String(out.action).toLowerCase();
  return out;
}

/** What one line says: field, separator, directive with its parts, unknown fields' text, comment. */
function meaning(line: LineNode): string {
  const f = line.field;
  return JSON.stringify({
    kind: line.kind,
    field: f?.fact?.id,
    separator: f?.separator,
    repair: f?.repair,
    unknown: f && !f.fact ? [line.text.slice(f.name.start, f.name.end), line.text.slice(f.value.start, f.value.end)] : undefined,
    directive: partsOf(line, line.directive),
    comment: line.comment ? line.text.slice(line.comment.start, line.comment.end).trimEnd() : undefined,
  });
}

/**
 * Codes whose findings depend on whitespace inside values: duplicate detection compares the
 * qualifiers' text as written, so `time-limit = x` and `time-limit=x` become duplicates only once
 * formatted (crossChecks.ts); formatting can therefore reveal one, never hide a problem.
 */
const WHITESPACE_SENSITIVE = new Set(['acap.duplicate-field']);

function codesByLine(doc: RobotsDocument): string[] {
  const out: string[][] = doc.lines.map(() => []);
  for (const d of doValidation(doc, { maxProblems: Number.MAX_SAFE_INTEGER })) {
    if (!WHITESPACE_SENSITIVE.has(String(d.code))) out[d.range.start.line].push(String(d.code));
  }
  return out.map((c) => c.sort().join(' '));
}

/** Assert that formatting `text` keeps every line's meaning and diagnostics and is a fixed point; returns the lines changed. */
function assertMeaningKept(text: string, where: string): number {
  const before = parse(text);
  const edits = format(before, OPTIONS);
  if (edits.length === 0) return 0;
  const out = apply(text, edits);
  const after = parse(out);
  assert.equal(after.lines.length, before.lines.length, `${where}: line count`);
  const codesBefore = codesByLine(before);
  const codesAfter = codesByLine(after);
  for (let i = 0; i < before.lines.length; i++) {
    assert.equal(after.lines[i].eol, before.lines[i].eol, `${where}:${i + 1}: line end`);
    assert.equal(meaning(after.lines[i]), meaning(before.lines[i]), `${where}:${i + 1}: ${JSON.stringify(before.lines[i].text)} -> ${JSON.stringify(after.lines[i].text)}`);
    assert.equal(codesAfter[i], codesBefore[i], `${where}:${i + 1}: diagnostics of ${JSON.stringify(before.lines[i].text)} -> ${JSON.stringify(after.lines[i].text)}`);
  }
  assert.deepEqual(format(after, OPTIONS), [], `${where}: formatting twice changes more`);
  return edits.length;
}

suite('formatting', () => {
  suite('fixtures', () => {
    const FIXTURES: readonly { readonly name: string; readonly before: string; readonly after: string }[] = [
      {
        name: 'conventional fields: names, colon, spaces, comments',
        before: '  user-agent :*  \nDISALLOW:/private/   # keep this   \nallow:\t/public/\n\nsitemap:https://example.com/sitemap.xml\nCrawl-Delay :  10\n',
        after: 'User-agent: *\nDisallow: /private/ # keep this\nAllow: /public/\n\nSitemap: https://example.com/sitemap.xml\nCrawl-delay: 10\n',
      },
      {
        name: 'an empty value takes no space; a comment takes one',
        before: 'Disallow:   \nDisallow:        # ADDED BY HMS\nDisallow: /terms#section\nACAP-ignore-conventional-records   # all ACAP\n',
        after: 'Disallow:\nDisallow: # ADDED BY HMS\nDisallow: /terms #section\nACAP-ignore-conventional-records # all ACAP\n',
      },
      {
        name: 'ACAP fields: canonical names, standard usages lower-cased, single spaces, name=value',
        before: 'acap-crawler:   SearchBot  \nacap-allow-PRESENT-SNIPPET:/news/   MAX-LENGTH = 20-words\nACAP-Disallow-Index :  /private/\nacap-request-Take-Down:  /old.html \nacap-usage-purpose:sports\n',
        after: 'ACAP-crawler: SearchBot\nACAP-allow-present-snippet: /news/ max-length=20-words\nACAP-disallow-index: /private/\nACAP-request-take-down: /old.html\nACAP-usage-purpose: sports\n',
      },
      {
        name: 'definitions: local names keep their spelling, standard usages are lower-cased',
        before: 'acap-resource-set:  crawlable   /public/\t/News/\nacap-qualified-usage: Cache  PRESERVE  time-limit =until-recrawled\nacap-composite-usage: Basic CRAWL  (Cache)\nacap-allow-(Basic):  the-acap:resource-set:crawlable\n',
        after: 'ACAP-resource-set: crawlable /public/ /News/\nACAP-qualified-usage: Cache preserve time-limit=until-recrawled\nACAP-composite-usage: Basic crawl (Cache)\nACAP-allow-(Basic): the-acap:resource-set:crawlable\n',
      },
      {
        name: 'single values keep their inner whitespace and case (paths, crawler names, unknown words)',
        before: 'User-agent:  Mozilla/5.0 (compatible;  Bot)\nDisallow:  /Path With  Spaces/\nACAP-crawler:   Search  Bot\nACAP-allow-Present-Links:  /\n',
        after: 'User-agent: Mozilla/5.0 (compatible;  Bot)\nDisallow: /Path With  Spaces/\nACAP-crawler: Search  Bot\nACAP-allow-Present-Links: /\n',
      },
      {
        name: 'an `=value` after the resource stays a word of its own (joined, it would be part of the resource)',
        before: 'ACAP-allow-index: /a   =b\nACAP-allow-index: /a = b   time-limit =  14-days\n',
        after: 'ACAP-allow-index: /a =b\nACAP-allow-index: /a =b time-limit=14-days\n',
      },
      {
        name: 'unknown fields: whitespace around the parts only, no space added after the colon',
        before: '  X-Custom :value  \nX-Other:   Some   Value  # c \nhttp://example.com/sitemap.xml\n',
        after: 'X-Custom:value\nX-Other: Some   Value # c\nhttp://example.com/sitemap.xml\n',
      },
      {
        name: 'a missing colon and a repairable name are the quick fixes\' business: only case and outer whitespace',
        before: '  disallow   /missing-colon   \nacap-allow preserve:  /  time-limit=100-days \nACAP-allow-present-snippet /news/ max-length=20-words\nUser\u2014agent :  *  \n',
        after: 'Disallow   /missing-colon\nacap-allow preserve: / time-limit=100-days\nACAP-allow-present-snippet /news/ max-length=20-words\nUser\u2014agent: *\n',
      },
      {
        name: 'line ends are kept exactly: CRLF, CR, LF and none',
        before: 'user-agent:*\r\ndisallow:/\rallow:/a\nsitemap:https://example.com/s.xml',
        after: 'User-agent: *\r\nDisallow: /\rAllow: /a\nSitemap: https://example.com/s.xml',
      },
      {
        name: 'the byte-order mark stays',
        before: '\uFEFF  user-agent:*\n',
        after: '\uFEFFUser-agent: *\n',
      },
    ];
    for (const f of FIXTURES) {
      test(f.name, () => {
        assert.equal(formatted(f.before), f.after);
        assert.deepEqual(format(parse(f.after), OPTIONS), [], 'formatted text gives no edits');
        assertMeaningKept(f.before, f.name);
      });
    }

    test('leaves alone comments, blank lines, the version comment, non-fields and lines with control characters', () => {
      const text = [
        '##ACAP version=1.0   ',
        '   # indented comment   with   spaces   ',
        '  \t',
        '',
        'This is not a field  ',
        '<html><body>  ',
        'Foo bar:  baz  ',
        'ï»¿User-agent:  *  ',
        'disallow:  /a\u0001b  ',
        'User-agent\uFF1A *  ',
      ].join('\n');
      assert.deepEqual(format(parse(text), OPTIONS), []);
    });
  });

  suite('edits', () => {
    test('one edit per changed line, covering only what changes', () => {
      const text = 'User-agent: *\nDisallow:  /a\nAllow: /b\nuser-agent: x\n';
      const edits = format(parse(text), OPTIONS);
      assert.deepEqual(edits, [
        { range: { start: { line: 1, character: 10 }, end: { line: 1, character: 11 } }, newText: '' },
        { range: { start: { line: 3, character: 0 }, end: { line: 3, character: 1 } }, newText: 'U' },
      ]);
    });

    test('none for a formatted document, and none for an empty one', () => {
      assert.deepEqual(format(parse('User-agent: *\nDisallow: /\n'), OPTIONS), []);
      assert.deepEqual(format(parse(''), OPTIONS), []);
    });
  });

  suite('range formatting', () => {
    const text = 'user-agent:a\nuser-agent:b\nuser-agent:c\nuser-agent:d';
    const range = (sl: number, sc: number, el: number, ec: number): Range => ({ start: { line: sl, character: sc }, end: { line: el, character: ec } });

    test('formats only the lines the range touches', () => {
      assert.equal(formatted(text, range(1, 3, 2, 1)), 'user-agent:a\nUser-agent: b\nUser-agent: c\nuser-agent:d');
      assert.equal(formatted(text, range(2, 0, 2, 0)), 'user-agent:a\nuser-agent:b\nUser-agent: c\nuser-agent:d');
    });

    test('a selection of whole lines, ending at the start of the next line, leaves that line alone', () => {
      assert.equal(formatted(text, range(0, 0, 2, 0)), 'User-agent: a\nUser-agent: b\nuser-agent:c\nuser-agent:d');
    });

    test('a reversed range, or one past the end, is read as the lines it covers', () => {
      assert.equal(formatted(text, range(2, 5, 1, 0)), 'user-agent:a\nUser-agent: b\nUser-agent: c\nuser-agent:d');
      assert.equal(formatted(text, range(3, 0, 99, 0)), 'user-agent:a\nuser-agent:b\nuser-agent:c\nUser-agent: d');
    });
  });

  suite('specification examples', () => {
    const files = readdirSync(SPEC).filter((f) => f.endsWith('.robots.txt'));

    test('every example of Part 1 and the guide is already formatted', () => {
      assert.ok(files.length >= 60, `expected the spec examples, found ${files.length}`);
      for (const f of files) assert.deepEqual(format(parse(readFileSync(path.join(SPEC, f), 'utf8')), OPTIONS), [], f);
    });

    /**
     * Scramble a formatted field line without changing what it says: indent it, shout its
     * canonical name, pad the colon and the ACAP words, loosen `=`, push the comment away.
     */
    function scramble(line: LineNode): string {
      const f = line.field;
      let t = line.text;
      if (!f || !f.fact) return t;
      let head = t.slice(f.name.start, f.name.end);
      if (f.repair === 'exact' && (!f.fact.isPrefix || !f.suffix)) head = head.toUpperCase();
      else if (f.repair === 'exact' && f.suffix) {
        // Only standard usage types and actions have a canonical case; other suffixes stay as written.
        const suffix = t.slice(f.suffix.start, f.suffix.end);
        const d = line.directive;
        const standard = (d.kind === 'acap-permission' && d.usage !== undefined && !d.usage.local && facts.USAGE_BY_NAME.has(d.usage.name))
          || (d.kind === 'acap-request' && facts.ACTIONS.some((a) => a.name === suffix.toLowerCase()));
        head = f.fact.name.toUpperCase() + (standard ? suffix.toUpperCase() : suffix);
      }
      let value = t.slice(f.value.start, f.value.end);
      // A line without its colon keeps its value as written (formatting leaves it to the quick fix).
      if (f.separator === 'colon' && f.fact.family === 'acap' && !['acap-crawler', 'acap-usage-purpose', 'acap-permissions-reference'].includes(f.fact.id)) {
        value = value.replace(/ (?=\S)/g, ' \t ').replace(/(\s[a-z-]+)=/g, '$1 = ');
      }
      const separator = f.separator === 'colon' ? ' :  ' : t.slice(f.name.end, f.value.start);
      const comment = line.comment ? '   ' + t.slice(line.comment.start) : '';
      t = '  ' + head + separator + value + comment + ' \t';
      return t;
    }

    test('each example, scrambled, formats back to itself', () => {
      let scrambled = 0;
      for (const f of files) {
        const text = readFileSync(path.join(SPEC, f), 'utf8');
        const doc = parse(text);
        const messy = doc.lines.map((l) => scramble(l) + l.eol).join('');
        if (messy !== text) scrambled++;
        assertMeaningKept(messy, f);
        assert.equal(formatted(messy), text, f);
      }
      assert.ok(scrambled >= 60, `only ${scrambled} examples were scrambled`);
    });

    test('Guide annex A.2.1 keeps `ACAP-allow preserve` and `ACAP-allow present-snippet` as written', () => {
      const text = readFileSync(path.join(SPEC, 'guide-annexA.2.1-persgroep.robots.txt'), 'utf8');
      const out = formatted(text.replace('ACAP-allow preserve: /', 'ACAP-allow preserve:   /'));
      assert.equal(out, text);
      assert.match(out, /^ACAP-allow preserve: \/ time-limit=100-days/m);
    });

    test('Guide example 5.8 keeps its missing colon for the quick fix to add', () => {
      const text = readFileSync(path.join(SPEC, 'guide-ex5.8.robots.txt'), 'utf8');
      const messy = text.replace('ACAP-allow-present-snippet /news/', 'acap-allow-PRESENT-snippet /news/');
      assert.equal(formatted(messy), text);
    });
  });

  suite('corpus', () => {
    for (const dir of ['real', 'acap-real'] as const) {
      test(`every file of ${dir}/ keeps its meaning and diagnostics, and formatting twice is a fixed point`, function () {
        this.timeout(120_000);
        const files = corpusFiles(dir);
        assert.ok(files.length >= MIN_FILES[dir], `expected the whole ${dir} corpus, found ${files.length} files`);
        let changed = 0;
        for (const f of files) {
          const { text } = decodeUtf8(readFileSync(f));
          changed += assertMeaningKept(text, `${dir}/${path.basename(f)}`);
        }
        // Real files are messy: a formatter that changed nothing here would be suspect.
        assert.ok(changed > (dir === 'real' ? (CORPUS.external ? 5000 : 20) : 0), `${changed} lines changed`);
      });
    }
  });

  suite('property', () => {
    const ws = fc.constantFrom('', '', ' ', '\t', '  ', ' \t ');
    const name = fc.constantFrom(
      'User-agent', 'user-AGENT', 'Disallow', 'allow', 'Sitemap', 'crawl-delay', 'Robot-version', 'Request-rate',
      'ACAP-crawler', 'acap-usage-purpose', 'ACAP-permissions-reference', 'ACAP-ignore-conventional-records',
      'acap-allow-index', 'ACAP-ALLOW-present-SNIPPET', 'ACAP-disallow-(Cache)', 'ACAP-allow-(a b)', 'ACAP-allow-present-links', 'ACAP-allow-',
      'acap-request-Take-Down', 'ACAP-qualified-usage', 'acap-composite-usage', 'ACAP-resource-set',
      'ACAP allow preserve', 'User\u2014agent', 'X-Custom', 'http', 'Foo bar', 'ï»¿User-agent', 'A',
    );
    const separator = fc.constantFrom(':', ' :', ': ', '\t:\t', ' ', '', ':  ', '\uFF1A');
    const word = fc.constantFrom(
      '/', '/a', '/A b', '*', '*.gif$', '$', 'time-limit', '=', '=x', 'until-recrawled', 'max-length', '20-words', 'Time-Limit=14-days',
      'the-acap:resource-set:X', '(Cache)', '(x', 'PRESERVE', 'index', '//example.com/', 'https://example.com/a?b=c', 'Googlebot', 'x:y', '\u0001', '😀',
    );
    const value = fc.array(fc.tuple(word, ws), { maxLength: 6 }).map((ps) => ps.map(([w, s]) => w + s).join(''));
    const comment = fc.constantFrom('', '', '#', '# c ', '#ACAP version=1.0', '##ACAP version=1.1');
    const line = fc.oneof(
      fc.tuple(ws, name, separator, ws, value, ws, comment, ws).map((parts) => parts.join('')),
      fc.tuple(ws, comment, ws).map((parts) => parts.join('')),
    );
    const eol = fc.constantFrom('\n', '\r\n', '\r');
    const text = fc.array(fc.tuple(line, eol), { maxLength: 12 }).map((ls) => ls.map(([l, e]) => l + e).join(''));

    test('formatting random robots.txt-like text never changes its meaning and is idempotent', () => {
      fc.assert(fc.property(text, (t) => {
        assertMeaningKept(t, JSON.stringify(t));
      }), { numRuns: 500 });
    });
  });
});
