/** The CLI run in-process over in-memory files, with its output captured (one helper for every CLI test). */
import { main, type CliIO } from '../../../server/src/cli/main';

export interface CliRun {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Runs `robots-acap ARGS` where `files` are the only files; a missing one fails as ENOENT does. */
export function runCli(args: readonly string[], files: Readonly<Record<string, string | Uint8Array>>): CliRun {
  let out = '';
  let err = '';
  const io: CliIO = {
    out: (t) => { out += t; },
    err: (t) => { err += t; },
    readFile: (p) => {
      const f = files[p];
      if (f === undefined) throw Object.assign(new Error('ENOENT'), { code: 'ENOENT' });
      return typeof f === 'string' ? new TextEncoder().encode(f) : f;
    },
  };
  const code = main(args, io);
  return { code, out, err };
}
