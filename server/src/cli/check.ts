/**
 * robots-acap check FILE|FOLDER... — problems in robots.txt files and HTML pages, as
 * `file:line:col: severity code message` lines (1-based), JSON with LSP ranges, SARIF or GitHub
 * annotations (formats.ts). Exit 1 when any error, or more than --max-warnings warnings, is found.
 */
import * as path from 'node:path';
import { CODE_BY_NAME, doRslValidation, doTdmrepValidation, doValidation, isRslText, isTdmrepFile, type RobotsDocument, type SeveritySetting } from '../service';
import { pageNotices, parseHtml, validateHtml } from '../service';
import type { InvalidBytes } from './decode';
import { FileError, nearestRobots, parseOptions, profileOption, readText, parseRobots, relativeNames, uriOfFile, UsageError, workspaceOf, type CliIO } from './io';
import { escapeName, FORMATS, formatProblems, type Format, type Problem } from './formats';
import { filesBelow, isFolder } from './walk';

const LEVELS = ['off', 'hint', 'information', 'warning', 'error'];
const SEVERITY_WORD = ['', 'error', 'warning', 'information', 'hint'] as const;

/** Position (`line:character`) of each U+FFFD that stands for invalid bytes. */
function invalidByPosition(text: string, invalid: readonly InvalidBytes[]): Map<string, InvalidBytes> {
  const out = new Map<string, InvalidBytes>();
  let line = 0;
  let lineStart = 0;
  let k = 0;
  for (let i = 0; i < text.length && k < invalid.length; i++) {
    if (i === invalid[k].offset) {
      out.set(`${line}:${i - lineStart}`, invalid[k]);
      k++;
    }
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return out;
}

function wholeNumber(value: string | undefined, name: string, least: number): number | undefined {
  if (value === undefined) return undefined;
  const n = /^\d+$/.test(value) ? Number(value) : NaN;
  if (!Number.isSafeInteger(n) || n < least) throw new UsageError(`${name} takes a whole number of at least ${least}, not ‘${value}’`);
  return n;
}

export function runCheck(args: readonly string[], io: CliIO): number {
  const { options, positional } = parseOptions(args, { format: 'value', set: 'list', 'max-problems': 'value', 'max-warnings': 'value', profile: 'value' });
  const format = (options.get('format')?.[0] ?? 'text') as Format;
  if (!FORMATS.includes(format)) throw new UsageError(`--format must be ${FORMATS.join(', ')}, not ‘${format}’`);
  const maxWarnings = wholeNumber(options.get('max-warnings')?.[0], '--max-warnings', 0);
  const severities: Record<string, SeveritySetting> = {};
  for (const v of options.get('set') ?? []) {
    const m = /^([^=]+)=(.*)$/.exec(v);
    if (!m || !LEVELS.includes(m[2])) throw new UsageError(`--set takes CODE=LEVEL with LEVEL one of ${LEVELS.join(', ')}; got ‘${v}’`);
    if (!CODE_BY_NAME.has(m[1])) throw new UsageError(`unknown diagnostic code ‘${m[1]}’`);
    severities[m[1]] = m[2] as SeveritySetting;
  }
  const maxProblems = wholeNumber(options.get('max-problems')?.[0], '--max-problems', 1);
  // How a page's robots.txt is read for its never-read notices (the editor's robotsAcap.profile).
  const profile = profileOption(options.get('profile')?.[0]);
  if (positional.length === 0) throw new UsageError('check needs at least one FILE or FOLDER');
  // A folder stands for the robots.txt, *.robots.txt and HTML files below it (walk.ts).
  let empty = 0;
  const files = positional.flatMap((f) => {
    if (!isFolder(f)) return [f];
    const below = filesBelow(f);
    if (below.length === 0) {
      io.err(`robots-acap: no robots.txt, *.robots.txt or HTML file in ${escapeName(f)}\n`);
      empty++;
    }
    return below;
  });

  // The files around those checked (references, the files that refer to them, a page's site) come
  // from the same workspace as in the server.
  const workspace = workspaceOf(io);
  const problems: Problem[] = [];
  let unreadable = 0;
  for (const file of files) {
    const kind = /\.x?html?$/i.test(file) ? 'html' : isTdmrepFile(uriOfFile(file)) ? 'tdmrep' : /\.xml$/i.test(file) ? 'xml' : 'robots';
    let decoded;
    // A robots.txt is parsed as it is read: a file past the line limit is refused there.
    let robots: RobotsDocument | undefined;
    try {
      decoded = readText(io, file);
      if (kind === 'robots') robots = parseRobots(file, uriOfFile(file), decoded.text);
    } catch (err) {
      // Report the other files all the same; the exit status says that one could not be read.
      if (!(err instanceof FileError)) throw err;
      io.err(`robots-acap: ${err.message}\n`);
      unreadable++;
      continue;
    }
    const invalid = invalidByPosition(decoded.text, decoded.invalid);
    let diagnostics;
    if (kind === 'html') {
      // An HTML page: its META tags and ACAP class values (Part 2), with the site's robots.txt.
      const page = parseHtml(file, decoded.text);
      const site = nearestRobots(io, path.resolve(file));
      diagnostics = [...validateHtml(page, { severities, maxProblems }), ...pageNotices(page, site?.robots, site?.path ?? '/', { severities, ...(profile ? { profile } : {}) }, { workspace })];
    } else if (kind === 'tdmrep') {
      // A TDMRep property file (`/.well-known/tdmrep.json`), checked as the editor checks it.
      diagnostics = doTdmrepValidation(decoded.text, { severities, maxProblems });
    } else if (kind === 'xml') {
      // XML is checked only when it is an RSL licence; any other XML has nothing to say here.
      diagnostics = isRslText(decoded.text) ? doRslValidation(decoded.text, { severities, maxProblems }) : [];
    } else {
      diagnostics = doValidation(robots!, { severities, maxProblems, workspace });
    }
    for (const d of diagnostics) {
      let message = d.message;
      const inv = d.code === 'text.invalid-utf8' ? invalid.get(`${d.range.start.line}:${d.range.start.character}`) : undefined;
      if (inv) {
        const hex = inv.bytes.map((b) => '0x' + b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
        const many = inv.bytes.length > 1;
        message = `Byte${many ? 's' : ''} ${hex} at byte offset ${inv.byteOffset} ${many ? 'are' : 'is'} not valid UTF-8 (shown as U+FFFD). RFC 9309 §2.3 expects UTF-8; crawlers may misread this line. Re-save the file as UTF-8.`;
      }
      problems.push({ file, range: d.range, severity: SEVERITY_WORD[d.severity ?? 2], code: String(d.code), message: relativeNames(message, file) });
    }
  }
  io.out(formatProblems(problems, format));
  const count = (s: string): number => problems.filter((p) => p.severity === s).length;
  if (format === 'text' || format === 'github') {
    const checked = files.length - unreadable;
    if (checked > 0) io.err(`${plural(checked, 'file')} checked: ${plural(count('error'), 'error')}, ${plural(count('warning'), 'warning')}, ${plural(count('information'), 'note')}, ${plural(count('hint'), 'hint')}\n`);
  }
  if (unreadable > 0 || empty > 0) return 2;
  if (maxWarnings !== undefined && count('warning') > maxWarnings) {
    io.err(`robots-acap: ${plural(count('warning'), 'warning')}, more than --max-warnings ${maxWarnings}\n`);
    return 1;
  }
  return problems.some((p) => p.severity === 'error') ? 1 : 0;
}

/** `1 warning`, `0 warnings`, `2 warnings`. */
function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
