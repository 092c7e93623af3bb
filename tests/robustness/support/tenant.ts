// A tenant's records in the sandbox: seeded so that malformed requests aim at things that
// exist, and read back whole so that any change of state shows.
import { createHash } from 'node:crypto';
import { callOk, type Credentials } from '../../support/signed-http.ts';

export type SeededTenant = {
  /** Real path values by operationId then parameter name. */
  pathValues: Record<string, Record<string, string>>;
  /** Ids of swaps no longer pending (one confirmed, one cancelled), by the operations they forbid. */
  settledIds: Record<string, string[]>;
};

/** Creates a wallet, both previews and swaps in all three states for a tenant. */
export async function seedTenant(baseUrl: string, credentials: Credentials): Promise<SeededTenant> {
  await callOk(baseUrl, credentials, 'POST', '/api/v1/wallets/generate-wallet', { token: 'usdt', name: 'Robustness wallet' });
  const preview = await callOk<{ transactionId: string }>(baseUrl, credentials, 'POST', '/api/v1/wallets/preview-withdraw', {
    chain: 'ethereum',
    amount: 25,
    coin: 'usdt',
    receiverAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72',
  });
  await callOk(baseUrl, credentials, 'POST', '/api/v1/wallets/preview-withdraw-local-transfer', { amount: 50_000, coin: 'ngn' });
  const swap = () => callOk<{ id: string }>(baseUrl, credentials, 'POST', '/api/v1/swaps', { from: 'usdt', to: 'ngn', amount: 100, password: 'p' });
  const pending = await swap();
  const confirmed = await swap();
  const cancelled = await swap();
  await callOk(baseUrl, credentials, 'POST', `/api/v1/swaps/${confirmed.id}/confirm`);
  await callOk(baseUrl, credentials, 'POST', `/api/v1/swaps/${cancelled.id}/cancel`);
  const settled = [confirmed.id, cancelled.id];
  return {
    pathValues: {
      confirmSwap: { id: pending.id },
      cancelSwap: { id: pending.id },
      getTransaction: { id: preview.transactionId },
      listCoinNetworks: { coin: 'usdt' },
    },
    settledIds: { confirmSwap: settled, cancelSwap: settled },
  };
}

/** Everything the tenant owns, as one comparable string: wallets, the whole history, every swap. */
export async function snapshotTenant(baseUrl: string, credentials: Credentials): Promise<string> {
  const [wallets, history, swaps] = await Promise.all([
    callOk(baseUrl, credentials, 'GET', '/api/v1/wallets'),
    callOk(baseUrl, credentials, 'GET', '/api/v1/transactions?limit=100&page=1'),
    callOk(baseUrl, credentials, 'GET', '/sandbox/swaps'),
  ]);
  return JSON.stringify({ wallets, history, swaps });
}

/** The snapshot's SHA-256: cheap to keep and compare after every batch of requests. */
export const digestOf = (snapshot: string) => createHash('sha256').update(snapshot).digest('hex');
