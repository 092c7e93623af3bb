// The typed signatures of the operation methods (`client.createSwap(input, options)`): the
// operation's path parameters, query parameters and body fields in one object, typed from
// generated/schema.d.ts; what a call resolves to is the success envelope's `data`. The
// generated interface (operations.generated.ts) names one of these per operation.
import type { operations } from '../../../../generated/schema.d.ts';
import type { CallOptions, Method } from './call-types.ts';
import type { OperationData, OperationId, SuccessEnvelope } from './types.ts';

/** What the client knows about an operation at run time (generated from the spec). */
export type OperationTableRow = {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly pathParams: readonly string[];
  readonly query: readonly string[];
  /** The body's fields, or undefined when the operation takes no body. */
  readonly body: readonly string[] | undefined;
  /** The body takes fields besides those it lists (additionalProperties is not false). */
  readonly bodyOpen: boolean;
  /** The success data is the interface's page object: the method has `.paginate`. */
  readonly paged: boolean;
};

/** A part of an operation's input: `{}` where the spec has none (openapi-typescript writes `never`). */
type Part<T> = [NonNullable<T>] extends [never] ? {} : NonNullable<T>;

type BodyOf<Op> = Op extends { requestBody?: infer R } ? ([NonNullable<R>] extends [never] ? {} : NonNullable<R> extends { content: { 'application/json': infer B } } ? B : {}) : {};

type Flat<T> = { [K in keyof T]: T[K] } & {};

/** The one object a method takes: path parameters, query parameters and body fields, by name. */
export type OperationInput<Id extends OperationId> = Flat<Part<operations[Id]['parameters']['path']> & Part<operations[Id]['parameters']['query']> & BodyOf<operations[Id]>>;

/** The second argument of a method: signal, timeoutMs, drift, headers, and retry for a GET. */
export type OperationOptions<M extends Method> = CallOptions<M>;

/** What `.withResponse(…)` resolves to: the data, the whole success envelope, and the HTTP response. */
export type OperationResult<Id extends OperationId> = {
  data: OperationData<Id>;
  envelope: SuccessEnvelope<OperationData<Id>>;
  response: Response;
};

type Args<Id extends OperationId, Options> = {} extends OperationInput<Id> ? [input?: OperationInput<Id>, options?: Options] : [input: OperationInput<Id>, options?: Options];

/**
 * One operation as a method: resolves to the success envelope's `data` and throws the
 * client's typed errors (`ApiError`, `InvalidResponseError`, …), as `unwrap` does.
 */
export interface OperationMethod<Id extends OperationId, M extends Method> {
  (...args: Args<Id, OperationOptions<M>>): Promise<OperationData<Id>>;
  /** The same call, resolving to `{ data, envelope, response }` (the headers, the status, the envelope's message). */
  withResponse(...args: Args<Id, OperationOptions<M>>): Promise<OperationResult<Id>>;
}

/** One record of a paged operation's page, e.g. Transaction. */
export type OperationRecord<Id extends OperationId> = OperationData<Id> extends { data: readonly (infer Item)[] } ? Item : never;

/** A paged list: iterate it for records, or `.pages()` for whole pages. Every iteration is a new walk. */
export interface OperationPaginator<Id extends OperationId> extends AsyncIterable<OperationRecord<Id>> {
  /** The pages themselves, with their `page`, `pages`, `limit` and `total`. */
  pages(): AsyncIterable<OperationData<Id>>;
}

/** The options of `.paginate`: a GET's options, and `maxPages`. */
export type PaginateOptions = OperationOptions<'get'> & {
  /** Stop after this many pages even if the list goes on. Default: no limit. */
  maxPages?: number;
};

/** A GET whose success data is a page object: a method, and `.paginate(input, options)` walking its pages from `input.page` (default 1). */
export interface PagedOperationMethod<Id extends OperationId> extends OperationMethod<Id, 'get'> {
  paginate(...args: Args<Id, PaginateOptions>): OperationPaginator<Id>;
}
