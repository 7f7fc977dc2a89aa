/**
 * Snippets (snippets/robots-txt.json): every body, with its placeholders at their defaults, is a
 * valid robots.txt — no error, no warning — in the place the snippet is meant for, and is
 * already formatted; prefixes are unique; every snippet cites the specification it follows.
 *
 * Each snippet declares where it goes (`before`/`after`: the text around it when it is a part of
 * a file) and the only diagnostics it may have, all below warning, with the reason.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { DiagnosticSeverity } from 'vscode-languageserver-types';
import { doValidation, parseDocument } from '../../server/src/service';
import { format } from '../../server/src/service/features/formatting';

interface Snippet {
  readonly prefix: string | string[];
  readonly body: string | string[];
  readonly description: string;
}

const FILE = path.resolve(__dirname, '../../snippets/robots-txt.json');
const SNIPPETS = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, Snippet>;

// ---------------------------------------------------------------------------------------------
// A small expander of VS Code's snippet syntax: `$1`, `${1}`, `${1:default}` (nested), `${1|a,b|}`
// (its first choice), `$0`, and the escapes `\$`, `\}`, `\\`. A tab stop without a default of its
// own mirrors its placeholder's default, as the editor does. Variables are refused, not guessed.

type Node =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'tabstop'; readonly n: number }
  | { readonly kind: 'placeholder'; readonly n: number; readonly body: readonly Node[] }
  | { readonly kind: 'choice'; readonly n: number; readonly options: readonly string[] };

function parseSnippet(src: string, at: number, nested: boolean): { nodes: Node[]; at: number } {
  const nodes: Node[] = [];
  let text = '';
  const flush = (): void => {
    if (text) nodes.push({ kind: 'text', text });
    text = '';
  };
  let i = at;
  while (i < src.length) {
    const c = src[i];
    if (c === '\\' && i + 1 < src.length && '$}\\'.includes(src[i + 1])) {
      text += src[i + 1];
      i += 2;
    } else if (nested && c === '}') {
      flush();
      return { nodes, at: i + 1 };
    } else if (c === '$') {
      const rest = src.slice(i);
      const stop = /^\$(\d+)/.exec(rest) ?? /^\$\{(\d+)\}/.exec(rest);
      const open = /^\$\{(\d+)([:|])/.exec(rest);
      flush();
      if (stop) {
        nodes.push({ kind: 'tabstop', n: Number(stop[1]) });
        i += stop[0].length;
      } else if (open && open[2] === ':') {
        const inner = parseSnippet(src, i + open[0].length, true);
        nodes.push({ kind: 'placeholder', n: Number(open[1]), body: inner.nodes });
        i = inner.at;
      } else if (open) {
        const end = src.indexOf('|}', i + open[0].length);
        if (end < 0) throw new Error(`unterminated choice at ${i}`);
        nodes.push({ kind: 'choice', n: Number(open[1]), options: src.slice(i + open[0].length, end).split(',') });
        i = end + 2;
      } else if (/^\$\{?[A-Za-z_]/.test(rest)) {
        throw new Error(`snippet variables are not supported here: ${rest.slice(0, 20)}`);
      } else {
        text += c;
        i++;
      }
    } else {
      text += c;
      i++;
    }
  }
  if (nested) throw new Error('unterminated placeholder');
  flush();
  return { nodes, at: i };
}

function render(nodes: readonly Node[], defaults: Map<number, string>, choice = 0): string {
  let out = '';
  for (const n of nodes) {
    if (n.kind === 'text') out += n.text;
    else if (n.kind === 'tabstop') out += defaults.get(n.n) ?? '';
    else {
      const t = n.kind === 'choice' ? n.options[Math.min(choice, n.options.length - 1)] : render(n.body, defaults, choice);
      if (!defaults.has(n.n)) defaults.set(n.n, t);
      out += t;
    }
  }
  return out;
}

/**
 * The text a snippet inserts when every placeholder is left at its default; `choice` picks that
 * option of every choice (the last when a choice has fewer), so each option can be checked.
 */
