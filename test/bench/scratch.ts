/**
 * The benches' scratch files (the peer's input, the preload of the server, the floors' scripts):
 * one folder per process in the temporary folder, removed when the process exits, however it
 * exits short of a crash of Node itself. Before, each run left its files behind, the largest
 * file of the corpus among them (3.7 MB a run).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

let folder: string | undefined;

function scratchFolder(): string {
  if (folder) return folder;
  const made = mkdtempSync(path.join(os.tmpdir(), 'robots-acap-bench-'));
  folder = made;
  process.once('exit', () => rmSync(made, { recursive: true, force: true }));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      rmSync(made, { recursive: true, force: true });
      process.kill(process.pid, signal);
    });
  }
  return made;
}

/** Writes `content` to the file `name` of this process's scratch folder; returns its path. */
export function scratchFile(name: string, content: string): string {
  const file = path.join(scratchFolder(), name);
  writeFileSync(file, content);
  return file;
}
