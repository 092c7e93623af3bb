// A provider profile and a traffic report side by side, as sets of one-line keys: what the
// profile makes the provider do (profileKeys) and what the report found (itemKeys), so a
// test can say the report names every deviation of the profile and nothing else.
import type { DriftEvent } from '../../packages/sdk/src/client/index.ts';
import { shapeOf } from '../../tools/learn/findings.ts';
import type { TrafficReport } from '../../tools/learn/report.ts';
import type { ProviderProfile } from '../../packages/sandbox/src/profile/types.ts';
import { probedOperation } from '../../packages/sandbox/src/walk/provider-walk.ts';
import { deref, listOperations, resolvePointer, type OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';
import { recordLocations } from '../../packages/sdk/src/spec/record-locations.ts';

/**
 * The statuses on which a provider decides nothing (written here, not read from the code
 * under test): throttling (429, 503), timeouts (408), other server errors, redirects. A
 * refusal a profile gives with one of them is inconclusive, never a refusal learned.
 */
export function inconclusiveStatus(status: number): string | undefined {
  if (status === 429 || status === 503) return 'throttled';
  if (status === 408) return 'timeout';
  if (status >= 500) return 'server-error';
  if (status >= 300 && status < 400) return 'redirect';
  return undefined;
}

/** A record's field as its JSON pointer segment (RFC 6901), written here rather than imported. */
const fieldKey = (field: string) => `/${field.replaceAll('~', '~0').replaceAll('/', '~1')}`;

/** A probe label's refusal class: `invalidInput:zeroAmount` is an invalidInput refusal. */
export const refusalClassOf = (label: string) => label.split(':')[0]!;

/** Every item of a report, as one line each: what it is, not how often. */
export function itemKeys(report: TrafficReport): Set<string> {
  const keys = new Set<string>();
  for (const item of [...report.markers.flatMap((m) => m.items), ...Object.values(report.unmarked).flat()]) {
    if (item.kind === 'unknown-field') keys.add(`field ${item.schema}${item.field}`);
    else if (item.kind === 'value-not-seen') keys.add(`value ${item.schema}${item.field}=${item.value}`);
    else if (item.kind === 'unpublished-shape') keys.add(`shape ${item.operationId} ${item.shape}`);
    else if (item.kind === 'timestamp-window') keys.add(`window ${item.window!.acceptedUpTo} ${item.window!.refusedFrom}`);
    else if (item.kind === 'accepted-probe') keys.add(`accepted ${item.operationId} ${item.probe}`);
    else keys.add(`refusal ${item.probe === undefined ? item.operationId : refusalClassOf(item.probe)} ${item.status} ${item.message}`);
  }
  for (const c of report.contradictions) keys.add(c.kind === 'missing-field' || c.kind === 'wrong-type' ? `${c.kind} ${c.schema}${c.field}` : `${c.kind} ${c.operationId}`);
  for (const item of report.inconclusive) keys.add(`inconclusive ${item.probe === undefined ? item.operationId : refusalClassOf(item.probe)} ${item.kind}`);
  return keys;
}

export type ShownBy = {
  /** Operations whose answers hide their records (the bare data, or an error under 200). */
  hidden?: ReadonlySet<string>;
  /** Whether the traffic shows records of a schema at all; default: some operation not hidden answers them. */
  schema?: (schema: string) => boolean;
  /**
   * Whether the traffic shows one of a field's weighted values; default: yes, unless an
   * operation whose answers hide their records also answers the field's schema. Records take
   * the values in turn, the hidden ones too, so which values the others show depends on how
   * many turns the hidden ones took: a status weighted {a: 1, aa: 1}, with confirmSwap hidden
   * and cancelSwap after it in every round of the walk, shows aa and never a.
   */
  value?: (target: string, value: string, weights: Record<string, number>) => boolean;
  /** Whether the traffic holds an answer of the operation; default: yes unless hidden. */
  operation?: (operationId: string) => boolean;
  /** Refusal classes the traffic provoked; default: every one but replayedRequest. */
  refusal?: (refusalClass: string) => boolean;
  /** The skews the traffic sent, to bracket the window with; none: no window expected. */
  skews?: readonly number[];
};

/** What the profile makes the provider do that the traffic shows, as report keys. */
export function profileKeys(doc: OpenApiDocument, profile: ProviderProfile, shown: ShownBy = {}): Set<string> {
  const keys = new Set<string>();
  const hidden = shown.hidden ?? new Set<string>();
  const answering = (schema: string) => listOperations(doc).filter((o) => recordLocations(doc, o.operationId).some((l) => l.schema === schema));
  const shownBy = shown.schema ?? ((schema: string) => answering(schema).some((o) => !hidden.has(o.operationId)));
  const valueShown = shown.value ?? ((target: string) => !answering(target.split('.')[0]!).some((o) => hidden.has(o.operationId)));
  const dropped = new Set((profile.contradictions ?? []).flatMap((c) => (c.kind === 'dropField' ? [`${c.schema}.${c.field}`] : [])));
  for (const [schema, fields] of Object.entries(profile.extraFields ?? {})) if (shownBy(schema)) for (const field of Object.keys(fields)) keys.add(`field ${schema}${fieldKey(field)}`);
  for (const [target, weights] of Object.entries(profile.values ?? {})) {
    if (dropped.has(target) || !shownBy(target.split('.')[0]!)) continue;
    const [schema, field] = target.split('.') as [string, string];
    // The report counts values of the strings whose values the interface lists (x-values-seen); an id or a free text has none to add to.
    const seen = (deref(doc, resolvePointer(doc, `#/components/schemas/${schema}/properties/${field}`)) as { 'x-values-seen'?: string[] })['x-values-seen'];
    if (seen === undefined) continue;
    for (const [value, weight] of Object.entries(weights)) if (weight > 0 && !seen.includes(value) && valueShown(target, value, weights)) keys.add(`value ${schema}${fieldKey(field)}=${value}`);
  }
  for (const [operationId, shape] of Object.entries(profile.shapes ?? {})) if (!hidden.has(operationId) && (shown.operation?.(operationId) ?? true)) keys.add(`shape ${operationId} ${shapeOf(shape)}`);
  // A window refused with a status on which nothing is decided has no outer bound: those skews are inconclusive.
  const outsideStatus = profile.refusals?.timestampOutsideWindow?.status;
  const outsideInconclusive = outsideStatus === undefined ? undefined : inconclusiveStatus(outsideStatus);
  const bracket = profile.timestampWindowSeconds === undefined || shown.skews === undefined ? undefined : windowBracket(profile.timestampWindowSeconds, shown.skews);
  // An error envelope under the 2xx of the operation the skewed requests ask leaves the ones let in inconclusive, so the window has no inner bound.
  const acceptedInconclusive = (profile.contradictions ?? []).some((c) => c.kind === 'errorStatusOn2xx' && c.operationId === probedOperation.operationId);
  if (bracket !== undefined) {
    const [inner, outer] = bracket.split(' ').map((bound) => (bound === 'undefined' ? undefined : bound));
    const decided = [acceptedInconclusive ? undefined : inner, outsideInconclusive === undefined ? outer : undefined];
    // No skew decided on either side: nothing brackets the window.
    if (decided.some((bound) => bound !== undefined)) keys.add(`window ${decided[0]} ${decided[1]}`);
  }
  if (outsideInconclusive !== undefined && bracket !== undefined && bracket.split(' ')[1] !== 'undefined') keys.add(`inconclusive timestampSkew ${outsideInconclusive}`);
  const provoked = shown.refusal ?? ((refusalClass: string) => refusalClass !== 'replayedRequest');
  for (const [refusal, answer] of Object.entries(profile.refusals ?? {})) {
    if (!provoked(refusal)) continue;
    const inconclusive = inconclusiveStatus(answer!.status);
    keys.add(inconclusive === undefined ? `refusal ${refusal} ${answer!.status} ${answer!.message}` : `inconclusive ${refusal} ${inconclusive}`);
  }
  for (const c of profile.contradictions ?? []) {
    if (c.kind === 'dropField') {
      if (shownBy(c.schema)) keys.add(`missing-field ${c.schema}${fieldKey(c.field)}`);
    } else if (c.kind === 'wrongType') {
      if (shownBy(c.schema)) keys.add(`wrong-type ${c.schema}${fieldKey(c.field)}`);
    } else keys.add(`${c.kind === 'notEnvelope' ? 'not-envelope' : 'error-status-on-2xx'} ${c.operationId}`);
  }
  return keys;
}

/**
 * True when an item is one the profile replaces, in the plain sandbox's report or in its own: a
 * refusal class or a shape it sets, a field's values it rotates, and the sandbox's own refusal
 * of a timestamp outside the window the profile sets (its message names the window).
 */
export function overriddenBy(profile: ProviderProfile, key: string): boolean {
  const [kind, what] = key.split(' ') as [string, string];
  if ((kind === 'window' || (kind === 'refusal' && what === 'timestampOutsideWindow')) && profile.timestampWindowSeconds !== undefined) return true;
  if (kind === 'refusal') return what in (profile.refusals ?? {});
  if (kind === 'shape') return what in (profile.shapes ?? {});
  if (kind === 'value') {
    const [schema, ...field] = what.split('=')[0]!.split('/');
    return `${schema}.${field.join('/')}` in (profile.values ?? {});
  }
  return false;
}

/**
 * The window as skewed requests bracket it: the largest skew inside it, the smallest
 * outside; undefined when a skew is within a second of the window's edge, where the time a
 * request takes decides which side it lands on.
 */
export function windowBracket(windowSeconds: number, skews: readonly number[]): string | undefined {
  const distances = [...new Set(skews.map(Math.abs))];
  if (distances.some((d) => Math.abs(d - windowSeconds) <= 1)) return undefined;
  const inside = distances.filter((d) => d <= windowSeconds);
  const outside = distances.filter((d) => d > windowSeconds);
  return `${inside.length ? Math.max(...inside) : undefined} ${outside.length ? Math.min(...outside) : undefined}`;
}

/** Drift events as the same one-line keys (the drift watch reads answers as the report does). */
export function driftKeys(events: readonly DriftEvent[]): Set<string> {
  const keys = new Set<string>();
  for (const e of events) {
    if (e.kind === 'unknown-field') keys.add(`field ${e.schema}${e.field}`);
    else if (e.kind === 'value-not-seen') keys.add(`value ${e.schema}${e.field}=${e.value}`);
    else if (e.kind === 'unpublished-shape') keys.add(`shape ${e.operationId} ${e.shape}`);
    else if (e.kind === 'missing-field' || e.kind === 'wrong-type') keys.add(`${e.kind} ${e.schema}${e.field}`);
    else keys.add(`${e.kind} ${e.operationId}`);
  }
  return keys;
}