function expandSnippet(body: string, choice = 0): string {
  const { nodes } = parseSnippet(body, 0, false);
  const defaults = new Map<number, string>();
  render(nodes, defaults, choice); // first pass: a `$1` may come before the `${1:...}` it mirrors
  return render(nodes, defaults, choice);
}

/** The most options any choice of the snippet offers (1 when it has none). */
function choiceCount(body: string): number {
  let most = 1;
  const visit = (nodes: readonly Node[]): void => {
    for (const n of nodes) {
      if (n.kind === 'choice') most = Math.max(most, n.options.length);
      if (n.kind === 'placeholder') visit(n.body);
    }
  };
  visit(parseSnippet(body, 0, false).nodes);
  return most;
}

/** Every default each placeholder number is given, to check that linked placeholders agree. */
function placeholderDefaults(nodes: readonly Node[], out = new Map<number, Set<string>>()): Map<number, Set<string>> {
  for (const n of nodes) {
    if (n.kind !== 'placeholder' && n.kind !== 'choice') continue;
    const set = out.get(n.n) ?? new Set<string>();
    set.add(n.kind === 'choice' ? n.options.join('|') : render(n.body, new Map()));
    out.set(n.n, set);
    if (n.kind === 'placeholder') placeholderDefaults(n.body, out);
  }
  return out;
}

function bodyOf(s: Snippet): string {
  return Array.isArray(s.body) ? s.body.join('\n') : s.body;
}

// ---------------------------------------------------------------------------------------------
// Where each snippet goes, and the diagnostics (hints or information only) it may have there.

const VERSION = '##ACAP version=1.0\n';
const IN_RECORD = `${VERSION}ACAP-crawler: *\n`;
/** Part 1 §2.9.3: a fragment holding ACAP records but not the version comment, which belongs at the top of the file. */
const VERSION_MISSING = 'acap.version-missing';

interface Placement {
  readonly before: string;
  readonly after: string;
  readonly allowed: readonly string[];
  readonly why: string;
}

const PLACEMENT: Record<string, Placement> = {
  'ACAP file': { before: '', after: '', allowed: [], why: 'a whole file' },
  'ACAP record': { before: '', after: '', allowed: [VERSION_MISSING], why: 'a record, without the version comment' },
  'Prohibit all crawlers': { before: '', after: '', allowed: [VERSION_MISSING], why: 'records, without the version comment' },
  'Permit only named crawlers': { before: '', after: '', allowed: [VERSION_MISSING], why: 'records, without the version comment' },
  'Permit only ACAP-enabled crawlers': { before: '', after: '', allowed: [VERSION_MISSING], why: 'records, without the version comment' },
  'Index but do not preserve': { before: IN_RECORD, after: '', allowed: [], why: 'lines of an ACAP record' },
  'No cached copies': { before: IN_RECORD, after: '', allowed: [], why: 'lines of an ACAP record' },
  'Snippets limited in length': { before: IN_RECORD, after: '', allowed: [], why: 'a line of an ACAP record' },
  'Index and preserve for a limited time': { before: IN_RECORD, after: '', allowed: [], why: 'lines of an ACAP record' },
  'Qualified usage definition': { before: VERSION, after: 'ACAP-crawler: *\nACAP-allow-(cache): /\n', allowed: [], why: 'a definition before the records, then used' },
  'Composite usage definition': { before: VERSION, after: 'ACAP-crawler: *\nACAP-allow-(basic-usages): /\n', allowed: [], why: 'a definition before the records, then used' },
  'Resource set definition': { before: VERSION, after: 'ACAP-crawler: *\nACAP-allow-crawl: the-acap:resource-set:crawlable\n', allowed: [], why: 'a definition before the records, then used' },
  'Usage-purpose sub-record': { before: `${IN_RECORD}ACAP-disallow-crawl: /\n`, after: '', allowed: [], why: 'the end of an ACAP record' },
  'Block AI training crawlers': { before: '', after: '', allowed: [], why: 'a conventional group' },
};

