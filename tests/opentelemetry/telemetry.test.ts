// `@wallet-api/sdk/opentelemetry` against the sandbox's failure scenarios, read back with
// OpenTelemetry's in-memory span exporter and a manual metric reader: names, kinds,
// attributes, status, events, parents and metrics of a success, a GET retried under
// throttling, a refused POST, a timeout and a reset; the privacy canary over every span,
// event and metric label.
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { MeterProvider, type HistogramMetricData, type SumMetricData } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import diagnosticsChannel from 'node:diagnostics_channel';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callChannelName, createClient, hmacSha256 } from '@wallet-api/sdk';
import { instrumentWalletApi, metricNames, type WalletApiTelemetry } from '@wallet-api/sdk/opentelemetry';
import { ManualMetricReader } from '../support/manual-metric-reader.ts';
import { callCases, canariesIn, canary, caseSandbox, type CallCase, type CaseSandbox } from '../support/call-cases.ts';


const exporter = new InMemorySpanExporter();
const tracerProvider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
const tracer = tracerProvider.getTracer('test');
let reader: ManualMetricReader;
let meterProvider: MeterProvider;
let telemetry: WalletApiTelemetry;
let cases: CaseSandbox;
const contextManager = new AsyncLocalStorageContextManager();

beforeAll(async () => {
  context.setGlobalContextManager(contextManager.enable());
  cases = await caseSandbox();
});
afterAll(async () => {
  telemetry?.disable();
  context.disable();
  await cases.close();
});
afterEach(() => {
  telemetry.disable();
  exporter.reset();
});

/** Each test subscribes anew, with fresh instruments. */
function instrument() {
  reader = new ManualMetricReader();
  meterProvider = new MeterProvider({ readers: [reader] });
  telemetry = instrumentWalletApi({ tracerProvider, meterProvider });
}

async function collected() {
  const { resourceMetrics } = await reader.collect();
  return resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics);
}

/** A fetch that starts a span for each request as instrumentation-undici does: from the active context, when the request is made. */
function tracedFetch(): typeof fetch {
  return async (input, init) => {
    const span = tracer.startSpan('HTTP request', { kind: SpanKind.CLIENT }, context.active());
    try {
      return await fetch(input, init);
    } finally {
      span.end();
    }
  };
}

const expected: Record<CallCase, { name: string; operationId: string; attributes: Record<string, unknown>; error?: string; events: unknown[] }> = {
  success: { name: 'GET /api/v1/utils/rates', operationId: 'getRates', attributes: { 'http.response.status_code': 200, 'wallet_api.attempts': 1 }, events: [] },
  'retried GET': {
    name: 'GET /api/v1/wallets',
    operationId: 'listWallets',
    attributes: { 'http.response.status_code': 200, 'wallet_api.attempts': 2 },
    events: [{ name: 'retry', attributes: { 'wallet_api.retry.attempt': 1, 'wallet_api.retry.delay_ms': 0, 'wallet_api.retry.reason': 'status 429', 'wallet_api.retry.retry_after': true } }],
  },
  'refused POST': { name: 'POST /api/v1/swaps', operationId: 'createSwap', attributes: { 'http.response.status_code': 402, 'wallet_api.attempts': 1 }, error: '402', events: [] },
  timeout: { name: 'GET /api/v1/utils/rates', operationId: 'getRates', attributes: { 'wallet_api.attempts': 1 }, error: 'timeout', events: [] },
  reset: { name: 'GET /api/v1/wallets', operationId: 'listWallets', attributes: { 'wallet_api.attempts': 1 }, error: 'network', events: [] },
};

