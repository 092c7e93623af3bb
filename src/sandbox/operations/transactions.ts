// Transaction history: newest first, paged.
import { notFound } from '../errors.ts';
import { successEnvelope } from '../../envelope/index.ts';
import { shown, tenantOf, type Handlers, type OperationContext } from './context.ts';

/** Page size when the caller sends none, and the largest page served (the service publishes neither). */
export const defaultPageSize = 20;
export const maximumPageSize = 100;

export function transactionOperations(context: OperationContext): Handlers<'listTransactions' | 'getTransaction'> {
  return {
    listTransactions: (request) => {
      const { query } = request;
      const limit = Math.min(query.limit ?? defaultPageSize, maximumPageSize);
      const page = query.page ?? 1;
      const all = [...tenantOf(context, request).transactions.values()];
      const total = all.length;
      // Newest first: the map holds creation order, so the page is read from its end.
      const end = total - (page - 1) * limit;
      const data = end > 0 ? all.slice(Math.max(0, end - limit), end).reverse() : [];
      return successEnvelope('Transactions retrieved', { page, pages: Math.ceil(total / limit), limit, total, data });
    },

    getTransaction: (request) => {
      const { id } = request.params;
      const transaction = tenantOf(context, request).transactions.get(id);
      if (!transaction) throw notFound(`No transaction ${shown(id)}`);
      return successEnvelope('Transaction retrieved', transaction);
    },
  };
}
