// The operation methods (`client.createSwap({ … })`): for every operation of the spec, a
// method call sends what the spec's own example request says, byte for byte (the oracle is
// the spec's examples, read here, not the generated table), resolves to the envelope's
// `data`, throws the typed errors, takes the call options, hands the response over on
// demand and walks pages by name; and the generator refuses what a method could not say.
import { describe, expect, it } from 'vitest';
import { ApiError, AbortedError, createClient, hmacSha256, InvalidResponseError, TimeoutError, type ClientOptions, type WalletApiClient } from '../../packages/sdk/src/client/index.ts';
import { OperationMethodsError, renderOperations } from '../../tools/codegen/operations.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import type { OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';
import { answerJson, successEnvelope, useCaptureServer } from '../support/capture-server.ts';
import { exampleRequest, modelOperations } from '../support/operations.ts';

const capture = useCaptureServer();
const fixed = new Date(Date.UTC(2026, 10, 27, 6, 0, 0, 0));
const client = (overrides: Partial<ClientOptions> = {}) =>
  createClient({ environment: 'custom', baseUrl: capture.server.url, apiKey: 'methods-key', signer: hmacSha256({ secret: 'methods-secret' }), now: () => fixed, ...overrides });
const untyped = (c: WalletApiClient) => c as unknown as Record<string, ((input?: unknown, options?: unknown) => Promise<unknown>) & { withResponse: (input?: unknown, options?: unknown) => Promise<{ data: unknown; envelope: unknown; response: Response }> }>;

