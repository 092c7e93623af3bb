import { ApiError, createClient, hmacSha256, type SwapQuote, type SwapStateChange, type TransactionPage, type WalletApiClient } from '@wallet-api/sdk';

/** One client per environment, built on your backend from your secret store. */
export function connect(baseUrl: string, apiKey: string, secret: string): WalletApiClient {
  return createClient({
    environment: 'custom', // the local sandbox or mock; 'staging' or 'production' take the https address issued at onboarding
    baseUrl,
    apiKey,
    // The provider has not published its signature algorithm: confirm it before going live.
    signer: hmacSha256({ secret }),
    timeoutMs: 10_000,
    retry: { attempts: 3 }, // GETs only; POSTs move value and are never retried
  });
}

export type SwapOutcome =
  | { outcome: 'declined'; quote: SwapQuote }
  | { outcome: 'confirmed' | 'cancelled'; quote: SwapQuote; swap: SwapStateChange; transactions: TransactionPage };

/**
 * Discover → quote → create → confirm a swap, then read the transaction history.
 * `from` and `to` are assets the user picked from discovered options, never hard-coded.
 */
export async function swapFlow(
  client: WalletApiClient,
  order: { from: string; to: string; amount: number; password: string },
  userAccepts: (quote: SwapQuote) => Promise<boolean>,
): Promise<SwapOutcome> {
  // 1. Discover: the market must be listed for this environment. Markets are keyed by a
  //    lower-case pair of asset codes; which asset comes first (and any separator) is the
  //    provider's format, not published: confirm it. Until then, accept either order.
  const markets = await client.listMarkets();
  const [from, to] = [order.from.toLowerCase(), order.to.toLowerCase()];
  const market = markets[`${from}${to}`] ?? markets[`${to}${from}`];
  if (!market) throw new Error(`no ${order.from}/${order.to} market in this environment`);

  // 2. Quote, and show it to the user before anything moves.
  const quote = await client.getSwapQuote({ from: order.from, to: order.to, amount: order.amount });
  if (!(await userAccepts(quote))) return { outcome: 'declined', quote };

  // 3. Create the swap (pending), 4. confirm it; cancel it if confirmation is refused.
  const created = await client.createSwap(order);
  let swap: SwapStateChange;
  try {
    swap = await client.confirmSwap({ id: created.id });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error; // network failure or timeout: the outcome is unknown, check before retrying
    swap = await client.cancelSwap({ id: created.id });
  }

  // 5. Read the transaction history.
  const transactions = await client.listTransactions({ limit: 20, page: 1 });
  return { outcome: swap.status === 'confirmed' ? 'confirmed' : 'cancelled', quote, swap, transactions };
}
