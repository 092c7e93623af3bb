// A setup file of the suite: puts on each test file's meta the CPU time its worker and the
// worker's finished child processes spent while the file was imported and ran (Linux's /proc/self/stat: own
// user + system time, and that of children already waited for: the commands, npm installs
// and tsc runs a file starts). tests/support/slowest-files.ts prints it beside the wall time,
// so a file that waits (sockets, children still running, timers) tells apart from one that
// computes. Elsewhere than Linux nothing is recorded.
import { readFileSync } from 'node:fs';
import { afterAll } from 'vitest';

declare module 'vitest' {
  interface TaskMeta {
    /** CPU milliseconds of the worker and its waited-for children while this file ran. */
    cpuMs?: number;
  }
}

const ticksPerSecond = 100;

/** This process's CPU time with its waited-for children's, in ms (undefined where /proc is absent). */
function cpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // The fields after the command name (which may hold spaces), from field 3 on.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime are fields 14–17.
    const ticks = [11, 12, 13, 14].reduce((sum, index) => sum + Number(fields[index]), 0);
    return (ticks * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
}

// This module runs again before each test file (vitest re-runs setup files), so this is the
// CPU before the file's own imports.
const start = cpuMs();
afterAll(({}, file) => {
  const end = cpuMs();
  if (start !== undefined && end !== undefined) file.meta.cpuMs = end - start;
});
