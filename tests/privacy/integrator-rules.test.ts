// An integrator's own rules, where each writer takes them: createClient({ redact }) (the
// client's one policy, for every writer of the client), the deprecated recordTraffic({ redact })
// and createClient({ drift: { redact } }) and `npm run learn -- --redact FILE`; and how each
// refuses rules that are not rules.
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ApiError, ConfigurationError, createClient, hmacSha256, unwrap, type DriftEvent } from '../../packages/sdk/src/client/index.ts';
import { instrumentWalletApi } from '../../packages/sdk/src/opentelemetry/index.ts';
import { recordTraffic, type HarEntry } from '../../packages/sdk/src/client/record-traffic.ts';
import { repoRoot } from '../support/run.ts';

const rules = { fields: ['customer_ref'], headers: ['X-Session'], patterns: ['CUST-[0-9]{4}'] };
const answerText = JSON.stringify({ status: 'success', message: 'customer CUST-1234', data: { id: 'swap-1', from: 'usdt', to: 'ngn', status: 'CUST-5678', customerRef: 'REF-77', note: 'session sess-abc-123' } });
const fetch = async () => new Response(answerText, { status: 200, headers: { 'content-type': 'application/json', 'x-session': 'sess-abc-123' } });
const options = { environment: 'custom' as const, baseUrl: 'http://provider.test', apiKey: 'key-rules-1', signer: hmacSha256({ secret: 'secret-rules-1' }), fetch };
const body = { from: 'usdt', to: 'ngn', amount: 1, password: 'pw', customerRef: 'REF-77' };

describe("an integrator's redaction rules", () => {
  it('recordTraffic({ redact }) masks its fields, headers and patterns in every entry', async () => {
    const entries: HarEntry[] = [];
    const recorder = recordTraffic({ onEntry: (entry) => entries.push(entry), redact: rules });
    const client = createClient(options);
    client.use(recorder);
    await client.POST('/api/v1/swaps', { body } as never);
    await recorder.flush();
    const text = JSON.stringify(entries);
    expect(entries).toHaveLength(1);
    for (const value of ['CUST-1234', 'CUST-5678', 'REF-77', 'sess-abc-123']) expect(text).not.toContain(value);
    // Without the rules the same entry carries them: the rules are what masks them.
    const plain: HarEntry[] = [];
    const other = createClient(options);
    const unruled = recordTraffic({ onEntry: (entry) => plain.push(entry) });
    other.use(unruled);
    await other.POST('/api/v1/swaps', { body } as never);
    await unruled.flush();
    expect(JSON.stringify(plain)).toContain('CUST-1234');
  });

  it('createClient({ drift: { redact } }) masks what the events carry', async () => {
    const events: DriftEvent[] = [];
    const client = createClient({ ...options, drift: { mode: 'report', onDrift: (event) => events.push(event), redact: rules } });
    await client.POST('/api/v1/swaps', { body } as never);
    const values = events.filter((event) => event.kind === 'value-not-seen').map((event) => event.value);
    expect(values).toEqual(['XXXX-0000']);
    expect(JSON.stringify(events)).not.toMatch(/CUST-|REF-77/);
  });

  it('are refused, naming where and what, when they are not rules', () => {
    expect(() => recordTraffic({ onEntry: () => {}, redact: { fields: 'customer_ref' } as never })).toThrow(new ConfigurationError('recordTraffic: redact.fields must be a list of names'));
    expect(() => createClient({ ...options, drift: { mode: 'report', redact: { patterns: ['('] } } })).toThrow(/^createClient: drift\.redact\.patterns\[0\] is not a valid regular expression/);
  });

  it('npm run learn -- --redact FILE reads them from JSON or YAML, and refuses a file that is not such rules', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'learn-redact-'));
    // A recording from another tool: the answer's values as the provider sent them.
    const har = join(dir, 'traffic.har');
    const entry = {
      startedDateTime: '2026-01-01T00:00:00.000Z',
      time: 1,
      request: { method: 'POST', url: 'http://provider.test/api/v1/swaps', httpVersion: 'HTTP/1.1', cookies: [], headers: [], queryString: [], headersSize: -1, bodySize: 0 },
      response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', cookies: [], headers: [], content: { size: answerText.length, mimeType: 'application/json', text: answerText }, redirectURL: '', headersSize: -1, bodySize: answerText.length },
      cache: {},
      timings: { send: 0, wait: 1, receive: 0 },
    };
    writeFileSync(har, JSON.stringify({ log: { version: '1.2', creator: { name: 'another-recorder', version: '1' }, entries: [entry, entry] } }));
    writeFileSync(join(dir, 'rules.yaml'), 'fields: [customer_ref]\npatterns:\n  - CUST-[0-9]{4}\n');
    writeFileSync(join(dir, 'bad.yaml'), 'fields: customer_ref\n');
    const learn = (args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        execFile(join(repoRoot, 'node_modules/.bin/tsx'), ['scripts/learn.ts', ...args], { cwd: repoRoot, env: { ...process.env, INIT_CWD: dir } }, (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }));
      });
    const [ruled, plain, bad] = await Promise.all([learn(['traffic.har', '--format', 'json', '--redact', 'rules.yaml']), learn(['traffic.har', '--format', 'json']), learn(['traffic.har', '--redact', 'bad.yaml'])]);
    expect(ruled.code).toBe(0);
    expect(ruled.stdout).not.toMatch(/CUST-|REF-77/);
    expect(ruled.stdout).toContain('XXXX-0000');
    expect(plain.stdout).toContain('CUST-5678');
    expect(bad).toMatchObject({ code: 2, stdout: '', stderr: 'learn: --redact bad.yaml.fields must be a list of names\n' });
  }, 60_000);
});

