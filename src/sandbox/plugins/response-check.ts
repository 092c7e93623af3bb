// Optional self-check: every JSON answer is validated against the bundled spec before it
// leaves (API answers by operation and status, everything else as the error envelope or a
// success envelope). An answer outside the spec becomes a 500 naming the violation, so any
// test that talks to the sandbox, in process or through its command, fails on it. Off by
// default (it costs a parse and a validation per answer); the test suite turns it on.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { OpenApiDocument } from '../../spec/openapi.ts';
import { SpecValidator, type ValidationResult } from '../../spec/validator.ts';
import { errorEnvelope, isSuccessEnvelope } from '../../envelope/index.ts';

function check(validator: SpecValidator, request: FastifyRequest, reply: FastifyReply, body: unknown): ValidationResult {
  const method = request.method.toLowerCase();
  const template = request.routeOptions.url?.replace(/:(\w+)/g, '{$1}');
  if (template && validator.document.paths[template]?.[method]) return validator.validateResponse(method, template, reply.statusCode, body);
  if (reply.statusCode >= 400) return validator.validateAt('#/components/schemas/ErrorEnvelope', body);
  return isSuccessEnvelope(body)
    ? { valid: true }
    : { valid: false, message: 'body is not a success envelope' };
}

export const responseCheckPlugin = fp(async (app: FastifyInstance, { document }: { document?: OpenApiDocument }) => {
  const validator = new SpecValidator(document);
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      body = undefined;
    }
    const result = body === undefined ? { valid: false as const, message: 'body is not JSON' } : check(validator, request, reply, body);
    if (result.valid) return payload;
    const message = `The sandbox answered ${request.method} ${request.routeOptions.url ?? request.url} with ${reply.statusCode} outside the spec: ${result.message}`;
    request.log.error(message);
    reply.code(500);
    return JSON.stringify(errorEnvelope(message));
  });
}, { name: 'sandbox-response-check' });
