// Create a wallet for a supported asset (e.g. usdt, bitcoin, naira), with an optional name.
import { createClient } from '@wallet-api/sdk';

// Every option from the environment, never from code: WALLET_API_ENVIRONMENT ('staging' or
// 'production' with the https address issued at onboarding in WALLET_API_BASE_URL, or 'custom'
// for the local sandbox), WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
const client = createClient();

const [token] = process.argv.slice(2);
if (!token) throw new Error('usage: createWallet.ts <token>');

const name = process.argv[3];
const wallet = await client.createWallet({ token, ...(name ? { name } : {}) });
console.log(JSON.stringify(wallet, null, 2));
