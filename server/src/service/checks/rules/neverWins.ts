/**
 * Fields that can never win where they were meant to (interpretation §3.3, §3.10).
 *
 * Part 1 §2.4.5 ranks patterns character by character: a `/` is narrower than a `*` in the same
 * place, and a `*` narrower than a `$`. So a pattern that starts with `*` (`*.html$`) never beats
 * an opposite field whose pattern starts with `/` and matches the same paths — the author of
 * `*.html$` almost always meant `/*.html$` — and `/page$` never beats an opposite `/page*`.
 * `ACAP-disallow-other` for the whole site with no field speaking on crawl prohibits crawl itself
 * (nothing else speaks on it), and every usage depends on crawl: the whole site is closed.
 *
 * Fields compete within one tier (interpretation §3.1), so they are compared within a bucket:
 * the general fields of the records for one set of crawlers, or one purpose sub-record.
 * Cost: O(n) to bucket, O(b × u) per bucket of b fields with u usages to list the opposite fields
 * of each kind and usage (only where a pattern starts with `*` or ends with `$`), then O(s × b)
 * where s counts those patterns.
 */
import { RESOURCE_SET_PREFIX, USAGE_BY_NAME } from '../../facts/facts';
import type { LocatedFinding } from '../../syntax/findings';
import type { RobotsModel } from '../../model/model';
import { lineAt } from '../../syntax/document';
import { matchPattern } from '../../syntax/paths';
import type { Span } from '../../syntax/syntax';
import { replaceWith, type Topic } from '../rule';

interface Field {
  readonly line: number;
  readonly allow: boolean;
  readonly usage: string;
  /** Lower-cased patterns, with the span of the one written on the line (not from a resource set). */
  readonly patterns: readonly { readonly key: string; readonly text: string; readonly span: Span | undefined }[];
}

function family(a: string, b: string): boolean {
  const base = (u: string): string => USAGE_BY_NAME.get(u)?.base ?? u;
  return a === b || base(a) === b || a === base(b);
}

function fieldOf(model: RobotsModel, i: number): Field | undefined {
  const doc = model.document;
  const line = lineAt(doc, i);
  const d = line.directive;
  if (d.kind !== 'acap-permission' || !d.usage || d.usage.local || !d.resource) return undefined;
  const spec = line.text.slice(d.resource.start, d.resource.end);
  if (spec.toLowerCase().startsWith(RESOURCE_SET_PREFIX)) {
    const def = model.resourceSets.get(spec.slice(RESOURCE_SET_PREFIX.length).toLowerCase());
    const dd = def ? lineAt(doc, def.line).directive : undefined;
    if (!def || dd?.kind !== 'acap-resource-set') return undefined;
    const defLine = lineAt(doc, def.line);
    return { line: i, allow: d.allow, usage: d.usage.name, patterns: dd.patterns.map((p) => { const text = defLine.text.slice(p.start, p.end); return { key: text.toLowerCase(), text, span: undefined }; }) };
  }
  return { line: i, allow: d.allow, usage: d.usage.name, patterns: [{ key: spec.toLowerCase(), text: spec, span: d.resource }] };
}

/** A path the pattern matches: wildcards filled in, the end anchor dropped, a leading `/` added. */
function samplePath(pattern: string): string {
  const p = pattern.replace(/\$$/, '').replace(/\*/g, 'x');
  return p.startsWith('/') ? p : '/' + p;
}

