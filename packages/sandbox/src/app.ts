// Assembles the sandbox: validation, error envelopes, then one authenticated context
// holding the public API (from the spec) and the test helpers, and the docs page outside it.
// A provider profile adds the behaviour layer (packages/sandbox/src/behaviour): its refusal codes and
// messages, and its hooks on the routes of the operations it touches. Its log goes through
// the privacy policy (log.ts); a request Node cannot parse is answered on the socket (client-error.ts).

import { existsSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';
import { Catalog } from './catalog.ts';
import { loadData } from './data.ts';
import { createOperations, type OperationContext } from './operations/index.ts';
import { authPlugin } from './plugins/auth.ts';
import { bodyPlugin } from './plugins/body.ts';
import { behaviourPlugin } from './behaviour/plugin.ts';
import { profileBehaviour } from './behaviour/profile.ts';
import type { Behaviour, BreaksRecord } from './behaviour/layer.ts';
import { sandboxRefusals } from './errors.ts';
import { errorPlugin, sendRefusal } from './plugins/errors.ts';
import { responseCheckPlugin } from './plugins/response-check.ts';
import { validationPlugin } from './plugins/validation.ts';
import { apiRoutes, type SpecMismatch } from './routes/api.ts';
import { docsRoute } from './docs/server.ts';
import { testHelperPrefix, testHelperRoutes } from './routes/test-helpers.ts';
import { scenarioRoutes } from './routes/scenario-routes.ts';
import { scenarioPlugin } from './behaviour/scenarios/plugin.ts';
import { sandboxLogger } from './log.ts';
import { answerClientError } from './client-error.ts';
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
    // Request logs carry method, URL and status, through the privacy policy (log.ts).
    logger: options.logger ? sandboxLogger(options.logStyle) : false,
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
