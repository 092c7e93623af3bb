// The sandbox as a long-running command: `npm run sandbox` in this repository and the
// package's `wallet-api-sandbox` bin both run this, so they read the same settings and
// print the same lines. Runs (on loopback unless SANDBOX_HOST says otherwise) until SIGINT/SIGTERM.
// Settings: PORT (default 4020, 0 = a free port), SANDBOX_HOST (default 127.0.0.1), SANDBOX_API_KEYS (key:secret,…),
// SANDBOX_DATA_PATH, SANDBOX_TIMESTAMP_WINDOW_SECONDS (default 300),
// SANDBOX_DETERMINISTIC=1, SANDBOX_REJECT_REPLAYS=1, SANDBOX_PROFILE=FILE (a provider profile),
// SANDBOX_LOG=off|json (readable lines on a terminal, JSON otherwise), SANDBOX_DATABASE_URL
// (the state in PostgreSQL), SANDBOX_RETENTION_DAYS, SANDBOX_DATABASE_POOL_SIZE.
import { sandboxOptionsFromEnv } from './config.ts';
import { profileLine } from './banner.ts';
import { demoCredentials } from './defaults.ts';
import { startSandbox } from './index.ts';
import { closeOnSignal } from './shutdown.ts';
import { describeDatabase } from './store/database-url.ts';

export async function runSandboxCommand(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  try {
    const { options, usesDemoCredentials } = sandboxOptionsFromEnv(env, process.stdout.isTTY === true);
    const sandbox = await startSandbox(options);
    const lines = [`Sandbox listening on ${sandbox.url}`];
    if (usesDemoCredentials) {
      lines.push(`Demo API key:        ${demoCredentials.apiKey}`, `Demo signing secret: ${demoCredentials.secret}`);
    } else {
      lines.push(`API keys: ${Object.keys(options.apiKeys ?? {}).length} from SANDBOX_API_KEYS`);
    }
    if (sandbox.profile !== undefined) lines.push(profileLine(sandbox.profile));
    if (options.rejectReplays) lines.push('Replay guard on: a signed request sent a second time is refused (SANDBOX_REJECT_REPLAYS).');
    if (options.databaseUrl === undefined) lines.push('State is in memory and is lost when the sandbox stops. Ctrl-C to stop.');
    else lines.push(`State is in PostgreSQL at ${describeDatabase(options.databaseUrl)}: kept across restarts, shared by every sandbox using it. Health: ${sandbox.url}/sandbox/health. Ctrl-C to stop.`);
    process.stdout.write(`${lines.join('\n')}\n`);
    closeOnSignal(() => sandbox.close());
  } catch (error) {
    process.stderr.write(`Sandbox did not start: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
