// Hooks failure scenarios onto every route of the spec's operations: a check before the
// handler (is a scenario armed for the caller's API key, and does one pick this call?) and
// one as the answer is sent. With no scenario armed for the API key in a store that knows
// it at once (in memory), each costs one Map look-up; both are callback hooks, so no promise
// either. A shared store (PostgreSQL) is asked on every call: another replica may have armed one. Registered in the authenticated
// context after the provider profile's hooks: a scenario overrides the standing behaviour.
import type { FastifyInstance, onSendHookHandler, preHandlerHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { withHook } from '../plugin.ts';
import type { ArmedScenario } from './book.ts';
import type { ScenarioStore } from '../../store/store.ts';
import { actBefore, reshapeAnswer, type FaultMode } from './perform.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The failure scenario answering this call, if one does. */
    scenario: ArmedScenario | undefined;
  }
}

export type ScenarioPluginOptions = { book: ScenarioStore; faults: FaultMode };

export const scenarioPlugin = fp<ScenarioPluginOptions>(async (app: FastifyInstance, { book, faults }) => {
  app.decorateRequest('scenario', undefined);
  app.addHook('onRoute', (route) => {
    // fastify-openapi-glue keeps each operation's id in its route schema; routes outside the spec have none.
    const operationId = (route.schema as { operationId?: unknown } | undefined)?.operationId;
    if (typeof operationId !== 'string') return;
    const before: preHandlerHookHandler = (request, reply, done) => {
      if (!book.mayBeArmed(request.apiKey)) return done();
      const act = (scenario: ArmedScenario | undefined) => {
        if (scenario === undefined) return done();
        request.scenario = scenario;
        actBefore(scenario.definition, request, reply, faults, done);
      };
      const answer = book.answerFor(request.apiKey, operationId, request.body);
      if (answer instanceof Promise) answer.then(act, done);
      else act(answer);
    };
    const asSent: onSendHookHandler = (request, reply, payload, done) => {
      const scenario = request.scenario;
      if (scenario === undefined) return done(null, payload);
      const reshaped = reshapeAnswer(scenario.definition, reply, payload, faults);
      done(null, reshaped === undefined ? payload : reshaped);
    };
    route.preHandler = withHook(route.preHandler, before);
    route.onSend = withHook(route.onSend, asSent);
  });
}, { name: 'sandbox-scenarios' });
