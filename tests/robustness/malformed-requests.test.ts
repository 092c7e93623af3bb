// Property-based robustness: malformed requests for every operation of the spec, sent
// to the sandbox. Whatever arrives, the answer is the error envelope with the status the
// sandbox promises for that kind of problem, valid against the spec, and the tenant's
// state does not move. Cases go in batches, several requests in flight at once; the
// tenant's state is compared by digest after every batch and in full at the end.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../packages/sandbox/src/index.ts';
import { SpecValidator } from '../../packages/sandbox/src/spec/validator.ts';
import { sendSigned, type Credentials } from '../support/signed-http.ts';
import { describeCase, malformedCasesFor, testHelperCases, toSignedRequest, unroutedCases, type CaseContext, type MalformedCase } from './support/malformed.ts';
import { modelOperations } from '../support/operations.ts';
import { runPool } from './support/pool.ts';
import { digestOf, seedTenant, snapshotTenant } from './support/tenant.ts';
import { countFromEnv } from '../support/count.ts';

// 3,000 by default: with the query-number fix of the sandbox's validation taken out (the
// defect this test found), each of six runs failed within its first 21 batches of 50 (at
// batches 1, 4, 7, 1, 20 and 21), so 60 batches leave it unfound about once in a thousand runs. CI's full lane sets
// ROBUSTNESS_RUNS=10000 (docs/testing.md).
const runs = countFromEnv('ROBUSTNESS_RUNS', 3_000);
/** Cases per batch: the state digest is compared after each. */
const batchSize = 50;
/** Requests in flight at once. */
const inFlight = 16;
const tenant: Credentials = { apiKey: 'robust-tenant-a', secret: 'robust-secret-a' };
const other: Credentials = { apiKey: 'robust-tenant-b', secret: 'robust-secret-b' };
const validator = new SpecValidator();
const operations = modelOperations();

const counts = { tried: 0, batches: 0, serverErrors: 0, wrongStatus: 0, invalidEnvelopes: 0, stateChanges: 0, seconds: 0, byKind: new Map<string, number>(), operations: new Set<string>() };
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ctx: CaseContext;

beforeAll(async () => {
  sandbox = await startSandbox({ validateResponses: true, apiKeys: { [tenant.apiKey]: tenant.secret, [other.apiKey]: other.secret }, timestampWindowSeconds: 300 });
  const own = await seedTenant(sandbox.url, tenant);
  const foreign = await seedTenant(sandbox.url, other);
  ctx = { ownIds: own.pathValues, foreignIds: foreign.pathValues, settledIds: own.settledIds, timestampWindowSeconds: 300 };
});

afterAll(async () => {
  await sandbox?.close();
  const kinds = [...counts.byKind.entries()].sort((a, b) => b[1] - a[1]);
  const rate = counts.seconds > 0 ? Math.round(counts.tried / counts.seconds) : 0;
  console.log(
    [
      `malformed requests: ${counts.tried} cases tried, ${counts.serverErrors} 5xx seen, ${counts.wrongStatus} other status than promised, ${counts.invalidEnvelopes} envelopes invalid, ${counts.stateChanges} state changes`,
      `  rate: ${rate} cases/s (${counts.seconds.toFixed(1)} s, ${inFlight} in flight, state digest compared after each of ${counts.batches} batches)`,
      `  kinds: ${kinds.length} (${kinds.slice(0, 8).map(([k, n]) => `${k}: ${n}`).join(', ')}, …)`,
    ].join('\n'),
  );
});

/** The operation (path template) a case belongs to, for envelope validation. */
function templateOf(operationId: string): { method: string; path: string } | undefined {
  const op = operations.find((o) => o.operationId === operationId);
  return op && { method: op.method, path: op.pathTemplate };
}

async function check(testCase: MalformedCase): Promise<void> {
  counts.tried += 1;
  const family = testCase.kind.replace(/=.*/, '');
  counts.byKind.set(family, (counts.byKind.get(family) ?? 0) + 1);
  counts.operations.add(testCase.operationId);
  const response = await sendSigned(sandbox.url, toSignedRequest(testCase.request), tenant);
  const label = `${describeCase(testCase)}: answered ${response.status} ${response.text.slice(0, 200)}`;
  if (response.status >= 500) counts.serverErrors += 1;
  if (response.status !== testCase.expectedStatus) counts.wrongStatus += 1;
  expect(response.status, label).toBe(testCase.expectedStatus);

  const target = templateOf(testCase.operationId);
  const envelope = target
    ? validator.validateResponse(target.method, target.path, response.status, response.json)
    : validator.validateAt('#/components/schemas/ErrorEnvelope', response.json);
  if (!envelope.valid) counts.invalidEnvelopes += 1;
  expect(envelope, label).toEqual({ valid: true });
  expect((response.json as { message: string }).message.length, label).toBeGreaterThan(0);
}

