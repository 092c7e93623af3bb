// fast-check arbitraries of malformed requests for every operation of the spec. Each
// case is one mutation of an otherwise valid request, so the refusal it must get is
// attributable to that mutation.
import fc from 'fast-check';
import type { AuthChanges, SignedRequest } from '../../support/signed-http.ts';
import { baselinePath, baselineQuery, exampleRequest, type JsonSchema, type OperationModel } from '../../support/operations.ts';

export type AuthFault =
  | { kind: 'missingHeader'; header: 'x-api-key' | 'x-timestamp' | 'x-signature' }
  | { kind: 'malformedTimestamp'; value: string }
  | { kind: 'staleTimestamp'; offsetSeconds: number }
  | { kind: 'wrongSignature'; value: string }
  | { kind: 'unknownKey'; apiKey: string };

/** A request as generated: the authentication fault is turned into headers when it is sent. */
export type RawRequest = Omit<SignedRequest, 'auth'> & { auth?: AuthFault };

/** The request to send now: a stale timestamp is stale relative to the moment of sending. */
export function toSignedRequest({ auth: fault, ...request }: RawRequest, now = Date.now()): SignedRequest {
  if (!fault) return request;
  const auth: AuthChanges =
    fault.kind === 'missingHeader'
      ? { headers: { [fault.header]: null } }
      : fault.kind === 'malformedTimestamp'
        ? { timestamp: fault.value }
        : fault.kind === 'staleTimestamp'
          ? { timestamp: new Date(now + fault.offsetSeconds * 1000) }
          : fault.kind === 'wrongSignature'
            ? { headers: { 'x-signature': fault.value } }
            : { apiKey: fault.apiKey };
  return { ...request, auth };
}

export type MalformedCase = {
  operationId: string;
  kind: string;
  request: RawRequest;
  /**
   * The status the sandbox promises for this case (docs/sandbox.md): 400 invalid
   * input, 401 authentication, 404 unknown resource or route, 405 a known path asked with a
   * method it does not declare, 409 illegal state change.
   */
  expectedStatus: 400 | 401 | 404 | 405 | 409;
};

export type CaseContext = {
  /** Real path values of the tenant under test, by operationId then parameter, so faults aim at things that exist. */
  ownIds: Record<string, Record<string, string>>;
  /** Real path values of another tenant, by operationId then parameter: they must look unknown. */
  foreignIds: Record<string, Record<string, string>>;
  /** Ids of the tenant's swaps that are no longer pending, by operationId: changing them again is a conflict. */
  settledIds: Record<string, string[]>;
  /** The accepted timestamp window, in seconds. */
  timestampWindowSeconds: number;
};

/** Fields whose values must be discovered identifiers (unknown values are refused). */
const discoveredFields = new Set(['coin', 'chain', 'token', 'from', 'to']);
/** Query parameters that may be left out (the list has defaults). */
const optionalQuery = new Set(['limit', 'page']);

const printable = (max: number) => fc.stringMatching(new RegExp(`^[ -~]{0,${max}}$`));
const anyJson = fc.jsonValue({ maxDepth: 2 }) as fc.Arbitrary<unknown>;

