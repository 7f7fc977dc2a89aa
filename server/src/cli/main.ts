/**
 * robots-acap: the language service on the command line, for CI.
 *
 * Exit status: 0 success (check: no error found), 1 check found an error, 2 a usage error or an
 * unreadable file (with a message, never a stack trace).
 */
import { SERVER_VERSION } from '../version';
import { runCheck } from './check';
import { runExplain } from './explain';
import { runTable } from './table';
import { runConvert } from './convert';
import { runDiff } from './diff';
import { defaultIO, FileError, UsageError, type CliIO } from './io';

export type { CliIO } from './io';

const USAGE = `Usage:
  robots-acap check FILE... [--format text|json] [--set CODE=LEVEL]... [--max-problems N]
  robots-acap explain ROBOTS.TXT --agent NAME --path PATH_OR_URL [--usage USAGE] [--purpose P]
                      [--profile rfc9309|google|koster1996] [--reading acap|conventional] [--format text|json]
  robots-acap explain ROBOTS.TXT --queries FILE.json [--format text|json]
  robots-acap explain ROBOTS.TXT --agent NAME --path PATH_OR_URL --usage ai-train|ai-input|search [--profile P] [--format text|json]
  robots-acap explain ROBOTS.TXT --html PAGE.html --agent NAME [--path PATH] [--usage USAGE] [--format text|json]
  robots-acap table ROBOTS.TXT [--path PATH]... [--agent NAME]... [--profile NAME]
  robots-acap diff OLD NEW [--agent NAME]... [--profile NAME] [--format text|json]
  robots-acap convert FILE --to acap|rep [--reading crawl|index] [--ignore-conventional] [--version] [--write]

Commands:
  check     Report problems in robots.txt files and HTML pages (their robots META tags and
            ACAP class values, with the site's robots.txt), one per line as
            FILE:LINE:COL: SEVERITY CODE MESSAGE (1-based), or as JSON with --format json:
            an array of {file, range, severity, code, message} with 0-based LSP ranges.
            --set CODE=LEVEL changes a severity (off, hint, information, warning, error);
            --max-problems N reports at most N problems per file (default 1000).
  explain   Say whether a crawler may use a path for a usage (default crawl), with the
            qualifiers that travel with a permission and the lines that decide. JSON has
            {allowed, qualifiers, decidedBy: [{line, text}], ...the trace}. --queries takes a JSON
            array of {agent, path, usage?, purpose?, profile?, reading?} and answers each in order.
            --html PAGE.html combines robots.txt with the page's META tags (the page is read only
            if robots.txt lets the crawler crawl it); --path defaults to the page's place on the site.
  convert   Convert conventional records to ACAP (--to acap: kept for crawlers that do not read
            ACAP, with ACAP records after them) or add the conventional equivalent of ACAP crawl
            rules (--to rep); prints the file (writes it only with --write). Every crawl verdict
            is checked before and after; changes are reported on stderr and exit 1.
  diff      Every crawl and AI-use (ai-train, ai-input, search) verdict that flips between two
            versions, for the crawlers either file names, the main crawlers (or each --agent)
            and *, on probe paths from both files' patterns, with the lines responsible; exit 1
            when something flips.
  table     For each --path (default /), who may do what: the crawlers the file names and
            each --agent (default: major search and AI crawlers) × usages, with deciding lines.

Exit status: 0 success (check: no errors), 1 check found errors, 2 usage error or unreadable file.
`;

export function main(argv: readonly string[], io: CliIO = defaultIO): number {
  const [command, ...rest] = argv;
  try {
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
    if (err instanceof FileError) {
      io.err(`robots-acap: ${err.message}\n`);
      return 2;
    }
    io.err(`robots-acap: internal error: ${err instanceof Error ? err.message : String(err)}\n`);
    return 2;
  }
}
