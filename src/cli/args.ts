import { VerityError } from '../core/errors';

export interface ParsedArgs {
  positional: string[];
  flags: Map<string, string | true>;
}

/**
 * Parses `--name value`, `--name=value` and boolean `--name` flags. `valued` lists the flags
 * that take a value; an unknown flag is an error (a typo must not silently change behaviour).
 */
export function parseArgs(args: string[], valued: string[], booleans: string[]): ParsedArgs {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') {
      positional.push(...args.slice(i + 1));
      break;
    }
    if (!a.startsWith('--') || a === '--') {
      positional.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = a.slice(2, eq > 0 ? eq : undefined);
    if (valued.includes(name)) {
      const value = eq > 0 ? a.slice(eq + 1) : args[++i];
      if (value === undefined) throw new VerityError('BAD_INPUT', `--${name} needs a value`);
      flags.set(name, value);
    } else if (booleans.includes(name) && eq < 0) {
      flags.set(name, true);
    } else {
      throw new VerityError('BAD_INPUT', `unknown option --${name}`);
    }
  }
  return { positional, flags };
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
  if (!Number.isInteger(n) || n <= 0) throw new VerityError('BAD_INPUT', `--${name} must be a positive whole number, got "${v}"`);
  return n;
}
