/**
 * Checks of the AI-era preference lines (Content-Usage, Content-Signal and its alias
 * Content-Signals) and the extension directives seen in the wild (LLM-Policy, Agentmap). Each
 * check reads one line: O(n) in its length.
 */
import {
  CONTENT_SIGNAL_ALIASES, CONTENT_SIGNAL_KEY_BY_NAME, CONTENT_SIGNAL_KEYS, CONTENT_USAGE_LABEL_BY_NAME, CONTENT_USAGE_LABELS,
  EXTENSION_FIELDS, OBSOLETE_USAGE_LABELS,
} from '../../facts/signalFacts';
import { closest, didYouMean } from '../../facts/suggest';
import type { Finding } from '../../syntax/findings';
import { parseContentSignal, parseContentUsage, parseDictionary } from '../../syntax/signals';
import type { LineNode, Span } from '../../syntax/syntax';
import type { Topic } from '../rule';
import { checkPathHygiene } from './paths';

const LABELS = CONTENT_USAGE_LABELS.map((l) => l.label);
const KEYS = CONTENT_SIGNAL_KEYS.map((k) => k.key);

/**
 * `Content-Usage: [path] dictionary` (IETF aipref attach draft, robots.txt form; vocabulary drafts
 * -05 … -08). A value that is not an RFC 9651 Dictionary voids the whole line.
 */
export function checkContentUsage(line: LineNode, value: Span, out: Finding[]): void {
  const t = line.text;
  const cu = parseContentUsage(t, value);
  if (cu.path) checkPathHygiene(line, cu.path, out);
  const prefs = t.slice(cu.prefs.start, cu.prefs.end);
  if (!cu.dict.ok) {
    // A repair that parses: keys lower-cased, spaces between preferences made commas.
    const fixed = prefs.toLowerCase().replace(/\s*,\s*|\s+/g, ', ').replace(/,\s*$/, '');
    const parses = fixed !== prefs && parseDictionary(fixed, 0, fixed.length).ok;
    out.push({
      code: 'rep.invalid-preference', span: cu.prefs,
      message: `This Content-Usage value is not an RFC 9651 Dictionary (${cu.dict.reason}, column ${cu.dict.at + 1}), so the whole line is void: crawlers read no preference from it.${parses ? ` Write ‘${fixed}’.` : ''}`,
      ...(parses ? { replacement: fixed } : {}),
    });
    return;
  }
  const members = cu.dict.members;
  if (members.length === 0) {
    out.push({ code: 'rep.invalid-preference', span: cu.prefs.start === cu.prefs.end ? value : cu.prefs, message: 'Content-Usage needs preferences after the optional path, such as train-ai=n, search=y.' });
    return;
  }
  const last = new Map<string, number>();
  members.forEach((m, i) => last.set(m.key, i));
  members.forEach((m, i) => {
    const later = last.get(m.key);
    if (later !== undefined && later !== i) {
      out.push({ code: 'signal.duplicate-key', span: m.keySpan, message: `‘${m.key}’ appears again on column ${members[later].keySpan.start + 1}; only the last one counts (RFC 9651 §4.2.2). Remove this one.` });
      return;
    }
    if (m.kind === 'boolean' && m.value === '') {
      out.push({ code: 'rep.invalid-preference', span: m.keySpan, message: `‘${m.key}’ has no value: a bare key means true, which is not a preference. Write ${m.key}=y or ${m.key}=n.` });
      return;
    }
    const known = CONTENT_USAGE_LABEL_BY_NAME.get(m.key);
    if (known) {
      if (m.kind !== 'token' || (m.value !== 'y' && m.value !== 'n')) {
        const shown = `‘${m.value}’`;
        const guess = /^(yes|true|allow|\?1|"y")$/i.test(m.value) ? 'y' : /^(no|false|disallow|deny|\?0|"n")$/i.test(m.value) ? 'n' : undefined;
        out.push({
          code: 'signal.invalid-value', span: m.valueSpan,
          message: `${shown} is not a preference: only the tokens y and n count (lower case), so ${m.key} is unknown here.${guess ? ` Write ${m.key}=${guess}.` : ''}`,
          ...(guess ? { replacement: guess } : {}),
        });
      }
      return;
    }
    const obsolete = OBSOLETE_USAGE_LABELS.get(m.key);
    if (obsolete) {
      out.push({
        code: 'signal.obsolete-label', span: m.keySpan,
        message: `‘${m.key}’ is not in the aipref vocabulary (drafts -05 to -08 define only train-ai and search), so crawlers ignore it: ${obsolete.history}.${obsolete.instead ? ` Write ‘${obsolete.instead}’.` : ' Say what you mean with train-ai and search, or Content-Signal\'s ai-input.'}`,
        ...(obsolete.instead ? { replacement: obsolete.instead } : {}),
      });
      return;
    }
    const near = closest(m.key.replace(/_/g, '-'), LABELS);
    out.push({
      code: 'signal.unknown-label', span: m.keySpan,
      message: `‘${m.key}’ is not a label of the aipref vocabulary (train-ai, search); crawlers ignore it.${didYouMean(near)}`,
      ...(near ? { replacement: near } : {}),
    });
  });
}

