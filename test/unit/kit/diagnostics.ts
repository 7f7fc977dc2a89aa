/**
 * Diagnostics in tests: the assertions of the diagnostics suites (test/unit/diagnostics/), in two
 * forms that say the same thing —
 *
 * - `expectAt(text, '2:15 text.invalid-utf8')`: a diagnostic with that code starts there (1-based)
 *   with the code's default severity and a message; `expectNo(text, code)`: none with that code;
 * - `expectDiagnostics(fixture)`: a fixture (./fixture.ts) whose annotation lines give the range,
 *   severity and code of every diagnostic expected for the codes they name:
 *
 *       User-agent: *
 *       Disallow: private/
 *       #         ^^^^^^^^ warning rep.path-not-absolute
 *
 * Every code either form expects is recorded, so the coverage suite can check that each code in
 * CODES has a positive test.
 */
import * as assert from 'node:assert/strict';
import { DiagnosticSeverity, type Diagnostic } from 'vscode-languageserver-types';
import { CODE_BY_NAME, doValidation, type DiagnosticData, type SeverityName, type ValidationSettings } from '../../../server/src/service';
import { doc } from '../helpers';
import { parseFixture, type Fixture } from './fixture';
import { FixtureWorkspace } from './workspace';

/** Codes some positive test expects; the coverage suite checks that every code in CODES is here. */
export const expected = new Set<string>();

export const SEVERITY_BY_NAME: Record<SeverityName, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

const NAME_BY_SEVERITY = new Map<DiagnosticSeverity | undefined, SeverityName>(Object.entries(SEVERITY_BY_NAME).map(([k, v]) => [v, k as SeverityName]));

/** Lines joined with LF. */
export function lines(...ls: string[]): string {
  return ls.join('\n');
}

export function diagnostics(text: string, settings?: ValidationSettings): Diagnostic[] {
  return doValidation(doc(text), settings);
}

/** `LINE:COL code`, 1-based. */
export function where(d: Diagnostic): string {
  return `${d.range.start.line + 1}:${d.range.start.character + 1} ${String(d.code)}`;
}

export function listing(ds: readonly Diagnostic[]): string {
  return ds.map((d) => `  ${where(d)}  ${d.message}`).join('\n') || '  (none)';
}

/**
 * Assert that `text` gets a diagnostic `LINE:COL code` (1-based) with the code's default severity,
 * and return it.
 */
export function expectAt(text: string, at: string): Diagnostic {
  const code = at.split(' ')[1];
  expected.add(code);
  const ds = diagnostics(text);
  const d = ds.find((x) => where(x) === at);
  assert.ok(d, `expected ${at} for:\n${text}\ngot:\n${listing(ds)}`);
  const fact = CODE_BY_NAME.get(code);
  assert.ok(fact, `${code} is not in CODES`);
  assert.equal(d.severity, SEVERITY_BY_NAME[fact.severity], `default severity of ${code}`);
  assert.ok(d.message.trim().length > 0, 'a message');
  return d;
}

/** Assert that `text` gets no diagnostic with `code`. */
export function expectNo(text: string, code: string): void {
  const ds = diagnostics(text);
  const bad = ds.filter((d) => d.code === code);
  assert.equal(bad.length, 0, `expected no ${code} for:\n${text}\ngot:\n${listing(ds)}`);
}

/** Apply the diagnostic's `data.replacement` to its range and return the whole fixed line. */
export function fixedLine(text: string, d: Diagnostic): string {
  const replacement = (d.data as DiagnosticData | undefined)?.replacement;
  assert.ok(replacement !== undefined, `expected data.replacement on ${where(d)} (${d.message})`);
  assert.equal(d.range.start.line, d.range.end.line, 'a one-line range');
  const line = text.split(/\r\n|\r|\n/)[d.range.start.line];
  return line.slice(0, d.range.start.character) + replacement + line.slice(d.range.end.character);
}

/** UTF-8 length of a string. */
export function utf8(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

// Common scaffolding: an ACAP record for any crawler with the line under test as its second line.
export const REC = 'ACAP-crawler: *';
export const CACHE = 'ACAP-qualified-usage: cache preserve time-limit=until-recrawled';

export interface ExpectOptions {
  readonly settings?: ValidationSettings;
  /**
   * Which diagnostics the annotations must list exactly. Default: those with a code some
   * annotation of the file names, so other findings of the text (a missing version comment...)
   * need not be spelled out. `all`: every diagnostic. A list: those codes (for a near miss,
   * where no annotation names the code).
   */
  readonly codes?: 'annotated' | 'all' | readonly string[];
}

/** `L:C-L:C severity code`, 1-based, as annotations and diagnostics are compared. */
function key(r: Diagnostic['range'], severity: SeverityName | undefined, code: string): string {
  return `${r.start.line + 1}:${r.start.character + 1}-${r.end.line + 1}:${r.end.character + 1} ${severity ?? '?'} ${code}`;
}

/**
 * Assert that each file of the fixture gets exactly the diagnostics its annotations give (for the
 * codes chosen by `options.codes`), each with a message; without severity settings, also that
 * every annotated severity is the code's default. Multi-file fixtures see each other through
 * ./workspace.ts. Returns the fixture and the diagnostics of each file, for further checks.
 */
export function expectDiagnostics(source: string, options: ExpectOptions = {}): { fixture: Fixture; diagnostics: Map<string, Diagnostic[]> } {
  const fixture = parseFixture(source, { cursor: false });
  const workspace = new FixtureWorkspace(fixture);
  const out = new Map<string, Diagnostic[]>();
  for (const file of fixture.files) {
    const ds = doValidation(workspace.doc(file.path), workspace.validation(file.path, options.settings));
    out.set(file.path, ds);
    for (const a of file.annotations) {
      expected.add(a.code);
      const fact = CODE_BY_NAME.get(a.code);
      assert.ok(fact, `${a.source}: ${a.code} is not in CODES`);
      if (!options.settings?.severities) assert.equal(a.severity, fact.severity, `${a.source}: the default severity of ${a.code} is ${fact.severity}`);
    }
    const chosen = options.codes ?? 'annotated';
    const wanted = chosen === 'all' ? undefined : new Set(chosen === 'annotated' ? file.annotations.map((a) => a.code) : chosen);
    const actual = ds.filter((d) => !wanted || wanted.has(String(d.code)));
    for (const d of actual) assert.ok(d.message.trim().length > 0, `a message for ${where(d)}`);
    const got = actual.map((d) => key(d.range, NAME_BY_SEVERITY.get(d.severity), String(d.code))).sort();
    const want = file.annotations.map((a) => key(a.range, a.severity, a.code)).sort();
    assert.deepEqual(got, want, `${file.path}:\n${file.text}\nall diagnostics:\n${listing(ds)}`);
  }
  return { fixture, diagnostics: out };
}
