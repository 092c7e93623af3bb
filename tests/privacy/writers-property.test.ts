// Every writer, against a careless provider: requests carry generated values in protected
// fields (1 to 64 digits, letters and symbols, or numbers, under every spelling of the
// protected names), and the provider's answers embed them, and generated wallet addresses,
// everywhere: inside text at any position, as object keys, in nested arrays, inside numbers,
// in headers, in URL paths and queries (Location too), in an error message and in a page that
// is not JSON. Each writer's output (the client's log lines and its spans among them) is then
// searched for them by plain substring search (support/canaries.ts): the oracle knows nothing
// of the policy.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { inspect } from 'node:util';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import fc from 'fast-check';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { main } from '../../packages/sdk/src/cli/main.ts';
import { createClient, hmacSha256, unwrap, type DriftEvent } from '../../packages/sdk/src/client/index.ts';
import { recordTraffic, type HarEntry } from '../../packages/sdk/src/client/record-traffic.ts';
import { instrumentWalletApi } from '../../packages/sdk/src/opentelemetry/index.ts';
import { redactor } from '../../tools/contract/dredd.ts';
import { readHarExchanges } from '../../tools/learn/har-input.ts';
import { propose, renderProposal } from '../../tools/learn/proposal/index.ts';
import { renderMarkdown } from '../../tools/learn/markdown.ts';
import { buildReport } from '../../tools/learn/report.ts';
import type { Redacted } from '../../packages/sdk/src/privacy/index.ts';
import { sandboxLogRedaction } from '../../packages/sandbox/src/log.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { buildEntry } from '../../packages/sdk/src/traffic/entry.ts';
import type { RecordedExchange } from '../../packages/sdk/src/privacy/exchange.ts';
import { repoRoot } from '../support/run.ts';
import { ManualMetricReader } from '../support/manual-metric-reader.ts';
import { copySpecSource } from '../support/spec-copy.ts';
import { bareNumberKey, canaries, formsInContext, headerNameEchoes, inContext, leaksIn, numberEmbedding, walletAddress, type Canary } from './support/canaries.ts';
import { credentialForms, errorRenderings } from './support/echo-forms.ts';
import { countFromEnv } from '../support/count.ts';

