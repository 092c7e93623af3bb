// The kit can fail: a copy of the TypeScript client with one rule broken (a redirect
// followed, a POST retried, the body re-serialised before signing, two requests signed at one
// millisecond, a paging error masked
// without the call's privacy, a number form not looked for, a variable winning over an
// explicit option) turns exactly the cell
// of the case that holds that rule red, where the unbroken copy passes it.
import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kitCaseFiles, loadCaseFiles } from '../../tools/conformance/cases.ts';
import type { CaseResult } from '../../tools/conformance/runner.ts';
import { repoRoot } from '../support/run.ts';

const run = promisify(execFile);

/** Each broken rule: the file, the text it changes and the replacement, and the case whose cell must turn red. */
const breakages = [
  { rule: 'follows a redirect', file: 'packages/sdk/src/client/transport.ts', from: "signal: deadline.signal, redirect: 'manual'", to: "signal: deadline.signal, redirect: 'follow'", case: 'answer-redirect-302' },
  { rule: 'retries a POST', file: 'packages/sdk/src/client/create-client.ts', from: "retry: method === 'GET' ?", to: 'retry: true ?', case: 'retry-post-503-never' },
  {
    rule: 'signs the parsed-and-reserialised body',
    file: 'packages/sdk/src/client/transport.ts',
    from: "const body = prepared.body ?? '';",
    // Sorted keys: the same JSON value, other bytes than those sent.
    to: "const body = prepared.body ? JSON.stringify(JSON.parse(prepared.body), Object.keys(JSON.parse(prepared.body)).sort()) : '';",
    case: 'answer-post-body-signed',
  },
  {
    rule: "signs at the clock's millisecond, the same for two requests within one",
    file: 'packages/sdk/src/client/transport.ts',
    from: 'const timestamp = formatTimestamp(options.signingInstant());',
    to: 'const timestamp = formatTimestamp(options.now());',
    case: 'answer-repeat-distinct-signatures',
  },
  {
    rule: "builds a paging walk's errors without the call's privacy",
    file: 'packages/sdk/src/client/paginate.ts',
    from: 'reason: `page ${body.page} when page ${page} was asked for`, body, privacy: privacy() }',
    to: 'reason: `page ${body.page} when page ${page} was asked for`, body }',
    case: 'privacy-paged-list-echo',
  },
  {
    rule: 'no longer looks for an account number without its leading zeros',
    file: 'packages/sdk/src/privacy/policy.ts',
    from: 'return unpadded === normal ? [normal] : [normal, unpadded];',
    to: 'return [normal];',
    case: 'privacy-account-number-as-number',
  },
  {
    rule: 'lets a WALLET_API_* variable win over the option given explicitly',
    file: 'packages/sdk/src/client/environment-variables.ts',
    from: 'if (given[option] !== undefined) return { value: given[option], name: option };',
    to: 'if (given[option] !== undefined && !(env as EnvironmentRecord)[environmentVariables[option]]) return { value: given[option], name: option };',
    case: 'env-explicit-wins',
  },
];

const kitCases = loadCaseFiles(kitCaseFiles).flatMap((file) => file.cases);
const dir = mkdtempSync(join(tmpdir(), 'broken-client-'));
const casesFile = join(dir, 'cases.json');

/** A copy of what the runner loads, sharing node_modules: the client's sources, the spec and the kit. */
function copyClient(name: string): string {
  const copy = join(dir, name);
  for (const part of ['packages/sdk/src', 'packages/sandbox/src', 'tools', 'generated', 'conformance', 'package.json']) cpSync(join(repoRoot, part), join(copy, part), { recursive: true });
  symlinkSync(join(repoRoot, 'node_modules'), join(copy, 'node_modules'));
  return copy;
}

async function runner(copy: string): Promise<Map<string, CaseResult>> {
  const out = join(copy, 'results.json');
  await run(process.execPath, ['--import', 'tsx', 'tools/conformance/runner.ts', '--cases', casesFile, '--out', out], { cwd: copy });
  const { results } = JSON.parse(readFileSync(out, 'utf8')) as { results: CaseResult[] };
  return new Map(results.map((result) => [result.case, result]));
}

let intact: Map<string, CaseResult>;

beforeAll(async () => {
  writeFileSync(casesFile, JSON.stringify({ cases: kitCases.filter((c) => breakages.some((b) => b.case === c.id)) }));
  intact = await runner(copyClient('intact'));
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a client with one rule broken', () => {
  it('passes every one of these cases while unbroken', () => {
    expect(Object.fromEntries([...intact.values()].map((r) => [r.case, r.outcome]))).toEqual(Object.fromEntries(breakages.map((b) => [b.case, 'pass'])));
  });

  for (const breakage of breakages) {
    it(`fails ${breakage.case} when it ${breakage.rule}, and only that cell`, async () => {
      const copy = copyClient(breakage.case);
      const path = join(copy, breakage.file);
      const source = readFileSync(path, 'utf8');
      // The rule's code moved: this test must follow it, or it proves nothing.
      expect(source.split(breakage.from).length - 1, `${breakage.file} holds "${breakage.from}" once`).toBe(1);
      writeFileSync(path, source.replace(breakage.from, breakage.to));
      const results = await runner(copy);
      for (const other of breakages) expect(results.get(other.case)?.outcome, other.case).toBe(other === breakage ? 'fail' : 'pass');
    }, 60_000);
  }
});
