/**
 * robots-acap: the language service on the command line, for CI.
 *
 * Exit status: 0 success, 1 a finding (check: an error, or more warnings than --max-warnings;
 * explain: a prohibition; convert: a verdict would change), 2 a usage error or an unreadable
 * file (one line on stderr, never a stack trace), 141 (128 + SIGPIPE) when the reader of the
 * output went away (`| head`), as programs killed by SIGPIPE report it (bin.ts).
 */
import { SERVER_VERSION } from '../version';
import { runCheck } from './check';
import { runExplain } from './explain';
import { runTable } from './table';
import { runConvert } from './convert';
import { runDiff } from './diff';
import { defaultIO, FileError, UsageError, type CliIO } from './io';
import { wantsHelp } from './args';
import { escapeControls } from './formats';

export type { CliIO } from './io';

/** 128 + SIGPIPE (13): the status a shell reports for a writer whose pipe closed. */
export const EXIT_BROKEN_PIPE = 141;

const EXIT_STATUS = `Exit status: 0 success, 1 a finding (see the command's help), 2 usage error or unreadable file.`;

export const COMMAND_HELP: Readonly<Record<string, string>> = {
  check: `Usage: robots-acap check FILE|FOLDER... [--format text|json|sarif|github] [--set CODE=LEVEL]...
                         [--max-problems N] [--max-warnings N] [--profile rfc9309|google|koster1996]

Report problems in robots.txt files and HTML pages (their robots META tags and ACAP class
values, with the site's robots.txt). A FOLDER stands for every robots.txt, *.robots.txt, *.html
and *.htm below it (hidden folders, node_modules and symlinks skipped). - reads standard input.

  --format text    FILE:LINE:COL: SEVERITY CODE MESSAGE, 1-based (default); a file name with a
                   control character (a newline...) is written as a JSON string, "a\\nb.txt"
  --format json    [{file, range, severity, code, message}] with 0-based LSP ranges
  --format sarif   SARIF 2.1.0, for GitHub code scanning (upload-sarif)
  --format github  GitHub Actions annotations: ::error|warning|notice file=…,line=…,endLine=…,
                   col=…,endColumn=…,title=CODE::MESSAGE
  --set CODE=LEVEL change a severity (off, hint, information, warning, error)
  --max-problems N report at most N problems per file (default 1000)
  --max-warnings N exit 1 when more than N warnings are found (0: no warning allowed)
  --profile P      how a page's robots.txt is read for its never-read notices (default rfc9309)

Exit status: 0 no error (and at most --max-warnings warnings), 1 an error or too many warnings,
2 usage error, unreadable or binary file.
`,
  explain: `Usage: robots-acap explain ROBOTS.TXT --agent NAME --path PATH_OR_URL [--usage USAGE] [--purpose P]
                           [--profile rfc9309|google|koster1996] [--reading acap|conventional] [--format text|json]
       robots-acap explain ROBOTS.TXT --queries FILE.json [--format text|json]
       robots-acap explain ROBOTS.TXT --html PAGE.html --agent NAME [--path PATH] [--usage USAGE] [--format text|json]
       robots-acap explain ROBOTS.TXT --agent NAME --path PATH_OR_URL --usage ai-train|ai-input|search [--profile P]

Say whether a crawler may use a path for a usage (default crawl), with the qualifiers that travel
with a permission and the lines that decide. JSON has {allowed, qualifiers, decidedBy: [{line,
text}], ...the trace}. --queries takes a JSON array of {agent, path, usage?, purpose?, profile?,
reading?} and answers each in order. --html PAGE.html combines robots.txt with the page's META
tags; --path defaults to the page's place on the site. --usage ai-train, ai-input or search
answers from every AI-use signal (Content-Usage, Content-Signal, Google-Extended and
Applebot-Extended, ACAP), with the signals that spoke and any contradictions.

Exit status: 0 allowed (every query allowed; for an AI use, also when no signal speaks on it),
1 prohibited (some query prohibited), 2 usage error or unreadable file.
`,
  table: `Usage: robots-acap table ROBOTS.TXT [--path PATH]... [--agent NAME]... [--profile NAME] [--format text|json]

For each --path (default /), who may do what: the crawlers the file names and each --agent
(default: major search and AI crawlers) × usages, with the deciding line of each cell.
--format json: {file, matrices: [{path, reading, profile, usages, rows: [{crawlers,
profilesDisagree, cells: {USAGE: {allowed, line, qualifiers, needsCrawl}}}]}]}; the last row is
* (any other crawler).

Exit status: 0 success, 2 usage error or unreadable file.
`,
  diff: `Usage: robots-acap diff OLD NEW [--agent NAME]... [--profile NAME] [--format text|json]

Every crawl and AI-use (ai-train, ai-input, search) verdict that flips between two versions of a
robots.txt, for the crawlers either file names, the main crawlers (or each --agent) and *, on
probe paths taken from both files' patterns, with the lines responsible.

Exit status: 0 nothing flips, 1 some verdict flips, 2 usage error or unreadable file.
`,
  convert: `Usage: robots-acap convert FILE --to acap|rep [--reading crawl|index] [--ignore-conventional] [--version]
                           [--write] [--force]

Convert conventional records to ACAP (--to acap: kept for crawlers that do not read ACAP, with
ACAP records after them) or add the conventional equivalent of the ACAP crawl rules (--to rep).
Prints the new file, or with --write replaces FILE (through a temporary file renamed over it,
keeping its mode, line endings and byte-order mark; never through a symlink leading out of its
folder). Every crawl verdict is checked before and after, on stderr. A conversion that would
change a verdict is not done unless --force; differences that only letter case makes (ACAP
ignores case, Part 1 §2.8) are listed but do not stop it. A file already converted is left as it
is ("nothing to convert"); to REP, a file with more crawler-path pairs than the check reads is
not converted where it cannot tell whether the groups gain ("too large to verify").

Exit status: 0 converted or nothing to convert, 1 a verdict would change or too large to verify
(nothing printed or written), 2 usage error, unreadable file or refused write.
`,
};

