// What every variant of `npm run bench:client` sends and what it gets back, the same for the
// round trips and the in-process timing.

export const apiKey = 'bench-key';
export const secret = 'bench-secret';

/** The body of each POST /api/v1/swaps. */
export const swap = { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' };
/** The query of each GET /api/v1/transactions, and the same as the text of a URL. */
export const transactionsQuery = { limit: 20, page: 1 };
export const transactionsPathWithQuery = '/api/v1/transactions?limit=20&page=1';

/** The success envelope every answer carries, whatever was asked. */
export const answerBody = JSON.stringify({ status: 'success', message: 'Swap created', data: { id: '665f1c2a9b1e4a0012ab34cd', from: 'usdt', to: 'ngn', status: 'pending' } });
export const answerHeaders = { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(answerBody)) };
