/**
 * Replacing a file without ever leaving it damaged (issue 12, safe writes): the new text goes to a
 * temporary file beside the target, is flushed to disk, takes the target's mode, and is renamed
 * over the target in one step (rename(2) is atomic within a file system). A full disk, a file-size
 * limit (RLIMIT_FSIZE) or a crash leaves the original as it was and removes the temporary file
 * where the process is still alive to do so.
 *
 * A symlink is written through only when it resolves inside the folder that holds it: the CLI
 * never rewrites a file elsewhere because a link in the site points there.
 */
import { closeSync, fchmodSync, fsyncSync, lstatSync, openSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';

/** A write the CLI refuses or cannot do: the message is shown alone, exit status 2. */
export class WriteRefused extends Error {}

function inside(folder: string, file: string): boolean {
  const rel = path.relative(folder, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

/** The file to replace: the target, or where its symlink leads if that stays in the link's folder. */
export function writableTarget(file: string): string {
  const abs = path.resolve(file);
  let real: string;
  try {
    real = lstatSync(abs).isSymbolicLink() ? realpathSync(abs) : abs;
  } catch (err) {
    throw new WriteRefused(`cannot write ${file}: ${(err as NodeJS.ErrnoException).code === 'ENOENT' ? 'its symlink points to no file' : (err as Error).message}`);
  }
  if (real !== abs) {
    const folder = realpathSync(path.dirname(abs));
    if (!inside(folder, real)) throw new WriteRefused(`refusing to write ${file}: it is a symlink to ${real}, outside its folder ${folder}`);
  }
  if (!statSync(real).isFile()) throw new WriteRefused(`refusing to write ${file}: not a regular file`);
  return real;
}

/**
 * Replace `file` with `text` (UTF-8), keeping its permission bits. Cost: one pass over the text;
 * the old content is never touched until the rename.
 */
export function safeWriteFile(file: string, text: string): void {
  const target = writableTarget(file);
  const mode = statSync(target).mode & 0o7777;
  const temp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  // O_EXCL: never reuse (or follow) a file already at the temporary name.
  const fd = openSync(temp, 'wx', 0o600);
  let renamed = false;
  try {
    try {
      const bytes = Buffer.from(text, 'utf8');
      for (let off = 0; off < bytes.length;) off += writeSync(fd, bytes, off, bytes.length - off);
      fchmodSync(fd, mode);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
    renamed = true;
  } finally {
    if (!renamed) {
      try {
        unlinkSync(temp);
      } catch {
        // already gone; the original is intact either way
      }
    }
  }
}
