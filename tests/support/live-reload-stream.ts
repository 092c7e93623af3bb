// The live-reload stream of `npm run dev`, read the way the docs page reads it, each status
// with the time it arrived: what the dev command's tests and its benchmark wait on.
import { request } from 'node:http';
import { eventsPath, type DevStatus } from '../../tools/dev/live-reload.ts';

/** Statuses from the live-reload stream, each with the time it arrived. */
export class StatusStream {
  private readonly seen: (DevStatus & { receivedAt: number })[] = [];
  private readonly waiting = new Set<() => void>();
  private closeRequest: () => void = () => {};

  constructor(url: string) {
    const req = request(`${url}${eventsPath}`, (response) => {
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const event = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = event.split('\n').find((line) => line.startsWith('data: '));
          if (!/^event: status$/m.test(event) || !data) continue;
          this.seen.push({ ...(JSON.parse(data.slice(6)) as DevStatus), receivedAt: performance.now() });
          for (const wake of this.waiting) wake();
        }
      });
    });
    req.on('error', () => undefined);
    req.end();
    this.closeRequest = () => req.destroy();
  }

  /** The first status after `since` (a performance.now() time) that matches. */
  async next(matches: (status: DevStatus) => boolean, { since = 0, timeoutMs = 60_000 } = {}): Promise<DevStatus & { receivedAt: number }> {
    const deadline = performance.now() + timeoutMs;
    for (;;) {
      const found = this.seen.find((status) => status.receivedAt >= since && matches(status));
      if (found) return found;
      const left = deadline - performance.now();
      if (left <= 0) throw new Error(`no matching status within ${timeoutMs} ms; seen: ${JSON.stringify(this.seen.slice(-3))}`);
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiting.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, left);
        this.waiting.add(wake);
      });
    }
  }

  close(): void {
    this.closeRequest();
  }
}
