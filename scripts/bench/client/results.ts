// What the processes of `npm run bench:client` print as their one JSON line, and what
// client.ts reads back.
import type { VariantName } from './variant-names.ts';

export const requestKinds = ['post', 'get'] as const;
export type RequestKind = (typeof requestKinds)[number];

/** One variant's medians over the turns of one round: req/s, the ratio to the floor's turn beside it, CPU µs per request and the floor's CPU over it. */
export type VariantFigures = { name: VariantName; rate: number; toFloor: number; cpuMicros: number; cpuToFloor: number };
/** Per request kind, the figures of the compared variant and of the floor in one round (round.ts). */
export type RoundResult = Record<RequestKind, VariantFigures[]>;
/** Per request kind, the median µs per call of the client and of the floor with fetch answered in-process (in-process-timing.ts). */
export type InProcessResult = Record<RequestKind, { client: number; floor: number; /** With --drift: the µs of the watch's reading of the answer alone. */ reading?: number }>;

/**
 * What telemetry-round.ts compares, in one process. The control is the client as it was once
 * more, in turns of its own: its ratio to the client as it was is the noise of the
 * measurement, the spread two identical clients show side by side. "OpenTelemetry by hand" is
 * this client, nobody subscribed, with the same span and histogram made around each call with
 * OpenTelemetry's API directly: what any instrumentation that writes them costs at least. So
 * "nobody subscribed" against the client as it was is what the client's channels cost when
 * unused, "OpenTelemetry by hand" against "nobody subscribed" OpenTelemetry's own cost, and
 * "telemetry on" against "OpenTelemetry by hand" what this SDK's instrumentation adds to it.
 */
export const telemetryVariants = ['client as it was', 'control: as it was again', 'nobody subscribed', 'OpenTelemetry by hand', 'telemetry on'] as const;
export type TelemetryVariant = (typeof telemetryVariants)[number];
/**
 * Per request kind, each one's median rate, its median ratio to the client as it was, turn by
 * turn, and the median CPU µs this process spent per call.
 */
export type TelemetryRound = Record<RequestKind, Record<TelemetryVariant, { rate: number; toBase: number; cpuMicros: number }>>;

/** What recording-run.ts prints: the recorder over many calls. */
export type RecordingRun = {
  calls: number;
  block: number;
  /** µs per call of each block of calls, in order. */
  blocks: number[];
  rssStartMB: number;
  rssPeakMB: number;
  rssEndMB: number;
  written: number;
  dropped: number;
  files: number;
  bytes: number;
};
