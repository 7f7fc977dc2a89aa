/**
 * robots-acap diff OLD NEW [--agent NAME]... [--profile P] [--format text|json]
 *
 * Every crawl and AI-use verdict that flips between two versions of a robots.txt, with the lines
 * responsible in each. Exit status 0 when nothing flips, 1 when something does (like diff(1)).
 */
import { diffRobots, formatDiff } from '../service';
import { parseOptions, profileOption, readDocument, relativeNames, UsageError, type CliIO } from './io';
import { escapeName } from './formats';

export function runDiff(args: readonly string[], io: CliIO): number {
  const { options, positional } = parseOptions(args, { agent: 'list', profile: 'value', format: 'value' });
  if (positional.length !== 2) throw new UsageError('diff needs two robots.txt files: OLD NEW');
  const format = options.get('format')?.[0] ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`--format must be text or json, not ‘${format}’`);
  const profile = profileOption(options.get('profile')?.[0]);
  const [oldFile, newFile] = positional;
  const d = diffRobots(readDocument(io, oldFile), readDocument(io, newFile), {
    ...(options.get('agent') ? { crawlers: options.get('agent') } : {}),
    ...(profile ? { profile } : {}),
  });
  io.out(relativeNames(format === 'json' ? JSON.stringify(d, null, 2) + '\n' : formatDiff(d, escapeName(oldFile), escapeName(newFile)), oldFile));
  return d.flips.length ? 1 : 0;
}
