/**
 * The one Node implementation of the service's Workspace, for the server (with the open
 * documents as an overlay) and the CLI (issue 11 point 4, issue 12 point 3).
 *
 * The boundary, strictly: a file is read only when, with every symlink resolved (realpath), it
 * lies inside the site folder, is a regular file (never a FIFO, device, socket or folder: checked
 * with stat before it is opened, opened non-blocking, checked again on the open descriptor) and is
 * at most MAX_FILE_BYTES long. Nothing is fetched. Locations are `file:` URIs or file paths.
 */
import { closeSync, constants, fstatSync, opendirSync, openSync, readSync, realpathSync, statSync, type Stats } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { documentText, parseWithin, type DirEntry, type FileKind, type FileRead, type FileStat, type RobotsDocument, type Workspace } from '../service';

/** The largest file read from disk: a robots.txt crawlers read stops at 500 KiB (RFC 9309 §2.5). */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;
/** At most this many entries of one folder are listed. */
const MAX_ENTRIES = 5000;
/** Folder listings are kept this long: completion asks on every keystroke. */
const LIST_TTL_MS = 5000;
const MAX_CACHED_LISTS = 256;
const MAX_CACHED_PARSES = 32;

/** The open documents, as the editor holds them. */
export interface Overlay {
  get(uri: string): RobotsDocument | undefined;
  uris(): readonly string[];
}

const HAS_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** The file-system path of a location: a `file:` URI or a path; undefined for other schemes. */
export function toPath(location: string): string | undefined {
  if (location.startsWith('file:')) {
    try {
      return fileURLToPath(location);
    } catch {
      return undefined;
    }
  }
  if (HAS_SCHEME.test(location) && !/^[A-Za-z]:[\\/]/.test(location)) return undefined;
  return path.resolve(location === '' ? '.' : location);
}

/** Whether `file` is `folder` or inside it (both absolute and normalised). */
export function isInside(file: string, folder: string): boolean {
  const rel = path.relative(folder, file);
  return rel === '' || (rel !== '..' && !rel.startsWith('..' + path.sep) && !path.isAbsolute(rel));
}

function kindOf(s: Stats): FileStat['kind'] {
  return s.isFile() ? 'file' : s.isDirectory() ? 'directory' : 'other';
}

function describeOther(s: Stats): string {
  if (s.isFIFO()) return 'a FIFO';
  if (s.isCharacterDevice() || s.isBlockDevice()) return 'a device';
  if (s.isSocket()) return 'a socket';
  if (s.isDirectory()) return 'a folder';
  return 'not a regular file';
}

function errorWhy(err: unknown): string {
  const code = (err as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT': case 'ENOTDIR': return 'no such file';
    case 'EACCES': case 'EPERM': return 'permission denied';
    case 'ELOOP': return 'too many symbolic links';
    case 'EISDIR': return 'it is a folder';
    default: return (err as Error).message ?? String(err);
  }
}

/**
 * Reads a regular file of at most `max` bytes without ever blocking: stat first (a FIFO, device
 * or socket is refused before anything opens it), then open non-blocking and without following a
 * last-moment symlink, and check the descriptor is still that regular file. Throws an Error whose
 * message says why (with `code` when the system gave one). Cost: O(size), at most `max` + 1 bytes.
 */
export function readRegularFile(file: string, max: number = MAX_FILE_BYTES, known?: Stats): Buffer {
  const st = known ?? statSync(file);
  if (!st.isFile()) throw Object.assign(new Error(`it is ${describeOther(st)}, not a regular file; only regular files are read`), { code: st.isDirectory() ? 'EISDIR' : 'ENOTREG' });
  if (st.size > max) throw Object.assign(new Error(`it is ${st.size} bytes, more than the ${max} bytes read at most`), { code: 'EFBIG' });
  const fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOFOLLOW ?? 0));
  try {
    const now = fstatSync(fd);
    if (!now.isFile() || now.ino !== st.ino || now.dev !== st.dev) throw Object.assign(new Error('it changed while being opened'), { code: 'ENOTREG' });
    const chunks: Buffer[] = [];
    let total = 0;
    // Files such as those in /proc say size 0 and still have content: read up to the cap, not the size.
    for (;;) {
      const chunk = Buffer.allocUnsafe(Math.min(Math.max(now.size + 1, 64 * 1024), max + 1 - total));
      const n = readSync(fd, chunk, 0, chunk.length, null);
      if (n === 0) break;
      chunks.push(chunk.subarray(0, n));
      total += n;
      if (total > max) throw Object.assign(new Error(`it is more than the ${max} bytes read at most`), { code: 'EFBIG' });
    }
    return Buffer.concat(chunks, total);
  } finally {
    closeSync(fd);
  }
}

/** UTF-8 as an editor decodes it (one U+FFFD per invalid sequence), keeping a BOM in the text. */
export function decodeText(bytes: Uint8Array): string {
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}

type Checked = { readonly file: string; readonly stat: Stats } | { readonly refused: string };

export class NodeWorkspace implements Workspace {
  /** The parse of each file read, by its stat; `doc` undefined for a file past the line limit, so that it is not lexed again. */
  private readonly parsed = new Map<string, { readonly key: string; readonly doc: RobotsDocument | undefined }>();
  private readonly listed = new Map<string, { readonly at: number; readonly entries: readonly DirEntry[] | undefined }>();

  constructor(private readonly overlay?: Overlay, private readonly maxBytes: number = MAX_FILE_BYTES) {}

