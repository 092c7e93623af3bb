// Get a swap quote: what `amount` of `from` buys in `to`, to show the user before a swap.
import { createClient, hmacSha256, type EnvironmentName } from '@wallet-api/sdk';

// Credentials from the environment, never from code. WALLET_API_ENVIRONMENT is 'staging' or
// 'production' with the https address issued at onboarding, or 'custom' for the local sandbox.
const client = createClient({
  environment: (process.env.WALLET_API_ENVIRONMENT ?? 'custom') as EnvironmentName,
  baseUrl: process.env.WALLET_API_BASE_URL!,
  apiKey: process.env.WALLET_API_KEY!,
  signer: hmacSha256({ secret: process.env.WALLET_API_SIGNING_SECRET! }),
});

const [from, to, amount] = process.argv.slice(2);
if (!from || !to || !amount) throw new Error('usage: getSwapQuote.ts <from> <to> <amount>');

const quote = await client.getSwapQuote({ from, to, amount: Number(amount) });
console.error(`${amount} ${from} buys ${quote.toAmount} ${to} at ${quote.quotedPrice} ${quote.quotedCurrency}`);
console.log(JSON.stringify(quote, null, 2));
