// What a proposal may claim from a traffic report: only what enough samples carry. The
// threshold (minSamples, 2 by default) counts records for a field, answers for an
// unpublished shape, a refusal condition or a wrong request let in, and skewed requests for
// the timestamp window:
// those claims generalise (a type, a required field, a rule), and one answer may be a fluke.
// A value of an open string is claimed from one record: the claim is only that it was seen
// (x-values-seen), which one record carries whole. Everything below the threshold is listed
// as not proposed, with the count that fell short; so is what a claim cannot say yet (a
// field outside any named record). What the privacy policy masked is never claimed as a
// value: a value seen, or a field name, that the policy masked is withheld (listed, with the
// reason); an example or a refusal message keeps only its masked form.
import { basename, isAbsolute } from 'node:path';
import type { ObservedCondition, ObservedEvidence } from '../observed.ts';
import type { LearnedItem, TrafficReport } from '../report.ts';

export const defaultMinSamples = 2;

/** A field records of a schema carry beyond the documented ones. */
export type FieldClaim = { kind: 'field'; schema: string; field: string; types: Record<string, number>; required: boolean; example: unknown; evidence: ObservedEvidence };
/** Values an open string took beyond those the spec lists as seen. */
export type ValuesClaim = { kind: 'values'; schema: string; field: string; values: Record<string, number>; evidence: ObservedEvidence };
/** What an unpublished shape turned out to be: one example record per distinct shape seen. */
export type ShapeClaim = { kind: 'shape'; schema: string; examples: unknown[]; evidence: ObservedEvidence };
/** The conditions an operation refused with one HTTP status the spec does not name. */
export type RefusalClaim = { kind: 'refusal'; operationId: string; status: number; conditions: ObservedCondition[]; evidence: ObservedEvidence };
/** The deliberately wrong requests an operation let in. */
export type AcceptanceClaim = { kind: 'acceptance'; operationId: string; accepted: { probe: string; status: number; samples: number }[]; evidence: ObservedEvidence };
/** The timestamp window as skewed requests bracketed it. */
export type WindowClaim = { kind: 'window'; acceptedUpTo: number | undefined; refusedFrom: number | undefined; evidence: ObservedEvidence };

/** `masked`: the claim's examples or messages went through the privacy policy changed (the summary says so). */
export type Claim = (FieldClaim | ValuesClaim | ShapeClaim | RefusalClaim | AcceptanceClaim | WindowClaim) & { masked?: true };

/** A learning the proposal leaves out, and why; `withheld` when the privacy policy is why. */
export type NotProposed = { summary: string; reason: string; withheld?: true };

/** Why a masked value or name is not proposed. */
export const withheldReason = 'withheld: the privacy policy masks it (a secret, a personal identifier, or a value a request carried), and a mask is not a value to document';

function evidenceOf(items: readonly LearnedItem[], samples: number, of?: number): ObservedEvidence {
  const dates = items.flatMap((item) => [item.from, item.to]).filter((d): d is string => d !== undefined).sort();
  return {
    samples,
    ...(of === undefined ? {} : { of }),
    // Never a path of the machine that recorded: a file outside the repository by its name alone.
    sources: [...new Set(items.flatMap((item) => item.sources).map((source) => (isAbsolute(source) ? basename(source) : source)))].sort(),
    ...(dates.length ? { from: dates[0], to: dates[dates.length - 1] } : {}),
  };
}

const shortOf = (seen: number, minSamples: number) => `${seen} sample${seen === 1 ? '' : 's'}, fewer than the ${minSamples} a claim needs`;

