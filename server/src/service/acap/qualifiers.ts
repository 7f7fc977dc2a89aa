/**
 * The qualifiers of one ACAP permission (Part 1 §2.5), checked once for both places ACAP is
 * written: robots.txt fields (Part 1) and META content / class values (Part 2 §2.2.9, which
 * takes Part 1's qualifiers and value grammars as they are). The caller reads the qualifiers
 * out of its own syntax and maps each problem's `rule` to its own code family (`acap.RULE` or
 * `meta.RULE`), so the same qualifier text gets the same verdict in both.
 *
 * What differs by place is only what the specifications make differ:
 * - `location` (and any other META-only qualifier) may qualify every usage in META tags, and
 *   none in robots.txt (Part 2 §2.2.9);
 * - a qualifier ACAP 1.0 does not define is a warning, not an error, where the page or file
 *   declares version 1.1 (docs/decisions.md §3.7). A robots.txt line does not know its file's
 *   version, so robots.txt validation makes that downgrade itself once the file is read.
 *
 * Cost: linear in the number of qualifiers plus their text (one map of names seen; repeated
 * values are found with a set, not by rescanning).
 */
import { INCLUDE_ROLES, PRESENT_USAGES, QUALIFIER_BY_NAME, QUALIFIERS, qualifierUse, qualifiersFor, type QualifierFact, type UsageFact } from '../facts/facts';
import { closest, didYouMean } from '../facts/suggest';
import { checkQualifierValue } from './values';

/** A half-open range in whatever coordinates the caller uses (line-relative or page offsets). */
export interface SpanLike {
  readonly start: number;
  readonly end: number;
}

/** One qualifier as written: `NAME=VALUE`, or a stray word with no `=`. */
export interface QualifierText<S extends SpanLike = SpanLike> {
  readonly span: S;
  readonly nameSpan: S;
  /** The value's span; absent or empty when nothing follows `=`. */
  readonly valueSpan: S | undefined;
  /** The whole qualifier as written. */
  readonly text: string;
  /** The name as written (case kept, for messages). */
  readonly name: string;
  /** The value as written, or undefined when there was no `=` at all. */
  readonly value: string | undefined;
}

export type QualifierRule =
  | 'malformed-qualifier'
  | 'unknown-qualifier'
  | 'unknown-qualifier-1.1'
  | 'meta-only-qualifier'
  | 'qualifier-not-valid-for-usage'
  | 'not-ready'
  | 'prior-arrangement'
  | 'invalid-qualifier-value'
  | 'duplicate-qualifier';

export interface QualifierProblem<S extends SpanLike = SpanLike> {
  readonly rule: QualifierRule;
  readonly span: S;
  readonly message: string;
  readonly replacement?: string;
}

export interface QualifierPlace {
  /** Where the permission is written: a robots.txt field or a META tag / class value. */
  readonly where: 'robots.txt' | 'meta';
  /** The page declares `ACAP version 1.1` (Part 2 §2.2.7); robots.txt downgrades later. */
  readonly acap11: boolean;
}

/** A qualifier whose name and value passed every check, for checks only its place can make. */
export interface AcceptedQualifier<S extends SpanLike> {
  readonly qualifier: QualifierText<S>;
  readonly fact: QualifierFact;
  readonly valueSpan: S;
}

