// Live reload for the docs page: a server-sent-events stream at /__dev/events and a small
// script added to the page as it is served (never to the built file, so `npm start` and a
// static host serve the page untouched). The stream tells each open page the number of
// the build it should show and the problems of the last save: the page reloads itself when
// a newer build is served, and shows the problems in a banner over the last good docs.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const eventsPath = '/__dev/events';

export type DevStatus = {
  /** The build the docs and the sandbox serve now. */
  build: number;
  /** The last save's problems, one line each (empty when it built). */
  problems: string[];
  /** The breaking-change gate's verdict on the served build, once known. */
  verdict?: string;
};

/** How often an idle stream gets a comment line, so a proxy or a sleeping laptop notices a dead connection. */
const keepAliveMs = 15_000;

export class LiveReload {
  private readonly clients = new Set<ServerResponse>();
  private status: DevStatus = { build: 0, problems: [] };
  private readonly keepAlive = setInterval(() => this.write(': keep-alive\n\n'), keepAliveMs).unref();

  /** Answers a GET of the events path with the stream; the current status is its first event. */
  handle(request: IncomingMessage, response: ServerResponse): void {
    if (request.method !== 'GET') {
      response.writeHead(405, { allow: 'GET', 'content-type': 'text/plain' }).end('GET only');
      return;
    }
    // A stream is silent between saves: the server's idle-connection timeout does not apply to it.
    request.socket.setTimeout(0);
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    // A dropped stream (the server restarting) is retried after half a second.
    response.write(`retry: 500\n${this.event()}`);
    this.clients.add(response);
    request.on('close', () => this.clients.delete(response));
  }

  /** Sends a new status to every open page. */
  publish(status: DevStatus): void {
    this.status = status;
    this.write(this.event());
  }

  get current(): DevStatus {
    return this.status;
  }

  /** Ends every stream (the pages stop retrying only when the page closes; they show nothing meanwhile). */
  close(): void {
    clearInterval(this.keepAlive);
    for (const client of this.clients) client.end();
    this.clients.clear();
  }

  private event(): string {
    return `event: status\ndata: ${JSON.stringify(this.status)}\n\n`;
  }

  private write(text: string): void {
    for (const client of this.clients) client.write(text);
  }
}

/**
 * Runs in the browser. Written as text, not as a function turned into text: the TypeScript
 * runner would add its own helpers to a function's source, which the page does not have.
 */
const pageScript = `(function (path, shownBuild) {
  var banner = document.createElement('pre');
  banner.id = 'dev-problems';
  banner.setAttribute('role', 'alert');
  banner.style.cssText = 'display:none;position:fixed;top:0;left:0;right:0;z-index:10000;margin:0;max-height:40vh;overflow:auto;' +
    'padding:12px 16px;background:#7a0c0c;color:#fff;font:13px/1.4 monospace;white-space:pre-wrap;box-shadow:0 2px 8px rgba(0,0,0,.4)';
  document.body.appendChild(banner);
  var events = new EventSource(path);
  events.addEventListener('status', function (event) {
    var status = JSON.parse(event.data);
    if (status.build !== shownBuild) {
      events.close();
      location.reload();
      return;
    }
    var failed = status.problems.length > 0;
    banner.textContent = failed ? 'The last save did not build: this is build ' + status.build + ', the last good one.\\n\\n' + status.problems.join('\\n') : '';
    banner.style.display = failed ? 'block' : 'none';
  });
})`;

/**
 * The page with the live-reload script before `</body>`. `build` is the build the page
 * shows: a status naming another build reloads it, one with problems shows the banner.
 */
export function withLiveReload(html: string, build: number): string {
  const script = `<script>${pageScript}(${JSON.stringify(eventsPath)}, ${build});</script>`;
  const end = html.lastIndexOf('</body>');
  return end === -1 ? html + script : html.slice(0, end) + script + html.slice(end);
}
