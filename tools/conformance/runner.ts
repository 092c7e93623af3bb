// The TypeScript client's conformance runner: runs the kit's cases against
// `@wallet-api/sdk` and writes one result per case. The vectors run in process against a
// replay server of raw bytes; the scenarios against the sandbox whose URL it is given.
//
//   node --import tsx tools/conformance/runner.ts --cases FILE… --sandbox URL --api-key KEY --secret SECRET --out RESULT.json
import { createHmac } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { inspect, parseArgs } from 'node:util';
import { createClient, hmacSha256, WalletApiError, type ClientOptions, type Logger, type Signer, type WalletApiClient } from '../../packages/sdk/src/client/index.ts';
import { carriedByCall } from '../../packages/sdk/src/client/call-privacy.ts';
import { defaultPolicy } from '../../packages/sdk/src/privacy/index.ts';
import { defaultCanonicalString, hmacSha256Sync, nextTimestamp } from '../../packages/sdk/src/signing/index.ts';
import { includes, jsonEqual, loadCaseFiles, normalisedName, type Call, type Case, type ClientSettings, type ExchangeCase, type ExchangeClientSettings, type ExpectedError, type MaskCase, type OptionsCase, type Outcome, type ScenarioCase, type SigningCase, type Step } from './cases.ts';
import { claimedFormsIn, type CarriedByCall } from './claimed-forms.ts';
import { startReplayServer, type ReceivedRequest } from './replay-server.ts';

export const clientName = 'typescript';

export type CaseResult = { case: string; outcome: 'pass' | 'fail'; saw: string };

type Settings = { sandbox: string | undefined; apiKey: string; secret: string };

/** A failed expectation: its message is what the matrix shows as "saw". */
class Mismatch extends Error {}

function signerOf(settings: ClientSettings | undefined, secret: string): Signer {
  switch (settings?.signer ?? 'hmac') {
    case 'throws':
      return () => {
        throw new Error(`the key store is down (secret ${secret})`);
      };
    case 'returns-empty':
      return () => '';
    case 'returns-line-break':
      return () => 'abc\r\ndef';
    default:
      return hmacSha256({ secret: settings?.secret ?? secret });
  }
}

/** What a privacy case's client is built with besides the case's settings: a logger at debug, and an integrator's own pattern. */
type Observed = { logger: Logger; pattern: string };

function clientFor(baseUrl: string, apiKey: string, secret: string, settings: ClientSettings | undefined, observed?: Observed): WalletApiClient {
  const options: ClientOptions = { environment: 'custom', baseUrl, apiKey, signer: signerOf(settings, secret) };
  if (observed) Object.assign(options, { logger: observed.logger, logLevel: 'debug', drift: { mode: 'off', redact: { patterns: [observed.pattern] } } });
  if (settings?.timeoutMs !== undefined) options.timeoutMs = settings.timeoutMs;
  if (settings?.maxResponseBytes !== undefined) options.maxResponseBytes = settings.maxResponseBytes;
  if (settings?.retry !== undefined) options.retry = settings.retry;
  return createClient(options);
}

/**
 * A client of an exchange case with `client.env`: the case's variables (with the runner's
 * server URL, key and secret for `{{baseUrl}}`, `{{apiKey}}` and `{{secret}}`) are its whole
 * environment, and only the options `client.explicit` names are passed, with the runner's own
 * values; everything else must come from the environment.
 */
