import { describe, expect, it } from 'vitest';
import { toServiceAnswer } from '../../tools/mock/envelope.ts';
import { authHeadersOf } from '../../tools/mock/envelope-proxy.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';

const auth = authHeadersOf(loadBundledDocument());
const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const firstExample = json({ status: 'error', message: 'No API key was provided', data: null });

describe('toServiceAnswer', () => {
  it('reads the authentication headers from the spec, API key first', () => {
    expect(auth).toEqual({ apiKey: 'x-api-key', all: ['x-api-key', 'x-timestamp', 'x-signature'] });
  });

  it('passes successes through byte for byte, even with warnings attached', () => {
    const body = json({ status: 'success', message: 'ok', data: [] });
    const headers = { 'content-type': 'application/json', 'sl-violations': '[{"severity":"Warning","message":"w"}]' };
    const answer = toServiceAnswer({ status: 200, headers, body }, {}, auth);
    expect(answer).toEqual({ status: 200, headers, body });
  });

  it('passes an error example chosen with Prefer through untouched', () => {
    const answer = toServiceAnswer({ status: 400, headers: { 'content-type': 'application/json' }, body: firstExample }, {}, auth);
    expect(answer.body).toBe(firstExample);
  });

  it('replaces the example message with the violations and keeps the status', () => {
    const violations = [
      { location: ['request', 'body'], severity: 'Error', code: 'required', message: "Request body must have required property 'coin'" },
      { location: ['request', 'body'], severity: 'Warning', code: 'x', message: 'only a warning' },
    ];
    const answer = toServiceAnswer({ status: 422, headers: { 'sl-violations': JSON.stringify(violations) }, body: firstExample }, {}, auth);
    expect(answer.status).toBe(422);
    expect(JSON.parse(answer.body.toString())).toEqual({ status: 'error', message: "Request body must have required property 'coin'", data: null });
  });

  it('turns an answer in no known shape into an envelope that still names the status', () => {
    const answer = toServiceAnswer({ status: 502, headers: { 'content-type': 'text/html' }, body: Buffer.from('<h1>bad gateway</h1>') }, {}, auth);
    expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(answer.body.toString())).toEqual({ status: 'error', message: 'The mock could not answer (HTTP 502)', data: null });
  });
});
