// The drift watch against the sandbox playing each fixture provider: `report` names every
// deviation of the profile across all 16 operations and nothing else (what it adds to the
// same walk against the plain sandbox), the profile itself the oracle; `strict` throws on
// every contradiction and on nothing else. That learn reads answers exactly as the watch
// does is the property of drift-property.test.ts, over generated answers.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createClient, hmacSha256, InvalidResponseError, type ClientOptions, type DriftEvent } from '../../packages/sdk/src/client/index.ts';
import { recordTraffic } from '../../packages/sdk/src/client/record-traffic.ts';
import { readHarExchanges } from '../../tools/learn/har-input.ts';
import { startSandbox, type RunningSandbox } from '../../packages/sandbox/src/index.ts';
import type { ProviderProfile } from '../../packages/sandbox/src/profile/types.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { listOperations } from '../../packages/sdk/src/spec/openapi.ts';
import { walkThroughClient, type WalkedCall } from '../support/client-walk.ts';
import { driftKeys, overriddenBy, profileKeys } from '../support/profile-keys.ts';
import { readmeBlock } from '../support/readme.ts';
import { repoRoot } from '../support/run.ts';
import { watchedClient } from '../../examples/drift-watch.ts';

const doc = loadBundledDocument();
const credentials = { apiKey: 'drift-watch-key-5c0e', secret: 'drift-watch-secret-93ab' };
const fixtures = ['fills-unknowns.json', 'contradicts.json'];
const profileOf = (fixture: string) => JSON.parse(readFileSync(join(repoRoot, 'tests/fixtures/providers', fixture), 'utf8')) as ProviderProfile;
/** Enough rounds for every weighted value of a profile to come round at least once. */
const roundsOf = (profile?: ProviderProfile) => Math.max(1, ...Object.values(profile?.values ?? {}).map((weights) => Object.values(weights).reduce((a, b) => a + b, 0)));

const sandboxes: RunningSandbox[] = [];
afterEach(async () => {
  await Promise.all(sandboxes.splice(0).map((s) => s.close()));
});

async function sandbox(fixture?: string): Promise<RunningSandbox> {
  const started = await startSandbox({ logger: false, deterministic: true, apiKeys: { [credentials.apiKey]: credentials.secret }, ...(fixture ? { profile: join(repoRoot, 'tests/fixtures/providers', fixture) } : {}) });
  sandboxes.push(started);
  return started;
}

const clientFor = (url: string, drift: ClientOptions['drift']) =>
  createClient({ environment: 'custom', baseUrl: url, apiKey: credentials.apiKey, signer: hmacSha256({ secret: credentials.secret }), drift });

type Walk = { events: DriftEvent[]; calls: WalkedCall[]; harFile: string };

/** The walk through a client watching in `mode`, recording its traffic with recordTraffic. */
async function walk(fixture: string | undefined, mode: 'report' | 'strict'): Promise<Walk> {
  const running = await sandbox(fixture);
  const events: DriftEvent[] = [];
  const client = clientFor(running.url, { mode, onDrift: (event) => events.push(event) });
  const harFile = join(mkdtempSync(join(tmpdir(), 'drift-walk-')), 'walk.har.jsonl');
  const recorder = recordTraffic({ file: harFile });
  client.use(recorder);
  const calls = await walkThroughClient(client, running.url, credentials, roundsOf(fixture ? profileOf(fixture) : undefined));
  await recorder.flush();
  return { events, calls, harFile };
}

