// createClient: openapi-fetch typed by generated/schema.d.ts, with authentication,
// timeouts, opt-in GET retries and typed errors. The API key and signer live only in
// this closure; the client object exposes neither.
import { inspect } from 'node:util';
import createFetchClient, { createQuerySerializer, type FetchResponse, type ParamsOption, type RequestBodyOption } from 'openapi-fetch';
import type { paths } from '../../generated/schema.d.ts';
import { InvalidResponseError, WalletApiError } from './errors.ts';
import { checkTimeout, resolveOptions, resolveRetry, type ClientOptions, type EnvironmentName, type RetryOptions } from './options.ts';
import { classify, PreparedRequest, send, type CallContext } from './transport.ts';

type Method = 'get' | 'post';

/** Paths of the spec that have an operation for the method. */
export type PathsWithMethod<M extends Method> = { [P in keyof paths]: paths[P] extends Record<M, object> ? P : never }[keyof paths];

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
};

type LooseInit = { headers?: Record<string, string>; signal?: AbortSignal; timeoutMs?: number; retry?: RetryOptions | false; [key: string]: unknown };

export function createClient(options: ClientOptions): WalletApiClient {
  const resolved = resolveOptions(options);
  const fetchClient = createFetchClient<paths>({
    baseUrl: resolved.baseUrl,
    Request: PreparedRequest as unknown as typeof Request,
    // The default serializer, built once instead of on every call.
    querySerializer: createQuerySerializer(),
  });

  async function call(method: 'GET' | 'POST', path: string, init: LooseInit = {}): Promise<CallResponse<Method, never>> {
    const { signal, timeoutMs = resolved.timeoutMs, retry, ...rest } = init;
    checkTimeout(timeoutMs, 'timeoutMs');
    const ctx: CallContext = {
      operation: `${method} ${path}`,
      timeoutMs,
      signal,
      // POSTs move value and the interface has no idempotency key: never retried.
      retry: method === 'GET' ? (retry === false ? undefined : retry ? resolveRetry(retry) : resolved.retry) : undefined,
    };
    const fetchOnce = (request: Request) => send(resolved, request as unknown as PreparedRequest, ctx);
    let sent = false;
    let lastStatus = 0;
    try {
      const result = await fetchClient.request(method.toLowerCase() as 'get', path as never, {
        ...rest,
        fetch: async (request: Request) => {
          sent = true;
          const response = await fetchOnce(request);
          lastStatus = response.status;
          return response;
        },
      } as never);
      return result as CallResponse<Method, never>;
    } catch (error) {
      // Before sending, only the caller's own input can fail (e.g. a body JSON cannot serialise).
      if (error instanceof WalletApiError || !sent) throw error;
      // openapi-fetch parses 2xx bodies as JSON and throws SyntaxError when they are not.
      if (error instanceof SyntaxError && lastStatus) {
        throw new InvalidResponseError({ operation: ctx.operation, httpStatus: lastStatus, reason: 'with a body that is not JSON', body: undefined });
      }
      throw classify(error, ctx);
    } finally {
      ctx.deadline?.disarm();
    }
  }

  const describe = () => `WalletApiClient { environment: '${resolved.environment}', baseUrl: '${resolved.baseUrl}' }`;
  return Object.freeze({
    environment: resolved.environment,
    baseUrl: resolved.baseUrl,
    GET: ((path: string, init?: LooseInit) => call('GET', path, init)) as CallMethod<'get'>,
    POST: ((path: string, init?: LooseInit) => call('POST', path, init)) as CallMethod<'post'>,
    toString: describe,
    toJSON: () => ({ environment: resolved.environment, baseUrl: resolved.baseUrl }),
    [inspect.custom]: describe,
  });
}
