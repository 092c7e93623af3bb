// The client's errors are writers like the recorder and the logger: each kind, from a careless
// provider that echoes every value the call carried (its protected fields, its API key, its
// signature) in the forms real systems print them, rendered every way an integrator logs an
// error (message, String, stack, JSON.stringify, util.inspect with and without hidden
// properties, spreading, Object.entries, pino's err serializer and a pino logger). The oracle
// is plain substring search for each echoed form (support/echo-forms.ts), not the policy.
import { describe, expect, it } from 'vitest';
import type { CallResult } from '../../packages/sdk/src/client/envelope.ts';
import { ApiError, createClient, hmacSha256, InvalidResponseError, NetworkError, unwrap, WalletApiError, type ClientOptions } from '../../packages/sdk/src/client/index.ts';
import { credentialForms, echoForms, errorRenderings } from './support/echo-forms.ts';

const apiKey = 'live_key_7Hq2mZ9xW4tR';
const secret = 'signing-secret-Jp3vK8';
/** What the calls carry in protected fields: a 2-character password, a PIN with a leading zero, a Nigerian account number, a bank code, an IBAN printed in groups. */
const carried = { password: 'q7', pin: '048213', accountNumber: '0123456789', bankCode: '058', iban: 'GB82 WEST 1234 5698 7654 32' };
const body = { from: 'usdt', to: 'ngn', amount: 1, ...carried };

/** Each carried value's echoed forms, in a context of their own so that a short one is looked for where it was put. */
const echoes = Object.values(carried).flatMap((value) => echoForms(value).map(({ label, form }) => ({ label: `${JSON.stringify(value)} ${label}`, form, witness: `<~|${form}|~>` })));
/** Forms that can stand in a header's name. */
const tokenForms = echoes.filter(({ form }) => /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/.test(form));

/** The answers' text: every echo, and the credentials as sent and encoded. */
function echoText(signature: string): string {
  return [...echoes.map(({ witness }) => witness), apiKey, signature, ...credentialForms(apiKey), ...credentialForms(signature)].join(' ');
}

/** What the oracle looks for: every echo in its context, the numbers, the credentials and their encodings. */
function witnesses(signatures: readonly string[]): [label: string, text: string][] {
  return [
    ...echoes.map(({ label, witness }): [string, string] => [label, witness]),
    ['the account number as a JSON number', '123456789'],
    ['the PIN as a JSON number', '48213'],
    ...tokenForms.map(({ label, form }): [string, string] => [`${label} in a header name`, `x-echo-${form}`.toLowerCase()]),
    ['the API key', apiKey],
    ...credentialForms(apiKey).map((form): [string, string] => ['the API key encoded', form]),
    ...signatures.flatMap((signature) => [['a signature', signature] as [string, string], ...credentialForms(signature).map((form): [string, string] => ['a signature encoded', form])]),
  ];
}

/** Each witness, in each rendering: as is, JSON-escaped, or with its case changed (a header name is lower-cased). */
function leaks(renderings: Record<string, string>, signatures: readonly string[]): string[] {
  const found: string[] = [];
  for (const [way, text] of Object.entries(renderings)) {
    const lower = text.toLowerCase();
    for (const [label, witness] of witnesses(signatures)) {
      const escaped = JSON.stringify(witness).slice(1, -1);
      if (text.includes(witness) || text.includes(escaped) || lower.includes(witness.toLowerCase())) found.push(`${way} carries ${label}`);
    }
  }
  return found;
}

type Answer = (signature: string, signal?: AbortSignal) => Response | Promise<Response>;

/** A client whose provider answers with `answer`, keeping the signatures it was sent. */
function careless(answer: Answer, options: Partial<ClientOptions> = {}) {
  const signatures: string[] = [];
  const fetch = async (_input: RequestInfo | URL, init?: RequestInit) => {
    const signature = new Headers(init?.headers).get('x-signature') ?? '';
    signatures.push(signature);
    return answer(signature, init?.signal ?? undefined);
  };
  const client = createClient({ environment: 'custom', baseUrl: 'http://provider.test', apiKey, signer: hmacSha256({ secret }), fetch: fetch as typeof globalThis.fetch, ...options });
  return { client, signatures };
}

/** Headers that echo every value that can stand in a name, in their names and values. */
const echoHeaders = (signature: string): [string, string][] => [
  ['content-type', 'application/json'],
  ['x-echo', echoText(signature).replace(/[^\x20-\x7e]/g, '')],
  ...tokenForms.map(({ form }): [string, string] => [`x-echo-${form}`, '1']),
  [`x-echo-${apiKey}`, '1'],
  [`x-echo-${signature}`, '1'],
];

const envelope = (signature: string) => ({ status: 'error', message: `refused: ${echoText(signature)}`, data: { echo: [echoText(signature)], account: 123456789, pin: 48213, nested: [[echoText(signature)]] } });
const json = (value: unknown, status: number, signature: string) => new Response(JSON.stringify(value), { status, headers: echoHeaders(signature) });

