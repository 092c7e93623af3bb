// Turns every failure into the error envelope: the sandbox's own refusals keep their
// class, schema violations and Fastify's request errors are invalid input (400) with a
// message naming the problem, unknown routes not found (404), a known path asked with a
// method it does not declare 405 with `Allow` (RFC 9110 §15.5.6), and anything else is a bug
// answered with a bare 500 (logged, never described to the caller). Fastify's own error
// shapes never leave. The refusal policy (a provider profile's, or the sandbox's own)
// decides the code and message of each refusal class.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errorEnvelope } from '../../../sdk/src/envelope/index.ts';
import { describeSchemaError, type SchemaError } from '../spec/ajv.ts';
import { SandboxError, sandboxRefusals, type RefusalClass, type RefusalPolicy } from '../errors.ts';
import { StoreUnavailableError } from '../store/unavailable.ts';

const partNames: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'headers' };

/** Every violation of a request part, described once each ("must match the then schema" adds nothing to the violation inside it). */
export function describeSchemaErrors(errors: SchemaError[], context: string): string {
  const part = partNames[context] ?? context;
  return `Invalid request: ${[...new Set(errors.filter((error) => error.keyword !== 'if').map((error) => describeSchemaError(error, part)))].join('; ')}`;
}

function pathOf(request: FastifyRequest): string {
  const path = request.url.split('?')[0] ?? '';
  return path.length > 120 ? `${path.slice(0, 120)}…` : path;
}

/** A route's path pattern (`/api/v1/swaps/:id/confirm`) as a test of a request's path, each parameter one segment. */
function patternOf(url: string): RegExp {
  const escaped = url.split('/').map((segment) => (segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${escaped.join('/')}$`);
}

/** The methods each route path answers, gathered as routes are added, for the 405's `Allow`. */
class DeclaredMethods {
  private readonly byUrl = new Map<string, { pattern: RegExp; methods: Set<string> }>();

  add(url: string, methods: string | string[]): void {
    let entry = this.byUrl.get(url);
    if (entry === undefined) this.byUrl.set(url, (entry = { pattern: patternOf(url), methods: new Set() }));
    for (const method of [methods].flat()) entry.methods.add(method.toUpperCase());
  }

  /** Every method some route of this path answers, sorted; empty when no route has the path. */
  of(path: string): string[] {
    const methods = new Set<string>();
    for (const { pattern, methods: declared } of this.byUrl.values()) if (pattern.test(path)) declared.forEach((method) => methods.add(method));
    return [...methods].sort();
  }
}

export function sendError(reply: FastifyReply, statusCode: number, message: string): FastifyReply {
  return reply.code(statusCode).type('application/json; charset=utf-8').send(errorEnvelope(message));
}

/** Answers a refusal of a class as the policy says, from the sandbox's own message. */
export function sendRefusal(reply: FastifyReply, refusals: RefusalPolicy, refusalClass: RefusalClass, message: string): FastifyReply {
  const refusal = refusals(refusalClass, message);
  return sendError(reply, refusal.status, refusal.message);
}

export const errorPlugin = fp<{ refusals?: RefusalPolicy }>(async (app: FastifyInstance, { refusals = sandboxRefusals }) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof SandboxError) return sendRefusal(reply, refusals, error.refusalClass, error.message);
    // The database is out of reach: the call changed nothing and may be sent again.
    if (error instanceof StoreUnavailableError) return sendError(reply.header('retry-after', '1'), 503, error.message);
    if (error.validation) return sendRefusal(reply, refusals, 'invalidInput', describeSchemaErrors(error.validation as SchemaError[], error.validationContext ?? 'request'));
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return sendRefusal(reply, refusals, 'invalidInput', `Invalid request: ${error.message}`);
    }
    request.log.error({ err: error }, 'sandbox failure');
    return sendError(reply, 500, 'Internal error');
  });

  // Application hook: it sees the routes of every context registered after this plugin.
  const declared = new DeclaredMethods();
  app.addHook('onRoute', (route) => declared.add(route.url, route.method));

  app.setNotFoundHandler((request, reply) => {
    const methods = declared.of(request.url.split('?')[0] ?? '');
    if (methods.length > 0) {
      return sendError(reply.header('allow', methods.join(', ')), 405, `Method ${request.method} not allowed on ${pathOf(request)}: it answers ${methods.join(', ')}`);
    }
    return sendRefusal(reply, refusals, 'notFound', `No operation ${request.method} ${pathOf(request)}`);
  });
}, { name: 'sandbox-errors' });
