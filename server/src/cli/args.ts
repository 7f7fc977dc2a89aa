/**
 * Command-line options, read the way POSIX utilities read them (Utility Syntax Guidelines 10 and
 * 13): `--name value` or `--name=value`, repeated options collect, `--` ends the options (every
 * later argument is an operand, even one starting with `-`), and `-` alone is an operand meaning
 * standard input. `-h` and `--help` ask for the command's help wherever they stand before `--`.
 */
import { UsageError } from './io';

export type OptionKind = 'value' | 'flag' | 'list';

export interface ParsedArgs {
  readonly options: Map<string, string[]>;
  readonly positional: string[];
}

/** Does the command line ask for help (`-h`/`--help` before any `--`)? */
export function wantsHelp(args: readonly string[]): boolean {
  for (const a of args) {
    if (a === '--') return false;
    if (a === '-h' || a === '--help') return true;
  }
  return false;
}

/** Options and operands; a usage error for an unknown option or a missing value. Linear. */
export function parseArgs(args: readonly string[], spec: Readonly<Record<string, OptionKind>>): ParsedArgs {
  const options = new Map<string, string[]>();
  const positional: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--') {
      positional.push(...args.slice(i + 1));
      break;
    }
    if (!a.startsWith('--')) {
      if (a.startsWith('-') && a !== '-') throw new UsageError(`unknown option ${a} (to name a file that starts with -, put -- before it)`);
      positional.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq > 0 ? a.slice(2, eq) : a.slice(2);
    const kind = Object.prototype.hasOwnProperty.call(spec, name) ? spec[name] : undefined;
    if (!kind) throw new UsageError(`unknown option --${name}`);
    let value = 'true';
    if (kind === 'flag') {
      if (eq > 0) throw new UsageError(`--${name} takes no value`);
    } else if (eq > 0) {
      value = a.slice(eq + 1);
    } else {
      const v = args[++i];
      if (v === undefined) throw new UsageError(`--${name} needs a value`);
      value = v;
    }
    const list = options.get(name) ?? [];
    if (kind !== 'list' && list.length) throw new UsageError(`--${name} given twice`);
    list.push(value);
    options.set(name, list);
  }
  return { options, positional };
}