function clientFromEnvironment(settings: ExchangeClientSettings & { env: Record<string, string> }, own: { baseUrl: string; apiKey: string; secret: string }): WalletApiClient {
  const placeholders: Record<string, string> = { '{{baseUrl}}': own.baseUrl, '{{apiKey}}': own.apiKey, '{{secret}}': own.secret };
  const env = Object.fromEntries(Object.entries(settings.env).map(([name, value]) => [name, value.replace(/\{\{(?:baseUrl|apiKey|secret)\}\}/g, (placeholder) => placeholders[placeholder]!)]));
  const explicit = new Set(settings.explicit ?? []);
  const options: ClientOptions = { env };
  if (explicit.has('environment')) options.environment = 'custom';
  if (explicit.has('baseUrl')) options.baseUrl = own.baseUrl;
  if (explicit.has('apiKey')) options.apiKey = own.apiKey;
  if (explicit.has('secret')) options.signer = signerOf(settings, own.secret);
  if (settings.timeoutMs !== undefined) options.timeoutMs = settings.timeoutMs;
  if (settings.maxResponseBytes !== undefined) options.maxResponseBytes = settings.maxResponseBytes;
  if (settings.retry !== undefined) options.retry = settings.retry;
  return createClient(options);
}

/** Calls an operation through the client's method of that name (`createSwap({ from, to, amount, password })`). */
async function callOperation(client: WalletApiClient, call: Call, extra: { signal?: AbortSignal; timeoutMs?: number; retry?: ClientSettings['retry'] } = {}): Promise<unknown> {
  const method = (client as unknown as Record<string, unknown>)[call.operationId];
  if (typeof method !== 'function') throw new Mismatch(`the client has no method ${call.operationId}`);
  return (method as (params: unknown, options: unknown) => Promise<unknown>).call(client, call.params, extra);
}

type Got = { data: unknown } | { error: unknown };

async function attempt(run: () => Promise<unknown>): Promise<Got> {
  try {
    return { data: await run() };
  } catch (error) {
    return { error };
  }
}

/**
 * What data looked like, never what it held: the results are written out, and the runner
 * writes no value of an answer (tests/privacy/writers.test.ts lists it as a writer of none).
 */
function shapeOf(data: unknown): string {
  if (data === null) return 'null';
  if (Array.isArray(data)) return `an array of ${data.length}`;
  if (typeof data === 'object') return `an object with ${Object.keys(data).length} fields: ${Object.keys(data).slice(0, 6).map((key) => key.replace(/[^\w.-]/g, '?').slice(0, 24)).join(', ')}`;
  return `a ${typeof data}`;
}

function describeGot(got: Got): string {
  if ('data' in got) return `data (${shapeOf(got.data)})`;
  const error = got.error;
  if (error instanceof WalletApiError) {
    const status = 'httpStatus' in error ? `, HTTP ${String(error.httpStatus)}` : '';
    return `${error.kind}${status}`;
  }
  return `a ${error instanceof Error ? error.name : typeof error} that is not a WalletApiError`;
}

function checkOutcome(got: Got, expected: Outcome): void {
  if (expected.error) {
    if (!('error' in got)) throw new Mismatch(`${describeGot(got)}, not ${expected.error.kind}`);
    checkError(got.error, expected.error);
    return;
  }
  if (!('data' in got)) throw new Mismatch(describeGot(got));
  if ('data' in expected && !jsonEqual(got.data, expected.data)) throw new Mismatch(`other data (${shapeOf(got.data)})`);
  if ('dataIncludes' in expected && !includes(got.data, expected.dataIncludes)) throw new Mismatch(`data without what was expected (${shapeOf(got.data)})`);
}

function checkError(error: unknown, expected: ExpectedError): void {
  if (!(error instanceof WalletApiError)) throw new Mismatch(describeGot({ error }));
  if (error.kind !== expected.kind) throw new Mismatch(`${describeGot({ error })}, not ${expected.kind}`);
  const fields = error as unknown as { httpStatus?: number; apiMessage?: string; headers?: Headers };
  if (expected.httpStatus !== undefined && fields.httpStatus !== expected.httpStatus) throw new Mismatch(`${error.kind} with HTTP ${fields.httpStatus}, not ${expected.httpStatus}`);
  if (expected.apiMessage !== undefined && fields.apiMessage !== expected.apiMessage) throw new Mismatch(`${error.kind} with another provider message`);
  if (expected.retryAfter !== undefined && fields.headers?.get('retry-after') !== expected.retryAfter) throw new Mismatch(`${error.kind} without Retry-After ${expected.retryAfter}`);
  if (expected.names !== undefined && !normalisedName(error.message).includes(expected.names)) throw new Mismatch(`${error.kind} error naming no ${expected.names}`);
}

