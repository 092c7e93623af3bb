// The provider probe (`npm run preflight -- --probe`) against the sandbox playing a provider
// double, fills-unknowns.json: what it sends (exactly the documented list, only reads and
// previews, each labelled, spaced), what the traffic report makes of the recording (every
// refusal with the profile's status and message, the profile's 30 s window bracketed), that
// nothing secret is recorded, and that production is refused with nothing sent.
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TargetRefused } from '../../tools/contract/targets.ts';
import { ExchangeAnalyser } from '../../tools/learn/findings.ts';
import { readHarExchanges } from '../../tools/learn/har-input.ts';
import { renderMarkdown } from '../../tools/learn/markdown.ts';
import { buildReport, type LearnedItem } from '../../tools/learn/report.ts';
import { parsePreflightArgs, preflightSteps } from '../../tools/preflight/run.ts';
import { parseProbeArgs, runProbeCommand } from '../../tools/probe/command.ts';
import { authenticationProbes, inputProbes, maximumProbeRequests, timestampSkewSteps } from '../../tools/probe/plan.ts';
import { startSandbox, type RunningSandbox } from '../../packages/sandbox/src/index.ts';
import type { ProviderProfile } from '../../packages/sandbox/src/profile/types.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { readHar } from '../../packages/sdk/src/traffic/har-file.ts';
import type { HarEntry } from '../../packages/sdk/src/traffic/har.ts';
import { answerJson, startCaptureServer, successEnvelope, type CaptureServer } from '../support/capture-server.ts';
import { runTool } from '../../tools/support/tool.ts';
import { claimsOf } from '../../tools/learn/proposal/claims.ts';
import type { ProbeBackoff } from '../../tools/probe/run.ts';
import { repoRoot } from '../support/run.ts';
import { hexSignatureShapes, leaks } from '../traffic/support/leaks.ts';

const profilePath = fileURLToPath(new URL('../fixtures/providers/fills-unknowns.json', import.meta.url));
const profile = JSON.parse(readFileSync(profilePath, 'utf8')) as ProviderProfile & { refusals: Record<string, { status: number; message: string }> };
const credentials = { apiKey: 'probe-canary-key-7f3a', secret: 'probe-canary-secret-91c2' };

const authenticationPass = ['baseline', 'replayedRequest', 'missingApiKey', 'unknownApiKey', 'missingTimestamp', 'malformedTimestamp', 'missingSignature', 'invalidSignature'];
const inputPass = ['invalidInput:unknownCoin', 'invalidInput:unknownChain', 'invalidInput:zeroAmount', 'invalidInput:negativeAmount', 'invalidInput:hugeAmount', 'invalidInput:missingField', 'notFound', 'pageBeyondEnd'];

/** What the probe sends to a provider with a 30 s window, in order (docs/learning-the-provider.md lists it): the skews in the first pass only. */
const documentedSet = [
  'baseline',
  'replayedRequest',
  'missingApiKey',
  'unknownApiKey',
  'missingTimestamp',
  'malformedTimestamp',
  'missingSignature',
  'invalidSignature',
  // Past, then future, each up to its first refusal: 20 s is let in, 45 s is not.
  'timestampSkew:-5',
  'timestampSkew:-20',
  'timestampSkew:-45',
  'timestampSkew:5',
  'timestampSkew:20',
  'timestampSkew:45',
  'invalidInput:unknownCoin',
  'invalidInput:unknownChain',
  'invalidInput:zeroAmount',
  'invalidInput:negativeAmount',
  'invalidInput:hugeAmount',
  'invalidInput:missingField',
  'notFound',
  'pageBeyondEnd',
  // The second pass: the same wrong requests again, so that every rule has two samples.
  ...authenticationPass,
  ...inputPass,
];

/** The refusal class of the profile each refused probe meets (hugeAmount and pageBeyondEnd are let in by the sandbox). */
const refusedAs: Record<string, string> = {
  replayedRequest: 'replayedRequest',
  missingApiKey: 'missingApiKey',
  unknownApiKey: 'unknownApiKey',
  missingTimestamp: 'missingTimestamp',
  malformedTimestamp: 'malformedTimestamp',
  missingSignature: 'missingSignature',
  invalidSignature: 'invalidSignature',
  'invalidInput:unknownCoin': 'invalidInput',
  'invalidInput:unknownChain': 'invalidInput',
  'invalidInput:zeroAmount': 'invalidInput',
  'invalidInput:negativeAmount': 'invalidInput',
  'invalidInput:missingField': 'invalidInput',
  notFound: 'notFound',
};

