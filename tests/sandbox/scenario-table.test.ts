// The failure scenarios' table (docs/sandbox.md, "Failure scenarios")
// holds row by row: each row's definition, armed on createSwap, makes the client throw the
// error kind the row names, and leaves the swap created or not as the row says, over HTTP and
// in process through MSW alike, and over HTTP with the state in PostgreSQL; and the answers in
// process and from PostgreSQL are the in-memory HTTP sandbox's bytes.
// (tests/packages.test.ts runs the same rows through the packed packages.)
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, hmacSha256, unwrap, type WalletApiClient } from '../../packages/sdk/src/client/index.ts';
import { scenarioAnswers, startSandbox, type RunningSandbox, type RunningSharedSandbox } from '../../packages/sandbox/src/index.ts';
import { freshDatabase } from '../support/postgres.ts';
import { sandboxHandlers } from '../../packages/sandbox/src/msw/index.ts';
import { formatTimestamp } from '../../packages/sdk/src/signing/index.ts';
import { scenarioTable, settledKind, type ScenarioRow } from '../support/scenario-table.ts';
import { sendSigned } from '../support/signed-http.ts';

const apiKey = 'table-key';
const secret = 'table-secret';
const inProcessUrl = 'http://sandbox.test';
const { rows } = scenarioTable('docs/sandbox.md');
// Each row runs under an API key of its own, so the rows run side by side: a key's records
// and scenarios are its own, and the rows that wait (delay, dribble) wait together.
const rowKey = (target: string, row: ScenarioRow) => `table-key-${target.replaceAll(' ', '-')}-${row.answer}`;
const apiKeys = Object.fromEntries([apiKey, ...['over HTTP', 'in process', 'over HTTP from PostgreSQL'].flatMap((target) => rows.map((row) => rowKey(target, row)))].map((key) => [key, secret]));

let http: RunningSandbox;
let shared: RunningSharedSandbox;
const inProcess = sandboxHandlers({ baseUrl: inProcessUrl, apiKeys, deterministic: true, validateResponses: true });
const server = setupServer(...inProcess);

beforeAll(async () => {
  [http, shared] = await Promise.all([
    startSandbox({ logger: false, deterministic: true, validateResponses: true, apiKeys }),
    freshDatabase('scenario table').then((databaseUrl) => startSandbox({ databaseUrl, logger: false, deterministic: true, validateResponses: true, apiKeys })),
  ]);
  server.listen({ onUnhandledRequest: 'bypass' });
  await inProcess.ready();
});
afterAll(async () => {
  server.close();
  await inProcess.close();
  await http.close();
  await shared.close();
});

type Target = {
  name: string;
  baseUrl: () => string;
  arm: (row: ScenarioRow, key: string) => unknown;
  reset: () => Promise<void> | void;
  swaps: (client: WalletApiClient, key: string) => Promise<number>;
};

const targets: Target[] = [
  {
    name: 'over HTTP',
    baseUrl: () => http.url,
    arm: (row, key) => http.scenarios.arm({ operation: 'createSwap', ...row.definition } as never, key),
    reset: async () => void (await sendSigned(http.url, { method: 'POST', pathWithQuery: '/sandbox/reset' }, { apiKey, secret })),
    swaps: async (_client, key) => ((await sendSigned(http.url, { method: 'GET', pathWithQuery: '/sandbox/swaps' }, { apiKey: key, secret })).json as { data: unknown[] }).data.length,
  },
  {
    name: 'over HTTP from PostgreSQL',
    baseUrl: () => shared.url,
    arm: (row, key) => shared.scenarios.arm({ operation: 'createSwap', ...row.definition } as never, key),
    reset: async () => void (await sendSigned(shared.url, { method: 'POST', pathWithQuery: '/sandbox/reset' }, { apiKey, secret })),
    swaps: async (_client, key) => ((await sendSigned(shared.url, { method: 'GET', pathWithQuery: '/sandbox/swaps' }, { apiKey: key, secret })).json as { data: unknown[] }).data.length,
  },
  {
    name: 'in process',
    baseUrl: () => inProcessUrl,
    arm: (row, key) => inProcess.scenarios.arm({ operation: 'createSwap', ...row.definition } as never, key),
    reset: () => inProcess.reset(),
    swaps: async (client) => ((await (client.GET as (path: string) => Promise<{ data: { data: unknown[] } }>)('/sandbox/swaps')).data.data.length),
  },
];

const timeoutMs = 1000;
const clientOf = (target: Target, timeout?: number, key = apiKey) => createClient({ environment: 'custom', baseUrl: target.baseUrl(), apiKey: key, signer: hmacSha256({ secret }), ...(timeout ? { timeoutMs: timeout } : {}) });
const createSwap = (client: WalletApiClient) => unwrap(client.POST('/api/v1/swaps', { body: { from: 'usdt', to: 'ngn', amount: 100, password: 'customer-authorization-value' } }));

// One call through each target before the rows: an app's first answer to an operation pays
// for compiling its schemas, which is not the row's to pay within its timeout.
beforeAll(async () => {
  for (const target of targets) await createSwap(clientOf(target));
});

describe('the failure scenarios table', () => {
  it('lists every answer once', () => {
    expect(rows.map((row) => row.answer)).toEqual([...scenarioAnswers]);
    expect(rows.every((row) => row.definition.answer === row.answer)).toBe(true);
  });

  describe.concurrent('row by row, each under its own API key', () => {
    for (const target of targets) {
      it.each(rows.map((row) => [row.answer, row] as const))(`${target.name}: %s throws what the table says and runs the operation as it says`, async (_answer, row) => {
        const key = rowKey(target.name, row);
        await target.arm(row, key);
        const client = clientOf(target, timeoutMs, key);
        expect(await settledKind(createSwap(client))).toBe(row.kind);
        // A held call runs once its wait is over, whether or not the client waited for it.
        if (typeof row.definition.delayMs === 'number') await new Promise((resolve) => setTimeout(resolve, row.definition.delayMs as number));
        expect(await target.swaps(client, key)).toBe(row.operationRuns ? 1 : 0);
      });
    }
  });

  it.each(rows.filter((row) => !row.answer.startsWith('reset-') && row.answer !== 'delay' && row.answer !== 'dribble').map((row) => [row.answer, row] as const))(
    'in process and from PostgreSQL answers %s with the HTTP sandbox bytes',
    async (_answer, row) => {
      const answers = [];
      for (const target of targets) {
        await target.reset();
        await target.arm(row, apiKey);
        const body = '{"from":"usdt","to":"ngn","amount":100,"password":"p"}';
        const timestamp = formatTimestamp(new Date());
        const signature = await hmacSha256({ secret })({ method: 'POST', pathWithQuery: '/api/v1/swaps', body, timestamp, apiKey });
        const response = await fetch(`${target.baseUrl()}/api/v1/swaps`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-api-key': apiKey, 'x-timestamp': timestamp, 'x-signature': signature } });
        answers.push({ status: response.status, type: response.headers.get('content-type'), retryAfter: response.headers.get('retry-after'), length: response.headers.get('content-length'), body: Buffer.from(await response.arrayBuffer()).toString('base64') });
      }
      for (const answer of answers.slice(1)) expect(answer).toEqual(answers[0]);
    },
  );
});
