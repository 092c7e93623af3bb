import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { compareSpecPairs, defaultBaseRef, runGate, type GateResult, type SpecPair } from '../../tools/diff/gate.ts';
import { requestConstraintChanges } from '../../tools/diff/request-constraints.ts';

const fixture = (pair: string, side: 'base' | 'head') => readFileSync(new URL(`../fixtures/optic/${pair}/${side}.yaml`, import.meta.url), 'utf8');
const labels = { base: 'base.yaml', head: 'head.yaml' };
const bundle = readFileSync(new URL('../../generated/openapi.yaml', import.meta.url), 'utf8');
const edited = (edit: (doc: Record<string, any>) => void) => {
  const doc = parse(bundle) as Record<string, any>;
  edit(doc);
  return stringify(doc);
};
const pair = (base: string, head: string): SpecPair => ({ base, head, labels });
const fixturePair = (name: string) => pair(fixture(name, 'base'), fixture(name, 'head'));

// Every comparison of spec texts below, made with one run of Optic (its start-up costs
// more than a comparison); each is still judged on its own.
const comparisons = {
  additive: fixturePair('additive'),
  breaking: fixturePair('breaking'),
  majorRaised: fixturePair('major'),
  majorLowered: pair(fixture('major', 'head'), fixture('major', 'base')),
  bundleOperationRemoved: pair(bundle, edited((doc) => delete doc.paths['/api/v1/utils/rates'])),
  operationRemoved: fixturePair('operation-removed'),
  limitAndSecurity: pair(
    bundle,
    edited((doc) => {
      doc.components.schemas.CreateWalletRequest.properties.name.maxLength = 40;
      doc.security = [{ ApiKey: [], Timestamp: [] }];
    }),
  ),
  requestLimits: fixturePair('request-limits'),
  requestLimitsRaised: pair(fixture('request-limits', 'base'), fixture('request-limits', 'head').replace('version: 1.0.0', 'version: 2.0.0')),
  securityRemoved: fixturePair('security-removed'),
  requiredField: fixturePair('required-field'),
  // An unpublished shape (any JSON value) given the shape traffic showed, as a proposal does.
  shapeGiven: pair(bundle, edited((doc) => Object.assign(doc.components.schemas.Rates, { type: 'object', properties: { usdt: { type: 'string' } }, additionalProperties: true }))),
  // A documented type that really grows.
  typeGrown: pair(bundle, edited((doc) => (doc.components.schemas.Swap.properties.id.type = ['string', 'number']))),
};
type Name = keyof typeof comparisons;
let results: Record<Name, GateResult>;

beforeAll(async () => {
  const names = Object.keys(comparisons) as Name[];
  const answers = await compareSpecPairs(names.map((name) => comparisons[name]));
  results = Object.fromEntries(names.map((name, i) => [name, answers[i]!])) as Record<Name, GateResult>;
}, 120_000);

describe('breaking-change gate (Optic)', () => {
  it('passes an additive change', async () => {
    const result = results.additive;
    expect(result.summary).toBe('no breaking change (info.version 1.0.0 → 1.0.0)');
    expect(result.details).toContain('1 operation added');
    expect(result.passed).toBe(true);
  });

  it('fails a breaking change, naming it', async () => {
    const result = results.breaking;
    expect(result.passed).toBe(false);
    expect(result.summary).toBe('1 breaking change(s) without a major version bump (info.version 1.0.0 → 1.0.0)');
    expect(result.details).toContain("cannot make optional query parameter 'page' required. This is a breaking change.");
  });

  it('lets the same breaking change through when the major version was raised, never when it went down', async () => {
    expect(results.majorRaised).toMatchObject({ passed: true, summary: 'major version raised, breaking changes allowed (info.version 1.0.0 → 2.0.0)' });
    expect(results.majorLowered).toMatchObject({ passed: false, summary: 'major version went down (info.version 2.0.0 → 1.0.0)' });
  });
});

describe('breaking-change gate on git refs', () => {
  const repo = mkdtempSync(join(tmpdir(), 'gate-repo-'));
  const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, stdio: 'pipe', encoding: 'utf8' });
  const writeSpec = (text: string) => writeFileSync(join(repo, 'generated/openapi.yaml'), text);
  mkdirSync(join(repo, 'generated'));
  git('init', '-q');
  writeSpec(fixture('breaking', 'base'));
  git('add', '.');
  git('commit', '-qm', 'first');
  const first = git('rev-parse', 'HEAD').trim();
  afterAll(() => rmSync(repo, { recursive: true, force: true }));

  it('compares the working tree with the first commit when there is no v* tag', async () => {
    expect(defaultBaseRef(repo)).toEqual({ ref: first, why: 'no v* tag: first commit' });
    writeSpec(fixture('breaking', 'head'));
    const result = await runGate({ cwd: repo });
    expect(result.passed).toBe(false);
    expect(result.summary).toBe(`against ${first.slice(0, 12)} (no v* tag: first commit): 1 breaking change(s) without a major version bump (info.version 1.0.0 → 1.0.0)`);
  });

  it('compares with the latest v* tag, or the ref given', async () => {
    git('commit', '-qam', 'second');
    git('tag', 'v1.1.0');
    expect(defaultBaseRef(repo)).toEqual({ ref: 'v1.1.0', why: 'latest v* tag' });
    const result = await runGate({ cwd: repo });
    expect(result).toMatchObject({ passed: true });
    expect(result.summary).toMatch(/^against v1\.1\.0 \(latest v\* tag, [0-9a-f]{12}\): no breaking change/);
    expect(await runGate({ cwd: repo, base: 'nope' })).toMatchObject({ passed: false, summary: 'unknown git ref "nope"' });
  });
});