describe('a method per operation', () => {
  const operations = modelOperations();

  it('exists for every operation of the spec, under its operationId, beside the path-string calls', () => {
    const c = client();
    for (const op of operations) expect(typeof untyped(c)[op.operationId], op.operationId).toBe('function');
    expect(operations).toHaveLength(16);
    expect(typeof c.GET).toBe('function');
    expect(typeof c.POST).toBe('function');
  });

  it.each(modelOperations().map((op) => [op.operationId, op] as const))('%s sends the spec\'s example request exactly as the path-string call does, and resolves to the data', async (_id, op) => {
    const example = exampleRequest(op);
    const input = { ...example.pathParams, ...example.queryParams, ...example.body };
    const c = client();
    const data = await untyped(c)[op.operationId]!(input);
    expect(data).toEqual(successEnvelope.data);
    // The same call as a path string: the request the method sent must be the same, signature
    // included. From a client of its own on the same fixed clock: one client signs each of its
    // requests at a distinct millisecond.
    const init = { params: { path: example.pathParams, query: example.queryParams }, ...(example.body ? { body: example.body } : {}) };
    const twin = client();
    await (op.method === 'GET' ? twin.GET(op.pathTemplate as never, init as never) : twin.POST(op.pathTemplate as never, init as never));
    const [byMethod, byPath] = capture.server.requests;
    expect(byMethod!.method).toBe(op.method);
    expect(byMethod!.url).toBe(example.pathWithQuery);
    expect(byMethod!.body.toString('utf8')).toBe(example.body ? JSON.stringify(example.body) : '');
    expect(byMethod).toEqual(byPath);
  });

  it('throws the typed errors: an error envelope is an ApiError, a redirect an InvalidResponseError', async () => {
    capture.server.handle((_req, res) => answerJson(res, 402, { status: 'error', message: 'Insufficient balance', data: null }));
    const refused = await client().createSwap({ from: 'usdt', to: 'ngn', amount: 1, password: 'p' }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ httpStatus: 402, apiMessage: 'Insufficient balance', operation: 'POST /api/v1/swaps' });
    capture.server.handle((_req, res) => answerJson(res, 200, { status: 'error', message: 'Swap could not be confirmed', data: null }));
    await expect(client().confirmSwap({ id: 'swap-1' })).rejects.toMatchObject({ kind: 'api', httpStatus: 200, operation: 'POST /api/v1/swaps/{id}/confirm' });
    capture.server.handle((_req, res) => answerJson(res, 307, { status: 'error', message: 'moved', data: null }));
    await expect(client().listWallets()).rejects.toBeInstanceOf(InvalidResponseError);
  });

  it('takes the call options as a second argument: timeoutMs, signal, retry', async () => {
    capture.server.handle(() => {});
    await expect(client().getRates(undefined, { timeoutMs: 50 })).rejects.toBeInstanceOf(TimeoutError);
    const controller = new AbortController();
    const aborted = client().confirmSwap({ id: 'swap-1' }, { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toBeInstanceOf(AbortedError);
    capture.server.requests.length = 0;
    let calls = 0;
    capture.server.handle((_req, res) => (++calls < 3 ? answerJson(res, 503, { status: 'error', message: 'busy', data: null }) : answerJson(res, 200, successEnvelope)));
    await expect(client().listWallets(undefined, { retry: { attempts: 3, initialDelayMs: 1 } })).resolves.toEqual(successEnvelope.data);
    expect(capture.server.requests).toHaveLength(3);
  });

  it('.withResponse gives the data, the whole envelope and the HTTP response', async () => {
    capture.server.handle((_req, res) => {
      res.setHeader('x-request-note', 'seen');
      answerJson(res, 200, successEnvelope);
    });
    const { data, envelope, response } = await client().confirmSwap.withResponse({ id: 'swap-1' });
    expect(data).toEqual(successEnvelope.data);
    expect(envelope).toEqual(successEnvelope);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-note')).toBe('seen');
  });

  it('refuses, sending nothing, a field the operation does not have, a missing path parameter, or input that is not an object', async () => {
    const c = untyped(client());
    await expect(c.createSwap!({ from: 'usdt', to: 'ngn', amount: 1, password: 'p', form: 'x' })).rejects.toThrow('createSwap has no field "form" (its fields: from, to, amount, password); nothing was sent');
    await expect(c.listWallets!({ page: 1 })).rejects.toThrow('listWallets has no field "page" (it takes none); nothing was sent');
    await expect(c.confirmSwap!({})).rejects.toThrow('confirmSwap needs id; nothing was sent');
    await expect(c.confirmSwap!('swap-1')).rejects.toThrow(TypeError);
    await expect(c.confirmSwap!.withResponse({})).rejects.toThrow('confirmSwap needs id; nothing was sent');
    expect(capture.server.requests).toHaveLength(0);
  });

  it('walks a paged operation by name: listTransactions.paginate from input.page, with maxPages', async () => {
    capture.server.handle((req, res) => {
      const page = Number(new URL(req.url, 'http://x').searchParams.get('page'));
      answerJson(res, 200, { status: 'success', message: 'ok', data: { page, pages: 5, limit: 2, total: 10, data: [{ id: `t${page}a` }, { id: `t${page}b` }] } });
    });
    const seen: string[] = [];
    for await (const record of client().listTransactions.paginate({ limit: 2, page: 2 }, { maxPages: 2 })) seen.push((record as unknown as { id: string }).id);
    expect(seen).toEqual(['t2a', 't2b', 't3a', 't3b']);
    expect(capture.server.requests.map((r) => r.url)).toEqual(['/api/v1/transactions?limit=2&page=2', '/api/v1/transactions?limit=2&page=3']);
    const pages: number[] = [];
    for await (const page of client().listTransactions.paginate().pages()) pages.push(page.page);
    expect(pages).toEqual([1, 2, 3, 4, 5]);
    // Only paged operations walk.
    expect('paginate' in client().listWallets).toBe(false);
  });
});

describe('the generator', () => {
  const document = () => structuredClone(loadBundledDocument()) as OpenApiDocument;
  const pathItem = (doc: OpenApiDocument, path: string) => doc.paths[path] as Record<string, { parameters?: unknown[]; description?: string; operationId: string }>;

  it('writes the summary and the description of each operation as its doc comment', () => {
    const rendered = renderOperations();
    expect(rendered).toContain(['  /**', '   * Confirm a swap', '   *'].join('\n'));
    expect(rendered).toContain("  readonly confirmSwap: OperationMethod<'confirmSwap', 'post'>;");
    expect(rendered).toContain("  readonly listTransactions: PagedOperationMethod<'listTransactions'>;");
    const doc = document();
    pathItem(doc, '/api/v1/wallets').get!.description = 'Ends a comment early */ if not escaped.';
    expect(renderOperations(doc)).toContain('Ends a comment early *\\/ if not escaped.');
  });

  it('refuses two fields of one operation sharing a name', () => {
    const doc = document();
    // createSwap's body has `amount`; a query parameter of the same name would be ambiguous.
    pathItem(doc, '/api/v1/swaps').post!.parameters = [{ name: 'amount', in: 'query', schema: { type: 'number' } }];
    expect(() => renderOperations(doc)).toThrow(OperationMethodsError);
    expect(() => renderOperations(doc)).toThrow('createSwap: "amount" is both a query parameter and a body field; a method takes them in one object, so they need distinct names');
  });

  it('refuses an operationId that is not a method name or that hides a member of the client', () => {
    const doc = document();
    pathItem(doc, '/api/v1/wallets').get!.operationId = 'list-wallets';
    expect(() => renderOperations(doc)).toThrow('GET /api/v1/wallets: operationId "list-wallets" is not a method name');
    pathItem(doc, '/api/v1/wallets').get!.operationId = 'paginate';
    expect(() => renderOperations(doc)).toThrow('paginate: the client already has a member of that name');
  });
});
