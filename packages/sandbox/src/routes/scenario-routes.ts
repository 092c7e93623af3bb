// The test helpers that arm failure scenarios (packages/sandbox/src/behaviour/scenarios), outside the
// public spec like the other /sandbox helpers and with the same authentication: each API key
// arms, lists and clears its own. The definition's schema is the route's body schema, so a
// bad definition is refused with the error envelope naming the field.
import type { FastifyInstance } from 'fastify';
import { successEnvelope } from '../../../sdk/src/envelope/index.ts';
import { ScenarioLimitError } from '../behaviour/scenarios/book.ts';
import type { ScenarioStore } from '../store/store.ts';
import { scenarioSchema, type ScenarioDefinition } from '../behaviour/scenarios/definition.ts';
import { conflict, notFound } from '../errors.ts';
import { shown } from '../operations/context.ts';

export type ScenarioRoutesOptions = { book: ScenarioStore; operationIds: readonly string[] };

export async function scenarioRoutes(app: FastifyInstance, { book, operationIds }: ScenarioRoutesOptions): Promise<void> {
  app.post('/', { schema: { body: scenarioSchema(operationIds) } }, async (request) => {
    try {
      return successEnvelope('Scenario armed', await book.arm(request.apiKey, request.body as ScenarioDefinition));
    } catch (error) {
      if (error instanceof ScenarioLimitError) throw conflict(error.message);
      throw error;
    }
  });
  app.get('/', async (request) => successEnvelope('Scenarios armed', await book.list(request.apiKey)));
  app.delete('/', async (request) => {
    await book.clear(request.apiKey);
    return successEnvelope('Scenarios cleared', null);
  });
  app.delete('/:id', { schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1 } } } } }, async (request) => {
    const { id } = request.params as { id: string };
    if (!(await book.disarm(request.apiKey, id))) throw notFound(`No scenario ${shown(id)}`);
    return successEnvelope('Scenario cleared', null);
  });
}
