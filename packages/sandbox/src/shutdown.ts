// Stops what a long-running command started when the developer presses Ctrl-C (SIGINT),
// the process manager sends SIGTERM or the terminal closes (SIGHUP), then exits. Child
// processes run in their own process group, so they are stopped by `close`, not by the
// signal reaching the group.
//
// One Ctrl-C often arrives twice: the terminal signals the whole process group, and a wrapper
// in it (npm) relays the signal to its child as well. The long-running commands run as
// `node --import tsx`, not under the tsx binary, whose relay kills a child that is slow to
// confirm the signal (see typeScriptCommand). A repeat within a second is that
// same Ctrl-C and is ignored; a later one means "stop now" and exits at once.
const sameSignalMs = 1000;

export function closeOnSignal(close: () => Promise<void>): void {
  let closingSince: number | undefined;
  const stop = (signal: NodeJS.Signals) => {
    if (closingSince !== undefined) {
      if (Date.now() - closingSince >= sameSignalMs) process.exit(130);
      return;
    }
    closingSince = Date.now();
    process.stderr.write(`\n${signal}: stopping…\n`);
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`could not stop cleanly: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  process.on('SIGHUP', stop);
}

/** A loopback port from an environment variable, or the default. */
export function portFromEnv(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`${name} must be an integer from 0 to 65535, got ${JSON.stringify(raw)}`);
  return port;
}
