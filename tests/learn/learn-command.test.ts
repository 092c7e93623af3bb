// `npm run learn` on HAR files of the sandbox playing each fixture provider: Markdown for
// people, JSON for machines, exit 0 when it only learns, 1 when anything contradicts the
// interface, 2 for a file that is not HAR or a bad flag.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Exchange } from '../../tools/learn/findings.ts';
import type { TrafficReport } from '../../tools/learn/report.ts';
import { demoCredentials, startSandbox } from '../../packages/sandbox/src/index.ts';
import { walkProvider } from '../support/provider-walk.ts';
import { learnInProcess as learn, type LearnRun } from '../support/learn-in-process.ts';
import { repoRoot } from '../support/run.ts';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'learn-'));

/** The exchanges as a HAR 1.2 file, with the fields the report reads and the probe's label. */
function writeHar(name: string, exchanges: Exchange[]): string {
  const entries = exchanges.map((e) => ({
    startedDateTime: new Date(0).toISOString(),
    time: 0,
    request: { method: e.method, url: e.url, httpVersion: 'HTTP/1.1', headers: [], queryString: [], cookies: [], headersSize: -1, bodySize: -1 },
    response: { status: e.status, statusText: '', httpVersion: 'HTTP/1.1', headers: [], cookies: [], content: { size: e.responseText?.length ?? 0, mimeType: 'application/json', text: e.responseText }, redirectURL: '', headersSize: -1, bodySize: -1 },
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
    ...(e.probe ? { _probe: e.probe } : {}),
  }));
  const path = join(dir, name);
  writeFileSync(path, JSON.stringify({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries } }));
  return path;
}

/** `npm run learn` as its own process, for what only a process shows: its exit status and the file written by --out. */
async function learnProcess(...args: string[]): Promise<LearnRun> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts/learn.ts'), ...args], { cwd: repoRoot });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

const har: Record<string, string> = {};

beforeAll(async () => {
  for (const fixture of ['fills-unknowns', 'contradicts']) {
    const sandbox = await startSandbox({ deterministic: true, logger: false, profile: join(repoRoot, 'tests/fixtures/providers', `${fixture}.json`) });
    try {
      har[fixture] = writeHar(`${fixture}.har`, await walkProvider(sandbox.url, demoCredentials));
    } finally {
      await sandbox.close();
    }
  }
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Most runs are in process (tests/support/learn-in-process.ts); the contradicting provider's run is a real process.
describe('npm run learn', () => {
  it('reports what a provider that only fills unknowns shows, grouped by marker, and exits 0', async () => {
    const { code, stdout } = await learn(har['fills-unknowns']!);
    expect(code).toBe(0);
    expect(stdout).toContain('and 0 contradictions');
    expect(stdout).toContain('### schema Swap (`#/components/schemas/Swap`)');
    expect(stdout).toMatch(/- Swap\.rate: string, 2\/2 Swap records — .*fills-unknowns\.har#\d+/);
    expect(stdout).toContain('### response ClientError');
  });

  it('names each contradiction, exits 1, and writes JSON to --out', async () => {
    const out = join(dir, 'report.json');
    const { code } = await learnProcess(har.contradicts!, '--format', 'json', '--out', out);
    expect(code).toBe(1);
    const report = JSON.parse(readFileSync(out, 'utf8')) as TrafficReport;
    // Fields are JSON pointers into their record.
    expect(report.contradictions.map((c) => `${c.kind} ${c.schema ?? c.operationId}${c.field ?? ''}`).sort()).toEqual([
      'error-status-on-2xx cancelSwap',
      'missing-field Transaction/payoutStatus',
      'not-envelope getSwapQuote',
      'wrong-type MarketTicker/at',
      'wrong-type Transaction/amount',
    ]);
    expect(report.contradictions.every((c) => c.evidence.length > 0)).toBe(true);
  });

  it('refuses a file that is not HAR and a bad flag with exit 2, naming the problem', async () => {
    const notHar = join(dir, 'not.har');
    writeFileSync(notHar, '{"entries": []}');
    expect(await learn(notHar)).toMatchObject({ code: 2, stderr: expect.stringContaining('is not a HAR file: it has no "log" object') });
    expect(await learn(har['fills-unknowns']!, '--format', 'xml')).toMatchObject({ code: 2, stderr: expect.stringContaining('--format must be md or json') });
    expect(await learn()).toMatchObject({ code: 2, stderr: expect.stringContaining('name at least one recorded traffic file') });
    // The threshold of a proposal: only with --propose, a whole number from 1; nothing is written.
    expect(await learn(har['fills-unknowns']!, '--min-samples', '3')).toMatchObject({ code: 2, stderr: expect.stringContaining('--min-samples goes with --propose') });
    expect(await learn(har['fills-unknowns']!, '--propose', '--min-samples', '0')).toMatchObject({ code: 2, stderr: expect.stringContaining('--min-samples must be a whole number from 1, not "0"') });
  });
});
