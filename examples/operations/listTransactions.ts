// List transactions, newest first, walking every page.
import { createClient, hmacSha256, type EnvironmentName } from '@wallet-api/sdk';

// Credentials from the environment, never from code. WALLET_API_ENVIRONMENT is 'staging' or
// 'production' with the https address issued at onboarding, or 'custom' for the local sandbox.
const client = createClient({
  environment: (process.env.WALLET_API_ENVIRONMENT ?? 'custom') as EnvironmentName,
  baseUrl: process.env.WALLET_API_BASE_URL!,
  apiKey: process.env.WALLET_API_KEY!,
  signer: hmacSha256({ secret: process.env.WALLET_API_SIGNING_SECRET! }),
});

let walked = 0;
for await (const transaction of client.listTransactions.paginate({ limit: 20 })) {
  console.error(`${transaction._id} ${transaction.type} ${transaction.status} ${transaction.amount} ${transaction.coin}`);
  walked++;
}
// The first page as JSON too, with its page, pages, limit and total.
const page = await client.listTransactions({ limit: 20, page: 1 });
console.log(JSON.stringify({ ...page, walked }, null, 2));
