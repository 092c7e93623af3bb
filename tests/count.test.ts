// The counts the load, fuzz and property tests read from the environment (tests/support/count.ts).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { countFromEnv } from './support/count.ts';

afterEach(() => vi.unstubAllEnvs());

describe('a count read from the environment', () => {
  it('is the default when unset and the given whole number otherwise', () => {
    vi.stubEnv('TEST_COUNT_UNDER_TEST', undefined);
    expect(countFromEnv('TEST_COUNT_UNDER_TEST', 7)).toBe(7);
    vi.stubEnv('TEST_COUNT_UNDER_TEST', '15');
    expect(countFromEnv('TEST_COUNT_UNDER_TEST', 7)).toBe(15);
  });

  it.each(['0', '-3', '2.5', 'many', ''])('refuses %j, naming the variable', (value) => {
    vi.stubEnv('TEST_COUNT_UNDER_TEST', value);
    expect(() => countFromEnv('TEST_COUNT_UNDER_TEST', 7)).toThrow(`TEST_COUNT_UNDER_TEST must be a whole number from 1, not ${JSON.stringify(value)}`);
  });
});
