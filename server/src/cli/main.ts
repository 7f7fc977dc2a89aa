/**
 * robots-acap: the language service on the command line, for CI.
 *
 *   robots-acap check FILE... [--format text|json] [--set CODE=LEVEL]... [--max-problems N]
 *
 * Exit status: 0 when no error was found, 1 when any file has an error, 2 on a usage error or an
 * unreadable file (with a message, never a stack trace).
 */
import { readFileSync } from 'node:fs';
import { CODE_BY_NAME, doValidation, parseDocument, type SeveritySetting } from '../service/languageService';
import { SERVER_VERSION } from '../version';
import { decodeUtf8, type InvalidBytes } from './decode';

export interface CliIO {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly readFile: (path: string) => Uint8Array;
}

const defaultIO: CliIO = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  readFile: (p) => readFileSync(p),
};

const USAGE = `Usage:
  robots-acap check FILE... [--format text|json] [--set CODE=LEVEL]... [--max-problems N]

Commands:
  check     Report problems in robots.txt files, one per line as
            FILE:LINE:COL: SEVERITY CODE MESSAGE (1-based), or as JSON with --format json.

Options:
  --format text|json   Output format (default text). JSON is an array of
                       {file, range, severity, code, message} with 0-based LSP ranges.
  --set CODE=LEVEL     Change the severity of one diagnostic code: off, hint,
                       information, warning or error. May be repeated.
  --max-problems N     Report at most N problems per file (default 1000).
  --help, --version

Exit status: 0 no errors, 1 errors found, 2 usage error or unreadable file.
`;

class UsageError extends Error {}

interface CheckOptions {
  files: string[];
  format: 'text' | 'json';
  severities: Record<string, SeveritySetting>;
  maxProblems: number | undefined;
}

function parseCheckArgs(args: readonly string[]): CheckOptions {
  const opts: CheckOptions = { files: [], format: 'text', severities: {}, maxProblems: undefined };
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const takeValue = (): string => {
      const eq = a.indexOf('=');
      if (a.startsWith('--') && eq > 0) return a.slice(eq + 1);
      const v = args[++i];
      if (v === undefined) throw new UsageError(`${a} needs a value`);
      return v;
    };
    const flag = a.startsWith('--') ? a.split('=')[0] : a;
    switch (flag) {
      case '--format': {
        const v = takeValue();
        if (v !== 'text' && v !== 'json') throw new UsageError(`--format must be text or json, not ‘${v}’`);
        opts.format = v;
        break;
      }
      case '--set': {
        const v = takeValue();
        const m = /^([^=]+)=(off|hint|information|warning|error)$/.exec(v);
        if (!m) throw new UsageError(`--set takes CODE=LEVEL with LEVEL one of off, hint, information, warning, error; got ‘${v}’`);
        if (!CODE_BY_NAME.has(m[1])) throw new UsageError(`unknown diagnostic code ‘${m[1]}’`);
        opts.severities[m[1]] = m[2] as SeveritySetting;
        break;
      }
      case '--max-problems': {
        const v = Number(takeValue());
        if (!Number.isInteger(v) || v < 1) throw new UsageError('--max-problems takes a whole number of at least 1');
        opts.maxProblems = v;
        break;
      }
      default:
        if (a.startsWith('-') && a !== '-') throw new UsageError(`unknown option ${a}`);
        opts.files.push(a);
    }
  }
  if (opts.files.length === 0) throw new UsageError('check needs at least one FILE');
  return opts;
}

const SEVERITY_WORD = ['', 'error', 'warning', 'information', 'hint'] as const;

interface Problem {
  file: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  severity: string;
  code: string;
  message: string;
}

/** Say which bytes were invalid in the message of each invalid-UTF-8 diagnostic. */
function byteDetail(text: string, invalid: readonly InvalidBytes[]): Map<string, InvalidBytes> {
  const byPosition = new Map<string, InvalidBytes>();
  if (invalid.length === 0) return byPosition;
  let line = 0;
  let lineStart = 0;
  let k = 0;
  for (let i = 0; i < text.length && k < invalid.length; i++) {
    if (i === invalid[k].offset) {
      byPosition.set(`${line}:${i - lineStart}`, invalid[k]);
      k++;
    }
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return byPosition;
}

function check(opts: CheckOptions, io: CliIO): number {
  const problems: Problem[] = [];
  let errors = 0;
  for (const file of opts.files) {
    let bytes: Uint8Array;
    try {
      bytes = io.readFile(file);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : (err as Error).message;
      io.err(`robots-acap: cannot read ${file}: ${why}\n`);
      return 2;
    }
    const decoded = decodeUtf8(bytes);
    const doc = parseDocument(file, 0, decoded.text);
    const detail = byteDetail(decoded.text, decoded.invalid);
    for (const d of doValidation(doc, { severities: opts.severities, maxProblems: opts.maxProblems })) {
      let message = d.message;
      if (d.code === 'text.invalid-utf8') {
        const inv = detail.get(`${d.range.start.line}:${d.range.start.character}`);
        if (inv) {
          const hex = inv.bytes.map((b) => '0x' + b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
          message = `Byte${inv.bytes.length > 1 ? 's' : ''} ${hex} at byte offset ${inv.byteOffset} ${inv.bytes.length > 1 ? 'are' : 'is'} not valid UTF-8 (shown as U+FFFD). RFC 9309 §2.3 expects UTF-8; crawlers may misread this line. Re-save the file as UTF-8.`;
        }
      }
      const severity = SEVERITY_WORD[d.severity ?? 2];
      if (severity === 'error') errors++;
      problems.push({ file, range: d.range, severity, code: String(d.code), message });
    }
  }
  if (opts.format === 'json') {
    io.out(JSON.stringify(problems, null, 2) + '\n');
  } else {
    for (const p of problems) {
      io.out(`${p.file}:${p.range.start.line + 1}:${p.range.start.character + 1}: ${p.severity} ${p.code} ${p.message}\n`);
    }
    const count = (s: string): number => problems.filter((p) => p.severity === s).length;
    io.err(`${opts.files.length} file${opts.files.length === 1 ? '' : 's'} checked: ${count('error')} errors, ${count('warning')} warnings, ${count('information')} notes, ${count('hint')} hints\n`);
  }
  return errors > 0 ? 1 : 0;
}

export function main(argv: readonly string[], io: CliIO = defaultIO): number {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case 'check':
        return check(parseCheckArgs(rest), io);
      case '--version':
        io.out(`${SERVER_VERSION}\n`);
        return 0;
      case undefined:
      case '--help':
      case '-h':
      case 'help':
        io.out(USAGE);
        return command === undefined ? 2 : 0;
      default:
        throw new UsageError(`unknown command ‘${command}’`);
    }
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(`robots-acap: ${err.message}\n\n${USAGE}`);
      return 2;
    }
    io.err(`robots-acap: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
}
