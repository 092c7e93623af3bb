import { describe, expect, it } from 'vitest';
import type { DreddTransaction } from '../../tools/contract/dredd-transaction.ts';
import { ContractSession, matchMediaTypeParameters, usePathId } from '../../tools/contract/session.ts';
import { hmacSha256 } from '../../packages/sdk/src/signing/index.ts';
import { SpecValidator } from '../../packages/sandbox/src/spec/validator.ts';

function transaction(method: string, resourceName: string, uri: string): DreddTransaction {
  return {
    name: `${resourceName} > ${method}`,
    id: `${method} (200) ${uri}`,
    origin: { apiName: 'Wallet, Payout and Swap API', resourceName, actionName: '', exampleName: '', filename: '' },
    request: { method, uri, headers: {}, body: '' },
    expected: { statusCode: '200', headers: { 'Content-Type': 'application/json' } },
    fullPath: `/base${uri}`,
    protocol: 'http:',
    host: '127.0.0.1',
    port: '4010',
    skip: false,
  };
}

const session = (readOnly = false) =>
  new ContractSession({
    validator: new SpecValidator(),
    signer: hmacSha256({ secret: 's' }),
    apiKey: 'k',
    readOnly,
    negative: { title: 'Deliberate negative cases', cases: [] },
    baseUrl: 'http://127.0.0.1:1',
  });

describe('contract session', () => {
  it('runs the operations that need an id after the others, otherwise in document order', () => {
    const list = [
      transaction('POST', '/api/v1/swaps/{id}/confirm', '/api/v1/swaps/x/confirm'),
      transaction('GET', '/api/v1/transactions/{id}', '/api/v1/transactions/x'),
      transaction('POST', '/api/v1/swaps', '/api/v1/swaps'),
      transaction('GET', '/api/v1/transactions', '/api/v1/transactions'),
    ];
    session().order(list);
    expect(list.map((t) => t.request.uri)).toEqual(['/api/v1/swaps', '/api/v1/transactions', '/api/v1/swaps/x/confirm', '/api/v1/transactions/x']);
  });

  it('puts a real id into the path, keeping the base path', () => {
    const t = transaction('POST', '/api/v1/swaps/{id}/confirm', '/api/v1/swaps/example/confirm');
    usePathId(t, '/api/v1/swaps/{id}/confirm', 'real id/1');
    expect(t.request.uri).toBe('/api/v1/swaps/real%20id%2F1/confirm');
    expect(t.fullPath).toBe('/base/api/v1/swaps/real%20id%2F1/confirm');
    expect(t.id).toBe('POST (200) /api/v1/swaps/real%20id%2F1/confirm');
  });

  it('accepts media type parameters in Content-Type, never another media type', () => {
    const withCharset = transaction('GET', '/api/v1/wallets', '/api/v1/wallets');
    withCharset.real = { statusCode: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body: '{}' };
    matchMediaTypeParameters(withCharset);
    expect(withCharset.expected.headers['Content-Type']).toBe('application/json; charset=utf-8');
    const html = transaction('GET', '/api/v1/wallets', '/api/v1/wallets');
    html.real = { statusCode: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: '{}' };
    matchMediaTypeParameters(html);
    expect(html.expected.headers['Content-Type']).toBe('application/json');
  });

  it('skips non-2xx transactions that are not negative cases, and every non-GET when read-only', async () => {
    const s = session();
    const notFound = transaction('GET', '/api/v1/wallets', '/api/v1/wallets');
    notFound.expected.statusCode = '404';
    await s.prepare(notFound);
    expect(notFound.skip).toBe(true);
    const readOnly = session(true);
    const post = transaction('POST', '/api/v1/wallets/generate-wallet', '/api/v1/wallets/generate-wallet');
    await readOnly.prepare(post);
    expect(post.skip).toBe(true);
    const get = transaction('GET', '/api/v1/wallets', '/api/v1/wallets');
    await readOnly.prepare(get);
    expect(get.skip).toBe(false);
    expect(Object.keys(get.request.headers).sort()).toEqual(['x-api-key', 'x-signature', 'x-timestamp']);
  });
});
