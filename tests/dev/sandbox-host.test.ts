// The sandbox whose routes are replaced from a new document while it serves: records
// survive every reload, an operation that leaves the spec stops being routed and finds its
// records again when it returns, a new operation without behaviour answers 501, and a
// document the sandbox cannot serve leaves the last one serving.
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient, hmacSha256, unwrap, type WalletApiClient } from '../../packages/sdk/src/client/index.ts';
import { createHostServer, SandboxHost } from '../../tools/dev/sandbox-host.ts';
import { demoCredentials } from '../../packages/sandbox/src/index.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import type { OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';
import { exampleRequest, modelOperations } from '../support/operations.ts';

const original = loadBundledDocument();
const withPaths = (change: (paths: OpenApiDocument['paths']) => void): OpenApiDocument => {
  const document = structuredClone(original);
  change(document.paths);
  return document;
};

let host: SandboxHost;
let server: Server;
let client: WalletApiClient;

beforeAll(async () => {
  host = new SandboxHost({ apiKeys: { [demoCredentials.apiKey]: demoCredentials.secret }, timestampWindowSeconds: 300, logger: false, validateResponses: true });
  server = createHostServer({}, (request, response) => host.handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  client = createClient({ environment: 'custom', baseUrl: `http://127.0.0.1:${port}`, apiKey: demoCredentials.apiKey, signer: hmacSha256({ secret: demoCredentials.secret }) });
});
afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  await host?.close();
});

const listWalletIds = async () => (await unwrap(client.GET('/api/v1/wallets'))).map((wallet) => wallet._id);
/** The ApiError a call ends in (a call that succeeds, or fails otherwise, fails the test). */
const failure = async (call: Promise<unknown>): Promise<ApiError> =>
  unwrap(call as never).then(
    () => expect.fail('the call succeeded'),
    (error: unknown) => (error instanceof ApiError ? error : expect.fail(`not an ApiError: ${String(error)}`)),
  );

describe('a sandbox whose routes are reloaded', () => {
  let walletId: string;

  it('serves the document it was loaded with', async () => {
    expect(await host.load(original)).toEqual({ operations: 16, unimplemented: [], unrouted: [] });
    const createWallet = modelOperations().find((op) => op.operationId === 'createWallet')!;
    walletId = (await unwrap(client.POST('/api/v1/wallets/generate-wallet', { body: exampleRequest(createWallet).body as never })))._id;
    expect(walletId).toEqual(expect.any(String));
    expect(await listWalletIds()).toEqual([walletId]);
  });

  it('keeps the records when the same operations are reloaded', async () => {
    await host.load(structuredClone(original));
    expect(await listWalletIds()).toEqual([walletId]);
  });

  it('stops routing an operation that left the spec, and finds its records when it returns', async () => {
    const report = await host.load(withPaths((paths) => delete paths['/api/v1/wallets']));
    expect(report).toEqual({ operations: 15, unimplemented: [], unrouted: ['listWallets'] });
    const gone = await failure(client.GET('/api/v1/wallets'));
    expect(gone.httpStatus).toBe(404);
    expect(gone.envelope).toMatchObject({ status: 'error', data: null });

    await host.load(original);
    expect(await listWalletIds()).toEqual([walletId]);
  });

  it('answers 501 with the envelope for a new operation that has no behaviour yet', async () => {
    const report = await host.load(
      withPaths((paths) => {
        paths['/api/v1/wallets/archived'] = { get: { ...structuredClone(paths['/api/v1/wallets']!.get!), operationId: 'listArchivedWallets' } };
      }),
    );
    expect(report.unimplemented).toEqual(['listArchivedWallets']);
    const response = await fetch(`${client.baseUrl}/api/v1/wallets/archived`);
    // Authentication comes first, as for every operation.
    expect(response.status).toBe(401);
    const unimplemented = await failure(client.GET('/api/v1/wallets/archived' as never, {} as never));
    expect(unimplemented.httpStatus).toBe(501);
    expect(unimplemented.envelope).toMatchObject({ status: 'error', message: expect.stringContaining('listArchivedWallets'), data: null });
    expect(await listWalletIds()).toEqual([walletId]);
  });

  it('keeps the last document serving when a new one cannot be served', async () => {
    const unservable = withPaths((paths) => {
      paths['/api/v1/wallets']!.get!.security = [];
    });
    await expect(host.load(unservable)).rejects.toThrow(/own security requirement/);
    expect(await listWalletIds()).toEqual([walletId]);
    const stillThere = await failure(client.GET('/api/v1/wallets/archived' as never, {} as never));
    expect(stillThere.httpStatus).toBe(501);
  });
});