suite('snippets', () => {
  suite('the expander', () => {
    test('takes defaults, first choices and mirrors, and drops $0', () => {
      assert.equal(expandSnippet('a ${1:x} $1 ${2|p,q|} $2 ${3} $0'), 'a x x p p  ');
      assert.equal(expandSnippet('$1 then ${1:late}'), 'late then late');
      assert.equal(expandSnippet('${1:outer ${2:inner}} $2'), 'outer inner inner');
      assert.equal(expandSnippet('/\\$ \\} \\\\ /$'), '/$ } \\ /$');
      assert.equal(expandSnippet('${1|a,b|} ${2|c|}', 1), 'b c');
    });

    test('refuses what it cannot expand', () => {
      assert.throws(() => expandSnippet('${1:open'), /unterminated/);
      assert.throws(() => expandSnippet('$TM_FILENAME'), /variables/);
    });
  });

  test('the file is VS Code snippet JSON: prefix, body and description for each', () => {
    const names = Object.keys(SNIPPETS);
    assert.ok(names.length >= 14, `expected the common policies, found ${names.length} snippets`);
    for (const name of names) {
      const s = SNIPPETS[name];
      const prefixes = Array.isArray(s.prefix) ? s.prefix : [s.prefix];
      assert.ok(prefixes.length > 0 && prefixes.every((p) => typeof p === 'string' && /^\S+$/.test(p)), `${name}: prefix`);
      assert.ok(Array.isArray(s.body) ? s.body.every((l) => typeof l === 'string') : typeof s.body === 'string', `${name}: body`);
      assert.equal(typeof s.description, 'string', `${name}: description`);
    }
  });

  test('every prefix is unique (case-insensitively, as the editor matches them)', () => {
    const seen = new Map<string, string>();
    for (const [name, s] of Object.entries(SNIPPETS)) {
      for (const p of Array.isArray(s.prefix) ? s.prefix : [s.prefix]) {
        const key = p.toLowerCase();
        assert.ok(!seen.has(key), `prefix ${p} of ${name} is also a prefix of ${seen.get(key)}`);
        seen.set(key, name);
      }
    }
  });

  test('every description cites the guide example or specification section it follows', () => {
    for (const [name, s] of Object.entries(SNIPPETS)) {
      assert.match(s.description, /(Guide example|Part 1 §|RFC 9309 §)\d/, name);
    }
  });

  test('every snippet says where it goes (the table below lists each one)', () => {
    assert.deepEqual(Object.keys(SNIPPETS).sort(), Object.keys(PLACEMENT).sort());
  });

  for (const [name, s] of Object.entries(SNIPPETS)) {
    const place = PLACEMENT[name];
    test(`${name}: valid where it goes (${place ? place.why : 'undeclared'}), no error or warning, with every choice`, () => {
      assert.ok(place, `declare where ${name} goes in PLACEMENT`);
      for (let choice = 0; choice < choiceCount(bodyOf(s)); choice++) {
        const text = place.before + expandSnippet(bodyOf(s), choice) + place.after;
        const diagnostics = doValidation(parseDocument('file:///site/robots.txt', 1, text));
        const severe = diagnostics.filter((d) => d.severity === DiagnosticSeverity.Error || d.severity === DiagnosticSeverity.Warning);
        assert.deepEqual(severe.map((d) => `${d.range.start.line + 1} ${String(d.code)}`), [], text);
        assert.deepEqual([...new Set(diagnostics.map((d) => String(d.code)))].sort(), [...place.allowed].sort(), text);
      }
    });

    test(`${name}: linked placeholders share one default, and the text is already formatted`, () => {
      for (const [n, defaults] of placeholderDefaults(parseSnippet(bodyOf(s), 0, false).nodes)) {
        assert.equal(defaults.size, 1, `placeholder ${n} has different defaults: ${[...defaults].join(' / ')}`);
      }
      const text = expandSnippet(bodyOf(s));
      assert.deepEqual(format(parseDocument('file:///site/robots.txt', 1, text), { tabSize: 4, insertSpaces: true }), []);
    });
  }

  test('the snippet for guide example 5.8 limits snippets to 20 words by default', () => {
    const text = expandSnippet(bodyOf(SNIPPETS['Snippets limited in length']));
    assert.equal(text, 'ACAP-allow-present-snippet: /news/ max-length=20-words\n');
  });
});
