// A HAR 1.2 entry from an exchange that has already been redacted by the privacy policy
// (packages/sdk/src/privacy): it takes only a `Redacted` exchange, which only the policy makes, so no
// entry can be built from what was not. Dependency-free.
import type { Redacted } from '../privacy/index.ts';
import type { HeaderPairs, RecordedExchange } from '../privacy/exchange.ts';
import type { HarEntry, HarNameValue } from './har.ts';

/** Reason phrases for answers that carry none (Dredd's, HTTP/2's). */
const reasonPhrases: Record<number, string> = {
  200: 'OK', 201: 'Created', 202: 'Accepted', 204: 'No Content', 400: 'Bad Request', 401: 'Unauthorized', 403: 'Forbidden', 404: 'Not Found',
  409: 'Conflict', 422: 'Unprocessable Entity', 429: 'Too Many Requests', 500: 'Internal Server Error', 502: 'Bad Gateway', 503: 'Service Unavailable', 504: 'Gateway Timeout',
};

const nameValues = (headers: HeaderPairs): HarNameValue[] => headers.map(([name, value]) => ({ name, value }));
const headerValue = (headers: HeaderPairs, name: string) => headers.find(([n]) => n.toLowerCase() === name)?.[1];
const byteLength = (text: string) => new TextEncoder().encode(text).length;

export function buildEntry(exchange: Redacted<RecordedExchange>): HarEntry {
  const { request, response } = exchange;
  const url = new URL(request.url);
  const requestType = headerValue(request.headers, 'content-type');
  const responseType = headerValue(response.headers, 'content-type') ?? 'application/octet-stream';
  const time = Math.max(0, Math.round(exchange.durationMs));
  return {
    startedDateTime: exchange.startedAt.toISOString(),
    time,
    request: {
      method: request.method.toUpperCase(),
      url: request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(request.headers),
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      ...(request.body ? { postData: { mimeType: requestType ?? 'application/octet-stream', text: request.body } } : {}),
      headersSize: -1,
      bodySize: request.body ? byteLength(request.body) : 0,
    },
    response: {
      status: response.status,
      statusText: response.statusText || reasonPhrases[response.status] || '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: nameValues(response.headers),
      content: { size: byteLength(response.body), mimeType: responseType, ...(response.body ? { text: response.body } : {}) },
      redirectURL: headerValue(response.headers, 'location') ?? '',
      headersSize: -1,
      bodySize: byteLength(response.body),
    },
    cache: {},
    timings: { send: 0, wait: time, receive: 0 },
    ...(exchange.operationId ? { _operationId: exchange.operationId } : {}),
    ...(exchange.probe ? { _probe: exchange.probe } : {}),
  };
}
