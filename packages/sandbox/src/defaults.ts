// The sandbox's defaults, in one place: where it listens, the demo credentials it accepts
// when no API keys are configured, and how far an x-timestamp may be from its clock.
// startSandbox, the dev server and the commands (npm start, npm run sandbox, npm run dev,
// wallet-api-sandbox) read them here. The SDK's command line keeps its own copy of the
// address and credentials, since it cannot depend on this package;
// tests/cli/packed-bin.test.ts holds the two equal.
import type { SandboxOptions } from './options.ts';
import { loadProfile, type LoadedProfile } from './profile/load.ts';

/** Loopback only: the sandbox accepts the demo credentials, so it is never reachable from elsewhere by default. */
export const defaultSandboxHost = '127.0.0.1';

/** The port of the commands (PORT overrides it); startSandbox itself takes a free port unless told. */
export const defaultSandboxPort = 4020;

/** Where the commands serve the sandbox by default, and where the SDK's command line calls it. */
export const defaultSandboxUrl = `http://${defaultSandboxHost}:${defaultSandboxPort}`;

/** Demo credentials, used when no API keys are configured. Not a secret. */
export const demoCredentials = { apiKey: 'sandbox-demo-key', secret: 'sandbox-demo-secret' } as const;

export const defaultTimestampWindowSeconds = 300;

/** The settings of startSandbox with its defaults filled in and its profile read; where it listens is apart. */
export type SandboxSettings = Omit<SandboxOptions, 'host' | 'port' | 'profile'> &
  Required<Pick<SandboxOptions, 'apiKeys' | 'timestampWindowSeconds'>> & { profile?: LoadedProfile };

/**
 * Options with the defaults filled in: where to listen (loopback, a free port), and the app's
 * settings. A provider profile is read and checked here; its timestamp window applies unless
 * one is set explicitly (the option, or SANDBOX_TIMESTAMP_WINDOW_SECONDS), which wins.
 */
export function withSandboxDefaults(options: SandboxOptions): { host: string; port: number; settings: SandboxSettings } {
  const { host = defaultSandboxHost, port = 0, profile: source, ...settings } = options;
  const profile = source === undefined ? undefined : loadProfile(source);
  return {
    host,
    port,
    settings: {
      ...settings,
      ...(profile ? { profile } : {}),
      apiKeys: settings.apiKeys ?? { [demoCredentials.apiKey]: demoCredentials.secret },
      timestampWindowSeconds: settings.timestampWindowSeconds ?? profile?.profile.timestampWindowSeconds ?? defaultTimestampWindowSeconds,
    },
  };
}
