/**
 * Writes test/corpus/real/large-group.txt: one `*` group of a few thousand rules, the shape of the
 * largest real robots.txt files (a shop that lists every retired product URL by hand). The text is
 * a pure function of the constants below — no randomness, no clock — so running the script again
 * gives the committed file byte for byte.
 *
 *   npx tsx test/corpus/make-large.ts          # rewrite the file
 *   npx tsx test/corpus/make-large.ts --check  # exit 1 if the committed file differs
 *
 * Cost: O(RULES) lines of bounded length.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

const RULES = 4000;
const FILE = path.join(__dirname, 'real', 'large-group.txt');

const CATEGORIES = ['garden', 'kitchen', 'tools', 'lighting', 'bath', 'textiles', 'outdoor', 'office'];
const SUFFIXES = ['', '.html', '?variant=', '/reviews', '*', '$'];

/** A small linear congruential generator with a fixed seed: the same sequence on every run. */
function lcg(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state;
  };
}

export function largeGroup(): string {
  const next = lcg(20260601);
  const lines = [
    '# Retired products: removed from the catalogue, kept out of search results.',
    '# This list is maintained by the shop system; do not edit by hand.',
    'User-agent: *',
  ];
  for (let i = 0; i < RULES; i++) {
    const r = next();
    const category = CATEGORIES[r % CATEGORIES.length];
    const suffix = SUFFIXES[(r >>> 8) % SUFFIXES.length];
    const id = 100000 + ((r >>> 4) % 900000);
    const field = (r >>> 16) % 23 === 0 ? 'Allow' : 'Disallow';
    lines.push(`${field}: /${category}/p-${id}${suffix === '$' ? '.html$' : suffix}`);
    if (i % 500 === 499) lines.push(`# batch ${(i + 1) / 500}`);
  }
  lines.push('', 'Sitemap: https://www.haus-und-hof-versand.example/sitemap.xml', '');
  return lines.join('\n');
}

if (require.main === module) {
  const text = largeGroup();
  if (process.argv.includes('--check')) {
    const same = readFileSync(FILE, 'utf8') === text;
    console.log(same ? `${FILE} is up to date` : `${FILE} differs: run npx tsx test/corpus/make-large.ts`);
    process.exit(same ? 0 : 1);
  }
  writeFileSync(FILE, text);
  console.log(`wrote ${FILE}: ${RULES} rules, ${text.length} characters`);
}
