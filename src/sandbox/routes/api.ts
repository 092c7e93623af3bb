// The public API: routes, parameter and body schemas all come from the bundled spec
// through fastify-openapi-glue; this file only pairs operationIds with handlers and
// refuses to start if the two disagree (a handler without an operation, or the reverse).
import type { FastifyInstance } from 'fastify';
import openapiGlue from 'fastify-openapi-glue';
import { listOperations, loadBundledDocument } from '../../spec/document.ts';
import type { OperationHandlers } from '../operations/index.ts';

export async function apiRoutes(app: FastifyInstance, { operations }: { operations: OperationHandlers }): Promise<void> {
  const document = loadBundledDocument();
  const specified = listOperations(document).map((entry) => entry.operation.operationId);
  const missing = specified.filter((id) => !(id in operations));
  const extra = Object.keys(operations).filter((id) => !specified.includes(id));
  if (missing.length || extra.length) {
    throw new Error(`Sandbox operations do not match the spec: missing ${missing.join(', ') || 'none'}; not in the spec ${extra.join(', ') || 'none'}`);
  }
  // Authentication is applied to the whole context, which matches the spec only while
  // every operation uses the document-wide security requirement.
  const overriding = listOperations(document).filter((entry) => entry.operation.security !== undefined);
  if (overriding.length) throw new Error(`Operations with their own security requirement are not supported: ${overriding.map((e) => e.operation.operationId).join(', ')}`);

  await app.register(openapiGlue, { specification: structuredClone(document), serviceHandlers: operations });
}
