/**
 * Many strings looked for in a text at once (Aho–Corasick): the automaton is built once for the
 * needles and then scans any number of texts. Koster's reading asks which record first contains
 * each crawler token a file names (engine/conventional.ts); the never-wins check asks which
 * wildcard patterns a path could match, by the literal each must contain (checks/rules/neverWins.ts).
 *
 * Costs: O(S) to build for needles totalling S characters; O(T + needles reported) to scan a text
 * of T characters, each needle reported at most once per scan — a node reported stays reported,
 * and so does every node after it on its output chain, so each chain is walked once per scan.
 */
export class Needles {
  /** The distinct non-empty needles, by number. */
  readonly words: readonly string[];
  /**
   * Goto function: (node, ASCII unit) → node, keyed by node × 128 + unit, a small integer (Smi)
   * up to 8 million nodes, where node × 65536 + unit made a heap number of nearly every key
   * (26,000 tokens: 80,000 nodes, 150 ms of garbage collection); other units, rare in the texts
   * read here, through a map per node. Node 0 is the root.
   */
  private readonly ascii = new Map<number, number>();
  private readonly wide = new Map<number, Map<number, number>>();
  private readonly depth: number[] = [0];
  /** The needle ending at each node, or -1. */
  private readonly out: number[] = [-1];
  private readonly fail: Int32Array;
  /** The nearest node on the failure chain (itself excluded) where a needle ends, or -1. */
  private readonly dict: Int32Array;
  /** The scan that last reported each node: a scan needs no table of its own. */
  private readonly seen: Int32Array;
  private scans = 0;

  constructor(needles: Iterable<string>) {
    const words: string[] = [];
    const parent: number[] = [0];
    const via: number[] = [0];
    for (const w of needles) {
      if (w === '') continue;
      let node = 0;
      for (let i = 0; i < w.length; i++) {
        const c = w.charCodeAt(i);
        let next = this.step(node, c);
        if (next === undefined) {
          next = parent.length;
          this.link(node, c, next);
          parent.push(node);
          via.push(c);
          this.depth.push(this.depth[node] + 1);
          this.out.push(-1);
        }
        node = next;
      }
      if (this.out[node] < 0) this.out[node] = words.push(w) - 1;
    }
    this.words = words;
    const n = parent.length;
    // Nodes by depth (a counting sort), so that each node's failure link is known before its children's.
    const byDepth: number[][] = [];
    for (let v = 1; v < n; v++) (byDepth[this.depth[v]] ??= []).push(v);
    this.fail = new Int32Array(n);
    this.dict = new Int32Array(n).fill(-1);
    this.seen = new Int32Array(n);
    for (const level of byDepth) {
      if (!level) continue;
      for (const v of level) {
        const p = parent[v];
        let f = 0;
        if (p !== 0) {
          f = this.fail[p];
          while (f !== 0 && this.step(f, via[v]) === undefined) f = this.fail[f];
          f = this.step(f, via[v]) ?? 0;
        }
        this.fail[v] = f;
        this.dict[v] = this.out[f] >= 0 ? f : this.dict[f];
      }
    }
  }

  /**
   * Each needle that occurs in `text`, once, at its first occurrence: `visit(needle number,
   * start offset)`, in the order the occurrences end. `visit` returning true stops the scan.
   */
  firsts(text: string, visit: (word: number, start: number) => boolean | void): void {
    const scan = ++this.scans;
    let left = this.words.length;
    let state = 0;
    for (let i = 0; i < text.length && left > 0; i++) {
      const c = text.charCodeAt(i);
      while (state !== 0 && this.step(state, c) === undefined) state = this.fail[state];
      state = this.step(state, c) ?? 0;
      for (let u = this.out[state] >= 0 ? state : this.dict[state]; u >= 0 && this.seen[u] !== scan; u = this.dict[u]) {
        this.seen[u] = scan;
        left--;
        if (visit(this.out[u], i - this.depth[u] + 1) === true) return;
      }
    }
  }

  private step(node: number, c: number): number | undefined {
    return c < 128 ? this.ascii.get(node * 128 + c) : this.wide.get(node)?.get(c);
  }

  private link(node: number, c: number, next: number): void {
    if (c < 128) this.ascii.set(node * 128 + c, next);
    else {
      let m = this.wide.get(node);
      if (!m) this.wide.set(node, (m = new Map()));
      m.set(c, next);
    }
  }
}

/** Where each of `needles` first occurs in `text` (its start offset; needles that do not occur are absent). O(S + T). */
export function firstOccurrences(text: string, needles: Iterable<string>): Map<string, number> {
  const found = new Map<string, number>();
  const automaton = new Needles(needles);
  automaton.firsts(text, (w, start) => {
    found.set(automaton.words[w], start);
  });
  return found;
}
