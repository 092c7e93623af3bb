// The public API: routes, parameter and body schemas all come from the bundled spec
// through fastify-openapi-glue; this file only pairs operationIds with handlers. By default
// it refuses to start if the two disagree (a handler without an operation, or the reverse).
// The live edit loop (`npm run dev`) serves a spec being edited instead: an operation
// without a handler answers 501, a handler without an operation is left out.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { loadBundledDocument } from '../spec/document.ts';
import { listOperations, type OpenApiDocument } from '../../../sdk/src/spec/openapi.ts';
import type { OperationHandlers } from '../operations/index.ts';
import { sendError } from '../plugins/errors.ts';

export type SpecMismatch = 'refuse' | 'serve-matching';

export type ApiRoutesOptions = {
  operations: OperationHandlers;
  /** Default: the bundled document. */
  document?: OpenApiDocument;
  /** Default 'refuse'. */
  onMismatch?: SpecMismatch;
};

/** Which operations of a document have no handler, and which handlers no operation. */
export function compareWithHandlers(document: OpenApiDocument, operations: object): { missing: string[]; extra: string[] } {
  const specified = listOperations(document).map((entry) => entry.operation.operationId);
  return { missing: specified.filter((id) => !(id in operations)), extra: Object.keys(operations).filter((id) => !specified.includes(id)) };
}

export async function apiRoutes(app: FastifyInstance, { operations, document = loadBundledDocument(), onMismatch = 'refuse' }: ApiRoutesOptions): Promise<void> {
  const { missing, extra } = compareWithHandlers(document, operations);
  if (onMismatch === 'refuse' && (missing.length || extra.length)) {
    throw new Error(`Sandbox operations do not match the spec: missing ${missing.join(', ') || 'none'}; not in the spec ${extra.join(', ') || 'none'}`);
  }
  // Authentication is applied to the whole context, which matches the spec only while
  // every operation uses the document-wide security requirement.
  const overriding = listOperations(document).filter((entry) => entry.operation.security !== undefined);
  if (overriding.length) throw new Error(`Operations with their own security requirement are not supported: ${overriding.map((e) => e.operation.operationId).join(', ')}`);

  const handlers: Record<string, unknown> = { ...operations };
  for (const operationId of missing) {
    handlers[operationId] = async (_request: FastifyRequest, reply: FastifyReply) => sendError(reply, 501, `Not implemented: the sandbox has no behaviour for operation ${operationId} yet`);
  }
  await app.register(openapiGlue, { specification: structuredClone(document), serviceHandlers: handlers });
}
