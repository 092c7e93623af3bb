// A test-run setup that starts the sandbox from the installed package: export it as
// vitest's `globalSetup` (or call setup/teardown from your framework's hooks). Your tests
// build their client from the three variables.
import { demoCredentials, startSandbox, type RunningSandbox } from '@wallet-api/sandbox';

let sandbox: RunningSandbox | undefined;

export async function setup(): Promise<void> {
  // A free port on 127.0.0.1; counter ids and a fixed clock make runs reproducible.
  sandbox = await startSandbox({ port: 0, deterministic: true, logger: false });
  process.env.WALLET_API_BASE_URL = sandbox.url;
  process.env.WALLET_API_KEY = demoCredentials.apiKey;
  process.env.WALLET_API_SIGNING_SECRET = demoCredentials.secret;
}

export async function teardown(): Promise<void> {
  await sandbox?.close();
  sandbox = undefined;
}
