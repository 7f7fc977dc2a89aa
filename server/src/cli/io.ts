/** What the CLI needs from the outside world, injectable for tests. */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { decodeUtf8, type Decoded } from './decode';
import { parseDocument, type RobotsDocument } from '../service';
import { binaryReason } from './binary';
import { escapeName } from './formats';

export interface CliIO {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly readFile: (path: string) => Uint8Array;
}

export const defaultIO: CliIO = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  // `-` is standard input (POSIX Utility Syntax Guideline 13).
  readFile: (p) => readFileSync(p === '-' ? 0 : p),
};

/** A usage error: the message is shown with the usage text, exit status 2. */
export class UsageError extends Error {}

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
  return parseDocument(file, 0, readText(io, file).text);
}

/**
 * ACAP-permissions-reference targets, resolved in the folder of the robots.txt (the site root)
 * and never fetched: a URL resolves only to nothing.
 */
export function referenceResolver(io: CliIO): (locator: string, from: RobotsDocument) => RobotsDocument | undefined {
  return (locator, from) => {
    if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(locator)) return undefined;
    const root = path.dirname(from.uri);
    const file = path.join(root, locator.replace(/^\/+/, ''));
    if (!file.startsWith(root)) return undefined;
    try {
      return readDocument(io, file);
    } catch {
      return undefined;
    }
  };
}

/** Options as `--name value` or `--name=value`; repeated options collect; `--` ends them (args.ts). */
export { parseArgs as parseOptions } from './args';

/**
 * The site of a page on disk: the nearest folder above it holding a robots.txt (interpretation
 * §4), that robots.txt, and the page's path on the site.
 */
export function nearestRobots(io: CliIO, pageFile: string): { robots: RobotsDocument; path: string } | undefined {
  for (let dir = path.dirname(pageFile), up = 0; up < 32; up++) {
    const candidate = path.join(dir, 'robots.txt');
    try {
      const robots = readDocument(io, candidate);
      return { robots, path: '/' + path.relative(dir, pageFile).split(path.sep).join('/') };
    } catch {
      // not here; look further up
    }
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return undefined;
}

