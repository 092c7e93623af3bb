// Get a deposit address for a coin, on a network discovered from the coin's networks.
import { createClient } from '@wallet-api/sdk';

// Every option from the environment, never from code: WALLET_API_ENVIRONMENT ('staging' or
// 'production' with the https address issued at onboarding in WALLET_API_BASE_URL, or 'custom'
// for the local sandbox), WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
const client = createClient();

const [coin] = process.argv.slice(2);
if (!coin) throw new Error('usage: getDepositAddress.ts <coin>');

const [network] = await client.listCoinNetworks({ coin });
if (!network) throw new Error(`${coin} has no network in this environment`);
const address = await client.getDepositAddress({ coin, chain: network.reference });
console.log(JSON.stringify(address, null, 2));
