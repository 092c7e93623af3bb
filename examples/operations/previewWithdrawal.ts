// Preview a crypto withdrawal: the network is discovered, the amount checked against the minimum.
import { createClient, hmacSha256, type EnvironmentName } from '@wallet-api/sdk';

// Credentials from the environment, never from code. WALLET_API_ENVIRONMENT is 'staging' or
// 'production' with the https address issued at onboarding, or 'custom' for the local sandbox.
const client = createClient({
  environment: (process.env.WALLET_API_ENVIRONMENT ?? 'custom') as EnvironmentName,
  baseUrl: process.env.WALLET_API_BASE_URL!,
  apiKey: process.env.WALLET_API_KEY!,
  signer: hmacSha256({ secret: process.env.WALLET_API_SIGNING_SECRET! }),
});

const [coin, amount, receiverAddress] = process.argv.slice(2);
if (!coin || !amount || !receiverAddress) throw new Error('usage: previewWithdrawal.ts <coin> <amount> <receiverAddress>');

const [network] = await client.listCoinNetworks({ coin });
if (!network) throw new Error(`${coin} has no network in this environment`);
const { minimumAmount } = await client.getMinimumWithdrawalAmount({ coin });
if (Number(amount) < minimumAmount) throw new Error(`the minimum withdrawal of ${coin} is ${minimumAmount}`);
const preview = await client.previewWithdrawal({ coin, chain: network.reference, amount: Number(amount), receiverAddress });
// preview.transactionId names the pending transaction: GET /api/v1/transactions/{id} follows it.
console.log(JSON.stringify(preview, null, 2));
