// Cancel a pending swap, by the id createSwap answered.
import { createClient } from '@wallet-api/sdk';

// Every option from the environment, never from code: WALLET_API_ENVIRONMENT ('staging' or
// 'production' with the https address issued at onboarding in WALLET_API_BASE_URL, or 'custom'
// for the local sandbox), WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
const client = createClient();

const [swapId] = process.argv.slice(2);
if (!swapId) throw new Error('usage: cancelSwap.ts <swapId>');

const swap = await client.cancelSwap({ id: swapId });
console.log(JSON.stringify(swap, null, 2));
