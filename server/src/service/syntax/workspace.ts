/**
 * The workspace: the one port between the language service and the files around a document
 * (vscode-markdown-languageservice's IWorkspace). Every file the service looks at besides the
 * document it is given comes through it — ACAP-permissions-reference targets (Part 1 §2.3.2),
 * the files that refer to a robots.txt (§2.7), a page's site robots.txt (interpretation §4), the
 * site's paths for completion. Nothing here fetches a URL.
 *
 * Hosts implement it: one Node implementation (server/src/host/nodeWorkspace.ts) for the server
 * (with the open documents as an overlay) and the CLI; an in-memory one for tests. Locations are
 * strings with `/` separators: `file:` URIs in the server, file paths (absolute or relative) in
 * the CLI; a folder is written with its trailing `/` (`file:///site/`, `examples/site/`, or ``
 * for the current folder), so a file in it is `folder + name`.
 *
 * The boundary (issue 12): a file is read only inside a site folder. The lexical part — `..`,
 * absolute locators, URLs — is decided here, once, for every host; the host adds what only it can
 * see: symlinks resolved (realpath containment), regular files only, a size cap, never blocking.
 */
import { MAX_DOCUMENT_LINES, tooManyLines, type RobotsDocument } from './document';

export type FileKind = 'file' | 'directory' | 'symlink' | 'other';

export interface FileStat {
  /** What the path is, symlinks followed (`other`: a FIFO, device or socket). */
  readonly kind: Exclude<FileKind, 'symlink'>;
  readonly size: number;
}

export interface DirEntry {
  readonly name: string;
  /** What the entry itself is: a symlink is not followed. */
  readonly kind: FileKind;
}

/** A file read, or the reason it was not (said to the user as it is). */
export type FileRead = { readonly text: string } | { readonly refused: string };

export interface Workspace {
  /**
   * The text of `uri` if it is a regular file inside the folder `site` once every symlink is
   * resolved, and under the host's size cap; open documents as the editor holds them. Never
   * blocks, never opens anything but a regular file.
   */
  readFile(uri: string, site: string): FileRead;
  /** `readFile` parsed as a robots file, cached by the host (parsed once per modification). */
  readRobots(uri: string, site: string): RobotsDocument | undefined;
  /** What `uri` is (symlinks followed), or undefined when it does not exist. */
  stat(uri: string): FileStat | undefined;
  /** The entries of a folder, at most the host's limit; undefined when it cannot be listed. */
  list(folder: string): readonly DirEntry[] | undefined;
  /** The documents open in the editor (none in the CLI). */
  openDocuments(): readonly string[];
}

/** What a feature needs from outside its document: the workspace, when there is one. */
export interface WorkspaceContext {
  readonly workspace?: Workspace;
}

/** Marks a Workspace made by requestView, so that a view of a view is the view itself. */
const VIEW = Symbol('request view');

/**
 * One request's view of `workspace`: each question (a file read, parsed, stat-ed, a folder
 * listed) is put to the host once, and asked again it gets the first answer. One answer is then
 * computed against one state of the files, and a question repeated within it costs a map lookup:
 * a hover's AI table asks for the site's tdmrep.json once per crawler (9 times), and each read
 * was a stat and two realpaths, or a read and a parse — 40% of the hover's time in the server on
 * the largest real file. Held only as long as the request holds it; its memory is what the
 * request read. O(1) per repeated question (one key of the location's length).
 */
export function requestView(workspace: Workspace): Workspace {
  if ((workspace as { [VIEW]?: true })[VIEW]) return workspace;
  const reads = new Map<string, FileRead>();
  const parses = new Map<string, RobotsDocument | undefined>();
  const stats = new Map<string, FileStat | undefined>();
  const lists = new Map<string, readonly DirEntry[] | undefined>();
  let open: readonly string[] | undefined;
  const once = <T>(memo: Map<string, T>, key: string, ask: () => T): T => {
    if (memo.has(key)) return memo.get(key) as T;
    const answer = ask();
    memo.set(key, answer);
    return answer;
  };
  return {
    [VIEW]: true,
    // `site` and `uri` joined by a character neither holds (both are paths or URIs).
    readFile: (uri, site) => once(reads, `${site}\0${uri}`, () => workspace.readFile(uri, site)),
    readRobots: (uri, site) => once(parses, `${site}\0${uri}`, () => workspace.readRobots(uri, site)),
    stat: (uri) => once(stats, uri, () => workspace.stat(uri)),
    list: (folder) => once(lists, folder, () => workspace.list(folder)),
    openDocuments: () => (open ??= workspace.openDocuments()),
  } as Workspace;
}

/** `ctx` with its workspace seen through one requestView (the same ctx when it has none, or a view already). */
export function inOneRequest(ctx: WorkspaceContext): WorkspaceContext {
  return ctx.workspace ? { ...ctx, workspace: requestView(ctx.workspace) } : ctx;
}