/** `index, preserve, present and every present-* type` rather than eleven names. */
export function describeUsages(usages: readonly string[]): string {
  const allPresent = PRESENT_USAGES.every((n) => usages.includes(n));
  const rest = allPresent ? usages.filter((u) => !PRESENT_USAGES.includes(u)) : [...usages];
  const parts = allPresent ? [...rest, 'present and every present-* type'] : rest;
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/**
 * Checks the qualifiers of one permission (or of an ACAP-qualified-usage definition) for `usage`
 * (undefined: the usage is unknown or local, so only names, values and repeats are checked).
 * `accepted` receives every qualifier that passed, for checks only the caller can make.
 */
export function checkQualifiers<S extends SpanLike>(
  qualifiers: readonly QualifierText<S>[],
  usage: UsageFact | undefined,
  place: QualifierPlace,
  accepted?: (q: AcceptedQualifier<S>) => void,
): QualifierProblem<S>[] {
  const out: QualifierProblem<S>[] = [];
  const meta = place.where === 'meta';
  const seen = new Map<string, QualifierText<S>[]>();
  for (const q of qualifiers) {
    if (q.value === undefined) {
      const lower = q.text.toLowerCase();
      const pathLike = !meta && (q.text.startsWith('/') || q.text.startsWith('*') || lower.startsWith('the-acap:'));
      out.push({
        rule: 'malformed-qualifier', span: q.span,
        message: pathLike
          ? 'A field takes one resource specification; to name several, define a resource set with ACAP-resource-set and use the-acap:resource-set:NAME (Part 1 §2.4.3, §2.7.3).'
          : `‘${q.text}’ is not a qualifier: write NAME=VALUE, e.g. time-limit=until-recrawled (${meta ? 'Part 2 §2.2.3.2; ' : ''}Part 1 §2.4.1.2, §3).`,
      });
      continue;
    }
    if (q.name.length === 0) {
      out.push({ rule: 'malformed-qualifier', span: q.span, message: `‘${q.text}’ has no qualifier name before ‘=’ (Part 1 §3 qualifier-specification).` });
      continue;
    }
    const name = q.name.toLowerCase();
    const fact = QUALIFIER_BY_NAME.get(name);
    if (!fact) {
      const near = closest(name, suggestible(qualifiers, usage, meta));
      out.push(place.acap11
        ? { rule: 'unknown-qualifier-1.1', span: q.nameSpan, message: `‘${q.name}’ is not a qualifier ACAP 1.0 defines (Part 1 §2.5). The page declares ACAP 1.1, which may define it; a crawler that does not understand it treats the permission as a prohibition.${didYouMean(near)}`, replacement: near }
        : { rule: 'unknown-qualifier', span: q.nameSpan, message: `‘${q.name}’ is not an ACAP qualifier (Part 1 §2.5${meta ? '; Part 2 §2.2.9' : ''}).${didYouMean(near)}`, replacement: near });
      continue;
    }
    const list = seen.get(fact.name) ?? [];
    list.push(q);
    seen.set(fact.name, list);
    if (fact.metaOnly && !meta) {
      out.push({ rule: 'meta-only-qualifier', span: q.span, message: `‘${fact.name}’ may only qualify permissions in META tags, not in robots.txt (Part 2 §2.2.9).` });
      continue;
    }
    if (usage) usageProblem(fact, usage, q.nameSpan, meta, out);
    const valueSpan = q.valueSpan && q.valueSpan.end > q.valueSpan.start ? q.valueSpan : q.span;
    if (q.value.length === 0) {
      out.push({ rule: 'invalid-qualifier-value', span: valueSpan, message: `Give ${fact.name} a value after ‘=’ (Part 1 §3 qualifier-value).` });
      continue;
    }
    const problem = checkQualifierValue(fact.grammar, q.value);
    if (problem) {
      out.push({ rule: 'invalid-qualifier-value', span: valueSpan, message: problem.message, replacement: problem.replacement });
      continue;
    }
    if (fact.grammar === 'include-uri') {
      const value = q.value.toLowerCase();
      const role = INCLUDE_ROLES.find((r) => value.startsWith(`the-acap:${r.name}:`));
      if (role?.readiness === 'not-ready') {
        out.push({ rule: 'not-ready', span: valueSpan, message: `The \`${role.name}\` role is subject to further definition and not yet ready for implementation (Part 1 §2.5.5.2.5).` });
      }
    }
    accepted?.({ qualifier: q, fact, valueSpan });
  }
  for (const [name, list] of seen) repeats(name, list, out);
  return out;
}

/** Whether `fact` may qualify `usage` here, and how ready that combination is (Part 1 §1.1, §2.5). */
function usageProblem<S extends SpanLike>(fact: QualifierFact, usage: UsageFact, span: S, meta: boolean, out: QualifierProblem<S>[]): void {
  const use = qualifierUse(fact, usage.name);
  if (!use) {
    // Part 2 §2.2.9: `location` may qualify any usage in META tags, so qualifiersFor(…, meta).
    const valid = qualifiersFor(usage.name, meta).map((x) => x.name);
    const where = fact.uses.map((u) => `${u.spec.doc} §${u.spec.section}`).join(', ');
    const takes = valid.length ? `${usage.name} takes ${valid.join(', ')}` : `${usage.name} takes no qualifiers`;
    out.push({
      rule: 'qualifier-not-valid-for-usage', span,
      message: `‘${fact.name}’ cannot qualify ${usage.name}; it qualifies ${describeUsages(fact.uses.flatMap((u) => u.usages))} (${where}). ${meta ? `In META tags ${takes}` : takes}.`,
    });
  } else if (use.readiness === 'not-ready') {
    out.push({ rule: 'not-ready', span, message: `‘${fact.name}’ on ${usage.name} is not yet ready for implementation (Part 1 §${use.spec.section}): crawlers may ignore the permission or treat it as a prohibition.` });
  } else if (use.readiness === 'prior-arrangement') {
    out.push({ rule: 'prior-arrangement', span, message: `‘${fact.name}’ on ${usage.name} is honoured only by prior arrangement with the crawler operator (Part 1 §${use.spec.section}).` });
  }
}

/**
 * The names a misspelt qualifier may be corrected to: those the usage takes (all of them when it
 * is unknown or local), less the once-only ones the permission already has, so that the
 * correction is never itself an error (`time-limit` on crawl, which takes no qualifier; a second
 * `time-limit`, Part 1 §2.5.5.2). O(qualifiers on the line + known qualifiers).
 */
function suggestible(qualifiers: readonly QualifierText<SpanLike>[], usage: UsageFact | undefined, meta: boolean): string[] {
  const present = new Set(qualifiers.map((q) => (q.name ?? '').toLowerCase()));
  const takes = usage ? qualifiersFor(usage.name, meta) : QUALIFIERS.filter((x) => meta || !x.metaOnly);
  return takes.filter((x) => x.repeatable || !present.has(x.name)).map((x) => x.name);
}

/** A qualifier given twice (Part 1 §2.5.5.2): once-only ones, and repeated values of repeatable ones. */
function repeats<S extends SpanLike>(name: string, list: readonly QualifierText<S>[], out: QualifierProblem<S>[]): void {
  const fact = QUALIFIER_BY_NAME.get(name);
  if (!fact || list.length < 2) return;
  if (!fact.repeatable) {
    for (const q of list.slice(1)) out.push({ rule: 'duplicate-qualifier', span: q.span, message: `‘${name}’ may occur only once in a permission (Part 1 §2.5.5.2).` });
    return;
  }
  const values = list.map((q) => (q.value ?? '').toLowerCase());
  const hasOther = values.some((v) => v !== 'any');
  const given = new Set<string>();
  list.forEach((q, i) => {
    if (given.has(values[i])) {
      out.push({ rule: 'duplicate-qualifier', span: q.span, message: `${name}=${values[i]} is already given in this permission.` });
    } else if (values[i] === 'any' && hasOther) {
      out.push({ rule: 'duplicate-qualifier', span: q.span, message: `${name}=any already prohibits every modification and may not be combined with other ${name} qualifiers (Part 1 §2.5.5.2.4).` });
    }
    given.add(values[i]);
  });
}
