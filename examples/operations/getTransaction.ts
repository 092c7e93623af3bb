// Get one transaction, e.g. the one a withdrawal or payout preview created.
import { createClient, hmacSha256, type EnvironmentName } from '@wallet-api/sdk';

// Credentials from the environment, never from code. WALLET_API_ENVIRONMENT is 'staging' or
// 'production' with the https address issued at onboarding, or 'custom' for the local sandbox.
const client = createClient({
  environment: (process.env.WALLET_API_ENVIRONMENT ?? 'custom') as EnvironmentName,
  baseUrl: process.env.WALLET_API_BASE_URL!,
  apiKey: process.env.WALLET_API_KEY!,
  signer: hmacSha256({ secret: process.env.WALLET_API_SIGNING_SECRET! }),
});

const [transactionId] = process.argv.slice(2);
if (!transactionId) throw new Error('usage: getTransaction.ts <transactionId>');

const transaction = await client.getTransaction({ id: transactionId });
console.log(JSON.stringify(transaction, null, 2));
