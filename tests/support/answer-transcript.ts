// A fixed walk through the sandbox that records every answer's status, content type and exact
// body: every operation, the test helpers, and a refusal of every class (the malformed HTTP
// request as the raw bytes the socket receives). Run against a deterministic sandbox
// started with the replay guard on, the same walk gives the same bytes every time, so a
// transcript recorded once can hold the sandbox to its answers byte for byte.
import { connect } from 'node:net';
import { distinctInstants, sendSigned, type Credentials, type SignedRequest } from './signed-http.ts';

export type TranscriptEntry = { request: string; status: number; contentType: string; body: string };

/** What the sandbox must be started with for the walk to be reproducible. */
export const transcriptSandboxOptions = { deterministic: true, rejectReplays: true } as const;

/** The bytes a raw, malformed HTTP request gets back (no Date header is sent with them). */
export function rawAnswer(baseUrl: string, text: string): Promise<string> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect({ host: hostname, port: Number(port) }, () => socket.write(text));
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    socket.once('error', reject);
    socket.once('close', () => resolve(received));
  });
}

export async function recordTranscript(baseUrl: string, credentials: Credentials): Promise<TranscriptEntry[]> {
  const entries: TranscriptEntry[] = [];
  // The walk sends some requests twice in a row (the same deposit address, say): a request it
  // signs at "now" is signed at a millisecond of its own; one that names its timestamp keeps it.
  const instant = distinctInstants();
  const send = async (label: string, request: SignedRequest) => {
    if (request.auth?.timestamp === undefined) request = { ...request, auth: { ...request.auth, timestamp: instant() } };
    const response = await sendSigned(baseUrl, request, credentials);
    entries.push({ request: `${label}: ${request.method} ${request.pathWithQuery}`, status: response.status, contentType: response.contentType, body: response.text });
    return response.json as { data?: Record<string, unknown> } | undefined;
  };
  const get = (pathWithQuery: string, auth?: SignedRequest['auth']) => send('signed', { method: 'GET', pathWithQuery, ...(auth ? { auth } : {}) });
  const post = (pathWithQuery: string, body?: unknown) =>
    send('signed', { method: 'POST', pathWithQuery, ...(body === undefined ? {} : { body: JSON.stringify(body), contentType: 'application/json' }) });

  await get('/api/v1/wallets/markets');
  await get('/api/v1/utils/usdt/networks');
  await get('/api/v1/wallets/minimum-withdrawal-amount?coin=usdt');
  await get('/api/v1/utils/rates');
  await get('/api/v1/swaps/market');
  await post('/api/v1/wallets/generate-wallet', { token: 'usdt', name: 'Treasury' });
  await post('/api/v1/wallets/generate-wallet', { token: 'bitcoin' });
  await get('/api/v1/wallets');
  await get('/api/v1/wallets/deposit-address?coin=usdt&chain=polygon');
  await get('/api/v1/wallets/deposit-address?coin=usdt&chain=polygon');
  const withdrawal = await post('/api/v1/wallets/preview-withdraw', { chain: 'ethereum', amount: 25, coin: 'usdt', receiverAddress: '0x0000000000000000000000000000000000000001', remark: 'Supplier' });
  const payout = await post('/api/v1/wallets/preview-withdraw-local-transfer', { amount: 50000, coin: 'ngn', accountNumber: '0000000000', bankCode: '000' });
  await get('/api/v1/transactions');
  await get('/api/v1/transactions?limit=1&page=2');
  await get(`/api/v1/transactions/${String(withdrawal?.data?.transactionId)}`);
  await get('/api/v1/swaps/quotes?from=usdt&to=ngn&amount=100');
  const swap = await post('/api/v1/swaps', { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' });
  await post(`/api/v1/swaps/${String(swap?.data?.id)}/confirm`);
  const other = await post('/api/v1/swaps', { from: 'btc', to: 'usdt', amount: 0.5, password: 'p' });
  await post(`/api/v1/swaps/${String(other?.data?.id)}/cancel`);
  await post(`/sandbox/transactions/${String(payout?.data?.transactionId)}/complete`);
  await get('/sandbox/swaps');
  await get(`/sandbox/swaps/${String(swap?.data?.id)}`);

  // A refusal of every class.
  await get('/api/v1/wallets', { headers: { 'x-api-key': null } });
  await get('/api/v1/wallets', { apiKey: 'stranger-key' });
  await get('/api/v1/wallets', { headers: { 'x-timestamp': null } });
  await get('/api/v1/wallets', { timestamp: '2026-11-21T10:15:30Z' });
  await get('/api/v1/wallets', { timestamp: new Date(Date.now() - 3_600_000) });
  await get('/api/v1/wallets', { headers: { 'x-signature': null } });
  await get('/api/v1/wallets', { secret: 'another-secret' });
  const sentOnce = new Date();
  await get('/api/v1/transactions?limit=2', { timestamp: sentOnce });
  await get('/api/v1/transactions?limit=2', { timestamp: sentOnce });
  await post('/api/v1/wallets/generate-wallet', {});
  await send('bad JSON', { method: 'POST', pathWithQuery: '/api/v1/wallets/generate-wallet', body: '{"token"', contentType: 'application/json' });
  await send('form body', { method: 'POST', pathWithQuery: '/api/v1/wallets/generate-wallet', body: 'token=usdt', contentType: 'application/x-www-form-urlencoded' });
  await get('/api/v1/wallets/minimum-withdrawal-amount?coin=doge');
  await get('/api/v1/transactions?limit=0x10');
  await get('/api/v1/wallets/%E0%A4%A');
  await get('/api/v1/utils/doge/networks');
  await get('/api/v1/transactions/no-such-transaction');
  await post('/api/v1/swaps/no-such-swap/confirm');
  await get('/api/v2/wallets');
  await post(`/api/v1/swaps/${String(swap?.data?.id)}/cancel`);
  await post(`/sandbox/transactions/${String(payout?.data?.transactionId)}/fail`);
  const raw = await rawAnswer(baseUrl, 'GET /api/v1/wallets HTTP/1.1\r\nHost: sandbox\r\nBroken header line\r\n\r\n');
  entries.push({ request: 'malformed HTTP request', status: 0, contentType: '', body: raw });

  await post('/sandbox/reset');
  await get('/api/v1/wallets');
  return entries;
}
