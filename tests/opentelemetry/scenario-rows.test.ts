// Each row of the sandbox's failure scenarios table (docs/sandbox.md) as an on-call
// engineer sees it: the call's span and the client's log lines, with telemetry and a logger
// on. The rows docs/operating-in-production.md shows are what this test observes: it runs
// each scenario and looks for the row it observed in the page, so the page cannot drift from
// what the client does.
import { context, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, hmacSha256, type Logger, type WalletApiClient } from '../../packages/sdk/src/client/index.ts';
import { instrumentWalletApi, type WalletApiTelemetry } from '../../packages/sdk/src/opentelemetry/index.ts';
import { startSandbox, type RunningSandbox, type ScenarioDefinition } from '../../packages/sandbox/src/index.ts';
import { repoRoot } from '../support/run.ts';

const secret = 'scenario-rows-secret';
const exporter = new InMemorySpanExporter();
let sandbox: RunningSandbox;
let telemetry: WalletApiTelemetry;
/** Starts each row's own parent span, by which the row finds its call's span among those of the rows beside it. */
let rowTracer: Tracer;

afterAll(async () => {
  telemetry.disable();
  context.disable();
  await sandbox.close();
});

/** The table's rows: each definition on createSwap with a timeoutMs of 1000, as the sandbox's table runs them; throttle also on a GET with retry. */
const rows: { answer: string; definition: ScenarioDefinition; call: (client: WalletApiClient) => Promise<unknown>; operation: string }[] = [
  { answer: 'error', definition: { answer: 'error', status: 402, message: 'Insufficient balance' }, operation: 'createSwap', call: swap },
  { answer: 'throttle', definition: { answer: 'throttle', status: 503, retryAfterSeconds: 1 }, operation: 'createSwap', call: swap },
  { answer: 'throttle (a GET with retry)', definition: { answer: 'throttle', status: 503, retryAfterSeconds: 1 }, operation: 'listWallets', call: (c) => c.GET('/api/v1/wallets', { retry: { attempts: 3 } }) },
  { answer: 'delay', definition: { answer: 'delay', delayMs: 1500 }, operation: 'createSwap', call: swap },
  { answer: 'dribble', definition: { answer: 'dribble', delayMs: 1500 }, operation: 'createSwap', call: swap },
  { answer: 'reset-before-headers', definition: { answer: 'reset-before-headers' }, operation: 'createSwap', call: swap },
  { answer: 'reset-after-headers', definition: { answer: 'reset-after-headers' }, operation: 'createSwap', call: swap },
  { answer: 'truncated', definition: { answer: 'truncated' }, operation: 'createSwap', call: swap },
  { answer: 'not-json', definition: { answer: 'not-json' }, operation: 'createSwap', call: swap },
  { answer: 'error-on-200', definition: { answer: 'error-on-200', message: 'Swap could not be created' }, operation: 'createSwap', call: swap },
];

function swap(client: WalletApiClient): Promise<unknown> {
  return client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' } });
}

/** A log line as the page shows it: its level and the part in parentheses. */
function gist(level: string, fields: Record<string, any>): string {
  const f = fields.walletApi;
  if (level === 'info') return `info (HTTP ${f.status}, ${f.attempts} attempt${f.attempts === 1 ? '' : 's'})`;
  if (level === 'warn') return `warn (retry: ${f.reason})`;
  return `error (${f.kind}${f.status === undefined ? '' : `, HTTP ${f.status}`})`;
}

// The rows run side by side (three of them wait a second: a timeout, a dribble, a
// Retry-After): each under an API key of its own, so its scenario answers only its call.
const apiKeyOf = (index: number) => `scenario-rows-key-${index}`;

beforeAll(async () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
  telemetry = instrumentWalletApi({ tracerProvider });
  rowTracer = tracerProvider.getTracer('scenario rows');
  sandbox = await startSandbox({ logger: false, deterministic: true, apiKeys: Object.fromEntries(rows.map((_row, index) => [apiKeyOf(index), secret])) });
});

const page = () => readFileSync(`${repoRoot}docs/operating-in-production.md`, 'utf8');

describe.concurrent('the failure scenarios in traces and logs', () => {
  it.for(rows.map((row, index) => ({ ...row, apiKey: apiKeyOf(index) })))('$answer: the row docs/operating-in-production.md shows', async ({ answer, definition, operation, call, apiKey }, { expect }) => {
    sandbox.scenarios.arm({ operation, ...definition, times: 1 } as ScenarioDefinition, apiKey);
    const lines: string[] = [];
    const at = (level: string) => (fields: Record<string, any>) => void lines.push(gist(level, fields));
    const logger: Logger = { debug: () => {}, info: at('info'), warn: at('warn'), error: at('error') };
    const client = createClient({ environment: 'custom', baseUrl: sandbox.url, apiKey, signer: hmacSha256({ secret }), timeoutMs: 1000, logger });
    const parent = rowTracer.startSpan(answer);
    await context.with(trace.setSpan(context.active(), parent), () => call(client)).catch(() => undefined);
    parent.end();
    const mine = exporter.getFinishedSpans().filter((s) => s.parentSpanContext?.spanId === parent.spanContext().spanId);
    expect(mine).toHaveLength(1);
    const [span] = mine;
    const code = (value: unknown) => (value === undefined ? '—' : `\`${String(value)}\``);
    const events = span!.events.map((e) => `\`${e.name}\` (${String(e.attributes?.['wallet_api.retry.reason'])}, ${String(e.attributes?.['wallet_api.retry.delay_ms'])} ms)`);
    const row = `| \`${answer.replace(' (a GET with retry)', '`, a GET with `retry')}\` | \`${span!.name}\` | ${span!.status.code === SpanStatusCode.ERROR ? 'Error' : 'Unset'} | ${code(span!.attributes['error.type'])} | ${code(span!.attributes['http.response.status_code'])} | ${String(span!.attributes['wallet_api.attempts'])} | ${events.join(', ') || '—'} | ${lines.join(', ')} |`;
    expect(page(), `the page has no row\n${row}`).toContain(row);
  });
});
