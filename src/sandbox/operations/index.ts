// Every operation of the spec, by operationId.
import type { Handler, OperationContext } from './context.ts';
import { discoveryOperations } from './discovery.ts';
import { previewOperations } from './previews.ts';
import { swapOperations } from './swaps.ts';
import { transactionOperations } from './transactions.ts';
import { walletOperations } from './wallets.ts';

export type { OperationContext } from './context.ts';

export function createOperations(context: OperationContext): Record<string, Handler> {
  return {
    ...walletOperations(context),
    ...previewOperations(context),
    ...discoveryOperations(context),
    ...swapOperations(context),
    ...transactionOperations(context),
  };
}