const started: { close: () => Promise<unknown> }[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

async function sandbox(options: Parameters<typeof startSandbox>[0] & { databaseUrl?: undefined }): Promise<RunningSandbox> {
  const running = await startSandbox({ logger: false, rejectReplays: true, ...options });
  started.push(running);
  return running;
}

async function capture(handler: Parameters<typeof startCaptureServer>[0]): Promise<CaptureServer> {
  const server = await startCaptureServer(handler);
  started.push(server);
  return server;
}

const stagingEnv = (url: string, signing: Record<string, string> = { WALLET_API_SIGNING_SECRET: credentials.secret }) => ({ WALLET_API_STAGING_URL: url, WALLET_API_KEY: credentials.apiKey, ...signing });

/** Runs the probe command against staging at `url`; the recording lands in a fresh folder. */
async function probe(url: string, env: NodeJS.ProcessEnv, intervalMs = 1, backoff?: Partial<ProbeBackoff>) {
  const file = join(mkdtempSync(join(tmpdir(), 'probe-')), 'staging.har');
  let out = '';
  let err = '';
  const options = { ...parseProbeArgs(['--target', 'staging', '--record', file, '--interval-ms', String(intervalMs)], env), ...(backoff ? { backoff } : {}) };
  const exitCode = await runProbeCommand(options, env, { out: (t) => void (out += t), err: (t) => void (err += t) });
  return { exitCode, out, err, file, entries: existsSync(file) ? (await readHar(file)).log.entries : [] };
}

const requestLine = (entry: HarEntry) => `${entry.request.method} ${new URL(entry.request.url).pathname}`;

describe('the provider probe against a provider double', () => {
  // One probe of the double, read by each test below.
  let provider: RunningSandbox;
  let run: Awaited<ReturnType<typeof probe>>;
  beforeAll(async () => {
    provider = await startSandbox({ logger: false, rejectReplays: true, profile: profilePath, apiKeys: { [credentials.apiKey]: credentials.secret } });
    run = await probe(provider.url, stagingEnv(provider.url));
  });
  afterAll(() => provider?.close());

  it('records exactly the documented set, each entry labelled and only reads and previews sent', () => {
    const { exitCode, out, entries } = run;
    expect(exitCode).toBe(0);
    expect(entries.map((e) => e._probe)).toEqual(documentedSet);
    expect(out).toContain(`probe: ${documentedSet.length} requests sent (at most ${maximumProbeRequests}, and those asked again after backing off)`);
    expect(maximumProbeRequests).toBe(46);

    expect(new Set(entries.map(requestLine))).toEqual(
      new Set([
        'GET /api/v1/wallets',
        'GET /api/v1/wallets/minimum-withdrawal-amount',
        'GET /api/v1/wallets/deposit-address',
        'POST /api/v1/wallets/preview-withdraw',
        'GET /api/v1/transactions/ffffffffffffffffffffffff',
        'GET /api/v1/transactions',
      ]),
    );
    // Each entry names the operation the spec gives its request.
    const analyser = new ExchangeAnalyser(loadBundledDocument());
    for (const entry of entries) expect(entry._operationId).toBe(analyser.operationOf(entry.request.method, entry.request.url)?.operationId);
    // The replay is the baseline again, byte for byte: same timestamp (and, unrecorded, the same signature).
    const timestamp = (entry: HarEntry) => entry.request.headers.find((h) => h.name === 'x-timestamp')?.value;
    expect(timestamp(entries[1]!)).toBe(timestamp(entries[0]!));
    const secondBaseline = entries.findIndex((e, i) => i > 0 && e._probe === 'baseline');
    expect(timestamp(entries[secondBaseline + 1]!)).toBe(timestamp(entries[secondBaseline]!));
    expect(entries[0]!.response.status).toBe(200);
  });

  it("gives the traffic report every refusal with the profile's status and message, and the profile's 30 s window bracketed", () => {
    const report = buildReport(loadBundledDocument(), readHarExchanges(run.file));
    expect(report.contradictions).toEqual([]);
    const items: LearnedItem[] = [...report.markers.flatMap((m) => m.items), ...Object.values(report.unmarked).flat()];
    const refusals = items.filter((i) => i.kind === 'refusal');
    expect(refusals.map((r) => r.probe).sort()).toEqual(Object.keys(refusedAs).sort());
    for (const [label, refusalClass] of Object.entries(refusedAs)) {
      expect(refusals.find((r) => r.probe === label), label).toMatchObject({ status: profile.refusals[refusalClass]!.status, message: profile.refusals[refusalClass]!.message, seen: 2 });
    }
    const window = items.find((i) => i.kind === 'timestamp-window');
    expect(profile.timestampWindowSeconds).toBe(30);
    expect(window?.window).toEqual({ acceptedUpTo: 20, refusedFrom: 45 });
    expect(window?.summary).toBe('the accepted timestamp window is at least ±20 s and under ±45 s (6 skewed requests)');
  });

  it('records no API key, signing secret or signature, in the file or the report on it', () => {
    const { file, out, err, entries } = run;
    const text = readFileSync(file, 'utf8');
    const report = buildReport(loadBundledDocument(), readHarExchanges(file));
    for (const written of [text, renderMarkdown(report), JSON.stringify(report), out + err]) {
      expect(leaks(written, [credentials.apiKey, credentials.secret])).toEqual([]);
      expect(hexSignatureShapes(written)).toEqual([]);
    }
    // The key made up for unknownApiKey is redacted like a real one; the header names stay.
    const unknownKey = entries.find((e) => e._probe === 'unknownApiKey')!;
    expect(unknownKey.request.headers.filter((h) => h.name === 'x-api-key' || h.name === 'x-signature').map((h) => h.value)).toEqual(['[redacted]', '[redacted]']);
  });
});

describe('the provider probe', () => {
  it("signs with the integrator's signer module, as the contract run does, and spaces its requests", async () => {
    // The module signs with this secret; the sandbox accepts only signatures made with it.
    const provider = await sandbox({ apiKeys: { [credentials.apiKey]: 'fake-signing-secret-from-module' } });
    const modulePath = fileURLToPath(new URL('../contract/support/signer-module.ts', import.meta.url));
    const { exitCode, entries } = await probe(provider.url, stagingEnv(provider.url, { WALLET_API_SIGNER_MODULE: modulePath }), 25);
    expect(exitCode).toBe(0);
    expect(entries[0]).toMatchObject({ _probe: 'baseline', response: { status: 200 } });
    expect(entries.find((e) => e._probe === 'invalidSignature')?.response.status).toBe(401);
    // The sandbox's own 300 s window: 200 s let in, 450 s refused, both ways.
    expect(entries.filter((e) => e._probe?.startsWith('timestampSkew:')).map((e) => e._probe)).toEqual([-5, -20, -45, -90, -200, -450, 5, 20, 45, 90, 200, 450].map((s) => `timestampSkew:${s}`));
    const starts = entries.map((e) => Date.parse(e.startedDateTime));
    const gaps = starts.slice(1).map((at, i) => at - starts[i]!);
    // Millisecond timestamps: a 25 ms pause may read as 24.
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(24);
  });
});

describe('the provider probe stops early', () => {
  it('when the baseline is refused: nothing more is sent, and what was sent is recorded', async () => {
    const service = await capture((_req, res) => answerJson(res, 401, { status: 'error', message: 'Unauthorized', data: null }));
    const { exitCode, err, entries } = await probe(service.url, stagingEnv(service.url));
    expect(exitCode).toBe(1);
    expect(service.requests).toHaveLength(1);
    expect(entries.map((e) => e._probe)).toEqual(['baseline']);
    expect(err).toContain('probe: stopped early: the baseline, a correctly signed GET, was refused with HTTP 401');
  });

  it('on a 429 that lasts through backing off, the sign of a rate limit, and says so', async () => {
    const service = await capture((_req, res) => (service.requests.length === 1 ? answerJson(res, 200, successEnvelope) : answerJson(res, 429, { status: 'error', message: 'Too many requests', data: null })));
    const { exitCode, out, err, entries } = await probe(service.url, stagingEnv(service.url), 1, { retries: 2, baseMs: 5 });
    expect(exitCode).toBe(1);
    // The baseline, then replayedRequest asked three times: once, and again after each of two back-offs.
    expect(service.requests).toHaveLength(4);
    expect(entries.map((e) => e._probe)).toEqual(['baseline', 'replayedRequest', 'replayedRequest', 'replayedRequest']);
    expect(out).toContain('probe: backing off 5 ms: replayedRequest was inconclusive, throttled (HTTP 429); asking again (1 of 2)');
    expect(out).toContain('probe: backing off 10 ms: replayedRequest was inconclusive, throttled (HTTP 429); asking again (2 of 2)');
    expect(err).toContain('probe: stopped early: replayedRequest was still throttled after backing off 2 times (throttled (HTTP 429)): nothing more was sent');
  });
});

describe('the provider probe against doubles that decide nothing', () => {
  /**
   * A double that lets in correctly signed reads whose x-timestamp is at most 1 s ahead of its
   * clock or 1 s short of the probe's nearest skew (5 s) behind it: a request only ages in
   * transit, and in this process under a loaded suite one took 0.93 s from signing to arrival
   * (2 s either way refused a correct baseline twice in about twenty runs). Every skewed
   * request is still refused: 5 s or more behind, or 4 s or more ahead.
   */
  const onTime = (headers: Record<string, unknown>) => {
    const age = Date.now() - Date.parse(String(headers['x-timestamp']));
    return age > -1000 && age < timestampSkewSteps[0]! * 1000 - 1000;
  };
  const wallets = { status: 'success', message: 'Wallets retrieved', data: [] };

  it('a double answering 429 to skewed requests, waiting as Retry-After asks, gets no window proposed', async () => {
    const service = await capture((req, res) => {
      if (req.headers['x-timestamp'] === undefined) return answerJson(res, 401, { status: 'error', message: 'Missing timestamp', data: null });
      if (onTime(req.headers)) return answerJson(res, 200, wallets);
      res.setHeader('retry-after', '0');
      answerJson(res, 429, { status: 'error', message: 'Too many requests', data: null });
    });
    const { out, file } = await probe(service.url, stagingEnv(service.url), 1, { retries: 1, baseMs: 5 });
    // Retry-After: 0 is waited as asked, not the probe's own back-off.
    expect(out).toContain('probe: backing off 0 ms: timestampSkew:-5 was inconclusive, throttled (HTTP 429, retry after 0 s); asking again (1 of 1)');
    const report = buildReport(loadBundledDocument(), readHarExchanges(file));
    const items: LearnedItem[] = [...report.markers.flatMap((m) => m.items), ...Object.values(report.unmarked).flat()];
    expect(items.filter((i) => i.kind === 'timestamp-window')).toEqual([]);
    expect(report.inconclusive.map((i) => i.summary)).toContain('inconclusive: throttled at \u22125 s, \u22125 s (listWallets, HTTP 429, 2 answers)');
    expect(claimsOf(report, 1).claims.filter((c) => c.kind === 'window')).toEqual([]);
  });

  it('a double that redirects every wrong request gets no refusal proposed, and the redirect is not followed', async () => {
    const service = await capture((req, res) => {
      const spoiled = !onTime(req.headers) || req.headers['x-api-key'] !== credentials.apiKey || req.headers['x-signature'] === undefined || req.url !== '/api/v1/wallets';
      if (!spoiled && service.requests.filter((r) => r.headers['x-timestamp'] === req.headers['x-timestamp']).length === 1) return answerJson(res, 200, wallets);
      res.setHeader('location', 'https://elsewhere.invalid/login');
      answerJson(res, 301, { status: 'error', message: 'Moved', data: null });
    });
    const { exitCode, file, entries, out, err } = await probe(service.url, stagingEnv(service.url), 1, { retries: 3, baseMs: 5 });
    expect(exitCode, `${err}${out}`).toBe(0);
    // Every request of the plan once: a redirect is never asked again, and no skew step ends a direction.
    expect(entries).toHaveLength(maximumProbeRequests);
    expect(service.requests.every((r) => !r.url.includes('elsewhere'))).toBe(true);
    const report = buildReport(loadBundledDocument(), readHarExchanges(file));
    const items: LearnedItem[] = [...report.markers.flatMap((m) => m.items), ...Object.values(report.unmarked).flat()];
    expect(items.filter((i) => i.kind === 'refusal')).toEqual([]);
    expect(report.inconclusive.every((i) => i.kind === 'redirect')).toBe(true);
    expect(report.inconclusive.length).toBeGreaterThan(0);
    expect(claimsOf(report, 1).claims.filter((c) => c.kind === 'refusal' || c.kind === 'authentication-refusal')).toEqual([]);
  });
});

describe('production', () => {
  it('is refused before anything is sent, whatever the other flags', async () => {
    const production = await capture((_req, res) => answerJson(res, 200, successEnvelope));
    const folder = mkdtempSync(join(tmpdir(), 'probe-production-'));
    const env = { ...process.env, WALLET_API_PRODUCTION_URL: production.url, WALLET_API_KEY: credentials.apiKey, WALLET_API_SIGNING_SECRET: credentials.secret, INIT_CWD: folder };
    const run = (script: string, args: string[]) => runTool(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts', script), ...args], { cwd: repoRoot, env, timeoutMs: 20_000 });
    const [preflight, probeScript] = await Promise.all([
      run('preflight.ts', ['--target', 'production', '--confirm-production', '--probe', '--record', 'production.har']),
      run('probe.ts', ['--target', 'production', '--confirm-production']),
    ]);
    const refusal = 'the provider probe is refused for production: it sends deliberately wrong requests; probe staging instead';
    expect(preflight).toMatchObject({ exitCode: 2, timedOut: false });
    expect(preflight.output).toContain(`preflight: ${refusal}`);
    expect(probeScript).toMatchObject({ exitCode: 2, timedOut: false });
    expect(probeScript.output).toContain(`probe: ${refusal}`);
    expect(production.requests).toHaveLength(0);
    expect(existsSync(join(folder, 'production.har'))).toBe(false);
    expect(() => parseProbeArgs(['--target', 'production'])).toThrow(TargetRefused);
  });
});

describe('docs/learning-the-provider.md', () => {
  it('lists the requests of the plan, in its order, with its skew steps and its bound', () => {
    const page = readFileSync(join(repoRoot, 'docs', 'learning-the-provider.md'), 'utf8');
    const table = page.slice(page.indexOf('## Probing the unpublished rules'), page.indexOf('**How many, how fast.**'));
    const listed = [...table.matchAll(/^\|\s*[\d–]*\s*\| `([^`]+)` \| `([A-Z]+) ([^`]+)` \|/gm)].map(([, label, method, path]) => `${label} ${method} ${path}`);
    const planned = [...authenticationProbes, { label: 'timestampSkew:<seconds>', method: 'GET', pathWithQuery: '/api/v1/wallets' }, ...inputProbes];
    expect(listed).toEqual(planned.map((p) => `${p.label} ${p.method} ${p.pathWithQuery}`));
    expect(table).toContain(`moved ${timestampSkewSteps.join(', ')} s into the past`);
    expect(page).toContain(`At most **${maximumProbeRequests}** requests`);
  });
});

describe('flags', () => {
  it('preflight runs the probe after the contract tests, passing its target, --record and interval', () => {
    const options = parsePreflightArgs(['--target', 'staging', '--probe', '--probe-interval-ms', '40', '--record', 'staging.har'], { INIT_CWD: '/home/release' }, '/repo');
    expect(options).toEqual({ target: 'staging', confirmProduction: false, record: '/home/release/staging.har', probe: { intervalMs: 40 } });
    const steps = preflightSteps(options);
    expect(steps.map((s) => s.name)).toEqual(['lint', 'generated files', 'breaking changes', 'contract (staging)', 'probe (staging)']);
    expect(steps[4]!.command.slice(-7)).toEqual([join(repoRoot, 'scripts', 'probe.ts'), '--target', 'staging', '--record', '/home/release/staging.har', '--interval-ms', '40']);
    expect(preflightSteps(parsePreflightArgs(['--target', 'staging'])).map((s) => s.name)).not.toContain('probe (staging)');
    expect(steps[4]!.summarize('probe:  1/46  baseline  GET /api/v1/wallets → 200\nprobe: 38 requests sent (at most 46), recorded in /x.har\n')).toBe('probe: 38 requests sent (at most 46), recorded in /x.har');
  });

  it('refuses the mock, an interval without --probe and an interval that is not whole milliseconds', () => {
    expect(() => parsePreflightArgs(['--target', 'mock', '--probe'])).toThrow('the provider probe is refused for the mock');
    expect(() => parsePreflightArgs(['--target', 'staging', '--probe-interval-ms', '10'])).toThrow('--probe-interval-ms is the pause between the probe\'s requests: give it with --probe');
    expect(() => parsePreflightArgs(['--target', 'staging', '--probe', '--probe-interval-ms', '-1'])).toThrow('--probe-interval-ms must be a whole number of milliseconds from 0 to 60000, not "-1"');
    expect(() => parseProbeArgs(['--interval-ms', '60001'])).toThrow('--interval-ms must be a whole number of milliseconds from 0 to 60000, not "60001"');
  });

  it('without --record, names a file of its own where npm was run, and defaults to 250 ms between requests', () => {
    const at = new Date('2026-01-21T10:15:30.456Z');
    expect(parseProbeArgs(['--target', 'staging'], { INIT_CWD: '/home/release' }, '/repo', at)).toEqual({ target: 'staging', record: '/home/release/probe-staging-20260121T101530Z.har', intervalMs: 250 });
    expect(parseProbeArgs([], {}, '/repo', at).record).toBe('/repo/probe-sandbox-20260121T101530Z.har');
  });
});
