// `@wallet-api/sdk/traffic`: records a sample of the client's own traffic as HAR, so that
// production answers can feed `npm run learn` (what the provider sends that the interface
// never published). It is openapi-fetch middleware (`client.use(recordTraffic(…))`), so it
// runs before signing; it records the request as it was sent all the same (sent-headers.ts),
// and every entry goes through the privacy policy (src/privacy), extended by the
// integrator's own `redact` rules, before it is written or handed over: no API key or
// signature, not even echoed in an answer, no `password` or other secret field, and
// personal identifiers masked to their shape wherever they reappear.
import type { Middleware } from 'openapi-fetch';
import { buildEntry } from '../traffic/entry.ts';
import { headerPairs, signingHeaderNames, type RecordedExchange } from '../traffic/exchange.ts';
import { appendExchanges } from '../traffic/har-file.ts';
import type { HarEntry } from '../traffic/har.ts';
import { checkRedactionRules, defaultPolicy, RedactionRulesError, type RedactionRules } from '../privacy/index.ts';
import { ConfigurationError } from './errors.ts';
import { sentHeadersOf } from './sent-headers.ts';

export type { HarEntry };

export type RecordTrafficOptions = {
  /** A HAR file the entries are appended to (created when missing; written whole, atomically, per entry). */
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
   */
  redact?: RedactionRules;
};

/** The middleware, and a way to wait for what it is still writing (before a process exits). */
export type TrafficRecorder = Middleware & { flush: () => Promise<void> };

type Started = { startedAt: Date; started: number; method: string; url: string; body: Promise<string | undefined> };

export function recordTraffic(options: RecordTrafficOptions): TrafficRecorder {
  const { file, onEntry, sampleRate = 1, onError = warnRecordingFailed, redact } = options ?? {};
  if (file === undefined && onEntry === undefined) throw new ConfigurationError('recordTraffic needs a file, an onEntry, or both');
  if (file !== undefined && (typeof file !== 'string' || file === '')) throw new ConfigurationError('recordTraffic: file must be a path');
  if (onEntry !== undefined && typeof onEntry !== 'function') throw new ConfigurationError('recordTraffic: onEntry must be a function');
  if (typeof sampleRate !== 'number' || !(sampleRate >= 0 && sampleRate <= 1)) throw new ConfigurationError('recordTraffic: sampleRate must be a number from 0 to 1');
  if (typeof onError !== 'function') throw new ConfigurationError('recordTraffic: onError must be a function');
  let policy;
  try {
    policy = defaultPolicy.extend(checkRedactionRules(redact, 'recordTraffic: redact'));
  } catch (error) {
    if (error instanceof RedactionRulesError) throw new ConfigurationError(error.message);
    throw error;
  }

  const inFlight = new Map<string, Started>();
  const pending = new Set<Promise<void>>();

  const record = async (started: Started, request: Request, response: Response) => {
    const exchange: RecordedExchange = {
      startedAt: started.startedAt,
      durationMs: performance.now() - started.started,
      request: { method: started.method, url: started.url, headers: headerPairs(sentHeadersOf(request) ?? request.headers), ...(await started.body.then((body) => (body ? { body } : {}))) },
      response: { status: response.status, statusText: response.statusText, headers: headerPairs(response.headers), body: await response.text() },
      // Their values are redacted, in the request and wherever the answer echoes them.
      addedHeaders: signingHeaderNames,
    };
    if (onEntry) onEntry(buildEntry(policy.redactExchange(exchange)));
    if (file !== undefined) await appendExchanges(file, [exchange], policy);
  };

  return {
    onRequest({ request, id }) {
      if (!(sampleRate >= 1 || (sampleRate > 0 && Math.random() < sampleRate))) return;
      inFlight.set(id, {
        startedAt: new Date(),
        started: performance.now(),
        method: request.method,
        url: request.url,
        // A clone: the request's own body is still sent (and signed) as it is.
        body: request.body === null ? Promise.resolve(undefined) : request.clone().text(),
      });
    },
    onResponse({ request, response, id }) {
      const started = inFlight.get(id);
      if (started === undefined) return;
      inFlight.delete(id);
      // Read from a clone in the background: recording neither delays nor fails the call.
      const done = record(started, request, response.clone()).catch((error: unknown) => onError(error));
      pending.add(done);
      void done.finally(() => pending.delete(done));
    },
    onError({ id }) {
      inFlight.delete(id);
    },
    flush: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}

function warnRecordingFailed(error: unknown): void {
  // The error's name and code only: a message could quote a path or a body.
  const name = error instanceof Error ? `${error.name}${'code' in error ? ` ${String(error.code)}` : ''}` : typeof error;
  process.emitWarning(`recordTraffic could not record an exchange (${name}); the call was not affected`, { type: 'WalletApiTrafficWarning' });
}
