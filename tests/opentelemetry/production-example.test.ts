// examples/production-telemetry.ts, as docs/operating-in-production.md shows it: pino and
// OpenTelemetry wired to the client, against the sandbox's failure scenarios; what each
// exporter and the log receive is what the page says an on-call engineer sees.
import { context, metrics, trace } from '@opentelemetry/api';
import { AggregationTemporality, InMemoryMetricExporter, type HistogramMetricData } from '@opentelemetry/sdk-metrics';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionClient, startTelemetry } from '../../examples/production-telemetry.ts';
import { startSandbox, type RunningSandbox } from '../../packages/sandbox/src/index.ts';
import { readmeBlock } from '../support/readme.ts';
import { readFileSync } from 'node:fs';
import { repoRoot } from '../support/run.ts';

const apiKey = 'production-example-key';
const secret = 'production-example-secret';
let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ logger: false, deterministic: true, apiKeys: { [apiKey]: secret } });
});
afterAll(async () => {
  trace.disable();
  metrics.disable();
  context.disable();
  await sandbox.close();
});

describe('examples/production-telemetry.ts', () => {
  it('is the file the docs page shows, verbatim', () => {
    expect(readmeBlock('examples/production-telemetry.ts', 'docs/operating-in-production.md')).toBe(readFileSync(`${repoRoot}examples/production-telemetry.ts`, 'utf8'));
  });

  it('exports a span per call and the duration histogram, and logs a JSON line per call, retry and failure through pino', async () => {
    // Keeps what it is handed past shutdown (the in-memory exporter forgets it then).
    const exportedSpans: ReadableSpan[] = [];
    const spans: SpanExporter = { export: (batch, done) => (exportedSpans.push(...batch), done({ code: 0 })), shutdown: async () => {} };
    const measured = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
    const telemetry = startTelemetry({ spans, metrics: measured, metricIntervalMs: 3_600_000 });
    const lines: Record<string, any>[] = [];
    const logTo = new Writable({
      write(chunk: Buffer, _encoding, done) {
        for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(line) as Record<string, any>);
        done();
      },
    });
    const client = productionClient({ environment: 'custom', baseUrl: sandbox.url, apiKey, signingSecret: secret, logTo });
    sandbox.scenarios.arm({ operation: 'listWallets', answer: 'throttle', status: 503, retryAfterSeconds: 0, times: 1 }, apiKey);
    await client.GET('/api/v1/wallets');
    sandbox.scenarios.arm({ operation: 'createSwap', answer: 'error', status: 402, message: 'Insufficient balance', times: 1 }, apiKey);
    await client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' } });
    sandbox.scenarios.arm({ operation: 'getRates', answer: 'reset-before-headers', times: 3 }, apiKey);
    await expect(client.GET('/api/v1/utils/rates')).rejects.toMatchObject({ kind: 'network' });
    await telemetry.shutdown();

    // pino's levels: 30 info, 40 warn, 50 error.
    expect(lines.map((l) => [l.level, l.name, l.msg.replace(/\d+\.\d ms/, 'T ms')])).toEqual([
      [40, 'wallet-api', 'GET /api/v1/wallets attempt 1 failed (status 503); retrying in 0 ms as Retry-After asked'],
      [30, 'wallet-api', 'GET /api/v1/wallets answered HTTP 200 in T ms (2 attempts)'],
      [50, 'wallet-api', 'POST /api/v1/swaps failed (api, HTTP 402) after T ms and 1 attempt: Insufficient balance'],
      [40, 'wallet-api', 'GET /api/v1/utils/rates attempt 1 failed (network); retrying in ' + lines[3]!.walletApi.delayMs + ' ms'],
      [40, 'wallet-api', 'GET /api/v1/utils/rates attempt 2 failed (network); retrying in ' + lines[4]!.walletApi.delayMs + ' ms'],
      [50, 'wallet-api', expect.stringMatching(/^GET \/api\/v1\/utils\/rates failed \(network\) after T ms and 3 attempts: /)],
    ]);
    expect(lines[2]!.walletApi).toMatchObject({ operation: 'POST /api/v1/swaps', kind: 'api', status: 402, attempts: 1 });
    expect(JSON.stringify(lines)).not.toContain('customer-authorization-value');

    expect(exportedSpans.map((s) => [s.name, s.attributes['error.type'], s.attributes['wallet_api.attempts']])).toEqual([
      ['GET /api/v1/wallets', undefined, 2],
      ['POST /api/v1/swaps', '402', 1],
      ['GET /api/v1/utils/rates', 'network', 3],
    ]);
    const exported = measured.getMetrics().flatMap((r) => r.scopeMetrics.flatMap((s) => s.metrics));
    const duration = exported.find((m) => m.descriptor.name === 'wallet_api.client.call.duration') as HistogramMetricData;
    expect(duration.dataPoints.map((p) => [p.attributes['wallet_api.operation'], p.attributes['error.type'], p.value.count]).sort()).toEqual([
      ['createSwap', '402', 1],
      ['getRates', 'network', 1],
      ['listWallets', undefined, 1],
    ]);
  });
});