export function checkNeverWins(model: RobotsModel, out: LocatedFinding[]): void {
  if (model.records.length === 0) return;
  const doc = model.document;
  const crawlerName = (l: number): string => {
    const f = lineAt(doc, l).field;
    return f ? lineAt(doc, l).text.slice(f.value.start, f.value.end).trim().toLowerCase() : '';
  };
  const buckets = new Map<string, Field[]>();
  const put = (key: string, f: Field | undefined): void => {
    if (!f) return;
    const b = buckets.get(key);
    if (b) b.push(f);
    else buckets.set(key, [f]);
  };
  model.records.forEach((r, k) => {
    const who = r.crawlers.map(crawlerName).sort().join(' ');
    for (const i of r.general) put(`general ${who}`, fieldOf(model, i));
    r.subRecords.forEach((s, n) => { for (const i of s.fields) put(`sub ${k}.${n}`, fieldOf(model, i)); });
  });
  for (const bucket of buckets.values()) {
    // The opposite fields of each kind and usage, listed once per bucket when a pattern that
    // could lose asks: listing them for every field made a record of 155,000 fields take minutes.
    const opposites = new Map<string, Field[]>();
    const oppositeOf = (a: Field): Field[] => {
      const key = `${a.allow ? 'allow' : 'disallow'} ${a.usage}`;
      let list = opposites.get(key);
      if (!list) opposites.set(key, (list = bucket.filter((b) => b.allow !== a.allow && family(a.usage, b.usage))));
      return list;
    };
    for (const a of bucket) {
      for (const p of a.patterns) {
        if (!p.span || !(p.key.startsWith('*') || p.key.endsWith('$'))) continue;
        const opposite = oppositeOf(a);
        if (p.key.startsWith('*')) {
          const sample = samplePath(p.key);
          const rival = opposite.find((b) => b.patterns.some((q) => q.key.startsWith('/') && matchPattern(q.key, sample)));
          if (rival) {
            const q = rival.patterns.find((x) => x.key.startsWith('/') && matchPattern(x.key, sample));
            out.push({
              line: a.line, code: 'acap.star-pattern-never-wins', span: p.span, replacement: '/' + p.text,
              message: `‘${p.text}’ can never win against line ${rival.line + 1} (‘${q?.text}’): Part 1 §2.4.5 compares patterns character by character, and a leading ‘*’ is broader than ‘/’, so line ${rival.line + 1} decides every path both match. Write ‘/${p.text}’ to make this the narrower pattern.`,
              related: [{ line: rival.line, span: rival.patterns.find((x) => x === q)?.span ?? { start: 0, end: lineAt(doc, rival.line).text.length }, message: 'the field that always wins' }],
            });
            continue;
          }
        }
        if (p.key.endsWith('$')) {
          const stem = p.key.slice(0, -1) + '*';
          const rival = opposite.find((b) => b.patterns.some((q) => q.key.startsWith(stem)));
          if (rival) {
            const q = rival.patterns.find((x) => x.key.startsWith(stem));
            out.push({
              line: a.line, code: 'acap.dollar-never-wins', span: p.span,
              message: `‘${p.text}’ can never win against line ${rival.line + 1} (‘${q?.text}’): Part 1 §2.4.5 counts ‘$’ broader than any character, even ‘*’, so line ${rival.line + 1} decides ‘${p.text.slice(0, -1)}’ too. Narrow line ${rival.line + 1} (for example ‘${p.text.slice(0, -1)}?*’ or a longer literal) if this line is meant to decide that path.`,
              related: [{ line: rival.line, span: q?.span ?? { start: 0, end: lineAt(doc, rival.line).text.length }, message: 'the field that always wins' }],
            });
          }
        }
      }
    }
  }
  checkDisallowOther(model, crawlerName, out);
}

/** interpretation §3.10: `ACAP-disallow-other` over the whole site, and nothing speaks on crawl. */
function checkDisallowOther(model: RobotsModel, crawlerName: (l: number) => string, out: LocatedFinding[]): void {
  const doc = model.document;
  const speaksOnCrawl = (i: number): boolean => {
    const d = lineAt(doc, i).directive;
    return d.kind === 'acap-permission' && d.usage !== undefined && !d.usage.local && d.usage.name === 'crawl';
  };
  const hasOther = model.records.some((r) => r.general.some((i) => { const d = lineAt(doc, i).directive; return d.kind === 'acap-permission' && !d.allow && d.usage?.name === 'other'; }));
  if (!hasOther) return;
  // Conventional Allow lines are crawl candidates too (interpretation §3.6), unless ignored.
  const hidden = new Set(model.records.flatMap((r) => r.conventional));
  const conventionalAllows = model.ignoreConventional.length === 0 && model.groups.some((g) => g.members.some((m) => {
    const d = lineAt(doc, m).directive;
    return d.kind === 'rule' && d.allow && !hidden.has(m);
  }));
  if (conventionalAllows) return;
  // The crawler names of the records that speak on crawl (or refer to another file): a record is
  // answered when one of its names, or `*`, is among them. Once, O(records × crawlers): comparing
  // every record with every other took 94 s for 20,000 records.
  const speaking = new Set<string>();
  for (const x of model.records) if (x.reference !== undefined || x.general.some(speaksOnCrawl)) for (const c of x.crawlers) speaking.add(crawlerName(c));
  for (const r of model.records) {
    if (!r.general.some((i) => { const d = lineAt(doc, i).directive; return d.kind === 'acap-permission' && !d.allow && d.usage?.name === 'other'; })) continue;
    const names = new Set(r.crawlers.map(crawlerName));
    if (speaking.has('*') || [...names].some((n) => speaking.has(n)) || r.reference !== undefined || r.general.some(speaksOnCrawl)) continue;
    for (const i of r.general) {
      const d = lineAt(doc, i).directive;
      if (d.kind !== 'acap-permission' || d.allow || d.usage?.name !== 'other' || !d.resource) continue;
      const spec = lineAt(doc, i).text.slice(d.resource.start, d.resource.end);
      if (!['/', '*', '/*'].includes(spec)) continue;
      out.push({
        line: i, code: 'acap.disallow-other-blocks-site', span: d.resource,
        message: `With no field on crawl for ${[...names].join(', ')}, ACAP-disallow-other: ${spec} prohibits crawl itself (guide example 4.3), and every usage depends on crawl (guide §2.4): these crawlers may do nothing anywhere on the site. Add ACAP-allow-crawl: / to the record if they may crawl.`,
      });
    }
  }
}


export const topic: Topic = {
  topic: 'fields that never win',
  rules: [
    {
      codes: ['acap.star-pattern-never-wins', 'acap.dollar-never-wins', 'acap.disallow-other-blocks-site'], stage: 'document', check: checkNeverWins,
      fixes: { 'acap.star-pattern-never-wins': replaceWith((r) => `Start the pattern with ‘/’: ‘${r}’`) },
    },
  ],
};