/** The folder holding `uri`, with its trailing `/` (`` for a bare file name). O(length). */
export function folderOf(uri: string): string {
  return uri.slice(0, uri.lastIndexOf('/') + 1);
}

/** The folder above `folder` (itself ending in `/`), or undefined at a root or a relative start. */
export function parentFolder(folder: string): string | undefined {
  const body = folder.slice(0, -1);
  const i = body.lastIndexOf('/');
  if (i < 0 || body === '' || /^[A-Za-z][A-Za-z0-9+.-]*:\/*$/.test(body) || body.endsWith('/..') || body === '..' || body === '.') return undefined;
  return body.slice(0, i + 1);
}

/** A URL with a scheme (`https:`, `file:`, `C:` too): never resolved, never fetched. */
const HAS_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/** Characters a URI path keeps as they are (RFC 3986 pchar and `/`). */
const URI_SAFE = /[^A-Za-z0-9\-._~!$&'()*+,;=:@/%]/g;

/**
 * The file an ACAP-permissions-reference locator names, inside the folder `site` (Part 1 §2.3.2:
 * a path on the site, never fetched). Strict: a URL, a `..` that climbs out of the site, a
 * backslash or a NUL resolves to nothing; a leading `/` is the site root. The host then checks
 * symlinks. O(length of the locator).
 */
export function resolveLocator(locator: string, site: string): string | undefined {
  const trimmed = locator.trim();
  if (trimmed === '' || HAS_SCHEME.test(trimmed) || /[\\\0]/.test(trimmed)) return undefined;
  const path = trimmed.replace(/[?#].*$/, '');
  const out: string[] = [];
  for (const segment of path.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..' || /^(\.|%2e){2}$/i.test(segment)) {
      if (out.length === 0) return undefined;
      out.pop();
      continue;
    }
    if (/%2f|%5c|%00/i.test(segment)) return undefined;
    out.push(segment);
  }
  if (out.length === 0) return undefined;
  const name = out.join('/');
  return site + (HAS_SCHEME.test(site) ? name.replace(URI_SAFE, (c) => encodeURIComponent(c)) : name);
}

function isRobotsName(name: string): boolean {
  const lower = name.toLowerCase();
  return lower === 'robots.txt' || lower.endsWith('.robots.txt');
}

/** The locators of a document's ACAP-permissions-reference lines, with their lines. O(lines). */
function referenceLines(doc: RobotsDocument): { line: number; locator: string }[] {
  const out: { line: number; locator: string }[] = [];
  doc.lines.forEach((node, line) => {
    const d = node.directive;
    if (d.kind === 'acap-reference') out.push({ line, locator: node.text.slice(d.locator.start, d.locator.end) });
  });
  return out;
}

/** The target of a permissions reference in `from` (whose folder is the site root), or why none. */
export function resolveReference(workspace: Workspace | undefined, locator: string, from: RobotsDocument): { readonly document?: RobotsDocument; readonly problem?: string } {
  if (!workspace) return { problem: 'no workspace is open' };
  const site = folderOf(from.uri);
  const uri = resolveLocator(locator, site);
  if (!uri) {
    return { problem: HAS_SCHEME.test(locator.trim()) ? 'it is a URL, and references are never fetched' : 'it does not name a file inside the site folder' };
  }
  const document = workspace.readRobots(uri, site);
  if (document) return { document };
  const read = workspace.readFile(uri, site);
  return { problem: 'refused' in read ? read.refused : 'it cannot be read' };
}

/** The files `doc` refers to with ACAP-permissions-reference, as far as they can be read. */
export function referencedDocuments(workspace: Workspace | undefined, doc: RobotsDocument): RobotsDocument[] {
  const out: RobotsDocument[] = [];
  for (const { locator } of referenceLines(doc)) {
    const target = resolveReference(workspace, locator, doc).document;
    if (target && target.uri !== doc.uri && !out.some((d) => d.uri === target.uri)) out.push(target);
  }
  return out;
}

/** How far above a referenced file its referring robots.txt is looked for. */
const MAX_LEVELS_UP = 4;

/**
 * The robots files whose ACAP-permissions-reference points at `doc` (Part 1 §2.3.2, §2.7: their
 * definitions are visible in it). A locator resolves in the folder of the file that holds it, so
 * a referring file stands directly in one of the folders above `doc` — never in a sibling site.
 * Only those folders are listed (not walked), from `doc`'s own up to the nearest one holding a
 * robots.txt (the site root) and at most MAX_LEVELS_UP, plus the open documents in them.
 * Cost: MAX_LEVELS_UP folder listings, and one parse per robots-named file found there.
 */
export function referencingDocuments(workspace: Workspace | undefined, doc: RobotsDocument): RobotsDocument[] {
  if (!workspace) return [];
  const folders: string[] = [];
  let folder: string | undefined = folderOf(doc.uri);
  for (let up = 0; folder !== undefined && up <= MAX_LEVELS_UP; up++) {
    folders.push(folder);
    if (workspace.stat(folder + 'robots.txt')?.kind === 'file') break;
    folder = parentFolder(folder);
  }
  const candidates = new Set<string>();
  for (const f of folders) {
    for (const e of workspace.list(f) ?? []) if ((e.kind === 'file' || e.kind === 'symlink') && isRobotsName(e.name)) candidates.add(f + e.name);
  }
  for (const uri of workspace.openDocuments()) if (folders.includes(folderOf(uri))) candidates.add(uri);
  candidates.delete(doc.uri);
  const out: RobotsDocument[] = [];
  for (const uri of candidates) {
    const site = folderOf(uri);
    const other = workspace.readRobots(uri, site);
    if (other && referenceLines(other).some(({ locator }) => resolveLocator(locator, site) === doc.uri)) out.push(other);
  }
  return out;
}

/** Folders a walk of the site never enters: dependencies, version control, build output. */
const SKIP = new Set(['node_modules', 'dist', 'out']);
const MAX_PATHS = 5000;
const MAX_DEPTH = 8;

/**
 * The site's files and folders as `/`-rooted paths, for completing resource paths. The site is
 * the robots.txt's folder; symlinks and hidden folders are not entered. Cost: at most MAX_PATHS
 * entries, MAX_DEPTH deep.
 */
export function sitePaths(workspace: Workspace | undefined, doc: RobotsDocument): string[] {
  if (!workspace) return [];
  const site = folderOf(doc.uri);
  const out: string[] = [];
  const visit = (folder: string, rel: string, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    for (const e of workspace.list(folder) ?? []) {
      if (out.length >= MAX_PATHS) return;
      const name = HAS_SCHEME.test(folder) ? safeDecode(e.name) : e.name;
      if (e.kind === 'directory') {
        if (SKIP.has(e.name) || e.name.startsWith('.')) continue;
        out.push(`${rel}/${name}/`);
        visit(`${folder}${e.name}/`, `${rel}/${name}`, depth + 1);
      } else if (e.kind === 'file') {
        out.push(`${rel}/${name}`);
      }
    }
  };
  visit(site, '', 0);
  return out;
}

function safeDecode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** How far above a page its site's robots.txt is looked for. */
const MAX_PAGE_DEPTH = 32;

export interface PageSite {
  /** The site root folder, when one is found. */
  readonly root: string | undefined;
  /** Its robots.txt, open or read from the site. */
  readonly robots: RobotsDocument | undefined;
  /** The page's path on the site (`/news/a.html`). */
  readonly path: string;
  /** Why the site's robots.txt, which exists, was not read (a FIFO, a symlink out of the site...). */
  readonly problem?: string;
}

/**
 * The site of an HTML page (interpretation §4): the folder `configuredRoot` when given (a folder
 * location with its trailing `/`), otherwise the nearest folder above the page that holds a
 * robots.txt. Cost: at most MAX_PAGE_DEPTH stats.
 */
export function siteOfPage(workspace: Workspace | undefined, pageUri: string, configuredRoot?: string): PageSite {
  const name = pageUri.slice(pageUri.lastIndexOf('/') + 1);
  if (!workspace) return { root: undefined, robots: undefined, path: '/' + name };
  const open = new Set(workspace.openDocuments());
  let root = configuredRoot;
  for (let folder: string | undefined = folderOf(pageUri), up = 0; !root && folder !== undefined && up < MAX_PAGE_DEPTH; up++) {
    const candidate = folder + 'robots.txt';
    const kind = open.has(candidate) ? 'file' : workspace.stat(candidate)?.kind;
    if (kind !== undefined && kind !== 'directory') root = folder;
    folder = parentFolder(folder);
  }
  if (!root) return { root: undefined, robots: undefined, path: '/' + safeDecode(name) };
  const robots = workspace.readRobots(root + 'robots.txt', root);
  const inside = pageUri.startsWith(root) ? pageUri.slice(root.length) : name;
  const path = '/' + (HAS_SCHEME.test(pageUri) ? inside.split('/').map(safeDecode).join('/') : inside);
  if (robots) return { root, robots, path };
  const read = workspace.readFile(root + 'robots.txt', root);
  const why = 'refused' in read ? read.refused : tooManyLines(read.text) ? TOO_MANY_LINES : 'it is not a robots.txt';
  return { root, robots, path, problem: `${root}robots.txt is not read: ${why}` };
}

/** Why a robots.txt of more lines than the hosts parse is not read. */
export const TOO_MANY_LINES = `it has more than ${MAX_DOCUMENT_LINES} lines, the most read`;
