// The profile's two descriptions, profile.schema.json and types.ts, held to each other: the
// fixtures pass both (the JSON texts compiled as `satisfies ProviderProfile`), malformed
// profiles are refused by both, and the lists they spell out (refusal classes,
// contradiction kinds) are the same. Then what the schema cannot say: names the spec does
// not have, and entries that could never show, each refused naming the profile's field.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../packages/sandbox/src/index.ts';
import { profileProblems } from '../../packages/sandbox/src/profile/cross-check.ts';
import { loadProfile, profileSchemaPath, profileSchemaProblems } from '../../packages/sandbox/src/profile/load.ts';
import { refusalClasses, type Contradiction, type ProviderProfile } from '../../packages/sandbox/src/profile/types.ts';
import { loadBundledDocument } from '../../packages/sandbox/src/spec/document.ts';
import type { OpenApiDocument } from '../../packages/sdk/src/spec/openapi.ts';
import { repoRoot } from '../support/run.ts';

const fixtures = ['fills-unknowns.json', 'contradicts.json'].map((name) => join(repoRoot, 'tests/fixtures/providers', name));
const schema = JSON.parse(readFileSync(profileSchemaPath, 'utf8')) as { properties: { refusals: { properties: object } }; $defs: { contradiction: { properties: { kind: { enum: string[] } } } } };
const bundled = loadBundledDocument();

/** TypeScript's verdict on each JSON text written as `(<text>) satisfies ProviderProfile`: the diagnostics, one list per text. */
function typeCheck(texts: string[]): string[][] {
  const typesModule = join(repoRoot, 'packages/sandbox/src/profile/types.ts');
  const files = new Map(texts.map((text, index) => [join(repoRoot, `tests/fixtures/providers/profile-${index}.check.ts`), `import type { ProviderProfile } from ${JSON.stringify(typesModule)};\nexport const profile = (${text}) satisfies ProviderProfile;\n`]));
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, allowImportingTsExtensions: true, skipLibCheck: true, types: [] };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.fileExists = (name) => files.has(name) || ts.sys.fileExists(name);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  host.getSourceFile = (name, version) => (files.has(name) ? ts.createSourceFile(name, files.get(name)!, version) : getSourceFile(name, version));
  const program = ts.createProgram([...files.keys()], options, host);
  return [...files.keys()].map((name) => ts.getPreEmitDiagnostics(program, program.getSourceFile(name)).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')));
}

