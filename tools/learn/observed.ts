// What a spec proposal writes beside each claim it learned from traffic, under `x-observed`,
// and what the traffic report reads back so that what was learned once is not learned again.
// Every claim carries its evidence: how many samples showed it (out of how many), the
// recorded files and the dates of the first and last sample.
import type { OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';

export const observedKey = 'x-observed';

export type ObservedEvidence = {
  /** Samples (records, answers or requests) that showed it. */
  samples: number;
  /** Samples of that kind in the traffic, when they are counted (a field: records of its schema). */
  of?: number;
  /** The recorded files the samples came from. */
  sources: string[];
  /** The first and last sample's date (ISO 8601), when the recording has them. */
  from?: string;
  to?: string;
};

/**
 * One refusal condition an operation answered with the response's status; on a shared
 * response (the authentication layer's refusals, for every operation), with its `status`.
 */
export type ObservedCondition = { probe?: string; status?: number; message: string; samples: number };

/** On a response the proposal added for an HTTP status the interface does not name. */
export type ObservedRefusals = ObservedEvidence & { conditions: ObservedCondition[] };

/** The probe that is sent right on purpose, as the control of the others (tools/probe/plan.ts). */
export const controlProbe = 'baseline';

/** On an operation: the deliberately wrong requests it let in. */
export type ObservedAcceptance = ObservedEvidence & { accepted: { probe: string; status: number; samples: number }[] };

/** On the timestamp security scheme: the window the skewed requests bracketed, in seconds. */
export type ObservedWindow = ObservedEvidence & { acceptedUpToSeconds?: number; refusedFromSeconds?: number };

/** The header that carries the request timestamp. */
export const timestampHeader = 'x-timestamp';

/** The name of the security scheme of the x-timestamp header, if the document has one. */
export function timestampSchemeName(doc: OpenApiDocument): string | undefined {
  const schemes = (doc.components?.securitySchemes ?? {}) as Record<string, { in?: string; name?: string }>;
  return Object.keys(schemes).find((name) => schemes[name]!.in === 'header' && schemes[name]!.name?.toLowerCase() === timestampHeader);
}

/** The window a previous proposal documented, if any. */
export function observedWindow(doc: OpenApiDocument): ObservedWindow | undefined {
  const name = timestampSchemeName(doc);
  if (name === undefined) return undefined;
  return ((doc.components!.securitySchemes as Record<string, Record<string, unknown>>)[name]![observedKey] as ObservedWindow | undefined) ?? undefined;
}
