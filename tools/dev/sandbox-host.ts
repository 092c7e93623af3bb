// The sandbox behind one listening server whose routes can be replaced while it serves.
// Each load builds a complete sandbox app from a new document (routes, schemas and
// validation from that bundle) around the same records, catalogue and clock, and only then
// swaps it in: a document the sandbox cannot serve leaves the last good one serving, and
// requests already running finish on the app they started on.
//
// State across a reload: the store is kept whole. An operation that leaves the spec stops
// being routed (its requests get the 404 envelope) but the records it made stay, and come
// back with it; an operation new to the spec, with no behaviour written for it, answers 501.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { errorEnvelope } from '../../packages/sdk/src/envelope/index.ts';
import { buildSandboxApp, createSandboxContext, type SandboxAppOptions } from '../../packages/sandbox/src/app.ts';
import { answerClientError } from '../../packages/sandbox/src/client-error.ts';
import { createOperations } from '../../packages/sandbox/src/operations/index.ts';
import { compareWithHandlers } from '../../packages/sandbox/src/routes/api.ts';
import { checkingIntervalMs, resolveTimeouts } from '../../packages/sandbox/src/timeouts.ts';
import { listOperations, type OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';

export type SandboxHostSettings = Omit<SandboxAppOptions, 'document' | 'context' | 'onSpecMismatch'>;

/** What a load changed for the operations: those that answer 501, and those whose routes left with the spec. */
export type LoadReport = { operations: number; unimplemented: string[]; unrouted: string[] };

export class SandboxHost {
  private readonly context;
  /** The operations the sandbox has behaviour for, to report what a document adds or drops. */
  private readonly handled: object;
  private app: FastifyInstance | undefined;

  constructor(private readonly settings: SandboxHostSettings) {
    this.context = createSandboxContext(settings);
    this.handled = createOperations(this.context);
  }

  /** Builds an app for the document and swaps it in; throws (keeping the current app) when the document cannot be served. */
  async load(document: OpenApiDocument): Promise<LoadReport> {
    const next = await buildSandboxApp({ ...this.settings, document, context: this.context, onSpecMismatch: 'serve-matching' });
    const previous = this.app;
    this.app = next;
    // A never-listening app: closing runs its onClose hooks and frees nothing else.
    await previous?.close();
    const { missing, extra } = compareWithHandlers(document, this.handled);
    return { operations: listOperations(document).length, unimplemented: missing, unrouted: extra };
  }

  /** Hands a request to the app loaded last. */
  handle(request: IncomingMessage, response: ServerResponse): void {
    if (!this.app) {
      response.writeHead(503, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(errorEnvelope('The sandbox is starting: try again once its first build is loaded')));
      return;
    }
    this.app.routing(request, response);
  }

  async close(): Promise<void> {
    await this.app?.close();
    this.app = undefined;
  }
}

/**
 * A server with the sandbox's connection timeouts and its answer to unparseable requests,
 * whose requests go to `route`.
 */
export function createHostServer(settings: Pick<SandboxAppOptions, 'timeouts'>, route: (request: IncomingMessage, response: ServerResponse) => void): Server {
  const timeouts = resolveTimeouts(settings.timeouts);
  const server = createServer(
    { requestTimeout: timeouts.requestMs, headersTimeout: timeouts.headersMs, keepAliveTimeout: timeouts.keepAliveMs, connectionsCheckingInterval: checkingIntervalMs(timeouts) },
    route,
  );
  server.on('clientError', answerClientError);
  // Fastify's connectionTimeout, for a server Fastify does not create: a connection silent this long is closed.
  server.setTimeout(timeouts.connectionMs, (socket) => socket.destroy());
  return server;
}
