import { VerityError } from '../core/errors';
import { rangeText } from '../core/limits';

/** The accepted values of a numeric flag. */
export interface FlagRange {
  min: number;
  max: number;
  integer: boolean;
}

/** One option of a command, declared once: parsing, `--help` and the README all read it. */
export interface FlagSpec {
  /** Long name without dashes: `store` for `--store`. */
  name: string;
  /** Placeholder of the value (`<dir>`, `N`); absent for a boolean switch. */
  value?: string;
  /** The value may be left out (`--changed` or `--changed main`); the value then is `true`. */
  optionalValue?: boolean;
  /** The flag may be given several times; every value is kept ({@link flagList}). */
  repeat?: boolean;
  /** For a number: the values accepted; anything else is a usage error naming this range. */
  range?: FlagRange;
  /** The default as shown in `--help`, when there is one. */
  default?: string;
  /** The VS Code setting of the same meaning, when there is one. */
  setting?: string;
  help: string;
}

export interface ParsedArgs {
  positional: string[];
  /** The last value of each flag given (`true` for a switch or a flag whose value was left out). */
  flags: Map<string, string | true>;
  /** Every value of each flag, in order (what a repeatable flag is read from). */
  lists: Map<string, string[]>;
  /** `--help` or `-h` was given (anywhere): print the command's help, do nothing else. */
  help: boolean;
  /** The command's declared flags (ranges are read from here). */
  specs: readonly FlagSpec[];
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
 * options; `-h`/`--help` asks for help. A flag declared `repeat` keeps every value; one declared
 * `optionalValue` takes the next argument only when it is not an option.
 */
export function parseArgs(args: string[], flags: readonly FlagSpec[]): ParsedArgs {
  const positional: string[] = [];
  const parsed = new Map<string, string | true>();
  const lists = new Map<string, string[]>();
  const result = { positional, flags: parsed, lists, help: false, specs: flags };
  // help wins over everything else on the line, so a mistake next to --help still gets help
  const end = args.indexOf('--');
  if ((end < 0 ? args : args.slice(0, end)).some((a) => a === '--help' || a === '-h')) return { ...result, help: true };
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
    let value: string | true | undefined = eq > 0 ? a.slice(eq + 1) : args[i + 1];
    if (spec.optionalValue && eq < 0 && (value === undefined || value.startsWith('-'))) value = true;
    else if (eq < 0) i++;
    // "--store --json" would otherwise silently take "--json" as the store folder
    if (value === undefined || (eq < 0 && value !== true && value.startsWith('--'))) throw usageError(`--${name} needs a value: --${name} ${spec.value}`);
    parsed.set(name, value);
    if (value !== true) lists.set(name, [...(lists.get(name) ?? []), value]);
  }
  return result;
}

/** A string flag's value, or undefined. */
export function flag(parsed: ParsedArgs, name: string): string | undefined {
  const v = parsed.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

/** Every value a repeatable flag was given (empty when absent). */
export function flagList(parsed: ParsedArgs, name: string): string[] {
  return parsed.lists.get(name) ?? [];
}

/** A numeric flag's value checked against its declared range, or the fallback when absent. */
export function numberFlag(parsed: ParsedArgs, name: string): number | undefined;
export function numberFlag(parsed: ParsedArgs, name: string, fallback: number): number;
export function numberFlag(parsed: ParsedArgs, name: string, fallback?: number): number | undefined {
  const v = flag(parsed, name);
  if (v === undefined) return fallback;
  const range = parsed.specs.find((f) => f.name === name)?.range ?? { min: Number.MIN_VALUE, max: Number.MAX_SAFE_INTEGER, integer: false };
  const n = v.trim() === '' ? NaN : Number(v);
  if (!Number.isFinite(n) || n < range.min || n > range.max || (range.integer && !Number.isInteger(n))) {
    throw usageError(`--${name} must be ${rangeText(range)}, got "${v.slice(0, 40)}"`);
  }
  return n;
}
