/**
 * Generated worst cases (issue 12): small files that made one request take seconds to minutes.
 * The benchmark (worstCases.ts) sends each to the built server and times the answer; the unit
 * tests (test/unit/bounds.test.ts) call the language service on the same files; the fuzzer
 * (scripts/fuzz.ts) mixes them into its random documents.
 */

export type Method = 'textDocument/hover' | 'textDocument/completion' | 'textDocument/codeAction' | 'textDocument/diagnostic';

export interface WorstCase {
  readonly name: string;
  /** What issue 12 measured before the fix, for the printout. */
  readonly reported: string;
  readonly languageId: 'robots-txt' | 'html';
  readonly text: string;
  readonly method: Method;
  /** Where the request points (hover, completion, code actions). */
  readonly line: number;
  readonly character: number;
}

const lines = (n: number, f: (i: number) => string): string => Array.from({ length: n }, (_, i) => f(i)).join('\n');

/** `Disallow: /***…` with `stars` stars, hovered. */
export function starsHover(stars: number): WorstCase {
  return {
    name: `hover on Disallow of ${stars} *`, reported: stars >= 30_000 ? '> 3 min' : stars >= 10_000 ? '50 s' : '',
    languageId: 'robots-txt', text: `User-agent: *\nDisallow: /${'*'.repeat(stars)}\n`,
    method: 'textDocument/hover', line: 1, character: 12,
  };
}

/** `rules` Allow/Disallow lines of `stars` stars each (with letters between), refactorings asked for. */
export function manyStarRules(rules: number, stars: number): WorstCase {
  const rule = (i: number): string => `${i % 2 ? 'Allow' : 'Disallow'}: /${Array.from({ length: stars }, (_, k) => 'abc'[(i + k) % 3]).join('*')}*`;
  return {
    name: `code actions on ${rules} rules of ${stars} *`, reported: rules >= 100 && stars >= 100 ? 'minutes, GBs' : '',
    languageId: 'robots-txt', text: `User-agent: *\n${lines(rules, rule)}\n`,
    method: 'textDocument/codeAction', line: 1, character: 0,
  };
}

/** Two patterns of `length` characters with one literal head, refactorings asked for. */
export function longPatternPair(length: number): WorstCase {
  const half = Math.floor(length / 2);
  return {
    name: `code actions on two ${length}-char patterns with one head`, reported: length >= 4000 ? 'minutes, GBs' : '',
    languageId: 'robots-txt',
    text: `User-agent: *\nDisallow: /${'a'.repeat(half)}${'*a'.repeat(half / 2)}\nAllow: /${'a'.repeat(half)}${'a*'.repeat(half / 2)}$\n`,
    method: 'textDocument/codeAction', line: 1, character: 0,
  };
}

/**
 * `records` ACAP records of their own crawlers, with `long` groups among them whose one Allow has
 * a pattern of `width` characters (a fuzzed file had twelve of 49,716): converted to REP, whose
 * verification asks every crawler about probe paths made from that pattern. Each query normalised
 * the path and hashed a decision key holding it again: 35 s at 100,000 characters.
 */
export function longAllowsBesideRecords(records: number, long: number, width: number): WorstCase {
  const out: string[] = [];
  const every = Math.max(1, Math.floor(records / long));
  for (let i = 0; i < records; i++) {
    out.push(`ACAP-crawler: bot${i}`, `ACAP-disallow-crawl: /p${i}/`);
    if (i % every === every - 1) out.push('User-agent:\t ', `Allow:\tuntil-${' '.repeat(width)},b=no`);
  }
  return {
    name: `convert ${records} ACAP records beside ${long} Allow lines of ${width} characters to REP`, reported: width >= 100_000 ? '35 s' : '',
    languageId: 'robots-txt', text: out.join('\n') + '\n', method: 'textDocument/codeAction', line: 1, character: 0,
  };
}

