// The sandboxes started in one process share their compiled validators (packages/sandbox/src/plugins/
// validation.ts, specValidatorFor): a test suite that starts one per file or per test
// compiles the spec's schemas once. Shared, they still check each sandbox against its own
// spec, requests and answers: one started from an edited spec refuses what the edit refuses
// and holds its answers to the edit, and one started after it from the published spec
// accepts and answers what that does.
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildSandboxApp } from '../../packages/sandbox/src/app.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import type { OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';
import { sendSigned } from '../support/signed-http.ts';

const credentials = { apiKey: 'compiled-once-key', secret: 'compiled-once-secret' };
const withdrawal = { chain: 'ethereum', amount: 25, coin: 'usdt', receiverAddress: '0x0000000000000000000000000000000000000001' };
const apps: FastifyInstance[] = [];
afterAll(() => Promise.all(apps.map((app) => app.close())));

/** The published spec with a page size of at most 5, a chain name of at most 3 characters, and the wallet list's message of at most 3. */
function editedSpec(): OpenApiDocument {
  const document = structuredClone(loadBundledDocument());
  const components = document.components as { parameters: Record<string, { schema: Record<string, unknown> }>; schemas: Record<string, { properties: Record<string, Record<string, unknown>> }> };
  components.parameters.Limit!.schema.maximum = 5;
  components.schemas.PreviewWithdrawalRequest!.properties.chain!.maxLength = 3;
  const walletList = document.paths['/api/v1/wallets']!.get!.responses!['200'] as { content: Record<string, { schema: { properties: Record<string, Record<string, unknown>> } }> };
  walletList.content['application/json']!.schema.properties.message!.maxLength = 3;
  return document;
}

async function sandboxOf(document: OpenApiDocument) {
  const app = await buildSandboxApp({ apiKeys: { [credentials.apiKey]: credentials.secret }, timestampWindowSeconds: 60, document, validateResponses: true });
  apps.push(app);
  await app.listen({ host: '127.0.0.1', port: 0 });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const list = await sendSigned(url, { method: 'GET', pathWithQuery: '/api/v1/transactions?limit=10' }, credentials);
  const preview = await sendSigned(url, { method: 'POST', pathWithQuery: '/api/v1/wallets/preview-withdraw', body: JSON.stringify(withdrawal), contentType: 'application/json' }, credentials);
  const wallets = await sendSigned(url, { method: 'GET', pathWithQuery: '/api/v1/wallets' }, credentials);
  return { list, preview, wallets };
}

const messageOf = (answer: { json: unknown }) => (answer.json as { message: string }).message;

describe('sandboxes started one after another in one process', () => {
  it('each check requests and answers against their own spec, the published one before and after an edited one', async () => {
    const before = await sandboxOf(loadBundledDocument());
    const edited = await sandboxOf(editedSpec());
    const after = await sandboxOf(loadBundledDocument());
    for (const published of [before, after]) {
      expect(published.list.status, messageOf(published.list)).toBe(200);
      expect(published.preview.status, messageOf(published.preview)).toBe(200);
      expect(published.wallets.status, messageOf(published.wallets)).toBe(200);
    }
    expect(edited.list.status).toBe(400);
    expect(messageOf(edited.list)).toMatch(/limit must be <= 5/);
    expect(edited.preview.status).toBe(400);
    expect(messageOf(edited.preview)).toMatch(/chain must NOT have more than 3 characters/);
    // The sandbox's message is longer than the edited spec allows.
    expect(edited.wallets.status).toBe(500);
    expect(messageOf(edited.wallets)).toMatch(/with 200 outside the spec: body\/message must NOT have more than 3 characters/);
  });
});
