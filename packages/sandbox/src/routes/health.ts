// GET /sandbox/health: readiness for load balancers and orchestrators, without credentials
// and without data. 200 when the store answers, 503 (the error envelope) when it does not:
// take the replica out of rotation until its database is back. GET /sandbox/health/live is
// liveness: 200 whenever the process answers at all, so an orchestrator does not restart a
// replica that is only waiting for its database.
import type { FastifyInstance } from 'fastify';
import { successEnvelope } from '../../../sdk/src/envelope/index.ts';
import { sendError } from '../plugins/errors.ts';
import type { SandboxStore } from '../store/store.ts';

export async function healthRoutes(app: FastifyInstance, { store }: { store: Pick<SandboxStore, 'ready'> }): Promise<void> {
  app.get('/', async (_request, reply) => {
    if (await store.ready()) return successEnvelope('Ready', null);
    return sendError(reply.header('retry-after', '1'), 503, "Not ready: the sandbox's database cannot be reached");
  });
  app.get('/live', async () => successEnvelope('Live', null));
}
