// What a call really sent (with its authentication), by the Request middleware handed the
// client: remembered only once an answer came back from the provider, so a Request that a
// middleware answered itself, or whose sending failed (an onError fallback answer), has
// none. Registered middleware never sees it; only the SDK's own traffic recorder
// (record-traffic.ts) reads it, for the same reason the command line's recorder sees the
// request: to record it as sent and to redact every echo of the credentials in the answer.
// Carried by the Request itself, as a non-enumerable property under a symbol: what is
// remembered goes with the Request, and no module keeps a map of them. Nothing here is
// exported from the package's entry points.
import type { PrivacyPolicy } from '../privacy/index.ts';

export type Sent = {
  /** The headers of the attempt that answered, signed. */
  headers: Headers;
  /** The body as signed and sent. */
  body: string | undefined;
  /** performance.now() when the call started sending. */
  started: number;
  /** The privacy policy of the client that sent it: what the recorder masks the entry with. */
  policy: PrivacyPolicy;
};

const sentKey = Symbol('wallet-api sent');

export function rememberSent(request: Request, what: Sent): void {
  Object.defineProperty(request, sentKey, { value: what, enumerable: false, configurable: true });
}

/** What was sent for a Request that went through middleware and was answered by the provider; undefined otherwise. */
export function sentFor(request: Request): Sent | undefined {
  return (request as { [sentKey]?: Sent })[sentKey];
}
