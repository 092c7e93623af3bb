// What every variant of `npm run bench:client` sends and what it gets back, the same for the
// round trips and the in-process timing.

export const apiKey = 'bench-key';
export const secret = 'bench-secret';

/** The body of each POST /api/v1/swaps. */
export const swap = { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' };
/** The query of each GET /api/v1/transactions, and the same as the text of a URL. */
export const transactionsQuery = { limit: 20, page: 1 };
export const transactionsPathWithQuery = '/api/v1/transactions?limit=20&page=1';

/** The answer to each POST /api/v1/swaps: a created swap. */
const swapAnswer = JSON.stringify({ status: 'success', message: 'Swap created', data: { id: '665f1c2a9b1e4a0012ab34cd', from: 'usdt', to: 'ngn', status: 'pending' } });

/** One transaction as the interface shows it: a page holds 20, which the drift watch reads one by one. */
const transaction = (index: number) => ({
  _id: `665f0b7e9b1e4a0012ab${String(index).padStart(4, '0')}`,
  uid: `TRX-${10234 + index}`,
  amount: 100,
  amountToReceive: 153767.75,
  coin: 'usdt',
  chain: 'ethereum',
  currency: 'NGN',
  type: 'CRYPTO_TO_CASH',
  status: 'completed',
  payoutStatus: 'completed',
  remark: 'Payout to customer',
  fee: 1,
  rate: 1537.6775,
  createdAt: '2026-11-20T09:30:00.000Z',
  updatedAt: '2026-11-20T09:31:12.000Z',
});

/** The answer to each GET /api/v1/transactions?limit=20&page=1: a full page. */
const pageAnswer = JSON.stringify({
  status: 'success',
  message: 'Transactions retrieved',
  data: { page: 1, pages: 3, limit: 20, total: 57, data: Array.from({ length: 20 }, (_, index) => transaction(index)) },
});

const answerOf = (body: string) => ({ body, headers: { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } });

/** What the server answers, by method: every answer conforms to the spec, so the drift watch finds nothing and does all its reading. */
export const answers = { POST: answerOf(swapAnswer), GET: answerOf(pageAnswer) } as const;
export const answerFor = (method: string) => (method === 'POST' ? answers.POST : answers.GET);
