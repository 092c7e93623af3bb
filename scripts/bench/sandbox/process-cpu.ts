// CPU time of a server's processes, read from /proc. Benchmarks use it to tell a server's own
// cost per request from what the load generator allows. A server started by spawnService runs
// in its own process group (often a node process under a launcher): its group is counted. A
// PostgreSQL server is not one group: each backend calls setsid() and leads a group of its
// own, so a database is counted as its postmaster and the postmaster's children, and the
// children that ended meanwhile through the postmaster's own count of its reaped children.
import { readdirSync, readFileSync } from 'node:fs';

const clockTicksPerSecond = 100;

/** What CPU time is counted: the processes of a group, or a process and its children. */
export type CpuScope = { group: number } | { parent: number };

/** CPU seconds (user + system) used so far by the processes in scope; undefined where /proc is missing. */
export function cpuSeconds(scope: CpuScope): number | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
  let ticks = 0;
  for (const pid of entries) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // the process ended while the list was read
    }
    // Fields after the command name, which may itself contain spaces and parentheses:
    // state, ppid, pgrp, … utime (12th), stime (13th), cutime, cstime (of reaped children).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    if ('group' in scope) {
      if (Number(fields[2]) === scope.group) ticks += own;
    } else if (Number(pid) === scope.parent) ticks += own + Number(fields[13]) + Number(fields[14]);
    else if (Number(fields[1]) === scope.parent) ticks += own;
  }
  return ticks / clockTicksPerSecond;
}
