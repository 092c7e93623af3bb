// A request signed the way the sandbox verifies (`hmacSha256` over the exact bytes sent),
// with every part of its authentication under the caller's control: the tests send it over
// node:http (tests/support/signed-http.ts), `bench:learn` through the kit's recording fetch.
import { formatTimestamp, hmacSha256, processInstants, type Signer } from '../../../sdk/src/signing/index.ts';

export type Credentials = { apiKey: string; secret: string };

/** How the authentication headers differ from a correctly signed request. */
export type AuthChanges = {
  /** Signed and sent instead of the credentials' key. */
  apiKey?: string;
  /** Signs with this secret instead of the credentials' (a wrong signature). */
  secret?: string;
  /** The x-timestamp value signed and sent, as is (a Date is formatted). Default: the process's next instant (now, or a millisecond after the last it issued). */
  timestamp?: Date | string;
  /** Applied after signing: a value replaces the header, null removes it. */
  headers?: { 'x-api-key'?: string | null; 'x-timestamp'?: string | null; 'x-signature'?: string | null };
};

export type SignedRequest = {
  method: string;
  /** Path with query string, exactly as sent and signed. */
  pathWithQuery: string;
  /** The body bytes as text; undefined sends no body. */
  body?: string;
  /** The content-type header; undefined sends none. */
  contentType?: string;
  auth?: AuthChanges;
};

const signers = new Map<string, Signer>();
function signerFor(secret: string): Signer {
  let signer = signers.get(secret);
  if (!signer) signers.set(secret, (signer = hmacSha256({ secret })));
  return signer;
}

/** The authentication headers of a request after its changes, and the signature computed. */
export async function signedHeaders(request: SignedRequest, credentials: Credentials): Promise<{ headers: Record<string, string>; signature: string }> {
  const auth = request.auth ?? {};
  const apiKey = auth.apiKey ?? credentials.apiKey;
  // Without a timestamp of the request's own, the process's next (processInstants): never one it already signed with.
  const timestamp = typeof auth.timestamp === 'string' ? auth.timestamp : formatTimestamp(auth.timestamp ?? processInstants());
  const signature = await signerFor(auth.secret ?? credentials.secret)({ method: request.method, pathWithQuery: request.pathWithQuery, body: request.body ?? '', timestamp, apiKey });
  const headers: Record<string, string> = { 'x-api-key': apiKey, 'x-timestamp': timestamp, 'x-signature': signature };
  for (const [name, value] of Object.entries(auth.headers ?? {})) {
    if (value === null) delete headers[name];
    else if (value !== undefined) headers[name] = value;
  }
  return { headers, signature };
}
