// A tiny loopback stand-in for the service, for testing the contract hooks with real
// Dredd runs. It answers every operation of the bundled spec with the data of the
// operation's 200 example, verifies the shared HMAC signature, refuses a request without
// x-api-key with the error envelope, hands out a new swap id per create, and records what
// it received. `corrupt` lets a test make one operation's body violate the spec.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hmacSha256, signaturesMatch } from '../../../packages/sdk/src/signing/index.ts';
import { loadBundledDocument } from '../../../packages/sandbox/src/spec/document.ts';
import { listOperations } from '../../../packages/sdk/src/spec/openapi.ts';
import { listMediaExamples } from '../../../tools/spec/examples.ts';

export type Received = { method: string; path: string; operationId: string | undefined; apiKey: string | undefined; signature: string | undefined };

export type FakeService = { url: string; received: Received[]; close: () => Promise<void> };

export type FakeServiceOptions = {
  apiKey: string;
  secret: string;
  /** Rewrites the success body of one operation. */
  corrupt?: { operationId: string; body: (valid: Record<string, unknown>) => unknown };
};

const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });
const error = (status: number, message: string) => json(status, { status: 'error', message, data: null });

export async function startFakeService(options: FakeServiceOptions): Promise<FakeService> {
  const doc = loadBundledDocument();
  const examples = new Map(listMediaExamples(doc).filter((e) => / 200 /.test(e.label)).map((e) => [e.label.split(' ')[0]!, e.value as Record<string, unknown>]));
  const routes = listOperations(doc).map(({ method, path, operation }) => ({
    method: method.toUpperCase(),
    pattern: new RegExp(`^${path.replace(/\{[^}]+\}/g, '([^/]+)')}$`),
    operationId: operation.operationId,
  }));
  const verify = hmacSha256({ secret: options.secret });
  const received: Received[] = [];
  let swaps = 0;

  const answer = async (req: IncomingMessage, body: string) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = routes.find((r) => r.method === req.method && r.pattern.test(url.pathname));
    const apiKey = req.headers['x-api-key'] as string | undefined;
    const signature = req.headers['x-signature'] as string | undefined;
    const timestamp = req.headers['x-timestamp'] as string | undefined;
    received.push({ method: req.method ?? '', path: url.pathname + url.search, operationId: route?.operationId, apiKey, signature });
    if (!apiKey) return error(401, 'No API key was provided');
    if (apiKey !== options.apiKey || !timestamp || !signature) return error(401, 'Invalid credentials');
    const expected = await verify({ method: req.method ?? '', pathWithQuery: req.url ?? '', body, timestamp, apiKey });
    if (!signaturesMatch(expected, signature)) return error(401, 'Invalid signature');
    if (!route) return error(404, 'Unknown resource');
    const example = structuredClone(examples.get(route.operationId)!);
    const id = route.pattern.exec(url.pathname)?.[1];
    if (route.operationId === 'createSwap') (example.data as Record<string, unknown>).id = `swap-${++swaps}`;
    if (route.operationId === 'confirmSwap' || route.operationId === 'cancelSwap') (example.data as Record<string, unknown>).id = decodeURIComponent(id!);
    const out = options.corrupt?.operationId === route.operationId ? options.corrupt.body(example) : example;
    return json(200, out);
  };

  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      answer(req, body).then(
        ({ status, body: text }) => res.writeHead(status, { 'content-type': 'application/json' }).end(text),
        (e: unknown) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'error', message: String(e), data: null })),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
