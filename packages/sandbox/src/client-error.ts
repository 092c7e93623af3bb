// The answer to a request Node's HTTP parser refused or timed out, before Fastify sees it:
// written on the raw socket (there is no request to reply to), in the error envelope.
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { errorEnvelope } from '../../sdk/src/envelope/index.ts';
import { sandboxRefusals, type RefusalPolicy } from './errors.ts';

/**
 * Answers a request Node could not parse (invalid input, as the refusal policy says), or
 * whose headers or body did not arrive in time (headersMs, requestMs: a limit of the
 * connection, not a refusal of the request), with the error envelope, then closes the connection.
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex, refusals: RefusalPolicy = sandboxRefusals): void {
  if (!socket.writable) return;
  const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT';
  const { status, message } = timedOut ? { status: 408, message: 'Request timeout: the request did not arrive in time' } : refusals('invalidInput', 'Invalid request: malformed HTTP request');
  const body = JSON.stringify(errorEnvelope(message));
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
}
