// The `wallet-api` bin as an integrator gets it: the SDK packed with `npm run pack`, installed
// alone into an empty project (no sandbox package, no dev dependencies; both shared with the
// packages test, tests/support/packed.ts), and run against the sandbox, loopback servers that
// misbehave, and an HTTPS loopback server posing as production: mostly the installed package's
// own main() in this process, and as a process where the process is the point (walletProcess).
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { hmacSha256 } from '../../packages/sdk/src/signing/index.ts';
import { defaultSandboxPort, defaultSandboxUrl as sandboxUrl, demoCredentials as sandboxDemo, startSandbox, type RunningSandbox } from '../../packages/sandbox/src/index.ts';
import { demoCredentials as cliDemo, defaultSandboxUrl } from '../../packages/sdk/src/cli/target.ts';
import { answerJson, startCaptureServer, type CaptureServer } from '../support/capture-server.ts';
import { sdkInstalledAlone } from '../support/packed.ts';
import { repoRoot } from '../support/run.ts';

type Explained = { description: string; note: string | undefined };
type ExpectedParameter = Explained & { name: string; in: string; type: string; required: boolean };
type ExpectedField = Explained & { name: string; type: string; required: boolean };
type ExpectedOperation = {
  operationId: string;
  requestLine: string;
  summary: string;
  unpublished: string | undefined;
  parameters: ExpectedParameter[];
  body: { required: boolean; unpublished: string | undefined; closed: boolean; fields: ExpectedField[] } | undefined;
};

/**
 * What `list` and `--help` must show, read straight from the YAML bundle by a walk of its
 * own, not by the loader the command line prints from: a parameter, body field, required
 * mark or not-published note that loader dropped would be missing from both sides otherwise.
 */
function operationsOfTheYamlBundle(): ExpectedOperation[] {
  type Node = Record<string, any>;
  const spec = parse(readFileSync(join(repoRoot, 'generated', 'openapi.yaml'), 'utf8')) as Node;
  // Every reference of the bundle is "#/components/<kind>/<name>" with a plain name, so
  // splitting on "/" is the whole of resolving it; anything else stops the test.
  const follow = (node: Node): Node => {
    if (typeof node?.$ref !== 'string') return node;
    if (!/^#\/components\/\w+\/[\w.-]+$/.test(node.$ref)) throw new Error(`a reference this walk does not read: ${node.$ref}`);
    const [, kind, name] = (node.$ref as string).slice(2).split('/');
    return follow(spec.components[kind!][name!]);
  };
  const typeOf = (schema: Node) => (Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type));
  const operations: ExpectedOperation[] = [];
  for (const [path, item] of Object.entries(spec.paths as Node)) {
    for (const method of ['get', 'post']) {
      const op = item[method] as Node | undefined;
      if (!op) continue;
      const parameters = [...(item.parameters ?? []), ...(op.parameters ?? [])].map(follow).map((p: Node) => {
        const schema = follow(p.schema);
        return { name: p.name, in: p.in, type: typeOf(schema), required: p.required === true, description: p.description ?? '', note: p['x-undocumented'] ?? schema['x-undocumented'] };
      });
      const requestBody = op.requestBody ? follow(op.requestBody) : undefined;
      const schema = requestBody ? follow(requestBody.content['application/json'].schema) : undefined;
      const fields = Object.entries((schema?.properties ?? {}) as Node).map(([name, raw]) => {
        const field = follow(raw);
        return { name, type: typeOf(field), required: (schema!.required ?? []).includes(name), description: field.description ?? '', note: field['x-undocumented'] };
      });
      operations.push({
        operationId: op.operationId,
        requestLine: `${method.toUpperCase()} ${path}`,
        summary: op.summary,
        unpublished: op['x-undocumented'],
        parameters,
        body: schema ? { required: requestBody!.required === true, unpublished: schema['x-undocumented'], closed: schema.additionalProperties === false, fields } : undefined,
      });
    }
  }
  return operations;
}

const specOperations = operationsOfTheYamlBundle();
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The one help line that starts with `start`, then the indented lines that explain it. */
function block(lines: string[], start: string): string[] {
  const found = lines.flatMap((line, index) => (line.startsWith(start) ? [index] : []));
  expect(found, start).toHaveLength(1);
  const rest = lines.slice(found[0]! + 1);
  const end = rest.findIndex((line) => !line.startsWith('      '));
  return [lines[found[0]!]!, ...rest.slice(0, end === -1 ? rest.length : end)];
}

