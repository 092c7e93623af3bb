// The flag parser every command shares: what it reads and how it words each refusal.
import { describe, expect, it } from 'vitest';
import { parseCommandLine, parseFlags } from '../packages/sdk/src/cli/args.ts';

const spec = { out: { type: 'string' }, query: { type: 'string', multiple: true }, check: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } } as const;
const usage = 'tool [--out DIR] [--query PAIR]… [--check]';

describe('parseFlags', () => {
  it('reads --name value, --name=value, a repeated multiple flag as a list, a switch and a short alias', () => {
    expect(parseFlags(['--out', 'a', '--query=x=1', '--query', 'y=2', '--check', '-h'], spec, usage)).toEqual({ out: 'a', query: ['x=1', 'y=2'], check: true, help: true });
    expect(parseFlags([], spec, usage)).toEqual({});
  });

  it('refuses, naming the argument and the usage line: an unknown flag, a positional, a missing value, a value given to a switch', () => {
    const refusal = (args: string[]) => () => parseFlags(args, spec, usage);
    expect(refusal(['--nope'])).toThrow(`unknown argument "--nope" (usage: ${usage})`);
    expect(refusal(['-x'])).toThrow(`unknown argument "-x" (usage: ${usage})`);
    expect(refusal(['--constructor'])).toThrow(`unknown argument "--constructor" (usage: ${usage})`);
    expect(refusal(['extra'])).toThrow(`unknown argument "extra" (usage: ${usage})`);
    expect(refusal(['--out'])).toThrow(`--out needs a value (usage: ${usage})`);
    expect(refusal(['--out='])).toThrow(`--out needs a value (usage: ${usage})`);
    expect(refusal(['--check=yes'])).toThrow(`--check takes no value (usage: ${usage})`);
  });

  it("throws the command's own error", () => {
    class Refused extends Error {}
    expect(() => parseFlags(['--nope'], spec, usage, (message) => new Refused(message))).toThrow(Refused);
  });
});

describe('parseCommandLine', () => {
  it('returns the other arguments in order when the command takes them', () => {
    expect(parseCommandLine(['run', '--check', 'now'], spec, usage, { positionals: true })).toEqual({ flags: { check: true }, positionals: ['run', 'now'] });
  });

  it('adds the hint for a flag a user may reach for, however it is written', () => {
    const misread = { data: 'use --out', d: 'use --out' };
    for (const args of [['--data', '{}'], ['--data={}'], ['-d', '{}']]) {
      expect(() => parseCommandLine(args, spec, usage, { positionals: true, misread }), args.join(' ')).toThrow(`unknown argument "${args[0]!.split('=')[0]}": use --out (usage: ${usage})`);
    }
    expect(() => parseCommandLine(['--toString'], spec, usage, { misread })).toThrow(`unknown argument "--toString" (usage: ${usage})`);
  });
});