/** A Visit-time value padded with `spaces` spaces, diagnosed. */
export function paddedVisitTime(spaces: number): WorstCase {
  return {
    name: `Visit-time padded with ${spaces} spaces`, reported: spaces >= 100_000 ? '14–28 s' : '',
    languageId: 'robots-txt', text: `User-agent: *\nVisit-time: 0100${' '.repeat(spaces)}x\n`,
    method: 'textDocument/diagnostic', line: 0, character: 0,
  };
}

/** Every value field padded: Request-rate, Content-Usage, Clean-param, Crawl-delay, qualifiers. */
export function paddedValues(spaces: number): WorstCase {
  const pad = ' '.repeat(spaces);
  return {
    name: `every value padded with ${spaces} spaces`, reported: '',
    languageId: 'robots-txt',
    text: [
      'User-agent: *',
      `Request-rate: 1/5s 0100${pad}x`,
      `Request-rate: 1${pad}/${pad}5${pad}x`,
      `Content-Usage: a${pad}b`,
      `Content-Signal: /x${pad}a=yes${pad},${pad}b`,
      `Clean-param: a${pad}&${pad}b`,
      `Crawl-delay: 1${pad}x`,
      `Host: a${pad}b`,
      `Sitemap: http://a${pad}b`,
      'ACAP-crawler: *',
      `ACAP-allow-present: /x time-limit=1${pad}x`,
      `ACAP-allow-present-snippet: /x max-length=1${pad}x`,
      '',
    ].join('\n'),
    method: 'textDocument/diagnostic', line: 0, character: 0,
  };
}

/**
 * Distinct crawler names made of letters only: `a`, `b`, … `z`, `ba`, … (RFC 9309 §2.2.1 reads a
 * User-agent value up to its first character that is not a letter, `-` or `_`, so `bot1` and
 * `bot2` would both name `bot`).
 */
export function letters(i: number): string {
  let out = '';
  do {
    out = String.fromCharCode(97 + (i % 26)) + out;
    i = Math.floor(i / 26);
  } while (i > 0);
  return out;
}

/** `groups` groups, each naming its own crawler, a Disallow hovered. */
export function manyGroupsHover(groups: number): WorstCase {
  return {
    name: `hover among ${groups} groups`, reported: groups >= 10_000 ? '3 min' : groups >= 3000 ? '17 s' : '',
    languageId: 'robots-txt', text: lines(groups, (i) => `User-agent: bot${letters(i)}\nDisallow: /p${i}/\n`) + '\n',
    method: 'textDocument/hover', line: 1, character: 12,
  };
}

/** `records` ACAP records, each naming its own crawler, a field hovered. */
export function manyRecordsHover(records: number): WorstCase {
  return {
    name: `hover among ${records} ACAP records`, reported: '',
    languageId: 'robots-txt', text: '##ACAP version=1.0\n' + lines(records, (i) => `ACAP-crawler: bot${letters(i)}\nACAP-disallow-crawl: /p${i}/\n`) + '\n',
    method: 'textDocument/hover', line: 2, character: 23,
  };
}

/**
 * `records` ACAP records, each naming its own crawler and speaking on several usages, with
 * `purposes` purpose sub-records each, and a conventional group per crawler too: every crawler in
 * two readings, every purpose a section of the table (issue 15's readings, issue 12's bound). A
 * rule of the first record hovered.
 */
export function recordsWithPurposes(records: number, purposes: number): WorstCase {
  const record = (i: number): string => [
    `User-agent: bot${letters(i)}`, `Disallow: /p${i % 97}/`, '',
    `ACAP-crawler: bot${letters(i)}`, `ACAP-disallow-crawl: /p${i}/`, `ACAP-allow-index: /q${i % 13}/ time-limit=5`, 'ACAP-disallow-present-snippet: /',
    ...Array.from({ length: purposes }, (_, k) => `ACAP-usage-purpose: purpose${k}\nACAP-disallow-index: /p${(i + k) % 31}/`),
    '',
  ].join('\n');
  return {
    name: `hover among ${records} records with ${purposes} purposes`, reported: '',
    languageId: 'robots-txt', text: '##ACAP version=1.0\n' + lines(records, record) + '\n',
    method: 'textDocument/hover', line: 5, character: 23,
  };
}

