// Get a swap quote: what `amount` of `from` buys in `to`, to show the user before a swap.
import { createClient } from '@wallet-api/sdk';

// Every option from the environment, never from code: WALLET_API_ENVIRONMENT ('staging' or
// 'production' with the https address issued at onboarding in WALLET_API_BASE_URL, or 'custom'
// for the local sandbox), WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
const client = createClient();

const [from, to, amount] = process.argv.slice(2);
if (!from || !to || !amount) throw new Error('usage: getSwapQuote.ts <from> <to> <amount>');

const quote = await client.getSwapQuote({ from, to, amount: Number(amount) });
console.error(`${amount} ${from} buys ${quote.toAmount} ${to} at ${quote.quotedPrice} ${quote.quotedCurrency}`);
console.log(JSON.stringify(quote, null, 2));
