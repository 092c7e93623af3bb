// List wallets: the wallets of your backend's user context.
import { createClient } from '@wallet-api/sdk';

// Every option from the environment, never from code: WALLET_API_ENVIRONMENT ('staging' or
// 'production' with the https address issued at onboarding in WALLET_API_BASE_URL, or 'custom'
// for the local sandbox), WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
const client = createClient();

const wallets = await client.listWallets();
for (const wallet of wallets) console.error(`${wallet._id} ${wallet.chainType} ${wallet.address}`);
console.log(JSON.stringify(wallets, null, 2));
