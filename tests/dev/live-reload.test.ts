// The live-reload stream and the script the docs page is served with.
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsPath, LiveReload, withLiveReload } from '../../tools/dev/live-reload.ts';
import { StatusStream } from '../support/live-reload-stream.ts';

let live: LiveReload;
let server: Server;
let url: string;

beforeAll(async () => {
  live = new LiveReload();
  server = createServer((request, response) => (request.url === eventsPath ? live.handle(request, response) : response.writeHead(404).end()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(async () => {
  live?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

describe('live reload', () => {
  it('opens each stream with the current status and sends every new one to every open page', async () => {
    live.publish({ build: 4, problems: [] });
    const pages = [new StatusStream(url), new StatusStream(url)];
    for (const page of pages) expect(await page.next(() => true, { timeoutMs: 5_000 })).toMatchObject({ build: 4, problems: [] });
    const sent = performance.now();
    live.publish({ build: 4, problems: ['openapi/x.yaml:3:1  error  spec  broken'] });
    live.publish({ build: 5, problems: [] });
    for (const page of pages) {
      expect(await page.next((status) => status.problems.length > 0, { since: sent, timeoutMs: 5_000 })).toMatchObject({ build: 4, problems: ['openapi/x.yaml:3:1  error  spec  broken'] });
      expect(await page.next((status) => status.build === 5, { since: sent, timeoutMs: 5_000 })).toMatchObject({ problems: [] });
      page.close();
    }
  });

  it('answers a stream with the event-stream type, and refuses other methods', async () => {
    const controller = new AbortController();
    const response = await fetch(`${url}${eventsPath}`, { signal: controller.signal });
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    controller.abort();
    expect((await fetch(`${url}${eventsPath}`, { method: 'POST' })).status).toBe(405);
  });

  it('adds the script before </body>, naming the build the page shows', () => {
    const page = withLiveReload('<html><body><div id="redoc"></div></body></html>', 7);
    expect(page).toMatch(/<div id="redoc"><\/div><script>\(function \(path, shownBuild\) \{[\s\S]*\}\)\("\/__dev\/events", 7\);<\/script><\/body><\/html>$/);
    expect(page).not.toMatch(/__name|__defProp/);
    // The script parses: a line break inside one of its strings would end it early.
    const script = /<script>([\s\S]*)<\/script>/.exec(page)![1]!;
    expect(() => new Function(script)).not.toThrow();
  });
});