describe('the drift watch against provider profiles', () => {
  it('walks all 16 operations of the spec', async () => {
    const { calls } = await walk(undefined, 'report');
    expect(new Set(calls.map((c) => c.operation)).size).toBe(listOperations(doc).length);
    expect(listOperations(doc)).toHaveLength(16);
  });

  it.each(fixtures)('report: names every deviation of %s and nothing else, and records the traffic it watched', async (fixture) => {
    const profile = profileOf(fixture);
    const plain = driftKeys((await walk(undefined, 'report')).events);
    const played = await walk(fixture, 'report');
    const keys = driftKeys(played.events);
    // Refusals and the timestamp window are what a probe learns; the client sends only good requests.
    const expected = profileKeys(doc, profile, { refusal: () => false });
    expect([...expected].filter((key) => !keys.has(key))).toEqual([]);
    expect([...keys].filter((key) => !plain.has(key) && !expected.has(key) && !overriddenBy(profile, key))).toEqual([]);
    for (const key of [...plain].filter((key) => !keys.has(key))) expect(overriddenBy(profile, key), key).toBe(true);
    // recordTraffic kept every call the watch saw.
    expect(readHarExchanges(played.harFile)).toHaveLength(played.calls.length);
    // No call failed in report mode but for the answers that are not envelopes, which unwrap would refuse.
    expect(played.calls.filter((c) => c.error !== undefined)).toEqual([]);
    expect(played.events.some((e) => e.class === 'contradiction')).toBe((profile.contradictions ?? []).length > 0);
  }, 60_000);

  it.each(fixtures)('strict: throws on every contradiction of %s and on nothing else', async (fixture) => {
    const reported = await walk(fixture, 'report');
    const strict = await walk(fixture, 'strict');
    // Learnings are delivered in strict mode too: the same events, call for call.
    expect(driftKeys(strict.events)).toEqual(driftKeys(reported.events));
    const contradicted = new Set(reported.events.filter((e) => e.class === 'contradiction').map((e) => e.operation));
    for (const call of strict.calls) {
      if (!contradicted.has(call.operation)) {
        expect(call.error, call.operation).toBeUndefined();
        continue;
      }
      expect(call.error, call.operation).toBeInstanceOf(InvalidResponseError);
      const error = call.error as InvalidResponseError;
      expect(error.reason).toMatch(/^that drifted from the spec \((missing-field|wrong-type|not-envelope|error-status-on-2xx)[^)]* at \/[^)]*\): /);
      expect(error.drift!.length).toBeGreaterThan(0);
      expect(error.drift!.every((e) => e.class === 'contradiction' && e.operation === call.operation)).toBe(true);
    }
    const thrown = strict.calls.filter((c) => c.error !== undefined);
    expect(thrown.length > 0).toBe(contradicted.size > 0);
    // Every contradiction found was thrown with its call.
    const thrownKeys = driftKeys(thrown.flatMap((c) => [...(c.error as InvalidResponseError).drift!]));
    expect(thrownKeys).toEqual(driftKeys(strict.events.filter((e) => e.class === 'contradiction')));
  }, 60_000);
});

