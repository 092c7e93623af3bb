// `wallet-api`: one signed call of the API from a terminal. Parses the arguments, checks
// them against the operation's parameters and body in the spec, resolves the target and
// credentials, calls the operation's method of the typed client and prints the envelope.
// Returns the exit code: 0 success, 1 an error envelope (or, under --drift strict, an answer that contradicts
// the spec), 2 usage or configuration (nothing sent), 3 a
// network failure, a timeout or an answer that is not an envelope, 4 the call was made but
// --record could not write it.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ApiError, createClient, describeDrift, InvalidResponseError, NetworkError, TimeoutError, WalletApiError } from '../client/index.ts';
import { defaultPolicy, jsonParseFault, type CarriedValue, type PrivacyPolicy } from '../privacy/index.ts';
import { parseCommandLine } from './args.ts';
import { signingHeaderNames } from '../signing/index.ts';
import { appendExchanges, checkHarTarget } from '../traffic/har-file.ts';
import { recordingFetch, type RecordingFetch } from '../traffic/recording-fetch.ts';
import { listText, operationHelp, usage, usageLine } from './help.ts';
import { checkBody, checkParameter, parseParameterValue } from './request-check.ts';
import { loadOperations, type Operation } from './spec.ts';
import { envNames, resolveTarget, UsageError } from './target.ts';

export const exitCodes = { success: 0, errorEnvelope: 1, usage: 2, unreachable: 3, notRecorded: 4 } as const;

export type Io = { stdout: (text: string) => void; stderr: (text: string) => void; env: NodeJS.ProcessEnv; cwd: string; fetch?: typeof fetch };

