// What a proposal may claim from a traffic report: only what enough samples carry. The
// threshold (minSamples, 2 by default) counts records for a field, answers for an
// unpublished shape, a refusal condition or a wrong request let in, and skewed requests for
// the timestamp window, each counted after the report's items are merged (an unlabelled
// answer with a probe's message is that probe's condition seen again): those claims
// generalise (a type, a rule), and one answer may be a fluke.
// `required` claims more: that every record has the field. It needs every record of at
// least 20, in at least 2 answers, on at least 2 separate recordings (RequiredEvidence,
// `npm run learn -- --propose --required-records N --required-answers N
// --required-recordings N`); below that the field is proposed optional, with its counts.
// A value of an open string is claimed from one record: the claim is only that it was seen
// (x-values-seen), which one record carries whole. Everything below the threshold is listed
// as not proposed, with the count that fell short; so is what a claim cannot say yet (a
// field outside any named record). What the privacy policy masked is never claimed as a
// value: a value seen, or a field name, that the policy masked is withheld (listed, with the
// reason); an example or a refusal message keeps only its masked form.
// A refusal of the authentication layer (a probe that spoils one authentication header) is
// a rule of every operation: it is claimed on the security scheme of that header and on
// the shared error response, not on the one operation the probe happened to call.
import { basename, isAbsolute } from 'node:path';
import type { ObservedCondition, ObservedEvidence } from '../observed.ts';
import type { LearnedItem, TrafficReport } from '../report.ts';

export const defaultMinSamples = 2;

/** What `required` needs: every record of at least `records`, in at least `answers` answers, on at least `recordings` recordings. */
export type RequiredEvidence = { records: number; answers: number; recordings: number };
export const defaultRequiredEvidence: RequiredEvidence = { records: 20, answers: 2, recordings: 2 };

/**
 * The authentication header each authentication probe spoils (the probe plan's labels and
 * the walk's refusal classes): their refusals are the authentication layer's.
 */
export const authenticationProbeHeaders: Readonly<Record<string, string>> = {
  missingApiKey: 'x-api-key',
  unknownApiKey: 'x-api-key',
  missingTimestamp: 'x-timestamp',
  malformedTimestamp: 'x-timestamp',
  timestampOutsideWindow: 'x-timestamp',
  missingSignature: 'x-signature',
  invalidSignature: 'x-signature',
  replayedRequest: 'x-signature',
};

/**
 * A field records of a schema carry beyond the documented ones; `field` is its JSON pointer
 * in the record. `optionalBecause`: why a field every record had is still proposed optional.
 */
export type FieldClaim = { kind: 'field'; schema: string; field: string; types: Record<string, number>; required: boolean; optionalBecause?: string; example: unknown; evidence: ObservedEvidence & { answers: number } };
/** Values an open string took beyond those the spec lists as seen. */
export type ValuesClaim = { kind: 'values'; schema: string; field: string; values: Record<string, number>; evidence: ObservedEvidence };
/** What an unpublished shape turned out to be: one example record per distinct shape seen. */
export type ShapeClaim = { kind: 'shape'; schema: string; examples: unknown[]; evidence: ObservedEvidence };
/** The conditions an operation refused with one HTTP status the spec does not name. */
export type RefusalClaim = { kind: 'refusal'; operationId: string; status: number; conditions: ObservedCondition[]; evidence: ObservedEvidence };
/** Refusals of the authentication layer: for every operation, on the shared error response and the security scheme of each header spoiled. */
export type AuthenticationRefusalClaim = { kind: 'authentication-refusal'; conditions: (ObservedCondition & { status: number; header: string })[]; evidence: ObservedEvidence };
/** The deliberately wrong requests an operation let in. */
export type AcceptanceClaim = { kind: 'acceptance'; operationId: string; accepted: { probe: string; status: number; samples: number }[]; evidence: ObservedEvidence };
/** The timestamp window as skewed requests bracketed it. */
export type WindowClaim = { kind: 'window'; acceptedUpTo: number | undefined; refusedFrom: number | undefined; evidence: ObservedEvidence };

