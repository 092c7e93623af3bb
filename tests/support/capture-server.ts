// A loopback HTTP server that records every request exactly as it arrived (raw body
// bytes, headers, request line) and answers with whatever the test's handler says.
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';

export type CapturedRequest = { method: string; url: string; headers: IncomingHttpHeaders; body: Buffer };
export type Handler = (request: CapturedRequest, response: ServerResponse) => void;

export const successEnvelope = { status: 'success', message: 'ok', data: { id: 'swap-1', status: 'confirmed' } };

export function answerJson(response: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

export type CaptureServer = { url: string; requests: CapturedRequest[]; close: () => Promise<void>; handle: (handler: Handler) => void };

export async function startCaptureServer(initial: Handler = (_req, res) => answerJson(res, 200, successEnvelope)): Promise<CaptureServer> {
  let handler = initial;
  const requests: CapturedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const captured = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) };
      requests.push(captured);
      handler(captured, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    handle: (next) => {
      handler = next;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A capture server for the test file that calls this: started before its tests, closed after
 * them all, and between tests reset to forget its requests and answer the success envelope.
 */
export function useCaptureServer(): { readonly server: CaptureServer } {
  let server: CaptureServer | undefined;
  beforeAll(async () => {
    server = await startCaptureServer();
  });
  afterAll(() => server?.close());
  afterEach(() => {
    server!.requests.length = 0;
    server!.handle((_req, res) => answerJson(res, 200, successEnvelope));
  });
  return {
    get server() {
      if (!server) throw new Error('the capture server starts in beforeAll');
      return server;
    },
  };
}
