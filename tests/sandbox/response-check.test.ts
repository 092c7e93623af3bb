// The sandbox's self-check turns an answer outside the spec into a 500 that names the
// violation, so that a test talking to the sandbox cannot pass on such an answer.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { responseCheckPlugin } from '../../src/sandbox/plugins/response-check.ts';

async function appAnswering(body: unknown, status = 200) {
  const app = Fastify();
  await app.register(responseCheckPlugin);
  app.get('/api/v1/wallets', async (_request, reply) => reply.code(status).send(body));
  app.get('/sandbox/swaps', async () => body);
  return app;
}

describe('sandbox response self-check', () => {
  it('lets an answer the spec allows through unchanged', async () => {
    const ok = { status: 'success', message: 'Wallets retrieved', data: [] };
    const app = await appAnswering(ok);
    const response = await app.inject({ method: 'GET', url: '/api/v1/wallets' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(ok);
  });

  it('turns an answer outside the spec into a 500 naming the violation', async () => {
    const app = await appAnswering({ status: 'success', message: 'Wallets retrieved', data: [{ _id: 1 }] });
    const response = await app.inject({ method: 'GET', url: '/api/v1/wallets' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ status: 'error', data: null, message: expect.stringContaining('body/data/0/_id must be string') });
  });

  it('checks error answers against the error envelope, and helper answers as envelopes', async () => {
    const badError = await appAnswering({ status: 'error', message: 'x', data: {} }, 404);
    expect((await badError.inject({ method: 'GET', url: '/api/v1/wallets' })).statusCode).toBe(500);
    const helper = await appAnswering({ items: [] });
    const response = await helper.inject({ method: 'GET', url: '/sandbox/swaps' });
    expect(response.statusCode).toBe(500);
    expect(response.json().message).toContain('not a success envelope');
  });
});
