// Stops what a long-running command started when the developer presses Ctrl-C (SIGINT),
// the process manager sends SIGTERM or the terminal closes (SIGHUP), then exits. Child
// processes run in their own process group, so they are stopped by `close`, not by the
// signal reaching the group.
export function closeOnSignal(close: () => Promise<void>): void {
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    process.stderr.write(`\n${signal}: stopping…\n`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`could not stop cleanly: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  process.once('SIGHUP', stop);
}

/** A loopback port from an environment variable, or the default. */
export function portFromEnv(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`${name} must be an integer from 0 to 65535, got ${JSON.stringify(raw)}`);
  return port;
}
