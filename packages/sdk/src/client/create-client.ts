// createClient: openapi-fetch typed by generated/schema.d.ts, with authentication,
// timeouts, opt-in GET retries and typed errors. The API key and signer live only in
// this closure; the client object exposes neither.
import { inspect } from 'node:util';
import createFetchClient, { createQuerySerializer } from 'openapi-fetch';
import type { CallMethod, CallResponse, InitArgs, LooseInit, Method } from './call-types.ts';
import type { paths } from '../../../../generated/schema.d.ts';
import type { CarriedValue } from '../privacy/index.ts';
import { carriedByCall } from './call-privacy.ts';
import { driftSettings, sampled, type DriftSettings } from './drift/settings.ts';
import type { DriftMode, DriftOptions } from './drift/types.ts';
import { notJson } from '../spec/answer-reading.ts';
import { answerBody, watchAnswer } from './drift/watch.ts';
import { ConfigurationError, InvalidResponseError, WalletApiError, type ErrorPrivacy } from './errors.ts';
import { checkTimeout, resolveOptions, resolveRetry, type ClientOptions, type EnvironmentName, type RetryOptions } from './options.ts';
import { statusWatch, type Middleware } from './middleware.ts';
import { paginate, type PagedPath, type PagedResult, type PaginateInit, type Paginator } from './paginate.ts';
import { callOf, unwrapWith, withCall, type CallResult, type UnwrappedData } from './envelope.ts';
import { rememberSent } from './sent-headers.ts';
import { classify, send, utf8Answer, type CallContext } from './transport.ts';
import { CallObservation, observing, serverOf } from './call-observation.ts';
import { clientLog } from './logging.ts';
import { operationMethods } from './operation-methods.ts';
import type { OperationMethods } from './operations.generated.ts';

export type { CallInit, CallOptions, CallResponse, LooseInit, PathsWithMethod } from './call-types.ts';

/**
 * The client: a method per operation, named after its operationId (`client.createSwap({ … })`,
 * resolving to the envelope's `data`), and the path-string calls beneath them.
 */
export type WalletApiClient = OperationMethods & PathClient;

/** The path-string calls (`client.POST('/api/v1/swaps', { body })`), paging, and middleware. */
export type PathClient = {
  readonly environment: EnvironmentName;
  readonly baseUrl: string;
  /** Calls a GET operation. Resolves to `{ data, error, response }`; pass it to `unwrap`. */
  GET: CallMethod<'get'>;
  /** Calls a POST operation. Never retried. Resolves to `{ data, error, response }`; pass it to `unwrap`. */
  POST: CallMethod<'post'>;
  /**
   * Walks a paged list: `for await (const record of client.paginate(path, init))`, or
   * `.pages()` for whole pages. Each walk starts at `params.query.page` (default 1), stops
   * at the last page the server reports or after `maxPages`, and throws what `unwrap` throws.
   */
  paginate: <P extends PagedPath>(path: P, ...init: InitArgs<PaginateInit<P>>) => Paginator<P>;
  /**
   * Registers openapi-fetch middleware (onRequest, onResponse, onError) for every later call.
   * It runs before authentication: what it changes is what gets signed, and it never sees
   * the authentication headers.
   */
  use: (...middleware: Middleware[]) => void;
  /**
   * `unwrap` with this client's privacy policy: the envelope's `data`, or the error it throws,
   * masked with the client's policy (its `redact` rules) and what the call carried. The
   * standalone `unwrap(result)` does the same for a result of a client's call, which carries its
   * call's privacy; this one also masks with the client's policy a result made elsewhere.
   */
  unwrap: <R extends CallResult>(call: R | Promise<R>) => Promise<UnwrappedData<R>>;
  /** Removes middleware registered with `use`. */
  eject: (...middleware: Middleware[]) => void;
};

/**
 * What a call carried that its answer must not be seen to echo: the values of its protected
 * fields (body and parameters, by the policy's names) and its credentials. Computed only for
 * a call that failed or is watched: a successful call pays nothing for the policy.
 */
function carriedOf(drift: DriftSettings, init: { body?: unknown; params?: unknown }, ctx: CallContext, apiKey: string): CarriedValue[] {
  return carriedByCall(drift.policy, init, [apiKey, ctx.signature]);
}

/**
 * A client. Options not given are read from the WALLET_API_* variables (`createClient()` with
 * none reads all four); explicit options win, one by one.
 */
