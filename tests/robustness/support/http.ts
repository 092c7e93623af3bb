// Raw HTTP requests to a server under test, signed the way the sandbox verifies, with
// every part (headers, body bytes, content type) under the test's control.
import { formatTimestamp, hmacSha256, type Signer } from '../../../src/signing/index.ts';

export type Credentials = { apiKey: string; secret: string };

export type AuthFault =
  | { kind: 'none' }
  | { kind: 'missingHeader'; header: 'x-api-key' | 'x-timestamp' | 'x-signature' }
  | { kind: 'malformedTimestamp'; value: string }
  | { kind: 'staleTimestamp'; offsetSeconds: number }
  | { kind: 'wrongSignature'; value: string }
  | { kind: 'unknownKey'; apiKey: string };

export type RawRequest = {
  method: string;
  /** Path with query string, exactly as sent. */
  pathWithQuery: string;
  /** The body bytes as text; undefined sends no body. */
  body?: string;
  /** The content-type header; undefined sends none. */
  contentType?: string;
  auth?: AuthFault;
};

export type RawResponse = { status: number; contentType: string | null; text: string; json: unknown; sentHeaders: Record<string, string>; correctSignature: string };

const signers = new Map<string, Signer>();
function signerFor(secret: string): Signer {
  let signer = signers.get(secret);
  if (!signer) signers.set(secret, (signer = hmacSha256({ secret })));
  return signer;
}

/**
 * The three auth headers for a request, then the fault applied to them, and the signature
 * the request would carry without a fault (a secret even when it is not sent).
 */
export async function signedHeaders(request: RawRequest, credentials: Credentials, now = new Date()): Promise<{ headers: Record<string, string>; correctSignature: string }> {
  const fault = request.auth ?? { kind: 'none' };
  const apiKey = fault.kind === 'unknownKey' ? fault.apiKey : credentials.apiKey;
  const timestamp =
    fault.kind === 'malformedTimestamp'
      ? fault.value
      : formatTimestamp(new Date(now.getTime() + (fault.kind === 'staleTimestamp' ? fault.offsetSeconds * 1000 : 0)));
  const correct = await signerFor(credentials.secret)({ method: request.method, pathWithQuery: request.pathWithQuery, body: request.body ?? '', timestamp, apiKey });
  const signature = fault.kind === 'wrongSignature' ? fault.value : correct;
  const headers: Record<string, string> = { 'x-api-key': apiKey, 'x-timestamp': timestamp, 'x-signature': signature };
  if (fault.kind === 'missingHeader') delete headers[fault.header];
  return { headers, correctSignature: correct };
}

export async function authHeaders(request: RawRequest, credentials: Credentials): Promise<Record<string, string>> {
  return (await signedHeaders(request, credentials)).headers;
}

export async function send(baseUrl: string, request: RawRequest, credentials: Credentials): Promise<RawResponse> {
  const { headers, correctSignature } = await signedHeaders(request, credentials);
  if (request.contentType !== undefined) headers['content-type'] = request.contentType;
  // A Uint8Array body keeps fetch from adding a content-type of its own.
  const body = request.body === undefined ? undefined : new TextEncoder().encode(request.body);
  const response = await fetch(baseUrl + request.pathWithQuery, { method: request.method, headers, body });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, contentType: response.headers.get('content-type'), text, json, sentHeaders: headers, correctSignature };
}

/** A signed JSON request that is expected to succeed; throws with the envelope otherwise. */
export async function call<T = unknown>(baseUrl: string, credentials: Credentials, method: string, pathWithQuery: string, body?: unknown): Promise<T> {
  const raw = body === undefined ? undefined : JSON.stringify(body);
  const response = await send(baseUrl, { method, pathWithQuery, body: raw, contentType: raw === undefined ? undefined : 'application/json' }, credentials);
  const envelope = response.json as { status?: string; data?: T } | undefined;
  if (response.status !== 200 || envelope?.status !== 'success') {
    throw new Error(`${method} ${pathWithQuery} answered ${response.status}: ${response.text.slice(0, 300)}`);
  }
  return envelope.data as T;
}
