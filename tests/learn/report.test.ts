// The report on traffic from the sandbox playing a provider names every deviation of the
// provider's profile and nothing else: what it adds to the report of the same walk against
// the plain sandbox is exactly what the profile says, and what it takes away is only what the
// profile overrides.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../tools/learn/markdown.ts';
import { buildReport, type TrafficReport } from '../../tools/learn/report.ts';
import { demoCredentials, startSandbox } from '../../packages/sandbox/src/index.ts';
import type { ProviderProfile } from '../../packages/sandbox/src/profile/types.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { listOperations } from '../../packages/sdk/src/spec/openapi.ts';
import { probedOperation } from '../../packages/sandbox/src/walk/provider-walk.ts';
import { itemKeys, overriddenBy, profileKeys } from '../support/profile-keys.ts';
import { providerProfiles } from '../support/profiles.ts';
import { timestampSkews, walkProvider } from '../support/provider-walk.ts';
import { repoRoot } from '../support/run.ts';
import { propose } from '../../tools/learn/proposal/index.ts';
import type { Exchange } from '../../tools/learn/findings.ts';
import { copySpecSource } from '../support/spec-copy.ts';
import { countFromEnv } from '../support/count.ts';

const doc = loadBundledDocument();

// Random profiles the property draws beside its examples (which always run): a few by default,
// CI's full-count lane 15 (PROFILE_PROPERTY_RUNS=15).
const randomProfiles = countFromEnv('PROFILE_PROPERTY_RUNS', 3);

async function reportOf(profile?: string | ProviderProfile, rounds = 1): Promise<TrafficReport> {
  const sandbox = await startSandbox({ deterministic: true, logger: false, ...(profile ? { profile } : {}) });
  try {
    return buildReport(doc, await walkProvider(sandbox.url, demoCredentials, profile ? 'profile-walk' : 'plain-walk', rounds));
  } finally {
    await sandbox.close();
  }
}

async function reportAgainst(spec: typeof doc, profile: ProviderProfile): Promise<TrafficReport> {
  const sandbox = await startSandbox({ deterministic: true, logger: false, profile });
  try {
    return buildReport(spec, await walkProvider(sandbox.url, demoCredentials, 'profile-walk'));
  } finally {
    await sandbox.close();
  }
}

/**
 * What the deterministic sandbox's walks give is the same on every call, so each is made once
 * for the tests that read it: the report on the plain sandbox, on each fixture provider, and
 * the spec with everything the plain sandbox shows proposed into it.
 */
const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
};
const plainReport = once(() => reportOf());
const fixtureReports = new Map<string, Promise<TrafficReport>>();
const fixtureReport = (path: string) => fixtureReports.get(path) ?? fixtureReports.set(path, reportOf(path)).get(path)!;

const documentedPlainSandbox = once(async () => {
  const sandbox = await startSandbox({ deterministic: true, logger: false });
  let plainTraffic: Exchange[];
  try {
    plainTraffic = [...(await walkProvider(sandbox.url, demoCredentials, 'plain-1')), ...(await walkProvider(sandbox.url, demoCredentials, 'plain-2'))];
  } finally {
    await sandbox.close();
  }
  const copy = copySpecSource();
  try {
    const plainReport = buildReport(doc, plainTraffic);
    propose(plainReport, doc, copy.root, 1, { records: 1, answers: 1, recordings: 1 });
    return { plainTraffic, plainReport, documented: await copy.bundle() };
  } finally {
    copy.remove();
  }
});

/**
 * Profiles that found a defect of the expected keys or of the walk, run every time whatever
 * the count of random ones.
 */
const profileExamples: ProviderProfile[] = [
  // Found by a run (seed 94629307): values of a schema that a hidden operation also answers.
  { name: ' ', values: { 'SwapStateChange.status': { a: 1, aa: 1 }, 'Wallet.status': { a: 1 }, 'Network.name': { a: 1 }, 'Transaction.type': { a: 1 } }, contradictions: [{ kind: 'notEnvelope', operationId: 'confirmSwap' }] },
  // An error envelope under the 2xx of the operation the skewed requests ask: the window has no inner bound.
  { name: ' ', timestampWindowSeconds: 60, contradictions: [{ kind: 'errorStatusOn2xx', operationId: probedOperation.operationId, message: ' ' }] },
  // And refused outside it with a status on which nothing is decided: no skew decided on either side, no window at all.
  { name: ' ', timestampWindowSeconds: 60, refusals: { timestampOutsideWindow: { status: 429, message: ' ' } }, contradictions: [{ kind: 'errorStatusOn2xx', operationId: probedOperation.operationId, message: ' ' }] },
  // The widest window a random profile sets: the walk's request outside it must be beyond it, not on its edge.
  { name: ' ', timestampWindowSeconds: 3600, refusals: { timestampOutsideWindow: { status: 401, message: ' ' } } },
];

