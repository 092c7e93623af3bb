// What openapi-fetch builds for a call that no middleware will see. openapi-fetch takes the
// Request class it builds with as an option (`Request`, default globalThis.Request); without
// middleware nothing reads the Request's own API, so the client hands it this class, which
// keeps what openapi-fetch computed (the URL from its serializers, its merged Headers, its
// serialised body) as plain fields. A real Request would also parse the URL again, copy the
// headers, wrap the body in a stream and link an AbortSignal, only for fetch to do all of it
// once more: that costs more than the rest of a call's own work.
//
// openapi-fetch is pinned to the exact version whose use of the class tests/client/
// request-paths.test.ts holds to a real Request's (URL, method, headers, body, for header
// parameters, content types and query styles).

import type { PreparedRequest } from './transport.ts';

/** The init openapi-fetch passes to `new Request(url, init)`. */
type BuiltInit = { method?: string; headers?: HeadersInit; body?: BodyInit | null; [option: string]: unknown };

export class OutgoingRequest {
  readonly url: string;
  readonly method: string;
  readonly headers: Headers;
  /** The serialised body: a string for every body the spec defines (JSON, or a form's text). */
  readonly body: BodyInit | null | undefined;

  constructor(url: string | URL, init: BuiltInit = {}) {
    this.url = String(url);
    this.method = init.method ?? 'GET';
    // The one rule a Request would enforce here that fetch would otherwise meet only after
    // the client started sending (and report as a network failure).
    if (init.body != null && (this.method === 'GET' || this.method === 'HEAD')) throw new TypeError('Request with GET/HEAD method cannot have body.');
    this.headers = init.headers instanceof Headers ? init.headers : new Headers(init.headers);
    this.body = init.body;
  }
}

/**
 * The request to sign and send. A string body (every body the spec defines) is signed and
 * sent as it is. Any other body openapi-fetch may hand over (FormData, which the spec's types
 * never allow) is serialised the way fetch would, with the content type that goes with it.
 */
export function prepareOutgoing(request: OutgoingRequest): PreparedRequest | Promise<PreparedRequest> {
  const { url, method, headers, body } = request;
  if (body === undefined || body === null) return { url, method, headers, body: undefined };
  if (typeof body === 'string') return { url, method, headers, body };
  const serialised = new Request(url, { method, headers, body });
  return serialised.text().then((text) => ({ url, method, headers: new Headers(serialised.headers), body: text }));
}
