// Turns whatever Prism answers into what the described service answers: every error is the
// spec's envelope `{status: "error", message, data: null}` with a message naming the
// problem. Prism itself answers request-validation failures with the first 4XX example
// of the spec (so the message is wrong), and routing, negotiation and JSON-parse failures
// in its own problem+json or `{error: {...}}` shapes. Pure: no I/O, so it is tested alone.
import type { IncomingHttpHeaders, OutgoingHttpHeaders } from 'node:http';
import { classifyAnswerBytes } from '../../packages/sdk/src/envelope/answer.ts';
import { errorEnvelope, type ErrorEnvelope } from '../../packages/sdk/src/envelope/index.ts';

export type UpstreamAnswer = { status: number; headers: IncomingHttpHeaders; body: Buffer };
export type MockAnswer = { status: number; headers: OutgoingHttpHeaders; body: Buffer };

/** Prism's description of one request problem (the `sl-violations` response header). */
type Violation = { location?: string[]; severity?: string; code?: string | number; message?: string };

/** Header names the authentication needs, in the order the spec lists them, e.g. ["x-api-key", …]. */
export type AuthHeaders = { apiKey: string; all: string[] };

/**
 * The answer the mock gives for Prism's answer to a request with `requestHeaders`.
 * Successes and error examples chosen on purpose (no violation) pass through untouched.
 */
export function toServiceAnswer(upstream: UpstreamAnswer, requestHeaders: IncomingHttpHeaders, auth: AuthHeaders): MockAnswer {
  if (upstream.status < 400) return passThrough(upstream);
  const message =
    authMessage(upstream, requestHeaders, auth) ??
    violationsMessage(upstream.headers) ??
    problemMessage(upstream) ??
    (isPublishedError(upstream) ? undefined : `The mock could not answer (HTTP ${upstream.status})`);
  if (message === undefined) return passThrough(upstream);
  return envelopeAnswer(upstream.status, errorEnvelope(message), upstream.headers);
}

/** An error answer in the envelope the spec publishes (`status: "error"`, `data: null`), as the client reads it. */
function isPublishedError(upstream: UpstreamAnswer): boolean {
  const answer = classifyAnswerBytes(upstream.status, upstream.body);
  return answer.kind === 'error' && answer.published;
}

/** An envelope answer with the upstream's other headers (CORS, sl-violations) kept. */
export function envelopeAnswer(status: number, envelope: ErrorEnvelope, headers: IncomingHttpHeaders = {}): MockAnswer {
  const body = Buffer.from(JSON.stringify(envelope));
  const kept = Object.fromEntries(Object.entries(headers).filter(([name]) => !droppedHeaders.has(name.toLowerCase())));
  return { status, headers: { ...kept, 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }, body };
}

const droppedHeaders = new Set(['content-type', 'content-length', 'transfer-encoding', 'connection', 'keep-alive']);

function passThrough(upstream: UpstreamAnswer): MockAnswer {
  const headers = Object.fromEntries(Object.entries(upstream.headers).filter(([name]) => !['transfer-encoding', 'connection', 'keep-alive'].includes(name)));
  return { status: upstream.status, headers, body: upstream.body };
}

/**
 * Prism reports any failed security requirement as "Invalid security scheme used". The
 * interface publishes one message: a request without an API key is told that no API key
 * was provided. Otherwise the message names the authentication headers that are absent.
 */
function authMessage(upstream: UpstreamAnswer, requestHeaders: IncomingHttpHeaders, auth: AuthHeaders): string | undefined {
  if (upstream.status !== 401 || !violations(upstream.headers).some((v) => v.code === 401)) return undefined;
  if (!requestHeaders[auth.apiKey]) return 'No API key was provided';
  const missing = auth.all.filter((name) => !requestHeaders[name]);
  if (missing.length === 0) return 'Authentication headers were not accepted';
  return `Missing authentication header${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`;
}

function violationsMessage(headers: IncomingHttpHeaders): string | undefined {
  const errors = violations(headers).filter((v) => v.severity === 'Error' && v.message);
  if (errors.length === 0) return undefined;
  return errors.map((v) => v.message).join('; ');
}

function violations(headers: IncomingHttpHeaders): Violation[] {
  const raw = headers['sl-violations'];
  if (typeof raw !== 'string') return [];
  const parsed = parseJson(Buffer.from(raw));
  return Array.isArray(parsed) ? (parsed as Violation[]) : [];
}

/** problem+json (routing, negotiation, unknown example) or Prism's own `{error: {message}}`. */
function problemMessage(upstream: UpstreamAnswer): string | undefined {
  const body = parseJson(upstream.body) as { title?: unknown; detail?: unknown; error?: { code?: unknown; message?: unknown } } | undefined;
  if (!body || typeof body !== 'object') return undefined;
  if (typeof body.title === 'string') return typeof body.detail === 'string' ? `${body.title}: ${body.detail}` : body.title;
  if (body.error?.code === 'invalid_json') return 'The request body is not valid JSON';
  if (typeof body.error?.message === 'string') return body.error.message;
  return undefined;
}

function parseJson(text: Buffer): unknown {
  try {
    return JSON.parse(text.toString('utf8'));
  } catch {
    return undefined;
  }
}
