// Confirm a pending swap, by the id createSwap answered.
import { createClient, hmacSha256, ApiError, type EnvironmentName } from '@wallet-api/sdk';

// Credentials from the environment, never from code. WALLET_API_ENVIRONMENT is 'staging' or
// 'production' with the https address issued at onboarding, or 'custom' for the local sandbox.
const client = createClient({
  environment: (process.env.WALLET_API_ENVIRONMENT ?? 'custom') as EnvironmentName,
  baseUrl: process.env.WALLET_API_BASE_URL!,
  apiKey: process.env.WALLET_API_KEY!,
  signer: hmacSha256({ secret: process.env.WALLET_API_SIGNING_SECRET! }),
});

const [swapId] = process.argv.slice(2);
if (!swapId) throw new Error('usage: confirmSwap.ts <swapId>');

try {
  const swap = await client.confirmSwap({ id: swapId });
  console.log(JSON.stringify(swap, null, 2));
} catch (error) {
  // The service answered with an error envelope (e.g. the swap is no longer pending).
  if (error instanceof ApiError) console.error(`not confirmed: HTTP ${error.httpStatus} ${error.apiMessage}`);
  throw error;
}
