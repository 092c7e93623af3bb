import { context, metrics, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { MeterProvider, PeriodicExportingMetricReader, type PushMetricExporter } from '@opentelemetry/sdk-metrics';
import { BasicTracerProvider, BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { pino, type DestinationStream } from 'pino';
import { createClient, hmacSha256, type EnvironmentName, type WalletApiClient } from '@wallet-api/sdk';
import { instrumentWalletApi } from '@wallet-api/sdk/opentelemetry';

/**
 * OpenTelemetry for the whole process, started once before any client is made: the context
 * manager (so a call's span is the parent of the HTTP spans under it), a tracer and a meter
 * provider registered globally, and the Wallet API client's calls turned into spans and
 * metrics. Pass your exporters (OTLP, say); `shutdown()` flushes them before the process exits.
 */
export function startTelemetry(exporters: { spans: SpanExporter; metrics: PushMetricExporter; metricIntervalMs?: number }): { shutdown: () => Promise<void> } {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const tracerProvider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(exporters.spans)] });
  trace.setGlobalTracerProvider(tracerProvider);
  const meterProvider = new MeterProvider({
    readers: [new PeriodicExportingMetricReader({ exporter: exporters.metrics, exportIntervalMillis: exporters.metricIntervalMs ?? 60_000 })],
  });
  metrics.setGlobalMeterProvider(meterProvider);
  const walletApi = instrumentWalletApi();
  return {
    shutdown: async () => {
      walletApi.disable();
      await tracerProvider.shutdown();
      await meterProvider.shutdown();
    },
  };
}

/**
 * A client whose calls are logged through pino: one info line per call, a warn line per
 * retry and drift finding, an error line per failure with its kind. Its GETs are retried
 * on 429 and 503 and every tenth answer is checked for drift.
 */
export function productionClient(options: { environment: EnvironmentName; baseUrl: string; apiKey: string; signingSecret: string; logTo?: DestinationStream }): WalletApiClient {
  const logger = pino({ name: 'wallet-api', level: 'info' }, options.logTo);
  return createClient({
    environment: options.environment,
    baseUrl: options.baseUrl,
    apiKey: options.apiKey,
    signer: hmacSha256({ secret: options.signingSecret }),
    retry: { attempts: 3 },
    drift: { mode: 'report', sampleRate: 0.1 },
    logger,
    logLevel: 'info',
  });
}
