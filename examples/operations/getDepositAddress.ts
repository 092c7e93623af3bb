// Get a deposit address for a coin, on a network discovered from the coin's networks.
import { createClient, hmacSha256, type EnvironmentName } from '@wallet-api/sdk';

// Credentials from the environment, never from code. WALLET_API_ENVIRONMENT is 'staging' or
// 'production' with the https address issued at onboarding, or 'custom' for the local sandbox.
const client = createClient({
  environment: (process.env.WALLET_API_ENVIRONMENT ?? 'custom') as EnvironmentName,
  baseUrl: process.env.WALLET_API_BASE_URL!,
  apiKey: process.env.WALLET_API_KEY!,
  signer: hmacSha256({ secret: process.env.WALLET_API_SIGNING_SECRET! }),
});

const [coin] = process.argv.slice(2);
if (!coin) throw new Error('usage: getDepositAddress.ts <coin>');

const [network] = await client.listCoinNetworks({ coin });
if (!network) throw new Error(`${coin} has no network in this environment`);
const address = await client.getDepositAddress({ coin, chain: network.reference });
console.log(JSON.stringify(address, null, 2));
