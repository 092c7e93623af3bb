import { WalletApiError, type Middleware } from '@wallet-api/sdk';

/**
 * Logs every call's method, path, status and duration: `client.use(requestLogging(console.log))`.
 * The client signs after middleware runs, so no API key or signature ever reaches it (or the log).
 */
export function requestLogging(log: (line: string) => void): Middleware {
  const started = new Map<string, number>();
  const path = (request: Request) => new URL(request.url).pathname;
  return {
    onRequest({ id }) {
      started.set(id, performance.now());
    },
    onResponse({ request, response, id }) {
      log(`${request.method} ${path(request)} → ${response.status} in ${Math.round(performance.now() - (started.get(id) ?? 0))} ms`);
      started.delete(id);
    },
    onError({ request, error, id }) {
      log(`${request.method} ${path(request)} failed: ${error instanceof WalletApiError ? error.kind : String(error)}`);
      started.delete(id);
    },
  };
}
