// One intercepted fetch Request answered by the sandbox app in this process, through
// Fastify's inject: the same routes, plugins and serialisation as over HTTP, with no socket.
// The body goes in as the exact bytes the client sent, so a signature over them verifies;
// the answer comes back with its status, headers and body bytes as the app wrote them.
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { faultHeader } from '../behaviour/scenarios/perform.ts';

/**
 * Headers that describe the connection the answer travelled on (inject reports Node's
 * keep-alive defaults); in-process there is none, and a fetch Response never carries them.
 */
const connectionHeaders = new Set(['connection', 'keep-alive', 'transfer-encoding']);

/** Statuses whose answer has no body: a Response refuses one. */
const bodylessStatuses = new Set([101, 204, 205, 304]);

export async function answerInProcess(app: FastifyInstance, request: Request): Promise<Response> {
  const url = new URL(request.url);
  // What an HTTP client would send beside the request's own headers: the Host it connects to.
  const headers: Record<string, string> = { host: url.host };
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const payload = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
  const answer = await app.inject({
    method: request.method as HTTPMethods,
    // The path and query as they go on the wire: what the client signed.
    url: `${url.pathname}${url.search}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });

  // A failure scenario's connection fault, marked by the app for want of a socket: what fetch sees of it.
  const fault = answer.headers[faultHeader];
  if (fault === 'reset-before-headers') return Response.error();

  const responseHeaders = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (value === undefined || connectionHeaders.has(name) || name === faultHeader) continue;
    for (const each of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(each));
  }
  const bytes = new Uint8Array(answer.rawPayload);
  const body = bodylessStatuses.has(answer.statusCode) || request.method === 'HEAD' ? null : fault === 'reset-after-headers' ? brokenOff(bytes) : bytes;
  return new Response(body, { status: answer.statusCode, statusText: answer.statusMessage, headers: responseHeaders });
}

/** A body whose first part arrives and whose stream then fails, as a connection reset after the headers reads in fetch. */
function brokenOff(part: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    pull(controller) {
      if (part.length > 0) {
        controller.enqueue(part);
        part = new Uint8Array(0);
        return;
      }
      controller.error(new TypeError('terminated: the connection was reset on purpose (a failure scenario)'));
    },
  });
}
