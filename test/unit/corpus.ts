/**
 * Where the whole-corpus suites find real-world robots.txt files.
 *
 * The repository carries a sample of its own (`test/corpus/`): files written for this project in
 * the shapes real sites use — byte-order marks, CRLF and CR-only line ends, invalid UTF-8, typos,
 * vendor lines, huge groups, ACAP records — so a fresh clone runs every suite. Point
 * `ROBOTS_ACAP_CORPUS` at a folder with the same layout (`real/*.txt`, `acap-real/*.txt`) to run
 * the same suites over a larger corpus; CI does, with 2,000 real files. The figures a suite
 * expects (how many files, how many lines a formatter should touch) scale with which one it is.
 */
import { readdirSync } from 'node:fs';
import * as path from 'node:path';

export const CORPUS_ENV = 'ROBOTS_ACAP_CORPUS';

const fromEnv = process.env[CORPUS_ENV];

export const CORPUS = {
  dir: fromEnv ? path.resolve(fromEnv) : path.resolve(__dirname, '../corpus'),
  /** True when the suites read a corpus named by ROBOTS_ACAP_CORPUS rather than the sample. */
  external: Boolean(fromEnv),
};

/** Fewest files each folder must hold: a corpus that lost files must fail, not pass quietly. */
export const MIN_FILES: Readonly<Record<CorpusFolder, number>> = CORPUS.external ? { 'real': 2000, 'acap-real': 5 } : { 'real': 30, 'acap-real': 3 };

export type CorpusFolder = 'real' | 'acap-real';

/** The `.txt` files of one folder of the corpus, as absolute paths, in name order. */
export function corpusFiles(folder: CorpusFolder): string[] {
  const dir = path.join(CORPUS.dir, folder);
  return readdirSync(dir).filter((f) => f.endsWith('.txt')).sort().map((f) => path.join(dir, f));
}