/** The explanation holds the spec's description and its not-published note, and says nothing when the spec says neither. */
function expectExplained(explanation: string[], item: Explained, where: string): void {
  const text = explanation.map((line) => line.trim()).join(' ');
  if (item.description) expect(text, where).toContain(oneLine(item.description));
  if (item.note) expect(text, where).toContain(`Not published: ${item.note}`);
  if (!item.description && !item.note) expect(explanation, where).toEqual([]);
}

const apiKey = 'cli-test-key';
const secret = 'cli-test-signing-secret';
let work: string;
let bin: string;
let main: Main;
let sandbox: RunningSandbox;
let capture: CaptureServer;

type Run = { code: number; stdout: string; stderr: string };
/** The command line's main() (packages/sdk/src/cli/main.ts), as the packed dist/sdk/src/cli/main.js exports it. */
type Main = (argv: string[], io: { stdout: (text: string) => void; stderr: (text: string) => void; env: NodeJS.ProcessEnv; cwd: string }) => Promise<number>;

/**
 * Runs the packed command line in this process: the main() that the installed bin calls with
 * its arguments, output streams, environment and folder, here with only the given environment
 * (plus PATH), never the test runner's. A Node process per run cost about 0.1 CPU s each, 60
 * runs most of this file's time; what only a process shows is checked by walletProcess.
 */
async function wallet(args: string[], env: Record<string, string> = {}): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const code = await main(args, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text), env: { PATH: process.env.PATH!, ...env }, cwd: work });
  return { code, stdout, stderr };
}

/**
 * Runs the installed bin as a process with only the given environment (plus PATH), never the
 * test runner's. Kept for what only a process shows: that npm linked the bin and its shebang
 * starts Node, that the exit code reaches the shell, that stdout and stderr are separate
 * streams, that nothing of the runner's environment reaches the command, that the process
 * ends by itself when a server holds its connection open, and that the HTTPS of production is
 * trusted through NODE_EXTRA_CA_CERTS, which Node reads only when it starts.
 */
function walletProcess(args: string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    execFile(bin, args, { cwd: work, env: { PATH: process.env.PATH!, ...env }, timeout: 20_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: unknown }).code ?? -1) : 0, stdout, stderr });
    });
  });
}

/** The bin as a process, and main() in this process, which must give the same; the process's result. */
async function both(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const asProcess = await walletProcess(args, env);
  expect(await wallet(args, env), `${args.join(' ')} in this process`).toEqual(asProcess);
  return asProcess;
}

const credentials = { WALLET_API_KEY: apiKey, WALLET_API_SIGNING_SECRET: secret };
const onSandbox = (args: string[], extra: string[] = ['--only-data'], run = wallet) => run([...args, '--base-url', sandbox.url, ...extra], credentials);

beforeAll(async () => {
  // The runs write their files (bodies, a signer, the certificate) here, never into the shared install.
  work = mkdtempSync(join(tmpdir(), 'wallet-api-cli-'));
  const project = await sdkInstalledAlone();
  bin = join(project, 'node_modules', '.bin', 'wallet-api');
  // The main() beside the file the bin links to: the packed code, loaded by Node itself (vitest
  // leaves files under node_modules to Node), not the sources.
  main = ((await import(/* @vite-ignore */ pathToFileURL(join(dirname(realpathSync(bin)), 'main.js')).href)) as { main: Main }).main;
  sandbox = await startSandbox({ validateResponses: true, port: 0, apiKeys: { [apiKey]: secret }, logger: false });
  capture = await startCaptureServer();
}, 180_000);