describe('@wallet-api/sdk/opentelemetry', () => {
  it.each(callCases)('%s: one CLIENT span, child of the caller\'s, parent of the HTTP requests, and its duration measured', async (name) => {
    instrument();
    const client = cases.client({ fetch: tracedFetch() });
    let callSeconds = 0;
    await tracer.startActiveSpan('caller', async (caller) => {
      const started = performance.now();
      await cases.run(name, client);
      callSeconds = (performance.now() - started) / 1000;
      caller.end();
    });
    const spans = exporter.getFinishedSpans();
    const caller = spans.find((s) => s.name === 'caller')!;
    const calls = spans.filter((s) => s.instrumentationScope.name === '@wallet-api/sdk');
    expect(calls).toHaveLength(1);
    const span = calls[0]!;
    const want = expected[name];
    const url = new URL(cases.sandbox.url);
    expect(span.name).toBe(want.name);
    expect(span.kind).toBe(SpanKind.CLIENT);
    expect(span.parentSpanContext?.spanId).toBe(caller.spanContext().spanId);
    expect(span.attributes).toEqual({
      'http.request.method': want.name.split(' ')[0],
      'url.template': want.name.split(' ')[1],
      'server.address': url.hostname,
      'server.port': Number(url.port),
      'wallet_api.operation': want.operationId,
      ...want.attributes,
      ...(want.error ? { 'error.type': want.error } : {}),
    });
    expect(span.status.code).toBe(want.error ? SpanStatusCode.ERROR : SpanStatusCode.UNSET);
    expect(span.events.map((e) => ({ name: e.name, attributes: e.attributes }))).toEqual(want.events);
    // Each HTTP request the call made is a child of the call's span: two for the retried GET.
    const requests = spans.filter((s) => s.name === 'HTTP request');
    expect(requests).toHaveLength(name === 'retried GET' ? 2 : 1);
    for (const request of requests) expect(request.parentSpanContext?.spanId).toBe(span.spanContext().spanId);

    const metrics = await collected();
    const duration = metrics.find((m) => m.descriptor.name === metricNames.callDuration) as HistogramMetricData;
    expect(duration.descriptor.unit).toBe('s');
    expect(duration.dataPoints).toHaveLength(1);
    const point = duration.dataPoints[0]!;
    // The span's attributes but the attempts (a count, not a dimension).
    const { 'wallet_api.attempts': attempts, ...dimensions } = span.attributes;
    expect(attempts).toBe(want.attributes['wallet_api.attempts']);
    expect(point.attributes).toEqual(dimensions);
    expect(point.value.count).toBe(1);
    // Both the span and the measurement lie within the call as the test timed it.
    const spanSeconds = (span.duration[0] * 1e9 + span.duration[1]) / 1e9;
    for (const seconds of [point.value.sum!, spanSeconds]) {
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(callSeconds);
      // The timeout case waits timeoutMs (300) before it fails.
      if (name === 'timeout') expect(seconds).toBeGreaterThanOrEqual(0.29);
    }
  });

  it('names a call by its path template, never by its ids', async () => {
    instrument();
    await cases.client().POST('/api/v1/swaps/{id}/confirm', { params: { path: { id: 'swap-id-0f9e8d7c' } }, body: { password: canary.password } as never });
    const [span] = exporter.getFinishedSpans();
    expect(span!.name).toBe('POST /api/v1/swaps/{id}/confirm');
    expect(JSON.stringify(spanText(span!))).not.toContain('swap-id-0f9e8d7c');
  });

  it('a drift finding is an event on the span and counts in the findings counter, by operation, kind and class', async () => {
    instrument();
    const answer = JSON.stringify({ status: 'success', message: 'ok', data: [], surprise: canary.address });
    const client = createClient({ environment: 'custom', baseUrl: 'https://wallet-api.test', apiKey: canary.apiKey, signer: hmacSha256({ secret: canary.secret }), fetch: async () => new Response(answer, { headers: { 'content-type': 'application/json' } }), drift: { mode: 'report', onDrift: () => {} } });
    await client.GET('/api/v1/wallets');
    await client.GET('/api/v1/wallets');
    const spans = exporter.getFinishedSpans();
    expect(spans.map((s) => s.events.map((e) => ({ name: e.name, attributes: e.attributes })))).toEqual([0, 1].map(() => [{ name: 'drift finding', attributes: { 'wallet_api.drift.kind': 'unknown-field', 'wallet_api.drift.class': 'learning', 'wallet_api.drift.pointer': '/surprise' } }]));
    expect(spans[0]!.attributes).toMatchObject({ 'server.address': 'wallet-api.test', 'server.port': 443 });
    const findings = (await collected()).find((m) => m.descriptor.name === metricNames.driftFindings) as SumMetricData;
    expect(findings.dataPoints.map((p) => [p.attributes, p.value])).toEqual([
      [{ 'wallet_api.drift.kind': 'unknown-field', 'wallet_api.drift.class': 'learning', 'http.request.method': 'GET', 'url.template': '/api/v1/wallets', 'wallet_api.operation': 'listWallets' }, 2],
    ]);
    expect(canariesIn(JSON.stringify(spans.map(spanText)), [])).toEqual([]);
  });

  it('the privacy canary: no secret or personal value in any span, event or metric label', async () => {
    instrument();
    const client = cases.client({ fetch: tracedFetch() });
    for (const name of callCases) await cases.run(name, client);
    await cases.runCanaryCalls(client);
    const spans = exporter.getFinishedSpans();
    expect(spans.filter((s) => s.instrumentationScope.name === '@wallet-api/sdk')).toHaveLength(callCases.length + 3);
    const metrics = await collected();
    const labels = metrics.flatMap((m) => (m.dataPoints as { attributes: unknown }[]).map((p) => p.attributes));
    expect(labels.length).toBeGreaterThan(3);
    const everything = JSON.stringify({ spans: spans.map(spanText), metrics: metrics.map((m) => m.descriptor), labels });
    expect(cases.signatures.length).toBeGreaterThan(callCases.length);
    expect(canariesIn(everything, cases.signatures)).toEqual([]);
  });

  it('disable() stops it: no span, and nothing subscribed to the channel any more', async () => {
    instrument();
    expect(diagnosticsChannel.tracingChannel(callChannelName).hasSubscribers).toBe(true);
    telemetry.disable();
    expect(diagnosticsChannel.tracingChannel(callChannelName).hasSubscribers).toBe(false);
    await cases.run('success', cases.client());
    expect(exporter.getFinishedSpans()).toEqual([]);
  });

  it('disable() during a call still ends its span', async () => {
    instrument();
    const call = cases.run('timeout', cases.client());
    await new Promise((resolve) => setTimeout(resolve, 50));
    telemetry.disable();
    await call;
    expect(exporter.getFinishedSpans().map((s) => s.attributes['error.type'])).toEqual(['timeout']);
    expect(diagnosticsChannel.tracingChannel(callChannelName).hasSubscribers).toBe(false);
  });

  it('two instrumentations at once each end their own span of a call, and each records its duration once', async () => {
    instrument();
    const otherExporter = new InMemorySpanExporter();
    const otherReader = new ManualMetricReader();
    const other = instrumentWalletApi({
      tracerProvider: new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(otherExporter)] }),
      meterProvider: new MeterProvider({ readers: [otherReader] }),
    });
    try {
      await cases.run('retried GET', cases.client());
    } finally {
      other.disable();
    }
    for (const spans of [exporter.getFinishedSpans(), otherExporter.getFinishedSpans()]) {
      expect(spans.map((s) => [s.name, s.attributes['wallet_api.attempts'], s.events.map((e) => e.name)])).toEqual([['GET /api/v1/wallets', 2, ['retry']]]);
    }
    // Side by side: each starts from the caller's context (here none), neither inside the other.
    expect([...exporter.getFinishedSpans(), ...otherExporter.getFinishedSpans()].map((s) => s.parentSpanContext)).toEqual([undefined, undefined]);
    for (const metricReader of [reader, otherReader]) {
      const { resourceMetrics } = await metricReader.collect();
      const duration = resourceMetrics.scopeMetrics.flatMap((scope) => scope.metrics).find((m) => m.descriptor.name === metricNames.callDuration) as HistogramMetricData;
      expect(duration.dataPoints.map((p) => p.value.count)).toEqual([1]);
    }
  });

  it('with the global providers when none is given', async () => {
    const { metrics } = await import('@opentelemetry/api');
    trace.setGlobalTracerProvider(tracerProvider);
    reader = new ManualMetricReader();
    metrics.setGlobalMeterProvider(new MeterProvider({ readers: [reader] }));
    telemetry = instrumentWalletApi();
    try {
      await cases.run('success', cases.client());
    } finally {
      trace.disable();
      metrics.disable();
    }
    expect(exporter.getFinishedSpans().map((s) => s.name)).toEqual(['GET /api/v1/utils/rates']);
    expect((await collected()).map((m) => m.descriptor.name)).toContain(metricNames.callDuration);
  });
});

/** Everything a span carries that an exporter would write. */
function spanText(span: ReadableSpan) {
  return { name: span.name, attributes: span.attributes, status: span.status, events: span.events.map((e) => ({ name: e.name, attributes: e.attributes })), links: span.links, resource: span.resource.attributes };
}
