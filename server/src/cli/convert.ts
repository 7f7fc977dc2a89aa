/**
 * robots-acap convert FILE --to acap|rep [--reading crawl|index] [--ignore-conventional] [--version] [--write] [--force]
 *
 * Converts conventional records to ACAP records (kept beside them, Part 1 §2.9) or adds the
 * conventional equivalent of the ACAP records' crawl permissions. The new file goes to stdout, or
 * back into FILE with --write (safeWrite.ts: a temporary file renamed over it); warnings and the
 * check of every crawl verdict go to stderr (interpretation §5: a conversion says which verdicts
 * it cannot keep).
 *
 * A conversion that would change a crawl verdict is not done: the changes are listed, nothing is
 * printed or written, and the exit status is 1, unless --force. Verdicts that differ only because
 * ACAP ignores letter case (Part 1 §2.8) are a property of the format, not of this conversion:
 * they are reported and do not stop it (interpretation §5). A file already converted converts to
 * itself ("nothing to convert"), so running it twice adds nothing. To REP, groups that would not
 * leave fewer (crawler, path) pairs with verdicts differing between the two readings than the
 * file's own groups are not written either (convertToRep's `withheld`): the file's differing
 * verdicts are listed and the exit status is 1, and --force does not apply (there is no better
 * text to write). Nor are groups whose gain the check cannot tell, on a file with more (crawler,
 * path) pairs than it reads (convertToRep's `tooLarge`): exit status 1, and never "nothing to
 * convert".
 *
 * Exit status: 0 converted (with --force, even if verdicts change) or nothing to convert, 1 a
 * verdict would change (not converted) or, to REP, verdicts differ that no conversion reduces or
 * the file is too large to verify, 2 usage error, unreadable file or refused write.
 */
import { convertToAcap, convertToRep, type BrokenVerdict, type ConversionResult } from '../service';
import { FileError, parseOptions, parseRobots, readText, UsageError, type CliIO } from './io';
import { safeWriteFile, writableTarget, WriteRefused } from './safeWrite';
import { escapeName } from './formats';

/** Writes FILE back; injectable for tests. */
export type WriteFile = (file: string, text: string) => void;

const MAX_LISTED = 20;

function verdictLine(b: BrokenVerdict, asItIs: boolean): string {
  const reading = b.mode === 'acap' ? 'ACAP crawler' : b.mode === 'acap-ignoring-conventional' ? 'ACAP crawler ignoring conventional records' : 'conventional crawler';
  const was = b.before ? 'allowed' : 'prohibited';
  const is = b.after ? 'allowed' : 'prohibited';
  return asItIs
    ? `  ${b.agent} ${b.path}: ${was} by the ACAP records, ${is} for conventional crawlers (${b.kind}: ${b.why})`
    : `  ${b.agent} ${b.path}: ${was} before, ${is} after (${reading}; ${b.kind}: ${b.why})`;
}

function summary(r: ConversionResult): string {
  const v = r.verification;
  // A conversion withheld or too large to verify reports the file as it is: its two readings, not a before and an after.
  const asItIs = r.withheld !== undefined || r.tooLarge !== undefined;
  const lossy = v.broken.filter((b) => b.kind !== 'case');
  const cased = v.broken.filter((b) => b.kind === 'case');
  const out = [asItIs
    ? `${v.checked} verdicts checked in the file as it is, ${v.kept} alike in both readings, ${lossy.length} differ${cased.length ? `, ${cased.length} only in letter case` : ''}${v.broken.length ? ':' : ''}`
    : `${v.checked} verdicts checked, ${v.kept} kept, ${lossy.length} changed${cased.length ? `, ${cased.length} differ only in letter case` : ''}${v.broken.length ? ':' : ''}`];
  const listed = [...lossy, ...cased];
  for (const b of listed.slice(0, MAX_LISTED)) out.push(verdictLine(b, asItIs));
  if (listed.length > MAX_LISTED) out.push(`  … and ${listed.length - MAX_LISTED} more`);
  if (cased.length) out.push('  (ACAP matches paths case-insensitively, conventional crawlers do not (Part 1 §2.8): no conversion can keep these)');
  return out.join('\n') + '\n';
}