export function createClient(options: ClientOptions = {}): WalletApiClient {
  const resolved = resolveOptions(options);
  // The client's one privacy policy (the built-in rules plus the integrator's `redact`, and the
  // deprecated `drift.redact` on top): its errors, its paging errors, its log lines, its drift
  // events, the recorder's entries and the spans of its calls all mask with it.
  const policy = resolved.drift.policy;
  const log = clientLog(options.logger, options.logLevel, resolved.apiKey, policy);
  const server = serverOf(resolved.baseUrl);
  // The default serializer, built once: openapi-fetch would build one per call otherwise.
  const querySerializer = createQuerySerializer();
  const openapi = createFetchClient<paths>({ baseUrl: resolved.baseUrl, querySerializer });
  /** Registered middleware, in order; handed to openapi-fetch per call (see `call`). */
  const registered: Middleware[] = [];

  /**
   * The one way a call is sent. openapi-fetch builds the Request (URL from its serializers,
   * merged headers, serialised body) and, when middleware is registered, runs it; this fetch
   * it is handed signs, times out, retries and classifies. The body is signed as the string
   * the Request carries; a Request that middleware may still read is read from a copy.
   */
  async function sendRequest(request: Request, ctx: CallContext, layered: boolean): Promise<Response> {
    // A Request serialises its URL anew on every read of `url`.
    const url = request.url;
    // Credentials go only to the client's environment, whatever address middleware chose.
    if (!url.startsWith(`${resolved.baseUrl}/`)) throw new ConfigurationError('middleware sent the request outside baseUrl; nothing was sent');
    const body = request.body === null ? undefined : await (layered ? request.clone() : request).text();
    // A copy: the authentication headers go on it, never on the Request middleware holds.
    const headers = new Headers(request.headers);
    const started = performance.now();
    const response = await send(resolved, { url, method: request.method, headers, body }, ctx);
    // After send: its headers are those of the attempt that answered, signed (what recordTraffic records).
    if (layered) rememberSent(request, { headers, body, started, policy });
    return utf8Answer(response, ctx);
  }

  /**
   * A call, observed (published on the diagnostics channels, logged) only when something
   * listens: otherwise it goes straight to `execute` and costs what it cost without them.
   */
  function call(method: 'GET' | 'POST', path: string, init?: LooseInit): Promise<CallResponse<Method, never>> {
    if (!observing(log)) return execute(method, path, init, undefined);
    return new CallObservation(method, path, server, log, policy, init).run((observation) => execute(method, path, init, observation));
  }

  /** What an error of a result masks with: its call's privacy, or the client's policy for a result made elsewhere. */
  const privacyOf = (result: CallResult) => (): ErrorPrivacy => callOf(result)?.privacy() ?? { policy };

  /** A GET of a paging walk: its result, and what an error the walk makes of its answer masks with (made only when asked for). */
  async function pagedGet(path: string, init: LooseInit): Promise<PagedResult> {
    const result = await call('GET', path, init);
    return { result, privacy: privacyOf(result) };
  }

  async function execute(method: 'GET' | 'POST', path: string, init: LooseInit = {}, observation: CallObservation | undefined): Promise<CallResponse<Method, never>> {
    const { signal, timeoutMs: callTimeoutMs, retry, drift: callDrift, ...openapiInit } = init;
    // openapi-fetch takes a per-call baseUrl (JavaScript callers can pass one past the types):
    // the credentials and signatures go only to the client's own environment.
    if ('baseUrl' in openapiInit && openapiInit.baseUrl !== undefined) throw new ConfigurationError('a call takes no baseUrl: the credentials go only to the client\'s own baseUrl (create a client for another environment); nothing was sent');
    const timeoutMs = callTimeoutMs === undefined ? resolved.timeoutMs : callTimeoutMs;
    checkTimeout(timeoutMs, 'timeoutMs');
    const drift = callDrift === undefined ? resolved.drift : driftSettings(callDrift, resolved.drift, 'drift');
    const watched = drift.mode !== 'off' && sampled(drift);
    const ctx: CallContext = {
      operation: `${method} ${path}`,
      // Every error of the call masks what the call carried and its credentials wherever it
      // quotes them: made when an error is, with the signature of the attempt that answered.
      privacy: () => ({ carried: carriedOf(drift, openapiInit, ctx, resolved.apiKey), policy: drift.policy }),
      timeoutMs,
      signal,
      // POSTs move value and the interface has no idempotency key: never retried.
      retry: method === 'GET' ? (retry === false ? undefined : retry ? resolveRetry(retry) : resolved.retry) : undefined,
      observation,
      keepAnswerText: watched && drift.mode === 'strict',
    };
    // Middleware is openapi-fetch's own: handed over per call, behind a watch of the answer's status.
    const watch = registered.length > 0 ? statusWatch() : undefined;
    const callInit = {
      ...openapiInit,
      fetch: (request: Request) => sendRequest(request, ctx, watch !== undefined),
      ...(watch ? { middleware: [watch.middleware, ...registered] } : {}),
    };
    try {
      // The path and init were typed by the caller's method; here they are one call of many shapes.
      const methodCall = openapi[method] as unknown as (path: string, init: unknown) => Promise<CallResponse<Method, never>>;
      const result = await methodCall(path, callInit);
      // What unwrap names in its errors and masks them with, also for an answer middleware gave
      // or replaced: carried by the result itself, made only for an answer that is no success.
      withCall(result, { operation: ctx.operation, privacy: ctx.privacy });
      if (watched) {
        const { response } = result;
        const body = answerBody(response.ok, result.data, result.error);
        await watchAnswer(drift, ctx.operation, response.status, body, await ctx.answerText, { carried: carriedOf(drift, openapiInit, ctx, resolved.apiKey), retryAfter: response.headers.get('retry-after') ?? undefined, observation });
      }
      return result;
    } catch (error) {
      // Our own errors, and anything thrown before the answer arrived (the caller's input, e.g.
      // a body JSON cannot serialise, or middleware's own errors), go to the caller unchanged.
      // Once the answer's status is known, what fails is reading its body: a timeout, an abort, a reset or not JSON.
      const status = watch ? watch.status() : (ctx.answeredStatus ?? 0);
      // The client's own errors were masked when they were made, with the call's privacy.
      if (error instanceof WalletApiError || !status) throw error;
      // openapi-fetch reads a 2xx body as JSON and throws SyntaxError when it is not.
      if (error instanceof SyntaxError) {
        if (watched) await watchAnswer(drift, ctx.operation, status, notJson, await ctx.answerText, { carried: carriedOf(drift, openapiInit, ctx, resolved.apiKey), observation });
        throw new InvalidResponseError({ operation: ctx.operation, httpStatus: status, reason: 'with a body that is not JSON', body: undefined, privacy: ctx.privacy() });
      }
      throw classify(error, ctx);
    } finally {
      ctx.deadline?.disarm();
    }
  }

  const client: PathClient = {
    environment: resolved.environment,
    baseUrl: resolved.baseUrl,
    GET: ((path: string, init?: LooseInit) => call('GET', path, init)) as CallMethod<'get'>,
    POST: ((path: string, init?: LooseInit) => call('POST', path, init)) as CallMethod<'post'>,
    paginate: ((path: PagedPath, init?: PaginateInit<PagedPath>) => paginate(pagedGet, path, init)) as PathClient['paginate'],
    unwrap: async (pending) => {
      const result = await pending;
      return unwrapWith(result, privacyOf(result));
    },
    use: (...middleware) => {
      // openapi-fetch's own rule for middleware objects, checked before anything is registered.
      for (const m of middleware) {
        if (m && (typeof m !== 'object' || !('onRequest' in m || 'onResponse' in m || 'onError' in m))) {
          throw new ConfigurationError('middleware must be an object with onRequest, onResponse or onError');
        }
      }
      registered.push(...middleware.filter(Boolean));
    },
    eject: (...middleware) => {
      for (const m of middleware) {
        const index = registered.indexOf(m);
        if (index !== -1) registered.splice(index, 1);
      }
    },
  };

  const describe = () => `WalletApiClient { environment: '${resolved.environment}', baseUrl: '${resolved.baseUrl}' }`;
  const methods = operationMethods((method, path, init) => call(method, path, init), (path, init) => client.paginate(path as PagedPath, init as never));
  return Object.freeze(Object.assign(client, methods, {
    toString: describe,
    toJSON: () => ({ environment: resolved.environment, baseUrl: resolved.baseUrl }),
    [inspect.custom]: describe,
  }));
}
