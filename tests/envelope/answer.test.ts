// The one reading of an answer (packages/sdk/src/envelope/answer.ts), held to the conformance kit's
// answer vectors: the outcome every client must give for the bytes served is the oracle,
// written apart from this code and met by the Python and Go clients too. Only the cases the
// answer alone decides are taken: one answer, no fault, no client option that shapes the
// outcome (a size limit, a timeout, a signer), an outcome of data, an API error or an
// invalid response.
import { describe, expect, it } from 'vitest';
import { bodyBytes, includes, jsonEqual, kitDir, loadCaseFiles, type ExchangeCase } from '../../tools/conformance/cases.ts';
import { acceptedKinds, classifyAnswer, classifyAnswerBytes, notJson } from '../../packages/sdk/src/envelope/answer.ts';
import { join } from 'node:path';

const [answers] = loadCaseFiles([join(kitDir, 'cases', 'answers.json')]);
const exchanges = answers!.cases.filter((c): c is ExchangeCase => c.type === 'exchange');

const decidedByTheAnswer = (c: ExchangeCase) =>
  c.answers.length === 1 && c.answers[0]!.fault === undefined && !c.answers[0]!.echo && c.client === undefined && (c.expect.error === undefined || c.expect.error.kind === 'api' || c.expect.error.kind === 'invalid-response');
const vectors = exchanges.filter(decidedByTheAnswer);

const expectedOutcome = (c: ExchangeCase) => (c.expect.error === undefined ? 'data' : c.expect.error.kind);

describe('the answer vectors of the conformance kit', () => {
  it('are many, of every outcome the answer alone decides', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(20);
    const outcomes = vectors.map(expectedOutcome);
    expect(new Set(outcomes)).toEqual(new Set(['data', 'api', 'invalid-response']));
    // The cases left out are decided by something besides the bytes served: a client option, a fault, or the caller.
    for (const c of exchanges.filter((c) => !decidedByTheAnswer(c))) {
      expect(c.client !== undefined || c.answers[0]!.fault !== undefined || c.call.abortAfterMs !== undefined, c.id).toBe(true);
    }
  });

  it.each(vectors.map((c) => [c.id, c] as const))('%s: the class of (status, body bytes) is the outcome the kit expects', (_id, c) => {
    const answer = c.answers[0]!;
    const read = classifyAnswerBytes(answer.status, bodyBytes(answer.body));
    switch (expectedOutcome(c)) {
      case 'data':
        expect(read.kind).toBe('success');
        if (read.kind !== 'success') return;
        if (c.expect.data !== undefined) expect(jsonEqual(read.data, c.expect.data)).toBe(true);
        else expect(includes(read.data, c.expect.dataIncludes)).toBe(true);
        break;
      case 'api':
        expect(['error', 'error-on-2xx']).toContain(read.kind);
        expect(acceptedKinds.has(read.kind)).toBe(true);
        if (read.kind !== 'error' && read.kind !== 'error-on-2xx') return;
        if (c.expect.error!.apiMessage !== undefined) expect(read.envelope.message).toBe(c.expect.error!.apiMessage);
        break;
      default:
        expect(acceptedKinds.has(read.kind)).toBe(false);
    }
  });
});

describe('classifyAnswer', () => {
  const envelope = (status: string, data: unknown = null) => ({ status, message: 'm', data });

  it('tells every kind apart, from the status first and then the body', () => {
    expect(classifyAnswer(200, envelope('success', { a: 1 }))).toMatchObject({ kind: 'success', data: { a: 1 } });
    expect(classifyAnswer(400, envelope('error'))).toMatchObject({ kind: 'error', published: true });
    // An error status is the provider's refusal whatever the envelope's status says; data other than null is not the published envelope.
    expect(classifyAnswer(422, envelope('success', {}))).toMatchObject({ kind: 'error', published: false });
    expect(classifyAnswer(201, envelope('error'))).toMatchObject({ kind: 'error-on-2xx', published: true });
    expect(classifyAnswer(200, envelope('ok'))).toMatchObject({ kind: 'unknown-status' });
    expect(classifyAnswer(500, envelope('failed'))).toMatchObject({ kind: 'unknown-status' });
    expect(classifyAnswer(302, envelope('success'))).toEqual({ kind: 'redirect' });
    expect(classifyAnswer(200, undefined)).toEqual({ kind: 'not-envelope', reason: 'empty' });
    expect(classifyAnswer(502, notJson)).toEqual({ kind: 'not-envelope', reason: 'not-json' });
    expect(classifyAnswer(200, { status: 'success', message: 'm' })).toEqual({ kind: 'not-envelope', reason: 'not-envelope' });
    expect(classifyAnswer(200, { status: 'success', message: 1, data: null })).toEqual({ kind: 'not-envelope', reason: 'not-envelope' });
  });

  it('reads bytes as UTF-8 JSON, refusing other bytes', () => {
    expect(classifyAnswerBytes(200, Buffer.from([0x7b, 0xff, 0x7d]))).toEqual({ kind: 'not-envelope', reason: 'not-utf8' });
    expect(classifyAnswerBytes(200, Buffer.from('{"status":'))).toEqual({ kind: 'not-envelope', reason: 'not-json' });
    expect(classifyAnswerBytes(200, new Uint8Array())).toEqual({ kind: 'not-envelope', reason: 'empty' });
    // A byte order mark is no part of the JSON text (as fetch's Response.json() reads it).
    expect(classifyAnswerBytes(200, Buffer.from('\uFEFF{"status":"success","message":"m","data":1}'))).toMatchObject({ kind: 'success', data: 1 });
  });
});