function valuesOfOtherTypes(schema: JsonSchema): fc.Arbitrary<unknown> {
  const type = schema.type;
  const candidates: fc.Arbitrary<unknown>[] = [
    fc.constant(null),
    fc.boolean(),
    fc.array(fc.integer(), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
  ];
  if (type !== 'string') candidates.push(fc.string({ maxLength: 20 }));
  if (type !== 'number' && type !== 'integer') candidates.push(fc.double({ noNaN: true, noDefaultInfinity: true }));
  return fc.oneof(...candidates);
}

const invalidAmount = fc.oneof(
  fc.constant(0),
  fc.constant(-0),
  fc.double({ max: -Number.MIN_VALUE, noNaN: true, noDefaultInfinity: true }),
  fc.constant(-1e308),
);

/** Number literals that are not finite JSON numbers, written into the body text. */
const rawNumberLiterals = fc.constantFrom('1e400', '-1e400', 'NaN', 'Infinity', '-Infinity', '0x1F', '.5', '+1', '01', '1_000');

const wrongContentTypes = fc.constantFrom<string | undefined>(
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
);

function authFaults(windowSeconds: number): fc.Arbitrary<AuthFault> {
  const outside = fc.integer({ min: windowSeconds + 30, max: 10_000_000 });
  return fc.oneof(
    fc.constantFrom('x-api-key', 'x-timestamp', 'x-signature').map((header) => ({ kind: 'missingHeader', header }) as AuthFault),
    printable(40)
      .filter((s) => Number.isNaN(Date.parse(s.trim())) || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(s.trim()))
      .map((value) => ({ kind: 'malformedTimestamp', value }) as AuthFault),
    fc.oneof(outside, outside.map((s) => -s)).map((offsetSeconds) => ({ kind: 'staleTimestamp', offsetSeconds }) as AuthFault),
    fc.oneof(fc.stringMatching(/^[0-9a-f]{64}$/), printable(80)).map((value) => ({ kind: 'wrongSignature', value }) as AuthFault),
    fc.stringMatching(/^[A-Za-z0-9-]{1,40}$/).map((k) => ({ kind: 'unknownKey', apiKey: `unknown-${k}` }) as AuthFault),
  );
}

function withQuery(path: string, pairs: [string, string][]): string {
  return pairs.length ? `${path}?${new URLSearchParams(pairs).toString()}` : path;
}

/** The valid baseline request of an operation (spec examples, the tenant's real ids). */
export function baselineRequest(op: OperationModel, ctx: CaseContext): RawRequest {
  const { method, pathWithQuery, body } = exampleRequest(op, ctx.ownIds[op.operationId]);
  if (!body) return { method, pathWithQuery };
  return { method, pathWithQuery, body: JSON.stringify(body), contentType: 'application/json' };
}

function bodyCases(op: OperationModel, base: RawRequest): fc.Arbitrary<MalformedCase>[] {
  if (!op.body) return [];
  const { schema, example } = op.body;
  const properties = schema.properties ?? {};
  const fields = Object.keys(properties);
  const required = schema.required ?? [];
  const json = 'application/json';
  // The content type is always passed: undefined means the header is absent.
  const withBody = (kind: string, body: string, contentType: string | undefined): MalformedCase => ({
    operationId: op.operationId,
    kind,
    request: { ...base, body, contentType },
    expectedStatus: 400,
  });
  const mutate = (kind: string, change: (b: Record<string, unknown>) => void) => {
    const body = structuredClone(example);
    change(body);
    return withBody(kind, JSON.stringify(body), json);
  };
  const numberFields = fields.filter((f) => properties[f]?.type === 'number');
  const identifierFields = fields.filter((f) => discoveredFields.has(f) && f in example);
  const limitedFields = fields.filter((f) => properties[f]?.maxLength !== undefined);

  const cases: fc.Arbitrary<MalformedCase>[] = [
    fc.constantFrom(...required).map((f) => mutate(`missing body field ${f}`, (b) => delete b[f])),
    // One arbitrary per field, built once (fast-check builds string patterns at some cost).
    fc.oneof(...fields.map((f) => valuesOfOtherTypes(properties[f]!).map((v) => mutate(`wrong type for ${f}`, (b) => (b[f] = v))))),
    fc
      .tuple(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,20}$/).filter((n) => !fields.includes(n) && n !== '__proto__'), anyJson)
      .map(([name, value]) => mutate(`extra body field`, (b) => (b[name] = value))),
    anyJson
      .filter((v) => v === null || typeof v !== 'object' || Array.isArray(v))
      .map((v) => withBody('body is not an object', JSON.stringify(v), json)),
    fc
      .integer({ min: 1, max: Math.max(1, JSON.stringify(example).length - 1) })
      .map((cut) => withBody('truncated JSON', JSON.stringify(example).slice(0, cut), json)),
    printable(60)
      .filter((s) => {
        try {
          JSON.parse(s);
          return false;
        } catch {
          return true;
        }
      })
      .map((s) => withBody('broken JSON', s, json)),
    wrongContentTypes.map((type) => withBody(`content-type ${type ?? 'absent'}`, JSON.stringify(example), type)),
    fc.constant(withBody('empty body', '', json)),
    fc.constant<MalformedCase>({ operationId: op.operationId, kind: 'no body', request: { method: base.method, pathWithQuery: base.pathWithQuery }, expectedStatus: 400 }),
    fc.integer({ min: 1_100_000, max: 1_600_000 }).map((n) => mutate('body larger than the limit', (b) => (b[fields.find((f) => properties[f]?.type === 'string')!] = 'x'.repeat(n)))),
  ];
  if (numberFields.length) {
    cases.push(
      fc.tuple(fc.constantFrom(...numberFields), invalidAmount).map(([f, v]) => mutate(`non-positive ${f}`, (b) => (b[f] = v))),
      fc.tuple(fc.constantFrom(...numberFields), rawNumberLiterals).map(([f, literal]) => {
        const text = JSON.stringify({ ...example, [f]: '__NUMBER__' }).replace('"__NUMBER__"', literal);
        return withBody(`${f} written as ${literal}`, text, json);
      }),
    );
  }
  if (identifierFields.length) {
    cases.push(
      fc
        .tuple(fc.constantFrom(...identifierFields), fc.oneof(fc.stringMatching(/^zz[a-z0-9]{0,10}$/), fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'q'.repeat(n))))
        .map(([f, v]) => mutate(`unknown ${f}`, (b) => (b[f] = v))),
    );
  }
  for (const f of limitedFields) {
    const max = properties[f]!.maxLength!;
    cases.push(fc.integer({ min: max + 1, max: 100_000 }).map((n) => mutate(`${f} longer than ${max}`, (b) => (b[f] = 'n'.repeat(n)))));
  }
  return cases;
}

