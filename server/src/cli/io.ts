/** What the CLI needs from the outside world, injectable for tests. */
import * as path from 'node:path';
import { decodeUtf8, type Decoded } from './decode';
import { readFileSync, realpathSync } from 'node:fs';
import { parseWithin, PROFILES, siteOfPage, TOO_MANY_LINES, type Profile, type RobotsDocument, type Workspace } from '../service';
import { NodeWorkspace, readRegularFile } from '../host/nodeWorkspace';
import { binaryReason } from './binary';
import { escapeName } from './formats';

export interface CliIO {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  /** Reads a file named on the command line (regular files only, never blocking, size-capped). */
  readonly readFile: (path: string) => Uint8Array;
  /**
   * The files around those named: permissions references, a page's site robots.txt, the files
   * that refer to a checked one. The one Node workspace the server uses too, unless a test
   * gives another.
   */
  readonly workspace?: Workspace;
}

export const defaultIO: CliIO = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  // `-` is standard input (POSIX Utility Syntax Guideline 13); anything else must be a regular
  // file: a FIFO, device or socket is refused before it is opened (readRegularFile).
  readFile: (p) => (p === '-' ? readFileSync(0) : readRegularFile(followInFolder(p))),
};

/**
 * A file named on the command line, with a symbolic link followed only while it stays in the
 * named file's folder (`robots.txt -> robots.prod.txt`, common in deployments); a link leaving
 * it (`-> /proc/self/environ`, `-> ../other-site/robots.txt`) is refused, as the server refuses
 * it (issue 12 point 3). readRegularFile then opens the real file without following links.
 */
export function followInFolder(file: string): string {
  let real: string;
  let folder: string;
  try {
    real = realpathSync(file);
    folder = realpathSync(path.dirname(path.resolve(file)));
  } catch {
    return file; // The read says what is wrong (no such file, permission denied...).
  }
  if (!real.startsWith(folder + path.sep)) {
    throw Object.assign(new Error('it is a symbolic link out of its folder, which is not followed'), { code: 'ELINK' });
  }
  return real;
}

/**
 * The URI the service knows a file named on the command line by: its absolute path, so that a
 * relative name (`acap/bot.txt`, run in the site folder) still has folders above it in which the
 * site's robots.txt and the files referring to it are found (issue 15 defect 4). Standard input
 * keeps `-`. Output shows names relative to the working folder again (relativeNames).
 */
export function uriOfFile(file: string): string {
  return file === '-' ? file : path.resolve(file).split(path.sep).join('/');
}

/**
 * Report text with the working folder's absolute prefix taken off the file names in it, when the
 * user named the file relatively (`site/robots.txt`): files are then named as the user would
 * (`site/acap/bot.txt`), as before the service got absolute names. Never applied to a file's own
 * content (convert's output) nor to the name as typed. O(text).
 */
export function relativeNames(text: string, typed: string): string {
  if (typed === '-' || path.isAbsolute(typed)) return text;
  const cwd = process.cwd().split(path.sep).join('/').replace(/\/$/, '');
  return cwd === '' ? text : text.split(`${cwd}/`).join('');
}

let nodeWorkspace: NodeWorkspace | undefined;

/** The workspace of a CLI run: the injected one, or the Node workspace (no open documents). */
export function workspaceOf(io: CliIO): Workspace {
  return io.workspace ?? (nodeWorkspace ??= new NodeWorkspace());
}

/** A usage error: the message is shown with the usage text, exit status 2. */
export class UsageError extends Error {}

/** A `--profile` value (or a query's profile, `where` naming the query): the profile, or undefined when none was given. */
export function profileOption(value: string | undefined, where?: string): Profile | undefined {
  if (value !== undefined && !PROFILES.includes(value as Profile)) throw new UsageError(`${where ? `${where}: ` : ''}unknown profile ‘${value}’ (one of ${PROFILES.join(', ')})`);
  return value as Profile | undefined;
}

/** A file that cannot be read: the message is shown alone, exit status 2. */
export class FileError extends Error {}

export function readText(io: CliIO, file: string): Decoded {
  let bytes: Uint8Array;
  try {
    bytes = io.readFile(file);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : (err as Error).message;
    throw new FileError(`cannot read ${escapeName(file)}: ${why}`);
  }
  const binary = binaryReason(bytes);
  if (binary !== undefined) throw new FileError(`${escapeName(file)}: ${binary}`);
  return decodeUtf8(bytes);
}

export function readDocument(io: CliIO, file: string): RobotsDocument {
  return parseRobots(file, uriOfFile(file), readText(io, file).text);
}

/**
 * `text`, read from `file`, parsed as the robots.txt `uri`; a FileError when it has more lines
 * than the hosts parse (MAX_DOCUMENT_LINES): the editor keeps such a file as text only. The parse
 * checks the limit as it finds the lines (parseWithin): no pass to count them first.
 */
export function parseRobots(file: string, uri: string, text: string): RobotsDocument {
  const doc = parseWithin(uri, 0, text);
  if (!doc) throw new FileError(`cannot read ${escapeName(file)}: ${TOO_MANY_LINES}`);
  return doc;
}


/** Options as `--name value` or `--name=value`; repeated options collect; `--` ends them (args.ts). */
export { parseArgs as parseOptions } from './args';

/**
 * The site of a page on disk: the nearest folder above it holding a robots.txt (interpretation
 * §4), that robots.txt, and the page's path on the site — found as the server finds them.
 */
export function nearestRobots(io: CliIO, pageFile: string): { robots: RobotsDocument; path: string } | undefined {
  const site = siteOfPage(workspaceOf(io), path.resolve(pageFile).split(path.sep).join('/'));
  if (site.problem) io.err(`robots-acap: ${site.problem}\n`);
  return site.robots ? { robots: site.robots, path: site.path } : undefined;
}

