// What the traffic report is made of: the items it counts and the report itself. The builder
// (report.ts), the wording (summaries.ts) and the Markdown (markdown.ts) share them.
import type { InconclusiveKind } from '../../packages/sdk/src/spec/answer-reading.ts';

export type Evidence = { file: string; entry: number };

/** One thing learned, counted over the traffic: a field, a value, a shape or a refusal. */
export type LearnedItem = {
  kind: 'unknown-field' | 'value-not-seen' | 'unpublished-shape' | 'refusal' | 'timestamp-window' | 'accepted-probe';
  /** What it is, in a line: `rate: string, 14/14 Swap records`. */
  summary: string;
  schema?: string;
  /** A field: where it is in its record, as a JSON pointer (`/network/fee`, `/meta.version`). */
  field?: string;
  value?: string;
  types?: Record<string, number>;
  operationId?: string;
  status?: number;
  message?: string;
  probe?: string;
  shape?: string;
  /** The timestamp window bracketed by skewed requests: the largest skew let in and the smallest refused, in seconds (either may be unknown). */
  window?: { acceptedUpTo: number | undefined; refusedFrom: number | undefined };
  /** Records or answers that showed it, and out of how many of their kind. */
  seen: number;
  /** The answers (exchanges) it was seen in: several records of one answer are one answer. */
  answers: number;
  of?: number;
  evidence: Evidence[];
  /** Every recorded file that showed it (evidence keeps only the first few entries). */
  sources: string[];
  /** The first value seen (a field's value, a record of an unpublished shape), as recorded: what a proposal shows as its example. */
  example?: unknown;
  /** The dates of the first and last exchange that showed it, when the recording has them. */
  from?: string;
  to?: string;
  /** What of it the privacy policy masked: its field's `name`, or its `value` (a value, an example, a message). A proposal withholds or marks it. */
  masked?: 'name' | 'value';
};

export type MarkerSection = { pointer: string; location: string; missing: string[]; items: LearnedItem[] };

export type ContradictionItem = { kind: string; operationId: string; schema?: string; field?: string; detail: string; count: number; evidence: Evidence[] };

/**
 * Answers the provider did not decide on, counted by what they were, the operation and the
 * probe: they are neither learnings nor contradictions, and no claim is made from them.
 */
export type InconclusiveItem = {
  kind: InconclusiveKind;
  operationId: string;
  probe?: string;
  /** The skews (seconds) of the first skewed-timestamp requests among them, in the order read (at most 20). */
  skews?: number[];
  /** Skewed-timestamp requests among them beyond those listed in `skews`. */
  skewsLeftOut?: number;
  statuses: number[];
  summary: string;
  count: number;
  evidence: Evidence[];
};

export type TrafficReport = {
  exchanges: number;
  /** Requests of no operation of the spec, left out. */
  unmatched: number;
  markers: MarkerSection[];
  /** Learnings no marker covers, by operation. */
  unmarked: Record<string, LearnedItem[]>;
  contradictions: ContradictionItem[];
  /** Answers that teach nothing: throttled, server errors, redirects, timeouts. */
  inconclusive: InconclusiveItem[];
};