const apiKey = 'CANARY-PROPERTY-API-KEY-3d9a';
const secret = 'CANARY-PROPERTY-SECRET-77c1';
const base = 'http://provider.test';
/** `wallet-api --base-url` reaches a loopback address only; the stub provider answers it all the same. */
const commandLineBase = 'http://127.0.0.1:9';
const document = loadBundledDocument();
const directory = mkdtempSync(join(tmpdir(), 'privacy-property-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));
const runs = countFromEnv('PRIVACY_PROPERTY_RUNS', 40);

/** A number holding the canary's digits inside others, when it is digits. */
const inNumber = (canary: Canary) => numberEmbedding(canary) ?? 7;

/** The answers of a careless provider to a request that carried `carried`, quoting `signature` back. */
export function careless(carried: readonly Canary[], addresses: readonly string[], signature: string): { status: number; headers: Record<string, string>; text: string }[] {
  const context = carried.map(inContext);
  const anywhere = context.join(' and ');
  const [address = '', second = address] = addresses;
  const path = (text: string) => encodeURIComponent(text);
  const record: Record<string, unknown> = {
    id: 'swap-1',
    from: 'usdt',
    to: 'ngn',
    // A new value of a field with values seen: a value-not-seen.
    status: context[0] ?? 'pending',
    message: `Withdrawal to ${address} failed: ${anywhere} is wrong (signed ${signature})`,
    nested: [[...context, address], { deeper: [anywhere] }],
    counts: carried.map(inNumber),
    link: `${base}/wallets/${address}/${carried.map((c) => path(inContext(c))).join('/')}?to=${second}&q=${path(anywhere)}`,
    payTo: second,
    ...Object.fromEntries(context.map((text, i) => [`key${text}${i}`, i])),
    ...Object.fromEntries(carried.map((c) => [c.name, inContext(c)])),
    [address]: true,
    // The forms real systems print a value in: a number without its leading zeros, with separators, URL-encoded.
    echoed: carried.flatMap((c) => formsInContext(c).map(({ text }) => text)),
    ...Object.fromEntries(carried.flatMap((c) => (bareNumberKey(c) === undefined ? [] : [[bareNumberKey(c)!, Number(c.text)]]))),
  };
  const encodedCredentials = [...credentialForms(apiKey), ...(signature === '' ? [] : credentialForms(signature))].join(' ');
  record.message = `${String(record.message)} (${encodedCredentials})`;
  const headers = {
    'content-type': 'application/json',
    'x-echo': `${anywhere} ${address} ${signature} ${encodedCredentials}`,
    ...Object.fromEntries(carried.flatMap(headerNameEchoes).map((name) => [name, '1'])),
    location: `${base}/wallets/${address}/${carried.map((c) => path(inContext(c))).join('/')}?account=${path(anywhere)}`,
  };
  return [
    { status: 200, headers, text: JSON.stringify({ status: 'success', message: `sent to ${address}: ${anywhere}`, data: record }) },
    { status: 400, headers, text: JSON.stringify({ status: 'error', message: `PIN ${anywhere} is wrong for ${address}`, data: null }) },
    { status: 502, headers: { ...headers, 'content-type': 'text/html' }, text: `<html>no route to ${address} for ${anywhere}</html>` },
  ];
}

/** A provider answering in turn with the careless answers, keeping every exchange as sent and answered (what another tool would record). */
function provider(carried: readonly Canary[], addresses: readonly string[]) {
  const raw: RecordedExchange[] = [];
  const signatures: string[] = [];
  let call = 0;
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    const signature = headers.get('x-signature') ?? '';
    signatures.push(signature);
    const answer = careless(carried, addresses, signature)[call++ % 3]!;
    const url = input instanceof Request ? input.url : String(input);
    raw.push({
      startedAt: new Date('2026-01-01T00:00:00Z'),
      durationMs: 1,
      request: { method: (init?.method ?? 'GET').toUpperCase(), url, headers: [...headers], ...(typeof init?.body === 'string' ? { body: init.body } : {}) },
      response: { status: answer.status, headers: Object.entries(answer.headers), body: answer.text },
    });
    return new Response(answer.text, { status: answer.status, headers: answer.headers });
  };
  return { fetch: fetch as typeof globalThis.fetch, raw, signatures };
}

const requestBody = (carried: readonly Canary[]) => ({ from: 'usdt', to: 'ngn', amount: 1, ...Object.fromEntries(carried.map((c) => [c.name, c.value])) });

/**
 * The recorder, the drift watch (events, warnings, strict errors), the client's errors, its
 * logger at debug (every line, with its fields) and its OpenTelemetry spans, span events and
 * metric labels, over three calls.
 */
async function clientWriters(carried: readonly Canary[], addresses: readonly string[], run: number) {
  const { fetch, raw, signatures } = provider(carried, addresses);
  const file = join(directory, `traffic-${run}.har`);
  const entries: HarEntry[] = [];
  const events: DriftEvent[] = [];
  const warnings: string[] = [];
  const errors: string[] = [];
  const logLines: string[] = [];
  const keep = (...args: unknown[]) => void logLines.push(args.map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' '));
  const logger = { debug: keep, info: keep, warn: keep, error: keep };
  const spans = new InMemorySpanExporter();
  const metrics = new ManualMetricReader();
  const telemetry = instrumentWalletApi({ tracerProvider: new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] }), meterProvider: new MeterProvider({ readers: [metrics] }) });
  const emit = vi.spyOn(process, 'emitWarning').mockImplementation(((message: string) => void warnings.push(String(message))) as typeof process.emitWarning);
  try {
    const recorder = recordTraffic({ file, onEntry: (entry) => entries.push(entry) });
    for (const drift of [{ mode: 'report' as const, onDrift: (event: DriftEvent) => void events.push(event) }, 'strict' as const]) {
      const client = createClient({ environment: 'custom', baseUrl: base, apiKey, signer: hmacSha256({ secret }), fetch, drift, logger, logLevel: 'debug' });
      client.use(recorder);
      for (let i = 0; i < 3; i++) {
        const query = carried[0] ? { [carried[0].name]: carried[0].value } : {};
        const outcome = await unwrap(client.POST('/api/v1/swaps', { body: requestBody(carried), params: { query } } as never)).then(
          (result) => result,
          (error: unknown) => error,
        );
        if (outcome instanceof Error) errors.push(...Object.values(errorRenderings(outcome)));
      }
    }
    await recorder.flush();
  } finally {
    emit.mockRestore();
    telemetry.disable();
  }
  const finished = spans.getFinishedSpans().map(({ name, attributes, events: spanEvents, status }) => ({ name, attributes, events: spanEvents.map((e) => [e.name, e.attributes]), status }));
  const labels = (await metrics.collect()).resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics.flatMap((metric) => metric.dataPoints.map((point) => [metric.descriptor.name, point.attributes])));
  // The writers said something: the search is not over empty outputs.
  expect([logLines.length > 0, finished.length, labels.length > 0]).toEqual([true, 6, true]);
  return {
    outputs: {
      'recorded entries': JSON.stringify(entries),
      'HAR file': readFileSync(file, 'utf8'),
      'drift events': JSON.stringify(events),
      warnings: warnings.join('\n'),
      'strict errors': errors.join('\n'),
      'client log lines': logLines.join('\n'),
      'spans and span events': JSON.stringify(finished),
      'metric labels': JSON.stringify(labels),
    },
    raw,
    signatures,
    events,
  };
}

