// The calls the client's telemetry and logs are checked on, each against the sandbox with a
// failure scenario armed for the case (docs/sandbox.md, "Failure scenarios"): a success,
// a GET retried under throttling, a refused POST, a timeout and a reset; and the calls that
// carry every canary of the privacy policy (the password, an account number, an address; the
// API key, its secret and each signature on every call).
import { createClient, hmacSha256, type ClientOptions, type WalletApiClient } from '../../packages/sdk/src/client/index.ts';
import { startSandbox, type RunningSandbox } from '../../packages/sandbox/src/index.ts';

export const canary = {
  apiKey: 'CANARY-TELEMETRY-KEY-4d1c',
  secret: 'CANARY-TELEMETRY-SECRET-e07b',
  password: 'CANARY-TELEMETRY-PASSWORD-93aa',
  accountNumber: '0123456789',
  address: '0x9f8e7d6c5b4a39281706f5e4d3c2b1a098765432',
};

export type CallCase = 'success' | 'retried GET' | 'refused POST' | 'timeout' | 'reset';
export const callCases: readonly CallCase[] = ['success', 'retried GET', 'refused POST', 'timeout', 'reset'];

export type Outcome = { status?: number; error?: { kind: string } };

export type CaseSandbox = {
  sandbox: RunningSandbox;
  /** Every signature the clients sent: canaries too. */
  signatures: string[];
  client: (options?: Partial<ClientOptions>) => WalletApiClient;
  /** Runs one case on a fresh scenario; resolves to what the call gave. */
  run: (name: CallCase, client: WalletApiClient) => Promise<Outcome>;
  /** The calls that carry the password, an account number and an address. */
  runCanaryCalls: (client: WalletApiClient) => Promise<void>;
  close: () => Promise<void>;
};

export async function caseSandbox(): Promise<CaseSandbox> {
  const sandbox = await startSandbox({ logger: false, deterministic: true, apiKeys: { [canary.apiKey]: canary.secret } });
  const signatures: string[] = [];
  /** Notes each signature sent, then sends with the fetch given. */
  const recording = (send: typeof fetch): typeof fetch => (input, init) => {
    const signature = new Headers(init?.headers).get('x-signature');
    if (signature) signatures.push(signature);
    return send(input, init);
  };
  const client = ({ fetch: send = fetch, ...options }: Partial<ClientOptions> = {}) =>
    createClient({ environment: 'custom', baseUrl: sandbox.url, apiKey: canary.apiKey, signer: hmacSha256({ secret: canary.secret }), fetch: recording(send), ...options });
  // The sandbox compiles an operation's schemas on its first answer: not inside a timed case.
  const warm = client();
  await warm.GET('/api/v1/utils/rates');
  await warm.GET('/api/v1/wallets');

  const outcome = async (call: Promise<{ response: Response }>): Promise<Outcome> => {
    try {
      return { status: (await call).response.status };
    } catch (error) {
      return { error: { kind: (error as { kind: string }).kind } };
    }
  };

  const run = async (name: CallCase, c: WalletApiClient): Promise<Outcome> => {
    sandbox.scenarios.clear();
    switch (name) {
      case 'success':
        return outcome(c.GET('/api/v1/utils/rates'));
      case 'retried GET':
        sandbox.scenarios.arm({ operation: 'listWallets', answer: 'throttle', status: 429, retryAfterSeconds: 0, times: 1 }, canary.apiKey);
        return outcome(c.GET('/api/v1/wallets', { retry: { attempts: 3, initialDelayMs: 1 } }));
      case 'refused POST':
        sandbox.scenarios.arm({ operation: 'createSwap', answer: 'error', status: 402, message: 'Insufficient balance', times: 1 }, canary.apiKey);
        return outcome(c.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 100, password: canary.password } }));
      case 'timeout':
        sandbox.scenarios.arm({ operation: 'getRates', answer: 'delay', delayMs: 1500, times: 1 }, canary.apiKey);
        return outcome(c.GET('/api/v1/utils/rates', { timeoutMs: 300 }));
      case 'reset':
        sandbox.scenarios.arm({ operation: 'listWallets', answer: 'reset-before-headers', times: 1 }, canary.apiKey);
        return outcome(c.GET('/api/v1/wallets'));
    }
  };

  const runCanaryCalls = async (c: WalletApiClient) => {
    sandbox.scenarios.clear();
    await c.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 100, password: canary.password } });
    await c.POST('/api/v1/wallets/preview-withdraw-local-transfer', { body: { coin: 'ngn', amount: 50000, accountNumber: canary.accountNumber, bankCode: '058' } });
    await c.POST('/api/v1/wallets/preview-withdraw', { body: { coin: 'usdt', chain: 'ethereum', amount: 25, receiverAddress: canary.address } });
  };

  return { sandbox, signatures, client, run, runCanaryCalls, close: () => sandbox.close() };
}

/** Every canary value found in `text`: the fixed ones and every signature sent. */
export function canariesIn(text: string, signatures: readonly string[]): string[] {
  return [...Object.values(canary), ...signatures].filter((value) => text.includes(value));
}
