// What the privacy policy costs a client that does not use it: nothing. Importing the client
// builds no policy (its patterns are compiled on first use), and calls with the drift watch
// off and no recorder never reach it, not even on the way out of a successful call.
import { describe, expect, it, vi } from 'vitest';

const answer = () => new Response(JSON.stringify({ status: 'success', message: 'ok', data: [] }), { status: 200, headers: { 'content-type': 'application/json' } });

describe('the privacy policy, for a client that does not use it', () => {
  it('is not compiled by importing the client, nor by calls with the drift watch off and no recorder', async () => {
    // Fresh modules: another file in this worker may have compiled the shared policy already.
    vi.resetModules();
    const { createClient, hmacSha256, unwrap } = await import('../../src/client/index.ts');
    const { policyStats } = await import('../../src/privacy/policy.ts');
    const options = { environment: 'custom' as const, baseUrl: 'http://provider.test', apiKey: 'key-cost-1', signer: hmacSha256({ secret: 'secret-cost-1' }), fetch: async () => answer() };
    const client = createClient({ ...options, drift: 'off' });
    for (let i = 0; i < 5; i++) await unwrap(client.GET('/api/v1/wallets'));
    await unwrap(client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1, password: 'pw-cost-1' } }));
    expect(policyStats.compiled).toBe(0);
    // A call the watch reads does compile it, once: the count above could have moved.
    const watched = createClient({ ...options, drift: { mode: 'report', onDrift: () => {} } });
    await unwrap(watched.GET('/api/v1/wallets'));
    await unwrap(watched.GET('/api/v1/wallets', { params: { query: { page: 1 } } } as never));
    expect(policyStats.compiled).toBe(1);
  });
});
