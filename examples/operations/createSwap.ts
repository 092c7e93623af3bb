// Create a swap (pending) once the user has accepted the quote; confirm or cancel it next.
import { createClient } from '@wallet-api/sdk';

// Every option from the environment, never from code: WALLET_API_ENVIRONMENT ('staging' or
// 'production' with the https address issued at onboarding in WALLET_API_BASE_URL, or 'custom'
// for the local sandbox), WALLET_API_KEY and WALLET_API_SIGNING_SECRET.
const client = createClient();

const [from, to, amount] = process.argv.slice(2);
if (!from || !to || !amount) throw new Error('usage: createSwap.ts <from> <to> <amount>');

// The customer's authorization value, from your backend's authorization flow.
const password = process.env.CUSTOMER_AUTHORIZATION;
if (!password) throw new Error('CUSTOMER_AUTHORIZATION is not set');
const swap = await client.createSwap({ from, to, amount: Number(amount), password });
console.log(JSON.stringify(swap, null, 2));
