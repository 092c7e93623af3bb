// `npm run bench:errors`: what the client's errors pay for the privacy policy. Calls are answered
// in-process (no network), so the client's own work is what is timed, in CPU time. Prints, as
// the median of --rounds blocks each:
//   - a successful call (drift watch off, no recorder, no logger), µs per call: the policy is
//     never reached (policies compiled stays 0), and nothing is kept for the answer's errors;
//   - a call whose answer is an error envelope echoing the request's protected values and the
//     credentials, up to the ApiError `unwrap` throws, µs per call;
//   - the ApiError alone, made with the call's carried values (what the client does) and with
//     none (the policy by shape only), µs per error: the masking's own cost;
//   - rendering that error (message, JSON.stringify, util.inspect), µs per error.
// Run it on another checkout (`npx tsx scripts/bench/errors.ts` there) to compare commits: it
// uses the client's public interface only.
import { inspect } from 'node:util';
import { ApiError, createClient, hmacSha256, unwrap } from '../../packages/sdk/src/client/index.ts';
import { defaultPolicy } from '../../packages/sdk/src/privacy/index.ts';
import { policyStats } from '../../packages/sdk/src/privacy/policy.ts';

const argument = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at === -1 ? fallback : Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} takes a whole number of at least 1`);
  return value;
};
const rounds = argument('rounds', 7);
const calls = argument('calls', 20_000);
const failures = argument('failures', 2_000);

const apiKey = 'live_key_7Hq2mZ9xW4tR';
const carried = { password: 'hunter22', pin: '048213', accountNumber: '0123456789', bankCode: '058' };
const successText = JSON.stringify({ status: 'success', message: 'ok', data: [] });
const echo = `refused for ${carried.accountNumber} (123456789, 0123-456-789), pin ${carried.pin}, password ${carried.password}, key ${apiKey}`;
const errorText = JSON.stringify({ status: 'error', message: echo, data: { echo, account: 123456789 } });
const answer = (text: string, status: number) => new Response(text, { status, headers: { 'content-type': 'application/json', 'x-echo': echo } });

const client = (text: string, status: number) => createClient({ environment: 'custom', baseUrl: 'http://provider.test', apiKey, signer: hmacSha256({ secret: 'bench-secret-1' }), fetch: async () => answer(text, status), drift: 'off' });

/**
 * The median over the rounds of the CPU µs per operation of `run(count)` (the process's user
 * and system time: steadier than the clock on a shared machine).
 */
async function median(count: number, run: (count: number) => Promise<void> | void): Promise<number> {
  await run(Math.min(count, 500));
  const perOperation: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = process.cpuUsage();
    await run(count);
    const used = process.cpuUsage(started);
    perOperation.push((used.user + used.system) / count);
  }
  perOperation.sort((a, b) => a - b);
  return perOperation[Math.floor(perOperation.length / 2)]!;
}

const succeeding = client(successText, 200);
const success = await median(calls, async (count) => {
  for (let i = 0; i < count; i++) await unwrap(succeeding.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1, ...carried } } as never));
});
const compiledAfterSuccess = policyStats.compiled;

const failing = client(errorText, 400);
let last: ApiError | undefined;
let fromClient: ApiError | undefined;
const failure = await median(failures, async (count) => {
  for (let i = 0; i < count; i++) {
    fromClient = (await unwrap(failing.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1, ...carried } } as never)).catch((error: unknown) => error)) as ApiError;
  }
});

last = fromClient;
const envelope = JSON.parse(errorText) as { status: 'error'; message: string; data: unknown };
const headers = answer(errorText, 400).headers;
const carriedValues = [...defaultPolicy.carriedBy({ body: carried }), { value: apiKey, replacement: '[redacted]' }];
const withCarried = await median(failures, (count) => {
  for (let i = 0; i < count; i++) last = new ApiError({ operation: 'POST /api/v1/swaps', httpStatus: 400, envelope, headers, privacy: { carried: [...carriedValues] } } as ConstructorParameters<typeof ApiError>[0]);
});
const byShape = await median(failures, (count) => {
  for (let i = 0; i < count; i++) last = new ApiError({ operation: 'POST /api/v1/swaps', httpStatus: 400, envelope, headers });
});
const rendering = await median(failures, (count) => {
  for (let i = 0; i < count; i++) void [String(fromClient), JSON.stringify(fromClient), inspect(fromClient)];
});

// The client's error, rendered: what a log would keep of it.
const leaked = [apiKey, carried.password, carried.pin, carried.accountNumber, '123456789'].filter((value) => `${String(fromClient)} ${JSON.stringify(fromClient)} ${inspect(fromClient)}`.includes(value));
const format = (us: number) => `${us.toFixed(2).padStart(9)} CPU µs`;
process.stdout.write(
  [
    `bench:errors — median of ${rounds} rounds, CPU time of this process, node ${process.version}`,
    `successful call, drift off, no recorder, no logger: ${format(success)} per call (${calls} calls a round; policies compiled: ${compiledAfterSuccess})`,
    `failed call to the ApiError unwrap throws:          ${format(failure)} per call (${failures} a round)`,
    `ApiError with the call's carried values:            ${format(withCarried)} per error`,
    `ApiError masked by shape only (no carried values):  ${format(byShape)} per error`,
    `rendering it (String, JSON.stringify, inspect):     ${format(rendering)} per error`,
    `carried values in the client's error, rendered:     ${leaked.length === 0 ? 'none' : leaked.join(', ')}`,
    '',
  ].join('\n'),
);
