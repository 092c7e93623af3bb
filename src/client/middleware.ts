// The path of a call when middleware is registered. openapi-fetch hands middleware a real
// Request; authentication is added only after every onRequest has run, to a copy of the
// headers, so middleware never sees x-api-key, x-timestamp or x-signature (not even in
// onResponse or onError) and what it changes (URL, headers, body) is what gets signed.
//
// Reading a Request's body back to sign it costs far more than the call itself, so the
// Request openapi-fetch builds remembers the body string it was given: when middleware
// keeps that Request (changing its headers, or nothing), the string is signed as it is.
// Only a Request that middleware replaced is read back.
import type { Middleware } from 'openapi-fetch';
import { PreparedRequest } from './transport.ts';

export type { Middleware };

const bodyGiven = new WeakMap<Request, string | undefined>();

/** The Request class openapi-fetch builds when middleware is registered. */
export class SignableRequest extends Request {
  constructor(input: URL | RequestInfo, init: RequestInit = {}) {
    if (init.body !== undefined && init.body !== null && typeof init.body !== 'string') throw new TypeError('the client sends JSON bodies only');
    super(input, init);
    bodyGiven.set(this, init.body ?? undefined);
  }
}

/** What will be signed and sent for a Request that went through middleware. */
export async function preparedFrom(request: Request): Promise<PreparedRequest> {
  const body = bodyGiven.has(request) ? bodyGiven.get(request) : request.body === null ? undefined : await request.text();
  // A copy: the authentication headers go on it, never on the Request middleware holds.
  return new PreparedRequest(request.url, { method: request.method, headers: new Headers(request.headers), body });
}
