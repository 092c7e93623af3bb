// Every operation of the spec called once through the client against the Prism mock
// (request validation on) with the spec's example request, each answer checked against the spec.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError, createClient, hmacSha256, unwrap, type CallResult, type SignatureInput, type WalletApiClient } from '../../packages/sdk/src/client/index.ts';
import { startApiMock, type RunningApiMock } from '../../tools/mock/index.ts';
import { SpecValidator } from '../../packages/sandbox/src/spec/validator.ts';
import { exampleRequest, modelOperations, type OperationModel } from '../support/operations.ts';

let mock: RunningApiMock;
let client: WalletApiClient;
const signed: SignatureInput[] = [];
const validator = new SpecValidator();

beforeAll(async () => {
  mock = await startApiMock();
  const sign = hmacSha256({ secret: 'prism-test-secret' });
  client = createClient({ environment: 'custom', baseUrl: mock.url, apiKey: 'prism-test-key', signer: (input) => (signed.push(input), sign(input)) });
});
afterAll(() => mock?.close());

const operations = modelOperations();

/** An operation called through the client's method for its HTTP verb, with the spec's example request. */
function callExample(c: WalletApiClient, op: OperationModel): Promise<CallResult> {
  const { pathParams, queryParams, body } = exampleRequest(op);
  const call = c[op.method as 'GET' | 'POST'] as unknown as (path: string, init: object) => Promise<CallResult>;
  return call(op.pathTemplate, { params: { path: pathParams, query: queryParams }, ...(body === undefined ? {} : { body }) });
}

describe('the client against the Prism mock', () => {
  it.each(operations.map((o) => [o.operationId, o.method, o.pathTemplate, o] as const))('%s (%s %s) answers a spec-valid success', async (_id, method, path, op) => {
    const before = signed.length;
    const result = await callExample(client, op);
    expect(result.response.status, JSON.stringify(result.error)).toBe(200);
    expect(validator.validateResponse(method, path, 200, result.data)).toEqual({ valid: true });
    expect(await unwrap(result)).toEqual((result.data as { data: unknown }).data);
    expect(signed.length).toBe(before + 1);
    expect(signed.at(-1)!.method).toBe(method.toUpperCase());
    expect(signed.at(-1)!.pathWithQuery).toBe(exampleRequest(op).pathWithQuery);
  });

  it('turns an error envelope into an ApiError with status, message, operation and envelope', async () => {
    const error = await unwrap(client.GET('/api/v1/wallets', { headers: { Prefer: 'code=422, example=invalidRequest' } })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      httpStatus: 422,
      operation: 'GET /api/v1/wallets',
      apiMessage: "Invalid request: body must have required property 'amount'",
      envelope: { status: 'error', message: "Invalid request: body must have required property 'amount'", data: null },
    });
  });

  it('turns a request the mock rejects into an ApiError', async () => {
    // Deliberately invalid: the required coin is missing (the types would not allow it).
    const invalid = client.GET as unknown as (path: string) => Promise<CallResult>;
    const error = await unwrap(invalid('/api/v1/wallets/minimum-withdrawal-amount')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).httpStatus).toBe(422);
    expect((error as ApiError).envelope).toMatchObject({ status: 'error', message: expect.stringMatching(/query must have required property 'coin'/), data: null });
  });

  it('surfaces the missing-API-key answer as an ApiError', async () => {
    // A proxy that drops x-api-key on the way: the only way to get a key-less request out of this client.
    const dropKey: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.delete('x-api-key');
      return fetch(input, { ...init, headers });
    };
    const keyless = createClient({ environment: 'custom', baseUrl: mock.url, apiKey: 'key-keyless-1', signer: () => 'sig', fetch: dropKey });
    const error = await unwrap(keyless.GET('/api/v1/wallets')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ httpStatus: 401, apiMessage: 'No API key was provided' });
    expect(() => createClient({ environment: 'custom', baseUrl: mock.url, apiKey: '', signer: () => 'sig' })).toThrow(/apiKey is required/);
  });
});
