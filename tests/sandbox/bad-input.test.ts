import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, demoCredentials, type RunningSandbox } from '../../packages/sandbox/src/index.ts';
import { SandboxCaller, type CallOptions } from '../support/sandbox-caller.ts';

let sandbox: RunningSandbox;
let api: SandboxCaller;
let pendingSwapId: string;

beforeAll(async () => {
  sandbox = await startSandbox({ validateResponses: true, deterministic: true });
  api = new SandboxCaller(sandbox.url, demoCredentials);
  await api.post('/api/v1/wallets/generate-wallet', { body: { token: 'usdt' } });
  await api.post('/api/v1/wallets/preview-withdraw', { body: { chain: 'ethereum', amount: 25, coin: 'usdt', receiverAddress: '0xabc' } });
  pendingSwapId = (await api.post('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 100, password: 'p' } })).body.data.id;
});
afterAll(() => sandbox.close());

/** What the caller can see of the state: wallets and the whole history. */
async function visibleState() {
  const wallets = await api.get('/api/v1/wallets');
  const history = await api.get('/api/v1/transactions', { query: { limit: 100 } });
  return { wallets: wallets.body.data, history: history.body.data };
}

const withdrawal = { chain: 'ethereum', amount: 25, coin: 'usdt', receiverAddress: '0xabc' };
const swap = { from: 'usdt', to: 'ngn', amount: 100, password: 'p' };

type Case = [label: string, method: 'GET' | 'POST', template: string, options: CallOptions, status: number, message: RegExp];

const cases: Case[] = [
  // Missing, extra and wrong-typed body fields; names too long; bodies that are not JSON objects.
  ['missing token', 'POST', '/api/v1/wallets/generate-wallet', { body: {} }, 400, /^Invalid request: body must have the property 'token'$/],
  ['extra wallet field', 'POST', '/api/v1/wallets/generate-wallet', { body: { token: 'usdt', colour: 'red' } }, 400, /body must not have the property 'colour'/],
  ['token of the wrong type', 'POST', '/api/v1/wallets/generate-wallet', { body: { token: 5 } }, 400, /body\.token must be string/],
  ['81-character name', 'POST', '/api/v1/wallets/generate-wallet', { body: { token: 'usdt', name: 'n'.repeat(81) } }, 400, /body\.name must NOT have more than 80 characters/],
  ['unknown token', 'POST', '/api/v1/wallets/generate-wallet', { body: { token: 'doge' } }, 400, /token "doge" is not a supported asset/],
  ['array body', 'POST', '/api/v1/wallets/generate-wallet', { body: [] }, 400, /body must be object/],
  ['null body', 'POST', '/api/v1/wallets/generate-wallet', { rawBody: 'null' }, 400, /body must be object/],
  ['bad JSON', 'POST', '/api/v1/wallets/generate-wallet', { rawBody: '{"token": "usdt"' }, 400, /^The body is not valid JSON$/],
  ['prototype poisoning', 'POST', '/api/v1/wallets/generate-wallet', { rawBody: '{"token":"usdt","__proto__":{"x":1}}' }, 400, /must not contain __proto__/],
  ['wrong content-type', 'POST', '/api/v1/wallets/generate-wallet', { rawBody: 'token=usdt', contentType: 'application/x-www-form-urlencoded' }, 400, /^Content-Type must be application\/json$/],
  ['JSON sent as text/plain', 'POST', '/api/v1/wallets/generate-wallet', { rawBody: '{"token":"usdt"}', contentType: 'text/plain' }, 400, /^Content-Type must be application\/json$/],
  ['no body', 'POST', '/api/v1/wallets/generate-wallet', {}, 400, /A JSON request body is required/],
  ['body too large', 'POST', '/api/v1/wallets/generate-wallet', { body: { token: 'usdt', name: 'x'.repeat(1_100_000) } }, 400, /Invalid request: .*too large/i],
  ['missing amount', 'POST', '/api/v1/wallets/preview-withdraw', { body: { ...withdrawal, amount: undefined } }, 400, /body must have the property 'amount'/],
  ['amount as a string', 'POST', '/api/v1/wallets/preview-withdraw', { body: { ...withdrawal, amount: '25' } }, 400, /body\.amount must be number/],
  ['zero amount', 'POST', '/api/v1/wallets/preview-withdraw', { body: { ...withdrawal, amount: 0 } }, 400, /body\.amount must be > 0/],
  ['remark of the wrong type', 'POST', '/api/v1/wallets/preview-withdraw', { body: { ...withdrawal, remark: 5 } }, 400, /body\.remark must be string/],
  ['extra withdrawal field', 'POST', '/api/v1/wallets/preview-withdraw', { body: { ...withdrawal, memo: 'x' } }, 400, /must not have the property 'memo'/],
  ['unknown coin', 'POST', '/api/v1/wallets/preview-withdraw', { body: { ...withdrawal, coin: 'doge' } }, 400, /coin "doge" is not supported/],
  ['unknown chain', 'POST', '/api/v1/wallets/preview-withdraw', { body: { ...withdrawal, chain: 'solana' } }, 400, /chain "solana" is not a network of usdt/],
  ['below the minimum', 'POST', '/api/v1/wallets/preview-withdraw', { body: { ...withdrawal, amount: 9.99 } }, 400, /amount 9\.99 is below the minimum withdrawal amount of 10 usdt/],
  ['payout in a crypto coin', 'POST', '/api/v1/wallets/preview-withdraw-local-transfer', { body: { amount: 5000, coin: 'usdt' } }, 400, /coin "usdt" cannot be paid out to a bank account; use ngn/],
  ['payout below the minimum', 'POST', '/api/v1/wallets/preview-withdraw-local-transfer', { body: { amount: 999, coin: 'ngn' } }, 400, /below the minimum withdrawal amount of 1000 ngn/],
  ['account number as a number', 'POST', '/api/v1/wallets/preview-withdraw-local-transfer', { body: { amount: 5000, coin: 'ngn', accountNumber: 123 } }, 400, /body\.accountNumber must be string/],
  ['minimum without coin', 'GET', '/api/v1/wallets/minimum-withdrawal-amount', {}, 400, /query must have the property 'coin'/],
  ['minimum of an unknown coin', 'GET', '/api/v1/wallets/minimum-withdrawal-amount', { query: { coin: 'doge' } }, 400, /coin "doge" is not supported/],
  ['networks of an unknown coin', 'GET', '/api/v1/utils/{coin}/networks', { params: { coin: 'doge' } }, 404, /Coin "doge" is not supported/],
  ['deposit address without coin', 'GET', '/api/v1/wallets/deposit-address', { query: { chain: 'ethereum' } }, 400, /query\.coin is required/],
  ['deposit address on an unknown chain', 'GET', '/api/v1/wallets/deposit-address', { query: { coin: 'btc', chain: 'ethereum' } }, 400, /chain "ethereum" is not a network of btc/],
  ['quote without from', 'GET', '/api/v1/swaps/quotes', { query: { to: 'ngn', amount: 1 } }, 400, /query\.from is required/],
  ['quote amount not a number', 'GET', '/api/v1/swaps/quotes', { query: { from: 'usdt', to: 'ngn', amount: 'ten' } }, 400, /query\.amount must be number/],
  ['quote of a negative amount', 'GET', '/api/v1/swaps/quotes', { query: { from: 'usdt', to: 'ngn', amount: -1 } }, 400, /query\.amount must be > 0/],
  ['quote of an unknown asset', 'GET', '/api/v1/swaps/quotes', { query: { from: 'usdt', to: 'doge', amount: 1 } }, 400, /to "doge" is not a supported asset/],
  ['quote of one asset to itself', 'GET', '/api/v1/swaps/quotes', { query: { from: 'usdt', to: 'usdt', amount: 1 } }, 400, /must be different assets/],
  ['quote without a market', 'GET', '/api/v1/swaps/quotes', { query: { from: 'eth', to: 'ngn', amount: 1 } }, 400, /No market prices eth to ngn/],
  ['quote too large to price', 'GET', '/api/v1/swaps/quotes', { query: { from: 'usdt', to: 'ngn', amount: '1e308' } }, 400, /too small or too large to quote/],
  ['swap without password', 'POST', '/api/v1/swaps', { body: { ...swap, password: undefined } }, 400, /body must have the property 'password'/],
  ['swap amount as a string', 'POST', '/api/v1/swaps', { body: { ...swap, amount: '100' } }, 400, /body\.amount must be number/],
  ['swap with an extra field', 'POST', '/api/v1/swaps', { body: { ...swap, rate: 1 } }, 400, /must not have the property 'rate'/],
  ['swap of an unknown asset', 'POST', '/api/v1/swaps', { body: { ...swap, from: 'doge' } }, 400, /from "doge" is not a supported asset/],
  ['confirm of an unknown swap', 'POST', '/api/v1/swaps/{id}/confirm', { params: { id: 'ffffffffffffffffffffffff' } }, 404, /No swap "ffffffffffffffffffffffff"/],
  ['confirm with a body', 'POST', '/api/v1/swaps/{id}/confirm', { params: { id: 'pending' }, body: {} }, 400, /takes no request body/],
  ['cancel with a text body', 'POST', '/api/v1/swaps/{id}/cancel', { params: { id: 'pending' }, rawBody: 'now', contentType: 'text/plain' }, 400, /Content-Type must be application\/json/],
  // Paging values.
  ['limit not a number', 'GET', '/api/v1/transactions', { query: 'limit=abc' }, 400, /query\.limit must be integer/],
  ['limit zero', 'GET', '/api/v1/transactions', { query: 'limit=0' }, 400, /query\.limit must be >= 1/],
  ['limit fractional', 'GET', '/api/v1/transactions', { query: 'limit=1.5' }, 400, /query\.limit must be integer/],
  ['limit empty', 'GET', '/api/v1/transactions', { query: 'limit=' }, 400, /query\.limit must be integer/],
  ['limit twice', 'GET', '/api/v1/transactions', { query: 'limit=1&limit=2' }, 400, /query\.limit must be integer/],
  ['page zero', 'GET', '/api/v1/transactions', { query: 'page=0' }, 400, /query\.page must be >= 1/],
  ['page negative', 'GET', '/api/v1/transactions', { query: 'page=-2' }, 400, /query\.page must be >= 1/],
  ['limit in hexadecimal', 'GET', '/api/v1/transactions', { query: 'limit=0x10' }, 400, /query\.limit must be integer in decimal notation/],
  ['page beyond a double', 'GET', '/api/v1/transactions', { query: `page=${'9'.repeat(400)}` }, 400, /query\.page must be a finite number/],
  ['quote amount beyond a double', 'GET', '/api/v1/swaps/quotes', { query: { from: 'usdt', to: 'ngn', amount: '1e400' } }, 400, /query\.amount must be a finite number/],
  ['page not a number', 'GET', '/api/v1/transactions', { query: 'page=two' }, 400, /query\.page must be integer/],
  ['unknown transaction', 'GET', '/api/v1/transactions/{id}', { params: { id: 'nope' } }, 404, /No transaction "nope"/],
  ['unknown transaction id of 5,000 characters', 'GET', '/api/v1/transactions/{id}', { params: { id: 'a'.repeat(5_000) } }, 404, /^No transaction "a{60}…"$/],
  ['cancel of an unknown swap id of 300 characters', 'POST', '/api/v1/swaps/{id}/cancel', { params: { id: 'b'.repeat(300) } }, 404, /^No swap "b{60}…"$/],
  ['unknown route', 'GET', '/api/v1/wallets/nothing-here', {}, 404, /^No operation GET \/api\/v1\/wallets\/nothing-here$/],
  ['malformed path encoding', 'GET', '/api/v1/transactions/%zz', {}, 400, /not a valid url/],
];

describe('sandbox bad input', () => {
  it('answers each class of bad input with the error envelope and changes nothing', async () => {
    const before = await visibleState();
    for (const [label, method, template, options, status, message] of cases) {
      const params = options.params?.id === 'pending' ? { id: pendingSwapId } : options.params;
      const { status: actual, body } = await api.call(method, template, { ...options, ...(params ? { params } : {}) });
      expect({ label, status: actual, body }).toEqual({ label, status, body: { status: 'error', message: expect.stringMatching(message), data: null } });
    }
    expect(await visibleState()).toEqual(before);
    // Ids are counters in deterministic mode and every record takes one: the next record
    // gets the next id only if no refused request created anything.
    const next = await api.post('/api/v1/wallets/generate-wallet', { body: { token: 'usdt', name: 'n'.repeat(80) } });
    expect(next.status).toBe(200);
    expect(next.body.data._id).toBe('000000000000000000000004');
    // The swap the refused confirm and cancel named is still pending.
    expect((await api.post('/api/v1/swaps/{id}/confirm', { params: { id: pendingSwapId } })).status).toBe(200);
  });

  it('answers a request that is not HTTP with the envelope', async () => {
    const { connect } = await import('node:net');
    const { port } = new URL(sandbox.url);
    const text = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.write('THIS IS NOT HTTP\r\n\r\n'));
      let received = '';
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('end', () => resolve(received));
      socket.on('error', reject);
    });
    expect(text).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4))).toEqual({ status: 'error', message: 'Invalid request: malformed HTTP request', data: null });
  });
});
