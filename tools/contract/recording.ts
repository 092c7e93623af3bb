// The exchange of a Dredd transaction as `--record` writes it: the request as Dredd sends
// it, after the hooks signed it, and the real answer. Read only: nothing here changes the
// transaction.
import { headerPairs, type RecordedExchange } from '../../packages/sdk/src/privacy/exchange.ts';
import type { DreddTransaction } from './dredd-transaction.ts';

export function transactionExchange(transaction: DreddTransaction, details: { operationId: string; addedHeaders: readonly string[]; now?: number }): RecordedExchange {
  const real = transaction.real;
  if (!real) throw new Error(`${transaction.name} has no answer to record`);
  const { request } = transaction;
  const port = transaction.port ? `:${transaction.port}` : '';
  const headers = headerPairs(request.headers);
  const body = request.body ?? '';
  // Dredd sets Content-Length from the body when the request has none (performRequest's normalizeContentLengthHeader).
  if (!headers.some(([name]) => name.toLowerCase() === 'content-length') && body !== '') headers.push(['Content-Length', String(Buffer.byteLength(body))]);
  const startedAt = transaction.startedAt ?? details.now ?? Date.now();
  return {
    startedAt: new Date(startedAt),
    durationMs: (details.now ?? Date.now()) - startedAt,
    request: { method: request.method.toUpperCase(), url: `${transaction.protocol}//${transaction.host}${port}${transaction.fullPath}`, headers, ...(body === '' ? {} : { body }) },
    response: { status: real.statusCode, headers: headerPairs(real.headers), body: real.body ?? '' },
    operationId: details.operationId,
    addedHeaders: details.addedHeaders,
  };
}
