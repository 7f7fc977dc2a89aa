/**
 * The TextMate grammar (syntaxes/robots-txt.tmLanguage.json) and the language configuration.
 *
 * - Fixtures (test/fixtures/grammar/*.txt, format in the README there): robots.txt lines with
 *   the exact scopes their tokens must get. Every scope the grammar can produce is named by one.
 * - The facts table: every field, usage type, action, qualifier and value form that the
 *   language service knows is highlighted as known, and the grammar lists nothing else.
 * - Lines: robots.txt is line-oriented (Part 1 §2.2; RFC 9309 §2.2), so no construct may outlive
 *   its line, whatever the line holds, and a CR before the LF changes nothing.
 */
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { CORPUS } from './corpus';
import * as fc from 'fast-check';
import * as oniguruma from 'vscode-oniguruma';
import * as vsctm from 'vscode-textmate';
import {
  ACAP_VERSIONS, ACTIONS, EXTRACT_KINDS, FIELDS, INCLUDE_ROLES, QUALIFIERS, RESOURCE_SET_PREFIX, USAGES, USED_RESOURCE_TYPES,
  type FieldFact, type FieldFamily, type UsageFact,
} from '../../server/src/service/facts/facts';
import { parseDocument } from '../../server/src/service';
import { allRules, checkExpectations, innermost, listedWords, loadFixtures, regexesOf, show, token, type RawGrammar, type TokenizedLine as KitTokenizedLine } from './grammarKit';

const ROOT = path.resolve(__dirname, '../..');
const GRAMMAR_PATH = path.join(ROOT, 'syntaxes/robots-txt.tmLanguage.json');
const LANGUAGE_CONFIGURATION_PATH = path.join(ROOT, 'language-configuration.json');
const FIXTURES = path.join(ROOT, 'test/fixtures/grammar');
/** More robots.txt to compare with the language service: the specification examples and the corpus's ACAP files. */
const MORE_ROBOTS_TXT = [path.join(ROOT, 'test/fixtures/spec'), path.join(CORPUS.dir, 'acap-real')];
const ROOT_SCOPE = 'text.robots-txt';

// ---------------------------------------------------------------------------------------------
// The grammar as data

const RAW: RawGrammar = JSON.parse(readFileSync(GRAMMAR_PATH, 'utf8'));

/** Every scope the grammar can give a token, besides the root. */
const GRAMMAR_SCOPES: ReadonlySet<string> = new Set([...allRules(RAW)].flatMap((r) => (r.name ? [r.name] : [])));

// ---------------------------------------------------------------------------------------------
// Tokenising

interface TokenizedLine extends KitTokenizedLine {
  /** Depth of the rule stack after the line: 1 when nothing is left open. */
  readonly depthAfter: number;
}

let grammarLoading: Promise<vsctm.IGrammar> | undefined;

function loadGrammar(): Promise<vsctm.IGrammar> {
  grammarLoading ??= (async () => {
    await oniguruma.loadWASM(readFileSync(require.resolve('vscode-oniguruma/release/onig.wasm')));
    const registry = new vsctm.Registry({
      onigLib: Promise.resolve({
        createOnigScanner: (sources) => new oniguruma.OnigScanner(sources),
        createOnigString: (text) => new oniguruma.OnigString(text),
      }),
      loadGrammar: async (scopeName) => (scopeName === ROOT_SCOPE ? vsctm.parseRawGrammar(readFileSync(GRAMMAR_PATH, 'utf8'), GRAMMAR_PATH) : null),
    });
    const grammar = await registry.loadGrammar(ROOT_SCOPE);
    if (!grammar) throw new Error(`no grammar for ${ROOT_SCOPE}`);
    return grammar;
  })();
  return grammarLoading;
}

