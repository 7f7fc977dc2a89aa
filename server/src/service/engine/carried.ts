/**
 * Answers worked out for a whole version (the crawler names a file addresses, the usages its ACAP
 * fields speak about) that an edit seldom changes: kept per URI with the version they were worked
 * out for, and handed to a later version when the lines its edits replaced, in both versions,
 * could not have changed them. Typing in a path of a file of 5,000 ACAP records listed every
 * record's crawler line and every field's usage again for the first hover after each keystroke.
 * Also the one bound of every kind of state the engine keeps per URI (keepPerUri).
 */
import { lineAt, lineShiftSince, rangesChangedSince, type RobotsDocument } from '../syntax/document';
import type { LineNode } from '../syntax/syntax';

/**
 * How many URIs each kind of state the engine keeps between versions holds (Google's sections,
 * the groups' rule indexes, compiled ACAP records and their index, the License and preference
 * lines of AI use, the answers below): the documents open and edited at once, and a bound for a
 * run over a folder, whose every file has a URI of its own.
 */
const LATEST_MAX = 16;

/**
 * `value` kept in `map` as `uri`'s (the only one for it), as its most recent entry; the least
 * recently kept URI leaves once LATEST_MAX are kept. O(1).
 */
export function keepPerUri<V>(map: Map<string, V>, uri: string, value: V): void {
  map.delete(uri);
  if (map.size >= LATEST_MAX) map.delete(map.keys().next().value as string);
  map.set(uri, value);
}

/** How the lines an edit replaced may be read to tell that an answer still holds. */
export interface Unchanged {
  /**
   * A line of either version (`index` its number there) that cannot change the answer, wherever
   * it is added or removed.
   */
  readonly line: (line: LineNode, index: number) => boolean;
  /** When the edit replaced lines one for one: the old and new line say the same for the answer. */
  readonly pair?: (before: LineNode, after: LineNode) => boolean;
}

export class CarriedAnswers<T> {
  private readonly latest = new Map<string, { doc: RobotsDocument; value: T }>();

  /**
   * The answer kept for an earlier version of `doc`'s URI, when every line replaced since (read
   * in the kept version and in `doc`) passes `unchanged`; else undefined. O(edits between the
   * versions (steps) + lines they replaced).
   */
  get(doc: RobotsDocument, unchanged: Unchanged): T | undefined {
    const kept = this.latest.get(doc.uri);
    if (!kept) return undefined;
    if (kept.doc === doc) return kept.value;
    // Lines typed over at a few places: only their lines read, in both versions.
    const ranges = rangesChangedSince(doc, kept.doc);
    const shift = ranges ? undefined : lineShiftSince(doc, kept.doc);
    if (ranges) {
      for (const r of ranges) {
        for (let i = r.from; i < r.to; i++) {
          const before = lineAt(kept.doc, i);
          const after = lineAt(doc, i);
          if (before === after) continue;
          if (unchanged.pair ? !unchanged.pair(before, after) : !unchanged.line(before, i) || !unchanged.line(after, i)) return undefined;
        }
      }
    } else if (!shift) return undefined;
    else if (unchanged.pair && shift.oldEnd === shift.newEnd) {
      for (let i = shift.from; i < shift.newEnd; i++) if (!unchanged.pair(lineAt(kept.doc, i), lineAt(doc, i))) return undefined;
    } else {
      for (let i = shift.from; i < shift.oldEnd; i++) if (!unchanged.line(lineAt(kept.doc, i), i)) return undefined;
      for (let i = shift.from; i < shift.newEnd; i++) if (!unchanged.line(lineAt(doc, i), i)) return undefined;
    }
    // The kept version moves on: the next edit is compared with this one.
    kept.doc = doc;
    return kept.value;
  }

  /** Keep `value` as `doc`'s answer (the only one for its URI). O(1). */
  set(doc: RobotsDocument, value: T): void {
    keepPerUri(this.latest, doc.uri, { doc, value });
  }

  /** Forget what is kept for `uri` (the document closed). O(1). */
  forget(uri: string): void {
    this.latest.delete(uri);
  }
}
