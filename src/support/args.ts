// Command-line flags of the project's commands, parsed by node:util's parseArgs. The
// commands refuse what they do not know with a message naming it and the usage line,
// so the parse runs loose and the refusals are worded here, in one place.
import { parseArgs } from 'node:util';

type FlagSpec = Record<string, { type: 'string' | 'boolean' }>;
export type Flags<Spec extends FlagSpec> = { [Name in keyof Spec]?: Spec[Name]['type'] extends 'string' ? string : boolean };

/**
 * The values of `--name value`, `--name=value` and `--flag`. Throws the error `refuse`
 * makes for an unknown flag, a positional argument, a value-taking flag without a value
 * or a switch given a value.
 */
export function parseFlags<Spec extends FlagSpec>(args: readonly string[], spec: Spec, usage: string, refuse: (message: string) => Error = (m) => new Error(m)): Flags<Spec> {
  const { tokens } = parseArgs({ args: [...args], options: spec, strict: false, allowPositionals: true, tokens: true });
  const values: Record<string, string | boolean> = {};
  for (const token of tokens) {
    if (token.kind === 'positional') throw refuse(`unknown argument "${token.value}" (usage: ${usage})`);
    if (token.kind !== 'option') continue;
    const known = spec[token.name];
    if (!known) throw refuse(`unknown argument "${token.rawName}" (usage: ${usage})`);
    if (known.type === 'string') {
      if (token.value === undefined || token.value === '') throw refuse(`${token.rawName} needs a value (usage: ${usage})`);
      values[token.name] = token.value;
    } else {
      if (token.value !== undefined) throw refuse(`${token.rawName} takes no value (usage: ${usage})`);
      values[token.name] = true;
    }
  }
  return values as Flags<Spec>;
}