describe('the drift watch options', () => {
  it('is off by default, and a call turns it on or off over the client', async () => {
    const running = await sandbox('contradicts.json');
    const events: DriftEvent[] = [];
    const onDrift = (event: DriftEvent) => events.push(event);
    const off = createClient({ environment: 'custom', baseUrl: running.url, apiKey: credentials.apiKey, signer: hmacSha256({ secret: credentials.secret }) });
    await off.GET('/api/v1/utils/rates');
    await off.GET('/api/v1/utils/rates', { drift: { mode: 'report', onDrift } });
    expect(events.map((e) => e.kind)).toEqual(['unpublished-shape']);
    const reporting = clientFor(running.url, { mode: 'report', onDrift });
    await reporting.GET('/api/v1/utils/rates', { drift: 'off' });
    expect(events).toHaveLength(1);
    await reporting.GET('/api/v1/utils/rates');
    expect(events).toHaveLength(2);
    await expect(reporting.GET('/api/v1/swaps/quotes', { params: { query: { from: 'usdt', to: 'ngn', amount: 100 } }, drift: 'strict' })).rejects.toThrow('GET /api/v1/swaps/quotes answered HTTP 200 that drifted from the spec (not-envelope at /): the body is not the {status, message, data} envelope');
  });

  it('checks the share of calls sampleRate sets', async () => {
    const running = await sandbox('contradicts.json');
    const events: DriftEvent[] = [];
    const client = clientFor(running.url, { mode: 'report', sampleRate: 0, onDrift: (event) => events.push(event) });
    for (let i = 0; i < 5; i++) await client.GET('/api/v1/utils/rates');
    expect(events).toEqual([]);
    const random = vi.spyOn(Math, 'random');
    try {
      const half = clientFor(running.url, { mode: 'report', sampleRate: 0.5, onDrift: (event) => events.push(event) });
      for (const draw of [0.1, 0.7, 0.49, 0.5]) {
        random.mockReturnValueOnce(draw);
        await half.GET('/api/v1/utils/rates');
      }
    } finally {
      random.mockRestore();
    }
    expect(events).toHaveLength(2);
  });

  it('refuses bad options with a ConfigurationError naming the option', () => {
    const base = { environment: 'custom' as const, baseUrl: 'http://127.0.0.1:1', apiKey: 'k', signer: hmacSha256({ secret: 's' }) };
    expect(() => createClient({ ...base, drift: { mode: 'loud' as 'report' } })).toThrow(/drift.mode must be one of "off", "report", "strict"/);
    expect(() => createClient({ ...base, drift: { mode: 'report', sampleRate: 2 } })).toThrow(/drift.sampleRate must be a number from 0 to 1/);
    expect(() => createClient({ ...base, drift: { mode: 'report', sampleRate: Number.NaN } })).toThrow(/drift.sampleRate/);
    expect(() => createClient({ ...base, drift: { mode: 'report', onDrift: 'log' as never } })).toThrow(/drift.onDrift must be a function/);
    expect(() => createClient({ ...base, drift: 42 as never })).toThrow(/drift must be one of "off", "report", "strict" or an object/);
    expect(() => createClient({ ...base, drift: 'loud' as never })).toThrow(/: drift must be one of "off", "report", "strict"$/);
    expect(createClient({ ...base, drift: 'strict' })).toBeDefined();
  });

  it('warns once per distinct finding without onDrift, not once per call', async () => {
    const running = await sandbox('fills-unknowns.json');
    const warnings: string[] = [];
    const emit = vi.spyOn(process, 'emitWarning').mockImplementation(((message: string, options?: { type?: string }) => {
      if (options?.type === 'WalletApiDriftWarning') warnings.push(message);
    }) as typeof process.emitWarning);
    try {
      const client = clientFor(running.url, { mode: 'report' });
      await client.GET('/api/v1/utils/rates');
      await client.GET('/api/v1/utils/rates');
      await client.GET('/api/v1/utils/rates');
      await client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' } });
      await client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 50, password: 'customer-authorization-value' } });
    } finally {
      emit.mockRestore();
    }
    expect(warnings).toHaveLength(1 + 3);
    expect(warnings[0]).toMatch(/^GET \/api\/v1\/utils\/rates answered HTTP 200 with a learning at Rates \(\/data\): an unpublished shape: \{usdt: \{ngn: string, usd: string\}, btc: /);
    expect(warnings.slice(1).sort()).toEqual([
      'POST /api/v1/swaps answered HTTP 200 with a learning at Swap.expiresAt (/data/expiresAt): a field the spec does not list (string)',
      'POST /api/v1/swaps answered HTTP 200 with a learning at Swap.rate (/data/rate): a field the spec does not list (string)',
      'POST /api/v1/swaps answered HTTP 200 with a learning at Swap.reference (/data/reference): a field the spec does not list (string)',
    ]);
  });
});

describe('the README example examples/drift-watch.ts', () => {
  it('is the file verbatim', () => {
    expect(readmeBlock('examples/drift-watch.ts', 'docs/client.md')).toBe(readFileSync(join(repoRoot, 'examples/drift-watch.ts'), 'utf8'));
  });

  it('logs the findings of the answers it samples, and records the calls it samples', async () => {
    const running = await sandbox('fills-unknowns.json');
    const lines: string[] = [];
    const harFile = join(mkdtempSync(join(tmpdir(), 'drift-example-')), 'production.har.jsonl');
    const { client, recorder } = watchedClient({ environment: 'custom', baseUrl: running.url, apiKey: credentials.apiKey, signingSecret: credentials.secret, log: (line) => lines.push(line), harFile });
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.005);
    try {
      await client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' } });
      random.mockReturnValue(0.5);
      await client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' } });
      await recorder.flush();
    } finally {
      random.mockRestore();
    }
    expect(lines.map((line) => JSON.parse(line) as DriftEvent).map((e) => `${e.kind} ${e.pointer}`).sort()).toEqual(['unknown-field /data/expiresAt', 'unknown-field /data/rate', 'unknown-field /data/reference']);
    expect(lines.every((line) => line.startsWith('{"msg":"wallet-api drift","operation":"POST /api/v1/swaps"'))).toBe(true);
    const entries = readHarExchanges(harFile);
    expect(entries).toHaveLength(1);
    expect(readFileSync(harFile, 'utf8')).not.toContain('customer-authorization-value');
  });
});
