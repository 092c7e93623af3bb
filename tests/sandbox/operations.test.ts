import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, demoCredentials, type RunningSandbox } from '../../packages/sandbox/src/index.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { listOperations } from '../../packages/sdk/src/spec/openapi.ts';
import { fixedInstant } from '../../packages/sandbox/src/runtime.ts';
import { storeVariants } from '../support/postgres.ts';
import { SandboxCaller } from '../support/sandbox-caller.ts';

describe.each(storeVariants)('sandbox operations ($name)', ({ options: storeOptions }) => {
  let sandbox: Awaited<ReturnType<typeof startSandbox>>;
  let api: SandboxCaller;

  beforeAll(async () => {
    sandbox = await startSandbox({ ...(await storeOptions('sandbox operations')), validateResponses: true, deterministic: true });
    api = new SandboxCaller(sandbox.url, demoCredentials);
  });
  afterAll(() => sandbox.close());

  describe('sandbox operations (happy paths)', () => {
    it('lists markets with tickers from the data file', async () => {
      const { status, body } = await api.get('/api/v1/wallets/markets');
      expect(status).toBe(200);
      expect(body.data.usdtngn).toEqual({ at: fixedInstant.getTime() / 1000, ticker: { buy: '1545.5', sell: '1539.0', last: '1542.25' } });
      expect(Object.keys(body.data)).toEqual(['btcusdt', 'ethusdt', 'btcngn', 'usdtngn']);
    });

    it('lists the networks of a coin, reads the minimum withdrawal, rates and the swap market', async () => {
      const networks = await api.get('/api/v1/utils/{coin}/networks', { params: { coin: 'usdt' } });
      expect(networks.body.data).toEqual([
        { reference: 'ethereum', name: 'ERC20' },
        { reference: 'binance', name: 'BEP20' },
        { reference: 'polygon', name: 'Polygon' },
      ]);
      const minimum = await api.get('/api/v1/wallets/minimum-withdrawal-amount', { query: { coin: 'usdt' } });
      expect(minimum.body.data).toEqual({ minimumAmount: 10 });
      const rates = await api.get('/api/v1/utils/rates');
      expect(Object.keys(rates.body.data)).toEqual(['btc', 'eth', 'usdt', 'ngn']);
      expect(rates.body.data.usdt).toEqual({ name: 'Tether USD', last: { ngn: '1542.25' } });
      const market = await api.get('/api/v1/swaps/market');
      expect(market.body.data.pairs).toContainEqual({ from: 'usdt', to: 'ngn', market: 'usdtngn' });
      expect(market.body.data.pairs).toContainEqual({ from: 'ngn', to: 'usdt', market: 'usdtngn' });
    });

    it('creates a wallet that the list then shows, and hands out a stable deposit address', async () => {
      const created = await api.post('/api/v1/wallets/generate-wallet', { body: { token: 'usdt', name: 'Treasury' } });
      expect(created.status).toBe(200);
      expect(created.body).toEqual({ status: 'success', message: 'Wallet created', data: { _id: expect.stringMatching(/^[0-9a-f]{24}$/), token: 'usdt', status: 'active' } });
      const bitcoin = await api.post('/api/v1/wallets/generate-wallet', { body: { token: 'bitcoin' } });
      const list = await api.get('/api/v1/wallets');
      expect(list.body.data).toEqual([
        { _id: created.body.data._id, address: expect.stringMatching(/^0x[0-9a-f]{40}$/), chainType: 'evm', status: 'active', subscribedChains: ['ethereum', 'binance', 'polygon'], usage: 'crypto_to_cash', provider: 'sandbox' },
        { _id: bitcoin.body.data._id, address: expect.stringMatching(/^bc1q/), chainType: 'btc', status: 'active', subscribedChains: ['bitcoin'], usage: 'crypto_to_cash', provider: 'sandbox' },
      ]);
      const first = await api.get('/api/v1/wallets/deposit-address', { query: { coin: 'usdt', chain: 'polygon' } });
      const again = await api.get('/api/v1/wallets/deposit-address', { query: { coin: 'usdt', chain: 'polygon' } });
      expect(first.body.data).toEqual({ coin: 'usdt', chain: 'polygon', address: expect.stringMatching(/^0x[0-9a-f]{40}$/) });
      expect(again.body.data).toEqual(first.body.data);
    });

    it('previews a withdrawal and an NGN payout as pending transactions in the history, newest first', async () => {
      await api.post('/sandbox/reset');
      const withdrawal = await api.post('/api/v1/wallets/preview-withdraw', {
        body: { chain: 'ethereum', amount: 25, coin: 'usdt', receiverAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', remark: 'Supplier' },
      });
      expect(withdrawal.body.data).toEqual({ transactionId: expect.stringMatching(/^[0-9a-f]{24}$/), amount: 25, fee: 1, coin: 'usdt', chain: 'ethereum', status: 'pending' });
      const payout = await api.post('/api/v1/wallets/preview-withdraw-local-transfer', { body: { amount: 50000, coin: 'ngn', accountNumber: '0123456789', bankCode: '058' } });
      expect(payout.body.data).toEqual({ transactionId: expect.any(String), amount: 50000, coin: 'ngn', fee: 50, status: 'pending' });

      const history = await api.get('/api/v1/transactions');
      expect(history.body.data).toMatchObject({ page: 1, pages: 1, limit: 20, total: 2 });
      expect(history.body.data.data.map((t: { _id: string }) => t._id)).toEqual([payout.body.data.transactionId, withdrawal.body.data.transactionId]);
      expect(history.body.data.data[1]).toEqual({
        _id: withdrawal.body.data.transactionId,
        uid: expect.stringMatching(/^TRX-\d+$/),
        amount: 25,
        amountToReceive: 24,
        coin: 'usdt',
        chain: 'ethereum',
        currency: 'USDT',
        type: 'CRYPTO_WITHDRAWAL',
        status: 'pending',
        payoutStatus: 'pending',
        remark: 'Supplier',
        fee: 1,
        rate: 1,
        createdAt: fixedInstant.toISOString(),
        updatedAt: fixedInstant.toISOString(),
      });
      const one = await api.get('/api/v1/transactions/{id}', { params: { id: payout.body.data.transactionId } });
      expect(one.body.data).toEqual(history.body.data.data[0]);
    });

    it('pages the history: page, pages, limit and total, newest first', async () => {
      await api.post('/sandbox/reset');
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const r = await api.post('/api/v1/wallets/preview-withdraw', { body: { chain: 'bitcoin', amount: 0.001 + i, coin: 'btc', receiverAddress: 'bc1q' } });
        ids.push(r.body.data.transactionId);
      }
      const newestFirst = [...ids].reverse();
      const pages = await Promise.all([1, 2, 3, 4].map((page) => api.get('/api/v1/transactions', { query: { limit: 2, page } })));
      expect(pages.map((p) => p.body.data.data.map((t: { _id: string }) => t._id))).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2, 4), newestFirst.slice(4), []]);
      for (const [index, p] of pages.entries()) expect(p.body.data).toMatchObject({ page: index + 1, pages: 3, limit: 2, total: 5 });
      const capped = await api.get('/api/v1/transactions', { query: { limit: 1000 } });
      expect(capped.body.data).toMatchObject({ page: 1, pages: 1, limit: 100, total: 5 });
    });

    it('quotes, creates, confirms and cancels swaps', async () => {
      const quote = await api.get('/api/v1/swaps/quotes', { query: { from: 'usdt', to: 'ngn', amount: 100 } });
      // Selling 100 usdt at the sell price 1539 with a 0.5 % fee kept from the proceeds.
      expect(quote.body.data).toEqual({
        quotedPrice: '1531.305',
        originalQuotedPrice: '1539',
        fee: '769.5',
        quotedCurrency: 'NGN',
        toAmount: '153130.5',
        originalToAmount: '153900',
      });
      const reverse = await api.get('/api/v1/swaps/quotes', { query: { from: 'ngn', to: 'usdt', amount: 154550 } });
      expect(reverse.body.data).toMatchObject({ originalQuotedPrice: '1545.5', originalToAmount: '100', fee: '0.5', toAmount: '99.5', quotedCurrency: 'NGN' });

      const created = await api.post('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' } });
      expect(created.body.data).toEqual({ id: expect.stringMatching(/^[0-9a-f]{24}$/), from: 'usdt', to: 'ngn', status: 'pending' });
      const confirmed = await api.post('/api/v1/swaps/{id}/confirm', { params: { id: created.body.data.id } });
      expect(confirmed.body.data).toEqual({ id: created.body.data.id, status: 'confirmed' });

      const other = await api.post('/api/v1/swaps', { body: { from: 'btc', to: 'usdt', amount: 0.5, password: 'p' } });
      const cancelled = await api.post('/api/v1/swaps/{id}/cancel', { params: { id: other.body.data.id } });
      expect(cancelled.body.data).toEqual({ id: other.body.data.id, status: 'cancelled' });
    });

    it('refuses to confirm or cancel a swap that is no longer pending (409)', async () => {
      const created = await api.post('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 10, password: 'p' } });
      const params = { id: created.body.data.id };
      await api.post('/api/v1/swaps/{id}/cancel', { params });
      for (const [action, done] of [['confirm', 'confirmed'], ['cancel', 'cancelled']]) {
        const again = await api.post(`/api/v1/swaps/{id}/${action}`, { params });
        expect(again.status).toBe(409);
        expect(again.body).toEqual({ status: 'error', message: `Swap ${params.id} is cancelled; only a pending swap can be ${done}`, data: null });
      }
    });

    it('answers every operation of the spec with 200 somewhere above', () => {
      const answered = new Set(api.seen.filter((s) => s.status === 200).map((s) => `${s.method} ${s.template}`));
      const missing = listOperations(loadBundledDocument())
        .map(({ method, path }) => `${method} ${path}`)
        .filter((key) => !answered.has(key));
      expect(missing).toEqual([]);
    });
  });

  describe('sandbox test helpers', () => {
    it('complete or fail a pending preview once, then refuse (409); reset forgets everything', async () => {
      const a = await api.post('/api/v1/wallets/preview-withdraw-local-transfer', { body: { amount: 2000, coin: 'ngn' } });
      const b = await api.post('/api/v1/wallets/preview-withdraw-local-transfer', { body: { amount: 3000, coin: 'ngn' } });
      const completed = await api.post('/sandbox/transactions/{id}/complete', { params: { id: a.body.data.transactionId } });
      expect(completed.body.data).toMatchObject({ _id: a.body.data.transactionId, status: 'completed', payoutStatus: 'completed' });
      const failed = await api.post('/sandbox/transactions/{id}/fail', { params: { id: b.body.data.transactionId } });
      expect(failed.body.data).toMatchObject({ status: 'failed', payoutStatus: 'failed' });
      const again = await api.post('/sandbox/transactions/{id}/fail', { params: { id: a.body.data.transactionId } });
      expect(again.status).toBe(409);
      expect(again.body.message).toMatch(/is completed; only a pending transaction can be settled/);
      const read = await api.get('/api/v1/transactions/{id}', { params: { id: a.body.data.transactionId } });
      expect(read.body.data.status).toBe('completed');
      const unknown = await api.post('/sandbox/transactions/{id}/complete', { params: { id: 'nope' } });
      expect(unknown.status).toBe(404);

      await api.post('/api/v1/wallets/generate-wallet', { body: { token: 'naira' } });
      const reset = await api.post('/sandbox/reset');
      expect(reset.body).toEqual({ status: 'success', message: 'Sandbox state reset', data: null });
      expect((await api.get('/api/v1/wallets')).body.data).toEqual([]);
      expect((await api.get('/api/v1/transactions')).body.data).toEqual({ page: 1, pages: 0, limit: 20, total: 0, data: [] });
    });
  });
});
