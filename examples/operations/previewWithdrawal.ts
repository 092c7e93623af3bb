// Preview a crypto withdrawal: the network is discovered, the amount checked against the minimum.
import { createClient } from '@wallet-api/sdk';

// Every option from the environment, never from code: WALLET_API_ENVIRONMENT ('staging' or
// 'production' with the https address issued at onboarding in WALLET_API_BASE_URL, or 'custom'
// for the local sandbox), WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
const client = createClient();

const [coin, amount, receiverAddress] = process.argv.slice(2);
if (!coin || !amount || !receiverAddress) throw new Error('usage: previewWithdrawal.ts <coin> <amount> <receiverAddress>');

const [network] = await client.listCoinNetworks({ coin });
if (!network) throw new Error(`${coin} has no network in this environment`);
const { minimumAmount } = await client.getMinimumWithdrawalAmount({ coin });
if (Number(amount) < minimumAmount) throw new Error(`the minimum withdrawal of ${coin} is ${minimumAmount}`);
const preview = await client.previewWithdrawal({ coin, chain: network.reference, amount: Number(amount), receiverAddress });
// preview.transactionId names the pending transaction: GET /api/v1/transactions/{id} follows it.
console.log(JSON.stringify(preview, null, 2));