const options = {
  path: { type: 'string', multiple: true },
  query: { type: 'string', multiple: true },
  body: { type: 'string' },
  'only-data': { type: 'boolean' },
  verbose: { type: 'boolean' },
  timeout: { type: 'string' },
  'base-url': { type: 'string' },
  env: { type: 'string' },
  'confirm-production': { type: 'boolean' },
  record: { type: 'string' },
  drift: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

// In curl and `gh api`, --data/-d is the request body; here the body is --body, and printing
// only the envelope's data is --only-data. Whoever types the former is told both.
const bodyHint = "--body '{…}' or --body @file.json sends a request body; --only-data prints only the envelope's data";
const misread = { data: bodyHint, d: bodyHint };

type Request = { path: Record<string, unknown>; query: Record<string, unknown>; body: unknown };

/** Reads `--path`/`--query` pairs by the parameters' schemas and the body by the body schema; throws UsageError naming every problem. */
export function buildRequest(op: Operation, values: { path?: string[]; query?: string[]; body?: string }, cwd: string): Request {
  const problems: string[] = [];
  const request: Request = { path: {}, query: {}, body: undefined };
  for (const location of ['path', 'query'] as const) {
    for (const pair of values[location] ?? []) {
      const equals = pair.indexOf('=');
      if (equals <= 0) {
        problems.push(`--${location} takes name=value, not ${JSON.stringify(pair)}`);
        continue;
      }
      const name = pair.slice(0, equals);
      const parameter = op.parameters.find((p) => p.in === location && p.name === name);
      if (!parameter) {
        const known = op.parameters.filter((p) => p.in === location).map((p) => p.name);
        problems.push(`${op.operationId} has no ${location} parameter "${name}" (${known.length > 0 ? `its ${location} parameters: ${known.join(', ')}` : `it takes no ${location} parameters`})`);
        continue;
      }
      if (name in request[location]) {
        problems.push(`--${location} ${name} is given twice`);
        continue;
      }
      const parsed = parseParameterValue(parameter.schema, pair.slice(equals + 1));
      if ('problem' in parsed) {
        problems.push(`--${location} ${name} ${parsed.problem}`);
        continue;
      }
      problems.push(...checkParameter(op, location, name, parameter.schema, parsed.value));
      request[location][name] = parsed.value;
    }
  }
  for (const parameter of op.parameters) {
    if (!parameter.required) continue;
    if (parameter.in !== 'path' && parameter.in !== 'query') problems.push(`${op.operationId} needs the ${parameter.in} parameter ${parameter.name}, which the command line cannot send`);
    else if (!(parameter.name in request[parameter.in])) problems.push(`--${parameter.in} ${parameter.name}=… is required by ${op.operationId}`);
  }
  if (values.body !== undefined) {
    if (!op.body) problems.push(`${op.operationId} takes no body`);
    else {
      const source = values.body.startsWith('@') ? readBodyFile(values.body.slice(1), cwd) : { text: values.body, from: '--body' };
      if ('problem' in source) problems.push(source.problem);
      else {
        let parsed = false;
        try {
          request.body = JSON.parse(source.text);
          parsed = true;
        } catch (error) {
          // Not the parser's message: Node's quotes the input around the fault (a password, say).
          problems.push(`${source.from} is not valid JSON (${jsonParseFault(error)})`);
        }
        if (parsed) problems.push(...checkBody(op, op.body.schema, request.body).map((problem) => `${source.from}: ${problem}`));
      }
    }
  } else if (op.body?.required) {
    problems.push(`${op.operationId} needs a body: --body '{…}' or --body @file.json (see wallet-api ${op.operationId} --help)`);
  }
  if (problems.length > 0) throw new UsageError(problems.join('\n'));
  return request;
}

function readBodyFile(path: string, cwd: string): { text: string; from: string } | { problem: string } {
  try {
    return { text: readFileSync(resolve(cwd, path), 'utf8'), from: `--body @${path}` };
  } catch (error) {
    return { problem: `--body @${path} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).name})` };
  }
}

/**
 * Everything the command writes goes through the privacy policy, with the credentials and
 * what the request carried in protected fields as carried values: nothing it prints may
 * carry a secret or a personal value, whatever the input or the answer. (An answer's
 * identifiers are printed masked to their shape: use the SDK in code for their values.)
 */
function redactor(policy: PrivacyPolicy, secrets: Set<string>, carried: CarriedValue[]): (text: string) => string {
  return (text) => policy.redactText(text, [...secrets, ...carried]);
}

/** What the command line's input carries in protected fields: `--path`/`--query` pairs by name, the body's fields (also when it is not valid JSON). */
function carriedByInput(policy: PrivacyPolicy, values: { path?: string[]; query?: string[]; body?: string }, cwd: string): CarriedValue[] {
  const pairs = [...(values.path ?? []), ...(values.query ?? [])].map((pair) => [pair.slice(0, Math.max(0, pair.indexOf('='))), pair.slice(pair.indexOf('=') + 1)]);
  const carried = policy.carriedBy({ body: Object.fromEntries(pairs.filter(([name]) => name !== '')) });
  if (values.body === undefined) return carried;
  const source = values.body.startsWith('@') ? readBodyFile(values.body.slice(1), cwd) : { text: values.body };
  if (!('text' in source)) return carried;
  carried.push(...policy.carriedBy({ body: source.text }));
  // A body that is not JSON: its `"name": "value"` pairs of protected names, read as text.
  for (const match of source.text.matchAll(/"([^"\\]+)"\s*:\s*("(?:[^"\\]|\\.)*"?|[^\s,}]+)/g)) {
    const kind = policy.classOf(match[1]!);
    const raw = match[2]!.replace(/^"|"$/g, '');
    if (kind && raw !== '') carried.push({ value: raw, replacement: '[redacted]' });
  }
  return carried;
}

