/**
 * Answers worked out for a whole version (the crawler names a file addresses, the usages its ACAP
 * fields speak about) that an edit seldom changes: kept per URI with the version they were worked
 * out for, and handed to a later version when the lines its edits replaced, in both versions,
 * could not have changed them. Typing in a path of a file of 5,000 ACAP records listed every
 * record's crawler line and every field's usage again for the first hover after each keystroke.
 * Also the one bound of every kind of state the engine keeps per URI (keepPerUri).
 */
import { lineAt, regionsChangedSince, type RobotsDocument } from '../syntax/document';
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
   * The answer kept for another version of `doc`'s URI (an earlier one, or one of another
   * branch: regionsChangedSince), when every line replaced since (read in the kept version and
   * in `doc`) passes `unchanged`; else undefined. O(edits between the versions (steps) + lines
   * they replaced).
   */
  get(doc: RobotsDocument, unchanged: Unchanged): T | undefined {
    const kept = this.latest.get(doc.uri);
    if (!kept) return undefined;
    if (kept.doc === doc) return kept.value;
    // Only the lines the regions replaced are read, in both versions: typing or Enter at a few
    // places (several cursors) reads their lines, not every line between them.
    const regions = regionsChangedSince(doc, kept.doc);
    if (!regions) return undefined;
    for (const r of regions) {
      if (r.oldTo - r.oldFrom === r.newTo - r.newFrom) {
        // Replaced one for one: each old line against the new one in its place.
        for (let i = r.oldFrom, j = r.newFrom; i < r.oldTo; i++, j++) {
          const before = lineAt(kept.doc, i);
          const after = lineAt(doc, j);
          if (before === after) continue;
          if (unchanged.pair ? !unchanged.pair(before, after) : !unchanged.line(before, i) || !unchanged.line(after, j)) return undefined;
        }
        continue;
      }
      for (let i = r.oldFrom; i < r.oldTo; i++) if (!unchanged.line(lineAt(kept.doc, i), i)) return undefined;
      for (let j = r.newFrom; j < r.newTo; j++) if (!unchanged.line(lineAt(doc, j), j)) return undefined;
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
