// Middleware: openapi-fetch's own (`client.use`). openapi-fetch hands it the real Request
// it built; authentication is added only after every onRequest has run, to a copy of the
// headers, so middleware never sees x-api-key, x-timestamp or x-signature (not even in
// onResponse or onError), and what it changes (URL, headers, body) is what gets signed.
import type { Middleware } from 'openapi-fetch';

export type { Middleware };

/** The status of the answer once every registered onResponse has run (0 before): only its body is read after that. */
export type StatusWatch = { middleware: Middleware; status: () => number };

/** Listed before the registered middleware, so its onResponse runs last: it sees the answer whose body is then read. */
export function statusWatch(): StatusWatch {
  let status = 0;
  return {
    middleware: { onResponse: ({ response }) => void (status = response.status) },
    status: () => status,
  };
}