describe('profile.schema.json and types.ts', () => {
  it('both accept the fixtures, and the fixtures fit the bundled spec', () => {
    const texts = fixtures.map((path) => readFileSync(path, 'utf8'));
    for (const text of texts) {
      expect(profileSchemaProblems(JSON.parse(text))).toEqual([]);
      expect(profileProblems(JSON.parse(text) as ProviderProfile, bundled)).toEqual([]);
    }
    expect(typeCheck(texts)).toEqual([[], []]);
  });

  it('the type check fails on a profile the types refuse', () => {
    const [wrongKind, unknownField] = typeCheck(['{ "name": "x", "contradictions": [{ "kind": "dropFields", "schema": "Swap", "field": "id" }] }', '{ "name": "x", "colour": "red" }']);
    expect(wrongKind!.join('\n')).toContain('"dropFields"');
    expect(unknownField!.join('\n')).toContain(`'"colour"' does not exist in type 'ProviderProfile'`);
  });

  it('spell out the same refusal classes and contradiction kinds', () => {
    expect(Object.keys(schema.properties.refusals.properties)).toEqual(refusalClasses);
    // Every kind of the union, and no other, or this list fails to compile.
    const kinds = { dropField: true, wrongType: true, notEnvelope: true, errorStatusOn2xx: true } satisfies Record<Contradiction['kind'], true>;
    expect(schema.$defs.contradiction.properties.kind.enum).toEqual(Object.keys(kinds));
  });

  // Each refused by the types (the expected errors) and by the schema, naming the field.
  const refusedByBoth: [ProviderProfile, string][] = [
    // @ts-expect-error a profile has a name
    [{ description: 'no name' }, "profile must have the property 'name'"],
    // @ts-expect-error a refusal has a message
    [{ name: 'x', refusals: { notFound: { status: 404 } } }, "profile.refusals.notFound must have the property 'message'"],
    // @ts-expect-error notFond is no refusal class
    [{ name: 'x', refusals: { notFond: { status: 404, message: 'Not found' } } }, "profile.refusals must not have the property 'notFond'"],
    // @ts-expect-error dropFields is no contradiction
    [{ name: 'x', contradictions: [{ kind: 'dropFields', schema: 'Swap', field: 'id' }] }, 'profile.contradictions.0.kind must be equal to one of the allowed values: dropField, wrongType, notEnvelope, errorStatusOn2xx'],
    // @ts-expect-error wrongType gives a string or a number
    [{ name: 'x', contradictions: [{ kind: 'wrongType', schema: 'Swap', field: 'id', as: 'boolean' }] }, 'profile.contradictions.0.as must be equal to one of the allowed values: string, number'],
    // @ts-expect-error errorStatusOn2xx says its message
    [{ name: 'x', contradictions: [{ kind: 'errorStatusOn2xx', operationId: 'cancelSwap' }] }, "profile.contradictions.0 must have the property 'message'"],
    // @ts-expect-error notEnvelope names an operation, not a schema
    [{ name: 'x', contradictions: [{ kind: 'notEnvelope', operationId: 'getSwapQuote', schema: 'SwapQuote' }] }, "profile.contradictions.0 must not have the property 'schema'"],
    // @ts-expect-error weights are numbers
    [{ name: 'x', values: { 'Transaction.status': { processing: 'often' } } }, 'profile.values.Transaction.status.processing must be integer'],
  ];
  it.each(refusedByBoth)('both refuse %j', (profile, message) => {
    expect(profileSchemaProblems(profile)).toEqual([message]);
  });

  // What the types cannot say and the schema does.
  const refusedBySchema: [ProviderProfile, string][] = [
    [{ name: '' }, 'profile.name must NOT have fewer than 1 characters'],
    [{ name: 'x', refusals: { conflict: { status: 302, message: 'Found' } } }, 'profile.refusals.conflict.status must be >= 400'],
    [{ name: 'x', refusals: { conflict: { status: 600, message: 'Conflict' } } }, 'profile.refusals.conflict.status must be <= 599'],
    [{ name: 'x', refusals: { conflict: { status: 409.5, message: 'Conflict' } } }, 'profile.refusals.conflict.status must be integer'],
    [{ name: 'x', values: { 'Transaction.status': { processing: 0 } } }, 'profile.values.Transaction.status.processing must be >= 1'],
    [{ name: 'x', values: { Transaction: { processing: 1 } } }, 'profile.values.Transaction: this name must match pattern "^[^.]+\\.[^.]+$"'],
    [{ name: 'x', timestampWindowSeconds: 0 }, 'profile.timestampWindowSeconds must be > 0'],
  ];
  it.each(refusedBySchema)('the schema refuses %j', (profile, message) => {
    expect(profileSchemaProblems(profile)).toContain(message);
  });
});

