// Run in a fresh process by tests/privacy/cost.test.ts (the suite's workers share loaded
// modules): imports the client, makes calls with the drift watch off and no recorder, then
// watched ones, and prints how many policies were compiled after each.
import { createClient, hmacSha256, unwrap } from '../../../packages/sdk/src/client/index.ts';
import { policyStats } from '../../../packages/sdk/src/privacy/policy.ts';

const answer = () => new Response(JSON.stringify({ status: 'success', message: 'ok', data: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
const options = { environment: 'custom' as const, baseUrl: 'http://provider.test', apiKey: 'key-cost-1', signer: hmacSha256({ secret: 'secret-cost-1' }), fetch: async () => answer() };

const counts: number[] = [policyStats.compiled];
const client = createClient({ ...options, drift: 'off' });
for (let i = 0; i < 5; i++) await unwrap(client.GET('/api/v1/wallets'));
await unwrap(client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1, password: 'pw-cost-1' } }));
counts.push(policyStats.compiled);
const watched = createClient({ ...options, drift: { mode: 'report', onDrift: () => {} } });
await unwrap(watched.GET('/api/v1/wallets'));
await unwrap(watched.GET('/api/v1/wallets'));
counts.push(policyStats.compiled);
process.stdout.write(`${JSON.stringify(counts)}\n`);