/** A HAR file as another tool records it: every value as sent and answered. */
function foreignHar(exchanges: readonly RecordedExchange[], run: number): string {
  // buildEntry takes only what the policy returned; another tool does not ask it.
  const entries = exchanges.map((exchange) => buildEntry(exchange as Redacted<RecordedExchange>));
  const file = join(directory, `foreign-${run}.har`);
  writeFileSync(file, JSON.stringify({ log: { version: '1.2', creator: { name: 'another-recorder', version: '1' }, entries } }));
  return file;
}

/** What `wallet-api createSwap` prints on stdout and stderr, under --drift report. */
async function commandLine(carried: readonly Canary[], addresses: readonly string[]) {
  // The command line sends the body its schema allows: the password, as a string.
  const password: Canary = { name: 'password', value: String(carried[0]?.value ?? 'pw'), text: String(carried[0]?.value ?? 'pw'), index: 90 };
  const { fetch, signatures } = provider([password], addresses);
  const written: string[] = [];
  const io = { stdout: (t: string) => void written.push(t), stderr: (t: string) => void written.push(t), env: { WALLET_API_KEY: apiKey, WALLET_API_SIGNING_SECRET: secret }, cwd: repoRoot, fetch };
  for (let i = 0; i < 3; i++) {
    await main(['createSwap', '--body', JSON.stringify({ from: 'usdt', to: 'ngn', amount: 1, password: password.value }), '--base-url', commandLineBase, '--drift', 'report', ...(i === 0 ? ['--verbose'] : [])], io);
  }
  // A body that is not JSON, quoting the password: the parse error must not quote it back.
  await main(['createSwap', '--body', `{"password": "${password.text}`, '--base-url', commandLineBase], io);
  return { output: written.join(''), password, signatures };
}

let run = 0;

/** Credentials, and each in base64, base64url and hex (support/echo-forms.ts). */
const withEncodings = (credentials: readonly string[]) => credentials.flatMap((credential) => (credential === '' ? [] : [credential, ...credentialForms(credential)]));

/** Every leak of the recorder, the drift watch, the client's errors, the learn report and the command line, for one example. */
export async function clientWriterLeaks(carried: Canary[], addresses: string[]): Promise<string[]> {
  run++;
  const client = await clientWriters(carried, addresses, run);
  const report = buildReport(document, readHarExchanges(foreignHar(client.raw, run)));
  const cli = await commandLine(carried, addresses);
  const outputs = { ...client.outputs, 'learn report (JSON)': JSON.stringify(report), 'learn report (Markdown)': renderMarkdown(report) };
  // The writers said something: the search is not over empty outputs.
  expect(client.events.length).toBeGreaterThan(0);
  expect(report.exchanges).toBe(6);
  return [
    ...leaksIn(outputs, carried, addresses),
    ...leaksIn({ 'wallet-api stdout and stderr': cli.output }, [cli.password], addresses),
    ...leaksIn({ ...outputs, 'wallet-api stdout and stderr': cli.output }, [], withEncodings([apiKey, secret, ...client.signatures, ...cli.signatures])).map((leak) => leak.replace('address', 'credential')),
  ];
}