/**
 * One group with `lines` Content-Usage lines that all match the hovered rule's path, and a longer
 * one first that decides: every crawler's three AI uses read the group's preference lines.
 */
export function manyPreferenceLines(count: number): WorstCase {
  return {
    name: `hover among ${count} Content-Usage lines of one group`, reported: '',
    languageId: 'robots-txt', text: 'User-agent: *\nDisallow: /a/x\nContent-Usage: /a/b train-ai=y\n' + 'Content-Usage: /a train-ai=n\n'.repeat(count),
    method: 'textDocument/hover', line: 1, character: 12,
  };
}

/**
 * `records` ACAP records that all name the same crawler, each allowing crawl of `/`: one bucket of
 * fields for the never-wins check, and every field tied for that crawler's answers. Diagnosed,
 * or a rule hovered.
 */
export function sameCrawlerRecords(records: number, method: 'textDocument/hover' | 'textDocument/diagnostic'): WorstCase {
  return {
    name: `${method === 'textDocument/hover' ? 'hover' : 'diagnostics'} among ${records} ACAP records for one crawler`,
    reported: method === 'textDocument/diagnostic' && records >= 155_000 ? '3 min' : method === 'textDocument/hover' ? (records >= 150_000 ? '7 s' : records >= 20_000 ? '1 s' : '') : '',
    languageId: 'robots-txt', text: 'User-agent: *\nDisallow: /a\n\n##ACAP version=1.0\n' + 'ACAP-crawler:b\nACAP-allow-crawl:/\n'.repeat(records),
    method, line: 1, character: 11,
  };
}

/**
 * One ACAP record of `pairs` pairs of fields on the same path: a field crawlers cannot read (its
 * colon missing) beside one they can. Each unreadable field that would have decided gets a note;
 * whether it would was found by comparing it with every candidate of the deciding tier (8,000
 * pairs: 1 s for one answer, quadratic). A field hovered.
 */
export function brokenTwinFields(pairs: number): WorstCase {
  return {
    name: `hover among ${pairs} unreadable fields beside ${pairs} readable ones`, reported: pairs >= 8000 ? '1 s an answer, quadratic' : '',
    languageId: 'robots-txt', text: '##ACAP version=1.0\nACAP-crawler: b\n' + 'ACAP-allow-crawl /x\nACAP-allow-crawl: /x\n'.repeat(pairs),
    method: 'textDocument/hover', line: 3, character: 18,
  };
}

/** `sets` resource sets, completion of a resource specification. */
export function manyResourceSets(sets: number): WorstCase {
  return {
    name: `completion among ${sets} resource sets`, reported: sets >= 100_000 ? '16 s' : '',
    languageId: 'robots-txt', text: '##ACAP version=1.0\n' + lines(sets, (i) => `ACAP-resource-set: s${i} /p${i}/`) + '\nACAP-crawler: *\nACAP-allow-crawl: \n',
    method: 'textDocument/completion', line: sets + 2, character: 18,
  };
}

/** One element with `classes` `the-acap:` class values, diagnosed. */
export function manyClasses(classes: number): WorstCase {
  // Allows of index, then one disallow at the end: a search of the element's words for the
  // opposite of each word runs to the end every time; only the last word contradicts.
  const words = Array.from({ length: classes }, (_, i) => (i < classes - 1 ? 'the-acap:allow-index' : 'the-acap:disallow-index')).join(' ');
  return {
    name: `${classes} the-acap: classes on one element`, reported: classes >= 20_000 ? '11 s' : '',
    languageId: 'html', text: `<!doctype html><html><head><title>t</title></head><body><div class="${words}">x</div></body></html>\n`,
    method: 'textDocument/diagnostic', line: 0, character: 0,
  };
}

/**
 * `records` ACAP records naming one crawler, each allowing crawl of a path of its own: nothing is
 * shared between the fields (lexed lines, compiled patterns, a class of paths), and the hovered
 * rule's path matches none of them, so the decision reads every field once.
 */
