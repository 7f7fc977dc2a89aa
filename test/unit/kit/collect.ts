/**
 * Whether objects the tests watch through WeakRefs (the product has none: longRun.test.ts) have
 * been let go. Two things keep an unreachable target alive for a while, neither of them the
 * product's:
 * - JavaScript keeps the target of a WeakRef made or read alive until the job that did so ends,
 *   so every count is taken in a later task;
 * - V8 optimises hot functions on a background thread, and a compile job in flight holds what it
 *   read (a closure's context, constants seen by its feedback) until the job is done. A forced
 *   collection during it keeps those objects and everything they reach: on this project's tests,
 *   a few random earlier versions of a document in one run of five, or a whole earlier list of
 *   compiled records (with node --no-concurrent-recompilation, never in 40 runs).
 * So the count is taken again, a few milliseconds apart, until it is within what the test
 * allows. A real leak never lets go: its count stays, and the test fails after the last round.
 */
import * as v8 from 'node:v8';
import * as vm from 'node:vm';

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

/** Rounds of waiting and collecting before the count is taken as final. */
const ROUNDS = 10;
/** Milliseconds between rounds: longer than a background compile of this project's functions. */
const PAUSE_MS = 20;

/**
 * How many of `refs` still reach their target after full collections in later tasks: the first
 * count at most `allowed`, else the count after the last round. O(ROUNDS × (heap + refs)).
 */
export async function aliveAfterCollections(refs: readonly WeakRef<object>[], allowed: number): Promise<number> {
  let alive = refs.length;
  for (let round = 0; round < ROUNDS; round++) {
    await new Promise((resolve) => setTimeout(resolve, round === 0 ? 0 : PAUSE_MS));
    gc();
    gc();
    alive = refs.filter((r) => r.deref() !== undefined).length;
    if (alive <= allowed) return alive;
  }
  return alive;
}

/** The heap in use after two full collections, in MiB (for bounds on growth, never on time). */
export function heapAfterCollectionsMiB(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
}
