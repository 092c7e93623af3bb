// What a scenario does to the call it answers. The answers that replace the operation's are
// sent before its handler runs (so the call changes nothing); a delay holds the call and then
// lets it run; the answers that spoil the operation's own (dribbled, cut, reset after the
// headers) act on its serialised body as it is sent.
//
// Connection faults need a socket. Served over HTTP, the socket is destroyed; answered in
// process (`@wallet-api/sandbox/msw`, through Fastify's inject, which has none), the fault is
// marked on the answer instead (faultHeader) and the in-process handler turns it into what a
// fetch sees of such a fault: a network error before any answer, or a body that errors.
import { STATUS_CODES } from 'node:http';
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorEnvelope } from '../../../../sdk/src/envelope/index.ts';
import type { ScenarioDefinition } from './definition.ts';

/** How connection faults are made: on the socket, or marked for the in-process handler. */
export type FaultMode = 'socket' | 'in-process';

/** Marks an in-process answer as a connection fault; never sent over HTTP. */
export const faultHeader = 'x-sandbox-fault';

/** What a gateway in front of a service answers when it cannot reach it. */
const gatewayPage = (status: number) => `<html><head><title>${status} ${STATUS_CODES[status] ?? ''}</title></head><body><h1>${STATUS_CODES[status] ?? 'Error'}</h1></body></html>\n`;

/** Sent as text: the route's serializer, compiled from the operation's success schema, would reshape an error envelope under 200. */
function sendEnvelope(reply: FastifyReply, status: number, message: string): void {
  void reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(errorEnvelope(message)));
}

/**
 * Before the handler: answers instead of it, holds the call, or (for the answers that spoil
 * the operation's own) lets it run. `done` lets the call go on to the handler.
 */
export function actBefore(definition: ScenarioDefinition, request: FastifyRequest, reply: FastifyReply, faults: FaultMode, done: () => void): void {
  const status = definition.status;
  switch (definition.answer) {
    case 'error':
      return sendEnvelope(reply, status!, definition.message ?? STATUS_CODES[status!] ?? 'Error');
    case 'throttle':
      void reply.header('retry-after', String(definition.retryAfterSeconds));
      return sendEnvelope(reply, status!, definition.message ?? (status === 429 ? 'Too many requests' : 'Service unavailable'));
    case 'error-on-200':
      return sendEnvelope(reply, 200, definition.message ?? 'The request could not be processed');
    case 'not-json':
      void reply.code(status ?? 502).type('text/html; charset=utf-8').send(gatewayPage(status ?? 502));
      return;
    case 'reset-before-headers':
      if (faults === 'in-process') {
        void reply.code(500).header(faultHeader, 'reset-before-headers').send('');
        return;
      }
      reply.hijack();
      request.raw.socket.destroy();
      return;
    case 'delay': {
      const resume = faults === 'socket' ? holdQuiet(request) : undefined;
      const timer = setTimeout(() => {
        resume?.();
        done();
      }, definition.delayMs);
      // A caller that gives up does not stop the call: the provider had it. Only a closing sandbox does.
      timer.unref();
      return;
    }
    default:
      return done();
  }
}

/**
 * Lifts the sandbox's idle timeout (timeouts.connectionMs) off the socket of a call that a
 * scenario keeps quiet on purpose (a delay, the pauses of a dribble): it would reset the
 * connection the scenario means to answer late. Returns what puts the timeout back, for when
 * the call has something to send again; an answer in process has no socket to hold.
 */
function holdQuiet(request: FastifyRequest): () => void {
  const socket = request.raw.socket;
  const idleMs = socket.timeout;
  if (!idleMs) return () => {};
  socket.setTimeout(0);
  return () => {
    if (!socket.destroyed) socket.setTimeout(idleMs);
  };
}

/** How many pieces a dribbled body is sent in, at most. */
const dribblePieces = 10;

/** After the handler, as the answer is sent: the body dribbled, cut, or broken off; undefined leaves it as it is. */
export function reshapeAnswer(definition: ScenarioDefinition, reply: FastifyReply, payload: unknown, faults: FaultMode): unknown {
  if (definition.answer !== 'dribble' && definition.answer !== 'truncated' && definition.answer !== 'reset-after-headers') return undefined;
  const bytes = Buffer.from(typeof payload === 'string' || payload instanceof Uint8Array ? payload : String(payload ?? ''));
  const half = bytes.subarray(0, Math.floor(bytes.length / 2));
  switch (definition.answer) {
    case 'truncated':
      void reply.header('content-length', half.length);
      return half;
    case 'reset-after-headers':
      if (faults === 'in-process') {
        void reply.header(faultHeader, 'reset-after-headers').header('content-length', half.length);
        return half;
      }
      // The full length is announced and half of it sent; then the stream fails, and Fastify destroys the connection.
      void reply.header('content-length', bytes.length);
      return Readable.from(
        (async function* () {
          yield half;
          await new Promise((resolve) => setTimeout(resolve, 10));
          throw new Error('the connection was reset on purpose (a failure scenario)');
        })(),
      );
    default: {
      void reply.header('content-length', bytes.length);
      const pieces = Math.max(1, Math.min(dribblePieces, bytes.length));
      const size = Math.ceil(bytes.length / pieces);
      const pause = definition.delayMs! / pieces;
      // A pause may be longer than the idle timeout: the socket is held until the last piece.
      const resume = faults === 'socket' ? holdQuiet(reply.request) : undefined;
      return Readable.from(
        (async function* () {
          try {
            for (let start = 0; start < bytes.length; start += size) {
              await new Promise((resolve) => setTimeout(resolve, pause));
              yield bytes.subarray(start, start + size);
            }
          } finally {
            resume?.();
          }
        })(),
      );
    }
  }
}
