// The report on traffic from the sandbox playing a provider names every deviation of the
// provider's profile and nothing else: what it adds to the report of the same walk against
// the plain sandbox is exactly what the profile says, and what it takes away is only what the
// profile overrides.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { shapeOf } from '../../src/learn/findings.ts';
import { buildReport, renderMarkdown, type TrafficReport } from '../../src/learn/report.ts';
import { demoCredentials, startSandbox } from '../../src/sandbox/index.ts';
import type { ProviderProfile } from '../../src/sandbox/profile/types.ts';
import { loadBundledDocument } from '../../src/spec/document.ts';
import { deref, listOperations, resolvePointer } from '../../src/spec/openapi.ts';
import { recordLocations } from '../../src/spec/record-locations.ts';
import { providerProfiles } from '../support/profiles.ts';
import { timestampSkews, walkProvider } from '../support/provider-walk.ts';
import { repoRoot } from '../support/run.ts';

const doc = loadBundledDocument();

/** Every item of a report, as one line each: what it is, not how often. */
function itemKeys(report: TrafficReport): Set<string> {
  const keys = new Set<string>();
  for (const item of [...report.markers.flatMap((m) => m.items), ...Object.values(report.unmarked).flat()]) {
    if (item.kind === 'unknown-field') keys.add(`field ${item.schema}.${item.field}`);
    else if (item.kind === 'value-not-seen') keys.add(`value ${item.schema}.${item.field}=${item.value}`);
    else if (item.kind === 'unpublished-shape') keys.add(`shape ${item.operationId} ${item.shape}`);
    else if (item.kind === 'timestamp-window') keys.add(`window ${item.window!.acceptedUpTo} ${item.window!.refusedFrom}`);
    else keys.add(`refusal ${item.probe ?? item.operationId} ${item.status} ${item.message}`);
  }
  for (const c of report.contradictions) keys.add(c.kind === 'missing-field' || c.kind === 'wrong-type' ? `${c.kind} ${c.schema}.${c.field}` : `${c.kind} ${c.operationId}`);
  return keys;
}

/**
 * What the profile makes the provider do, as report items. `hidden` operations answer in a
 * way that hides their records (the bare data, or an error under 200): what only they would
 * show is not expected.
 */
function profileKeys(profile: ProviderProfile, hidden: ReadonlySet<string> = new Set()): Set<string> {
  const keys = new Set<string>();
  const shownBy = (schema: string) => listOperations(doc).some((o) => !hidden.has(o.operationId) && recordLocations(doc, o.operationId).some((l) => l.schema === schema));
  const dropped = new Set((profile.contradictions ?? []).flatMap((c) => (c.kind === 'dropField' ? [`${c.schema}.${c.field}`] : [])));
  for (const [schema, fields] of Object.entries(profile.extraFields ?? {})) if (shownBy(schema)) for (const field of Object.keys(fields)) keys.add(`field ${schema}.${field}`);
  for (const [target, weights] of Object.entries(profile.values ?? {})) {
    if (dropped.has(target) || !shownBy(target.split('.')[0]!)) continue;
    const [schema, field] = target.split('.') as [string, string];
    // The report counts values of the strings whose values the interface lists (x-values-seen); an id or a free text has none to add to.
    const seen = (deref(doc, resolvePointer(doc, `#/components/schemas/${schema}/properties/${field}`)) as { 'x-values-seen'?: string[] })['x-values-seen'];
    if (seen === undefined) continue;
    for (const [value, weight] of Object.entries(weights)) if (weight > 0 && !seen.includes(value)) keys.add(`value ${target}=${value}`);
  }
  for (const [operationId, shape] of Object.entries(profile.shapes ?? {})) if (!hidden.has(operationId)) keys.add(`shape ${operationId} ${shapeOf(shape)}`);
  const bracket = profile.timestampWindowSeconds === undefined ? undefined : windowBracket(profile.timestampWindowSeconds);
  if (bracket !== undefined) keys.add(`window ${bracket}`);
  for (const [refusal, answer] of Object.entries(profile.refusals ?? {})) if (refusal !== 'replayedRequest') keys.add(`refusal ${refusal} ${answer!.status} ${answer!.message}`);
  for (const c of profile.contradictions ?? []) {
    if (c.kind === 'dropField') {
      if (shownBy(c.schema)) keys.add(`missing-field ${c.schema}.${c.field}`);
    } else if (c.kind === 'wrongType') {
      if (shownBy(c.schema)) keys.add(`wrong-type ${c.schema}.${c.field}`);
    }
    else keys.add(`${c.kind === 'notEnvelope' ? 'not-envelope' : 'error-status-on-2xx'} ${c.operationId}`);
  }
  return keys;
}

/**
 * The window as the walk's skewed requests bracket it: the largest skew inside it, the smallest
 * outside; undefined when a skew is within a second of the window's edge, where the time a
 * request takes decides which side it lands on.
 */
