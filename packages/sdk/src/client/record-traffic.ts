// `@wallet-api/sdk/traffic`: records a sample of the client's own traffic as HAR entries,
// so that production answers can feed `npm run learn` (what the provider sends that the
// interface never published). It is openapi-fetch middleware (`client.use(recordTraffic(…))`),
// so it runs before signing; it records the request as it was sent all the same
// (sent-headers.ts), and every entry goes through the privacy policy (packages/sdk/src/privacy), extended
// by the integrator's own `redact` rules, in one place (`entryOf`), before it is written or
// handed over: no API key or signature, not even echoed in an answer, no `password` or other
// secret field, and personal identifiers masked to their shape wherever they reappear.
//
// It stays cheap in production: a file is appended to as JSON lines (one HAR entry per line,
// packages/sdk/src/traffic/har-lines.ts), never read back or rewritten, and rotated by size and count;
// what waits in memory to be read and written is bounded (`maxPending`): past it an entry is
// dropped, counted, warned about once and published on `wallet-api:traffic:dropped` (the
// OpenTelemetry entry counts it). It keeps no state per call but what a call's own Request
// carries: a call that a later middleware answers itself, or that throws before it is sent,
// leaves nothing behind, and a fallback answer an onError middleware makes is never recorded
// as the provider's.
import type { Middleware } from 'openapi-fetch';
import { buildEntry } from '../traffic/entry.ts';
import { headerPairs, type RecordedExchange } from '../privacy/exchange.ts';
import { signingHeaderNames } from '../signing/index.ts';
import type { HarEntry } from '../traffic/har.ts';
import type { PrivacyPolicy, RedactionRules } from '../privacy/index.ts';
import { redactOption } from './redact-option.ts';
import { HarLinesWriter } from '../traffic/har-lines.ts';
import { recordingDroppedChannel, type RecordingDroppedMessage } from './call-channel.ts';
import { ConfigurationError } from './errors.ts';
import { sentFor, type Sent } from './sent-headers.ts';

export type { HarEntry };

export type RecordTrafficOptions = {
  /**
   * A file the entries are appended to, one HAR entry per line (JSON lines; name it
   * `….har.jsonl`): created when missing, never rewritten. `npm run learn` reads it as it
   * reads a HAR file.
   */
  file?: string;
  /** Receives each entry, redacted, besides or instead of the file. */
  onEntry?: (entry: HarEntry) => void;
  /** The share of calls recorded, from 0 to 1. Default 1. */
  sampleRate?: number;
  /** Receives a failure to record; recording never fails a call. Default: a process warning. */
  onError?: (error: unknown) => void;
  /**
   * Your own additions to the privacy policy: more identifier `fields` (matched whatever their
   * spelling), secret `headers`, and `patterns` of personal values masked inside any text.
   * They extend the policy of the client whose calls are recorded.
   * @deprecated Give `redact` to `createClient` instead: the recorder masks each call with its
   * client's policy. Kept, extending the client's, for one minor version.
   */
  redact?: RedactionRules;
  /** Size past which the file is rotated (FILE → FILE.1 …), in bytes. Default 64 MiB. */
  maxBytes?: number;
  /** Files kept, the one being written included. Default 5. */
  maxFiles?: number;
  /**
   * Entries that may wait in memory to be read and written; past it, new ones are dropped
   * (counted in `dropped`, one warning). Default 1000.
   */
  maxPending?: number;
};

/** The middleware, and what a process needs before it exits and to watch the recording. */
export type TrafficRecorder = Middleware & {
  /** Settles when every entry recorded so far is written. */
  flush: () => Promise<void>;
  /** Writes what waits and closes the file; calls after it are not recorded. */
  close: () => Promise<void>;
  /** Entries written to the file (or handed to onEntry when there is no file). */
  readonly written: number;
  /** Entries dropped because `maxPending` were already waiting. */
  readonly dropped: number;
};

export const recordingDefaults = { maxBytes: 64 * 1024 * 1024, maxFiles: 5, maxPending: 1000 } as const;

