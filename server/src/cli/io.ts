/** What the CLI needs from the outside world, injectable for tests. */
import * as path from 'node:path';
import { decodeUtf8, type Decoded } from './decode';
import { parseDocument, siteOfPage, type RobotsDocument, type Workspace } from '../service';
import { NodeWorkspace, readRegularFile } from '../host/nodeWorkspace';

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
  readFile: (p) => readRegularFile(p),
};

let nodeWorkspace: NodeWorkspace | undefined;

/** The workspace of a CLI run: the injected one, or the Node workspace (no open documents). */
export function workspaceOf(io: CliIO): Workspace {
  return io.workspace ?? (nodeWorkspace ??= new NodeWorkspace());
}

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
    // A FIFO, device or socket is refused before it is opened (readRegularFile), with its reason.
    throw new FileError(`cannot read ${file}: ${why}`);
  }
}

export function readDocument(io: CliIO, file: string): RobotsDocument {
  return parseDocument(file, 0, readText(io, file).text);
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
 * §4), that robots.txt, and the page's path on the site — found as the server finds them.
 */
export function nearestRobots(io: CliIO, pageFile: string): { robots: RobotsDocument; path: string } | undefined {
  const site = siteOfPage(workspaceOf(io), path.resolve(pageFile).split(path.sep).join('/'));
  if (site.problem) io.err(`robots-acap: ${site.problem}\n`);
  return site.robots ? { robots: site.robots, path: site.path } : undefined;
}