/** Tokenise lines in order, carrying the rule stack from each line to the next. */
function tokenizeLines(grammar: vsctm.IGrammar, lines: readonly string[]): TokenizedLine[] {
  let stack: vsctm.StateStack = vsctm.INITIAL;
  return lines.map((text) => {
    const result = grammar.tokenizeLine(text, stack);
    stack = result.ruleStack;
    const tokens = result.tokens
      .map((t) => {
        assert.equal(t.scopes[0], ROOT_SCOPE);
        return { text: text.slice(t.startIndex, t.endIndex), scopes: t.scopes.slice(1) };
      })
      .filter((t) => t.text.length > 0);
    return { text, tokens, depthAfter: stack.depth };
  });
}

/** The scopes of the token covering the character at `offset`. */
function scopesAt(line: TokenizedLine, offset: number): readonly string[] {
  let end = 0;
  for (const t of line.tokens) {
    end += t.text.length;
    if (offset < end) return t.scopes;
  }
  return [];
}

/** The scopes of each character of the line, for comparing tokenisations character by character. */
function scopesPerCharacter(line: TokenizedLine): string[] {
  return line.tokens.flatMap((t) => Array.from({ length: t.text.length }, () => t.scopes.join(' ')));
}

// ---------------------------------------------------------------------------------------------
// Fixtures

const FIXTURES_PARSED = loadFixtures(FIXTURES, '.txt', 'a robots.txt');

// ---------------------------------------------------------------------------------------------
// Scope names the tests below rely on (the scheme is in test/fixtures/grammar/README.md)

const KEYWORD: Readonly<Record<FieldFamily, string>> = {
  rep: 'keyword.control.directive.rep.robots-txt',
  extension: 'keyword.other.directive.extension.robots-txt',
  rep96: 'keyword.other.directive.rep96.robots-txt',
  acap: 'keyword.control.directive.acap.robots-txt',
};
const UNKNOWN_FIELD = 'variable.other.field.unknown.robots-txt';
const USAGE = 'support.type.usage.acap.robots-txt';
const RESOURCE_TYPE = 'support.type.resource-type.acap.robots-txt';
const ACTION = 'support.function.action.acap.robots-txt';
const QUALIFIER = 'entity.other.attribute-name.qualifier.robots-txt';
const UNKNOWN_QUALIFIER = 'variable.other.qualifier.unknown.robots-txt';
const QUALIFIER_VALUE = 'constant.other.qualifier-value.robots-txt';
const SCHEME = 'support.constant.scheme.acap.robots-txt';

