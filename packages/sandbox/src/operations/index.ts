// Every operation of the spec, by operationId.
import type { OperationContext, Handlers, OperationId } from './context.ts';
import { discoveryOperations } from './discovery.ts';
import { previewOperations } from './previews.ts';
import { swapOperations } from './swaps.ts';
import { transactionOperations } from './transactions.ts';
import { walletOperations } from './wallets.ts';

export type { OperationContext } from './context.ts';

/** A handler for every operation of the spec; one missing or one too many fails `tsc`. */
export type OperationHandlers = Handlers<OperationId>;

export function createOperations(context: OperationContext): OperationHandlers {
  return {
    ...walletOperations(context),
    ...previewOperations(context),
    ...discoveryOperations(context),
    ...swapOperations(context),
    ...transactionOperations(context),
  };
}
