// The flags of every benchmark and of the processes a benchmark starts, read one way:
// parseFlags (packages/sdk/src/cli/args.ts) parses and refuses as the project's commands do; this
// adds defaults, whole numbers within a range, fixed choices and a --help listing them, so
// no bench reads environment variables or positional arguments of its own. A refused flag
// ends the process with the message and exit code 2.
import { parseFlags } from '../../../packages/sdk/src/cli/args.ts';

/** `defaultText` says what an option without a fixed default takes when absent, for --help. */
type WholeNumber = { kind: 'whole number'; min: number; max: number; default?: number; defaultText?: string; required?: true; about: string };
type Switch = { kind: 'switch'; about: string };
type Text = { kind: 'text'; placeholder: string; choices?: readonly string[]; default?: string; required?: true; about: string };
export type BenchOption = WholeNumber | Switch | Text;

type ValueOf<Option> = Option extends WholeNumber ? number : Option extends { choices: readonly (infer Choice)[] } ? Choice : Option extends Text ? string : boolean;
/** A switch is false when absent; any other option without a default or `required` is undefined when absent. */
export type BenchOptions<Spec extends Record<string, BenchOption>> = {
  -readonly [Name in keyof Spec]: Spec[Name] extends Switch ? boolean : Spec[Name] extends { default: unknown } | { required: true } ? ValueOf<Spec[Name]> : ValueOf<Spec[Name]> | undefined;
};

/** What --help prints above the options: how to run the bench and what it does. */
export type BenchUsage = { command: string; about: string };

const help = { kind: 'switch', about: 'prints these options and exits' } as const satisfies Switch;

function placeholder(option: BenchOption): string {
  if (option.kind === 'whole number') return ' N';
  return option.kind === 'text' ? ` ${option.placeholder}` : '';
}

function bounds(option: BenchOption): string {
  const parts: string[] = [];
  if (option.kind === 'whole number') parts.push(`${option.min} to ${option.max}`);
  if (option.kind === 'text' && option.choices) parts.push(`one of: ${option.choices.map((choice) => JSON.stringify(choice)).join(', ')}`);
  if (option.kind !== 'switch' && option.default !== undefined) parts.push(`default ${option.default}`);
  if (option.kind === 'whole number' && option.defaultText) parts.push(`default ${option.defaultText}`);
  if (option.kind !== 'switch' && option.required) parts.push('required');
  return parts.length ? ` (${parts.join('; ')})` : '';
}

export function helpText({ command, about }: BenchUsage, spec: Record<string, BenchOption>): string {
  const rows = Object.entries({ ...spec, help }).map(([name, option]) => [`--${name}${placeholder(option)}`, `${option.about}${bounds(option)}`] as const);
  const width = Math.max(...rows.map(([flag]) => flag.length)) + 2;
  return [`usage: ${command} [options]`, '', about, '', 'options:', ...rows.map(([flag, text]) => `  ${flag.padEnd(width)}${text}`), ''].join('\n');
}

function valueOf(name: string, option: BenchOption, given: string | boolean | undefined): string | number | boolean | undefined {
  if (option.kind === 'switch') return given === true;
  if (given === undefined) {
    if (option.required) throw new Error(`--${name} is required`);
    return option.default;
  }
  const text = String(given);
  if (option.kind === 'text') {
    if (option.choices && !option.choices.includes(text)) throw new Error(`--${name} must be one of: ${option.choices.map((choice) => JSON.stringify(choice)).join(', ')} (got ${JSON.stringify(text)})`);
    return text;
  }
  const number = Number(text);
  if (!/^-?\d+$/.test(text) || number < option.min || number > option.max) throw new Error(`--${name} must be a whole number from ${option.min} to ${option.max} (got ${JSON.stringify(text)})`);
  return number;
}

/** The options of `spec` in `args`, or that --help was asked for; throws on a refused flag. */
export function parseBenchOptions<const Spec extends Record<string, BenchOption>>(usage: BenchUsage, spec: Spec, args: readonly string[]): { help: true } | { help: false; options: BenchOptions<Spec> } {
  const flagSpec = Object.fromEntries(Object.entries({ ...spec, help }).map(([name, option]) => [name, { type: option.kind === 'switch' ? 'boolean' : 'string' }] as const));
  const given = parseFlags(args, flagSpec, `${usage.command} [options]; --help lists them`) as Record<string, string | boolean | undefined>;
  // --help answers even where a required option is missing.
  if (given.help === true) return { help: true };
  const options = Object.fromEntries(Object.entries(spec).map(([name, option]) => [name, valueOf(name, option, given[name])]));
  return { help: false, options: options as BenchOptions<Spec> };
}

/** The options of `spec` in the process's arguments; prints the help and exits on --help, exits with code 2 on a refused flag. */
export function readBenchOptions<const Spec extends Record<string, BenchOption>>(usage: BenchUsage, spec: Spec): BenchOptions<Spec> {
  let parsed: ReturnType<typeof parseBenchOptions<Spec>>;
  try {
    parsed = parseBenchOptions(usage, spec, process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    process.exit(2);
  }
  if (parsed.help) {
    process.stdout.write(helpText(usage, spec));
    process.exit(0);
  }
  return parsed.options;
}
