// Hooks a Behaviour (layer.ts) into the routes of the operations it touches: its decision
// before the handler, its transformation of the success answer after. Other routes, and
// every route when the sandbox plays no behaviour (the plugin is then not registered), run
// exactly as before. Registered in the authenticated context before the API routes, so
// its onRoute hook sees them.
import type { FastifyInstance, preHandlerAsyncHookHandler, preSerializationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Behaviour, BreaksRecord } from './layer.ts';

export type BehaviourPluginOptions = {
  behaviour: Behaviour;
  /** Where to leave what each transformed answer breaks on purpose; only the response self-check reads it. */
  breaks?: BreaksRecord;
};

/** A route's hooks of one kind, as Fastify takes them (none, one or a list), with one more. */
export function withHook<Hook>(existing: Hook | Hook[] | undefined, hook: Hook): Hook[] {
  return existing === undefined ? [hook] : [existing, hook].flat() as Hook[];
}

export const behaviourPlugin = fp<BehaviourPluginOptions>(async (app: FastifyInstance, { behaviour, breaks }) => {
  app.addHook('onRoute', (route) => {
    // fastify-openapi-glue keeps each operation's id in its route schema; routes outside the spec have none.
    const operationId = (route.schema as { operationId?: unknown } | undefined)?.operationId;
    if (typeof operationId !== 'string' || !behaviour.touches(operationId)) return;

    const { decide, transform } = behaviour;
    if (decide) {
      const decision: preHandlerAsyncHookHandler = (request, reply) => decide(operationId, request, reply);
      route.preHandler = withHook(route.preHandler, decision);
    }
    if (transform) {
      // preSerialization sees the handler's object before it becomes text, and comes before
      // every onSend hook (the response self-check among them).
      const transformation: preSerializationHookHandler<unknown> = (request, reply, payload, done) => {
        if (reply.statusCode !== 200) return done(null, payload);
        Promise.resolve(transform(operationId, payload)).then((answer) => {
          breaks?.set(request, answer.breaks);
          // The route's serializer is compiled from the spec's schema: it would drop fields the
          // spec does not list and coerce values back to the spec's types.
          reply.serializer(JSON.stringify);
          done(null, answer.body);
        }, done);
      };
      route.preSerialization = withHook(route.preSerialization, transformation);
    }
  });
}, { name: 'sandbox-behaviour' });
