// The sandbox's request log for a terminal: Fastify's own log entries, through the readable
// stream, become one line per request (method, path, status, milliseconds); the JSON lines
// stay the format when stdout is not a terminal, in CI, or with SANDBOX_LOG=json.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sandboxOptionsFromEnv } from '../../packages/sandbox/src/config.ts';
import { readableLogStream } from '../../packages/sandbox/src/readable-log.ts';

describe('readable request logs', () => {
  it('writes one line per request with method, path, status and milliseconds', async () => {
    const written: string[] = [];
    const app = Fastify({ logger: { stream: readableLogStream({ write: (text: string) => written.push(text) }) } });
    app.get('/api/v1/wallets', async () => ({ status: 'success' }));
    await app.inject({ method: 'GET', url: '/api/v1/wallets?limit=2' });
    await app.inject({ method: 'POST', url: '/nothing' });
    app.log.warn('something to look at');
    await app.close();
    expect(written.filter((line) => !line.includes('info'))).toEqual([
      expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} GET \/api\/v1\/wallets\?limit=2 200 \d+\.\d ms\n$/),
      expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} POST \/nothing 404 \d+\.\d ms\n$/),
      expect.stringMatching(/^\d\d:\d\d:\d\d\.\d{3} warn something to look at\n$/),
    ]);
  });

  it('is chosen only for a terminal outside CI, unless SANDBOX_LOG=json', () => {
    expect(sandboxOptionsFromEnv({}, true).options.logStyle).toBe('readable');
    expect(sandboxOptionsFromEnv({}, false).options.logStyle).toBe('json');
    expect(sandboxOptionsFromEnv({ CI: 'true' }, true).options.logStyle).toBe('json');
    expect(sandboxOptionsFromEnv({ SANDBOX_LOG: 'json' }, true).options.logStyle).toBe('json');
    expect(sandboxOptionsFromEnv({ SANDBOX_LOG: 'off' }, true).options.logger).toBe(false);
  });
});
