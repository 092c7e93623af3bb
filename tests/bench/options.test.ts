// The flags every benchmark reads: defaults, whole numbers within their range, fixed
// choices, switches, and refusals that name the flag and what it takes.
import { describe, expect, it } from 'vitest';
import { helpText, parseBenchOptions } from '../../scripts/bench/support/options.ts';

const usage = { command: 'npm run bench:example --', about: 'Times an example.' };
const spec = {
  rounds: { kind: 'whole number', min: 1, max: 50, default: 3, about: 'fresh processes' },
  requests: { kind: 'whole number', min: 10, max: 1000, defaultText: '100, 500 with --long', about: 'requests per turn' },
  mode: { kind: 'text', placeholder: 'MODE', choices: ['idle', 'drip'], default: 'idle', about: 'what the connections send' },
  url: { kind: 'text', placeholder: 'URL', about: 'where to connect' },
  port: { kind: 'whole number', min: 1, max: 65_535, required: true, about: 'where to listen' },
  long: { kind: 'switch', about: 'more of everything' },
} as const;
const parse = (...args: string[]) => {
  const parsed = parseBenchOptions(usage, spec, ['--port', '9', ...args]);
  if (parsed.help) throw new Error('--help was not given');
  return parsed.options;
};
const refusal = (...args: string[]) => {
  try {
    parse(...args);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error(`${args.join(' ')} was accepted`);
};

describe('bench options', () => {
  it('gives defaults, leaves other options undefined and switches false', () => {
    expect(parse()).toEqual({ rounds: 3, requests: undefined, mode: 'idle', url: undefined, port: 9, long: false });
  });

  it('reads whole numbers, choices, text and switches in both flag forms', () => {
    expect(parse('--rounds', '7', '--requests=10', '--mode', 'drip', '--url', 'http://127.0.0.1:9', '--long')).toEqual({
      rounds: 7,
      requests: 10,
      mode: 'drip',
      url: 'http://127.0.0.1:9',
      port: 9,
      long: true,
    });
  });

  it('answers --help, even without a required option', () => {
    expect(parseBenchOptions(usage, spec, ['--help'])).toEqual({ help: true });
  });

  it('refuses numbers that are not whole or out of range, naming the range', () => {
    expect(refusal('--rounds', '0')).toBe('--rounds must be a whole number from 1 to 50 (got "0")');
    expect(refusal('--rounds', '51')).toBe('--rounds must be a whole number from 1 to 50 (got "51")');
    expect(refusal('--rounds', '2.5')).toBe('--rounds must be a whole number from 1 to 50 (got "2.5")');
    expect(refusal('--requests', 'many')).toBe('--requests must be a whole number from 10 to 1000 (got "many")');
  });

  it('refuses to go without a required option', () => {
    expect(() => parseBenchOptions(usage, spec, [])).toThrow('--port is required');
  });

  it('refuses a value outside the choices, an unknown flag, a positional argument and a missing value', () => {
    expect(refusal('--mode', 'fast')).toBe('--mode must be one of: "idle", "drip" (got "fast")');
    expect(refusal('--round', '3')).toContain('unknown argument "--round"');
    expect(refusal('3')).toContain('unknown argument "3"');
    expect(refusal('--rounds')).toContain('--rounds needs a value');
    expect(refusal('--long=yes')).toContain('--long takes no value');
  });

  it('lists every option with its range, choices and default under --help', () => {
    expect(helpText(usage, spec)).toBe(
      [
        'usage: npm run bench:example -- [options]',
        '',
        'Times an example.',
        '',
        'options:',
        '  --rounds N    fresh processes (1 to 50; default 3)',
        '  --requests N  requests per turn (10 to 1000; default 100, 500 with --long)',
        '  --mode MODE   what the connections send (one of: "idle", "drip"; default idle)',
        '  --url URL     where to connect',
        '  --port N      where to listen (1 to 65535; required)',
        '  --long        more of everything',
        '  --help        prints these options and exits',
        '',
      ].join('\n'),
    );
  });
});
