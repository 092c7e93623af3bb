// Canary secrets through every error path: the sandbox process runs with a canary API key
// and signing secret and its request log on; malformed requests of every kind, and
// correct ones, are sent with them. Neither the canary nor any signature sent may appear
// in a response or in a line the process prints.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnService, typeScriptCommand, type RunningProcess } from '../../tools/support/process.ts';
import { sendSigned, type Credentials } from '../support/signed-http.ts';
import { malformedCasesFor, toSignedRequest, unroutedCases } from './support/malformed.ts';
import { runPool } from './support/pool.ts';
import { modelOperations } from '../support/operations.ts';
import { seedTenant } from './support/tenant.ts';
import { repoRoot } from '../support/run.ts';

const canary: Credentials = { apiKey: 'canary-key-7f3a9c51', secret: 'canary-secret-b41d27e0' };
const cases = Number(process.env.SECRETS_CASES ?? 1_000);

let sandbox: RunningProcess;
let baseUrl: string;
/** Everything the sandbox printed (spawnService keeps only the tail, for diagnostics). */
let log = '';
const counts = { requests: 0, leaksInResponses: 0, leaksInLogs: 0, seconds: 0 };
/** Requests in flight at once. */
const inFlight = 16;

beforeAll(async () => {
  sandbox = spawnService(...typeScriptCommand(`${repoRoot}scripts/sandbox.ts`), {
    PORT: '0',
    SANDBOX_API_KEYS: `${canary.apiKey}:${canary.secret}`,
  });
  for (const stream of [sandbox.child.stdout, sandbox.child.stderr]) stream?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (!/listening on (\S+)/.test(sandbox.output()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  baseUrl = /listening on (\S+)/.exec(sandbox.output())?.[1] ?? '';
  if (!baseUrl) throw new Error(`the sandbox did not start:\n${sandbox.output()}`);
});
afterAll(async () => {
  await sandbox?.stop();
  const rate = counts.seconds > 0 ? Math.round(counts.requests / counts.seconds) : 0;
  console.log(`secrets: ${counts.requests} requests with canary credentials (${rate} requests/s), ${counts.leaksInResponses} responses and ${counts.leaksInLogs} log lines showing a secret`);
});

describe('canary secrets in the sandbox', () => {
  it('never appear in a response or a log line, whatever the request', async () => {
    const secretsSent = new Set([canary.apiKey, canary.secret]);
    const leaks = (text: string) => [...secretsSent].filter((secret) => text.includes(secret));
    const operations = modelOperations();
    const seeded = await seedTenant(baseUrl, canary);
    const ctx = { ownIds: seeded.pathValues, foreignIds: {}, settledIds: seeded.settledIds, timestampWindowSeconds: 300 };
    const arbitrary = fc.oneof(fc.oneof(...operations.map((op) => malformedCasesFor(op, ctx))), unroutedCases(operations));

    const started = performance.now();
    const responses: { kind: string; text: string }[] = [];
    await runPool(fc.sample(arbitrary, { numRuns: cases, seed: 7 }), inFlight, async (testCase) => {
      const response = await sendSigned(baseUrl, toSignedRequest(testCase.request), canary);
      // The signature the request carried, and the one it should have carried, count as
      // secrets (a generated wrong signature of a few characters would match ordinary
      // text, so those are left out).
      const signature = response.sentHeaders['x-signature']?.trim();
      if (signature && signature.length >= 16) secretsSent.add(signature);
      secretsSent.add(response.signature);
      counts.requests += 1;
      responses.push({ kind: testCase.kind, text: response.text });
    });
    counts.seconds = (performance.now() - started) / 1000;
    // Every response is searched for every secret sent, including those sent after it.
    for (const { kind, text } of responses) {
      const leaked = leaks(text);
      if (leaked.length) counts.leaksInResponses += 1;
      expect(leaked, `${kind}: ${text.slice(0, 200)}`).toEqual([]);
    }

    await new Promise((r) => setTimeout(r, 200));
    const lines = log.split('\n');
    const leakyLines = lines.filter((line) => leaks(line).length > 0);
    counts.leaksInLogs = leakyLines.length;
    expect(leakyLines).toEqual([]);
    // The log is really on and really saw the traffic, so the check above could fail.
    // Every request was logged: two lines each (received, completed) and the completed line carries the status.
    expect(lines.filter((line) => line.includes('"statusCode":')).length).toBeGreaterThanOrEqual(counts.requests);
    expect(lines.filter((line) => line.includes('"statusCode":401')).length).toBeGreaterThan(10);
  }, 300_000);
});