function queryCases(op: OperationModel, base: RawRequest, ctx: CaseContext): fc.Arbitrary<MalformedCase>[] {
  const query = op.parameters.filter((p) => p.in === 'query');
  if (!query.length) return [];
  const pairs = baselineQuery(op);
  const path = baselinePath(op, ctx.ownIds[op.operationId]);
  const make = (kind: string, changed: [string, string][]): MalformedCase => ({
    operationId: op.operationId,
    kind,
    request: { ...base, pathWithQuery: withQuery(path, changed) },
    expectedStatus: 400,
  });
  const badValue = (schema: JsonSchema, name: string): fc.Arbitrary<string> => {
    if (schema.type === 'integer') return fc.constantFrom('abc', '', '1.5', '0', '-1', '9'.repeat(400), 'true', '1e400', '0x10');
    if (schema.type === 'number') return fc.constantFrom('abc', '', '0', '-5', '1e400', 'NaN', 'Infinity', '-Infinity', 'true');
    return discoveredFields.has(name)
      ? fc.oneof(fc.stringMatching(/^zz[a-z0-9]{0,10}$/), fc.integer({ min: 1_000, max: 6_000 }).map((n) => 'q'.repeat(n)))
      : fc.constant('');
  };
  const cases = [
    fc.oneof(...query.map((p) => badValue(p.schema, p.name).map((v) => make(`bad query ${p.name}=${v.slice(0, 12)}`, [...pairs.filter(([n]) => n !== p.name), [p.name, v]])))),
    fc.constantFrom(...query).map((p) => make(`repeated query ${p.name}`, [...pairs, [p.name, String(p.example)]])),
  ];
  const omittable = query.filter((p) => !optionalQuery.has(p.name));
  if (omittable.length) cases.push(fc.constantFrom(...omittable).map((p) => make(`missing query ${p.name}`, pairs.filter(([n]) => n !== p.name))));
  return cases;
}

