// The command line in process: its input is checked by validators compiled from the spec,
// with refusals that name the field (and a format it cannot check fails the generation), and no secret (API key, signing secret, signature) reaches
// stdout or stderr, whatever the input and whatever the server answers.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { requests } from '../../generated/request-validators.js';
import { renderRequestValidators } from '../../tools/codegen/request-validators.ts';
import { buildRequest, main } from '../../packages/sdk/src/cli/main.ts';
import { isDateTime } from '../../packages/sdk/src/cli/formats.ts';
import { parseParameterValue, problemsOf } from '../../packages/sdk/src/cli/request-check.ts';
import { loadDocument, loadOperations, type Operation } from '../../packages/sdk/src/cli/spec.ts';
import { createSpecAjv } from '../../packages/sandbox/src/spec/ajv.ts';
import { resolvePointer, type OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';
import { startSandbox, type RunningSandbox } from '../../packages/sandbox/src/index.ts';
import { answerJson, startCaptureServer, type CaptureServer } from '../support/capture-server.ts';
import { repoRoot } from '../support/run.ts';

/** Strings near RFC 3339 date-times: every field drawn a little outside its range, separators and offsets varied. */
const dateTimeLike = fc
  .tuple(
    fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
    fc.integer({ min: 0, max: 13 }),
    fc.integer({ min: 0, max: 32 }),
    fc.constantFrom('T', 't', ' ', 'X', 'TT'),
    fc.integer({ min: 0, max: 25 }),
    fc.integer({ min: 0, max: 61 }),
    fc.integer({ min: 0, max: 61 }),
    fc.constantFrom('', '.5', '.123456', '.'),
    fc.constantFrom('Z', 'z', '', '+00:00', '-05:00', '+0530', '+05', '+24:00', '-01:60', '+1:00'),
  )
  .map(([y, mo, d, sep, h, mi, s, frac, off]) => `${y}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}${sep}${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}:${String(s).padStart(2, '0')}${frac}${off}`);

/** The request validators rendered from a changed copy of the spec, loaded as the command line loads the committed ones. */
async function validatorsFor(document: OpenApiDocument): Promise<typeof import('../../generated/request-validators.js')> {
  const path = join(scratch, `request-validators-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(path, renderRequestValidators(document));
  return (await import(pathToFileURL(path).href)) as typeof import('../../generated/request-validators.js');
}

const scratch = mkdtempSync(join(tmpdir(), 'cli-request-validators-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the check of the input, by validators compiled from the spec', () => {
  it('has a validator for every body and every path and query parameter of every operation, and one only where the operation has one', () => {
    const operations = loadOperations();
    expect(operations).toHaveLength(16);
    for (const op of operations) {
      expect(requests[op.operationId]?.body !== undefined, op.operationId).toBe(op.body !== undefined);
      expect(Object.keys(requests[op.operationId]!.parameters).sort(), op.operationId).toEqual(op.parameters.map((p) => `${p.in} ${p.name}`).sort());
    }
  });

  it('names the field in every refusal of the spec\'s own schemas', () => {
    const [quote, transactions, swap, wallet] = ['getSwapQuote', 'listTransactions', 'createSwap', 'createWallet'].map((id) => loadOperations().find((op) => op.operationId === id)!);
    const refusal = (op: Operation, values: Parameters<typeof buildRequest>[1]) => {
      try {
        buildRequest(op, values, process.cwd());
        return [];
      } catch (error) {
        return (error as Error).message.split('\n');
      }
    };
    expect(refusal(quote!, { query: ['amount=0'] })).toEqual(['--query amount must be greater than 0']);
    expect(refusal(quote!, { query: ['amount=0.5', 'from=usdt'] })).toEqual([]);
    expect(refusal(transactions!, { query: ['page=0', 'limit=1'] })).toEqual(['--query page must be at least 1']);
    expect(refusal(swap!, { body: '{"from":"usdt","to":"ngn","amount":-1}' })).toEqual(['--body: password is required', '--body: amount must be greater than 0']);
    expect(refusal(swap!, { body: '{"from":"usdt","to":"ngn","amount":"1","password":"p"}' })).toEqual(['--body: amount must be a number, not a string']);
    expect(refusal(swap!, { body: '[]' })).toEqual(['--body: the body must be an object, not an array']);
    expect(refusal(wallet!, { body: `{"token":"usdt","name":"${'x'.repeat(81)}"}` })).toEqual(['--body: name must have at most 80 characters']);
    // Characters, not UTF-16 units: 80 emoji are 80 characters.
    expect(refusal(wallet!, { body: JSON.stringify({ token: 'usdt', name: '😀'.repeat(80) }) })).toEqual([]);
    expect(refusal(wallet!, { body: '{"token":"usdt","colour":"red"}' })).toEqual(['--body: colour is not a field of this body (fields: token, name)']);
  });

  it('words every keyword a schema may come to use, and checks a format with the command line\'s own check', async () => {
    const document = structuredClone(loadDocument());
    const at = (pointer: string) => resolvePointer(document, pointer) as Record<string, unknown>;
    const body = at('#/components/schemas/CreateSwapRequest');
    const properties = body.properties as Record<string, Record<string, unknown>>;
    properties.from = { type: 'string', enum: ['usdt', 'ngn'] };
    properties.to = { type: 'string', pattern: '^[a-z]+$' };
    properties.amount = { type: 'number', maximum: 5, exclusiveMaximum: 10, multipleOf: 0.5 };
    properties.at = { type: 'string', format: 'date-time' };
    properties.legs = { type: 'array', maxItems: 1, items: { type: 'object', properties: { coin: { type: 'string', const: 'usdt' } } } };
    const op = loadOperations(document).find((o) => o.operationId === 'createSwap')!;
    const { requests: changed } = await validatorsFor(document);
    const check = (value: unknown) => problemsOf(changed.createSwap!.body!, op.body!.schema, value, 'the body');
    const valid = { from: 'usdt', to: 'ngn', amount: 1.5, password: 'p', at: '2024-05-01T12:00:00Z', legs: [{ coin: 'usdt' }] };
    expect(check(valid)).toEqual([]);
    expect(check({ ...valid, from: 'eur', to: 'NGN', amount: 10, at: '2024-05-01', legs: [{ coin: 'btc' }, {}] })).toEqual([
      'from must be one of "usdt", "ngn"',
      'to must match the pattern ^[a-z]+$',
      'amount must be at most 5',
      'amount must be less than 10',
      'at must be a date-time such as 2024-05-01T12:00:00Z',
      'legs must have at most 1 items',
      'legs[0].coin must be "usdt"',
    ]);
    expect(check({ ...valid, amount: 1.25, legs: 'none' })).toEqual(['amount must be a multiple of 0.5', 'legs must be an array, not a string']);
    // The compiled format check gives ajv-formats' verdict.
    const dateTime = createSpecAjv().compile({ type: 'string', format: 'date-time' });
    for (const text of ['2024-05-01T12:00:00Z', '2016-12-31T23:59:60Z', '2023-02-29T00:00:00Z', '2024-05-01T12:00:00', '2024-05-01t12:00:00+05']) {
      expect(check({ ...valid, at: text }).length === 0, text).toBe(dateTime(text));
    }
  });

  it('fails the generation for a format the command line does not check, naming where', () => {
    const document = structuredClone(loadDocument());
    const at = (pointer: string) => resolvePointer(document, pointer) as Record<string, unknown>;
    at('#/components/schemas/CreateSwapRequest/properties/from').format = 'email';
    expect(() => renderRequestValidators(document)).toThrow('createSwap body uses the format "email", which the command line does not check (packages/sdk/src/cli/formats.ts)');
    at('#/components/schemas/CreateSwapRequest/properties/from').format = 'date-time';
    expect(() => renderRequestValidators(document)).not.toThrow();
  });

  it('checks date-time as RFC 3339 full-date "T" full-time with Z or an offset, with the verdict of ajv-formats', () => {
    const dateTime = createSpecAjv().compile({ type: 'string', format: 'date-time' });
    const samples = [
      '2024-05-01T12:00:00Z', '2024-05-01T12:00:00.123Z', '2024-05-01t12:00:00z', '2024-05-01 12:00:00Z', '2024-05-01T12:00:00+01:00',
      '2024-05-01T12:00:00-0530', '2024-05-01T12:00:00+05', '2024-02-29T00:00:00Z', '2000-02-29T00:00:00Z', '2016-12-31T23:59:60Z',
      '2016-12-31T18:59:60-05:00', '2024-05-01T12:00:00', '2024-05-01', '12:00:00Z', '2023-02-29T00:00:00Z', '1900-02-29T00:00:00Z',
      '2024-04-31T00:00:00Z', '2024-13-01T00:00:00Z', '2024-00-10T00:00:00Z', '2024-05-00T00:00:00Z', '2024-05-01T24:00:00Z',
      '2024-05-01T12:60:00Z', '2024-05-01T12:00:60Z', '2024-05-01T12:00:00+24:00', '2024-05-01T12:00:00+01:60', '2024-05-01T12:00Z',
      '2024-5-1T12:00:00Z', '2024-05-01TT12:00:00Z', '2024-05-01T12:00:00.Z', ' 2024-05-01T12:00:00Z', '2024-05-01T12:00:00Z ', '',
    ];
    const verdicts = samples.map((text) => [text, isDateTime(text)]);
    expect(verdicts).toEqual(samples.map((text) => [text, dateTime(text)]));
    // Both verdicts occur, so the comparison is not between two checks that accept (or refuse) everything.
    expect(new Set(verdicts.map(([, ok]) => ok))).toEqual(new Set([true, false]));
    fc.assert(
      fc.property(dateTimeLike, (text) => isDateTime(text) === dateTime(text)),
      { numRuns: 2000 },
    );
  });

  it('reads values by the parameter type', () => {
    expect(parseParameterValue({ type: 'number' }, '100')).toEqual({ value: 100 });
    expect(parseParameterValue({ type: 'string' }, '100')).toEqual({ value: '100' });
    expect(parseParameterValue({ type: 'integer' }, '1e2')).toEqual({ value: 100 });
    expect(parseParameterValue({ type: 'integer' }, '')).toEqual({ problem: 'is not a number: ""' });
    expect(parseParameterValue({ type: 'boolean' }, 'yes')).toEqual({ problem: 'must be true or false, not "yes"' });
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

describe('--drift', () => {
  const apiKey = 'cli-drift-key-0b7d';
  const secret = 'cli-drift-secret-6e21';
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox({ logger: false, deterministic: true, profile: join(repoRoot, 'tests/fixtures/providers/contradicts.json'), apiKeys: { [apiKey]: secret } });
  });
  afterAll(() => sandbox.close());

  async function run(args: string[]) {
    const stdout: string[] = [];
    const stderr: string[] = [];
    const code = await main([...args, '--base-url', sandbox.url], { stdout: (t) => void stdout.push(t), stderr: (t) => void stderr.push(t), env: { WALLET_API_KEY: apiKey, WALLET_API_SIGNING_SECRET: secret }, cwd: process.cwd() });
    return { code, stdout: stdout.join(''), stderr: stderr.join('') };
  }

  it('report: prints the answer, and each finding on stderr', async () => {
    const { code, stdout, stderr } = await run(['getRates', '--drift', 'report']);
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ status: 'success', data: { usdt: { ngn: '1520.50' } } });
    expect(stderr).toBe('wallet-api: drift: GET /api/v1/utils/rates answered HTTP 200 with a learning at Rates (/data): an unpublished shape: {usdt: {ngn: string}}\n');
  });

  it('strict: a contradiction fails the call with the data error exit code, a learning does not', async () => {
    const quote = await run(['getSwapQuote', '--query', 'from=usdt', '--query', 'to=ngn', '--query', 'amount=100', '--drift', 'strict']);
    expect(quote.code).toBe(1);
    expect(quote.stdout).toBe('');
    expect(quote.stderr.split('\n')).toEqual([
      'wallet-api: drift: GET /api/v1/swaps/quotes answered HTTP 200 with a contradiction at the body (/): not-envelope: the body is not the {status, message, data} envelope',
      'wallet-api: GET /api/v1/swaps/quotes answered HTTP 200 that drifted from the spec (not-envelope at /): the body is not the {status, message, data} envelope',
      '',
    ]);
    // Without --drift the same answer is what it always was: not an envelope, exit 3.
    expect((await run(['getSwapQuote', '--query', 'from=usdt', '--query', 'to=ngn', '--query', 'amount=100'])).code).toBe(3);
    expect((await run(['getRates', '--drift', 'strict'])).code).toBe(0);
  });

  it('refuses another mode before sending anything', async () => {
    const { code, stderr } = await run(['getRates', '--drift', 'loud']);
    expect(code).toBe(2);
    expect(stderr).toBe('wallet-api: --drift takes report or strict, not "loud"\n');
  });
});

describe('--base-url is for a sandbox or mock on this machine', () => {
  const env = { WALLET_API_KEY: 'cli-target-key-41aa', WALLET_API_SIGNING_SECRET: 'cli-target-secret-9c3e' };
  const swap = ['createSwap', '--body', JSON.stringify({ from: 'usdt', to: 'ngn', amount: 100, password: 'p' })];
  let server: CaptureServer;
  beforeAll(async () => {
    server = await startCaptureServer();
  });
  afterAll(() => server.close());

  async function run(args: string[]) {
    const sent: string[] = [];
    const stderr: string[] = [];
    const fetchSpy: typeof fetch = (input, init) => {
      sent.push(String(input));
      return fetch(input, init);
    };
    const code = await main(args, { stdout: () => {}, stderr: (t) => void stderr.push(t), env, cwd: process.cwd(), fetch: fetchSpy });
    return { code, sent, stderr: stderr.join('') };
  }

  it.each(['https://api.example.test', 'http://10.0.0.7:4020', 'https://127.0.0.1.example.test', 'http://[2001:db8::1]:4020', 'http://0.0.0.0:4020'])(
    'refuses %s with real credentials, a POST or a GET, and sends nothing',
    async (address) => {
      for (const args of [[...swap, '--base-url', address], ['listWallets', '--base-url', address]]) {
        const { code, sent, stderr } = await run(args);
        expect(code).toBe(2);
        expect(sent).toEqual([]);
        expect(stderr).toMatch(/--base-url is for a local sandbox or mock, at a loopback address; use --env staging or --env production with WALLET_API_BASE_URL for any other address/);
      }
    },
  );

  it('sends to a loopback address, by name or number', async () => {
    const port = new URL(server.url).port;
    for (const address of [server.url, `http://localhost:${port}`, `http://127.0.0.1:${port}/`]) {
      const { code, sent } = await run([...swap, '--base-url', address]);
      expect(code).toBe(0);
      expect(sent).toHaveLength(1);
    }
  });

  it('refuses an address that is not a URL', async () => {
    const { code, sent, stderr } = await run(['listWallets', '--base-url', '127.0.0.1:4020']);
    expect(code).toBe(2);
    expect(sent).toEqual([]);
    expect(stderr).toMatch(/--base-url must be an absolute http URL/);
  });
});
