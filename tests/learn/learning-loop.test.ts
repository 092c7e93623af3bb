// The loop a release engineer runs, end to end, on a copy of the project, against the sandbox
// playing each fixture provider as staging: preflight with --record and --probe, the report
// on that recording (every deviation of the profile and nothing else), the proposal,
// regeneration, lint, the generated-file check, a strict contract run, the gate, and the report again. A
// provider that contradicts the interface fails the report and the proposal, and the
// proposal changes nothing the interface documents (recorded with the contract tests and the
// probe that preflight runs, without preflight's checks of the repository the first loop ran).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../tools/learn/findings.ts';
import { operationFor, successSchema, walkAnswer } from '../support/spec-records.ts';
import { readHarExchanges } from '../../tools/learn/har-input.ts';
import { buildReport } from '../../tools/learn/report.ts';
import { startSandbox } from '../../packages/sandbox/src/index.ts';
import type { ProviderProfile } from '../../packages/sandbox/src/profile/types.ts';
import { loadBundledDocument, parseDocument } from '../../packages/sandbox/src/spec/document.ts';
import type { OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';
import { itemKeys, profileKeys, refusalClassOf } from '../support/profile-keys.ts';
import { copyProject, type ProjectCopy } from '../support/project-copy.ts';
import { repoRoot } from '../support/run.ts';

const published = loadBundledDocument();
const credentials = { apiKey: 'loop-staging-key-4b1e', secret: 'loop-staging-secret-8d27' };
const copies: ProjectCopy[] = [];
afterAll(() => copies.forEach((copy) => copy.remove()));

/**
 * What the recorded traffic exercised, for holding the report to the profile: read by the
 * test's own walk of the spec's schemas (tests/support/spec-records.ts), not by the report.
 */
function exercised(exchanges: readonly Exchange[]) {
  const records = new Map<string, number>();
  const answered = new Set<string>();
  for (const exchange of exchanges) {
    const operation = operationFor(published, exchange.method, exchange.url);
    if (!operation || exchange.status < 200 || exchange.status >= 300 || exchange.probe?.startsWith('timestampSkew:')) continue;
    let body: unknown;
    try {
      body = JSON.parse(exchange.responseText ?? '');
    } catch {
      continue;
    }
    // An answer that is not the success envelope shows no records (the bare data, an error under 200).
    if (body === null || typeof body !== 'object' || (body as { status?: unknown }).status !== 'success') continue;
    answered.add(operation.operationId);
    const { counts } = walkAnswer(published, successSchema(published, operation.method, operation.pathTemplate), body);
    for (const [schema, count] of counts) records.set(schema, (records.get(schema) ?? 0) + count);
  }
  const labels = exchanges.flatMap((e) => (e.probe === undefined ? [] : [e.probe]));
  return {
    schema: (schema: string) => (records.get(schema) ?? 0) > 0,
    // Records take a field's weighted values in turn, in the profile's order ({a: 2, b: 1}: a, a, b, …): a value shows once there are more records than the weights before it.
    value: (target: string, value: string, weights: Record<string, number>) => {
      const before = Object.keys(weights).indexOf(value);
      const turnsBefore = Object.values(weights).slice(0, before).reduce((a, b) => a + b, 0);
      return (records.get(target.split('.')[0]!) ?? 0) > turnsBefore;
    },
    operation: (operationId: string) => answered.has(operationId),
    refusal: (refusalClass: string) => labels.some((label) => refusalClassOf(label) === refusalClass),
    skews: labels.flatMap((label) => (label.startsWith('timestampSkew:') ? [Number(label.split(':')[1])] : [])),
  };
}

/** The report's keys, with a refusal that carries no probe label (the contract run's own) named by the profile's class of the same answer. */
function reportKeys(exchanges: Exchange[], profile: ProviderProfile, doc: OpenApiDocument = published): Set<string> {
  const keys = itemKeys(buildReport(doc, exchanges));
  const classOf = new Map(Object.entries(profile.refusals ?? {}).map(([name, answer]) => [`${answer!.status} ${answer!.message}`, name]));
  return new Set(
    [...keys].map((key) => {
      const answer = /^refusal \S+ (\d{3} .*)$/.exec(key)?.[1];
      return answer !== undefined && classOf.has(answer) ? `refusal ${classOf.get(answer)} ${answer}` : key;
    }),
  );
}

/** Preflight --record --probe against staging, as a release engineer runs it. */
const recordWithPreflight = (copy: ProjectCopy, env: NodeJS.ProcessEnv) => copy.script('preflight', ['--target', 'staging', '--record', 'staging.har', '--probe', '--probe-interval-ms', '0'], env);

/**
 * The two recording commands preflight runs, without its checks of the repository itself
 * (lint, the generated files, the gate: the first provider's loop runs them): the contract
 * tests recording, then the probe appending to the same file.
 */
async function recordWithCommands(copy: ProjectCopy, env: NodeJS.ProcessEnv) {
  const contract = await copy.script('contract', ['--target', 'staging', '--record', 'staging.har'], env);
  const probe = await copy.script('probe', ['--target', 'staging', '--record', 'staging.har', '--interval-ms', '0'], env);
  return { contract, probe };
}

/** Records the sandbox playing the profile as staging with `record`, on a fresh copy of the project. */
async function recordStaging<Recorded>(fixture: string, contractRuns: 1 | 2, record: (copy: ProjectCopy, env: NodeJS.ProcessEnv) => Promise<Recorded>) {
  const profilePath = join(repoRoot, 'tests/fixtures/providers', fixture);
  const profile = JSON.parse(readFileSync(profilePath, 'utf8')) as ProviderProfile;
  const copy = copyProject();
  copies.push(copy);
  const staging = await startSandbox({ logger: false, rejectReplays: true, profile: profilePath, apiKeys: { [credentials.apiKey]: credentials.secret } });
  const env = { WALLET_API_STAGING_URL: staging.url, WALLET_API_KEY: credentials.apiKey, WALLET_API_SIGNING_SECRET: credentials.secret };
  try {
    const recorded = await record(copy, env);
    // A second contract run, as a team records a few: each unpublished answer needs two samples to be claimed.
    if (contractRuns === 2) {
      const second = await copy.script('contract', ['--target', 'staging', '--record', 'staging.har'], env);
      if (!second.output.includes('contract: recorded')) throw new Error(`the second contract run recorded nothing:\n${second.output}`);
    }
    const exchanges = readHarExchanges(join(copy.dir, 'staging.har'));
    return { profile, copy, env, staging, recorded, exchanges };
  } catch (error) {
    await staging.close();
    throw error;
  }
}

/**
 * Each provider's loop, at most. Its commands run in the background, at the lowest priority
 * (vitest.config.ts): they take the CPU time the other files leave, so a loop lasts about as
 * long as the whole run, not as long as its own work (about 25 s on an idle machine).
 */
const loopTimeoutMs = 600_000;

// The two providers' loops run side by side: each spends most of its time waiting on the commands it runs.
describe.concurrent('the learning loop against a provider double', () => {
  it('learns every unknown the provider fills, proposes it, and after review the spec holds the provider strictly', async () => {
    const { profile, copy, env, staging, recorded: preflight, exchanges } = await recordStaging('fills-unknowns.json', 2, recordWithPreflight);
    try {
      expect(preflight.output).toMatch(/PASS {2}probe \(staging\) .*probe: 38 requests sent \(at most 46, and those asked again after backing off\)/);
      expect(preflight.exitCode, preflight.output).toBe(0);

      // The report names every deviation of the profile the traffic exercised, and nothing else.
      const shown = exercised(exchanges);
      const expected = profileKeys(published, profile, shown);
      const found = reportKeys(exchanges, profile);
      expect([...expected].filter((key) => !found.has(key))).toEqual([]);
      // What the probe got let in is the sandbox's own rule, whatever the profile: it publishes no maximum amount and pages past the end to an empty page.
      const letIn = [...found].filter((key) => key.startsWith('accepted '));
      expect(letIn.sort()).toEqual(['accepted listTransactions pageBeyondEnd', 'accepted previewWithdrawal invalidInput:hugeAmount']);
      expect([...found].filter((key) => !expected.has(key) && !letIn.includes(key))).toEqual([]);
      expect(expected.size).toBeGreaterThan(20);

      const learn = await copy.script('learn', ['staging.har']);
      expect(learn.exitCode).toBe(0);
      const proposal = await copy.script('learn', ['staging.har', '--propose']);
      expect(proposal.exitCode, proposal.output).toBe(0);
      expect(proposal.output).toContain('openapi/components/schemas/Swap.yaml');
      expect(proposal.output).toContain('- previewWithdrawal lets in invalidInput:hugeAmount');
      // Everything learned is claimed: nothing falls under the threshold (shown whole when something does).
      const notProposed = proposal.output.indexOf('## Not proposed');
      expect(notProposed < 0 ? '' : proposal.output.slice(notProposed)).toBe('');

      // Regenerated from the edited source: lint clean, nothing stale.
      for (const script of ['bundle', 'generate']) expect((await runNpmScript(copy, script)).exitCode).toBe(0);
      // The checks that follow only read the copy (each writes in a temporary directory of its
      // own), so they run side by side, as CI jobs would.
      const [lint, generated, contract, gate, changelog] = await Promise.all([
        runNpmScript(copy, 'lint'),
        copy.script('check-generated', []),
        copy.script('contract', ['--target', 'staging', '--strict'], env),
        copy.script('diff', ['--base', 'HEAD']),
        copy.script('changelog', ['--base', 'HEAD']),
      ]);
      expect(lint.output).toMatch(/Your API description is valid/);
      expect(lint.output).not.toMatch(/\d+ warnings?/);
      expect(generated.output).toMatch(/check:generated: \d+ generated file\(s\) fresh/);

      // The double against the proposed spec read strictly; the gate calls the change additive.
      expect(contract.output).toMatch(/complete: \d+ passing, 0 failing, 0 errors/);
      expect(contract.exitCode, contract.output).toBe(0);
      expect(gate.output).toMatch(/diff: passed: against HEAD .*: no breaking change/);
      // A refusal of the operation's own input becomes its response; the authentication layer's go on the shared response, adding none.
      expect(changelog.output).toMatch(/`previewWithdrawal` \(POST \/api\/v1\/wallets\/preview-withdraw\) changed: .*response 422 added/);
      expect(changelog.output).not.toMatch(/`listWallets` \(GET \/api\/v1\/wallets\) changed: .*response 403 added/);
      expect(changelog.output).not.toContain('Breaking');

      // Nothing left to learn from the same traffic.
      const proposed = parseDocument(readFileSync(join(copy.dir, 'generated/openapi.yaml'), 'utf8'));
      const again = buildReport(proposed, exchanges);
      expect(again.contradictions).toEqual([]);
      expect([...again.markers.flatMap((m) => m.items), ...Object.values(again.unmarked).flat()]).toEqual([]);
    } finally {
      await staging.close();
    }
  }, loopTimeoutMs);

  it('fails on a provider that contradicts the interface, names each contradiction, and proposes nothing documented', async () => {
    const { profile, copy, staging, recorded, exchanges } = await recordStaging('contradicts.json', 1, recordWithCommands);
    await staging.close();
    // The contract run fails on the contradictions; the probe, run after it as preflight runs it
    // also after a failed check (tests/preflight), records on.
    const { contract, probe } = recorded;
    expect(contract.exitCode, contract.output).toBe(1);
    expect(contract.output).toMatch(/complete: \d+ passing, [1-9]\d* failing/);
    expect(probe.exitCode, probe.output).toBe(0);
    expect(probe.output).toMatch(/probe: \d+ requests sent/);

    const shown = exercised(exchanges);
    const found = reportKeys(exchanges, profile);
    const contradictions = [...profileKeys(published, profile, shown)].filter((key) => /^(missing-field|wrong-type|not-envelope|error-status-on-2xx) /.test(key));
    expect(contradictions.length).toBe(profile.contradictions!.length);
    expect(contradictions.filter((key) => !found.has(key))).toEqual([]);
    expect([...found].filter((key) => /^(missing-field|wrong-type|not-envelope|error-status-on-2xx|undocumented-status|other-violation) /.test(key) && !contradictions.includes(key))).toEqual([]);

    const learn = await copy.script('learn', ['staging.har']);
    expect(learn.exitCode).toBe(1);
    const before = readFileSync(join(copy.dir, 'generated/openapi.yaml'), 'utf8');
    const proposal = await copy.script('learn', ['staging.har', '--propose']);
    expect(proposal.exitCode).toBe(1);
    expect(proposal.output).toContain(`## ${contradictions.length} contradictions of the interface, not proposed`);
    expect((await runNpmScript(copy, 'bundle')).exitCode).toBe(0);
    // What the interface documents stands; the gate finds nothing breaking.
    const after = parseDocument(readFileSync(join(copy.dir, 'generated/openapi.yaml'), 'utf8'));
    const transaction = after.components.schemas!.Transaction as { required: string[]; properties: Record<string, { type?: unknown }> };
    expect(transaction.required).toContain('payoutStatus');
    expect(transaction.properties.amount!.type).toBe('number');
    expect(readFileSync(join(copy.dir, 'generated/openapi.yaml'), 'utf8')).not.toBe(before);
    expect((await copy.script('diff', ['--base', 'HEAD'])).output).toMatch(/diff: passed: .*no breaking change/);
  }, loopTimeoutMs);
});

/** An npm script of the copy, run as package.json says: Redocly's bundle and lint, or a tsx script. */
function runNpmScript(copy: ProjectCopy, name: string) {
  if (name === 'generate') return copy.script('generate', []);
  return copy.bin('redocly', name === 'bundle' ? ['bundle', 'main'] : ['lint', '--format=stylish']);
}
