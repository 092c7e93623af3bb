// One test per redaction rule of the privacy policy (packages/sdk/src/privacy) on recorded exchanges, on the entry that is written.
import { describe, expect, it } from 'vitest';
import { buildEntry } from '../../packages/sdk/src/traffic/entry.ts';
import type { RecordedExchange } from '../../packages/sdk/src/privacy/exchange.ts';
import { defaultPolicy, maskIdentifier, unreadableBodyValue } from '../../packages/sdk/src/privacy/index.ts';

const apiKey = 'key-live-5e1f0a9c';
const signature = 'a'.repeat(64);

function exchange(overrides: { request?: Partial<RecordedExchange['request']>; response?: Partial<RecordedExchange['response']>; addedHeaders?: string[] } = {}): RecordedExchange {
  return {
    startedAt: new Date('2024-05-01T12:00:00.000Z'),
    durationMs: 12.4,
    request: {
      method: 'POST',
      url: 'https://api.example.test/api/v1/swaps',
      headers: [['content-type', 'application/json'], ['x-api-key', apiKey], ['x-timestamp', '2024-05-01T12:00:00.000Z'], ['x-signature', signature]],
      body: '{"from":"usdt","to":"ngn","amount":100}',
      ...overrides.request,
    },
    response: { status: 200, headers: [['content-type', 'application/json']], body: '{"status":"success","message":"ok","data":null}', ...overrides.response },
    addedHeaders: overrides.addedHeaders ?? ['x-api-key', 'x-timestamp', 'x-signature'],
    operationId: 'createSwap',
  };
}

const recorded = (e: RecordedExchange) => buildEntry(defaultPolicy.redactExchange(e));
const header = (headers: { name: string; value: string }[], name: string) => headers.find((h) => h.name.toLowerCase() === name)?.value;