describe('a profile against the spec', () => {
  /** The bundled spec with Transaction.remark no longer required. */
  const withOptionalRemark = structuredClone(bundled) as OpenApiDocument;
  const transaction = withOptionalRemark.components.schemas!.Transaction as { required: string[] };
  transaction.required = transaction.required.filter((field) => field !== 'remark');

  const cases: [label: string, profile: Omit<ProviderProfile, 'name'>, problem: string, document?: OpenApiDocument][] = [
    ['an unknown schema', { extraFields: { Swapp: { reference: 'SWP-1' } } }, 'profile.extraFields.Swapp: the spec has no schema Swapp in components.schemas'],
    ['a documented field as an extra one', { extraFields: { Swap: { status: 'done' } } }, 'profile.extraFields.Swap.status: status is a documented field of Swap; extraFields are for fields the interface does not list'],
    ['a schema that is not an object', { extraFields: { SwapStatus: { x: 1 } } }, 'profile.extraFields.SwapStatus: SwapStatus is not an object schema, so its records have no fields'],
    ['a schema no answer carries', { extraFields: { CreateSwapRequest: { x: 1 } } }, 'profile.extraFields.CreateSwapRequest: no success answer carries CreateSwapRequest records'],
    ['a schema that limits other fields', { extraFields: { MarketTickers: { x: 1 } } }, 'profile.extraFields.MarketTickers: MarketTickers limits the fields beyond its own, so extra fields would break the spec'],
    ['values of a number field', { values: { 'Transaction.amount': { '5': 1 } } }, 'profile.values.Transaction.amount: Transaction.amount is not a string field'],
    ['values of an undocumented field', { values: { 'Transaction.state': { open: 1 } } }, 'profile.values.Transaction.state: state is not a documented field of Transaction'],
    ['a value the field’s schema refuses', { values: { 'Transaction.uid': { 'not a reference': 1 } } }, 'profile.values.Transaction.uid.not a reference: the spec does not allow this value (must match pattern'],
    ['a shape the spec publishes', { shapes: { listWallets: [] } }, 'profile.shapes.listWallets: the spec publishes the data shape of listWallets; shapes are for the operations whose shape it does not: getDepositAddress, getRates, getSwapMarket, getTransaction'],
    ['a shape of an unknown operation', { shapes: { getRate: {} } }, 'profile.shapes.getRate: the spec has no operation getRate'],
    ['a dropped undocumented field', { contradictions: [{ kind: 'dropField', schema: 'Transaction', field: 'memo' }] }, 'profile.contradictions.0.field: memo is not a documented field of Transaction'],
    ['a dropped field of an unknown schema', { contradictions: [{ kind: 'dropField', schema: 'Payout', field: 'id' }] }, 'profile.contradictions.0.schema: the spec has no schema Payout'],
    ['a dropped optional field', { contradictions: [{ kind: 'dropField', schema: 'Transaction', field: 'remark' }] }, 'profile.contradictions.0.field: Transaction.remark is not required, so leaving it out contradicts nothing', withOptionalRemark],
    ['a number retyped as a number', { contradictions: [{ kind: 'wrongType', schema: 'Transaction', field: 'amount', as: 'number' }] }, 'profile.contradictions.0.as: Transaction.amount already is a number; wrongType must give it the other type'],
    ['an array retyped', { contradictions: [{ kind: 'wrongType', schema: 'TransactionPage', field: 'data', as: 'string' }] }, 'profile.contradictions.0.field: TransactionPage.data is neither a string nor a number in the spec'],
    ['an unknown operation without envelope', { contradictions: [{ kind: 'notEnvelope', operationId: 'getQuote' }] }, 'profile.contradictions.0.operationId: the spec has no operation getQuote'],
    ['two changes of one answer', { contradictions: [{ kind: 'notEnvelope', operationId: 'getSwapQuote' }, { kind: 'errorStatusOn2xx', operationId: 'getSwapQuote', message: 'No quote' }] }, 'profile.contradictions.1: profile.contradictions.0 already changes the answers of getSwapQuote; one answer cannot show both'],
    ['two changes of one field', { contradictions: [{ kind: 'dropField', schema: 'Swap', field: 'id' }, { kind: 'wrongType', schema: 'Swap', field: 'id', as: 'number' }] }, 'profile.contradictions.1: profile.contradictions.0 already changes Swap.id; one field cannot show both'],
    ['values of a contradicted field', { values: { 'Transaction.status': { processing: 1 } }, contradictions: [{ kind: 'dropField', schema: 'Transaction', field: 'status' }] }, 'profile.values.Transaction.status: profile.contradictions.0 also changes Transaction.status, so these values would never show'],
    ['a shape answered with the error envelope', { shapes: { getRates: {} }, contradictions: [{ kind: 'errorStatusOn2xx', operationId: 'getRates', message: 'Rates unavailable' }] }, 'profile.shapes.getRates: profile.contradictions.0 answers getRates with the error envelope, so the shape would never show'],
    ['records only an error envelope would carry', { extraFields: { Swap: { reference: 'SWP-1' } }, contradictions: [{ kind: 'errorStatusOn2xx', operationId: 'createSwap', message: 'Swap failed' }] }, 'profile.extraFields.Swap: no success answer carries Swap records (errorStatusOn2xx or dropField contradictions hide them in every answer)'],
    ['records inside a dropped field', { values: { 'Transaction.status': { processing: 1 } }, contradictions: [{ kind: 'dropField', schema: 'TransactionPage', field: 'data' }] }, 'profile.values.Transaction.status: no success answer carries Transaction records (errorStatusOn2xx or dropField contradictions hide them in every answer)'],
  ];

  it.each(cases)('refuses %s, naming the field', (_label, profile, problem, document = bundled) => {
    const problems = profileProblems({ name: 'x', ...profile }, document);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(problem);
  });

  it('finds no problem in a profile that changes only what the spec leaves open, on the spec as it is', () => {
    expect(profileProblems({ name: 'x', contradictions: [{ kind: 'dropField', schema: 'Transaction', field: 'remark' }] }, bundled)).toEqual([]);
  });
});

