// Every call of the client, published on Node's diagnostics_channel as undici and Fastify
// publish theirs: a tracing channel `wallet-api:call` (start, end, asyncStart, asyncEnd,
// error) and two plain channels for what happens inside a call, its retries and its drift
// findings. Anything may subscribe (`@wallet-api/sdk/opentelemetry` does); when nothing has,
// the client checks one boolean per call and builds nothing.
//
// What a message carries is chosen for telemetry: the method, the path template (never a
// path with its ids), the server's host and port, the attempts, the status and the error
// kind. No header, no body, no URL with its values: a subscriber cannot leak what it is not
// given. The error itself is on `error` (the tracing channel's own field): the client's
// errors carry no credentials (errors.ts).
import diagnosticsChannel from 'node:diagnostics_channel';
import type { PrivacyPolicy } from '../privacy/index.ts';
import type { DriftEvent } from './drift/types.ts';

export const callChannelName = 'wallet-api:call';
export const retryChannelName = 'wallet-api:call:retry';
export const driftChannelName = 'wallet-api:call:drift';
export const recordingDroppedChannelName = 'wallet-api:traffic:dropped';

/** The context object of one call on `wallet-api:call`: the same object in each of its events. */
export type CallMessage = {
  readonly method: 'GET' | 'POST';
  /** The path template, e.g. `/api/v1/swaps/{id}/confirm`. */
  readonly urlTemplate: string;
  /** `METHOD /path/template`, as the client's errors name calls. */
  readonly operation: string;
  readonly serverAddress: string;
  readonly serverPort: number;
  /**
   * The privacy policy of the client making the call (the built-in rules plus its `redact`):
   * what a subscriber masks anything it writes of the call with, as the OpenTelemetry subpath does.
   */
  readonly policy: PrivacyPolicy;
  /** Attempts made so far (GETs with `retry` may make several). */
  attempts: number;
  /** The HTTP status of the answer the call ended with, once known. */
  status?: number;
  /**
   * Set when the call ends in failure: the client's error `kind` (`timeout`, `network`, …),
   * the HTTP status as text for an error answer the call resolved with (`"503"`), and for a
   * 2xx what `unwrap` will throw: `api` when its envelope says `status: "error"`,
   * `invalid-response` when it is not the envelope or its status is neither; `_OTHER` for anything else thrown.
   */
  errorType?: string;
  /** Set by the tracing channel: what the call resolved to, or what it threw. */
  result?: unknown;
  error?: unknown;
  /**
   * A `start` subscriber may set this to run the call inside its own context (the
   * OpenTelemetry subpath makes the call's span the active one, so that spans of the HTTP
   * requests below become its children). It is called once, right after `start`.
   */
  runInContext?: <T>(run: () => T) => T;
};

/** Published on `wallet-api:call:retry` before the client waits to try a GET again. */
export type RetryMessage = {
  readonly call: CallMessage;
  /** The attempt that failed (1 for the first). */
  readonly attempt: number;
  /** How long the client waits before the next attempt. */
  readonly delayMs: number;
  /** Why: `status 503`, or the error kind of the attempt (`network`, `timeout`). */
  readonly reason: string;
  /** Whether the delay is the server's Retry-After rather than the client's backoff. */
  readonly retryAfter: boolean;
};

/** Published on `wallet-api:call:drift` for each finding of the drift watch on the call's answer. */
export type DriftMessage = { readonly call: CallMessage; readonly event: DriftEvent };

/** Published on `wallet-api:traffic:dropped` when `recordTraffic` drops entries its writing could not keep up with. */
export type RecordingDroppedMessage = { readonly count: number };

export const callChannel = diagnosticsChannel.tracingChannel<CallMessage, CallMessage>(callChannelName);
export const retryChannel = diagnosticsChannel.channel(retryChannelName);
export const driftChannel = diagnosticsChannel.channel(driftChannelName);
export const recordingDroppedChannel = diagnosticsChannel.channel(recordingDroppedChannelName);