export async function main(argv: string[], io: Io): Promise<number> {
  // The credentials in the environment are kept out of the output from the first line on,
  // whether or not this run ends up using them.
  const secrets = new Set([io.env[envNames.apiKey], io.env[envNames.signingSecret]].filter((value): value is string => typeof value === 'string' && value.trim() !== ''));
  const policy = defaultPolicy;
  /** What the request carries in protected fields, once it is read. */
  const carried: CarriedValue[] = [];
  const redact = redactor(policy, secrets, carried);
  const out = (text: string) => io.stdout(redact(text));
  // JSON the policy wrote already (an answer), as it wrote it.
  const outJson = (value: unknown) => io.stdout(`${policy.redactJsonText(value, [...secrets, ...carried], 2)}\n`);
  // The spec's own text (usage, the operation list, an operation's help): through the policy
  // as names, not prose, so `address: string` in a list of fields keeps its type.
  const outSpec = (text: string) => io.stdout(policy.redactName(text, [...secrets]));
  const err = (text: string) => io.stderr(redact(text));
  const refuse = (message: string) => {
    err(`wallet-api: ${message}\n`);
    return exitCodes.usage;
  };

  let parsed;
  try {
    parsed = parseCommandLine(argv, options, usageLine, { positionals: true, misread, refuse: (message) => new UsageError(message) });
  } catch (error) {
    if (error instanceof UsageError) return refuse(error.message);
    throw error;
  }
  const { flags: values, positionals } = parsed;
  const [command, ...extra] = positionals;
  if (!command || command === 'help') {
    if (values.help || command === 'help') {
      outSpec(usage);
      return exitCodes.success;
    }
    return refuse(`name an operation (wallet-api list shows them)\n\n${usage}`);
  }
  if (extra.length > 0) return refuse(`unexpected argument ${JSON.stringify(extra[0])}: parameters are given as --path name=value or --query name=value`);
  const operations = loadOperations();
  if (command === 'list') {
    outSpec(listText(operations));
    return exitCodes.success;
  }
  const op = operations.find((candidate) => candidate.operationId === command);
  if (!op) {
    const near = operations.filter((candidate) => candidate.operationId.toLowerCase() === command.toLowerCase()).map((candidate) => candidate.operationId);
    return refuse(`unknown operation ${JSON.stringify(command)}${near.length > 0 ? ` (did you mean ${near[0]}?)` : ''}; wallet-api list shows the ${operations.length} operations`);
  }
  if (values.help) {
    outSpec(operationHelp(op));
    return exitCodes.success;
  }

  let timeoutMs: number | undefined;
  if (values.timeout !== undefined) {
    timeoutMs = Number(values.timeout);
    if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) return refuse(`--timeout must be a positive whole number of milliseconds, not ${JSON.stringify(values.timeout)}`);
  }

  const drift = values.drift;
  if (drift !== undefined && drift !== 'report' && drift !== 'strict') return refuse(`--drift takes report or strict, not ${JSON.stringify(drift)}`);

  let target;
  let request: Request;
  try {
    target = resolveTarget({ baseUrl: values['base-url'], env: values.env }, io.env, io.cwd);
    for (const secret of target.secrets) secrets.add(secret);
    // Before the request is read: a refusal of it may quote what it carries.
    carried.push(...carriedByInput(policy, values, io.cwd));
    request = buildRequest(op, values, io.cwd);
    carried.push(...policy.carriedBy({ body: [request.body, request.path, request.query] }));
  } catch (error) {
    if (error instanceof UsageError) return refuse(error.message);
    throw error;
  }
  if (target.environment === 'production' && op.method === 'post' && !values['confirm-production']) {
    return refuse(`${op.operationId} is a POST to production and was not sent: POSTs move value, so production needs --confirm-production`);
  }
  if (target.demoNotice) err(`${target.demoNotice}\n`);

  const recordPath = values.record === undefined ? undefined : resolve(io.cwd, values.record);
  if (recordPath !== undefined) {
    // A file that could not take the exchange is refused before anything is sent.
    try {
      await checkHarTarget(recordPath);
    } catch (error) {
      return refuse(`--record ${values.record}: ${(error as Error).message}`);
    }
  }

  let client;
  let recorder: RecordingFetch | undefined;
  try {
    const signer = await target.signer();
    const plainFetch = io.fetch ?? globalThis.fetch;
    // The client hands its fetch the request it signed, so recording here sees the headers
    // as sent (openapi-fetch middleware runs before signing and never sees them).
    recorder = recordPath === undefined ? undefined : recordingFetch(plainFetch, { record: (exchange) => appendExchanges(recordPath, [exchange]), operationId: op.operationId, addedHeaders: signingHeaderNames });
    const baseFetch = recorder?.fetch ?? plainFetch;
    client = createClient({
      environment: target.environment,
      baseUrl: target.baseUrl,
      apiKey: target.apiKey,
      signer: async (input) => {
        const signature = await signer(input);
        // Whatever the signer returns is kept out of the output, even if it is refused.
        if (typeof signature === 'string') secrets.add(signature);
        return signature;
      },
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      fetch: values.verbose ? verboseFetch(baseFetch, err, policy) : baseFetch,
      // Findings name places and kinds, never the answer's values; they go where diagnostics go.
      ...(drift === undefined ? {} : { drift: { mode: drift, onDrift: (event) => err(`wallet-api: drift: ${describeDrift(event)}\n`) } }),
    });
  } catch (error) {
    if (error instanceof UsageError || error instanceof WalletApiError) return refuse(error.message);
    throw error;
  }

  // The operation's own method, by its operationId: its path, query and body fields in one object.
  // Both come from one spec: the operations read from generated/openapi.json, the methods generated from it (npm run check:generated).
  const method = (client as unknown as Record<string, { withResponse: (input: unknown) => Promise<{ data: unknown; envelope: unknown }> }>)[op.operationId]!;
  const input = { ...request.path, ...request.query, ...(request.body as Record<string, unknown> | undefined) };
  const code = await printOutcome(method.withResponse(input), values['only-data'] === true, outJson, err, refuse);
  if (!recorder) return code;
  try {
    await recorder.settled();
    return code;
  } catch (error) {
    err(`wallet-api: the call was made but not recorded in ${values.record}: ${(error as Error).message}\n`);
    return exitCodes.notRecorded;
  }
}

