// Sandbox settings from the environment, for `npm run sandbox` and the `wallet-api-sandbox`
// bin. Errors name the variable and the entry but never repeat a secret.
import { readFileSync } from 'node:fs';
import { portFromEnv } from './shutdown.ts';
import type { ScenarioDefinition } from './behaviour/scenarios/definition.ts';
import { defaultSandboxHost, defaultSandboxPort } from './defaults.ts';
import type { DatabaseOptions, SandboxOptions } from './index.ts';

/** Parses SANDBOX_API_KEYS: comma-separated `key:secret` pairs (the secret may contain colons). */
export function parseApiKeys(value: string): Record<string, string> {
  const keys: Record<string, string> = {};
  value.split(',').forEach((entry, index) => {
    const trimmed = entry.trim();
    const colon = trimmed.indexOf(':');
    const key = trimmed.slice(0, colon);
    const secret = trimmed.slice(colon + 1);
    if (colon <= 0 || secret === '') throw new Error(`SANDBOX_API_KEYS entry ${index + 1} must be key:secret with both parts non-empty`);
    if (key in keys) throw new Error(`SANDBOX_API_KEYS entry ${index + 1} repeats an API key`);
    keys[key] = secret;
  });
  return keys;
}

function positiveNumber(name: string, value: string): number {
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed <= 0) throw new Error(`${name} must be a positive number, got ${JSON.stringify(value)}`);
  return parsed;
}

/** SANDBOX_SCENARIOS: a JSON file holding one failure scenario or a list of them (checked when the sandbox starts). */
export function readScenarioFile(path: string): ScenarioDefinition[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new Error(`SANDBOX_SCENARIOS ${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).name})`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`SANDBOX_SCENARIOS ${path} is not JSON`);
  }
  return (Array.isArray(parsed) ? parsed : [parsed]) as ScenarioDefinition[];
}

/** Whether a listening address is this machine's alone. */
function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || host.startsWith('127.');
}

export type SandboxEnvironment = { options: SandboxOptions & Partial<DatabaseOptions>; usesDemoCredentials: boolean };

/**
 * Reads PORT, SANDBOX_HOST (default 127.0.0.1; another address needs SANDBOX_API_KEYS), SANDBOX_API_KEYS, SANDBOX_DATA_PATH, SANDBOX_TIMESTAMP_WINDOW_SECONDS, SANDBOX_DETERMINISTIC, SANDBOX_REJECT_REPLAYS,
 * SANDBOX_PROFILE (a provider profile's file, read and checked when the sandbox starts), SANDBOX_SCENARIOS (a file of
 * failure scenarios armed at start for every API key), SANDBOX_LOG, SANDBOX_VALIDATE_RESPONSES, and SANDBOX_DATABASE_URL
 * (the state in PostgreSQL) with SANDBOX_RETENTION_DAYS and SANDBOX_DATABASE_POOL_SIZE.
 * Logs are readable lines when stdout is a terminal, outside CI, and SANDBOX_LOG is not "json"; JSON lines otherwise.
 */
export function sandboxOptionsFromEnv(env: NodeJS.ProcessEnv, stdoutIsTerminal = false): SandboxEnvironment {
  const options: SandboxOptions & Partial<DatabaseOptions> = { host: env.SANDBOX_HOST || defaultSandboxHost, port: portFromEnv('PORT', defaultSandboxPort, env) };
  if (env.SANDBOX_API_KEYS) options.apiKeys = parseApiKeys(env.SANDBOX_API_KEYS);
  // Reachable from elsewhere (a team's sandbox behind a load balancer) only with keys of its own: the demo key is public.
  if (!isLoopback(options.host!) && options.apiKeys === undefined) {
    throw new Error(`SANDBOX_HOST ${options.host} is reachable from other machines: set SANDBOX_API_KEYS too (the demo credentials are public)`);
  }
  if (env.SANDBOX_DATA_PATH) options.dataPath = env.SANDBOX_DATA_PATH;
  if (env.SANDBOX_PROFILE) options.profile = env.SANDBOX_PROFILE;
  if (env.SANDBOX_SCENARIOS) options.scenarios = readScenarioFile(env.SANDBOX_SCENARIOS);
  if (env.SANDBOX_TIMESTAMP_WINDOW_SECONDS) options.timestampWindowSeconds = positiveNumber('SANDBOX_TIMESTAMP_WINDOW_SECONDS', env.SANDBOX_TIMESTAMP_WINDOW_SECONDS);
  // Request logs (JSON lines on stdout) are on unless SANDBOX_LOG is 0/false/off.
  options.logger = !['0', 'false', 'off'].includes((env.SANDBOX_LOG ?? '').toLowerCase());
  options.logStyle = stdoutIsTerminal && !env.CI && (env.SANDBOX_LOG ?? '').toLowerCase() !== 'json' ? 'readable' : 'json';
  if (env.SANDBOX_REJECT_REPLAYS) options.rejectReplays = ['1', 'true', 'yes'].includes(env.SANDBOX_REJECT_REPLAYS.toLowerCase());
  if (env.SANDBOX_DETERMINISTIC) options.deterministic = ['1', 'true', 'yes'].includes(env.SANDBOX_DETERMINISTIC.toLowerCase());
  // The response self-check (see SandboxOptions.validateResponses); the test suite sets it for the commands it starts.
  if (env.SANDBOX_VALIDATE_RESPONSES === '1') options.validateResponses = true;
  // The state in PostgreSQL (shared by replicas, kept across restarts) instead of memory.
  if (env.SANDBOX_DATABASE_URL) options.databaseUrl = env.SANDBOX_DATABASE_URL;
  if (env.SANDBOX_RETENTION_DAYS) options.retentionDays = positiveNumber('SANDBOX_RETENTION_DAYS', env.SANDBOX_RETENTION_DAYS);
  if (env.SANDBOX_DATABASE_POOL_SIZE) options.databasePoolSize = Math.ceil(positiveNumber('SANDBOX_DATABASE_POOL_SIZE', env.SANDBOX_DATABASE_POOL_SIZE));
  if ((options.retentionDays !== undefined || options.databasePoolSize !== undefined) && options.databaseUrl === undefined) {
    throw new Error('SANDBOX_RETENTION_DAYS and SANDBOX_DATABASE_POOL_SIZE need SANDBOX_DATABASE_URL: in memory, the state goes when the sandbox stops');
  }
  return { options, usesDemoCredentials: options.apiKeys === undefined };
}
