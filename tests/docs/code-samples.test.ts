// The docs' code samples: every operation has a TypeScript program and a `wallet-api`
// command under examples/operations/, the bundle carries exactly those files as
// x-codeSamples, and each one runs against the sandbox (in order where one needs what
// another created) and prints an answer the spec allows. `npm test`'s `tsc --noEmit`
// type-checks the programs (tsconfig.json includes examples/). One program and one command run
// as processes of their own, as a reader runs them (tsx resolving the package name, bash
// sourcing the file, the command line's bin); the others run in this process, the program
// imported and the command through the command line's main(), which is the same code without
// a Node start-up and a tsx load per sample (a third of a CPU second each, two dozen times).
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main as walletApi } from '../../packages/sdk/src/cli/main.ts';
import { startSandbox, type RunningSandbox } from '../../packages/sandbox/src/index.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import { listOperations } from '../../packages/sdk/src/spec/openapi.ts';
import { SpecValidator } from '../../packages/sandbox/src/spec/validator.ts';
import { runPool } from '../robustness/support/pool.ts';
import { repoRoot } from '../support/run.ts';

const run = promisify(execFile);
const samplesDir = join(repoRoot, 'examples', 'operations');
const operations = listOperations(loadBundledDocument()).map(({ method, path, operation }) => ({ method, path, id: operation.operationId, samples: operation['x-codeSamples'] as { lang: string; label: string; source: string }[] | undefined }));
const byId = new Map(operations.map((op) => [op.id, op]));
const validator = new SpecValidator();
const credentials = { apiKey: 'samples-key', secret: 'samples-signing-secret' };

let sandbox: RunningSandbox;
beforeAll(async () => {
  sandbox = await startSandbox({ apiKeys: { [credentials.apiKey]: credentials.secret }, validateResponses: true });
});
afterAll(() => sandbox?.close());

const sampleEnv = () => ({
  PATH: process.env.PATH!,
  WALLET_API_ENVIRONMENT: 'custom',
  WALLET_API_BASE_URL: sandbox.url,
  WALLET_API_KEY: credentials.apiKey,
  WALLET_API_SIGNING_SECRET: credentials.secret,
  CUSTOMER_AUTHORIZATION: 'customer-authorization-value',
});

/** Samples run as a process of their own; the others run in this process. */
const asProcess = { typeScript: 'listTransactions', shell: 'createWallet' };

/** Imports examples/operations/<id>.ts afresh with its arguments and environment, as its own run would see them; what it printed on stdout. */
let imports = 0;
async function importProgram(id: string, args: string[]): Promise<string> {
  const saved = { argv: process.argv, env: process.env, log: console.log, error: console.error };
  let stdout = '';
  process.argv = [process.execPath, join(samplesDir, `${id}.ts`), ...args];
  process.env = { ...sampleEnv() };
  console.log = (...values: unknown[]) => void (stdout += `${values.join(' ')}\n`);
  console.error = () => {};
  try {
    // A query of its own: each run evaluates the program again instead of reusing the module.
    await import(/* @vite-ignore */ `${join(samplesDir, `${id}.ts`)}?run=${(imports += 1)}`);
  } finally {
    Object.assign(process, { argv: saved.argv, env: saved.env });
    Object.assign(console, { log: saved.log, error: saved.error });
  }
  return stdout;
}

/** Runs examples/operations/<id>.ts with its arguments; its stdout is the JSON it printed. */
async function runTypeScript(id: string, args: string[] = []): Promise<unknown> {
  const stdout =
    id === asProcess.typeScript
      ? (await run(process.execPath, ['--import', 'tsx', join(samplesDir, `${id}.ts`), ...args], { cwd: repoRoot, env: sampleEnv(), timeout: 30_000 })).stdout
      : await importProgram(id, args);
  const printed = JSON.parse(stdout) as unknown;
  const op = byId.get(id)!;
  // The answer's data as the spec allows it (listTransactions adds the count it walked).
  const data = id === 'listTransactions' ? Object.fromEntries(Object.entries(printed as object).filter(([key]) => key !== 'walked')) : printed;
  expect(validator.validateResponse(op.method, op.path, 200, { status: 'success', message: 'printed by the sample', data }), id).toEqual({ valid: true });
  return printed;
}