const USAGE = `Usage: robots-acap COMMAND [OPTIONS] [--] FILE...

Commands:
  check     Report problems in robots.txt files, folders and HTML pages
  explain   Say whether a crawler may use a path, and which line decides
  table     Who may do what, for each path: crawlers × usages
  convert   Convert conventional records to ACAP records or back
  diff      Which crawl and AI-use verdicts flip between two versions of a file

robots-acap COMMAND --help describes a command; robots-acap --version prints the version.
-- ends the options; - reads standard input.

${EXIT_STATUS} 141: the output pipe was closed (| head).
`;

/** A usage error as one line: the command's help is one --help away. */
function usageLine(command: string | undefined, message: string): string {
  const help = command && COMMAND_HELP[command] ? `robots-acap ${command} --help` : 'robots-acap --help';
  return `robots-acap: ${escapeControls(message)} (${help} shows the usage)\n`;
}

export function main(argv: readonly string[], io: CliIO = defaultIO): number {
  const [command, ...rest] = argv;
  try {
    if (command !== undefined && COMMAND_HELP[command] && wantsHelp(rest)) {
      io.out(COMMAND_HELP[command]);
      return 0;
    }
    switch (command) {
      case 'check':
        return runCheck(rest, io);
      case 'explain':
        return runExplain(rest, io);
      case 'table':
        return runTable(rest, io);
      case 'convert':
        return runConvert(rest, io);
      case 'diff':
        return runDiff(rest, io);
      case '--version':
        io.out(`${SERVER_VERSION}\n`);
        return 0;
      case '--help':
      case '-h':
      case 'help':
        io.out(rest[0] !== undefined && COMMAND_HELP[rest[0]] ? COMMAND_HELP[rest[0]] : USAGE);
        return 0;
      case undefined:
        throw new UsageError('no command given');
      default:
        throw new UsageError(`unknown command ‘${command}’`);
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException | undefined)?.code === 'EPIPE') return EXIT_BROKEN_PIPE;
    if (err instanceof UsageError) {
      io.err(usageLine(command, err.message));
      return 2;
    }
    if (err instanceof FileError) {
      io.err(`robots-acap: ${escapeControls(err.message)}\n`);
      return 2;
    }
    io.err(`robots-acap: internal error: ${escapeControls(err instanceof Error ? err.message : String(err))}\n`);
    return 2;
  }
}
