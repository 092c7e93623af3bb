// A walk over every operation of the sandbox, and one deliberately wrong request per refusal
// class (labelled with the class, as a probe labels what it sends): what a recorded staging
// run would hold. The walk says what to send; the caller sends it, so the tests can keep
// the answers as exchanges (tests/support/provider-walk.ts) and `bench:learn` can record them
// through the kit's recorder. It reads ids from the sandbox's own lists (/sandbox/…), so it
// walks the sandbox, whatever provider it plays, not a real provider.
import type { RefusalClass } from '../profile/types.ts';
import type { SignedRequest } from './signed-request.ts';

/** The skews of the timestamp-window walk, in seconds: far from any window a test sets (30, 60, 300). */
export const timestampSkews = [-600, -120, -45, -15, -5, 5, 15, 45, 120, 600];

/** The operation every deliberately wrong request of the walk asks (a read that changes nothing); tests expect their findings on it. */
export const probedOperation = { operationId: 'listWallets', path: '/api/v1/wallets' } as const;

/** What a deliberately wrong request is: a refusal class, or how far its x-timestamp was moved from the clock. */
export type WalkProbe = RefusalClass | `timestampSkew:${number}`;

/** Sends one request of the walk, signed with the walk's credentials and its changes, and answers the body parsed as JSON (undefined when it is not JSON). */
export type WalkSend = (request: SignedRequest, probe?: WalkProbe) => Promise<unknown>;

/**
 * `rounds`: how many times each read is made, so that values a provider rotates through
 * (a provider profile's weighted values) all show at least once.
 */
export async function walkProvider(send: WalkSend, rounds = 1): Promise<void> {
  const call = async (request: SignedRequest) => (await send(request)) as { data?: Record<string, unknown> } | undefined;
  const get = (pathWithQuery: string) => call({ method: 'GET', pathWithQuery });
  const post = (pathWithQuery: string, body?: unknown) => call({ method: 'POST', pathWithQuery, ...(body === undefined ? {} : { body: JSON.stringify(body), contentType: 'application/json' }) });

  let swapId = '';
  /** The ids of the last `count` swaps created, oldest first. */
  const createdSwapIds = async (count: number) => {
    const swaps = (await get('/sandbox/swaps'))?.data as unknown as { id: string }[];
    return swaps.slice(-count).map((s) => s.id);
  };
  for (let round = 0; round < rounds; round++) {
    for (const token of ['usdt', 'bitcoin', 'usdt']) await post('/api/v1/wallets/generate-wallet', { token });
    await post('/api/v1/wallets/preview-withdraw', { chain: 'ethereum', amount: 25, coin: 'usdt', receiverAddress: '0x0000000000000000000000000000000000000001' });
    await post('/api/v1/wallets/preview-withdraw-local-transfer', { amount: 50000, coin: 'ngn', accountNumber: '0000000000', bankCode: '000' });
    await post('/api/v1/wallets/preview-withdraw', { chain: 'ethereum', amount: 30, coin: 'usdt', receiverAddress: '0x0000000000000000000000000000000000000002' });
    await get('/api/v1/wallets/markets');
    await get('/api/v1/utils/usdt/networks');
    await get('/api/v1/wallets/minimum-withdrawal-amount?coin=usdt');
    await get('/api/v1/utils/rates');
    await get('/api/v1/swaps/market');
    await get('/api/v1/wallets');
    await get('/api/v1/wallets/deposit-address?coin=usdt&chain=polygon');
    await get('/api/v1/transactions');
    await get('/api/v1/transactions');
    const transactions = (await get('/sandbox/transactions'))?.data as unknown as { _id: string }[];
    await get(`/api/v1/transactions/${transactions[0]!._id}`);
    await get('/api/v1/swaps/quotes?from=usdt&to=ngn&amount=100');
    await post('/api/v1/swaps', { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' });
    await post('/api/v1/swaps', { from: 'usdt', to: 'ngn', amount: 50, password: 'customer-authorization-value' });
    // The ids from the sandbox's own list (outside the spec, so the report leaves it out): a
    // provider may answer create in a way that hides them.
    const [confirmed, cancelled] = await createdSwapIds(2);
    swapId = confirmed!;
    await post(`/api/v1/swaps/${confirmed}/confirm`);
    await post(`/api/v1/swaps/${cancelled}/cancel`);
  }

  // Timestamps moved from the clock by growing amounts, both ways, to bracket the accepted window.
  for (const seconds of timestampSkews) {
    await send({ method: 'GET', pathWithQuery: probedOperation.path, auth: { timestamp: new Date(Date.now() + seconds * 1000) } }, `timestampSkew:${seconds}`);
  }

  // One refusal of each class.
  const refused = (probe: RefusalClass, request: SignedRequest) => send(request, probe);
  await refused('missingApiKey', { method: 'GET', pathWithQuery: probedOperation.path, auth: { headers: { 'x-api-key': null } } });
  await refused('unknownApiKey', { method: 'GET', pathWithQuery: probedOperation.path, auth: { apiKey: 'stranger-key' } });
  await refused('missingTimestamp', { method: 'GET', pathWithQuery: probedOperation.path, auth: { headers: { 'x-timestamp': null } } });
  await refused('malformedTimestamp', { method: 'GET', pathWithQuery: probedOperation.path, auth: { timestamp: '2026-11-21T10:15:30Z' } });
  // Two hours back: beyond any window a profile here sets (the random ones go up to an hour, where an hour back would sit on the edge).
  await refused('timestampOutsideWindow', { method: 'GET', pathWithQuery: probedOperation.path, auth: { timestamp: new Date(Date.now() - 7_200_000) } });
  await refused('missingSignature', { method: 'GET', pathWithQuery: probedOperation.path, auth: { headers: { 'x-signature': null } } });
  await refused('invalidSignature', { method: 'GET', pathWithQuery: probedOperation.path, auth: { secret: 'another-secret' } });
  await refused('invalidInput', { method: 'POST', pathWithQuery: '/api/v1/wallets/generate-wallet', body: '{}', contentType: 'application/json' });
  await refused('notFound', { method: 'GET', pathWithQuery: '/api/v1/transactions/no-such-transaction' });
  await refused('conflict', { method: 'POST', pathWithQuery: `/api/v1/swaps/${swapId}/cancel` });
}
