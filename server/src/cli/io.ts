/** What the CLI needs from the outside world, injectable for tests. */
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { decodeUtf8, type Decoded } from './decode';
import { parseDocument, type RobotsDocument } from '../service';

export interface CliIO {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
  readonly readFile: (path: string) => Uint8Array;
}

export const defaultIO: CliIO = {
  out: (t) => process.stdout.write(t),
  err: (t) => process.stderr.write(t),
  readFile: (p) => readFileSync(p),
};

/** A usage error: the message is shown with the usage text, exit status 2. */
export class UsageError extends Error {}

/** A file that cannot be read: the message is shown alone, exit status 2. */
export class FileError extends Error {}

export function readText(io: CliIO, file: string): Decoded {
  try {
    return decodeUtf8(io.readFile(file));
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : code === 'EACCES' ? 'permission denied' : (err as Error).message;
    throw new FileError(`cannot read ${file}: ${why}`);
  }
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

/** Options as `--name value` or `--name=value`; repeated options collect. */
export function parseOptions(args: readonly string[], spec: Readonly<Record<string, 'value' | 'flag' | 'list'>>): { options: Map<string, string[]>; positional: string[] } {
  const options = new Map<string, string[]>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (!a.startsWith('--')) {
      if (a.startsWith('-') && a !== '-') throw new UsageError(`unknown option ${a}`);
      positional.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
    const kind = spec[name];
    if (!kind) throw new UsageError(`unknown option --${name}`);
    let value = 'true';
    if (kind !== 'flag') {
      if (eq > 0) value = a.slice(eq + 1);
      else {
        const v = args[++i];
        if (v === undefined) throw new UsageError(`--${name} needs a value`);
        value = v;
      }
    }
    const list = options.get(name) ?? [];
    if (kind !== 'list' && list.length) throw new UsageError(`--${name} given twice`);
    list.push(value);
    options.set(name, list);
  }
  return { options, positional };
}

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

