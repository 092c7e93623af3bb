// The test helpers that arm failure scenarios (src/sandbox/behaviour/scenarios), outside the
// public spec like the other /sandbox helpers and with the same authentication: each API key
// arms, lists and clears its own. The definition's schema is the route's body schema, so a
// bad definition is refused with the error envelope naming the field.
import type { FastifyInstance } from 'fastify';
import { successEnvelope } from '../../envelope/index.ts';
import { ScenarioLimitError, type ScenarioBook } from '../behaviour/scenarios/book.ts';
import { scenarioSchema, type ScenarioDefinition } from '../behaviour/scenarios/definition.ts';
import { conflict, notFound } from '../errors.ts';
import { shown } from '../operations/context.ts';

export type ScenarioRoutesOptions = { book: ScenarioBook; operationIds: readonly string[] };

export async function scenarioRoutes(app: FastifyInstance, { book, operationIds }: ScenarioRoutesOptions): Promise<void> {
  app.post('/', { schema: { body: scenarioSchema(operationIds) } }, (request) => {
    try {
      return successEnvelope('Scenario armed', book.arm(request.apiKey, request.body as ScenarioDefinition));
    } catch (error) {
      if (error instanceof ScenarioLimitError) throw conflict(error.message);
      throw error;
    }
  });
  app.get('/', (request) => successEnvelope('Scenarios armed', book.list(request.apiKey)));
  app.delete('/', (request) => {
    book.clear(request.apiKey);
    return successEnvelope('Scenarios cleared', null);
  });
  app.delete('/:id', { schema: { params: { type: 'object', required: ['id'], properties: { id: { type: 'string', minLength: 1 } } } } }, (request) => {
    const { id } = request.params as { id: string };
    if (!book.disarm(request.apiKey, id)) throw notFound(`No scenario ${shown(id)}`);
    return successEnvelope('Scenario cleared', null);
  });
}