function pathCases(op: OperationModel, base: RawRequest, ctx: CaseContext): fc.Arbitrary<MalformedCase>[] {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const query = base.pathWithQuery.includes('?') ? base.pathWithQuery.slice(base.pathWithQuery.indexOf('?')) : '';
  const own = ctx.ownIds[op.operationId] ?? {};
  return pathParams.map((p) => {
    const foreign = ctx.foreignIds[op.operationId]?.[p.name];
    // Coins are discovered values: an unknown one is made so that it cannot be a real coin.
    const unknown =
      p.name === 'coin'
        ? fc.stringMatching(/^zz[a-z0-9]{0,12}$/)
        : fc.oneof(
            fc.stringMatching(/^[a-f0-9]{24}$/),
            fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }),
            fc.integer({ min: 101, max: 4_000 }).map((n) => 'z'.repeat(n)),
            ...(foreign ? [fc.constant(foreign)] : []),
          );
    return unknown
      .filter((value) => value !== own[p.name] && value.trim() !== '' && value !== '.' && value !== '..')
      .map(
        (value): MalformedCase => ({
          operationId: op.operationId,
          kind: value === foreign ? `another tenant's ${p.name}` : `unknown path ${p.name}`,
          request: { ...base, pathWithQuery: baselinePath(op, { ...own, [p.name]: value }) + query },
          expectedStatus: 404,
        }),
      );
  });
}

/** A change of state the record's current state forbids (confirming a cancelled swap): 409, and nothing moves. */
function conflictCases(op: OperationModel, base: RawRequest, ctx: CaseContext): fc.Arbitrary<MalformedCase>[] {
  const settled = ctx.settledIds[op.operationId] ?? [];
  if (!settled.length) return [];
  const query = base.pathWithQuery.includes('?') ? base.pathWithQuery.slice(base.pathWithQuery.indexOf('?')) : '';
  const own = ctx.ownIds[op.operationId] ?? {};
  return [
    fc.constantFrom(...settled).map((id) => ({
      operationId: op.operationId,
      kind: 'record not in a state that allows it',
      request: { ...base, pathWithQuery: baselinePath(op, { ...own, id }) + query },
      expectedStatus: 409 as const,
    })),
  ];
}

/** One line per case, for failure reports (bodies can be megabytes). */
export function describeCase(testCase: MalformedCase): string {
  const { method, pathWithQuery, body, auth } = testCase.request;
  const shownBody = body === undefined ? '' : ` body ${body.length > 80 ? `${JSON.stringify(body.slice(0, 80))}… (${body.length} chars)` : JSON.stringify(body)}`;
  return `${testCase.kind} → ${method} ${pathWithQuery.slice(0, 120)}${pathWithQuery.length > 120 ? '…' : ''}${shownBody}${auth ? ` auth ${JSON.stringify(auth).slice(0, 120)}` : ''} (expects ${testCase.expectedStatus})`;
}

