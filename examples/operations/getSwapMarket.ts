// Get the swap market. Its shape is not published by the provider: treat it as open data.
import { createClient, hmacSha256, type EnvironmentName } from '@wallet-api/sdk';

// Credentials from the environment, never from code. WALLET_API_ENVIRONMENT is 'staging' or
// 'production' with the https address issued at onboarding, or 'custom' for the local sandbox.
const client = createClient({
  environment: (process.env.WALLET_API_ENVIRONMENT ?? 'custom') as EnvironmentName,
  baseUrl: process.env.WALLET_API_BASE_URL!,
  apiKey: process.env.WALLET_API_KEY!,
  signer: hmacSha256({ secret: process.env.WALLET_API_SIGNING_SECRET! }),
});

const market = await client.getSwapMarket();
console.log(JSON.stringify(market, null, 2));
