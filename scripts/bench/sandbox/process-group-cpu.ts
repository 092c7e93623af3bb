// CPU time of a whole process group (a server started by spawnService runs in its own
// group, often a node process under a launcher), read from /proc. Benchmarks use it to
// tell a server's own cost per request from what the load generator allows.
import { readdirSync, readFileSync } from 'node:fs';

const clockTicksPerSecond = 100;

/** CPU seconds (user + system) used so far by the processes of a group; undefined where /proc is missing. */
export function processGroupCpuSeconds(group: number): number | undefined {
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
    // Fields after the command name, which may itself contain spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== group) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / clockTicksPerSecond;
}
