// `@wallet-api/sdk/opentelemetry`: the client's calls as OpenTelemetry traces and metrics.
// It subscribes to the diagnostics channels every client publishes on (packages/sdk/src/client/
// call-channel.ts) and turns each call into one span and its measurements, with the global
// tracer and meter providers or the ones given; `disable()` unsubscribes. `@opentelemetry/api`
// is an optional peer dependency of the SDK: only this entry point loads it.
//
// What it writes follows the HTTP client semantic conventions, one level up: the span is the
// call (its retries included), named `{METHOD} {url.template}` (`POST /api/v1/swaps/{id}/confirm`,
// never a path with its ids), kind CLIENT, with http.request.method, url.template,
// server.address, server.port, http.response.status_code and error.type. The HTTP requests
// under it (instrumentation-undici's spans) are its children: the span is active while they
// run. No url.full: a query or a path holds identifiers; no header, no body, no message of
// the provider but through the privacy policy (packages/sdk/src/privacy).
import diagnosticsChannel from 'node:diagnostics_channel';
import { context, metrics, SpanKind, SpanStatusCode, trace, type Attributes, type Counter, type Histogram, type MeterProvider, type Span, type TracerProvider } from '@opentelemetry/api';
import { callChannelName, driftChannelName, recordingDroppedChannelName, retryChannelName, type CallMessage, type DriftMessage, type RecordingDroppedMessage, type RetryMessage } from '../client/call-channel.ts';
import { sdkVersion } from '../version.ts';
import { defaultPolicy, type PrivacyPolicy } from '../privacy/index.ts';
import { operationIdOf } from './operation-ids.ts';

export type WalletApiTelemetryOptions = {
  /** Default: the global tracer provider (`trace.getTracerProvider()`). */
  tracerProvider?: TracerProvider;
  /** Default: the global meter provider, as registered when the first call ends. */
  meterProvider?: MeterProvider;
  /**
   * A policy error descriptions go through besides the policy of the client that made the
   * call (its `redact` option), which every span's description goes through.
   * @deprecated Give `redact` to `createClient` instead. Kept, applied after the client's, for one minor version.
   */
  privacy?: PrivacyPolicy;
};

export type WalletApiTelemetry = {
  /** Stops turning calls into telemetry (spans of calls under way still end). */
  disable: () => void;
};

/** The instrumentation scope of every span and instrument. */
export const instrumentationName = '@wallet-api/sdk';

/** The metrics, by name (docs/operating-in-production.md says how to alert on them). */
export const metricNames = {
  /** Histogram, seconds: each call from start to its result, retries and waits included. */
  callDuration: 'wallet_api.client.call.duration',
  /** Counter: the drift watch's findings. */
  driftFindings: 'wallet_api.client.drift.findings',
  /** Counter: recordings `recordTraffic` dropped because its writing fell behind. */
  recordingsDropped: 'wallet_api.client.recordings.dropped',
} as const;

/** Attributes of this SDK's own, besides the semantic conventions'. */
export const attributeNames = {
  operationId: 'wallet_api.operation',
  attempts: 'wallet_api.attempts',
  driftKind: 'wallet_api.drift.kind',
  driftClass: 'wallet_api.drift.class',
  driftPointer: 'wallet_api.drift.pointer',
  retryAttempt: 'wallet_api.retry.attempt',
  retryDelay: 'wallet_api.retry.delay_ms',
  retryReason: 'wallet_api.retry.reason',
  retryAfter: 'wallet_api.retry.retry_after',
} as const;

/** The semantic conventions' bucket boundaries for HTTP client durations, in seconds: those of the duration histogram. */
export const durationBuckets = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

type Instruments = { duration: Histogram; findings: Counter; dropped: Counter };
type Live = { span: Span; started: number; operationId: string | undefined };

