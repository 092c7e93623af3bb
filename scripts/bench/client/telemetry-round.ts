// One round of the telemetry comparison of `npm run bench:client`, in one process: the client
// as it was before its telemetry (base-sdk.ts), the same once more as a control (its ratio to
// the first is the measurement's noise), this client with nobody subscribed to its
// diagnostics channel, this client (nobody subscribed) with the same span and histogram made
// by hand around each call (OpenTelemetry's own cost: results.ts), and this client with
// `@wallet-api/sdk/opentelemetry` on, both exporting
// every span to an exporter that does nothing through a BatchSpanProcessor, as
// docs/operating-in-production.md and the Node SDK wire an exporter (with OpenTelemetry's
// AsyncLocalStorage context manager, as the Node SDK registers it, and a meter provider
// collecting the duration histogram), each making the same sequential calls to the fixed-answer server in
// turns of --block. The telemetry is subscribed only for its own turns, so the others run
// with nobody listening. Prints one JSON line: per request kind, the medians over the turns of
// each one's rate, of its ratio to the client as it was and of the CPU µs per call.
import { fileURLToPath } from 'node:url';
import { context, SpanKind, type Attributes } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, BatchSpanProcessor, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { freePort, spawnService, waitForHttp } from '../../../tools/support/process.ts';
import { closeOnSignal } from '../../../packages/sandbox/src/shutdown.ts';
import { median } from '../support/median.ts';
import { readBenchOptions } from '../support/options.ts';
import { loadBuiltSdk } from './built-sdk.ts';
import { apiKey, secret, swap, transactionsQuery } from './payloads.ts';
import { requestKinds, telemetryVariants, type RequestKind, type TelemetryRound, type TelemetryVariant } from './results.ts';

type Client = typeof import('../../../packages/sdk/src/client/index.ts');
type Telemetry = typeof import('../../../packages/sdk/src/opentelemetry/index.ts');

const options = readBenchOptions(
  { command: 'node --expose-gc --import tsx scripts/bench/client/telemetry-round.ts', about: 'Times the client as it was, this client with nobody subscribed and with telemetry on, in turns; prints the medians as one JSON line.' },
  {
    base: { kind: 'text', placeholder: 'DIR', required: true, about: 'the folder of the compiled client as it was (base-sdk.ts)' },
    requests: { kind: 'whole number', min: 1, max: 100_000, required: true, about: 'requests of each and kind, after a warm-up of one block' },
    block: { kind: 'whole number', min: 1, max: 100_000, required: true, about: 'requests of one in a row: one turn' },
    'delay-ms': { kind: 'whole number', min: 0, max: 10_000, default: 0, about: 'how long the server waits before each answer' },
  },
);

/** Takes every span and drops it: what is left is the cost of making them. */
class NoopExporter implements SpanExporter {
  export(_spans: ReadableSpan[], done: (result: { code: number }) => void): void {
    done({ code: 0 });
  }
  async shutdown(): Promise<void> {}
}
class IdleReader extends MetricReader {
  protected override async onShutdown(): Promise<void> {}
  protected override async onForceFlush(): Promise<void> {}
}

