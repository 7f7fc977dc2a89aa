/**
 * robots-acap convert FILE --to acap|rep [--reading crawl|index] [--ignore-conventional] [--version] [--write]
 *
 * Converts conventional records to ACAP records (kept beside them, Part 1 §2.9) or adds the
 * conventional equivalent of the ACAP records' crawl permissions. The new file goes to stdout, or
 * back into FILE with --write; warnings and the check of every crawl verdict go to stderr
 * (interpretation §5: a conversion says which verdicts it cannot keep).
 *
 * Exit status: 0 every verdict checked is kept, 1 some changed (they are listed), 2 usage error or
 * unreadable file.
 */
import { writeFileSync } from 'node:fs';
import { convertToAcap, convertToRep, type ConversionResult } from '../service';
import { FileError, parseOptions, readText, UsageError, type CliIO } from './io';
import { parseDocument } from '../service';

/** Writes FILE back; injectable for tests. */
export type WriteFile = (file: string, text: string) => void;

const MAX_LISTED = 20;

function summary(r: ConversionResult): string {
  const v = r.verification;
  const changed = v.broken.length;
  const out = [`${v.checked} verdicts checked, ${v.kept} kept, ${changed} changed${changed ? ':' : ''}`];
  for (const b of v.broken.slice(0, MAX_LISTED)) {
    const reading = b.mode === 'acap' ? 'ACAP crawler' : b.mode === 'acap-ignoring-conventional' ? 'ACAP crawler ignoring conventional records' : 'conventional crawler';
    out.push(`  ${b.agent} ${b.path}: ${b.before ? 'allowed' : 'prohibited'} before, ${b.after ? 'allowed' : 'prohibited'} after (${reading}; ${b.kind}: ${b.why})`);
  }
  if (changed > MAX_LISTED) out.push(`  … and ${changed - MAX_LISTED} more`);
  return out.join('\n') + '\n';
}

export function runConvert(args: readonly string[], io: CliIO, writeFile: WriteFile = (file, text) => writeFileSync(file, text)): number {
  const { options, positional } = parseOptions(args, { to: 'value', reading: 'value', 'ignore-conventional': 'flag', version: 'flag', write: 'flag' });
  if (positional.length !== 1) throw new UsageError('convert needs exactly one robots.txt file');
  const to = options.get('to')?.[0];
  if (to !== 'acap' && to !== 'rep') throw new UsageError(to === undefined ? 'convert needs --to acap or --to rep' : `--to must be acap or rep, not ‘${to}’`);
  const reading = options.get('reading')?.[0] ?? 'crawl';
  if (reading !== 'crawl' && reading !== 'index') throw new UsageError(`--reading must be crawl or index, not ‘${reading}’`);
  if (to === 'rep') {
    for (const name of ['reading', 'ignore-conventional', 'version']) if (options.has(name)) throw new UsageError(`--${name} only goes with --to acap`);
  }
  const file = positional[0];
  const decoded = readText(io, file);
  const write = options.has('write');
  if (write && decoded.invalid.length) {
    throw new FileError(`${file} has bytes that are not UTF-8 (the first at byte ${decoded.invalid[0].byteOffset}); writing it back would replace them. Fix them first (robots-acap check ${file} shows where).`);
  }
  const doc = parseDocument(file, 0, decoded.text);
  const result = to === 'acap'
    ? convertToAcap(doc, { reading, ignoreConventional: options.has('ignore-conventional'), addVersion: options.has('version') })
    : convertToRep(doc);
  for (const w of result.warnings) io.err(`warning: ${w}\n`);
  if (write) {
    try {
      writeFile(file, result.text);
    } catch (err) {
      throw new FileError(`cannot write ${file}: ${(err as Error).message}`);
    }
    io.err(`wrote ${file}\n`);
  } else {
    io.out(result.text);
  }
  io.err(summary(result));
  return result.verification.broken.length ? 1 : 0;
}
