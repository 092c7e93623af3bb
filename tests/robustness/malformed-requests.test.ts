// Property-based robustness: malformed requests for every operation of the spec, sent
// to the sandbox. Whatever arrives, the answer is a 4xx error envelope that validates
// against the spec, and the tenant's state does not move.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../src/sandbox/index.ts';
import { SpecValidator } from '../../src/spec/validator.ts';
import { send, type Credentials } from './support/http.ts';
import { malformedCasesFor, testHelperCases, unroutedCases, type CaseContext, type MalformedCase } from './support/malformed.ts';
import { modelOperations } from './support/operations.ts';
import { seedTenant, snapshotTenant } from './support/tenant.ts';

const runs = Number(process.env.ROBUSTNESS_RUNS ?? 10_000);
const tenant: Credentials = { apiKey: 'robust-tenant-a', secret: 'robust-secret-a' };
const other: Credentials = { apiKey: 'robust-tenant-b', secret: 'robust-secret-b' };
const validator = new SpecValidator();
const operations = modelOperations();

const counts = { tried: 0, serverErrors: 0, invalidEnvelopes: 0, stateChanges: 0, byKind: new Map<string, number>() };
let sandbox: Awaited<ReturnType<typeof startSandbox>>;
let ctx: CaseContext;

beforeAll(async () => {
  sandbox = await startSandbox({ apiKeys: { [tenant.apiKey]: tenant.secret, [other.apiKey]: other.secret }, timestampWindowSeconds: 300 });
  const own = await seedTenant(sandbox.url, tenant);
  const foreign = await seedTenant(sandbox.url, other);
  ctx = { ownIds: own.pathValues, foreignIds: foreign.pathValues, timestampWindowSeconds: 300 };
});

afterAll(async () => {
  await sandbox?.close();
  const kinds = [...counts.byKind.entries()].sort((a, b) => b[1] - a[1]);
  console.log(
    [
      `malformed requests: ${counts.tried} cases tried, ${counts.serverErrors} 5xx seen, ${counts.invalidEnvelopes} envelopes invalid, ${counts.stateChanges} state changes`,
      `  kinds: ${kinds.length} (${kinds.slice(0, 8).map(([k, n]) => `${k}: ${n}`).join(', ')}, …)`,
    ].join('\n'),
  );
});

/** Finds the operation (path template) a path belongs to, for envelope validation. */
function templateOf(operationId: string): { method: string; path: string } | undefined {
  const op = operations.find((o) => o.operationId === operationId);
  return op && { method: op.method, path: op.pathTemplate };
}

async function check(testCase: MalformedCase, before: string): Promise<void> {
  counts.tried += 1;
  counts.byKind.set(testCase.kind.replace(/=.*/, ''), (counts.byKind.get(testCase.kind.replace(/=.*/, '')) ?? 0) + 1);
  const response = await send(sandbox.url, testCase.request, tenant);
  const label = `${testCase.kind} → ${testCase.request.method} ${testCase.request.pathWithQuery.slice(0, 120)}`;
  if (response.status >= 500) counts.serverErrors += 1;
  expect(response.status, `${label}: ${response.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400);
  expect(response.status, `${label}: ${response.text.slice(0, 200)}`).toBeLessThan(500);
  if (testCase.expectedStatus) expect(response.status, `${label}: ${response.text.slice(0, 200)}`).toBe(testCase.expectedStatus);

  const target = templateOf(testCase.operationId);
  const envelope = target
    ? validator.validateResponse(target.method, target.path, response.status, response.json)
    : validator.validateAt('#/components/schemas/ErrorEnvelope', response.json);
  if (!envelope.valid) counts.invalidEnvelopes += 1;
  expect(envelope, `${label}: ${response.text.slice(0, 200)}`).toEqual({ valid: true });
  expect((response.json as { message: string }).message.length, label).toBeGreaterThan(0);

  const after = await snapshotTenant(sandbox.url, tenant);
  if (after !== before) counts.stateChanges += 1;
  expect(after, `${label} changed the tenant's state`).toBe(before);
}

describe('malformed requests against the sandbox', () => {
  it(`are refused with a 4xx error envelope and change nothing (${runs} cases)`, async () => {
    const before = await snapshotTenant(sandbox.url, tenant);
    const otherBefore = await snapshotTenant(sandbox.url, other);
    const cases = fc.oneof(
      { weight: operations.length, arbitrary: fc.constantFrom(...operations).chain((op) => malformedCasesFor(op, ctx)) },
      { weight: 1, arbitrary: unroutedCases(operations) },
      { weight: 1, arbitrary: testHelperCases(ctx) },
    );
    await fc.assert(
      fc.asyncProperty(cases, (testCase) => check(testCase, before)),
      { numRuns: runs, endOnFailure: true },
    );
    expect(await snapshotTenant(sandbox.url, other)).toBe(otherBefore);
    expect(counts.tried).toBeGreaterThanOrEqual(runs);
    // Every operation and every kind family was exercised, not just the cheap ones.
    const kinds = [...counts.byKind.keys()].join('\n');
    for (const family of ['auth missingHeader', 'auth staleTimestamp', 'auth wrongSignature', 'auth unknownKey', 'auth malformedTimestamp', 'missing body field', 'wrong type for', 'extra body field', 'broken JSON', 'truncated JSON', 'content-type', 'bad query', 'unknown path id', "another tenant's id", 'larger than the limit', 'longer than 80', 'not in the spec', 'with wrong type for', 'test helper auth', 'test helper unknown id']) {
      expect(kinds, family).toContain(family);
    }
  }, 600_000);
});
