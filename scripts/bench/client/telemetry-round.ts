// One round of the telemetry comparison of `npm run bench:client`, in one process: the client
// as it was before its telemetry (base-sdk.ts), the same once more as a control (its ratio to
// the first is the measurement's noise), this client with nobody subscribed to its
// diagnostics channel, and this client with `@wallet-api/sdk/opentelemetry` on, exporting
// every span to an exporter that does nothing through a BatchSpanProcessor, as
// docs/operating-in-production.md and the Node SDK wire an exporter (with OpenTelemetry's
// AsyncLocalStorage context manager, as the Node SDK registers it, and a meter provider
// collecting the duration histogram), each making the same sequential calls to the fixed-answer server in
// turns of --block. The telemetry is subscribed only for its own turns, so the others run
// with nobody listening. Prints one JSON line: per request kind, the medians over the turns of
// each one's rate and of its ratio to the client as it was.
import { fileURLToPath } from 'node:url';
import { context } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { MeterProvider, MetricReader } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, BatchSpanProcessor, type ReadableSpan, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { freePort, spawnService, waitForHttp } from '../../../src/support/process.ts';
import { closeOnSignal } from '../../../src/support/shutdown.ts';
import { median } from '../support/median.ts';
import { readBenchOptions } from '../support/options.ts';
import { loadBuiltSdk } from './built-sdk.ts';
import { apiKey, secret, swap, transactionsQuery } from './payloads.ts';
import { requestKinds, telemetryVariants, type RequestKind, type TelemetryRound, type TelemetryVariant } from './results.ts';

type Client = typeof import('../../../src/client/index.ts');
type Telemetry = typeof import('../../../src/opentelemetry/index.ts');

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
  const { instrumentWalletApi } = (await import(new URL('../../../packages/sdk/dist/opentelemetry/index.js', import.meta.url).href)) as Telemetry;
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
  const collect = (globalThis as { gc?: () => void }).gc ?? (() => {});

  async function rate(variant: TelemetryVariant, kind: RequestKind, count: number): Promise<number> {
    const call = variant === 'client as it was' || variant === 'control: as it was again' ? asItWas[kind] : current[kind];
    const telemetry = variant === 'telemetry on' ? instrumentWalletApi({ tracerProvider, meterProvider }) : undefined;
    collect();
    const started = performance.now();
    try {
      for (let i = 0; i < count; i++) await call();
    } finally {
      telemetry?.disable();
    }
    return count / ((performance.now() - started) / 1000);
  }

  try {
    await waitForHttp(baseUrl, 15_000, server.child);
    const result = {} as TelemetryRound;
    for (const kind of requestKinds) {
      const turns = new Map<TelemetryVariant, number[]>(telemetryVariants.map((v) => [v, []]));
      for (const variant of telemetryVariants) await rate(variant, kind, options.block); // warm-up
      for (let turn = 0; turn < blocks; turn++) {
        // Each goes first in turn.
        for (let i = 0; i < telemetryVariants.length; i++) {
          const variant = telemetryVariants[(turn + i) % telemetryVariants.length]!;
          turns.get(variant)!.push(await rate(variant, kind, options.block));
        }
      }
      const base = turns.get('client as it was')!;
      result[kind] = Object.fromEntries(
        telemetryVariants.map((variant) => [variant, { rate: median(turns.get(variant)!), toBase: median(turns.get(variant)!.map((r, turn) => r / base[turn]!)) }]),
      ) as TelemetryRound[RequestKind];
    }
    console.log(JSON.stringify(result));
  } finally {
    await server.stop();
  }
}