/** `mustNotContain`: no rendering of the error holds any of the values. */
function checkNotContained(error: unknown, values: readonly string[] | undefined): void {
  for (const text of renderings(error)) {
    for (const value of values ?? []) if (text.includes(value)) throw new Mismatch(`${describeGot({ error })} error quoting a refused value`);
  }
}

function runSigning(testCase: SigningCase): string {
  const { input, expect } = testCase;
  const signatureInput = { method: input.method, pathWithQuery: input.pathWithQuery, body: input.body.utf8, timestamp: input.timestamp, apiKey: input.apiKey };
  if (defaultCanonicalString(signatureInput) !== expect.canonicalString) throw new Mismatch('another canonical string');
  const signature = hmacSha256Sync({ secret: input.secret })(signatureInput);
  if (signature !== expect.signature) throw new Mismatch('another signature');
  return 'the expected canonical string and signature';
}

/** Every way a caller or a log may render an error. */
function renderings(error: unknown): string[] {
  const shown: string[] = [];
  if (error instanceof Error) shown.push(error.message, String(error), error.stack ?? '');
  shown.push(JSON.stringify(error) ?? '', inspect(error, { showHidden: true, depth: 8 }), inspect(error, { showHidden: true, getters: true, depth: 8 }), inspect({ ...(error as object) }, { depth: 8 }));
  return shown;
}

function checkRequest(request: ReceivedRequest | undefined, expected: NonNullable<ExchangeCase['expect']['request']>, apiKey: string, secret: string): void {
  if (!request) throw new Mismatch('no request arrived');
  if (request.method !== expected.method) throw new Mismatch(`method ${request.method}`);
  if (expected.pathWithQuery !== undefined && request.target !== expected.pathWithQuery) throw new Mismatch('another request target than the case expects');
  if (expected.path !== undefined || expected.query !== undefined) {
    const [path, query = ''] = request.target.split('?', 2) as [string, string?];
    if (expected.path !== undefined && path !== expected.path) throw new Mismatch('another path than the case expects');
    if (expected.query !== undefined && !jsonEqual(Object.fromEntries(new URLSearchParams(query)), expected.query)) throw new Mismatch('another query than the case expects');
  }
  if ('bodyJson' in expected) {
    const body = request.body.length === 0 ? null : (JSON.parse(request.body.toString('utf8')) as unknown);
    if (!jsonEqual(body, expected.bodyJson)) throw new Mismatch('another body than the case expects');
  }
  if (expected.userAgentMatches !== undefined && !new RegExp(expected.userAgentMatches).test(request.headers['user-agent'] ?? '')) throw new Mismatch(`User-Agent ${request.headers['user-agent']}`);
  if (request.headers['x-api-key'] !== apiKey) throw new Mismatch('another x-api-key');
  const timestamp = request.headers['x-timestamp'] ?? '';
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(timestamp)) throw new Mismatch(`x-timestamp ${timestamp}`);
  // The oracle: node:crypto over the bytes that arrived, not the client's signer.
  const canonical = Buffer.concat([Buffer.from(`${timestamp}\n${request.method}\n${request.target}\n`, 'utf8'), request.body]);
  const expectedSignature = createHmac('sha256', secret).update(canonical).digest('hex');
  if (request.headers['x-signature'] !== expectedSignature) throw new Mismatch('x-signature is not the HMAC of the bytes received');
}

/** The integrator's own pattern a privacy case's client is built with (TypeScript's renderings): no rendering may show a match. */
const integratorPattern = 'CUST-[0-9]{4}';