/**
 * `Content-Signal: [path] search=yes|no, ai-input=yes|no, ai-train=yes|no[, use=…]` (Cloudflare's
 * Content Signals Policy). A missing key neither grants nor restricts, so nothing is required.
 */
export function checkContentSignal(line: LineNode, value: Span, out: Finding[]): void {
  const t = line.text;
  const cs = parseContentSignal(t, value);
  if (cs.path) checkPathHygiene(line, cs.path, out);
  if (cs.pairs.length === 0) {
    out.push({ code: 'rep.invalid-preference', span: value, message: 'Content-Signal needs preferences after the optional path, such as search=yes, ai-train=no.' });
    return;
  }
  for (const gap of cs.missingCommas) {
    out.push({ code: 'signal.missing-comma', span: gap, message: 'Separate Content-Signal preferences with commas (search=yes, ai-train=no); parsers that follow the policy may stop reading here.', replacement: ', ' });
  }
  const lastAt = new Map<string, number>();
  cs.pairs.forEach((p, i) => lastAt.set(p.key, i));
  cs.pairs.forEach((p, i) => {
    const written = t.slice(p.keySpan.start, p.keySpan.end);
    if (!p.hasEquals) {
      out.push({ code: 'rep.invalid-preference', span: p.keySpan, message: `‘${written}’ is not key=value; Content-Signal preferences are written search=yes, ai-train=no.` });
      return;
    }
    const fact = CONTENT_SIGNAL_KEY_BY_NAME.get(p.key);
    if (!fact) {
      const near = closest(p.key.replace(/_/g, '-'), KEYS);
      out.push({ code: 'signal.unknown-key', span: p.keySpan, message: `‘${written}’ is not a Content-Signal key (search, ai-input, ai-train, use); crawlers ignore it.${didYouMean(near)}`, ...(near ? { replacement: near } : {}) });
      return;
    }
    if (lastAt.get(p.key) !== i) {
      out.push({ code: 'signal.duplicate-key', span: p.keySpan, message: `‘${written}’ appears again later on this line; only the last one counts. Remove this one.` });
      return;
    }
    if (!fact.values.includes(p.value)) {
      const guess = fact.key === 'use' ? closest(p.value, fact.values) : /^(y|true|allow)$/.test(p.value) ? 'yes' : /^(n|false|disallow|deny)$/.test(p.value) ? 'no' : undefined;
      out.push({
        code: 'signal.invalid-value', span: p.valueSpan.start === p.valueSpan.end ? p.keySpan : p.valueSpan,
        message: `${fact.key} takes ${fact.values.join(' or ')}; ‘${t.slice(p.valueSpan.start, p.valueSpan.end)}’ says nothing, so ${fact.key} is unknown here.${didYouMean(guess)}`,
        ...(guess ? { replacement: guess } : {}),
      });
    }
  });
}

/**
 * A field written by an alias (FIELD_ALIASES: `Content-Signals`), which the lexer reads as the
 * field itself: the hint to write the field's own name. Its value is checked as the field's.
 */
export function checkFieldAlias(line: LineNode, out: Finding[]): void {
  const f = line.field;
  if (!f || f.repair !== 'alias' || !f.fact) return;
  out.push({ code: 'signal.alias', span: f.name, message: `${line.text.slice(f.name.start, f.name.end)} is read as ${f.fact.name} here, but the policy and most parsers write the singular. Write ‘${f.fact.name}’.`, replacement: f.fact.name });
}

/**
 * Fields the product does not list in its field table but recognises here: LLM-Policy and
 * Agentmap. Returns whether the line was handled.
 */
export function checkExtensionField(line: LineNode, out: Finding[]): boolean {
  const f = line.field;
  if (!f || f.separator !== 'colon') return false;
  const lower = line.text.slice(f.name.start, f.name.end).toLowerCase();
  const ext = EXTENSION_FIELDS.get(lower);
  if (ext) {
    out.push({ code: 'signal.extension-field', span: f.name, message: `${ext.name} ${ext.summary}. It is seen in the wild, but no major crawler documents reading it, and it grants or restricts nothing by itself.` });
    return true;
  }
  return false;
}

/** Field names the AI-use engine reads as Content-Signal, lower-cased. */
export function isContentSignalName(lower: string): boolean {
  return lower === 'content-signal' || CONTENT_SIGNAL_ALIASES.includes(lower);
}

export const topic: Topic = {
  topic: 'AI signals',
  rules: [
    { codes: ['rep.invalid-preference', 'signal.duplicate-key', 'signal.invalid-value', 'signal.obsolete-label', 'signal.unknown-label'], stage: 'line', check: checkContentUsage },
    { codes: ['signal.missing-comma', 'signal.unknown-key'], stage: 'line', check: checkContentSignal },
    { codes: ['signal.alias', 'signal.extension-field'], stage: 'line', check: checkExtensionField },
  ],
};