/** Runs examples/operations/<id>.sh with `npx wallet-api` meaning this repository's command line, aimed at the sandbox. */
async function runShell(id: string, env: Record<string, string> = {}): Promise<unknown> {
  const sampleFile = JSON.stringify(join(samplesDir, `${id}.sh`));
  if (id === asProcess.shell) {
    const cli = `node --import tsx ${JSON.stringify(join(repoRoot, 'packages/sdk/src/cli/bin.ts'))}`;
    const script = `npx() { [ "$1" = wallet-api ] || return 127; shift; ${cli} "$@" --base-url "$WALLET_API_BASE_URL" --only-data; }\nsource ${sampleFile}`;
    const { stdout } = await run('bash', ['-c', script], { cwd: repoRoot, env: { ...sampleEnv(), ...env }, timeout: 30_000 });
    return JSON.parse(stdout) as unknown;
  }
  // bash still reads the file (quoting, variables), and hands over the arguments `npx wallet-api` gets, NUL-separated.
  const script = `npx() { [ "$1" = wallet-api ] || return 127; shift; printf '%s\\0' "$@"; }\nsource ${sampleFile}`;
  const { stdout: argv } = await run('bash', ['-c', script], { cwd: repoRoot, env: { ...sampleEnv(), ...env }, timeout: 30_000 });
  let stdout = '';
  let stderr = '';
  const code = await walletApi([...argv.split('\0').slice(0, -1), '--base-url', sandbox.url, '--only-data'], {
    stdout: (text) => void (stdout += text),
    stderr: (text) => void (stderr += text),
    env: { ...sampleEnv(), ...env },
    cwd: repoRoot,
  });
  expect(code, `${id}.sh: ${stderr}`).toBe(0);
  return JSON.parse(stdout) as unknown;
}

