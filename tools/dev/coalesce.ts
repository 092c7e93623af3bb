// Turns a stream of file changes into rebuilds, one at a time: changes that arrive while a
// rebuild runs are gathered into exactly one more rebuild after it, and a burst of events
// from one save (editors write, rename and touch) is waited out for `quietMs` first.
// `onBusy` hears of each change that arrives during a rebuild (the loop uses it to cancel
// the running rebuild's advisory gate).

export type Coalescer = {
  add: (path: string) => void;
  /** Resolves once no rebuild runs and none is waiting. */
  idle: () => Promise<void>;
  /** Stops starting rebuilds; resolves when the running one has ended. */
  close: () => Promise<void>;
};

export function coalesce(rebuild: (changed: string[]) => Promise<void>, { quietMs = 30, onBusy = () => {} }: { quietMs?: number; onBusy?: () => void } = {}): Coalescer {
  const pending = new Set<string>();
  let running: Promise<void> | undefined;
  let closed = false;
  const waiters: (() => void)[] = [];

  const settleIdle = () => {
    if (running || pending.size > 0) return;
    for (const resolve of waiters.splice(0)) resolve();
  };

  const start = () => {
    running = (async () => {
      while (pending.size > 0 && !closed) {
        await new Promise((resolve) => setTimeout(resolve, quietMs));
        const changed = [...pending].sort();
        pending.clear();
        // A rebuild that throws is the caller's to report; the loop goes on with the next save.
        await rebuild(changed).catch(() => undefined);
      }
    })().finally(() => {
      running = undefined;
      if (closed) pending.clear();
      if (pending.size > 0 && !closed) start();
      settleIdle();
    });
  };

  return {
    add(path) {
      if (closed) return;
      pending.add(path);
      if (running) onBusy();
      else start();
    },
    idle: () => new Promise<void>((resolve) => (running || pending.size > 0 ? waiters.push(resolve) : resolve())),
    async close() {
      closed = true;
      await running;
      pending.clear();
      settleIdle();
    },
  };
}
