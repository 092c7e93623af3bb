// The tests' one signed HTTP caller: a request signed the way the sandbox verifies
// (`hmacSha256` over the exact bytes sent), with every part of it (headers, body bytes,
// content type, what is signed) under the test's control, sent over a keep-alive
// connection from node:http so that thousands of requests stay cheap. The signing itself is
// packages/sandbox/src/walk/signed-request.ts, which `bench:learn` sends through the recorder.
import { Agent, request as httpRequest } from 'node:http';
import { signedHeaders, type Credentials, type SignedRequest } from '../../packages/sandbox/src/walk/signed-request.ts';
import { defaultSandboxTimeouts } from '../../packages/sandbox/src/timeouts.ts';

export { signedHeaders, type AuthChanges, type Credentials, type SignedRequest } from '../../packages/sandbox/src/walk/signed-request.ts';
// The product's rule, a clock that never gives the same millisecond twice: the tests' signers keep it too.
export { distinctInstants } from '../../packages/sdk/src/signing/index.ts';

export type SignedResponse = {
  status: number;
  contentType: string;
  text: string;
  /** The body parsed as JSON; undefined when it is not JSON. */
  json: unknown;
  /** The headers sent (the authentication headers and the content type). */
  sentHeaders: Record<string, string>;
  /** The signature computed for the request, whether or not it was sent. */
  signature: string;
  /** The connection the answer came on (to count connections used). */
  socket: object;
};

/**
 * Shared by every caller that does not bring its own: keep-alive, a few connections. An idle
 * connection is closed here a second before the sandbox would close it (its keepAliveMs), so
 * that a test idle for seconds never sends on a connection the sandbox is closing.
 */
export const defaultAgent = new Agent({ keepAlive: true, maxSockets: 64, timeout: defaultSandboxTimeouts.keepAliveMs - 1000 });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sends one signed request and reads the whole answer. */
export async function sendSigned(baseUrl: string, request: SignedRequest, credentials: Credentials, agent: Agent = defaultAgent): Promise<SignedResponse> {
  const { headers, signature } = await signedHeaders(request, credentials);
  const sentHeaders = { ...headers };
  if (request.contentType !== undefined) sentHeaders['content-type'] = request.contentType;
  const wireHeaders: Record<string, string | number> = { ...sentHeaders };
  if (request.body !== undefined) wireHeaders['content-length'] = Buffer.byteLength(request.body);
  const url = new URL(request.pathWithQuery, baseUrl);
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: request.method, headers: wireHeaders, agent, timeout: 20_000 }, (res) => {
      // Read now: once the answer has been read, the connection goes back to the agent.
      const socket = res.socket;
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('error', reject);
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, contentType: String(res.headers['content-type'] ?? ''), text, json: parseJson(text), sentHeaders, signature, socket }),
      );
    });
    req.on('timeout', () => req.destroy(new Error(`${request.method} ${url.pathname} timed out`)));
    req.on('error', reject);
    req.end(request.body);
  });
}

/** A signed JSON request that must succeed; answers the envelope's data, throws with the envelope otherwise. */
export async function callOk<T = unknown>(baseUrl: string, credentials: Credentials, method: string, pathWithQuery: string, body?: unknown): Promise<T> {
  const raw = body === undefined ? undefined : JSON.stringify(body);
  const response = await sendSigned(baseUrl, { method, pathWithQuery, body: raw, contentType: raw === undefined ? undefined : 'application/json' }, credentials);
  const envelope = response.json as { status?: string; data?: T } | undefined;
  if (response.status !== 200 || envelope?.status !== 'success') {
    throw new Error(`${method} ${pathWithQuery} answered ${response.status}: ${response.text.slice(0, 300)}`);
  }
  return envelope.data as T;
}
