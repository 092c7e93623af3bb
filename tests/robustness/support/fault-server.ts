// A loopback server that misbehaves on purpose, one fault per request, for the client's
// fault tests. Requests are parsed by node:http; the faults that HTTP cannot express
// (resets, malformed or duplicate headers, headers that never come) are written to the raw
// socket. Each request names its case in the x-fault-case header; the server counts the
// requests of every case and keeps their signatures, so a test can check that a POST
// arrived once and that each GET retry was signed anew.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export const faults = [
  'reset before headers',
  'reset mid-body',
  'truncated JSON',
  'body not JSON',
  'empty 200',
  '200 with status error',
  '500 with an envelope',
  '502 without an envelope',
  '503 with an envelope',
  '429 with Retry-After',
  'redirect',
  'headers never come',
  'body drips forever',
  'body over the limit, chunked',
  'body over the limit, declared',
  'wrong content type',
  'duplicate content-length',
  'malformed header line',
  'valid success',
] as const;

export type Fault = (typeof faults)[number];

export type Arrival = { method: string; url: string; timestamp: string; signature: string };

/** The body size the tests give the client as its limit; the oversized faults send more. */
export const testBodyLimit = 64 * 1024;
/**
 * What the chunked oversized body would come to if read to the end (written only as fast as
 * the client reads): 256 MiB, far more than loopback socket buffers can hold, so the bytes
 * the server managed to write show whether the client stopped reading at its limit.
 */
export const oversizedBodyBytes = 4096 * testBodyLimit;

const envelope = (status: 'success' | 'error', data: unknown = null) => JSON.stringify({ status, message: status === 'success' ? 'Done' : 'Something failed', data });

function raw(socket: Socket, head: string, body = ''): void {
  socket.end(`${head}\r\n\r\n${body}`);
}

function answer(fault: Fault, successData: unknown, response: ServerResponse, socket: Socket, open: Set<NodeJS.Timeout>, recordSent: (bytes: number) => void): void {
  const json = { 'content-type': 'application/json' };
  switch (fault) {
    case 'reset before headers':
      return void socket.resetAndDestroy();
    case 'reset mid-body':
      response.writeHead(200, { ...json, 'content-length': '5000' });
      response.write(envelope('success', successData).slice(0, 20));
      return void setTimeout(() => socket.resetAndDestroy(), 5);
    case 'truncated JSON': {
      const text = envelope('success', successData).slice(0, 25);
      return void response.writeHead(200, { ...json, 'content-length': String(Buffer.byteLength(text)) }).end(text);
    }
    case 'body not JSON':
      return void response.writeHead(200, json).end('<html>gateway</html>');
    case 'empty 200':
      return void response.writeHead(200, { ...json, 'content-length': '0' }).end();
    case '200 with status error':
      return void response.writeHead(200, json).end(envelope('error'));
    case '500 with an envelope':
      return void response.writeHead(500, json).end(envelope('error'));
    case '502 without an envelope':
      return void response.writeHead(502, { 'content-type': 'text/html' }).end('<h1>Bad gateway</h1>');
    case '503 with an envelope':
      return void response.writeHead(503, { ...json, 'retry-after': '0' }).end(envelope('error'));
    case '429 with Retry-After':
      return void response.writeHead(429, { ...json, 'retry-after': '0' }).end(envelope('error'));
    case 'redirect':
      return void response.writeHead(302, { location: 'http://127.0.0.1:9/elsewhere' }).end();
    case 'headers never come':
      return; // the socket stays open and silent until the client gives up
    case 'body drips forever': {
      response.writeHead(200, json);
      const timer = setInterval(() => response.write(' '), 20);
      open.add(timer);
      return void socket.once('close', () => (clearInterval(timer), open.delete(timer)));
    }
    case 'body over the limit, chunked': {
      response.writeHead(200, json);
      response.write('{"status":"success","message":"Done","data":"');
      const chunk = 'x'.repeat(16 * 1024);
      let sent = 0;
      // Written as the client reads; stops when the client cancels (the socket closes).
      const pump = () => {
        while (sent < oversizedBodyBytes && !socket.destroyed) {
          sent += chunk.length;
          recordSent(sent);
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end('"}');
      };
      return pump();
    }
    case 'body over the limit, declared':
      // Declares a body it never finishes sending: the client must refuse it on the header alone.
      response.writeHead(200, { ...json, 'content-length': String(10 * testBodyLimit) });
      return void response.write('{"status":"success"');
    case 'wrong content type':
      return void response.writeHead(200, { 'content-type': 'text/plain' }).end(envelope('success', successData));
    case 'duplicate content-length': {
      const body = envelope('success', successData);
      return raw(socket, `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\ncontent-length: 3`, body);
    }
    case 'malformed header line':
      return raw(socket, 'HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nthis line has no colon', envelope('success', successData));
    case 'valid success':
      return void response.writeHead(200, json).end(envelope('success', successData));
  }
}

export type FaultServer = {
  url: string;
  /** Assigns a fault (and the success data it may carry) to a case id before the case is sent. */
  plan: (caseId: string, fault: Fault, successData: unknown) => void;
  arrivals: (caseId: string) => Arrival[];
  /** Body bytes the server managed to hand to the socket for a case with an oversized, chunked body. */
  bytesSent: (caseId: string) => number;
  close: () => Promise<void>;
};

export async function startFaultServer(): Promise<FaultServer> {
  const planned = new Map<string, { fault: Fault; data: unknown }>();
  const arrived = new Map<string, Arrival[]>();
  const sent = new Map<string, number>();
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const caseId = String(request.headers['x-fault-case']);
    const arrival = { method: request.method!, url: request.url!, timestamp: String(request.headers['x-timestamp']), signature: String(request.headers['x-signature']) };
    arrived.set(caseId, [...(arrived.get(caseId) ?? []), arrival]);
    const plan = planned.get(caseId);
    request.resume();
    request.once('end', () => {
      if (!plan) return void response.writeHead(400).end('unplanned case');
      answer(plan.fault, plan.data, response, request.socket, timers, (bytes) => sent.set(caseId, bytes));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    plan: (caseId, fault, data) => void planned.set(caseId, { fault, data }),
    arrivals: (caseId) => arrived.get(caseId) ?? [],
    bytesSent: (caseId) => sent.get(caseId) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearInterval(timer);
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