/** Every leak of a proposal (the whole diff of openapi/, its summary, its JSON), for one example. */
export async function proposalLeaks(carried: Canary[], addresses: string[]): Promise<string[]> {
  run++;
  const { raw } = provider(carried, addresses);
  const client = await clientWriters(carried, addresses, run);
  const file = foreignHar([...client.raw, ...raw], run);
  const report = buildReport(document, readHarExchanges(file).map((exchange) => ({ ...exchange, source: { ...exchange.source, file } })));
  const copy = copySpecSource();
  try {
    const proposal = propose(report, document, copy.root, 1);
    // The whole diff of openapi/: every file it changed, read whole.
    const changed = readdirSync(join(copy.dir, 'openapi'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
      .filter((path) => readFileSync(path, 'utf8') !== readFileSync(join(repoRoot, relative(copy.dir, path)), 'utf8'));
    expect(changed.length).toBeGreaterThan(0);
    const outputs = {
      'proposed openapi/': changed.map((path) => readFileSync(path, 'utf8')).join('\n'),
      'proposal summary': renderProposal(proposal, report, 1, copy.dir),
      'proposal JSON': JSON.stringify(proposal),
    };
    return [...leaksIn(outputs, carried, addresses), ...leaksIn(outputs, [], [...withEncodings([apiKey, secret, ...client.signatures]), directory])];
  } finally {
    copy.remove();
  }
}

/** Every leak of the writers that see only answers (Dredd's log, the sandbox's log), for one example. */
export function logWriterLeaks(carried: Canary[], addresses: string[]): string[] {
  // As HMAC-SHA256 gives it: 64 hexadecimal digits, which Dredd's process never tells the redactor.
  const signature = 'f'.repeat(16) + '0123456789abcdef'.repeat(3);
  const [address = ''] = addresses;
  // An answer these writers can read: values under protected names, addresses anywhere, credentials quoted.
  const protectedFields = Object.fromEntries(carried.map((c) => [c.name, inContext(c)]));
  const answer = { status: 'error', message: `no route to ${address}; signed ${signature} by ${apiKey}`, data: { ...protectedFields, nested: [protectedFields], payTo: addresses } };
  // In free text a value is quoted, as loggers quote a value that may hold spaces: unquoted, a value ends at the first space, `&`, `,` or `;`.
  const pairs = carried.map((c) => `${c.name}=${JSON.stringify(inContext(c))}`).join(' ');
  // Dredd prints the request it sent (the spec's example, signed) and the answer it got, headers and bodies.
  const transcript = [
    'fail: POST (200) /api/v1/swaps duration: 12ms',
    'request:',
    'headers:',
    `    x-api-key: ${apiKey}`,
    `    x-signature: ${signature}`,
    `    Authorization: Bearer ${secret}`,
    'actual:',
    'headers:',
    `    x-echo: ${address} ${pairs}`,
    'body:',
    JSON.stringify(answer, null, 2),
    JSON.stringify(answer),
  ].join('\n');
  const dredd = redactor([apiKey, secret])(transcript);
  const url = `/api/v1/wallets/${address}/x?${carried.map((c) => `${encodeURIComponent(c.name)}=${encodeURIComponent(inContext(c))}`).join('&')}`;
  const log = [
    JSON.stringify(sandboxLogRedaction.serializers.req({ method: 'GET', url, hostname: 'sandbox', ip: '127.0.0.1' })),
    JSON.stringify(sandboxLogRedaction.serializers.err(new Error(`Invalid request: ${pairs} for ${address}`))),
    sandboxLogRedaction.message(`no route to ${addresses.join(', ')}; ${JSON.stringify(protectedFields)}`),
  ].join('\n');
  // What the answers hold under protected names is found by its name (the log's writers never saw the request).
  return [...leaksIn({ "Dredd's log": dredd, "the sandbox's log": log }, carried, addresses), ...leaksIn({ "Dredd's log": dredd }, [], [apiKey, secret, signature])];
}

describe('every writer with a careless provider', () => {
  it('writes no value a request carried in a protected field, and no wallet address, wherever the answer puts them', async () => {
    await fc.assert(
      fc.asyncProperty(canaries, fc.array(walletAddress, { minLength: 1, maxLength: 3 }), async (carried, addresses) => {
        expect(await clientWriterLeaks(carried, addresses)).toEqual([]);
      }),
      { numRuns: runs },
    );
  }, 300_000);

  it('proposes no such value in any file of openapi/ it changes, nor in its summary', async () => {
    await fc.assert(
      fc.asyncProperty(canaries, fc.array(walletAddress, { minLength: 1, maxLength: 2 }), async (carried, addresses) => {
        expect(await proposalLeaks(carried, addresses)).toEqual([]);
      }),
      { numRuns: Math.max(5, Math.round(runs / 4)) },
    );
  }, 300_000);

  it("writes no credential, address or answer's protected value in Dredd's log or the sandbox's log", () => {
    fc.assert(
      fc.property(canaries, fc.array(walletAddress, { minLength: 1, maxLength: 3 }), (carried, addresses) => {
        expect(logWriterLeaks(carried, addresses)).toEqual([]);
      }),
      { numRuns: runs * 5 },
    );
  }, 300_000);
});
