// Preview an NGN bank payout to a beneficiary account.
import { createClient } from '@wallet-api/sdk';

// Every option from the environment, never from code: WALLET_API_ENVIRONMENT ('staging' or
// 'production' with the https address issued at onboarding in WALLET_API_BASE_URL, or 'custom'
// for the local sandbox), WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
const client = createClient();

const [amount, accountNumber, bankCode] = process.argv.slice(2);
if (!amount || !accountNumber || !bankCode) throw new Error('usage: previewLocalPayout.ts <amount> <accountNumber> <bankCode>');

const preview = await client.previewLocalPayout({ coin: 'ngn', amount: Number(amount), accountNumber, bankCode });
console.log(JSON.stringify(preview, null, 2));
