// List transactions, newest first, walking every page.
import { createClient } from '@wallet-api/sdk';

// Every option from the environment, never from code: WALLET_API_ENVIRONMENT ('staging' or
// 'production' with the https address issued at onboarding in WALLET_API_BASE_URL, or 'custom'
// for the local sandbox), WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
const client = createClient();

let walked = 0;
for await (const transaction of client.listTransactions.paginate({ limit: 20 })) {
  console.error(`${transaction._id} ${transaction.type} ${transaction.status} ${transaction.amount} ${transaction.coin}`);
  walked++;
}
// The first page as JSON too, with its page, pages, limit and total.
const page = await client.listTransactions({ limit: 20, page: 1 });
console.log(JSON.stringify({ ...page, walked }, null, 2));
