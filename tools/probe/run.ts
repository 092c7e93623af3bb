// Sends the probe's plan (plan.ts) to a target, one request at a time with a pause between
// two, in two passes (the skews only in the first), and keeps every exchange for the
// recording, labelled with what it probes. Each answer is judged by the one answer reading
// (packages/sdk/src/spec/answer-reading.ts), as `npm run learn` will judge it: accepted, refused, or
// inconclusive. An inconclusive answer (throttled: 429 or 503; a server error; a timeout)
// says nothing about the rule probed, so the probe backs off (as long as Retry-After asks,
// else doubling from a second, at most a minute) and asks again, up to three times, saying
// so; a redirect is never followed (the credentials stay with the target) nor asked again.
// It stops early, sending nothing more, when the baseline is not accepted (the credentials or
// the signer are wrong, so every other answer would say nothing about the rule it probes),
// when a rate limit persists through the backing off, or when the signer fails.
import { setTimeout as sleep } from 'node:timers/promises';
import type { RecordedExchange } from '../../packages/sdk/src/privacy/exchange.ts';
import { signingHeaderNames } from '../../packages/sdk/src/signing/index.ts';
import { recordingFetch } from '../../packages/sdk/src/traffic/recording-fetch.ts';
import { authenticationProbes, inputProbes, maximumProbeRequests, probePasses, skewProbe, timestampSkewSteps, type ProbeRequest } from './plan.ts';
import { buildWireRequest, ProbeRefused, type ProbeTarget, type WireRequest } from './request.ts';
import { notJson, readAnswer, type InconclusiveKind, type Verdict } from '../../packages/sdk/src/spec/answer-reading.ts';
import { SpecAnswerChecks } from '../spec/answer-checks.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import type { OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';

export type ProbeRunOptions = {
  /** Pause between two requests, in milliseconds. */
  intervalMs: number;
  /** Longest wait for one answer. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Receives a line per request sent (label, method, path, status) and per back-off: nothing secret. */
  report?: (line: string) => void;
  /** How the probe backs off on an inconclusive answer. */
  backoff?: Partial<ProbeBackoff>;
  /** The spec the answers are read against; the bundled one by default. */
  document?: OpenApiDocument;
  /** Waits this long (tests pass a clock of their own). */
  sleep?: (ms: number) => Promise<unknown>;
};

/** Asks again up to `retries` times, waiting Retry-After when given, else `baseMs` doubling; never longer than `maxMs`. */
export type ProbeBackoff = { retries: number; baseMs: number; maxMs: number };
export const defaultProbeBackoff: ProbeBackoff = { retries: 3, baseMs: 1000, maxMs: 60_000 };

export type ProbeOutcome = {
  /** Every exchange, in the order sent, each with its `probe` label. */
  exchanges: RecordedExchange[];
  /** Why the probe stopped before the end of its plan, when it did. */
  stopped?: string;
};

class Stop extends Error {}

/** A probe's answer as the reading judged it; `status` undefined when none came. */
type Judged = { verdict: Verdict; status: number | undefined; inconclusive?: InconclusiveKind; detail?: string; retryAfterSeconds?: number };

