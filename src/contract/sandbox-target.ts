// The local sandbox as a contract-test target: a fresh, deterministic instance on a free
// loopback port with the demo credentials (startSandbox's defaults).
import { demoCredentials, startSandbox } from '../sandbox/index.ts';

export type LocalSandbox = { url: string; apiKey: string; secret: string; close: () => Promise<void> };

export async function startLocalSandbox(): Promise<LocalSandbox> {
  const running = await startSandbox({ deterministic: true, logger: false });
  return { url: running.url, ...demoCredentials, close: () => running.close() };
}