suite('TextMate grammar', () => {
  let grammar: vsctm.IGrammar;

  suiteSetup(async () => {
    grammar = await loadGrammar();
  });

  function tokenize(text: string): TokenizedLine {
    return tokenizeLines(grammar, [text])[0];
  }

  test('is the robots.txt grammar the manifest names', () => {
    assert.equal(RAW.scopeName, ROOT_SCOPE);
    assert.equal(RAW.name, 'robots.txt');
  });

  suite('fixtures', () => {
    for (const [file, fixture] of FIXTURES_PARSED) {
      suite(file, () => {
        let lines: TokenizedLine[] = [];
        suiteSetup(() => {
          lines = tokenizeLines(grammar, fixture.map((l) => l.text));
        });
        fixture.forEach((line, i) => {
          if (line.expectations.length === 0) return;
          test(`${line.at}: ${line.text}`, () => checkExpectations(file, lines[i], line.expectations));
        });
      });
    }

    const named = new Set([...FIXTURES_PARSED.values()].flat().flatMap((l) => l.expectations).flatMap((e) => (e.kind === 'absent' ? [e.scope] : e.scopes)));

    test('every scope the grammar can produce is named by some fixture', () => {
      assert.deepEqual([...GRAMMAR_SCOPES].filter((s) => !named.has(s)).sort(), []);
    });

    test('fixtures name only scopes the grammar has (so that no expectation passes by a typo)', () => {
      assert.deepEqual([...named].filter((s) => !GRAMMAR_SCOPES.has(s)).sort(), []);
    });

    test('the checker fails on a wrong scope, a wrong token and a scope that is present', () => {
      const line = tokenize('Disallow: /a # x');
      assert.throws(() => checkExpectations('t', line, [{ kind: 'suffix', token: '/a', scopes: ['constant.language.wildcard.robots-txt'], at: 1 }]));
      assert.throws(() => checkExpectations('t', line, [{ kind: 'exact', token: '/a', scopes: ['string.unquoted.path.robots-txt'], at: 1 }]));
      assert.throws(() => checkExpectations('t', line, [{ kind: 'suffix', token: '/a ', scopes: ['string.unquoted.path.robots-txt'], at: 1 }]));
      assert.throws(() => checkExpectations('t', line, [{ kind: 'absent', scope: 'comment.line.number-sign.robots-txt', at: 1 }]));
      checkExpectations('t', line, [{ kind: 'exact', token: '/a', scopes: ['meta.field.disallow.robots-txt', 'string.unquoted.path.robots-txt'], at: 1 }]);
    });
  });

  suite('agrees with the facts table', () => {
    function sample(f: FieldFact, name: string, colon: boolean): string {
      const sep = colon ? ': ' : ' ';
      if (f.noValue) return name;
      if (f.isPrefix) return `${name}${f.id === 'acap-request' ? ACTIONS[0].name : USAGES[0].name}${sep}/`;
      return `${name}${sep}x`;
    }

    for (const f of FIELDS) {
      test(`${f.name} is a ${f.family} field in any letter case, with or without its colon`, () => {
        for (const name of [f.name, f.name.toLowerCase(), f.name.toUpperCase()]) {
          for (const colon of [true, false]) {
            const line = tokenize(sample(f, name, colon));
            assert.deepEqual(line.tokens[0], { text: name, scopes: [`meta.field.${f.id}.robots-txt`, KEYWORD[f.family]] }, show(line));
            assert.equal(line.tokens.some((t) => t.scopes.includes('punctuation.separator.key-value.robots-txt')), colon && !f.noValue, show(line));
          }
        }
      });
      const near = f.isPrefix ? f.name.slice(0, -1) : `${f.name}s`;
      test(`${near} is not ${f.name}`, () => {
        const line = tokenize(`${near}: x`);
        assert.deepEqual(line.tokens[0], { text: near, scopes: ['meta.field.unknown.robots-txt', UNKNOWN_FIELD] });
      });
    }

    test('the grammar has a field rule for every field of the table and no other', () => {
      const ids = [...GRAMMAR_SCOPES].flatMap((s) => /^meta\.field\.(.+)\.robots-txt$/.exec(s)?.[1] ?? []).sort();
      assert.deepEqual(ids, [...FIELDS.map((f) => f.id), 'unknown'].sort());
    });

    /** Check the tokens of a usage type as written in a line: `present-` + `snippet`, or the whole name. */
    function assertUsage(line: TokenizedLine, u: UsageFact, upper: boolean): void {
      const written = (s: string): string => (upper ? s.toUpperCase() : s);
      if (u.resourceType) {
        assert.equal(innermost(line, written(`${u.base}-`)), USAGE, show(line));
        assert.deepEqual(token(line, written(u.resourceType)).scopes.slice(-2), [USAGE, RESOURCE_TYPE], show(line));
      } else {
        assert.equal(innermost(line, written(u.name)), USAGE, show(line));
      }
    }

    for (const u of USAGES) {
      test(`usage type ${u.name} in permissions, prohibitions and definitions, in any letter case`, () => {
        for (const upper of [false, true]) {
          const name = upper ? u.name.toUpperCase() : u.name;
          assertUsage(tokenize(`ACAP-allow-${name}: /`), u, upper);
          assertUsage(tokenize(`ACAP-disallow-${name}: /`), u, upper);
          assertUsage(tokenize(`ACAP-qualified-usage: q ${name} time-limit=3-days`), u, upper);
          assertUsage(tokenize(`ACAP-composite-usage: c (q) ${name}`), u, upper);
        }
      });
    }

    test('the grammar lists exactly the usage types and used resource types of the table', () => {
      const bases = new Set<string>(USAGES.filter((u) => u.resourceType).map((u) => u.base));
      const expected = [...USAGES.filter((u) => !u.resourceType && !bases.has(u.name)).map((u) => u.name), ...USED_RESOURCE_TYPES];
      assert.deepEqual([...listedWords(RAW, 'usage-type')].sort(), expected.sort());
      // The one usage with resource types is written out in the regex: check it is that one.
      assert.deepEqual([...bases], ['present']);
    });

    for (const a of ACTIONS) {
      test(`action ${a.name}`, () => {
        assert.equal(innermost(tokenize(`ACAP-request-${a.name}: /x`), a.name), ACTION);
        assert.equal(innermost(tokenize(`ACAP-request-${a.name.toUpperCase()}: /x`), a.name.toUpperCase()), ACTION);
      });
    }

    test('the grammar lists exactly the actions of the table', () => {
      assert.deepEqual([...listedWords(RAW, 'action')].sort(), ACTIONS.map((a) => a.name).sort());
    });

    for (const q of QUALIFIERS) {
      const expected = q.metaOnly ? UNKNOWN_QUALIFIER : QUALIFIER;
      test(`qualifier ${q.name} is ${q.metaOnly ? 'unknown in robots.txt (META tags only)' : 'a qualifier'}`, () => {
        assert.equal(innermost(tokenize(`ACAP-allow-present: /p ${q.name}=x`), q.name), expected);
        assert.equal(innermost(tokenize(`ACAP-qualified-usage: my present ${q.name.toUpperCase()}=x`), q.name.toUpperCase()), expected);
      });
      if (q.metaOnly) continue;
      for (const v of q.values) {
        const value = v.replace(/^N-/, '3-').replace('YYYY-MM-DD', '2007-12-31') + (v.endsWith(':') ? 'x' : '');
        test(`qualifier value ${q.name}=${value}`, () => {
          const line = tokenize(`ACAP-allow-present: /p ${q.name}=${value}`);
          const eq = line.tokens.findIndex((t) => t.text === '=');
          const valueTokens = line.tokens.slice(eq + 1);
          assert.equal(valueTokens.map((t) => t.text).join(''), value, show(line));
          for (const t of valueTokens) assert.ok(t.scopes.includes(QUALIFIER_VALUE), show(line));
          if (value.startsWith('the-acap:')) assert.equal(valueTokens[0].scopes.at(-1), SCHEME, show(line));
          if (/\d/.test(value)) assert.ok(valueTokens.some((t) => t.scopes.at(-1)?.startsWith('constant.numeric.')), show(line));
        });
      }
    }

    test('the grammar lists exactly the robots.txt qualifiers of the table', () => {
      assert.deepEqual([...listedWords(RAW, 'qualifier')].sort(), QUALIFIERS.filter((q) => !q.metaOnly).map((q) => q.name).sort());
    });

    test('element references the-acap:extract:KIND:name and the-acap:ROLE:KIND:name', () => {
      for (const kind of EXTRACT_KINDS) {
        const line = tokenize(`ACAP-allow-index: /a must-use-resource=the-acap:extract:${kind}:abstract`);
        assert.equal(innermost(line, `the-acap:extract:${kind}:`), SCHEME);
        assert.equal(innermost(line, 'abstract'), 'variable.other.element.robots-txt');
        for (const role of INCLUDE_ROLES) {
          const included = tokenize(`ACAP-allow-present: /a must-include-resource=the-acap:${role.name}:${kind}:credit`);
          assert.equal(innermost(included, `the-acap:${role.name}:${kind}:`), SCHEME);
          assert.equal(innermost(included, 'credit'), 'variable.other.element.robots-txt');
        }
      }
    });

    test('the grammar lists exactly the element kinds, roles and length/day units of the table', () => {
      const units = QUALIFIERS.flatMap((q) => q.values).flatMap((v) => /^N-([a-z]+)$/.exec(v)?.[1] ?? []);
      const expected = ['extract', ...INCLUDE_ROLES.map((r) => r.name), ...EXTRACT_KINDS, ...units];
      assert.deepEqual([...listedWords(RAW, 'qualifier-value')].sort(), expected.sort());
    });

    test('the resource-set prefix', () => {
      const line = tokenize(`ACAP-disallow-index: ${RESOURCE_SET_PREFIX}images`);
      assert.equal(innermost(line, RESOURCE_SET_PREFIX), SCHEME);
      assert.equal(innermost(line, 'images'), 'variable.other.resource-set.robots-txt');
    });

    for (const v of ACAP_VERSIONS) {
      test(`##ACAP version=${v}`, () => {
        assert.deepEqual(token(tokenize(`##ACAP version=${v}`), v).scopes, ['comment.line.number-sign.robots-txt', 'meta.acap-version.robots-txt', 'constant.numeric.version.robots-txt']);
      });
    }
  });

  suite('agrees with the language service', () => {
    const texts: [string, string][] = [
      ...[...FIXTURES_PARSED].map(([file, lines]): [string, string] => [file, lines.map((l) => l.text).join('\n')]),
      ...MORE_ROBOTS_TXT.filter((dir) => existsSync(dir)).flatMap((dir) =>
        readdirSync(dir).filter((f) => f.endsWith('.txt')).map((f): [string, string] => [f, readFileSync(path.join(dir, f), 'utf8')])),
    ];

    test('each line is the field the parser reads, an unknown field when the parser only reads it after a repair, or no field', () => {
      assert.ok(texts.length > FIXTURES_PARSED.size, 'the specification examples should be there too');
      for (const [file, text] of texts) {
        const doc = parseDocument(`file:///${file}`, 1, text);
        const lines = tokenizeLines(grammar, doc.lines.map((l) => l.text));
        doc.lines.forEach((node, i) => {
          const line = lines[i];
          const where = `${file}:${i + 1}\n${show(line)}`;
          const f = node.field;
          if (node.kind === 'field' && f) {
            // The grammar does not repair names (`ACAP-allow preserve`, `User\u2014agent`): they show as unknown.
            const id = f.fact && f.repair === 'exact' ? f.fact.id : 'unknown';
            assert.ok(scopesAt(line, f.name.start).includes(`meta.field.${id}.robots-txt`), where);
          } else {
            assert.ok(line.tokens.every((t) => t.scopes.every((s) => !s.startsWith('meta.field.'))), where);
          }
          const version = line.tokens.some((t) => t.scopes.includes('meta.acap-version.robots-txt'));
          if (version) assert.equal(node.directive.kind, 'acap-version', where);
          if (node.directive.kind === 'acap-version' && node.directive.wellFormed) assert.ok(version, where);
        });
      }
    });
  });

  suite('lines', () => {
    test('every begin/end rule ends with its line, and there are no while rules', () => {
      for (const rule of allRules(RAW)) {
        if (rule.begin !== undefined) assert.equal(rule.end, '$', `rule ${rule.name ?? rule.begin} must end at the end of its line`);
        assert.equal(rule.while, undefined);
      }
    });

    test('every regex compiles', () => {
      for (const rule of allRules(RAW)) {
        for (const regex of regexesOf(rule)) {
          assert.doesNotThrow(() => new oniguruma.OnigScanner([regex]).dispose(), regex);
        }
      }
    });

    test('whatever a line holds, nothing stays open after it and the next line reads as if alone', () => {
      const alone = tokenize('Disallow: /next # c');
      const piece = fc.constantFrom(
        'ACAP-allow-', 'ACAP-disallow-', 'ACAP-request-', 'ACAP-qualified-usage', 'ACAP-composite-usage', 'ACAP-resource-set',
        'ACAP-ignore-conventional-records', 'User-agent', 'Disallow', 'Request-rate', 'Content-Usage', 'Clean-param', 'present-snippet',
        'the-acap:resource-set:', 'the-acap:extract:id:', 'time-limit', '##ACAP version=', ':', '#', '(', ')', '=', '*', '$', '%2F', '%',
        '/', '&', ',', '-', '1', 'x', ' ', '\t', '\r', '"', '\\', '<div>', '\u00e9', '\ufeff',
      );
      fc.assert(
        fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
          const [first, next] = tokenizeLines(grammar, [pieces.join(''), 'Disallow: /next # c']);
          assert.equal(first.depthAfter, 1, show(first));
          assert.equal(first.tokens.map((t) => t.text).join(''), first.text);
          assert.deepEqual(next.tokens, alone.tokens);
        }),
        { numRuns: 500 },
      );
    });

    test('CRLF: a CR at the end of a line changes the scope of no other character and joins no value', () => {
      const sources = [...FIXTURES_PARSED.values()].flat().map((l) => l.text);
      const plain = tokenizeLines(grammar, sources);
      const crlf = tokenizeLines(grammar, sources.map((s) => `${s}\r`));
      plain.forEach((line, i) => {
        const withCr = crlf[i];
        assert.deepEqual(scopesPerCharacter(withCr).slice(0, line.text.length), scopesPerCharacter(line), show(withCr));
        // The CR can only end up in a comment or between the parts of a field, never in a value.
        const cr = withCr.tokens[withCr.tokens.length - 1];
        assert.ok(cr.text.endsWith('\r'));
        assert.ok(cr.scopes.includes('comment.line.number-sign.robots-txt') || cr.scopes.every((s) => s.startsWith('meta.')), show(withCr));
      });
    });

    test('a whole CRLF file split at LF only reads like the LF file', () => {
      const text = readFileSync(path.join(FIXTURES, 'spec-example.txt'), 'utf8').split('\n').filter((l) => !l.startsWith('>>'));
      const lf = tokenizeLines(grammar, text);
      const crlf = tokenizeLines(grammar, text.join('\r\n').split('\n'));
      lf.forEach((line, i) => assert.deepEqual(scopesPerCharacter(crlf[i]).slice(0, line.text.length), scopesPerCharacter(line)));
    });
  });
});

