// Preview an NGN bank payout to a beneficiary account.
import { createClient, hmacSha256, type EnvironmentName } from '@wallet-api/sdk';

// Credentials from the environment, never from code. WALLET_API_ENVIRONMENT is 'staging' or
// 'production' with the https address issued at onboarding, or 'custom' for the local sandbox.
const client = createClient({
  environment: (process.env.WALLET_API_ENVIRONMENT ?? 'custom') as EnvironmentName,
  baseUrl: process.env.WALLET_API_BASE_URL!,
  apiKey: process.env.WALLET_API_KEY!,
  signer: hmacSha256({ secret: process.env.WALLET_API_SIGNING_SECRET! }),
});

const [amount, accountNumber, bankCode] = process.argv.slice(2);
if (!amount || !accountNumber || !bankCode) throw new Error('usage: previewLocalPayout.ts <amount> <accountNumber> <bankCode>');

const preview = await client.previewLocalPayout({ coin: 'ngn', amount: Number(amount), accountNumber, bankCode });
console.log(JSON.stringify(preview, null, 2));