describe('the traffic report', () => {
  it.each(['fills-unknowns.json', 'contradicts.json'])('names every deviation of %s and nothing else', async (fixture) => {
    const path = join(repoRoot, 'tests/fixtures/providers', fixture);
    const profile = JSON.parse(readFileSync(path, 'utf8')) as ProviderProfile;
    const plain = itemKeys(await plainReport());
    const report = await fixtureReport(path);
    const played = itemKeys(report);
    const expected = profileKeys(doc, profile, { skews: timestampSkews });
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

  it.each(['fills-unknowns.json', 'contradicts.json'])('names every deviation of %s and nothing else, against a spec whose reading of the plain sandbox is empty by construction', async (fixture) => {
    // The spec with everything the plain sandbox shows proposed into it (every claim taken,
    // however few its samples): the plain sandbox's traffic then teaches nothing at all.
    const { plainTraffic, plainReport, documented } = await documentedPlainSandbox();
    const empty = buildReport(documented, plainTraffic);
    expect([...itemKeys(empty)]).toEqual([]);
    expect(empty.contradictions).toEqual([]);
    // Against it, the profile's traffic shows what the profile does and nothing else. (Its
    // unpublished shapes are left out: the spec now documents the plain sandbox's shapes, so
    // another shape reads as fields, not as a shape.)
    const { shapes: _shapes, ...profile } = JSON.parse(readFileSync(join(repoRoot, 'tests/fixtures/providers', fixture), 'utf8')) as ProviderProfile;
    const played = itemKeys(await reportAgainst(documented, profile));
    const expected = profileKeys(doc, profile, { skews: timestampSkews });
    // The window is bracketed anew only where the documented one does not already explain a skew.
    expect([...played].filter((key) => !expected.has(key) && !overriddenBy(profile, key))).toEqual([]);
    // And every deviation it makes that the plain sandbox did not already show (now documented) is there.
    const documentedKeys = itemKeys(plainReport);
    expect([...expected].filter((key) => !played.has(key) && !documentedKeys.has(key) && !key.startsWith('window '))).toEqual([]);
  }, 60_000);

  it('counts each field over the records of its schema, names its evidence, and groups it under its marker', async () => {
    const report = await fixtureReport(join(repoRoot, 'tests/fixtures/providers/fills-unknowns.json'));
    const swap = report.markers.find((m) => m.pointer === '#/components/schemas/Swap')!;
    const rate = swap.items.find((i) => i.field === '/rate')!;
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
        expect([...profileKeys(doc, profile, { hidden, skews: timestampSkews })].filter((key) => !played.has(key))).toEqual([]);
        // Whatever the window, the bracket holds it.
        const window = profile.timestampWindowSeconds ?? 300;
        // No item when no skewed request was decided on (the keys above say when one is expected).
        const bracket = report.markers.flatMap((m) => m.items).find((i) => i.kind === 'timestamp-window')?.window;
        if (bracket) expect((bracket.acceptedUpTo ?? 0) <= window + 1 && window - 1 <= (bracket.refusedFrom ?? Infinity)).toBe(true);
      }),
      // fast-check counts the examples in numRuns: the random profiles come on top of them.
      { numRuns: profileExamples.length + randomProfiles, examples: profileExamples.map((profile) => [profile]) },
    );
  }, 120_000);

  it("asks its deliberately wrong requests of the operation the profiles' expectations name, a GET", () => {
    const entry = listOperations(doc).find((operation) => operation.operationId === probedOperation.operationId);
    expect(entry && { path: entry.path, method: entry.method }).toEqual({ path: probedOperation.path, method: 'get' });
  });

  it('names a success status the operation describes no answer for as undocumented-status, as the drift watch does', () => {
    const body = JSON.stringify({ status: 'success', message: 'Created', data: { id: 's1', from: 'usdt', to: 'ngn', status: 'pending' } });
    const report = buildReport(doc, [{ source: { file: 'walk', entry: 0 }, method: 'POST', url: 'https://api.example.test/api/v1/swaps', status: 201, responseText: body }]);
    expect(report.contradictions.map((c) => `${c.kind} ${c.operationId}: ${c.detail}`)).toEqual(['undocumented-status createSwap: the operation describes no HTTP 201 answer']);
  });
});

