// `npm run contract`: starts the local target (or resolves the remote one), runs Dredd with
// the contract hooks against it, then checks what Dredd cannot: that the hooks loaded and
// checked every response, and — on local targets — that every operation of the spec passed
// at least once and nothing was skipped. On success the last lines printed are Dredd's
// `complete:` lines.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startApiMock } from '../mock/index.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { listOperations } from '../../packages/sdk/src/spec/openapi.ts';
import { writeDreddDescription } from './description.ts';
import { runDredd, type DreddResult } from './dredd.ts';
import { negativeCasesPath } from './negative-cases.ts';
import type { TransactionVerdict } from './session.ts';
import { startLocalSandbox } from './sandbox-target.ts';
import { loadSignerModule } from './signer-from-env.ts';
import { envNames, hookEnvNames, resolveRemoteTarget, TargetRefused, type ContractOptions } from './targets.ts';
import { checkHarTarget, readHar } from '../../packages/sdk/src/traffic/har-file.ts';

export type ContractIo = { out: (text: string) => void; err: (text: string) => void; color: boolean };

type ResolvedTarget = {
  label: string;
  url: string;
  local: boolean;
  readOnly: boolean;
  /** Credentials for the hooks process. */
  env: NodeJS.ProcessEnv;
  secrets: string[];
  close: () => Promise<void>;
};

/** Placeholder credentials for Prism, which checks only that the headers are present. */
const mockCredentials = { apiKey: 'contract-mock-key', secret: 'contract-mock-secret' };

export async function runContract(options: ContractOptions, env: NodeJS.ProcessEnv, io: ContractIo): Promise<number> {
  // A file the hooks could not append to is refused before any target starts.
  if (options.record !== undefined) await checkRecordTarget(options.record);
  const target = await openTarget(options, env);
  const descriptionPath = writeDreddDescription();
  const reportPath = join(dirname(descriptionPath), 'records.json');
  try {
    io.out(`contract: ${target.label} at ${target.url}${target.readOnly ? ' (GET operations only)' : ''}\n`);
    if (options.strict) io.out('contract: answers checked against the strict reading (objects closed where the spec lists their fields)\n');
    const result = await runDredd({
      descriptionPath,
      extraDescriptionPaths: [negativeCasesPath],
      endpoint: target.url,
      methods: target.readOnly ? ['GET'] : [],
      env: {
        ...target.env,
        [hookEnvNames.reportPath]: reportPath,
        [hookEnvNames.readOnly]: target.readOnly ? '1' : '0',
        [hookEnvNames.recordPath]: options.record ?? '',
        [hookEnvNames.strict]: options.strict ? '1' : '0',
      },
      secrets: target.secrets,
      write: io.out,
      color: io.color,
    });
    const problems = checkRun(result, readRecords(reportPath), target.local);
    if (options.record !== undefined) io.out(`contract: recorded ${await countEntries(options.record)} exchanges in ${options.record}\n`);
    for (const problem of problems) io.err(`contract: ${problem}\n`);
    return problems.length === 0 ? 0 : 1;
  } finally {
    await target.close();
    rmSync(dirname(descriptionPath), { recursive: true, force: true });
  }
}

/** A target this run starts on loopback, signed with the default signer and its own credentials. */
function localTarget(label: string, url: string, credentials: { apiKey: string; secret: string }, close: () => Promise<void>): ResolvedTarget {
  return {
    label,
    url,
    local: true,
    readOnly: false,
    env: { [envNames.apiKey]: credentials.apiKey, [envNames.signingSecret]: credentials.secret, [envNames.signerModule]: '' },
    secrets: [credentials.apiKey, credentials.secret],
    close,
  };
}

async function openTarget(options: ContractOptions, env: NodeJS.ProcessEnv): Promise<ResolvedTarget> {
  switch (options.target) {
    case 'mock': {
      // What `npm run mock` serves: Prism behind the envelope proxy.
      const mock = await startApiMock();
      return localTarget('mock (Prism behind the envelope proxy)', mock.url, mockCredentials, mock.close);
    }
    case 'sandbox': {
      const sandbox = await startLocalSandbox(env.SANDBOX_DATABASE_URL || undefined);
      return localTarget(sandbox.label, sandbox.url, sandbox, sandbox.close);
    }
    case 'staging':
    case 'production': {
      const remote = resolveRemoteTarget(options.target, env, options.confirmProduction);
      // Refuses a missing file or a module without a Signer now, not as 17 failing transactions.
      if (remote.signing.kind === 'module') await loadSignerModule(remote.signing.modulePath);
      const signingEnv =
        remote.signing.kind === 'secret'
          ? { [envNames.signingSecret]: remote.signing.secret, [envNames.signerModule]: '' }
          : { [envNames.signerModule]: remote.signing.modulePath, [envNames.signingSecret]: '' };
      return {
        label: options.target,
        url: remote.baseUrl,
        local: false,
        readOnly: remote.readOnly,
        env: { [envNames.apiKey]: remote.apiKey, ...signingEnv },
        secrets: [remote.apiKey, ...(remote.signing.kind === 'secret' ? [remote.signing.secret] : [])],
        close: async () => undefined,
      };
    }
  }
}

async function checkRecordTarget(path: string): Promise<void> {
  try {
    await checkHarTarget(path);
  } catch (error) {
    throw new TargetRefused(`--record ${path}: ${(error as Error).message}`);
  }
}

async function countEntries(path: string): Promise<number> {
  return existsSync(path) ? (await readHar(path)).log.entries.length : 0;
}

function readRecords(path: string): TransactionVerdict[] | undefined {
  if (!existsSync(path)) return undefined;
  return JSON.parse(readFileSync(path, 'utf8')) as TransactionVerdict[];
}

/** Everything wrong with a finished run, in words; empty when it passed. */
export function checkRun(result: DreddResult, records: TransactionVerdict[] | undefined, local: boolean): string[] {
  const problems: string[] = [];
  if (result.timedOut) problems.push('Dredd did not finish in time and was stopped');
  if (result.hooksFailedToLoad) problems.push('Dredd could not load the hooks file (see its warning above)');
  if (!result.summary) problems.push(`Dredd printed no summary (exit code ${result.exitCode})`);
  else if (result.summary.failing > 0 || result.summary.errors > 0) {
    problems.push(`${result.summary.failing} failing, ${result.summary.errors} errors`);
  }
  if (result.exitCode !== 0 && problems.length === 0) problems.push(`Dredd exited with code ${result.exitCode}`);
  if (!records) {
    problems.push('the hooks wrote no records, so no response was checked against the spec');
    return problems;
  }
  const unchecked = records.filter((r) => r.outcome !== 'skip' && !r.schemaChecked);
  if (unchecked.length > 0) problems.push(`responses not checked against the spec: ${unchecked.map((r) => r.name).join('; ')}`);
  if (local) {
    const passed = new Set(records.filter((r) => r.outcome === 'pass' && !r.negative).map((r) => r.operationId));
    const missing = listOperations(loadBundledDocument())
      .map((o) => o.operation.operationId)
      .filter((id) => !passed.has(id));
    if (missing.length > 0) problems.push(`operations that did not pass at least once: ${missing.join(', ')}`);
    if (!records.some((r) => r.negative && r.outcome === 'pass')) problems.push('no deliberate negative case passed');
    const skipped = records.filter((r) => r.outcome === 'skip');
    if (skipped.length > 0) problems.push(`skipped on a local target: ${skipped.map((r) => r.name).join('; ')}`);
  }
  return problems;
}