/** Prints the envelope (or its data) or the error, and returns the exit code. */
async function printOutcome(call: Promise<{ data: unknown; envelope: unknown }>, onlyData: boolean, outJson: (value: unknown) => void, err: (text: string) => void, refuse: (message: string) => number): Promise<number> {
  try {
    const { data, envelope } = await call;
    outJson(onlyData ? data : envelope);
    return exitCodes.success;
  } catch (error) {
    if (error instanceof ApiError) {
      if (!onlyData) outJson(error.envelope);
      err(`wallet-api: ${error.message}\n`);
      return exitCodes.errorEnvelope;
    }
    // Under --drift strict, an answer that contradicts the spec is a data error: its findings are already on stderr.
    if (error instanceof InvalidResponseError && error.drift !== undefined) {
      err(`wallet-api: ${error.message}\n`);
      return exitCodes.errorEnvelope;
    }
    if (error instanceof NetworkError || error instanceof TimeoutError || error instanceof InvalidResponseError) {
      err(`wallet-api: ${error.message}\n`);
      return exitCodes.unreachable;
    }
    if (error instanceof WalletApiError) return refuse(error.message);
    throw error;
  }
}

/** A fetch that writes the request line, the auth headers redacted, then the status and the time to stderr. */
function verboseFetch(base: typeof fetch, err: (text: string) => void, policy: PrivacyPolicy): typeof fetch {
  return async (input, init) => {
    const url = input instanceof URL ? input.href : String(input);
    const headers = new Headers(init?.headers);
    const shown: string[] = [];
    headers.forEach((value, name) => shown.push(`> ${name}: ${policy.isSecretHeader(name) ? '[redacted]' : value}`));
    err(`> ${init?.method ?? 'GET'} ${url}\n${shown.join('\n')}\n`);
    const started = performance.now();
    try {
      const response = await base(input, init);
      err(`< HTTP ${response.status} in ${Math.round(performance.now() - started)} ms\n`);
      return response;
    } catch (error) {
      err(`< no answer after ${Math.round(performance.now() - started)} ms\n`);
      throw error;
    }
  };
}
