// Test helpers, outside /api/v1 and outside the public spec (the way payment providers
// ship them): settle a pending preview the way the service would after its unpublished
// confirmation step, read back the caller's swaps (the public API has no read of a swap) and
// transactions as stored,
// and forget everything the caller created. Same authentication as
// the API; every record touched is the caller's own.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { conflict, notFound } from '../errors.ts';
import { successEnvelope } from '../../../sdk/src/envelope/index.ts';
import type { OperationContext } from '../operations/context.ts';
import { shown } from '../operations/context.ts';
import type { SwapRecord } from '../state.ts';

export const testHelperPrefix = '/sandbox';

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', minLength: 1 } },
};

export async function testHelperRoutes(app: FastifyInstance, { context }: { context: OperationContext }): Promise<void> {
  const { store } = context;
  const settle = (outcome: 'completed' | 'failed') => async (request: FastifyRequest) => {
    const { id } = request.params as { id: string };
    const { changed, record: transaction } = await store.settleTransaction(request.apiKey, id, outcome, context.runtime.now().toISOString());
    if (!transaction) throw notFound(`No transaction ${shown(id)}`);
    if (!changed) throw conflict(`Transaction ${id} is ${transaction.status}; only a pending transaction can be settled`);
    return successEnvelope(`Transaction ${outcome}`, transaction);
  };

  app.post('/transactions/:id/complete', { schema: { params: idParams } }, settle('completed'));
  app.post('/transactions/:id/fail', { schema: { params: idParams } }, settle('failed'));
  const swapView = (swap: SwapRecord) => ({ id: swap.id, from: swap.from, to: swap.to, amount: swap.amount, status: swap.status, createdAt: swap.createdAt, updatedAt: swap.updatedAt });
  // The caller's transactions as stored, oldest first: a provider profile may reshape what the public reads answer.
  app.get('/transactions', async (request) => successEnvelope('Transactions retrieved', await store.listTransactions(request.apiKey)));
  app.get('/swaps', async (request) => successEnvelope('Swaps retrieved', (await store.listSwaps(request.apiKey)).map(swapView)));
  app.get('/swaps/:id', { schema: { params: idParams } }, async (request) => {
    const { id } = request.params as { id: string };
    const swap = await store.getSwap(request.apiKey, id);
    if (!swap) throw notFound(`No swap ${shown(id)}`);
    return successEnvelope('Swap retrieved', swapView(swap));
  });
  app.post('/reset', async (request) => {
    await store.reset(request.apiKey);
    return successEnvelope('Sandbox state reset', null);
  });
}
