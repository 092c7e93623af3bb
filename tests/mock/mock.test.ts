// The mock as a client sees it: Prism on a free loopback port behind the envelope proxy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiMock, type RunningApiMock } from '../../tools/mock/index.ts';
import { maxRequestBytes } from '../../tools/mock/envelope-proxy.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { SpecValidator } from '../../packages/sandbox/src/spec/validator.ts';
import { exampleRequest, modelOperations } from '../support/operations.ts';

const doc = loadBundledDocument();
/** The mock checks that the three headers are there, not what they say. */
const authHeaders = { 'x-api-key': 'mock-key', 'x-timestamp': '2026-11-21T10:15:30.123Z', 'x-signature': 'mock-signature' };
const validator = new SpecValidator(doc);
let mock: RunningApiMock;

beforeAll(async () => {
  mock = await startApiMock();
});
afterAll(async () => {
  await mock?.close();
});

type Answer = { status: number; contentType: string; body: unknown };

async function call(method: string, path: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  const response = await fetch(`${mock.url}${path}`, {
    method,
    headers: { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
    body: options.body,
    signal: AbortSignal.timeout(10_000),
  });
  const text = await response.text();
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', body: JSON.parse(text) as unknown };
}

/** Every error answer is the spec's envelope, valid for the operation and status, never problem+json. */
function expectEnvelope(answer: Answer, method: string, pathTemplate: string, status: number, message: RegExp) {
  expect(answer.status).toBe(status);
  expect(answer.contentType).toMatch(/^application\/json\b/);
  expect(answer.body).toEqual({ status: 'error', message: expect.stringMatching(message), data: null });
  expect(validator.validateResponse(method, pathTemplate, status, answer.body)).toEqual({ valid: true });
}

describe('npm run mock (Prism behind the envelope proxy)', () => {
  const requests = modelOperations(doc).map((op) => {
    const { method, pathWithQuery, body } = exampleRequest(op);
    return { operationId: op.operationId, method, pathTemplate: op.pathTemplate, path: pathWithQuery, body, expected: op.successExample };
  });

  it('has a request for each of the 16 operations, each with the success example to expect', () => {
    expect(new Set(requests.map((r) => r.operationId)).size).toBe(16);
    for (const r of requests) expect(r.expected, r.operationId).toMatchObject({ status: 'success' });
  });

  it.each(requests)('answers $method $pathTemplate ($operationId) with its success example, valid against the spec', async (r) => {
    const answer = await call(r.method, r.path, { headers: authHeaders, body: r.body === undefined ? undefined : JSON.stringify(r.body) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toEqual(r.expected);
    expect(validator.validateResponse(r.method, r.pathTemplate, 200, answer.body)).toEqual({ valid: true });
  });

  it('tells a request without an API key that no API key was provided (401)', async () => {
    const answer = await call('GET', '/api/v1/wallets');
    expectEnvelope(answer, 'get', '/api/v1/wallets', 401, /^No API key was provided$/);
  });

  it('names the missing timestamp and signature headers when only the API key is sent', async () => {
    const answer = await call('GET', '/api/v1/wallets', { headers: { 'x-api-key': authHeaders['x-api-key'] } });
    expectEnvelope(answer, 'get', '/api/v1/wallets', 401, /^Missing authentication headers: x-timestamp, x-signature$/);
    expect(JSON.stringify(answer.body)).not.toContain(authHeaders['x-api-key']);
  });

  it('names each missing body field', async () => {
    const answer = await call('POST', '/api/v1/wallets/preview-withdraw', { headers: authHeaders, body: JSON.stringify({ coin: 'usdt' }) });
    expectEnvelope(answer, 'post', '/api/v1/wallets/preview-withdraw', 422, /'chain'.*'amount'.*'receiverAddress'/);
  });

  it('names an unknown body field and a non-positive amount', async () => {
    const body = JSON.stringify({ from: 'usdt', to: 'ngn', amount: 0, password: 'p', colour: 'red' });
    const answer = await call('POST', '/api/v1/swaps', { headers: authHeaders, body });
    expectEnvelope(answer, 'post', '/api/v1/swaps', 422, /additional properties; found 'colour'.*amount must be > 0|amount must be > 0.*found 'colour'/);
  });

  it('names a missing required query parameter and invalid paging values', async () => {
    const missing = await call('GET', '/api/v1/wallets/minimum-withdrawal-amount', { headers: authHeaders });
    expectEnvelope(missing, 'get', '/api/v1/wallets/minimum-withdrawal-amount', 422, /query must have required property 'coin'/);
    const paging = await call('GET', '/api/v1/transactions?limit=0&page=first', { headers: authHeaders });
    expectEnvelope(paging, 'get', '/api/v1/transactions', 422, /limit must be >= 1.*page must be integer/);
  });

  it('says when the body is missing or is not JSON', async () => {
    const missing = await call('POST', '/api/v1/wallets/generate-wallet', { headers: authHeaders });
    expectEnvelope(missing, 'post', '/api/v1/wallets/generate-wallet', 422, /Body parameter is required/);
    const broken = await call('POST', '/api/v1/wallets/generate-wallet', { headers: authHeaders, body: '{"token": ' });
    expectEnvelope(broken, 'post', '/api/v1/wallets/generate-wallet', 400, /^The request body is not valid JSON$/);
  });

  it('refuses a body larger than the limit without passing it to Prism', async () => {
    const body = JSON.stringify({ token: 'usdt', name: 'x'.repeat(maxRequestBytes) });
    const answer = await call('POST', '/api/v1/wallets/generate-wallet', { headers: authHeaders, body });
    expectEnvelope(answer, 'post', '/api/v1/wallets/generate-wallet', 413, /larger than 1048576 bytes/);
  });

  it('answers unknown routes, methods and media types with the envelope, never problem+json', async () => {
    const route = await call('GET', '/api/v1/nowhere', { headers: authHeaders });
    expect(route).toMatchObject({ status: 404, contentType: expect.stringMatching(/^application\/json\b/) });
    expect(route.body).toEqual({ status: 'error', message: expect.stringMatching(/no path matched.*\/api\/v1\/nowhere/), data: null });
    expect(validator.validateAt('#/components/schemas/ErrorEnvelope', route.body)).toEqual({ valid: true });
    const method = await call('DELETE', '/api/v1/wallets', { headers: authHeaders });
    expect(method.status).toBe(405);
    expect(method.body).toEqual({ status: 'error', message: expect.stringMatching(/does not have "delete" method/), data: null });
    expect(validator.validateAt('#/components/schemas/ErrorEnvelope', method.body)).toEqual({ valid: true });
    const media = await call('GET', '/api/v1/wallets', { headers: { ...authHeaders, accept: 'text/plain' } });
    expectEnvelope(media, 'get', '/api/v1/wallets', 406, /Unable to find content for text\/plain/);
  });

  it('picks a response with Prefer: code=…, example=…', async () => {
    const invalid = await call('GET', '/api/v1/wallets', { headers: { ...authHeaders, prefer: 'code=400, example=invalidRequest' } });
    expectEnvelope(invalid, 'get', '/api/v1/wallets', 400, /^Invalid request: body must have required property 'amount'$/);
    const failure = await call('GET', '/api/v1/wallets', { headers: { ...authHeaders, prefer: 'code=500' } });
    expectEnvelope(failure, 'get', '/api/v1/wallets', 500, /^Internal error$/);
    const unknown = await call('GET', '/api/v1/wallets', { headers: { ...authHeaders, prefer: 'example=noSuchExample' } });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ status: 'error', message: expect.stringMatching(/exampleKey: noSuchExample does not exist/), data: null });
  });
});