describe('redaction of recorded traffic', () => {
  it('replaces x-api-key, x-signature, authorization and cookie request headers, and keeps x-timestamp', () => {
    const entry = recorded(exchange({ request: { headers: [['X-Api-Key', apiKey], ['x-signature', signature], ['Authorization', 'Bearer tok-123456789'], ['Cookie', 'sid=abc123456789'], ['x-timestamp', '2024-05-01T12:00:00.000Z']] }, addedHeaders: [] }));
    expect(entry.request.headers).toEqual([
      { name: 'X-Api-Key', value: '[redacted]' },
      { name: 'x-signature', value: '[redacted]' },
      { name: 'Authorization', value: '[redacted]' },
      { name: 'Cookie', value: '[redacted]' },
      { name: 'x-timestamp', value: '2024-05-01T12:00:00.000Z' },
    ]);
  });

  it('replaces every header the caller added to the request, except x-timestamp', () => {
    const entry = recorded(exchange({ request: { headers: [['x-nonce', 'n-93b1c0d2e4'], ['x-timestamp', '2024-05-01T12:00:00.000Z'], ['accept', 'application/json']] }, addedHeaders: ['x-nonce', 'x-timestamp'] }));
    expect(header(entry.request.headers, 'x-nonce')).toBe('[redacted]');
    expect(header(entry.request.headers, 'x-timestamp')).toBe('2024-05-01T12:00:00.000Z');
    expect(header(entry.request.headers, 'accept')).toBe('application/json');
  });

  it('replaces answer headers that echo auth headers, by name and by value', () => {
    const entry = recorded(exchange({ response: { headers: [['content-type', 'application/json'], ['x-api-key', apiKey], ['set-cookie', 'sid=1'], ['x-echo', `got ${apiKey}`]], body: `{"echo":"${apiKey}"}` } }));
    expect(header(entry.response.headers, 'x-api-key')).toBe('[redacted]');
    expect(header(entry.response.headers, 'set-cookie')).toBe('[redacted]');
    expect(header(entry.response.headers, 'x-echo')).toBe('got [redacted]');
    expect(entry.response.content.text).toBe('{"echo":"[redacted]"}');
  });

  it('writes "[redacted]" for password at any depth of a JSON body, and no length of it anywhere', () => {
    const body = JSON.stringify({ from: 'usdt', password: 'hunter2-long-secret', nested: { list: [{ password: 'second-secret-9' }] } });
    const entry = recorded(exchange({ request: { headers: [['content-type', 'application/json'], ['content-length', String(body.length)]], body } }));
    expect(JSON.parse(entry.request.postData!.text)).toEqual({ from: 'usdt', password: '[redacted]', nested: { list: [{ password: '[redacted]' }] } });
    const text = JSON.stringify(entry);
    expect(text).not.toContain('hunter2');
    expect(text).not.toContain('second-secret');
    expect(entry.request.bodySize).toBe(entry.request.postData!.text.length);
    expect(header(entry.request.headers, 'content-length')).toBe(String(entry.request.postData!.text.length));
  });

  it('writes "[redacted]" for password in a form body and in the query string', () => {
    const entry = recorded(
      exchange({
        request: { url: 'https://api.example.test/login?user=ann&password=pa55-word', headers: [['content-type', 'application/x-www-form-urlencoded']], body: 'user=ann&password=pa55%20word&accountNumber=0123456789' },
      }),
    );
    expect(entry.request.postData!.text).toBe('user=ann&password=%5Bredacted%5D&accountNumber=0000000000');
    expect(entry.request.url).toBe('https://api.example.test/login?user=ann&password=%5Bredacted%5D');
    expect(entry.request.queryString).toEqual([{ name: 'user', value: 'ann' }, { name: 'password', value: '[redacted]' }]);
    expect(JSON.stringify(entry)).not.toContain('pa55');
  });

  it('masks personal identifiers at any depth of request and answer bodies, keeping type and length', () => {
    const request = { receiverAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', accountNumber: '0123456789', bankCode: '058', amount: 5 };
    const answer = { data: [{ address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', depositAddress: { value: 'Tx-9' } }] };
    const entry = recorded(exchange({ request: { body: JSON.stringify(request) }, response: { body: JSON.stringify(answer) } }));
    expect(JSON.parse(entry.request.postData!.text)).toEqual({ receiverAddress: '0x0xx0x000000xX000000000000Xx000xxx00XXX00', accountNumber: '0000000000', bankCode: '000', amount: 5 });
    expect(JSON.parse(entry.response.content.text!)).toEqual({ data: [{ address: 'xx0xxx0xxxx0xxxxx0x000xxxxx0xx00xxxxxx0xxx', depositAddress: { value: 'Xx-0' } }] });
  });

  it('masks a string shaped like a wallet address under any name, in bodies and the query string, and keeps a transaction hash', () => {
    const txHash = `0x${'ab'.repeat(32)}`;
    const answer = { data: { destination: '0x8ba1f109551bD432803012645Ac136ddd64DBA72', payTo: ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'], txHash, memo: 'bc1 is a prefix' } };
    const entry = recorded(exchange({ request: { method: 'GET', url: 'https://api.example.test/api/v1/x?to=0x8ba1f109551bD432803012645Ac136ddd64DBA72&coin=usdt', body: undefined }, response: { body: JSON.stringify(answer) } }));
    expect(JSON.parse(entry.response.content.text!)).toEqual({ data: { destination: '0x0xx0x000000xX000000000000Xx000xxx00XXX00', payTo: ['xx0xxx0xxxx0xxxxx0x000xxxxx0xx00xxxxxx0xxx'], txHash, memo: 'bc1 is a prefix' } });
    expect(entry.request.url).toBe('https://api.example.test/api/v1/x?to=0x0xx0x000000xX000000000000Xx000xxx00XXX00&coin=usdt');
  });

  it('masks identifiers in the query string', () => {
    const entry = recorded(exchange({ request: { method: 'GET', url: 'https://api.example.test/api/v1/x?coin=usdt&address=Ab12&bankCode=058', body: undefined } }));
    expect(entry.request.url).toBe('https://api.example.test/api/v1/x?coin=usdt&address=Xx00&bankCode=000');
    expect(entry.request.queryString).toEqual([{ name: 'coin', value: 'usdt' }, { name: 'address', value: 'Xx00' }, { name: 'bankCode', value: '000' }]);
  });

  it('keeps numbers numbers with as many digits, and masks inside objects and arrays', () => {
    expect(maskIdentifier(123456)).toBe(100000);
    expect(maskIdentifier(7)).toBe(1);
    expect(maskIdentifier(-12.34)).toBe(-10.01);
    expect(maskIdentifier(0.5)).toBe(0.1);
    expect(maskIdentifier(['Ab1', 42, true, null])).toEqual(['Xx0', 10, true, null]);
    expect(maskIdentifier('Ünï-ß9')).toBe('Xxx-x0');
  });

  it('replaces a body that is neither JSON nor a form when it names a protected field', () => {
    const entry = recorded(exchange({ request: { headers: [['content-type', 'text/plain']], body: 'password: hunter2' } }));
    expect(entry.request.postData!.text).toBe(unreadableBodyValue);
    const plain = recorded(exchange({ request: { headers: [['content-type', 'text/plain']], body: 'hello' } }));
    expect(plain.request.postData!.text).toBe('hello');
  });

  it('leaves a body without protected fields byte for byte as it was', () => {
    const body = '{ "from": "usdt",\n  "amount": 1.50 }';
    expect(recorded(exchange({ request: { body } })).request.postData!.text).toBe(body);
  });

  it('replaces the password and identifiers of the request wherever the answer quotes them in text', () => {
    const body = JSON.stringify({ from: 'usdt', to: 'ngn', amount: 1, password: 'quoted-password-31', nested: { accountNumber: '0123456789' } });
    const answer = JSON.stringify({ status: 'error', message: 'password quoted-password-31 is wrong for 0123456789', data: null });
    const written = recorded(exchange({ request: { body }, response: { body: answer } }));
    expect(written.response.content.text).toBe(JSON.stringify({ status: 'error', message: 'password [redacted] is wrong for 0000000000', data: null }));
  });

  it('masks wallet addresses inside text that is not JSON, and leaves other text as it was', () => {
    const address = '0x9f8e7d6c5b4a39281706f5e4d3c2b1a098765432';
    const page = `<html>no route to ${address}; try bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq.</html>`;
    expect(recorded(exchange({ response: { body: page, headers: [['content-type', 'text/html']] } })).response.content.text).toBe(`<html>no route to ${maskIdentifier(address)}; try ${maskIdentifier('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')}.</html>`);
    expect(recorded(exchange({ response: { body: '<html>0x12 is too short to be one</html>', headers: [['content-type', 'text/html']] } })).response.content.text).toBe('<html>0x12 is too short to be one</html>');
  });
});
