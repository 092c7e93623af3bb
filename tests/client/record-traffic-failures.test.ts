// "Recording never fails a call": not even when the integrator's onError itself throws, for a
// failure to read or hand over an entry, or for a failed write of the line writer. A throwing
// onError must become neither an unhandled rejection (which ends a Node process) nor a
// rejected flush or close.
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, hmacSha256, unwrap } from '../../packages/sdk/src/client/index.ts';
import { recordTraffic } from '../../packages/sdk/src/client/record-traffic.ts';

const answer = JSON.stringify({ status: 'success', message: 'ok', data: [] });
const client = () =>
  createClient({ environment: 'custom', baseUrl: 'http://provider.test', apiKey: 'record-failure-key', signer: hmacSha256({ secret: 's' }), fetch: async () => new Response(answer, { headers: { 'content-type': 'application/json' } }) });

/** Collects the unhandled rejections while `run` runs and a few turns after it. */
async function unhandledDuring(run: () => Promise<void>): Promise<unknown[]> {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => void seen.push(reason);
  process.on('unhandledRejection', listener);
  try {
    await run();
    // Node reports an unhandled rejection after the microtask queue drains: give it a few macrotasks.
    for (let turn = 0; turn < 5; turn++) await new Promise((resolve) => setImmediate(resolve));
  } finally {
    process.off('unhandledRejection', listener);
  }
  return seen;
}

afterEach(() => vi.restoreAllMocks());

describe('a recorder whose onError throws', () => {
  it('when handing an entry over fails: the call succeeds, flush and close resolve, nothing is unhandled', async () => {
    const warned = vi.spyOn(process, 'emitWarning').mockImplementation((() => {}) as typeof process.emitWarning);
    const reported: unknown[] = [];
    const recorder = recordTraffic({
      onEntry: () => {
        throw new Error('integrator sink down');
      },
      onError: (error) => {
        reported.push(error);
        throw new Error('integrator onError down too');
      },
    });
    const c = client();
    c.use(recorder);
    const unhandled = await unhandledDuring(async () => {
      await expect(unwrap(c.GET('/api/v1/wallets'))).resolves.toEqual([]);
      await expect(recorder.flush()).resolves.toBeUndefined();
      await expect(recorder.close()).resolves.toBeUndefined();
    });
    expect(unhandled).toEqual([]);
    expect(reported).toHaveLength(1);
    // The failure is not lost: it falls back to the default warning, by name only.
    expect(warned).toHaveBeenCalledWith(expect.stringMatching(/^recordTraffic could not record an exchange \(Error\)/), expect.objectContaining({ type: 'WalletApiTrafficWarning' }));
  });

  it('when the line writer cannot write: the call succeeds, flush and close resolve, nothing is unhandled', async () => {
    vi.spyOn(process, 'emitWarning').mockImplementation((() => {}) as typeof process.emitWarning);
    // A directory where the file should be: every write fails.
    const file = join(mkdtempSync(join(tmpdir(), 'record-failure-')), 'traffic.har.jsonl');
    mkdirSync(file);
    let reported = 0;
    const recorder = recordTraffic({
      file,
      onError: () => {
        reported++;
        throw new Error('integrator onError down');
      },
    });
    const c = client();
    c.use(recorder);
    const unhandled = await unhandledDuring(async () => {
      await expect(unwrap(c.GET('/api/v1/wallets'))).resolves.toEqual([]);
      await expect(recorder.flush()).resolves.toBeUndefined();
      await expect(recorder.close()).resolves.toBeUndefined();
    });
    expect(unhandled).toEqual([]);
    expect(reported).toBeGreaterThanOrEqual(1);
  });
});
