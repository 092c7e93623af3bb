// The path of a call when middleware is registered. openapi-fetch hands middleware a real
// Request; authentication is added only after every onRequest has run, to a copy of the
// headers, so middleware never sees x-api-key, x-timestamp or x-signature (not even in
// onResponse or onError) and what it changes (URL, headers, body) is what gets signed.
//
// Reading a Request's body back to sign it costs about a third of the request rate (the
// clone-and-read row of `npm run bench:client`), so each call remembers the body string
// openapi-fetch serialised and the Request it built from it: when middleware keeps that
// Request (changing its headers, or nothing), the string is signed as it is. Only a
// Request that middleware replaced is read back.
import { defaultBodySerializer, type Middleware } from 'openapi-fetch';
import { ConfigurationError } from './errors.ts';
import type { PreparedRequest } from './transport.ts';

export type { Middleware };

const serialize = defaultBodySerializer as (body: unknown, headers?: unknown) => unknown;

export type LayeredCall = {
  /** openapi-fetch's own serializer, remembering what it wrote. */
  bodySerializer: (body: unknown, headers?: unknown) => unknown;
  /** Listed before the registered middleware: its onRequest runs first, its onResponse last. */
  outermost: Middleware;
  /** What will be signed and sent for the Request that went through middleware; only under baseUrl. */
  prepare: (request: Request, baseUrl: string) => Promise<PreparedRequest>;
  /** The status of the answer once every onResponse has run (0 before): only its body is read after that. */
  readingStatus: () => number;
};

export function layeredCall(): LayeredCall {
  let built: Request | undefined;
  let serialized: string | undefined;
  let status = 0;
  return {
    bodySerializer: (body, headers) => {
      const result = serialize(body, headers);
      if (typeof result === 'string') serialized = result;
      return result;
    },
    outermost: {
      onRequest: ({ request }) => void (built = request),
      onResponse: ({ response }) => void (status = response.status),
    },
    prepare: async (request, baseUrl) => {
      // A Request serialises its URL anew on every read of `url`.
      const url = request.url;
      // Credentials go only to the client's environment, whatever address middleware chose.
      if (!url.startsWith(`${baseUrl}/`)) throw new ConfigurationError('middleware sent the request outside baseUrl; nothing was sent');
      const body = request === built ? serialized : request.body === null ? undefined : await request.text();
      // A copy: the authentication headers go on it, never on the Request middleware holds.
      return { url, method: request.method, headers: new Headers(request.headers), body };
    },
    readingStatus: () => status,
  };
}
