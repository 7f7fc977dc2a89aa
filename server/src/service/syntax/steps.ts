/**
 * Work in steps (issue 12 point 2): a long computation written as a generator that yields between
 * units of work (one crawler's row of a table, a slice of lines) and returns its result. The
 * service stays synchronous and pure: `finish` runs the steps to the end at once (the CLI, the
 * tests, the sync API), while a host that must stay responsive runs a few steps, lets its event
 * loop run (a `$/cancelRequest` is seen then), and drops the generator when the request is
 * cancelled. Nothing here throws or knows about time: when to pause is the host's decision.
 */

/** Steps that end with a `T`. Each `yield` is a point where the caller may pause or stop. */
export type Steps<T> = Generator<void, T, void>;

/** Runs `steps` to their end and gives their result. O(steps). */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** A result already at hand, as steps (no pause). */
export function* done<T>(value: T): Steps<T> {
  return value;
}
