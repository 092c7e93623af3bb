// Sends the probe's plan (plan.ts) to a target, one request at a time with a pause between
// two, in two passes (the skews only in the first), and keeps every exchange for the recording, labelled with what it probes. It stops
// early, sending nothing more, when the baseline is refused (the credentials or the signer
// are wrong, so every other answer would say nothing about the rule it probes), on a 429
// (a rate limit tripped after all), or when a request gets no answer.
import { setTimeout as sleep } from 'node:timers/promises';
import type { RecordedExchange } from '../traffic/exchange.ts';
import { signingHeaderNames } from '../traffic/exchange.ts';
import { recordingFetch } from '../traffic/recording-fetch.ts';
import { authenticationProbes, inputProbes, maximumProbeRequests, probePasses, skewProbe, timestampSkewSteps, type ProbeRequest } from './plan.ts';
import { buildWireRequest, ProbeRefused, type ProbeTarget, type WireRequest } from './request.ts';

export type ProbeRunOptions = {
  /** Pause between two requests, in milliseconds. */
  intervalMs: number;
  /** Longest wait for one answer. */
  timeoutMs?: number;
  fetch?: typeof fetch;
  now?: () => Date;
  /** Receives a line per request sent (label, method, path, status): nothing secret. */
  report?: (line: string) => void;
};

export type ProbeOutcome = {
  /** Every exchange, in the order sent, each with its `probe` label. */
  exchanges: RecordedExchange[];
  /** Why the probe stopped before the end of its plan, when it did. */
  stopped?: string;
};

const accepted = (status: number) => status >= 200 && status < 300;

class Stop extends Error {}

export async function runProbe(target: ProbeTarget, options: ProbeRunOptions): Promise<ProbeOutcome> {
  const { intervalMs, timeoutMs = 30_000, now = () => new Date(), report = () => undefined } = options;
  const baseFetch = options.fetch ?? fetch;
  const exchanges: RecordedExchange[] = [];
  let previous: WireRequest | undefined;

  const send = async (probe: ProbeRequest): Promise<number> => {
    if (exchanges.length > 0 && intervalMs > 0) await sleep(intervalMs);
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
    try {
      response = await recorder.fetch(wire.url, { method: wire.method, headers: wire.headers, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs), ...(wire.body === undefined ? {} : { body: wire.body }) });
      await response.arrayBuffer();
      await recorder.settled();
    } catch (error) {
      throw new Stop(`${probe.label} (${probe.method} ${new URL(wire.url).pathname}) got no answer: ${(error as Error).message}`);
    }
    report(`${String(exchanges.length).padStart(2)}/${maximumProbeRequests}  ${probe.label.padEnd(28)} ${probe.method} ${new URL(wire.url).pathname} → ${response.status}`);
    if (response.status === 429) throw new Stop(`${probe.label} was answered 429 (a rate limit): nothing more was sent; try a longer interval`);
    return response.status;
  };

  try {
    for (let pass = 1; pass <= probePasses; pass++) {
      for (const probe of authenticationProbes) {
        const status = await send(probe);
        if (probe.label === 'baseline' && !accepted(status)) {
          throw new Stop(`the baseline, a correctly signed GET, was refused with HTTP ${status}: check the API key and the signer; nothing more was sent`);
        }
      }
      // Into the past, then into the future, each as far as the first refusal; once: every step is a sample of the one window.
      if (pass === 1) {
        for (const direction of [-1, 1]) {
          for (const step of timestampSkewSteps) if (!accepted(await send(skewProbe(direction * step)))) break;
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
