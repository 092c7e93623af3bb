// `unwrap`: turns a call result into the envelope's `data` or the client's typed error. What
// the answer is (success, refusal, not an envelope, …) is decided by packages/sdk/src/envelope/answer.ts,
// the one reading the mock, the drift watch and `npm run learn` share.
import { classifyAnswer, notJson, type AnswerClass } from '../envelope/answer.ts';
import { defaultPolicy } from '../privacy/index.ts';
import { ApiError, InvalidResponseError, type ErrorPrivacy } from './errors.ts';

/**
 * What a client's call result says of its call, for `unwrap`: the operation ("METHOD
 * /path/template") its errors name, and what they mask with (the call's carried values and
 * the client's policy), made only for an answer that is no success.
 */
export type CallOfResult = { readonly operation: string; readonly privacy: () => ErrorPrivacy };

/** The key of a result's `CallOfResult`: a symbol, so it is never a field of the answer's. */
const callOfResult = Symbol('wallet-api call');

/**
 * The result with its call attached as a non-enumerable property: data the result carries
 * (not printed, not copied by a spread, not compared by deep equality), that `unwrap` reads.
 */
export function withCall<R extends CallResult>(result: R, call: CallOfResult): R {
  Object.defineProperty(result, callOfResult, { value: call, enumerable: false, configurable: true });
  return result;
}

/** The call a client's result carries; undefined for a result made elsewhere (another fetch's answer). */
export function callOf(result: CallResult): CallOfResult | undefined {
  return (result as { [callOfResult]?: CallOfResult })[callOfResult];
}

/** What every client call resolves to (openapi-fetch's result shape). */
export type CallResult = { data?: unknown; error?: unknown; response: Response };

/** The `data` inside the success envelope of a call result. */
export type UnwrappedData<R> = R extends { data: infer Envelope } ? (Envelope extends { data: infer Data } ? Data : never) : never;

/** What a call result's answer is (packages/sdk/src/envelope/answer.ts), as `unwrap` and the call's observation read it. */
export function classifyResult({ response, data, error }: CallResult): AnswerClass {
  const body = response.ok ? data : error;
  // openapi-fetch hands an error body it could not parse as its text, and an empty one as "" or undefined.
  return classifyAnswer(response.status, body === undefined || body === '' ? undefined : typeof body === 'string' && !response.ok ? notJson : body);
}

/**
 * Returns the envelope's `data` when the HTTP status is 2xx and `status` is "success";
 * throws ApiError for an error envelope (including a 200 with `status: "error"`) and
 * InvalidResponseError for anything that is not an envelope.
 */
export async function unwrap<R extends CallResult>(call: R | Promise<R>): Promise<UnwrappedData<R>> {
  const result = await call;
  // A client's result carries its call's privacy; one made elsewhere is masked by the built-in policy.
  return unwrapWith(result, () => callOf(result)?.privacy() ?? { policy: defaultPolicy });
}

/** `unwrap`, with what its errors mask with given by the caller (the client's paging walk), made only for an answer that is no success. */
export function unwrapWith<R extends CallResult>(result: R, privacyOf: () => ErrorPrivacy | undefined): UnwrappedData<R> {
  const { response } = result;
  const operation = callOf(result)?.operation ?? `${response.url ? new URL(response.url).pathname : 'unknown operation'}`;
  const body = response.ok ? result.data : result.error;
  const answer = classifyResult(result);
  if (answer.kind === 'success') return answer.data as UnwrappedData<R>;
  const privacy = privacyOf();
  switch (answer.kind) {
    case 'redirect':
      throw new InvalidResponseError({ operation, httpStatus: response.status, reason: '(a redirect, which the client never follows)', body, privacy });
    case 'not-envelope': {
      const reason = answer.reason === 'empty' ? 'with an empty body' : answer.reason === 'not-envelope' ? 'with JSON that is not the {status, message, data} envelope' : 'with a body that is not JSON';
      throw new InvalidResponseError({ operation, httpStatus: response.status, reason, body, privacy });
    }
    case 'unknown-status':
      throw new InvalidResponseError({ operation, httpStatus: response.status, reason: `with an unknown envelope status`, body, privacy });
  }
  throw new ApiError({ operation, httpStatus: response.status, envelope: answer.envelope, headers: response.headers, privacy });
}