/** Every family of malformed request the run must send at least one of, whatever its count. */
const families = ['auth missingHeader', 'auth staleTimestamp', 'auth wrongSignature', 'auth unknownKey', 'auth malformedTimestamp', 'missing body field', 'wrong type for', 'extra body field', 'broken JSON', 'truncated JSON', 'content-type', 'bad query', 'unknown path id', "another tenant's id", 'larger than the limit', 'longer than 80', 'record not in a state that allows it', 'not in the spec', 'with wrong type for', 'test helper auth', 'test helper unknown id'];

/**
 * One case of each family, drawn from the cases' own arbitrary, sent before the random
 * batches: the rarest (an auth fault together with a wrong type, about 1 case in 800) is
 * missing from 3,000 random cases in about 1 run of 40. Drawn in rounds of 500, at most
 * 40 rounds; a family the arbitrary no longer makes fails here, by name.
 */
function oneOfEachFamily(cases: fc.Arbitrary<MalformedCase>): MalformedCase[] {
  const found = new Map<string, MalformedCase>();
  for (let round = 0; round < 40 && found.size < families.length; round++) {
    for (const testCase of fc.sample(cases, 500)) {
      const family = families.find((name) => !found.has(name) && testCase.kind.includes(name));
      if (family !== undefined) found.set(family, testCase);
    }
  }
  expect(families.filter((family) => !found.has(family)), 'families the arbitrary made none of in 20,000 cases').toEqual([]);
  return [...found.values()];
}

/** Batches of cases that fast-check reports one line per case (bodies can be megabytes). */
function batchesOf(cases: fc.Arbitrary<MalformedCase>): fc.Arbitrary<MalformedCase[]> {
  return fc
    .array(cases, { minLength: batchSize, maxLength: batchSize })
    .map((batch) => Object.assign(batch, { [fc.toStringMethod]: () => `batch of ${batch.length}:\n${batch.map((c) => `  ${describeCase(c)}`).join('\n')}` }));
}

/** Every case of the batch checked, then the tenant's state digest compared with the one before. */
async function checkBatch(batch: MalformedCase[], digestBefore: string): Promise<void> {
  counts.batches += 1;
  await runPool(batch, inFlight, check);
  const digestAfter = digestOf(await snapshotTenant(sandbox.url, tenant));
  if (digestAfter !== digestBefore) counts.stateChanges += 1;
  expect(digestAfter, `the tenant's state changed during this batch:\n${batch.map((c) => `  ${describeCase(c)}`).join('\n')}`).toBe(digestBefore);
}

describe('malformed requests against the sandbox', () => {
  it(`are refused with the promised status and a valid error envelope, and change nothing (${runs} cases)`, async () => {
    const before = await snapshotTenant(sandbox.url, tenant);
    const otherBefore = await snapshotTenant(sandbox.url, other);
    const digestBefore = digestOf(before);
    // Each operation's arbitraries are built once (building them per case, inside a chain,
    // cost more than sending the requests).
    const cases = fc.oneof(
      { weight: operations.length, arbitrary: fc.oneof(...operations.map((op) => malformedCasesFor(op, ctx))) },
      { weight: 1, arbitrary: unroutedCases(operations) },
      { weight: 1, arbitrary: testHelperCases(ctx) },
    );
    const batches = Math.ceil(runs / batchSize);
    const started = performance.now();
    const everyFamily = oneOfEachFamily(cases);
    await checkBatch(everyFamily, digestBefore);
    await fc.assert(
      fc.asyncProperty(batchesOf(cases), (batch) => checkBatch(batch, digestBefore)),
      { numRuns: batches, endOnFailure: true },
    );
    counts.seconds = (performance.now() - started) / 1000;
    // In full at the end: both tenants exactly as they were.
    expect(await snapshotTenant(sandbox.url, tenant)).toBe(before);
    expect(await snapshotTenant(sandbox.url, other)).toBe(otherBefore);
    expect(counts.tried).toBe(everyFamily.length + batches * batchSize);
    expect(counts.tried).toBeGreaterThanOrEqual(runs);
    // Every operation and every kind family was exercised, not just the cheap ones.
    const kinds = [...counts.byKind.keys()].join('\n');
    for (const family of families) {
      expect(kinds, family).toContain(family);
    }
    expect(operations.map((o) => o.operationId).filter((id) => !counts.operations.has(id))).toEqual([]);
  }, 600_000);
});
