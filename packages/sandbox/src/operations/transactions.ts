// Transaction history: newest first, paged.
import { notFound } from '../errors.ts';
import { successEnvelope } from '../../../sdk/src/envelope/index.ts';
import { after } from '../store/store.ts';
import { shown, type Handlers, type OperationContext } from './context.ts';

/** Page size when the caller sends none, and the largest page served (the service publishes neither). */
export const defaultPageSize = 20;
export const maximumPageSize = 100;

export function transactionOperations(context: OperationContext): Handlers<'listTransactions' | 'getTransaction'> {
  return {
    listTransactions: (request) => {
      const { query } = request;
      const limit = Math.min(query.limit ?? defaultPageSize, maximumPageSize);
      const page = query.page ?? 1;
      return after(context.store.pageTransactions(request.apiKey, (page - 1) * limit, limit), ({ total, data }) =>
        successEnvelope('Transactions retrieved', { page, pages: Math.ceil(total / limit), limit, total, data }),
      );
    },

    getTransaction: (request) => {
      const { id } = request.params;
      return after(context.store.getTransaction(request.apiKey, id), (transaction) => {
        if (!transaction) throw notFound(`No transaction ${shown(id)}`);
        return successEnvelope('Transaction retrieved', transaction);
      });
    },
  };
}