{
  const blocks = Math.floor(options.requests / options.block);
  const sdk = await loadBuiltSdk();
  const before = (await import(new URL(`file://${options.base}/dist/client/index.js`).href)) as Client;
  const { instrumentWalletApi, attributeNames, durationBuckets, instrumentationName, metricNames } = (await import(new URL('../../../packages/sdk/dist/sdk/src/opentelemetry/index.js', import.meta.url).href)) as Telemetry;
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(new NoopExporter())] });
  const meterProvider = new MeterProvider({ readers: [new IdleReader()] });

  const port = await freePort();
  const serverScript = fileURLToPath(new URL('./fixed-answer-server.ts', import.meta.url));
  const server = spawnService(process.execPath, ['--import', 'tsx', serverScript, '--port', String(port), '--delay-ms', String(options['delay-ms'])]);
  const baseUrl = `http://127.0.0.1:${port}`;
  closeOnSignal(server.stop);

  const callsOf = (made: ReturnType<Client['createClient']>, unwrap: Client['unwrap']) => ({
    post: () => unwrap(made.POST('/api/v1/swaps', { body: swap })),
    get: () => unwrap(made.GET('/api/v1/transactions', { params: { query: transactionsQuery } })),
  });
  const settings = { environment: 'custom' as const, baseUrl, apiKey };
  const asItWas = callsOf(before.createClient({ ...settings, signer: before.hmacSha256({ secret }) }), before.unwrap);
  const current = callsOf(sdk.createClient({ ...settings, signer: sdk.hmacSha256({ secret }) }), sdk.unwrap);
  const byHand = { post: madeByHand('POST', '/api/v1/swaps', 'createSwap', current.post), get: madeByHand('GET', '/api/v1/transactions', 'listTransactions', current.get) };
  const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});

  /**
   * `call` with what the telemetry writes for a successful call, made with OpenTelemetry's API
   * directly: a CLIENT span active while the call runs, with the same attributes at its start
   * and end, and one record of the duration histogram with the same attributes.
   */
  function madeByHand(method: 'GET' | 'POST', urlTemplate: string, operationId: string, call: () => Promise<unknown>): () => Promise<unknown> {
    const tracer = tracerProvider.getTracer(instrumentationName);
    const duration = meterProvider.getMeter(instrumentationName).createHistogram(metricNames.callDuration, { unit: 's', advice: { explicitBucketBoundaries: durationBuckets } });
    const server = new URL(baseUrl);
    return () => {
      const started = performance.now();
      const attributes: Attributes = { 'http.request.method': method, 'url.template': urlTemplate, 'server.address': server.hostname, 'server.port': Number(server.port), [attributeNames.operationId]: operationId };
      return tracer.startActiveSpan(`${method} ${urlTemplate}`, { kind: SpanKind.CLIENT, attributes }, async (span) => {
        const result = await call();
        span.setAttribute(attributeNames.attempts, 1);
        span.setAttribute('http.response.status_code', 200);
        span.end();
        duration.record((performance.now() - started) / 1000, { ...attributes, 'http.response.status_code': 200 });
        return result;
      });
    };
  }

  function callOf(variant: TelemetryVariant, kind: RequestKind): () => Promise<unknown> {
    if (variant === 'client as it was' || variant === 'control: as it was again') return asItWas[kind];
    return variant === 'OpenTelemetry by hand' ? byHand[kind] : current[kind];
  }

  /** One turn of one: its rate, and the CPU µs this process spent per call (the server's is not in it). */
  async function turn(variant: TelemetryVariant, kind: RequestKind, count: number): Promise<{ rate: number; cpuMicros: number }> {
    const call = callOf(variant, kind);
    const telemetry = variant === 'telemetry on' ? instrumentWalletApi({ tracerProvider, meterProvider }) : undefined;
    collect();
    const cpu = process.cpuUsage();
    const started = performance.now();
    try {
      for (let i = 0; i < count; i++) await call();
    } finally {
      telemetry?.disable();
    }
    const ms = performance.now() - started;
    const used = process.cpuUsage(cpu);
    return { rate: count / (ms / 1000), cpuMicros: (used.user + used.system) / count };
  }

  try {
    await waitForHttp(baseUrl, 15_000, server.child);
    const result = {} as TelemetryRound;
    for (const kind of requestKinds) {
      const turns = new Map<TelemetryVariant, { rate: number; cpuMicros: number }[]>(telemetryVariants.map((v) => [v, []]));
      for (const variant of telemetryVariants) await turn(variant, kind, options.block); // warm-up
      for (let round = 0; round < blocks; round++) {
        // Each goes first in turn.
        for (let i = 0; i < telemetryVariants.length; i++) {
          const variant = telemetryVariants[(round + i) % telemetryVariants.length]!;
          turns.get(variant)!.push(await turn(variant, kind, options.block));
        }
      }
      const base = turns.get('client as it was')!;
      result[kind] = Object.fromEntries(
        telemetryVariants.map((variant) => {
          const own = turns.get(variant)!;
          return [variant, { rate: median(own.map((t) => t.rate)), toBase: median(own.map((t, i) => t.rate / base[i]!.rate)), cpuMicros: median(own.map((t) => t.cpuMicros)) }];
        }),
      ) as TelemetryRound[RequestKind];
    }
    console.log(JSON.stringify(result));
  } finally {
    await server.stop();
  }
}
