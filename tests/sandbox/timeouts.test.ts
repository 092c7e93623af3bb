// Idle and slow connections are reclaimed: a socket that sends nothing is closed after
// the idle timeout, and one that drips its headers a byte at a time (never idle, never
// done) after the headers timeout. Short timeouts keep the test quick; the defaults are
// checked on the server itself.
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandboxApp, defaultConnectionTimeouts } from '../../src/sandbox/app.ts';
import { demoCredentials, startSandbox, type RunningSandbox } from '../../src/sandbox/index.ts';

const timeouts = { idleMs: 300, headersMs: 500, requestMs: 2_000, keepAliveMs: 300 };
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ timeouts });
});
afterAll(() => sandbox?.close());

/** Opens a socket, runs `feed` on it, and resolves with the milliseconds until the sandbox closed it (or `giveUpMs`). */
function msUntilClosed(feed: (write: (text: string) => boolean) => () => void, giveUpMs: number): Promise<number> {
  const { port, hostname } = new URL(sandbox.url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname);
    const openedAt = Date.now();
    let stop = () => {};
    socket.on('connect', () => (stop = feed((text) => socket.write(text))));
    socket.on('error', () => {});
    socket.on('data', () => {});
    const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on('close', () => {
      clearTimeout(giveUp);
      stop();
      resolve(Date.now() - openedAt);
    });
  });
}

describe('connection timeouts', () => {
  it('closes a connection that sends nothing after the idle timeout', async () => {
    const elapsed = await msUntilClosed(() => () => {}, 10_000);
    expect(elapsed).toBeGreaterThanOrEqual(timeouts.idleMs - 20);
    expect(elapsed).toBeLessThan(timeouts.idleMs + 1_000);
  });

  it('closes a connection that sends its headers a byte at a time after the headers timeout', async () => {
    const request = `GET /api/v1/wallets HTTP/1.1\r\nHost: x\r\nx-api-key: ${demoCredentials.apiKey}\r\n${'x-padding: y\r\n'.repeat(20)}\r\n`;
    // One byte every 50 ms: never idle for the 300 ms idle timeout, and the whole request
    // would take over 20 s.
    const elapsed = await msUntilClosed((write) => {
      let sent = 0;
      const timer = setInterval(() => {
        if (sent < request.length) write(request[sent++]!);
      }, 50);
      return () => clearInterval(timer);
    }, 10_000);
    expect(elapsed).toBeGreaterThanOrEqual(timeouts.headersMs - 20);
    expect(elapsed).toBeLessThan(timeouts.headersMs + 1_500);
  });

  it('are set by default: 10 s idle, 10 s for the headers, 30 s for the request, 5 s keep-alive', async () => {
    expect(defaultConnectionTimeouts).toEqual({ idleMs: 10_000, headersMs: 10_000, requestMs: 30_000, keepAliveMs: 5_000 });
    const app = await buildSandboxApp({ apiKeys: { k: 'secret-value' }, timestampWindowSeconds: 300 });
    try {
      expect({ idle: app.server.timeout, headers: app.server.headersTimeout, request: app.server.requestTimeout, keepAlive: app.server.keepAliveTimeout }).toEqual({
        idle: 10_000,
        headers: 10_000,
        request: 30_000,
        keepAlive: 5_000,
      });
    } finally {
      await app.close();
    }
  });

  it('refuses timeouts that are not positive whole milliseconds, or headers longer than the request', async () => {
    await expect(startSandbox({ timeouts: { idleMs: 0 } })).rejects.toThrow('The idleMs timeout must be a positive whole number of milliseconds');
    await expect(startSandbox({ timeouts: { headersMs: 40_000 } })).rejects.toThrow('The headers timeout cannot be longer than the request timeout');
  });
});
