/**
 * An in-memory Workspace for tests: files by location (`file:///site/robots.txt`), folders
 * implied by the files' names. It keeps the service's rules — a file is read only inside the
 * site folder it is asked for — and counts what it is asked, so a test can say what was read.
 */
import { folderOf, parseDocument, type DirEntry, type FileRead, type FileStat, type RobotsDocument, type Workspace } from '../../server/src/service';

export class MemoryWorkspace implements Workspace {
  private readonly files = new Map<string, string>();
  private readonly parsed = new Map<string, RobotsDocument>();
  /** Locations read (readFile or readRobots), in order. */
  readonly reads: string[] = [];
  /** Folders listed, in order. */
  readonly listings: string[] = [];

  /** `files` maps locations to texts; `open` names those open in the editor. */
  constructor(files: Readonly<Record<string, string>> = {}, private readonly open: readonly string[] = []) {
    for (const [uri, text] of Object.entries(files)) this.files.set(uri, text);
  }

  /** Add or replace a file. */
  set(uri: string, text: string): this {
    this.files.set(uri, text);
    this.parsed.delete(uri);
    return this;
  }

  delete(uri: string): this {
    this.files.delete(uri);
    this.parsed.delete(uri);
    return this;
  }

  readFile(uri: string, site: string): FileRead {
    this.reads.push(uri);
    if (!uri.startsWith(site)) return { refused: `it lies outside the site folder ${site}` };
    const text = this.files.get(uri);
    return text === undefined ? { refused: 'no such file' } : { text };
  }

  readRobots(uri: string, site: string): RobotsDocument | undefined {
    const read = this.readFile(uri, site);
    if (!('text' in read)) return undefined;
    let doc = this.parsed.get(uri);
    if (!doc) {
      doc = parseDocument(uri, 1, read.text);
      this.parsed.set(uri, doc);
    }
    return doc;
  }

  stat(uri: string): FileStat | undefined {
    const text = this.files.get(uri);
    if (text !== undefined) return { kind: 'file', size: text.length };
    const folder = uri.endsWith('/') ? uri : uri + '/';
    return [...this.files.keys()].some((f) => f.startsWith(folder)) ? { kind: 'directory', size: 0 } : undefined;
  }

  list(folder: string): readonly DirEntry[] | undefined {
    this.listings.push(folder);
    const out = new Map<string, DirEntry>();
    for (const f of this.files.keys()) {
      if (!f.startsWith(folder)) continue;
      const rest = f.slice(folder.length);
      const slash = rest.indexOf('/');
      const name = slash < 0 ? rest : rest.slice(0, slash);
      out.set(name, { name, kind: slash < 0 ? 'file' : 'directory' });
    }
    return out.size || this.stat(folder) ? [...out.values()] : undefined;
  }

  openDocuments(): readonly string[] {
    return this.open;
  }

  /** The parsed document at `uri` (in its own folder as the site), for tests that need the object. */
  doc(uri: string): RobotsDocument {
    const d = this.readRobots(uri, folderOf(uri));
    if (!d) throw new Error(`no file ${uri}`);
    return d;
  }
}
