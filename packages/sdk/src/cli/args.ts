// Command-line flags of the project's commands (the npm scripts and the SDK's `wallet-api`),
// parsed by node:util's parseArgs. The commands refuse what they do not know with a message
// naming it and the usage line, so the parse runs loose and the refusals are worded here,
// in one place. Only node:util: the SDK package ships this module with its command line.
import { parseArgs } from 'node:util';

export type FlagSpec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }>;
export type Flags<Spec extends FlagSpec> = {
  [Name in keyof Spec]?: Spec[Name] extends { type: 'string' } ? (Spec[Name] extends { multiple: true } ? string[] : string) : boolean;
};

export type CommandLineRules = {
  /** Arguments that are not flags are returned, in order, instead of refused. */
  positionals?: boolean;
  /** Flags the command does not have but a user may reach for (by name, no dashes: "data", "d"), each with what to use instead. */
  misread?: Record<string, string>;
  /** Makes the error each refusal throws. */
  refuse?: (message: string) => Error;
};

/**
 * The values of `--name value`, `--name=value`, `-n value` and `--flag` (a list for a
 * `multiple` flag), and with `rules.positionals` the other arguments. Throws the error
 * `rules.refuse` makes for an unknown flag (with the hint of `rules.misread` for a known
 * misreading), a positional argument, a value-taking flag without a value or a switch
 * given a value.
 */
export function parseCommandLine<Spec extends FlagSpec>(args: readonly string[], spec: Spec, usage: string, rules: CommandLineRules = {}): { flags: Flags<Spec>; positionals: string[] } {
  const refuse = rules.refuse ?? ((message: string) => new Error(message));
  const { tokens } = parseArgs({ args: [...args], options: spec, strict: false, allowPositionals: true, tokens: true });
  const values: Record<string, string | string[] | boolean> = {};
  const positionals: string[] = [];
  for (const token of tokens) {
    if (token.kind === 'positional') {
      if (!rules.positionals) throw refuse(`unknown argument "${token.value}" (usage: ${usage})`);
      positionals.push(token.value);
      continue;
    }
    if (token.kind !== 'option') continue;
    const known = Object.hasOwn(spec, token.name) ? spec[token.name] : undefined;
    if (!known) {
      const hint = rules.misread && Object.hasOwn(rules.misread, token.name) ? `: ${rules.misread[token.name]}` : '';
      throw refuse(`unknown argument "${token.rawName}"${hint} (usage: ${usage})`);
    }
    if (known.type === 'string') {
      if (token.value === undefined || token.value === '') throw refuse(`${token.rawName} needs a value (usage: ${usage})`);
      if (known.multiple) values[token.name] = [...((values[token.name] as string[] | undefined) ?? []), token.value];
      else values[token.name] = token.value;
    } else {
      if (token.value !== undefined) throw refuse(`${token.rawName} takes no value (usage: ${usage})`);
      values[token.name] = true;
    }
  }
  return { flags: values as Flags<Spec>, positionals };
}

/** The flags of a command that takes no other arguments; see parseCommandLine. */
export function parseFlags<Spec extends FlagSpec>(args: readonly string[], spec: Spec, usage: string, refuse?: (message: string) => Error): Flags<Spec> {
  return parseCommandLine(args, spec, usage, refuse ? { refuse } : {}).flags;
}
