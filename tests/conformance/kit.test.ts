// The conformance kit's own checks: every case file meets its schema, the signing vectors'
// expected values are what openssl computes (an oracle that is not our signer), the kit
// names only operations the spec has, malformed cases are refused naming the file and the
// case, and the README's matrix is the one the kit makes.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { kitCaseFiles, kitDir, loadCaseFiles, type SigningCase } from '../../tools/conformance/cases.ts';
import { buildMatrix, casesOf, readRunners, renderMatrix, renderReadmeMatrix, tally } from '../../tools/conformance/matrix.ts';
import { repoRoot } from '../support/run.ts';

const files = loadCaseFiles(kitCaseFiles);
const cases = files.flatMap((file) => file.cases);
const scratch = mkdtempSync(join(tmpdir(), 'conformance-kit-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('the kit', () => {
  it('covers every kind of case, each file meeting the schema', () => {
    expect(new Set(cases.map((c) => c.type))).toEqual(new Set(['signing', 'exchange', 'options', 'scenario', 'mask']));
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  it('has signing vectors whose canonical strings and signatures openssl recomputes', () => {
    const vectors = cases.filter((c): c is SigningCase => c.type === 'signing');
    expect(vectors.length).toBeGreaterThanOrEqual(6);
    const bodies = vectors.map((v) => Buffer.byteLength(v.input.body.utf8));
    expect(bodies).toContain(0);
    expect(Math.max(...bodies)).toBeGreaterThan(64 * 1024);
    expect(vectors.some((v) => /[^\x00-\x7f]/.test(v.input.body.utf8))).toBe(true);
    expect(vectors.some((v) => /%[0-9A-F]{2}/.test(v.input.pathWithQuery))).toBe(true);
    for (const { input, expect: expected, id } of vectors) {
      const canonical = [input.timestamp, input.method, input.pathWithQuery, input.body.utf8].join('\n');
      expect(expected.canonicalString, id).toBe(canonical);
      const openssl = execFileSync('openssl', ['dgst', '-sha256', '-hmac', input.secret], { input: Buffer.from(canonical, 'utf8') }).toString();
      expect(openssl.trim().split('= ').pop(), id).toBe(expected.signature);
    }
  });

  it('names only operations the spec has, and every one of them in its enum', () => {
    const schema = JSON.parse(readFileSync(join(kitDir, 'case-file.schema.json'), 'utf8')) as { $defs: { operationId: { enum: string[] } } };
    const spec = JSON.parse(readFileSync(join(repoRoot, 'generated/openapi.json'), 'utf8')) as { paths: Record<string, Record<string, { operationId?: string }>> };
    const operationIds = Object.values(spec.paths).flatMap((item) => Object.values(item).flatMap((op) => (op.operationId ? [op.operationId] : [])));
    expect(new Set(schema.$defs.operationId.enum)).toEqual(new Set(operationIds));
  });

  it('holds the cases the clients must agree on', () => {
    const ids = cases.map((c) => c.id);
    for (const id of ['answer-redirect-302', 'answer-over-cap-gzip', 'answer-over-cap-chunked', 'answer-non-utf8', 'retry-post-503-never', 'retry-get-503-retry-after-date', 'scenario-paging-walk', 'scenario-delay-past-timeout', 'options-api-key-line-break', 'answer-repeat-distinct-signatures', 'scenario-200-identical-gets', 'retry-get-retry-after-superscript-two', 'retry-get-retry-after-not-digits', 'retry-get-zero-initial-delay', 'privacy-password-with-spaces-and-plus', 'privacy-account-number-as-number', 'privacy-500-html-and-headers-echo', 'privacy-200-error-envelope-echoes-account', 'mask-account-number-as-json-number', 'mask-keeps-bank-code-lookalikes']) {
      expect(ids).toContain(id);
    }
  });
});

describe('a malformed case', () => {
  const write = (name: string, content: unknown) => {
    const path = join(scratch, name);
    writeFileSync(path, typeof content === 'string' ? content : JSON.stringify(content));
    return path;
  };
  const good = files.find((f) => f.path.endsWith('answers.json'))!.cases[0]!;

  it('is refused with the file and the case named', () => {
    const { expect: _dropped, ...withoutExpect } = good as unknown as Record<string, unknown>;
    const path = write('mine.json', { cases: [{ ...good, id: 'mine-fine' }, { ...withoutExpect, id: 'mine-without-expect' }] });
    expect(() => loadCaseFiles([path])).toThrow(/mine\.json: case "mine-without-expect": .*expect/);
  });

  it('is refused for an unknown error kind, naming the allowed ones', () => {
    const path = write('kinds.json', { cases: [{ ...good, id: 'wrong-kind', expect: { error: { kind: 'oops' }, requests: 1 } }] });
    expect(() => loadCaseFiles([path])).toThrow(/kinds\.json: case "wrong-kind": .*invalid-response/);
  });

  it('is refused for client.explicit without client.env, and for client.env outside an exchange case', () => {
    const explicitAlone = write('explicit.json', { cases: [{ ...good, id: 'explicit-alone', client: { explicit: ['apiKey'] } }] });
    expect(() => loadCaseFiles([explicitAlone])).toThrow(/explicit\.json: case "explicit-alone": \/cases\/0\/client must have property env when property explicit is present/);
    const scenario = files.find((f) => f.path.endsWith('scenarios.json'))!.cases[0]!;
    const inScenario = write('scenario-env.json', { cases: [{ ...scenario, id: 'scenario-env', client: { env: { WALLET_API_KEY: 'k' } } }] });
    expect(() => loadCaseFiles([inScenario])).toThrow(/scenario-env\.json: case "scenario-env": \/cases\/0\/client must NOT be valid/);
  });

  it('is refused when its id is already the kit\'s', () => {
    const path = write('again.json', { cases: [good] });
    expect(() => loadCaseFiles([...kitCaseFiles, path])).toThrow(new RegExp(`again\\.json: case "${good.id}": the id is already used in answers\\.json`));
  });

  it('is refused when the file is not JSON', () => {
    const path = write('broken.json', '{ "cases": [');
    expect(() => loadCaseFiles([path])).toThrow(/broken\.json: /);
  });
});

describe('the matrix', () => {
  const kitCases = casesOf(kitCaseFiles);
  const clients = Object.keys(readRunners());

  it('is the README\'s, as the kit makes it', () => {
    const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
    const shown = /<!-- conformance-matrix -->\n([\s\S]*?)<!-- \/conformance-matrix -->/.exec(readme)?.[1];
    expect(shown, 'run `npm run conformance -- --write-readme`').toBe(`${renderReadmeMatrix(kitCases, clients)}\n`);
  });

  it('counts a missing, failed or unsupported cell, and names each', () => {
    const [first, second] = kitCases;
    const marked = { ...second!, unsupported: { go: 'the reason it cannot yet' } };
    const matrix = buildMatrix([first!, marked], ['typescript', 'go'], {
      typescript: { results: [{ case: first!.id, outcome: 'pass', saw: 'ok' }, { case: second!.id, outcome: 'fail', saw: 'api, HTTP 302' }] },
      go: 'the runner could not start',
    });
    expect(tally(matrix)).toEqual({ cases: 2, clients: 2, passed: 1, failed: 2, unsupported: 1 });
    const text = renderMatrix(matrix);
    expect(text).toMatch(new RegExp(`${second!.id} × typescript: fail — api, HTTP 302`));
    expect(text).toMatch(new RegExp(`${first!.id} × go: missing — the runner could not start`));
    expect(text).toMatch(/2 cases × 2 clients: 1 passed, 2 failed, 1 unsupported$/);
  });
});