export function recordTraffic(options: RecordTrafficOptions): TrafficRecorder {
  const { file, onEntry, sampleRate = 1, onError = warnRecordingFailed, redact, maxBytes = recordingDefaults.maxBytes, maxFiles = recordingDefaults.maxFiles, maxPending = recordingDefaults.maxPending } = options ?? {};
  if (file === undefined && onEntry === undefined) throw new ConfigurationError('recordTraffic needs a file, an onEntry, or both');
  if (file !== undefined && (typeof file !== 'string' || file === '')) throw new ConfigurationError('recordTraffic: file must be a path');
  if (onEntry !== undefined && typeof onEntry !== 'function') throw new ConfigurationError('recordTraffic: onEntry must be a function');
  if (typeof sampleRate !== 'number' || !(sampleRate >= 0 && sampleRate <= 1)) throw new ConfigurationError('recordTraffic: sampleRate must be a number from 0 to 1');
  if (typeof onError !== 'function') throw new ConfigurationError('recordTraffic: onError must be a function');
  const extra = redactOption(redact, 'recordTraffic: redact');
  for (const [name, value, least] of [['maxBytes', maxBytes, 1], ['maxFiles', maxFiles, 1], ['maxPending', maxPending, 1]] as const) {
    if (!Number.isSafeInteger(value) || value < least) throw new ConfigurationError(`recordTraffic: ${name} must be a whole number of at least ${least}`);
  }

  // Each call is masked with the policy of the client that sent it, extended by the deprecated
  // `redact` when given; extended once per client policy.
  const extended = new WeakMap<PrivacyPolicy, PrivacyPolicy>();
  const policyOf = (clientPolicy: PrivacyPolicy): PrivacyPolicy => {
    if (redact === undefined) return clientPolicy;
    let policy = extended.get(clientPolicy);
    if (policy === undefined) extended.set(clientPolicy, (policy = clientPolicy.extend(extra)));
    return policy;
  };

  // Recording never fails a call: an onError that throws is not let out (it would be an
  // unhandled rejection, which ends a Node process), and the failure it was handed falls
  // back to the default warning.
  const report = (error: unknown) => {
    try {
      onError(error);
    } catch {
      warnRecordingFailed(error);
    }
  };
  const writer = file === undefined ? undefined : new HarLinesWriter(file, { maxBytes, maxFiles, onError: report });
  /** Answers being read and redacted (what waits to be written is the writer's `waiting`). */
  const reading = new Set<Promise<void>>();
  let handedOver = 0;
  let dropped = 0;
  let closed = false;

  /** Settles once every answer being read is queued (or its failure reported). */
  const allRead = async () => {
    while (reading.size > 0) await Promise.all([...reading]);
  };

  const drop = () => {
    dropped++;
    if (dropped === 1) process.emitWarning(`recordTraffic dropped an entry: ${maxPending} were already waiting to be written (maxPending). Dropped entries are counted in recorder.dropped; this is warned once.`, { type: 'WalletApiTrafficWarning', code: 'WALLET_API_TRAFFIC_DROPPED' });
    if (recordingDroppedChannel.hasSubscribers) recordingDroppedChannel.publish({ count: 1 } satisfies RecordingDroppedMessage);
  };

  // Settles once the entry is redacted and queued, not once it is written: the Request and
  // the cloned Response are let go at once, young, and only the entry's line waits for the
  // disk. Kept until the write, they would outlive the young generation on a busy process
  // and grow the heap by the garbage they leave in the old one.
  const record = async (sent: Sent, request: Request, response: Response) => {
    const entry = entryOf(policyOf(sent.policy), sent, request, response, await response.text());
    if (onEntry) onEntry(entry);
    if (writer) writer.append(entry);
    else handedOver++;
  };

  return {
    onResponse({ request, response }) {
      // Only what the provider answered: not an answer a middleware made (nothing was sent),
      // nor an onError fallback (the sending failed).
      const sent = sentFor(request);
      if (sent === undefined || closed) return;
      if (!(sampleRate >= 1 || (sampleRate > 0 && Math.random() < sampleRate))) return;
      if (reading.size + (writer?.waiting ?? 0) >= maxPending) return drop();
      // Read from a clone in the background: recording neither delays nor fails the call.
      const done = record(sent, request, response.clone())
        .catch(report)
        .finally(() => reading.delete(done));
      reading.add(done);
    },
    flush: async () => {
      await allRead();
      await writer?.flush();
    },
    close: async () => {
      closed = true;
      await allRead();
      await writer?.close();
    },
    get written() {
      return writer ? writer.written : handedOver;
    },
    get dropped() {
      return dropped;
    },
  };
}

/** The one place an exchange becomes an entry: through the privacy policy, then HAR. */
function entryOf(policy: PrivacyPolicy, sent: Sent, request: Request, response: Response, answer: string): HarEntry {
  const durationMs = performance.now() - sent.started;
  const exchange: RecordedExchange = {
    startedAt: new Date(Date.now() - durationMs),
    durationMs,
    request: { method: request.method, url: request.url, headers: headerPairs(sent.headers), ...(sent.body ? { body: sent.body } : {}) },
    response: { status: response.status, statusText: response.statusText, headers: headerPairs(response.headers), body: answer },
    // Their values are redacted, in the request and wherever the answer echoes them.
    addedHeaders: signingHeaderNames,
  };
  return buildEntry(policy.redactExchange(exchange));
}

function warnRecordingFailed(error: unknown): void {
  // The error's name and code only: a message could quote a path or a body.
  const name = error instanceof Error ? `${error.name}${'code' in error ? ` ${String(error.code)}` : ''}` : typeof error;
  process.emitWarning(`recordTraffic could not record an exchange (${name}); the call was not affected`, { type: 'WalletApiTrafficWarning' });
}
