// What every operation handler works with, and the small helpers they share. Handlers are
// typed by the generated `operations`: a handler for an operationId the spec lacks, a
// missing handler or an answer field the spec does not have fails `tsc`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../../../generated/schema.d.ts';
import type { Catalog } from '../catalog.ts';
import { invalidInput } from '../errors.ts';
import type { Runtime } from '../runtime.ts';
import type { SandboxStore } from '../store/store.ts';

export type OperationContext = { catalog: Catalog; store: SandboxStore; runtime: Runtime };

/** Operation ids of the spec, e.g. "createSwap". */
export type OperationId = keyof operations;

/** A part of a request the spec may leave out (`path?: never`): `unknown` when it does. */
type Part<T> = [Exclude<T, undefined>] extends [never] ? unknown : Exclude<T, undefined>;
type JsonBody<Op> = Op extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : unknown;

/** The request as fastify-openapi-glue hands it over, already validated against the spec. */
export type OperationRequest<Id extends OperationId> = FastifyRequest<{
  Params: Part<operations[Id]['parameters']['path']>;
  Querystring: Part<operations[Id]['parameters']['query']>;
  Body: JsonBody<operations[Id]>;
}>;

/** The success envelope the spec gives an operation's 200 answer. */
export type SuccessOf<Id extends OperationId> = operations[Id]['responses'][200]['content']['application/json'];

/** A handler answers at once (no state read) or once the store has answered. */
export type Handler<Id extends OperationId> = (request: OperationRequest<Id>, reply: FastifyReply) => SuccessOf<Id> | Promise<SuccessOf<Id>>;

/** Handlers of some operations, keyed by operationId. */
export type Handlers<Ids extends OperationId> = { [Id in Ids]: Handler<Id> };

/** A caller-supplied value quoted for an error message, shortened so messages stay readable. */
export function shown(value: string): string {
  return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
}

/** A query parameter the spec leaves optional but the operation cannot do without. */
export function requiredQuery<Query extends object, Name extends keyof Query & string>(query: Query, name: Name): NonNullable<Query[Name]> {
  const value = query[name];
  if (value === undefined || value === null || value === '') throw invalidInput(`Invalid request: query.${name} is required`);
  return value as NonNullable<Query[Name]>;
}
