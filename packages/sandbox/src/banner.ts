// The lines `npm start` and `npm run dev` end their start-up with: the addresses, the
// credentials and a first command to paste, last on the screen so they are not scrolled away.
import { defaultSandboxUrl, demoCredentials } from './defaults.ts';

export type BannerFacts = { url: string; usesDemoCredentials: boolean; apiKeyCount: number; notes: string[]; profile?: string | undefined };

/** The line naming the provider profile the sandbox plays, so nobody mistakes its answers for the sandbox's own. */
export function profileLine(profile: string): string {
  return `Provider profile: "${profile}" (SANDBOX_PROFILE): the sandbox answers as that provider, not by its own rules`;
}

export function servingBanner({ url, usesDemoCredentials, apiKeyCount, notes, profile }: BannerFacts): string {
  return [
    '',
    `Docs: ${url}/docs`,
    `API:  ${url}/api/v1`,
    usesDemoCredentials ? `Demo credentials (sandbox only): x-api-key ${demoCredentials.apiKey}, signing secret ${demoCredentials.secret}` : `API keys: ${apiKeyCount} from SANDBOX_API_KEYS`,
    ...(profile === undefined ? [] : [profileLine(profile)]),
    ...notes,
    'Ctrl-C stops everything.',
    '',
    'A first signed call, from another terminal in this folder:',
    `  ${firstCall(url, usesDemoCredentials)}`,
    '',
  ].join('\n');
}

/**
 * The command to paste: bare at the default address with the demo credentials (the command
 * line's default target), else with the address and the credentials it needs spelled out.
 */
function firstCall(url: string, demo: boolean): string {
  if (demo && url === defaultSandboxUrl) return 'npx wallet-api listMarkets';
  const credentials = demo ? `WALLET_API_KEY=${demoCredentials.apiKey} WALLET_API_SIGNING_SECRET=${demoCredentials.secret}` : 'WALLET_API_KEY=<your key> WALLET_API_SIGNING_SECRET=<its secret>';
  return `${credentials} npx wallet-api listMarkets --base-url ${url}`;
}
