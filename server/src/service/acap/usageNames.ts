/**
 * What a usage name is (Part 1 §2.5; Part 2 §2.2.9): a standard usage type, a used resource type
 * after a usage other than present (`index-snippet`), or unknown — with the closest usage for a
 * did-you-mean. Shared by the robots.txt and the META checks, which word their own messages.
 */
import { USAGE_BY_NAME, USAGES, USED_RESOURCE_TYPES, type UsageFact } from '../facts/facts';
import { closest } from '../facts/suggest';

export const USAGE_NAMES: readonly string[] = USAGES.map((u) => u.name);

export type UsageName =
  | { readonly kind: 'known'; readonly fact: UsageFact }
  /** `index-snippet`: only present takes a used resource type; the fix is `present-snippet`. */
  | { readonly kind: 'combination'; readonly type: string; readonly replacement: string }
  /** `known` lists what the name could have been; `near` is the closest usage, if any. */
  | { readonly kind: 'unknown'; readonly known: string; readonly near: string | undefined };

export function classifyUsage(name: string): UsageName {
  const fact = USAGE_BY_NAME.get(name);
  if (fact) return { kind: 'known', fact };
  const dash = name.lastIndexOf('-');
  const base = dash > 0 ? name.slice(0, dash) : name;
  const type = dash > 0 ? name.slice(dash + 1) : '';
  if (dash > 0 && USAGE_BY_NAME.has(base) && base !== 'present' && USED_RESOURCE_TYPES.includes(type)) {
    return { kind: 'combination', type, replacement: `present-${type}` };
  }
  // Plurals and near misses: present-links -> present-link (guide annex A.2.1), presnt -> present.
  const singular = name.endsWith('s') ? name.slice(0, -1) : undefined;
  const near = singular && USAGE_BY_NAME.has(singular) ? singular : closest(name, USAGE_NAMES);
  const known = base === 'present' && type
    ? `present takes one of ${USED_RESOURCE_TYPES.join(', ')}`
    : `the usage types are ${USAGE_NAMES.filter((n) => !n.startsWith('present-')).join(', ')} and present-TYPE`;
  return { kind: 'unknown', known, near };
}
