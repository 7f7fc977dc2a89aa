/**
 * The `robotsAcap.*` settings contributed in package.json, derived from the diagnostic code
 * table so the two can never disagree. `npx tsx scripts/settingsSchema.ts --write` updates
 * package.json; test/unit/packageJson.test.ts fails when it is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { CODES, DEFAULT_CRAWLERS, DEFAULT_MAX_PROBLEMS, PROFILES, facts } from '../server/src/service';

const { formatSpec } = facts;

export function settingsProperties(): Record<string, unknown> {
  const codes: Record<string, unknown> = {};
  for (const c of CODES) {
    codes[c.code] = {
      type: 'string',
      enum: ['off', 'hint', 'information', 'warning', 'error'],
      default: c.severity,
      description: `${c.description} (${formatSpec(c.spec)})`,
    };
  }
  return {
    'robotsAcap.diagnostics': {
      type: 'object',
      scope: 'resource',
      default: {},
      additionalProperties: false,
      properties: codes,
      markdownDescription: 'Severity of each diagnostic, by code: `off`, `hint`, `information`, `warning` or `error`. Codes not listed keep their default.',
    },
    'robotsAcap.crawlers': {
      type: 'array',
      items: { type: 'string' },
      scope: 'resource',
      default: [...DEFAULT_CRAWLERS],
      description: 'Crawlers shown in hover tables and offered by "Check a URL", besides those the file names.',
    },
    'robotsAcap.profile': {
      type: 'string',
      enum: [...PROFILES],
      scope: 'resource',
      default: 'rfc9309',
      enumDescriptions: [
        'RFC 9309: exact product token, groups merge, longest match wins, Allow on ties.',
        'Google\'s parser exactly (google/robotstxt).',
        'Koster 1996 draft: first record containing the token, first matching line wins, no wildcards.',
      ],
      description: 'How conventional User-agent groups are read, in hovers, "Check a URL" and the ACAP reading\'s conventional lines.',
    },
    'robotsAcap.siteRoot': {
      type: 'string',
      scope: 'resource',
      default: '',
      description: 'The folder that is the site root for HTML pages (their paths are relative to it, and its robots.txt applies). Empty: the nearest folder above the page that holds a robots.txt.',
    },
    'robotsAcap.maxProblems': {
      type: 'number',
      scope: 'resource',
      default: DEFAULT_MAX_PROBLEMS,
      minimum: 1,
      description: 'At most this many problems are reported per file; a note says how many more there were.',
    },
  };
}

if (process.argv.includes('--write')) {
  const file = path.resolve(__dirname, '../package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  pkg.contributes.configuration.properties = settingsProperties();
  writeFileSync(file, JSON.stringify(pkg, null, 2) + '\n');
}
