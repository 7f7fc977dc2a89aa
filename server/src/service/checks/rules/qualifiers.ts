/**
 * Qualifiers of permissions and qualified-usage definitions in robots.txt (Part 1 §2.5): the one
 * ACAP qualifier checker (acap/qualifiers.ts, shared with META tags) reporting `acap.*` codes,
 * qualifiers where none may stand (a prohibition, §2.4.2; a local usage, §2.4.1.3), and an unknown
 * qualifier read in a file that declares ACAP 1.1. O(qualifiers) per line.
 */
import type { UsageFact } from '../../facts/facts';
import type { Directive, QualifierSyntax } from '../../syntax/directives';
import type { Finding, LocatedFinding } from '../../syntax/findings';
import type { LineNode, Span } from '../../syntax/syntax';
import { checkQualifiers as checkAcapQualifiers, type QualifierPlace } from '../../acap/qualifiers';
import type { RobotsModel } from '../../model/model';
import { action, type Fix, type Topic } from '../rule';

type Out = Finding[];

const ROBOTS_TXT: QualifierPlace = { where: 'robots.txt', acap11: false };

function text(line: LineNode, span: Span): string {
  return line.text.slice(span.start, span.end);
}

/** Qualifiers of a permission or qualified-usage definition (Part 1 §2.5): the one ACAP checker, as `acap.*`. */
export function checkQualifiers(line: LineNode, qualifiers: readonly QualifierSyntax[], usage: UsageFact | undefined, out: Out): void {
  // Most fields have none: nothing to check, and nothing made (a map and two lists a field were a
  // tenth of the first validation of a file of 33,000 fields, in a CPU profile).
  if (qualifiers.length === 0) return;
  const written = qualifiers.map((q) => ({
    span: q.span, nameSpan: q.name, valueSpan: q.value, text: text(line, q.span), name: text(line, q.name), value: q.value ? text(line, q.value) : undefined,
  }));
  for (const p of checkAcapQualifiers(written, usage, ROBOTS_TXT)) out.push({ code: `acap.${p.rule}`, span: p.span, message: p.message, replacement: p.replacement });
}

/** The qualifiers after a local usage `(name)` in a permission (Part 1 §2.4.1.3): none may follow it. */
export function checkLocalUsageQualifiers(line: LineNode, qualifiers: readonly QualifierSyntax[], out: Out): void {
  if (qualifiers.some((q) => !q.value)) {
    checkQualifiers(line, qualifiers.filter((q) => !q.value), undefined, out);
  } else if (qualifiers.length > 0) {
    out.push({ code: 'acap.qualifier-on-local-usage', span: { start: qualifiers[0].span.start, end: qualifiers[qualifiers.length - 1].span.end }, message: 'No qualifiers may follow a locally-defined usage (Part 1 §2.4.1.3); put them in its ACAP-qualified-usage definition.' });
  }
}

/** The qualifiers of a permission or prohibition, after its resource (a prohibition takes none, Part 1 §2.4.2). */
export function checkPermissionQualifiers(line: LineNode, d: Extract<Directive, { kind: 'acap-permission' }>, usage: UsageFact | undefined, out: Out): void {
  if (!d.allow && d.qualifiers.length > 0) {
    const withValue = d.qualifiers.filter((q) => q.value);
    if (withValue.length) {
      out.push({ code: 'acap.qualifier-on-prohibition', span: { start: withValue[0].span.start, end: withValue[withValue.length - 1].span.end }, message: 'A prohibition takes no qualifiers (Part 1 §2.4.2). To restrict a usage, permit it with qualifiers instead: ACAP-allow-… with the same qualifiers.' });
    }
    checkQualifiers(line, d.qualifiers.filter((q) => !q.value), undefined, out);
    return;
  }
  if (d.usage?.local && d.allow && d.qualifiers.length > 0) return;
  checkQualifiers(line, d.qualifiers, usage, out);
}

/**
 * A line's unknown qualifier, read in the light of the file's declared version (docs/decisions.md
 * §3.7): in a 1.1 file it may be one that 1.1 added. Undefined when the version changes nothing.
 */
export function readWithVersion(model: RobotsModel, f: LocatedFinding): LocatedFinding | undefined {
  if (model.acapVersion !== '1.1' || f.code !== 'acap.unknown-qualifier') return undefined;
  return { ...f, code: 'acap.unknown-qualifier-1.1', message: `${f.message} The file declares ACAP 1.1, which may define it; a crawler that does not understand it treats the permission as a prohibition.` };
}

/** Remove the qualifiers and the whitespace before them. */
const removeQualifiers: Fix = (doc, d) => {
  const line = d.range.start.line;
  const node = doc.lines[line];
  let start = d.range.start.character;
  while (start > 0 && /[ \t]/.test(node.text[start - 1])) start--;
  return [action('Remove the qualifiers', doc, d, [{ range: { start: { line, character: start }, end: d.range.end }, newText: '' }])];
};

export const topic: Topic = {
  topic: 'qualifiers',
  rules: [
    {
      // `acap.${rule}` of acap/qualifiers.ts: every QualifierRule but the readiness ones (acapFields.ts owns those codes).
      codes: ['acap.unknown-qualifier', 'acap.qualifier-not-valid-for-usage', 'acap.invalid-qualifier-value', 'acap.malformed-qualifier', 'acap.duplicate-qualifier', 'acap.meta-only-qualifier'],
      stage: 'line', check: checkQualifiers,
    },
    { codes: ['acap.qualifier-on-local-usage'], stage: 'line', check: checkLocalUsageQualifiers, fixes: { 'acap.qualifier-on-local-usage': removeQualifiers } },
    { codes: ['acap.qualifier-on-prohibition'], stage: 'line', check: checkPermissionQualifiers, fixes: { 'acap.qualifier-on-prohibition': removeQualifiers } },
    { codes: ['acap.unknown-qualifier-1.1'], stage: 'line', check: readWithVersion },
  ],
};
