// createClient: openapi-fetch typed by generated/schema.d.ts, with authentication,
// timeouts, opt-in GET retries and typed errors. The API key and signer live only in
// this closure; the client object exposes neither.
import { inspect } from 'node:util';
import createFetchClient, {
  createFinalURL,
  createQuerySerializer,
  defaultPathSerializer,
  mergeHeaders,
  type FetchResponse,
  type ParamsOption,
  type RequestBodyOption,
} from 'openapi-fetch';
import type { PathsWithMethod as PathsWithMethodOf } from 'openapi-typescript-helpers';
import type { paths } from '../../generated/schema.d.ts';
import { ConfigurationError, InvalidResponseError, WalletApiError } from './errors.ts';
import { checkTimeout, resolveOptions, resolveRetry, type ClientOptions, type EnvironmentName, type RetryOptions } from './options.ts';
import { layeredCall, type LayeredCall, type Middleware } from './middleware.ts';
import { paginate, type PagedPath, type PaginateInit, type Paginator } from './paginate.ts';
import { readAnswer } from './read-answer.ts';
import { operationOfResponse } from './envelope.ts';
import { classify, send, type CallContext } from './transport.ts';

type Method = 'get' | 'post';

/** Paths of the spec that have an operation for the method. */
export type PathsWithMethod<M extends Method> = PathsWithMethodOf<paths, M>;

type Operation<M extends Method, P extends PathsWithMethod<M>> = paths[P][M] extends infer Op extends Record<string | number, any> ? Op : never;

/** Per-call options besides params and body. */
export type CallOptions<M extends Method> = {
  /** Extra headers (the authentication headers are always set by the client). */
  headers?: Record<string, string>;
  /** Cancels the call. */
  signal?: AbortSignal;
  /** Timeout of each attempt of this call, in milliseconds. */
  timeoutMs?: number;
} & (M extends 'get' ? { /** Retries of this GET; `false` turns the client's default off. */ retry?: RetryOptions | false } : { retry?: never });

/** The second argument of a call: params and body exactly as the spec defines them, plus call options. */
export type CallInit<M extends Method, P extends PathsWithMethod<M>> = ParamsOption<Operation<M, P>> &
  RequestBodyOption<Operation<M, P>> &
  CallOptions<M>;

type InitArgs<Init> = {} extends Init ? [init?: Init] : [init: Init];

/** `{ data, error, response }` as openapi-fetch returns it. */
export type CallResponse<M extends Method, P extends PathsWithMethod<M>> = FetchResponse<Operation<M, P>, {}, `${string}/${string}`>;

type CallMethod<M extends Method> = <P extends PathsWithMethod<M>>(path: P, ...init: InitArgs<CallInit<M, P>>) => Promise<CallResponse<M, P>>;

export type WalletApiClient = {
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
  /** Removes middleware registered with `use`. */
  eject: (...middleware: Middleware[]) => void;
};

type LooseInit = {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown> };
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  retry?: RetryOptions | false;
  [key: string]: unknown;
};

/**
 * The headers of a call before authentication, as a record of lower-case names. A call's own
 * headers go through openapi-fetch's merge, which checks their names and values and lets them
 * replace the content type.
 */
function requestHeaders(json: boolean, own: Record<string, string> | undefined): Record<string, string> {
  if (own === undefined) return json ? { 'content-type': 'application/json' } : {};
  return Object.fromEntries(mergeHeaders(json ? { 'content-type': 'application/json' } : undefined, own));
}

