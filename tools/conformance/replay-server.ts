// The local HTTP server of the TypeScript runner: it answers each request of an exchange
// case with the bytes the case gives, written straight to the socket (status line, headers,
// framing, faults), so the client's real transport reads them. It records what arrived.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import { bodyBytes, type Answer } from './cases.ts';

export type ReceivedRequest = {
  method: string;
  /** The request target exactly as received. */
  target: string;
  headers: Record<string, string>;
  body: Buffer;
  /** performance.now() when the request's headers arrived. */
  arrivedAt: number;
};

export type ReplayServer = {
  url: string;
  received: ReceivedRequest[];
  /** performance.now() when each answer ended: written whole, or reset (undefined while writing, or if the client left first). */
  answeredAt: (number | undefined)[];
  close: () => Promise<void>;
};

export async function startReplayServer(answers: readonly Answer[]): Promise<ReplayServer> {
  const received: ReceivedRequest[] = [];
  const answeredAt: (number | undefined)[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((request, response) => {
    const arrivedAt = performance.now();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const index = received.length;
      const entry: ReceivedRequest = { method: request.method ?? '', target: request.url ?? '', headers: headersOf(request), body: Buffer.concat(chunks), arrivedAt };
      received.push(entry);
      const answer = answers[Math.min(index, answers.length - 1)]!;
      // The answer is written by hand on the socket: Node's ServerResponse is never used.
      response.socket?.removeAllListeners('timeout');
      void write(request.socket, answer, entry).then((ended) => {
        if (ended) answeredAt[index] = performance.now();
      });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answeredAt,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function headersOf(request: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (let i = 0; i < request.rawHeaders.length; i += 2) headers[request.rawHeaders[i]!.toLowerCase()] = request.rawHeaders[i + 1]!;
  return headers;
}

/** Replaces {{header:NAME}} and {{field:NAME}} by what the request carried. */
function echoed(text: string, request: ReceivedRequest): string {
  let body: Record<string, unknown> = {};
  try {
    const parsed = JSON.parse(request.body.toString('utf8')) as unknown;
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // No JSON body: {{field:…}} stays empty.
  }
  return text
    .replace(/\{\{header:([^}]+)\}\}/g, (_, name: string) => request.headers[name.toLowerCase()] ?? '')
    .replace(/\{\{field:([^}]+)\}\}/g, (_, name: string) => (body[name] === undefined ? '' : String(body[name])));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes one answer; true once it ended as the case says (written whole, or reset), false if the client left first. */
async function write(socket: Socket, answer: Answer, request: ReceivedRequest): Promise<boolean> {
  if (answer.delayMs) await sleep(answer.delayMs);
  if (socket.destroyed) return false;
  if (answer.fault === 'reset-before-headers') {
    socket.resetAndDestroy();
    return true;
  }
  let body = bodyBytes(answer.body);
  if (answer.echo && !(answer.body && 'base64' in answer.body)) body = Buffer.from(echoed(body.toString('utf8'), request), 'utf8');
  const headers = answer.headers.map(([name, value]) => (answer.echo ? [echoed(name, request), echoed(value, request)] : [name, value]));
  if (answer.retryAfterInSeconds !== undefined) headers.push(['retry-after', new Date(Date.now() + answer.retryAfterInSeconds * 1000).toUTCString()]);
  const framing = answer.fault === 'reset-after-headers' ? 'content-length' : (answer.framing ?? 'content-length');
  if (framing === 'content-length') headers.push(['content-length', String(answer.fault === 'reset-after-headers' ? body.length + 64 : body.length)]);
  if (framing === 'chunked') headers.push(['transfer-encoding', 'chunked']);
  headers.push(['connection', 'close']);
  const head = `HTTP/1.1 ${answer.status} ${answer.reason ?? STATUS_CODES[answer.status] ?? 'Unknown'}\r\n${headers.map(([n, v]) => `${n}: ${v}\r\n`).join('')}\r\n`;
  socket.write(head);
  if (answer.fault === 'reset-after-headers') {
    socket.write(body.subarray(0, Math.floor(body.length / 2)));
    await sleep(20);
    socket.resetAndDestroy();
    return true;
  }
  if (framing === 'chunked') {
    for (let offset = 0; offset < body.length; offset += 16 * 1024) {
      const chunk = body.subarray(offset, offset + 16 * 1024);
      socket.write(`${chunk.length.toString(16)}\r\n`);
      socket.write(chunk);
      socket.write('\r\n');
    }
    socket.write('0\r\n\r\n');
  } else if (body.length > 0) socket.write(body);
  await new Promise<void>((resolve) => socket.end(resolve));
  return true;
}
