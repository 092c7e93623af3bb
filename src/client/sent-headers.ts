// The headers a call really sent (with its authentication), by the Request middleware
// handed the client. Registered middleware never sees them; only the SDK's own traffic
// recorder (record-traffic.ts) reads them, for the same reason the command line's recorder
// sees them: to record the request as sent and to redact every echo of the credentials in
// the answer. Nothing here is exported from the package's entry points.
const sent = new WeakMap<Request, Headers>();

export function rememberSentHeaders(request: Request, headers: Headers): void {
  sent.set(request, headers);
}

/** The headers sent for a Request that went through middleware; undefined when it was not sent. */
export function sentHeadersOf(request: Request): Headers | undefined {
  return sent.get(request);
}
