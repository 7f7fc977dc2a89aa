/**
 * getInlayHints: what a name defined elsewhere in the file stands for, shown where it is used
 * (Part 1 §2.7): after a local usage `(name)` its standard usage and qualifiers, or its members;
 * after `the-acap:resource-set:NAME` its patterns. Hints are kept short (the full expansion is in
 * the tooltip), and only names with a definition crawlers read get one: a misplaced or missing
 * definition defines nothing, which the diagnostics already say.
 */
import type { InlayHint, Range } from 'vscode-languageserver-types';
import type { RobotsDocument } from '../syntax/document';
import type { UsageRef } from '../syntax/directives';
import { namesResourceSet, RESOURCE_SET_PREFIX } from '../facts/facts';
import { getModel, type Definition } from '../model/model';
import { brief, definitionItems } from './symbols';
import type { LineNode } from '../syntax/syntax';

/** Longest label, in characters, before it is cut with `… +N`. */
const LABEL_MAX = 40;
/** Longest label of a hint that also names the local usage it expands. */
const NAMED_MAX = 54;

function hint(lines: readonly LineNode[], line: number, character: number, def: Definition, named = ''): InlayHint {
  const items = definitionItems(lines[def.line]);
  // A hint after the value names what it expands; with the name it stays within NAMED_MAX
  // (` = ` and a `… +N` tail take at most 9 more characters).
  const name = named.length > 24 ? `${named.slice(0, 22)}…)` : named;
  const label = name ? `${name} = ${brief(items, Math.max(8, NAMED_MAX - name.length - 9))}` : `= ${brief(items, LABEL_MAX)}`;
  const what = def.kind === 'resource-set' ? 'resource set' : def.kind === 'qualified-usage' ? 'qualified usage' : 'composite usage';
  return {
    position: { line, character },
    label,
    paddingLeft: true,
    tooltip: `${what} defined on line ${def.line + 1}: ${items.join(' ')}`,
  };
}

/** Lines [from, to] of `range`, clamped to the document. */
function lineSpan(doc: RobotsDocument, range: Range): [number, number] {
  const last = doc.lines.length - 1;
  const clamp = (n: number): number => (Number.isFinite(n) ? Math.min(Math.max(0, Math.floor(n)), last) : 0);
  const a = clamp(range.start.line);
  const b = clamp(range.end.line);
  return a <= b ? [a, b] : [b, a];
}

/** Inlay hints on the lines `range` touches, in document order. */
export function getInlayHints(doc: RobotsDocument, range: Range): InlayHint[] {
  const model = getModel(doc);
  const lines = doc.lines;
  const out: InlayHint[] = [];
  const local = (line: number, u: UsageRef | undefined, inName = false): void => {
    if (!u?.local || u.unclosed) return;
    const def = model.localUsages.get(u.name);
    if (!def || def.line === line) return;
    // In a field name (`ACAP-allow-(cache):`) a hint would split the name from its colon: it goes
    // after the value instead, and says which name it expands.
    const f = lines[line].field;
    if (inName && f) out.push(hint(lines, line, f.value.end, def, lines[line].text.slice(u.span.start, u.span.end)));
    else out.push(hint(lines, line, u.span.end, def));
  };
  const [from, to] = lineSpan(doc, range);
  for (let i = from; i <= to; i++) {
    const line = lines[i];
    const d = line.directive;
    if (d.kind === 'acap-permission') {
      local(i, d.usage, true);
      if (d.resource) {
        const written = line.text.slice(d.resource.start, d.resource.end);
        if (namesResourceSet(written)) {
          const def = model.resourceSets.get(written.slice(RESOURCE_SET_PREFIX.length).toLowerCase());
          if (def) out.push(hint(lines, i, d.resource.end, def));
        }
      }
    } else if (d.kind === 'acap-composite-usage') {
      // A composite may name qualified usages (Part 1 §2.7.2): show what they qualify.
      for (const m of d.members) local(i, m);
    } else if (d.kind === 'acap-qualified-usage') {
      local(i, d.usage);
    }
  }
  return out;
}
