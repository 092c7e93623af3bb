// The operation methods at run time: `client.createSwap(input, options)` is the path-string
// call `client.POST('/api/v1/swaps', { body: input, ...options })` through `unwrap`, with
// the input's fields sent where the generated table says (path, query or body). What a
// method knows of its operation comes from that table, generated from the spec; nothing
// reads the spec at run time.
import type { CallResult } from './envelope.ts';
import { unwrap } from './envelope.ts';
import type { LooseInit } from './call-types.ts';
import { operationTable, type OperationMethods } from './operations.generated.ts';
import type { OperationTableRow } from './operation-types.ts';

/** How the client makes a path-string call: the one call path every method goes through. */
export type PathCall = (method: 'GET' | 'POST', path: string, init: LooseInit) => Promise<CallResult>;

/** How the client walks a paged path (`client.paginate`). */
export type PathPaginate = (path: string, init: LooseInit & { maxPages?: number }) => unknown;

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * The path-string init of a method call: each input field where the operation takes it,
 * the options beside them. A field the operation does not have, or a missing path
 * parameter (it would leave `{id}` in the URL), is the caller's own error: nothing is sent.
 */
function initOf(id: string, row: OperationTableRow, input: unknown, options: object | undefined): LooseInit {
  if (input !== undefined && (typeof input !== 'object' || input === null || Array.isArray(input))) throw new TypeError(`${id} takes one object of its fields, not ${Array.isArray(input) ? 'an array' : typeof input}`);
  const fields = (input ?? {}) as Record<string, unknown>;
  let path: Record<string, unknown> | undefined;
  let query: Record<string, unknown> | undefined;
  let body: Record<string, unknown> | undefined;
  for (const name in fields) {
    if (!hasOwn.call(fields, name)) continue;
    const value = fields[name];
    if (row.pathParams.includes(name)) (path ??= {})[name] = value;
    else if (row.query.includes(name)) (query ??= {})[name] = value;
    else if (row.body !== undefined && (row.body.includes(name) || row.bodyOpen)) (body ??= {})[name] = value;
    else throw new TypeError(`${id} has no field "${name}" (${fieldsOf(row)}); nothing was sent`);
  }
  for (const name of row.pathParams) {
    if (path?.[name] === undefined) throw new TypeError(`${id} needs ${name}; nothing was sent`);
  }
  const init: LooseInit = options ? { ...options } : {};
  if (path || query) init.params = { ...(path ? { path } : {}), ...(query ? { query } : {}) };
  // An operation that takes a body always sends one, if only `{}`: the server judges what is missing.
  if (row.body !== undefined) init.body = body ?? {};
  return init;
}

function fieldsOf(row: OperationTableRow): string {
  const names = [...row.pathParams, ...row.query, ...(row.body ?? [])];
  return names.length === 0 ? 'it takes none' : `its fields: ${names.join(', ')}`;
}

/** A method per operation of the generated table, each going through `call`. */
export function operationMethods(call: PathCall, paginate: PathPaginate): OperationMethods {
  const methods: Record<string, unknown> = {};
  for (const [id, row] of Object.entries(operationTable) as [string, OperationTableRow][]) {
    const { method: verb, path } = row;
    const method = (input?: unknown, options?: object) => {
      let init: LooseInit;
      try {
        init = initOf(id, row, input, options);
      } catch (error) {
        return Promise.reject(error);
      }
      return unwrap(call(verb, path, init));
    };
    const withResponse = async (input?: unknown, options?: object) => {
      const result = await call(verb, path, initOf(id, row, input, options));
      const data = await unwrap(result);
      return { data, envelope: result.data, response: result.response };
    };
    const members: Record<string, unknown> = { withResponse };
    if (row.paged) {
      members.paginate = (input?: unknown, options?: object) => {
        const { maxPages, ...callOptions } = (options ?? {}) as { maxPages?: number };
        return paginate(path, { ...initOf(id, row, input, callOptions), ...(maxPages === undefined ? {} : { maxPages }) });
      };
    }
    methods[id] = Object.freeze(Object.assign(method, members));
  }
  return methods as unknown as OperationMethods;
}
