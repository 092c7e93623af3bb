// Walking a paged list. The interface publishes the page object as `page`, `pages`,
// `limit`, `total` and `data`, so the end is known from the answer itself: the walk stops
// after the page whose number reaches `pages` (re-read on every page, since the list can
// grow while it is walked), and never asks for a page past it. An empty page also ends
// the walk, so a list that shrinks cannot make it run on.
import type { paths } from '../../../../generated/schema.d.ts';
import type { CallInit, LooseInit, PathsWithMethod } from './call-types.ts';
import { unwrapWith, type CallResult } from './envelope.ts';
import { ConfigurationError, InvalidResponseError, type ErrorPrivacy } from './errors.ts';

type SuccessData<P extends PathsWithMethod<'get'>> = paths[P]['get'] extends { responses: { 200: { content: { 'application/json': { data: infer Data } } } } } ? Data : never;

/** The page object of the interface: where a GET answers one, its path can be paginated. */
type PageObject = { page: number; pages: number; limit: number; total: number; data: readonly unknown[] };

/** GET paths whose success data is a page object (today GET /api/v1/transactions). */
export type PagedPath = { [P in PathsWithMethod<'get'>]: SuccessData<P> extends PageObject ? P : never }[PathsWithMethod<'get'>];

/** One page of a paged path, e.g. TransactionPage. */
export type PageOf<P extends PagedPath> = SuccessData<P>;

/** One record of a paged path, e.g. Transaction. */
export type RecordOf<P extends PagedPath> = PageOf<P> extends { data: readonly (infer Item)[] } ? Item : never;

/**
 * The call's params and options (signal, timeoutMs, retry, headers), plus `maxPages`.
 * `params.query.page` is the page the walk starts at (default 1).
 */
export type PaginateInit<P extends PagedPath> = CallInit<'get', P> & {
  /** Stop after this many pages even if the list goes on. Default: no limit. */
  maxPages?: number;
};

/** A paged list: iterate it for records, or `.pages()` for whole pages. Every iteration is a new walk. */
export interface Paginator<P extends PagedPath> extends AsyncIterable<RecordOf<P>> {
  /** The pages themselves, with their `page`, `pages`, `limit` and `total`. */
  pages(): AsyncIterable<PageOf<P>>;
}

/** One page's GET as the client makes it: its result, and what the walk's errors of its answer mask with (the client's policy, the call's carried values). */
export type PagedResult = { result: CallResult; privacy: () => ErrorPrivacy };

export function paginate<P extends PagedPath>(get: (path: string, init: LooseInit) => Promise<PagedResult>, path: P, init?: PaginateInit<P>): Paginator<P> {
  const { maxPages = Infinity, ...call } = (init ?? {}) as LooseInit & { maxPages?: number };
  if (maxPages !== Infinity && !(Number.isInteger(maxPages) && maxPages >= 1)) throw new ConfigurationError('maxPages must be a positive integer');
  const firstPage = call.params?.query?.page ?? 1;
  if (!(Number.isInteger(firstPage) && (firstPage as number) >= 1)) throw new ConfigurationError('params.query.page must be a positive integer');
  const operation = `GET ${path}`;

  async function* pages(): AsyncGenerator<PageOf<P>> {
    for (let page = firstPage as number, walked = 1; ; page++, walked++) {
      const init = { ...call, params: { ...call.params, query: { ...call.params?.query, page } } };
      const { result, privacy } = await get(path, init as LooseInit);
      const body = (await unwrapWith(result, privacy)) as unknown;
      if (!isPageObject(body)) {
        throw new InvalidResponseError({ operation, httpStatus: result.response.status, reason: 'with data that is not a page object {page, pages, limit, total, data}', body, privacy: privacy() });
      }
      // A server that ignored `page` would hand back the same records forever.
      if (body.page !== page) {
        throw new InvalidResponseError({ operation, httpStatus: result.response.status, reason: `page ${body.page} when page ${page} was asked for`, body, privacy: privacy() });
      }
      yield body as PageOf<P>;
      if (page >= body.pages || body.data.length === 0 || walked >= maxPages) return;
    }
  }

  async function* records(): AsyncGenerator<RecordOf<P>> {
    for await (const page of pages()) yield* (page as { data: RecordOf<P>[] }).data;
  }

  return { pages, [Symbol.asyncIterator]: records };
}

function isPageObject(value: unknown): value is PageObject {
  if (typeof value !== 'object' || value === null) return false;
  const page = value as Record<string, unknown>;
  return Number.isInteger(page.page) && Number.isInteger(page.pages) && Array.isArray(page.data);
}