function windowBracket(windowSeconds: number): string | undefined {
  const distances = [...new Set(timestampSkews.map(Math.abs))];
  if (distances.some((d) => Math.abs(d - windowSeconds) <= 1)) return undefined;
  const inside = distances.filter((d) => d <= windowSeconds);
  const outside = distances.filter((d) => d > windowSeconds);
  return `${inside.length ? Math.max(...inside) : undefined} ${outside.length ? Math.min(...outside) : undefined}`;
}

/**
 * True when an item is one the profile replaces, in the plain sandbox's report or in its own: a
 * refusal class or a shape it sets, a field's values it rotates, and the sandbox's own refusal
 * of a timestamp outside the window the profile sets (its message names the window).
 */
function overriddenBy(profile: ProviderProfile, key: string): boolean {
  const [kind, what] = key.split(' ') as [string, string];
  if ((kind === 'window' || (kind === 'refusal' && what === 'timestampOutsideWindow')) && profile.timestampWindowSeconds !== undefined) return true;
  if (kind === 'refusal') return what in (profile.refusals ?? {});
  if (kind === 'shape') return what in (profile.shapes ?? {});
  if (kind === 'value') return what.split('=')[0]! in (profile.values ?? {});
  return false;
}

async function reportOf(profile?: string | ProviderProfile, rounds = 1): Promise<TrafficReport> {
  const sandbox = await startSandbox({ deterministic: true, logger: false, ...(profile ? { profile } : {}) });
  try {
    return buildReport(doc, await walkProvider(sandbox.url, demoCredentials, profile ? 'profile-walk' : 'plain-walk', rounds));
  } finally {
    await sandbox.close();
  }
}

describe('the traffic report', () => {
  it.each(['fills-unknowns.json', 'contradicts.json'])('names every deviation of %s and nothing else', async (fixture) => {
    const path = join(repoRoot, 'tests/fixtures/providers', fixture);
    const profile = JSON.parse(readFileSync(path, 'utf8')) as ProviderProfile;
    const plain = itemKeys(await reportOf());
    const report = await reportOf(path);
    const played = itemKeys(report);
    const expected = profileKeys(profile);
    // Every deviation of the profile is in the report (some, like a transaction type the plain
    // sandbox also gives, were there before), and everything the report has that the plain
    // sandbox's did not comes from the profile.
    expect([...expected].filter((key) => !played.has(key))).toEqual([]);
    expect([...played].filter((key) => !plain.has(key) && !expected.has(key) && !overriddenBy(profile, key))).toEqual([]);
    const removed = [...plain].filter((key) => !played.has(key));
    for (const key of removed) expect(overriddenBy(profile, key), key).toBe(true);
    // Learnings fill, contradictions fail: the second profile has some, the first none.
    expect(report.contradictions.length > 0).toBe((profile.contradictions ?? []).length > 0);
  });

  it('counts each field over the records of its schema, names its evidence, and groups it under its marker', async () => {
    const report = await reportOf(join(repoRoot, 'tests/fixtures/providers/fills-unknowns.json'));
    const swap = report.markers.find((m) => m.pointer === '#/components/schemas/Swap')!;
    const rate = swap.items.find((i) => i.field === 'rate')!;
    // The walk creates two swaps; each create answers one Swap record.
    expect(rate.summary).toBe('Swap.rate: string, 2/2 Swap records');
    expect(rate.evidence[0]).toMatchObject({ file: 'profile-walk' });
    expect(report.markers.find((m) => m.pointer === '#/components/securitySchemes/Timestamp')!.items[0]!.summary).toBe('the accepted timestamp window is at least ±15 s and under ±45 s (10 skewed requests)');
    const markdown = renderMarkdown(report);
    expect(markdown).toContain('### schema Swap (`#/components/schemas/Swap`)');
    expect(markdown).toContain('- Swap.rate: string, 2/2 Swap records — profile-walk#');
    expect(markdown).toContain('and 0 contradictions');
  });

  it('finds every deviation of random profiles, of every class', async () => {
    await fc.assert(
      fc.asyncProperty(providerProfiles(), async (profile) => {
        // Enough rounds for every weighted value to come round at least once.
        const rounds = Math.max(1, ...Object.values(profile.values ?? {}).map((weights) => Object.values(weights).reduce((a, b) => a + b, 0)));
        const hidden = new Set((profile.contradictions ?? []).flatMap((c) => (c.kind === 'notEnvelope' || c.kind === 'errorStatusOn2xx' ? [c.operationId] : [])));
        const report = await reportOf(profile, rounds);
        const played = itemKeys(report);
        expect([...profileKeys(profile, hidden)].filter((key) => !played.has(key))).toEqual([]);
        // Whatever the window, the bracket holds it.
        const window = profile.timestampWindowSeconds ?? 300;
        const bracket = report.markers.flatMap((m) => m.items).find((i) => i.kind === 'timestamp-window')!.window!;
        expect((bracket.acceptedUpTo ?? 0) <= window + 1 && window - 1 <= (bracket.refusedFrom ?? Infinity)).toBe(true);
      }),
      { numRuns: 15 },
    );
  }, 120_000);
});
