/** Help text rendered from the commands' own declarations, so help never drifts from parsing. */
import type { FlagSpec } from './args';
import type { CommandSpec } from './spec';

type HelpSpec = Pick<CommandSpec, 'name' | 'args' | 'summary' | 'details' | 'flags' | 'examples'>;

const EXIT_CODES = 'Exit codes: 0 ok, 1 findings (skipped files, empty folder, unsupported or contradicted sentences), 2 error, 130 interrupted.';

/** `verity search "<query>" [options]` */
export function usageLine(spec: HelpSpec): string {
  return `verity ${spec.name}${spec.args ? ` ${spec.args}` : ''}${spec.flags.length ? ' [options]' : ''}`;
}

function flagLeft(f: FlagSpec): string {
  return `--${f.name}${f.value ? (f.optionalValue ? ` [${f.value}]` : ` ${f.value}`) : ''}`;
}

function flagLine(f: FlagSpec, width: number): string {
  const left = flagLeft(f);
  const notes = [f.default !== undefined ? `default: ${f.default}` : '', f.setting ? `setting ${f.setting}` : '', f.repeat ? 'repeatable' : ''].filter(Boolean);
  return `  ${left.padEnd(width)}  ${f.help}${notes.length ? ` [${notes.join('; ')}]` : ''}`;
}

/** The full help of one command: usage, what it does, flags with defaults, examples. */
export function commandHelp(spec: HelpSpec): string {
  const flags = [...spec.flags, { name: 'help', help: 'show this help' }];
  const width = Math.min(30, Math.max(...flags.map((f) => flagLeft(f).length)));
  const lines = [`Usage: ${usageLine(spec)}`, '', spec.summary];
  if (spec.details?.length) lines.push('', ...spec.details);
  lines.push('', 'Options:', ...flags.map((f) => flagLine(f, width)));
  lines.push('', spec.examples.length > 1 ? 'Examples:' : 'Example:', ...spec.examples.map((e) => `  ${e}`));
  lines.push('', EXIT_CODES);
  return lines.join('\n') + '\n';
}

/** `verity help`: every command with its one-line summary. */
export function generalHelp(specs: readonly HelpSpec[]): string {
  const width = Math.max(...specs.map((s) => s.name.length));
  return [
    'verity — grounded answers over your own markdown and PDFs',
    '',
    'Usage: verity <command> [options]',
    '',
    'Commands:',
    ...specs.map((s) => `  ${s.name.padEnd(width)}  ${s.summary}`),
    `  ${'help'.padEnd(width)}  "verity help <command>" or "verity <command> --help": its options and an example`,
    '',
    'Paths are printed relative to the indexed folder (the root "verity status" shows), the same in every format.',
    'The store defaults to ./.verity. ' + EXIT_CODES,
    '',
  ].join('\n');
}
