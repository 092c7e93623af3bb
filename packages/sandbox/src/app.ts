// Assembles the sandbox: validation, error envelopes, then one authenticated context
// holding the public API (from the spec) and the test helpers, and the docs page outside it.
// A provider profile adds the behaviour layer (packages/sandbox/src/behaviour): its refusal codes and
// messages, and its hooks on the routes of the operations it touches.
import { existsSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { Catalog } from './catalog.ts';
import { loadData } from './data.ts';
import { errorEnvelope } from '../../sdk/src/envelope/index.ts';
import { createOperations, type OperationContext } from './operations/index.ts';
import { authPlugin } from './plugins/auth.ts';
import { bodyPlugin } from './plugins/body.ts';
import { behaviourPlugin } from './behaviour/plugin.ts';
import { profileBehaviour } from './behaviour/profile.ts';
import type { Behaviour, BreaksRecord } from './behaviour/layer.ts';
import { sandboxRefusals, type RefusalPolicy } from './errors.ts';
import { errorPlugin, sendRefusal } from './plugins/errors.ts';
import { responseCheckPlugin } from './plugins/response-check.ts';
import { validationPlugin } from './plugins/validation.ts';
import { apiRoutes, type SpecMismatch } from './routes/api.ts';
import { docsRoute } from './docs/server.ts';
import { testHelperPrefix, testHelperRoutes } from './routes/test-helpers.ts';
import { scenarioRoutes } from './routes/scenario-routes.ts';
import { scenarioPlugin } from './behaviour/scenarios/plugin.ts';
import { readableLogStream } from './readable-log.ts';
import { defaultPolicy, redactedValue, secretHeaderNames } from '../../sdk/src/privacy/index.ts';
import { createRuntime } from './runtime.ts';
import { MemoryStore } from './store/memory.ts';
import type { SandboxStore } from './store/store.ts';
import { healthRoutes } from './routes/health.ts';
import type { SandboxSettings } from './defaults.ts';
import type { SandboxOptions } from './options.ts';
import { listOperations, type OpenApiDocument } from '../../sdk/src/spec/openapi.ts';
import { loadBundledDocument } from './spec/document.ts';
import { checkingIntervalMs, resolveTimeouts } from './timeouts.ts';

/** startSandbox's settings with their defaults, and what the live edit loop adds. */
export type SandboxAppOptions = SandboxSettings & {
    /** The document served (default: the bundled spec). The live edit loop passes each new bundle. */
    document?: OpenApiDocument;
    /** Records, catalogue and clock, shared by successive apps so state survives a reload of the routes. Default: fresh ones. */
    context?: OperationContext;
    /** What to do when the document's operations and the handlers differ (routes/api.ts). Default 'refuse'. */
    onSpecMismatch?: SpecMismatch;
    /** Answered in process (`@wallet-api/sandbox/msw`): connection faults are marked on the answer, there being no socket. */
    inProcess?: boolean;
  };

/** The state an app serves from: the catalogue read from the data file, a store (default: an empty one in memory), a clock. */
export function createSandboxContext(options: Pick<SandboxOptions, 'dataPath' | 'deterministic'> = {}, store: SandboxStore = new MemoryStore()): OperationContext {
  return { catalog: new Catalog(loadData(options.dataPath)), store, runtime: createRuntime(options.deterministic ?? false, store) };
}

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

/** The request and error of a log line, through the privacy policy. */
const sandboxLogSerializers = {
  req: (request: { method?: string; url?: string; hostname?: string; ip?: string; socket?: { remotePort?: number } }) => ({
    method: request.method,
    url: request.url === undefined ? undefined : defaultPolicy.redactUrl(request.url),
    hostname: request.hostname,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }),
  err: (error: Error & { code?: unknown; statusCode?: unknown }) => ({
    type: error.name,
    message: defaultPolicy.redactText(String(error.message)),
    stack: defaultPolicy.redactText(String(error.stack ?? '')),
    ...(error.code === undefined ? {} : { code: error.code }),
    ...(error.statusCode === undefined ? {} : { statusCode: error.statusCode }),
  }),
};

/** Every text given to a log call (its message, a format's arguments) through the privacy policy. */
function redactedLogMethod(this: unknown, args: unknown[], method: (...args: unknown[]) => void): void {
  method.apply(this, args.map((arg) => (typeof arg === 'string' ? defaultPolicy.redactText(arg) : arg)));
}

/** How the sandbox's log goes through the privacy policy (what its tests check). */
export const sandboxLogRedaction = { serializers: sandboxLogSerializers, message: (text: string) => defaultPolicy.redactText(text) };

export async function buildSandboxApp(options: SandboxAppOptions): Promise<FastifyInstance> {
  if (Object.keys(options.apiKeys).length === 0) throw new Error('The sandbox needs at least one API key');
  if (!(options.timestampWindowSeconds > 0)) throw new Error('The timestamp window must be a positive number of seconds');
  if (options.docsHtmlPath !== undefined && !existsSync(options.docsHtmlPath)) throw new Error(`Docs page not found: ${options.docsHtmlPath}`);

  const timeouts = resolveTimeouts(options.timeouts);

  const context = options.context ?? createSandboxContext(options);
  // Without a profile there is no behaviour: no hook is added and refusals are the sandbox's own.
  const behaviour: Behaviour | undefined = options.profile ? profileBehaviour(options.profile, options.document ?? loadBundledDocument(), context.store) : undefined;
  const refusals = behaviour?.refusals ?? sandboxRefusals;
  // What the profile's answers break on purpose, kept only for the response self-check.
  const breaks: BreaksRecord | undefined = behaviour && options.validateResponses ? new WeakMap() : undefined;

  const app = Fastify({
    // Request logs carry method, URL and status, and go through the privacy policy: the URL
    // with its identifiers and protected parameters masked, every message and error too,
    // and the policy's secret headers redacted in case a serializer ever includes headers.
    logger: options.logger
      ? {
          redact: { paths: secretHeaderNames.map((name) => `req.headers["${name}"]`), censor: redactedValue },
          serializers: sandboxLogSerializers,
          hooks: { logMethod: redactedLogMethod },
          // Written through process.stdout (synchronous for files and pipes) rather than pino's
          // own asynchronous destination, so log lines and what the command prints keep their
          // order: the start banner is always last.
          stream: options.logStyle === 'readable' ? readableLogStream(process.stdout) : process.stdout,
        }
      : false,
    forceCloseConnections: true,
    // Idle, silent and dripping connections are reclaimed (timeouts.ts says why).
    connectionTimeout: timeouts.connectionMs,
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    http: { headersTimeout: timeouts.headersMs, requestTimeout: timeouts.requestMs, connectionsCheckingInterval: checkingIntervalMs(timeouts) },
    // Ids are opaque strings: an unknown one of any length is 404, not a router error.
    routerOptions: { maxParamLength: 16_384 },
    // Malformed URLs and raw protocol errors get the envelope too.
    frameworkErrors: (error, _request, reply) => sendRefusal(reply, refusals, 'invalidInput', `Invalid request: ${error.message}`),
    clientErrorHandler: (error, socket) => answerClientError(error, socket, refusals),
  });

  await app.register(validationPlugin);
  await app.register(errorPlugin, { refusals });
  if (options.validateResponses) await app.register(responseCheckPlugin, { document: options.document, breaks });
  // Outside authentication: load balancers and orchestrators call it without credentials.
  await app.register(healthRoutes, { store: context.store, prefix: `${testHelperPrefix}/health` });
  await app.register(async (authenticated) => {
    await authenticated.register(authPlugin, { apiKeys: options.apiKeys, timestampWindowSeconds: options.timestampWindowSeconds, ...(options.rejectReplays ? { replays: context.store } : {}) });
    await authenticated.register(bodyPlugin);
    if (behaviour) await authenticated.register(behaviourPlugin, { behaviour, breaks });
    // After the profile's hooks: an armed scenario overrides the standing behaviour.
    await authenticated.register(scenarioPlugin, { book: context.store.scenarios, faults: options.inProcess ? 'in-process' : 'socket' });
    await authenticated.register(apiRoutes, { operations: createOperations(context), document: options.document, onMismatch: options.onSpecMismatch });
    await authenticated.register(testHelperRoutes, { context, prefix: testHelperPrefix });
    const operationIds = listOperations(options.document ?? loadBundledDocument()).map((entry) => entry.operationId);
    await authenticated.register(scenarioRoutes, { book: context.store.scenarios, operationIds, prefix: `${testHelperPrefix}/scenarios` });
  });
  if (options.docsHtmlPath !== undefined) await app.register(docsRoute, { htmlPath: options.docsHtmlPath });
  await app.ready();
  return app;
}