describe('loading a profile', () => {
  const folder = mkdtempSync(join(tmpdir(), 'profiles-'));
  const write = (name: string, text: string) => {
    const path = join(folder, name);
    writeFileSync(path, text);
    return path;
  };

  it('refuses a missing file, a file that is not JSON and a file off the schema, naming the file and the field', () => {
    const missing = join(folder, 'missing.json');
    expect(() => loadProfile(missing)).toThrow(`Provider profile ${missing} cannot be read (ENOENT)`);
    const notJson = write('not-json.json', '{ "name": "x", }');
    expect(() => loadProfile(notJson)).toThrow(new RegExp(`^Provider profile ${notJson} is not JSON: `));
    const offSchema = write('off-schema.json', JSON.stringify({ name: 'x', refusals: { notFound: { status: 700, message: 'Gone' } } }));
    expect(() => loadProfile(offSchema)).toThrow(`Provider profile ${offSchema} is refused: profile.refusals.notFound.status must be <= 599`);
  });

  it('copies a profile object, so later changes to it change nothing', () => {
    const profile: ProviderProfile = { name: 'x', refusals: { notFound: { status: 404, message: 'Gone' } } };
    const loaded = loadProfile(profile);
    profile.refusals!.notFound!.message = 'changed';
    expect(loaded).toEqual({ profile: { name: 'x', refusals: { notFound: { status: 404, message: 'Gone' } } }, origin: 'passed to startSandbox' });
    const withFunction = { name: 'x', shapes: { getRates: (() => 1) as unknown as null } };
    expect(() => loadProfile(withFunction)).toThrow(/^Provider profile passed to startSandbox is not JSON data: /);
  });

  it('makes startSandbox refuse a bad profile with one message naming the file and the field', async () => {
    const unknownSchema = write('unknown-schema.json', JSON.stringify({ name: 'x', extraFields: { Swapp: { reference: 'SWP-1' } } }));
    await expect(startSandbox({ profile: unknownSchema })).rejects.toThrow(
      `Provider profile ${unknownSchema} does not fit the spec: profile.extraFields.Swapp: the spec has no schema Swapp in components.schemas`,
    );
    await expect(startSandbox({ profile: { name: 'x', timestampWindowSeconds: -1 } })).rejects.toThrow('Provider profile passed to startSandbox is refused: profile.timestampWindowSeconds must be > 0');
  });
});
