// What every operation handler works with, and the small helpers they share.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Catalog } from '../catalog.ts';
import { invalidInput } from '../errors.ts';
import type { Runtime } from '../runtime.ts';
import type { SandboxStore, TenantState } from '../state.ts';

export type OperationContext = { catalog: Catalog; store: SandboxStore; runtime: Runtime };

export type Handler = (request: FastifyRequest, reply: FastifyReply) => unknown;

/** The caller's own partition of the state. */
export function tenantOf(context: OperationContext, request: FastifyRequest): TenantState {
  return context.store.tenant(request.apiKey);
}

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
