// Saves become rebuilds one at a time: a burst is one rebuild, saves during a rebuild are
// one more rebuild after it, and close waits for the running one.
import { describe, expect, it } from 'vitest';
import { coalesce } from '../../tools/dev/coalesce.ts';

/** A rebuild that records what it was given and finishes when released. */
function controlledRebuilds() {
  const calls: string[][] = [];
  const releases: (() => void)[] = [];
  const rebuild = (changed: string[]) =>
    new Promise<void>((resolve) => {
      calls.push(changed);
      releases.push(resolve);
    });
  const started = async (count: number) => {
    for (let i = 0; i < 200 && calls.length < count; i++) await new Promise((resolve) => setTimeout(resolve, 5));
    expect(calls.length).toBe(count);
  };
  return { calls, rebuild, started, release: () => releases.shift()!() };
}

describe('coalescing saves into rebuilds', () => {
  it('turns a burst of events into one rebuild with every path once', async () => {
    const { calls, rebuild, started, release } = controlledRebuilds();
    const rebuilds = coalesce(rebuild, { quietMs: 20 });
    for (const path of ['b.yaml', 'a.yaml', 'b.yaml']) rebuilds.add(path);
    await started(1);
    expect(calls[0]).toEqual(['a.yaml', 'b.yaml']);
    release();
    await rebuilds.idle();
    expect(calls).toHaveLength(1);
  });

  it('gathers the saves made during a rebuild into exactly one more, and tells of each', async () => {
    const { calls, rebuild, started, release } = controlledRebuilds();
    let busy = 0;
    const rebuilds = coalesce(rebuild, { quietMs: 5, onBusy: () => busy++ });
    rebuilds.add('first.yaml');
    await started(1);
    rebuilds.add('second.yaml');
    rebuilds.add('third.yaml');
    rebuilds.add('second.yaml');
    expect(busy).toBe(3);
    release();
    await started(2);
    expect(calls[1]).toEqual(['second.yaml', 'third.yaml']);
    release();
    await rebuilds.idle();
    expect(calls).toHaveLength(2);
  });

  it('goes on after a rebuild that throws', async () => {
    const seen: string[][] = [];
    const rebuilds = coalesce(async (changed) => {
      seen.push(changed);
      if (seen.length === 1) throw new Error('tool missing');
    }, { quietMs: 1 });
    rebuilds.add('a.yaml');
    await rebuilds.idle();
    rebuilds.add('b.yaml');
    await rebuilds.idle();
    expect(seen).toEqual([['a.yaml'], ['b.yaml']]);
  });

  it('on close, waits for the running rebuild and starts no other', async () => {
    const { calls, rebuild, started, release } = controlledRebuilds();
    const rebuilds = coalesce(rebuild, { quietMs: 1 });
    rebuilds.add('a.yaml');
    await started(1);
    rebuilds.add('b.yaml');
    let closed = false;
    const closing = rebuilds.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(closed).toBe(false);
    release();
    await closing;
    rebuilds.add('c.yaml');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toEqual([['a.yaml']]);
  });
});