  /** Where `uri` really is, if it is inside `site` once symlinks are resolved, and what it is. */
  private check(uri: string, site: string): Checked {
    const file = toPath(uri);
    const root = toPath(site);
    if (!file || !root) return { refused: 'it is not a file on this machine' };
    if (!isInside(file, root)) return { refused: `it lies outside the site folder ${root}` };
    // A location where nothing is (a site without tdmrep.json, asked on every hover row) is
    // answered by one stat that throws nothing, before realpath throws twice.
    try {
      if (statSync(file, { throwIfNoEntry: false }) === undefined) return { refused: errorWhy({ code: 'ENOENT' }) };
    } catch (err) {
      return { refused: errorWhy(err) };
    }
    let realRoot: string;
    let real: string;
    try {
      realRoot = realpathSync.native(root);
      real = realpathSync.native(file);
    } catch (err) {
      return { refused: errorWhy(err) };
    }
    if (!isInside(real, realRoot)) return { refused: `it leads outside the site folder ${root} through a symbolic link` };
    let stat: Stats;
    try {
      stat = statSync(real);
    } catch (err) {
      return { refused: errorWhy(err) };
    }
    if (!stat.isFile()) return { refused: `it is ${describeOther(stat)}, not a regular file; only regular files are read` };
    if (stat.size > this.maxBytes) return { refused: `it is ${stat.size} bytes, more than the ${this.maxBytes} bytes read at most` };
    return { file: real, stat };
  }

  /** An open document inside the site (lexically, and on disk through no symlink out of it). */
  private open(uri: string, site: string): RobotsDocument | undefined {
    const doc = this.overlay?.get(uri);
    if (!doc) return undefined;
    const file = toPath(uri);
    const root = toPath(site);
    if (file && root) {
      if (!isInside(file, root)) return undefined;
      try {
        if (!isInside(realpathSync.native(file), realpathSync.native(root))) return undefined;
      } catch {
        // Not on disk (yet): the editor's text is all there is, and its name is inside the site.
      }
    } else if (!uri.startsWith(site)) return undefined;
    return doc;
  }

  readFile(uri: string, site: string): FileRead {
    const open = this.open(uri, site);
    if (open) return { text: documentText(open) };
    const checked = this.check(uri, site);
    if ('refused' in checked) return checked;
    try {
      return { text: decodeText(readRegularFile(checked.file, this.maxBytes, checked.stat)) };
    } catch (err) {
      return { refused: errorWhy(err) };
    }
  }

  readRobots(uri: string, site: string): RobotsDocument | undefined {
    const open = this.open(uri, site);
    if (open) return open;
    const checked = this.check(uri, site);
    if ('refused' in checked) {
      this.parsed.delete(uri);
      return undefined;
    }
    // Parsed once per modification: validation and hover ask on every keystroke.
    const key = `${checked.file}\0${checked.stat.ino}\0${checked.stat.mtimeMs}\0${checked.stat.size}`;
    const cached = this.parsed.get(uri);
    if (cached?.key === key) return cached.doc;
    let text: string;
    try {
      text = decodeText(readRegularFile(checked.file, this.maxBytes, checked.stat));
    } catch {
      this.parsed.delete(uri);
      return undefined;
    }
    // More lines than the hosts parse: not read, as the editor keeps such a file unparsed. That
    // answer is kept too: finding it lexes the file's first 2^18 lines (120-180 ms), and a page's
    // validation or hover asks for its site's robots.txt each time.
    const doc = parseWithin(uri, 0, text);
    this.parsed.delete(uri);
    if (this.parsed.size >= MAX_CACHED_PARSES) this.parsed.delete(this.parsed.keys().next().value as string);
    this.parsed.set(uri, { key, doc });
    return doc;
  }

  stat(uri: string): FileStat | undefined {
    const file = toPath(uri);
    if (!file) return undefined;
    try {
      const s = statSync(file);
      return { kind: kindOf(s), size: s.size };
    } catch {
      return undefined;
    }
  }

  list(folder: string): readonly DirEntry[] | undefined {
    const cached = this.listed.get(folder);
    if (cached && Date.now() - cached.at < LIST_TTL_MS) return cached.entries;
    const entries = this.readFolder(folder);
    this.listed.delete(folder);
    if (this.listed.size >= MAX_CACHED_LISTS) this.listed.delete(this.listed.keys().next().value as string);
    this.listed.set(folder, { at: Date.now(), entries });
    return entries;
  }

  private readFolder(folder: string): readonly DirEntry[] | undefined {
    const dir = toPath(folder);
    if (!dir) return undefined;
    const uri = HAS_SCHEME.test(folder);
    const out: DirEntry[] = [];
    let handle;
    try {
      handle = opendirSync(dir);
    } catch {
      return undefined;
    }
    try {
      for (let e = handle.readSync(); e && out.length < MAX_ENTRIES; e = handle.readSync()) {
        const kind: FileKind = e.isSymbolicLink() ? 'symlink' : e.isFile() ? 'file' : e.isDirectory() ? 'directory' : 'other';
        out.push({ name: uri ? encodeURIComponent(e.name).replace(/%40/g, '@') : e.name, kind });
      }
    } catch {
      // A folder that vanishes while listed gives what was read.
    } finally {
      handle.closeSync();
    }
    return out;
  }

  openDocuments(): readonly string[] {
    return this.overlay?.uris() ?? [];
  }

  /** Forget what was read from disk (a file changed, or documents closed). */
  clear(): void {
    this.parsed.clear();
    this.listed.clear();
  }
}
