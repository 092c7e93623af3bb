// A tenant's records in the sandbox: seeded so that malformed requests aim at things that
// exist, and read back whole so that any change of state shows.
import { call, type Credentials } from './http.ts';

export type SeededTenant = {
  /** Real path values by operationId then parameter name. */
  pathValues: Record<string, Record<string, string>>;
};

/** Creates a wallet, both previews and swaps in all three states for a tenant. */
export async function seedTenant(baseUrl: string, credentials: Credentials): Promise<SeededTenant> {
  await call(baseUrl, credentials, 'POST', '/api/v1/wallets/generate-wallet', { token: 'usdt', name: 'Robustness wallet' });
  const preview = await call<{ transactionId: string }>(baseUrl, credentials, 'POST', '/api/v1/wallets/preview-withdraw', {
    chain: 'ethereum',
    amount: 25,
    coin: 'usdt',
    receiverAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
  });
  await call(baseUrl, credentials, 'POST', '/api/v1/wallets/preview-withdraw-local-transfer', { amount: 50_000, coin: 'ngn' });
  const swap = () => call<{ id: string }>(baseUrl, credentials, 'POST', '/api/v1/swaps', { from: 'usdt', to: 'ngn', amount: 100, password: 'p' });
  const pending = await swap();
  const confirmed = await swap();
  const cancelled = await swap();
  await call(baseUrl, credentials, 'POST', `/api/v1/swaps/${confirmed.id}/confirm`);
  await call(baseUrl, credentials, 'POST', `/api/v1/swaps/${cancelled.id}/cancel`);
  return {
    pathValues: {
      confirmSwap: { id: pending.id },
      cancelSwap: { id: pending.id },
      getTransaction: { id: preview.transactionId },
      listCoinNetworks: { coin: 'usdt' },
    },
  };
}

/** Everything the tenant owns, as one comparable string: wallets, the whole history, every swap. */
export async function snapshotTenant(baseUrl: string, credentials: Credentials): Promise<string> {
  const [wallets, history, swaps] = await Promise.all([
    call(baseUrl, credentials, 'GET', '/api/v1/wallets'),
    call(baseUrl, credentials, 'GET', '/api/v1/transactions?limit=100&page=1'),
    call(baseUrl, credentials, 'GET', '/sandbox/swaps'),
  ]);
  return JSON.stringify({ wallets, history, swaps });
}