export function runConvert(args: readonly string[], io: CliIO, writeFile: WriteFile = safeWriteFile): number {
  const { options, positional } = parseOptions(args, { to: 'value', reading: 'value', 'ignore-conventional': 'flag', version: 'flag', write: 'flag', force: 'flag' });
  if (positional.length !== 1) throw new UsageError('convert needs exactly one robots.txt file');
  const to = options.get('to')?.[0];
  if (to !== 'acap' && to !== 'rep') throw new UsageError(to === undefined ? 'convert needs --to acap or --to rep' : `--to must be acap or rep, not ‘${to}’`);
  const reading = options.get('reading')?.[0] ?? 'crawl';
  if (reading !== 'crawl' && reading !== 'index') throw new UsageError(`--reading must be crawl or index, not ‘${reading}’`);
  if (to === 'rep') {
    for (const name of ['reading', 'ignore-conventional', 'version']) if (options.has(name)) throw new UsageError(`--${name} only goes with --to acap`);
  }
  const file = positional[0];
  const write = options.has('write');
  if (write && file === '-') throw new UsageError('--write needs a file, not - (standard input)');
  const name = escapeName(file);
  if (write && writeFile === safeWriteFile) {
    // Refuse a write through a symlink out of the folder before converting anything.
    try {
      writableTarget(file);
    } catch (err) {
      if (err instanceof WriteRefused) throw new FileError(err.message);
      throw err;
    }
  }
  const decoded = readText(io, file);
  const doc = parseRobots(file, file, decoded.text);
  if (write && decoded.invalid.length) {
    throw new FileError(`${name} has bytes that are not UTF-8 (the first at byte ${decoded.invalid[0].byteOffset}); writing it back would replace them. Fix them first (robots-acap check ${name} shows where).`);
  }
  const result = to === 'acap'
    ? convertToAcap(doc, { reading, ignoreConventional: options.has('ignore-conventional'), addVersion: options.has('version') })
    : convertToRep(doc);
  for (const w of result.warnings) io.err(`warning: ${w}\n`);
  io.err(summary(result));
  if (result.tooLarge) {
    const t = result.tooLarge;
    io.err(`robots-acap: not converted: too large to verify (${t.pairs} of at least ${t.of} (crawler, path) pairs read, and on those the groups a conversion would add would leave ${t.wouldDiffer} differing, against ${t.differing} with the file's own groups); --force does not apply\n`);
    return 1;
  }
  if (result.withheld) {
    const w = result.withheld;
    io.err(`robots-acap: not converted: ${w.differing} of ${w.pairs} (crawler, path) pairs checked get different crawl verdicts from conventional and ACAP crawlers (listed above), and the groups a conversion would add would leave ${w.wouldDiffer}; --force does not apply\n`);
    return 1;
  }
  if (result.edits.length === 0) {
    // Nothing to add: the file is its own conversion (stdout gets it unchanged, as a pipeline expects).
    io.err(`nothing to convert: ${name} is left as it is\n`);
    if (!write) io.out(result.text);
    return 0;
  }
  const lossy = result.verification.broken.filter((b) => b.kind !== 'case').length;
  if (lossy && !options.has('force')) {
    io.err(`robots-acap: not converted: ${lossy} crawl verdict${lossy === 1 ? '' : 's'} would change (listed above); --force converts all the same\n`);
    return 1;
  }
  if (write) {
    try {
      writeFile(file, result.text);
    } catch (err) {
      if (err instanceof WriteRefused) throw new FileError(err.message);
      throw new FileError(`cannot write ${name}: ${(err as Error).message}; the file is unchanged`);
    }
    io.err(`wrote ${name}${lossy ? ` (--force: ${lossy} verdict${lossy === 1 ? '' : 's'} changed)` : ''}\n`);
  } else {
    io.out(result.text);
    if (lossy) io.err(`converted with --force: ${lossy} verdict${lossy === 1 ? '' : 's'} changed\n`);
  }
  return 0;
}