describe("createClient({ redact }): the client's one policy, given once", () => {
  const given = { patterns: ['ACME-[0-9]+'] };
  /** Every text the tests look into is free of the integrator's values only when the rules given to createClient reached it. */
  const acme = /ACME-\d/;
  const refusal = JSON.stringify({ status: 'error', message: 'refused for customer ACME-1234', data: null });
  const refusing = async () => new Response(refusal, { status: 422, headers: { 'content-type': 'application/json' } });
  const refusingClient = (more: Record<string, unknown> = {}) => createClient({ ...options, fetch: refusing, redact: given, ...more } as never);
  const thrown = async (run: () => Promise<unknown>): Promise<Error> => {
    try {
      await run();
    } catch (error) {
      return error as Error;
    }
    throw new Error('the call did not fail');
  };

  it("masks a thrown ApiError's message", async () => {
    const error = await thrown(() => refusingClient().createSwap({ from: 'usdt', to: 'ngn', amount: 1 } as never));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toContain('refused for customer');
    expect(error.message).not.toMatch(acme);
    expect(JSON.stringify(error)).not.toMatch(acme);
  });

  it("masks unwrap's error", async () => {
    const client = refusingClient();
    const error = await thrown(async () => unwrap(await client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1 } } as never)));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toContain('refused for customer');
    expect(error.message).not.toMatch(acme);
  });

  it('masks a paging error', async () => {
    const client = refusingClient();
    const error = await thrown(async () => {
      for await (const record of client.paginate('/api/v1/transactions')) void record;
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toContain('refused for customer');
    expect(error.message).not.toMatch(acme);
  });

  it('masks the log lines', async () => {
    const lines: unknown[][] = [];
    const at = () => (...args: unknown[]) => void lines.push(args);
    const client = refusingClient({ logger: { debug: at(), info: at(), warn: at(), error: at() }, logLevel: 'debug' });
    await client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1 } } as never);
    const text = JSON.stringify(lines);
    // The answer's body is on the debug line: the message is there, its value masked.
    expect(text).toContain('refused for customer');
    expect(text).not.toMatch(acme);
  });

  it('masks a recorded HAR entry (recordTraffic with no rules of its own)', async () => {
    const entries: HarEntry[] = [];
    const recorder = recordTraffic({ onEntry: (entry) => entries.push(entry) });
    const client = refusingClient();
    client.use(recorder);
    await client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1, note: 'for ACME-42' } } as never);
    await recorder.flush();
    expect(entries).toHaveLength(1);
    const text = JSON.stringify(entries);
    expect(text).toContain('refused for customer');
    expect(text).not.toMatch(acme);
  });

  it('masks a drift event (drift with no rules of its own)', async () => {
    const events: DriftEvent[] = [];
    const answer = JSON.stringify({ status: 'success', message: 'ok', data: { id: 'swap-1', from: 'usdt', to: 'ngn', status: 'ACME-5678' } });
    const client = createClient({ ...options, redact: given, fetch: async () => new Response(answer, { status: 200, headers: { 'content-type': 'application/json' } }), drift: { mode: 'report', onDrift: (event: DriftEvent) => events.push(event) } } as never);
    await client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1 } } as never);
    expect(events.filter((event) => event.kind === 'value-not-seen').map((event) => event.value)).toEqual(['XXXX-0000']);
    expect(JSON.stringify(events)).not.toMatch(acme);
  });

  it("masks a span's status message (instrumentWalletApi with no policy of its own)", async () => {
    const exporter = new InMemorySpanExporter();
    const telemetry = instrumentWalletApi({ tracerProvider: new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] }) });
    try {
      const client = refusingClient();
      // An error no client error class wraps (middleware's own): only the span's policy masks it.
      client.use({ onRequest: () => { throw new Error('middleware refused ACME-77'); } });
      await thrown(() => client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1 } } as never));
      const [span] = exporter.getFinishedSpans();
      expect(span?.status.message).toContain('middleware refused');
      expect(span?.status.message).not.toMatch(acme);
    } finally {
      telemetry.disable();
    }
  });

  it('is refused, naming the option, when it is not rules', () => {
    expect(() => createClient({ ...options, redact: { patterns: ['('] } } as never)).toThrow(/^createClient: redact\.patterns\[0\] is not a valid regular expression/);
  });
});

describe('client.unwrap: unwrap with the client\'s policy', () => {
  const refusal = JSON.stringify({ status: 'error', message: 'refused for customer ACME-1234', data: null });
  const refusing = async () => new Response(refusal, { status: 422, headers: { 'content-type': 'application/json' } });

  it("masks with the client's policy even a result that carries no call (a copy), which the standalone unwrap masks with the built-in policy only", async () => {
    const client = createClient({ ...options, fetch: refusing, redact: { patterns: ['ACME-[0-9]+'] } } as never);
    const result = await client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1 } } as never);
    const copy = { ...result };
    const bound = await client.unwrap(copy).catch((error: unknown) => error as Error);
    const standalone = await unwrap(copy).catch((error: unknown) => error as Error);
    expect(bound).toBeInstanceOf(ApiError);
    expect((bound as Error).message).toContain('refused for customer');
    expect((bound as Error).message).not.toMatch(/ACME-\d/);
    // The copy lost the call: the standalone unwrap has only the built-in rules, so the integrator's value shows.
    expect((standalone as Error).message).toContain('ACME-1234');
    // The result as the client returned it carries its call: the standalone unwrap names it and masks with the client's policy.
    expect(((await unwrap(result).catch((error: unknown) => error)) as Error).message).toBe('POST /api/v1/swaps failed with HTTP 422: refused for customer XXXX-0000');
  });
});
