// List the networks a coin can move on; their references are the chain values other calls take.
import { createClient } from '@wallet-api/sdk';

// Every option from the environment, never from code: WALLET_API_ENVIRONMENT ('staging' or
// 'production' with the https address issued at onboarding in WALLET_API_BASE_URL, or 'custom'
// for the local sandbox), WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
const client = createClient();

const [coin] = process.argv.slice(2);
if (!coin) throw new Error('usage: listCoinNetworks.ts <coin>');

const networks = await client.listCoinNetworks({ coin });
console.log(JSON.stringify(networks, null, 2));
