// Compile-time guarantees of the client, checked by `tsc --noEmit` (npm run typecheck).
// Every `@ts-expect-error` line must fail to compile, or tsc reports the unused directive.
import { describe, expectTypeOf, it } from 'vitest';
import type { components } from '../../generated/schema.d.ts';
import { createClient, hmacSha256, type CallResponse, type CallResult, type PathsWithMethod, type UnwrappedData, type WalletApiClient } from '../../packages/sdk/src/client/index.ts';
import type * as Named from '../../packages/sdk/src/client/types.ts';

type Schemas = components['schemas'];

/** Compiles only when A and B are each assignable to the other. */
const mutuallyAssignable = <A, B>(_same: [A] extends [B] ? ([B] extends [A] ? true : false) : false): void => {};

describe('named types', () => {
  it('cover every schema of the spec and are the generated types themselves', () => {
    expectTypeOf<keyof Named.NamedSchemas>().toEqualTypeOf<keyof Schemas>();
    expectTypeOf<Named.NamedSchemas>().toEqualTypeOf<{ [K in keyof Schemas]: Schemas[K] }>();
    expectTypeOf<Named.Wallet>().toEqualTypeOf<Schemas['Wallet']>();
    expectTypeOf<Named.TransactionPage['data'][number]>().toEqualTypeOf<Named.Transaction>();
    expectTypeOf<Named.ErrorEnvelope>().toEqualTypeOf<{ status: 'error'; message: string; data: null }>();
    expectTypeOf<Named.OperationData<'createSwap'>>().toEqualTypeOf<Named.Swap>();
    expectTypeOf<Named.OperationData<'listWallets'>>().toEqualTypeOf<Named.Wallet[]>();
  });
});

describe('typed calls', () => {
  it('give unwrap the operation’s data type', () => {
    type Data<M extends 'get' | 'post', P extends PathsWithMethod<M>> = UnwrappedData<CallResponse<M, P>>;
    expectTypeOf<Data<'get', '/api/v1/wallets'>>().toEqualTypeOf<Named.Wallet[]>();
    expectTypeOf<Data<'get', '/api/v1/swaps/quotes'>>().toEqualTypeOf<Named.SwapQuote>();
    expectTypeOf<Data<'post', '/api/v1/swaps/{id}/confirm'>>().toEqualTypeOf<Named.SwapStateChange>();
    expectTypeOf<Data<'get', '/api/v1/wallets/markets'>>().toEqualTypeOf<Named.MarketTickers>();
    // expect-type cannot hold a schema open to other fields (an intersection with an index
    // signature) equal even to itself; assignability both ways says the same.
    mutuallyAssignable<Data<'get', '/api/v1/transactions'>, Named.TransactionPage>(true);
    mutuallyAssignable<Data<'post', '/api/v1/swaps'>, Named.Swap>(true);
    // @ts-expect-error the data of create is a Swap, not the state change of confirm
    mutuallyAssignable<Data<'post', '/api/v1/swaps'>, Named.SwapStateChange>(true);
    expectTypeOf<ReturnType<WalletApiClient['GET']>>().toMatchTypeOf<Promise<CallResult>>();
  });
});