describe('breaking-change gate: counting and request-side checks', () => {
  const changeLines = (details: string) => details.slice(details.indexOf('\nBreaking changes (')).trim().split('\n');

  it('counts a removed operation as one change, not one per report line', async () => {
    const result = results.bundleOperationRemoved;
    expect(result.summary).toBe('1 breaking change(s) without a major version bump (info.version 1.0.0 → 1.0.0)');
    expect(changeLines(result.details)).toEqual([
      'Breaking changes (1):',
      '  - GET /api/v1/utils/rates: cannot remove an operation. This is a breaking change. (and 12 finding(s) inside what was removed)',
    ]);
    // The same list as data, for callers that print it their own way (npm run dev).
    expect(result.changes).toEqual(['GET /api/v1/utils/rates: cannot remove an operation. This is a breaking change. (and 12 finding(s) inside what was removed)']);
    expect(results.operationRemoved.summary).toBe('1 breaking change(s) without a major version bump (info.version 1.0.0 → 1.0.0)');
  });

  it('fails a tightened request limit and a removed security requirement, which Optic lets through', async () => {
    const result = results.limitAndSecurity;
    expect(result.passed).toBe(false);
    expect(result.summary).toBe('2 breaking change(s) without a major version bump (info.version 1.0.0 → 1.0.0)');
    expect(changeLines(result.details)).toEqual([
      "Breaking changes (2, of which 2 from the gate's request check):",
      '  - security (every operation without its own): requirement ApiKey + Signature + Timestamp removed (now: ApiKey + Timestamp)',
      '  - POST /api/v1/wallets/generate-wallet request body application/json > name: maxLength lowered from 80 to 40',
    ]);
  });

  it('names every request limit added or tightened, and ignores loosened and response-side ones', async () => {
    const result = results.requestLimits;
    expect(result.summary).toBe('6 breaking change(s) without a major version bump (info.version 1.0.0 → 1.0.0)');
    expect(changeLines(result.details).slice(1)).toEqual([
      '  - POST /api/v1/wallets/generate-wallet query parameter limit: maximum lowered from 100 to 50',
      '  - POST /api/v1/wallets/generate-wallet header parameter x-request-id: pattern ^[0-9a-f-]{36}$ added',
      '  - POST /api/v1/wallets/generate-wallet request body application/json > token: minLength raised from 1 to 3',
      '  - POST /api/v1/wallets/generate-wallet request body application/json > name: maxLength lowered from 80 to 40',
      '  - POST /api/v1/wallets/generate-wallet request body application/json > amount: maximum 1000000 added',
      '  - POST /api/v1/wallets/generate-wallet request body application/json > tags > items: maxLength lowered from 20 to 10',
    ]);
    expect(results.requestLimitsRaised).toMatchObject({ passed: true, summary: 'major version raised, breaking changes allowed (info.version 1.0.0 → 2.0.0)' });
  });

  it('fails a removed security requirement, top-level and per operation, and a newly required request field', async () => {
    const security = results.securityRemoved;
    expect(changeLines(security.details).slice(1)).toEqual([
      '  - security (every operation without its own): requirement ApiKey + Signature removed (now: ApiKey)',
      '  - GET /api/v1/utils/rates security: requirement ApiKey + Signature removed (now: no authentication)',
    ]);
    expect(security.summary).toBe('2 breaking change(s) without a major version bump (info.version 1.0.0 → 1.0.0)');
    const required = results.requiredField;
    expect(required.summary).toBe('1 breaking change(s) without a major version bump (info.version 1.0.0 → 1.0.0)');
    expect(required.details).toContain('cannot make a request property required');
  });
});

describe('breaking-change gate: a type given to any value', () => {
  it('does not count an answer that accepted any JSON value gaining a type, and says so', () => {
    expect(results.shapeGiven.passed).toBe(true);
    expect(results.shapeGiven.changes).toEqual([]);
    expect(results.shapeGiven.details).toContain('Not counted (1): an answer\'s value that accepted any JSON value now has a type');
    expect(results.shapeGiven.details).toContain('GET /api/v1/utils/rates response 200 response body: application/json property data');
  });

  it('still counts a documented type that grows', () => {
    expect(results.typeGrown.passed).toBe(false);
    expect(results.typeGrown.changes.join('\n')).toMatch(/property 'id' not to be expanded/);
  });
});

describe('request-side check on its own', () => {
  const doc = (pair: string, side: 'base' | 'head') => parse(fixture(pair, side)) as Record<string, unknown>;

  it('finds nothing between equal documents, nor when limits are only loosened', () => {
    expect(requestConstraintChanges(doc('request-limits', 'base'), doc('request-limits', 'base'))).toEqual([]);
    const loosened = requestConstraintChanges(doc('request-limits', 'head'), doc('request-limits', 'base'));
    expect(loosened).toEqual([{ where: 'POST /api/v1/wallets/generate-wallet request body application/json > note', change: 'maxLength lowered from 400 to 200' }]);
  });

  it('treats adding an alternative security requirement as no change, and a self-referencing schema once', () => {
    const base = doc('security-removed', 'base');
    const head = doc('security-removed', 'base');
    head.security = [{ ApiKey: [], Signature: [] }, { OAuth: ['read'] }];
    expect(requestConstraintChanges(base, head)).toEqual([]);
    const tree = (maxLength: number) => ({
      openapi: '3.1.0',
      paths: { '/t': { post: { requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Node' } } } } } } },
      components: { schemas: { Node: { type: 'object', properties: { label: { type: 'string', maxLength }, children: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } } } },
    });
    expect(requestConstraintChanges(tree(10), tree(5))).toEqual([{ where: 'POST /t request body application/json > label', change: 'maxLength lowered from 10 to 5' }]);
  });
});