describe('code samples', () => {
  it('exist for every operation, in TypeScript, in Python, in Go, in PHP, in Java and as a wallet-api command, and name no other operation', () => {
    const files = readdirSync(samplesDir).sort();
    // The Python programs are type-checked and run by the Python client's suite (clients/python/tests/test_samples.py);
    // the Go ones are links to clients/go/examples/operations/<operationId>/main.go, compiled and run by the Go client's tests;
    // the PHP ones are run by the PHP client's suite (clients/php/tests/ConsumerAndSamplesTest.php);
    // the Java ones are compiled with warnings as errors and run by the Java client's suite (clients/java/src/test/java/walletapi/SamplesTest.java).
    const expected = operations.flatMap((op) => [`${op.id}.go`, `${op.id}.java`, `${op.id}.php`, `${op.id}.py`, `${op.id}.sh`, `${op.id}.ts`]).sort();
    expect(files).toEqual(expected);
    // Each file calls the operation it is named after: its command, and its method of the typed client.
    for (const op of operations) {
      const shell = readFileSync(join(samplesDir, `${op.id}.sh`), 'utf8');
      expect(shell.split('\n').filter((line) => line.startsWith('npx wallet-api')), op.id).toEqual([expect.stringMatching(new RegExp(`^npx wallet-api ${op.id}( |$)`))]);
      const program = readFileSync(join(samplesDir, `${op.id}.ts`), 'utf8');
      expect(program, op.id).toContain("from '@wallet-api/sdk'");
      expect(program, op.id).toMatch(/\bcreateClient\(/);
      // The operation's own method (or its walk), named after the operationId.
      expect(program, op.id).toMatch(new RegExp(`\\bclient\\.${op.id}(\\.paginate)?\\(`));
      const java = readFileSync(join(samplesDir, `${op.id}.java`), 'utf8');
      expect(java, op.id).toContain('WalletApiClient.fromEnv()');
      expect(java, op.id).toMatch(new RegExp(`\\bclient\\.${op.id}\\(`));
    }
  });

  it('are in the bundle as x-codeSamples, exactly as the files are', () => {
    for (const op of operations) {
      expect(op.samples, op.id).toEqual([
        { lang: 'TypeScript', label: 'TypeScript', source: readFileSync(join(samplesDir, `${op.id}.ts`), 'utf8') },
        { lang: 'Python', label: 'Python', source: readFileSync(join(samplesDir, `${op.id}.py`), 'utf8') },
        { lang: 'Go', label: 'Go', source: readFileSync(join(repoRoot, 'clients', 'go', 'examples', 'operations', op.id, 'main.go'), 'utf8') },
        { lang: 'PHP', label: 'PHP', source: readFileSync(join(samplesDir, `${op.id}.php`), 'utf8') },
        { lang: 'Java', label: 'Java', source: readFileSync(join(samplesDir, `${op.id}.java`), 'utf8') },
        { lang: 'Shell', label: 'wallet-api', source: readFileSync(join(samplesDir, `${op.id}.sh`), 'utf8') },
      ]);
    }
  });

  it('run against the sandbox: the TypeScript programs, each printing an answer the spec allows', async () => {
    const independent: [string, string[]][] = [
      ['listMarkets', []],
      ['getRates', []],
      ['getSwapMarket', []],
      ['listWallets', []],
      ['createWallet', ['usdt', 'Treasury usdt wallet']],
      ['listCoinNetworks', ['usdt']],
      ['getDepositAddress', ['usdt']],
      ['getMinimumWithdrawalAmount', ['usdt']],
      ['previewLocalPayout', ['50000', '0123456789', '058']],
      ['getSwapQuote', ['usdt', 'ngn', '100']],
    ];
    // One at a time: an imported program reads this process's argv, environment and console.
    for (const [id, args] of independent) await runTypeScript(id, args);
    // What the later samples need: a pending swap each for confirm and cancel, and a preview's transaction.
    const toConfirm = (await runTypeScript('createSwap', ['usdt', 'ngn', '100'])) as { id: string };
    const toCancel = (await runTypeScript('createSwap', ['usdt', 'ngn', '50'])) as { id: string };
    const preview = (await runTypeScript('previewWithdrawal', ['usdt', '25', '0x8ba1f109551bD432803012645Ac136ddd64DBA72'])) as { transactionId: string };
    const confirmed = await runTypeScript('confirmSwap', [toConfirm.id]);
    const cancelled = await runTypeScript('cancelSwap', [toCancel.id]);
    const transaction = await runTypeScript('getTransaction', [preview.transactionId]);
    const history = await runTypeScript('listTransactions');
    expect(confirmed).toEqual({ id: toConfirm.id, status: 'confirmed' });
    expect(cancelled).toEqual({ id: toCancel.id, status: 'cancelled' });
    expect(transaction).toMatchObject({ _id: preview.transactionId, status: 'pending' });
    expect((history as { total: number; walked: number }).walked).toBe((history as { total: number }).total);
  }, 120_000);

  it('run against the sandbox: the wallet-api commands', async () => {
    const independent = operations.map((op) => op.id).filter((id) => !['confirmSwap', 'cancelSwap', 'getTransaction'].includes(id));
    const answers = new Map<string, unknown>();
    await runPool(independent, 4, async (id) => void answers.set(id, await runShell(id)));
    const { id: swapToConfirm } = answers.get('createSwap') as { id: string };
    const { id: swapToCancel } = (await runShell('createSwap')) as { id: string };
    const { transactionId } = answers.get('previewWithdrawal') as { transactionId: string };
    expect(await runShell('confirmSwap', { SWAP_ID: swapToConfirm })).toEqual({ id: swapToConfirm, status: 'confirmed' });
    expect(await runShell('cancelSwap', { SWAP_ID: swapToCancel })).toEqual({ id: swapToCancel, status: 'cancelled' });
    expect(await runShell('getTransaction', { TRANSACTION_ID: transactionId })).toMatchObject({ _id: transactionId });
  }, 120_000);
});