export function createClient(options: ClientOptions): WalletApiClient {
  const resolved = resolveOptions(options);
  // The default serializer, built once instead of on every call.
  const querySerializer = createQuerySerializer();
  // With middleware: openapi-fetch builds a real Request, as its middleware expects (and may replace).
  const layered = createFetchClient<paths>({ baseUrl: resolved.baseUrl, querySerializer });
  /** Registered middleware, in order; handed to openapi-fetch per call (see `call`). */
  const registered: Middleware[] = [];

  /**
   * Without middleware there is nothing a Request would be built for, so the call goes to fetch
   * directly: the URL from openapi-fetch's own createFinalURL and serializers, the body as
   * JSON.stringify writes it (the spec's request bodies are all JSON) and signed as it is, and
   * the answer read as openapi-fetch reads it. openapi-fetch's request path would build a
   * Request and two Headers per call, which costs several percent of the request rate.
   */
  async function direct(method: 'GET' | 'POST', path: string, init: LooseInit, ctx: CallContext): Promise<CallResponse<Method, never>> {
    const params = init.params ?? {};
    const url = createFinalURL(path, { baseUrl: resolved.baseUrl, params, querySerializer, pathSerializer: defaultPathSerializer });
    const body = init.body === undefined ? undefined : (JSON.stringify(init.body) as string | undefined);
    const response = await send(resolved, { url, method, headers: requestHeaders(body !== undefined, init.headers), body }, ctx);
    return (await readAnswer(response)) as CallResponse<Method, never>;
  }

  /** With middleware: openapi-fetch builds the Request and runs the middleware; `send` signs what comes out. */
  async function throughMiddleware(method: 'GET' | 'POST', path: string, init: LooseInit, ctx: CallContext, layers: LayeredCall): Promise<CallResponse<Method, never>> {
    // What openapi-fetch takes: the call's init less the client's own options.
    const { signal: _signal, timeoutMs: _timeoutMs, retry: _retry, ...rest } = init;
    const callInit = {
      ...rest,
      bodySerializer: layers.bodySerializer,
      fetch: async (request: Request) => send(resolved, await layers.prepare(request, resolved.baseUrl), ctx),
      middleware: [layers.outermost, ...registered],
    };
    const methodCall = layered[method] as (path: never, init: never) => Promise<unknown>;
    return (await methodCall(path as never, callInit as never)) as CallResponse<Method, never>;
  }

  async function call(method: 'GET' | 'POST', path: string, init: LooseInit = {}): Promise<CallResponse<Method, never>> {
    const { signal, retry } = init;
    const timeoutMs = init.timeoutMs === undefined ? resolved.timeoutMs : init.timeoutMs;
    checkTimeout(timeoutMs, 'timeoutMs');
    const ctx: CallContext = {
      operation: `${method} ${path}`,
      timeoutMs,
      signal,
      // POSTs move value and the interface has no idempotency key: never retried.
      retry: method === 'GET' ? (retry === false ? undefined : retry ? resolveRetry(retry) : resolved.retry) : undefined,
    };
    const layers = registered.length > 0 ? layeredCall() : undefined;
    try {
      const result = layers ? await throughMiddleware(method, path, init, ctx, layers) : await direct(method, path, init, ctx);
      // What unwrap names in its errors, also for an answer middleware gave or replaced.
      operationOfResponse.set(result.response, ctx.operation);
      return result;
    } catch (error) {
      // Our own errors, and anything thrown before the answer arrived (the caller's input, e.g.
      // a body JSON cannot serialise, or middleware's own errors), go to the caller unchanged.
      // Once the answer's status is known, what fails is reading its body: a timeout, an abort, a reset or not JSON.
      const status = layers ? layers.readingStatus() : (ctx.answeredStatus ?? 0);
      if (error instanceof WalletApiError || !status) throw error;
      // Both paths read a 2xx body as JSON and throw SyntaxError when it is not.
      if (error instanceof SyntaxError) {
        throw new InvalidResponseError({ operation: ctx.operation, httpStatus: status, reason: 'with a body that is not JSON', body: undefined });
      }
      throw classify(error, ctx);
    } finally {
      ctx.deadline?.disarm();
    }
  }

  const client: WalletApiClient = {
    environment: resolved.environment,
    baseUrl: resolved.baseUrl,
    GET: ((path: string, init?: LooseInit) => call('GET', path, init)) as CallMethod<'get'>,
    POST: ((path: string, init?: LooseInit) => call('POST', path, init)) as CallMethod<'post'>,
    paginate: ((path: PagedPath, init?: PaginateInit<PagedPath>) => paginate(client, path, init)) as WalletApiClient['paginate'],
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
  return Object.freeze(Object.assign(client, {
    toString: describe,
    toJSON: () => ({ environment: resolved.environment, baseUrl: resolved.baseUrl }),
    [inspect.custom]: describe,
  }));
}