/** `masked`: the claim's examples or messages went through the privacy policy changed (the summary says so). */
export type Claim = (FieldClaim | ValuesClaim | ShapeClaim | RefusalClaim | AuthenticationRefusalClaim | AcceptanceClaim | WindowClaim) & { masked?: true };

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
export function claimsOf(report: TrafficReport, minSamples: number = defaultMinSamples, requiredEvidence: RequiredEvidence = defaultRequiredEvidence): { claims: Claim[]; notProposed: NotProposed[] } {
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
        else {
          const everyRecord = item.of !== undefined && item.seen >= item.of;
          const short = everyRecord ? shortOfRequired(item, requiredEvidence) : undefined;
          claims.push({ kind: 'field', schema: item.schema, field: item.field!, types: item.types ?? {}, required: everyRecord && short === undefined, ...(short === undefined ? {} : { optionalBecause: short }), example: item.example, evidence: { ...evidenceOf([item], item.seen, item.of), answers: item.answers }, ...(item.masked ? { masked: true as const } : {}) });
        }
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
        // Counted once merged (below): an unlabelled answer may carry a labelled condition over the threshold.
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
  // The authentication layer's conditions (its probes' messages), wherever they were answered.
  const authentication: { status: number; header: string; probe: string; message: string; items: LearnedItem[] }[] = [];
  for (const { status, items: seen } of refusals.values()) {
    for (const item of seen) {
      const header = item.probe === undefined ? undefined : authenticationProbeHeaders[refusalClass(item.probe)];
      if (header === undefined) continue;
      const same = authentication.find((c) => c.status === status && c.probe === item.probe && c.message === item.message);
      if (same) same.items.push(item);
      else authentication.push({ status, header, probe: item.probe!, message: item.message!, items: [item] });
    }
  }
  const isAuthentication = (status: number, item: LearnedItem) =>
    authentication.some((c) => c.status === status && (item.probe === undefined ? c.message === item.message : c.probe === item.probe && c.message === item.message));
  for (const condition of authentication) {
    // Unlabelled answers with its message, on any operation, are the same condition seen again.
    for (const { status, items: seen } of refusals.values()) for (const item of seen) if (item.probe === undefined && status === condition.status && item.message === condition.message) condition.items.push(item);
  }
  const authenticationConditions: AuthenticationRefusalClaim['conditions'] = [];
  const authenticationItems: LearnedItem[] = [];
  for (const condition of authentication) {
    const samples = condition.items.reduce((n, item) => n + item.seen, 0);
    if (samples < minSamples) {
      notProposed.push({ summary: `the authentication layer (${condition.probe}): HTTP ${condition.status} ${JSON.stringify(condition.message)}`, reason: shortOf(samples, minSamples) });
      continue;
    }
    authenticationConditions.push({ probe: condition.probe, status: condition.status, header: condition.header, message: condition.message, samples });
    authenticationItems.push(...condition.items);
  }
  if (authenticationConditions.length > 0) claims.push({ kind: 'authentication-refusal', conditions: authenticationConditions, evidence: evidenceOf(authenticationItems, authenticationConditions.reduce((n, c) => n + c.samples, 0)), ...(authenticationItems.some((item) => item.masked) ? { masked: true as const } : {}) });

  for (const { operationId, status, items: all } of refusals.values()) {
    const seen = all.filter((item) => !isAuthentication(status, item));
    // An answer without a probe label (ordinary traffic) with a probe's message is that probe's condition seen again.
    const merged: (ObservedCondition & { items: LearnedItem[] })[] = [];
    for (const item of [...seen].sort((a, b) => Number(a.probe === undefined) - Number(b.probe === undefined))) {
      const same = item.probe === undefined ? merged.find((c) => c.message === item.message) : undefined;
      if (same) {
        same.samples += item.seen;
        same.items.push(item);
      } else merged.push({ ...(item.probe === undefined ? {} : { probe: item.probe }), message: item.message!, samples: item.seen, items: [item] });
    }
    // The threshold counts each condition once merged.
    const kept = merged.filter((condition) => {
      if (condition.samples >= minSamples) return true;
      for (const item of condition.items) skip(item, shortOf(condition.samples, minSamples));
      return false;
    });
    if (kept.length === 0) continue;
    const conditions: ObservedCondition[] = kept.map(({ items: _items, ...condition }) => condition);
    claims.push({ kind: 'refusal', operationId, status, conditions, evidence: evidenceOf(kept.flatMap((c) => c.items), conditions.reduce((n, c) => n + c.samples, 0)), ...(kept.some((c) => c.items.some((item) => item.masked)) ? { masked: true as const } : {}) });
  }
  for (const [operationId, seen] of acceptances) {
    const accepted = seen.map((item) => ({ probe: item.probe!, status: item.status!, samples: item.seen }));
    claims.push({ kind: 'acceptance', operationId, accepted, evidence: evidenceOf(seen, seen.reduce((n, item) => n + item.seen, 0)) });
  }
  return { claims, notProposed };
}

/** A probe label's refusal class: `invalidInput:zeroAmount` is an invalidInput refusal. */
const refusalClass = (probe: string) => probe.split(':')[0]!;

/** Why a field every record had is not yet required, or undefined when the evidence is enough. */
function shortOfRequired(item: LearnedItem, needed: RequiredEvidence): string | undefined {
  const recordings = item.sources.length;
  if (item.seen >= needed.records && item.answers >= needed.answers && recordings >= needed.recordings) return undefined;
  return `every record had it, but ${item.seen} record${item.seen === 1 ? '' : 's'} in ${item.answers} answer${item.answers === 1 ? '' : 's'} on ${recordings} recording${recordings === 1 ? '' : 's'} fall short of the ${needed.records} records, ${needed.answers} answers and ${needed.recordings} recordings required needs`;
}
