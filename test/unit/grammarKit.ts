/**
 * What the robots.txt grammar tests (grammar.test.ts) and the HTML injection tests
 * (grammarHtml.test.ts) share: reading a grammar as data, tokens, and the fixture format of
 * test/fixtures/grammar/README.md (the same in test/fixtures/grammar-html/).
 */
import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

// ---------------------------------------------------------------------------------------------
// A grammar as data

export interface RawRule {
  readonly name?: string;
  readonly match?: string;
  readonly begin?: string;
  readonly end?: string;
  readonly while?: string;
  readonly include?: string;
  readonly patterns?: readonly RawRule[];
  readonly captures?: Readonly<Record<string, RawRule>>;
  readonly beginCaptures?: Readonly<Record<string, RawRule>>;
  readonly endCaptures?: Readonly<Record<string, RawRule>>;
}

export interface RawGrammar extends RawRule {
  readonly scopeName: string;
  readonly repository: Readonly<Record<string, RawRule>>;
}

/** A rule and every rule inside it (patterns and captures). */
export function* rulesIn(rule: RawRule): Generator<RawRule> {
  yield rule;
  for (const p of rule.patterns ?? []) yield* rulesIn(p);
  for (const captures of [rule.captures, rule.beginCaptures, rule.endCaptures]) {
    for (const c of Object.values(captures ?? {})) yield* rulesIn(c);
  }
}

/** Every rule of the grammar (not the grammar itself, whose `name` is its display name). */
export function* allRules(raw: RawGrammar): Generator<RawRule> {
  for (const rule of raw.patterns ?? []) yield* rulesIn(rule);
  for (const rule of Object.values(raw.repository)) yield* rulesIn(rule);
}

export function regexesOf(rule: RawRule): string[] {
  return [rule.match, rule.begin, rule.end, rule.while].filter((r): r is string => r !== undefined);
}

/** The words of the alternations such as `(?:crawl|index)` in a repository rule's regexes. */
export function listedWords(raw: RawGrammar, ruleKey: string): Set<string> {
  const rule = raw.repository[ruleKey];
  assert.ok(rule, `no repository rule ${ruleKey}`);
  const words = new Set<string>();
  for (const r of rulesIn(rule)) {
    for (const regex of regexesOf(r)) {
      for (const m of regex.matchAll(/\((?:\?i?:)?([a-z][a-z_-]*(?:\|[a-z][a-z_-]*)+)\)/g)) {
        for (const w of m[1].split('|')) words.add(w);
      }
    }
  }
  return words;
}

// ---------------------------------------------------------------------------------------------
// Tokens

/** A token: its text and its scopes below the root, innermost last. */
export interface Token {
  readonly text: string;
  readonly scopes: readonly string[];
}

export interface TokenizedLine {
  readonly text: string;
  readonly tokens: readonly Token[];
}

/** A line and its tokens, one per line, for assertion messages. */
export function show(line: TokenizedLine): string {
  return [JSON.stringify(line.text), ...line.tokens.map((t) => `  ${JSON.stringify(t.text)} ${t.scopes.join(' ')}`)].join('\n');
}

/** The first token of `line` with exactly this text. */
export function token(line: TokenizedLine, text: string): Token {
  const found = line.tokens.find((t) => t.text === text);
  assert.ok(found, `no token ${JSON.stringify(text)}\n${show(line)}`);
  return found;
}

/** The innermost scope of the first token of `line` with exactly this text. */
export function innermost(line: TokenizedLine, text: string): string {
  const t = token(line, text);
  return t.scopes[t.scopes.length - 1] ?? '';
}

// ---------------------------------------------------------------------------------------------
// Fixtures

export type Expectation =
  | { readonly kind: 'suffix' | 'exact'; readonly token: string; readonly scopes: readonly string[]; readonly at: number }
  | { readonly kind: 'absent'; readonly scope: string; readonly at: number };

export interface FixtureLine {
  readonly text: string;
  /** 1-based line number in the fixture file. */
  readonly at: number;
  readonly expectations: Expectation[];
}

/** The fixtures of a folder: its files ending in `ext`, by name, each parsed into lines and their expectations. */
export function loadFixtures(dir: string, ext: string, language: string): ReadonlyMap<string, FixtureLine[]> {
  const readme = path.relative(path.resolve(__dirname, '../..'), path.join(dir, 'README.md'));
  const files = readdirSync(dir).filter((f) => f.endsWith(ext)).sort();
  return new Map(files.map((f) => [f, parseFixture(f, readFileSync(path.join(dir, f), 'utf8'), language, readme)]));
}

function parseFixture(file: string, content: string, language: string, readme: string): FixtureLine[] {
  const out: FixtureLine[] = [];
  const lines = content.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  lines.forEach((text, i) => {
    const at = i + 1;
    if (!text.startsWith('>>')) {
      out.push({ text, at, expectations: [] });
      return;
    }
    const owner = out[out.length - 1];
    assert.ok(owner, `${file}:${at}: an expectation needs ${language} line above it`);
    const absent = /^>>! (\S+)$/.exec(text);
    const token = /^>>(=?) `(.*)`(?: (\S.*))?$/.exec(text);
    if (absent) {
      owner.expectations.push({ kind: 'absent', scope: absent[1], at });
    } else if (token && (token[1] === '=' || token[3] !== undefined)) {
      owner.expectations.push({ kind: token[1] === '=' ? 'exact' : 'suffix', token: token[2], scopes: token[3]?.split(' ') ?? [], at });
    } else {
      assert.fail(`${file}:${at}: not an expectation (see ${readme}): ${text}`);
    }
  });
  return out;
}

/** Check a line's tokens against its expectations; throws with the whole line's tokens shown. */
export function checkExpectations(file: string, line: TokenizedLine, expectations: readonly Expectation[]): void {
  let from = 0;
  for (const e of expectations) {
    const where = `${file}:${e.at}`;
    if (e.kind === 'absent') {
      const bad = line.tokens.find((t) => t.scopes.includes(e.scope));
      assert.equal(bad, undefined, `${where}: no token should have ${e.scope}\n${show(line)}`);
      continue;
    }
    const index = line.tokens.findIndex((t, i) => i >= from && t.text === e.token);
    assert.ok(index >= 0, `${where}: no token ${JSON.stringify(e.token)} (after token ${from})\n${show(line)}`);
    const actual = line.tokens[index].scopes;
    const compared = e.kind === 'exact' ? actual : actual.slice(Math.max(0, actual.length - e.scopes.length));
    assert.deepEqual(compared, e.scopes, `${where}: scopes of ${JSON.stringify(e.token)}\n${show(line)}`);
    from = index + 1;
  }
}