export function instrumentWalletApi(options: WalletApiTelemetryOptions = {}): WalletApiTelemetry {
  const extra = options.privacy;
  const tracer = (options.tracerProvider ?? trace.getTracerProvider()).getTracer(instrumentationName, sdkVersion);
  let instruments: Instruments | undefined;
  // Made at first use: a global meter provider registered after this call is the one used.
  const instrumentsNow = (): Instruments => {
    if (instruments) return instruments;
    const meter = (options.meterProvider ?? metrics.getMeterProvider()).getMeter(instrumentationName, sdkVersion);
    instruments = {
      duration: meter.createHistogram(metricNames.callDuration, { unit: 's', description: 'Duration of Wallet API client calls, retries included', advice: { explicitBucketBoundaries: durationBuckets } }),
      findings: meter.createCounter(metricNames.driftFindings, { unit: '{finding}', description: "Findings of the Wallet API client's drift watch" }),
      dropped: meter.createCounter(metricNames.recordingsDropped, { unit: '{entry}', description: 'Traffic recordings dropped because writing fell behind' }),
    };
    return instruments;
  };
  // A call's open span rides on its message, under a key of this instrumentation's own: a
  // property read per event where a WeakMap would hash, and gone with the message.
  const liveKey = Symbol('wallet-api telemetry');
  type Observed = CallMessage & { [liveKey]?: Live };
  /** Calls whose span is open. */
  let open = 0;
  let enabled = true;

  const start = (message: Observed) => {
    const parent = context.active();
    const operationId = operationIdOf(message.operation);
    const attributes: Attributes = {
      'http.request.method': message.method,
      'url.template': message.urlTemplate,
      'server.address': message.serverAddress,
      'server.port': message.serverPort,
    };
    if (operationId !== undefined) attributes[attributeNames.operationId] = operationId;
    // `operation` is `{METHOD} {url.template}`: the span's name.
    const span = tracer.startSpan(message.operation, { kind: SpanKind.CLIENT, attributes }, parent);
    message[liveKey] = { span, started: performance.now(), operationId };
    open++;
    const active = trace.setSpan(parent, span);
    message.runInContext = (run) => context.with(active, run);
  };

  const asyncEnd = (message: Observed) => {
    const call = message[liveKey];
    if (call === undefined) return;
    message[liveKey] = undefined;
    open--;
    if (!enabled && open === 0) callChannel.asyncEnd.unsubscribe(asyncEnd as (message: unknown) => void);
    const { span, started, operationId } = call;
    const seconds = (performance.now() - started) / 1000;
    span.setAttribute(attributeNames.attempts, message.attempts);
    if (message.status !== undefined) span.setAttribute('http.response.status_code', message.status);
    if (message.errorType !== undefined) {
      span.setAttribute('error.type', message.errorType);
      span.setStatus({ code: SpanStatusCode.ERROR, message: describeFailure(message, extra) });
    }
    span.end();
    const measured: Attributes = { 'http.request.method': message.method, 'url.template': message.urlTemplate, 'server.address': message.serverAddress, 'server.port': message.serverPort };
    if (operationId !== undefined) measured[attributeNames.operationId] = operationId;
    if (message.status !== undefined) measured['http.response.status_code'] = message.status;
    if (message.errorType !== undefined) measured['error.type'] = message.errorType;
    instrumentsNow().duration.record(seconds, measured);
  };

  const onRetry = (raw: unknown) => {
    const { call, attempt, delayMs, reason, retryAfter } = raw as RetryMessage;
    (call as Observed)[liveKey]?.span.addEvent('retry', { [attributeNames.retryAttempt]: attempt, [attributeNames.retryDelay]: delayMs, [attributeNames.retryReason]: reason, [attributeNames.retryAfter]: retryAfter });
  };

  const onDrift = (raw: unknown) => {
    const { call, event } = raw as DriftMessage;
    // Where and what, never a value of the answer: kind, class and the JSON pointer.
    (call as Observed)[liveKey]?.span.addEvent('drift finding', { [attributeNames.driftKind]: event.kind, [attributeNames.driftClass]: event.class, [attributeNames.driftPointer]: event.pointer });
    const attributes: Attributes = { [attributeNames.driftKind]: event.kind, [attributeNames.driftClass]: event.class, 'http.request.method': call.method, 'url.template': call.urlTemplate };
    const operationId = operationIdOf(call.operation);
    if (operationId !== undefined) attributes[attributeNames.operationId] = operationId;
    instrumentsNow().findings.add(1, attributes);
  };

  const onDropped = (raw: unknown) => {
    instrumentsNow().dropped.add((raw as RecordingDroppedMessage).count);
  };

  const callChannel = diagnosticsChannel.tracingChannel<CallMessage, CallMessage>(callChannelName);
  callChannel.start.subscribe(start as (message: unknown) => void);
  callChannel.asyncEnd.subscribe(asyncEnd as (message: unknown) => void);
  diagnosticsChannel.subscribe(retryChannelName, onRetry);
  diagnosticsChannel.subscribe(driftChannelName, onDrift);
  diagnosticsChannel.subscribe(recordingDroppedChannelName, onDropped);
  return {
    disable: () => {
      if (!enabled) return;
      enabled = false;
      callChannel.start.unsubscribe(start as (message: unknown) => void);
      // The spans of calls under way end when they do; then nothing stays subscribed.
      if (open === 0) callChannel.asyncEnd.unsubscribe(asyncEnd as (message: unknown) => void);
      diagnosticsChannel.unsubscribe(retryChannelName, onRetry);
      diagnosticsChannel.unsubscribe(driftChannelName, onDrift);
      diagnosticsChannel.unsubscribe(recordingDroppedChannelName, onDropped);
    },
  };
}

/** The span status's description: the error's message, through the call's client's privacy policy (and the deprecated `privacy`). */
function describeFailure(message: CallMessage, extra: PrivacyPolicy | undefined): string {
  const error = message.error;
  if (error instanceof Error) {
    const masked = (message.policy ?? defaultPolicy).redactText(error.message);
    return extra ? extra.redactText(masked) : masked;
  }
  return `${message.operation} answered HTTP ${message.status ?? '?'}`;
}