/** The claims a report carries at the threshold, and the learnings left out. */
export function claimsOf(report: TrafficReport, minSamples: number = defaultMinSamples): { claims: Claim[]; notProposed: NotProposed[] } {
  const items = [...report.markers.flatMap((m) => m.items), ...Object.values(report.unmarked).flat()];
  const claims: Claim[] = [];
  const notProposed: NotProposed[] = [];
  const skip = (item: LearnedItem, reason: string) => notProposed.push({ summary: item.summary, reason });
  const withhold = (item: LearnedItem) => notProposed.push({ summary: item.summary, reason: withheldReason, withheld: true });

  const values = new Map<string, { schema: string; field: string; items: LearnedItem[] }>();
  const shapes = new Map<string, LearnedItem[]>();
  const refusals = new Map<string, { operationId: string; status: number; items: LearnedItem[] }>();
  const acceptances = new Map<string, LearnedItem[]>();
  for (const item of items) {
    switch (item.kind) {
      case 'unknown-field':
        // A field whose name the policy masked is a value used as a key (an address, say), not a field.
        if (item.masked === 'name') withhold(item);
        else if (item.schema === undefined) skip(item, 'outside any named record of the spec: document it by hand');
        else if (item.seen < minSamples) skip(item, shortOf(item.seen, minSamples));
        else claims.push({ kind: 'field', schema: item.schema, field: item.field!, types: item.types ?? {}, required: item.of !== undefined && item.seen >= item.of, example: item.example, evidence: evidenceOf([item], item.seen, item.of), ...(item.masked ? { masked: true as const } : {}) });
        break;
      case 'value-not-seen':
        if (item.masked) withhold(item);
        else if (item.schema === undefined) skip(item, 'outside any named record of the spec: document it by hand');
        else {
          const key = `${item.schema}.${item.field}`;
          const entry = values.get(key) ?? { schema: item.schema, field: item.field!, items: [] };
          entry.items.push(item);
          values.set(key, entry);
        }
        break;
      case 'unpublished-shape':
        shapes.set(item.schema!, [...(shapes.get(item.schema!) ?? []), item]);
        break;
      case 'refusal': {
        if (item.seen < minSamples) {
          skip(item, shortOf(item.seen, minSamples));
          break;
        }
        const key = `${item.operationId} ${item.status}`;
        const entry = refusals.get(key) ?? { operationId: item.operationId!, status: item.status!, items: [] };
        entry.items.push(item);
        refusals.set(key, entry);
        break;
      }
      case 'accepted-probe':
        if (item.seen < minSamples) skip(item, shortOf(item.seen, minSamples));
        else acceptances.set(item.operationId!, [...(acceptances.get(item.operationId!) ?? []), item]);
        break;
      case 'timestamp-window': {
        const { acceptedUpTo, refusedFrom } = item.window!;
        if (item.seen < minSamples) skip(item, shortOf(item.seen, minSamples));
        else claims.push({ kind: 'window', acceptedUpTo, refusedFrom, evidence: evidenceOf([item], item.seen) });
        break;
      }
    }
  }
  for (const { schema, field, items: seen } of values.values()) {
    const counts = Object.fromEntries(seen.map((item) => [item.value!, item.seen]));
    claims.push({ kind: 'values', schema, field, values: counts, evidence: evidenceOf(seen, seen.reduce((n, item) => n + item.seen, 0), seen[0]!.of) });
  }
  for (const [schema, seen] of shapes) {
    const answers = seen.reduce((n, item) => n + item.seen, 0);
    if (answers < minSamples) seen.forEach((item) => skip(item, shortOf(answers, minSamples)));
    else claims.push({ kind: 'shape', schema, examples: seen.map((item) => item.example), evidence: evidenceOf(seen, answers), ...(seen.some((item) => item.masked) ? { masked: true as const } : {}) });
  }
  for (const { operationId, status, items: seen } of refusals.values()) {
    // An answer without a probe label (ordinary traffic) with a probe's message is that probe's condition seen again.
    const conditions: ObservedCondition[] = [];
    for (const item of [...seen].sort((a, b) => Number(a.probe === undefined) - Number(b.probe === undefined))) {
      const same = item.probe === undefined ? conditions.find((c) => c.message === item.message) : undefined;
      if (same) same.samples += item.seen;
      else conditions.push({ ...(item.probe === undefined ? {} : { probe: item.probe }), message: item.message!, samples: item.seen });
    }
    claims.push({ kind: 'refusal', operationId, status, conditions, evidence: evidenceOf(seen, seen.reduce((n, item) => n + item.seen, 0)), ...(seen.some((item) => item.masked) ? { masked: true as const } : {}) });
  }
  for (const [operationId, seen] of acceptances) {
    const accepted = seen.map((item) => ({ probe: item.probe!, status: item.status!, samples: item.seen }));
    claims.push({ kind: 'acceptance', operationId, accepted, evidence: evidenceOf(seen, seen.reduce((n, item) => n + item.seen, 0)) });
  }
  return { claims, notProposed };
}
