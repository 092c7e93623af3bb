// What an answer is, decided in one place: the client's `unwrap`, the mock's envelope proxy,
// the drift watch and `npm run learn` (packages/sdk/src/spec/answer-reading.ts) all take its word, so one
// answer is never a success to one of them and an error to another. The interface says to
// check both the HTTP status and the envelope's `status` before using `data`; this is that
// check. Pure and free of any library, so it ships in the SDK.
import { isEnvelope, type AnyEnvelope } from './index.ts';

/** Stands for a body that could not be parsed as JSON. */
export const notJson: unique symbol = Symbol('not JSON');

/** Why a body is not the envelope. */
export type NotEnvelopeReason = 'empty' | 'not-utf8' | 'not-json' | 'not-envelope';

/**
 * What an answer is:
 * - `success`: a 2xx whose envelope says `status: "success"`; its `data` is the answer;
 * - `error`: an error envelope on an error status (4xx, 5xx): the provider's refusal.
 *   `published` when it is the envelope the spec publishes for errors (`status: "error"`,
 *   `data: null`);
 * - `error-on-2xx`: a success code whose envelope says `status: "error"`: still a refusal;
 * - `not-envelope`: no `{status, message, data}` envelope (empty, not UTF-8, not JSON, or
 *   JSON of another shape);
 * - `redirect`: a 3xx, whatever its body: never followed (credentials are never replayed
 *   elsewhere), and not the provider's decision on the call;
 * - `unknown-status`: an envelope whose `status` is neither "success" nor "error".
 */
export type AnswerClass =
  | { kind: 'success'; envelope: AnyEnvelope; data: unknown }
  | { kind: 'error'; envelope: AnyEnvelope; published: boolean }
  | { kind: 'error-on-2xx'; envelope: AnyEnvelope; published: boolean }
  | { kind: 'not-envelope'; reason: NotEnvelopeReason }
  | { kind: 'redirect' }
  | { kind: 'unknown-status'; envelope: AnyEnvelope };

export type AnswerKind = AnswerClass['kind'];

/** The kinds the client resolves or throws ApiError for: the provider's own word on the call. Every other kind is an invalid response. */
export const acceptedKinds: ReadonlySet<AnswerKind> = new Set(['success', 'error', 'error-on-2xx']);

const published = (envelope: AnyEnvelope) => envelope.status === 'error' && envelope.data === null;

/**
 * The class of an answer from its HTTP status and its body: the parsed JSON, `notJson`
 * when it could not be parsed, or undefined when empty (each reader knows best what it
 * was handed, so it says which).
 */
export function classifyAnswer(status: number, body: unknown): AnswerClass {
  if (status >= 300 && status < 400) return { kind: 'redirect' };
  if (body === undefined) return { kind: 'not-envelope', reason: 'empty' };
  if (body === notJson) return { kind: 'not-envelope', reason: 'not-json' };
  if (!isEnvelope(body)) return { kind: 'not-envelope', reason: 'not-envelope' };
  const ok = status >= 200 && status < 300;
  if (body.status !== 'success' && body.status !== 'error') return { kind: 'unknown-status', envelope: body };
  if (!ok) return { kind: 'error', envelope: body, published: published(body) };
  if (body.status === 'error') return { kind: 'error-on-2xx', envelope: body, published: published(body) };
  return { kind: 'success', envelope: body, data: body.data };
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** The class of an answer from its status and the bytes of its body as received (JSON is UTF-8: other bytes are no envelope). */
export function classifyAnswerBytes(status: number, bytes: Uint8Array): AnswerClass {
  if (status >= 300 && status < 400) return { kind: 'redirect' };
  if (bytes.length === 0) return { kind: 'not-envelope', reason: 'empty' };
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    return { kind: 'not-envelope', reason: 'not-utf8' };
  }
  return classifyAnswer(status, parseJson(text));
}

/** Parsed JSON, or `notJson`. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return notJson;
  }
}
