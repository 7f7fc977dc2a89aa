/**
 * What the server knows of the workspace, read from disk only (never the network):
 * - ACAP-permissions-reference targets, resolved against the folder of the robots.txt that names
 *   them (the site root), from open documents first, then from disk;
 * - the files of a site, as paths relative to its root, for completion of resource paths;
 * - the robots files of a site that refer to a given one (Part 1 §2.7: their definitions are
 *   visible in it).
 * Walks are bounded in files and depth, skip dependency and VCS folders, and are cached briefly.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseDocument, type RobotsDocument } from '../service';
import type { DocumentStore } from '../lsp/documentStore';

const MAX_REFERENCE_BYTES = 5 * 1024 * 1024;
const MAX_FILES = 5000;
const MAX_DEPTH = 8;
const SKIP = new Set(['node_modules', '.git', '.hg', '.svn', '.tools', '.e2e', 'dist', 'out']);
const TTL_MS = 15000;

function siteRoot(uri: string): string | undefined {
  return uri.startsWith('file:') ? path.dirname(fileURLToPath(uri)) : undefined;
}

/** Resolves an ACAP-permissions-reference locator to a workspace file, or undefined. */
export function resolveReferencePath(locator: string, from: RobotsDocument): string | undefined {
  const root = siteRoot(from.uri);
  if (!root || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(locator)) return undefined;
  const file = path.resolve(root, locator.replace(/^\/+/, ''));
  return file === root || file.startsWith(root + path.sep) ? file : undefined;
}

export function referenceResolver(documents: DocumentStore): (locator: string, from: RobotsDocument) => RobotsDocument | undefined {
  return (locator, from) => {
    const file = resolveReferencePath(locator, from);
    return file ? readRobots(documents, file) : undefined;
  };
}

/** Robots files read from disk, parsed once per modification (validation and hover ask per keystroke). */
const fromDisk = new Map<string, { readonly mtimeMs: number; readonly size: number; readonly doc: RobotsDocument }>();
const MAX_CACHED = 32;

function readRobots(documents: DocumentStore, file: string): RobotsDocument | undefined {
  const uri = pathToFileURL(file).toString();
  const open = documents.get(uri);
  if (open) return open;
  try {
    const { mtimeMs, size } = statSync(file);
    if (size > MAX_REFERENCE_BYTES) return undefined;
    const cached = fromDisk.get(file);
    if (cached && cached.mtimeMs === mtimeMs && cached.size === size) return cached.doc;
    const doc = parseDocument(uri, 0, readFileSync(file, 'utf8'));
    if (fromDisk.size >= MAX_CACHED) fromDisk.delete(fromDisk.keys().next().value as string);
    fromDisk.set(file, { mtimeMs, size, doc });
    return doc;
  } catch {
    fromDisk.delete(file);
    return undefined;
  }
}

interface Walk {
  readonly at: number;
  readonly files: readonly string[];
}

const walks = new Map<string, Walk>();

/** Files under `root`, as `/`-rooted paths relative to it, bounded and cached for a few seconds. */
export function siteFiles(root: string): readonly string[] {
  const cached = walks.get(root);
  if (cached && Date.now() - cached.at < TTL_MS) return cached.files;
  const out: string[] = [];
  const visit = (dir: string, depth: number): void => {
    if (depth > MAX_DEPTH || out.length >= MAX_FILES) return;
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (out.length >= MAX_FILES) return;
      const full = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (!SKIP.has(e.name) && !e.name.startsWith('.')) {
          out.push('/' + path.relative(root, full).split(path.sep).join('/') + '/');
          visit(full, depth + 1);
        }
      } else if (e.isFile()) {
        out.push('/' + path.relative(root, full).split(path.sep).join('/'));
      }
    }
  };
  visit(root, 0);
  walks.set(root, { at: Date.now(), files: out });
  return out;
}

/** Site-relative paths for completing resource paths in a robots.txt. */
export function sitePaths(doc: RobotsDocument): readonly string[] {
  const root = siteRoot(doc.uri);
  return root ? siteFiles(root) : [];
}

function isRobotsName(p: string): boolean {
  const base = p.slice(p.lastIndexOf('/') + 1).toLowerCase();
  return base === 'robots.txt' || base.endsWith('.robots.txt');
}

/** Robots files of the same site whose ACAP-permissions-reference points at `doc` (Part 1 §2.3.2, §2.7). */
export function referencingDocuments(documents: DocumentStore, doc: RobotsDocument): RobotsDocument[] {
  const self = doc.uri.startsWith('file:') ? fileURLToPath(doc.uri) : undefined;
  if (!self) return [];
  const candidates = new Set<string>();
  // The site root of a referenced file may be an ancestor: look in its folder and two above.
  let dir = path.dirname(self);
  for (let up = 0; up < 3; up++) {
    for (const p of siteFiles(dir)) if (isRobotsName(p)) candidates.add(path.join(dir, ...p.slice(1).split('/')));
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  for (const uri of documents.uris()) if (uri.startsWith('file:')) candidates.add(fileURLToPath(uri));
  candidates.delete(self);
  const out: RobotsDocument[] = [];
  for (const file of candidates) {
    const other = readRobots(documents, file);
    if (!other) continue;
    const refers = other.lines.some((line) => {
      const d = line.directive;
      if (d.kind !== 'acap-reference') return false;
      return resolveReferencePath(line.text.slice(d.locator.start, d.locator.end), other) === self;
    });
    if (refers) out.push(other);
  }
  return out;
}

/** The workspace files `doc` refers to with ACAP-permissions-reference. */
export function referencedDocuments(documents: DocumentStore, doc: RobotsDocument): RobotsDocument[] {
  const out: RobotsDocument[] = [];
  for (const line of doc.lines) {
    const d = line.directive;
    if (d.kind !== 'acap-reference') continue;
    const file = resolveReferencePath(line.text.slice(d.locator.start, d.locator.end), doc);
    const target = file ? readRobots(documents, file) : undefined;
    if (target) out.push(target);
  }
  return out;
}

/**
 * The site of an HTML page (interpretation §4): the nearest ancestor folder holding a robots.txt,
 * unless a setting names the site root. Returns the robots.txt (open or on disk) and the page's
 * path on the site.
 */
export function siteOfPage(documents: DocumentStore, pageUri: string, configuredRoot?: string): { robots: RobotsDocument | undefined; path: string } {
  if (!pageUri.startsWith('file:')) return { robots: undefined, path: '/' };
  const file = fileURLToPath(pageUri);
  let root: string | undefined = configuredRoot ? path.resolve(configuredRoot) : undefined;
  if (!root) {
    for (let dir = path.dirname(file), up = 0; up < 32; up++) {
      const candidate = path.join(dir, 'robots.txt');
      if (documents.get(pathToFileURL(candidate).toString()) || existsFile(candidate)) {
        root = dir;
        break;
      }
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  if (!root) return { robots: undefined, path: '/' + path.basename(file) };
  const robots = readRobots(documents, path.join(root, 'robots.txt'));
  return { robots, path: '/' + path.relative(root, file).split(path.sep).join('/') };
}

function existsFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}
