// The client's own account of its calls: the diagnostics channel `wallet-api:call` (what
// `@wallet-api/sdk/opentelemetry` subscribes to) and createClient's `logger`, on the sandbox's
// failure scenarios; and the privacy canary over every log line, at debug.
import diagnosticsChannel from 'node:diagnostics_channel';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callChannelName, createClient, driftChannelName, hmacSha256, retryChannelName, type CallMessage, type DriftMessage, type Logger, type RetryMessage } from '../../packages/sdk/src/client/index.ts';
import { callCases, canariesIn, canary, caseSandbox, type CallCase, type CaseSandbox } from '../support/call-cases.ts';

let cases: CaseSandbox;
beforeAll(async () => {
  cases = await caseSandbox();
});
afterAll(() => cases.close());

type Line = { level: string; fields: Record<string, any>; message: string };
function capture(): { logger: Logger; lines: Line[] } {
  const lines: Line[] = [];
  const at = (level: string) => (fields: Record<string, any>, message: string) => void lines.push({ level, fields, message });
  return { logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') }, lines };
}

/** What each case must log at info and above: level, then a piece of the message and fields. */
const expectedLines: Record<CallCase, { level: string; message: RegExp; fields: Record<string, unknown> }[]> = {
  success: [{ level: 'info', message: /^GET \/api\/v1\/utils\/rates answered HTTP 200 in \d+\.\d ms \(1 attempt\)$/, fields: { operation: 'GET /api/v1/utils/rates', status: 200, attempts: 1 } }],
  'retried GET': [
    { level: 'warn', message: /^GET \/api\/v1\/wallets attempt 1 failed \(status 429\); retrying in 0 ms as Retry-After asked$/, fields: { attempt: 1, delayMs: 0, reason: 'status 429', retryAfter: true } },
    { level: 'info', message: /^GET \/api\/v1\/wallets answered HTTP 200 in .* \(2 attempts\)$/, fields: { status: 200, attempts: 2 } },
  ],
  'refused POST': [{ level: 'error', message: /^POST \/api\/v1\/swaps failed \(api, HTTP 402\) after .* and 1 attempt: Insufficient balance$/, fields: { kind: 'api', status: 402, attempts: 1 } }],
  timeout: [{ level: 'error', message: /^GET \/api\/v1\/utils\/rates failed \(timeout\) after .* and 1 attempt: GET \/api\/v1\/utils\/rates timed out after 300 ms$/, fields: { kind: 'timeout', attempts: 1 } }],
  reset: [{ level: 'error', message: /^GET \/api\/v1\/wallets failed \(network\) after .* 1 attempt: GET \/api\/v1\/wallets failed before an answer arrived/, fields: { kind: 'network', attempts: 1 } }],
};

describe("the client's logger", () => {
  it.each(callCases)('%s: the lines an on-call engineer reads at info', async (name) => {
    const { logger, lines } = capture();
    await cases.run(name, cases.client({ logger }));
    const expected = expectedLines[name];
    expect(lines.map((l) => l.level)).toEqual(expected.map((e) => e.level));
    for (const [index, line] of lines.entries()) {
      expect(line.message).toMatch(expected[index]!.message);
      expect(line.fields.walletApi).toMatchObject(expected[index]!.fields);
    }
  });

  it('is silent at a level above the lines, and by default without a logger', async () => {
    const { logger, lines } = capture();
    await cases.run('refused POST', cases.client({ logger, logLevel: 'off' }));
    await cases.run('retried GET', cases.client({ logger, logLevel: 'error' }));
    expect(lines).toEqual([]);
  });

  it('a drift finding is a warn line, and the call still succeeds', async () => {
    const { logger, lines } = capture();
    const answer = JSON.stringify({ status: 'success', message: 'ok', data: [], surprise: 1 });
    const client = createClient({ environment: 'custom', baseUrl: 'http://wallet-api.test', apiKey: canary.apiKey, signer: hmacSha256({ secret: canary.secret }), fetch: async () => new Response(answer, { headers: { 'content-type': 'application/json' } }), logger, drift: { mode: 'report', onDrift: () => {} } });
    await client.GET('/api/v1/wallets');
    expect(lines.map((l) => [l.level, l.message])).toEqual([
      ['warn', 'GET /api/v1/wallets answered HTTP 200 with a learning at surprise (/surprise): a field the spec does not list (integer)'],
      ['info', expect.stringMatching(/^GET \/api\/v1\/wallets answered HTTP 200/)],
    ]);
    expect(lines[0]!.fields.walletApi.drift).toMatchObject({ kind: 'unknown-field', class: 'learning', pointer: '/surprise' });
  });

  it('debug: headers and bodies of each request and answer, with no canary in any line', async () => {
    const { logger, lines } = capture();
    const client = cases.client({ logger, logLevel: 'debug' });
    for (const name of callCases) await cases.run(name, client);
    await cases.runCanaryCalls(client);
    const debug = lines.filter((l) => l.level === 'debug');
    expect(debug.filter((l) => /request sent$/.test(l.message)).length).toBeGreaterThanOrEqual(callCases.length + 4);
    const sent = debug.find((l) => l.fields.walletApi.operation === 'POST /api/v1/swaps' && /request sent$/.test(l.message))!;
    expect(sent.fields.walletApi.headers['x-api-key']).toBe('[redacted]');
    expect(sent.fields.walletApi.headers['x-signature']).toBe('[redacted]');
    expect(sent.fields.walletApi.headers['x-timestamp']).toMatch(/^\d{4}-/);
    expect(sent.fields.walletApi.body).toMatchObject({ from: 'usdt', to: 'ngn', amount: 100, password: '[redacted]' });
    const answered = debug.filter((l) => /answer body read$/.test(l.message));
    expect(answered.length).toBeGreaterThanOrEqual(5);
    // The canary runs over everything the logger was handed: messages and fields, however printed.
    expect(cases.signatures.length).toBeGreaterThan(callCases.length);
    const everything = lines.map((l) => `${l.message} ${JSON.stringify(l.fields)} ${inspect(l.fields, { depth: null })}`).join('\n');
    expect(canariesIn(everything, cases.signatures)).toEqual([]);
    // Masked to their shape, the identifiers are still there to read.
    expect(everything).toContain('0000000000');
  });

  it('refuses a logger without the four methods and an unknown level', () => {
    const base = { environment: 'custom' as const, baseUrl: 'http://wallet-api.test', apiKey: 'k', signer: hmacSha256({ secret: 's' }) };
    expect(() => createClient({ ...base, logger: { info: () => {} } as unknown as Logger })).toThrow('createClient: logger must have debug, info, warn and error methods (pino, winston, console…)');
    expect(() => createClient({ ...base, logger: console, logLevel: 'verbose' as 'debug' })).toThrow('createClient: logLevel must be one of "debug", "info", "warn", "error", "off"');
    expect(createClient({ ...base, logger: console })).toBeDefined();
  });

  it('a logger that throws does not fail the call', async () => {
    const throwing = () => {
      throw new Error('log sink down');
    };
    const outcome = await cases.run('success', cases.client({ logger: { debug: throwing, info: throwing, warn: throwing, error: throwing }, logLevel: 'debug' }));
    expect(outcome).toEqual({ status: 200 });
  });
});

describe('the diagnostics channel wallet-api:call', () => {
  type Seen = { event: string; message: CallMessage; snapshot: Partial<CallMessage> };
  function subscribe() {
    const seen: Seen[] = [];
    const retries: RetryMessage[] = [];
    const drifts: DriftMessage[] = [];
    const channel = diagnosticsChannel.tracingChannel<CallMessage, CallMessage>(callChannelName);
    const snap = (m: CallMessage) => ({ attempts: m.attempts, status: m.status, errorType: m.errorType });
    const handlers = {
      start: (m: CallMessage) => void seen.push({ event: 'start', message: m, snapshot: snap(m) }),
      end: (m: CallMessage) => void seen.push({ event: 'end', message: m, snapshot: snap(m) }),
      asyncStart: (m: CallMessage) => void seen.push({ event: 'asyncStart', message: m, snapshot: snap(m) }),
      asyncEnd: (m: CallMessage) => void seen.push({ event: 'asyncEnd', message: m, snapshot: snap(m) }),
      error: (m: CallMessage) => void seen.push({ event: 'error', message: m, snapshot: snap(m) }),
    };
    const onRetry = (m: unknown) => void retries.push(m as RetryMessage);
    const onDrift = (m: unknown) => void drifts.push(m as DriftMessage);
    channel.subscribe(handlers);
    diagnosticsChannel.subscribe(retryChannelName, onRetry);
    diagnosticsChannel.subscribe(driftChannelName, onDrift);
    return {
      seen,
      retries,
      drifts,
      stop: () => {
        channel.unsubscribe(handlers);
        diagnosticsChannel.unsubscribe(retryChannelName, onRetry);
        diagnosticsChannel.unsubscribe(driftChannelName, onDrift);
      },
    };
  }

  const ends: Record<CallCase, Partial<CallMessage>> = {
    success: { attempts: 1, status: 200, errorType: undefined },
    'retried GET': { attempts: 2, status: 200, errorType: undefined },
    'refused POST': { attempts: 1, status: 402, errorType: '402' },
    timeout: { attempts: 1, errorType: 'timeout' },
    reset: { attempts: 1, errorType: 'network' },
  };

  it.each(callCases)('%s: start, end, then asyncStart and asyncEnd (after error on a failure), one message with what telemetry needs', async (name) => {
    const subscription = subscribe();
    try {
      await cases.run(name, cases.client());
    } finally {
      subscription.stop();
    }
    const { seen, retries } = subscription;
    const failed = name === 'timeout' || name === 'reset';
    expect(seen.map((s) => s.event)).toEqual(['start', 'end', ...(failed ? ['error'] : []), 'asyncStart', 'asyncEnd']);
    const message = seen[0]!.message;
    expect(seen.every((s) => s.message === message)).toBe(true);
    const [method, path] = { success: ['GET', '/api/v1/utils/rates'], 'retried GET': ['GET', '/api/v1/wallets'], 'refused POST': ['POST', '/api/v1/swaps'], timeout: ['GET', '/api/v1/utils/rates'], reset: ['GET', '/api/v1/wallets'] }[name];
    const url = new URL(cases.sandbox.url);
    expect(message).toMatchObject({ method, urlTemplate: path, operation: `${method} ${path}`, serverAddress: url.hostname, serverPort: Number(url.port) });
    expect(seen[0]!.snapshot.attempts).toBe(0);
    expect(seen.at(-1)!.snapshot).toEqual(ends[name]);
    if (failed) expect((message.error as { kind: string }).kind).toBe(ends[name].errorType);
    else expect((message.result as { response: Response }).response.status).toBe(ends[name].status);
    expect(retries.map(({ attempt, delayMs, reason, retryAfter, call }) => ({ attempt, delayMs, reason, retryAfter, same: call === message }))).toEqual(
      name === 'retried GET' ? [{ attempt: 1, delayMs: 0, reason: 'status 429', retryAfter: true, same: true }] : [],
    );
    // No header, body or URL with values reaches a subscriber.
    expect(canariesIn(JSON.stringify({ ...message, result: undefined, error: undefined }), cases.signatures)).toEqual([]);
  });

  it('runs the call in the context a start subscriber asks for', async () => {
    const contexts: string[] = [];
    const channel = diagnosticsChannel.tracingChannel<CallMessage, CallMessage>(callChannelName);
    const none = () => {};
    const handlers = {
      start: (m: CallMessage) => {
        m.runInContext = (run) => {
          contexts.push(m.operation);
          return run();
        };
      },
      end: none,
      asyncStart: none,
      asyncEnd: none,
      error: none,
    };
    channel.subscribe(handlers);
    try {
      expect(await cases.run('success', cases.client())).toEqual({ status: 200 });
    } finally {
      channel.unsubscribe(handlers);
    }
    expect(contexts).toEqual(['GET /api/v1/utils/rates']);
  });

  it('publishes each drift finding with its call', async () => {
    const subscription = subscribe();
    const answer = JSON.stringify({ status: 'success', message: 'ok', data: [], surprise: 'x' });
    const client = createClient({ environment: 'custom', baseUrl: 'http://wallet-api.test', apiKey: 'k', signer: hmacSha256({ secret: 's' }), fetch: async () => new Response(answer, { headers: { 'content-type': 'application/json' } }), drift: { mode: 'report', onDrift: () => {} } });
    try {
      await client.GET('/api/v1/wallets');
    } finally {
      subscription.stop();
    }
    expect(subscription.drifts.map((d) => [d.call === subscription.seen[0]!.message, d.event.kind, d.event.pointer])).toEqual([[true, 'unknown-field', '/surprise']]);
  });
});

describe("the client's log lines under an integrator's own rules", () => {
  it("mask what the integrator's pattern and field names protect, at every level, as the client's errors do", async () => {
    const { logger, lines } = capture();
    const echo = 'customer CUST-4821, loyalty 88-1234';
    const answer = JSON.stringify({ status: 'error', message: `Refused for ${echo}`, data: { loyaltyCard: '88-1234', note: echo } });
    const client = createClient({
      environment: 'custom',
      baseUrl: 'http://wallet-api.test',
      apiKey: canary.apiKey,
      signer: hmacSha256({ secret: canary.secret }),
      fetch: async () => new Response(answer, { status: 400, headers: { 'content-type': 'application/json', 'x-echo': echo } }),
      logger,
      logLevel: 'debug',
      drift: { mode: 'off', redact: { patterns: ['CUST-[0-9]{4}'], fields: ['loyaltyCard'] } },
    });
    const error = await client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 1, password: 'p', loyaltyCard: '88-1234' } as never }).then(() => undefined, (thrown: unknown) => thrown);
    expect(error).toBeUndefined();
    expect(lines.length).toBeGreaterThanOrEqual(3);
    const written = lines.map((line) => `${line.message} ${JSON.stringify(line.fields)}`).join('\n');
    expect(written).toMatch(/HTTP 400/);
    expect(written).not.toMatch(/CUST-4821/);
    expect(written).not.toMatch(/88-1234/);
  });
});
