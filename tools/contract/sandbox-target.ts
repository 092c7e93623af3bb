// The local sandbox as a contract-test target: a fresh, deterministic instance on a free
// loopback port with the demo credentials (startSandbox's defaults), its state in memory, or
// in the PostgreSQL database SANDBOX_DATABASE_URL names (the same behaviour, checked the same way).
import { demoCredentials, startSandbox } from '../../packages/sandbox/src/index.ts';
import { describeDatabase } from '../../packages/sandbox/src/store/database-url.ts';

export type LocalSandbox = { url: string; apiKey: string; secret: string; label: string; close: () => Promise<void> };

export async function startLocalSandbox(databaseUrl?: string): Promise<LocalSandbox> {
  const running = await startSandbox({ deterministic: true, logger: false, ...(databaseUrl ? { databaseUrl } : {}) });
  const label = databaseUrl ? `sandbox (state in PostgreSQL at ${describeDatabase(databaseUrl)})` : 'sandbox';
  return { url: running.url, ...demoCredentials, label, close: () => running.close() };
}