/** Every kind of error the client throws after a call went out, from answers and failures that echo what it carried. */
const kinds: Record<string, { answer: Answer; options?: Partial<ClientOptions>; kind: string }> = {
  'an error envelope (HTTP 400)': { answer: (signature) => json(envelope(signature), 400, signature), kind: 'api' },
  'an error envelope with HTTP 200': { answer: (signature) => json(envelope(signature), 200, signature), kind: 'api' },
  'an error envelope with HTTP 503, retried': { answer: (signature) => json(envelope(signature), 503, signature), kind: 'api' },
  'JSON that is not an envelope': { answer: (signature) => json({ echo: echoText(signature) }, 422, signature), kind: 'invalid-response' },
  'a page that is not JSON': { answer: (signature) => new Response(`<html>${echoText(signature)}</html>`, { status: 502, headers: { 'content-type': 'text/html' } }), kind: 'invalid-response' },
  'a redirect with an envelope': { answer: (signature) => json(envelope(signature), 302, signature), kind: 'invalid-response' },
  'an answer the strict drift watch refuses': { answer: (signature) => json({ status: 'success', message: echoText(signature), data: { id: echoText(signature), amount: 'x' } }, 200, signature), options: { drift: 'strict' }, kind: 'invalid-response' },
  'a connection that failed with a message echoing the request': {
    answer: (signature) => {
      throw new TypeError(`fetch failed: ${echoText(signature)}`, { cause: Object.assign(new Error(`socket hang up ${echoText(signature)}`), { code: 'ECONNRESET' }) });
    },
    kind: 'network',
  },
};

describe('every error of the client, from a careless provider, rendered every way', () => {
  for (const [name, { answer, options, kind }] of Object.entries(kinds)) {
    it(`shows no carried value, credential or signature in any form: ${name}`, async () => {
      const { client, signatures } = careless(answer, options);
      const method = name.includes('retried') ? 'GET' : 'POST';
      const call: Promise<CallResult> = method === 'GET' ? client.GET('/api/v1/wallets', { retry: { attempts: 2, initialDelayMs: 0, maxDelayMs: 0 }, params: { query: carried } } as never) : client.POST('/api/v1/swaps', { body } as never);
      const error = await unwrap(call).then(
        () => undefined,
        (thrown: unknown) => thrown,
      );
      expect(error).toBeInstanceOf(WalletApiError);
      expect((error as WalletApiError).kind).toBe(kind);
      // The provider was reached: there are signatures to look for.
      expect(signatures.length).toBeGreaterThan(0);
      expect(leaks(errorRenderings(error as Error), signatures)).toEqual([]);
    });
  }

  it('keeps what the provider sent, raw, behind method calls only', async () => {
    const { client, signatures } = careless((signature) => json(envelope(signature), 400, signature));
    const error = (await unwrap(client.POST('/api/v1/swaps', { body } as never)).catch((thrown: unknown) => thrown)) as ApiError;
    const raw = JSON.stringify({ envelope: error.rawEnvelope(), headers: Object.fromEntries(error.rawHeaders()) });
    expect(raw).toContain(apiKey);
    expect(raw).toContain(signatures[0]);
    expect(raw).toContain(echoes[0]!.witness);
    // The masked fields keep their names and say what was masked.
    expect(error.apiMessage).toContain('[redacted]');
    expect(error.envelope.status).toBe('error');
    expect(error.httpStatus).toBe(400);
    expect(error.headers.get('content-type')).toBe('application/json');
  });

  it("keeps a body that is not an envelope, and a connection's failure, raw behind method calls only", async () => {
    const page = careless((signature) => json({ echo: echoText(signature) }, 422, signature));
    const invalid = (await unwrap(page.client.POST('/api/v1/swaps', { body } as never)).catch((thrown: unknown) => thrown)) as InvalidResponseError;
    expect(JSON.stringify(invalid.rawBody())).toContain(apiKey);
    expect(JSON.stringify(invalid.body)).not.toContain(apiKey);
    const failing = careless(() => {
      throw new TypeError(`fetch failed: ${apiKey}`);
    });
    const network = (await failing.client.GET('/api/v1/wallets').catch((thrown: unknown) => thrown)) as NetworkError;
    expect(network).toBeInstanceOf(NetworkError);
    expect(String((network.rawCause() as Error).message)).toContain(apiKey);
    expect(network.cause.message).toBe('fetch failed: [redacted]');
  });

  it('masks what a signer that throws, a timeout and an abort would show', async () => {
    const signer = () => {
      throw new Error(`cannot sign with ${secret} for ${carried.password}`);
    };
    // An answer that never comes: the call ends when its signal aborts.
    const never = (_signature: string, signal?: AbortSignal) => new Promise<Response>((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason), { once: true }));
    const outcomes = await Promise.all([
      careless(never, { signer }).client.POST('/api/v1/swaps', { body } as never).catch((thrown: unknown) => thrown),
      careless(never, { timeoutMs: 20 }).client.POST('/api/v1/swaps', { body } as never).catch((thrown: unknown) => thrown),
      careless(never).client.POST('/api/v1/swaps', { body, signal: AbortSignal.abort() } as never).catch((thrown: unknown) => thrown),
    ]);
    expect(outcomes.map((error) => (error as WalletApiError).kind)).toEqual(['signing', 'timeout', 'aborted']);
    for (const error of outcomes) expect(leaks(errorRenderings(error as Error), []).concat(JSON.stringify(errorRenderings(error as Error)).includes(secret) ? ['the signing secret'] : [])).toEqual([]);
  });
});

describe('an error masked once, when it is made, with what the call carried', () => {
  it('masks every field, the message and the stack from the start', () => {
    const error = new NetworkError('GET /api/v1/wallets', new TypeError('connect failed for pin 048213'), { carried: ['048213'] });
    // The stack is formatted when first read, from the message already masked.
    expect(error.stack).toMatch(/^NetworkError: GET \/api\/v1\/wallets failed before an answer arrived: connect failed for pin \[redacted\]\n {4}at /);
    expect(leaks(errorRenderings(error), [])).toEqual([]);
    expect(JSON.stringify(errorRenderings(error))).not.toContain('048213');
  });
});
