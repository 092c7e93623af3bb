// The command line in process: the schema checker covers every keyword the spec's
// parameters and bodies use, and no secret (API key, signing secret, signature) reaches
// stdout or stderr, whatever the input and whatever the server answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { checkValue, parseParameterValue, unsupportedKeywords } from '../../src/cli/schema-check.ts';
import { loadOperations } from '../../src/cli/spec.ts';
import { answerJson, startCaptureServer, type CaptureServer } from '../support/capture-server.ts';

describe('the schema checker', () => {
  it('enforces or knowingly ignores every keyword of every parameter and body schema in the spec', () => {
    const operations = loadOperations();
    expect(operations).toHaveLength(16);
    for (const op of operations) {
      for (const parameter of op.parameters) expect(unsupportedKeywords(parameter.schema), `${op.operationId} ${parameter.name}`).toEqual([]);
      if (op.body) expect(unsupportedKeywords(op.body.schema), `${op.operationId} body`).toEqual([]);
    }
    expect(unsupportedKeywords({ type: 'string', oneOf: [] })).toEqual(['oneOf']);
    expect(unsupportedKeywords({ type: 'object', properties: { a: { anyOf: [] } } })).toEqual(['anyOf']);
  });

  it('reads values by the parameter type and refuses what the schema refuses', () => {
    expect(parseParameterValue({ type: 'number' }, '100')).toEqual({ value: 100 });
    expect(parseParameterValue({ type: 'string' }, '100')).toEqual({ value: '100' });
    expect(parseParameterValue({ type: 'integer' }, '1e2')).toEqual({ value: 100 });
    expect(parseParameterValue({ type: 'integer' }, '')).toEqual({ problem: 'is not a number: ""' });
    expect(parseParameterValue({ type: 'boolean' }, 'yes')).toEqual({ problem: 'must be true or false, not "yes"' });
    expect(checkValue({ type: 'string', pattern: '^[a-z]+$' }, 'ABC', 'coin')).toEqual(['coin must match the pattern ^[a-z]+$']);
    expect(checkValue({ type: 'string', enum: ['a', 'b'] }, 'c', 'x')).toEqual(['x must be one of "a", "b"']);
    expect(checkValue({ type: 'number', maximum: 5, exclusiveMaximum: 10 }, 10, 'n')).toEqual(['n must be at most 5', 'n must be less than 10']);
    expect(checkValue({ type: 'object', required: ['a'], additionalProperties: false, properties: { a: { type: 'string' } } }, { b: 1 }, 'the body')).toEqual([
      'a is required',
      'b is not a field of this body (fields: a)',
    ]);
    expect(checkValue({ type: 'object' }, [], 'the body')).toEqual(['the body must be an object, not an array']);
  });
});

describe('secrets and the command line', () => {
  const apiKey = 'CANARY-CLI-API-KEY-51c0e2';
  const secret = 'CANARY-CLI-SIGNING-SECRET-8d44b1';
  let server: CaptureServer;
  beforeAll(async () => {
    server = await startCaptureServer();
  });
  afterAll(() => server.close());

  async function run(args: string[], env: Record<string, string> = { WALLET_API_KEY: apiKey, WALLET_API_SIGNING_SECRET: secret }) {
    const written: string[] = [];
    const code = await main(args, { stdout: (t) => void written.push(t), stderr: (t) => void written.push(t), env, cwd: process.cwd() });
    return { code, output: written.join('') };
  }

  it('never prints the key, the secret or a signature sent, even when the answer or the input quotes them', async () => {
    const signatures: string[] = [];
    // A server that quotes the credentials and the signature back in every answer.
    const echo = (status: number, envelope: boolean) =>
      server.handle((req, res) => {
        signatures.push(String(req.headers['x-signature']));
        const quoted = `${String(req.headers['x-api-key'])} ${String(req.headers['x-signature'])} ${secret}`;
        if (envelope) answerJson(res, status, { status: status < 300 ? 'success' : 'error', message: quoted, data: status < 300 ? { quoted } : null });
        else answerJson(res, status, { quoted });
      });
    const target = ['--base-url', server.url];
    const outputs: string[] = [];
    const codes: number[] = [];
    const record = async (args: string[], env?: Record<string, string>) => {
      const { code, output } = await run(args, env);
      codes.push(code);
      outputs.push(output);
    };
    echo(200, true);
    await record(['listWallets', ...target, '--verbose']);
    echo(401, true);
    await record(['createSwap', ...target, '--verbose', '--body', JSON.stringify({ from: apiKey, to: secret, amount: 1, password: secret })]);
    echo(200, false);
    await record(['listWallets', ...target, '--verbose']);
    server.handle((req) => void signatures.push(String(req.headers['x-signature'])));
    await record(['listWallets', ...target, '--timeout', '100', '--verbose']);
    // The input quoting the secrets: refused, and the refusal does not repeat them.
    await record(['getSwapQuote', ...target, '--query', `amount=${secret}`, '--query', `${apiKey}=1`]);
    await record(['createSwap', ...target, '--body', `{"password": "${secret}"`]);
    await record(['createSwap', ...target, '--body', `@${secret}.json`]);
    await record(['listWallets', '--env', 'production', '--base-url', secret]);
    await record(['listWallets', '--env', 'staging'], { WALLET_API_BASE_URL: `https://${apiKey}.invalid`, WALLET_API_KEY: apiKey, WALLET_API_SIGNING_SECRET: secret, WALLET_API_SIGNER_MODULE: `/${secret}.mjs` });
    expect(codes).toEqual([0, 1, 3, 3, 2, 2, 2, 2, 2]);
    expect(signatures).toHaveLength(4);
    const all = outputs.join('\n');
    expect(all).toContain('[redacted]');
    for (const canary of [apiKey, secret, ...signatures]) expect(all).not.toContain(canary);
  });
});
