// A thin loopback proxy in front of Prism: requests go through untouched, answers come
// back through `toServiceAnswer` so the mock speaks only the spec's envelope. Bodies are
// small JSON documents, so both directions are buffered (needed to rewrite the answer).
import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';
import { errorEnvelope } from '../../packages/sdk/src/envelope/index.ts';
import { envelopeAnswer, toServiceAnswer, type AuthHeaders, type MockAnswer } from './envelope.ts';

/** Larger request bodies are refused before they reach Prism. */
export const maxRequestBytes = 1024 * 1024;

export type RunningProxy = { url: string; close: () => Promise<void> };

/** The authentication headers of the document's global security requirement; the first is the API key. */
export function authHeadersOf(doc: OpenApiDocument): AuthHeaders {
  const schemes = (doc.components.securitySchemes ?? {}) as Record<string, { type?: string; in?: string; name?: string }>;
  const requirement = ((doc.security as Record<string, unknown>[] | undefined) ?? [])[0] ?? {};
  const all = Object.keys(requirement)
    .map((key) => schemes[key])
    .filter((s) => s?.type === 'apiKey' && s.in === 'header' && s.name)
    .map((s) => s!.name!.toLowerCase());
  if (all.length === 0) throw new Error('the spec declares no header authentication');
  return { apiKey: all[0]!, all };
}

export async function startEnvelopeProxy(options: { upstream: string; auth: AuthHeaders; host?: string; port?: number }): Promise<RunningProxy> {
  const upstream = new URL(options.upstream);
  const agent = new Agent({ keepAlive: true });
  const server = createServer((req, res) => {
    handle(req, res, upstream, agent, options.auth).catch((error: unknown) => {
      send(res, envelopeAnswer(502, errorEnvelope(`The mock could not answer: ${(error as Error).message}`)));
    });
  });
  server.keepAliveTimeout = 5_000;
  await listen(server, options.port ?? 0, options.host ?? '127.0.0.1');
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        agent.destroy();
      }),
  };
}

async function handle(req: IncomingMessage, res: ServerResponse, upstream: URL, agent: Agent, auth: AuthHeaders): Promise<void> {
  const body = await readBody(req);
  if (body === undefined) {
    send(res, envelopeAnswer(413, errorEnvelope(`The request body is larger than ${maxRequestBytes} bytes`)));
    return;
  }
  const answer = await forward(req, body, upstream, agent);
  send(res, toServiceAnswer(answer, req.headers, auth));
}

function forward(req: IncomingMessage, body: Buffer, upstream: URL, agent: Agent) {
  return new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
    const headers = { ...req.headers, host: upstream.host, 'content-length': String(body.length) };
    delete headers['transfer-encoding'];
    delete headers.connection;
    const outgoing = request({ hostname: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers, agent }, (answer) => {
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => resolve({ status: answer.statusCode ?? 502, headers: answer.headers, body: Buffer.concat(chunks) }));
      answer.on('error', reject);
    });
    outgoing.setTimeout(30_000, () => outgoing.destroy(new Error('Prism did not answer within 30 s')));
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** The whole request body, or undefined when it exceeds maxRequestBytes. */
function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxRequestBytes) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > maxRequestBytes ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, answer: MockAnswer): void {
  if (res.headersSent) return void res.destroy();
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body);
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
