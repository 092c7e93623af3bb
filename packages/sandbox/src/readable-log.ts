// Request logs a person can read in a terminal: one line per request with the method, the
// path, the status and the milliseconds. Fastify's logger (pino) still produces its JSON
// lines; this is the destination stream they are written to, which turns each finished
// request into one line and every other entry into its level and message. A stream rather
// than pino-pretty: no extra dependency, and the JSON stays the format everywhere else.

type LogEntry = { level?: number; time?: number; msg?: string; reqId?: string; req?: { method?: string; url?: string }; res?: { statusCode?: number }; responseTime?: number };

const levels: Record<number, string> = { 10: 'trace', 20: 'debug', 30: 'info', 40: 'warn', 50: 'error', 60: 'fatal' };
/** Requests still waiting for their "request completed" entry; bounded so aborted requests cannot grow it. */
const maxPending = 1000;

const clock = (time: number | undefined) => new Date(time ?? Date.now()).toISOString().slice(11, 23);

export function readableLogStream(out: { write(text: string): unknown }): { write(line: string): void } {
  const pending = new Map<string, string>();
  return {
    write(line: string) {
      let entry: LogEntry;
      try {
        entry = JSON.parse(line) as LogEntry;
      } catch {
        out.write(line);
        return;
      }
      if (entry.msg === 'incoming request' && entry.reqId !== undefined) {
        if (pending.size >= maxPending) pending.delete(pending.keys().next().value!);
        pending.set(entry.reqId, `${entry.req?.method ?? '?'} ${entry.req?.url ?? '?'}`);
        return;
      }
      if (entry.msg === 'request completed' && entry.reqId !== undefined) {
        const request = pending.get(entry.reqId) ?? '(request not seen)';
        pending.delete(entry.reqId);
        const ms = typeof entry.responseTime === 'number' ? entry.responseTime.toFixed(1) : '?';
        out.write(`${clock(entry.time)} ${request} ${entry.res?.statusCode ?? '?'} ${ms} ms\n`);
        return;
      }
      out.write(`${clock(entry.time)} ${levels[entry.level ?? 30] ?? 'info'} ${entry.msg ?? ''}\n`);
    },
  };
}
