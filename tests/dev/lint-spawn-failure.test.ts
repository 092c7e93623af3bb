// `npm run dev` when the linter cannot even be started (a missing binary, EMFILE): the
// rebuild fails and says so, and no promise is left rejected without a handler while the
// bundle is still running (Node ends the process on an unhandled rejection).
import { afterAll, describe, expect, it, vi } from 'vitest';

vi.mock('../../tools/support/redocly.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../tools/support/redocly.ts')>();
  return {
    ...original,
    // The lint's spawn fails at once; the bundle takes a while, then fails too.
    runRedocly: async () => {
      throw Object.assign(new Error('spawn redocly ENOENT'), { code: 'ENOENT' });
    },
    bundleSpec: async () => {
      for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setTimeout(resolve, 10));
      return { ok: false, error: 'bundle failed' };
    },
  };
});

// A file run before this one in the same worker (isolate: false) may have loaded rebuild.ts
// with the real Redocly module: it is loaded afresh here, so that it imports the fake.
vi.resetModules();
const { rebuild } = await import('../../tools/dev/rebuild.ts');

// The worker runs other files after this one in the same module cache (isolate: false):
// they must get the real Redocly module, and the modules that imported the fake, back.
afterAll(() => {
  vi.doUnmock('../../tools/support/redocly.ts');
  vi.resetModules();
});

describe('a linter that cannot be started', () => {
  it('fails the rebuild with its error and leaves no unhandled rejection', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown) => void unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      const outcome = rebuild({} as never, () => {}, { signal: new AbortController().signal, gateSignal: new AbortController().signal });
      await expect(outcome).rejects.toThrow('spawn redocly ENOENT');
      for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('unhandledRejection', listener);
    }
    expect(unhandled).toEqual([]);
  });
});