/** Never called: the body only has to compile (or fail to, where marked). */
export async function compileOnly(): Promise<void> {
  const client = createClient({ environment: 'custom', baseUrl: 'http://127.0.0.1:1', apiKey: 'k', signer: hmacSha256({ secret: 's' }) });
  const swap = { from: 'usdt', to: 'ngn', amount: 100, password: 'p' };

  // Correct calls compile.
  await client.POST('/api/v1/swaps', { body: swap });
  await client.GET('/api/v1/wallets/minimum-withdrawal-amount', { params: { query: { coin: 'usdt' } }, timeoutMs: 1000, retry: { attempts: 2 } });

  // A wrong path.
  // @ts-expect-error "/api/v1/walets" is not a path of the spec
  await client.GET('/api/v1/walets');
  // @ts-expect-error "/api/v1/swaps" has no GET
  await client.GET('/api/v1/swaps');
  // @ts-expect-error "/api/v1/wallets" has no POST
  await client.POST('/api/v1/wallets', { body: {} });

  // A missing required body field.
  // @ts-expect-error password is required
  await client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 100 } });
  // @ts-expect-error the body is required
  await client.POST('/api/v1/swaps');
  // @ts-expect-error token is required
  await client.POST('/api/v1/wallets/generate-wallet', { body: { name: 'Treasury' } });

  // A wrong type.
  // @ts-expect-error amount is a number
  await client.POST('/api/v1/swaps', { body: { ...swap, amount: '100' } });
  // @ts-expect-error limit is an integer, not a string
  await client.GET('/api/v1/transactions', { params: { query: { limit: '20' } } });
  // @ts-expect-error the swap id is a string
  await client.POST('/api/v1/swaps/{id}/confirm', { params: { path: { id: 42 } } });

  // An unknown parameter or field.
  // @ts-expect-error "sort" is not a query parameter of the transaction list
  await client.GET('/api/v1/transactions', { params: { query: { limit: 20, sort: 'desc' } } });
  // @ts-expect-error "coins" is not the path parameter
  await client.GET('/api/v1/utils/{coin}/networks', { params: { path: { coins: 'usdt' } } });
  // @ts-expect-error request bodies are closed: "memo" is not a field
  await client.POST('/api/v1/swaps', { body: { ...swap, memo: 'x' } });
  // @ts-expect-error unknown call option
  await client.GET('/api/v1/wallets', { timeout: 5 });

  // A missing required parameter.
  // @ts-expect-error coin is required
  await client.GET('/api/v1/wallets/minimum-withdrawal-amount');

  // POSTs cannot be retried.
  // @ts-expect-error retry is not a POST option
  await client.POST('/api/v1/swaps', { body: swap, retry: { attempts: 2 } });

  // Only the three environments are environments (one not given is read from WALLET_API_ENVIRONMENT, never implied).
  // @ts-expect-error "prod" is not an environment
  createClient({ environment: 'prod', baseUrl: 'https://staging.example.test', apiKey: 'k', signer: hmacSha256({ secret: 's' }) });
  // The environment variables' record holds strings.
  // @ts-expect-error a variable's value is a string
  createClient({ env: { WALLET_API_KEY: 1 } });
}

describe('operation methods', () => {
  const client = createClient({ environment: 'custom', baseUrl: 'http://127.0.0.1:1', apiKey: 'k', signer: hmacSha256({ secret: 's' }) });

  it('take path, query and body fields in one typed object and resolve to the data', () => {
    // The spec marks the quote's query parameters optional, so the input may be left out.
    expectTypeOf(client.getSwapQuote).parameter(0).toEqualTypeOf<{ from?: string; to?: string; amount?: number } | undefined>();
    expectTypeOf(client.confirmSwap).parameter(0).toEqualTypeOf<{ id: string }>();
    expectTypeOf(client.listTransactions).parameter(0).toEqualTypeOf<{ limit?: number; page?: number } | undefined>();
    expectTypeOf(client.confirmSwap).returns.toEqualTypeOf<Promise<Named.SwapStateChange>>();
    expectTypeOf(client.listWallets).returns.toEqualTypeOf<Promise<Named.Wallet[]>>();
    expectTypeOf(client.getSwapQuote).returns.toEqualTypeOf<Promise<Named.SwapQuote>>();
    expectTypeOf(client.confirmSwap.withResponse).returns.resolves.toHaveProperty('response').toEqualTypeOf<Response>();
    expectTypeOf(client.confirmSwap.withResponse).returns.resolves.toHaveProperty('data').toEqualTypeOf<Named.SwapStateChange>();
  });

  it('refuse a wrong, missing or unknown field, a GET option on a POST, and paging of what does not page', () => {
    void (async () => {
      await client.createSwap({ from: 'usdt', to: 'ngn', amount: 100, password: 'p' });
      // @ts-expect-error amount is a number
      await client.createSwap({ from: 'usdt', to: 'ngn', amount: '100', password: 'p' });
      // @ts-expect-error password is required
      await client.createSwap({ from: 'usdt', to: 'ngn', amount: 100 });
      // @ts-expect-error no field "form"
      await client.createSwap({ form: 'usdt', to: 'ngn', amount: 100, password: 'p' });
      // @ts-expect-error the id is required
      await client.confirmSwap();
      await client.listWallets(undefined, { retry: { attempts: 2 }, timeoutMs: 5000 });
      // @ts-expect-error POSTs are never retried
      await client.confirmSwap({ id: 'x' }, { retry: { attempts: 2 } });
      for await (const record of client.listTransactions.paginate({ limit: 50 }, { maxPages: 2 })) expectTypeOf(record).toEqualTypeOf<Named.Transaction>();
      // @ts-expect-error listWallets answers no page
      client.listWallets.paginate();
    });
  });
});
