// Request bodies. Only application/json is accepted. The body is kept as the exact
// string received (the signature covers those bytes), and problems with it (bad JSON,
// another media type) are recorded during parsing but reported only after
// authentication, by the hook below. Operations with a body in the spec require one;
// operations without one refuse any.
import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { invalidInput } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body exactly as received (undefined when there is none). */
    rawBody: string | undefined;
    /** Why the body cannot be used, found while parsing and reported after authentication. */
    bodyProblem: string | undefined;
  }
}

/** Fastify's parser also refuses prototype-poisoning keys; this tells the two refusals apart. */
function isJson(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

export const bodyPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('rawBody', undefined);
  app.decorateRequest('bodyProblem', undefined);
  const parseJson = app.getDefaultJsonParser('error', 'error');

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, raw, done) => {
    const text = raw as string;
    request.rawBody = text;
    if (text === '') return done(null, undefined);
    parseJson(request, text, (error, value) => {
      if (error) request.bodyProblem = isJson(text) ? 'The body must not contain __proto__ or constructor.prototype keys' : 'The body is not valid JSON';
      done(null, error ? undefined : value);
    });
  });
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, raw, done) => {
    request.rawBody = raw as string;
    request.bodyProblem = 'Content-Type must be application/json';
    done(null, undefined);
  });

  // Whether a route takes a body is known when it is declared, so each route gets its own
  // check instead of every request reading request.routeOptions (a getter that builds a
  // new object on each access). Route hooks run after the context's, so authentication
  // still comes first. Callback-style: an async hook costs a promise per request.
  const requiresBody: preValidationHookHandler = (request, _reply, done) => {
    if (request.bodyProblem) return done(invalidInput(request.bodyProblem));
    if (request.rawBody === undefined || request.rawBody === '') return done(invalidInput('A JSON request body is required (Content-Type: application/json)'));
    done();
  };
  const refusesBody: preValidationHookHandler = (request, _reply, done) => {
    if (request.bodyProblem) return done(invalidInput(request.bodyProblem));
    if (request.rawBody !== undefined && request.rawBody !== '') return done(invalidInput('This operation takes no request body'));
    done();
  };
  app.addHook('onRoute', (route) => {
    const check = route.schema?.body === undefined ? refusesBody : requiresBody;
    const existing = route.preValidation === undefined ? [] : [route.preValidation].flat();
    route.preValidation = [...existing, check];
  });
}, { name: 'sandbox-body', dependencies: ['sandbox-errors'] });
