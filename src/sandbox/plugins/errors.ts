// Turns every failure into the error envelope: the sandbox's own refusals keep their
// code, schema violations and Fastify's request errors become 400 with a message naming
// the problem, unknown routes 404, and anything else is a bug answered with a bare 500
// (logged, never described to the caller). Fastify's own error shapes never leave.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorEnvelope } from '../../envelope/index.ts';
import { SandboxError } from '../errors.ts';

type SchemaError = { instancePath: string; keyword: string; message?: string; params: Record<string, unknown> };

const partNames: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'headers' };

/** "body.amount must be number", "body must not have the property 'extra'". */
export function describeSchemaErrors(errors: SchemaError[], context: string): string {
  const part = partNames[context] ?? context;
  const problems = errors.map((error) => {
    const where = part + error.instancePath.replaceAll('/', '.');
    if (error.keyword === 'additionalProperties') return `${where} must not have the property '${String(error.params.additionalProperty)}'`;
    if (error.keyword === 'required') return `${where} must have the property '${String(error.params.missingProperty)}'`;
    return `${where} ${error.message ?? 'is invalid'}`;
  });
  return `Invalid request: ${[...new Set(problems)].join('; ')}`;
}

function pathOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  return path.length > 120 ? `${path.slice(0, 120)}…` : path;
}

export function sendError(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send(errorEnvelope(message));
}

export const errorPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof SandboxError) return sendError(reply, error.statusCode, error.message);
    if (error.validation) return sendError(reply, 400, describeSchemaErrors(error.validation as SchemaError[], error.validationContext ?? 'request'));
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return sendError(reply, 400, `Invalid request: ${error.message}`);
    }
    request.log.error({ err: error }, 'sandbox failure');
    return sendError(reply, 500, 'Internal error');
  });

  app.setNotFoundHandler((request, reply) => sendError(reply, 404, `No operation ${request.method} ${pathOf(request)}`));
}, { name: 'sandbox-errors' });
