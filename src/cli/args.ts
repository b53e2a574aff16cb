import { VerityError } from '../core/errors';

/** One option of a command, declared once: parsing, `--help` and the README all read it. */
export interface FlagSpec {
  /** Long name without dashes: `store` for `--store`. */
  name: string;
  /** Placeholder of the value (`<dir>`, `N`); absent for a boolean switch. */
  value?: string;
  /** The default as shown in `--help`, when there is one. */
  default?: string;
  /** The VS Code setting of the same meaning, when there is one. */
  setting?: string;
  help: string;
}

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
  /** `--help` or `-h` was given (anywhere): print the command's help, do nothing else. */
  help: boolean;
}

/** A mistake in how a command was called; the CLI adds a pointer to the command's `--help`. */
export function usageError(message: string): VerityError {
  return new VerityError('BAD_INPUT', message, { usage: true });
}

/** True for errors made by {@link usageError}. */
export function isUsageError(e: VerityError): boolean {
  return (e.detail as { usage?: unknown } | undefined)?.usage === true;
}

/**
 * Parses `--name value`, `--name=value` and boolean `--name` flags against a command's declared
 * flags. An unknown flag is an error (a typo must not silently change behaviour); `--` ends the
 * options; `-h`/`--help` asks for help.
 */
export function parseArgs(args: string[], flags: readonly FlagSpec[]): ParsedArgs {
  const positional: string[] = [];
  const parsed = new Map<string, string | true>();
  // help wins over everything else on the line, so a mistake next to --help still gets help
  const end = args.indexOf('--');
  if ((end < 0 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h')) return { positional, flags: parsed, help: true };
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      positional.push(...args.slice(i + 1));
      break;
    }
    // a lone "-" or a negative number is an argument; "-x" is a mistyped option
    if (!a.startsWith('-') || a === '-' || /^-\d/.test(a)) {
      positional.push(a);
      continue;
    }
    if (!a.startsWith('--')) throw usageError(`unknown option ${a} (options are spelled --name)`);
    const eq = a.indexOf('=');
    const name = a.slice(2, eq > 0 ? eq : undefined);
    const spec = flags.find((f) => f.name === name);
    if (!spec) throw usageError(`unknown option --${name}`);
    if (spec.value === undefined) {
      if (eq > 0) throw usageError(`--${name} takes no value`);
      parsed.set(name, true);
      continue;
    }
    const value = eq > 0 ? a.slice(eq + 1) : args[++i];
    // "--store --json" would otherwise silently take "--json" as the store folder
    if (value === undefined || (eq < 0 && value.startsWith('--'))) throw usageError(`--${name} needs a value: --${name} ${spec.value}`);
    parsed.set(name, value);
  }
  return { positional, flags: parsed, help: false };
}

/** A string flag's value, or undefined. */
export function flag(parsed: ParsedArgs, name: string): string | undefined {
  const v = parsed.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

/** A positive integer flag's value, or the default. */
export function intFlag(parsed: ParsedArgs, name: string, fallback: number): number {
  const v = flag(parsed, name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n <= 0) throw usageError(`--${name} must be a positive whole number, got "${v}"`);
  return n;
}

/** A positive number flag's value (fractions allowed, e.g. 0.5 MB), or undefined. */
export function numberFlag(parsed: ParsedArgs, name: string): number | undefined {
  const v = flag(parsed, name);
  if (v === undefined) return undefined;
  const n = Number(v);
  if (v.trim() === '' || !Number.isFinite(n) || n <= 0) throw usageError(`--${name} must be a positive number, got "${v}"`);
  return n;
}
