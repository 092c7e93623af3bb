// Get one transaction, e.g. the one a withdrawal or payout preview created.
import { createClient } from '@wallet-api/sdk';

// Every option from the environment, never from code: WALLET_API_ENVIRONMENT ('staging' or
// 'production' with the https address issued at onboarding in WALLET_API_BASE_URL, or 'custom'
// for the local sandbox), WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
const client = createClient();

const [transactionId] = process.argv.slice(2);
if (!transactionId) throw new Error('usage: getTransaction.ts <transactionId>');

const transaction = await client.getTransaction({ id: transactionId });
console.log(JSON.stringify(transaction, null, 2));
