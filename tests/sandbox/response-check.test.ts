// The sandbox's self-check turns an answer outside the spec into a 500 that names the
// violation, so that a test talking to the sandbox cannot pass on such an answer.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { BreaksRecord, DeliberateBreaks } from '../../packages/sandbox/src/behaviour/layer.ts';
import { responseCheckPlugin } from '../../packages/sandbox/src/plugins/response-check.ts';

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

describe('sandbox response self-check with deliberate breaks', () => {
  const transaction = { _id: 't1', uid: 'TRX-1', amount: 25, amountToReceive: 24, coin: 'usdt', chain: 'ethereum', currency: 'USDT', type: 'CRYPTO_WITHDRAWAL', status: 'pending', payoutStatus: 'pending', remark: '', fee: 1, rate: 1, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
  const page = (records: object[]) => ({ status: 'success', message: 'Transactions retrieved', data: { page: 1, pages: 1, limit: 20, total: records.length, data: records } });
  const none: DeliberateBreaks = { bare: false, errorEnvelope: false, dropped: [], retyped: [] };

  /** An app whose one API route answers `body` and declares `breaks` for it, as the behaviour layer does. */
  async function appBreaking(body: unknown, breaks: DeliberateBreaks) {
    const record: BreaksRecord = new WeakMap();
    const app = Fastify();
    await app.register(responseCheckPlugin, { breaks: record });
    app.get('/api/v1/transactions', async (request) => {
      record.set(request, breaks);
      return body;
    });
    return (await app.inject({ method: 'GET', url: '/api/v1/transactions' })) as { statusCode: number; json(): { message: string } };
  }

  it('excuses a dropped field only in the record it was dropped from', async () => {
    const { payoutStatus: _, ...withoutPayoutStatus } = transaction;
    const dropped = { ...none, dropped: [{ record: '/data/data/0', field: 'payoutStatus' }] };
    expect((await appBreaking(page([withoutPayoutStatus]), dropped)).statusCode).toBe(200);
    const elsewhere = await appBreaking(page([transaction, withoutPayoutStatus]), dropped);
    expect(elsewhere.statusCode).toBe(500);
    expect(elsewhere.json().message).toContain("body/data/data/1 must have required property 'payoutStatus'");
    const { status: __, ...withoutStatus } = withoutPayoutStatus;
    const another = await appBreaking(page([withoutStatus]), dropped);
    expect(another.statusCode).toBe(500);
    expect(another.json().message).toContain("must have required property 'status'");
    expect(another.json().message).not.toContain('payoutStatus');
  });

  it('excuses a retyped value only where it was retyped', async () => {
    const retyped = { ...none, retyped: ['/data/data/0/amount'] };
    expect((await appBreaking(page([{ ...transaction, amount: '25' }]), retyped)).statusCode).toBe(200);
    const other = await appBreaking(page([{ ...transaction, amount: '25', fee: '1' }]), retyped);
    expect(other.statusCode).toBe(500);
    expect(other.json().message).toContain('body/data/data/0/fee must be number');
    expect(other.json().message).not.toContain('amount');
  });

  it('checks a bare answer as the envelope’s data, and an error envelope sent with 200 as the error envelope', async () => {
    expect((await appBreaking(page([transaction]).data, { ...none, bare: true })).statusCode).toBe(200);
    const badData = await appBreaking({ ...page([transaction]).data, page: 0 }, { ...none, bare: true });
    expect(badData.statusCode).toBe(500);
    expect(badData.json().message).toContain('body/data/page must be >= 1');
    expect((await appBreaking({ status: 'error', message: 'Try later', data: null }, { ...none, errorEnvelope: true })).statusCode).toBe(200);
    expect((await appBreaking({ status: 'error', message: 'Try later', data: {} }, { ...none, errorEnvelope: true })).statusCode).toBe(500);
    // Without the declaration the same error envelope under 200 is outside the spec.
    expect((await appBreaking({ status: 'error', message: 'Try later', data: null }, none)).statusCode).toBe(500);
  });
});
