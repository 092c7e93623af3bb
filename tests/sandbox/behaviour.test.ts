// The behaviour layer's hook points, with a behaviour written out here: its decision runs
// before the handler of an operation it touches (and an answer sent there stops the
// handler), its transformation after, and routes of other operations, or outside the spec,
// get neither.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Behaviour, BreaksRecord } from '../../packages/sandbox/src/behaviour/layer.ts';
import { behaviourPlugin } from '../../packages/sandbox/src/behaviour/plugin.ts';
import { sandboxRefusals } from '../../packages/sandbox/src/errors.ts';

const none = { bare: false, errorEnvelope: false, dropped: [], retyped: [] };

async function appWith(behaviour: Behaviour, breaks: BreaksRecord = new WeakMap()) {
  const ran: string[] = [];
  const app = Fastify();
  await app.register(behaviourPlugin, { behaviour, breaks });
  // Routes as fastify-openapi-glue declares them: the operationId in the route schema.
  app.post('/swaps', { schema: { operationId: 'createSwap' } as object }, async () => (ran.push('createSwap'), { status: 'success', message: 'Swap created', data: { id: 's1' } }));
  app.get('/wallets', { schema: { operationId: 'listWallets' } as object }, async () => (ran.push('listWallets'), { status: 'success', message: 'Wallets retrieved', data: [] }));
  app.get('/sandbox/swaps', async () => (ran.push('helper'), { status: 'success', message: 'Swaps retrieved', data: [] }));
  return { app, ran };
}

describe('the behaviour layer', () => {
  it('decides before the handler of an operation it touches: an answer sent there stops the handler', async () => {
    const behaviour: Behaviour = {
      refusals: sandboxRefusals,
      touches: (operationId) => operationId === 'createSwap',
      decide: async (_operationId, _request, reply) => {
        await reply.code(503).send({ status: 'error', message: 'Service unavailable', data: null });
      },
    };
    const { app, ran } = await appWith(behaviour);
    const refused = await app.inject({ method: 'POST', url: '/swaps' });
    expect(refused.statusCode).toBe(503);
    expect(ran).toEqual([]);
    expect((await app.inject({ method: 'GET', url: '/wallets' })).json()).toEqual({ status: 'success', message: 'Wallets retrieved', data: [] });
    expect(ran).toEqual(['listWallets']);
  });

  it('transforms the success answers of the operations it touches, serialized as they are, and records what they break', async () => {
    const breaks: BreaksRecord = new WeakMap();
    const seen: unknown[] = [];
    const behaviour: Behaviour = {
      refusals: sandboxRefusals,
      touches: (operationId) => operationId === 'createSwap',
      transform: (operationId, answer) => {
        seen.push([operationId, answer]);
        return { body: { ...(answer as object), extra: 1 }, breaks: { ...none, retyped: ['/data/id'] } };
      },
    };
    const { app } = await appWith(behaviour, breaks);
    app.addHook('onSend', async (request, _reply, payload) => {
      seen.push(breaks.get(request));
      return payload;
    });
    const created = await app.inject({ method: 'POST', url: '/swaps' });
    expect(created.json()).toEqual({ status: 'success', message: 'Swap created', data: { id: 's1' }, extra: 1 });
    expect(seen).toEqual([['createSwap', { status: 'success', message: 'Swap created', data: { id: 's1' } }], { ...none, retyped: ['/data/id'] }]);
    expect((await app.inject({ method: 'GET', url: '/wallets' })).json()).toEqual({ status: 'success', message: 'Wallets retrieved', data: [] });
    expect((await app.inject({ method: 'GET', url: '/sandbox/swaps' })).json()).toEqual({ status: 'success', message: 'Swaps retrieved', data: [] });
    expect(seen).toHaveLength(4);
    expect(seen.slice(2)).toEqual([undefined, undefined]);
  });

  it('leaves the refusals of the operations it touches as they are', async () => {
    const behaviour: Behaviour = { refusals: sandboxRefusals, touches: () => true, transform: () => ({ body: 'changed', breaks: none }) };
    const { app } = await appWith(behaviour);
    app.setErrorHandler((_error, _request, reply) => reply.code(409).send({ status: 'error', message: 'refused', data: null }));
    app.post('/fail', { schema: { operationId: 'confirmSwap' } as object }, async () => {
      throw new Error('not pending');
    });
    expect((await app.inject({ method: 'POST', url: '/fail' })).json()).toEqual({ status: 'error', message: 'refused', data: null });
  });
});