afterAll(async () => {
  await sandbox?.close();
  await capture?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('wallet-api from the packed SDK', () => {
  it('lists the 16 operations of the bundled spec with method, path and summary', async () => {
    const { code, stdout } = await both(['list']);
    expect(code).toBe(0);
    const lines = stdout.trim().split('\n');
    expect(specOperations).toHaveLength(16);
    expect(lines).toContainEqual(expect.stringMatching(/^listMarkets\s+GET \/api\/v1\/wallets\/markets\s+List markets$/));
    expect(lines).toContainEqual(expect.stringMatching(/^confirmSwap\s+POST \/api\/v1\/swaps\/\{id\}\/confirm\s+Confirm a swap$/));
    expect(lines.map((line) => line.split(/\s{2,}/))).toEqual(specOperations.map((op) => [op.operationId, op.requestLine, op.summary]));
  });

  it("prints, for every operation, each parameter and body field with its required mark, the spec's description and its not-published note", async () => {
    for (const op of specOperations) {
      const { code, stdout, stderr } = await wallet([op.operationId, '--help']);
      expect({ code, stderr }, op.operationId).toEqual({ code: 0, stderr: '' });
      const lines = stdout.split('\n');
      expect(lines.slice(0, 2), op.operationId).toEqual([`${op.operationId}: ${op.summary}`, op.requestLine]);
      expect(lines[2] === `Not published: ${op.unpublished}`, `${op.operationId} note`).toBe(op.unpublished !== undefined);
      // Every flag line, and no other: a parameter the command line drops or invents fails here.
      const flags = lines.filter((line) => line.startsWith('  --'));
      expect(flags.map((line) => line.replace(/=<.*$/, '')), op.operationId).toEqual(op.parameters.map((p) => `  --${p.in} ${p.name}`));
      for (const p of op.parameters) {
        const where = `${op.operationId} --${p.in} ${p.name}`;
        const [line, ...explanation] = block(lines, `  --${p.in} ${p.name}=<`);
        expect(line, where).toMatch(new RegExp(`=<${escape(p.type)}(?: .*)?> \\(${p.required ? 'required' : 'optional'}\\)$`));
        expectExplained(explanation, p, where);
      }
      if (!op.body) {
        expect(stdout, op.operationId).not.toContain('Body (');
        continue;
      }
      expect(stdout, op.operationId).toContain(`Body (--body JSON or --body @file.json, ${op.body.required ? 'required' : 'optional'})`);
      if (op.body.unpublished) expect(stdout, op.operationId).toContain(`\n  Not published: ${op.body.unpublished}\n`);
      expect(stdout.includes('\n  No other fields are accepted.\n'), `${op.operationId} closed body`).toBe(op.body.closed);
      const fieldLines = lines.slice(lines.findIndex((line) => line.startsWith('Body ('))).filter((line) => /^ {2}\w+: /.test(line));
      expect(fieldLines.map((line) => line.split(':')[0]), op.operationId).toEqual(op.body.fields.map((f) => `  ${f.name}`));
      for (const field of op.body.fields) {
        const where = `${op.operationId} body ${field.name}`;
        const [line, ...explanation] = block(lines, `  ${field.name}: `);
        expect(line, where).toMatch(new RegExp(`^  ${field.name}: ${escape(field.type)}(?: .*)? \\(${field.required ? 'required' : 'optional'}\\)$`));
        expectExplained(explanation, field, where);
      }
    }
  });

  it('explains an operation: parameters and body fields with types, required marks, descriptions and what is not published', async () => {
    const usage = await wallet(['--help']);
    expect(usage.stdout).toMatch(/^ {2}--only-data +print only the envelope's data/m);
    expect(usage.stdout).not.toMatch(/^ +--data\b/m);
    const quote = await wallet(['getSwapQuote', '--help']);
    expect(quote.code).toBe(0);
    expect(quote.stdout).toContain('--query amount=<number > 0> (optional)');
    const transactions = await wallet(['listTransactions', '--help']);
    expect(transactions.stdout).toContain('--query limit=<integer ≥ 1> (optional)');
    expect(transactions.stdout).toContain('Not published: The default and maximum values of limit are not published by the provider.');
    const swap = await wallet(['createSwap', '--help']);
    expect(swap.stdout).toMatch(/Body \(--body JSON or --body @file\.json, required\)/);
    expect(swap.stdout).toContain('  password: string (required)');
    expect(swap.stdout).toContain('  No other fields are accepted.');
    const withdrawal = await wallet(['previewWithdrawal', '--help']);
    expect(withdrawal.stdout).toContain('Not published: The endpoint that confirms a previewed crypto withdrawal is not published by the provider.');
  });

  it('calls every operation once against the sandbox, signed, and prints the envelope', async () => {
    const called = new Set<string>();
    const ok = async (operationId: string, args: string[] = [], extra?: string[], run?: typeof walletProcess) => {
      const result = await onSandbox([operationId, ...args], extra, run);
      expect(result, `${operationId}: ${result.stderr}`).toMatchObject({ code: 0, stderr: '' });
      called.add(operationId);
      return JSON.parse(result.stdout) as any;
    };
    // One signed call over HTTP from a process of its own; the others in this process.
    const envelope = await ok('listMarkets', [], [], walletProcess);
    expect(envelope).toMatchObject({ status: 'success', data: { usdtngn: expect.any(Object) } });
    expect(await ok('getRates')).toEqual(expect.any(Object));
    expect(await ok('listCoinNetworks', ['--path', 'coin=usdt'])).toContainEqual(expect.objectContaining({ reference: 'ethereum' }));
    expect(await ok('getDepositAddress', ['--query', 'coin=usdt', '--query', 'chain=ethereum'])).toMatchObject({ coin: 'usdt', chain: 'ethereum' });
    expect(await ok('getMinimumWithdrawalAmount', ['--query', 'coin=usdt'])).toEqual({ minimumAmount: expect.any(Number) });
    expect(await ok('getSwapMarket')).toEqual(expect.any(Object));
    const wallet = await ok('createWallet', ['--body', '{"token":"usdt","name":"Treasury"}']);
    expect(wallet).toMatchObject({ token: 'usdt', _id: expect.any(String) });
    expect(await ok('listWallets')).toContainEqual(expect.objectContaining({ _id: wallet._id }));
    const quote = await ok('getSwapQuote', ['--query', 'from=usdt', '--query', 'to=ngn', '--query', 'amount=100']);
    expect(Number(quote.originalToAmount)).toBeGreaterThan(0);
    const swap = await ok('createSwap', ['--body', JSON.stringify({ from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' })]);
    expect(await ok('confirmSwap', ['--path', `id=${swap.id}`])).toEqual({ id: swap.id, status: 'confirmed' });
    // A body from a file, as `--body @file.json`.
    writeFileSync(join(work, 'swap.json'), JSON.stringify({ from: 'usdt', to: 'ngn', amount: 5, password: 'customer-authorization-value' }));
    const second = await ok('createSwap', ['--body', '@swap.json']);
    expect(await ok('cancelSwap', ['--path', `id=${second.id}`])).toEqual({ id: second.id, status: 'cancelled' });
    const withdrawal = await ok('previewWithdrawal', ['--body', JSON.stringify({ chain: 'ethereum', amount: 25, coin: 'usdt', receiverAddress: '0x8ba1f109551bD432803012645Ac136ddd64DBA72' })]);
    const payout = await ok('previewLocalPayout', ['--body', JSON.stringify({ amount: 50000, coin: 'ngn', accountNumber: '0123456789', bankCode: '058' })]);
    const page = await ok('listTransactions', ['--query', 'limit=5', '--query', 'page=1']);
    expect(page.data.map((t: { _id: string }) => t._id).sort()).toEqual([withdrawal.transactionId, payout.transactionId].sort());
    expect(await ok('getTransaction', ['--path', `id=${payout.transactionId}`])).toMatchObject({ _id: payout.transactionId });
    expect(called.size).toBe(16);
  });

  it('exits 1 with the error envelope on stdout for any error answer, including a 200 whose status is "error"', async () => {
    const missing = await onSandbox(['confirmSwap', '--path', 'id=no-such-swap'], [], both);
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toEqual({ status: 'error', message: 'No swap "no-such-swap"', data: null });
    expect(missing.stderr).toBe('wallet-api: POST /api/v1/swaps/{id}/confirm failed with HTTP 404: No swap "no-such-swap"\n');
    const wrongSecret = await wallet(['listWallets', '--base-url', sandbox.url], { ...credentials, WALLET_API_SIGNING_SECRET: 'not-the-secret' });
    expect(wrongSecret.code).toBe(1);
    expect(JSON.parse(wrongSecret.stdout)).toMatchObject({ status: 'error', data: null });
    capture.handle((_req, res) => answerJson(res, 200, { status: 'error', message: 'Refused', data: null }));
    const refused = await wallet(['listWallets', '--base-url', capture.url, '--only-data'], credentials);
    expect(refused).toEqual({ code: 1, stdout: '', stderr: 'wallet-api: GET /api/v1/wallets failed with HTTP 200: Refused\n' });
  });

  it('exits 3 when there is no answer, no answer in time, or an answer that is not an envelope', async () => {
    const closed = await startCaptureServer();
    const closedUrl = closed.url;
    await closed.close();
    const network = await wallet(['listWallets', '--base-url', closedUrl], credentials);
    expect(network.code).toBe(3);
    expect(network.stderr).toMatch(/^wallet-api: GET \/api\/v1\/wallets failed before an answer arrived/);

    capture.handle(() => undefined);
    // A process: it must end by itself while the server holds the connection open.
    const timeout = await both(['listWallets', '--base-url', capture.url, '--timeout', '300'], credentials);
    expect(timeout).toEqual({ code: 3, stdout: '', stderr: 'wallet-api: GET /api/v1/wallets timed out after 300 ms\n' });

    capture.handle((_req, res) => {
      res.writeHead(502, { 'content-type': 'text/html' });
      res.end('<html>bad gateway</html>');
    });
    const html = await wallet(['listWallets', '--base-url', capture.url], credentials);
    expect(html).toEqual({ code: 3, stdout: '', stderr: 'wallet-api: GET /api/v1/wallets answered HTTP 502 with a body that is not JSON\n' });
    capture.handle((_req, res) => answerJson(res, 200, { ok: true }));
    const shape = await wallet(['listWallets', '--base-url', capture.url], credentials);
    expect(shape.code).toBe(3);
    expect(shape.stderr).toContain('with JSON that is not the {status, message, data} envelope');
  });

  it('refuses bad input with exit 2, naming the problem, and sends nothing', async () => {
    const before = capture.requests.length;
    const target = ['--base-url', capture.url];
    const refusals: [string[], string][] = [
      [['listWalets'], 'unknown operation "listWalets"'],
      [['listwallets'], 'did you mean listWallets?'],
      [[], 'name an operation'],
      [['listWallets', '--nope'], 'unknown argument "--nope"'],
      // curl's and gh's --data is the body; here it is --body, and --data is refused with both names.
      [['createSwap', '--data', '{"from":"usdt"}'], `unknown argument "--data": --body '{…}' or --body @file.json sends a request body; --only-data prints only the envelope's data`],
      [['createSwap', '--data={"from":"usdt"}'], 'unknown argument "--data": --body'],
      [['createSwap', '-d', '{"from":"usdt"}'], 'unknown argument "-d": --body'],
      [['listWallets', 'extra'], 'unexpected argument "extra"'],
      [['getSwapQuote', '--query', 'amount=abc'], '--query amount is not a number: "abc"'],
      [['getSwapQuote', '--query', 'amount=0'], '--query amount must be greater than 0'],
      [['getSwapQuote', '--query', 'amount'], '--query takes name=value, not "amount"'],
      [['getSwapQuote', '--query', 'limit=5'], 'getSwapQuote has no query parameter "limit" (its query parameters: from, to, amount)'],
      [['listTransactions', '--query', 'limit=2.5'], '--query limit must be an integer, not 2.5'],
      [['listTransactions', '--query', 'page=0'], '--query page must be at least 1'],
      [['listTransactions', '--query', 'page=1', '--query', 'page=2'], '--query page is given twice'],
      [['getMinimumWithdrawalAmount'], '--query coin=… is required by getMinimumWithdrawalAmount'],
      [['confirmSwap'], '--path id=… is required by confirmSwap'],
      [['createSwap'], 'createSwap needs a body'],
      [['createSwap', '--body', '{"from":'], '--body is not valid JSON'],
      [['createSwap', '--body', '@missing.json'], '--body @missing.json cannot be read (ENOENT)'],
      [['createSwap', '--body', '{"from":"usdt","to":"ngn","amount":-1}'], '--body: amount must be greater than 0'],
      [['createSwap', '--body', '{"from":"usdt","to":"ngn","amount":1}'], '--body: password is required'],
      [['createSwap', '--body', '{"from":"usdt","to":"ngn","amount":"1","password":"p"}'], '--body: amount must be a number, not a string'],
      [['createWallet', '--body', `{"token":"usdt","name":"${'x'.repeat(81)}"}`], '--body: name must have at most 80 characters'],
      [['createWallet', '--body', '{"token":"usdt","colour":"red"}'], '--body: colour is not a field of this body'],
      [['listWallets', '--body', '{}'], 'listWallets takes no body'],
      [['listWallets', '--timeout', 'soon'], '--timeout must be a positive whole number of milliseconds'],
    ];
    for (const [args, message] of refusals) {
      const result = await wallet([...args, ...target], credentials);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stdout, args.join(' ')).toBe('');
      expect(result.stderr, args.join(' ')).toContain(message);
    }
    expect(capture.requests.length).toBe(before);
  });

  it('refuses a target without its configuration with exit 2, and never sends the demo credentials anywhere but the default sandbox', async () => {
    const before = capture.requests.length;
    // A process given no credentials: none of the runner's environment reaches it.
    const staging = await both(['listWallets', '--env', 'staging']);
    expect(staging).toMatchObject({ code: 2, stdout: '' });
    expect(staging.stderr).toBe('wallet-api: missing WALLET_API_BASE_URL; WALLET_API_KEY; WALLET_API_SIGNING_SECRET or WALLET_API_SIGNER_MODULE for staging\n');
    const keyOnly = await wallet(['listWallets', '--env', 'production'], { WALLET_API_BASE_URL: capture.url, WALLET_API_KEY: apiKey });
    expect(keyOnly.stderr).toBe('wallet-api: missing WALLET_API_SIGNING_SECRET or WALLET_API_SIGNER_MODULE for production\n');
    expect((await wallet(['listWallets', '--env', 'dev'])).stderr).toContain('--env must be staging or production, not "dev"');
    expect((await wallet(['listWallets', '--env', 'staging', '--base-url', capture.url])).stderr).toContain('give either --env or --base-url, not both');
    expect((await wallet(['listWallets'], { WALLET_API_BASE_URL: capture.url, ...credentials })).stderr).toContain('WALLET_API_BASE_URL is set but --env is not');
    // Another address with no credentials: refused, not called with the demo credentials.
    const elsewhere = await wallet(['listWallets', '--base-url', capture.url]);
    expect(elsewhere.code).toBe(2);
    expect(elsewhere.stderr).toContain('the demo credentials are used only for http://127.0.0.1:4020 with no target given');
    // Staging must be https (the client's rule for named environments).
    const plain = await wallet(['listWallets', '--env', 'staging'], { WALLET_API_BASE_URL: capture.url, ...credentials });
    expect(plain).toMatchObject({ code: 2 });
    expect(plain.stderr).toContain('baseUrl of the staging environment must use https:');
    // A signer module that does not exist is refused by the loader shared with the contract runs.
    const module = await wallet(['listWallets', '--base-url', capture.url], { WALLET_API_KEY: apiKey, WALLET_API_SIGNER_MODULE: 'no-such-signer.mjs' });
    expect(module.code).toBe(2);
    expect(module.stderr).toContain('WALLET_API_SIGNER_MODULE names no file');
    expect(capture.requests.length).toBe(before);
  });

  it('signs with a signer module named by WALLET_API_SIGNER_MODULE', async () => {
    writeFileSync(join(work, 'signer.mjs'), `import { createHmac } from 'node:crypto';
export default (input) => createHmac('sha256', ${JSON.stringify(secret)}).update([input.timestamp, input.method, input.pathWithQuery, input.body].join('\\n')).digest('hex');
`);
    const result = await wallet(['listMarkets', '--base-url', sandbox.url, '--only-data'], { WALLET_API_KEY: apiKey, WALLET_API_SIGNER_MODULE: 'signer.mjs' });
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(result.stdout)).toHaveProperty('usdtngn');
  });

  it('--verbose adds the request line, the status and the time, with the key and signature redacted', async () => {
    const result = await onSandbox(['getSwapQuote', '--query', 'from=usdt', '--query', 'to=ngn', '--query', 'amount=100', '--verbose']);
    expect(result.code).toBe(0);
    const lines = result.stderr.trim().split('\n');
    expect(lines[0]).toBe(`> GET ${sandbox.url}/api/v1/swaps/quotes?from=usdt&to=ngn&amount=100`);
    expect(lines).toContain('> x-api-key: [redacted]');
    expect(lines).toContain('> x-signature: [redacted]');
    expect(lines).toContainEqual(expect.stringMatching(/^> x-timestamp: \d{4}-\d\d-\d\dT/));
    expect(lines.at(-1)).toMatch(/^< HTTP 200 in \d+ ms$/);
    expect(result.stderr).not.toContain(apiKey);
  });

  it('uses the sandbox demo credentials at the default address only, and says so on stderr', async () => {
    expect(cliDemo).toEqual(sandboxDemo);
    expect(defaultSandboxUrl).toBe(sandboxUrl);
    // The default address is fixed; when a developer's own sandbox holds the port this case cannot run.
    const demo = await startSandbox({ validateResponses: true, port: defaultSandboxPort, logger: false }).catch(() => undefined);
    if (!demo) return void console.warn(`port ${defaultSandboxPort} is in use: the default-target case did not run`);
    try {
      const result = await wallet(['listMarkets', '--only-data']);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toBe(`No target or credentials given: calling the local sandbox at ${defaultSandboxUrl} with its demo credentials (start it with npm start or wallet-api-sandbox).\n`);
      expect(JSON.parse(result.stdout)).toHaveProperty('usdtngn');
    } finally {
      await demo.close();
    }
  });
});

describe('wallet-api against production', () => {
  let production: Server;
  let productionUrl: string;
  const received: { method: string; url: string; headers: Record<string, unknown> }[] = [];
  let certificate: string;

  beforeAll(async () => {
    // An HTTPS loopback server posing as production (the client only sends to https there),
    // with a self-signed certificate the bin is told to trust.
    // An EC key: made and used in a fraction of an RSA key's CPU time.
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(work, 'key.pem'), '-out', join(work, 'cert.pem')], { stdio: 'ignore' });
    certificate = join(work, 'cert.pem');
    production = createServer({ key: readFileSync(join(work, 'key.pem')), cert: readFileSync(certificate) }, (req, res) => {
      req.resume();
      req.on('end', () => {
        received.push({ method: req.method!, url: req.url!, headers: req.headers });
        answerJson(res, 200, { status: 'success', message: 'ok', data: { id: 'swap-1', status: 'confirmed' } });
      });
    });
    await new Promise<void>((resolve) => production.listen(0, '127.0.0.1', resolve));
    productionUrl = `https://127.0.0.1:${(production.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (production ? production.close(() => resolve()) : resolve())));

  const env = () => ({ ...credentials, WALLET_API_BASE_URL: productionUrl, NODE_EXTRA_CA_CERTS: certificate });

  it('refuses a POST without --confirm-production: exit 2, the reason, nothing sent', async () => {
    const result = await wallet(['confirmSwap', '--env', 'production', '--path', 'id=swap-1'], env());
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: 'wallet-api: confirmSwap is a POST to production and was not sent: POSTs move value, so production needs --confirm-production\n',
    });
    expect(received).toEqual([]);
  });

  it('sends a GET, and a POST with --confirm-production, signed', async () => {
    // Processes: Node trusts the certificate through NODE_EXTRA_CA_CERTS only when it starts.
    const get = await walletProcess(['listWallets', '--env', 'production', '--only-data'], env());
    expect(get.code, get.stderr).toBe(0);
    const post = await walletProcess(['confirmSwap', '--env', 'production', '--path', 'id=swap-1', '--confirm-production', '--only-data'], env());
    expect(post.code, post.stderr).toBe(0);
    expect(JSON.parse(post.stdout)).toEqual({ id: 'swap-1', status: 'confirmed' });
    expect(received.map(({ method, url }) => `${method} ${url}`)).toEqual(['GET /api/v1/wallets', 'POST /api/v1/swaps/swap-1/confirm']);
    const last = received[1]!;
    const expected = await hmacSha256({ secret })({ method: 'POST', pathWithQuery: '/api/v1/swaps/swap-1/confirm', body: '', timestamp: String(last.headers['x-timestamp']), apiKey });
    expect(last.headers['x-signature']).toBe(expected);
    expect(last.headers['x-api-key']).toBe(apiKey);
  });
});
