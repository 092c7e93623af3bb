// Optional self-check: every JSON answer is validated against the bundled spec before it
// leaves (API answers by operation and status, everything else as the error envelope or a
// success envelope). An answer outside the spec becomes a 500 naming the violation, so any
// test that talks to the sandbox, in process or through its command, fails on it. Off by
// default (it costs a parse and a validation per answer); the test suite turns it on.
// A provider profile's contradictions break the spec on purpose: the behaviour layer says
// what each answer breaks, and exactly that is excused (an answer without its envelope is
// checked as the envelope's data, the error envelope sent with 200 as the error envelope, a
// dropped field or a retyped value where it was dropped or retyped); anything else an
// answer breaks is still caught. A failure scenario's error envelope under 200 is checked as
// the error envelope; its spoiled bodies (cut, dribbled, broken off) are made after this check.
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { OpenApiDocument } from '../../../sdk/src/spec/openapi.ts';
import { specValidatorFor, type SpecValidator, type ValidationResult } from '../spec/validator.ts';
import { errorEnvelope, isSuccessEnvelope, successEnvelope } from '../../../sdk/src/envelope/index.ts';
import type { BreaksRecord, DeliberateBreaks } from '../behaviour/layer.ts';
// The request's `scenario` (declared there) names the failure scenario answering the call.
import type {} from '../behaviour/scenarios/plugin.ts';

const errorEnvelopeSchema = '#/components/schemas/ErrorEnvelope';

/** Whether a violation is one the answer makes on purpose. */
const excusedBy = (breaks: DeliberateBreaks) => (error: ErrorObject) =>
  (error.keyword === 'required' && breaks.dropped.some((d) => d.record === error.instancePath && d.field === error.params.missingProperty)) ||
  breaks.retyped.includes(error.instancePath);

function checkOperationAnswer(validator: SpecValidator, method: string, template: string, status: number, body: unknown, breaks: DeliberateBreaks | undefined): ValidationResult {
  if (!breaks) return validator.validateResponse(method, template, status, body);
  if (breaks.errorEnvelope) return validator.validateAt(errorEnvelopeSchema, body);
  // The message is no part of what is checked here: any string passes.
  const envelope = breaks.bare ? successEnvelope('', body) : body;
  return validator.validateResponse(method, template, status, envelope, excusedBy(breaks));
}

function check(validator: SpecValidator, request: FastifyRequest, reply: FastifyReply, body: unknown, breaks: BreaksRecord | undefined): ValidationResult {
  const method = request.method.toLowerCase();
  const template = request.routeOptions.url?.replace(/:(\w+)/g, '{$1}');
  if (request.scenario?.definition.answer === 'error-on-200') return validator.validateAt(errorEnvelopeSchema, body);
  if (template && validator.document.paths[template]?.[method]) return checkOperationAnswer(validator, method, template, reply.statusCode, body, breaks?.get(request));
  if (reply.statusCode >= 400) return validator.validateAt(errorEnvelopeSchema, body);
  return isSuccessEnvelope(body)
    ? { valid: true }
    : { valid: false, message: 'body is not a success envelope' };
}

export type ResponseCheckOptions = {
  document?: OpenApiDocument;
  /** What answers break on purpose, when the sandbox plays a behaviour. */
  breaks?: BreaksRecord;
};

export const responseCheckPlugin = fp(async (app: FastifyInstance, { document, breaks }: ResponseCheckOptions) => {
  const validator = specValidatorFor(document);
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      body = undefined;
    }
    const result = body === undefined ? { valid: false as const, message: 'body is not JSON' } : check(validator, request, reply, body, breaks);
    if (result.valid) return payload;
    const message = `The sandbox answered ${request.method} ${request.routeOptions.url ?? request.url} with ${reply.statusCode} outside the spec: ${result.message}`;
    request.log.error(message);
    reply.code(500);
    return JSON.stringify(errorEnvelope(message));
  });
}, { name: 'sandbox-response-check' });
