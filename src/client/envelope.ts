// `unwrap`: the one place that decides whether an answer is a success. The interface
// says to check both the HTTP status and the envelope's `status` before using `data`.
import { isEnvelope } from '../envelope/index.ts';
import { ApiError, InvalidResponseError, privacyOfResponse } from './errors.ts';

/** The operation ("METHOD /path/template") of the call each answer belongs to, which `unwrap` names in its errors; the client records it. */
export const operationOfResponse = new WeakMap<Response, string>();

/** What every client call resolves to (openapi-fetch's result shape). */
export type CallResult = { data?: unknown; error?: unknown; response: Response };

/** The `data` inside the success envelope of a call result. */
export type UnwrappedData<R> = R extends { data: infer Envelope } ? (Envelope extends { data: infer Data } ? Data : never) : never;

/**
 * Returns the envelope's `data` when the HTTP status is 2xx and `status` is "success";
 * throws ApiError for an error envelope (including a 200 with `status: "error"`) and
 * InvalidResponseError for anything that is not an envelope.
 */
export async function unwrap<R extends CallResult>(call: R | Promise<R>): Promise<UnwrappedData<R>> {
  const result = await call;
  const { response } = result;
  const operation = operationOfResponse.get(response) ?? `${response.url ? new URL(response.url).pathname : 'unknown operation'}`;
  const privacy = privacyOfResponse.get(response);
  // A redirect is never followed (credentials are never replayed elsewhere), and what it
  // says is not the provider's decision on the call, whatever its body looks like.
  if (response.status >= 300 && response.status < 400) {
    throw new InvalidResponseError({ operation, httpStatus: response.status, reason: '(a redirect, which the client never follows)', body: response.ok ? result.data : result.error, privacy });
  }
  const body = response.ok ? result.data : result.error;
  if (!isEnvelope(body)) {
    const reason =
      body === undefined || body === '' ? 'with an empty body' : typeof body === 'string' && !response.ok ? 'with a body that is not JSON' : 'with JSON that is not the {status, message, data} envelope';
    throw new InvalidResponseError({ operation, httpStatus: response.status, reason, body, privacy });
  }
  if (response.ok && body.status === 'success') return body.data as UnwrappedData<R>;
  if (body.status !== 'success' && body.status !== 'error') {
    throw new InvalidResponseError({ operation, httpStatus: response.status, reason: `with an unknown envelope status`, body, privacy });
  }
  throw new ApiError({ operation, httpStatus: response.status, envelope: body, headers: response.headers, privacy });
}