suite('language configuration', () => {
  interface LanguageConfiguration {
    readonly comments: { readonly lineComment?: string; readonly blockComment?: unknown };
    readonly brackets: readonly (readonly [string, string])[];
    readonly wordPattern: string;
  }
  const config: LanguageConfiguration = JSON.parse(readFileSync(LANGUAGE_CONFIGURATION_PATH, 'utf8'));

  function words(text: string): string[] {
    return [...text.matchAll(new RegExp(config.wordPattern, 'g'))].map((m) => m[0]);
  }

  test('line comments with #, no block comments, parentheses as brackets', () => {
    assert.equal(config.comments.lineComment, '#');
    assert.equal(config.comments.blockComment, undefined);
    assert.deepEqual(config.brackets, [['(', ')']]);
  });

  test('words keep hyphenated names, paths and URLs together', () => {
    assert.deepEqual(words('ACAP-allow-present-snippet: /news/*.htm$ time-limit=until-recrawled # x'), ['ACAP-allow-present-snippet', '/news/*.htm$', 'time-limit', 'until-recrawled', 'x']);
    assert.deepEqual(words('ACAP-allow-(my-usage): the-acap:resource-set:crawlable'), ['ACAP-allow-', 'my-usage', 'the-acap', 'resource-set', 'crawlable']);
    assert.deepEqual(words('Sitemap: https://example.com/sitemap.xml#not-a-fragment'), ['Sitemap', 'https://example.com/sitemap.xml', 'not-a-fragment']);
    assert.deepEqual(words('Clean-param: ref&sid /catalog/'), ['Clean-param', 'ref', 'sid', '/catalog/']);
  });
});
