// The local sandbox as a contract-test target: a fresh, deterministic instance on a free
// loopback port with the demo credentials.
type SandboxModule = {
  startSandbox(options?: { host?: string; port?: number; deterministic?: boolean; logger?: boolean }): Promise<{ url: string; close(): Promise<void> }>;
  demoCredentials: { apiKey: string; secret: string };
};

export type LocalSandbox = { url: string; apiKey: string; secret: string; close: () => Promise<void> };

export async function startLocalSandbox(): Promise<LocalSandbox> {
  const specifier = '../sandbox/index.ts';
  let sandbox: SandboxModule;
  try {
    sandbox = (await import(specifier)) as SandboxModule;
  } catch (error) {
    throw new Error(`the sandbox is not available in this build (${(error as Error).message}); use --target mock`);
  }
  const running = await sandbox.startSandbox({ host: '127.0.0.1', port: 0, deterministic: true, logger: false });
  return { url: running.url, ...sandbox.demoCredentials, close: () => running.close() };
}