export function distinctPathRecords(records: number): WorstCase {
  return {
    name: `hover among ${records} ACAP records of distinct paths`, reported: '',
    languageId: 'robots-txt', text: 'User-agent: *\nDisallow: /a\n\n##ACAP version=1.0\n' + lines(records, (i) => `ACAP-crawler:b\nACAP-allow-crawl:/p${i}/`) + '\n',
    method: 'textDocument/hover', line: 1, character: 11,
  };
}

/**
 * A group of `nested` rules whose patterns extend one another (`/a`, `/aa`, `/aaa`...), Allow and
 * Disallow in turn, then `others` short distinct ones: converted to ACAP, every nested pair meets,
 * and ranking two of them reads their common start. Converting the whole group took 31 s for
 * 2,500 and 20,000 (3.5 MB), each pair's heads and scopes compared character by character.
 */
export function nestedPatterns(nested: number, others: number): WorstCase {
  const verdict = (i: number): string => (i % 2 ? 'Allow' : 'Disallow');
  return {
    name: `conversions of ${nested} nested patterns and ${others} others`, reported: nested >= 2500 ? '31 s' : '',
    languageId: 'robots-txt',
    text: `User-agent: *\n${lines(nested, (i) => `${verdict(i)}: /${'a'.repeat(i + 1)}`)}\n${lines(others, (i) => `${verdict(i)}: /b${i}`)}\n`,
    method: 'textDocument/codeAction', line: 1, character: 0,
  };
}

/** The cases issue 12 reported, at the sizes it reported them (plus a few neighbours). */
/**
 * Files of many short lines, their diagnostics asked right after opening (the parse and the
 * validation of every line): each line costs its own node and analysis whatever its length.
 * `count` lines of `line(i)`, after `head`.
 */
export function manyLines(name: string, reported: string, count: number, line: (i: number) => string, head = ''): WorstCase {
  return { name, reported, languageId: 'robots-txt', text: head + lines(count, line) + '\n', method: 'textDocument/diagnostic', line: 0, character: 0 };
}

/** The cases of manyLines: past the server's line limit (2^18), at it, and lines with a finding each. */
export function lineBoundCases(): WorstCase[] {
  const limit = 1 << 18;
  const name = (i: number): string => i.toString(36).replace(/[0-9]/g, (d) => 'ghijklmnop'[Number(d)]);
  return [
    manyLines('diagnostics of 5 MiB of line ends (5.2 million lines)', '2.2 s, 571 MiB', 5 * 2 ** 20, () => ''),
    manyLines(`diagnostics of ${limit} lines, each a misspelt field name`, '5.1 s at 374,000 lines', limit - 1, (i) => `Dissallow${i % 3}: /`),
    manyLines(`diagnostics of ${limit} lines, each a different unknown field`, '1.9 s at 524,288 lines', limit - 1, (i) => `${name(i)}:b`),
    manyLines(`diagnostics of ${limit} lines, each a User-agent line`, '', limit - 1, (i) => `User-agent: b${name(i % 100)}`),
    manyLines('diagnostics of one ACAP record of 200,000 fields of unknown usages', '', 200_000, (i) => `ACAP-allow-crawll${i % 3}: /x`, 'ACAP-crawler: *\n'),
  ];
}

export function reportedCases(): WorstCase[] {
  return [
    starsHover(10_000), starsHover(30_000),
    manyStarRules(100, 100), longPatternPair(4000),
    paddedVisitTime(100_000), paddedValues(100_000),
    manyGroupsHover(3000), manyGroupsHover(10_000), manyGroupsHover(26_000), manyRecordsHover(3000), manyRecordsHover(5000), manyRecordsHover(19_000),
    recordsWithPurposes(1000, 4), recordsWithPurposes(2500, 4),
    manyResourceSets(100_000), manyClasses(20_000), manyPreferenceLines(150_000),
    sameCrawlerRecords(155_000, 'textDocument/diagnostic'), sameCrawlerRecords(20_000, 'textDocument/hover'), sameCrawlerRecords(150_000, 'textDocument/hover'),
    distinctPathRecords(120_000), brokenTwinFields(40_000),
    ...lineBoundCases(),
  ];
}
