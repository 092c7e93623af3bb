// Compile-time guarantees of the sandbox's handler map, checked by `tsc --noEmit` (npm run
// typecheck). Every `@ts-expect-error` line must fail to compile, or tsc reports the unused
// directive.
import { describe, expectTypeOf, it } from 'vitest';
import type { operations } from '../../generated/schema.d.ts';
import { successEnvelope } from '../../packages/sdk/src/envelope/index.ts';
import type { Handler, Handlers, OperationId } from '../../packages/sandbox/src/operations/context.ts';
import type { OperationHandlers } from '../../packages/sandbox/src/operations/index.ts';

describe('sandbox handler map', () => {
  it('has exactly the operations of the spec', () => {
    expectTypeOf<keyof OperationHandlers>().toEqualTypeOf<keyof operations>();
    // @ts-expect-error an operationId the spec does not have
    expectTypeOf<Handlers<'getSwapQuote' | 'deleteEverything'>>().not.toBeNever();
  });

  it('refuses an answer field the spec does not have, a missing field and a wrong type', () => {
    const page = { page: 1, pages: 0, limit: 20, total: 0, data: [] };
    const right: Handler<'listTransactions'> = () => successEnvelope('Transactions retrieved', page);
    // @ts-expect-error a field the spec does not have
    const extra: Handler<'listTransactions'> = () => successEnvelope('Transactions retrieved', { ...page, cursor: 'x' });
    // @ts-expect-error `total` is missing
    const missing: Handler<'listTransactions'> = () => successEnvelope('Transactions retrieved', { page: 1, pages: 0, limit: 20, data: [] });
    // @ts-expect-error `page` is a number
    const wrong: Handler<'listTransactions'> = () => successEnvelope('Transactions retrieved', { ...page, page: '1' });
    expectTypeOf([right, extra, missing, wrong]).toBeArray();
  });

  it('hands each handler its request typed by the spec', () => {
    expectTypeOf<Parameters<Handler<'createSwap'>>[0]['body']>().toEqualTypeOf<operations['createSwap']['requestBody']['content']['application/json']>();
    expectTypeOf<Parameters<Handler<'getTransaction'>>[0]['params']>().toEqualTypeOf<operations['getTransaction']['parameters']['path']>();
    expectTypeOf<OperationId>().toEqualTypeOf<keyof operations>();
  });
});
