// The sandbox reclaims connections that send nothing, drip their headers or sit idle after
// a request. Short timeouts keep the test quick; the defaults are checked as set.
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { buildSandboxApp } from '../../packages/sandbox/src/app.ts';
import { defaultSandboxTimeouts, demoCredentials, startSandbox, type RunningSandbox } from '../../packages/sandbox/src/index.ts';
import { resolveTimeouts } from '../../packages/sandbox/src/timeouts.ts';
import { signedHeaders } from '../support/signed-http.ts';

const timeouts = { connectionMs: 400, headersMs: 600, requestMs: 1200, keepAliveMs: 300 };
/** Scheduling on a busy machine; Node checks headers and request times every headersMs / 4. */
const margin = 1500;

let sandbox: RunningSandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ validateResponses: true, timeouts });
});
afterAll(() => sandbox.close());

/** Opens a raw TCP connection to the sandbox. */
function open(url = sandbox.url): Promise<Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Milliseconds until the sandbox closes the socket, and what it sent before closing. */
function closed(socket: Socket, startedAt: number): Promise<{ afterMs: number; received: string }> {
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
  socket.on('error', () => {}); // a reset is a close too
  return new Promise((resolve) => socket.once('close', () => resolve({ afterMs: Date.now() - startedAt, received })));
}

// Every case has its own connection (the keep-alive case its own sandbox), and the sandbox's
// timers are per socket: the cases wait side by side.
describe.concurrent('sandbox connection timeouts', () => {
  it('sets the documented defaults on the server', async ({ expect }) => {
    const app = await buildSandboxApp({ apiKeys: { [demoCredentials.apiKey]: demoCredentials.secret }, timestampWindowSeconds: 300 });
    try {
      expect(defaultSandboxTimeouts).toEqual({ connectionMs: 10_000, headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 });
      expect(app.server.timeout).toBe(defaultSandboxTimeouts.connectionMs);
      expect(app.server.headersTimeout).toBe(defaultSandboxTimeouts.headersMs);
      expect(app.server.requestTimeout).toBe(defaultSandboxTimeouts.requestMs);
      expect(app.server.keepAliveTimeout).toBe(defaultSandboxTimeouts.keepAliveMs);
    } finally {
      await app.close();
    }
  });

  it('refuses timeouts that are not positive or headers allowed longer than the request', ({ expect }) => {
    expect(() => resolveTimeouts({ connectionMs: 0 })).toThrow('timeouts.connectionMs must be a positive number of milliseconds');
    expect(() => resolveTimeouts({ keepAliveMs: Number.NaN })).toThrow('timeouts.keepAliveMs must be a positive number of milliseconds');
    expect(() => resolveTimeouts({ headersMs: 2000, requestMs: 1000 })).toThrow('timeouts.headersMs must not exceed timeouts.requestMs');
  });

  it('closes a connection that sends nothing within connectionMs', async ({ expect }) => {
    const startedAt = Date.now();
    const { afterMs, received } = await closed(await open(), startedAt);
    expect(received).toBe('');
    expect(afterMs).toBeGreaterThanOrEqual(timeouts.connectionMs - 50);
    expect(afterMs).toBeLessThan(timeouts.connectionMs + margin);
  });

  it('closes a connection that drips its headers a byte at a time within headersMs, with 408', async ({ expect }) => {
    const socket = await open();
    const startedAt = Date.now();
    const done = closed(socket, startedAt);
    // Faster than connectionMs, so the idle timer never fires: only headersMs can end it.
    const head = `GET /api/v1/wallets HTTP/1.1\r\nHost: x\r\nx-api-key: ${demoCredentials.apiKey}\r\nx-padding: ${'a'.repeat(1000)}`;
    let sent = 0;
    const drip = setInterval(() => {
      if (!socket.destroyed && sent < head.length) socket.write(head[sent++]!);
    }, 50);
    const { afterMs, received } = await done;
    clearInterval(drip);
    expect(sent).toBeLessThan(head.length);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(received).toContain('{"status":"error","message":"Request timeout: the request did not arrive in time","data":null}');
    expect(afterMs).toBeGreaterThanOrEqual(timeouts.headersMs - 50);
    expect(afterMs).toBeLessThan(timeouts.headersMs + margin);
  });

  it('closes a kept-alive connection idle after its request within keepAliveMs', async ({ expect }) => {
    // The idle limit far above keepAliveMs + margin, so only the keep-alive limit can close it.
    const keepAlive = await startSandbox({ validateResponses: true, timeouts: { ...timeouts, connectionMs: 10_000 } });
    try {
      const socket = await open(keepAlive.url);
      // A signed request written by hand on this socket, so the test owns the connection.
      const { headers } = await signedHeaders({ method: 'GET', pathWithQuery: '/api/v1/wallets' }, demoCredentials);
      const lines = Object.entries({ host: 'sandbox', connection: 'keep-alive', ...headers }).map(([name, value]) => `${name}: ${value}`);
      let startedAt = 0;
      const done = closed(socket, 0);
      socket.once('data', () => (startedAt = Date.now()));
      socket.write(`GET /api/v1/wallets HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
      const { received } = await done;
      const afterMs = Date.now() - startedAt;
      expect(received).toMatch(/^HTTP\/1\.1 200 /);
      expect(received).toMatch(/keep-alive/i);
      expect(afterMs).toBeGreaterThanOrEqual(timeouts.keepAliveMs - 50);
      expect(afterMs).toBeLessThan(timeouts.keepAliveMs + margin);
    } finally {
      await keepAlive.close();
    }
  });
});
