// A fetch that records each exchange it makes: the request exactly as its caller passed it
// (so, in the client, after signing) and the answer, read from a clone so the caller's
// body is untouched. It sends what it was given and nothing else; recording only reads.
// Dependency-free: the SDK's command line uses it.
import { headerPairs, type RecordedExchange } from '../privacy/exchange.ts';

export type RecordingFetchOptions = {
  /** Receives each finished exchange; `settled` waits for what it returns. */
  record: (exchange: RecordedExchange) => Promise<void>;
  operationId?: string;
  /** The headers the caller adds to every request (see RecordedExchange.addedHeaders). */
  addedHeaders?: readonly string[];
};

export type RecordingFetch = { fetch: typeof fetch; /** Settles when every exchange so far is recorded; rejects with the first failure. */ settled: () => Promise<void> };

export function recordingFetch(base: typeof fetch, options: RecordingFetchOptions): RecordingFetch {
  const pending: Promise<void>[] = [];
  const wrapped: typeof fetch = async (input, init) => {
    // Read without constructing a Request from the caller's: that would take over its body.
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    const url = input instanceof Request ? input.url : input instanceof URL ? input.href : String(input);
    const headers = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined));
    const body = typeof init?.body === 'string' ? init.body : input instanceof Request && init?.body === undefined && input.body ? await input.clone().text() : undefined;
    const startedAt = new Date();
    const started = performance.now();
    const response = await base(input, init);
    const durationMs = performance.now() - started;
    // Read from a clone in the background, so recording can neither delay nor fail the call.
    pending.push(
      response
        .clone()
        .text()
        .then((answer) =>
          options.record({
            startedAt,
            durationMs,
            request: { method, url, headers: headerPairs(headers), ...(body ? { body } : {}) },
            response: { status: response.status, statusText: response.statusText, headers: headerPairs(response.headers), body: answer },
            ...(options.operationId ? { operationId: options.operationId } : {}),
            ...(options.addedHeaders ? { addedHeaders: options.addedHeaders } : {}),
          }),
        ),
    );
    return response;
  };
  return { fetch: wrapped, settled: async () => void (await Promise.all(pending)) };
}