/** Every kind of malformed request for one operation. */
export function malformedCasesFor(op: OperationModel, ctx: CaseContext): fc.Arbitrary<MalformedCase> {
  const base = baselineRequest(op, ctx);
  const auth = authFaults(ctx.timestampWindowSeconds).map(
    (fault): MalformedCase => ({
      operationId: op.operationId,
      kind: `auth ${fault.kind}`,
      request: { ...base, auth: fault },
      expectedStatus: 401,
    }),
  );
  const inputCases = [...bodyCases(op, base), ...queryCases(op, base, ctx), ...pathCases(op, base, ctx), ...conflictCases(op, base, ctx)];
  // A bad request from a caller who is not authenticated: authentication is judged first,
  // except that a signature over a body too large to read cannot be checked at all.
  if (!inputCases.length) return auth;
  const authAndInput = fc.tuple(authFaults(ctx.timestampWindowSeconds), fc.oneof(...inputCases)).map(
    ([fault, input]): MalformedCase => ({
      operationId: op.operationId,
      kind: `auth ${fault.kind} with ${input.kind}`,
      request: { ...input.request, auth: fault },
      // The signature covers the body, so over a body too large to read a signature that is
      // there cannot be checked: the size is the problem named. A blank one is no signature (401).
      expectedStatus: fault.kind === 'wrongSignature' && fault.value.trim() !== '' && input.kind === 'body larger than the limit' ? 400 : 401,
    }),
  );
  return fc.oneof(auth, authAndInput, ...inputCases);
}

/** The sandbox's test helpers (outside the spec): refused without valid auth, 404 for ids that are not the caller's. */
export function testHelperCases(ctx: CaseContext): fc.Arbitrary<MalformedCase> {
  const transactionId = ctx.ownIds.getTransaction?.id ?? 'none';
  const swapId = ctx.ownIds.confirmSwap?.id ?? 'none';
  const routes: RawRequest[] = [
    { method: 'POST', pathWithQuery: `/sandbox/transactions/${transactionId}/complete` },
    { method: 'POST', pathWithQuery: `/sandbox/transactions/${transactionId}/fail` },
    { method: 'GET', pathWithQuery: `/sandbox/swaps/${swapId}` },
    { method: 'GET', pathWithQuery: '/sandbox/swaps' },
    { method: 'POST', pathWithQuery: '/sandbox/reset' },
  ];
  const unauthenticated = fc.tuple(fc.constantFrom(...routes), authFaults(ctx.timestampWindowSeconds)).map(
    ([request, fault]): MalformedCase => ({
      operationId: '(test helper)',
      kind: `test helper auth ${fault.kind}`,
      request: { ...request, auth: fault },
      expectedStatus: 401,
    }),
  );
  const foreignTransaction = ctx.foreignIds.getTransaction?.id;
  const unknownIds = fc
    .tuple(
      fc.constantFrom('complete', 'fail', 'swap'),
      fc.oneof(fc.stringMatching(/^[a-f0-9]{24}$/), ...(foreignTransaction ? [fc.constant(foreignTransaction)] : [])),
    )
    .map(
      ([action, id]): MalformedCase => ({
        operationId: '(test helper)',
        kind: `test helper unknown id`,
        request: { method: action === 'swap' ? 'GET' : 'POST', pathWithQuery: action === 'swap' ? `/sandbox/swaps/${id}` : `/sandbox/transactions/${id}/${action}` },
        expectedStatus: 404,
      }),
    );
  return fc.oneof(unauthenticated, unknownIds);
}

/** Requests for paths the spec does not have (404), and for its paths with methods it does not declare there (405). */
export function unroutedCases(ops: OperationModel[]): fc.Arbitrary<MalformedCase> {
  const known = new Set(ops.map((o) => `${o.method} ${o.pathTemplate}`));
  const wrongMethod = fc
    .tuple(fc.constantFrom(...ops), fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'))
    .filter(([op, method]) => !known.has(`${method} ${op.pathTemplate}`))
    .map(([op, method]): MalformedCase => ({ operationId: op.operationId, kind: `method ${method} not in the spec`, request: { method, pathWithQuery: baselinePath(op) }, expectedStatus: 405 }));
  const unknownPath = fc.stringMatching(/^[a-z0-9-]{1,20}$/).map((segment): MalformedCase => ({
    operationId: '(none)',
    kind: 'path not in the spec',
    request: { method: 'GET', pathWithQuery: `/api/v1/${segment}/${segment}/${segment}` },
    expectedStatus: 404,
  }));
  return fc.oneof(wrongMethod, unknownPath);
}
