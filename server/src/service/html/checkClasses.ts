/**
 * Element-level permissions in `class` attributes (Part 2 §2.2.5, §2.2.6, §3):
 *
 *   class-attribute-permission  = "the-acap:allow-" (ACAP-usage-name / local-usage-name)
 *   class-attribute-prohibition = "the-acap:disallow-" ACAP-usage-name
 */
import { didYouMean } from '../facts/suggest';
import { isAcapName } from '../acap/values';
import { checkUsage } from './checkMeta';
import { CLASS_ALLOW_PREFIX, CLASS_DISALLOW_PREFIX } from '../facts/htmlFacts';
import type { Out } from './htmlFindings';
import { isNearClassPrefix } from './scan';
import type { ClassPermission, HtmlPage, Word } from './types';

/** What a misspelt `the-acap:` class value most likely means (`the-acap-allow-index` → `the-acap:allow-index`). */
function fixClass(word: Word): string | undefined {
  const m = /^(?:the[-_.]?acap|acap)[-_:.]+((?:dis)?allow)[-_:]?(.+)$/i.exec(word.text);
  return m ? `the-acap:${m[1].toLowerCase()}-${m[2]}` : undefined;
}

function checkOne(page: HtmlPage, c: ClassPermission, out: Out): void {
  const prefix = c.allow ? CLASS_ALLOW_PREFIX : CLASS_DISALLOW_PREFIX;
  if (!c.inBody) {
    out.push({ code: 'meta.class-outside-body', span: c.word.span, message: `Element-level permissions belong on elements in the page body (Part 2 §2.2.5); crawlers do not read them on <${c.element}>. Use a META tag in the head for the whole page.` });
  }
  if (!c.usage) {
    out.push({ code: 'meta.unknown-usage', span: c.word.span, message: `Name a usage type after ‘${prefix}’, e.g. ${prefix}index (Part 2 §2.2.5).` });
    return;
  }
  if (c.usage.local) {
    if (!c.allow) {
      out.push({ code: 'meta.local-usage', span: c.usage.span, message: 'A prohibition may not use a locally-defined usage (Part 2 §3 class-attribute-prohibition; Part 1 §2.4.2): prohibit each standard usage type instead.' });
    } else if (!page.text.slice(c.usage.span.start, c.usage.span.end).endsWith(')') || !isAcapName(c.usage.name)) {
      out.push({ code: 'meta.unknown-usage', span: c.usage.span, message: `‘${page.text.slice(c.usage.span.start, c.usage.span.end)}’ is not a local usage: write (NAME), with a name that starts with a letter, then letters, digits, ‘-’, ‘_’ or ‘.’ (Part 1 §3).` });
    }
    return;
  }
  checkUsage(c.usage, page.text.slice(c.usage.span.start, c.usage.span.end), out);
}

/** Every class permission and stray `the-acap:` class word of a page. */
export function checkClasses(page: HtmlPage, out: Out): void {
  for (const c of page.classes) checkOne(page, c, out);
  // Part 2 §2.2.8: allow and disallow of one usage on the same element (the same part of the
  // page) are a conflict, which means prohibited.
  const byElement = new Map<number, ClassPermission[]>();
  for (const c of page.classes) {
    if (!c.usage) continue;
    const list = byElement.get(c.tag.start) ?? [];
    list.push(c);
    byElement.set(c.tag.start, list);
  }
  // Each word against the first one of the opposite kind for the same usage on its element:
  // one pass per element with a map, O(classes), not a search of the element's list per word
  // (20,000 classes on one element took 11 s).
  const keyOf = (c: ClassPermission, allow: boolean): string => `${allow} ${c.usage?.local} ${c.usage?.name}`;
  for (const list of byElement.values()) {
    const first = new Map<string, ClassPermission>();
    for (const c of list) if (!first.has(keyOf(c, c.allow))) first.set(keyOf(c, c.allow), c);
    for (const c of list) {
      const other = first.get(keyOf(c, !c.allow));
      if (other && c.word.span.start > other.word.span.start) {
        out.push({
          code: 'meta.contradictory', span: c.word.span,
          message: `This element both permits and prohibits ${c.usage?.name}: conflicting values mean the usage is prohibited for it (Part 2 §2.2.8).`,
          related: [{ span: other.word.span, message: `the conflicting ${other.allow ? 'permission' : 'prohibition'}` }],
        });
      }
    }
  }
  for (const w of page.strayClasses) {
    const fixed = fixClass(w);
    const prefixOff = isNearClassPrefix(w.text.toLowerCase());
    out.push({
      code: 'meta.unknown-class', span: w.span,
      message: prefixOff
        ? `‘${w.text}’ is not an ACAP class value: the prefix is ‘the-acap:’ with a colon (Part 2 §2.2.5, §3).${didYouMean(fixed)}`
        : `‘${w.text}’ is not an ACAP class value: write the-acap:allow-USAGE or the-acap:disallow-USAGE (Part 2 §2.2.5, §3).${didYouMean(fixed)}`,
      replacement: fixed,
    });
  }
}
