// The client's path without middleware reads answers itself (src/client/read-answer.ts):
// it must come to what openapi-fetch makes of the same answer, result or thrown error.
import fc from 'fast-check';
import createFetchClient from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import { readAnswer, type Answer } from '../../src/client/read-answer.ts';

type Framing = 'declared' | 'chunked' | 'zero-declared' | 'zero-declared-chunked';
type Case = { status: number; body: string; framing: Framing; contentType: boolean };

const bodies = fc.oneof(
  fc.constantFrom('', ' ', '{', 'null', '0', '"text"', '[]', '{"status":"success","message":"ok","data":{"id":"1"}}', '{"status":"error","message":"Bad","data":null}', '<html>bad gateway</html>'),
  fc.json(),
  fc.string({ maxLength: 20 }),
);
const cases: fc.Arbitrary<Case> = fc.record({
  status: fc.constantFrom(200, 201, 202, 204, 299, 400, 401, 404, 409, 422, 429, 500, 502, 503),
  body: bodies,
  framing: fc.constantFrom<Framing>('declared', 'chunked', 'zero-declared', 'zero-declared-chunked'),
  contentType: fc.boolean(),
});

/** A fresh Response for the case; each reader consumes its own. */
function answer({ status, body, framing, contentType }: Case): Response {
  const headers = new Headers();
  if (contentType) headers.set('content-type', 'application/json');
  if (framing === 'declared') headers.set('content-length', String(Buffer.byteLength(body)));
  if (framing.startsWith('zero-declared')) headers.set('content-length', '0');
  if (framing.endsWith('chunked')) headers.set('transfer-encoding', 'chunked');
  // A 204 cannot carry a body.
  return new Response(status === 204 ? null : body, { status, headers });
}

/** What a reader made of an answer, without the Response itself. */
async function outcome(read: () => Promise<Answer>): Promise<{ keys: string[]; data?: unknown; error?: unknown } | { threw: string }> {
  try {
    const { response: _response, ...rest } = await read();
    return { keys: Object.keys(rest).sort(), ...rest };
  } catch (error) {
    return { threw: (error as Error).constructor.name };
  }
}

describe('readAnswer', () => {
  it('comes to what openapi-fetch makes of the same answer', async () => {
    await fc.assert(
      fc.asyncProperty(cases, async (c) => {
        const openapiFetch = createFetchClient<{ '/answer': { get: { responses: Record<number, unknown> } } }>({ baseUrl: 'http://127.0.0.1:9', fetch: async () => answer(c) });
        const expected = await outcome(() => openapiFetch.GET('/answer', {}) as Promise<Answer>);
        expect(await outcome(() => readAnswer(answer(c)))).toEqual(expected);
      }),
      { numRuns: 2_000 },
    );
  });

  it('reads data, an error body, no body and bodies that are not JSON', async () => {
    const envelope = { status: 'success', message: 'ok', data: { id: '1' } };
    expect(await outcome(() => readAnswer(answer({ status: 200, body: JSON.stringify(envelope), framing: 'declared', contentType: true })))).toEqual({ keys: ['data'], data: envelope });
    expect(await outcome(() => readAnswer(answer({ status: 200, body: '', framing: 'chunked', contentType: true })))).toEqual({ keys: ['data'], data: undefined });
    expect(await outcome(() => readAnswer(answer({ status: 204, body: '', framing: 'chunked', contentType: false })))).toEqual({ keys: ['data'], data: undefined });
    expect(await outcome(() => readAnswer(answer({ status: 200, body: '{', framing: 'declared', contentType: true })))).toEqual({ threw: 'SyntaxError' });
    expect(await outcome(() => readAnswer(answer({ status: 422, body: '{"status":"error"}', framing: 'declared', contentType: true })))).toEqual({ keys: ['error'], error: { status: 'error' } });
    expect(await outcome(() => readAnswer(answer({ status: 502, body: 'bad gateway', framing: 'chunked', contentType: false })))).toEqual({ keys: ['error'], error: 'bad gateway' });
    expect(await outcome(() => readAnswer(answer({ status: 500, body: 'ignored', framing: 'zero-declared', contentType: false })))).toEqual({ keys: ['error'], error: undefined });
  });
});