export async function runProbe(target: ProbeTarget, options: ProbeRunOptions): Promise<ProbeOutcome> {
  const { intervalMs, timeoutMs = 30_000, now = () => new Date(), report = () => undefined, sleep: wait = sleep } = options;
  const backoff = { ...defaultProbeBackoff, ...options.backoff };
  const baseFetch = options.fetch ?? fetch;
  const exchanges: RecordedExchange[] = [];
  const checks = new SpecAnswerChecks(options.document ?? loadBundledDocument());
  let previous: WireRequest | undefined;
  let sent = 0;

  /** Sends a probe, and again after backing off while its answer is inconclusive. */
  const send = async (probe: ProbeRequest): Promise<Judged> => {
    let judged = await sendOnce(probe);
    for (let attempt = 1; judged.verdict === 'inconclusive' && judged.inconclusive !== undefined && judged.inconclusive !== 'redirect' && attempt <= backoff.retries; attempt++) {
      const asked = judged.retryAfterSeconds === undefined ? undefined : judged.retryAfterSeconds * 1000;
      const ms = Math.min(backoff.maxMs, asked ?? backoff.baseMs * 2 ** (attempt - 1));
      report(`backing off ${ms} ms: ${probe.label} was inconclusive, ${judged.detail}; asking again (${attempt} of ${backoff.retries})`);
      await wait(ms);
      judged = await sendOnce(probe);
    }
    if (judged.verdict === 'inconclusive' && judged.inconclusive !== undefined) {
      if (judged.inconclusive === 'throttled') throw new Stop(`${probe.label} was still throttled after backing off ${backoff.retries} times (${judged.detail}): nothing more was sent; try a longer interval`);
      report(`${probe.label}: inconclusive, ${judged.detail}; it teaches nothing, the probe goes on`);
    }
    return judged;
  };

  const sendOnce = async (probe: ProbeRequest): Promise<Judged> => {
    if (sent > 0 && intervalMs > 0) await wait(intervalMs);
    sent++;
    let wire: WireRequest;
    try {
      wire = await buildWireRequest(target, probe, now(), previous);
    } catch (error) {
      if (error instanceof ProbeRefused) throw error;
      // Only the error's name: a signer's message may quote its secret.
      throw new Stop(`the signer failed on ${probe.label} (${(error as Error).name ?? typeof error}); nothing more was sent`);
    }
    previous = wire;
    // A recorder per request, so that the exchange carries its label; it only reads what is sent.
    const recorder = recordingFetch(baseFetch, { record: async (exchange) => void exchanges.push({ ...exchange, probe: probe.label }), operationId: probe.operationId, addedHeaders: signingHeaderNames });
    let response: Response;
    let text: string;
    try {
      response = await recorder.fetch(wire.url, { method: wire.method, headers: wire.headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs), ...(wire.body === undefined ? {} : { body: wire.body }) });
      text = await response.text();
      await recorder.settled();
    } catch (error) {
      // No answer at all: a timeout, as the reading calls it (only the error's name: nothing the target said).
      const reading = readAnswer({ status: undefined, body: undefined }, checks.ofOperation(probe.operationId));
      report(`${probe.label.padEnd(28)} ${probe.method} ${new URL(wire.url).pathname} → no answer (${(error as Error).name})`);
      const finding = reading.findings[0]!;
      return { verdict: reading.verdict, status: undefined, inconclusive: 'timeout', detail: finding.class === 'inconclusive' ? finding.detail : 'no answer' };
    }
    report(`${String(exchanges.length).padStart(2)}/${maximumProbeRequests}  ${probe.label.padEnd(28)} ${probe.method} ${new URL(wire.url).pathname} → ${response.status}`);
    let body: unknown;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      body = notJson;
    }
    const reading = readAnswer({ status: response.status, body, retryAfter: response.headers.get('retry-after') ?? undefined }, checks.ofOperation(probe.operationId));
    const inconclusive = reading.findings.find((finding) => finding.class === 'inconclusive');
    return {
      verdict: reading.verdict,
      status: response.status,
      ...(inconclusive === undefined ? {} : { inconclusive: inconclusive.kind as InconclusiveKind, detail: inconclusive.detail }),
      ...(reading.retryAfterSeconds === undefined ? {} : { retryAfterSeconds: reading.retryAfterSeconds }),
    };
  };

  try {
    for (let pass = 1; pass <= probePasses; pass++) {
      for (const probe of authenticationProbes) {
        const { verdict, status, detail } = await send(probe);
        if (probe.label === 'baseline' && verdict !== 'accepted') {
          const how = verdict === 'refused' ? `was refused with HTTP ${status}: check the API key and the signer` : `was not answered either way (${detail ?? `HTTP ${status}`})`;
          throw new Stop(`the baseline, a correctly signed GET, ${how}; nothing more was sent`);
        }
      }
      // Into the past, then into the future, each as far as the first refusal; once: every step is a sample of the one window.
      // An inconclusive step (a server error, a redirect) is no refusal: the walk goes on past it.
      if (pass === 1) {
        for (const direction of [-1, 1]) {
          for (const step of timestampSkewSteps) if ((await send(skewProbe(direction * step))).verdict === 'refused') break;
        }
      }
      for (const probe of inputProbes) await send(probe);
    }
    return { exchanges };
  } catch (error) {
    if (error instanceof Stop) return { exchanges, stopped: error.message };
    throw error;
  }
}