/** A logger that keeps every line as the text a log shipper would write: its fields as JSON, and its message. */
function capturingLogger(lines: string[]): Logger {
  const write = (level: string) => (fields: unknown, message?: unknown) => void lines.push(`${level} ${JSON.stringify(fields)} ${String(message ?? '')}`);
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

/** Walks every page of a paged operation's call; what the walk threw, if it threw. */
async function pagingError(client: WalletApiClient, call: ExchangeCase['call']): Promise<unknown> {
  const method = (client as unknown as Record<string, { paginate?: (params: unknown) => { pages(): AsyncIterable<unknown> } }>)[call.operationId];
  if (typeof method?.paginate !== 'function') return undefined;
  try {
    for await (const _page of method.paginate(call.params).pages()) {
      // Every page is read; only what the walk throws is rendered.
    }
  } catch (error) {
    return error;
  }
  return undefined;
}

/** The privacy case's protected values by name (`signature`: every one the server received), as the claimed-forms oracle takes them. */
function protectedCarried(testCase: ExchangeCase, received: readonly ReceivedRequest[], apiKey: string, secret: string): [name: string, carried: CarriedByCall][] {
  const first = received[0];
  const body = first && first.body.length > 0 ? (JSON.parse(first.body.toString('utf8')) as Record<string, unknown>) : {};
  return testCase.privacy!.protected.flatMap((name): [string, CarriedByCall][] => {
    if (name === 'apiKey') return [[name, { apiKey }]];
    if (name === 'secret') return [[name, { secret }]];
    if (name === 'signature') return received.flatMap((request): [string, CarriedByCall][] => (request.headers['x-signature'] ? [[name, { signature: request.headers['x-signature'] }]] : []));
    const field = name.slice('field:'.length);
    const value = body[field] ?? testCase.call.params[field];
    // The field's name says whether it is a secret (password) or an identifier: the oracle reads it.
    return value === undefined || value === '' ? [] : [[name, { fields: { [field]: String(value) } }]];
  });
}

/** Every rendering of a privacy case (the error, a paging walk's error, the log lines) checked for every claimed form of what it protects. */
function checkPrivacy(renderedTexts: readonly { what: string; text: string }[], carried: readonly [string, CarriedByCall][], described: string): void {
  const integrator = new RegExp(integratorPattern);
  for (const { what, text } of renderedTexts) {
    for (const [name, values] of carried) if (claimedFormsIn(text, values).length > 0) throw new Mismatch(`${described}, but ${what} shows ${name} in a claimed form`);
    if (integrator.test(text)) throw new Mismatch(`${described}, but ${what} shows a match of the integrator's pattern`);
  }
}

async function runExchange(testCase: ExchangeCase, settings: Settings): Promise<string> {
  const server = await startReplayServer(testCase.answers);
  const apiKey = 'conformance-replay-key';
  const secret = 'conformance-replay-secret';
  const logLines: string[] = [];
  try {
    const observed = testCase.privacy ? { logger: capturingLogger(logLines), pattern: integratorPattern } : undefined;
    const settingsOfClient = testCase.client;
    // A client refused while being built (its options or environment) is the case's outcome: nothing is sent.
    const built = await attempt(async () =>
      settingsOfClient?.env ? clientFromEnvironment({ ...settingsOfClient, env: settingsOfClient.env }, { baseUrl: server.url, apiKey, secret }) : clientFor(server.url, apiKey, secret, settingsOfClient, observed),
    );
    const client = 'data' in built ? (built.data as WalletApiClient) : undefined;
    const controller = testCase.call.abortAfterMs === undefined ? undefined : new AbortController();
    const timer = controller && setTimeout(() => controller.abort(), testCase.call.abortAfterMs);
    const { repeat = 1, ...call } = testCase.call;
    // `repeat`: the same call again, as fast as the runner can: each starts as soon as the one
    // before it has started (in JavaScript, within the same millisecond), each outcome as expected.
    const outcomes = client ? await Promise.all(Array.from({ length: repeat }, () => attempt(() => callOperation(client, call, controller ? { signal: controller.signal } : {})))) : [built];
    outcomes.forEach((outcome, index) => {
      try {
        checkOutcome(outcome, testCase.expect);
      } catch (error) {
        throw error instanceof Mismatch && repeat > 1 ? new Mismatch(`call ${index + 1} of ${repeat}: ${error.message}`) : error;
      }
    });
    const got = outcomes[outcomes.length - 1]!;
    if (timer) clearTimeout(timer);
    if ('error' in got) checkNotContained(got.error, testCase.expect.mustNotContain);
    // Requests still arriving (a retry the client should not make) are counted after a moment.
    await new Promise((resolve) => setTimeout(resolve, 50));
    if (server.received.length !== testCase.expect.requests) throw new Mismatch(`${describeGot(got)} after ${server.received.length} requests, not ${testCase.expect.requests}`);
    testCase.expect.waitsMs?.forEach(({ min, max }, i) => {
      const answered = server.answeredAt[i];
      const next = server.received[i + 1];
      if (answered === undefined || !next) throw new Mismatch(`no wait ${i + 1} to measure`);
      const waited = next.arrivedAt - answered;
      // 5 ms below for timer and clock granularity, 300 ms above for scheduling (the kit's rule).
      if (waited < min - 5 || waited > max + 300) throw new Mismatch(`waited ${Math.round(waited)} ms, not ${min}–${max} ms`);
    });
    if (testCase.expect.request) checkRequest(server.received[0], testCase.expect.request, apiKey, secret);
    for (const name of testCase.expect.distinctHeaders ?? []) {
      const values = server.received.map((request) => request.headers[name.toLowerCase()]);
      if (new Set(values).size !== values.length) throw new Mismatch(`${describeGot(got)}, but ${values.length - new Set(values).size} of ${values.length} requests repeated a ${name}`);
    }
    if (testCase.privacy) {
      const shown: { what: string; text: string }[] = [];
      if ('error' in got) shown.push(...renderings(got.error).map((text) => ({ what: 'a rendering of the error', text })));
      // TypeScript's renderings also hold a paging walk's error over the same answers, and the log lines.
      const walked = client && (await pagingError(client, call));
      if (walked !== undefined) shown.push(...renderings(walked).map((text) => ({ what: "a rendering of the paging walk's error", text })));
      shown.push(...logLines.map((text) => ({ what: 'a log line', text })));
      checkPrivacy(shown, protectedCarried(testCase, server.received, apiKey, secret), describeGot(got));
    }
    return `${describeGot(got)}${testCase.expect.requests !== 1 ? ` after ${server.received.length} requests` : ''}${testCase.expect.distinctHeaders ? `, ${testCase.expect.distinctHeaders.join(' and ')} distinct` : ''}`;
  } finally {
    await server.close();
  }
}

/**
 * A privacy vector: the text through the client's own production policy, with the carried
 * values as a call of the client carries them (carriedByCall, what createClient gives its
 * errors), the very function the errors mask a provider's text with.
 */
function runMask(testCase: MaskCase): string {
  const { apiKey, secret, signature, fields } = testCase.carried;
  const carried = carriedByCall(defaultPolicy, { body: fields ?? {} }, [apiKey, signature, secret]);
  const masked: string = defaultPolicy.redactText(testCase.text, carried);
  const folded = masked.toLowerCase();
  const remained = testCase.expect.absent.flatMap((item, index) => (folded.includes(item.toLowerCase()) ? [`absent[${index}]`] : []));
  const vanished = testCase.expect.kept.flatMap((item, index) => (masked.includes(item) ? [] : [`kept[${index}]`]));
  if (remained.length > 0 || vanished.length > 0) throw new Mismatch([remained.length > 0 ? `${remained.join(', ')} remained` : '', vanished.length > 0 ? `${vanished.join(', ')} vanished` : ''].filter(Boolean).join('; '));
  return `${testCase.expect.absent.length} forms masked, ${testCase.expect.kept.length} kept`;
}

function runOptions(testCase: OptionsCase): string {
  const { options, expect } = testCase;
  let error: unknown;
  try {
    // An empty environment: an option the case leaves out is one neither given nor set.
    createClient({ environment: options.environment, baseUrl: options.baseUrl, apiKey: options.apiKey, signer: hmacSha256({ secret: options.secret ?? 'secret' }), env: {} } as ClientOptions);
  } catch (thrown) {
    error = thrown;
  }
  if (error === undefined) throw new Mismatch('the client was created');
  checkError(error, expect.error);
  checkNotContained(error, expect.mustNotContain);
  return 'configuration';
}

/** Signed requests to the sandbox's test helpers (outside the public API). */
async function sandboxRequest(settings: Settings, method: string, path: string, body?: unknown): Promise<{ status: number; envelope: { data?: unknown } }> {
  const text = body === undefined ? '' : JSON.stringify(body);
  // The process's own timestamps: the sandbox refuses a request signed like one it received.
  const timestamp = nextTimestamp();
  const signature = await hmacSha256({ secret: settings.secret })({ method, pathWithQuery: path, body: text, timestamp, apiKey: settings.apiKey });
  const headers: Record<string, string> = { 'x-api-key': settings.apiKey, 'x-timestamp': timestamp, 'x-signature': signature };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${settings.sandbox}${path}`, { method, headers, ...(body === undefined ? {} : { body: text }) });
  return { status: response.status, envelope: (await response.json()) as { data?: unknown } };
}

/** Replaces "{{name}}" strings by saved values, at any depth. */
function substitute<T>(value: T, saved: Map<string, unknown>): T {
  if (typeof value === 'string') {
    const name = /^\{\{(\w+)\}\}$/.exec(value)?.[1];
    return (name !== undefined && saved.has(name) ? saved.get(name) : value) as T;
  }
  if (Array.isArray(value)) return value.map((item) => substitute(item, saved)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, substitute(item, saved)])) as T;
  return value;
}

function pointer(data: unknown, path: string): unknown {
  return path
    .split('/')
    .slice(1)
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[key.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined), data);
}

async function runSteps(steps: readonly Step[], client: WalletApiClient, settings: Settings, state: { saved: Map<string, unknown>; armed: string[] }): Promise<void> {
  for (const [index, step] of steps.entries()) {
    const at = `step ${index + 1}`;
    if ('arm' in step) {
      const armed = await sandboxRequest(settings, 'POST', '/sandbox/scenarios', step.arm);
      if (armed.status !== 200) throw new Mismatch(`${at}: the sandbox refused the scenario (HTTP ${armed.status})`);
      state.armed.push((armed.envelope.data as { id: string }).id);
    } else if ('call' in step) {
      const call = substitute(step.call, state.saved);
      const times = step.times ?? 1;
      let got: Got = { data: undefined };
      for (let made = 1; made <= times; made++) {
        got = await attempt(() => callOperation(client, call, step.options ?? {}));
        try {
          checkOutcome(got, substitute(step.expect, state.saved));
        } catch (error) {
          throw error instanceof Mismatch ? new Mismatch(`${at} (${call.operationId}${times > 1 ? `, call ${made} of ${times}` : ''}): ${error.message}`) : error;
        }
      }
      for (const [name, path] of Object.entries(step.save ?? {})) state.saved.set(name, pointer((got as { data: unknown }).data, path));
    } else if ('sandbox' in step) {
      const answer = await sandboxRequest(settings, step.sandbox.method, substitute(step.sandbox.path, state.saved));
      const data = answer.envelope.data;
      if (step.expect.length !== undefined && (!Array.isArray(data) || data.length !== step.expect.length)) throw new Mismatch(`${at}: ${step.sandbox.path} has ${Array.isArray(data) ? data.length : 'no'} records, not ${step.expect.length}`);
      if ('dataIncludes' in step.expect && !includes(data, substitute(step.expect.dataIncludes, state.saved))) throw new Mismatch(`${at}: ${step.sandbox.path} without what was expected`);
    } else if ('expectScenario' in step) {
      const listed = await sandboxRequest(settings, 'GET', '/sandbox/scenarios');
      const scenario = (listed.envelope.data as { id: string; matched: number; answered: number }[]).find((s) => s.id === state.armed[step.expectScenario.index]);
      if (!scenario) throw new Mismatch(`${at}: no scenario ${step.expectScenario.index}`);
      const { matched, answered } = step.expectScenario;
      if ((matched !== undefined && scenario.matched !== matched) || (answered !== undefined && scenario.answered !== answered)) {
        throw new Mismatch(`${at}: the sandbox saw ${scenario.matched} calls and answered ${scenario.answered} by the scenario`);
      }
    } else if ('walk' in step) {
      let pages = 0;
      let items = 0;
      const ids = new Set<unknown>();
      const input = step.walk.params as { limit?: number; page?: number };
      for await (const page of client.listTransactions.paginate(input).pages()) {
        pages += 1;
        items += page.data.length;
        for (const record of page.data) ids.add(record._id);
        const after = step.afterPage?.[String(pages)];
        if (after) await runSteps(after, client, settings, state);
      }
      const { expect } = step;
      if (pages !== expect.pages || items !== expect.items || ids.size !== expect.distinctIds) throw new Mismatch(`${at}: walked ${pages} pages, ${items} items, ${ids.size} distinct`);
    } else {
      await new Promise((resolve) => setTimeout(resolve, step.sleepMs));
    }
  }
}

async function runScenario(testCase: ScenarioCase, settings: Settings): Promise<string> {
  if (!settings.sandbox) throw new Mismatch('no sandbox URL was given (--sandbox)');
  const reset = await sandboxRequest(settings, 'POST', '/sandbox/reset');
  if (reset.status !== 200) throw new Mismatch(`the sandbox did not reset (HTTP ${reset.status})`);
  const client = clientFor(settings.sandbox, settings.apiKey, settings.secret, testCase.client);
  await runSteps(testCase.steps, client, settings, { saved: new Map(), armed: [] });
  return `${testCase.steps.length} steps as expected`;
}

export async function runCase(testCase: Case, settings: Settings): Promise<CaseResult> {
  try {
    const saw =
      testCase.type === 'signing'
        ? runSigning(testCase)
        : testCase.type === 'exchange'
          ? await runExchange(testCase, settings)
          : testCase.type === 'options'
            ? runOptions(testCase)
            : testCase.type === 'mask'
              ? runMask(testCase)
              : await runScenario(testCase, settings);
    return { case: testCase.id, outcome: 'pass', saw };
  } catch (error) {
    return { case: testCase.id, outcome: 'fail', saw: error instanceof Mismatch ? error.message : `the runner failed: ${error instanceof Error ? error.name : typeof error}` };
  }
}

export async function runCases(caseFiles: readonly string[], settings: Settings): Promise<CaseResult[]> {
  const results: CaseResult[] = [];
  for (const file of loadCaseFiles(caseFiles)) {
    for (const testCase of file.cases) {
      if (testCase.unsupported?.[clientName] !== undefined) continue;
      results.push(await runCase(testCase, settings));
    }
  }
  return results;
}

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { cases: { type: 'string', multiple: true }, sandbox: { type: 'string' }, 'api-key': { type: 'string' }, secret: { type: 'string' }, out: { type: 'string' } },
    allowPositionals: true,
  });
  // `--cases A B C`: the files after --cases arrive as positionals.
  const caseFiles = [...(values.cases ?? []), ...positionals];
  if (caseFiles.length === 0 || !values.out) throw new Error('usage: runner.ts --cases FILE… --sandbox URL --api-key KEY --secret SECRET --out RESULT.json');
  const results = await runCases(caseFiles, { sandbox: values.sandbox, apiKey: values['api-key'] ?? '', secret: values.secret ?? '' });
  writeFileSync(values.out, `${JSON.stringify({ client: clientName, results }, null, 2)}\n`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    process.stderr.write(`conformance runner: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  });
}
