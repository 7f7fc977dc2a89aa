/**
 * The files `check` reads when given a folder: robots.txt, *.robots.txt and HTML pages (*.html,
 * *.htm) anywhere below it, and the TDMRep property file `.well-known/tdmrep.json` (TDMRep §3.3)
 * of the folder itself, in a stable (sorted) order. Symlinks are not followed (no cycles, and
 * nothing outside the folder is read); hidden folders other than the top `.well-known`, and
 * node_modules, are skipped.
 */
import { lstatSync, readdirSync, statSync } from 'node:fs';
import * as path from 'node:path';

/** Does `check` read a file of this name inside a folder? */
export function isCheckedName(name: string): boolean {
  return /^(?:.*\.)?robots\.txt$/i.test(name) || /\.html?$/i.test(name);
}

const SKIPPED_FOLDERS = new Set(['node_modules']);
const MAX_DEPTH = 64;

/** Is `arg` a folder? (A folder named on the command line is followed even through a symlink: the user chose it.) */
export function isFolder(arg: string): boolean {
  try {
    return arg !== '-' && statSync(arg, { throwIfNoEntry: false })?.isDirectory() === true;
  } catch {
    return false;
  }
}

/** The files to check below `folder`, sorted by path. Cost: one readdir per folder, O(entries · log entries). */
export function filesBelow(folder: string): string[] {
  const out: string[] = [];
  const visit = (dir: string, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch {
      return; // unreadable folder: nothing to check in it
    }
    for (const name of names) {
      const full = path.join(dir, name);
      const st = lstatSync(full, { throwIfNoEntry: false });
      if (!st || st.isSymbolicLink()) continue;
      if (st.isDirectory()) {
        if (depth === 0 && name === '.well-known') wellKnown(full);
        else if (!name.startsWith('.') && !SKIPPED_FOLDERS.has(name)) visit(full, depth + 1);
      } else if (st.isFile() && isCheckedName(name)) {
        out.push(full);
      }
    }
  };
  // A site publishes its TDMRep properties at /.well-known/tdmrep.json: one file, not a walk.
  const wellKnown = (dir: string): void => {
    const full = path.join(dir, 'tdmrep.json');
    if (lstatSync(full, { throwIfNoEntry: false })?.isFile()) out.push(full);
  };
  visit(folder, 0);
  return out;
}
