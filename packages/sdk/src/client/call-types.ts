// The shapes of a path-string call (`client.GET(path, init)`), shared by the client, its
// paging and its operation methods; types only, so no module imports another for them.
import type { FetchResponse, ParamsOption, RequestBodyOption } from 'openapi-fetch';
import type { PathsWithMethod as PathsWithMethodOf } from 'openapi-typescript-helpers';
import type { paths } from '../../../../generated/schema.d.ts';
import type { DriftMode, DriftOptions } from './drift/types.ts';
import type { RetryOptions } from './options.ts';

export type Method = 'get' | 'post';

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
  /** The drift watch for this call: a mode, or options resolved over the client's. */
  drift?: DriftMode | DriftOptions;
} & (M extends 'get' ? { /** Retries of this GET; `false` turns the client's default off. */ retry?: RetryOptions | false } : { retry?: never });

/** The second argument of a call: params and body exactly as the spec defines them, plus call options. */
export type CallInit<M extends Method, P extends PathsWithMethod<M>> = ParamsOption<Operation<M, P>> &
  RequestBodyOption<Operation<M, P>> &
  CallOptions<M>;

export type InitArgs<Init> = {} extends Init ? [init?: Init] : [init: Init];

/** `{ data, error, response }` as openapi-fetch returns it. */
export type CallResponse<M extends Method, P extends PathsWithMethod<M>> = FetchResponse<Operation<M, P>, {}, `${string}/${string}`>;

export type CallMethod<M extends Method> = <P extends PathsWithMethod<M>>(path: P, ...init: InitArgs<CallInit<M, P>>) => Promise<CallResponse<M, P>>;

/** A call's init as the client reads it at run time, whatever the path's own types. */
export type LooseInit = {
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown>; header?: Record<string, unknown> };
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
  retry?: RetryOptions | false;
  drift?: DriftMode | DriftOptions;
  [key: string]: unknown;
};
