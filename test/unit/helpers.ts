/** Shared test helpers: documents from text, `|` cursors, and diagnostics as compact strings. */
import * as assert from 'node:assert/strict';
import { doValidation, parseDocument, type RobotsDocument, type ValidationSettings } from '../../server/src/service';
import { PatternIndex } from '../../server/src/service/engine/patternIndex';

export function doc(text: string, uri = 'file:///site/robots.txt'): RobotsDocument {
  return parseDocument(uri, 1, text);
}

/** Diagnostics as `LINE:COL code` strings (1-based), in order. */
export function problems(text: string, settings?: ValidationSettings): string[] {
  return doValidation(doc(text), settings).map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${String(d.code)}`);
}

/** Just the codes reported, in order. */
export function codes(text: string, settings?: ValidationSettings): string[] {
  return doValidation(doc(text), settings).map((d) => String(d.code));
}

/** Assert that exactly `expected` codes are reported for `text` (order-insensitive). */
export function assertCodes(text: string, expected: readonly string[], settings?: ValidationSettings): void {
  assert.deepEqual([...codes(text, settings)].sort(), [...expected].sort(), `for:\n${text}`);
}

/** Split `a|b` into the text without the bar and the bar's offset. */
export function cursor(textWithBar: string): { text: string; offset: number } {
  const offset = textWithBar.indexOf('|');
  assert.ok(offset >= 0, 'fixture needs a | cursor');
  return { text: textWithBar.slice(0, offset) + textWithBar.slice(offset + 1), offset };
}

/** One `positionAt` / `offsetAt` for every test: see ./kit/positions.ts. */
export { offsetAt, positionAt } from './kit/positions';

/** Calls of PatternIndex.add (every index entry filed, built or patched) while `f` runs. */
export function indexAdds(f: () => void): number {
  const proto = PatternIndex.prototype as unknown as { add: (...args: unknown[]) => void };
  const original = proto.add;
  let calls = 0;
  proto.add = function counted(this: unknown, ...args: unknown[]): void {
    calls++;
    original.apply(this, args);
  };
  try {
    f();
  } finally {
    proto.add = original;
  }
  return calls;
}
