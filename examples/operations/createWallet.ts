// Create a wallet for a supported asset (e.g. usdt, bitcoin, naira), with an optional name.
import { createClient, hmacSha256, type EnvironmentName } from '@wallet-api/sdk';

// Credentials from the environment, never from code. WALLET_API_ENVIRONMENT is 'staging' or
// 'production' with the https address issued at onboarding, or 'custom' for the local sandbox.
const client = createClient({
  environment: (process.env.WALLET_API_ENVIRONMENT ?? 'custom') as EnvironmentName,
  baseUrl: process.env.WALLET_API_BASE_URL!,
  apiKey: process.env.WALLET_API_KEY!,
  signer: hmacSha256({ secret: process.env.WALLET_API_SIGNING_SECRET! }),
});

const [token] = process.argv.slice(2);
if (!token) throw new Error('usage: createWallet.ts <token>');

const name = process.argv[3];
const wallet = await client.createWallet({ token, ...(name ? { name } : {}) });
console.log(JSON.stringify(wallet, null, 2));
